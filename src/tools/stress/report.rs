//! The failure report of `stress`: what failed (and how the round's
//! input failed, when the minimal one failed otherwise), the minimal input,
//! the expected and actual output, and how to reproduce it.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use crate::tools::child::{self, Limit, Outcome};
use crate::tools::failure::Failure;
use crate::tools::generate::{GenOptions, TestInput};

/// A run's time as the reports show it.
pub(super) fn seconds(time: Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}

/// Everything a failure report shows.
pub(super) struct Report<'a> {
    /// The time limit of one run (`--timeout`).
    pub(super) timeout: Duration,
    /// The command tested and its arguments.
    pub(super) command: &'a [OsString],
    /// What the inputs were generated with (`gen`'s options).
    pub(super) gen: &'a GenOptions,
    pub(super) round: u64,
    pub(super) round_seed: u64,
    pub(super) minimal: &'a TestInput,
    /// Shrinking runs, `None` under `--no-shrink`.
    pub(super) tries: Option<usize>,
    pub(super) expected: &'a str,
    /// How the round failed.
    pub(super) found: &'a Failure,
    /// How the input shown failed (run again, when shrunk).
    pub(super) failure: &'a Failure,
    pub(super) outcome: &'a Outcome,
    /// The slowest passing run of the rounds, and its round.
    pub(super) slowest: Option<(Duration, u64)>,
    /// Where `--save` wrote the input and the expected output.
    pub(super) saved: Option<[PathBuf; 2]>,
}

/// `tries` shrinking runs, in words: "1 shrinking run", "2 shrinking runs".
fn shrinking_runs(tries: usize) -> String {
    match tries {
        1 => "1 shrinking run".to_string(),
        _ => format!("{tries} shrinking runs"),
    }
}

/// Writes the failure report: what failed, the minimal input, expected
/// and actual output, how to reproduce.
pub(super) fn report(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    let timeout = r.timeout;
    let mut what = describe(r.failure, timeout);
    if r.failure.kind() != r.found.kind() {
        // Shrinking keeps the kind, so only a run that changed its ways
        // (flaky) gets here; both are said.
        what = format!(
            "{} (the round's input); the minimal input below, run again: {what}",
            describe(r.found, timeout)
        );
    }
    let command: Vec<String> = r
        .command
        .iter()
        .map(|a| shell_quote(&a.to_string_lossy()))
        .collect();
    writeln!(
        out,
        "stress: FAILED in round {} (seed {}): {what}",
        r.round, r.round_seed
    )?;
    match r.tries {
        Some(tries) => writeln!(
            out,
            "minimal failing input ({}, after {}):",
            r.minimal.describe(),
            shrinking_runs(tries)
        )?,
        None => writeln!(out, "failing input ({}, not shrunk):", r.minimal.describe())?,
    }
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
    let cpu = r
        .outcome
        .cpu
        .map_or(String::new(), |cpu| format!(" ({} of CPU)", seconds(cpu)));
    let slowest = match r.slowest {
        Some((time, round)) => format!("the slowest passing run {} (round {round})", seconds(time)),
        None => "no round passed".to_string(),
    };
    writeln!(
        out,
        "time: this run {}{cpu}, {slowest}",
        seconds(r.outcome.time),
    )?;
    if let Some([input, output]) = &r.saved {
        writeln!(
            out,
            "saved: {} (input), {} (expected output)",
            input.display(),
            output.display()
        )?;
    }
    writeln!(
        out,
        "reproduce the unshrunk input: nqueens gen --seed {} {} | {}",
        r.round_seed,
        r.gen.to_args(),
        command.join(" ")
    )
}

/// A failure in words, for the report's first line.
fn describe(failure: &Failure, timeout: Duration) -> String {
    match failure {
        Failure::WrongAnswer { line } => format!("wrong answer on output line {line}"),
        Failure::Crash(status) => format!("crashed ({status})"),
        Failure::Timeout(Limit::Cpu) => format!("timed out after {timeout:?} of CPU time"),
        Failure::Timeout(Limit::Wall) => format!(
            "timed out: killed after {:?} of wall time with less than {timeout:?} \
             of CPU time (hung, or waiting for input?)",
            child::wall_limit(timeout)
        ),
    }
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

    #[test]
    fn one_shrinking_run_is_singular() {
        assert_eq!(shrinking_runs(1), "1 shrinking run");
        assert_eq!(shrinking_runs(0), "0 shrinking runs");
        assert_eq!(shrinking_runs(12), "12 shrinking runs");
    }
}
