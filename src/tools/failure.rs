//! Why a run of another program failed, judged against the expected
//! output as judges do (used by `stress` and `test`): its output differs
//! (lines compared with trailing whitespace, including `\r`, ignored, and
//! trailing blank lines ignored), it exited with a non-zero status or a
//! signal, or it reached a limit (the CPU time limit, or the wall-clock
//! backstop).

use std::process::ExitStatus;

use crate::tools::child::{Limit, Outcome};

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
    /// The command reached a limit: the CPU time limit, or the wall-clock
    /// backstop (it hung).
    Timeout(Limit),
}

impl Failure {
    /// How `outcome` failed, judged against the expected output; `None`
    /// when it passed.
    pub fn of(expected: &str, outcome: &Outcome) -> Option<Failure> {
        if let Some(limit) = outcome.limit {
            return Some(Failure::Timeout(limit));
        }
        match outcome.status {
            None => Some(Failure::Timeout(Limit::Wall)),
            Some(status) if !status.success() => Some(Failure::Crash(status)),
            Some(_) => first_difference(expected, &outcome.stdout)
                .map(|line| Failure::WrongAnswer { line }),
        }
    }

    /// The kind of failure, in words: `wrong answer`, `crash`, `time-out`.
    /// Shrinking keeps it.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::WrongAnswer { .. } => "wrong answer",
            Failure::Crash(_) => "crash",
            Failure::Timeout(_) => "time-out",
        }
    }
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
/// use nqueens::tools::failure::first_difference;
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
