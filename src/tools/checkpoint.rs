//! Checkpoints: `count N --checkpoint FILE` records each finished work unit
//! in FILE, and a rerun with the same FILE counts only the units not yet
//! recorded, so a killed or crashed count resumes where it stopped.
//!
//! # The format (version 2)
//! A text file of lines, each ending in `\n`, each ending in its own
//! checksum: ` crc=C`, `C` the CRC-32 (IEEE, as `zlib`'s `crc32`) of the
//! line's bytes before ` crc=`, as 8 lowercase hex digits. The first line is
//! the header, naming the run the units belong to:
//!
//! ```text
//! nqueens-checkpoint 2 version=0.1.0 n=17 split=ae1bea4b6042f4c6 units=4319 shard=whole unique=0 crc=6c055d14
//! ```
//!
//! `2` is the format version, `version` the program's, `split` the
//! [`crate::tools::shard::fingerprint`] of the whole cost-sorted unit list,
//! `units` its length, `shard` `I/K` or `whole`, `unique` `1` when unique
//! counts are recorded (always for shards). Every later line is one
//! finished unit, by its 0-based position in that list (a shard's units keep
//! their positions in the whole list):
//!
//! ```text
//! unit 7 total=31616 burnside=0 crc=aa747d84
//! ```
//!
//! `total` and `burnside` are the unit's shares of the total and of
//! Burnside's sum, 8 times the unique count ([`crate::engine::counts`];
//! `burnside=0` when unique counts are not recorded). Every line must be exactly as this program writes it (no
//! extra spaces, leading zeros or upper-case hex): a line is valid when it
//! is the canonical form of what it parses to and its checksum matches.
//!
//! # Writing
//! A new file is written whole elsewhere (`FILE.tmp-PID`: the header, then
//! `fsync`) and renamed to FILE, so FILE never holds a partial header (a
//! kill in between may leave `FILE.tmp-PID` behind, to be deleted). Each
//! finished unit appends its line with one `write` as soon as it ends: a
//! killed process (even `kill -9`) loses only the units that were running.
//! The data reach the disk (`File::sync_data`) at most [`SYNC_EVERY`] after
//! they are written, from a thread of their own, and once more at the end: a
//! crash of the whole machine loses at most that last second's units too.
//! (An `fsync` per unit costs 0.2-3.5 ms here; `count 16` finishes a few
//! thousand units in about a second, so that would cost far more than 2%.)
//!
//! # Cost
//! One formatted line, one CRC-32 and one `write` per unit, and an `fsync`
//! a second: at n = 16 (3206 units, about 1.2-1.3 s of one core) that is
//! 3207 `write`s and 2-4 `fdatasync`s, about 1.7% of the time by a
//! profile. The measurements, and the commands to repeat them, are with
//! the benchmarks: `benches/NOTES.md`.
//!
//! # Reading (resuming)
//! - A header that is cut off, damaged (checksum), or of another format,
//!   program version, `n`, unit list, shard or `unique` is refused with a
//!   message saying which (exit status 2): those units would not add up to
//!   this run's count. Another file or deleting this one starts afresh.
//! - A damaged last record (cut off by a kill, or garbage a crash left) is
//!   dropped, and so is every damaged line after the last valid record; the
//!   file is truncated after that record before new records are appended.
//!   The dropped units are counted again.
//! - A damaged record between valid ones (which no kill produces: a disk
//!   error or an edit) is dropped too, reported on stderr, and its unit
//!   counted again; it stays in the file and is dropped again on every read.
//! - Two valid records of the same unit with the same counts are one; with
//!   different counts the file is refused (one of them is wrong, and which
//!   is unknowable). A valid record of a unit that is not in the list (or
//!   not in the shard) is refused likewise.
//!
//! So a damaged file either is refused or yields a subset of the records
//! written, each once: never a wrong total (but for CRC-32's 2^-32 chance
//! of passing a damaged line).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::base::error::{words, Error, Result};
use crate::engine::counter::Counts;
use crate::tools::shard::Shard;

/// The first word of every checkpoint.
pub const MAGIC: &str = "nqueens-checkpoint";

/// The format version this program writes and reads.
pub const FORMAT: u32 = 2;

/// The longest time between a record's write and its `fsync`.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// CRC-32 (IEEE 802.3, reflected, as zlib's `crc32`).
///
/// ```
/// assert_eq!(nqueens::tools::checkpoint::crc32(b"123456789"), 0xcbf4_3926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    let mut crc = !0u32;
    for &byte in bytes {
        crc = TABLE[((crc ^ u32::from(byte)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// `body crc=C` for a line's body.
fn sealed(body: &str) -> String {
    format!("{body} crc={:08x}", crc32(body.as_bytes()))
}

/// The body of a sealed line, when its checksum matches.
fn unsealed(line: &str) -> Option<&str> {
    let (body, crc) = line.rsplit_once(" crc=")?;
    (crc.len() == 8 && *crc == format!("{:08x}", crc32(body.as_bytes()))).then_some(body)
}

/// What a checkpoint belongs to: its header line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Header {
    /// The program version that wrote it.
    pub version: String,
    /// The board side.
    pub n: usize,
    /// The fingerprint of the whole unit list.
    pub split: u64,
    /// The length of the whole unit list.
    pub units: usize,
    /// The shard, or `None` for the whole count.
    pub shard: Option<Shard>,
    /// Whether records carry unique counts.
    pub unique: bool,
}

impl Header {
    /// The header of this program's run.
    pub fn new(n: usize, split: u64, units: usize, shard: Option<Shard>, unique: bool) -> Header {
        Header {
            version: env!("CARGO_PKG_VERSION").to_string(),
            n,
            split,
            units,
            shard,
            unique,
        }
    }

    fn shard_text(shard: Option<Shard>) -> String {
        match shard {
            Some(shard) => format!("{}/{}", shard.index, shard.of),
            None => "whole".to_string(),
        }
    }

    /// The header line, without its newline.
    ///
    /// ```
    /// use nqueens::tools::checkpoint::Header;
    /// let header = Header::new(8, 0xab, 42, None, false);
    /// assert!(header.line().starts_with("nqueens-checkpoint 2 version="));
    /// assert_eq!(Header::parse(&header.line()), Some(header));
    /// ```
    pub fn line(&self) -> String {
        sealed(&format!(
            "{MAGIC} {FORMAT} version={} n={} split={:016x} units={} shard={} unique={}",
            self.version,
            self.n,
            self.split,
            self.units,
            Header::shard_text(self.shard),
            u8::from(self.unique)
        ))
    }

    /// Parses a header line of format [`FORMAT`] (without its newline): it
    /// must be exactly as [`Header::line`] writes it.
    pub fn parse(line: &str) -> Option<Header> {
        let body = unsealed(line)?;
        let mut words = body.split(' ');
        if words.next()? != MAGIC || words.next()? != FORMAT.to_string() {
            return None;
        }
        let mut field = |name: &str| words.next()?.strip_prefix(name);
        let version = field("version=")?.to_string();
        let n = field("n=")?.parse().ok()?;
        let split = u64::from_str_radix(field("split=")?, 16).ok()?;
        let units = field("units=")?.parse().ok()?;
        let shard = match field("shard=")? {
            "whole" => None,
            text => Some(Shard::parse(text)?),
        };
        let unique = match field("unique=")? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        let header = Header {
            version,
            n,
            split,
            units,
            shard,
            unique,
        };
        // Canonical only: no field may be written two ways.
        (words.next().is_none() && header.line() == line).then_some(header)
    }

    /// Whether the unit at `position` belongs to this run.
    pub fn owns(&self, position: usize) -> bool {
        position < self.units && self.shard.map_or(true, |shard| shard.owns(position))
    }

    /// Why a file with this header cannot be resumed by a run of
    /// `expected`, if it cannot.
    fn mismatch(&self, expected: &Header) -> Option<String> {
        if self.version != expected.version {
            return Some(format!(
                "was written by nqueens {}, this is {}",
                self.version, expected.version
            ));
        }
        if self.n != expected.n {
            return Some(format!("is of n={}, not n={}", self.n, expected.n));
        }
        if self.split != expected.split || self.units != expected.units {
            return Some(format!(
                "was dealt from another unit list (split={:016x}, {} units; this run: \
                 split={:016x}, {} units)",
                self.split, self.units, expected.split, expected.units
            ));
        }
        if self.shard != expected.shard {
            let name = |shard: Option<Shard>| match shard {
                Some(shard) => format!("shard {}/{}", shard.index, shard.of),
                None => "the whole count".to_string(),
            };
            return Some(format!(
                "is of {}, not {}",
                name(self.shard),
                name(expected.shard)
            ));
        }
        if self.unique != expected.unique {
            let with = |unique| if unique { "with" } else { "without" };
            return Some(format!(
                "was counted {} unique solutions; this run is {} (--unique)",
                with(self.unique),
                with(expected.unique)
            ));
        }
        None
    }
}

/// One finished unit: a record line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// Its 0-based position in the whole unit list.
    pub unit: usize,
    /// Its counts.
    pub counts: Counts,
}

impl Entry {
    /// The record line, without its newline.
    ///
    /// ```
    /// use nqueens::{engine::counter::Counts, tools::checkpoint::Entry};
    /// let entry = Entry { unit: 3, counts: Counts { total: 16, burnside: 16 } };
    /// assert!(entry.line().starts_with("unit 3 total=16 burnside=16 crc="));
    /// assert_eq!(Entry::parse(&entry.line()), Some(entry));
    /// ```
    pub fn line(&self) -> String {
        sealed(&format!(
            "unit {} total={} burnside={}",
            self.unit, self.counts.total, self.counts.burnside
        ))
    }

    /// Parses a record line (without its newline): it must be exactly as
    /// [`Entry::line`] writes it.
    pub fn parse(line: &str) -> Option<Entry> {
        let body = unsealed(line)?;
        let mut words = body.split(' ');
        if words.next()? != "unit" {
            return None;
        }
        let unit = words.next()?.parse().ok()?;
        let mut field = |name: &str| words.next()?.strip_prefix(name);
        let total = field("total=")?.parse().ok()?;
        let burnside = field("burnside=")?.parse().ok()?;
        let entry = Entry {
            unit,
            counts: Counts { total, burnside },
        };
        (entry.line() == line).then_some(entry)
    }
}

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

/// An open checkpoint that records finished units.
pub struct Checkpoint {
    path: PathBuf,
    file: Mutex<File>,
    /// A second handle of the same file, for `fsync` without the lock.
    sync: File,
    /// Set when a record was written since the last `fsync`.
    dirty: AtomicBool,
    /// The first write error, reported when the count ends.
    failed: Mutex<Option<io::Error>>,
}

/// The error for `path` with `message`.
fn refused(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::Checkpoint(format!("checkpoint '{}' {message}", path.display()))
}

impl Checkpoint {
    /// Opens `path` for a run whose header is `header`: creates it when it
    /// does not exist (or is empty), else reads what it recorded (see
    /// [`read`]) and cuts off a damaged tail. Returns the checkpoint and
    /// what it held.
    ///
    /// # Errors
    /// The file cannot be read, written or created, or is refused.
    pub fn open(path: &Path, header: &Header) -> Result<(Checkpoint, Contents)> {
        let bytes = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(refused(path, format_args!("cannot be read: {}", words(&e)))),
        };
        let contents = if bytes.is_empty() {
            create(path, header)
                .map_err(|e| refused(path, format_args!("cannot be created: {}", words(&e))))?;
            Contents {
                done: Vec::new(),
                keep: header.line().len() + 1,
                damaged: Vec::new(),
                tail: false,
            }
        } else {
            read(&bytes, header).map_err(|why| {
                // Deleting is advice for checkpoints only: the name may be
                // a slip for some precious file.
                let advice = if bytes.starts_with(format!("{MAGIC} ").as_bytes()) {
                    "use another file, or delete it to start over"
                } else {
                    "left as it is; name another file"
                };
                refused(path, format_args!("{why}: {advice}"))
            })?
        };
        let cannot_write =
            |e: io::Error| refused(path, format_args!("cannot be written: {}", words(&e)));
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(cannot_write)?;
        if contents.tail {
            file.set_len(contents.keep as u64).map_err(cannot_write)?;
            file.sync_data().map_err(cannot_write)?;
        }
        let sync = file.try_clone().map_err(cannot_write)?;
        let checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            sync,
            dirty: AtomicBool::new(false),
            failed: Mutex::new(None),
        };
        Ok((checkpoint, contents))
    }

    /// Appends `entry`'s record (one `write`); it reaches the disk within
    /// [`SYNC_EVERY`] while [`Checkpoint::syncing`] runs. A failure is kept
    /// for [`Checkpoint::finish`].
    pub fn record(&self, entry: Entry) {
        let mut line = entry.line();
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(line.as_bytes()) {
            self.fail(e);
        }
        self.dirty.store(true, Ordering::Release);
    }

    fn fail(&self, e: io::Error) {
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        failed.get_or_insert(e);
    }

    fn sync_now(&self) {
        if self.dirty.swap(false, Ordering::AcqRel) {
            if let Err(e) = self.sync.sync_data() {
                self.fail(e);
            }
        }
    }

    /// Runs `work` while a thread `fsync`s the records written, at most
    /// [`SYNC_EVERY`] apart; then syncs the rest. Returns what `work`
    /// returns.
    pub fn syncing<T>(&self, work: impl FnOnce() -> T) -> T {
        let stop = (Mutex::new(false), Condvar::new());
        let result = thread::scope(|scope| {
            scope.spawn(|| {
                let (lock, wake) = &stop;
                let mut stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
                let mut next = Instant::now() + SYNC_EVERY;
                while !*stopped {
                    let wait = next.saturating_duration_since(Instant::now());
                    stopped = wake
                        .wait_timeout(stopped, wait)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                    if Instant::now() >= next {
                        self.sync_now();
                        next = Instant::now() + SYNC_EVERY;
                    }
                }
            });
            // Stops the syncing thread even if `work` panics.
            struct Stop<'a>(&'a (Mutex<bool>, Condvar));
            impl Drop for Stop<'_> {
                fn drop(&mut self) {
                    *self.0 .0.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    self.0 .1.notify_all();
                }
            }
            let _stop = Stop(&stop);
            work()
        });
        self.sync_now();
        result
    }

    /// The first error writing or syncing a record, if any.
    ///
    /// # Errors
    /// Some record may not have been recorded.
    pub fn finish(self) -> Result<()> {
        match self.failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(e) => Err(refused(
                &self.path,
                format_args!(
                    "cannot be written: {} (the count is complete, but a rerun would not \
                     resume all of it)",
                    words(&e)
                ),
            )),
            None => Ok(()),
        }
    }
}

/// Writes a new checkpoint with `header` at `path`: whole, elsewhere, then
/// renamed, so `path` never holds a partial header.
fn create(path: &Path, header: &Header) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".tmp-{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(format!("{}\n", header.line()).as_bytes())?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written?;
    // The rename itself is durable once the folder is synced.
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header::new(12, 0x0123_4567_89ab_cdef, 40, None, true)
    }

    fn entry(unit: usize) -> Entry {
        Entry {
            unit,
            counts: Counts {
                total: 8 * unit as u128 + 3,
                burnside: unit as u128,
            },
        }
    }

    /// A valid file with `header` and the records of `units`, in order; and
    /// the byte offset where each line ends (after its newline).
    fn file(header: &Header, units: &[usize]) -> (Vec<u8>, Vec<usize>) {
        let mut text = format!("{}\n", header.line());
        let mut ends = vec![text.len()];
        for &unit in units {
            text.push_str(&entry(unit).line());
            text.push('\n');
            ends.push(text.len());
        }
        (text.into_bytes(), ends)
    }

    fn units_of(contents: &Contents) -> Vec<usize> {
        contents.done.iter().map(|e| e.unit).collect()
    }

    const UNITS: [usize; 7] = [5, 0, 39, 17, 2, 30, 11];

    #[test]
    fn a_valid_file_reads_back_sorted() {
        let (bytes, _) = file(&header(), &UNITS);
        let contents = read(&bytes, &header()).unwrap();
        let mut sorted = UNITS.to_vec();
        sorted.sort();
        assert_eq!(units_of(&contents), sorted);
        assert!(contents.done.iter().all(|e| *e == entry(e.unit)));
        assert_eq!((contents.keep, contents.tail), (bytes.len(), false));
        assert!(contents.damaged.is_empty());
    }

    #[test]
    fn a_file_cut_at_any_byte_keeps_exactly_its_complete_records() {
        let (bytes, ends) = file(&header(), &UNITS);
        for cut in 0..=bytes.len() {
            let result = read(&bytes[..cut], &header());
            if cut < ends[0] {
                // The header itself is written whole (by a rename) and
                // never cut: a cut-off header is refused.
                assert!(result.is_err(), "cut at {cut}");
                continue;
            }
            let contents = result.unwrap();
            let complete = ends.iter().filter(|&&end| end <= cut).count() - 1;
            let mut expected = UNITS[..complete].to_vec();
            expected.sort();
            assert_eq!(units_of(&contents), expected, "cut at {cut}");
            assert_eq!(contents.keep, ends[complete], "cut at {cut}");
            assert_eq!(contents.tail, cut != ends[complete], "cut at {cut}");
            assert!(contents.damaged.is_empty());
        }
    }

    #[test]
    fn every_flipped_bit_is_refused_or_loses_only_the_damaged_records() {
        let (bytes, ends) = file(&header(), &UNITS);
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                let Ok(contents) = read(&damaged, &header()) else {
                    // Only the header's damage may be refused.
                    assert!(at < ends[0], "byte {at} bit {bit} refused");
                    continue;
                };
                // The line hit, and the next one when its newline was.
                let line = ends.iter().position(|&end| at < end).unwrap();
                let hit = line - 1..(line + 1).min(UNITS.len());
                let lost: &[usize] = if damaged[at] == b'\n' || bytes[at] == b'\n' {
                    &UNITS[hit]
                } else {
                    &UNITS[line - 1..line]
                };
                for unit in UNITS {
                    let found = contents.done.iter().any(|e| e.unit == unit);
                    assert!(
                        found || lost.contains(&unit),
                        "byte {at} bit {bit}: lost {unit}"
                    );
                }
                assert!(contents.done.iter().all(|e| *e == entry(e.unit)));
                assert!(contents.done.windows(2).all(|w| w[0].unit < w[1].unit));
            }
        }
    }

    #[test]
    fn damage_in_the_middle_is_dropped_and_reported() {
        let (mut bytes, ends) = file(&header(), &UNITS);
        bytes[ends[2] + 3] = b'X';
        let contents = read(&bytes, &header()).unwrap();
        assert_eq!(contents.damaged, [4]);
        assert!(!contents.tail);
        assert_eq!(contents.keep, bytes.len());
        assert_eq!(contents.done.len(), UNITS.len() - 1);
        assert!(!contents.done.iter().any(|e| e.unit == UNITS[2]));
    }

    #[test]
    fn garbage_after_the_last_record_is_a_tail() {
        let (bytes, _) = file(&header(), &UNITS);
        for garbage in [
            &b"\0\0\0\0"[..],
            b"unit 3 total=27 burnside=3 crc=00000000\n",
            b"\n\n",
        ] {
            let mut damaged = bytes.clone();
            damaged.extend_from_slice(garbage);
            let contents = read(&damaged, &header()).unwrap();
            assert!(contents.tail && contents.damaged.is_empty());
            assert_eq!(contents.keep, bytes.len());
            assert_eq!(contents.done.len(), UNITS.len());
        }
    }

    #[test]
    fn a_header_of_another_run_is_refused_with_the_reason() {
        let theirs = |change: &dyn Fn(&mut Header)| {
            let mut other = header();
            change(&mut other);
            let (bytes, _) = file(&other, &[1, 2]);
            read(&bytes, &header()).unwrap_err()
        };
        assert_eq!(
            theirs(&|h| h.n = 13),
            "is of n=12, not n=12".replace("12, not", "13, not")
        );
        assert!(theirs(&|h| h.version = "0.0.1".into()).starts_with("was written by nqueens 0.0.1"));
        assert!(theirs(&|h| h.split ^= 1).starts_with("was dealt from another unit list"));
        assert!(theirs(&|h| h.units = 41).starts_with("was dealt from another unit list"));
        assert_eq!(
            theirs(&|h| h.shard = Some(Shard { index: 1, of: 2 })),
            "is of shard 1/2, not the whole count"
        );
        assert!(theirs(&|h| h.unique = false).starts_with("was counted without unique"));
        let (bytes, _) = file(&header(), &[1]);
        let text = String::from_utf8(bytes).unwrap();
        let other_format = text.replacen("checkpoint 2 ", "checkpoint 1 ", 1);
        assert_eq!(
            read(other_format.as_bytes(), &header()).unwrap_err(),
            "is of checkpoint format '1'; this nqueens reads format 2"
        );
        let damaged = text.replacen("n=12", "n=13", 1);
        assert!(read(damaged.as_bytes(), &header())
            .unwrap_err()
            .starts_with("has a damaged header"));
        assert_eq!(
            read(b"14200\n", &header()).unwrap_err(),
            "is not an nqueens checkpoint"
        );
        assert!(read(b"", &header()).is_err());
    }

    #[test]
    fn duplicates_are_one_when_equal_and_refused_when_not() {
        let (bytes, _) = file(&header(), &[3, 4, 3, 3]);
        let contents = read(&bytes, &header()).unwrap();
        assert_eq!(units_of(&contents), [3, 4]);
        let (mut bytes, _) = file(&header(), &[3, 4]);
        let mut other = entry(3);
        other.counts.total += 8;
        bytes.extend_from_slice(format!("{}\n", other.line()).as_bytes());
        assert_eq!(
            read(&bytes, &header()).unwrap_err(),
            "line 4: unit 3 is recorded twice with different counts"
        );
    }

    #[test]
    fn a_unit_outside_the_run_is_refused() {
        let (bytes, _) = file(&header(), &[3, 40]);
        assert!(read(&bytes, &header())
            .unwrap_err()
            .contains("unit 40, which is not among"));
        let shard = Header {
            shard: Some(Shard { index: 2, of: 3 }),
            ..header()
        };
        let (bytes, _) = file(&shard, &[1, 4, 5]);
        assert!(read(&bytes, &shard)
            .unwrap_err()
            .starts_with("line 4: records unit 5"));
    }

    #[test]
    fn only_canonical_lines_are_valid() {
        let good = entry(7).line();
        assert_eq!(Entry::parse(&good), Some(entry(7)));
        for body in [
            "unit 07 total=59 burnside=7",
            "unit +7 total=59 burnside=7",
            "unit 7 total=59  burnside=7",
        ] {
            assert_eq!(Entry::parse(&sealed(body)), None, "{body}");
        }
        assert_eq!(Entry::parse(&good.to_uppercase()), None);
        let line = header().line();
        assert_eq!(Header::parse(&line.replace("split=01", "split=1")), None);
    }

    #[test]
    fn open_creates_resumes_and_cuts_the_tail() {
        let dir = std::env::temp_dir().join(format!("nqueens-ckpt-unit-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ckpt");
        let _ = fs::remove_file(&path);
        let (checkpoint, contents) = Checkpoint::open(&path, &header()).unwrap();
        assert!(contents.done.is_empty());
        checkpoint.syncing(|| {
            checkpoint.record(entry(5));
            checkpoint.record(entry(9));
        });
        checkpoint.finish().unwrap();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"unit 1 tot").unwrap();
        let (checkpoint, contents) = Checkpoint::open(&path, &header()).unwrap();
        assert_eq!(units_of(&contents), [5, 9]);
        assert!(contents.tail);
        checkpoint.record(entry(1));
        checkpoint.finish().unwrap();
        let contents = read(&fs::read(&path).unwrap(), &header()).unwrap();
        assert_eq!(units_of(&contents), [1, 5, 9]);
        assert!(!contents.tail);
        let other = Header { n: 13, ..header() };
        let message = Checkpoint::open(&path, &other).err().unwrap().to_string();
        assert!(message.contains("is of n=12, not n=13"), "{message}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
