//! Input files as the commands name them: standard input or a path, opened
//! so that every error names the file (`PATH:LINE: ...` for malformed input,
//! OS errors as words).

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
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

/// Runs `work` on `input` (stdin, or the file opened), errors naming the
/// file at fault. An input that holds nothing but whitespace is no error
/// (it has no cases, as one that holds only `0`), but likely a mistake:
/// after `work`, a note on stderr says so (`nqueens: no cases: the input
/// is empty`, or `'PATH' is empty`). Judge mode (each FILE), its
/// `--estimate` and `show` all read their inputs through it, so an empty
/// one gets the same answer from each: nothing on stdout, that note,
/// exit status 0.
pub fn read_cases(input: &Input, work: impl FnOnce(&mut dyn Read) -> Result<()>) -> Result<()> {
    let empty = match input {
        Input::Stdin => {
            let mut stdin = Watched::new(io::stdin().lock());
            work(&mut stdin)?;
            stdin
                .empty()
                .then(|| "nqueens: no cases: the input is empty".to_string())
        }
        Input::Path(path) => {
            let mut file = Watched::new(open(path)?);
            work(&mut file).map_err(|e| in_file(path, e))?;
            file.empty()
                .then(|| format!("nqueens: no cases: '{}' is empty", path.display()))
        }
    };
    if let Some(note) = empty {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(io::stderr().lock(), "{note}");
    }
    Ok(())
}

/// A reader that notes whether anything but whitespace went through it.
struct Watched<R> {
    inner: R,
    seen: bool,
    ended: bool,
}

impl<R: Read> Watched<R> {
    fn new(inner: R) -> Watched<R> {
        Watched {
            inner,
            seen: false,
            ended: false,
        }
    }

    /// Whether the input ended with nothing but whitespace read.
    fn empty(&self) -> bool {
        self.ended && !self.seen
    }
}

impl<R: Read> Read for Watched<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        self.ended |= read == 0;
        self.seen |= buf[..read].iter().any(|b| !b.is_ascii_whitespace());
        Ok(read)
    }
}
