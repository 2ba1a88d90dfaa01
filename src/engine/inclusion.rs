//! Inclusion-exclusion over the blocked cells, for boards with few of them.
//!
//! A board's solutions are the blank-board solutions that avoid every blocked
//! cell, so
//!
//! `count = sum over sets S of blocked cells of (-1)^|S| * blank(S)`
//!
//! where `blank(S)` is the number of blank-board solutions with a queen on
//! every cell of `S`. A set with two cells in one row, column or diagonal has
//! no such solution and is skipped, so only *independent* sets are terms. The
//! empty set's term is the blank count ([`ConstellationEngine::count`]), the others
//! are forced-queen searches ([`Problem::place`] on the blank board), each a
//! small fraction of the blank search.
//!
//! The blank board looks the same under all eight symmetries, so a term may
//! be counted in any orientation: [`term_problem`] turns its cells towards
//! the top rows, where a forced queen prunes the kernel's tree the most, and
//! [`term_key`] names the term up to symmetry so equal terms are counted once.
//!
//! # Constraints
//! Worth it only while the blank count is affordable (`n` up to the high
//! teens) and the independent sets are few ([`terms`] stops at a limit).
//!
//! # Complexity
//! One blank count plus, per term, a search of roughly `1/n^|S|` of it.

use crate::base::board::{Board, Symmetry};
use crate::base::geometry::{attack, least, least_image, Cell};
use crate::base::problem::Problem;
use crate::engine::budget::Budget;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::half_board::PreparedJoin;

/// The blocked cells of `board`, row by row.
pub fn blocked_cells(board: &Board) -> Vec<Cell> {
    let n = board.n();
    (0..n)
        .flat_map(|row| (0..n).map(move |col| (row, col)))
        .filter(|&(row, col)| !board.is_free(row, col))
        .collect()
}

/// Every non-empty independent set of `board`'s blocked cells, or `None`
/// when there are more than `limit` of them.
///
/// ```
/// use nqueens::{base::board::Board, engine::inclusion::terms};
/// let mut board = Board::blank(5);
/// board.set_free(0, 0, false);
/// board.set_free(1, 1, false); // same diagonal as (0, 0)
/// board.set_free(0, 3, false); // same row as (0, 0)
/// let sets = terms(&board, 100).unwrap();
/// assert_eq!(sets.len(), 4); // three singles and {(1, 1), (0, 3)}
/// ```
pub fn terms(board: &Board, limit: usize) -> Option<Vec<Vec<Cell>>> {
    fn grow(
        cells: &[Cell],
        from: usize,
        chosen: &mut Vec<Cell>,
        out: &mut Vec<Vec<Cell>>,
        limit: usize,
    ) -> bool {
        for i in from..cells.len() {
            if chosen.iter().any(|&c| attack(c, cells[i])) {
                continue;
            }
            chosen.push(cells[i]);
            out.push(chosen.clone());
            if out.len() > limit || !grow(cells, i + 1, chosen, out, limit) {
                return false;
            }
            chosen.pop();
        }
        true
    }
    let cells = blocked_cells(board);
    let mut out = Vec::new();
    grow(&cells, 0, &mut Vec::new(), &mut out, limit).then_some(out)
}

/// The symmetry that brings `cells` closest to the top of the board: the
/// smallest sorted list of image rows.
fn best_orientation(n: usize, cells: &[Cell]) -> Symmetry {
    let rows_of = |s: Symmetry| {
        let mut rows: Vec<usize> = cells.iter().map(|&(r, c)| s.apply(n, r, c).0).collect();
        rows.sort_unstable();
        rows
    };
    least(rows_of).0
}

/// The forced-queen problem of a term: the blank board with a queen on every
/// cell of `cells`, turned so that the queens sit as high as they can.
pub fn term_problem(n: usize, cells: &[Cell]) -> Problem {
    let symmetry = best_orientation(n, cells);
    let mut problem = Problem::new(&Board::blank(n));
    for &(r, c) in cells {
        let (row, col) = symmetry.apply(n, r, c);
        problem.place(row, col);
    }
    problem
}

/// The free rows of a term's board for the half-board join: the blank board
/// with a queen on every cell of `cells` (its row only that cell, its column
/// and diagonals cleared), turned so that the queens' rows are as near the
/// middle row as they can be (ties: the smallest image).
///
/// The join pairs placements of the rows above the middle with those below
/// it: a queen near the middle takes cells from both halves, where one in
/// the top row prunes the top half alone; for odd `n` a queen in the middle
/// row leaves the join one pivot of `n` (measured at n = 17, one queen: 0.2 s
/// in the middle row, 1.1-2.3 s elsewhere, against 2.4 s for the blank count).
///
/// ```
/// use nqueens::engine::{half_board::PreparedJoin, inclusion::{term_problem, term_rows_for_join}};
/// let rows = term_rows_for_join(7, &[(0, 3), (4, 6)]);
/// let join = PreparedJoin::within(7, &rows, Default::default()).unwrap().count();
/// assert_eq!(join, term_problem(7, &[(0, 3), (4, 6)]).count());
/// ```
pub fn term_rows_for_join(n: usize, cells: &[Cell]) -> Vec<u64> {
    let middle = n - 1; // twice the middle row, so that odd and even n agree
    let (symmetry, _) = least(|s: Symmetry| {
        let image: Vec<Cell> = cells.iter().map(|&(r, c)| s.apply(n, r, c)).collect();
        let off: usize = image.iter().map(|&(r, _)| (2 * r).abs_diff(middle)).sum();
        let mut sorted = image;
        sorted.sort_unstable();
        (off, sorted)
    });
    let mut problem = Problem::new(&Board::blank(n));
    for &(r, c) in cells {
        let (row, col) = symmetry.apply(n, r, c);
        problem.place(row, col);
    }
    (0..n).map(|row| problem.free(row)).collect()
}

/// A name for the term of `cells` that is the same for all its symmetric
/// images: the smallest sorted image cell list.
pub fn term_key(n: usize, cells: &[Cell]) -> (usize, Vec<Cell>) {
    (n, least_image(n, cells))
}

/// The sign of a term: `+1` for an even number of cells, `-1` for odd.
pub fn sign(cells: &[Cell]) -> i128 {
    if cells.len() % 2 == 0 {
        1
    } else {
        -1
    }
}

/// Counts `board` by inclusion-exclusion, serially, every term searched on
/// its own; `None` when it has more than `limit` terms.
///
/// ```
/// use nqueens::{base::board::Board, engine::inclusion};
/// let mut board = Board::blank(8);
/// board.set_free(3, 4, false);
/// board.set_free(0, 0, false);
/// assert_eq!(inclusion::count(&board, 100), Some(nqueens::base::problem::Problem::new(&board).count()));
/// ```
pub fn count(board: &Board, limit: usize) -> Option<u128> {
    count_with(board, limit, |_| false)
}

/// [`count`], with the terms `join` accepts counted by the half-board join
/// of [`term_rows_for_join`] instead of a search (the planner's method
/// picks per term by price; the tests force either on every term).
pub fn count_with(board: &Board, limit: usize, join: impl Fn(&[Cell]) -> bool) -> Option<u128> {
    let n = board.n();
    let mut total = ConstellationEngine::new(n).count() as i128;
    for cells in terms(board, limit)? {
        let term = if join(&cells) {
            let rows = term_rows_for_join(n, &cells);
            PreparedJoin::within(n, &rows, Budget::default())?.count()
        } else {
            term_problem(n, &cells).count()
        };
        total += sign(&cells) * term as i128;
    }
    Some(total as u128)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agrees_with_the_kernel_on_sparse_boards() {
        for n in 1..=9 {
            for salt in 0..12usize {
                let mut board = Board::blank(n);
                for k in 0..(salt % 6) {
                    let cell = (salt * 37 + k * 101) * 2_654_435_761;
                    board.set_free(cell % n, cell / 7 % n, false);
                }
                assert_eq!(
                    count(&board, 1 << 12),
                    Some(Problem::new(&board).count()),
                    "{board}"
                );
            }
        }
    }

    #[test]
    fn joined_terms_agree_with_searched_ones_and_the_kernel() {
        // Every term through the join, on boards small enough for the
        // kernel, with up to 6 blocked cells (terms of 1 to 6 queens, some
        // in the middle row or column).
        let mut rng = crate::base::rng::Rng::new(0x41_1e);
        for _ in 0..300 {
            let n = rng.between(4, 11);
            let mut board = Board::blank(n);
            for _ in 0..rng.between(1, 6) {
                board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
            }
            let want = Problem::new(&board).count();
            assert_eq!(count_with(&board, 1 << 12, |_| true), Some(want), "{board}");
            let odd = |cells: &[Cell]| cells.len() % 2 == 1;
            assert_eq!(count_with(&board, 1 << 12, odd), Some(want), "{board}");
        }
    }

    #[test]
    fn symmetric_terms_share_a_key_and_a_count() {
        let n = 7;
        let cells = [(1, 2), (4, 6)];
        for s in Symmetry::ALL {
            let image: Vec<Cell> = cells.iter().map(|&(r, c)| s.apply(n, r, c)).collect();
            assert_eq!(term_key(n, &image), term_key(n, &cells));
            assert_eq!(
                term_problem(n, &image).count(),
                term_problem(n, &cells).count()
            );
        }
    }

    #[test]
    fn too_many_terms_is_none() {
        assert!(terms(&Board::from_free_rows(vec![0; 6]), 10).is_none());
    }
}
