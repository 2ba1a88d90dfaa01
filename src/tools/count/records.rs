//! A task's records folder (`count N --shard A..=B/K --records DIR`): the
//! records it holds of the task's shards, and the task's own file
//! appended a line per shard as each ends.
//!
//! A task writes one file, `DIR/shards-A-to-B-of-K.rec`
//! ([`records_file`]): a campaign of millions of shards is as many files
//! as tasks, which `merge DIR` reads in seconds. Each record is appended
//! as one line in one write, then synced, so a kill leaves every earlier
//! line whole and at worst the last one cut off (no newline).
//!
//! When a task starts it reads its own file and every other records file
//! of the folder whose range shares a shard with its own (found by name,
//! one listing of the folder): a rerun with the same range resumes from
//! its own file, one with other ranges from the files it overlaps. A
//! line that does not read back (cut off by a kill, its `crc=` not
//! matching, not a record of this count) is left out: in the task's own
//! file it is dropped (the file rewritten with the lines that read back:
//! a temporary file, synced, renamed into place), in another task's file
//! it is left for `merge --status` to name; either way, with a note on
//! stderr, and its shard is counted again unless a good line holds it.
//! Two tasks of the same range must not run at once (Slurm runs an array
//! task once; GNU parallel's `--joblog` runs a line once).

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::base::error::{words, Error, Result};
use crate::tools::seal::Seal;
use crate::tools::shard::{records_file, Record, Shards};

use super::counting::note;

/// A task's records folder, open (see the module doc).
pub(super) struct Folder {
    /// The folder.
    dir: PathBuf,
    /// The task's shards.
    shards: Shards,
    /// Each shard's record that reads back, in shard order, and which
    /// of `files` holds it.
    kept: Vec<Option<(Record, usize)>>,
    /// The records files read.
    files: Vec<PathBuf>,
    /// The task's own file, open for appending once it has a record to
    /// write.
    own: Option<File>,
}

/// What a records file held for a task: its lines that read back as
/// records of the task's count, and the rest.
struct Read {
    /// Good lines: the record and the line as written.
    good: Vec<(Record, String)>,
    /// Lines left out: the line number and why.
    bad: Vec<(usize, String)>,
    /// Lines in all, blank ones aside.
    lines: usize,
}

/// Reads the records file at `path` for a count of `n` split `of` ways.
fn read(path: &Path, n: usize, of: usize) -> Result<Read> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => {
            return Err(Error::Unavailable(format!(
                "cannot read the records file '{}': {}",
                path.display(),
                words(&e)
            )))
        }
    };
    let mut read = Read {
        good: Vec::new(),
        bad: Vec::new(),
        lines: 0,
    };
    let mut lines = bytes.split(|&b| b == b'\n').enumerate().peekable();
    while let Some((number, line)) = lines.next() {
        let last = lines.peek().is_none();
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        read.lines += 1;
        // The bytes after the last newline: a line a kill cut off.
        if last {
            read.bad
                .push((number + 1, "is cut off (no newline)".into()));
            break;
        }
        let why = match std::str::from_utf8(line) {
            Err(_) => "is not text".to_string(),
            Ok(text) => match Seal::of(text.trim()) {
                Seal::Absent(_) => "has no crc=".into(),
                Seal::Broken => "has a crc= that does not match it".into(),
                Seal::Matches(body) => match Record::parse_timed_body(body) {
                    Some((record, _)) if record.n == n && record.shard.of == of => {
                        read.good.push((record, text.trim().to_string()));
                        continue;
                    }
                    Some((record, _)) => format!(
                        "holds shard {}/{} of n={}, not a shard of {of} of n={n}",
                        record.shard.index, record.shard.of, record.n
                    ),
                    None => "is not a shard record".into(),
                },
            },
        };
        read.bad.push((number + 1, why));
    }
    Ok(read)
}

impl Folder {
    /// Opens the records folder `dir` for a task of `shards` of a count of
    /// `n`, made if missing, and reads what it holds (see the module doc).
    pub(super) fn open(dir: &Path, n: usize, shards: Shards) -> Result<Folder> {
        let unavailable = |what: &str, e: std::io::Error| {
            Error::Unavailable(format!(
                "cannot {what} the records folder '{}': {}",
                dir.display(),
                words(&e)
            ))
        };
        std::fs::create_dir_all(dir).map_err(|e| unavailable("make", e))?;
        let own_name = records_file(shards);
        let mut names = vec![own_name.clone()];
        for entry in std::fs::read_dir(dir).map_err(|e| unavailable("read", e))? {
            let entry = entry.map_err(|e| unavailable("read", e))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            let overlaps = Shards::of_records_file(name).is_some_and(|r| r.overlaps(shards));
            if overlaps && name != own_name {
                names.push(name.to_string());
            }
        }
        // Other tasks' files in the order of their names, after the own.
        names[1..].sort_unstable();
        let mut folder = Folder {
            dir: dir.to_path_buf(),
            shards,
            kept: vec![None; shards.len()],
            files: Vec::new(),
            own: None,
        };
        let mut notes = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let path = dir.join(name);
            let read = read(&path, n, shards.of)?;
            let lines = read.lines;
            let mut own_good = Vec::new();
            for (record, line) in read.good {
                let at = record.shard.index.wrapping_sub(shards.first);
                match folder.kept.get_mut(at) {
                    Some(slot @ None) => {
                        *slot = Some((record, i));
                        if i == 0 {
                            own_good.push(line);
                        }
                    }
                    // Another shard's, or one already held: the own file
                    // keeps what it holds for its own range once.
                    _ if i > 0 => {}
                    Some(Some(_)) => notes.push(format!(
                        "nqueens: records: '{}' holds shard {}/{} twice: the second dropped",
                        path.display(),
                        record.shard.index,
                        record.shard.of
                    )),
                    None => notes.push(format!(
                        "nqueens: records: '{}' holds shard {}/{}, not one of {}: dropped",
                        path.display(),
                        record.shard.index,
                        record.shard.of,
                        shards.text()
                    )),
                }
            }
            let fate = match i {
                0 => "dropped",
                _ => "left as it is (merge --status names it)",
            };
            for (number, why) in &read.bad {
                notes.push(format!(
                    "nqueens: records: '{}' line {number} {why}: {fate}",
                    path.display()
                ));
            }
            if i == 0 && own_good.len() < lines {
                rewrite(&path, &own_good)?;
            }
            folder.files.push(path);
        }
        let done = folder.kept.iter().flatten().count();
        if done > 0 {
            notes.insert(
                0,
                format!(
                    "nqueens: records '{}': {done} of shards {} recorded already, kept; {} to \
                     count",
                    dir.display(),
                    shards.text(),
                    shards.len() - done
                ),
            );
        }
        for text in notes {
            note(Some(text));
        }
        Ok(folder)
    }

    /// The record kept for the task's `at`-th shard, if any.
    pub(super) fn kept(&self, at: usize) -> Option<&Record> {
        self.kept[at].as_ref().map(|(record, _)| record)
    }

    /// One kept record of each unit list (`split=`) the kept records
    /// are of, with the file holding it: a run refuses records of
    /// another list than its own.
    pub(super) fn splits(&self) -> Vec<(Record, PathBuf)> {
        let mut splits: Vec<(Record, PathBuf)> = Vec::new();
        for (record, i) in self.kept.iter().flatten() {
            if splits.iter().all(|(r, _)| r.split != record.split) {
                splits.push((*record, self.files[*i].clone()));
            }
        }
        splits
    }

    /// Appends `record` to the task's own file, with the CPU time its
    /// shard took (`cpu_ms`, where known), and syncs it.
    pub(super) fn append(&mut self, record: &Record, cpu_ms: Option<u64>) -> Result<()> {
        let path = self.dir.join(records_file(self.shards));
        let failed = |e: std::io::Error| {
            Error::Unavailable(format!(
                "cannot write the records file '{}': {}",
                path.display(),
                words(&e)
            ))
        };
        if self.own.is_none() {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)
                .map_err(failed)?;
            // The folder synced too, so that the new file's name lasts.
            if let Ok(dir) = File::open(&self.dir) {
                let _ = dir.sync_all();
            }
            self.own = Some(file);
        }
        let line = match cpu_ms {
            Some(ms) => record.timed_line(ms),
            None => record.line(),
        };
        let file = self.own.as_mut().expect("opened above");
        // One write of the whole line: a kill leaves it whole or cut off,
        // never mixed with another.
        file.write_all(format!("{line}\n").as_bytes())
            .and_then(|()| file.sync_data())
            .map_err(failed)
    }
}

/// Rewrites the task's own file at `path` with `lines` alone: a temporary
/// file beside it, synced, then renamed into place, so that a kill leaves
/// the old file or the new one.
fn rewrite(path: &Path, lines: &[String]) -> Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(
        ".{}.{}",
        name.unwrap_or_default(),
        std::process::id()
    ));
    let failed = |e: std::io::Error| {
        Error::Unavailable(format!(
            "cannot rewrite the records file '{}': {}",
            path.display(),
            words(&e)
        ))
    };
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let mut file = File::create(&temporary).map_err(failed)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)
}
