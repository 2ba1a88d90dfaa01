//! The `count` command: blank-board counts as the user sees them (one
//! number, `TOTAL UNIQUE`, a table, or a shard record), and checker mode,
//! which counts with the same engine.
//!
//! Results go to the writer handed in (stdout); progress, when enabled,
//! goes to stderr only (see [`crate::tools::progress`]).
//!
//! # Rooms
//! This file runs a count as asked (one N, a table, a shard, a range of
//! shards or `--estimate`) and prints its result. Beside it: `counting`
//! (one count's path: the engine chosen and planned, the memory limit
//! checked, the counts made), [`advice`] (what a long count says before
//! it starts: how long, or which shards instead), `checked` (the
//! checkpointed count), [`checker_mode`] (`nqueens checker N`), `notes`
//! (what a count says on stderr beside its result) and `range`
//! (`--shard A..=B/K`, `--records DIR`: shards in turn, planned once,
//! resumed from their records). Adding up the shards'
//! records is the `merge` command's, [`crate::tools::merge`].

mod advice;
mod checked;
mod checker_mode;
mod counting;
mod notes;
mod range;
mod records;

pub use checker_mode::{checker, checker_total, checker_words};
pub use counting::{threads_for, CountOptions, ONE_THREAD_NS, SLOW_LAYOUT_FROM};
pub use notes::{engine_switch, shard_units, zero_total, Held};

use std::io::Write;
use std::time::Instant;

use crate::base::error::{Error, Result};
use crate::engine::counter;
use crate::engine::half_board::price::timed::Timed;
use crate::plan::calibration::{Calibration, Speed};
use crate::plan::estimate::{self, human};
use crate::tools::estimate_line::{self, figures};
use crate::tools::settings::Settings;
use crate::tools::shard::Record;

use advice::over_a_day;
use counting::{command_of, counts, counts_unique, note, planned};

/// Runs `count` and writes its result to `out`.
///
/// ```
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: true, estimate: false, shard: None, shards: None, records: None, checkpoint: None, plan: None, measure: None };
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
        let counted = counts(job, settings, job.from, true)?;
        let record = Record {
            n: job.from,
            shard,
            split: counted.split,
            counts: counted.counts,
            bound: counted.bound,
        };
        return writeln!(out, "{}", record.line()).map_err(Error::Write);
    }
    if !job.table {
        let counts = counts(job, settings, job.from, job.unique)?.counts;
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
        let counts = counts(job, settings, n, true)?.counts;
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

/// `count --estimate`: one line per N, nothing searched.
///
/// ```
/// use nqueens::tools::{count::{run, CountOptions}, settings::Settings};
/// let job = CountOptions { from: 8, to: 8, table: false, unique: false, estimate: true, shard: None, shards: None, records: None, checkpoint: None, plan: None, measure: None };
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
        // planning is slow); a shard's price is its own units', planned,
        // and so is a count some of whose units are timed.
        let (count_price, timed) = match (job.shard, job.measure) {
            (None, None) => (counter::price(n, counts_unique(job), settings.budget), None),
            (shard, measure) => {
                let choice = planned(job, settings, n, counts_unique(job), &what, shard)?;
                // The join's list is known before it is built; the
                // constellations' only once they are made.
                if let (Some(join), Some(shard)) = (choice.join_units(), shard) {
                    let all = join + choice.symmetric_units();
                    note(shard_units(n, shard, all, Some(join)));
                }
                let timed = measure.map(|cpu| {
                    let mine = |u: usize| shard.map_or(true, |shard| shard.owns(u));
                    choice.timed(&mine, cpu.as_nanos() as f64, n as u64)
                });
                (choice.price(), timed)
            }
        };
        note(engine_switch(n, counts_unique(job), settings, &count_price));
        let factor = timed.as_ref().and_then(|t| t.as_ref()?.factor());
        let speed = match factor {
            Some(factor) => Speed::fixed(Calibration::timed(factor)),
            None => settings.speed().clone(),
        };
        note(timed.map(|timed| measured(&what, timed)));
        let quote = estimate::of_price(&count_price, settings.threads()).calibrated(&speed);
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

/// What `--measure` says of the units it timed, on stderr: how many, their
/// CPU against their quote at the reference, and their spread; or why
/// nothing was timed (the constellations, or no thread clock).
fn measured(what: &str, timed: Option<Timed>) -> String {
    let Some(timed) = timed else {
        return format!(
            "nqueens: {what} runs no join here (or this system has no thread clock): \
             --measure times nothing; priced as without it"
        );
    };
    let Some(factor) = timed.factor() else {
        return format!(
            "nqueens: {what}: nothing of its join was timed; priced as without --measure"
        );
    };
    let error = match timed.error() {
        Some(error) => format!(" +- {:.0}%", error * 100.0),
        None => String::new(),
    };
    let (low, high) = timed.spread();
    let units = timed.units();
    format!(
        "nqueens: {what}: timed {units} unit{} of its join: {} of CPU where the model \
         quotes {} at the reference ({factor:.2}x{error}; units {low:.2}-{high:.2}x)",
        if units == 1 { "" } else { "s" },
        human(timed.cpu_ns() / 1e9),
        human(timed.model_ns() / 1e9),
    )
}

#[cfg(test)]
mod tests {
    use super::counting::choose;
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
            measure: None,
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
