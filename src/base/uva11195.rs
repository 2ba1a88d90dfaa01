//! The UVa 11195 problem: read cases, answer `Case k: N` for each, in order.
//!
//! Cases are read in small batches and handed to a [`Solver`], which may
//! look at a whole batch at once (to share work between boards, or to run
//! them on threads) but answers them in order, each written and flushed as
//! soon as it and every case before it are known. Before every wait for
//! input the cases read so far are answered and flushed, so a stalled
//! producer never holds back an answer whose case has arrived. On malformed
//! input every case before the bad one is answered, then the error is
//! returned.
//!
//! # Complexity
//! Memory is one batch of boards (at most [`MAX_BATCH`]) plus fixed buffers,
//! however long the input.

use std::io::{self, BufWriter, Read, Write};

use crate::base::board::Board;
use crate::base::cases::CaseReader;
use crate::base::error::{Error, Result};
use crate::base::output;
use crate::base::problem::Problem;

/// The most cases read ahead before they are solved and answered.
pub const MAX_BATCH: usize = 256;

/// Answers a batch of boards, in order, as the answers become known.
pub trait Solver {
    /// The number of solutions of each board, through `answered`: each call
    /// hands over the next answers in case order, as soon as they are final
    /// ([`run`] writes and flushes them). An error from `answered` (the
    /// output failed) ends the solve with that error.
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()>;

    /// Every answer of the batch at once (for tests and benchmarks).
    fn solve_all(&mut self, boards: &[Board]) -> Result<Vec<u128>> {
        let mut counts = Vec::with_capacity(boards.len());
        self.solve(boards, &mut |more| {
            counts.extend_from_slice(more);
            Ok(())
        })?;
        Ok(counts)
    }
}

/// The plain search: every board on its own, all rows top to bottom: the
/// baseline other solvers are measured against, single-threaded. (A bundle
/// runs [`crate::base::constrained::BundleSolver`].)
#[derive(Default)]
pub struct PlainSolver;

impl Solver for PlainSolver {
    /// One board after another, each answered as soon as it is counted.
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        for board in boards {
            answered(&[Problem::new(board).count()])?;
        }
        Ok(())
    }
}

/// Reads judge input from `input` and writes one `Case k: N` line per case.
///
/// ```
/// use nqueens::base::uva11195::{run, PlainSolver};
/// let mut out = Vec::new();
/// run(&b"4\n.*..\n....\n....\n....\n0\n"[..], &mut out, &mut PlainSolver).unwrap();
/// assert_eq!(out, b"Case 1: 1\n");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, solver: &mut dyn Solver) -> Result<()> {
    run_after(input, output, solver, &mut 0)
}

/// [`run`] for one of several inputs read in order as one stream of cases:
/// cases are numbered on from `answered` (the cases of earlier inputs),
/// which counts this input's answers too.
pub fn run_after<R: Read, W: Write>(
    input: R,
    output: W,
    solver: &mut dyn Solver,
    answered: &mut u64,
) -> Result<()> {
    stream(input, output, |batch, out| {
        answer(batch, solver, out, answered)
    })
}

/// [`run_after`]'s streaming, `answer` writing a batch's lines and
/// emptying it.
pub fn stream<R, W, A>(input: R, output: W, mut answer: A) -> Result<()>
where
    R: Read,
    W: Write,
    A: FnMut(&mut Vec<Board>, &mut dyn Write) -> Result<()>,
{
    let mut out = BufWriter::with_capacity(1 << 16, output);
    let mut cases = CaseReader::new(input);
    let mut batch = Vec::with_capacity(MAX_BATCH);
    loop {
        let mut failure = None;
        while batch.len() < MAX_BATCH {
            // Before the reader waits for input, the cases read so far are
            // answered and flushed: a case whose last row has arrived must
            // not wait for the next case (or for half of it) to arrive.
            let mut idle_failed = false;
            let mut idle = || {
                let done =
                    answer(&mut batch, &mut out).and_then(|()| out.flush().map_err(Error::Write));
                idle_failed = done.is_err();
                done
            };
            let next = cases.next_case(&mut idle);
            // A failure of the solver or of the output ends the run as it
            // is: only malformed input still gets the batch answered.
            if idle_failed {
                return next.map(|_| ());
            }
            match next {
                Ok(Some(board)) => batch.push(board),
                Ok(None) => break,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        if batch.is_empty() && failure.is_none() {
            return out.flush().map_err(Error::Write);
        }
        answer(&mut batch, &mut out)?;
        if let Some(e) = failure {
            out.flush().map_err(Error::Write)?;
            return Err(e);
        }
    }
}

/// Solves `batch`, writes its answers numbered on from `answered` (each
/// group of answers the solver hands over written and flushed at once),
/// and empties it.
fn answer(
    batch: &mut Vec<Board>,
    solver: &mut dyn Solver,
    out: &mut dyn Write,
    answered: &mut u64,
) -> Result<()> {
    if batch.is_empty() {
        return Ok(());
    }
    let first = *answered;
    solver.solve(batch, &mut |counts| {
        for &count in counts {
            *answered += 1;
            output::case_line(out, *answered, count).map_err(Error::Write)?;
        }
        out.flush().map_err(Error::Write)
    })?;
    let given = *answered - first;
    if given != batch.len() as u64 {
        return Err(Error::Worker(format!(
            "the solver answered {given} of {} cases",
            batch.len()
        )));
    }
    batch.clear();
    Ok(())
}

/// Convenience for tests and examples: answer `input` with the plain solver
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

    /// Output shared with the test while `run` holds the writer.
    #[derive(Clone, Default)]
    struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().write(bytes)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Input that arrives in chunks; each read first checks that the output
    /// flushed so far is what should be out by the time the input stalls.
    struct Chunks {
        chunks: Vec<(&'static str, &'static str)>,
        out: Shared,
    }

    impl Read for Chunks {
        fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
            if self.chunks.is_empty() {
                return Ok(0);
            }
            let (chunk, out_before) = self.chunks.remove(0);
            assert_eq!(String::from_utf8_lossy(&self.out.0.borrow()), out_before);
            buffer[..chunk.len()].copy_from_slice(chunk.as_bytes());
            Ok(chunk.len())
        }
    }

    #[test]
    fn a_case_is_answered_before_the_reader_waits_for_more() {
        let out = Shared::default();
        let source = Chunks {
            chunks: vec![
                ("4\n.*..\n....\n....\n....\n", ""),
                ("5\n..", "Case 1: 1\n"),
                ("...\n.....\n.....\n.....\n.....\n", "Case 1: 1\n"),
                ("0\n", "Case 1: 1\nCase 2: 10\n"),
            ],
            out: out.clone(),
        };
        run(source, out.clone(), &mut PlainSolver).unwrap();
        assert_eq!(out.0.borrow().as_slice(), b"Case 1: 1\nCase 2: 10\n");
    }

    struct Failing;

    impl Solver for Failing {
        fn solve(&mut self, _: &[Board], _: &mut dyn FnMut(&[u128]) -> Result<()>) -> Result<()> {
            Err(Error::Worker("a worker thread failed: boom".into()))
        }
    }

    #[test]
    fn a_solver_failure_while_waiting_for_input_is_that_failure() {
        // The case completes before a wait, so the idle hook runs the solver.
        let source = Chunks {
            chunks: vec![("1\n.\n", ""), ("0\n", "")],
            out: Shared::default(),
        };
        match run(source, Shared::default(), &mut Failing) {
            Err(Error::Worker(message)) => assert!(message.ends_with("boom")),
            other => panic!("expected the worker error, got {other:?}"),
        }
    }

    #[test]
    fn the_uva_sample() {
        let input = b"8\n........\n........\n........\n........\n........\n........\n........\n........\n4\n.*..\n....\n....\n....\n0\n";
        assert_eq!(run_to_string(input).unwrap(), "Case 1: 92\nCase 2: 1\n");
    }
}
