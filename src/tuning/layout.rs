//! Where the half-board join takes over and which mode it runs in, and how
//! its work is laid out: units, parts, a thread's least scratch, the
//! quarter tables' walks and counting regions (`engine/counter.rs`,
//! `half_board/layout/*`, `half_board/ranked.rs`, `half_board/quarters*`).

use super::row::{Provenance::*, IN_NOTE};

tunables! {
    /// From this side on the join counts the blank board faster than the
    /// constellations (measured on one thread: 0.36 s against 1.12 s at
    /// n = 16, 3.1 s against 8.9 s at n = 17; at n = 15 they tie).
    JOIN_FROM: usize = 16, "board side",
        Measured { how: "count 15, 16 and 17 on each engine, one thread", when: "2026-11-23", notes: IN_NOTE };
    /// From this side a whole count's price comes from samples of the join
    /// (`counter::join::priced`, about a second) instead of its planning
    /// (12 s at N = 22, 40 s at 23, minutes at 24).
    SAMPLED_FROM: usize = 22, "board side",
        Measured { how: "count N --estimate at 22..=24, planned exactly", when: "2026-11-26", notes: IN_NOTE };

    /// Smallest `n` for the diagonal mode: below it, building the bottoms of
    /// twice as many column sets costs more than the smaller joins save
    /// (measured: n = 16 0.52 s with, 0.39 s without; n = 18 12.1 s with, 16.5 s
    /// without).
    DIAG_MIN_N: usize = 18, "board side",
        Measured { how: "count 16 and count 18 with and without the diagonal mode", when: "2026-11-26", notes: IN_NOTE };
    /// Smallest `n` for pair mode (even `n`, see `column_sets`) by default:
    /// 28. Its halves have a row less than the diagonal mode's and its
    /// pivots block two columns and four diagonals, so a task's pairs shrink
    /// faster with `n` than the extra tasks (30x more, four-fold instead of
    /// eight-fold) grow. It was turned on from 26 on quotes that priced its
    /// joins with the diagonal mode's constants (26 at 0.42x the diagonal
    /// mode's, 28 at 0.24x); priced with its own
    /// (`cost::RANKED_PAIR_MODE_WORD_NS`, the kernel's estimates of random
    /// units), `count N --estimate --threads 1` at the reference (2026-12-05)
    /// gives 26 2.5 CPU-years in pair mode against 2.0 in the diagonal mode
    /// (whose own check, `--sieved 26 40 --diagonal`, read 0.84), and 28 186
    /// against 411 (check 1.05): pair mode pays from 28 only
    /// (benches/NOTES.md, "Pair mode's quotes were low"). Below 24 the gain is
    /// eaten by its per-top costs: at 22 shards ran level with the diagonal
    /// mode, at 18 3.2x slower. Tests turn it on with
    /// `layout::geometry::MinN::pair`.
    PAIR_MIN_N: usize = 28, "board side",
        Measured {
            how: "count N --estimate --threads 1 at 26, 28 in both modes, each mode's \
                  constant checked by cargo bench --bench blank -- --sieved N 40",
            when: "2026-12-05",
            notes: "Pair mode's quotes were low",
        };
    /// Smallest `n` from which pair mode folds the transpose too (the board
    /// kept by all eight symmetries): 28, where on the same six whole units
    /// the eight-fold took 0.71 of the four-fold's thread CPU
    /// (`cargo bench --bench blank -- --transpose 28 --units 6 --ranks
    /// 100000`, benches/NOTES.md, "The tie split in one pass"). At 26 pair
    /// mode itself does not pay (`PAIR_MIN_N`).
    PAIR_TRANSPOSE_MIN_N: usize = 28, "board side",
        Measured {
            how: "cargo bench --bench blank -- --transpose 28 --units 6 --ranks 100000",
            when: "2026-12-05",
            notes: "The tie split in one pass",
        };
    /// Smallest `n` for cross mode (odd `n`, see `column_sets`).
    CROSS_MIN_N: usize = 15, "board side",
        Chosen("the join's smallest side: cross mode folds the transpose wherever the join runs; not measured below");

    /// Work units aimed at per part of a planned layout (more where parts
    /// are few, so that threads and shards get even shares).
    UNITS: f64 = 512.0, "units per part",
        Chosen("enough for even shares on the threads and shards; not measured");
    /// Largest `K` tried for the `K x K` split of a layout into parts.
    MAX_SPLIT: usize = 64, "K",
        Chosen("4096 parts at most; not measured");
    /// The shares of the engine's bytes the threads' scratch may take
    /// together, tried in turn: a quarter (what the tables leave at any
    /// limit: the rule before, tried first so that nothing changes where it
    /// costs nothing), a half and three quarters. Chosen, not measured: a
    /// few points between "tables first" and "scratch first"; the prices
    /// decide among them.
    SHARES: [(usize, usize); 3] = [(1, 4), (1, 2), (3, 4)], "shares of the bytes (numerator, denominator)",
        Chosen("a few points between tables first and scratch first; the prices decide among them");

    /// A ranked unit's joins aimed at, ns at the reference speed: about ten
    /// minutes, so that a shard of an hour holds several and its walks stay
    /// a few percent of it.
    UNIT_NS: f64 = 6e11, "ns per unit",
        Chosen("ten minutes, for shards of an hour; not measured");
    /// The least scratch a thread is given for a ranked unit's bottoms
    /// before the unit is made smaller instead.
    MIN_SCRATCH: usize = 16 << 20, "bytes per thread",
        Chosen("a few chunks of bottoms; not measured");
    /// Ranked units aimed at at least, where tasks allow (threads and
    /// shards get even shares).
    MIN_UNITS: f64 = 512.0, "units",
        Chosen("as UNITS; not measured");
    /// A ranked unit's tiles' side over the square root of its ranks
    /// (`column_sets/tiles.rs`): a unit of `U` ranks in tiles of side `s`
    /// uses about `U / s + s` left parts and as many right ones, and holds
    /// about `U / s^2` tiles of the parts, interleaved. 0, colex order:
    /// tiles pay only where a unit's builds are a large share, and there
    /// they did not pay enough. Priced by the kernel's estimates of 40
    /// random units at the reference, `count 26` in pair mode with the
    /// transpose in tiles of 0.33 is 1.58 CPU-years, level with the
    /// diagonal mode's 1.58 in colex order (its builds still a third, units
    /// being at most 256 ranks); at 27 and 28 the builds are 4% of a unit
    /// in colex order, all tiles could save.
    TILE_OVER_ROOT: f64 = 0.0, "side per square root of a unit's ranks (0: colex order)",
        Measured {
            how: "cargo bench --bench blank -- --sieved 26 40 (--eight) and --sieved 27 40, \
                  TILE_OVER_ROOT 0 and 0.33",
            when: "2026-12-06",
            notes: "Tiles interleaved",
        };

    /// Below this share of the quarter's column sets, a build walks each needed
    /// set on its own (only placements inside it) instead of the whole quarter
    /// (`quarters.rs`: fewer than one set in this many).
    SET_WALK_SHARE: usize = 8, "column sets per set walked",
        Chosen("where the sets' own walks, dead branches included, cost about a whole walk; not measured");
    /// The most placements a walk keeps for a later pass: a quarter of n = 15
    /// (43k placements) is walked once, not three times (planning's count, and
    /// the build's count and fill: the walks were a tenth of a run of n = 15),
    /// for at most 1.5 MiB a quarter (`quarters/visited.rs`).
    KEPT: usize = 1 << 16, "placements",
        Measured {
            how: "the sparse boards of 15, one walk per quarter against three",
            when: "2026-12-05",
            notes: "The sparse boards of 15, continued",
        };
    /// Counters per region of planning's scattered count: 64 KiB of `u32`,
    /// within a core's L2 cache with its buffer. Measured planning `count
    /// 22` (perf samples): regions of 16 to 256 KiB within 15% of each
    /// other, each about 3x fewer samples in the counting than the
    /// unbuffered table.
    REGION: usize = 1 << 14, "counters",
        Measured { how: "perf record of count 22's planning, regions of 16 to 256 KiB", when: "2026-11-27", notes: "Planning's walks halved" };
    /// Keys buffered per region before they are added.
    BUFFER: usize = 1 << 12, "keys",
        Chosen("a quarter of a region; not measured");
}
