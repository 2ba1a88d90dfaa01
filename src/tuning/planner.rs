//! The planner's numbers: the searches' prices (`plan/prices.rs`), their
//! probes and refined estimates, a big search split for the threads
//! (`plan/work.rs`), when a batch runs on one thread or is announced
//! (`plan/planner/*`, `plan/estimate.rs`), and the calibration's
//! references (`plan/calibration.rs`).

use super::row::{Provenance::*, IN_NOTE};

tunables! {
    /// Ns per node of estimates of boards with obstacles from a few dozen
    /// probes: their trees are lopsided, so most probes die early and the
    /// estimate tends to come out low (measured with `--explain`:
    /// actual/estimate about 1.5-2 for the kernel, 1-1.3 for the
    /// most-constrained search).
    NS_PER_BOARD_NODE: f64 = super::engines::NS_PER_NODE * 1.5, "ns per estimated node",
        Measured { how: "judge mode --explain on boards with obstacles, actual over estimate", when: "2026-11-22", notes: IN_NOTE };
    /// A big search split into parts (`crate::plan::work::Work::split_for`)
    /// runs them in the kernel's interleaved lanes: per node of its stratified
    /// estimate (`crate::plan::prices::refined`). Measured 4.6 to 5.2 ns on boards of n = 15..18
    /// with 3% to 30% blocked (the obstacles bench's `big single boards`) on
    /// the development machine before quotes were scaled by its probes; scaled
    /// by the searches' probe (`crate::plan::calibration`) the forced plain
    /// and ordered searches of the quotes bench then ran 0.62-0.92 of their
    /// quotes in one sitting and 0.82-0.96 in another (benches/NOTES.md,
    /// "Issue 41's table in one run, and the quotes again"): 3.9 is the middle
    /// of the two. Inclusion-exclusion's terms, each a search with its queens
    /// placed, run in the lanes too, but are priced from a cruder count of
    /// their nodes, at their own price ([`super::methods::NS_PER_TERM_NODE`]).
    NS_PER_LANE_NODE: f64 = 3.9, "ns per node in the lanes",
        Measured {
            how: "cargo bench --bench quotes (plain and ordered forced), two sittings",
            when: "2026-11-27",
            notes: "Issue 41's table in one run, and the quotes again",
        };
    /// The constellation engine's enumeration (the count's search, plus every solution
    /// mapped through its images): measured 30 ms at n = 14, a 0.12 share.
    /// Index builds are priced through it.
    ENUMERATION_SHARE: f64 = 0.12, "share of the plain blank search's price",
        Measured { how: "the constellation engine's enumeration at n = 14", when: "2026-11-22", notes: IN_NOTE };
    /// Estimator probes for a quick first look.
    QUICK_PROBES: u32 = 4, "probes",
        Chosen("a first look costs microseconds; not swept");
    /// Estimator probes for a real plan.
    PLAN_PROBES: u32 = 24, "probes",
        Chosen("a few dozen probes; past REFINE_NS a stratified estimate takes over; not swept");
    /// Searches quoted above this (ns) from [`PLAN_PROBES`] probes are quoted
    /// again from a stratified estimate (`crate::plan::prices::refined`) when they are in the
    /// running: a few milliseconds of probes, for runs of a tenth of a second
    /// and more.
    REFINE_NS: f64 = 1e8, "ns",
        Chosen("a tenth of a second, where a refinement's milliseconds are a few percent; not measured");
    /// The nodes a stratified estimate walks in full, at least.
    REFINE_FRONTIER: usize = 512, "nodes",
        Chosen("with REFINE_PROBES, a few milliseconds; the most-constrained search's CLOSER_FRONTIER was measured, this not");
    /// The probes a stratified estimate runs from each node of its frontier.
    REFINE_PROBES: u32 = 8, "probes per frontier node",
        Chosen("as REFINE_FRONTIER");
    /// Quotes up to this many times the cheapest are refined before the
    /// planner chooses, when the cheapest is above [`REFINE_NS`]: a refined
    /// kernel quote comes out about 2.8 times below its quick one (the lanes),
    /// so such a quote may still win. Other choices are not worth a
    /// refinement's milliseconds (measured: refining every board of 40
    /// near-blank 14 x 14 ones that an index answers in microseconds made the
    /// batch 5x slower).
    REFINE_WITHIN: f64 = 4.0, "times the cheapest quote",
        Chosen("above the 2.8 a refinement gains; the batch it spares was measured, the bound not swept");

    /// Boards up to this side are never worth splitting (nor estimating).
    SPLIT_SMALL_N: usize = 9, "board side",
        Chosen("a few thousand nodes at most; not measured");
    /// Searches estimated above this many nodes are split for the threads.
    SPLIT_NODES: f64 = 200_000.0, "nodes",
        Chosen("about 2 ms of search; not measured");
    /// Probes for the estimate that decides on splitting.
    SPLIT_PROBES: u32 = 4, "probes",
        Chosen("as QUICK_PROBES; not swept");
    /// Probes for the estimate of each part of a split.
    PART_PROBES: u32 = 8, "probes",
        Chosen("not swept");
    /// A big search is split into about this many parts per thread and lane
    /// (`work.rs`'s `PARTS_PER_THREAD` is this times `kernel::LANES`): a
    /// worker runs up to `kernel::LANES` parts at once, so when the last
    /// parts run the others are idle for at most a few parts' time, a few
    /// percent.
    PARTS_PER_LANE: usize = 16, "parts per thread and lane",
        Chosen("idle ends of a few percent; not measured");
    /// No split makes parts smaller than this many estimated nodes (about
    /// 0.2 ms): each part costs its estimate and a lane's start.
    MIN_PART_NODES: f64 = 20_000.0, "nodes",
        Chosen("about 0.2 ms, well above a part's estimate; not measured");

    /// Cases estimated above this (3 s on the threads) are long: they were
    /// the only ones posted for progress reports. Now every case with work is
    /// posted, and the watcher reports any that runs past a second, whatever
    /// its quote (a case quoted at 2988 ms ran 44 s without a word).
    PROGRESS_NS: f64 = 3e9, "ns on the threads",
        Chosen("three seconds, a wait worth a line; not measured");
    /// A batch estimated below this (1 ms) runs on one thread.
    MIN_PARALLEL_NS: f64 = 1e6, "ns",
        Chosen("a millisecond, above a thread's start; not measured");
    /// Work estimated above this many seconds (on its threads) is announced on
    /// stderr when it starts, terminal or not: a log should say why nothing
    /// else comes for minutes.
    LONG: f64 = 60.0, "seconds",
        Chosen("a minute; not measured");

    /// No calibration factor is taken beyond this (or below its inverse): a
    /// probe that a preempted or throttled moment spoiled cannot make a quote
    /// absurd.
    MAX_FACTOR: f64 = 4.0, "factor",
        Chosen("well beyond the 0.99-1.8 probes measured; not measured");
    /// The search probe's CPU time, ns, on a machine whose runs the model
    /// prices right (the searches' reference): on the development machine (a
    /// shared 2-vCPU VM, release build) the probe took 8.0 ms and the
    /// constellations' real runs 1.55x the model (n = 15, 16); then 1.1x that:
    /// in three sittings the searches' runs (41 runs of plain, ordered,
    /// most-constrained and scan on the quotes bench's boards) took 0.69-0.82,
    /// 0.67-1.01 and 0.69-1.29 of their quotes; then 1.15x that: priced from
    /// the search probe alone (least of five runs), the searches' runs took
    /// 0.74-1.12 of their quotes in four sittings, 0.75-0.89 on the 22 boards
    /// of most-constrained (benches/NOTES.md, "One probe").
    SEARCH_NS: f64 = 8.0e6 / 1.55 * 1.1 * 1.15, "ns of the search probe",
        Measured { how: "cargo bench --bench quotes, the searches forced, four sittings", when: "2026-11-29", notes: "One probe" };
    /// The search probe's CPU time, ns, on a machine whose runs of each
    /// `crate::engine::pricing::CostClass` (in its order) the model prices right: the searches'
    /// reference ([`SEARCH_NS`]) times how much further from the model the
    /// development VM runs that class than the searches.
    ///
    /// The joins' multipliers are the search's factor over the join's own
    /// probe's factor in the two sittings whose join probes caught the state
    /// that priced the joins' runs right (cpu/quote 0.73-1.15, geometric means
    /// of the two; the joins' runs took the same CPU in a third sitting whose
    /// join probes were 1.5x slower): search 1.32 and 1.45; even 0.86 and 0.86
    /// (1.61); odd 0.96 and 0.96 (1.44); the board with one blocked cell 0.47
    /// and 0.46 (2.98); each over 1.15 since, as [`SEARCH_NS`] rose by that.
    /// Those factors were over the joins' own references of
    /// the time (the last measured after the kernel for n = 15's sparse boards,
    /// which put `count 28 --shard` at 48-49 min against a 54 min run;
    /// benches/NOTES.md, "The probes after the sparse boards of 15" and "One
    /// probe").
    REFERENCE_NS: [f64; 4] = [
        SEARCH_NS * 1.61 / 1.15,
        SEARCH_NS * 1.44 / 1.15,
        SEARCH_NS * 2.98 / 1.15,
        SEARCH_NS,
    ], "ns of each cost class's probe",
        Measured {
            how: "cargo bench --bench quotes and count 28 --shard, the joins' probes against their runs, three sittings",
            when: "2026-11-29",
            notes: "The probes after the sparse boards of 15",
        };
    /// The calibration probe runs this many times and its least time is
    /// kept: a neighbour's burst in the shared caches, a preempted moment,
    /// only ever add time.
    ROUNDS: usize = 5, "runs of the probe",
        Chosen("the least of five, within the probe's 40 ms; not swept");
}
