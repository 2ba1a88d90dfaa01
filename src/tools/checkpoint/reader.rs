//! Reading a checkpoint: what of it can be trusted, or why it is refused
//! (see the module [`super`], "Reading").

use super::format::{Entry, Header, FORMAT, MAGIC};
use crate::engine::counter::Counts;

/// What a checkpoint file holds, as far as it can be trusted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Contents {
    /// The finished units, by position, each once.
    pub done: Vec<Entry>,
    /// The length of the file up to the end of its last valid line (the
    /// header or a record): the rest is a damaged tail.
    pub keep: usize,
    /// The 1-based line numbers of damaged records before the last valid
    /// one (dropped: their units are counted again).
    pub damaged: Vec<usize>,
    /// Whether a damaged tail follows `keep` (dropped likewise).
    pub tail: bool,
}

/// Reads a checkpoint's bytes for a run whose header is `expected`.
///
/// # Errors
/// A message (to follow the file's name) when the file must be refused: see
/// the module's "Reading".
pub fn read(bytes: &[u8], expected: &Header) -> std::result::Result<Contents, String> {
    let Some(end) = bytes.iter().position(|&b| b == b'\n') else {
        return Err("has no complete header line (not a checkpoint, or damaged)".into());
    };
    let first = String::from_utf8_lossy(&bytes[..end]);
    let mut words = first.split(' ');
    if words.next() != Some(MAGIC) {
        return Err("is not an nqueens checkpoint".into());
    }
    let format = words.next().unwrap_or("");
    if format != FORMAT.to_string() {
        return Err(format!(
            "is of checkpoint format '{format}'; this nqueens reads format {FORMAT}"
        ));
    }
    let header = Header::parse(&first).ok_or("has a damaged header (checksum or fields)")?;
    if let Some(why) = header.mismatch(expected) {
        return Err(why);
    }
    let mut found: Vec<Option<Counts>> = Vec::new();
    let mut done = Vec::new();
    let mut keep = end + 1;
    let mut bad = Vec::new();
    let mut damaged = Vec::new();
    let mut start = end + 1;
    let mut number = 1;
    while start < bytes.len() {
        number += 1;
        let Some(length) = bytes[start..].iter().position(|&b| b == b'\n') else {
            // A last line without its newline: cut off.
            bad.push(number);
            break;
        };
        let line = &bytes[start..start + length];
        start += length + 1;
        let Some(entry) = std::str::from_utf8(line).ok().and_then(Entry::parse) else {
            bad.push(number);
            continue;
        };
        if !header.owns(entry.unit) {
            return Err(format!(
                "line {number}: records unit {}, which is not among this run's units",
                entry.unit
            ));
        }
        if found.len() <= entry.unit {
            found.resize(entry.unit + 1, None);
        }
        match found[entry.unit] {
            Some(counts) if counts != entry.counts => {
                return Err(format!(
                    "line {number}: unit {} is recorded twice with different counts",
                    entry.unit
                ));
            }
            Some(_) => {}
            None => {
                found[entry.unit] = Some(entry.counts);
                done.push(entry);
            }
        }
        keep = start;
        // Damage before a valid record is in the middle of the file.
        damaged.append(&mut bad);
    }
    done.sort_by_key(|entry| entry.unit);
    Ok(Contents {
        done,
        keep,
        damaged,
        tail: !bad.is_empty(),
    })
}
