//! Judge mode as the command runs it: the inputs in order as one stream of
//! cases, one planner for all of them, errors naming the file at fault.
//!
//! Each input ends at its own `0` (or its end), and the next one begins:
//! `nqueens a.in b.in` answers the cases of `a.in`, then those of `b.in`,
//! numbered on (`Case 1` .. `Case k` for `a.in`, `Case k+1` .. for `b.in`),
//! as if they were one input. The search itself is [`crate::base::uva11195`].

use std::io::{self, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::base::board::Board;
use crate::base::cases::CaseReader;
use crate::base::error::{Error, Result};
use crate::base::output;
use crate::base::uva11195::{self, MAX_BATCH};
use crate::engine::budget::Budget;
use crate::plan::calibration::Speed;
use crate::plan::estimate::human;
use crate::plan::planner::{MethodChoice, Planner, ProgressBoard, Verdict};
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
    /// `--max-time`: skip each case estimated above it (say so instead of
    /// its count); with `estimate`, say which cases would be.
    pub max_time: Option<Duration>,
}

/// How a judge-mode run ended, when it ended without an error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Every case was answered (or estimated, with `--estimate`).
    Answered,
    /// Some cases were skipped by `--max-time`, each said so on its line;
    /// every other case was answered.
    Skipped,
}

impl Outcome {
    /// The exit status: 0 when every case was answered, [`SKIPPED_EXIT`]
    /// when `--max-time` skipped some.
    pub fn exit_status(self) -> u8 {
        match self {
            Outcome::Answered => 0,
            Outcome::Skipped => SKIPPED_EXIT,
        }
    }
}

/// The exit status of a run in which `--max-time` skipped cases (every
/// other one answered): apart from 0 (all answered), 1 (`stress` and
/// `test` failures) and 2 (errors).
pub const SKIPPED_EXIT: u8 = 3;

/// Answers every case of every input, in order, on `out` (or with
/// `estimate`, writes each case's estimate instead), every engine planned
/// within the settings' budget. A file is opened only
/// when the inputs before it are done, so its errors come after their
/// answers. With progress on, the case being searched, when it is estimated
/// above a few seconds, is reported on stderr; a case estimated above a
/// day is announced there when its batch starts. With `--max-time`, a case
/// estimated above it is not counted: its line says it was skipped, and
/// the run ends [`Outcome::Skipped`].
pub fn run(
    options: &JudgeModeOptions,
    settings: &Settings,
    out: &mut dyn Write,
) -> Result<Outcome> {
    let speed = settings.speed();
    let mut solver = Planner::within(options.method, settings.budget, speed.clone());
    if options.explain {
        solver = solver.explain_to(Box::new(io::stderr()));
    }
    let max_time = options.max_time.map(|limit| limit.as_secs_f64());
    if let Some(seconds) = max_time {
        solver = solver.max_time(seconds);
    }
    if options.estimate {
        let cores = settings.machine.cores;
        each_input(options, |input| {
            estimate(input, &mut *out, &mut solver, cores, max_time)
        })?;
        return Ok(Outcome::Answered);
    }
    let board: ProgressBoard = Arc::new(Mutex::new(None));
    solver = solver
        .progress_to(board.clone())
        .warn_to(Box::new(io::stderr()));
    let Some(limit) = max_time else {
        let mut answered = 0;
        progress::watch_with(settings.progress, &|| long_case(&board, speed), || {
            each_input(options, |input| {
                uva11195::run_after(input, &mut *out, &mut solver, &mut answered)
            })
        })?;
        return Ok(Outcome::Answered);
    };
    let mut lines = Lines {
        answered: 0,
        skipped: 0,
        limit,
        threads: settings.budget.threads,
    };
    progress::watch_with(settings.progress, &|| long_case(&board, speed), || {
        each_input(options, |input| {
            run_or_skip(input, &mut *out, &mut solver, &mut lines)
        })
    })?;
    Ok(match lines.skipped {
        0 => Outcome::Answered,
        _ => Outcome::Skipped,
    })
}

/// The answer lines of a run with `--max-time`: cases numbered on from
/// `answered` (over every input), those skipped counted.
struct Lines {
    answered: u64,
    skipped: u64,
    /// `--max-time`, seconds.
    limit: f64,
    /// The run's threads, as the estimates are for.
    threads: usize,
}

impl Lines {
    /// Writes the line of the next case: `Case k: N`, or for a case
    /// skipped by `--max-time`, `Case k: skipped (estimated about 3 h on
    /// 2 threads, over --max-time 60 s)`.
    fn write(&mut self, out: &mut dyn Write, verdict: Verdict) -> io::Result<()> {
        self.answered += 1;
        match verdict {
            Verdict::Count(count) => output::case_line(out, self.answered, count),
            Verdict::Skipped { seconds } => {
                self.skipped += 1;
                writeln!(
                    out,
                    "Case {}: {}",
                    self.answered,
                    skipped_note(seconds, self.threads, self.limit)
                )
            }
        }
    }
}

/// What a skipped case's line says after `Case k: `.
///
/// ```
/// use nqueens::tools::judge_mode::skipped_note;
/// assert_eq!(
///     skipped_note(10_800.0, 2, 60.0),
///     "skipped (estimated about 3 h on 2 threads, over --max-time 60 s)"
/// );
/// ```
pub fn skipped_note(seconds: f64, threads: usize, limit: f64) -> String {
    format!(
        "skipped (estimated about {} on {threads} thread{}, over --max-time {limit} s)",
        human(seconds),
        if threads == 1 { "" } else { "s" },
    )
}

/// [`uva11195::run_after`] with the planner's verdicts: a case skipped
/// by `--max-time` gets its line saying so, in order with the others
/// (the same streaming, [`uva11195::stream`]).
fn run_or_skip(
    input: &mut dyn Read,
    output: &mut dyn Write,
    planner: &mut Planner,
    lines: &mut Lines,
) -> Result<()> {
    uva11195::stream(input, output, |batch, out| {
        answer_or_skip(batch, planner, out, lines)
    })
}

/// Solves `batch` (skipping what `--max-time` skips), writes its lines
/// (each group the planner hands over written and flushed at once), and
/// empties it.
fn answer_or_skip(
    batch: &mut Vec<Board>,
    planner: &mut Planner,
    out: &mut dyn Write,
    lines: &mut Lines,
) -> Result<()> {
    if batch.is_empty() {
        return Ok(());
    }
    let first = lines.answered;
    planner.solve_or_skip(batch, &mut |verdicts| {
        for &verdict in verdicts {
            lines.write(out, verdict).map_err(Error::Write)?;
        }
        out.flush().map_err(Error::Write)
    })?;
    let given = lines.answered - first;
    if given != batch.len() as u64 {
        return Err(Error::Worker(format!(
            "the planner answered {given} of {} cases",
            batch.len()
        )));
    }
    batch.clear();
    Ok(())
}

/// The progress line of the case being searched, when it is a long one,
/// its estimate at the run's `speed`.
fn long_case(board: &ProgressBoard, speed: &Speed) -> Option<String> {
    let long = board.lock().ok()?.clone()?;
    let label = format!("Case {} (n={}, {})", long.case, long.n, long.method);
    let elapsed = Instant::now().saturating_duration_since(long.started);
    // At the run's speed once the line can be shown (a case gets its
    // first line a second in): a case over sooner costs no probe.
    let estimate = if elapsed >= progress::REDRAW {
        speed.scale(long.estimate, long.cost_class)
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
    /// The run's speed, which the progress of long cases is told at.
    speed: Speed,
}

impl Answerer {
    /// Answers within `budget` (its memory, on its worker threads), priced
    /// at `speed` (the run's: the same planner's choices as judge mode's);
    /// with `progress` on, long cases are reported on stderr as judge mode
    /// reports them.
    pub fn new(budget: Budget, progress: Progress, speed: Speed) -> Answerer {
        let board: ProgressBoard = Arc::new(Mutex::new(None));
        let threads = budget.threads;
        let mut planner =
            Planner::within(MethodChoice::Auto, budget, speed.clone()).progress_to(board.clone());
        if progress.on() {
            planner = planner.warn_to(Box::new(io::stderr()));
        }
        Answerer {
            planner,
            board,
            threads,
            progress,
            speed,
        }
    }

    /// The worker threads it answers on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Judge mode's output for judge input `input`.
    ///
    /// ```
    /// use nqueens::{engine::budget::Budget, plan::calibration::Speed};
    /// use nqueens::tools::{judge_mode::Answerer, progress::Progress};
    /// let budget = Budget::default().on_threads(2);
    /// let mut answerer = Answerer::new(budget, Progress::Off, Speed::reference());
    /// assert_eq!(answerer.answers(b"4\n....\n....\n....\n....\n0\n").unwrap(), "Case 1: 2\n");
    /// ```
    pub fn answers(&mut self, input: &[u8]) -> Result<String> {
        let mut out = Vec::new();
        let (board, planner, speed) = (&self.board, &mut self.planner, &self.speed);
        progress::watch_with(self.progress, &|| long_case(board, speed), || {
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
    max_time: Option<f64>,
) -> Result<()> {
    let mut cases = CaseReader::new(input);
    let mut batch = Vec::new();
    loop {
        let mut say = |batch: &mut Vec<Board>| -> Result<()> {
            let first = planner.cases_done();
            for (k, (board, (method, estimate, skipped))) in batch
                .iter()
                .zip(planner.estimate_or_skip(batch)?)
                .enumerate()
            {
                let estimate = estimate.calibrated(planner.speed());
                let skip = match max_time {
                    Some(limit) if skipped => {
                        format!("; over --max-time {limit} s, would be skipped")
                    }
                    _ => String::new(),
                };
                writeln!(
                    out,
                    "Case {}: n={} obstacles={} method={method}: {}{}{skip}",
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
