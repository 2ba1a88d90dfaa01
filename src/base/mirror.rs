//! The mirror-symmetric count of the blank board: the simplest good
//! baseline, which benchmarks measure the engines against, and what a
//! one-file checker bundle runs (it is single-threaded and needs nothing but
//! the kernel).
//!
//! The blank board is its own mirror image, so every solution with its first
//! queen in the left half has a twin with it in the right half: search the
//! left half of the first row and double; for odd `n` the middle column is its
//! own twin and is searched once.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! About half the nodes of the plain search.

use crate::base::board::Board;
use crate::base::problem::Problem;

/// The number of solutions of the blank `n x n` board (OEIS A000170).
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// assert_eq!(nqueens::base::mirror::count(8), 92);
/// ```
pub fn count(n: usize) -> u128 {
    halves(n)
        .iter()
        .map(|(weight, problem)| weight * problem.count())
        .sum()
}

/// The number of nodes [`count`] visits, for benchmarks.
pub fn nodes(n: usize) -> u64 {
    halves(n).iter().map(|(_, problem)| problem.nodes()).sum()
}

/// The searches of [`count`], each with its weight: the left half of the
/// first row, counted twice, and for odd `n` the middle column, once.
fn halves(n: usize) -> Vec<(u128, Problem)> {
    let board = Board::blank(n);
    let half = n / 2;
    let first_row = |allowed: u64| {
        let mut problem = Problem::new(&board);
        problem.restrict(0, allowed);
        problem
    };
    let mut out = vec![(2, first_row((1 << half) - 1))];
    if n % 2 == 1 {
        out.push((1, first_row(1 << half)));
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_boards() {
        let expected = crate::base::published::totals::<12>();
        for (i, &want) in expected.iter().enumerate() {
            assert_eq!(super::count(i + 1), want, "n = {}", i + 1);
        }
    }
}
