//! `count N --shard A..=B/K [--records DIR]`: one task runs shards `A` to
//! `B` of `K` in turn, so that a few thousand tasks (a Slurm job array
//! within `MaxArraySize`) cover millions of shards.
//!
//! The count is planned once for the task: every shard's engine is that
//! planning again ([`counter::Choice::again`]), narrowed to the shard, as
//! `--shard I/K` narrows its own; the constellations are made once.
//! Each shard's record goes to stdout as it ends (flushed), the same line
//! `--shard I/K` prints. With `--records DIR` it is also written to
//! `DIR/shard-I-of-K.rec` (with `cpu=`, the CPU time the process spent on
//! that shard, planning included for the first it counts): whole to a
//! temporary file `.shard-I-of-K.rec.PID`
//! beside it, synced, then renamed, so a kill leaves the record whole or
//! absent. A rerun skips every shard whose record file reads back (its
//! `crc=` matching, of this `N`, shard and `K`) and prints its record
//! again; a file that does not read back is counted again and replaced,
//! with a note on stderr. A kept record of another unit list (another
//! version, `--threads` or `--memory`) is refused once the task has built
//! its engine, before anything is counted: mixed splits never merge.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use crate::base::error::{words, Error, Result};
use crate::engine::{counter, cpu};
use crate::tools::seal::Seal;
use crate::tools::settings::Settings;
use crate::tools::shard::{record_file, Record, Shard, Shards};

use super::counting::{counts_of, note, planned, CountOptions, Setup};

/// What a records folder holds for one shard.
enum Held {
    /// Nothing.
    Nothing,
    /// A record that reads back.
    Record(Record),
    /// A file that does not: why.
    Damaged(String),
}

/// The record file of `shard` in `dir`, read back for a count of `n`.
fn held(dir: &Path, n: usize, shard: Shard) -> Held {
    let path = dir.join(record_file(shard));
    let text = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Held::Nothing,
        Err(e) => return Held::Damaged(format!("cannot be read ({})", words(&e))),
    };
    let Ok(text) = String::from_utf8(text) else {
        return Held::Damaged("is not text".into());
    };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let (Some(line), None) = (lines.next(), lines.next()) else {
        return Held::Damaged("does not hold one record line".into());
    };
    let body = match Seal::of(line.trim()) {
        Seal::Matches(body) => body,
        Seal::Absent(_) => return Held::Damaged("has no crc=".into()),
        Seal::Broken => return Held::Damaged("has a crc= that does not match it".into()),
    };
    match Record::parse_body(body) {
        Some(record) if record.n == n && record.shard == shard => Held::Record(record),
        Some(record) => Held::Damaged(format!(
            "holds shard {}/{} of n={}, not shard {}/{} of n={n}",
            record.shard.index, record.shard.of, record.n, shard.index, shard.of
        )),
        None => Held::Damaged("is not a shard record".into()),
    }
}

/// Writes `record` to its file in `dir`, with the CPU time its shard took
/// (`cpu_ms`, where known): a temporary file, synced, then renamed into
/// place.
fn write(dir: &Path, record: &Record, cpu_ms: Option<u64>) -> Result<()> {
    let name = record_file(record.shard);
    let path = dir.join(&name);
    let temporary = dir.join(format!(".{name}.{}", std::process::id()));
    let failed = |e: std::io::Error| {
        Error::Unavailable(format!(
            "cannot write the record '{}': {}",
            path.display(),
            words(&e)
        ))
    };
    let mut file = std::fs::File::create(&temporary).map_err(failed)?;
    let line = match cpu_ms {
        Some(ms) => record.timed_line(ms),
        None => record.line(),
    };
    file.write_all(format!("{line}\n").as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, &path).map_err(failed)
}

/// The records folder `dir` made if missing, and the records it holds of
/// each shard of `shards` (`None`: to count), a note on stderr of how many
/// are kept and of each damaged one (counted again).
fn kept_records(dir: &Path, n: usize, shards: Shards) -> Result<Vec<Option<Record>>> {
    std::fs::create_dir_all(dir).map_err(|e| {
        Error::Unavailable(format!(
            "cannot make the records folder '{}': {}",
            dir.display(),
            words(&e)
        ))
    })?;
    let mut kept: Vec<Option<Record>> = vec![None; shards.len()];
    let mut notes = Vec::new();
    for (at, shard) in shards.each().enumerate() {
        match held(dir, n, shard) {
            Held::Nothing => {}
            Held::Record(record) => kept[at] = Some(record),
            Held::Damaged(why) => notes.push(format!(
                "nqueens: records: '{}' {why}: shard {}/{} is counted again",
                dir.join(record_file(shard)).display(),
                shard.index,
                shard.of
            )),
        }
    }
    let done = kept.iter().flatten().count();
    if done > 0 {
        notes.insert(
            0,
            format!(
                "nqueens: records '{}': {done} of shards {} recorded already, kept; {} to count",
                dir.display(),
                shards.text(),
                shards.len() - done
            ),
        );
    }
    for text in notes {
        note(Some(text));
    }
    Ok(kept)
}

/// Runs the shards of `shards` in turn (see the module doc).
pub(super) fn run(
    job: &CountOptions,
    settings: &Settings,
    shards: Shards,
    out: &mut dyn Write,
) -> Result<()> {
    let n = job.from;
    let dir: Option<&Path> = job.records.as_deref();
    let kept = match dir {
        Some(dir) => kept_records(dir, n, shards)?,
        None => vec![None; shards.len()],
    };
    // Planned at the first shard to count (none when all are recorded).
    let what = format!("count {n} --shard {}", shards.text());
    let mut whole: Option<counter::Choice> = None;
    let mut made = None;
    let check = |split: u64| -> Result<()> {
        let Some((record, dir)) = kept.iter().flatten().find(|r| r.split != split).zip(dir) else {
            return Ok(());
        };
        Err(Error::Shards(format!(
            "'{}' holds a record dealt from another unit list (split={:016x}, this run's \
             {split:016x}: made by another version of nqueens, or with other --threads or \
             --memory): use another --records folder, or run with the options that made it",
            dir.join(record_file(record.shard)).display(),
            record.split
        )))
    };
    // The process's CPU time when the last shard ended: each record is
    // charged what the process spent since (the first also the start and
    // the planning), so a task's records add up to what it spent.
    let mut charged = Duration::ZERO;
    for (at, shard) in shards.each().enumerate() {
        if let Some(record) = &kept[at] {
            writeln!(out, "{}", record.line())
                .and_then(|()| out.flush())
                .map_err(Error::Write)?;
            continue;
        }
        let mut choose = || -> Result<counter::Choice> {
            if whole.is_none() {
                whole = Some(planned(job, settings, n, true, &what, None)?);
            }
            let again = whole
                .as_ref()
                .and_then(counter::Choice::again)
                .ok_or_else(|| {
                    Error::Limit(format!(
                        "{what}: its planning cannot be copied for each shard"
                    ))
                })?;
            Ok(again.only(&|position| shard.owns(position), shard.of))
        };
        let setup = Setup {
            choose: &mut choose,
            made: &mut made,
            check: &check,
        };
        let (counts, split) = counts_of(job, settings, n, true, Some(shard), setup)?;
        let record = Record {
            n,
            shard,
            split,
            counts,
        };
        if let Some(dir) = dir {
            let cpu_ms = cpu::process().map(|now| {
                let spent = now.saturating_sub(charged);
                charged = now;
                u64::try_from(spent.as_millis()).unwrap_or(u64::MAX)
            });
            write(dir, &record, cpu_ms)?;
        }
        writeln!(out, "{}", record.line())
            .and_then(|()| out.flush())
            .map_err(Error::Write)?;
    }
    Ok(())
}
