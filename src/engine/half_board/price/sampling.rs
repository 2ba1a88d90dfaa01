//! Pricing a join from random samples instead of its whole task list: the
//! price of [`crate::engine::half_board::layout`]'s cost model, estimated
//! without walking every quarter placement nor listing every column set.
//!
//! Exact planning walks every quarter placement into dense bucket counts
//! and prices every canonical column set from them: a minute of planning
//! at n = 24, and beyond it the walks grow about 10x a size (13 x 13
//! quarters hold about 6 * 10^9 placements). Here every figure the model
//! reads is an unbiased estimate instead:
//!
//! - a *draw* is a pivot and a uniformly random `h`-subset `S` of its
//!   available columns; it prices 0 unless `S` is canonical
//!   ([`crate::engine::half_board::column_sets::task_of`]), so the mean
//!   over draws, times the number of subsets, estimates the sum over the
//!   canonical tasks;
//! - a task's model terms are its halves' candidate pairs (a left quarter
//!   placement with a right one on the complementary rows) and its top
//!   quarters' placements. Each is the number of leaves of a search tree,
//!   and one random descent of that tree that multiplies the branch counts
//!   it meets has exactly that number as its mean (Knuth's estimator).
//!   The halves' descents are independent, so the product of their
//!   estimates is an unbiased estimate of the product the model prices;
//! - the shares of each quarter's placements a pivot's diagonals leave are
//!   ratios of such estimates over the drawn sets;
//! - the placements of a whole quarter (the tables' size) are descents of
//!   the walk over every column set.
//!
//! The only bias left is the model's own `ceil` of words per task, below a
//! word in millions.
//!
//! The rooms: `board` is what a sampling reads of a board and its
//! geometry ([`Board`]), `descents` finds one column set's figures (a
//! descent or a walk), `shares` the shares of quarters and pairs a pivot's draws
//! leave, `joins` a drawn task's work and its pivot's joins, `sets`
//! prices some column sets of a pivot (ranked units); this file prices
//! the whole board from draws.
//!
//! # Constraints
//! Whatever the layout accepts (`n <= 32` for column sets, `n <= 30` for
//! quarters); every descent takes `O(n)` word operations.
//!
//! # Complexity
//! `O(draws * n * h)`: about a second for the default draws at any `n`.

mod board;
mod descents;
mod joins;
mod sets;
mod shares;

pub use board::Board;
pub use sets::{price_sets, Priced, SetPrice, SetsPrice};

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::{binom, positions, task_of};
use crate::engine::half_board::layout::Geometry;
use crate::engine::half_board::price::cost::{Regime, Relist};
use crate::tuning::sampling::{BOTTOMS_OVER_MEAN, QUARTER_DRAWS};
pub use crate::tuning::sampling::{DRAWS, ROUGH_DRAWS, TOTAL_DRAWS};
use descents::{draw, random_subset, Draw};
use joins::{joins_of, Joins};
use shares::{apart_shares, sieve_keeps, QuarterShares};

/// What a sampled pricing estimates.
#[derive(Clone, Debug)]
pub struct Sampled {
    /// Per pivot: its canonical tasks, and their joins' ns.
    pub tasks: Vec<f64>,
    pub joins: Vec<f64>,
    /// Per quarter: its placements over every column set.
    pub placements: [f64; 4],
    /// Per pivot and quarter: the share of the quarter's placements on
    /// columns the pivot leaves that its diagonals leave too (and, for the
    /// bottoms in diagonal mode, with no longest-diagonal queen).
    pub passes: Vec<[f64; 4]>,
    /// Per pivot and quarter: the share of those placements whose columns
    /// the pivot leaves (all a part of its tasks can need).
    pub within: Vec<[f64; 4]>,
    /// Per pivot: the share of the join's words the sieve leaves its
    /// tasks, from their mean bottom words ([`crate::engine::half_board::price::cost::sieve_keep`]).
    pub keeps: Vec<f64>,
    /// Per pivot: the shares of its tasks' candidate tops and of their
    /// candidate bottoms whose two quarters share no diagonal (what the
    /// kernel joins; the ranked regime prices them after this test, see
    /// [`Regime`]).
    pub apart: Vec<[f64; 2]>,
    /// About the most candidate bottoms one task joins (what bounds its
    /// scratch): [`BOTTOMS_OVER_MEAN`] times their mean.
    pub max_bottoms: f64,
    /// Per quarter: the placements of one canonical task's column set in
    /// it, on average (what a table built for a few tasks holds).
    pub set_items: [f64; 4],
    /// Per drawn task: how many tasks it stands for, and what each further
    /// chunk of its bottoms costs (see [`Relist`]).
    pub relists: Vec<(f64, Relist)>,
}

impl Sampled {
    /// The joins' ns, every pivot.
    pub fn joins_ns(&self) -> f64 {
        self.joins.iter().sum()
    }

    /// The canonical tasks, every pivot.
    pub fn task_count(&self) -> f64 {
        self.tasks.iter().sum()
    }

    /// The ns the chunks past each task's first add in chunks of `chunk`
    /// bottoms, every pivot.
    pub fn relist_ns(&self, chunk: usize) -> f64 {
        self.relists.iter().map(|(k, r)| k * r.ns_in(chunk)).sum()
    }
}

/// Prices the join of `board` from `draws` draws per pivot, seeded by
/// `seed` (the same seed gives the same figures), in `regime`'s model.
pub fn sample(board: &Board, draws: usize, seed: u64, regime: Regime) -> Sampled {
    let mut rng = Rng::new(seed);
    let mut bottoms_rng = Rng::new(seed ^ 0xb0770b5);
    let pivots = board.pivots.len().max(1);
    let draws = draws.min((TOTAL_DRAWS + pivots - 1) / pivots);
    let (tasks, kept) = draw_tasks(board, draws, &mut rng, &mut bottoms_rng);
    let quarters = QuarterShares::probed(board, &mut rng);
    let apart = apart_shares(board, &kept);
    let keeps = sieve_keeps(board, &kept, &quarters.passes, &apart, regime);
    let Joins { joins, relists } = joins_of(
        board,
        &kept,
        draws,
        (&quarters.passes, &keeps, &apart),
        regime,
    );

    let seen = quarters.seen;
    let mean =
        |of: &dyn Fn(&Draw) -> f64| kept.iter().map(of).sum::<f64>() / kept.len().max(1) as f64;
    let mean_bottoms = mean(&|d| d.bottom_pairs);
    Sampled {
        tasks,
        joins,
        passes: quarters.passes,
        placements: seen.map(|total| total / QUARTER_DRAWS as f64),
        within: quarters
            .within
            .iter()
            .map(|w| [0, 1, 2, 3].map(|q| w[q] / seen[q].max(f64::MIN_POSITIVE)))
            .collect(),
        keeps,
        apart,
        max_bottoms: BOTTOMS_OVER_MEAN * mean_bottoms,
        set_items: [0, 1, 2, 3].map(|q| mean(&|d| d.items[q])),
        relists,
    }
}

/// `draws` random column sets per pivot: the canonical ones drawn
/// ([`draw`]), and per pivot its canonical tasks estimated (the share of
/// canonical draws times its subsets).
fn draw_tasks(
    board: &Board,
    draws: usize,
    rng: &mut Rng,
    bottoms_rng: &mut Rng,
) -> (Vec<f64>, Vec<Draw>) {
    let (n, h) = (board.shape.n, board.shape.h);
    let mut kept = Vec::new();
    let mut tasks = vec![0f64; board.pivots.len()];
    for (pi, pv) in board.pivots.iter().enumerate() {
        let cols = positions(pv.avail);
        let subsets = binom(cols.len(), h) as f64;
        let mut canonical = 0usize;
        for _ in 0..draws {
            let s = random_subset(&cols, h, rng);
            if task_of(n, pv, pi, board.sym, s).is_none() {
                continue;
            }
            canonical += 1;
            kept.push(draw(board, pi, s, rng, bottoms_rng));
        }
        tasks[pi] = subsets * canonical as f64 / draws.max(1) as f64;
    }
    (tasks, kept)
}

impl Geometry {
    /// The joins and quarters of this board priced from samples, in
    /// `regime`'s model.
    pub fn sample(&self, draws: usize, seed: u64, regime: Regime) -> Sampled {
        sample(&self.board(), draws, seed, regime)
    }

    /// This geometry as the sampled pricing reads it.
    pub fn board(&self) -> Board<'_> {
        Board {
            shape: &self.shape,
            sym: self.sym,
            free: &self.free,
            quarter_shapes: &self.quarter_shapes,
            pivots: &self.pivots,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::descents::walked;
    use super::*;
    use crate::engine::budget::Budget;
    use crate::engine::half_board::layout::{Layout, MinN};
    use std::collections::HashMap;

    fn board_of(layout: &Layout) -> Board<'_> {
        Board {
            shape: &layout.shape,
            sym: layout.sym,
            free: &layout.free,
            quarter_shapes: &layout.quarter_shapes,
            pivots: &layout.pivots,
        }
    }

    fn sampled_of(layout: &Layout, draws: usize, seed: u64) -> Sampled {
        sample(&board_of(layout), draws, seed, Regime::Listed)
    }

    /// The blank boards of sides `blank`, then `random` boards of sides
    /// `sides` with up to `percent`% of their cells blocked.
    fn boards(
        rng: &mut Rng,
        blank: std::ops::RangeInclusive<usize>,
        random: usize,
        sides: (usize, usize),
        percent: u64,
    ) -> Vec<(usize, Vec<u64>)> {
        let mut boards: Vec<(usize, Vec<u64>)> =
            blank.map(|n| (n, vec![(1u64 << n) - 1; n])).collect();
        for _ in 0..random {
            let n = rng.between(sides.0, sides.1);
            let percent = rng.below(percent);
            boards.push((n, rng.board(n, percent).rows().to_vec()));
        }
        boards
    }

    /// A whole sampled price (parts for a memory limit, peak memory)
    /// against exact planning's, with and without splits.
    #[test]
    fn sampled_prices_agree_with_planned_ones() {
        for n in 14..=19 {
            let blank = vec![(1u64 << n) - 1; n];
            for bytes in [1usize << 30, 40 << 20] {
                let budget = Budget::new(bytes, 1);
                let exact = Layout::new(n, &blank, budget, MinN::default());
                let priced = Layout::price(n, &blank, budget, MinN::default());
                let (Some(exact), Some(priced)) = (exact, priced) else {
                    panic!("n = {n}, {bytes} bytes: planned or priced alone");
                };
                let parts = exact.parts.len();
                let what = format!("n = {n}, {bytes} bytes, {parts} parts");
                // Split plans: the parts' sizes are priced from whole quarters
                // while canonical column sets skip some (the flip's
                // representative never holds the last free column), so the
                // split may come out one step finer, and each part walks
                // the quarters again.
                let within = if parts == 1 { 0.9..1.1 } else { 0.8..1.25 };
                let cost = priced.cost / exact.cost;
                assert!(within.contains(&cost), "{what}: cost {cost:.3}");
                // A part's tables are priced as 1/K of the placements on
                // the pivot's columns; planning's parts hold only the
                // column sets some canonical task needs (the flip keeps
                // one of S and its complement, so about half of one top
                // quarter's sets): the price of a split errs high (1.47x
                // at 19 since the tops store diagonals alone), never low.
                let high = if parts == 1 { 1.33 } else { 1.6 };
                let peak =
                    priced.peak_bytes as f64 / exact.layout_bytes.max(exact.running_bytes) as f64;
                assert!((0.75..high).contains(&peak), "{what}: peak {peak:.3}");
            }
        }
    }

    /// A half's candidate pairs by brute force: every way to give rows
    /// `row0..row0 + h` one queen each on the free cells of `cols`, no two
    /// in a column, and no two on one side (columns below `wl` or not) on
    /// a diagonal.
    fn half_by_hand(free: &[u64], row0: usize, h: usize, cols: u64, wl: usize) -> u64 {
        placements_by_hand(free, row0..row0 + h, cols, wl, false)
    }

    /// [`half_by_hand`], and with `across` no two queens on a diagonal at
    /// all: the pairs whose quarters share no diagonal.
    fn placements_by_hand(
        free: &[u64],
        rows: std::ops::Range<usize>,
        cols: u64,
        wl: usize,
        across: bool,
    ) -> u64 {
        fn place(
            free: &[u64],
            rows: &std::ops::Range<usize>,
            (cols, wl, across): (u64, usize, bool),
            queens: &mut Vec<(usize, usize)>,
        ) -> u64 {
            let r = rows.start + queens.len();
            if r == rows.end {
                return 1;
            }
            let mut total = 0;
            for c in (0..64).filter(|&c| (cols & free[r]) >> c & 1 == 1) {
                let attacked = queens.iter().any(|&(r2, c2)| {
                    let same_side = across || (c < wl) == (c2 < wl);
                    c2 == c || (same_side && r - r2 == c.abs_diff(c2))
                });
                if !attacked {
                    queens.push((r, c));
                    total += place(free, rows, (cols, wl, across), queens);
                    queens.pop();
                }
            }
            total
        }
        place(free, &rows, (cols, wl, across), &mut Vec::new())
    }

    /// The shares of each pivot's candidate tops and bottoms whose
    /// quarters share no diagonal ([`Sampled::apart`], from one descent
    /// per draw) against brute force over every canonical task of the
    /// pivot, on blank boards (every folding mode) and boards with blocked
    /// cells.
    #[test]
    fn sampled_shares_apart_agree_with_brute_force() {
        let mut rng = Rng::new(41);
        let mut checked = 0;
        for (n, free) in boards(&mut rng, 12..=14, 6, (12, 14), 15) {
            let Some(layout) = Layout::new(n, &free, Budget::default(), MinN::both(12)) else {
                continue;
            };
            let (h, hb, wl) = (layout.shape.h, layout.shape.hb, layout.shape.wl);
            let sampled = sampled_of(&layout, DRAWS, 3);
            // Per pivot and half: pairs apart, all candidate pairs.
            let mut sums = vec![[(0u64, 0u64); 2]; layout.pivots.len()];
            for task in &layout.tasks {
                let p = task.pivot as usize;
                let s = u64::from(task.s);
                let halves = [(0, s), (hb, layout.pivots[p].avail ^ s)];
                for (sum, (row0, cols)) in sums[p].iter_mut().zip(halves) {
                    sum.0 += placements_by_hand(&free, row0..row0 + h, cols, wl, true);
                    sum.1 += half_by_hand(&free, row0, h, cols, wl);
                }
            }
            for (p, halves) in sums.iter().enumerate() {
                for (half, &(apart, all)) in halves.iter().enumerate() {
                    // Pivots with few candidate pairs are a few draws' worth.
                    if all < 2000 {
                        continue;
                    }
                    let exact = apart as f64 / all as f64;
                    let sampled = sampled.apart[p][half];
                    let what =
                        format!("n = {n}, pivot {p}, half {half}: {sampled} against {exact:.3}");
                    assert!((sampled / exact - 1.0).abs() < 0.1, "{what}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 20, "only {checked} shares checked");
    }

    /// Walked pricing's terms are exact: each task's halves' candidate
    /// pairs against a brute force, on blank boards and boards with
    /// blocked cells (every folding mode, so every pivot kind).
    #[test]
    fn walked_sets_count_their_halves_exactly() {
        let mut rng = Rng::new(29);
        let mut checked = 0;
        for (n, free) in boards(&mut rng, 12..=15, 8, (12, 15), 25) {
            let Some(layout) = Layout::new(n, &free, Budget::default(), MinN::both(12)) else {
                continue;
            };
            let board = board_of(&layout);
            let (h, hb, wl) = (layout.shape.h, layout.shape.hb, layout.shape.wl);
            let mut walks = HashMap::new();
            for _ in 0..12 {
                let task = layout.tasks[rng.below(layout.tasks.len() as u64) as usize];
                let (pi, s) = (task.pivot as usize, u64::from(task.s));
                let d = walked(&board, pi, s, &mut walks);
                let sb = layout.pivots[pi].avail ^ s;
                let what = format!("n = {n}, pivot {pi}, set {s:#b}");
                assert_eq!(
                    d.top_pairs as u64,
                    half_by_hand(&free, 0, h, s, wl),
                    "{what}: top"
                );
                assert_eq!(
                    d.bottom_pairs as u64,
                    half_by_hand(&free, hb, h, sb, wl),
                    "{what}: bottom"
                );
                checked += 1;
            }
        }
        assert!(checked >= 100, "only {checked} tasks checked");
    }

    /// The sampled joins and quarter sizes against exact planning's, on
    /// blank boards (every folding mode) and boards with blocked cells.
    #[test]
    fn sampling_agrees_with_exact_pricing() {
        let mut rng = Rng::new(11);
        for (n, free) in boards(&mut rng, 12..=18, 6, (12, 16), 15) {
            let layout = Layout::new(n, &free, Budget::default(), MinN::both(12)).unwrap();
            let exact: f64 = layout.units.iter().map(|u| u.weight).sum();
            let sampled = sampled_of(&layout, DRAWS, 5);
            let ratio = sampled.joins_ns() / exact;
            assert!(
                (0.9..1.1).contains(&ratio),
                "n = {n}, fold {}: sampled joins / exact = {ratio:.3}",
                layout.sym.fold()
            );
            for q in 0..4 {
                let ratio = sampled.placements[q] / layout.walked[q] as f64;
                assert!(
                    (0.95..1.05).contains(&ratio),
                    "n = {n}, quarter {q}: {ratio:.3}"
                );
            }
            let tasks = layout.tasks.len() as f64;
            let ratio = sampled.task_count() / tasks;
            assert!((0.95..1.05).contains(&ratio), "n = {n}: tasks {ratio:.3}");
        }
    }
}
