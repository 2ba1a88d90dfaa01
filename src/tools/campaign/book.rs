//! A campaign's records as read ([`Book`]): their count and split
//! ([`Key`]), each kept small ([`Entry`]), the CPU time per split
//! ([`Cpu`]), the names they were read from ([`Sources`]), the reading
//! of text, files and folders into the book, and the errors of records
//! that disagree (another split, or one shard with two counts).

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use super::checks::{check_bound, check_record};
use crate::base::error::{words, Error, Result};
use crate::engine::counter::Counts;
use crate::tools::shard::{read_timed_line, Record};

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
    pub(super) fn of(record: &Record) -> Key {
        Key {
            n: record.n,
            of: record.shard.of,
            split: record.split,
        }
    }

    /// Why records of `self` are not of `campaign`.
    pub(super) fn unlike(self, campaign: Key) -> String {
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
pub(super) struct Entry {
    pub(super) index: usize,
    pub(super) counts: Counts,
    pub(super) source: u32,
    pub(super) line: u32,
}

/// The CPU time of a [`Key`]'s records: the sum of their `cpu=`, in
/// milliseconds, and how many carry one.
#[derive(Clone, Copy, Default)]
pub(super) struct Cpu {
    pub(super) ms: u128,
    pub(super) timed: usize,
}

/// The names records were read from: those given one by one in one
/// string, and a folder's as the listing it was read by (its names in one
/// buffer, in the order of their names), not copied: a folder of millions
/// of records holds their names once.
#[derive(Default)]
pub(super) struct Sources {
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
    pub(super) fn name(&self, i: u32) -> String {
        self.path(i).display().to_string()
    }
}

/// Records read so far.
pub struct Book {
    /// `merge`: the first bad line, or a record of another split than
    /// the first, is an error; `merge --status` lists them and goes on.
    pub(super) strict: bool,
    pub(super) sources: Sources,
    /// Records by count and split, in the order first met.
    pub(super) pools: Vec<(Key, Vec<Entry>)>,
    /// The CPU time of each pool's records, in the same order.
    pub(super) cpu: Vec<Cpu>,
    /// Each pool's seed for a spot check: the sum of its records'
    /// [`seed_share`]s.
    pub(super) seeds: Vec<u64>,
    /// Records without `crc=` (older versions), added up unchecked.
    pub(super) unchecked: usize,
    /// What was refused (status): a line each, and how many in all.
    pub(super) refused: Vec<String>,
    pub(super) refused_count: usize,
    /// Files read.
    pub(super) files: usize,
}

/// The refusals a status lists, then how many more.
pub(super) const LISTED: usize = 20;

impl Book {
    /// An empty book: `strict` for `merge`, not for `merge --status`.
    pub fn new(strict: bool) -> Book {
        Book {
            strict,
            sources: Sources::default(),
            pools: Vec::new(),
            cpu: Vec::new(),
            seeds: Vec::new(),
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
                    let share = seed_share(line.trim());
                    self.add(&record, cpu, id, number + 1, share)?;
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
        self.add(record, None, source, line, seed_share(&record.line()))
    }

    /// Adds `record` read at `line` of `source`, its CPU time, and its
    /// share of its pool's seed.
    fn add(
        &mut self,
        record: &Record,
        cpu: Option<u64>,
        source: u32,
        line: usize,
        share: u64,
    ) -> Result<()> {
        // A total above its bound is refused where it is read, by `merge`
        // too: no copy of the record can make it right.
        if let Err(error) = check_bound(record, &self.sources.name(source), line) {
            return self.refuse(error);
        }
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
                self.seeds.push(0);
                self.pools.len() - 1
            }
        };
        self.pools[at].1.push(entry);
        self.seeds[at] = self.seeds[at].wrapping_add(share);
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

    /// Where `entry` was read, as messages name it.
    pub(super) fn at(&self, entry: &Entry) -> String {
        format!("'{}' line {}", self.sources.name(entry.source), entry.line)
    }
}

/// Records of `b` met after records of `a`, in `merge`.
pub(super) fn different_splits(a: Key, a_index: usize, b: Key, b_index: usize) -> Error {
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
pub(super) fn conflict(key: Key, index: usize, a: (&str, Counts), b: (&str, Counts)) -> Error {
    Error::Shards(format!(
        "shard {index}/{} of n={} is recorded twice with different counts: {} has total={} \
         burnside={}, {} has total={} burnside={}: count that shard again and keep one",
        key.of, key.n, a.0, a.1.total, a.1.burnside, b.0, b.1.total, b.1.burnside
    ))
}

/// One record's share of a campaign's seed: a hash of its sealed line.
/// The spot check's `seed_of` adds the shares up, so that the seed does not depend on
/// the order records are read in, and changes with any record.
pub fn seed_share(line: &str) -> u64 {
    let fnv = crate::engine::counter::fingerprint_of(line.bytes().map(u64::from));
    // splitmix64's finaliser: every bit of the hash moves every bit.
    let mut z = fnv.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
