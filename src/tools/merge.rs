//! The `merge` command: adds up the records of `count --shard` runs read
//! from files or stdin, once every shard `1..=K` of one count is there
//! exactly once, and prints `TOTAL UNIQUE` (the records and their checks
//! are [`crate::tools::shard`]'s).

use std::io::{Read, Write};

use crate::base::error::{words, Error, Result};
use crate::tools::shard;

/// Runs `merge` on the texts `(source name, contents)` and writes
/// `TOTAL UNIQUE` to `out`.
pub fn run(inputs: &[(String, String)], out: &mut dyn Write) -> Result<()> {
    let mut records = Vec::new();
    let mut unchecked = 0;
    for (source, text) in inputs {
        let (read, old) = shard::read_records(source, text)?;
        records.extend(read);
        unchecked += old;
    }
    let (_, counts) = shard::merge(&records)?;
    if unchecked > 0 {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(
            std::io::stderr().lock(),
            "nqueens: merge: {unchecked} of {} records carry no crc= (made by an older \
             nqueens): added up unchecked",
            records.len()
        );
    }
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
