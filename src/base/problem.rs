//! A board with some queens already placed, reduced to the rows the kernel
//! still has to fill.
//!
//! Placing a queen *folds* it into the board: its column and both diagonals
//! are cleared from the free mask of every other row, and its own row leaves
//! the search, so the kernel needs no memory of it; the only trace left is
//! that rows around a placed row are `advance` apart instead of 1. Forced
//! queens, symmetry pre-placements and thread work units are made of it.
//!
//! # Constraints
//! Cells are given as `(row, col)` with both below `n`.
//!
//! # Complexity
//! [`Problem::place`] is `O(n)`; [`Problem::rows`] is `O(n)`; counting is the
//! kernel's cost.

use std::ops::ControlFlow;

use crate::base::board::Board;
use crate::base::kernel::{self, Attacks, Row};

/// A board, the queens placed on it so far, and what is left to search.
///
/// Invariant: for every row without a queen, `free[row]` holds only cells
/// that are free on the board and not attacked by any placed queen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Problem {
    n: usize,
    free: Vec<u64>,
    /// `queen[row]` is the column of the queen placed in `row`, if any.
    queen: Vec<Option<usize>>,
    /// Set once a placement failed: the problem has no solution.
    dead: bool,
}

impl Problem {
    /// The problem of placing `n` queens on `board`, none placed yet.
    pub fn new(board: &Board) -> Problem {
        Problem {
            n: board.n(),
            free: board.rows().to_vec(),
            queen: vec![None; board.n()],
            dead: false,
        }
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The free mask of `row` as the search sees it (placed queens' attacks
    /// removed). For a row that already has its queen, only that queen.
    pub fn free(&self, row: usize) -> u64 {
        match self.queen[row] {
            Some(col) => 1 << col,
            None => self.free[row],
        }
    }

    /// The column of the queen placed in `row`, if any.
    pub fn queen(&self, row: usize) -> Option<usize> {
        self.queen[row]
    }

    /// Whether some placement failed, so that the problem has no solution.
    pub fn is_dead(&self) -> bool {
        self.dead
    }

    /// Places a queen on `(row, col)` and folds its attacks into the other
    /// rows. Returns `false` (and the problem then has no solution) when the
    /// cell is blocked, attacked, or its row already has a queen.
    ///
    /// # Panics
    /// Panics when the cell is off the board.
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::problem::Problem};
    /// let mut problem = Problem::new(&Board::blank(4));
    /// assert!(problem.place(0, 1));
    /// assert_eq!(problem.count(), 1); // only 2 4 1 3 starts at column 2
    /// assert!(!problem.place(1, 2)); // attacked by the first queen
    /// assert_eq!(problem.count(), 0);
    /// ```
    pub fn place(&mut self, row: usize, col: usize) -> bool {
        assert!(row < self.n && col < self.n, "cell off the board");
        if self.dead || self.queen[row].is_some() || self.free[row] >> col & 1 == 0 {
            self.dead = true;
            return false;
        }
        self.queen[row] = Some(col);
        let bit = 1u64 << col;
        for (other, mask) in self.free.iter_mut().enumerate() {
            // Rows are < 64 apart, so these shifts are in range; cells pushed
            // past either edge of the board simply fall off.
            let distance = other.abs_diff(row) as u32;
            *mask &= !(bit | bit << distance | bit >> distance);
        }
        true
    }

    /// Keeps only the cells of `allowed` in `row` (e.g. the left half of the
    /// first row, for mirror symmetry). Has no effect on a row that already
    /// has its queen unless the queen is outside `allowed`, which kills the
    /// problem.
    pub fn restrict(&mut self, row: usize, allowed: u64) {
        match self.queen[row] {
            Some(col) if allowed >> col & 1 == 0 => self.dead = true,
            Some(_) => {}
            None => self.free[row] &= allowed,
        }
    }

    /// The rows still to fill, top to bottom, as the kernel takes them.
    /// Empty when every row has its queen (one completion, the empty one).
    /// A dead problem is one row without a free cell: no completion, so any
    /// search of the rows finds that without asking [`Problem::is_dead`].
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::kernel, base::problem::Problem};
    /// let mut problem = Problem::new(&Board::blank(1));
    /// problem.place(0, 0);
    /// assert!(problem.rows().is_empty());
    /// problem.place(0, 0); // the row is taken: dead
    /// assert_eq!(kernel::count(&problem.rows(), Default::default()), 0);
    /// ```
    pub fn rows(&self) -> Vec<Row> {
        if self.dead {
            return vec![Row {
                free: 0,
                advance: 1,
            }];
        }
        let open: Vec<usize> = (0..self.n).filter(|&r| self.queen[r].is_none()).collect();
        open.iter()
            .enumerate()
            .map(|(i, &row)| Row {
                free: self.free[row],
                advance: open.get(i + 1).map_or(1, |&next| (next - row) as u32),
            })
            .collect()
    }

    /// The parts of this problem, one per free cell of its first open row
    /// with that cell's queen placed: their solutions partition this
    /// problem's, so their counts add up to its count. A problem that cannot
    /// be split (dead, or no open row) is its own only part.
    ///
    /// ```
    /// use nqueens::base::{board::Board, problem::Problem};
    /// let whole = Problem::new(&Board::blank(6));
    /// let parts = whole.split();
    /// assert_eq!(parts.len(), 6);
    /// assert_eq!(parts.iter().map(Problem::count).sum::<u128>(), whole.count());
    /// ```
    pub fn split(&self) -> Vec<Problem> {
        let open = (0..self.n).find(|&row| self.queen[row].is_none());
        let row = match open.filter(|_| !self.dead) {
            Some(row) => row,
            None => return vec![self.clone()],
        };
        let mut parts = Vec::with_capacity(self.free[row].count_ones() as usize);
        let mut cells = self.free[row];
        while cells != 0 {
            let col = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let mut part = self.clone();
            part.place(row, col);
            parts.push(part);
        }
        parts
    }

    /// The number of ways to complete the placement.
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::problem::Problem};
    /// assert_eq!(Problem::new(&Board::blank(8)).count(), 92);
    /// ```
    pub fn count(&self) -> u128 {
        kernel::count(&self.rows(), Attacks::default())
    }

    /// The number of nodes the kernel visits to count the completions (see
    /// [`kernel::nodes`]); for benchmarks.
    pub fn nodes(&self) -> u64 {
        kernel::nodes(&self.rows(), Attacks::default())
    }

    /// Calls `visit` with every completion in lexicographic order, as the
    /// column of each board row's queen (0-based, placed queens included).
    /// `visit` may stop the enumeration with `Break`.
    pub fn for_each_solution<F>(&self, mut visit: F)
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let rows = self.rows();
        let mut columns: Vec<usize> = self.queen.iter().map(|q| q.unwrap_or(0)).collect();
        let open: Vec<usize> = (0..self.n).filter(|&r| self.queen[r].is_none()).collect();
        kernel::for_each_solution(&rows, Attacks::default(), |queens| {
            for (&row, &bit) in open.iter().zip(queens) {
                columns[row] = bit.trailing_zeros() as usize;
            }
            visit(&columns)
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_every_queen_of_a_solution_leaves_one_completion() {
        // 2 4 6 1 3 5 is the first 6x6 solution.
        let mut problem = Problem::new(&Board::blank(6));
        for (row, col) in [1, 3, 5, 0, 2, 4].into_iter().enumerate() {
            assert!(problem.place(row, col));
        }
        assert!(problem.rows().is_empty());
        assert_eq!(problem.count(), 1);
    }

    #[test]
    fn forced_queens_in_the_middle_partition_the_solutions() {
        // Summing over every column of a middle row counts each solution once.
        let board = Board::blank(8);
        let total: u128 = (0..8)
            .map(|col| {
                let mut problem = Problem::new(&board);
                problem.place(4, col);
                problem.count()
            })
            .sum();
        assert_eq!(total, 92);
    }

    #[test]
    fn enumeration_reports_placed_queens_too() {
        let mut problem = Problem::new(&Board::blank(4));
        problem.place(2, 3);
        let mut seen = Vec::new();
        problem.for_each_solution(|cols| {
            seen.push(cols.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, [vec![2, 0, 3, 1]]);
    }

    #[test]
    fn a_blocked_cell_cannot_take_a_queen() {
        let mut board = Board::blank(5);
        board.set_free(0, 0, false);
        let mut problem = Problem::new(&board);
        assert!(!problem.place(0, 0));
        assert!(problem.is_dead());
        assert_eq!(problem.count(), 0);
    }

    #[test]
    fn restrict_halves_the_first_row() {
        let mut problem = Problem::new(&Board::blank(8));
        problem.restrict(0, 0b1111);
        assert_eq!(problem.count(), 46);
    }
}
