//! The figures a sampled price reads, for one column set of a pivot: its
//! halves' candidate pairs and its quarters' placements, each from one
//! random descent (Knuth's estimator, [`draw`]) or counted exactly
//! ([`walked`]). A room of its own: these estimate the join's shapes and
//! never price them (the cost model reads them in `super`).

use std::collections::HashMap;

use crate::base::rng::Rng;
use crate::engine::half_board::price::cost::half_pairs;
use crate::engine::half_board::quarters::{self, Quarter};

use super::board::Board;

/// One drawn canonical task: its pivot and column set, and its terms.
pub(super) struct Draw {
    pub(super) pivot: usize,
    pub(super) s: u64,
    pub(super) top_pairs: f64,
    /// Of `top_pairs`, those whose quarters share no diagonal (from the
    /// same descent: all of them or none; descents only, a walked set
    /// takes its pivot's share).
    pub(super) top_apart: f64,
    pub(super) top_items: f64,
    /// Likewise of `bottom_pairs`.
    pub(super) bottom_apart: f64,
    pub(super) bottom_pairs: f64,
    /// Placements of the task's column set in each quarter.
    pub(super) items: [f64; 4],
}

/// The model's terms for the canonical task of pivot `pi` with column set
/// `s`, each from one descent (the bottom quarters' sizes from their own
/// stream `bottoms_rng`, so that the joins' figures do not depend on them).
pub(super) fn draw(board: &Board, pi: usize, s: u64, rng: &mut Rng, bottoms_rng: &mut Rng) -> Draw {
    let shape = board.shape;
    let (n, h, wl) = (shape.n, shape.h, shape.wl);
    let lmask = (1u64 << wl) - 1;
    let sb = board.pivots[pi].avail ^ s;
    let (top_pairs, apart) = half_descent(board, 0, s, rng);
    let (bottom_pairs, bottoms_apart) = half_descent(board, shape.hb, sb, rng);
    let mut items = [0.0; 4];
    for (q, cols) in [s & lmask, s >> wl, sb & lmask, sb >> wl]
        .into_iter()
        .enumerate()
    {
        let rng = if q < 2 { &mut *rng } else { &mut *bottoms_rng };
        if let Some((estimate, ..)) =
            quarters::probe(n, h, board.free, board.quarter_shapes[q], Some(cols), rng)
        {
            items[q] = estimate;
        }
    }
    Draw {
        pivot: pi,
        s,
        top_pairs,
        top_apart: if apart { top_pairs } else { 0.0 },
        bottom_apart: if bottoms_apart { bottom_pairs } else { 0.0 },
        top_items: items[0] + items[1],
        bottom_pairs,
        items,
    }
}

/// The model's terms for the canonical task of pivot `pi` with column set
/// `s`, exactly: each quarter's placements on the task's columns counted
/// per row set (`rows` keeps the walks already made), then the halves'
/// candidate pairs from them as exact planning finds them
/// ([`half_pairs`]).
pub(super) fn walked(
    board: &Board,
    pi: usize,
    s: u64,
    rows: &mut HashMap<(usize, u64), Vec<u32>>,
) -> Draw {
    let shape = board.shape;
    let (n, h, wl) = (shape.n, shape.h, shape.wl);
    let lmask = (1u64 << wl) - 1;
    let sb = board.pivots[pi].avail ^ s;
    let sets = [s & lmask, s >> wl, sb & lmask, sb >> wl];
    for (q, &cols) in sets.iter().enumerate() {
        rows.entry((q, cols)).or_insert_with(|| {
            Quarter::rows_within(n, h, board.free, board.quarter_shapes[q], cols)
        });
    }
    let of = |q: usize| &rows[&(q, sets[q])];
    let half = |ql: usize| {
        let (left, right) = (of(ql), of(ql + 1));
        half_pairs(
            h,
            sets[ql].count_ones(),
            |a| u64::from(left[a as usize]),
            |b| u64::from(right[b as usize]),
        )
    };
    let (top_pairs, top_items) = half(0);
    let (bottom_pairs, _) = half(2);
    Draw {
        pivot: pi,
        s,
        top_pairs: top_pairs as f64,
        top_apart: 0.0,
        bottom_apart: 0.0,
        top_items: top_items as f64,
        bottom_pairs: bottom_pairs as f64,
        items: [0, 1, 2, 3].map(|q| of(q).iter().map(|&x| f64::from(x)).sum()),
    }
}

/// A uniformly random `k`-subset of the columns `cols`, as a column set.
pub(super) fn random_subset(cols: &[usize], k: usize, rng: &mut Rng) -> u64 {
    // Floyd's algorithm: k draws, each new or the top of its range.
    let m = cols.len();
    let mut picked = 0u64;
    for j in m - k..m {
        let t = rng.below(j as u64 + 1) as usize;
        picked |= if (picked >> t) & 1 == 0 {
            1 << t
        } else {
            1 << j
        };
    }
    let mut s = 0u64;
    let mut bits = picked;
    while bits != 0 {
        s |= 1u64 << cols[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    s
}

/// One descent estimating a half's candidate pairs with column set `cols`,
/// its first row `row0`: every row takes a queen in `cols`, and a queen
/// attacks only queens of its own quarter (the test between the two
/// quarters comes later, in the kernel, so the model prices pairs before
/// it). 0 at a dead end. With it, whether the pair it reached passes that
/// test (no diagonal shared by its two quarters' queens): the share of
/// candidate pairs the kernel joins, [`Sampled::apart`].
fn half_descent(board: &Board, row0: usize, cols: u64, rng: &mut Rng) -> (f64, bool) {
    let shape = board.shape;
    let (n, h, wl) = (shape.n, shape.h, shape.wl);
    let lmask = (1u64 << wl) - 1;
    // Per quarter side: its queens' `d` and `a` diagonals.
    let mut diag = [[0u64; 2]; 2];
    let mut used = 0u64;
    let mut weight = 1.0;
    for r in row0..row0 + h {
        let mut cand = 0u64;
        let mut free = board.free[r] & cols & !used;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let side = usize::from((lmask >> c) & 1 == 0);
            let [dm, am] = diag[side];
            if (dm >> (r + c)) & 1 == 0 && (am >> (r + n - 1 - c)) & 1 == 0 {
                cand |= 1 << c;
            }
        }
        let options = cand.count_ones();
        if options == 0 {
            return (0.0, false);
        }
        weight *= f64::from(options);
        for _ in 0..rng.below(u64::from(options)) {
            cand &= cand - 1;
        }
        let c = cand.trailing_zeros() as usize;
        let side = usize::from((lmask >> c) & 1 == 0);
        used |= 1 << c;
        diag[side][0] |= 1 << (r + c);
        diag[side][1] |= 1 << (r + n - 1 - c);
    }
    let [left, right] = diag;
    let apart = left[0] & right[0] == 0 && left[1] & right[1] == 0;
    (weight, apart)
}
