//! The ranked regime's prices (past 24, [`super::Regime::Ranked`]): its
//! constant per size, fitted to real units, and the price of a tally the
//! kernel estimated ([`sieved_ns`]), which prices a shard whose sets are
//! walked. A room of its own: the fits and their history are long, and
//! read apart from the listed regime's.

use crate::engine::half_board::tally::Tally;

/// The ranked regime's constants at size `n` ([`super::Regime::Ranked`]), in the
/// order of [`super::TaskWork::terms`]: one term, the pair words at full width,
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
