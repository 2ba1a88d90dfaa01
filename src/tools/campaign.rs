//! A campaign's records read together: what `merge` adds up and what
//! `merge --status` reports, from files, folders (every regular file in
//! them, by name) or stdin.
//!
//! Records are read one at a time and kept small (a shard's index, its
//! counts, and where it was read: the names of millions of files are kept
//! in one string), grouped by the count and split they belong to
//! ([`Key`]). Doubled and missing shards are found by one sort of the
//! indices, so reading 4.1 million records is linear but for that sort.
//!
//! Checks a wrong total cannot pass unnoticed, on the sum of a whole
//! split ([`check_sum`]): the total divisible by 4 from `n = 6` (every
//! solution's orbit under the board's symmetries has 8, 4 or 2 elements,
//! and orbits of 2 only exist below 6; Nielsen, arXiv 2601.05856; true of
//! every published total from 6 to 27), Burnside's sum a multiple of 8
//! (it is 8 times the unique count), and `total <= burnside <= 8 * total`
//! (an orbit has at most 8 solutions and at least one). Every record's
//! counts are whole numbers `>= 0` by its format: a `-` is refused.
//!
//! Burnside's sum less the total is what the symmetries besides the
//! identity fix: twice the quarter turn's fixed solutions and the half
//! turn's (the reflections fix none from `n = 2`). Those are searched
//! directly ([`crate::engine::counter::fixed`]), independently of the
//! count, and `merge` checks the difference equals them ([`check_fixed`]):
//! the join deals the fixed points out as units of their own (7 per
//! first-row column, `total=0`, each shard some), its other units carry
//! `burnside = total`, and the constellations' units carry both at once,
//! so a damaged share of the fixed points, or a record whose total and
//! Burnside share disagree, shows; and Burnside's sum a multiple of 8 pins
//! the total modulo 8. A share of the total miscounted with its Burnside
//! share alike (the join's units are counted once for both) is beyond any
//! check short of counting again.
//!
//! And each record alone: its Burnside share at least its total's
//! ([`check_record`]), true of every unit (a join unit's is its total or,
//! for a fixed-point unit, more than its total of 0; a constellation's is
//! 8 per orbit found against the orbit's at most 8 solutions).

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::base::error::{words, Error, Result};
use crate::engine::counter::Counts;
use crate::plan::estimate::human;
use crate::tools::shard::{read_timed_line, Record, Shard};

/// Which count and split a record belongs to: its `n=`, `K` and `split=`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Key {
    /// The board side.
    pub n: usize,
    /// The number of shards.
    pub of: usize,
    /// The unit list's fingerprint.
    pub split: u64,
}

impl Key {
    fn of(record: &Record) -> Key {
        Key {
            n: record.n,
            of: record.shard.of,
            split: record.split,
        }
    }

    /// Why records of `self` are not of `campaign`.
    fn unlike(self, campaign: Key) -> String {
        if self.n != campaign.n {
            format!("of n={}, not n={} (another count)", self.n, campaign.n)
        } else if self.of != campaign.of {
            format!(
                "of n={} in {} shards, not {} (another split of the count)",
                self.n, self.of, campaign.of
            )
        } else {
            format!(
                "dealt from another unit list (split={:016x}, not {:016x}: made by another \
                 version of nqueens, or with other --threads or --memory)",
                self.split, campaign.split
            )
        }
    }
}

/// One record as kept: its shard, counts, and where it was read (48
/// bytes: 4.1 million of them take 200 MB; their CPU time is summed per
/// [`Key`] as they are read, in [`Cpu`]).
#[derive(Clone, Copy)]
struct Entry {
    index: usize,
    counts: Counts,
    source: u32,
    line: u32,
}

/// The CPU time of a [`Key`]'s records: the sum of their `cpu=`, in
/// milliseconds, and how many carry one.
#[derive(Clone, Copy, Default)]
struct Cpu {
    ms: u128,
    timed: usize,
}

/// The names records were read from: those given one by one in one
/// string, and a folder's as the listing it was read by (its names in one
/// buffer, in the order of their names), not copied: a folder of millions
/// of records holds their names once.
#[derive(Default)]
struct Sources {
    /// Runs of sources, by their first number: named one by one, or a
    /// folder's files.
    runs: Vec<(u32, Run)>,
    count: u32,
}

/// A run of [`Sources`].
enum Run {
    /// Names given one by one, in one string, with where each ends.
    Names { text: String, ends: Vec<usize> },
    /// A folder's files: their names, and each one's span in them.
    Folder {
        path: PathBuf,
        names: Vec<u8>,
        spans: Vec<(usize, usize)>,
    },
}

impl Sources {
    fn push(&mut self, name: &str) -> u32 {
        if !matches!(self.runs.last(), Some((_, Run::Names { .. }))) {
            let names = Run::Names {
                text: String::new(),
                ends: Vec::new(),
            };
            self.runs.push((self.count, names));
        }
        if let Some((_, Run::Names { text, ends })) = self.runs.last_mut() {
            text.push_str(name);
            ends.push(text.len());
        }
        self.count += 1;
        self.count - 1
    }

    /// Takes a folder's files as sources: `spans` into `names`, in order;
    /// returns the first one's number.
    fn push_folder(&mut self, path: &Path, names: Vec<u8>, spans: Vec<(usize, usize)>) -> u32 {
        let first = self.count;
        self.count += spans.len() as u32;
        let path = path.to_path_buf();
        self.runs.push((first, Run::Folder { path, names, spans }));
        first
    }

    /// Source `i` as a path (a name given one by one as it was given).
    fn path(&self, i: u32) -> PathBuf {
        let at = self.runs.partition_point(|(first, _)| *first <= i) - 1;
        let (first, run) = &self.runs[at];
        let k = (i - first) as usize;
        match run {
            Run::Names { text, ends } => {
                let start = if k == 0 { 0 } else { ends[k - 1] };
                PathBuf::from(&text[start..ends[k]])
            }
            Run::Folder { path, names, spans } => {
                let (start, len) = spans[k];
                path.join(OsStr::from_bytes(&names[start..start + len]))
            }
        }
    }

    /// Source `i`'s name, as messages give it.
    fn name(&self, i: u32) -> String {
        self.path(i).display().to_string()
    }
}

/// Records read so far.
pub struct Book {
    /// `merge`: the first bad line, or a record of another split than
    /// the first, is an error; `merge --status` lists them and goes on.
    strict: bool,
    sources: Sources,
    /// Records by count and split, in the order first met.
    pools: Vec<(Key, Vec<Entry>)>,
    /// The CPU time of each pool's records, in the same order.
    cpu: Vec<Cpu>,
    /// Records without `crc=` (older versions), added up unchecked.
    unchecked: usize,
    /// What was refused (status): a line each, and how many in all.
    refused: Vec<String>,
    refused_count: usize,
    /// Files read.
    files: usize,
}

/// The refusals a status lists, then how many more.
const LISTED: usize = 20;

impl Book {
    /// An empty book: `strict` for `merge`, not for `merge --status`.
    pub fn new(strict: bool) -> Book {
        Book {
            strict,
            sources: Sources::default(),
            pools: Vec::new(),
            cpu: Vec::new(),
            unchecked: 0,
            refused: Vec::new(),
            refused_count: 0,
            files: 0,
        }
    }

    fn refuse(&mut self, error: Error) -> Result<()> {
        if self.strict {
            return Err(error);
        }
        self.refused_count += 1;
        if self.refused.len() < LISTED {
            self.refused.push(error.to_string());
        }
        Ok(())
    }

    /// Reads the records of `text`, read from `source`.
    pub fn add_text(&mut self, source: &str, text: &str) -> Result<()> {
        let id = self.sources.push(source);
        self.add_text_of(id, source, text)
    }

    /// Reads the records of `text`, read from source `id` named `source`.
    fn add_text_of(&mut self, id: u32, source: &str, text: &str) -> Result<()> {
        self.files += 1;
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match read_timed_line(source, number + 1, line) {
                Ok((record, sealed, cpu)) => {
                    self.unchecked += usize::from(!sealed);
                    self.add(&record, cpu, id, number + 1)?;
                }
                Err(error) => self.refuse(error)?,
            }
        }
        Ok(())
    }

    /// Names a source of records given one by one ([`Book::add_record`]).
    pub fn source(&mut self, name: &str) -> u32 {
        self.files += 1;
        self.sources.push(name)
    }

    /// Adds `record`, read at `line` of `source` (from [`Book::source`]).
    pub fn add_record(&mut self, record: &Record, source: u32, line: usize) -> Result<()> {
        self.add(record, None, source, line)
    }

    fn add(&mut self, record: &Record, cpu: Option<u64>, source: u32, line: usize) -> Result<()> {
        // `merge` checks the records it keeps once conflicts are found
        // (a conflict names both records, the more useful error).
        if !self.strict {
            if let Err(error) = check_record(record, &self.sources.name(source), line) {
                return self.refuse(error);
            }
        }
        let key = Key::of(record);
        let entry = Entry {
            index: record.shard.index,
            counts: record.counts,
            // u64::MAX ms (half a billion years) reads as none.
            source,
            line: line.min(u32::MAX as usize) as u32,
        };
        // The last pool first: records of one campaign come together.
        let at = match self.pools.last() {
            Some((last, _)) if *last == key => Some(self.pools.len() - 1),
            _ => self.pools.iter().position(|(k, _)| *k == key),
        };
        let at = match at {
            Some(at) => at,
            None => {
                if self.strict {
                    if let Some((first, entries)) = self.pools.first() {
                        return Err(different_splits(*first, entries[0].index, key, entry.index));
                    }
                }
                self.pools.push((key, Vec::new()));
                self.cpu.push(Cpu::default());
                self.pools.len() - 1
            }
        };
        self.pools[at].1.push(entry);
        if let Some(ms) = cpu {
            let sum = &mut self.cpu[at];
            sum.ms += u128::from(ms);
            sum.timed += 1;
        }
        Ok(())
    }

    /// Reads `path`: a file, or a folder's regular files (not those whose
    /// names start with `.`, such as the temporary files a record is
    /// written to before it is renamed), in the order of their names.
    pub fn add_path(&mut self, path: &Path) -> Result<()> {
        if !path.is_dir() {
            return self.add_file(path);
        }
        let unavailable = |e: std::io::Error| {
            Error::Unavailable(format!(
                "cannot read the folder '{}': {}",
                path.display(),
                words(&e)
            ))
        };
        // The names in one buffer, sorted by an index: millions of them.
        let mut names: Vec<u8> = Vec::new();
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for entry in std::fs::read_dir(path).map_err(unavailable)? {
            let entry = entry.map_err(unavailable)?;
            let name = entry.file_name();
            let bytes = name.as_bytes();
            if bytes.starts_with(b".") {
                continue;
            }
            let kind = entry.file_type().map_err(unavailable)?;
            let file = kind.is_file()
                || (kind.is_symlink() && entry.path().metadata().is_ok_and(|m| m.is_file()));
            if !file {
                continue;
            }
            spans.push((names.len(), bytes.len()));
            names.extend_from_slice(bytes);
        }
        spans.sort_unstable_by(|a, b| names[a.0..a.0 + a.1].cmp(&names[b.0..b.0 + b.1]));
        let count = spans.len();
        let first = self.sources.push_folder(path, names, spans);
        for id in first..first + count as u32 {
            let file = self.sources.path(id);
            self.read_file(id, &file)?;
        }
        Ok(())
    }

    fn add_file(&mut self, path: &Path) -> Result<()> {
        let id = self.sources.push(&path.display().to_string());
        self.read_file(id, path)
    }

    /// Reads the file at `path`, source `id`.
    fn read_file(&mut self, id: u32, path: &Path) -> Result<()> {
        let name = path.display().to_string();
        let text = crate::tools::files::open(path).and_then(|file| read_text(file, &name));
        match text {
            Ok(text) => self.add_text_of(id, &name, &text),
            Err(error) => self.refuse(error),
        }
    }

    /// The error of the first shard recorded twice with different counts.
    fn first_conflict(&self, key: Key, tally: &Tally) -> Option<Error> {
        let &(a, b) = tally.conflicts.first()?;
        let (at_a, at_b) = (self.at(&a), self.at(&b));
        Some(conflict(key, a.index, (&at_a, a.counts), (&at_b, b.counts)))
    }

    /// Where `entry` was read, as messages name it.
    fn at(&self, entry: &Entry) -> String {
        format!("'{}' line {}", self.sources.name(entry.source), entry.line)
    }

    /// A note on stderr for records that carry no `crc=`.
    fn note_unchecked(&self, all: usize) {
        if self.unchecked > 0 {
            // A courtesy: a failed write to stderr must not end the run.
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: {} of {all} records carry no crc= (made by an older \
                 nqueens): added up unchecked",
                self.unchecked
            );
        }
    }

    /// `merge`: the counts of the one complete split read, checked. Same
    /// records of a shard twice count once, with a note on stderr.
    pub fn merged(mut self) -> Result<(usize, Counts)> {
        let Some((key, mut entries)) = self.pools.pop() else {
            return Err(Error::Shards("no shard records to merge".into()));
        };
        let all = entries.len();
        let tally = tally(&mut entries);
        if let Some(error) = self.first_conflict(key, &tally) {
            return Err(error);
        }
        for entry in &entries {
            let record = Record {
                n: key.n,
                shard: Shard {
                    index: entry.index,
                    of: key.of,
                },
                split: key.split,
                counts: entry.counts,
            };
            check_record(
                &record,
                &self.sources.name(entry.source),
                entry.line as usize,
            )?;
        }
        if tally.done != key.of {
            return Err(Error::Shards(format!(
                "shards of n={} missing (of {}): {}",
                key.n,
                key.of,
                missing(&entries, key.of).0
            )));
        }
        if tally.overflow {
            return Err(overflow(key.n));
        }
        check_sum(key.n, tally.sum, self.files)?;
        if (25..=FIXED_CHECK_TO).contains(&key.n) {
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: searching the solutions of n={} a symmetry fixes, to check \
                 Burnside's sum (minutes from n = 26)",
                key.n
            );
        }
        check_fixed(key.n, tally.sum, self.files, threads())?;
        self.note_unchecked(all);
        if let Some(&(a, b)) = tally.doubled.first() {
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: {} shard(s) recorded twice with the same counts, counted \
                 once (shard {}: {} and {})",
                tally.doubled.len(),
                a.index,
                self.at(&a),
                self.at(&b)
            );
        }
        Ok((key.n, tally.sum))
    }

    /// `merge --status`: the campaign's state on `out`: the split most
    /// records belong to, how many of its shards are done, which are
    /// missing, doubled or conflicting, and what was refused and why.
    /// Records of one shard with different counts are an error (after the
    /// report), naming both.
    pub fn status(mut self, out: &mut dyn Write) -> Result<()> {
        let Some(main) = (0..self.pools.len()).max_by_key(|&i| {
            // The most records; of equal pools, the first read.
            (self.pools[i].1.len(), std::cmp::Reverse(i))
        }) else {
            let mut text = format!("no shard records in {} file(s)\n", self.files);
            for line in &self.refused {
                text += &format!("refused: {line}\n");
            }
            out.write_all(text.as_bytes()).map_err(Error::Write)?;
            return Err(Error::Shards("no shard records to report on".into()));
        };
        let (key, mut entries) = self.pools.swap_remove(main);
        let cpu = self.cpu.swap_remove(main);
        let tally = tally(&mut entries);
        let mut text = String::new();
        let mut line = |l: String| {
            text.push_str(&l);
            text.push('\n');
        };
        line(format!(
            "campaign: n={} in {} shards, split={:016x} ({} records read from {} file(s))",
            key.n,
            key.of,
            key.split,
            entries.len(),
            self.files
        ));
        let percent = tally.done as f64 * 100.0 / key.of as f64;
        line(format!(
            "done: {} of {} shards ({percent:.1}%)",
            tally.done, key.of
        ));
        let (missing, count) = missing(&entries, key.of);
        if count > 0 {
            line(format!("missing: {count} shard(s): {missing}"));
        }
        if !tally.doubled.is_empty() {
            let shown: Vec<String> = tally
                .doubled
                .iter()
                .take(10)
                .map(|(a, b)| format!("{} ({} and {})", a.index, self.at(a), self.at(b)))
                .collect();
            line(format!(
                "doubled: {} shard(s) recorded more than once with the same counts, counted \
                 once: {}{}",
                tally.doubled.len(),
                shown.join(", "),
                if tally.doubled.len() > 10 {
                    ", ..."
                } else {
                    ""
                }
            ));
        }
        for (a, b) in &tally.conflicts {
            line(format!(
                "conflict: shard {} recorded with different counts: {} total={} and {} \
                 total={}",
                a.index,
                self.at(a),
                a.counts.total,
                self.at(b),
                b.counts.total
            ));
        }
        for (other, entries) in &self.pools {
            line(format!(
                "refused: {} record(s) {} (the first: {})",
                entries.len(),
                other.unlike(key),
                self.at(&entries[0])
            ));
        }
        for refused in &self.refused {
            line(format!("refused: {refused}"));
        }
        if self.refused_count > self.refused.len() {
            line(format!(
                "refused: and {} more lines or files",
                self.refused_count - self.refused.len()
            ));
        }
        if self.unchecked > 0 {
            line(format!(
                "unchecked: {} record(s) carry no crc= (made by an older nqueens)",
                self.unchecked
            ));
        }
        let sum = tally.sum;
        let checked = match tally.overflow {
            true => Err(overflow(key.n)),
            false => check_sum(key.n, sum, self.files),
        };
        if tally.done == key.of && tally.conflicts.is_empty() {
            match &checked {
                Ok(()) => line(format!(
                    "complete: total={} unique={} ('nqueens merge' prints them)",
                    sum.total,
                    sum.unique()
                )),
                Err(e) => line(format!("failed: {e}")),
            }
        } else {
            line(format!(
                "so far: total={} burnside={} (of the shards done)",
                sum.total, sum.burnside
            ));
        }
        line(cpu_line(cpu, entries.len(), key.of - tally.done));
        out.write_all(text.as_bytes()).map_err(Error::Write)?;
        out.flush().map_err(Error::Write)?;
        if let Some(error) = self.first_conflict(key, &tally) {
            return Err(error);
        }
        if tally.done == key.of && tally.conflicts.is_empty() {
            checked?;
        }
        Ok(())
    }
}

/// A split's records sorted by shard: how many shards, their sum (each
/// shard once), and the shards read twice.
struct Tally {
    done: usize,
    sum: Counts,
    /// The same counts twice: the first and another.
    doubled: Vec<(Entry, Entry)>,
    /// Different counts: the first and the first that differs.
    conflicts: Vec<(Entry, Entry)>,
    /// Whether the sum passed `u128::MAX`.
    overflow: bool,
}

/// Sorts `entries` by shard (then by where they were read) and tallies
/// them: one sort, then one pass.
fn tally(entries: &mut [Entry]) -> Tally {
    entries.sort_unstable_by_key(|e| (e.index, e.source, e.line));
    let mut tally = Tally {
        done: 0,
        sum: Counts::default(),
        doubled: Vec::new(),
        conflicts: Vec::new(),
        overflow: false,
    };
    let mut first: Option<Entry> = None;
    for &entry in entries.iter() {
        match first {
            Some(kept) if kept.index == entry.index => {
                if kept.counts == entry.counts {
                    tally.doubled.push((kept, entry));
                } else {
                    tally.conflicts.push((kept, entry));
                }
            }
            _ => {
                first = Some(entry);
                tally.done += 1;
                match (
                    tally.sum.total.checked_add(entry.counts.total),
                    tally.sum.burnside.checked_add(entry.counts.burnside),
                ) {
                    (Some(total), Some(burnside)) => tally.sum = Counts { total, burnside },
                    _ => tally.overflow = true,
                }
            }
        }
    }
    tally
}

/// The status's line on CPU time: what the campaign's `records` spent,
/// the sum of their `cpu=` (every record read: a shard counted twice cost
/// twice), and the quote of what is left: their mean times the shards
/// `missing` (merge plans nothing: the shards done are the measure).
///
/// ```text
/// cpu: spent 1.4 h (5040.123 s) in 630 record(s) (mean 8.0 s); quoted left: 40 s for 5 missing shard(s) (the mean times 5)
/// ```
fn cpu_line(cpu: Cpu, records: usize, missing: usize) -> String {
    if cpu.timed == 0 {
        return "cpu: not recorded (no record read carries cpu=: records of an older \
                nqueens, or the lines printed on stdout; count --records DIR writes it)"
            .to_string();
    }
    let seconds = cpu.ms as f64 / 1000.0;
    let mean = seconds / cpu.timed as f64;
    let mut text = format!(
        "cpu: spent {} ({seconds:.3} s) in {} record(s) (mean {})",
        human(seconds),
        cpu.timed,
        human(mean)
    );
    if cpu.timed < records {
        text += &format!(", and {} record(s) without cpu=", records - cpu.timed);
    }
    if missing == 0 {
        text += "; none left";
    } else {
        text += &format!(
            "; quoted left: {} for {missing} missing shard(s) (the mean times {missing})",
            human(mean * missing as f64)
        );
    }
    text
}

/// The error of records that add up past `u128`.
fn overflow(n: usize) -> Error {
    Error::Shards(format!(
        "the records of n={n} add up to more than {} (damaged records?)",
        u128::MAX
    ))
}

/// The shards of `1..=of` not among `entries` (sorted by shard), as
/// ranges (`3..=7, 12`; the first twenty ranges, then how many more
/// shards), and how many, in time proportional to `entries`.
fn missing(entries: &[Entry], of: usize) -> (String, u128) {
    let mut ranges = Vec::new();
    let mut more = 0u128;
    let mut count = 0u128;
    // In u128: `of + 1` must not overflow.
    let mut next = 1u128;
    let end = of as u128 + 1;
    for index in entries
        .iter()
        .map(|e| e.index as u128)
        .chain(std::iter::once(end))
    {
        if index > next {
            let gap = index - next;
            count += gap;
            if ranges.len() < LISTED {
                ranges.push(match gap {
                    1 => next.to_string(),
                    _ => format!("{next}..={}", index - 1),
                });
            } else {
                more += gap;
            }
        }
        next = next.max(index + 1);
    }
    if more > 0 {
        ranges.push(format!("and {more} more"));
    }
    (ranges.join(", "), count)
}

/// Records of `b` met after records of `a`, in `merge`.
fn different_splits(a: Key, a_index: usize, b: Key, b_index: usize) -> Error {
    if a.n != b.n || a.of != b.of {
        return Error::Shards(format!(
            "records of different splits: 'shard {a_index}/{} n={}' and 'shard {b_index}/{} \
             n={}'",
            a.of, a.n, b.of, b.n
        ));
    }
    Error::Shards(format!(
        "records of different splits: shards {a_index} and {b_index} of n={} were dealt from \
         different unit lists (split={:016x} and split={:016x}; made by different versions \
         of nqueens?)",
        a.n, a.split, b.split
    ))
}

/// One shard recorded with two different counts.
fn conflict(key: Key, index: usize, a: (&str, Counts), b: (&str, Counts)) -> Error {
    Error::Shards(format!(
        "shard {index}/{} of n={} is recorded twice with different counts: {} has total={} \
         burnside={}, {} has total={} burnside={}: count that shard again and keep one",
        key.of, key.n, a.0, a.1.total, a.1.burnside, b.0, b.1.total, b.1.burnside
    ))
}

/// The checks the sum of a whole split must pass (see the module doc);
/// `files` is how many files it was read from, for the message.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_sum};
/// assert!(check_sum(8, Counts { total: 92, burnside: 96 }, 1).is_ok());
/// let off = check_sum(8, Counts { total: 94, burnside: 96 }, 1).unwrap_err();
/// assert!(off.to_string().contains("not a multiple of 4"), "{off}");
/// assert!(check_sum(8, Counts { total: 92, burnside: 100 }, 1).is_err());
/// assert!(check_sum(8, Counts { total: 92, burnside: 88 }, 1).is_err());
/// assert!(check_sum(4, Counts { total: 2, burnside: 8 }, 1).is_ok());
/// ```
pub fn check_sum(n: usize, sum: Counts, files: usize) -> Result<()> {
    let fail = |what: String| {
        Err(Error::Shards(format!(
            "the records of n={n} (from {files} file(s)) give {what} (damaged records?)"
        )))
    };
    let Counts { total, burnside } = sum;
    if n >= 6 && total % 4 != 0 {
        return fail(format!(
            "a total of {total}, not a multiple of 4 as every count from n = 6 is"
        ));
    }
    if burnside % 8 != 0 {
        return fail(format!("a Burnside sum of {burnside}, not a multiple of 8"));
    }
    if burnside < total || burnside / 8 > total {
        return fail(format!(
            "a Burnside sum of {burnside} against a total of {total}, outside \
             total <= burnside <= 8 * total"
        ));
    }
    Ok(())
}

/// Up to this side [`check_fixed`] searches the half turn's fixed points:
/// minutes at n = 28 (the times by side are in `docs/COUNTING.md`), once,
/// when a campaign of CPU-years is complete (`merge`, not `merge
/// --status`, which runs often): worth it. Past it the search grows about
/// eightfold per two sides.
pub const FIXED_CHECK_TO: usize = 28;

/// Up to this side [`check_fixed`] searches the quarter turn's fixed
/// points where the half turn's are out of reach (milliseconds at n = 28,
/// 26 s at 41 on a busy 2-core VM; see `docs/COUNTING.md`).
pub const QUARTER_CHECK_TO: usize = 41;

/// The threads of [`check_fixed`]'s searches: the machine's.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks Burnside's sum less the total of a whole split of side `n`
/// against the solutions the symmetries besides the identity fix,
/// searched directly on `threads` threads (see the module doc): equal up
/// to [`FIXED_CHECK_TO`]; up to [`QUARTER_CHECK_TO`] at least three times
/// the quarter turn's (twice for the two quarter turns, and the half turn
/// fixes every solution a quarter turn does); nothing past it. Call it
/// after [`check_sum`] (the sum within `total..=8 * total`).
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_fixed};
/// // The 8 x 8 board: 92 solutions, 12 unique, 4 fixed by the half turn.
/// assert!(check_fixed(8, Counts { total: 92, burnside: 96 }, 1, 1).is_ok());
/// let off = check_fixed(8, Counts { total: 84, burnside: 96 }, 1, 1).unwrap_err();
/// assert!(off.to_string().contains("less the total, 12, should be 4"), "{off}");
/// ```
pub fn check_fixed(n: usize, sum: Counts, files: usize, threads: usize) -> Result<()> {
    use crate::base::board::Symmetry;
    use crate::engine::counter::fixed::{besides_identity, fixed_all_on};
    let Counts { total, burnside } = sum;
    let Some(besides) = burnside.checked_sub(total) else {
        return Ok(()); // check_sum's to refuse
    };
    let fail = |what: String| {
        Err(Error::Shards(format!(
            "the records of n={n} (from {files} file(s)) give a Burnside sum of {burnside} \
             against a total of {total}: {what} (damaged records?)"
        )))
    };
    if n <= FIXED_CHECK_TO {
        let fixed = besides_identity(n, threads);
        if besides != fixed {
            let quarter = fixed_all_on(n, Symmetry::Rotate90, threads);
            let half = fixed_all_on(n, Symmetry::Rotate180, threads);
            let reflections = fixed - 2 * quarter - half;
            return fail(format!(
                "Burnside's sum less the total, {besides}, should be {fixed}, the solutions \
                 the symmetries besides the identity fix (2 * {quarter} for the quarter \
                 turns + {half} for the half turn + {reflections} for the reflections, \
                 searched directly)"
            ));
        }
    } else if n <= QUARTER_CHECK_TO {
        let quarter = fixed_all_on(n, Symmetry::Rotate90, threads);
        if besides < 3 * quarter {
            return fail(format!(
                "Burnside's sum less the total, {besides}, should be at least 3 * {quarter}, \
                 the solutions the quarter turns fix (searched directly) twice, and the half \
                 turn's, which include those"
            ));
        }
    }
    Ok(())
}

/// Checks one record alone: its share of Burnside's sum at least its
/// share of the total (see the module doc); `source` and `line` name where
/// it was read.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_record, tools::shard::{Record, Shard}};
/// let mut record = Record {
///     n: 8,
///     shard: Shard { index: 1, of: 2 },
///     split: 7,
///     counts: Counts { total: 46, burnside: 48 },
/// };
/// assert!(check_record(&record, "stdin", 1).is_ok());
/// record.counts.burnside = 40;
/// assert!(check_record(&record, "stdin", 1).is_err());
/// ```
pub fn check_record(record: &Record, source: &str, line: usize) -> Result<()> {
    let Counts { total, burnside } = record.counts;
    if burnside < total {
        return Err(Error::Shards(format!(
            "{source}: line {line}: shard {}/{} of n={} has burnside={burnside} below its \
             total={total}, which no unit's share can be (damaged record?)",
            record.shard.index, record.shard.of, record.n
        )));
    }
    Ok(())
}

/// Reads all of `input` as text for `merge`. Bytes that are not UTF-8
/// (a binary file given by mistake) are an error naming the line they are
/// on, as every other error of a record does.
///
/// ```
/// use nqueens::tools::campaign::read_text;
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

/// Adds up the records of one complete split: one `N`, one `K`, one unit
/// list, and every shard `1..=K` (a shard recorded twice with the same
/// counts counts once; with different counts it is an error), with sums
/// that pass [`check_sum`] and [`check_fixed`], each record
/// [`check_record`]. Returns `N` and the counts.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::merge, tools::shard::{Record, Shard}};
/// let half = |index| Record {
///     n: 8,
///     shard: Shard { index, of: 2 },
///     split: 7,
///     counts: Counts { total: 46, burnside: 48 },
/// };
/// let (n, counts) = merge(&[half(2), half(1)]).unwrap();
/// assert_eq!((n, counts.total, counts.unique()), (8, 92, 12));
/// assert!(merge(&[half(1)]).is_err());
/// ```
pub fn merge(records: &[Record]) -> Result<(usize, Counts)> {
    let mut book = Book::new(true);
    let source = book.source("records");
    for (i, record) in records.iter().enumerate() {
        book.add_record(record, source, i + 1)?;
    }
    book.merged()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_never_overflows_nor_allocates_per_shard() {
        let record = |index, of, total| Record {
            n: 8,
            shard: Shard { index, of },
            split: 7,
            counts: Counts {
                total,
                burnside: total,
            },
        };
        let err = merge(&[record(1, 2, u128::MAX), record(2, 2, 1)]).unwrap_err();
        assert!(err.to_string().contains("add up to more than"), "{err}");
        let err = merge(&[record(2, usize::MAX, 1)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "shards of n=8 missing (of {}): 1, 3..={}",
                usize::MAX,
                usize::MAX
            )
        );
        let err = merge(&[record(3, 4, 1), record(1, 4, 1)]).unwrap_err();
        assert_eq!(err.to_string(), "shards of n=8 missing (of 4): 2, 4");
    }
}
