//! The ranked regime's prices (past 24, [`super::Regime::Ranked`]): its
//! constant per size, fitted to real units, and the price of a tally the
//! kernel estimated ([`sieved_ns`]), which prices a shard whose sets are
//! walked. The fits and their history are in the cost table
//! ([`crate::tuning::join`]).

use crate::engine::half_board::tally::Tally;
pub use crate::tuning::join::{
    RANKED_EIGHT_PAIR_WORD_NS, RANKED_PAIR_MODE_WORD_NS, RANKED_PAIR_WORD_NS, SIEVED_NS,
    TIE_SPLIT_OVER_ESTIMATE,
};

/// The ranked regime's constants at size `n` ([`super::Regime::Ranked`]), in the
/// order of [`super::TaskWork::terms`]: one term, the pair words at full width,
/// at [`RANKED_PAIR_WORD_NS`] for `n` (25..=28; other sizes take the
/// nearest), or [`RANKED_PAIR_MODE_WORD_NS`] where the join is in pair mode
/// (26 and 28; others the nearest), [`RANKED_EIGHT_PAIR_WORD_NS`] where it
/// folds the transpose there too.
pub fn ranked_ns(n: usize, pair: bool, transpose: bool) -> [f64; 7] {
    let mut ns = [0.0; 7];
    ns[3] = if pair && transpose {
        RANKED_EIGHT_PAIR_WORD_NS
    } else if pair {
        RANKED_PAIR_MODE_WORD_NS[(n.clamp(26, 28) - 26) / 2]
    } else {
        RANKED_PAIR_WORD_NS[n.clamp(25, 28) - 25]
    };
    ns
}

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
/// Where the join splits its buckets at tie bottoms (`ties`: pair mode
/// with the transpose), times [`TIE_SPLIT_OVER_ESTIMATE`]: the estimate
/// counts the words, not the split.
pub fn sieved_ns(estimated: &Tally, ties: bool) -> f64 {
    let ns: f64 = sieved_terms(estimated)
        .iter()
        .zip(SIEVED_NS)
        .map(|(t, c)| t * c)
        .sum();
    if ties {
        ns * TIE_SPLIT_OVER_ESTIMATE
    } else {
        ns
    }
}
