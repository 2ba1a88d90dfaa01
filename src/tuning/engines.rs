//! The other engines' numbers: the searches' price per node, the memory
//! every run takes, the constellation engine's units, the solution index and the
//! orientations (`engine/tree_size.rs`, `engine/budget.rs`,
//! `engine/counter/*`, `engine/index.rs`, `engine/ordering.rs`).

use super::row::{Provenance::*, IN_NOTE};

tunables! {
    /// Nanoseconds per kernel node, what an estimate's nodes cost (measured: 8
    /// to 10 on the development machine).
    NS_PER_NODE: f64 = 9.0, "ns per kernel node",
        Measured { how: "plain searches against their node counts, development machine", when: "2026-11-23", notes: IN_NOTE };

    /// The memory any run takes besides an engine's tables: the program, its
    /// buffers, the thread stacks in use and one batch of boards (measured:
    /// peak RSS 3.4-3.7 MiB for `count 12` and `checker 12` on 1 and 8
    /// threads, release and test builds).
    BASE_BYTES: usize = 4 << 20, "bytes",
        Measured { how: "peak RSS of count 12 and checker 12 on 1 and 8 threads", when: "2026-11-24", notes: IN_NOTE };
    /// What each thread past the first adds to [`BASE_BYTES`]: its stack's
    /// touched pages and its malloc arena's slack. Measured: `count 12` peaks
    /// about 0.5 MiB higher on 2 threads than on 1, `count 14` 0.9 MiB higher
    /// on 16 threads than on 2; and `count 18 --memory 24MiB` on 8 threads,
    /// planned with no such allowance, once peaked 56 KiB over the limit on a
    /// loaded machine (threads that run at once keep their arenas' pages);
    /// with it, that run plans about 1 MiB less and peaks 1.5 MiB under.
    THREAD_BYTES: usize = 128 << 10, "bytes per thread",
        Measured { how: "peak RSS of count 12, count 14 and count 18 --memory 24MiB on 1..=16 threads", when: "2026-11-26", notes: IN_NOTE };

    /// What the symmetric units cost next to the join (measured: below 1% at
    /// n = 16..=20; the half turn's search dominates).
    FIXED_SHARE: f64 = 0.01, "share of the join's price",
        Measured { how: "count N --unique at n = 16..=20, the fixed units' time", when: "2026-11-23", notes: IN_NOTE };
    /// The constellation engine's count costs this fraction of the plain blank search
    /// as priced here (blank nodes x [`NS_PER_NODE`]): measured 19 ms at n = 14
    /// against a price of 246 ms (the engine's lanes run 5-6x faster than the
    /// mirror-symmetric search, itself half the plain one; benches/blank.rs).
    CONSTELLATION_ENGINE_SHARE: f64 = 0.08, "share of the plain blank search's price",
        Measured { how: "cargo bench --bench blank -- 14", when: "2026-11-23", notes: IN_NOTE };
    /// Probes for a blank tree's size.
    BLANK_PROBES: u32 = 256, "probes",
        Chosen("the blank tree is regular: a few hundred probes, well under a millisecond; not swept");
    /// Bytes per work unit while the units are made: the constellation (96
    /// bytes) and its queens, orbit and stabilizer on the heap (80 more,
    /// measured at n = 8..=24), twice over (the threads' shares are flattened
    /// into one list).
    BYTES_PER_UNIT: f64 = 2.0 * 176.0, "bytes per unit",
        Measured { how: "the heap of the constellations at n = 8..=24", when: "2026-11-23", notes: IN_NOTE };
    /// Set-up time per work unit, ns on one thread (choosing the unit's
    /// cheapest image: measured 7 to 19 us at n = 16..=24 on a loaded
    /// machine, growing with n).
    SETUP_NS_PER_UNIT: f64 = 10_000.0, "ns per unit",
        Measured { how: "the units' set-up at n = 16..=24, one thread, loaded machine", when: "2026-11-23", notes: IN_NOTE };

    /// An orientation needs to be this much better than the board as given to
    /// be taken: estimates are noisy, and the identity costs no transform.
    GAIN_TO_TURN: f64 = 0.8, "estimate's share of the board as given",
        Chosen("a margin above the estimates' noise; not measured");
    /// How many border lines `ordering::first_lines_first` weighs.
    FIRST_LINES: usize = 3, "lines",
        Chosen("the first lines decide most of a search's tree; not swept");

    /// The largest board side an index is built for (61 MiB at n = 15).
    MAX_INDEX_N: usize = 15, "board side",
        Chosen("the index of 16 would take about 0.5 GiB; not measured beyond its size");
    /// Blocks (64 solutions each) per segment while building an index: 1024
    /// blocks of 225 words is 1.8 MiB at n = 15.
    SEGMENT_BLOCKS: usize = 1024, "blocks of 64 solutions",
        Chosen("a segment of about 2 MiB, near the caches; not swept");
    /// Solutions per chunk of an index query: 256 words, 2 KiB, well inside L1.
    CHUNK_WORDS: usize = 256, "words",
        Chosen("2 KiB, well inside L1; not swept");
    /// Below this many on either side, a split of the spot check's recount
    /// (`engine/half_board/recount/halves.rs`) tests its pairs one by one.
    RECOUNT_TESTED: usize = 16, "placements",
        Chosen("a plain divide and conquer's leaf; not swept (the recount is a check, not the count)");
}
