//! Counting the blank `n x n` board.
//!
//! The board is symmetric under mirroring its columns, so only first-row
//! queens in the left half are searched and their count is doubled; for odd
//! `n` the middle column of the first row, which is its own mirror image, is
//! searched once on its own.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! About half the nodes of the plain search.

use std::ops::ControlFlow;

use crate::board::Board;
use crate::problem::Problem;

/// The number of solutions of the blank `n x n` board (OEIS A000170).
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// assert_eq!(nqueens::blank::count(8), 92);
/// ```
pub fn count(n: usize) -> u128 {
    mirror_count(n)
}

/// The mirror-symmetric search: the simplest good baseline.
pub fn mirror_count(n: usize) -> u128 {
    let board = Board::blank(n);
    let half = n / 2;
    let mut left = Problem::new(&board);
    left.restrict(0, (1u64 << half) - 1);
    let mut total = 2 * left.count();
    if n % 2 == 1 {
        let mut middle = Problem::new(&board);
        middle.restrict(0, 1u64 << half);
        total += middle.count();
    }
    total
}

// stand-in: replaced by the symmetric enumeration at merge
/// Calls `visit` with every solution of the blank `n x n` board, each as the
/// 0-based column of the queen of every row. Every solution comes exactly
/// once; the order is unspecified.
///
/// The stand-in enumerates the first-row queens of the left half (and the
/// middle column) and reports each solution together with its mirror image,
/// so it costs about as much as [`mirror_count`].
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// let mut seen = 0;
/// nqueens::blank::for_each_solution(6, |columns| {
///     assert_eq!(columns.len(), 6);
///     seen += 1;
/// });
/// assert_eq!(seen, 4);
/// ```
pub fn for_each_solution(n: usize, mut visit: impl FnMut(&[usize])) {
    let board = Board::blank(n);
    let mut mirrored = vec![0; n];
    for col in 0..(n + 1) / 2 {
        let mut problem = Problem::new(&board);
        problem.restrict(0, 1 << col);
        problem.for_each_solution(|columns| {
            visit(columns);
            // The middle column of the first row is its own mirror image.
            if 2 * col + 1 != n {
                for (image, &c) in mirrored.iter_mut().zip(columns) {
                    *image = n - 1 - c;
                }
                visit(&mirrored);
            }
            ControlFlow::Continue(())
        });
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn small_boards() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &want) in expected.iter().enumerate() {
            assert_eq!(super::count(i + 1), want, "n = {}", i + 1);
        }
    }

    #[test]
    fn enumeration_gives_every_solution_once() {
        for n in 1..=9 {
            let mut seen = Vec::new();
            super::for_each_solution(n, |columns| seen.push(columns.to_vec()));
            let total = seen.len();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), total, "n = {n}");
            assert_eq!(total as u128, super::count(n), "n = {n}");
        }
    }
}
