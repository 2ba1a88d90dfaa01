//! The shares a sampled pricing reads per pivot, from descents of whole
//! quarters and from the drawn tasks: see [`super::Sampled::passes`],
//! [`super::Sampled::within`], [`super::Sampled::apart`] and
//! [`super::Sampled::keeps`].

use super::board::Board;
use super::descents::Draw;
use crate::base::rng::Rng;
use crate::engine::half_board::price::cost::{bottom_words, sieve_keep, Regime};
use crate::engine::half_board::quarters;
use crate::tuning::sampling::QUARTER_DRAWS;

/// Per quarter: its placements (`seen`, summed over [`QUARTER_DRAWS`]
/// descents), and per pivot how many use only columns the pivot leaves
/// (`within`, its parts' tables) and the share of those its diagonals
/// leave too (`passes`).
pub(super) struct QuarterShares {
    pub(super) seen: [f64; 4],
    pub(super) within: Vec<[f64; 4]>,
    pub(super) passes: Vec<[f64; 4]>,
}

impl QuarterShares {
    /// The shares from descents of each whole quarter.
    pub(super) fn probed(board: &Board, rng: &mut Rng) -> QuarterShares {
        let shape = board.shape;
        let (n, h) = (shape.n, shape.h);
        let blocks: Vec<[u64; 4]> = board
            .pivots
            .iter()
            .map(|p| p.blocks(shape.diag_bot, n))
            .collect();
        let mut seen = [0f64; 4];
        let mut left = vec![[0f64; 4]; board.pivots.len()];
        let mut within = vec![[0f64; 4]; board.pivots.len()];
        for q in 0..4 {
            let shape = board.quarter_shapes[q];
            let wmask = (1u64 << shape.w) - 1;
            for _ in 0..QUARTER_DRAWS {
                let Some((estimate, da, cols)) =
                    quarters::probe(n, h, board.free, shape, None, rng)
                else {
                    continue;
                };
                seen[q] += estimate;
                for (p, pv) in board.pivots.iter().enumerate() {
                    if cols & !(pv.avail >> shape.col0) & wmask == 0 {
                        within[p][q] += estimate;
                        if da & blocks[p][q] == 0 {
                            left[p][q] += estimate;
                        }
                    }
                }
            }
        }
        let passes: Vec<[f64; 4]> = (0..board.pivots.len())
            .map(|p| {
                [0, 1, 2, 3].map(|q| {
                    if within[p][q] > 0.0 {
                        left[p][q] / within[p][q]
                    } else {
                        1.0
                    }
                })
            })
            .collect();
        QuarterShares {
            seen,
            within,
            passes,
        }
    }
}

/// Per pivot, the shares of the candidate tops and bottoms apart over all
/// of them ([`Sampled::apart`]).
pub(super) fn apart_shares(board: &Board, kept: &[Draw]) -> Vec<[f64; 2]> {
    let mut sums = vec![[0f64; 4]; board.pivots.len()];
    for d in kept {
        let sum = &mut sums[d.pivot];
        let add = [d.top_apart, d.top_pairs, d.bottom_apart, d.bottom_pairs];
        *sum = [0, 1, 2, 3].map(|i| sum[i] + add[i]);
    }
    let share = |part: f64, all: f64| if all > 0.0 { part / all } else { 1.0 };
    sums.iter()
        .map(|s| [share(s[0], s[1]), share(s[2], s[3])])
        .collect()
}

/// Per pivot, the share of the join's words the sieve leaves its tasks,
/// from their mean bottom words ([`Sampled::keeps`]).
pub(super) fn sieve_keeps(
    board: &Board,
    kept: &[Draw],
    passes: &[[f64; 4]],
    apart: &[[f64; 2]],
    regime: Regime,
) -> Vec<f64> {
    let mut words = vec![(0f64, 0usize); board.pivots.len()];
    for d in kept {
        let p = d.pivot;
        let w = &mut words[p];
        w.0 += bottom_words(
            board.sym,
            passes[p],
            d.bottom_pairs,
            regime.apart(apart[p])[1],
        );
        w.1 += 1;
    }
    words
        .iter()
        .map(|&(sum, k)| sieve_keep(sum / k.max(1) as f64, board.shape.bucket_bottoms))
        .collect()
}
