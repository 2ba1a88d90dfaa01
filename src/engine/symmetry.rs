//! Boards that are their own mirror image are searched by halves.
//!
//! When some symmetry turns a board into one that is unchanged by mirroring
//! its columns, every solution with its first-row queen in the left half has
//! a mirror-image solution with it in the right half, and the two are
//! different. So the count is twice the left-half count plus, for odd `n`,
//! the count with the first-row queen in the middle column (those solutions
//! are mirrored among themselves). The halves are ordinary kernel searches
//! with the first row restricted ([`Problem::restrict`]).
//!
//! Rotations by 90 or 180 degrees and the diagonal reflections are not used:
//! they do not split the first row into halves the kernel can search.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! Eight transforms and comparisons, `O(n^2)` each; the search then walks
//! about half the nodes.

use crate::base::board::{Board, Symmetry};
use crate::base::geometry::symmetries;
use crate::base::problem::Problem;
use crate::engine::tree_size;

/// The symmetries that map `board` to itself (always the identity).
///
/// ```
/// use nqueens::{base::board::{Board, Symmetry}, engine::symmetry::fixing};
/// assert_eq!(fixing(&Board::blank(5)).len(), 8);
/// let mut board = Board::blank(5);
/// board.set_free(0, 0, false);
/// assert_eq!(fixing(&board), [Symmetry::Identity, Symmetry::Transpose]);
/// ```
pub fn fixing(board: &Board) -> Vec<Symmetry> {
    symmetries(|s| board.transformed(s)).stabilizer
}

/// The mirror-half searches of `board`, as `(problem, weight)` pairs whose
/// weighted counts sum to the board's count, in the orientation with the
/// smallest estimated tree; `None` when no orientation is mirror-symmetric.
pub fn halves(board: &Board, probes: u32) -> Option<(Vec<(Problem, u128)>, f64)> {
    let n = board.n();
    let mut best: Option<(Board, f64)> = None;
    for symmetry in Symmetry::ALL {
        let turned = board.transformed(symmetry);
        if turned.transformed(Symmetry::MirrorColumns) != turned {
            continue;
        }
        let nodes = tree_size::nodes(&Problem::new(&turned).rows(), probes);
        if best.as_ref().map_or(true, |(_, b)| nodes < *b) {
            best = Some((turned, nodes));
        }
    }
    let (turned, nodes) = best?;
    let half = n / 2;
    let mut left = Problem::new(&turned);
    left.restrict(0, (1u64 << half) - 1);
    let mut parts = vec![(left, 2)];
    if n % 2 == 1 {
        let mut middle = Problem::new(&turned);
        middle.restrict(0, 1u64 << half);
        parts.push((middle, 1));
    }
    Some((parts, nodes / 2.0))
}

/// Counts a mirror-symmetric `board` by halves; `None` when it has no such
/// symmetry.
///
/// ```
/// use nqueens::{base::board::Board, engine::symmetry};
/// assert_eq!(symmetry::count(&Board::blank(8), 8), Some(92));
/// ```
pub fn count(board: &Board, probes: u32) -> Option<u128> {
    let (parts, _) = halves(board, probes)?;
    Some(parts.iter().map(|(p, w)| w * p.count()).sum())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_boards_count_as_the_plain_search_does() {
        for n in 1..=10 {
            for salt in 0..10usize {
                // Block cells in mirror pairs across the rows' middle line
                // (MirrorRows symmetry), so a turn is needed first.
                let mut board = Board::blank(n);
                for k in 0..salt {
                    let cell = (salt * 31 + k * 17) * 2_654_435_761;
                    let (r, c) = (cell % n, cell / 11 % n);
                    board.set_free(r, c, false);
                    board.set_free(n - 1 - r, c, false);
                }
                assert_eq!(
                    count(&board, 4),
                    Some(Problem::new(&board).count()),
                    "{board}"
                );
            }
        }
    }

    #[test]
    fn asymmetric_boards_are_refused() {
        let mut board = Board::blank(6);
        board.set_free(0, 1, false);
        board.set_free(2, 0, false);
        assert_eq!(count(&board, 4), None);
    }
}
