//! Judge mode (UVa 11195): read cases, answer `Case k: N` for each, in order.
//!
//! Cases are read in small batches and handed to a [`Solver`], which may
//! look at a whole batch at once (to share work between boards, or to run
//! them on several threads) but must answer them in order. A batch ends early
//! whenever the input has nothing more buffered, so a slow or stalled
//! producer never holds back answers that are ready; the output is flushed
//! before every wait for input. On malformed input every case before the bad
//! one is answered and flushed, then the error is returned.
//!
//! # Complexity
//! Memory is one batch of boards (at most [`MAX_BATCH`]) plus fixed buffers,
//! however long the input.

use std::io::{self, BufWriter, Read, Write};

use crate::blank;
use crate::board::Board;
use crate::error::{Error, Result};
use crate::input::CaseReader;
use crate::output;
use crate::problem::Problem;

/// The most cases read ahead before they are solved and answered.
pub const MAX_BATCH: usize = 256;

/// Answers a batch of boards: `counts[i]` for `boards[i]`.
pub trait Solver {
    /// The number of solutions of each board, in order.
    fn solve(&mut self, boards: &[Board]) -> Result<Vec<u128>>;
}

/// The plain search: every board on its own, all rows top to bottom; blank
/// boards (the hardest cases) go to the symmetric engine, [`blank::count`].
#[derive(Default)]
pub struct PlainSolver;

impl Solver for PlainSolver {
    fn solve(&mut self, boards: &[Board]) -> Result<Vec<u128>> {
        Ok(boards
            .iter()
            .map(|b| match b.obstacles() {
                0 => blank::count(b.n()),
                _ => Problem::new(b).count(),
            })
            .collect())
    }
}

/// Reads judge input from `input` and writes one `Case k: N` line per case.
///
/// ```
/// use nqueens::judge::{run, PlainSolver};
/// let mut out = Vec::new();
/// run(&b"4\n.*..\n....\n....\n....\n0\n"[..], &mut out, &mut PlainSolver).unwrap();
/// assert_eq!(out, b"Case 1: 1\n");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, solver: &mut dyn Solver) -> Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, output);
    let mut cases = CaseReader::new(input);
    let mut answered = 0u64;
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        let mut failure = None;
        while batch.len() < MAX_BATCH {
            match cases.next_case(&mut || out.flush()) {
                Ok(Some(board)) => batch.push(board),
                Ok(None) => break,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
            if !cases.has_buffered_input() {
                break;
            }
        }
        if batch.is_empty() && failure.is_none() {
            return out.flush().map_err(Error::Write);
        }
        for count in solver.solve(&batch)? {
            answered += 1;
            output::case_line(&mut out, answered, count).map_err(Error::Write)?;
        }
        batch.clear();
        if let Some(e) = failure {
            out.flush().map_err(Error::Write)?;
            return Err(e);
        }
    }
}

/// Convenience for tests and examples: judge `input` with the plain solver
/// and return the output as text.
pub fn run_to_string(input: &[u8]) -> Result<String> {
    let mut out = Vec::new();
    run(input, &mut out, &mut PlainSolver)?;
    String::from_utf8(out).map_err(|e| Error::Write(io::Error::new(io::ErrorKind::Other, e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_before_a_bad_case_are_written() {
        let mut out = Vec::new();
        let err = run(&b"1\n.\n2\n..\n.\n"[..], &mut out, &mut PlainSolver).unwrap_err();
        assert_eq!(out, b"Case 1: 1\n");
        assert_eq!(
            err.to_string(),
            "line 5: expected 2 cells of '.' or '*', found 1"
        );
    }

    #[test]
    fn the_uva_sample() {
        let input = b"8\n........\n........\n........\n........\n........\n........\n........\n........\n4\n.*..\n....\n....\n....\n0\n";
        assert_eq!(run_to_string(input).unwrap(), "Case 1: 92\nCase 2: 1\n");
    }
}
