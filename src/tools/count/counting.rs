//! One count's path, shared by a plain count and a range of shards: the
//! options ([`CountOptions`]), the engine chosen and planned (announced
//! where planning is slow), the memory limit checked, the counts made
//! (resumed from a checkpoint where asked), and the notes on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

use crate::base::error::{Error, Result};
use crate::engine::counter::{self, CountPrice, Counts, Watch};
use crate::plan::estimate::{self, Quote};
use crate::tools::checkpoint::Header;
use crate::tools::estimate_line;
use crate::tools::progress;
use crate::tools::saved_layout;
use crate::tools::settings::Settings;
use crate::tools::shard::{Shard, Shards};

use super::advice::{shown_seconds, warn_if_long};
use super::checked::{count_checkpointed, Shown};
use super::notes::{engine_switch, shard_units, zero_total, Held};

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
    /// With `estimate`: time about this much CPU of the join's own units
    /// and price the count at the speed they ran at (see
    /// [`crate::engine::half_board::price::timed`]).
    pub measure: Option<std::time::Duration>,
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

pub(super) fn counts(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
) -> Result<Counted> {
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
pub(super) fn command_of(n: usize, shard: Option<Shard>) -> String {
    match shard {
        Some(shard) => format!("count {n} --shard {}/{}", shard.index, shard.of),
        None => format!("count {n}"),
    }
}

pub(super) struct Setup<'a> {
    pub(super) choose: &'a mut dyn FnMut() -> Result<counter::Choice>,
    pub(super) made:
        &'a mut Option<std::sync::Arc<crate::engine::constellations::ConstellationEngine>>,
    pub(super) check: &'a dyn Fn(u64) -> Result<()>,
}

/// [`counts`] of `shard` (or the whole count), the engine from `setup`.
pub(super) fn counts_of(
    job: &CountOptions,
    settings: &Settings,
    n: usize,
    unique: bool,
    shard: Option<Shard>,
    setup: Setup,
) -> Result<Counted> {
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
    // A long count says so before it starts (before its set-up, which can
    // take long itself), priced for the share of its work still to count.
    // A checkpoint already written is read only once the units are built,
    // so a resumed count says it then, on what the checkpoint leaves (a
    // finished checkpoint once said "estimated at about 2.6 min", then
    // "0 to count").
    let resumed = job.checkpoint.as_ref().is_some_and(|path| path.exists());
    let warn_on = |count_price: &CountPrice, quote: &Quote, share: f64| {
        if share > 0.0 {
            let left = quote.share(share);
            let (speed, watched) = (settings.speed(), settings.progress.on());
            warn_if_long(n, &what, shard, count_price, &left, speed, watched);
        }
    };
    let (units, quote, threads, join, count_price) = progress::watch(
        settings.progress,
        &setup_label,
        (n * n) as u64,
        &shares,
        || {
            let choice = choose()?;
            let count_price = choice.price();
            let quote = estimate::of_price(&count_price, settings.threads());
            within_memory(settings, n, &quote)?;
            if !resumed {
                warn_on(&count_price, &quote, 1.0);
            }
            let threads = threads_for(
                settings.threads(),
                estimate::of_price(&count_price, 1).cpu_ns,
            );
            let join = choice.join_units();
            choice
                .build_reusing(threads, &shares, made.clone())
                .map(|units| (units, quote, threads, join, count_price))
        },
    )?;
    let warn = |share: f64| {
        if resumed {
            warn_on(&count_price, &quote, share);
        }
    };
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
            count_checkpointed(
                (path, &header),
                &*units,
                positions,
                threads,
                (&shown, &warn),
            )?
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
    // The engine's bound of what it counted: every unit of the count, as
    // the engine was built for it alone; none where a checkpoint's units
    // were kept rather than counted.
    let bound = units.bound().filter(|_| job.checkpoint.is_none());
    Ok(Counted {
        counts,
        split,
        bound,
    })
}

/// What [`counts_of`] counted: the counts, the unit list's fingerprint
/// (`split=`) and the engine's bound of the total, if it keeps one.
pub(super) struct Counted {
    pub(super) counts: Counts,
    pub(super) split: u64,
    pub(super) bound: Option<u128>,
}

/// A note on stderr, if any. A courtesy: a failed write to stderr must not
/// end the run.
pub(super) fn note(note: Option<String>) {
    if let Some(note) = note {
        let _ = writeln!(std::io::stderr().lock(), "{note}");
    }
}

/// The engine counting side `n` for the job: laid out here (and written to
/// the job's saved layout, if it names one), or read from a saved layout
/// (`saved`: its path and bytes). For a shard, narrowed to the shard's
/// units (their tables only, priced as theirs).
pub(super) fn choose(
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
pub(super) fn planned(
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
pub(super) fn counts_unique(job: &CountOptions) -> bool {
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
