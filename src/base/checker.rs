//! Checker mode (USACO 1.5.4 "Checker Challenge", Luogu P1219): the first
//! three solutions of the blank `n x n` board in lexicographic order, then
//! the number of solutions.
//!
//! # Constraints
//! `1 <= n <= 64` (the judges ask for `6 <= n <= 13`).

use std::io::Write;
use std::ops::ControlFlow;

use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::output;
use crate::base::problem::Problem;

/// How many solutions the problem prints.
pub const SHOWN: usize = 3;

/// The first `limit` solutions of the blank `n x n` board, lexicographic,
/// as 0-based columns.
///
/// ```
/// let first = nqueens::base::checker::first_solutions(4, 3);
/// assert_eq!(first, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// ```
pub fn first_solutions(n: usize, limit: usize) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    if limit == 0 {
        return found;
    }
    Problem::new(&Board::blank(n)).for_each_solution(|columns| {
        found.push(columns.to_vec());
        if found.len() == limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found
}

/// Writes the checker answer for `n`: up to three solutions, then `total`
/// (the caller's count of all solutions of the blank board).
pub fn run(n: usize, total: impl FnOnce(usize) -> Result<u128>, out: &mut dyn Write) -> Result<()> {
    answer(&first_solutions(n, SHOWN), || total(n), out)
}

/// Writes a checker answer from its `first` solutions (as
/// [`first_solutions`] finds them), then `total`, called once they are out
/// (flushed: a long count follows).
pub fn answer(
    first: &[Vec<usize>],
    total: impl FnOnce() -> Result<u128>,
    out: &mut dyn Write,
) -> Result<()> {
    for columns in first {
        output::columns_line(out, columns).map_err(Error::Write)?;
    }
    out.flush().map_err(Error::Write)?;
    let total = total()?;
    writeln!(out, "{total}").map_err(Error::Write)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_p1219_sample() {
        let mut out = Vec::new();
        run(6, |n| Ok(Problem::new(&Board::blank(n)).count()), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
        );
    }

    #[test]
    fn fewer_than_three_solutions_print_those_there_are() {
        assert_eq!(first_solutions(1, SHOWN), [vec![0]]);
        assert!(first_solutions(3, SHOWN).is_empty());
        assert_eq!(first_solutions(4, SHOWN).len(), 2);
    }
}
