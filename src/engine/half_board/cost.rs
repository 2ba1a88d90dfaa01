//! The join's cost model: time per unit of each kind of work and the bytes
//! a run holds, in one place. Planning prices every column set with these
//! before anything large is allocated; `--estimate`, the planner's quotes
//! and the unit weights all come from here, and so does the price of one
//! column set from its terms ([`task_work`]), which exact planning and
//! sampled pricing both call.
//!
//! The rooms: this file holds the constants, the terms ([`TaskWork`]) and
//! the regimes that price them; `task` turns a column set's shape into
//! terms; `scratch` is the memory side (the chunk of bottoms a thread
//! holds, and what further chunks cost); `ranked` holds the ranked
//! regime's fitted constants and the price of the kernel's estimates.
//!
//! # Constraints
//! Nanoseconds on one core of a machine the model prices right (the
//! reference of `plan::calibration`): the join's kernel constants are a
//! fit of the blank boards' units, term by term (see below); the build
//! constants a fit of whole counts and shards on random boards n = 12..=17
//! and the blank boards n = 16..=20 (benches/blank.rs prints estimate /
//! real per N). The terms grow together, so one constant alone means
//! little.
//!
//! # Complexity
//! `O(C(h, k))` per column set (the quarter-pair buckets it joins).

mod ranked;
mod scratch;
mod task;

pub use ranked::{ranked_ns, sieved_ns, sieved_terms, RANKED_PAIR_WORD_NS, SIEVED_NS};
pub use scratch::{chunk, scratch_bytes, Relist, SCRATCH_BUDGET};
pub use task::{bottom_words, half_pairs, sieve_keep, task_work};

/// Share of the AND + popcount loop's words a top reads per cut diagonal
/// of the sieve: a chunk cut at `k` diagonals leaves `KEEP_PER_CUT^k` of
/// its pair words, and about the square root of that of its quarter
/// bitsets' words (a quarter placement uses about half its top's
/// diagonals). Measured by the growth bench (`keep^(1 / cut)` is 0.62-0.70
/// at N = 18..=22). The model prices both the full-width and the kept
/// words ([`TaskWork`]): what each costs is fitted, not assumed.
pub const KEEP_PER_CUT: f64 = 0.66;

// The join's constants below (the listed regime's, [`TaskWork::NS`]) are
// one fit (2026-11-29 03:29-03:42 UTC, on the join by buckets with the
// sieve's cut priced per chunk, `cargo bench --bench blank -- --fit 16 17
// ... 23 --seconds 60` and `-- --fit 24 --seconds 600`, one thread, the
// thread's precise CPU clock, every unit of 16..=18 and spread units of
// 19..=24, rows in `benches/rows/fit-20-24-listed.rows`, fitted by `--fit
// --rows FILE --speed 1.04`: one equation per N, its units' sums, so that
// each N weighs the same, beside each unit's own; non-negative least
// squares over the terms of [`TaskWork`]), divided by that sitting's even
// probe (1.04 the reference, see `plan::calibration`), so that they are
// the reference machine's ns. Real / fitted per N at 16..=24: 1.05, 0.97,
// 1.02, 1.09, 1.00, 1.08, 1.08, 0.96, 1.03 (per unit 0.70-1.33 from 20);
// the constants before (a fit of 13..=23 on the kernel before the cut was
// priced per chunk) left 22, 23 and 24 at 0.65, 0.68 and 0.22 (shards of
// 24 ran 0.29-0.33 of their quotes, 1.19-1.27 of these): the deeper cuts
// of big chunks read a falling share of the full-width pair words (0.89 of
// them at 16, 0.12 at 22, 0.04 at 24), which the sieve's kept words follow
// (the model's kept words over the words the kernel read: 1.6-3.4 at
// every N), so the kept words carry most of the words' price now (benches/NOTES.md, "Listed
// regime refit on the priced cut"). The other core was busy. Terms that
// fitted to 0 price nothing: the model's bitset terms are the kernel
// before's (it built a bitset per top quarter placement; this one builds
// none).

/// Per candidate quarter pair (both halves, before the diagonal test).
pub const NS_JOIN: f64 = 2.0281;
/// Per word of an `X`/`Y` bitset built for a quarter placement.
pub const NS_XY_WORD: f64 = 0.0;
/// Per word of `popcount(X & Y)` for a candidate top placement.
pub const NS_PAIR_WORD: f64 = 0.0025;
/// Per word of `X`/`Y` bitsets and of `popcount(X & Y)` the sieve leaves
/// (see [`KEEP_PER_CUT`]).
pub const NS_XY_KEPT: f64 = 0.0;
pub const NS_PAIR_KEPT: f64 = 0.0831;
/// Per top placement ANDed with its bottoms (its bitsets' rows, the
/// sieve's ranges stepped through for it).
pub const NS_TOP: f64 = 7.3191;
/// Per row-set combination visited and per bitset word of the tables
/// (`h * h` table rows per word stand in for the transposed bottoms and
/// the buckets' tables, as fitted).
pub const NS_TASK: f64 = 16.474;
/// Per column set examined while planning.
pub const NS_PLAN: f64 = 1.0;
/// Per quarter placement planning walks into its bucket counts, and per
/// such placement and pivot (each pivot's share of the placements it
/// leaves is counted on the way): a fit of exact planning's CPU time at
/// N = 18..=23 (`count N --estimate`, and `--shard` past 21), within 1.3x,
/// scaled to the reference like the join's constants (54 and 5.0 ns there,
/// over 1.28), then halved when the walk read its diagonals by shifts and
/// counted its keys a cache region at a time
/// ([`crate::engine::half_board::quarters::ScatterCounts`]): planning a
/// shard took 0.69, 0.61, 0.51 and 0.49 of the time before at N = 20, 21,
/// 22 and 23 (one sitting, the builds interleaved), and the sizes where
/// planning is much of a shard's time (22 and up) set the scale. Planning
/// is part of every process's time: a shard of 23 plans for about 40 s
/// before its first unit.
pub const NS_PLAN_WALK: f64 = 21.0;
pub const NS_PLAN_WALK_PIVOT: f64 = 1.95;
/// Per quarter placement of the board: the whole tables' build. It was
/// 500 ns while the join's constants priced only the full-width words and
/// this term carried the rest of a whole count's joins; on the refitted
/// join it priced the tables 6-12x their time and whole counts of 16..=18
/// at 1.3-2x theirs. Measured now (2026-11-29, a bench building a blank
/// plan's tables alone, one thread, thread CPU, the other core busy):
/// 42-69 ns a placement at n = 16..=18, 83-91 at 19..=20, 121 at 21 (the
/// tables outgrow the caches), where the join ran 0.9-1.3x its quote; at
/// the reference about 60, the small sizes' side (at 21 the tables are
/// 3% of the count).
pub const NS_QUARTER_ITEM: f64 = 60.0;
/// Per quarter placement walked by a build (each further part's build
/// walks every placement twice).
pub const NS_WALK_ITEM: f64 = 15.0;
/// Per placement kept by a walk of its own column set (dead branches
/// included; each build walks twice).
pub const NS_SET_WALK_ITEM: f64 = 45.0;
/// Per placement stored by a narrowed part's build (a shard's), beside its
/// walks; a shard's own joins are priced by its units (measured when the
/// whole build's price still carried join work: `count 20 --shard 1/64`
/// took 9.0 s, priced 15 s with 500 ns here; `count 22 --shard 1/512`
/// 235 s, priced 300 s).
pub const NS_BUILD_ITEM: f64 = 50.0;
/// Share of the candidate bottoms (pairs of bottom quarter placements the
/// pivot leaves, see [`bottom_words`]) whose quarters share no diagonal:
/// measured by the growth bench's fit rows (tally `bottoms` over
/// `bottom_pairs`) 0.45-0.49 at odd N = 19, 21 and 0.32-0.35 at even N =
/// 18, 20 (diagonal mode, whose bottoms have no longest-diagonal queen).
pub const BOTTOM_PASS: f64 = 0.47;
pub const BOTTOM_PASS_DIAG: f64 = 0.34;

/// The work of one column set (or a sum of them), in the model's terms.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct TaskWork {
    /// Candidate quarter pairs of both halves.
    pub pairs: f64,
    /// Words of `X`/`Y` bitsets at full width, and those the sieve leaves.
    pub xy_words: f64,
    pub xy_kept: f64,
    /// Words of AND+popcount at full width, and those the sieve leaves.
    pub pair_words: f64,
    pub pair_kept: f64,
    /// Top placements ANDed with their bottoms.
    pub tops: f64,
    /// Row-set combinations plus cell-table words.
    pub setup: f64,
}

impl TaskWork {
    /// The terms' names, in the order of [`TaskWork::terms`].
    pub const NAMES: [&'static str; 7] = [
        "pairs",
        "xy_words",
        "xy_kept",
        "pair_words",
        "pair_kept",
        "tops",
        "setup",
    ];

    /// The model's ns for each term, in the order of [`TaskWork::terms`].
    pub const NS: [f64; 7] = [
        NS_JOIN,
        NS_XY_WORD,
        NS_XY_KEPT,
        NS_PAIR_WORD,
        NS_PAIR_KEPT,
        NS_TOP,
        NS_TASK,
    ];

    /// The terms as a vector (for fitting their constants).
    pub fn terms(&self) -> [f64; 7] {
        [
            self.pairs,
            self.xy_words,
            self.xy_kept,
            self.pair_words,
            self.pair_kept,
            self.tops,
            self.setup,
        ]
    }

    /// Every term times `k` (a sample's sum scaled to the whole).
    pub fn scaled(self, k: f64) -> TaskWork {
        TaskWork {
            pairs: self.pairs * k,
            xy_words: self.xy_words * k,
            xy_kept: self.xy_kept * k,
            pair_words: self.pair_words * k,
            pair_kept: self.pair_kept * k,
            tops: self.tops * k,
            setup: self.setup * k,
        }
    }

    /// The estimated nanoseconds of the column set on one core, in the
    /// listed regime ([`Regime::Listed`]).
    pub fn ns(&self) -> f64 {
        Regime::Listed.ns(self)
    }
}

/// How a join runs, for its price: each regime has its constants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Regime {
    /// A listed plan (N <= 24, and boards with blocked cells): the tables
    /// built once for many tasks, a chunk's bottoms mostly within the
    /// caches. Its tops are the candidate pairs the pivot leaves
    /// ([`TaskWork::NS`]).
    Listed,
    /// Ranked units (past 24, [`crate::engine::half_board::ranked`]): each
    /// unit builds its own sets' tables, a chunk holds millions of bottoms
    /// and its words come from memory. Its tops and bottoms are those
    /// that also pass the test between their quarters, measured per pivot
    /// by the sampled pricing's descents, where the listed regime takes a
    /// constant share (bottoms, [`BOTTOM_PASS`]) or leaves it to its
    /// constants (tops): at 27 the bottoms' share ran from 5% to 15% on
    /// single sets against the constant's 47% ([`RANKED_PAIR_WORD_NS`]). Its
    /// constant depends on the size `n` ([`ranked_ns`]).
    Ranked { n: usize },
}

impl Regime {
    /// The regime's constants, in the order of [`TaskWork::terms`].
    pub fn constants(self) -> [f64; 7] {
        match self {
            Regime::Listed => TaskWork::NS,
            Regime::Ranked { n } => ranked_ns(n),
        }
    }

    /// The shares of candidate tops and bottoms apart (see
    /// [`Regime::Ranked`]) this regime prices with: the measured ones
    /// `apart` where it takes them, `None` where it does not.
    pub fn apart(self, apart: [f64; 2]) -> [Option<f64>; 2] {
        match self {
            Regime::Listed => [None, None],
            Regime::Ranked { .. } => apart.map(Some),
        }
    }

    /// The estimated nanoseconds of `work` on one core in this regime.
    pub fn ns(self, work: &TaskWork) -> f64 {
        work.terms()
            .iter()
            .zip(self.constants())
            .map(|(t, c)| t * c)
            .sum()
    }
}

impl std::ops::AddAssign for TaskWork {
    fn add_assign(&mut self, o: TaskWork) {
        self.pairs += o.pairs;
        self.xy_words += o.xy_words;
        self.xy_kept += o.xy_kept;
        self.pair_words += o.pair_words;
        self.pair_kept += o.pair_kept;
        self.tops += o.tops;
        self.setup += o.setup;
    }
}
