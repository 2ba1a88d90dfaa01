//! Shards: a deterministic `1/K` share of a blank board's work units, the
//! one-line record a shard run prints, and merging the records back.
//!
//! Shard `I` of `K` (1-based) takes the units at positions `I - 1`,
//! `I - 1 + K`, `I - 1 + 2K`, ... of the chosen engine's unit list
//! ([`crate::engine::counter::UnitCounter`]), which lists them so that a
//! round-robin deal gives every shard a similar mix of big and small units
//! (the constellations costliest first; the join's units of similar weight,
//! part by part).
//!
//! A record is one line, `shard I/K n=N split=F total=T burnside=B bound=X crc=C`:
//! easy to grep, to `cat` together, and to check. `C` seals the line as a
//! checkpoint's lines are sealed: the CRC-32 of its bytes before ` crc=`
//! ([`crate::tools::seal`]), so a record edited by hand or
//! damaged is refused by `merge`. Records of versions that wrote no `crc=`
//! are still added up, and `merge` says on stderr how many went unchecked. `T` and `B` are the shard's
//! shares of the total and of Burnside's sum, 8 times the unique count
//! ([`crate::engine::counts`]); `X`, where the engine keeps one (the
//! join), a bound on `T` that no count of the shard's units can pass
//! ([`Record::bound`]). `F` is the fingerprint of the unit list the
//! shards were dealt from ([`crate::engine::counter::UnitCounter::fingerprint`]): a
//! version of `nqueens` that orders or chooses units differently deals other
//! shares, and mixing its records with this one's would count some units
//! twice and others never. Merging insists on one `N`, one `K` and one `F`
//! and on every shard `1..=K` exactly once; anything else is an error that
//! says which shard is missing or doubled.

use crate::base::error::{Error, Result};
use crate::engine::counter::Counts;
use crate::tools::seal::{sealed, Seal};

/// Which share of the work: shard `index` (1-based) of `of`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    /// 1-based, at most `of`.
    pub index: usize,
    /// How many shards the work is split into, at least 1.
    pub of: usize,
}

impl Shard {
    /// Parses `I/K` with `1 <= I <= K`.
    ///
    /// ```
    /// use nqueens::tools::shard::Shard;
    /// assert_eq!(Shard::parse("2/5"), Some(Shard { index: 2, of: 5 }));
    /// assert_eq!(Shard::parse("0/5"), None);
    /// assert_eq!(Shard::parse("6/5"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Shard> {
        let (index, of) = text.split_once('/')?;
        let shard = Shard {
            index: index.parse().ok()?,
            of: of.parse().ok()?,
        };
        (1 <= shard.index && shard.index <= shard.of).then_some(shard)
    }

    /// Whether the unit at `position` of the cost-sorted list is this
    /// shard's.
    pub fn owns(self, position: usize) -> bool {
        position % self.of == self.index - 1
    }
}

/// A range of shards of one split, `A..=B` of `K`: what one task of a
/// campaign runs in turn (`count N --shard A..=B/K`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shards {
    /// The first shard, 1-based.
    pub first: usize,
    /// The last shard, at least `first`, at most `of`.
    pub last: usize,
    /// How many shards the work is split into.
    pub of: usize,
}

impl Shards {
    /// Parses `A..=B/K` with `1 <= A <= B <= K`, or `I/K` (the range
    /// `I..=I`).
    ///
    /// ```
    /// use nqueens::tools::shard::Shards;
    /// assert_eq!(Shards::parse("3..=5/9"), Some(Shards { first: 3, last: 5, of: 9 }));
    /// assert_eq!(Shards::parse("4/9"), Some(Shards { first: 4, last: 4, of: 9 }));
    /// assert_eq!(Shards::parse("5..=3/9"), None);
    /// assert_eq!(Shards::parse("3..=10/9"), None);
    /// assert_eq!(Shards::parse("3..5/9"), None);
    /// ```
    pub fn parse(text: &str) -> Option<Shards> {
        let (range, of) = text.split_once('/')?;
        let of: usize = of.parse().ok()?;
        let (first, last) = match range.split_once("..=") {
            Some((first, last)) => (first.parse().ok()?, last.parse().ok()?),
            None => {
                let index = range.parse().ok()?;
                (index, index)
            }
        };
        (1 <= first && first <= last && last <= of).then_some(Shards { first, last, of })
    }

    /// The range a records file's name gives ([`records_file`]), if it is
    /// one.
    pub fn of_records_file(name: &str) -> Option<Shards> {
        let rest = name.strip_prefix("shards-")?.strip_suffix(".rec")?;
        let (first, rest) = rest.split_once("-to-")?;
        let (last, of) = rest.split_once("-of-")?;
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !(digits(first) && digits(last) && digits(of)) {
            return None;
        }
        Shards::parse(&format!("{first}..={last}/{of}"))
    }

    /// Whether this range and `other` share a shard (of one split `K`).
    pub fn overlaps(self, other: Shards) -> bool {
        self.of == other.of && self.first <= other.last && other.first <= self.last
    }

    /// The shards in order.
    pub fn each(self) -> impl Iterator<Item = Shard> {
        (self.first..=self.last).map(move |index| Shard { index, of: self.of })
    }

    /// How many shards.
    pub fn len(self) -> usize {
        self.last - self.first + 1
    }

    /// Never: a range holds a shard at least.
    pub fn is_empty(self) -> bool {
        false
    }

    /// `A..=B/K`, or `I/K` for one shard.
    pub fn text(self) -> String {
        match self.first == self.last {
            true => format!("{}/{}", self.first, self.of),
            false => format!("{}..={}/{}", self.first, self.last, self.of),
        }
    }
}

/// The name of a task's records file in a records folder, for its range
/// `A..=B` of `K`: `shards-A-to-B-of-K.rec` (a single shard `I/K` is the
/// range `I..=I`). One file per task, appended a line per shard: a
/// campaign of millions of shards is a few thousand files, which `merge`
/// reads in seconds (millions of files take minutes of the filesystem's
/// time alone).
///
/// ```
/// use nqueens::tools::shard::{records_file, Shards};
/// let range = Shards { first: 41, last: 50, of: 640 };
/// assert_eq!(records_file(range), "shards-41-to-50-of-640.rec");
/// assert_eq!(Shards::of_records_file("shards-41-to-50-of-640.rec"), Some(range));
/// assert_eq!(Shards::of_records_file("shards-50-to-41-of-640.rec"), None);
/// assert_eq!(Shards::of_records_file("copy-of-5.rec"), None);
/// ```
pub fn records_file(shards: Shards) -> String {
    format!(
        "shards-{}-to-{}-of-{}.rec",
        shards.first, shards.last, shards.of
    )
}

/// One shard's result, as printed by `count N --shard I/K`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Record {
    /// The board side.
    pub n: usize,
    /// Which shard.
    pub shard: Shard,
    /// The fingerprint of the unit list the shards were dealt from.
    pub split: u64,
    /// The shard's shares of the total and of Burnside's sum.
    pub counts: Counts,
    /// An upper bound on the shard's total, where its engine keeps one
    /// (the join: its units' weighted candidate pairs,
    /// [`crate::engine::counter::UnitCounter::bound`]), written as
    /// `bound=X` after `burnside=`: `merge` refuses a total above it.
    pub bound: Option<u128>,
}

impl Record {
    /// The record's line, without the newline.
    ///
    /// ```
    /// use nqueens::{engine::counter::Counts, tools::shard::{Record, Shard}};
    /// let record = Record {
    ///     n: 8,
    ///     shard: Shard { index: 1, of: 2 },
    ///     split: 0xfe,
    ///     counts: Counts { total: 40, burnside: 44 },
    ///     bound: None,
    /// };
    /// assert_eq!(
    ///     record.line(),
    ///     "shard 1/2 n=8 split=00000000000000fe total=40 burnside=44 crc=a356fa13"
    /// );
    /// assert_eq!(Record::parse(&record.line()), Some(record));
    /// // Edited: refused.
    /// assert_eq!(Record::parse(&record.line().replace("=40", "=48")), None);
    /// ```
    pub fn line(&self) -> String {
        let mut body = format!(
            "shard {}/{} n={} split={:016x} total={} burnside={}",
            self.shard.index,
            self.shard.of,
            self.n,
            self.split,
            self.counts.total,
            self.counts.burnside
        );
        if let Some(bound) = self.bound {
            body += &format!(" bound={bound}");
        }
        sealed(&body)
    }

    /// The line of the record's file in a records folder: [`Record::line`]
    /// with the CPU time the shard took (`cpu_ms` milliseconds) before its
    /// seal, as `cpu=SECONDS` to the millisecond. Stdout's line carries no
    /// `cpu=`: it is the same on every run.
    ///
    /// ```
    /// use nqueens::{engine::counter::Counts, tools::shard::{Record, Shard}};
    /// let record = Record {
    ///     n: 8,
    ///     shard: Shard { index: 1, of: 2 },
    ///     split: 0xfe,
    ///     counts: Counts { total: 40, burnside: 44 },
    ///     bound: None,
    /// };
    /// let line = record.timed_line(61_005);
    /// assert!(line.starts_with("shard 1/2 n=8 split=00000000000000fe total=40 burnside=44 cpu=61.005 crc="));
    /// assert_eq!(Record::parse(&line), Some(record));
    /// assert_eq!(Record::parse_timed(&line), Some((record, Some(61_005))));
    /// assert_eq!(Record::parse_timed(&record.line()), Some((record, None)));
    /// ```
    pub fn timed_line(&self, cpu_ms: u64) -> String {
        let line = self.line();
        let body = line
            .rsplit_once(" crc=")
            .map_or(line.as_str(), |(body, _)| body);
        sealed(&format!("{body} cpu={}", cpu_text(cpu_ms)))
    }

    /// Parses a record line as [`Record::parse`] does, with its CPU time
    /// in milliseconds where it carries `cpu=`.
    pub fn parse_timed(line: &str) -> Option<(Record, Option<u64>)> {
        match Seal::of(line.trim()) {
            Seal::Matches(body) | Seal::Absent(body) => Record::parse_timed_body(body),
            Seal::Broken => None,
        }
    }

    /// Parses a record line (surrounding whitespace allowed): sealed with a
    /// matching `crc=`, or of a version that wrote none.
    pub fn parse(line: &str) -> Option<Record> {
        match Seal::of(line.trim()) {
            Seal::Matches(body) | Seal::Absent(body) => Record::parse_body(body),
            Seal::Broken => None,
        }
    }

    /// Parses a record line's body, without its `crc=` (a `cpu=` allowed
    /// and left out).
    pub(crate) fn parse_body(line: &str) -> Option<Record> {
        Record::parse_timed_body(line).map(|(record, _)| record)
    }

    /// Parses a record line's body, without its `crc=`: the record, and
    /// its `cpu=` in milliseconds if it has one (older records have none).
    pub(crate) fn parse_timed_body(line: &str) -> Option<(Record, Option<u64>)> {
        let mut words = line.split_whitespace();
        if words.next()? != "shard" {
            return None;
        }
        let shard = Shard::parse(words.next()?)?;
        let mut field = |name: &str| -> Option<&str> { words.next()?.strip_prefix(name) };
        let n = field("n=")?.parse().ok()?;
        let split = field("split=")?;
        if split.len() != 16 {
            return None;
        }
        let split = u64::from_str_radix(split, 16).ok()?;
        let total = field("total=")?.parse().ok()?;
        let burnside = field("burnside=")?.parse().ok()?;
        let mut next = words.next();
        let bound = match next.and_then(|w| w.strip_prefix("bound=")) {
            Some(bound) => {
                next = words.next();
                Some(bound.parse().ok()?)
            }
            None => None,
        };
        let cpu = match next {
            None => None,
            Some(word) => Some(cpu_ms(word.strip_prefix("cpu=")?)?),
        };
        if words.next().is_some() {
            return None;
        }
        let record = Record {
            n,
            shard,
            split,
            counts: Counts { total, burnside },
            bound,
        };
        Some((record, cpu))
    }
}

/// Milliseconds as a record's `cpu=` writes them: seconds, a point, three
/// digits.
fn cpu_text(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

/// A record's `cpu=` in milliseconds: whole seconds, then a point and one
/// to three digits, or none.
fn cpu_ms(text: &str) -> Option<u64> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (seconds, fraction) = match text.split_once('.') {
        Some((seconds, fraction)) if digits(fraction) && fraction.len() <= 3 => (seconds, fraction),
        Some(_) => return None,
        None => (text, ""),
    };
    if !digits(seconds) {
        return None;
    }
    let whole: u64 = seconds.parse().ok()?;
    let mut ms: u64 = 0;
    for (i, b) in fraction.bytes().enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    whole.checked_mul(1000)?.checked_add(ms)
}

/// Reads records from `text` (one a line; blank lines skipped), naming
/// `source` and the line in errors.
pub fn parse_records(source: &str, text: &str) -> Result<Vec<Record>> {
    Ok(read_records(source, text)?.0)
}

/// [`parse_records`], with the number of records that carried no `crc=`
/// (an older version's, added up unchecked).
pub fn read_records(source: &str, text: &str) -> Result<(Vec<Record>, usize)> {
    let mut records = Vec::new();
    let mut unchecked = 0;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (record, sealed) = read_line(source, number + 1, line)?;
        unchecked += usize::from(!sealed);
        records.push(record);
    }
    Ok((records, unchecked))
}

/// The record on line `number` of `source`, and whether it was sealed
/// (`crc=`); an error naming the line and what was expected otherwise.
pub fn read_line(source: &str, number: usize, line: &str) -> Result<(Record, bool)> {
    read_timed_line(source, number, line).map(|(record, sealed, _)| (record, sealed))
}

/// [`read_line`], with the record's `cpu=` in milliseconds if it has one.
pub fn read_timed_line(
    source: &str,
    number: usize,
    line: &str,
) -> Result<(Record, bool, Option<u64>)> {
    let at = || format!("{source}: line {number}");
    let (body, sealed) = match Seal::of(line.trim()) {
        Seal::Matches(body) => (body, true),
        Seal::Absent(body) => (body, false),
        Seal::Broken => {
            return Err(Error::Shards(format!(
                "{}: the record's crc= does not match it (edited or damaged), \
                 found '{}': count that shard again",
                at(),
                line.trim()
            )))
        }
    };
    let (record, cpu) = Record::parse_timed_body(body).ok_or_else(|| {
        // A share of a count is never negative: said plainly.
        let negative = body
            .split_whitespace()
            .find(|w| w.starts_with("total=-") || w.starts_with("burnside=-"));
        match negative {
            Some(word) => Error::Shards(format!(
                "{}: expected counts that are whole numbers >= 0, found '{word}' in '{}' \
                 (damaged record?)",
                at(),
                line.trim()
            )),
            None => Error::Shards(format!(
                "{}: expected 'shard I/K n=N split=F total=T burnside=B crc=C' (a bound=X \
                 and a cpu=S before crc= allowed), found '{}'",
                at(),
                line.trim()
            )),
        }
    })?;
    Ok((record, sealed, cpu))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_positions() {
        for of in 1..=7 {
            for position in 0..50 {
                let owners = (1..=of)
                    .filter(|&index| Shard { index, of }.owns(position))
                    .count();
                assert_eq!(owners, 1);
            }
        }
    }

    #[test]
    fn shards_get_similar_work() {
        // Work measured in kernel nodes, the search's cost; the cost-sorted
        // deal must keep every shard within 10% of the average (at n = 13,
        // 4 shards measure 2.4%, 8 shards 3%).
        let n = 13;
        let engine = crate::engine::constellations::ConstellationEngine::new(n);
        let units = engine.units();
        for of in [2, 4, 8] {
            let work: Vec<u64> = (1..=of)
                .map(|index| {
                    let shard = Shard { index, of };
                    let mine: Vec<_> = units
                        .iter()
                        .enumerate()
                        .filter(|&(position, _)| shard.owns(position))
                        .map(|(_, unit)| unit.clone())
                        .collect();
                    engine.nodes(&mine)
                })
                .collect();
            let average = work.iter().sum::<u64>() as f64 / of as f64;
            for (i, &w) in work.iter().enumerate() {
                let share = w as f64 / average;
                assert!(
                    (0.9..=1.1).contains(&share),
                    "shard {}/{of}: {share:.3} of average",
                    i + 1
                );
            }
        }
    }

    #[test]
    fn malformed_lines_are_rejected() {
        for line in [
            "shard 1/2 n=8 split=0000000000000007 total=4",
            "shard 3/2 n=8 split=0000000000000007 total=4 burnside=8",
            "shard 1/2 n=8 split=0000000000000007 total=-4 burnside=8",
            "shard 1/2 n=8 split=0000000000000007 total=4 burnside=8 extra",
            "chard 1/2 n=8 split=0000000000000007 total=4 burnside=8",
            "shard 1/2 n=8 total=4 burnside=8",
            "shard 1/2 n=8 split=7 total=4 burnside=8",
            "shard 1/2 n=8 split=0000000000000007 total=4 unique=1",
        ] {
            assert_eq!(Record::parse(line), None, "{line}");
        }
        let err = parse_records(
            "x.txt",
            "\nshard 1/1 n=8 split=0000000000000007 total=92 burnside=96\n92\n",
        )
        .unwrap_err();
        assert!(
            err.to_string().starts_with("x.txt: line 3: expected"),
            "{err}"
        );
    }

    #[test]
    fn cpu_is_an_optional_field_under_the_seal() {
        let record = Record {
            n: 8,
            shard: Shard { index: 2, of: 3 },
            split: 7,
            counts: Counts {
                total: 40,
                burnside: 48,
            },
            bound: None,
        };
        for ms in [0, 7, 999, 1000, 3_600_123, u64::MAX] {
            let line = record.timed_line(ms);
            assert_eq!(
                Record::parse_timed(&line),
                Some((record, Some(ms))),
                "{line}"
            );
            assert_eq!(
                read_timed_line("x", 1, &line).unwrap(),
                (record, true, Some(ms))
            );
        }
        let body = "shard 2/3 n=8 split=0000000000000007 total=40 burnside=48";
        for (cpu, ms) in [
            ("12", 12_000),
            ("1.5", 1_500),
            ("0.05", 50),
            ("3.007", 3_007),
        ] {
            let line = sealed(&format!("{body} cpu={cpu}"));
            assert_eq!(
                Record::parse_timed(&line),
                Some((record, Some(ms))),
                "{line}"
            );
        }
        for cpu in [
            "",
            ".5",
            "1.",
            "1.2345",
            "-1",
            "1e3",
            "1,5",
            "99999999999999999999",
        ] {
            let line = sealed(&format!("{body} cpu={cpu}"));
            assert_eq!(Record::parse_timed(&line), None, "{line}");
            assert!(read_line("x", 1, &line).is_err(), "{line}");
        }
        // cpu= after crc= is outside the seal: refused as edited.
        let line = format!("{} cpu=1.000", record.line());
        assert_eq!(Record::parse_timed(&line), None);
        // Edited under the seal: refused.
        let line = record.timed_line(1000).replace("cpu=1.000", "cpu=0.001");
        assert!(read_line("x", 1, &line).is_err());
        // Unsealed (an older version's, or by hand): read, unchecked.
        let line = format!("{body} cpu=2.5");
        assert_eq!(
            read_timed_line("x", 1, &line).unwrap(),
            (record, false, Some(2_500))
        );
    }

    #[test]
    fn an_edited_record_is_refused_and_an_unsealed_one_counted() {
        let record = Record {
            n: 8,
            shard: Shard { index: 1, of: 1 },
            split: 7,
            counts: Counts {
                total: 92,
                burnside: 96,
            },
            bound: None,
        };
        let edited = record.line().replace("total=92", "total=93");
        let err = parse_records("x.txt", &edited).unwrap_err().to_string();
        assert!(
            err.starts_with("x.txt: line 1: the record's crc= does not match it"),
            "{err}"
        );
        let old = "shard 1/1 n=8 split=0000000000000007 total=92 burnside=96";
        assert_eq!(read_records("x.txt", old).unwrap(), (vec![record], 1));
        let sealed = format!("{}\n", record.line());
        assert_eq!(read_records("x.txt", &sealed).unwrap(), (vec![record], 0));
    }
}
