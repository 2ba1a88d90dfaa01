//! Memory sizes on the command line (`--memory 512MiB`), read the way
//! Slurm's `--mem` and `ulimit` users write them: a whole number with an
//! optional unit, powers of 1024 throughout (`K`, `KB`, `KiB` are all
//! 1024 bytes), no unit meaning bytes.
//!
//! # Examples
//! ```
//! use nqueens::cli::size::bytes_in;
//! assert_eq!(bytes_in("512MiB", "--memory").unwrap(), 512 << 20);
//! assert_eq!(bytes_in("4G", "--memory").unwrap(), 4 << 30);
//! assert_eq!(bytes_in("16777216", "--memory").unwrap(), 16 << 20);
//! assert!(bytes_in("1.5G", "--memory").is_err());
//! ```

use crate::base::error::{Error, Result};

/// The units understood, each with its power of 1024 (case-insensitive).
const UNITS: [(&str, u32); 13] = [
    ("", 0),
    ("b", 0),
    ("k", 1),
    ("kb", 1),
    ("kib", 1),
    ("m", 2),
    ("mb", 2),
    ("mib", 2),
    ("g", 3),
    ("gb", 3),
    ("gib", 3),
    ("t", 4),
    ("tib", 4),
];

/// The smallest limit accepted: what the program itself takes to run.
pub const MIN_BYTES: usize = 8 << 20;

/// `text` as a number of bytes for the option `what`, at least
/// [`MIN_BYTES`].
///
/// # Errors
/// Not a whole number with a known unit, below [`MIN_BYTES`], or too large
/// to count in bytes.
pub fn bytes_in(text: &str, what: &str) -> Result<usize> {
    let bad = || {
        Error::Usage(format!(
            "{what} must be a size such as 512MiB, 4GiB or 2G (at least 8MiB), not '{text}'"
        ))
    };
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (digits, unit) = text.split_at(split);
    let unit = unit.to_ascii_lowercase();
    let power = UNITS
        .iter()
        .find(|(name, _)| *name == unit)
        .map(|&(_, power)| power)
        .ok_or_else(bad)?;
    let value: usize = digits.parse().map_err(|_| bad())?;
    let bytes = 1024usize
        .checked_pow(power)
        .and_then(|scale| value.checked_mul(scale))
        .ok_or_else(bad)?;
    if bytes < MIN_BYTES {
        return Err(bad());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_are_powers_of_1024_in_any_case() {
        for (text, want) in [
            ("64MiB", 64 << 20),
            ("64mb", 64 << 20),
            ("64M", 64 << 20),
            ("8192k", 8 << 20),
            ("1GiB", 1 << 30),
            ("1t", 1 << 40),
            ("9000000", 9_000_000),
        ] {
            assert_eq!(bytes_in(text, "--memory").unwrap(), want, "{text}");
        }
    }

    #[test]
    fn nonsense_and_tiny_limits_are_refused() {
        for text in [
            "",
            "MiB",
            "-1G",
            "1.5G",
            "12 MiB",
            "1PiB",
            "7MiB",
            "99999999999999999999T",
        ] {
            let message = bytes_in(text, "--memory").unwrap_err().to_string();
            assert!(
                message.starts_with("--memory must be a size"),
                "{text}: {message}"
            );
        }
    }
}
