//! Shrinking a failing input to a minimal one that still fails.
//!
//! Greedy and deterministic: try one simplification at a time, keep it
//! whenever the input still fails, and stop when no simplification helps
//! (or the budget of tries is spent). For judge inputs the simplifications,
//! in order, are: drop a case; drop row `r` and column `c` of a board (a
//! board one smaller); block a free cell. For checker inputs: the smallest
//! `N` below the failing one that still fails.
//!
//! # Complexity
//! Each accepted step makes the input strictly smaller (fewer cases, a
//! smaller side, or fewer free cells), so there are at most
//! `cases + sum(n) + sum(n * n)` accepted steps, each after `O(n^3)` tries at most; `budget`
//! caps the total number of tries (each is a run of the solution under test).

use crate::base::board::Board;
use crate::tools::generate::TestInput;

/// The result of shrinking.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Shrunk {
    /// The smallest failing input found (the original if nothing smaller
    /// failed).
    pub input: TestInput,
    /// How many candidate inputs were tried.
    pub tries: usize,
}

/// Shrinks `input`, which fails, while `fails` says the candidate fails.
///
/// ```
/// use nqueens::{base::board::Board, tools::generate::TestInput, tools::shrink::shrink};
/// // "Fails" whenever some case has a board of side 3 or more.
/// let input = TestInput::Uva11195(vec![Board::blank(2), Board::blank(5)]);
/// let shrunk = shrink(input, 1000, &mut |candidate| match candidate {
///     TestInput::Uva11195(boards) => boards.iter().any(|b| b.n() >= 3),
///     _ => false,
/// });
/// let TestInput::Uva11195(boards) = shrunk.input else { panic!() };
/// assert_eq!(boards.len(), 1);
/// assert_eq!(boards[0].n(), 3);
/// assert_eq!(boards[0].obstacles(), 9);
/// ```
pub fn shrink(
    input: TestInput,
    budget: usize,
    fails: &mut dyn FnMut(&TestInput) -> bool,
) -> Shrunk {
    let mut tries = 0;
    let mut attempt = |candidate: &TestInput| {
        if tries >= budget {
            return false;
        }
        tries += 1;
        fails(candidate)
    };
    let input = match input {
        TestInput::Checker(n) => {
            let smallest = (1..n).find(|&m| attempt(&TestInput::Checker(m)));
            TestInput::Checker(smallest.unwrap_or(n))
        }
        TestInput::Uva11195(boards) => TestInput::Uva11195(shrink_cases(boards, &mut attempt)),
    };
    Shrunk { input, tries }
}

/// Applies the judge-input simplifications until none is accepted.
fn shrink_cases(mut boards: Vec<Board>, fails: &mut dyn FnMut(&TestInput) -> bool) -> Vec<Board> {
    let mut try_with = |boards: &[Board], index: usize, replacement: Option<Board>| {
        let mut candidate = boards.to_vec();
        match replacement {
            Some(board) => candidate[index] = board,
            None => {
                candidate.remove(index);
            }
        }
        let input = TestInput::Uva11195(candidate);
        if fails(&input) {
            let TestInput::Uva11195(candidate) = input else {
                unreachable!()
            };
            Some(candidate)
        } else {
            None
        }
    };
    loop {
        let mut changed = false;
        // Fewer cases.
        let mut index = 0;
        while boards.len() > 1 && index < boards.len() {
            match try_with(&boards, index, None) {
                Some(smaller) => {
                    boards = smaller;
                    changed = true;
                }
                None => index += 1,
            }
        }
        // Smaller boards, then fewer free cells.
        for index in 0..boards.len() {
            while let Some(smaller) = smaller_boards(&boards[index])
                .into_iter()
                .find_map(|candidate| try_with(&boards, index, Some(candidate)))
            {
                boards = smaller;
                changed = true;
            }
            let cells = free_cells(&boards[index]);
            for (row, col) in cells {
                let mut blocked = boards[index].clone();
                blocked.set_free(row, col, false);
                if let Some(smaller) = try_with(&boards, index, Some(blocked)) {
                    boards = smaller;
                    changed = true;
                }
            }
        }
        if !changed {
            return boards;
        }
    }
}

/// Smaller boards cut from `board`, smallest first: every `k x k` window
/// for `k` from 1 to `n - 2` (a greedy one-at-a-time shrink would stop
/// where every board one smaller passes), then every board with one row
/// `r` and one column `c` removed, diagonal pairs `r == c` first.
fn smaller_boards(board: &Board) -> Vec<Board> {
    let n = board.n();
    let mut found = Vec::new();
    for k in 1..n.saturating_sub(1) {
        for top in 0..=n - k {
            for left in 0..=n - k {
                found.push(window(board, top, left, k));
            }
        }
    }
    if n <= 1 {
        return found;
    }
    let mut pairs: Vec<(usize, usize)> = (0..n).map(|i| (i, i)).collect();
    pairs.extend((0..n).flat_map(|r| (0..n).filter(move |&c| c != r).map(move |c| (r, c))));
    found.extend(
        pairs
            .into_iter()
            .map(|(gone_row, gone_col)| without(board, gone_row, gone_col)),
    );
    found
}

/// The `k x k` part of `board` whose top-left cell is `(top, left)`.
fn window(board: &Board, top: usize, left: usize, k: usize) -> Board {
    let rows = board.rows()[top..top + k]
        .iter()
        .map(|&mask| mask >> left)
        .collect();
    Board::from_free_rows(rows)
}

/// `board` with row `gone_row` and column `gone_col` cut out.
///
/// # Panics
/// Panics when `board` is 1 x 1 (nothing would be left).
fn without(board: &Board, gone_row: usize, gone_col: usize) -> Board {
    let low = (1u64 << gone_col) - 1;
    let rows = board
        .rows()
        .iter()
        .enumerate()
        .filter(|&(row, _)| row != gone_row)
        .map(|(_, &mask)| (mask & low) | (mask >> 1 & !low))
        .collect();
    Board::from_free_rows(rows)
}

/// The free cells of `board`, row by row.
fn free_cells(board: &Board) -> Vec<(usize, usize)> {
    let n = board.n();
    (0..n)
        .flat_map(|row| (0..n).map(move |col| (row, col)))
        .filter(|&(row, col)| board.is_free(row, col))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;

    fn board(rows: &[&str]) -> Board {
        let mut board = Board::blank(rows.len());
        for (r, row) in rows.iter().enumerate() {
            for (c, cell) in row.bytes().enumerate() {
                board.set_free(r, c, cell == b'.');
            }
        }
        board
    }

    #[test]
    fn cutting_a_row_and_a_column() {
        let b = board(&["..*", "*..", ".*."]);
        assert_eq!(without(&b, 1, 1), board(&[".*", ".."]));
        assert_eq!(without(&b, 0, 2), board(&["*.", ".*"]));
        assert_eq!(window(&b, 1, 1, 2), board(&["..", "*."]));
        // 3 x 3: nine 1 x 1 windows, then nine boards without a row and column.
        assert_eq!(smaller_boards(&b).len(), 9 + 9);
        assert!(smaller_boards(&Board::blank(1)).is_empty());
    }

    #[test]
    fn a_solver_that_ignores_obstacles_shrinks_to_one_tiny_case() {
        // The "solution" under test counts the blank board instead.
        let mut fails = |input: &TestInput| match input {
            TestInput::Uva11195(boards) => boards
                .iter()
                .any(|b| Problem::new(b).count() != Problem::new(&Board::blank(b.n())).count()),
            _ => false,
        };
        let input = TestInput::Uva11195(vec![
            Board::blank(6),
            board(&["..*.", "....", "....", "...."]),
        ]);
        let shrunk = shrink(input, 10_000, &mut fails);
        assert_eq!(shrunk.input, TestInput::Uva11195(vec![board(&["*"])]));
    }

    #[test]
    fn checker_inputs_shrink_to_the_smallest_failing_n() {
        let shrunk = shrink(
            TestInput::Checker(9),
            100,
            &mut |input| matches!(input, TestInput::Checker(n) if *n >= 4),
        );
        assert_eq!(shrunk.input, TestInput::Checker(4));
        assert_eq!(shrunk.tries, 4); // N = 1, 2, 3, 4
    }

    #[test]
    fn the_budget_caps_the_tries() {
        let input = TestInput::Uva11195(vec![Board::blank(8); 3]);
        let shrunk = shrink(input.clone(), 5, &mut |_| false);
        assert_eq!(shrunk.tries, 5);
        assert_eq!(shrunk.input, input);
    }
}
