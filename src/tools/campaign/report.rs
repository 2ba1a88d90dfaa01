//! What a [`Book`]'s records come to: `merge`'s checked sum
//! ([`Book::merged`]) and `merge --status`'s report ([`Book::status`]),
//! from one sort of a split's records by shard ([`Tally`]).

use std::io::Write;

use super::book::{conflict, Book, Cpu, Entry, Key, LISTED};
use super::checks::{check_fixed, check_record, check_sum, overflow, threads, FIXED_CHECK_TO};
use super::spot::{draw, Drawn, Sample};
use crate::base::error::{Error, Result};
use crate::engine::counter::Counts;
use crate::plan::estimate::human;
use crate::tools::shard::{Record, Shard};

impl Book {
    /// The error of the first shard recorded twice with different counts.
    fn first_conflict(&self, key: Key, tally: &Tally) -> Option<Error> {
        let &(a, b) = tally.conflicts.first()?;
        let (at_a, at_b) = (self.at(&a), self.at(&b));
        Some(conflict(key, a.index, (&at_a, a.counts), (&at_b, b.counts)))
    }

    /// A note on stderr for records that carry no `crc=`.
    fn note_unchecked(&self, all: usize) {
        if self.unchecked > 0 {
            // A courtesy: a failed write to stderr must not end the run.
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: {} of {all} records carry no crc= (made by an older \
                 nqueens): added up unchecked",
                self.unchecked
            );
        }
    }

    /// `merge`: the counts of the one complete split read, checked. Same
    /// records of a shard twice count once, with a note on stderr.
    pub fn merged(self) -> Result<(usize, Counts)> {
        self.merged_drawing(0).map(|(n, counts, _)| (n, counts))
    }

    /// [`Book::merged`], and a sample of `spot` of its shards drawn for a
    /// spot check ([`super::spot`]).
    pub fn merged_drawing(mut self, spot: usize) -> Result<(usize, Counts, Sample)> {
        let Some((key, mut entries)) = self.pools.pop() else {
            return Err(Error::Shards("no shard records to merge".into()));
        };
        let seed = self.seeds.pop().unwrap_or_default();
        let cpu = self.cpu.pop().unwrap_or_default();
        let all = entries.len();
        let tally = tally(&mut entries);
        if let Some(error) = self.first_conflict(key, &tally) {
            return Err(error);
        }
        for entry in &entries {
            let record = Record {
                n: key.n,
                shard: Shard {
                    index: entry.index,
                    of: key.of,
                },
                split: key.split,
                counts: entry.counts,
                bound: None,
            };
            check_record(
                &record,
                &self.sources.name(entry.source),
                entry.line as usize,
            )?;
        }
        if tally.done != key.of {
            return Err(Error::Shards(format!(
                "shards of n={} missing (of {}): {}",
                key.n,
                key.of,
                missing(&entries, key.of).0
            )));
        }
        if tally.overflow {
            return Err(overflow(key.n));
        }
        check_sum(key.n, tally.sum, self.files)?;
        if (25..=FIXED_CHECK_TO).contains(&key.n) {
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: searching the solutions of n={} a symmetry fixes, to check \
                 Burnside's sum (minutes from n = 26)",
                key.n
            );
        }
        check_fixed(key.n, tally.sum, self.files, threads())?;
        self.note_unchecked(all);
        if let Some(&(a, b)) = tally.doubled.first() {
            let _ = writeln!(
                std::io::stderr().lock(),
                "nqueens: merge: {} shard(s) recorded twice with the same counts, counted \
                 once (shard {}: {} and {})",
                tally.doubled.len(),
                a.index,
                self.at(&a),
                self.at(&b)
            );
        }
        let sample = self.draw(key, &entries, &tally, (seed, cpu), spot);
        Ok((key.n, tally.sum, sample))
    }

    /// A sample of `spot` of the shards of `entries` (sorted by
    /// [`tally`]) for a spot check: the first record of each shard but
    /// those recorded with different counts, drawn from the pool's
    /// `seed`; `cpu` the pool's CPU time.
    fn draw(
        &self,
        key: Key,
        entries: &[Entry],
        tally: &Tally,
        (seed, cpu): (u64, Cpu),
        spot: usize,
    ) -> Sample {
        let mut sample = Sample {
            key,
            seed,
            from: 0,
            shards: Vec::new(),
            mean_cpu: (cpu.timed > 0).then(|| cpu.ms as f64 / 1000.0 / cpu.timed as f64),
        };
        if spot == 0 {
            return sample;
        }
        let conflicting: Vec<usize> = tally.conflicts.iter().map(|(a, _)| a.index).collect();
        let firsts: Vec<&Entry> = entries
            .iter()
            .enumerate()
            .filter(|&(i, e)| i == 0 || entries[i - 1].index != e.index)
            .map(|(_, e)| e)
            .filter(|e| !conflicting.contains(&e.index))
            .collect();
        sample.from = firsts.len();
        sample.shards = draw(firsts.len(), spot, seed)
            .into_iter()
            .map(|i| Drawn {
                shard: Shard {
                    index: firsts[i].index,
                    of: key.of,
                },
                counts: firsts[i].counts,
                at: self.at(firsts[i]),
            })
            .collect();
        sample
    }

    /// `merge --status`: the campaign's state on `out`: the split most
    /// records belong to, how many of its shards are done, which are
    /// missing, doubled or conflicting, and what was refused and why.
    /// Records of one shard with different counts are an error (after the
    /// report), naming both.
    pub fn status(self, out: &mut dyn Write) -> Result<()> {
        self.status_drawing(out, 0).map(|_| ())
    }

    /// [`Book::status`], and a sample of `spot` of the shards done (not
    /// those in conflict) drawn for a spot check ([`super::spot`]).
    pub fn status_drawing(mut self, out: &mut dyn Write, spot: usize) -> Result<Sample> {
        let Some(main) = (0..self.pools.len()).max_by_key(|&i| {
            // The most records; of equal pools, the first read.
            (self.pools[i].1.len(), std::cmp::Reverse(i))
        }) else {
            let mut text = format!("no shard records in {} file(s)\n", self.files);
            for line in &self.refused {
                text += &format!("refused: {line}\n");
            }
            out.write_all(text.as_bytes()).map_err(Error::Write)?;
            return Err(Error::Shards("no shard records to report on".into()));
        };
        let (key, mut entries) = self.pools.swap_remove(main);
        let cpu = self.cpu.swap_remove(main);
        let seed = self.seeds.swap_remove(main);
        let tally = tally(&mut entries);
        let mut text = String::new();
        let mut line = |l: String| {
            text.push_str(&l);
            text.push('\n');
        };
        line(format!(
            "campaign: n={} in {} shards, split={:016x} ({} records read from {} file(s))",
            key.n,
            key.of,
            key.split,
            entries.len(),
            self.files
        ));
        let percent = tally.done as f64 * 100.0 / key.of as f64;
        line(format!(
            "done: {} of {} shards ({percent:.1}%)",
            tally.done, key.of
        ));
        let (missing, count) = missing(&entries, key.of);
        if count > 0 {
            line(format!("missing: {count} shard(s): {missing}"));
        }
        self.troubles(key, &tally, &mut line);
        let sum = tally.sum;
        let checked = match tally.overflow {
            true => Err(overflow(key.n)),
            false => check_sum(key.n, sum, self.files),
        };
        if tally.done == key.of && tally.conflicts.is_empty() {
            match &checked {
                Ok(()) => line(format!(
                    "complete: total={} unique={} (their sums check; 'nqueens merge' \
                     checks them against the solutions the symmetries fix too, then prints them)",
                    sum.total,
                    sum.unique()
                )),
                Err(e) => line(format!("failed: {e}")),
            }
        } else {
            line(format!(
                "so far: total={} burnside={} (of the shards done)",
                sum.total, sum.burnside
            ));
        }
        line(cpu_line(cpu, entries.len(), key.of - tally.done));
        out.write_all(text.as_bytes()).map_err(Error::Write)?;
        out.flush().map_err(Error::Write)?;
        if let Some(error) = self.first_conflict(key, &tally) {
            return Err(error);
        }
        if tally.done == key.of && tally.conflicts.is_empty() {
            checked?;
        }
        Ok(self.draw(key, &entries, &tally, (seed, cpu), spot))
    }

    /// The status's lines on what is wrong or left out beside the pool
    /// `key` it reports on (its `tally`): doubled and conflicting records,
    /// the records of other pools and the lines and files refused, the
    /// records without a CRC.
    fn troubles(&self, key: Key, tally: &Tally, line: &mut dyn FnMut(String)) {
        if !tally.doubled.is_empty() {
            let shown: Vec<String> = tally
                .doubled
                .iter()
                .take(10)
                .map(|(a, b)| format!("{} ({} and {})", a.index, self.at(a), self.at(b)))
                .collect();
            line(format!(
                "doubled: {} shard(s) recorded more than once with the same counts, counted \
                 once: {}{}",
                tally.doubled.len(),
                shown.join(", "),
                if tally.doubled.len() > 10 {
                    ", ..."
                } else {
                    ""
                }
            ));
        }
        for (a, b) in &tally.conflicts {
            line(format!(
                "conflict: shard {} recorded with different counts: {} total={} and {} \
                 total={}",
                a.index,
                self.at(a),
                a.counts.total,
                self.at(b),
                b.counts.total
            ));
        }
        for (other, entries) in &self.pools {
            line(format!(
                "refused: {} record(s) {} (the first: {})",
                entries.len(),
                other.unlike(key),
                self.at(&entries[0])
            ));
        }
        for refused in &self.refused {
            line(format!("refused: {refused}"));
        }
        if self.refused_count > self.refused.len() {
            line(format!(
                "refused: and {} more lines or files",
                self.refused_count - self.refused.len()
            ));
        }
        if self.unchecked > 0 {
            line(format!(
                "unchecked: {} record(s) carry no crc= (made by an older nqueens)",
                self.unchecked
            ));
        }
    }
}

/// A split's records sorted by shard: how many shards, their sum (each
/// shard once), and the shards read twice.
struct Tally {
    done: usize,
    sum: Counts,
    /// The same counts twice: the first and another.
    doubled: Vec<(Entry, Entry)>,
    /// Different counts: the first and the first that differs.
    conflicts: Vec<(Entry, Entry)>,
    /// Whether the sum passed `u128::MAX`.
    overflow: bool,
}

/// Sorts `entries` by shard (then by where they were read) and tallies
/// them: one sort, then one pass.
fn tally(entries: &mut [Entry]) -> Tally {
    entries.sort_unstable_by_key(|e| (e.index, e.source, e.line));
    let mut tally = Tally {
        done: 0,
        sum: Counts::default(),
        doubled: Vec::new(),
        conflicts: Vec::new(),
        overflow: false,
    };
    let mut first: Option<Entry> = None;
    for &entry in entries.iter() {
        match first {
            Some(kept) if kept.index == entry.index => {
                if kept.counts == entry.counts {
                    tally.doubled.push((kept, entry));
                } else {
                    tally.conflicts.push((kept, entry));
                }
            }
            _ => {
                first = Some(entry);
                tally.done += 1;
                match (
                    tally.sum.total.checked_add(entry.counts.total),
                    tally.sum.burnside.checked_add(entry.counts.burnside),
                ) {
                    (Some(total), Some(burnside)) => tally.sum = Counts { total, burnside },
                    _ => tally.overflow = true,
                }
            }
        }
    }
    tally
}

/// The status's line on CPU time: what the campaign's `records` spent,
/// the sum of their `cpu=` (every record read: a shard counted twice cost
/// twice), and the quote of what is left: their mean times the shards
/// `missing` (merge plans nothing: the shards done are the measure).
///
/// ```text
/// cpu: spent 1.4 h (5040.123 s) in 630 record(s) (mean 8.0 s); quoted left: 40 s for 5 missing shard(s) (the mean times 5)
/// ```
fn cpu_line(cpu: Cpu, records: usize, missing: usize) -> String {
    if cpu.timed == 0 {
        return "cpu: not recorded (no record read carries cpu=: records of an older \
                nqueens, or the lines printed on stdout; count --records DIR writes it)"
            .to_string();
    }
    let seconds = cpu.ms as f64 / 1000.0;
    let mean = seconds / cpu.timed as f64;
    let mut text = format!(
        "cpu: spent {} ({seconds:.3} s) in {} record(s) (mean {})",
        human(seconds),
        cpu.timed,
        human(mean)
    );
    if cpu.timed < records {
        text += &format!(", and {} record(s) without cpu=", records - cpu.timed);
    }
    if missing == 0 {
        text += "; none left";
    } else {
        text += &format!(
            "; quoted left: {} for {missing} missing shard(s) (the mean times {missing})",
            human(mean * missing as f64)
        );
    }
    text
}

/// The shards of `1..=of` not among `entries` (sorted by shard), as
/// ranges (`3..=7, 12`; the first twenty ranges, then how many more
/// shards), and how many, in time proportional to `entries`.
fn missing(entries: &[Entry], of: usize) -> (String, u128) {
    let mut ranges = Vec::new();
    let mut more = 0u128;
    let mut count = 0u128;
    // In u128: `of + 1` must not overflow.
    let mut next = 1u128;
    let end = of as u128 + 1;
    for index in entries
        .iter()
        .map(|e| e.index as u128)
        .chain(std::iter::once(end))
    {
        if index > next {
            let gap = index - next;
            count += gap;
            if ranges.len() < LISTED {
                ranges.push(match gap {
                    1 => next.to_string(),
                    _ => format!("{next}..={}", index - 1),
                });
            } else {
                more += gap;
            }
        }
        next = next.max(index + 1);
    }
    if more > 0 {
        ranges.push(format!("and {more} more"));
    }
    (ranges.join(", "), count)
}
