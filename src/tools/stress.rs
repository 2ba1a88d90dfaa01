//! Stress-testing someone else's solution: random inputs, compared line by
//! line with this program's answers; the first failure is shrunk to a
//! minimal input and reported.
//!
//! A run *fails* ([`crate::tools::failure`]) when the command's output
//! differs from ours (lines compared with trailing whitespace, including
//! `\r`, ignored, and trailing blank lines ignored, as judges do), when it
//! exits with a non-zero status or a signal, or when it uses more CPU time
//! than the time limit, or hangs past the wall-clock backstop (it is then
//! killed).
//!
//! Each run goes through [`crate::tools::child`]: its own process group,
//! killed whole at a limit, its CPU time, wall time and peak memory
//! measured.
//!
//! Shrinking keeps the kind of failure: a smaller input is taken only when
//! it fails the same way (a time-out stays a time-out, never becomes a
//! wrong answer on a smaller board), so the report is about the failure
//! the round found.
//!
//! Rounds may run on several threads (`-j`); the failure reported is always
//! the lowest failing round, so a seed gives the same verdict with any `-j`.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use crate::base::error::{words, Error, Result};
use crate::base::target::Target;
use crate::tools::child;
use crate::tools::failure::Failure;
use crate::tools::generate::{GenOptions, TestInput};
use crate::tools::judge_mode::Answerer;
use crate::tools::progress::{self, Progress};
use crate::tools::settings::Settings;
use crate::tools::shrink;

mod report;
pub use report::shell_quote;
use report::{report, seconds, Report};

/// The most tries spent shrinking one failure.
pub const SHRINK_BUDGET: usize = 3000;

/// The most time spent shrinking one failure (a timing-out solution costs a
/// whole time limit per try).
pub const SHRINK_TIME: Duration = Duration::from_secs(60);

/// What `nqueens stress` was asked to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StressOptions {
    /// The inputs to generate (the seed is the base seed of round 0).
    pub gen: GenOptions,
    /// How many inputs to try.
    pub rounds: u64,
    /// The time limit of one run.
    pub timeout: Duration,
    /// The command and its arguments; never empty.
    pub command: Vec<OsString>,
    /// Rounds run at once (`-j`), at least 1.
    pub jobs: usize,
    /// Whether a failing input is shrunk (not under `--no-shrink`).
    pub shrink: bool,
    /// Where `--save` writes the failing input and expected output.
    pub save: Option<PathBuf>,
}

impl StressOptions {
    /// An answerer for one of the `-j` rounds running at once: the run's
    /// threads (`--threads`) shared out between them.
    fn answerer(&self, settings: &Settings) -> Answerer {
        let threads = (settings.threads() / self.jobs).max(1);
        let speed = settings.speed().clone();
        Answerer::new(settings.budget.on_threads(threads), Progress::Off, speed)
    }
}

pub use crate::tools::child::Outcome;

/// Runs `command` with `input` on stdin, killing its process group once it
/// has used `timeout` of CPU time, or hung (see [`crate::tools::child`]).
///
/// # Errors
/// [`Error::Unavailable`] when the command cannot be started.
pub fn run_command(command: &[OsString], input: &[u8], timeout: Duration) -> Result<Outcome> {
    child::run(command, input, timeout).map_err(|e| {
        Error::Unavailable(format!(
            "stress: cannot run '{}': {}",
            command[0].to_string_lossy(),
            words(&e)
        ))
    })
}

/// Runs the command on `input` and judges it.
fn check(
    options: &StressOptions,
    answerer: &mut Answerer,
    input: &TestInput,
) -> Result<(Option<Failure>, Outcome)> {
    let expected = input.expected(answerer)?;
    let outcome = run_command(&options.command, input.text().as_bytes(), options.timeout)?;
    Ok((Failure::of(&expected, &outcome), outcome))
}

/// A failing round: its input, why it failed, what the command did.
struct Failed {
    input: TestInput,
    failure: Failure,
    outcome: Outcome,
}

/// What the rounds found: the lowest failing round (if any) and timings.
struct Sweep {
    /// The lowest round that failed or could not be run, and what happened.
    stop: Option<(u64, Result<Failed>)>,
    /// The slowest passing run: its time and round.
    slowest: Option<(Duration, u64)>,
    /// Cases in the rounds run.
    cases: usize,
}

/// Runs the rounds on `options.jobs` threads, each taking the next round
/// number in turn, until all are done or one fails. A thread stops only at
/// a round above a failing one, so every round below it has been run and
/// the failure kept is the lowest, however the threads were timed: the
/// verdict for a seed does not depend on `-j`.
fn sweep(options: &StressOptions, settings: &Settings, seed: u64, done: &AtomicU64) -> Sweep {
    let next = AtomicU64::new(0);
    let state = Mutex::new(Sweep {
        stop: None,
        slowest: None,
        cases: 0,
    });
    let stops_before = |state: &Sweep, round: u64| state.stop.as_ref().is_some_and(|s| s.0 < round);
    let worker = || {
        let mut answerer = options.answerer(settings);
        loop {
            let round = next.fetch_add(1, Ordering::Relaxed);
            if round >= options.rounds || stops_before(&state.lock().expect("no panic"), round) {
                return;
            }
            let input = TestInput::random(&options.gen, seed.wrapping_add(round));
            let cases = match &input {
                TestInput::Uva11195(boards) => boards.len(),
                TestInput::Checker(_) => 0,
            };
            let result = check(options, &mut answerer, &input);
            done.fetch_add(1, Ordering::Relaxed);
            let mut state = state.lock().expect("no panic");
            state.cases += cases;
            let stop = match result {
                Ok((failure, outcome)) => {
                    // A failed run's time (a time-out's is the limit) is
                    // no passing run's.
                    let passed = failure.is_none();
                    if passed && state.slowest.map_or(true, |(time, _)| outcome.time > time) {
                        state.slowest = Some((outcome.time, round));
                    }
                    failure.map(|failure| {
                        Ok(Failed {
                            input,
                            failure,
                            outcome,
                        })
                    })
                }
                Err(e) => Some(Err(e)),
            };
            if let Some(stop) = stop {
                if state.stop.as_ref().map_or(true, |s| round < s.0) {
                    state.stop = Some((round, stop));
                }
            }
        }
    };
    thread::scope(|scope| {
        for _ in 1..options.jobs {
            scope.spawn(worker);
        }
        worker();
    });
    state.into_inner().expect("no panic")
}

/// Runs the stress test, writing the summary or the failure report to `out`
/// (and progress to stderr when the settings say so). Returns whether every
/// round passed.
///
/// # Errors
/// A command that cannot be started, output that cannot be written, a
/// `--save` directory that cannot be written.
pub fn run(
    options: &StressOptions,
    settings: &Settings,
    seed: u64,
    out: &mut dyn Write,
) -> Result<bool> {
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let swept = progress::watch(settings.progress, "stress", options.rounds, &done, || {
        sweep(options, settings, seed, &done)
    });
    let Some((round, stop)) = swept.stop else {
        let slowest = swept.slowest.map_or(Duration::ZERO, |(time, _)| time);
        let inputs = match options.gen.problem {
            Target::Uva11195 => format!(" ({} cases)", swept.cases),
            Target::Checker => String::new(),
        };
        let round = swept.slowest.map_or(0, |(_, round)| round);
        writeln!(
            out,
            "stress: all {} rounds passed{inputs}, seed {seed}, {:.1}s; slowest run {} (round {round})",
            options.rounds,
            started.elapsed().as_secs_f64(),
            seconds(slowest),
        )
        .map_err(Error::Write)?;
        return Ok(true);
    };
    let failed = stop?;
    let round_seed = seed.wrapping_add(round);
    let found = failed.failure.clone();
    let (minimal, tries, failure, outcome) = if options.shrink {
        let Some((minimal, tries, failure, outcome)) =
            shrink_failure(options, settings, failed.input, &failed.failure)?
        else {
            // Flaky: the minimal input passed this time. Report the round.
            writeln!(
                out,
                "stress: round {round} failed, but not when run again (flaky?); seed {round_seed}"
            )
            .map_err(Error::Write)?;
            return Ok(false);
        };
        (minimal, Some(tries), failure, outcome)
    } else {
        (failed.input, None, failed.failure, failed.outcome)
    };
    let expected = minimal.expected(&mut options.answerer(settings))?;
    let saved = match &options.save {
        Some(dir) => Some(save(dir, &minimal, &expected)?),
        None => None,
    };
    report(
        out,
        &Report {
            timeout: options.timeout,
            command: &options.command,
            gen: &options.gen,
            round,
            round_seed,
            minimal: &minimal,
            tries,
            expected: &expected,
            found: &found,
            failure: &failure,
            outcome: &outcome,
            slowest: swept.slowest,
            saved,
        },
    )
    .map_err(Error::Write)?;
    Ok(false)
}

/// Shrinks a failing input (a smaller one is taken only when it fails as
/// `found` did: the same [`Failure::kind`]; checker inputs stay within the
/// `--n` range) and runs the minimal one again, so the report shows what it
/// really does: `None` when it passes this time (flaky).
fn shrink_failure(
    options: &StressOptions,
    settings: &Settings,
    input: TestInput,
    found: &Failure,
) -> Result<Option<(TestInput, usize, Failure, Outcome)>> {
    let mut error = None;
    let shrinking = Instant::now();
    let tries = AtomicU64::new(0);
    let mut runs = 0;
    let mut answerer = options.answerer(settings);
    // How many runs shrinking takes is not known ahead: no share, no ETA.
    let shrunk = progress::watch(settings.progress, "shrinking, runs", 0, &tries, || {
        shrink::shrink(input, SHRINK_BUDGET, &mut |candidate| {
            tries.fetch_add(1, Ordering::Relaxed);
            if shrinking.elapsed() > SHRINK_TIME {
                return false;
            }
            if let TestInput::Checker(n) = candidate {
                if n < options.gen.n.start() {
                    return false;
                }
            }
            runs += 1;
            match check(options, &mut answerer, candidate) {
                Ok((failure, _)) => failure.is_some_and(|f| f.kind() == found.kind()),
                Err(e) => {
                    error.get_or_insert(e);
                    false
                }
            }
        })
    });
    if let Some(e) = error {
        return Err(e);
    }
    Ok(match check(options, &mut answerer, &shrunk.input)? {
        (Some(failure), outcome) => Some((shrunk.input, runs, failure, outcome)),
        (None, _) => None,
    })
}

/// Writes the failing input and its expected output as `DIR/failing.in`
/// and `DIR/failing.out` (creating `DIR`); returns the two paths.
fn save(dir: &Path, input: &TestInput, expected: &str) -> Result<[PathBuf; 2]> {
    let write = |path: PathBuf, text: &str| {
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&path, text))
            .map(|()| path.clone())
            .map_err(|e| {
                Error::Unavailable(format!(
                    "stress: cannot write '{}': {}",
                    path.display(),
                    words(&e)
                ))
            })
    };
    Ok([
        write(dir.join("failing.in"), &input.text())?,
        write(dir.join("failing.out"), expected)?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::child::Limit;

    fn sh(script: &str) -> Vec<OsString> {
        ["sh", "-c", script].iter().map(OsString::from).collect()
    }

    #[test]
    fn output_is_captured_and_input_fed() {
        let outcome = run_command(
            &sh("cat; echo err >&2"),
            b"hello\n",
            Duration::from_secs(10),
        )
        .unwrap();
        assert_eq!(outcome.stdout, "hello\n");
        assert_eq!(outcome.stderr, "err\n");
        assert!(outcome.status.unwrap().success());
    }

    #[test]
    fn a_slow_command_is_killed_at_the_deadline() {
        let outcome = run_command(&sh("exec sleep 50"), b"", Duration::from_millis(200)).unwrap();
        // Killed (the sleep would have ended with a status), and asleep it
        // used no CPU time: by the wall-clock backstop. No bound on how
        // long that took: a loaded machine may take longer.
        assert_eq!(outcome.status, None);
        assert_eq!(
            Failure::of("", &outcome),
            Some(Failure::Timeout(Limit::Wall))
        );
    }

    #[test]
    fn a_command_that_ignores_a_large_input_does_not_deadlock() {
        let input = vec![b'.'; 1 << 22];
        let outcome = run_command(&sh("echo done"), &input, Duration::from_secs(10)).unwrap();
        assert_eq!(outcome.stdout, "done\n");
    }

    #[test]
    fn failures_are_told_apart() {
        let crashed = run_command(&sh("exit 3"), b"", Duration::from_secs(10)).unwrap();
        assert!(matches!(Failure::of("", &crashed), Some(Failure::Crash(_))));
        let wrong = run_command(&sh("echo 'Case 1: 3'"), b"", Duration::from_secs(10)).unwrap();
        assert_eq!(
            Failure::of("Case 1: 2\n", &wrong),
            Some(Failure::WrongAnswer { line: 1 })
        );
        assert_eq!(Failure::of("Case 1: 3\n", &wrong), None);
    }

    #[test]
    fn a_missing_command_is_a_usage_error() {
        let missing = [OsString::from("/nonexistent/solver")];
        let error = run_command(&missing, b"", Duration::from_secs(1)).unwrap_err();
        assert!(error
            .to_string()
            .starts_with("stress: cannot run '/nonexistent/solver'"));
    }
}
