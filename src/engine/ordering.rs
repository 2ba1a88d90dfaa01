//! Most-constrained rows first: the orientation of the board whose search
//! tree is smallest.
//!
//! The kernel fills rows top to bottom. On a board with obstacles, the tree
//! is smallest when the rows with the fewest choices come first, since every
//! early branch that dies young saves a whole subtree. Turning the board by
//! one of its eight symmetries keeps the count and changes the order in
//! which rows (or, transposed, columns) are filled, so the planner tries all
//! eight with the estimator ([`crate::engine::tree_size`]) and lets the one kernel
//! search the best. No second search loop is needed.
//!
//! A row or column with no free cell means no solution at all; that is
//! checked first, for free.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! Eight transforms (`O(n^2)` each) and `8 * probes` estimator probes.

use crate::base::board::{Board, Symmetry};
use crate::base::problem::Problem;
use crate::engine::tree_size;
use crate::tuning::engines::{FIRST_LINES, GAIN_TO_TURN};

/// Whether some row or some column of `board` has no free cell (then the
/// board has no solution).
///
/// ```
/// use nqueens::{base::board::Board, engine::ordering::has_empty_line};
/// let mut board = Board::blank(3);
/// assert!(!has_empty_line(&board));
/// for row in 0..3 { board.set_free(row, 1, false); }
/// assert!(has_empty_line(&board));
/// ```
pub fn has_empty_line(board: &Board) -> bool {
    let columns = board.rows().iter().fold(0, |acc, &mask| acc | mask);
    board.rows().contains(&0) || columns != crate::base::board::full_row(board.n())
}

/// A free orientation guess for boards too small to estimate: the side of
/// the board (top, bottom, left or right) whose first three lines have the
/// fewest free cells (product of their counts) is turned to the top, since
/// the top rows are the search's first branchings. Ties keep the board as
/// given.
///
/// # Complexity
/// `O(n)` for the rows, `O(n^2 / 64)`-ish bit work for the columns; no search.
///
/// ```
/// use nqueens::{base::board::{Board, Symmetry}, engine::ordering::first_lines_first};
/// let mut board = Board::blank(6);
/// for col in 1..6 { board.set_free(5, col, false); }
/// assert_eq!(first_lines_first(&board), Symmetry::MirrorRows);
/// ```
pub fn first_lines_first(board: &Board) -> Symmetry {
    let n = board.n();
    if n < 2 * FIRST_LINES {
        return Symmetry::Identity;
    }
    let rows: Vec<u64> = board
        .rows()
        .iter()
        .map(|m| u64::from(m.count_ones()))
        .collect();
    let column = |col: usize| board.rows().iter().map(|m| m >> col & 1).sum::<u64>();
    let score = |counts: &mut dyn Iterator<Item = u64>| counts.take(FIRST_LINES).product::<u64>();
    // The symmetry that brings each side's first line to the top row.
    let sides = [
        (Symmetry::Identity, score(&mut rows.iter().copied())),
        (Symmetry::MirrorRows, score(&mut rows.iter().rev().copied())),
        (Symmetry::Transpose, score(&mut (0..n).map(column))),
        (
            Symmetry::AntiTranspose,
            score(&mut (0..n).rev().map(column)),
        ),
    ];
    sides
        .iter()
        .fold(
            sides[0],
            |best, &side| if side.1 < best.1 { side } else { best },
        )
        .0
}

/// The estimated kernel nodes of `board` as given.
pub fn plain_nodes(board: &Board, probes: u32) -> f64 {
    tree_size::nodes(&Problem::new(board).rows(), probes)
}

/// The orientation with the smallest estimated tree, and that estimate.
pub fn best(board: &Board, probes: u32) -> (Symmetry, f64) {
    let given = plain_nodes(board, probes);
    let mut best = (Symmetry::Identity, given);
    for symmetry in Symmetry::ALL.into_iter().skip(1) {
        let nodes = plain_nodes(&board.transformed(symmetry), probes);
        if nodes < best.1 && nodes < GAIN_TO_TURN * given {
            best = (symmetry, nodes);
        }
    }
    best
}

/// Counts `board` in its best orientation.
///
/// ```
/// use nqueens::{base::board::Board, engine::ordering};
/// let mut board = Board::blank(8);
/// board.set_free(7, 2, false);
/// board.set_free(7, 5, false);
/// assert_eq!(ordering::count(&board, 8), nqueens::base::problem::Problem::new(&board).count());
/// ```
pub fn count(board: &Board, probes: u32) -> u128 {
    if has_empty_line(board) {
        return 0;
    }
    let (symmetry, _) = best(board, probes);
    Problem::new(&board.transformed(symmetry)).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crowded_bottom_row_is_turned_to_the_top() {
        let mut board = Board::blank(12);
        for col in 1..12 {
            board.set_free(11, col, false);
        }
        let (symmetry, nodes) = best(&board, 32);
        assert!(nodes < plain_nodes(&board, 32));
        let turned = board.transformed(symmetry);
        assert_eq!(turned.rows()[0].count_ones(), 1, "{symmetry:?}");
        assert_eq!(count(&board, 32), Problem::new(&board).count());
    }
}
