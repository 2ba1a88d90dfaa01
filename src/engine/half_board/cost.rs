//! The join's cost model: time per unit of each kind of work and the bytes
//! a run holds, in one place. Planning prices every column set with these
//! before anything large is allocated; `--estimate`, the planner's quotes
//! and the unit weights all come from here, and so does the price of one
//! column set from its terms ([`task_work`]), which exact planning and
//! sampled pricing both call.
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

use crate::engine::half_board::column_sets::{binom, for_each_comb, Symmetric};
use crate::engine::half_board::matching::{top_batch, Grouping, Shape};
use crate::engine::half_board::sieve::{Sieve, MAX_CUT, SLICE};
use crate::engine::half_board::tally::Tally;

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

/// The ranked regime's constants at size `n` ([`Regime::Ranked`]), in the
/// order of [`TaskWork::terms`]: one term, the pair words at full width,
/// at [`RANKED_PAIR_WORD_NS`] for `n` (25..=28; other sizes take the
/// nearest).
pub fn ranked_ns(n: usize) -> [f64; 7] {
    let mut ns = [0.0; 7];
    ns[3] = RANKED_PAIR_WORD_NS[n.clamp(25, 28) - 25];
    ns
}

/// The ranked regime's ns per pair word at full width, for n = 25, 26, 27
/// and 28: real thread CPU over the model's pair words, pooled over the
/// whole units of each N (so a shard's units add up to its time), on the
/// kernel that reads left bottom words as their shared bits and the
/// pricing that prices them so (2026-11-28 07:00-08:30 UTC, probes
/// 0.97-1.11, taken as 1.02; `cargo bench --bench blank -- --shard N I/K
/// --rows`, rows in `benches/rows/fit-25-27-fixed.rows`, fitted by
/// `-- --fit --rows FILE --speed 1.02`): 14 units of 25, 3 of 26, 7 of 27.
/// One constant for all N priced 26 and 27 about 1.8x high (real over
/// it 0.92, 0.55, 0.56): the full-width words grow faster with N than
/// what the kernel reads, the bitsets it builds on the buckets a
/// placement fits and the sieve's kept pair words, which the model's
/// terms for them miss by 0.2-20x per unit. Per row real over fitted runs
/// 0.5-1.6 (25), 0.7-1.2 (26), 0.3-1.5 (27); even with the kernel's own
/// counts of those words a unit's time per word spreads 0.8-2.3x at 27
/// (benches/NOTES.md, "Ranked units on the fixed kernel"). Then 27 and
/// 28 checked against the kernel's own estimates of random units
/// ([`sieved_ns`] over this regime's price, pooled; `cargo bench --bench
/// blank -- --sieved N K`): 1.46 at 27 (400 units, bootstrap 90%
/// 1.28-1.65; 0.0839 before), 0.77 at 28 (100 units, 0.61-0.94; 27's
/// constant before, and 28's sieved constants are 27's), so both are
/// scaled by it; at 25 (1.13, 0.83-1.44, 60 units) and 26 (0.98,
/// 0.80-1.16, 100 units) the check agrees and nothing changed.
///
/// Then the join by buckets: each N's constant scaled by the pooled ratio
/// of the kernel's estimates (on [`SIEVED_NS`] refitted for it) over the
/// plan's weights, random units, `cargo bench --bench blank -- --sieved N
/// K` (benches/NOTES.md, "The join by buckets"), in two rounds (the first
/// counted too few visits where a sample left buckets unseen): in all 25
/// x0.60, 26 x0.40, 27 x0.45, 28 x0.55; the second round's bootstrap 90%
/// intervals 0.77-1.48 (25, 40 units), 0.92-1.58 (26, 40), 1.32-2.28 (27,
/// 80), 0.88-1.80 (28, 40) around the ratios taken.
///
/// Then the join in 4, 6 or 8 groups and the cut priced per chunk: each
/// N's constant scaled, as again with the sieved constants refitted as one
/// set for 25..=28 ([`SIEVED_NS`]), by the pooled ratio of the kernel's
/// estimates over the plan's weights on random units (`--sieved N K`,
/// 2026-11-29: x0.79 at 25 (60 units), x0.82 at 26 (100), x0.57 at 27
/// (200), x0.87 at 28 (100)), so that a whole count's quote agrees with
/// its shards' walked quotes.
pub const RANKED_PAIR_WORD_NS: [f64; 4] = [0.0367, 0.0171, 0.0218, 0.0171];

/// The sieved terms of a join's tally ([`Tally`], what it did or what the
/// kernel estimates it would do, see
/// [`crate::engine::half_board::matching::estimate`]): the pair words it
/// reads, the words of its buckets' tables, the bottoms it sorts and
/// transposes, the (top, bucket piece) visits and the tops it lists.
pub fn sieved_terms(t: &Tally) -> [f64; 5] {
    [
        t.pair_words as f64,
        t.table_words as f64,
        t.bottoms as f64,
        t.visits as f64,
        t.tops as f64,
    ]
}

/// The ns on one core, at the reference speed, of a ranked unit's joins
/// whose tally the kernel estimated (`estimated`): [`SIEVED_NS`] on its
/// [`sieved_terms`]. Where a shard's sets are walked, this prices it: a
/// price from the kernel's own counts follows what the sieve leaves each
/// set, which the model's terms ([`ranked_ns`]) take from a pivot's mean.
pub fn sieved_ns(estimated: &Tally) -> f64 {
    sieved_terms(estimated)
        .iter()
        .zip(SIEVED_NS)
        .map(|(t, c)| t * c)
        .sum()
}

/// Ns per [`sieved_terms`] (pair word, table word, bottom, visit, top) of
/// the kernel's *estimate* of a set's tally, at every N past 24: one
/// non-negative least-squares fit of single column sets' thread CPU time
/// (their tables' builds aside) on the estimates of those sets (what a
/// quote prices, so the estimate's own biases are in the constants: it
/// reads 0.6-1.3x the pair words and 1-2x the visits the kernel does),
/// pooled over 25..=28, each row's error relative to its own time, divided
/// by the probe of the sitting (1.04); 35 sets of 25..27 and 4 of 28 on
/// the join with the cut priced per chunk, rows in
/// `benches/rows/fit-25-28-est.rows`, fitted by `cargo bench --bench blank
/// -- --fit --rows FILE --speed 1.04` (its `est plain` line;
/// benches/NOTES.md, "One set of sieved constants for 25..28"). Real over
/// fitted, pooled per N: 0.99 (25), 1.01 (26), 1.02 (27), 1.06 (28); per
/// set 0.87-1.27 (geometric sd 1.08). The per-N rows and scale factors
/// before (x0.56..x0.80) were fits of too few rows of each N: with them
/// pooled, one set of constants prices every N within 6%. Weighing the
/// pair words and visits by their batches' groups (the tally's
/// `grouped_words`, `grouped_visits`) fitted no better (sd 1.08 both).
pub const SIEVED_NS: [f64; 5] = [0.3444, 0.5211, 34.344, 4.0424, 12.4096];

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

/// The scratch one thread may hold for a column set's bottoms (less where
/// the memory limit leaves less, see
/// [`crate::engine::budget::Budget::scratch_share`]): bottoms are joined in
/// chunks small enough for it, and every chunk lists its tops again (the
/// kernel before built their bitsets again: one set of 27 took 139 s in
/// 37 chunks of a 96 MiB scratch, 100 s in 14 of 256 MiB and 66 s in 4 of
/// 1 GiB, one thread, its CPU time). The join by buckets needs about 25
/// bytes a bottom, so a GiB holds tens of millions; where the bottoms fit a chunk
/// (N <= 24 at the default memory limit) nothing changes (paired shards of
/// 21 and 22 with `--memory 16G`: +4% and -6%, within their spread).
pub const SCRATCH_BUDGET: usize = 1 << 30;

/// Bottoms joined at a time (a multiple of 64): as many as the largest
/// column set has (`max_bottoms`), unless the scratch for that many
/// ([`scratch_bytes`]) would pass `budget` bytes (at most
/// [`SCRATCH_BUDGET`], less where the memory limit shared by the threads
/// asks for less): then the most whose scratch fits.
pub fn chunk(max_bottoms: u64, max_group: u64, ovw: usize, budget: usize) -> usize {
    let most = (max_bottoms as usize + 63) / 64 * 64;
    let fits = |chunk: usize| scratch_bytes(chunk, max_group, ovw) <= budget;
    if fits(most) {
        return most.max(64);
    }
    // The scratch grows with the chunk: the largest multiple of 64 that
    // fits, by bisection over words (`lo` fits or is the floor of one word).
    let (mut lo, mut hi) = (1usize, most / 64);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid * 64) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo * 64
}

/// Per-thread scratch bytes for chunks of `chunk` bottoms and quarter
/// groups of at most `max_group` placements: bottoms (sorted and not),
/// transposed rows and `valid`, the quarter buffers, a batch of listed
/// tops (listed and sorted by key) and one bucket piece's tables (see
/// `matching`'s buckets).
pub fn scratch_bytes(chunk: usize, max_group: u64, ovw: usize) -> usize {
    // Bitsets are padded to a multiple of 4 words.
    let words = (chunk / 64 + 3) / 4 * 4;
    let group = max_group as usize;
    let tops = top_batch(words) * 2 * (2 + 8 + 1) + 2 * (8 << MAX_CUT);
    let tables = Grouping::most_entries(2 * ovw) * SLICE.min(words) * 8;
    2 * (chunk + group + 64) * 8 + (2 * ovw + 1) * words * 8 + tops + tables + 8 * group * 16
}

/// What a task's chunks past the first cost: the kernel joins a task's
/// bottoms a chunk at a time ([`chunk`]) and lists its tops again for each
/// chunk (their candidate pairs tested, each top stepped through the
/// buckets), while the words, the bottoms and the tables are shared out
/// among the chunks and cost the same in one or many. So a task of `b`
/// bottoms in chunks of `c` pays `ceil(b / c) - 1` listings more: nothing
/// where its bottoms fit one chunk (every task at the default memory limit
/// to N = 24), but under a tight `--memory` a chunk of 64 bottoms made a
/// count of 18 on two threads take 63 s of CPU for an 8 s quote (issue
/// 75). Priced with the join's own constants for a candidate pair
/// ([`NS_JOIN`]) and a top ([`NS_TOP`]).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Relist {
    /// The task's bottoms (fitted ones, what fills a chunk).
    pub bottoms: f32,
    /// The ns of listing its tops once.
    pub ns: f32,
}

impl Relist {
    /// The relisting of a task with `work`'s terms, `top_pairs` candidate
    /// top pairs and `words` words of bottoms.
    pub fn of(work: &TaskWork, top_pairs: f64, words: f64) -> Relist {
        Relist {
            bottoms: (words * 64.0) as f32,
            ns: (top_pairs * NS_JOIN + work.tops * NS_TOP) as f32,
        }
    }

    /// The ns the task's chunks past the first add in chunks of `chunk`
    /// bottoms.
    pub fn ns_in(&self, chunk: usize) -> f64 {
        let chunks = (f64::from(self.bottoms) / chunk.max(1) as f64).ceil();
        (chunks - 1.0).max(0.0) * f64::from(self.ns)
    }
}

/// Upper bounds for the placements of a half whose left quarter uses `k`
/// of its columns: `left(rows)` and `right(rows)` give the two quarters'
/// bucket sizes, and a half is a left placement with a right one on the
/// complementary rows (the diagonals between them not yet tested).
/// Returns the candidate pairs and the quarter placements involved.
pub fn half_pairs(
    h: usize,
    k: u32,
    left: impl Fn(u64) -> u64,
    right: impl Fn(u64) -> u64,
) -> (u64, u64) {
    let hmask = (1u64 << h) - 1;
    let (mut pairs, mut items) = (0u64, 0u64);
    for_each_comb(h, k, |a| {
        let x = left(a);
        if x != 0 {
            let y = right(hmask ^ a);
            pairs += x * y;
            items += x + y;
        }
    });
    (pairs, items)
}

/// The words of bottom bitsets a task with `bottom_pairs` candidate
/// bottoms fills (before rounding up to whole words), given the shares of
/// each quarter's placements its pivot leaves (`passes`).
///
/// `apart` is the share of candidate bottoms whose quarters share no
/// diagonal where it was measured (the ranked regime's, from the pivot's
/// descents, [`Regime::Ranked`]), else [`BOTTOM_PASS`] stands for it; in
/// diagonal mode the share without a longest-diagonal queen is taken
/// from the two constants' ratio.
pub fn bottom_words(
    sym: Symmetric,
    passes: [f64; 4],
    bottom_pairs: f64,
    apart: Option<f64>,
) -> f64 {
    let pass = match (apart, sym.diagonal) {
        (None, false) => BOTTOM_PASS,
        (None, true) => BOTTOM_PASS_DIAG,
        (Some(apart), false) => apart,
        (Some(apart), true) => apart * BOTTOM_PASS_DIAG / BOTTOM_PASS,
    };
    bottom_pairs * passes[2] * passes[3] * pass / 64.0
}

/// The cost model's work (see [`TaskWork::ns`] for its price) of the task with column set `s` of a
/// pivot leaving `avail`: its top half's candidate pairs and quarter
/// placements `top`, its bottom half's candidate pairs `bottom_pairs` and
/// their [`bottom_words`] with the share of them the sieve leaves
/// (`(words, keep)`, [`sieve_keep`]), the shares of each quarter's
/// placements the pivot leaves (`passes`) and of the candidate tops whose
/// quarters share no diagonal (`tops_apart`: 1 in the listed regime, see
/// [`Regime::apart`]).
pub fn task_work(
    shape: &Shape,
    (passes, tops_apart): ([f64; 4], f64),
    top: (u64, u64),
    bottom_pairs: u64,
    (words, keep): (f64, f64),
    s: u64,
    avail: u64,
) -> TaskWork {
    let (h, wl) = (shape.h, shape.wl);
    let lmask = (1u64 << wl) - 1;
    let (tp, titems) = top;
    let top_pass = passes[0] * passes[1];
    let combs = binom(h, (s & lmask).count_ones() as usize)
        + binom(h, ((avail ^ s) & lmask).count_ones() as usize);
    let tops = tp as f64 * top_pass * tops_apart;
    let xy_words = titems as f64 * top_pass.sqrt() * words;
    TaskWork {
        pairs: (tp + bottom_pairs) as f64,
        xy_words,
        xy_kept: xy_words * keep.sqrt(),
        pair_words: tops * words,
        pair_kept: tops * words * keep,
        tops,
        setup: combs as f64 + (h * h) as f64 * words,
    }
}

/// The share of the AND + popcount loop's words the sieve leaves a task
/// whose bitsets have `words` words ([`KEEP_PER_CUT`] per diagonal it cuts).
/// Priced from samples, `words` is a pivot's mean: a single descent's
/// estimate is too spread for a step function of it (the mean of the
/// steps of a spread estimate is not the step of the mean).
pub fn sieve_keep(words: f64, bucket_bottoms: usize) -> f64 {
    let k = Sieve::cut_size((words.max(0.0) * 64.0) as usize, bucket_bottoms);
    KEEP_PER_CUT.powi(k as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task whose bottoms fit one chunk is listed once; one of three
    /// chunks' bottoms lists its tops twice more.
    #[test]
    fn relistings_are_the_chunks_past_the_first() {
        let relist = Relist {
            bottoms: 3000.0,
            ns: 10.0,
        };
        assert_eq!(relist.ns_in(3000), 0.0);
        assert_eq!(relist.ns_in(1 << 20), 0.0);
        assert_eq!(relist.ns_in(1000), 20.0);
        assert_eq!(relist.ns_in(1024), 20.0);
        assert_eq!(relist.ns_in(64), 460.0);
    }

    /// A chunk's scratch fits its budget and 64 bottoms more would not
    /// (unless the largest set's bottoms all fit); past the fixed part of
    /// the scratch (a batch of tops, a bucket's tables) the chunk grows
    /// with the budget.
    #[test]
    fn chunks_are_the_largest_whose_scratch_fits() {
        let ovw = 25;
        for budget in [1 << 20, 16 << 20, 96 << 20, 256 << 20, 1 << 30] {
            for max_bottoms in [100u64, 1 << 20, 1 << 24, 1 << 30] {
                for max_group in [0u64, 5000] {
                    let c = chunk(max_bottoms, max_group, ovw, budget);
                    assert_eq!(c % 64, 0);
                    let most = (max_bottoms as usize + 63) / 64 * 64;
                    assert!(c <= most.max(64));
                    if c > 64 {
                        assert!(scratch_bytes(c, max_group, ovw) <= budget);
                    }
                    if c < most {
                        assert!(scratch_bytes(c + 64, max_group, ovw) > budget);
                    }
                }
            }
        }
        let big = |budget| chunk(1 << 30, 0, ovw, budget);
        assert!(
            big(1 << 30) > 3 * big(256 << 20),
            "{} {}",
            big(1 << 30),
            big(256 << 20)
        );
    }
}
