//! A count under a checkpoint (`--checkpoint FILE`): the units the file
//! records as done are skipped, every unit counted is recorded as it ends,
//! so a killed count resumes where it stopped.

use std::path::Path;
use std::sync::atomic::AtomicU64;

use crate::base::error::Result;
use crate::engine::counter::{Counts, UnitCounter, Watch};
use crate::tools::checkpoint::{Checkpoint, Entry, Header};
use crate::tools::progress;

use super::notes::report_resume;

/// How a count's progress is shown: its label, the work its units weigh
/// in all, and the whole count's quote in seconds.
pub(super) struct Shown<'a> {
    pub(super) progress: progress::Progress,
    pub(super) label: &'a str,
    pub(super) total: u64,
    pub(super) whole: Option<f64>,
}

impl Shown<'_> {
    /// `work` run with its progress shown, `done` the work it has done.
    pub(super) fn watch<T>(&self, done: &AtomicU64, work: impl FnOnce() -> T) -> T {
        progress::watch_estimated(
            self.progress,
            self.label,
            self.total,
            done,
            self.whole,
            work,
        )
    }
}

/// The units at `positions` counted under the checkpoint at `path`
/// (created with `header`, or resumed if it holds the same): the units it
/// records as done are skipped and their counts added back, and every unit
/// counted is recorded as it finishes.
pub(super) fn count_checkpointed(
    (path, header): (&Path, &Header),
    units: &dyn UnitCounter,
    mut positions: Vec<usize>,
    threads: usize,
    (shown, warn): (&Shown<'_>, &dyn Fn(f64)),
) -> Result<Counts> {
    let (checkpoint, contents) = Checkpoint::open(path, header)?;
    let mut recorded = Counts::default();
    let mut recorded_cost = 0;
    for entry in &contents.done {
        recorded = recorded + entry.counts;
        recorded_cost += units.weight(entry.unit);
    }
    positions.retain(|p| contents.done.binary_search_by_key(p, |e| e.unit).is_err());
    report_resume(path, &contents, positions.len());
    let left: u64 = positions.iter().map(|&p| units.weight(p)).sum();
    // `shown.total`: the weight of every position, recorded or not.
    warn(left as f64 / shown.total.max(1) as f64);
    let done = AtomicU64::new(recorded_cost);
    let record = |i: usize, counts: Counts| {
        checkpoint.record(Entry {
            unit: positions[i],
            counts,
        })
    };
    let counts = checkpoint.syncing(|| {
        shown.watch(&done, || {
            let watch = Watch {
                done: &done,
                finished: &record,
            };
            units.count_each(&positions, threads, watch)
        })
    })?;
    checkpoint.finish()?;
    Ok(counts + recorded)
}
