//! The `count` and `merge` commands: blank-board counts as the user sees
//! them (one number, `TOTAL UNIQUE`, a table, or a shard record).
//!
//! Results go to the writer handed in (stdout); progress, when enabled,
//! goes to stderr only (see [`crate::tools::progress`]).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::base::error::{words, Error, Result};
use crate::engine::blank::constellation::Constellation;
use crate::engine::blank::{BlankEngine, Counts};
use crate::engine::half_board::Plan as HalfBoard;
use crate::engine::parallel;
use crate::plan::estimate::{self, Estimate, DAY};
use crate::tools::checkpoint::{Checkpoint, Entry, Header};
use crate::tools::progress::{self, describe, human};
use crate::tools::shard::{self, fingerprint, Record, Shard};

/// What `count` was asked for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Job {
    /// The smallest board side.
    pub from: usize,
    /// The largest board side.
    pub to: usize,
    /// Print a table (a header, then `N TOTAL UNIQUE SECONDS` rows) instead
    /// of one result.
    pub table: bool,
    /// Also count unique solutions.
    pub unique: bool,
    /// Draw progress on stderr.
    pub progress: bool,
    /// Print the estimate instead of counting.
    pub estimate: bool,
    /// Compute only this shard of the work (one N only).
    pub shard: Option<Shard>,
    /// Worker threads.
    pub threads: usize,
    /// Record finished units in this file and skip those it holds (one N
    /// only; see [`crate::tools::checkpoint`]).
    pub checkpoint: Option<PathBuf>,
}

/// From this side on, `count N` (without `--unique`) runs the half-board
/// engine, where it is faster than the constellation engine.
pub const HALF_BOARD_FROM: usize = crate::engine::half_board::BLANK_FROM;

/// The half-board engine's tables may take at most this much memory; a
/// side whose tables would not fit is counted by the blank engine.
pub const HALF_BOARD_MEMORY: usize = 1 << 30;

/// The work units of a count, from whichever engine counts this side: the
/// blank engine's constellations (total and unique), or the half-board
/// engine's join units (total only).
enum Units {
    Blank(BlankEngine),
    HalfBoard(Box<HalfBoard>),
}

impl Units {
    /// The units for side `n` (set-up progress counted in `shares`).
    fn new(job: &Job, n: usize, unique: bool, shares: &AtomicU64) -> Result<Units> {
        if !unique && n >= HALF_BOARD_FROM {
            let blank = vec![crate::base::board::full_row(n); n];
            if let Some(plan) = HalfBoard::new(n, &blank, HALF_BOARD_MEMORY) {
                return Ok(Units::HalfBoard(Box::new(plan)));
            }
        }
        Ok(Units::Blank(BlankEngine::on_threads_counting(
            n,
            job.threads,
            shares,
        )?))
    }

    fn len(&self) -> usize {
        match self {
            Units::Blank(engine) => engine.units().len(),
            Units::HalfBoard(plan) => plan.units(),
        }
    }

    /// Unit `i`'s share of the work, in progress units.
    fn cost(&self, i: usize) -> u64 {
        match self {
            Units::Blank(engine) => engine.cost(&engine.units()[i]),
            Units::HalfBoard(plan) => (plan.unit_weight(i) * 1e6).max(1.0) as u64,
        }
    }

    /// Which list of units this is: shards and checkpoints of another list
    /// are refused (see [`fingerprint`]).
    fn fingerprint(&self) -> u64 {
        match self {
            Units::Blank(engine) => fingerprint(engine.units()),
            // The tag keeps it apart from every constellation list.
            Units::HalfBoard(plan) => shard::fingerprint_of(
                ["half-board".len(), plan.n(), plan.units()]
                    .into_iter()
                    .chain((0..plan.units()).map(|i| plan.unit_weight(i).to_bits() as usize)),
            ),
        }
    }

    /// Counts the units at `positions` on the threads, calling
    /// `finished(i, counts)` as `positions[i]` is done.
    fn run(
        &self,
        positions: &[usize],
        job: &Job,
        unique: bool,
        done: &AtomicU64,
        finished: &(dyn Fn(usize, Counts) + Sync),
    ) -> Result<Counts> {
        match self {
            Units::Blank(engine) => {
                let all = engine.units();
                let units: Vec<Constellation> = positions.iter().map(|&p| all[p].clone()).collect();
                engine.counts_each(&units, job.threads, unique, done, finished)
            }
            Units::HalfBoard(plan) => {
                let totals = parallel::map(positions.len(), job.threads, |i| {
                    let total = plan.run_unit(positions[i]);
                    let counts = Counts { total, unique: 0 };
                    finished(i, counts);
                    done.fetch_add(self.cost(positions[i]), Ordering::Relaxed);
                    total
                })?;
                Ok(Counts {
                    total: totals.into_iter().sum(),
                    unique: 0,
                })
            }
        }
    }
}

/// Counts the board of side `n` (or the shard's share of it) with progress;
/// also returns the [`fingerprint`] of the whole unit list. With a
/// checkpoint, the units it holds are not counted again and each unit
/// counted is recorded in it.
fn counts(job: &Job, n: usize, unique: bool) -> Result<(Counts, u64)> {
    let label = match job.shard {
        Some(shard) => format!("n={n} shard {}/{}", shard.index, shard.of),
        None => format!("n={n}"),
    };
    // The set-up (making the work units) reports progress too: at N >= 24
    // it takes seconds.
    let shares = AtomicU64::new(0);
    let setup = format!("{label} set-up");
    let units = progress::watch(job.progress, &setup, (n * n) as u64, &shares, || {
        Units::new(job, n, unique, &shares)
    })?;
    let split = units.fingerprint();
    let mut positions: Vec<usize> = (0..units.len())
        .filter(|&position| job.shard.map_or(true, |shard| shard.owns(position)))
        .collect();
    let total = positions.iter().map(|&p| units.cost(p)).sum();
    let whole = Some(estimate(job, n).wall_ns / 1e9);
    let path = match &job.checkpoint {
        Some(path) => path,
        None => {
            let done = AtomicU64::new(0);
            let counts =
                progress::watch_estimated(job.progress, &label, total, &done, whole, || {
                    units.run(&positions, job, unique, &done, &|_, _| {})
                })?;
            return Ok((counts, split));
        }
    };
    let header = Header::new(n, split, units.len(), job.shard, unique);
    let (checkpoint, contents) = Checkpoint::open(path, &header)?;
    let mut recorded = Counts::default();
    let mut recorded_cost = 0;
    for entry in &contents.done {
        recorded = recorded + entry.counts;
        recorded_cost += units.cost(entry.unit);
    }
    positions.retain(|p| contents.done.binary_search_by_key(p, |e| e.unit).is_err());
    report_resume(path, &contents, positions.len());
    let done = AtomicU64::new(recorded_cost);
    let record = |i: usize, counts: Counts| {
        checkpoint.record(Entry {
            unit: positions[i],
            counts,
        })
    };
    let counts = checkpoint.syncing(|| {
        progress::watch_estimated(job.progress, &label, total, &done, whole, || {
            units.run(&positions, job, unique, &done, &record)
        })
    })?;
    checkpoint.finish()?;
    Ok((counts + recorded, split))
}

/// One line on stderr when a checkpoint held work or damage.
fn report_resume(
    path: &std::path::Path,
    contents: &crate::tools::checkpoint::Contents,
    left: usize,
) {
    let mut notes = Vec::new();
    if !contents.done.is_empty() {
        notes.push(format!(
            "resuming: {} units recorded, {left} to count",
            contents.done.len()
        ));
    }
    if contents.tail {
        notes.push("dropped a cut-off last record".to_string());
    }
    if !contents.damaged.is_empty() {
        let lines: Vec<String> = contents
            .damaged
            .iter()
            .take(10)
            .map(|l| l.to_string())
            .collect();
        notes.push(format!(
            "dropped {} damaged record(s) (line {}{}), their units are counted again",
            contents.damaged.len(),
            lines.join(", "),
            if contents.damaged.len() > 10 {
                ", ..."
            } else {
                ""
            }
        ));
    }
    if !notes.is_empty() {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(
            std::io::stderr().lock(),
            "nqueens: checkpoint '{}': {}",
            path.display(),
            notes.join("; ")
        );
    }
}

/// Runs `count` and writes its result to `out`.
///
/// ```
/// use nqueens::tools::count::{run, Job};
/// let job = Job { from: 8, to: 8, table: false, unique: true, progress: false, estimate: false, shard: None, threads: 2, checkpoint: None };
/// let mut out = Vec::new();
/// run(&job, &mut out).unwrap();
/// assert_eq!(out, b"92 12\n");
/// ```
pub fn run(job: &Job, out: &mut dyn Write) -> Result<()> {
    if job.estimate {
        return print_estimates(job, out);
    }
    warn_if_hopeless(job);
    if let Some(shard) = job.shard {
        let (counts, split) = counts(job, job.from, true)?;
        let record = Record {
            n: job.from,
            shard,
            split,
            counts,
        };
        return writeln!(out, "{}", record.line()).map_err(Error::Write);
    }
    if !job.table {
        let (counts, _) = counts(job, job.from, job.unique)?;
        return if job.unique {
            writeln!(out, "{} {}", counts.total, counts.unique)
        } else {
            writeln!(out, "{}", counts.total)
        }
        .map_err(Error::Write);
    }
    // The table's header, aligned with its rows.
    writeln!(
        out,
        "{:>2} {:>18} {:>17} {:>10}",
        "N", "total", "unique", "seconds"
    )
    .map_err(Error::Write)?;
    for n in job.from..=job.to {
        let start = Instant::now();
        let (counts, _) = counts(job, n, true)?;
        let seconds = start.elapsed().as_secs_f64();
        writeln!(
            out,
            "{n:>2} {:>18} {:>17} {seconds:>10.3}",
            counts.total, counts.unique
        )
        .and_then(|()| out.flush())
        .map_err(Error::Write)?;
    }
    Ok(())
}

/// The cost model's estimate of counting side `n` (the job's share of it,
/// for a shard) on the job's threads.
fn estimate(job: &Job, n: usize) -> Estimate {
    let mut whole = estimate::blank_count(n, job.threads);
    if let Some(shard) = job.shard {
        let share = shard.of as f64;
        whole.cpu_ns /= share;
        whole.wall_ns /= share;
    }
    whole
}

/// `count --estimate`: one line per N, nothing searched.
///
/// ```
/// use nqueens::tools::count::{run, Job};
/// let job = Job { from: 8, to: 8, table: false, unique: false, progress: false, estimate: true, shard: None, threads: 1, checkpoint: None };
/// let mut out = Vec::new();
/// run(&job, &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("count 8: about "));
/// ```
fn print_estimates(job: &Job, out: &mut dyn Write) -> Result<()> {
    for n in job.from..=job.to {
        let what = match job.shard {
            Some(shard) => format!("count {n} --shard {}/{}", shard.index, shard.of),
            None => format!("count {n}"),
        };
        writeln!(out, "{what}: {}", describe(&estimate(job, n))).map_err(Error::Write)?;
    }
    Ok(())
}

/// Says on stderr, before any work, when the cost model puts a count above
/// a day: a run of `count 30` should not be left to find that out.
fn warn_if_hopeless(job: &Job) {
    let seconds: f64 = (job.from..=job.to)
        .map(|n| estimate(job, n).wall_ns / 1e9)
        .sum();
    if seconds > DAY {
        eprintln!(
            "nqueens: this count is estimated at about {} on {} thread{}, more than a day \
             (see --estimate); it will run until stopped",
            human(seconds),
            job.threads,
            if job.threads == 1 { "" } else { "s" }
        );
    }
}

/// Runs `merge` on the texts `(source name, contents)` and writes
/// `TOTAL UNIQUE` to `out`.
pub fn merge(inputs: &[(String, String)], out: &mut dyn Write) -> Result<()> {
    let mut records = Vec::new();
    for (source, text) in inputs {
        records.extend(shard::parse_records(source, text)?);
    }
    let (_, counts) = shard::merge(&records)?;
    writeln!(out, "{} {}", counts.total, counts.unique).map_err(Error::Write)
}

/// Reads all of `input` as text for [`merge`].
pub fn read_text(mut input: impl Read, source: &str) -> Result<String> {
    let mut text = String::new();
    input.read_to_string(&mut text).map_err(|e| {
        Error::Shards(format!(
            "{source}: cannot read shard records: {}",
            words(&e)
        ))
    })?;
    Ok(text)
}
