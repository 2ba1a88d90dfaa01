//! The half-board join's cost model: ns per unit of each kind of its work
//! ([`crate::engine::half_board::price::cost`] prices a column set's terms with
//! them), its tables' builds, planning's walks, and the ranked regime's
//! fits past 24.
//!
//! Nanoseconds on one core of a machine the model prices right (the
//! reference of `plan::calibration`): the join's kernel constants are a
//! fit of the blank boards' units, term by term (see below); the build
//! constants a fit of whole counts and shards on random boards n = 12..=17
//! and the blank boards n = 16..=20 (benches/blank.rs prints estimate /
//! real per N). The terms grow together, so one constant alone means
//! little.
//!
//! # The listed regime's fit
//! The join's constants (the listed regime's,
//! `cost::TaskWork::NS`: [`NS_JOIN`] to [`NS_TASK`]) are
//! one fit (2026-11-29 03:29-03:42 UTC, on the join by buckets with the
//! sieve's cut priced per chunk, `cargo bench --bench blank -- --fit 16 17
//! ... 23 --seconds 60` and `-- --fit 24 --seconds 600`, one thread, the
//! thread's precise CPU clock, every unit of 16..=18 and spread units of
//! 19..=24, rows in `benches/rows/fit-20-24-listed.rows`, fitted by `--fit
//! --rows FILE --speed 1.04`: one equation per N, its units' sums, so that
//! each N weighs the same, beside each unit's own; non-negative least
//! squares over the terms of `cost::TaskWork`), divided by that sitting's even
//! probe (1.04 the reference, see `plan::calibration`), so that they are
//! the reference machine's ns. Real / fitted per N at 16..=24: 1.05, 0.97,
//! 1.02, 1.09, 1.00, 1.08, 1.08, 0.96, 1.03 (per unit 0.70-1.33 from 20);
//! the constants before (a fit of 13..=23 on the kernel before the cut was
//! priced per chunk) left 22, 23 and 24 at 0.65, 0.68 and 0.22 (shards of
//! 24 ran 0.29-0.33 of their quotes, 1.19-1.27 of these): the deeper cuts
//! of big chunks read a falling share of the full-width pair words (0.89 of
//! them at 16, 0.12 at 22, 0.04 at 24), which the sieve's kept words follow
//! (the model's kept words over the words the kernel read: 1.6-3.4 at
//! every N), so the kept words carry most of the words' price now (benches/NOTES.md, "Listed
//! regime refit on the priced cut"). The other core was busy. Terms that
//! fitted to 0 price nothing: the model's bitset terms are the kernel
//! before's (it built a bitset per top quarter placement; this one builds
//! none).

use super::row::{Provenance::*, IN_NOTE};

/// The listed regime's fit (see the module's documentation).
const LISTED_FIT: &str =
    "cargo bench --bench blank -- --fit 16 17 ... 23 --seconds 60 and -- --fit 24 \
     --seconds 600, then --fit --rows benches/rows/fit-20-24-listed.rows --speed 1.04";
const LISTED_NOTES: &str = "Listed regime refit on the priced cut";
const LISTED_DAY: &str = "2026-11-29";

tunables! {
    /// Share of the AND + popcount loop's words a top reads per cut diagonal
    /// of the sieve: a chunk cut at `k` diagonals leaves `KEEP_PER_CUT^k` of
    /// its pair words, and about the square root of that of its quarter
    /// bitsets' words (a quarter placement uses about half its top's
    /// diagonals). Measured by the growth bench (`keep^(1 / cut)` is 0.62-0.70
    /// at N = 18..=22). The model prices both the full-width and the kept
    /// words (`cost::TaskWork`): what each costs is fitted, not assumed.
    KEEP_PER_CUT: f64 = 0.66, "share of pair words kept per cut diagonal",
        Measured {
            how: "cargo bench --bench blank -- --growth 18 19 20 21 22",
            when: "2026-11-26",
            notes: "The join's cost model and the sieve",
        };

    /// Per candidate quarter pair (both halves, before the diagonal test).
    NS_JOIN: f64 = 2.0281, "ns per candidate quarter pair",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per word of an `X`/`Y` bitset built for a quarter placement (fitted
    /// to 0: the kernel builds no such bitsets now).
    NS_XY_WORD: f64 = 0.0, "ns per bitset word built",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per word of `popcount(X & Y)` for a candidate top placement.
    NS_PAIR_WORD: f64 = 0.0025, "ns per full-width pair word",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per word of `X`/`Y` bitsets the sieve leaves (see [`KEEP_PER_CUT`];
    /// fitted to 0).
    NS_XY_KEPT: f64 = 0.0, "ns per kept bitset word",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per word of `popcount(X & Y)` the sieve leaves (see [`KEEP_PER_CUT`]).
    NS_PAIR_KEPT: f64 = 0.0831, "ns per kept pair word",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per top placement ANDed with its bottoms (its bitsets' rows, the
    /// sieve's ranges stepped through for it).
    NS_TOP: f64 = 7.3191, "ns per top placement",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };
    /// Per row-set combination visited and per bitset word of the tables
    /// (`h * h` table rows per word stand in for the transposed bottoms and
    /// the buckets' tables, as fitted).
    NS_TASK: f64 = 16.474, "ns per row-set combination and table word",
        Measured { how: LISTED_FIT, when: LISTED_DAY, notes: LISTED_NOTES };

    /// Per column set examined while laying out.
    NS_LAYOUT: f64 = 1.0, "ns per column set laid out",
        Chosen("a nominal price: the layout's walks (NS_LAYOUT_WALK) carry its time; never fitted");
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
    NS_LAYOUT_WALK: f64 = 21.0, "ns per quarter placement walked by the layout",
        Measured {
            how: "count N --estimate and count N --shard I/K at N = 18..=23, CPU time fitted",
            when: "2026-11-27",
            notes: "Planning's walks halved",
        };
    /// Per quarter placement and pivot of the layout's walk (see
    /// [`NS_LAYOUT_WALK`]).
    NS_LAYOUT_WALK_PIVOT: f64 = 1.95, "ns per quarter placement and pivot",
        Measured {
            how: "count N --estimate and count N --shard I/K at N = 18..=23, CPU time fitted",
            when: "2026-11-27",
            notes: "Planning's walks halved",
        };
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
    NS_QUARTER_ITEM: f64 = 60.0, "ns per quarter placement of a whole build",
        Measured {
            how: "a bench building a blank plan's tables alone, n = 16..=21, one thread, thread CPU",
            when: "2026-11-29",
            notes: "Whole counts' tables priced at their build",
        };
    /// Per quarter placement walked by a build (each further part's build
    /// walks every placement twice).
    NS_WALK_ITEM: f64 = 15.0, "ns per quarter placement walked by a build",
        Chosen("set beside NS_QUARTER_ITEM's first value (a walk without the stores); never fitted alone");
    /// Per placement kept by a walk of its own column set (dead branches
    /// included; each build walks twice).
    NS_SET_WALK_ITEM: f64 = 45.0, "ns per placement of a set's own walk",
        Chosen("three walks' items (the dead branches of a set's own walk); never fitted alone");
    /// Per placement stored by a narrowed part's build (a shard's), beside its
    /// walks; a shard's own joins are priced by its units (measured when the
    /// whole build's price still carried join work: `count 20 --shard 1/64`
    /// took 9.0 s, priced 15 s with 500 ns here; `count 22 --shard 1/512`
    /// 235 s, priced 300 s).
    NS_BUILD_ITEM: f64 = 50.0, "ns per placement stored by a narrowed build",
        Measured {
            how: "count 20 --shard 1/64 and count 22 --shard 1/512 against their quotes",
            when: "2026-11-27",
            notes: IN_NOTE,
        };
    /// Share of the candidate bottoms (pairs of bottom quarter placements the
    /// pivot leaves, see [`crate::engine::half_board::price::cost::bottom_words`])
    /// whose quarters share no diagonal:
    /// measured by the growth bench's fit rows (tally `bottoms` over
    /// `bottom_pairs`) 0.45-0.49 at odd N = 19, 21 and 0.32-0.35 at even N =
    /// 18, 20 (diagonal mode, whose bottoms have no longest-diagonal queen).
    BOTTOM_PASS: f64 = 0.47, "share of candidate bottoms kept (odd N)",
        Measured {
            how: "cargo bench --bench blank -- --fit 18 19 20 21 (tally bottoms over bottom_pairs)",
            when: "2026-11-27",
            notes: IN_NOTE,
        };
    /// [`BOTTOM_PASS`] in the diagonal mode (even N).
    BOTTOM_PASS_DIAG: f64 = 0.34, "share of candidate bottoms kept (diagonal mode)",
        Measured {
            how: "cargo bench --bench blank -- --fit 18 19 20 21 (tally bottoms over bottom_pairs)",
            when: "2026-11-27",
            notes: IN_NOTE,
        };

    /// The ranked regime's ns per pair word at full width, for n = 25, 26, 27
    /// and 28 (`cost::ranked_ns`): real thread CPU over the model's pair words, pooled over the
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
    /// (`cost::sieved_ns` over this regime's price, pooled; `cargo bench --bench
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
    ///
    /// Then a visit without bounds checks or a branch on the tie split
    /// (`matching::buckets::popcount::Piece`): each scaled by the AVX2
    /// kernel's CPU after over before on the same whole units of the plan
    /// (`cargo bench --bench blank -- --order N --units U --factors 0
    /// --kernel avx2`, 2026-12-05): x0.898 at 25 (4 units), x0.887 at 27 (2),
    /// x0.891 at 28 (3); 26's units (about 5 CPU-minutes each) were not run,
    /// so 26 takes the three pooled, x0.892.
    ///
    /// Then a run of tops summed in registers and each top's rest cut once
    /// per batch (`matching::buckets::visit_run`, `Piece::cut`): scaled the
    /// same way, on the same bench (2026-12-06): x0.957 at 25 (4 units),
    /// x0.963 at 27 (2), x0.891 at 28 (3); 26 the three pooled, x0.945.
    RANKED_PAIR_WORD_NS: [f64; 4] = [0.0316, 0.0145, 0.0186, 0.0135],
        "ns per full-width pair word, n = 25..=28",
        Measured {
            how: "cargo bench --bench blank -- --shard N I/K --rows, -- --fit --rows \
                  benches/rows/fit-25-27-fixed.rows --speed 1.02, then -- --sieved N K, \
                  then -- --order N --units U --factors 0 --kernel avx2",
            when: "2026-12-06",
            notes: "A run of tops in registers",
        };
    /// [`RANKED_PAIR_WORD_NS`] where the join plans pair mode (n = 26, 28;
    /// `layout::geometry`'s `PAIR_MIN_N`): pair mode came after the per-N
    /// constants were fitted, all of them in the diagonal and cross modes,
    /// and priced with them its units' joins 6.0x (26, 140 units in three
    /// samples) and 2.0x (28, 40 units) below the kernel's own estimates of
    /// them (`cargo bench --bench blank -- --sieved N 40`, 2026-12-05, joins
    /// alone: see benches/NOTES.md): the whole quotes of 26 and 28 in pair
    /// mode were 2.5x and 1.9x low. Each is the diagonal modes' constant
    /// scaled by that pooled ratio.
    RANKED_PAIR_MODE_WORD_NS: [f64; 2] = [0.1026, 0.0344],
        "ns per full-width pair word in pair mode, n = 26 and 28",
        Measured {
            how: "cargo bench --bench blank -- --sieved 26 40, -- --sieved 28 40 (joins alone)",
            when: "2026-12-05",
            notes: "Pair mode's quotes were low",
        };
    /// [`RANKED_PAIR_MODE_WORD_NS`] where pair mode folds the transpose too
    /// (n = 28, `layout::geometry`'s `PAIR_TRANSPOSE_MIN_N`): 28's constant
    /// times the eight-fold's real time over the four-fold's on the same
    /// whole units (`cargo bench --bench blank -- --transpose 28 --units 6
    /// --ranks 100000`, six units spread over the plan, thread CPU: 0.71,
    /// then 0.667 once a bucket's ties start on a block of four words), over
    /// the two plans' whole quotes priced alike (118.4 / 186.4 CPU-years at
    /// the four-fold constant: 0.635), so that the whole quote is the
    /// four-fold's times the measured ratio (0.0389 at 0.71; refitted, x
    /// 0.667 / 0.71, in the sitting of benches/NOTES.md, "AVX-512's popcount
    /// in the join; the ties refitted"). The kernel's estimates
    /// (`cost::sieved_ns`) do not see what the tie bottoms cost a top
    /// (`--sieved 28 40 --eight` read 0.86 of the four-fold constant's
    /// weights on the joins) and would price it lower. Then x0.891, the
    /// AVX2 kernel's CPU on three whole units of 28 after a visit lost its
    /// bounds checks and its branch on the tie split, over before
    /// (`cargo bench --bench blank -- --order 28 --units 3 --factors 0
    /// --kernel avx2`). Then x0.891 again, the same way, after a run of
    /// tops was summed in registers and each top's rest cut once per batch
    /// (2026-12-06).
    RANKED_EIGHT_PAIR_WORD_NS: f64 = 0.0290,
        "ns per full-width pair word in pair mode with the transpose, n = 28",
        Measured {
            how: "cargo bench --bench blank -- --transpose 28 --units 6 --ranks 100000; \
                  count 28 --estimate --threads 1 in both folds; \
                  -- --order 28 --units 3 --factors 0 --kernel avx2",
            when: "2026-12-06",
            notes: "A run of tops in registers",
        };
    /// What a unit in pair mode with the transpose costs over the kernel's
    /// estimate of it (`cost::sieved_ns`, priced on its words): the tie
    /// split a top's count takes in buckets that hold tie bottoms, which the
    /// estimate does not count. On six whole units of 28 run in both folds
    /// (`cargo bench --bench blank -- --transpose 28 --units 6 --ranks
    /// 100000`) the eight-fold took 0.71 of the four-fold's CPU where their
    /// estimates said 0.62: 0.71 / 0.62 (1.145). With a bucket's ties on a
    /// block of four words, the same bench: 0.667 where the estimates with
    /// this factor said 0.71, so 1.145 x 0.667 / 0.71.
    TIE_SPLIT_OVER_ESTIMATE: f64 = 1.076,
        "factor on the kernel's estimate, pair mode with the transpose",
        Measured {
            how: "cargo bench --bench blank -- --transpose 28 --units 6 --ranks 100000",
            when: "2026-12-05",
            notes: "AVX-512's popcount in the join; the ties refitted",
        };
    /// Ns per `cost::sieved_terms` (pair word, table word, bottom, visit, top) of
    /// the kernel's *estimate* of a set's tally, at every N past 24
    /// (`cost::sieved_ns`): one
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
    ///
    /// Then the pair-word and visit terms (the join's, which a visit
    /// without bounds checks or a branch on the tie split changed) x0.892:
    /// the AVX2 kernel's CPU after over before on whole units of 25, 27 and
    /// 28, pooled (`cargo bench --bench blank -- --order N --units U
    /// --factors 0 --kernel avx2`). Whole units hold tables and halves too,
    /// so the join's own gain is a little larger and these err high.
    ///
    /// Then the same two terms x0.945, the pooled ratio of the same bench
    /// on 25, 27 and 28 after a run of tops was summed in registers and
    /// each top's rest cut once per batch (2026-12-06).
    SIEVED_NS: [f64; 5] = [0.2903, 0.5211, 34.344, 3.408, 12.4096],
        "ns per pair word, table word, bottom, visit and top (estimated tally)",
        Measured {
            how: "cargo bench --bench blank -- --fit --rows benches/rows/fit-25-28-est.rows --speed 1.04, \
                  then -- --order N --units U --factors 0 --kernel avx2",
            when: "2026-12-06",
            notes: "A run of tops in registers",
        };

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
    SCRATCH_BUDGET: usize = 1 << 30, "bytes per thread",
        Measured {
            how: "one column set of 27 in chunks of 96 MiB, 256 MiB and 1 GiB, one thread, its CPU time",
            when: "2026-11-27",
            notes: "Shards priced from walks of their sets, and a larger scratch",
        };
}
