//! The work list of a join: one task per column set `S` of the top half
//! (per middle-row pivot for odd `n`), reduced by the board's symmetries.
//!
//! If the board is invariant under the left-right mirror and/or the
//! top-bottom flip (always true for a blank board), column sets related by
//! the induced maps (`S -> mirror(S)`, `S -> available \ S`) give equal
//! contributions: only the smallest `S` of each orbit is kept, with the
//! orbit's size as its multiplier. For odd `n` a mirror-symmetric board
//! pairs pivot `m` with pivot `n - 1 - m`.
//!
//! *Diagonal mode* (even `n`, board also invariant under both diagonal
//! reflections): the reflection in the anti-diagonal keeps the
//! anti-diagonal pointwise and moves a main-diagonal queen between the
//! halves; the transpose does the converse. So solutions whose bottom half
//! has a queen on a longest diagonal are counted through their images: only
//! bottoms with no queen on either longest diagonal are built, and a top
//! placement weighs 2 per longest diagonal it occupies. The flip then only
//! holds for the weight-1 part, which gets its own multiplier.
//!
//! *Cross mode* (odd `n`, board kept by all eight symmetries): the
//! transpose swaps the middle row and the middle column, so it maps a
//! solution whose middle-row queen is `dm` columns from the centre and
//! whose middle-column queen is `dr` rows from it to one with the two
//! swapped. `dm != dr` unless both are the centre queen (two queens equally
//! far out would share a diagonal), so the transpose pairs the solutions
//! with `dm < dr` one to one with those with `dm > dr`: the join counts
//! only the first kind, twice. A pivot `dm` from the centre blocks the
//! right quarters' placements whose middle-column queen is within `dm`
//! rows of the middle ([`crate::engine::half_board::quarters::Marks`]);
//! the mirror and the flip keep both distances, so they fold as before.
//! Pivots at the edge (`dm = h`) leave nothing; the centre pivot weighs 1.
//!
//! *Pair mode* (even `n`, any board): the two middle rows are pivot rows,
//! a pivot being a queen in each, and the halves are the `n / 2 - 1` rows
//! above and below them. The pivots' queens block two columns and four
//! diagonals, which shrinks both halves' placements and the pairs the
//! kernel tests far more than the halves' extra row costs (the even
//! boards' time per solution grew about 2x a size with halves of `n / 2`
//! rows). The flip and the mirror move every pair to another one: pivots
//! are kept one per orbit, weighted by its size, and only the half turn
//! can keep a pivot (`S -> available \ mirror(S)`).
//!
//! *Pair mode with the transpose* (the board kept by all eight): the
//! transpose maps a solution whose middle rows' queens stand in columns
//! `(a, b)` and whose middle columns' queens stand in rows `(c, d)` to one
//! with the two pairs swapped, and no solution has `(a, b) = (c, d)` (a
//! queen on `(m - 1, a)` and one on `(a, m - 1)`, `m = n / 2`, share an
//! anti-diagonal unless `a = m - 1`, and then `b = d` puts queens on
//! `(m, m)` and `(m - 1, m - 1)`). Take a pair's key to be how far its
//! outermost member is from the edge (`min(x, n - 1 - x)` over both),
//! capped at the marks there is room for; the mirror, the flip and the
//! half turn keep both keys. Weigh a solution 2 when its middle columns'
//! key is above its pivot's, 1 when they are equal and 0 below: a solution
//! and its transpose weigh 2 together, so the weights sum to the count,
//! and the other symmetries fold as before. A pivot refuses (by marks in
//! the quarters' words, [`crate::engine::half_board::quarters::Marks`])
//! every middle-column queen nearer the edge than its own key, and the
//! kernel counts a pair of halves twice unless one of them has a
//! middle-column queen exactly at the key (its *tie*): about half the
//! work of the pair mode without it.
//!
//! # Constraints
//! `n <= 32` (a column set is a `u32`).
//!
//! # Complexity
//! Every `h`-subset of the available columns is visited once per pivot:
//! `O(C(n, n / 2) * n)` for odd `n`, with a few word operations each.
//!
//! # Rooms
//! This file holds the tasks: a column set's orbit and multipliers
//! ([`task_of`]), every canonical one listed ([`for_each_task`]) or those
//! of a range of ranks ([`tasks_in_ranks`]). Its rooms, none of which
//! imports it:
//! - `pivot`: the pivots and the board's symmetries ([`Pivot`],
//!   [`Symmetric`], [`pivots`]);
//! - `subsets`: the `k`-subsets counted, listed and ranked ([`binom`],
//!   [`combinations`]);
//! - `tiles`: the order a ranked unit's ranks name its column sets in
//!   ([`Tiles`]).

mod pivot;
mod subsets;
pub mod tiles;

pub use pivot::{pivots, Pivot, Symmetric};
pub use subsets::{binom, combinations, for_each_comb, Combinations};

use tiles::Tiles;

/// One column set `S` (for one pivot) with its symmetry multipliers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    pub s: u32,
    pub pivot: u16,
    /// Multiplier of the part with a queen of the top half on a longest
    /// diagonal (diagonal mode; weights 2 and 4 applied inside), or of the
    /// part that weighs 2 (pair mode with the transpose).
    pub mult: u16,
    /// Multiplier of the part where no queen is on a longest diagonal
    /// (everything outside diagonal mode); 0 when another column set of
    /// the orbit accounts for it.
    pub mult_clean: u16,
}

/// Calls `visit(task)` for every canonical column set of every pivot.
pub fn for_each_task(
    n: usize,
    h: usize,
    pivots: &[Pivot],
    sym: Symmetric,
    mut visit: impl FnMut(Task),
) {
    for (pi, pv) in pivots.iter().enumerate() {
        let positions = positions(pv.avail);
        for_each_comb(positions.len(), h as u32, |idx| {
            if let Some(task) = task_of(n, pv, pi, sym, spread(idx, &positions)) {
                visit(task);
            }
        });
    }
}

/// The tasks of pivot `pv` (number `pi`) whose column sets have ranks in
/// `ranks` in the order `order` of the `h`-subsets of its available
/// columns (made by [`Tiles::split`]; a [`Tiles`] with no right columns is
/// the colex order [`for_each_task`] visits them in): a unit of work
/// named by its pivot and a rank range, its tasks made when it runs, with
/// no list of every task (what the join needs past n = 24).
///
/// ```
/// use nqueens::engine::half_board::column_sets::{pivots, tasks_in_ranks, Symmetric};
/// use nqueens::engine::half_board::column_sets::tiles::Tiles;
/// let sym = Symmetric {
///     mirror: false, flip: false, diagonal: false, cross: false, pair: false, transpose: false,
/// };
/// let pv = pivots(6, 3, &[63; 6], sym)[0];
/// let colex = Tiles::new(6, 0, 3, 1);
/// // C(6, 3) = 20 column sets, every one a task on an unfolded board.
/// assert_eq!(tasks_in_ranks(6, &pv, 0, sym, &colex, 0..20).len(), 20);
/// // Colex order: {0,1,2}, {0,1,3}, {0,2,3}, {1,2,3}, {0,1,4}, {0,2,4}, ...
/// assert_eq!(tasks_in_ranks(6, &pv, 0, sym, &colex, 5..7)[0].s, 0b1_0101);
/// // Split after column 3, in tiles of 2 x 2: ranks 0..4 are the first
/// // tile of one column on the left ({0} and {1}, each with {3, 4} and
/// // {3, 5}), ranks 4..8 the first of two ({0, 1} and {0, 2}, each with
/// // {3} and {4}), and rank 8 starts the second tile of one: {0} with
/// // {4, 5}.
/// let tiles = Tiles::split(63, 3, 3, 2);
/// assert_eq!(tasks_in_ranks(6, &pv, 0, sym, &tiles, 0..1)[0].s, 0b01_1001);
/// assert_eq!(tasks_in_ranks(6, &pv, 0, sym, &tiles, 4..5)[0].s, 0b00_1011);
/// assert_eq!(tasks_in_ranks(6, &pv, 0, sym, &tiles, 8..9)[0].s, 0b11_0001);
/// ```
pub fn tasks_in_ranks(
    n: usize,
    pv: &Pivot,
    pi: usize,
    sym: Symmetric,
    order: &Tiles,
    ranks: std::ops::Range<u64>,
) -> Vec<Task> {
    let cols = positions(pv.avail);
    order
        .sets(ranks)
        .filter_map(|set| task_of(n, pv, pi, sym, spread(set, &cols)))
        .collect()
}

/// The column set of rank `rank` in the order `order` of the subsets of
/// the columns `avail` (see [`tasks_in_ranks`]).
pub fn set_of_rank(avail: u64, order: &Tiles, rank: u64) -> u64 {
    spread(order.set_at(rank), &positions(avail))
}

/// The rank of the column set `s` (within `avail`) in the order `order`:
/// the inverse of [`set_of_rank`].
pub fn rank_of_set(avail: u64, order: &Tiles, s: u64) -> u64 {
    let cols = positions(avail);
    let idx = (0..cols.len())
        .filter(|&i| (s >> cols[i]) & 1 != 0)
        .fold(0u64, |idx, i| idx | 1 << i);
    order.rank_of_index(idx)
}

/// The columns of `avail`, lowest first: an `h`-subset of their indices
/// stands for a column set ([`spread`]).
pub fn positions(avail: u64) -> Vec<usize> {
    (0..64).filter(|&c| (avail >> c) & 1 != 0).collect()
}

/// The column set whose members are the `positions` picked by `idx`.
#[inline]
pub fn spread(idx: u64, positions: &[usize]) -> u64 {
    let mut s = 0u64;
    let mut bits = idx;
    while bits != 0 {
        s |= 1u64 << positions[bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    s
}

/// The task of column set `s` of pivot `pv` (number `pi`) when `s` is the
/// canonical member of its orbit, with the orbit's multipliers; `None`
/// when another member of the orbit stands for it.
pub fn task_of(n: usize, pv: &Pivot, pi: usize, sym: Symmetric, s: u64) -> Option<Task> {
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let avail = pv.avail;
    // Orbit of `s` under the symmetries that keep this pivot: mirror
    // first, then with the top-bottom flip.
    let mut orbit = [s; 4];
    let mut len = 1;
    if pv.self_mirror {
        orbit[len] = rev(s);
        len += 1;
    }
    let mirror_len = len;
    if pv.keeps_flip {
        for i in 0..len {
            orbit[len + i] = avail ^ orbit[i];
        }
        len *= 2;
    }
    if pv.keeps_turn {
        // The half turn reverses the columns and swaps the halves.
        orbit[len] = avail ^ rev(s);
        len += 1;
    }
    let distinct = |o: &[u64]| {
        let mut v = o.to_vec();
        v.sort_unstable();
        v.dedup();
        v.len() as u16
    };
    let canon_full = orbit[..len].iter().all(|&o| o >= s);
    let (mult, mult_clean) = if sym.diagonal {
        // The diagonal weighting breaks the flip, except for the part with
        // no longest-diagonal queen at all.
        if orbit[..mirror_len].iter().any(|&o| o < s) {
            return None;
        }
        let m = distinct(&orbit[..mirror_len]);
        (
            m,
            if canon_full {
                distinct(&orbit[..len])
            } else {
                0
            },
        )
    } else {
        if !canon_full {
            return None;
        }
        // Pair mode with the transpose weighs its solutions 1 or 2 (class
        // 0 and 1 of the kernel's counts): both parts take the orbit.
        let m = distinct(&orbit[..len]);
        (if sym.transpose { m } else { 0 }, m)
    };
    Some(Task {
        s: s as u32,
        pivot: pi as u16,
        mult: mult * pv.mult,
        mult_clean: mult_clean * pv.mult,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::Rng;

    /// Rank ranges cut anywhere give back exactly the tasks the full
    /// enumeration visits, in its order, for every fold mode's pivots.
    #[test]
    fn rank_ranges_make_the_listed_tasks() {
        let mut rng = Rng::new(3);
        for round in 0..300 {
            let n = rng.between(4, 13);
            let full = (1u64 << n) - 1;
            let free: Vec<u64> = if rng.below(2) == 0 {
                vec![full; n]
            } else {
                (0..n).map(|_| full & !(1 << rng.below(n as u64))).collect()
            };
            let pair = n % 2 == 0 && rng.below(2) == 0;
            let sym = Symmetric {
                mirror: rng.below(2) == 0,
                flip: rng.below(2) == 0,
                diagonal: false,
                cross: false,
                pair,
                transpose: false,
            };
            let h = if pair { n / 2 - 1 } else { n / 2 };
            let pivots = pivots(n, h, &free, sym);
            let mut listed = Vec::new();
            for_each_task(n, h, &pivots, sym, |t| listed.push(t));
            let mut made = Vec::new();
            let (wl, side) = (rng.below(n as u64 + 1) as usize, 1 + rng.below(6));
            for (pi, pv) in pivots.iter().enumerate() {
                let order = Tiles::split(pv.avail, wl, h, side);
                let total = binom(pv.avail.count_ones() as usize, h);
                assert_eq!(order.len(), total);
                let mut at = 0;
                while at < total {
                    let next = (at + 1 + rng.below(total / 3 + 1)).min(total);
                    let tasks = tasks_in_ranks(n, pv, pi, sym, &order, at..next);
                    for rank in at..next {
                        let s = set_of_rank(pv.avail, &order, rank);
                        assert_eq!(s & !pv.avail, 0);
                        assert_eq!(rank_of_set(pv.avail, &order, s), rank);
                    }
                    made.extend(tasks);
                    at = next;
                }
            }
            // The same tasks, in the tiles' order (the colex order when
            // every column is on the left).
            if wl >= n {
                assert_eq!(made, listed, "round {round}, n = {n}");
            }
            made.sort_by_key(|t| (t.pivot, t.s));
            listed.sort_by_key(|t| (t.pivot, t.s));
            assert_eq!(
                made, listed,
                "round {round}, n = {n}, wl = {wl}, side = {side}"
            );
        }
    }
}
