//! Input files as the commands name them: standard input or a path, opened
//! so that every error names the file (`PATH:LINE: ...` for malformed input,
//! OS errors as words).

use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};

use crate::base::error::{words, Error, Result};

/// Where input comes from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    /// Standard input (no FILE, or `-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

impl Input {
    /// The input a command-line argument names: `-` is stdin.
    pub fn from_arg(arg: OsString) -> Input {
        if arg == "-" {
            Input::Stdin
        } else {
            Input::Path(arg.into())
        }
    }
}

/// Opens an input file; failure is a usage error naming the file.
pub fn open(path: &Path) -> Result<File> {
    File::open(path)
        .map_err(|e| Error::Unavailable(format!("cannot open '{}': {}", path.display(), words(&e))))
}

/// `error`, met while reading `path`, as an error naming the file: malformed
/// input becomes `PATH:LINE: ...`, a failed read `cannot read 'PATH': ...`.
/// Other errors (writing, the search) are not the file's and pass through.
///
/// ```
/// use nqueens::base::error::Error;
/// use nqueens::tools::files::in_file;
/// let e = in_file("a.in".as_ref(), Error::input(3, "a size", "\"x\""));
/// assert_eq!(e.to_string(), "a.in:3: expected a size, found \"x\"");
/// ```
pub fn in_file(path: &Path, error: Error) -> Error {
    match error {
        Error::Input { .. } | Error::Read(_) => Error::File {
            path: path.display().to_string(),
            error: Box::new(error),
        },
        other => other,
    }
}
