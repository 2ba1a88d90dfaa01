//! The run: a batch solved, as judge mode's [`Solver`] (each case's
//! decision, its method's plan, then the batch's work units on the threads,
//! big ones split so that threads can share them), the results handed to
//! the [`Report`] as they come back.

use std::io::Write;
use std::time::Duration;

use super::decision::{Decision, Verdict};
use super::method_choice::MethodChoice;
use super::progress::lock;
use super::report::{Cases, Outputs, Report, Starts};
use super::state::Planner;
use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::uva11195::Solver;
use crate::engine::parallel;
use crate::plan::method::{Answer, Batch, Case};
use crate::plan::work;
use crate::tuning::planner::MIN_PARALLEL_NS;

impl Planner {
    /// Runs the batch's units on the threads and answers the cases as soon
    /// as each and every case before it are known: results stream back from
    /// the workers to this thread ([`parallel::stream`]), where the
    /// [`Report`] adds them up. Returns every slot's value.
    pub(super) fn run(
        &self,
        batch: &mut Batch,
        cases: Cases,
        explain: &mut Option<Box<dyn Write + Send>>,
        answered: &mut dyn FnMut(&[Verdict]) -> Result<()>,
    ) -> Result<Vec<i128>> {
        // Starting threads costs tens of microseconds: a batch of tiny work
        // runs on this one, answered at its end (when the planner chose;
        // forced methods always use the threads asked for, so tests reach
        // every path).
        let estimated: f64 = (cases.decisions.iter())
            .map(|d| match d {
                Decision::By { cost, .. } => cost.max(1e3),
                _ => 1e3,
            })
            .sum();
        let inline = self.choice == MethodChoice::Auto && estimated < MIN_PARALLEL_NS;
        let threads = if inline { 1 } else { self.shared.threads() };
        // Big searches are split on one thread too: for progress, and the
        // kernel runs a search's parts in its interleaved lanes.
        if !inline {
            batch.split_for(threads);
        }
        let units = &batch.units;
        let timing = explain.is_some();
        let watching = timing || self.progress.is_some();
        let starts = Starts::new(cases.boards.len());
        let work = |ids: &mut dyn Iterator<Item = usize>,
                    done: &mut dyn FnMut(usize, (u128, Duration))| {
            let mut ids = ids.inspect(|&i| {
                if watching {
                    starts.mark(units[i].case);
                }
            });
            // Lanes take units of any case (a batch of small boards is
            // searched eight at a time), unless each case's time is wanted.
            work::run_units(
                units,
                &mut ids,
                timing,
                |first, other| !timing || units[first].case == units[other].case,
                done,
            );
        };
        let out = Outputs {
            answered,
            explain,
            speed: self.shared.speed(),
            progress: self.progress.as_ref(),
        };
        let slots = batch.slots();
        let mut report = Report::new(cases, units, slots, &starts, self.cases_done, out);
        if inline {
            let results = parallel::deal(units.len(), 1, |ids| {
                let mut out = Vec::new();
                work(ids, &mut |i, result| out.push((i, result)));
                out
            })?;
            report.tally(results.into_iter().enumerate().collect())?;
        } else {
            parallel::stream(units.len(), threads, work, |burst| report.tally(burst))?;
        }
        // Cases that need no unit (known, or a batch without units).
        report.finish()
    }
}

impl Solver for Planner {
    /// [`Planner::solve_or_skip`], every case counted: a case skipped by
    /// `--max-time` has no count to hand over, and is an error here (judge
    /// mode prints its verdict instead).
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        let mut counts = Vec::new();
        self.solve_or_skip(boards, &mut |verdicts| {
            counts.clear();
            for verdict in verdicts {
                match verdict {
                    Verdict::Count(count) => counts.push(*count),
                    Verdict::Skipped { .. } => {
                        return Err(Error::Worker(
                            "a case skipped by --max-time has no count".to_string(),
                        ))
                    }
                }
            }
            answered(&counts)
        })
    }
}

impl Planner {
    /// Answers a batch as [`Solver::solve`] does, each case's
    /// [`Verdict`] handed over in case order as soon as it and every case
    /// before it are known: its count, or, with [`Planner::max_time`],
    /// that it is skipped (estimated above it; never a case known
    /// without searching).
    pub fn solve_or_skip(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[Verdict]) -> Result<()>,
    ) -> Result<()> {
        let (mut decisions, skips) = match self.choice {
            MethodChoice::Auto => self.choose(boards, true)?,
            MethodChoice::Forced(method) => self.force(method, boards)?,
        };
        for case in 0..decisions.len() {
            let Some(seconds) = skips[case] else {
                continue;
            };
            let cost = match &decisions[case] {
                Decision::By { cost, .. } => *cost,
                _ => 0.0,
            };
            decisions[case] = Decision::Skipped { cost, seconds };
        }
        if let MethodChoice::Forced(method) = self.choice {
            self.warn_fallbacks(method, boards, &decisions);
        }
        let mut batch = Batch::default();
        let mut answers: Vec<Answer> = Vec::with_capacity(boards.len());
        for (case, decision) in decisions.iter().enumerate() {
            answers.push(match decision {
                Decision::By { method, .. } => {
                    let case = Case {
                        index: case,
                        board: &boards[case],
                    };
                    self.methods[*method].plan(case, &mut self.shared, &mut batch)?
                }
                _ => Answer::default(),
            });
        }
        let labels = self.labels(boards, &decisions, &answers);
        self.warn_long(boards, &labels);
        let mut explain = self.explain.take();
        let outcome = self.run(
            &mut batch,
            Cases {
                boards,
                decisions: &decisions,
                answers: &answers,
                labels: &labels,
            },
            &mut explain,
            answered,
        );
        self.explain = explain;
        if let Some(progress) = &self.progress {
            *lock(progress) = None;
        }
        let values = outcome?;
        for method in &mut self.methods {
            method.absorb(&values);
        }
        self.cases_done += boards.len();
        Ok(())
    }
}
