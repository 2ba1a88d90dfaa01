//! Values out of words: whole numbers and ranges within limits, a name out
//! of a list (with a suggestion when one is near), and the two errors a
//! bad command line gets.

use std::ops::RangeInclusive;

use super::suggest::nearest;
use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};
use crate::tools::bundle::Target;

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
    if let Some(near) = nearest(name, list.iter().copied()) {
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

/// Parses `N` or `A..=B` (sides in `1..=64`, `A <= B`) into
/// `(from, to, is_range)`. `A..B` is refused with the `..=` form suggested.
pub(super) fn sizes_in(text: &str) -> Result<(usize, usize, bool)> {
    match text.split_once("..=") {
        None => {
            if let Some((from, to)) = text.split_once("..") {
                if !from.is_empty() && !to.is_empty() {
                    // `10..5` meant the range from 5 to 10.
                    let (low, high) = match (from.parse::<usize>(), to.parse::<usize>()) {
                        (Ok(a), Ok(b)) if a > b => (to, from),
                        _ => (from, to),
                    };
                    return Err(usage(format!(
                        "count takes N or a range A..=B (both ends included), \
                         not '{text}'; did you mean '{low}..={high}'?"
                    )));
                }
            }
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

/// Parses `A..=B`, `A..B` (`B` excluded) or a single `A`, within `limits`.
///
/// ```
/// use nqueens::cli::range_in;
/// assert_eq!(range_in("3..=5", 1..=64, "--n").unwrap(), 3..=5);
/// assert_eq!(range_in("3..5", 1..=64, "--n").unwrap(), 3..=4);
/// assert_eq!(range_in("7", 1..=64, "--n").unwrap(), 7..=7);
/// assert!(range_in("5..=3", 1..=64, "--n").is_err());
/// ```
pub fn range_in(
    text: &str,
    limits: RangeInclusive<usize>,
    what: &str,
) -> Result<RangeInclusive<usize>> {
    let bad = || {
        usage(format!(
            "{what} must be a number or a range A..=B within {}..={}, not '{text}'",
            limits.start(),
            limits.end()
        ))
    };
    let number = |t: &str| t.parse::<usize>().ok().filter(|v| limits.contains(v));
    let (low, high) = if let Some((a, b)) = text.split_once("..=") {
        (number(a), number(b))
    } else if let Some((a, b)) = text.split_once("..") {
        let high = b.parse::<usize>().ok().and_then(|v| v.checked_sub(1));
        (number(a), high.filter(|v| limits.contains(v)))
    } else {
        (number(text), number(text))
    };
    match (low, high) {
        (Some(low), Some(high)) if low <= high => Ok(low..=high),
        _ => Err(bad()),
    }
}
