//! The `count` and `merge` commands: blank-board counts as the user sees
//! them (one number, `TOTAL UNIQUE`, a table, or a shard record).
//!
//! Results go to the writer handed in (stdout); progress, when enabled,
//! goes to stderr only (see [`crate::tools::progress`]).

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use crate::base::checker;
use crate::base::error::{words, Error, Result};
use crate::engine::budget::Budget;
use crate::engine::counter::{self, Counts, Sizing};
use crate::plan::calibration;
use crate::plan::estimate::{self, Estimate, DAY};
use crate::tools::checkpoint::{Checkpoint, Entry, Header};
use crate::tools::progress::{self, figures, human, Progress};
use crate::tools::settings::Settings;
use crate::tools::shard::{self, Record, Shard};

/// What `count` was asked for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CountOptions {
    /// The smallest board side.
    pub from: usize,
    /// The largest board side.
    pub to: usize,
    /// Print a table (a header, then `N TOTAL UNIQUE SECONDS` rows) instead
    /// of one result.
    pub table: bool,
    /// Also count unique solutions.
    pub unique: bool,
    /// Print the estimate instead of counting.
    pub estimate: bool,
    /// Compute only this shard of the work (one N only).
    pub shard: Option<Shard>,
    /// Record finished units in this file and skip those it holds (one N
    /// only; see [`crate::tools::checkpoint`]).
    pub checkpoint: Option<PathBuf>,
}

/// Counts the board of side `n` (or the shard's share of it) with progress,
/// through the engine [`counter::choose`] picks; also returns the
/// fingerprint of the whole unit list. With a
/// checkpoint, the units it holds are not counted again and each unit
/// counted is recorded in it.
/// A count estimated under this much CPU time (ns) runs on one thread:
/// starting threads (milliseconds on a loaded machine) would cost more
/// than they save, and would be most of the time `count A..=B` shows for
/// it (issue 38: 4-12 ms for n = 2..10, 3-4 ms for n = 11, 12).
pub const ONE_THREAD_NS: f64 = 1e7;

/// The threads a count estimated at `cpu_ns` of CPU time runs on, given
/// `threads`: one below [`ONE_THREAD_NS`].
///
/// ```
/// use nqueens::tools::count::threads_for;
/// assert_eq!(threads_for(8, 1e5), 1);
/// assert_eq!(threads_for(8, 1e9), 8);
/// ```
pub fn threads_for(threads: usize, cpu_ns: f64) -> usize {
    if cpu_ns < ONE_THREAD_NS {
        1
    } else {
        threads
    }
}

fn counts(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
) -> Result<(Counts, u64)> {
    let label = match job.shard {
        Some(shard) => format!("n={n} shard {}/{}", shard.index, shard.of),
        None => format!("n={n}"),
    };
    // The set-up (making the work units) reports progress too: at N >= 24
    // it takes seconds.
    // Choosing plans the join (a minute at N = 23), so it is set-up too.
    let shares = AtomicU64::new(0);
    let setup = format!("{label} set-up");
    let what = match job.shard {
        Some(shard) => format!("count {n} --shard {}/{}", shard.index, shard.of),
        None => format!("count {n}"),
    };
    let (units, estimate, threads) =
        progress::watch(settings.progress, &setup, (n * n) as u64, &shares, || {
            let choice = planned(job, settings, n, unique, &what);
            let sizing = choice.sizing();
            let estimate = estimate::of_sizing(&sizing, settings.threads());
            within_memory(settings, n, &estimate)?;
            warn_if_long(
                n,
                &what,
                job.shard,
                &sizing,
                &estimate,
                settings.progress.on(),
            );
            let threads = threads_for(settings.threads(), estimate::of_sizing(&sizing, 1).cpu_ns);
            choice
                .build(threads, &shares)
                .map(|units| (units, estimate, threads))
        })?;
    let split = units.fingerprint();
    let mut positions: Vec<usize> = (0..units.units())
        .filter(|&position| job.shard.map_or(true, |shard| shard.owns(position)))
        .collect();
    let total = positions.iter().map(|&p| units.weight(p)).sum();
    let whole = Some(shown_seconds(&estimate, settings.progress.on()));
    let path = match &job.checkpoint {
        Some(path) => path,
        None => {
            let done = AtomicU64::new(0);
            let counts =
                progress::watch_estimated(settings.progress, &label, total, &done, whole, || {
                    units.count_each(&positions, threads, &done, &|_, _| {})
                })?;
            return Ok((counts, split));
        }
    };
    let header = Header::new(n, split, units.units(), job.shard, unique);
    let (checkpoint, contents) = Checkpoint::open(path, &header)?;
    let mut recorded = Counts::default();
    let mut recorded_cost = 0;
    for entry in &contents.done {
        recorded = recorded + entry.counts;
        recorded_cost += units.weight(entry.unit);
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
        progress::watch_estimated(settings.progress, &label, total, &done, whole, || {
            units.count_each(&positions, threads, &done, &record)
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
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: true, estimate: false, shard: None, checkpoint: None };
/// let mut out = Vec::new();
/// run(&job, &Settings::quiet(2), &mut out).unwrap();
/// assert_eq!(out, b"92 12\n");
/// ```
pub fn run(job: &CountOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    if job.estimate {
        return print_estimates(job, settings, out);
    }
    if let Some(shard) = job.shard {
        let (counts, split) = counts(job, settings, job.from, true)?;
        let record = Record {
            n: job.from,
            shard,
            split,
            counts,
        };
        return writeln!(out, "{}", record.line()).map_err(Error::Write);
    }
    if !job.table {
        let (counts, _) = counts(job, settings, job.from, job.unique)?;
        return if job.unique {
            writeln!(out, "{} {}", counts.total, counts.unique())
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
        let (counts, _) = counts(job, settings, n, true)?;
        let seconds = start.elapsed().as_secs_f64();
        writeln!(
            out,
            "{n:>2} {:>18} {:>17} {seconds:>10.3}",
            counts.total,
            counts.unique()
        )
        .and_then(|()| out.flush())
        .map_err(Error::Write)?;
    }
    Ok(())
}

/// The engine counting side `n` for the job: for a shard, narrowed to the
/// shard's units (their tables only, priced as theirs).
fn choose(job: &CountOptions, settings: &Settings, n: usize, unique: bool) -> counter::Choice {
    let choice = counter::choose(n, unique, settings.budget);
    match job.shard {
        Some(shard) => choice.only(&|position| shard.owns(position), shard.of),
        None => choice,
    }
}

/// `count --estimate`: one line per N, nothing searched.
///
/// ```
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: false, estimate: true, shard: None, checkpoint: None };
/// let mut out = Vec::new();
/// run(&job, &Settings::quiet(1), &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("count 8: about "));
/// ```
fn print_estimates(job: &CountOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    for n in job.from..=job.to {
        let what = match job.shard {
            Some(shard) => format!("count {n} --shard {}/{}", shard.index, shard.of),
            None if job.unique => format!("count {n} --unique"),
            None => format!("count {n}"),
        };
        // A whole count is priced without planning it (sampled where
        // planning is slow); a shard's price is its own units', planned.
        let sizing = match job.shard {
            None => counter::price(n, counts_unique(job), settings.budget),
            Some(_) => planned(job, settings, n, counts_unique(job), &what).sizing(),
        };
        let estimate = estimate::of_sizing(&sizing, settings.threads()).calibrated();
        let mut verdict = match over_a_day(n, job.shard, &sizing, &estimate) {
            Some(way) => format!(": more than a day{way}"),
            None => String::new(),
        };
        if estimate.bytes > settings.budget.bytes as f64 {
            verdict += &format!(
                "; over --memory {}",
                progress::bytes(settings.budget.bytes as f64)
            );
        }
        verdict += &progress::beyond_cores(&estimate, settings.machine.cores);
        writeln!(
            out,
            "{what}: {}{}{verdict}",
            figures(&estimate),
            progress::assumes(&estimate)
        )
        .map_err(Error::Write)?;
    }
    Ok(())
}

/// From this side the join's planning takes many seconds (15 s at N = 22,
/// a minute at 23 on the development machine; 18 s of CPU at 22 on a
/// loaded one), with nothing to count progress by: it is announced on
/// stderr before it starts, terminal or not.
pub const SLOW_PLANNING_FROM: usize = 22;

/// The engine for `count n` ([`choose`]), and what its planning says on
/// stderr: where it is known to be slow (from [`SLOW_PLANNING_FROM`] in
/// the join's range) a line before it starts, always (a log is told why
/// nothing happens for a minute); elsewhere, on a terminal or under
/// `--progress`, a line if it takes more than [`progress::QUIET_FOR`].
fn planned(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
    what: &str,
) -> counter::Choice {
    // Planning the join takes a minute at N = 23, with nothing to count
    // progress by.
    let planning = format!(
        "nqueens: planning {what} (its engine's tables are sized first; at this size \
         that takes a while)..."
    );
    // Past `MAX_N` the join is planned from samples, in about a second.
    let slow = (SLOW_PLANNING_FROM..=crate::engine::half_board::MAX_N).contains(&n);
    if slow {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(std::io::stderr().lock(), "{planning}");
    }
    progress::say_if_slow(
        settings.progress.on() && !slow,
        progress::QUIET_FOR,
        &planning,
        std::io::stderr(),
        || choose(job, settings, n, unique),
    )
}

/// Whether the job counts unique solutions: asked for, or a shard's record
/// or a table, which always carry them.
fn counts_unique(job: &CountOptions) -> bool {
    job.unique || job.shard.is_some() || job.table
}

/// Refuses, before anything large is allocated, a count whose engine
/// cannot keep the memory limit even split into parts.
fn within_memory(settings: &Settings, n: usize, estimate: &Estimate) -> Result<()> {
    if estimate.bytes <= settings.budget.bytes as f64 {
        return Ok(());
    }
    Err(Error::Limit(format!(
        "count {n} needs about {} of memory on {} thread{} (the least its engine can \
         plan), more than --memory {}: give it more memory or fewer threads",
        progress::bytes(estimate.bytes),
        settings.threads(),
        if settings.threads() == 1 { "" } else { "s" },
        progress::bytes(settings.budget.bytes as f64)
    )))
}

/// `nqueens checker N`: the first three solutions of the blank board, then
/// its total (see [`checker::answer`]), with the total's engine planned
/// for the settings' budget. A step still running after [`progress::QUIET_FOR`] (the
/// search for the first solutions takes minutes at N = 40..64, the count
/// minutes from N = 20) says so on stderr, terminal or not; a count
/// estimated above [`progress::LONG`] says so before it starts; with
/// progress on (`--progress`, or stderr is a terminal) the count reports
/// its share done, as `count` does.
///
/// ```
/// use nqueens::tools::{count::checker, settings::Settings};
/// let mut out = Vec::new();
/// checker(6, &Settings::quiet(1), &mut out).unwrap();
/// assert_eq!(out, b"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
/// ```
///
/// # Errors
/// A failed write, or a worker thread failed.
pub fn checker(n: usize, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    let (searching, _) = checker_words(n);
    let first = progress::say_if_slow(
        true,
        progress::QUIET_FOR,
        &searching,
        std::io::stderr(),
        || checker::first_solutions(n, checker::SHOWN),
    );
    checker::answer(
        &first,
        || checker_total(n, settings.budget, settings.progress),
        out,
    )
}

/// What a slow `checker n` says on a terminal: while it searches for its
/// first solutions, then while it counts them all.
///
/// ```
/// let (searching, counting) = nqueens::tools::count::checker_words(40);
/// assert_eq!(
///     searching,
///     "nqueens: checker 40: searching for the first 3 solutions in lexicographic \
///      order (a plain search: on a large board it can take minutes)..."
/// );
/// assert_eq!(counting, "nqueens: checker 40: counting all the solutions (this takes a while at this size)...");
/// ```
pub fn checker_words(n: usize) -> (String, String) {
    (
        format!(
            "nqueens: checker {n}: searching for the first {} solutions in lexicographic \
             order (a plain search: on a large board it can take minutes)...",
            checker::SHOWN
        ),
        format!(
            "nqueens: checker {n}: counting all the solutions (this takes a while at this size)..."
        ),
    )
}

/// The total of the blank board of side `n` for checker mode: the engine
/// `count n` uses, planned for `budget`, with `count`'s word on stderr
/// when the count is estimated long or above a day (`checker 27` would
/// otherwise count for years without one); with `progress` on, its progress
/// on stderr; off, a line if it takes more than
/// [`progress::QUIET_FOR`] and no word was said before.
///
/// # Errors
/// A worker thread failed.
pub fn checker_total(n: usize, budget: Budget, progress: Progress) -> Result<u128> {
    let choice = counter::choose(n, false, budget);
    let sizing = choice.sizing();
    let estimate = estimate::of_sizing(&sizing, budget.threads);
    let said = warn_if_long(
        n,
        &format!("checker {n}: the count"),
        None,
        &sizing,
        &estimate,
        progress.on(),
    );
    let counter = choice.build(budget.threads, &AtomicU64::new(0))?;
    let all: Vec<usize> = (0..counter.units()).collect();
    let total = all.iter().map(|&unit| counter.weight(unit)).sum();
    let done = AtomicU64::new(0);
    let count = || counter.count_each(&all, budget.threads, &done, &|_, _| {});
    let counts = if progress.on() {
        let whole = Some(shown_seconds(&estimate, true));
        let label = format!("checker {n}: the count");
        progress::watch_estimated(progress, &label, total, &done, whole, count)?
    } else {
        let (_, counting) = checker_words(n);
        progress::say_if_slow(
            !said,
            progress::QUIET_FOR,
            &counting,
            std::io::stderr(),
            count,
        )?
    };
    Ok(counts.total)
}

/// Says on stderr, before any work on a side, terminal or not, when the
/// cost model puts its count above a day, and what to do instead (a run
/// of `count 30` should not be left to find that out); or above
/// [`progress::LONG`], that it will take that long, and how to watch it
/// when it is not watched (`watched`: progress is on). `what` names the
/// count of side `n` (`count 22`, `checker 20: the count`). Returns
/// whether it said anything.
fn warn_if_long(
    n: usize,
    what: &str,
    shard: Option<Shard>,
    sizing: &Sizing,
    estimate: &Estimate,
    watched: bool,
) -> bool {
    // The probes run only when they decide.
    if !calibration::above(estimate.wall_ns, estimate.kernel, progress::LONG * 1e9) {
        return false;
    }
    let estimate = &estimate.calibrated();
    let threads = format!(
        "{} thread{}",
        estimate.threads,
        if estimate.threads == 1 { "" } else { "s" }
    );
    if let Some(way) = over_a_day(n, shard, sizing, estimate) {
        eprintln!(
            "nqueens: this count is estimated at about {} on {threads}, more than a \
             day{way}; it will run until stopped",
            human(estimate.wall_ns / 1e9),
        );
    } else if estimate.wall_ns / 1e9 > progress::LONG {
        let watch = if watched {
            ""
        } else {
            "; --progress shows how far it is"
        };
        eprintln!(
            "nqueens: {what} is estimated at about {} on {threads}{watch}",
            human(estimate.wall_ns / 1e9),
        );
    } else {
        return false;
    }
    true
}

/// The seconds of `estimate` (on its threads) a progress line may show:
/// at this machine's speed when `shown` and long enough for the probes to
/// matter (a run estimated far below a second is over before a line
/// could show it: the reference model's figure, no probe).
fn shown_seconds(estimate: &Estimate, shown: bool) -> f64 {
    if shown && estimate.wall_ns * calibration::MAX_FACTOR > 1e9 {
        estimate.calibrated().wall_ns / 1e9
    } else {
        estimate.wall_ns / 1e9
    }
}

/// The longest a shard should take on one thread, in seconds: an hour, a
/// task any cluster takes.
const SHARD_SECONDS: f64 = 3600.0;

/// When `estimate` (of `count n`, or of `shard` of it, by an engine of
/// this `sizing`) is above a day, the way to do it instead, to follow
/// "more than a day": so many shards that each takes about an hour on one
/// thread, to run by the recipes of `docs/COUNTING.md` (fewer when there are fewer
/// units than that); or, when even one unit a shard leaves a shard over a
/// day, that it is hopeless.
///
/// For a shard, the advice is about that shard: it is split into finer
/// shards of the same count (shard `I/K` is shards `I, I+K, ...` of
/// `M*K`, each about an hour), or, where it is about one work unit
/// already (the finest split), it says that it cannot be split further.
fn over_a_day(
    n: usize,
    shard: Option<Shard>,
    sizing: &Sizing,
    estimate: &Estimate,
) -> Option<String> {
    if estimate.wall_ns / 1e9 <= DAY {
        return None;
    }
    // This run's CPU on one thread, and the whole count's.
    let cpu = estimate.cpu_ns / 1e9;
    let of = shard.map_or(1, |shard| shard.of);
    let whole = cpu * of as f64;
    let finest = round_down(sizing.units);
    let wanted = round_up(whole / SHARD_SECONDS);
    let (shards, finest_note) = if wanted <= finest {
        (wanted, "")
    } else {
        (finest, " (about one work unit each, the finest split)")
    };
    if let Some(shard) = shard {
        return Some(finer_shards(n, shard, cpu, sizing.units, shards));
    }
    let each = human(whole / shards);
    if whole / shards > DAY {
        return Some(format!(
            "; hopeless even in shards: with one work unit each ({shards} shards), \
             about {each} each"
        ));
    }
    Some(format!(
        "; in {shards} shards instead{finest_note}, about {each} each on one thread: `nqueens count {n} \
         --shard I/{shards}` for I = 1..={shards}, as in the README's \"Shards for clusters\""
    ))
}

/// The advice for `shard` of `count n` over a day (`cpu` seconds on one
/// thread) when the whole count has `units` work units and would be best
/// split into `shards`: the shard split `M` ways into shards of `M*K`
/// (those it is made of), or, when it holds about one work unit, that it
/// cannot be split further.
fn finer_shards(n: usize, shard: Shard, cpu: f64, units: f64, shards: f64) -> String {
    let of = shard.of as f64;
    // Each shard of `M*K` holds about `units / (M*K)` units: no finer
    // than one unit each.
    let ways = (shards / of).min(units / of).floor();
    if ways < 2.0 {
        let hopeless = if cpu > DAY { ": hopeless" } else { "" };
        let step = significance(units);
        return format!(
            "; this shard is about one of count {n}'s {} work units (the finest split), \
             so it cannot be split further{hopeless}",
            (units / step).round() * step
        );
    }
    let ways = ways as usize;
    let finer = ways * shard.of;
    let each = cpu / ways as f64;
    let verdict = if each > DAY {
        " (still more than a day each: hopeless even split finest)"
    } else {
        ""
    };
    let (first, second, last) = (
        shard.index,
        shard.index + shard.of,
        shard.index + (ways - 1) * shard.of,
    );
    let list = if ways == 2 {
        format!("{first} and {last}")
    } else {
        format!("{first}, {second}, ..., {last}")
    };
    format!(
        "; this shard is shards {list} of {finer} (its units, dealt {ways} ways), about {} \
         each on one thread{verdict}: `nqueens count {n} --shard J/{finer}` for those J",
        human(each)
    )
}

/// `x` (at least 1) rounded up to two significant digits: 5599.2 -> 5600.
fn round_up(x: f64) -> f64 {
    let step = significance(x);
    ((x / step).ceil() * step).max(1.0)
}

/// `x` (at least 1) rounded down to two significant digits: 27115 -> 27000.
fn round_down(x: f64) -> f64 {
    let step = significance(x);
    ((x / step).floor() * step).max(1.0)
}

/// The place of `x`'s second significant digit (1 below 100).
fn significance(x: f64) -> f64 {
    10f64.powi((x.max(1.0).log10().floor() as i32 - 1).max(0))
}

/// Runs `merge` on the texts `(source name, contents)` and writes
/// `TOTAL UNIQUE` to `out`.
pub fn merge(inputs: &[(String, String)], out: &mut dyn Write) -> Result<()> {
    let mut records = Vec::new();
    let mut unchecked = 0;
    for (source, text) in inputs {
        let (read, old) = shard::read_records(source, text)?;
        records.extend(read);
        unchecked += old;
    }
    let (_, counts) = shard::merge(&records)?;
    if unchecked > 0 {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(
            std::io::stderr().lock(),
            "nqueens: merge: {unchecked} of {} records carry no crc= (made by an older \
             nqueens): added up unchecked",
            records.len()
        );
    }
    writeln!(out, "{} {}", counts.total, counts.unique()).map_err(Error::Write)
}

/// Reads all of `input` as text for [`merge`]. Bytes that are not UTF-8
/// (a binary file given by mistake) are an error naming the line they are
/// on, as every other error of a record does.
///
/// ```
/// use nqueens::tools::count::read_text;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's small sizes are counted on one thread, so their times
    /// are the count's, not the threads' start (issue 38); the big ones
    /// still get every thread.
    #[test]
    fn tiny_counts_run_on_one_thread() {
        let job = |n| CountOptions {
            from: n,
            to: n,
            table: true,
            unique: true,
            estimate: false,
            shard: None,
            checkpoint: None,
        };
        let settings = Settings::quiet(4);
        let threads = |n| {
            let job = job(n);
            let sizing = choose(&job, &settings, n, true).sizing();
            threads_for(settings.threads(), estimate::of_sizing(&sizing, 1).cpu_ns)
        };
        for n in 1..=10 {
            assert_eq!(threads(n), 1, "n = {n}");
        }
        for n in 15..=18 {
            assert_eq!(threads(n), 4, "n = {n}");
        }
    }
}
