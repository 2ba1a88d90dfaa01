//! `count N --shard A..=B/K [--records DIR]`: one task runs shards `A` to
//! `B` of `K` in turn, so that a few thousand tasks (a Slurm job array
//! within `MaxArraySize`) cover millions of shards.
//!
//! The count is planned once for the task: every shard's engine is that
//! planning again ([`counter::Choice::again`]), narrowed to the shard, as
//! `--shard I/K` narrows its own; the constellations are made once.
//! Each shard's record goes to stdout as it ends (flushed), the same line
//! `--shard I/K` prints. With `--records DIR` it is also appended to the
//! task's records file there (with `cpu=`, the CPU time the process spent
//! on that shard, planning included for the first it counts), and a rerun
//! skips every shard whose record reads back there, printing it again
//! (the folder's reading and writing: [`super::records`]). A kept record
//! of another unit list (another version, `--threads` or `--memory`) is
//! refused once the task has built its engine, before anything is
//! counted: mixed splits never merge.

use std::io::Write;
use std::time::Duration;

use crate::base::error::{Error, Result};
use crate::engine::{counter, cpu};
use crate::tools::settings::Settings;
use crate::tools::shard::{Record, Shards};

use super::counting::{counts_of, planned, CountOptions, Setup};
use super::records::Folder;

/// Runs the shards of `shards` in turn (see the module doc).
pub(super) fn run(
    job: &CountOptions,
    settings: &Settings,
    shards: Shards,
    out: &mut dyn Write,
) -> Result<()> {
    let n = job.from;
    let mut folder = match job.records.as_deref() {
        Some(dir) => Some(Folder::open(dir, n, shards)?),
        None => None,
    };
    // Planned at the first shard to count (none when all are recorded).
    let what = format!("count {n} --shard {}", shards.text());
    let mut whole: Option<counter::Choice> = None;
    let mut made = None;
    let splits = folder.as_ref().map(Folder::splits).unwrap_or_default();
    let check = |split: u64| -> Result<()> {
        let Some((record, file)) = splits.iter().find(|(r, _)| r.split != split) else {
            return Ok(());
        };
        Err(Error::Shards(format!(
            "'{}' holds a record of shard {}/{} dealt from another unit list (split={:016x}, \
             this run's {split:016x}: made by another version of nqueens, or with other \
             --threads or --memory): use another --records folder, or run with the options \
             that made it",
            file.display(),
            record.shard.index,
            record.shard.of,
            record.split
        )))
    };
    // The process's CPU time when the last shard ended: each record is
    // charged what the process spent since (the first also the start and
    // the planning), so a task's records add up to what it spent.
    let mut charged = Duration::ZERO;
    for (at, shard) in shards.each().enumerate() {
        if let Some(record) = folder.as_ref().and_then(|f| f.kept(at)) {
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
        let counted = counts_of(job, settings, n, true, Some(shard), setup)?;
        let record = Record {
            n,
            shard,
            split: counted.split,
            counts: counted.counts,
            bound: counted.bound,
        };
        if let Some(folder) = &mut folder {
            let cpu_ms = cpu::process().map(|now| {
                let spent = now.saturating_sub(charged);
                charged = now;
                u64::try_from(spent.as_millis()).unwrap_or(u64::MAX)
            });
            folder.append(&record, cpu_ms)?;
        }
        writeln!(out, "{}", record.line())
            .and_then(|()| out.flush())
            .map_err(Error::Write)?;
    }
    Ok(())
}
