//! A lower bound of the tasks a board's join lists, without planning it:
//! what the half-board method's floor is made of.
//!
//! Why it is a lower bound: the planner keeps task `(S, p)` (column set
//! `S` with pivot `p`) unless the top quarters have no pair of placements
//! with complementary rows on `S`, or the bottom quarters none on the
//! pivot's other columns (the raw pairs of the exact pricing,
//! `price/layout/exact.rs`: neither the pivot's block nor the pairs' shared
//! diagonals are tested). A half placement with no
//! two queens attacking is such a pair, cut at any column; so every task
//! whose two halves each have one found is listed. A short search looks
//! for one per column set and half (a few dozen nodes where the set holds
//! any), and a set it gives up on counts as empty.
//!
//! # Constraints
//! Odd `n` up to [`FLOOR_TO`], boards the join does not fold (no mirror,
//! no flip): elsewhere the bound is 0 (pairs of pivots at even `n`, orbits
//! of column sets on symmetric boards).
//!
//! # Complexity
//! One search of at most [`NODES`] nodes per column set of each half
//! (`2 * C(n, n / 2)`), then `O(n * C(n, n / 2))` lookups: about a millisecond
//! at n = 15, where planning the join takes 8.

use super::geometry::{symmetries, MinN};
use crate::engine::half_board::column_sets::{combinations, pivots};
pub use crate::tuning::sampling::FLOOR_TO;
use crate::tuning::sampling::NODES;

/// A lower bound of the tasks [`super::Layout::new`] lists for the board
/// `free` (rows of `free.len()` bits, bit set: free): 0 where none is
/// kept (see the module doc).
///
/// ```
/// use nqueens::engine::half_board::layout::tasks_floor;
/// // A blank board folds: no bound.
/// assert_eq!(tasks_floor(&[(1 << 15) - 1; 15]), 0);
/// ```
pub fn tasks_floor(free: &[u64]) -> usize {
    let n = free.len();
    if n % 2 == 0 || !(3..=FLOOR_TO).contains(&n) {
        return 0;
    }
    let full = (1u64 << n) - 1;
    let free: Vec<u64> = free.iter().map(|&f| f & full).collect();
    let sym = symmetries(n, &free, MinN::default());
    if sym.mirror || sym.flip || sym.diagonal || sym.cross || sym.pair {
        return 0;
    }
    let h = n / 2;
    // Per column set of each half: 0 not searched yet, 1 a placement
    // found, 2 none found.
    let mut found = [vec![0u8; 1 << n], vec![0u8; 1 << n]];
    let first_row = [0, n - h];
    let mut holds = |half: usize, cols: u64| -> bool {
        let seen = &mut found[half][cols as usize];
        if *seen == 0 {
            let mut left = NODES;
            let rows = &free[first_row[half]..first_row[half] + h];
            *seen = if placeable(rows, cols, (0, 0), &mut left) {
                1
            } else {
                2
            };
        }
        *seen == 1
    };
    let mut tasks = 0;
    for pivot in pivots(n, h, &free, sym) {
        let avail = pivot.avail;
        for s in combinations(n, h as u32) {
            if s & !avail == 0 && holds(0, s) && holds(1, avail ^ s) {
                tasks += 1;
            }
        }
    }
    tasks
}

/// Whether queens on every row of `rows` (free cells as bits), one per
/// column of `cols`, none attacking another, can be placed, with the
/// diagonals `(d, a)` taken from the row above; `false` also when more
/// than `left` nodes were needed.
fn placeable(rows: &[u64], cols: u64, (d, a): (u64, u64), left: &mut u32) -> bool {
    let Some((&row, below)) = rows.split_first() else {
        return cols == 0;
    };
    let mut open = row & cols & !(d | a);
    while open != 0 {
        if *left == 0 {
            return false;
        }
        *left -= 1;
        let bit = open & open.wrapping_neg();
        open ^= bit;
        if placeable(below, cols ^ bit, ((d | bit) << 1, (a | bit) >> 1), left) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::Rng;
    use crate::engine::budget::Budget;

    /// The bound never passes the tasks the layout lists, on random boards
    /// of odd sides with a few to many blocked cells (and is not 0 on most
    /// of them: a bound that is always 0 would pass too).
    #[test]
    fn the_floor_never_passes_the_listed_tasks() {
        let mut rng = Rng::new(0xf100);
        let mut bounded = 0;
        let rounds = 60;
        for round in 0..rounds {
            let n = [5, 7, 9, 11, 13, 15][rng.below(6) as usize];
            let full = (1u64 << n) - 1;
            let mut free = vec![full; n];
            let cells = 1 + rng.below(2 * n as u64);
            for _ in 0..cells {
                let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64));
                free[r] &= !(1 << c);
            }
            if round % 5 == 0 {
                // Most of the middle row blocked: few pivots.
                free[n / 2] &= 1 << rng.below(n as u64);
            }
            let floor = tasks_floor(&free);
            let Some(layout) =
                super::super::Layout::new(n, &free, Budget::default(), MinN::default())
            else {
                continue;
            };
            assert!(
                floor <= layout.tasks.len(),
                "round {round}, n = {n}: floor {floor} > {} tasks",
                layout.tasks.len()
            );
            bounded += usize::from(floor > 0);
        }
        assert!(
            bounded > rounds / 2,
            "only {bounded} of {rounds} boards bounded"
        );
    }
}
