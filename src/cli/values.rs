//! Values out of words: whole numbers and ranges within limits, a name out
//! of a list (with a suggestion when one is near), and the two errors a
//! bad command line gets.

use std::ops::RangeInclusive;

use super::suggest::nearest;
use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};
use crate::base::target::Target;

/// A value on the command line that cannot be used: one line.
pub(super) fn usage(message: impl Into<String>) -> Error {
    Error::Usage(message.into())
}

/// A malformed command line: the message, then (filled in by [`parse`](super::parse()))
/// the usage of the command that was meant.
pub(super) fn malformed(message: impl Into<String>) -> Error {
    Error::Malformed {
        message: message.into(),
        usage: String::new(),
    }
}

/// `what` (an option's value, a name) `name`, one of `names`, or an
/// error listing them, with a suggestion when one is near.
pub(super) fn one_of<T: Copy>(name: &str, names: &[(&'static str, T)], what: &str) -> Result<T> {
    if let Some((_, value)) = names.iter().find(|(n, _)| *n == name) {
        return Ok(*value);
    }
    let list: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
    let mut message = format!("{what} must be one of {}, not '{name}'", list.join(", "));
    // A near spelling, or the one name the word begins (`py`: `python`).
    let mut prefixed = list
        .iter()
        .filter(|n| name.len() >= 2 && n.starts_with(name));
    let prefix = match (prefixed.next(), prefixed.next()) {
        (Some(only), None) => Some(*only),
        _ => None,
    };
    if let Some(near) = nearest(name, list.iter().copied()).or(prefix) {
        message.push_str(&format!("; did you mean '{near}'?"));
    }
    Err(usage(message))
}

/// A problem's name (`--problem`, bundle's PROBLEM).
pub(super) fn problem_named(name: &str, what: &str) -> Result<Target> {
    let names: Vec<(&'static str, Target)> =
        Target::ALL.into_iter().map(|t| (t.name(), t)).collect();
    one_of(name, &names, what)
}

/// Parses a whole number in `range`, for option `what`.
pub fn number_in(text: &str, range: RangeInclusive<usize>, what: &str) -> Result<usize> {
    match text.parse::<usize>() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ => Err(usage(format!(
            "{what} must be a whole number from {} to {}, not '{text}'",
            range.start(),
            range.end()
        ))),
    }
}

/// Refuses `A..B`, a range without `=`, naming what takes `A..=B`
/// (`count`, `--n`, `--density`: all read both ends as included) and
/// suggesting the `..=` form (`10..5` as the range from 5 to 10).
fn refuse_half_open(text: &str, takes: &str) -> Result<()> {
    if text.contains("..=") {
        return Ok(());
    }
    let Some((from, to)) = text.split_once("..") else {
        return Ok(());
    };
    if from.is_empty() || to.is_empty() {
        return Ok(());
    }
    let (low, high) = match (from.parse::<usize>(), to.parse::<usize>()) {
        (Ok(a), Ok(b)) if a > b => (to, from),
        _ => (from, to),
    };
    Err(usage(format!(
        "{takes} or a range A..=B (both ends included), not '{text}'; \
         did you mean '{low}..={high}'?"
    )))
}

/// Parses `N` or `A..=B` (sides in `1..=64`, `A <= B`) into
/// `(from, to, is_range)`. `A..B` is refused with the `..=` form suggested.
pub(super) fn sizes_in(text: &str) -> Result<(usize, usize, bool)> {
    refuse_half_open(text, "count takes N")?;
    match text.split_once("..=") {
        None => {
            let n = number_in(text, 1..=MAX_N, "N")?;
            Ok((n, n, false))
        }
        Some((from, to)) => {
            let from = number_in(from, 1..=MAX_N, "A")?;
            let to = number_in(to, 1..=MAX_N, "B")?;
            if from > to {
                return Err(usage(format!(
                    "empty range {from}..={to}; did you mean '{to}..={from}'?"
                )));
            }
            Ok((from, to, true))
        }
    }
}

/// Parses `A..=B` or a single `A`, within `limits`. `A..B` is refused with
/// the `..=` form suggested, as `count` refuses it.
///
/// ```
/// use nqueens::cli::range_in;
/// assert_eq!(range_in("3..=5", 1..=64, "--n").unwrap(), 3..=5);
/// assert_eq!(range_in("7", 1..=64, "--n").unwrap(), 7..=7);
/// assert!(range_in("5..=3", 1..=64, "--n").is_err());
/// let half_open = range_in("3..5", 1..=64, "--n").unwrap_err().to_string();
/// assert!(half_open.ends_with("did you mean '3..=5'?"), "{half_open}");
/// ```
pub fn range_in(
    text: &str,
    limits: RangeInclusive<usize>,
    what: &str,
) -> Result<RangeInclusive<usize>> {
    refuse_half_open(text, &format!("{what} takes a number"))?;
    let bad = || {
        usage(format!(
            "{what} must be a number or a range A..=B within {}..={}, not '{text}'",
            limits.start(),
            limits.end()
        ))
    };
    let number = |t: &str| t.parse::<usize>().ok().filter(|v| limits.contains(v));
    let (low, high) = match text.split_once("..=") {
        Some((a, b)) => (number(a), number(b)),
        None => (number(text), number(text)),
    };
    match (low, high) {
        (Some(low), Some(high)) if low <= high => Ok(low..=high),
        (Some(low), Some(high)) => Err(usage(format!(
            "empty range {low}..={high}; did you mean '{high}..={low}'?"
        ))),
        _ => Err(bad()),
    }
}
