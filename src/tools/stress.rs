//! Stress-testing someone else's solution: random inputs, compared line by
//! line with this program's answers; the first failure is shrunk to a
//! minimal input and reported.
//!
//! A run *fails* when the command's output differs from ours (lines compared
//! with trailing whitespace, including `\r`, ignored, and trailing blank
//! lines ignored, as judges do), when it exits with a non-zero status or a
//! signal, or when it runs longer than the time limit (it is then killed).
//!
//! Each run goes through [`crate::tools::child`]: its own process group,
//! killed whole at the time limit, its time measured.

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use crate::base::error::{words, Error, Result};
use crate::tools::child;
use crate::tools::generate::{GenOptions, TestInput};
use crate::tools::shrink;

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
}

pub use crate::tools::child::Outcome;

/// Why a run failed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Failure {
    /// Output line `line` (1-based) differs.
    WrongAnswer {
        /// The first differing line.
        line: usize,
    },
    /// The command ended with a failure status or a signal.
    Crash(ExitStatus),
    /// The command ran past the time limit.
    Timeout,
}

/// Runs `command` with `input` on stdin, killing its process group after
/// `timeout` (see [`crate::tools::child`]).
///
/// # Errors
/// [`Error::Usage`] when the command cannot be started.
pub fn run_command(command: &[OsString], input: &[u8], timeout: Duration) -> Result<Outcome> {
    child::run(command, input, timeout).map_err(|e| {
        Error::Usage(format!(
            "stress: cannot run '{}': {}",
            command[0].to_string_lossy(),
            words(&e)
        ))
    })
}

/// The lines judges compare: trailing whitespace and blank lines dropped.
fn judged_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// The first line (1-based) where `actual` differs from `expected`.
///
/// ```
/// use nqueens::tools::stress::first_difference;
/// assert_eq!(first_difference("Case 1: 2\n", "Case 1: 2 \r\n\n"), None);
/// assert_eq!(first_difference("a\nb\n", "a\nc\n"), Some(2));
/// assert_eq!(first_difference("a\nb\n", "a\n"), Some(2));
/// ```
pub fn first_difference(expected: &str, actual: &str) -> Option<usize> {
    let (expected, actual) = (judged_lines(expected), judged_lines(actual));
    let common = expected.len().min(actual.len());
    match (0..common).find(|&i| expected[i] != actual[i]) {
        Some(i) => Some(i + 1),
        None if expected.len() != actual.len() => Some(common + 1),
        None => None,
    }
}

/// Judges one outcome against the expected output.
pub fn judge(expected: &str, outcome: &Outcome) -> Option<Failure> {
    match outcome.status {
        None => Some(Failure::Timeout),
        Some(status) if !status.success() => Some(Failure::Crash(status)),
        Some(_) => {
            first_difference(expected, &outcome.stdout).map(|line| Failure::WrongAnswer { line })
        }
    }
}

/// Runs the command on `input` and judges it: `Ok(None)` when it passes.
fn check(options: &StressOptions, input: &TestInput) -> Result<Option<(Failure, Outcome)>> {
    let expected = input.expected()?;
    let outcome = run_command(&options.command, input.text().as_bytes(), options.timeout)?;
    Ok(judge(&expected, &outcome).map(|failure| (failure, outcome)))
}

/// Runs the stress test, writing the summary or the failure report to `out`.
/// Returns whether every round passed.
///
/// # Errors
/// A command that cannot be started, or output that cannot be written.
pub fn run(options: &StressOptions, seed: u64, out: &mut dyn Write) -> Result<bool> {
    let started = Instant::now();
    let mut cases = 0;
    for round in 0..options.rounds {
        let round_seed = seed.wrapping_add(round);
        let input = TestInput::random(&options.gen, round_seed);
        if let TestInput::Judge(boards) = &input {
            cases += boards.len();
        }
        if check(options, &input)?.is_none() {
            continue;
        }
        // Shrink with any failure counting; the final check re-runs the
        // minimal input, so the report shows what it really does.
        let mut error = None;
        let shrinking = Instant::now();
        let shrunk = shrink::shrink(input, SHRINK_BUDGET, &mut |candidate| {
            if shrinking.elapsed() > SHRINK_TIME {
                return false;
            }
            match check(options, candidate) {
                Ok(result) => result.is_some(),
                Err(e) => {
                    error.get_or_insert(e);
                    false
                }
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let minimal = shrunk.input;
        let expected = minimal.expected()?;
        let Some((failure, outcome)) = check(options, &minimal)? else {
            // Flaky: the minimal input passed this time. Report the round.
            writeln!(
                out,
                "stress: round {round} failed, but not when run again (flaky?); seed {round_seed}"
            )
            .map_err(Error::Write)?;
            return Ok(false);
        };
        report(
            out,
            &Report {
                options,
                round,
                round_seed,
                minimal: &minimal,
                tries: shrunk.tries,
                expected: &expected,
                failure: &failure,
                outcome: &outcome,
            },
        )
        .map_err(Error::Write)?;
        return Ok(false);
    }
    let inputs = match options.gen.problem {
        crate::tools::bundle::Target::Uva11195 => format!(" ({cases} cases)"),
        crate::tools::bundle::Target::Checker => String::new(),
    };
    writeln!(
        out,
        "stress: all {} rounds passed{inputs}, seed {seed}, {:.1}s",
        options.rounds,
        started.elapsed().as_secs_f64()
    )
    .map_err(Error::Write)?;
    Ok(true)
}

/// Everything a failure report shows.
struct Report<'a> {
    options: &'a StressOptions,
    round: u64,
    round_seed: u64,
    minimal: &'a TestInput,
    tries: usize,
    expected: &'a str,
    failure: &'a Failure,
    outcome: &'a Outcome,
}

/// Writes the failure report: what failed, the minimal input, expected
/// and actual output, how to reproduce.
fn report(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    let what = match r.failure {
        Failure::WrongAnswer { line } => format!("wrong answer on output line {line}"),
        Failure::Crash(status) => format!("crashed ({status})"),
        Failure::Timeout => format!("timed out after {:?}", r.options.timeout),
    };
    let command: Vec<String> = r
        .options
        .command
        .iter()
        .map(|a| shell_quote(&a.to_string_lossy()))
        .collect();
    writeln!(
        out,
        "stress: FAILED in round {} (seed {}): {what}",
        r.round, r.round_seed
    )?;
    writeln!(
        out,
        "minimal failing input ({}, after {} shrinking runs):",
        r.minimal.describe(),
        r.tries
    )?;
    write!(out, "{}", r.minimal.text())?;
    writeln!(out, "expected output:")?;
    write!(out, "{}", r.expected)?;
    writeln!(out, "actual output:")?;
    if r.outcome.stdout.is_empty() {
        writeln!(out, "(none)")?;
    }
    write!(out, "{}", r.outcome.stdout)?;
    if !r.outcome.stdout.is_empty() && !r.outcome.stdout.ends_with('\n') {
        writeln!(out, "(no newline at end of output)")?;
    }
    if !r.outcome.stderr.is_empty() {
        writeln!(out, "actual stderr:")?;
        write!(out, "{}", r.outcome.stderr)?;
        if !r.outcome.stderr.ends_with('\n') {
            writeln!(out)?;
        }
    }
    writeln!(
        out,
        "reproduce the unshrunk input: nqueens gen --seed {} {} | {}",
        r.round_seed,
        r.options.gen.to_args(),
        command.join(" ")
    )
}

/// `arg` as a POSIX shell word: unchanged when it is plain, else in single
/// quotes, so the reproduce line can be pasted into a shell.
///
/// ```
/// use nqueens::tools::stress::shell_quote;
/// assert_eq!(shell_quote("./mine"), "./mine");
/// assert_eq!(shell_quote("read n; echo 1"), "'read n; echo 1'");
/// assert_eq!(shell_quote("it's"), "'it'\\''s'");
/// ```
pub fn shell_quote(arg: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !arg.is_empty() && arg.chars().all(plain) {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let started = Instant::now();
        let outcome = run_command(&sh("exec sleep 5"), b"", Duration::from_millis(200)).unwrap();
        assert_eq!(outcome.status, None);
        assert!(started.elapsed() < Duration::from_secs(3));
        assert_eq!(judge("", &outcome), Some(Failure::Timeout));
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
        assert!(matches!(judge("", &crashed), Some(Failure::Crash(_))));
        let wrong = run_command(&sh("echo 'Case 1: 3'"), b"", Duration::from_secs(10)).unwrap();
        assert_eq!(
            judge("Case 1: 2\n", &wrong),
            Some(Failure::WrongAnswer { line: 1 })
        );
        assert_eq!(judge("Case 1: 3\n", &wrong), None);
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
