//! Each counting method's own prices and limits (`plan/method/*.rs`): what
//! its extra passes cost beside the engines' prices ([`super::planner`]),
//! and the sides and sizes it applies to.

use super::row::{Provenance::*, IN_NOTE};

tunables! {
    /// A credited join's time over the blank board's join *quote* of the same
    /// side (the engine's listed model, [`crate::engine::half_board::price::cost`]),
    /// on one thread, even and odd sides: every word the join reads is counted
    /// once per image the top avoids. Measured with the tables priced at their
    /// build's time (2026-11-29, random boards of 1, 3, 8 and 16 blocked cells,
    /// thread CPU, the other core busy): 1.48-1.57 at n = 15, 1.26-1.69 at 16,
    /// 1.12-1.40 at 17, 1.49-2.03 at 18; 1.4 for both kept every one within
    /// 1.45x. The kernel of n = 15's sparse boards then sped the odd sides'
    /// joins more than the model (whose probes were rescaled for 20..28:
    /// [`super::planner::REFERENCE_NS`]): measured again on random boards of
    /// 1..=57 cells (one thread, quiet machine, factor 1), the credited join
    /// over the blank join's quote was 0.84-1.01 at 15, 1.0-1.48 at 16,
    /// 0.69-1.02 at 17 and 1.33-1.63 at 18 (benches/NOTES.md, "The probes
    /// after the sparse boards of 15"). Priced from one probe
    /// (`plan::calibration`), the credited joins then took 0.99-1.28 of their
    /// quotes at 16 and 0.86-1.22 at 15 and 17 in four sittings, and 1.43-1.55
    /// at 17 when the VM's slower state caught a run (benches/NOTES.md, "One
    /// probe"): 1.5 even, 1.05 odd.
    CREDIT_FACTOR: [f64; 2] = [1.5, 1.05], "times the blank join's quote (even, odd)",
        Measured {
            how: "cargo bench --bench quotes, credited joins of random boards of 1..=57 cells at 15..=18, four sittings",
            when: "2026-11-29",
            notes: "One probe",
        };
    /// From this side a credited join is priced with
    /// [`CREDIT_FACTOR_PAST_18`] in place of [`CREDIT_FACTOR`]: its time
    /// over the blank join's quote grows with the side.
    CREDIT_PAST_FROM: usize = 19, "board side",
        Chosen("the first side measured past 18's factor; see CREDIT_FACTOR_PAST_18");
    /// A credited join's time over the blank board's join quote from
    /// [`CREDIT_PAST_FROM`] on (even, odd). Measured on Zen 4 (one thread,
    /// probe 1.14x, user CPU): boards of 19 with 6 and 8 blocked cells ran
    /// 1.53 and 1.57 times their quotes at the odd factor 1.05 (1.6 over
    /// the blank quote); boards of 20 with 10 and 12 ran 2.1 (quiet) and
    /// 1.91 times theirs at the even factor 1.5 (3.0); a board of 18 with 4,
    /// 1.08 at 1.5 (so 18 stays on [`CREDIT_FACTOR`]). Sides 21 to 24 are
    /// not measured: priced as 19 and 20, likely low.
    CREDIT_FACTOR_PAST_18: [f64; 2] = [3.0, 1.6], "times the blank join's quote (even, odd)",
        Measured {
            how: "nqueens --threads 1 --explain on gen --seed 7719/7729 --n 19 --density 3 and 7720/7730 --n 20 --density 3 (7730 with --method credited-join), /usr/bin/time user CPU",
            when: "2026-12-06",
            notes: "Records in a task's file",
        };
    /// Below this side the searches and the board's own join are cheaper
    /// than the blank board's tables (the credited join's `MIN_N`).
    CREDITED_MIN_N: usize = 15, "board side",
        Chosen("the half-board method's least side; not measured below");
    /// Up to this side the credited join takes any number of blocked cells
    /// (planning the blank board is cheap); past it at most `n`.
    LAST_ANY_CELLS: usize = 17, "board side",
        Chosen("where planning the blank board is still cheap; not measured");

    /// Nanoseconds per 64-bit word of an index pass (measured: about 0.3).
    NS_PER_WORD: f64 = 0.35, "ns per word",
        Measured { how: "index queries at n = 14, development machine", when: "2026-11-22", notes: IN_NOTE };
    /// Building an index adds this fraction of a plain blank search to the
    /// enumeration, for the bit writes and the transpose (measured: 10 ms at
    /// n = 14, 0.04).
    WRITE_SHARE: f64 = 0.045, "share of the plain blank search's price",
        Measured { how: "an index build at n = 14", when: "2026-11-22", notes: IN_NOTE };
    /// Blank-tree nodes per blank solution, for sizing an index not built yet
    /// (50 to 75 for n = 10..=14).
    NODES_PER_SOLUTION: f64 = 60.0, "nodes per solution",
        Measured { how: "blank trees of n = 10..=14: nodes over solutions", when: "2026-11-22", notes: IN_NOTE };

    /// Nanoseconds per node of the most-constrained-first search (its
    /// `NS_PER_NODE`), at the reference speed of the searches' probe.
    /// Fitted on the CPU time of 19 boards, n = 17..=47 and 20% to 83% blocked
    /// (3 to 26 open rows a node; the quotes bench's boards), divided by the
    /// probe's factor on that machine (1.8): 21 + 6.7 per row there, each board
    /// within 0.78-1.16x of the fit. Priced at 6 per row and nothing per node
    /// before, the boards past n = 36 (20-26 open rows) came out 1.3-1.8x high.
    MOST_CONSTRAINED_NS_PER_NODE: f64 = 11.7, "ns per node",
        Measured {
            how: "cargo bench --bench quotes, most-constrained forced on 19 boards, CPU time fitted",
            when: "2026-11-26",
            notes: "Quotes against CPU time on big single boards",
        };
    /// Nanoseconds per open row the most-constrained search examines at a
    /// node (see [`MOST_CONSTRAINED_NS_PER_NODE`]).
    NS_PER_ROW: f64 = 3.75, "ns per open row and node",
        Measured {
            how: "cargo bench --bench quotes, most-constrained forced on 19 boards, CPU time fitted",
            when: "2026-11-26",
            notes: "Quotes against CPU time on big single boards",
        };
    /// Most-constrained searches the first stratified estimate prices above
    /// this (ns) are estimated again, from a frontier of [`CLOSER_FRONTIER`] nodes and one
    /// probe from each: the search's tree is lopsided, and a deeper frontier
    /// spreads the estimate far less than more probes from a shallow one, for
    /// about the same time (23-70 ms on the quotes bench's boards past 1 s,
    /// 1-5% of the search's price: the most near 1 s).
    ///
    /// From 512 nodes and 8 probes each, the quotes bench's n = 42 clustered
    /// 78% board came out 0.77-1.73 of its real 55.7 M nodes over eight random
    /// streams (the estimator's own stream: 1.27, so its quote ran 0.62-0.74
    /// of the CPU time, while the per-node price of its real tree was within
    /// 0.79-1.18 of the CPU time of every board's); from 16384 nodes and one
    /// probe 0.92-1.07 (its own: 0.94), and the bench's other boards past
    /// n = 36 within 0.90-1.24 (from 512 and 8: 0.80-1.31). Measured in
    /// benches/NOTES.md, "Quotes: the last two boards". Past 1 s rather than
    /// 2 s: the n = 45 clustered 80% board, priced 1.16 s from 512 nodes (1.14x
    /// its real tree, 0.98x from 16384), ran 0.66 of its quote once.
    CLOSER_NS: f64 = 1e9, "ns",
        Measured { how: "cargo bench --bench quotes, eight estimator streams per board", when: "2026-11-27", notes: "Quotes: the last two boards" };
    /// The frontier of the most-constrained search's closer estimate (see
    /// [`CLOSER_NS`]).
    CLOSER_FRONTIER: usize = 16384, "nodes",
        Measured { how: "cargo bench --bench quotes, eight estimator streams per board", when: "2026-11-27", notes: "Quotes: the last two boards" };

    /// What the join of a board with blocked cells costs per task (a column
    /// set with its pivot), ns at the reference speed, beside the join's own
    /// model ([`crate::engine::half_board::price::cost`], fitted on blank boards).
    ///
    /// Blocked cells leave the board none of the symmetries the blank join
    /// folds, and a board of odd side has a pivot per middle-row column: the
    /// join of a board lists 3432 tasks at n = 14, 51480 at 15, 12870 at 16
    /// and 218790 at 17, each with few bottoms at odd n (about 120 at 15: two
    /// words of bottoms, padded to four). Fitted on one thread's CPU time of
    /// the joins of 27 boards, n = 14..=17, blank, one cell and 2..=12 blocked
    /// cells, against the units' model terms (`PreparedJoin::unit_works`) and the
    /// tasks joined: real = 0.93 x model + 6.6 us a task on that machine, the
    /// boards of n = 15..=17 within 0.87-1.22 of it (two of n = 14 at 1.33 and
    /// 1.38), where the model alone left n = 15 at 1.2-1.7 and n = 16, 17 at
    /// 0.8-1.0 (benches/NOTES.md, "Quotes: the last two boards"). 6.6 / 0.93:
    /// 7 us. It prices the quotes bench's boards of n = 15, 16 and 17 at
    /// 1.66x, 1.08x and 1.17x, where the bench's runs had CPU / quote at n = 15
    /// 1.5x and at n = 17 1.15x n = 16's (the join-board reference was
    /// measured again with it: [`super::planner::REFERENCE_NS`]).
    /// Kept when the listed regime's constants were refitted on the blank
    /// boards of 16..=24 (`cost::NS_JOIN` and the rest, 2026-11-29): the
    /// quotes bench's boards of n = 15, 16 and 17 moved by -3%, -9% and +2%
    /// and ran 0.78, 0.78 and 0.95 of their quotes, and the n = 18 board with
    /// two blocked cells of `samples/judge-estimate.in` (forced half-board,
    /// one thread) 1.18 (1.02 before), all within 1.5x (benches/NOTES.md,
    /// "Listed regime refit on the priced cut").
    NS_BOARD_TASK: f64 = 7000.0, "ns per task",
        Measured {
            how: "joins of 27 boards, n = 14..=17, one thread's CPU time against the model's terms",
            when: "2026-11-27",
            notes: "Quotes: the last two boards",
        };
    /// Below this side the constellation engine's methods and the searches are cheaper
    /// than building the tables (planning alone takes milliseconds at n = 14;
    /// the half-board method's `MIN_N`).
    HALF_BOARD_MIN_N: usize = 15, "board side",
        Chosen("planning alone takes milliseconds at 14, where the searches take less; not swept");

    /// Boards up to this side are never planned: even the blank board is a
    /// few thousand nodes, not worth an estimate (the ordered method's
    /// `SMALL_N`).
    ORDERED_SMALL_N: usize = 9, "board side",
        Chosen("as SPLIT_SMALL_N; not measured");
    /// Below this many estimated nodes (about 0.2 ms), a board is not planned.
    SMALL_NODES: f64 = 20_000.0, "nodes",
        Chosen("about 0.2 ms, as MIN_PART_NODES; not measured");

    /// The largest board a scan is considered for (the scan method's `MAX_N`).
    SCAN_MAX_N: usize = 16, "board side",
        Chosen("the constellations of 16 are scanned in about a second; not swept");

    /// An inclusion-exclusion term's search, ns per node of the blank tree
    /// cut by `n` per queen (a cruder count of its nodes than the stratified
    /// estimate the plain and ordered searches are priced from, at
    /// [`super::planner::NS_PER_LANE_NODE`]): the lanes' 4.8 ns from
    /// before those were repriced at 3.9. Priced so, this method's quote of
    /// the quotes bench's n = 15 board ran 1.07 and 0.95 of its CPU time in two
    /// sittings; at 3.9, 1.23-1.34, and its n = 16 terms were no longer priced
    /// above their joins (benches/NOTES.md, "Issue 41's table in one run, and
    /// the quotes again").
    NS_PER_TERM_NODE: f64 = 4.8, "ns per counted node",
        Measured {
            how: "cargo bench --bench quotes, inclusion-exclusion forced at n = 15 and 16, two sittings",
            when: "2026-11-27",
            notes: "Issue 41's table in one run, and the quotes again",
        };
    /// At most this many inclusion-exclusion terms are considered.
    MAX_TERMS: usize = 4096, "terms",
        Chosen("a bound on a quote's own cost; not measured");
    /// Boards with blocked cells up to this side (the blank count must be
    /// affordable; inclusion-exclusion's `MAX_N`).
    INCLUSION_MAX_N: usize = 18, "board side",
        Chosen("the blank count of 18 takes seconds; not swept");
    /// The most terms kept between batches (about 100 MiB at worst): a long
    /// run of distinct near-blank boards without an index could pile up
    /// millions, so past this the cache starts afresh.
    MAX_CACHED_TERMS: usize = 1 << 20, "terms",
        Chosen("about 100 MiB at worst; not measured");
    /// Terms whose search is priced above this (ns) are priced through the
    /// join as well: planning one takes 10-150 ms at n = 15..=18.
    JOIN_TERM_FROM: f64 = 5e7, "ns",
        Chosen("above planning's 10-150 ms at 15..=18 (measured), the bound itself not swept");
    /// The smallest side whose terms may be joined (as for the half-board
    /// method: below, the searches are cheaper than building the tables).
    JOIN_MIN_N: usize = 15, "board side",
        Chosen("as HALF_BOARD_MIN_N");
}
