//! The one error type of the program, and how each kind is shown to users.
//!
//! Every message is one line, printed once by `main` behind `nqueens: `.

use std::fmt;
use std::io;

/// Everything that can end a run early.
#[derive(Debug)]
pub enum Error {
    /// The input is not what the format says; `line` is 1-based.
    Input {
        /// Where the problem was found.
        line: u64,
        /// What the format wanted there.
        expected: String,
        /// What was there instead.
        found: String,
    },
    /// Reading the input failed.
    Read(io::Error),
    /// An input or read error in the file `path`: the message names it
    /// (`PATH:LINE: ...` for malformed input).
    File {
        /// The file, as the user named it.
        path: String,
        /// What went wrong in it.
        error: Box<Error>,
    },
    /// Writing the output failed (a closed pipe is one such failure; `main`
    /// ends quietly on it).
    Write(io::Error),
    /// The command line is malformed (an unknown command or option, an
    /// option without its value, an argument too many or missing): the
    /// message, then `usage`, the usage of the command that was meant.
    Malformed {
        /// What is wrong, one line.
        message: String,
        /// The usage line of the command meant (filled in by the parser).
        usage: String,
    },
    /// A value on the command line that cannot be used (`--shard 5/4`,
    /// `count 0`); the message says what is allowed.
    Usage(String),
    /// A file, folder or program that cannot be opened, read or started;
    /// the message names it and gives the system's reason.
    Unavailable(String),
    /// A count or size that the program cannot handle exactly.
    Limit(String),
    /// A worker thread failed; its share of the result is missing.
    Worker(String),
    /// Shard records that do not add up to one whole count (missing,
    /// doubled, mixed or malformed records).
    Shards(String),
    /// A checkpoint file that cannot be used or written (`count
    /// --checkpoint`); the message names it.
    Checkpoint(String),
    /// A saved layout (a "plan file") that cannot be used or written (`count --plan`); the
    /// message names it.
    SavedLayout(String),
}

impl Error {
    /// A malformed-input error at `line`.
    pub fn input(line: u64, expected: impl Into<String>, found: impl Into<String>) -> Error {
        Error::Input {
            line,
            expected: expected.into(),
            found: found.into(),
        }
    }

    /// Whether this is a write to a reader that went away (`| head`), which
    /// is how pipelines end, not a failure.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Write(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    /// The message on one line: a control character in it (a line break
    /// in an argument or a file name, say) is shown escaped, as `\n`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.message();
        if !text.contains(char::is_control) {
            return f.write_str(&text);
        }
        for c in text.chars() {
            if c.is_control() {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}

impl Error {
    /// The message as it is made, before [`fmt::Display`] escapes it.
    fn message(&self) -> String {
        match self {
            Error::Input {
                line,
                expected,
                found,
            } => format!("line {line}: expected {expected}, found {found}"),
            Error::Read(e) => format!("error reading input: {}", words(e)),
            Error::File { path, error } => match &**error {
                Error::Input {
                    line,
                    expected,
                    found,
                } => format!("{path}:{line}: expected {expected}, found {found}"),
                Error::Read(e) => format!("cannot read '{path}': {}", words(e)),
                other => format!("{path}: {other}"),
            },
            Error::Write(e) => format!("error writing output: {}", words(e)),
            Error::Malformed { message, .. } => message.clone(),
            Error::Usage(message)
            | Error::Unavailable(message)
            | Error::Limit(message)
            | Error::Worker(message)
            | Error::Shards(message)
            | Error::Checkpoint(message)
            | Error::SavedLayout(message) => message.clone(),
        }
    }
}

impl std::error::Error for Error {}

/// An I/O error as words: the system's message without its raw
/// ` (os error N)` suffix.
pub fn words(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// Shorthand for results of this crate.
pub type Result<T> = std::result::Result<T, Error>;
