//! The `count` command: blank-board counts as the user sees them (one
//! number, `TOTAL UNIQUE`, a table, or a shard record), and checker mode,
//! which counts with the same engine.
//!
//! Results go to the writer handed in (stdout); progress, when enabled,
//! goes to stderr only (see [`crate::tools::progress`]).
//!
//! # Rooms
//! This file runs a count: the engine chosen and planned, checkpoints
//! resumed, the table or the record printed. Beside it: [`advice`] (what
//! a long count says before it starts: how long, or which shards instead),
//! [`checker_mode`] (`nqueens checker N`), `notes` (what a count says on
//! stderr beside its result) and `range` (`--shard A..=B/K`,
//! `--records DIR`: shards in turn, planned once, resumed from their
//! records). Adding up the shards'
//! records is the `merge` command's, [`crate::tools::merge`].

mod advice;
mod checked;
mod checker_mode;
mod notes;
mod range;

pub use checker_mode::{checker, checker_total, checker_words};
pub use notes::{engine_switch, shard_units, zero_total, Held};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use crate::base::error::{Error, Result};
use crate::engine::counter::{self, Counts, Watch};
use crate::plan::estimate::{self, Quote};
use crate::tools::checkpoint::Header;
use crate::tools::estimate_line::{self, figures};
use crate::tools::progress;
use crate::tools::saved_layout;
use crate::tools::settings::Settings;
use crate::tools::shard::{Record, Shard, Shards};

use advice::{over_a_day, shown_seconds, warn_if_long};
use checked::{count_checkpointed, Shown};

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
    /// Compute these shards in turn, a record each (one N only; see
    /// [`crate::tools::count`]'s `range` room).
    pub shards: Option<Shards>,
    /// Write each shard's record to this folder too, and skip those it
    /// holds (with `shards`).
    pub records: Option<PathBuf>,
    /// Record finished units in this file and skip those it holds (one N
    /// only; see [`crate::tools::checkpoint`]).
    pub checkpoint: Option<PathBuf>,
    /// Read the join's layout from this file, or write it there (one N
    /// only; see [`crate::tools::saved_layout`]).
    pub plan: Option<PathBuf>,
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
    let what = command_of(n, job.shard);
    let mut choose = || planned(job, settings, n, unique, &what, job.shard);
    let setup = Setup {
        choose: &mut choose,
        made: &mut None,
        check: &|_| Ok(()),
    };
    counts_of(job, settings, n, unique, job.shard, setup)
}

/// How [`counts_of`] gets its engine: `choose` plans it (or narrows one
/// planning to another shard), `made` is the constellations already made
/// by an earlier shard of the task (reused), and `check` sees the unit
/// list's fingerprint before anything is counted.
/// The command that counts `n` (its shard), as messages name it.
fn command_of(n: usize, shard: Option<Shard>) -> String {
    match shard {
        Some(shard) => format!("count {n} --shard {}/{}", shard.index, shard.of),
        None => format!("count {n}"),
    }
}

struct Setup<'a> {
    choose: &'a mut dyn FnMut() -> Result<counter::Choice>,
    made: &'a mut Option<std::sync::Arc<crate::engine::constellations::ConstellationEngine>>,
    check: &'a dyn Fn(u64) -> Result<()>,
}

/// [`counts`] of `shard` (or the whole count), the engine from `setup`.
fn counts_of(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
    shard: Option<Shard>,
    setup: Setup,
) -> Result<(Counts, u64)> {
    let label = match shard {
        Some(shard) => format!("n={n} shard {}/{}", shard.index, shard.of),
        None => format!("n={n}"),
    };
    let what = command_of(n, shard);
    // The set-up (making the work units) reports progress too: at N >= 24
    // it takes seconds, and choosing plans the join (a minute at N = 23).
    let shares = AtomicU64::new(0);
    let setup_label = format!("{label} set-up");
    let Setup {
        choose,
        made,
        check,
    } = setup;
    let (units, quote, threads, join) = progress::watch(
        settings.progress,
        &setup_label,
        (n * n) as u64,
        &shares,
        || {
            let choice = choose()?;
            let count_price = choice.price();
            let quote = estimate::of_price(&count_price, settings.threads());
            within_memory(settings, n, &quote)?;
            let (speed, watched) = (settings.speed(), settings.progress.on());
            warn_if_long(n, &what, shard, &count_price, &quote, speed, watched);
            let threads = threads_for(
                settings.threads(),
                estimate::of_price(&count_price, 1).cpu_ns,
            );
            let join = choice.join_units();
            choice
                .build_reusing(threads, &shares, made.clone())
                .map(|units| (units, quote, threads, join))
        },
    )?;
    if made.is_none() {
        *made = units.constellations().cloned();
    }
    let split = units.fingerprint();
    check(split)?;
    let positions: Vec<usize> = (0..units.units())
        .filter(|&position| shard.map_or(true, |shard| shard.owns(position)))
        .collect();
    // What a shard holds, said plainly where it could alarm: one unit or
    // none (more shards than units), or a total of 0 (issue 75).
    let held = Held::of(&positions, join);
    if let Some(shard) = shard {
        note(shard_units(n, shard, units.units(), join));
    }
    let shown = Shown {
        progress: settings.progress,
        label: &label,
        total: positions.iter().map(|&p| units.weight(p)).sum(),
        whole: Some(shown_seconds(
            &quote,
            settings.speed(),
            settings.progress.on(),
        )),
    };
    let counts = match &job.checkpoint {
        Some(path) => {
            let header = Header::new(n, split, units.units(), shard, unique);
            count_checkpointed((path, &header), &*units, positions, threads, &shown)?
        }
        None => {
            let done = AtomicU64::new(0);
            shown.watch(&done, || {
                units.count_each(&positions, threads, Watch::done(&done))
            })?
        }
    };
    if let Some(shard) = shard {
        note(zero_total(shard, held, counts));
    }
    Ok((counts, split))
}

/// A note on stderr, if any. A courtesy: a failed write to stderr must not
/// end the run.
fn note(note: Option<String>) {
    if let Some(note) = note {
        let _ = writeln!(std::io::stderr().lock(), "{note}");
    }
}

/// Runs `count` and writes its result to `out`.
///
/// ```
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: true, estimate: false, shard: None, shards: None, records: None, checkpoint: None, plan: None };
/// let mut out = Vec::new();
/// run(&job, &Settings::quiet(2), &mut out).unwrap();
/// assert_eq!(out, b"92 12\n");
/// ```
pub fn run(job: &CountOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    if job.estimate {
        return print_estimates(job, settings, out);
    }
    if let Some(shards) = job.shards {
        return range::run(job, settings, shards, out);
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

/// The engine counting side `n` for the job: laid out here (and written to
/// the job's saved layout, if it names one), or read from a saved layout
/// (`saved`: its path and bytes). For a shard, narrowed to the shard's
/// units (their tables only, priced as theirs).
fn choose(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
    saved: Option<(&Path, &[u8])>,
    shard: Option<Shard>,
) -> Result<counter::Choice> {
    let choice = match saved {
        Some((path, bytes)) => {
            counter::choose_saved(n, unique, bytes).ok_or_else(|| saved_layout::unreadable(path))?
        }
        None => {
            let choice = counter::choose(n, unique, settings.budget);
            note(engine_switch(n, unique, settings, &choice.price()));
            if let (Some(path), Some(bytes)) = (&job.plan, choice.saved_layout()) {
                saved_layout::write(path, &saved_layout::Key::of(n, settings.budget), &bytes)?;
            }
            choice
        }
    };
    Ok(match shard {
        Some(shard) => choice.only(&|position| shard.owns(position), shard.of),
        None => choice,
    })
}

/// `count --estimate`: one line per N, nothing searched.
///
/// ```
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: false, estimate: true, shard: None, shards: None, records: None, checkpoint: None, plan: None };
/// let mut out = Vec::new();
/// run(&job, &Settings::quiet(1), &mut out).unwrap();
/// assert!(String::from_utf8(out).unwrap().starts_with("count 8: about "));
/// ```
fn print_estimates(job: &CountOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    for n in job.from..=job.to {
        let mut what = command_of(n, job.shard);
        if job.unique && job.shard.is_none() {
            what += " --unique";
        }
        // A whole count is priced without planning it (sampled where
        // planning is slow); a shard's price is its own units', planned.
        let count_price = match job.shard {
            None => counter::price(n, counts_unique(job), settings.budget),
            Some(shard) => {
                let choice = planned(job, settings, n, counts_unique(job), &what, job.shard)?;
                // The join's list is known before it is built; the
                // constellations' only once they are made.
                if let Some(join) = choice.join_units() {
                    let all = join + choice.symmetric_units();
                    note(shard_units(n, shard, all, Some(join)));
                }
                choice.price()
            }
        };
        note(engine_switch(n, counts_unique(job), settings, &count_price));
        let quote =
            estimate::of_price(&count_price, settings.threads()).calibrated(settings.speed());
        let mut verdict = match over_a_day(n, job.shard, &count_price, &quote) {
            Some(way) => format!(": more than a day{way}"),
            None => String::new(),
        };
        if quote.bytes > settings.budget.bytes as f64 {
            verdict += &format!(
                "; over --memory {}",
                estimate_line::bytes(settings.budget.bytes as f64)
            );
        }
        verdict += &estimate_line::beyond_cores(&quote, settings.machine.cores);
        writeln!(
            out,
            "{what}: {}{}{verdict}",
            figures(&quote),
            estimate_line::assumes(&quote)
        )
        .map_err(Error::Write)?;
    }
    Ok(())
}

/// From this side the join's planning takes many seconds (15 s at N = 22,
/// a minute at 23 on the development machine; 18 s of CPU at 22 on a
/// loaded one), with nothing to count progress by: it is announced on
/// stderr before it starts, terminal or not.
pub const SLOW_LAYOUT_FROM: usize = 22;

/// The engine for `count n` ([`choose`]), and what its planning says on
/// stderr: where it is known to be slow (from [`SLOW_LAYOUT_FROM`] in
/// the join's range) a line before it starts, always (a log is told why
/// nothing happens for a minute); elsewhere, on a terminal or under
/// `--progress`, a line if it takes more than [`progress::QUIET_FOR`].
/// A layout read from the job's saved layout says nothing.
fn planned(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
    what: &str,
    shard: Option<Shard>,
) -> Result<counter::Choice> {
    if let Some(path) = &job.plan {
        if let Some(bytes) = saved_layout::read(path, &saved_layout::Key::of(n, settings.budget))? {
            return choose(job, settings, n, unique, Some((path, &bytes)), shard);
        }
    }
    // Planning the join takes a minute at N = 23, with nothing to count
    // progress by.
    let planning = format!(
        "nqueens: planning {what} (its engine's tables are sized first; at this size \
         that takes a while)..."
    );
    // Past `MAX_N` the join is planned from samples, in about a second.
    let slow = (SLOW_LAYOUT_FROM..=crate::engine::half_board::MAX_N).contains(&n);
    if slow {
        note(Some(planning.clone()));
    }
    progress::say_if_slow(
        settings.progress.on() && !slow,
        progress::QUIET_FOR,
        &planning,
        std::io::stderr(),
        || choose(job, settings, n, unique, None, shard),
    )
}

/// Whether the job counts unique solutions: asked for, or a shard's record
/// or a table, which always carry them.
fn counts_unique(job: &CountOptions) -> bool {
    job.unique || job.shard.is_some() || job.table
}

/// Refuses, before anything large is allocated, a count whose engine
/// cannot keep the memory limit even split into parts.
fn within_memory(settings: &Settings, n: usize, quote: &Quote) -> Result<()> {
    if quote.bytes <= settings.budget.bytes as f64 {
        return Ok(());
    }
    Err(Error::Limit(format!(
        "count {n} needs about {} of memory on {} thread{} (the least its engine can \
         plan), more than --memory {}: give it more memory or fewer threads",
        estimate_line::bytes(quote.bytes),
        settings.threads(),
        if settings.threads() == 1 { "" } else { "s" },
        estimate_line::bytes(settings.budget.bytes as f64)
    )))
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
            shards: None,
            records: None,
            checkpoint: None,
            plan: None,
        };
        let settings = Settings::quiet(4);
        let threads = |n| {
            let job = job(n);
            let count_price = choose(&job, &settings, n, true, None, None)
                .unwrap()
                .price();
            threads_for(
                settings.threads(),
                estimate::of_price(&count_price, 1).cpu_ns,
            )
        };
        for n in 1..=10 {
            assert_eq!(threads(n), 1, "n = {n}");
        }
        for n in 15..=18 {
            assert_eq!(threads(n), 4, "n = {n}");
        }
    }
}
