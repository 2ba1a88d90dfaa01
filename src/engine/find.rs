//! Finding a few solutions quickly, for `show`: the first solutions of a
//! board rather than their number.
//!
//! - [`lexicographic`]: the solutions in lexicographic order of their column
//!   vectors (as [`Problem::for_each_solution`](crate::base::problem::Problem::for_each_solution)
//!   gives them), within a budget of search nodes. The first solution in that
//!   order can lie deep in the tree: a plain depth-first search for it takes
//!   seconds at n = 35 and hours at some sizes beyond.
//! - [`most_constrained`]: every solution once, in the order a search finds
//!   them that places next the queen of the row with the fewest cells left
//!   and gives up on a branch as soon as a row or a column has none. It
//!   finds the first solution of a blank 64 x 64 board, or of one with a few
//!   blocked cells, after a few hundred nodes; its order is not
//!   lexicographic. (Why it is not the planner's counting search of the
//!   same rule: [`crate::engine::most_constrained`].)
//! - [`constructed`]: a solution of the blank `n x n` board for every
//!   `n >= 4` from a closed formula, no search at all.
//!
//! Budgets count nodes (queens placed), not seconds, so what a budgeted
//! search finds never depends on the machine's speed.
//!
//! # Constraints
//! Boards of side 1 to 64.
//!
//! # Complexity
//! [`lexicographic`]: `O(n)` per node; [`most_constrained`]: `O(n)` per node;
//! [`constructed`]: `O(n)`.

use std::ops::ControlFlow;

use crate::base::board::{full_row, Board};

/// How a budgeted search ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The whole tree was searched: every solution was visited.
    Exhausted,
    /// The visitor stopped the search.
    Stopped,
    /// The budget ran out first.
    OutOfBudget,
}

/// Queens placed so far, with their columns and both diagonals marked.
struct State<'a> {
    n: usize,
    free: &'a [u64],
    cols: u64,
    /// Diagonal `row + col` taken.
    down: u128,
    /// Diagonal `col - row + n - 1` taken.
    up: u128,
    columns: Vec<usize>,
    placed: Vec<bool>,
    /// Nodes left in the budget.
    budget: u64,
    /// The columns from the middle of the board outwards.
    middle_out: Vec<usize>,
}

impl<'a> State<'a> {
    fn new(board: &'a Board, budget: u64) -> State<'a> {
        State {
            n: board.n(),
            free: board.rows(),
            cols: 0,
            down: 0,
            up: 0,
            columns: vec![0; board.n()],
            placed: vec![false; board.n()],
            budget,
            middle_out: {
                let middle = board.n() as isize - 1;
                let mut cols: Vec<usize> = (0..board.n()).collect();
                cols.sort_by_key(|&c| ((2 * c as isize - middle).abs(), c));
                cols
            },
        }
    }

    /// The cells of `row` no queen attacks.
    fn open(&self, row: usize) -> u64 {
        let down = (self.down >> row) as u64;
        let up = (self.up >> (self.n - 1 - row)) as u64;
        self.free[row] & !self.cols & !down & !up & full_row(self.n)
    }

    fn toggle(&mut self, row: usize, col: usize) {
        self.cols ^= 1 << col;
        self.down ^= 1 << (row + col);
        self.up ^= 1 << (col + self.n - 1 - row);
        self.placed[row] = !self.placed[row];
        self.columns[row] = col;
    }

    /// Spends one node of the budget; false when it is spent.
    fn spend(&mut self) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        true
    }
}

/// Calls `visit` with the solutions of `board` in lexicographic order of
/// their column vectors (0-based, one per row), spending at most `budget`
/// nodes; returns how it ended and the nodes spent.
///
/// ```
/// use nqueens::{base::board::Board, engine::find::{lexicographic, Outcome}};
/// use std::ops::ControlFlow;
/// let mut first = Vec::new();
/// let (outcome, _) = lexicographic(&Board::blank(6), u64::MAX, |c| {
///     first = c.to_vec();
///     ControlFlow::Break(())
/// });
/// assert_eq!((outcome, first), (Outcome::Stopped, vec![1, 3, 5, 0, 2, 4]));
/// ```
pub fn lexicographic(
    board: &Board,
    budget: u64,
    mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> (Outcome, u64) {
    fn go(
        state: &mut State,
        row: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Outcome {
        if row == state.n {
            return match visit(&state.columns) {
                ControlFlow::Continue(()) => Outcome::Exhausted,
                ControlFlow::Break(()) => Outcome::Stopped,
            };
        }
        let mut open = state.open(row);
        while open != 0 {
            let col = open.trailing_zeros() as usize;
            open &= open - 1;
            if !state.spend() {
                return Outcome::OutOfBudget;
            }
            state.toggle(row, col);
            let outcome = go(state, row + 1, visit);
            state.toggle(row, col);
            if outcome != Outcome::Exhausted {
                return outcome;
            }
        }
        Outcome::Exhausted
    }
    let mut state = State::new(board, budget);
    let outcome = go(&mut state, 0, &mut visit);
    (outcome, budget - state.budget)
}

/// Calls `visit` with every solution of `board` once (column vectors,
/// 0-based), in the order of a most-constrained-first search, spending at
/// most `budget` nodes; returns how it ended and the nodes spent.
///
/// At each node the open row with the fewest cells left is filled next,
/// its cells tried from the middle of the board outwards; a branch ends as
/// soon as some open row or open column has no cell left.
///
/// ```
/// use nqueens::{base::board::Board, engine::find::{most_constrained, Outcome}};
/// use std::ops::ControlFlow;
/// let mut count = 0;
/// let (outcome, _) = most_constrained(&Board::blank(8), u64::MAX, |_| {
///     count += 1;
///     ControlFlow::Continue(())
/// });
/// assert_eq!((outcome, count), (Outcome::Exhausted, 92));
/// ```
pub fn most_constrained(
    board: &Board,
    budget: u64,
    mut visit: impl FnMut(&[usize]) -> ControlFlow<()>,
) -> (Outcome, u64) {
    fn go(
        state: &mut State,
        left: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> Outcome {
        if left == 0 {
            return match visit(&state.columns) {
                ControlFlow::Continue(()) => Outcome::Exhausted,
                ControlFlow::Break(()) => Outcome::Stopped,
            };
        }
        // The open row with the fewest open cells; every open column must
        // still have a cell in some open row.
        let mut best: Option<(u32, usize, u64)> = None;
        let mut reachable = 0u64;
        for row in (0..state.n).filter(|&r| !state.placed[r]) {
            let open = state.open(row);
            reachable |= open;
            let size = open.count_ones();
            if size == 0 {
                return Outcome::Exhausted;
            }
            if best.map_or(true, |(s, _, _)| size < s) {
                best = Some((size, row, open));
            }
        }
        if reachable != !state.cols & full_row(state.n) {
            return Outcome::Exhausted;
        }
        let Some((_, row, open)) = best else {
            return Outcome::Exhausted;
        };
        for index in 0..state.n {
            let col = state.middle_out[index];
            if open >> col & 1 == 0 {
                continue;
            }
            if !state.spend() {
                return Outcome::OutOfBudget;
            }
            state.toggle(row, col);
            let outcome = go(state, left - 1, visit);
            state.toggle(row, col);
            if outcome != Outcome::Exhausted {
                return outcome;
            }
        }
        Outcome::Exhausted
    }
    let mut state = State::new(board, budget);
    let n = state.n;
    let outcome = go(&mut state, n, &mut visit);
    (outcome, budget - state.budget)
}

/// A solution of the blank `n x n` board (0-based column of each row's
/// queen) from the classic closed formula, for `n >= 4` (and `n = 1`); none
/// for 2 and 3, which have no solution.
///
/// For even `n` whose remainder mod 6 is not 2, the queens stand on the
/// even columns in the top half and the odd ones in the bottom half, two
/// columns apart; otherwise (remainder 2) a shifted pattern, also two
/// columns apart, mirrored between the halves. Neither puts a queen on the
/// main diagonal, so an odd `n` takes the construction for `n - 1` and a
/// queen in the last corner.
///
/// ```
/// use nqueens::engine::find::constructed;
/// assert_eq!(constructed(4), Some(vec![1, 3, 0, 2]));
/// assert_eq!(constructed(3), None);
/// ```
pub fn constructed(n: usize) -> Option<Vec<usize>> {
    match n {
        1 => return Some(vec![0]),
        2 | 3 => return None,
        _ => {}
    }
    let even = n - n % 2;
    let half = even / 2;
    let mut columns = vec![0; n];
    // 1-based rows i and columns as in the usual statement of the formula.
    for i in 1..=half {
        if even % 6 != 2 {
            columns[i - 1] = 2 * i - 1;
            columns[half + i - 1] = 2 * i - 2;
        } else {
            let shift = (2 * (i - 1) + half - 1) % even;
            columns[i - 1] = shift;
            columns[even - i] = even - 1 - shift;
        }
    }
    if n % 2 == 1 {
        columns[n - 1] = n - 1;
    }
    Some(columns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;
    use crate::base::rng::Rng;

    fn is_solution(board: &Board, columns: &[usize]) -> bool {
        let n = board.n();
        columns.len() == n
            && (0..n).all(|r| {
                board.is_free(r, columns[r])
                    && (0..r).all(|s| {
                        columns[s] != columns[r] && r - s != columns[s].abs_diff(columns[r])
                    })
            })
    }

    #[test]
    fn the_formula_solves_every_blank_board_from_4_to_64() {
        for n in (1..=64).filter(|&n| n == 1 || n >= 4) {
            let columns = constructed(n).unwrap();
            assert!(
                is_solution(&Board::blank(n), &columns),
                "n={n}: {columns:?}"
            );
        }
    }

    #[test]
    fn both_searches_agree_with_the_kernel_on_random_boards() {
        let mut rng = Rng::new(20);
        for _ in 0..300 {
            let n = 1 + rng.below(9) as usize;
            let percent = rng.below(40);
            let board = rng.board(n, percent);
            let mut kernel = Vec::new();
            Problem::new(&board).for_each_solution(|c| {
                kernel.push(c.to_vec());
                ControlFlow::Continue(())
            });
            let mut lex = Vec::new();
            let (outcome, _) = lexicographic(&board, u64::MAX, |c| {
                lex.push(c.to_vec());
                ControlFlow::Continue(())
            });
            assert_eq!((outcome, &lex), (Outcome::Exhausted, &kernel), "{board}");
            let mut any = Vec::new();
            most_constrained(&board, u64::MAX, |c| {
                assert!(is_solution(&board, c));
                any.push(c.to_vec());
                ControlFlow::Continue(())
            });
            any.sort();
            assert_eq!(any, kernel, "{board}");
        }
    }

    #[test]
    fn budgets_are_kept_and_reported() {
        let board = Board::blank(8);
        let (outcome, spent) = lexicographic(&board, 10, |_| ControlFlow::Continue(()));
        assert_eq!((outcome, spent), (Outcome::OutOfBudget, 10));
        let (outcome, spent) = most_constrained(&board, 10, |_| ControlFlow::Continue(()));
        assert_eq!((outcome, spent), (Outcome::OutOfBudget, 10));
    }

    #[test]
    fn most_constrained_finds_big_boards_first_solutions_in_few_nodes() {
        let mut rng = Rng::new(64);
        for n in [40, 47, 55, 63, 64] {
            for percent in [0, 1, 3] {
                let board = rng.board(n, percent);
                let mut found = None;
                let (outcome, spent) = most_constrained(&board, 1_000_000, |c| {
                    found = Some(c.to_vec());
                    ControlFlow::Break(())
                });
                assert_eq!(outcome, Outcome::Stopped, "n={n} {percent}%");
                assert!(is_solution(&board, &found.unwrap()));
                assert!(spent < 100_000, "n={n} {percent}%: {spent} nodes");
            }
        }
    }
}
