//! The `merge` command: adds up the records of `count --shard` runs read
//! from files, folders or stdin, once every shard `1..=K` of one count is
//! there, and prints `TOTAL UNIQUE`; with `--status`, the state of a
//! campaign instead (the records and their checks are
//! [`crate::tools::shard`]'s, reading them together
//! [`crate::tools::campaign`]'s).

use std::io::{Read, Write};
use std::path::PathBuf;

use crate::base::error::{words, Error, Result};
use crate::tools::campaign::Book;

/// Runs `merge` on the texts `(source name, contents)` and writes
/// `TOTAL UNIQUE` to `out`.
pub fn run(inputs: &[(String, String)], out: &mut dyn Write) -> Result<()> {
    let mut book = Book::new(true);
    for (source, text) in inputs {
        book.add_text(source, text)?;
    }
    let (_, counts) = book.merged()?;
    writeln!(out, "{} {}", counts.total, counts.unique()).map_err(Error::Write)
}

/// `merge [--status] [FILES|DIRS]`: the records of `paths` (a folder's
/// every regular file, by name; stdin when there are none) merged to
/// `TOTAL UNIQUE` on `out`, or with `status` the campaign's state.
pub fn command(paths: &[PathBuf], status: bool, out: &mut dyn Write) -> Result<()> {
    let mut book = Book::new(!status);
    if paths.is_empty() {
        let text = read_text(std::io::stdin().lock(), "stdin")?;
        book.add_text("stdin", &text)?;
    }
    for path in paths {
        book.add_path(path)?;
    }
    if status {
        return book.status(out);
    }
    let (_, counts) = book.merged()?;
    writeln!(out, "{} {}", counts.total, counts.unique()).map_err(Error::Write)
}

/// Reads all of `input` as text for [`run`]. Bytes that are not UTF-8
/// (a binary file given by mistake) are an error naming the line they are
/// on, as every other error of a record does.
///
/// ```
/// use nqueens::tools::merge::read_text;
/// let error = read_text(&b"shard 1/2 n=4\n\xff\xfe\n"[..], "x.txt").unwrap_err();
/// assert!(error.to_string().starts_with("x.txt: line 2: not text"));
/// ```
pub fn read_text(mut input: impl Read, source: &str) -> Result<String> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|e| {
        Error::Shards(format!(
            "{source}: cannot read shard records: {}",
            words(&e)
        ))
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let good = e.utf8_error().valid_up_to();
        let line = 1 + bytes[..good].iter().filter(|&&b| b == b'\n').count();
        Error::Shards(format!(
            "{source}: line {line}: not text (bytes that are not UTF-8); \
             shard records are the lines 'count N --shard I/K' prints"
        ))
    })
}
