//! One column set's work in the model's terms, from its halves' bucket
//! sizes: the candidate pairs of a half ([`half_pairs`]), the words of its
//! bottoms ([`bottom_words`]), the share the sieve leaves ([`sieve_keep`])
//! and the terms themselves ([`task_work`]), which exact planning and
//! sampled pricing both call. A room of its own: how a task's shape
//! becomes terms, apart from what each term costs.

use crate::engine::half_board::column_sets::{binom, for_each_comb, Symmetric};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::sieve::Sieve;

use super::terms::TaskWork;
use crate::tuning::join::{BOTTOM_PASS, BOTTOM_PASS_DIAG, KEEP_PER_CUT};

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
/// descents, [`super::Regime::Ranked`]), else [`BOTTOM_PASS`] stands for it; in
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

/// The cost model's work (see [`super::TaskWork::ns`] for its price) of the task with column set `s` of a
/// pivot leaving `avail`: its top half's candidate pairs and quarter
/// placements `top`, its bottom half's candidate pairs `bottom_pairs` and
/// their [`bottom_words`] with the share of them the sieve leaves
/// (`(words, keep)`, [`sieve_keep`]), the shares of each quarter's
/// placements the pivot leaves (`passes`) and of the candidate tops whose
/// quarters share no diagonal (`tops_apart`: 1 in the listed regime, see
/// [`super::Regime::apart`]).
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
