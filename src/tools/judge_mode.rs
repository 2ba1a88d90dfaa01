//! Judge mode as the command runs it: the inputs in order as one stream of
//! cases, one planner for all of them, errors naming the file at fault.
//!
//! Each input ends at its own `0` (or its end), and the next one begins:
//! `nqueens a.in b.in` answers the cases of `a.in`, then those of `b.in`,
//! numbered on (`Case 1` .. `Case k` for `a.in`, `Case k+1` .. for `b.in`),
//! as if they were one input. The search itself is [`crate::base::uva11195`].

use std::io::{self, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::base::cases::CaseReader;
use crate::base::error::{Error, Result};
use crate::base::uva11195::{self, MAX_BATCH};
use crate::engine::budget::Budget;
use crate::plan::planner::{MethodChoice, Planner, ProgressBoard};
use crate::tools::estimate_line::{beyond_cores, describe};
use crate::tools::files::{self, Input};
use crate::tools::progress::{self, Progress};
use crate::tools::settings::Settings;

/// What judge mode was asked to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JudgeModeOptions {
    /// The inputs, read in order (stdin when no FILE was given).
    pub inputs: Vec<Input>,
    /// `--method`: how to count (the planner chooses for `Auto`).
    pub method: MethodChoice,
    /// `--explain`: describe each case's method on stderr.
    pub explain: bool,
    /// `--estimate`: print each case's estimate instead of answering it.
    pub estimate: bool,
}

/// Answers every case of every input, in order, on `out` (or with
/// `estimate`, writes each case's estimate instead), every engine planned
/// within the settings' budget. A file is opened only
/// when the inputs before it are done, so its errors come after their
/// answers. With progress on, the case being searched, when it is estimated
/// above a few seconds, is reported on stderr; a case estimated above a
/// day is announced there when its batch starts.
pub fn run(options: &JudgeModeOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    let mut solver = Planner::within(options.method, settings.budget);
    if options.explain {
        solver = solver.explain_to(Box::new(io::stderr()));
    }
    if options.estimate {
        let cores = settings.machine.cores;
        return each_input(options, |input| {
            estimate(input, &mut *out, &mut solver, cores)
        });
    }
    let board: ProgressBoard = Arc::new(Mutex::new(None));
    solver = solver
        .progress_to(board.clone())
        .warn_to(Box::new(io::stderr()));
    let mut answered = 0;
    progress::watch_with(settings.progress, &|| long_case(&board), || {
        each_input(options, |input| {
            uva11195::run_after(input, &mut *out, &mut solver, &mut answered)
        })
    })
}

/// The progress line of the case being searched, when it is a long one.
fn long_case(board: &ProgressBoard) -> Option<String> {
    let long = board.lock().ok()?.clone()?;
    let label = format!("Case {} (n={}, {})", long.case, long.n, long.method);
    let elapsed = Instant::now().saturating_duration_since(long.started);
    // At this machine's speed once the line can be shown (a case gets its
    // first line a second in): a case over sooner costs no probe.
    let estimate = if elapsed >= progress::REDRAW {
        crate::plan::calibration::scale(long.estimate, long.kernel)
    } else {
        long.estimate
    };
    let line =
        progress::status_estimated(&label, long.done, long.units, elapsed, Some(estimate / 1e9));
    Some(line)
}

/// Judge mode's answers as text, for the tools that compare another
/// program's output with them (`test`, `stress`): the same planner as
/// judge mode, on the same threads, so an expected output costs what judge
/// mode would take; with progress of long cases on stderr when asked.
pub struct Answerer {
    planner: Planner,
    board: ProgressBoard,
    threads: usize,
    progress: Progress,
}

impl Answerer {
    /// Answers within `budget` (its memory, on its worker threads); with
    /// `progress` on, long cases are reported on stderr as judge mode
    /// reports them.
    pub fn new(budget: Budget, progress: Progress) -> Answerer {
        let board: ProgressBoard = Arc::new(Mutex::new(None));
        let threads = budget.threads;
        let mut planner = Planner::within(MethodChoice::Auto, budget).progress_to(board.clone());
        if progress.on() {
            planner = planner.warn_to(Box::new(io::stderr()));
        }
        Answerer {
            planner,
            board,
            threads,
            progress,
        }
    }

    /// The worker threads it answers on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Judge mode's output for judge input `input`.
    ///
    /// ```
    /// use nqueens::{engine::budget::Budget, tools::{judge_mode::Answerer, progress::Progress}};
    /// let mut answerer = Answerer::new(Budget::default().on_threads(2), Progress::Off);
    /// assert_eq!(answerer.answers(b"4\n....\n....\n....\n....\n0\n").unwrap(), "Case 1: 2\n");
    /// ```
    pub fn answers(&mut self, input: &[u8]) -> Result<String> {
        let mut out = Vec::new();
        let (board, planner) = (&self.board, &mut self.planner);
        progress::watch_with(self.progress, &|| long_case(board), || {
            uva11195::run(input, &mut out, planner)
        })?;
        String::from_utf8(out).map_err(|e| Error::Write(io::Error::new(io::ErrorKind::Other, e)))
    }
}

/// `work` on each input in order, errors naming the file at fault, an
/// empty one noted on stderr ([`files::read_cases`]).
fn each_input(
    options: &JudgeModeOptions,
    mut work: impl FnMut(&mut dyn Read) -> Result<()>,
) -> Result<()> {
    for input in &options.inputs {
        files::read_cases(input, &mut work)?;
    }
    Ok(())
}

/// Writes each case's estimate (`--estimate`), batch by batch as judge
/// mode would solve them, flushed before every wait for input; a case
/// whose estimate assumes more threads than the machine's `cores` says so.
fn estimate(
    input: &mut dyn Read,
    out: &mut dyn Write,
    planner: &mut Planner,
    cores: usize,
) -> Result<()> {
    let mut cases = CaseReader::new(input);
    let mut batch = Vec::new();
    loop {
        let mut say = |batch: &mut Vec<crate::base::board::Board>| -> Result<()> {
            let first = planner.cases_done();
            for (k, (board, (method, estimate))) in
                batch.iter().zip(planner.estimate(batch)?).enumerate()
            {
                let estimate = estimate.calibrated();
                writeln!(
                    out,
                    "Case {}: n={} obstacles={} method={method}: {}{}",
                    first + k + 1,
                    board.n(),
                    board.obstacles(),
                    describe(&estimate),
                    beyond_cores(&estimate, cores),
                )
                .map_err(Error::Write)?;
            }
            batch.clear();
            out.flush().map_err(Error::Write)
        };
        let next = cases.next_case(&mut || say(&mut batch));
        match next? {
            Some(board) => {
                batch.push(board);
                if batch.len() == MAX_BATCH {
                    say(&mut batch)?;
                }
            }
            None => return say(&mut batch),
        }
    }
}
