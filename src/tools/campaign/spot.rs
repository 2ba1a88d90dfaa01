//! The spot check (`merge --spot-check K`): a sample of `K` finished
//! shards, drawn from a seed that only the records themselves make, each
//! counted again by an independent method and compared with its record.
//!
//! Merge's arithmetic ([`super::check_sum`], [`super::check_fixed`])
//! catches a damaged share of the fixed points and a total off by other
//! than a multiple of 8, not a share of the join's total miscounted by a
//! multiple of 8 (a flipped bit high in the number, before the record was
//! sealed on its node) with its Burnside share alike. A recount of the
//! shard by another method catches it; recounting every shard would cost
//! far more than the campaign, so a random sample is recounted, of
//! shards no node could know in advance: the seed ([`seed_of`]) is a hash
//! of every record's sealed line (its counts, its `cpu=` and its `crc=`),
//! read after the records exist, and the same whatever order the files
//! are read in. Anyone can draw the same sample again from the same
//! records folder.
//!
//! The recount is each engine's [`UnitCounter::recount`]: for the join,
//! every column set of the shard's units listed by a plain search of both
//! halves and its pairs tested, weighed by orbits found from the
//! symmetries themselves ([`crate::engine::half_board::recount`]); for the
//! constellations, a plain search of each unit's board. It costs several
//! times what the join spent on the shard, more as `n` grows
//! ([`RECOUNT_FACTOR`]): the quote is said before it starts.
//!
//! The shards' units are those of the records' own split: the count is
//! planned again with the run's `--threads` and `--memory`, then with one
//! thread (the campaigns' advice), and the plan whose unit list has the
//! records' `split=` is the one recounted.

use std::io::Write;
use std::sync::Mutex;

use super::book::Key;
use crate::base::error::{Error, Result};
use crate::base::rng::Rng;
use crate::engine::budget::Budget;
use crate::engine::counter::{self, Counts, UnitCounter};
use crate::plan::estimate::human;
use crate::tools::settings::Settings;
use crate::tools::shard::Shard;

use super::book::seed_share;

/// What a recount costs next to the join's count of the same shard (its
/// record's `cpu=`), as the quote says it: measured 6 at n = 18 and more
/// than 5 at 22 on one thread (`docs/RECORD.md`, "Check and publish"), 23
/// at 27 and 20 at 28 on three ranks of a unit (the ignored
/// `recount_cost_at_27_and_28`, 2026-12-05, its join 22 s and 2 s); a
/// whole unit shares its tables over more ranks, so its join costs less
/// a rank: twice the measured, until whole units are.
pub const RECOUNT_FACTOR: f64 = 50.0;

/// The seed of the records whose sealed lines are `lines`: the sum of
/// their [`seed_share`]s.
///
/// ```
/// use nqueens::tools::campaign::seed_of;
/// let a = "shard 1/2 n=8 split=0000000000000007 total=46 burnside=48 crc=1";
/// let b = "shard 2/2 n=8 split=0000000000000007 total=46 burnside=48 crc=2";
/// assert_eq!(seed_of([a, b]), seed_of([b, a]));
/// assert_ne!(seed_of([a, b]), seed_of([a, &b.replace("crc=2", "crc=3")]));
/// ```
pub fn seed_of<'a>(lines: impl IntoIterator<Item = &'a str>) -> u64 {
    lines
        .into_iter()
        .fold(0u64, |seed, line| seed.wrapping_add(seed_share(line)))
}

/// `k` distinct numbers of `0..of`, drawn from `seed` (Floyd's algorithm:
/// `k` draws whatever `of`), in increasing order; all of them when `k >=
/// of`.
///
/// ```
/// use nqueens::tools::campaign::draw;
/// assert_eq!(draw(5, 9, 1), vec![0, 1, 2, 3, 4]);
/// let some = draw(1_000_000, 3, 7);
/// assert_eq!(some.len(), 3);
/// assert_eq!(some, draw(1_000_000, 3, 7));
/// ```
pub fn draw(of: usize, k: usize, seed: u64) -> Vec<usize> {
    if k >= of {
        return (0..of).collect();
    }
    let mut rng = Rng::new(seed);
    let mut picked = std::collections::BTreeSet::new();
    for j in of - k..of {
        let t = rng.below(j as u64 + 1) as usize;
        if !picked.insert(t) {
            picked.insert(j);
        }
    }
    picked.into_iter().collect()
}

/// One shard drawn: its record's counts, and where it was read.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub shard: Shard,
    pub counts: Counts,
    pub at: String,
}

/// The sample of a campaign's shards to count again.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The campaign's count and split.
    pub key: Key,
    /// The seed the records made.
    pub seed: u64,
    /// How many shards it was drawn from (those done).
    pub from: usize,
    pub shards: Vec<Drawn>,
    /// The records' mean `cpu=`, seconds, where they carry one.
    pub mean_cpu: Option<f64>,
}

/// The plan of `key`'s count whose unit list is the records' (see the
/// module doc), built; an error naming the split otherwise.
fn units_of(key: Key, settings: &Settings) -> Result<std::sync::Arc<dyn UnitCounter>> {
    let given = settings.budget;
    let mut budgets = vec![given];
    if given.threads != 1 {
        budgets.push(Budget {
            threads: 1,
            ..given
        });
    }
    for budget in budgets {
        let units =
            counter::choose(key.n, true, budget).build(settings.threads(), &Default::default())?;
        if units.fingerprint() == key.split {
            return Ok(units);
        }
    }
    Err(Error::Shards(format!(
        "spot check: this nqueens does not deal the records' split of n={} \
         (split={:016x}) with --threads {} nor 1 and --memory {} MiB: give the \
         campaign's --threads and --memory, with the version that made the records",
        key.n,
        key.split,
        given.threads,
        given.bytes >> 20
    )))
}

/// A line of the spot check's on `err`.
fn say(err: &mut dyn Write, line: String) {
    // A courtesy: a failed write to stderr must not end the run.
    let _ = writeln!(err, "nqueens: merge: spot check: {line}");
}

/// Says whether the shard `drawn` counted again (`got`) agrees with its
/// record; a disagreement is also kept in `mismatches`.
fn tell(key: Key, drawn: &Drawn, got: Counts, err: &mut dyn Write, mismatches: &mut Vec<String>) {
    let name = format!("shard {}/{} ({})", drawn.shard.index, key.of, drawn.at);
    if got == drawn.counts {
        let counts = format!("total={} burnside={}", got.total, got.burnside);
        say(err, format!("{name}: agrees ({counts})"));
    } else {
        let line = format!(
            "{name} has total={} burnside={}, counted again total={} burnside={}",
            drawn.counts.total, drawn.counts.burnside, got.total, got.burnside
        );
        say(err, format!("{line}: DISAGREES"));
        mismatches.push(line);
    }
}

/// The line that opens a spot check of `sample` on `threads` threads: the
/// shards drawn, from what seed, and what counting them again will cost.
fn announcement(sample: &Sample, threads: usize) -> String {
    let key = sample.key;
    let shown: Vec<String> = sample
        .shards
        .iter()
        .map(|d| d.shard.index.to_string())
        .collect();
    let quote = match sample.mean_cpu {
        Some(mean) => format!(
            "about {} of CPU ({RECOUNT_FACTOR} times the records' mean cpu= of {} per \
             shard), {} on {} thread(s)",
            human(mean * RECOUNT_FACTOR * sample.shards.len() as f64),
            human(mean),
            human(mean * RECOUNT_FACTOR * sample.shards.len() as f64 / threads as f64),
            threads
        ),
        None => format!(
            "about {RECOUNT_FACTOR} times the CPU the join spent on them (the records \
             carry no cpu=), on {} thread(s)",
            threads
        ),
    };
    format!(
        "{} of the {} shards done of n={} in {} (seed {:016x}, from the records): {}; \
         each counted again by an independent method: {quote}",
        sample.shards.len(),
        sample.from,
        key.n,
        key.of,
        sample.seed,
        shown.join(", ")
    )
}

/// Counts `sample`'s shards again on the run's threads and compares each
/// with its record: a line per shard on `err` as it ends, then `Ok` when
/// every one agrees, or an error naming each shard that does not, its
/// file and both counts.
pub fn check(sample: &Sample, settings: &Settings, err: &mut dyn Write) -> Result<()> {
    let key = sample.key;
    say(err, announcement(sample, settings.threads()));
    let units = units_of(key, settings)?;
    // Every (shard, unit) pair is a job; a shard is told once its last
    // unit ends.
    let mut jobs: Vec<(usize, usize)> = Vec::new();
    for (i, drawn) in sample.shards.iter().enumerate() {
        let first = drawn.shard.index - 1;
        jobs.extend((first..units.units()).step_by(key.of).map(|p| (i, p)));
    }
    let mut left: Vec<usize> = vec![0; sample.shards.len()];
    for &(i, _) in &jobs {
        left[i] += 1;
    }
    let mut sums = vec![Counts::default(); sample.shards.len()];
    let none = Mutex::new(false);
    let mut mismatches = Vec::new();
    // Shards without a unit (more shards than units) agree at once if
    // their records say 0.
    for i in (0..left.len()).filter(|&i| left[i] == 0) {
        tell(key, &sample.shards[i], sums[i], err, &mut mismatches);
    }
    crate::engine::parallel::stream(
        jobs.len(),
        settings.threads(),
        |ids, done| {
            for j in ids {
                let counts = units.recount(jobs[j].1);
                if counts.is_none() {
                    *none.lock().unwrap_or_else(|e| e.into_inner()) = true;
                }
                done(j, counts.unwrap_or_default());
            }
        },
        |burst| {
            for (j, counts) in burst {
                let i = jobs[j].0;
                sums[i] = sums[i] + counts;
                left[i] -= 1;
                if left[i] == 0 {
                    tell(key, &sample.shards[i], sums[i], err, &mut mismatches);
                }
            }
            Ok(())
        },
    )?;
    if *none.lock().unwrap_or_else(|e| e.into_inner()) {
        return Err(Error::Shards(format!(
            "spot check: the {} engine of n={} has no independent recount",
            units.engine().name(),
            key.n
        )));
    }
    if !mismatches.is_empty() {
        return Err(Error::Shards(format!(
            "spot check: {} of {} shard(s) counted again disagree with their records: {}: \
             count them again (on other machines) and replace their records; suspect \
             the node that made them",
            mismatches.len(),
            sample.shards.len(),
            mismatches.join("; ")
        )));
    }
    say(
        err,
        format!(
            "all {} shard(s) agree with their records",
            sample.shards.len()
        ),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::campaign::Book;
    use crate::tools::shard::Record;

    /// The seed of records read into a book, as `merge --status` reads
    /// them (one text each, in the order given).
    fn seed(lines: &[String]) -> u64 {
        let mut book = Book::new(false);
        for (i, line) in lines.iter().enumerate() {
            book.add_text(&format!("r{i}"), line).unwrap();
        }
        book.status_drawing(&mut Vec::new(), 1).unwrap().seed
    }

    /// The seed depends on every record (its counts, its `cpu=`), and not
    /// on the order they are read in; a shard drawn is one of them.
    #[test]
    fn the_seed_depends_on_every_record_and_not_on_their_order() {
        let record = |index, total, cpu| {
            let counts = Counts {
                total,
                burnside: total + 1,
            };
            let shard = Shard { index, of: 6 };
            Record {
                n: 8,
                shard,
                split: 7,
                counts,
                bound: None,
            }
            .timed_line(cpu)
        };
        let lines: Vec<String> = (1..=5).map(|i| record(i, 10 + i as u128, 100)).collect();
        let base = seed(&lines);
        let mut reversed = lines.clone();
        reversed.reverse();
        assert_eq!(seed(&reversed), base);
        for i in 0..lines.len() {
            // Its total by 8 (what merge's arithmetic lets through), by
            // 1, or only its cpu=.
            let total = 11 + i as u128;
            for changed in [
                record(i + 1, total + 8, 100),
                record(i + 1, total + 1, 100),
                record(i + 1, total, 101),
            ] {
                let mut other = lines.clone();
                other[i] = changed;
                assert_ne!(seed(&other), base, "record {i} changed");
            }
            let mut fewer = lines.clone();
            fewer.remove(i);
            assert_ne!(seed(&fewer), base, "record {i} left out");
        }
        assert_eq!(seed_of(lines.iter().map(|l| l.as_str())), base);
        let mut book = Book::new(false);
        for line in &lines {
            book.add_text("r", line).unwrap();
        }
        let sample = book.status_drawing(&mut Vec::new(), 2).unwrap();
        assert_eq!(sample.from, 5);
        assert_eq!(sample.shards.len(), 2);
        assert!(sample
            .shards
            .iter()
            .all(|d| (1..=5).contains(&d.shard.index)));
    }
}
