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

#[cfg(test)]
mod tests {
    #[test]
    fn small_boards() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
        for (i, &want) in expected.iter().enumerate() {
            assert_eq!(super::count(i + 1), want, "n = {}", i + 1);
        }
    }
}
