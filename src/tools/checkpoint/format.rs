//! The format: the header and record lines, each sealed with its CRC-32
//! ([`crate::tools::seal`]; see the module [`super`] for the text of both).

use crate::engine::counter::Counts;
use crate::tools::seal::{sealed, Seal};
use crate::tools::shard::Shard;

/// The first word of every checkpoint.
pub const MAGIC: &str = "nqueens-checkpoint";

/// The format version this program writes and reads.
pub const FORMAT: u32 = 2;

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
        let Seal::Matches(body) = Seal::of(line) else {
            return None;
        };
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
    pub(super) fn mismatch(&self, expected: &Header) -> Option<String> {
        if self.version != expected.version {
            return Some(format!(
                "was written by nqueens {}, this is {}",
                self.version, expected.version
            ));
        }
        if self.n != expected.n {
            return Some(format!("is of n={}, not n={}", self.n, expected.n));
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
        // Before the unit list: unique counts add units of their own, so a
        // run with --unique and one without differ there too.
        if self.unique != expected.unique {
            let with = |unique| if unique { "with" } else { "without" };
            return Some(format!(
                "was made {} --unique, this run is {} it",
                with(self.unique),
                with(expected.unique)
            ));
        }
        if self.split != expected.split || self.units != expected.units {
            return Some(format!(
                "was dealt from another unit list (split={:016x}, {} units; this run: \
                 split={:016x}, {} units)",
                self.split, self.units, expected.split, expected.units
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
        let Seal::Matches(body) = Seal::of(line) else {
            return None;
        };
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
