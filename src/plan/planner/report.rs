//! The report of a batch as it runs: the units' results summed into slots,
//! each case answered as soon as it and every case before it are known,
//! its `--explain` line, and the long case's progress posted for a watcher.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::decision::{Decision, Verdict};
use super::method_choice::MethodChoice;
use super::progress::{lock, CaseProgress, ProgressBoard};
use super::state::Planner;
use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::plan::calibration::{CostClass, Speed};
use crate::plan::estimate::{about, DAY, LONG};
use crate::plan::method::{Answer, Unit};
use crate::plan::prices::ms;
use crate::plan::work::Work;

/// A case's `--explain` label (its method's name and notes), its quote and
/// its estimated wall time on the threads, both in ns; no quote when its
/// method was forced (`--method`: nothing was priced).
pub(super) struct Label {
    pub method: String,
    pub cost: Option<f64>,
    pub wall: f64,
    pub cost_class: CostClass,
}

/// A batch's cases as the run answers them: the boards, how each is
/// answered, and its label.
pub(super) struct Cases<'a> {
    pub boards: &'a [Board],
    pub decisions: &'a [Decision],
    pub answers: &'a [Answer],
    pub labels: &'a [Label],
}

/// When each case's first unit started: marked by the workers, read by the
/// report.
pub(super) struct Starts {
    base: Instant,
    /// Per case, ns after `base`; `u64::MAX` until a unit starts.
    first: Vec<AtomicU64>,
}

impl Starts {
    pub fn new(cases: usize) -> Starts {
        Starts {
            base: Instant::now(),
            first: (0..cases).map(|_| AtomicU64::new(u64::MAX)).collect(),
        }
    }

    /// A unit of `case` starts now.
    pub fn mark(&self, case: usize) {
        let now = self.base.elapsed().as_nanos() as u64;
        self.first[case].fetch_min(now, Ordering::Relaxed);
    }

    /// When `case`'s first unit started, after `base`, if one did.
    fn of(&self, case: usize) -> Option<Duration> {
        match self.first[case].load(Ordering::Relaxed) {
            u64::MAX => None,
            ns => Some(Duration::from_nanos(ns)),
        }
    }
}

/// One case's units as they come back.
#[derive(Clone, Copy, Default)]
struct CaseTally {
    /// Its units finished.
    done: usize,
    /// Its units.
    units: usize,
    /// The weights of its finished units, and of all its units.
    weight_done: u64,
    weight: u64,
    /// The CPU time its finished units took (their threads' own, as
    /// [`crate::engine::cpu::thread`] measures it).
    cpu: Duration,
    /// When its last finished unit was received, after the starts' base.
    ended: Duration,
}

/// Where a running batch's results go: `answered` gets the verdicts in
/// case order, `explain` (if any) a line per case (its `est=` at `speed`,
/// the run's), `progress` (if any) the long case still being searched.
pub(super) struct Outputs<'a> {
    pub answered: &'a mut dyn FnMut(&[Verdict]) -> Result<()>,
    pub explain: &'a mut Option<Box<dyn Write + Send>>,
    pub speed: &'a Speed,
    pub progress: Option<&'a ProgressBoard>,
}

/// The report of one running batch: it sums the units' results into their
/// slots and streams each case's count out as soon as no unit of any slot
/// of its answer (nor of an earlier case) is still running.
pub(super) struct Report<'a> {
    cases: Cases<'a>,
    units: &'a [Unit],
    starts: &'a Starts,
    /// Cases answered before this batch (case numbers go on from there).
    cases_before: usize,
    out: Outputs<'a>,
    /// Per slot, its sum so far, and its units still running.
    values: Vec<i128>,
    open: Vec<usize>,
    per_case: Vec<CaseTally>,
    /// The verdicts of the cases answered so far, in order.
    counts: Vec<Verdict>,
}

impl<'a> Report<'a> {
    pub fn new(
        cases: Cases<'a>,
        units: &'a [Unit],
        slots: usize,
        starts: &'a Starts,
        cases_before: usize,
        out: Outputs<'a>,
    ) -> Report<'a> {
        let mut open = vec![0usize; slots];
        let mut per_case = vec![CaseTally::default(); cases.boards.len()];
        for unit in units {
            open[unit.slot.index()] += 1;
            per_case[unit.case].units += 1;
            per_case[unit.case].weight += progress_weight(unit);
        }
        let report = Report {
            counts: Vec::with_capacity(cases.boards.len()),
            cases,
            units,
            starts,
            cases_before,
            out,
            values: vec![0i128; slots],
            open,
            per_case,
        };
        // From the start, not once a first unit is done: a long case's
        // first unit may take hours, and progress says the estimate till then.
        report.post_progress();
        report
    }

    /// Takes a burst of finished units (unit id, its result and CPU time),
    /// then answers, explains and posts what that makes known.
    pub fn tally(&mut self, burst: Vec<(usize, (u128, Duration))>) -> Result<()> {
        let now = self.starts.base.elapsed();
        for (i, (value, time)) in burst {
            let unit = &self.units[i];
            self.values[unit.slot.index()] += unit.weight * value as i128;
            self.open[unit.slot.index()] -= 1;
            let case = &mut self.per_case[unit.case];
            case.done += 1;
            case.weight_done += progress_weight(unit);
            case.cpu += time;
            case.ended = now;
        }
        let first = self.counts.len();
        self.answer_known();
        if self.counts.len() > first {
            (self.out.answered)(&self.counts[first..])?;
        }
        self.explain(first..self.counts.len());
        self.post_progress();
        Ok(())
    }

    /// Every slot's value, once the cases that need no unit are answered
    /// too; an error if a case was left unanswered.
    pub fn finish(mut self) -> Result<Vec<i128>> {
        self.tally(Vec::new())?;
        let count = self.cases.boards.len();
        if self.counts.len() != count {
            return Err(Error::Worker(format!(
                "{} of {count} cases were left unanswered",
                count - self.counts.len()
            )));
        }
        Ok(self.values)
    }

    /// Counts the cases that are now known, in order, up to the first one
    /// with a unit still running.
    fn answer_known(&mut self) {
        while self.counts.len() < self.cases.boards.len() {
            let case = self.counts.len();
            let value = match &self.cases.decisions[case] {
                Decision::Known { count, .. } => Verdict::Count(*count),
                Decision::Repeat(earlier) => self.counts[*earlier],
                Decision::Skipped { seconds, .. } => Verdict::Skipped { seconds: *seconds },
                Decision::By { .. } => {
                    let answer = &self.cases.answers[case];
                    let open = &self.open;
                    if answer.slots.iter().any(|(slot, _)| open[slot.index()] > 0) {
                        break;
                    }
                    Verdict::Count(answer.value(&self.values))
                }
            };
            self.counts.push(value);
        }
    }

    /// The `--explain` lines of `cases`, if explaining.
    fn explain(&mut self, cases: std::ops::Range<usize>) {
        let Some(out) = self.out.explain.as_mut() else {
            return;
        };
        for case in cases {
            let tally = self.per_case[case];
            let wall = match self.starts.of(case) {
                None => Duration::ZERO,
                Some(start) => tally.ended.saturating_sub(start),
            };
            let board = &self.cases.boards[case];
            let label = &self.cases.labels[case];
            // Measured per thread where the system says (Linux).
            let cpu = match crate::engine::cpu::thread() {
                Some(_) => ms(tally.cpu.as_nanos() as f64),
                None => "?".to_string(),
            };
            let _ = writeln!(
                out,
                "Case {}: n={} obstacles={} method={} est={} actual={} cpu={}",
                self.cases_before + case + 1,
                board.n(),
                board.obstacles(),
                label.method,
                // At this machine's speed, as `--estimate` prices it:
                // one figure in both (issue 75: 18.6 s here, 25 s there).
                label.cost.map_or("forced".to_string(), |cost| {
                    ms(self.out.speed.scale(cost, label.cost_class))
                }),
                ms(wall.as_nanos() as f64),
                cpu
            );
        }
    }

    /// Posts the first case not answered yet that has work units (or
    /// none), if watched: whatever its quote, for the watcher to report
    /// once it has run a while.
    fn post_progress(&self) {
        let Some(progress) = self.out.progress else {
            return;
        };
        let count = self.cases.boards.len();
        let labels = self.cases.labels;
        let per_case = &self.per_case;
        let long = (self.counts.len()..count).find(|&case| per_case[case].units > 0);
        *lock(progress) = long.map(|case| CaseProgress {
            case: (self.cases_before + case + 1) as u64,
            n: self.cases.boards[case].n(),
            method: labels[case].method.clone(),
            estimate: labels[case].wall,
            cost_class: labels[case].cost_class,
            done: self.per_case[case].weight_done,
            units: self.per_case[case].weight,
            started: match self.starts.of(case) {
                None => Instant::now(),
                Some(start) => self.starts.base + start,
            },
        });
    }
}

/// A unit's share of its case's work for progress: the join's unit
/// weight (its estimated cost), else one.
fn progress_weight(unit: &Unit) -> u64 {
    match &unit.work {
        Work::Units(counter, i) => counter.weight(*i),
        _ => 1,
    }
}

impl Planner {
    /// Each case's label, from its decision and its answer.
    pub(super) fn labels(
        &self,
        boards: &[Board],
        decisions: &[Decision],
        answers: &[Answer],
    ) -> Vec<Label> {
        let threads = self.shared.threads() as f64;
        let known = |method: String| Label {
            method,
            cost: Some(0.0),
            wall: 0.0,
            cost_class: CostClass::Search,
        };
        (decisions.iter().zip(answers).zip(boards))
            .map(|((decision, answer), board)| match decision {
                Decision::Known { why, .. } => known(why.to_string()),
                Decision::Repeat(first) => {
                    known(format!("repeat of case {}", self.cases_done + first + 1))
                }
                // Nothing runs: no long warning, no progress.
                Decision::Skipped { cost, .. } => Label {
                    method: "skipped by --max-time".to_string(),
                    cost: (self.choice == MethodChoice::Auto).then_some(*cost),
                    wall: 0.0,
                    cost_class: CostClass::Search,
                },
                Decision::By { method, cost, note } => {
                    let method = &self.methods[*method];
                    let wall = if method.quotes_on_threads() {
                        *cost
                    } else {
                        cost / threads
                    };
                    Label {
                        method: format!("{}{}{note}", method.about().name, answer.note),
                        cost: (self.choice == MethodChoice::Auto).then_some(*cost),
                        wall,
                        cost_class: method.cost_class(board),
                    }
                }
            })
            .collect()
    }

    /// Warns of each case estimated above a day, or above [`LONG`], on
    /// the threads, if warning.
    pub(super) fn warn_long(&mut self, boards: &[Board], labels: &[Label]) {
        let Some(out) = self.warnings.as_mut() else {
            return;
        };
        for (case, label) in labels.iter().enumerate() {
            // At this machine's speed; the probes run only when they decide.
            let speed = self.shared.speed();
            if !speed.above(label.wall, label.cost_class, LONG * 1e9) {
                continue;
            }
            let seconds = speed.scale(label.wall, label.cost_class) / 1e9;
            {
                let _ = writeln!(
                    out,
                    "nqueens: case {} (n={}, {}) is estimated at {} on {} \
                     thread{}{}",
                    self.cases_done + case + 1,
                    boards[case].n(),
                    label.method,
                    about(seconds),
                    self.shared.threads(),
                    if self.shared.threads() == 1 { "" } else { "s" },
                    if seconds > DAY {
                        ", more than a day"
                    } else {
                        ""
                    }
                );
            }
        }
    }
}
