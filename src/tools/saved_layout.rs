//! Saved layouts, the files of `--plan FILE` ("plan files" in messages and
//! help): `count N --shard I/K --plan FILE` reads the join's layout
//! from FILE, or lays it out and writes it there when FILE is absent, so that the
//! shards of one count lay it out once (at N = 22 that is about a sixth of a
//! shard of 1024, paid by every shard).
//!
//! # The format (version 1)
//! One header line, sealed as a checkpoint's lines are (` crc=C`, the
//! CRC-32 of the bytes before it, [`crate::tools::seal`]), then the layout's
//! bytes ([`crate::engine::counter::Choice::saved_layout`]):
//!
//! ```text
//! nqueens-plan 1 version=0.1.0 n=22 memory=1073741824 threads=1 bytes=2621576 body=5c0ffee1 crc=0badf00d
//! ```
//!
//! `1` is the format, `version` the program's, `n`, `memory` (bytes) and
//! `threads` what the layout was made for (the split into parts and the
//! scratch depend on the last two), `bytes` the length of what follows and
//! `body` its CRC-32.
//!
//! # Reading and writing
//! An absent FILE is laid out and written, whole, elsewhere first
//! (`FILE.tmp-PID`, synced) and then renamed to FILE: shards that start
//! together may all lay it out and write it, and each rename leaves a whole file
//! (the same layout). A FILE of another format, version, `n`, `memory` or
//! `threads`, or one whose header or body fails its checksum, is refused
//! (exit status 2) with what differs: nothing is counted from it, and
//! deleting it lays the join out again. What the layout holds is the engine's to check
//! ([`crate::engine::half_board::PreparedJoin::from_saved`]).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::base::error::{words, Error, Result};
use crate::engine::budget::Budget;
use crate::tools::seal::{crc32, sealed, Seal};

/// The first word of the header.
pub const MAGIC: &str = "nqueens-plan";

/// The format's version.
pub const FORMAT: u32 = 1;

/// What a saved layout was made for: the side and the budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Key {
    pub n: usize,
    pub memory: usize,
    pub threads: usize,
}

impl Key {
    /// The key of a layout of side `n` within `budget`.
    pub fn of(n: usize, budget: Budget) -> Key {
        Key {
            n,
            memory: budget.bytes,
            threads: budget.threads,
        }
    }

    /// The options that make this key, as a user gives them (the memory
    /// in the largest unit that keeps it whole).
    fn options(&self) -> String {
        let memory = [(30, "GiB"), (20, "MiB"), (10, "KiB")]
            .iter()
            .find(|&&(shift, _)| self.memory % (1 << shift) == 0)
            .map_or(self.memory.to_string(), |&(shift, unit)| {
                format!("{}{unit}", self.memory >> shift)
            });
        format!(
            "count {} --memory {memory} --threads {}",
            self.n, self.threads
        )
    }
}

/// A saved layout's first line: the program's version, the key, and the
/// length and CRC-32 of the bytes after it.
#[derive(PartialEq, Eq, Debug)]
struct Header {
    version: String,
    key: Key,
    bytes: usize,
    body: u32,
}

impl Header {
    /// The header of `body` written by this program for `key`.
    fn of(key: Key, body: &[u8]) -> Header {
        Header {
            version: env!("CARGO_PKG_VERSION").to_string(),
            key,
            bytes: body.len(),
            body: crc32(body),
        }
    }

    /// The line, sealed (without its newline).
    fn line(&self) -> String {
        let Key { n, memory, threads } = self.key;
        sealed(&format!(
            "{MAGIC} {FORMAT} version={} n={n} memory={memory} threads={threads} bytes={} body={:08x}",
            self.version, self.bytes, self.body
        ))
    }

    /// Parses a header line: it must be exactly as [`Header::line`]
    /// writes it (as a checkpoint's header, field by field in order).
    fn parse(line: &str) -> Option<Header> {
        let Seal::Matches(text) = Seal::of(line) else {
            return None;
        };
        let mut words = text.split(' ');
        if words.next()? != MAGIC || words.next()? != FORMAT.to_string() {
            return None;
        }
        let mut field = |name: &str| words.next()?.strip_prefix(name);
        let version = field("version=")?.to_string();
        let n = field("n=")?.parse().ok()?;
        let memory = field("memory=")?.parse().ok()?;
        let threads = field("threads=")?.parse().ok()?;
        let bytes = field("bytes=")?.parse().ok()?;
        let body = u32::from_str_radix(field("body=")?, 16).ok()?;
        let key = Key { n, memory, threads };
        let header = Header {
            version,
            key,
            bytes,
            body,
        };
        (words.next().is_none() && header.line() == line).then_some(header)
    }
}

/// The error for `path` with `message`.
fn refused(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::SavedLayout(format!("plan file '{}' {message}", path.display()))
}

/// The error for a file whose layout the engine does not accept.
pub fn unreadable(path: &Path) -> Error {
    refused(
        path,
        "holds a plan this program cannot use (damaged, or of another board): delete it to plan again",
    )
}

/// The layout's bytes in `path` for `key`; `None` when `path` does not exist
/// (or is empty).
///
/// # Errors
/// The file cannot be read, is damaged, or was written for another key or
/// program version (the message says which).
pub fn read(path: &Path, key: &Key) -> Result<Option<Vec<u8>>> {
    let bytes = match fs::read(path) {
        Ok(bytes) if bytes.is_empty() => return Ok(None),
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(refused(path, format_args!("cannot be read: {}", words(&e)))),
    };
    let not_a_layout = || {
        refused(
            path,
            "is not an nqueens plan file, or its first line is damaged: delete it to plan again",
        )
    };
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(not_a_layout)?;
    let line = std::str::from_utf8(&bytes[..end]).map_err(|_| not_a_layout())?;
    let body = &bytes[end + 1..];
    let header = Header::parse(line).ok_or_else(not_a_layout)?;
    let this = Header::of(*key, body);
    if header.version != this.version {
        return Err(refused(
            path,
            format_args!(
                "was planned by nqueens {}, not {}: delete it to plan again",
                header.version, this.version
            ),
        ));
    }
    if header.key != *key {
        return Err(refused(
            path,
            format_args!(
                "was planned for '{}', not '{}': give the same options, or another FILE",
                header.key.options(),
                key.options()
            ),
        ));
    }
    if header != this {
        return Err(refused(
            path,
            "is damaged (its plan does not match its length or checksum): delete it to plan again",
        ));
    }
    Ok(Some(body.to_vec()))
}

/// Writes the layout `body` for `key` to `path`: whole, elsewhere first, then
/// renamed (see the module doc).
///
/// # Errors
/// The file cannot be written or renamed.
pub fn write(path: &Path, key: &Key, body: &[u8]) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
    let tmp = PathBuf::from(tmp);
    let written = (|| {
        let mut file = fs::File::create(&tmp)?;
        file.write_all(Header::of(*key, body).line().as_bytes())?;
        file.write_all(b"\n")?;
        file.write_all(body)?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        refused(path, format_args!("cannot be written: {}", words(&e)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> Key {
        Key {
            n: 17,
            memory: 1 << 30,
            threads: 2,
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("nqueens-plan-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&dir);
        dir
    }

    /// A header reads back; one written any other way (a leading zero,
    /// upper-case hex, fields out of order) is not a header, even sealed.
    #[test]
    fn only_canonical_headers_parse() {
        let header = Header::of(key(), b"plan");
        assert_eq!(
            Header::parse(&header.line()),
            Some(Header::of(key(), b"plan"))
        );
        let text = header.line();
        let body = text.split(" crc=").next().unwrap();
        for other in [
            body.replace(" n=17", " n=017"),
            body.to_uppercase(),
            body.replace("memory=1073741824 threads=2", "threads=2 memory=1073741824"),
        ] {
            assert_eq!(Header::parse(&sealed(&other)), None, "{other}");
        }
    }

    #[test]
    fn a_layout_reads_back_and_an_absent_file_is_none() {
        let path = temp("back");
        assert_eq!(read(&path, &key()).unwrap(), None);
        let body: Vec<u8> = (0..=255u8).chain([b'\n'; 3]).collect();
        write(&path, &key(), &body).unwrap();
        assert_eq!(read(&path, &key()).unwrap(), Some(body));
        fs::remove_file(&path).unwrap();
    }

    #[test]
    fn another_key_or_damage_is_refused_with_the_reason() {
        let path = temp("refused");
        let body = vec![7u8; 100];
        write(&path, &key(), &body).unwrap();
        let other = Key {
            threads: 1,
            ..key()
        };
        let message = read(&path, &other).unwrap_err().to_string();
        let (two, one) = ("--memory 1GiB --threads 2'", "--memory 1GiB --threads 1'");
        assert!(message.contains(two) && message.contains(one), "{message}");
        let good = fs::read(&path).unwrap();
        for at in [3, good.len() - 50, good.len() - 1] {
            let mut bad = good.clone();
            bad[at] ^= 1;
            fs::write(&path, &bad).unwrap();
            let message = read(&path, &key()).unwrap_err().to_string();
            assert!(message.contains("delete it to plan again"), "{message}");
        }
        fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(read(&path, &key()).is_err());
        fs::remove_file(&path).unwrap();
    }
}
