//! The choice: every case's decision, by the cheapest quote (with shared
//! investments where they pay) or by a forced method, and the estimates
//! made of those decisions without running them (`--estimate`).

use std::collections::HashMap;
use std::io::Write;

use super::decision::Decision;
use super::method_choice::{MethodChoice, Registered};
use super::state::Planner;
use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::geometry;
use crate::engine::ordering;
use crate::plan::calibration::CostClass;
use crate::plan::estimate::{base_bytes, Quote};
use crate::plan::method::Case;
use crate::plan::prices::{REFINE_NS, REFINE_WITHIN};

impl Planner {
    /// The method's place in the registry.
    pub(super) fn place(&self, method: Registered) -> usize {
        self.methods
            .iter()
            .position(|m| m.about().name == method.name())
            .expect("a Registered method is in the registry")
    }

    /// Every case's decision when the planner chooses, and which cases are
    /// over `--max-time` ([`over_max_time`](Self::over_max_time), by the
    /// quotes before any investment, as `--estimate` gives them; they take
    /// no part in investing); shared investments (an index) are made only
    /// when `invest` is set (not for estimates).
    pub(super) fn choose(
        &mut self,
        boards: &[Board],
        invest: bool,
    ) -> Result<(Vec<Decision>, Vec<Option<f64>>)> {
        let mut decisions = Vec::with_capacity(boards.len());
        // The cases quoted in full, with their best method and its quote.
        let mut quoted: Vec<(usize, usize, f64)> = Vec::new();
        let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
        for (case, board) in boards.iter().enumerate() {
            if ordering::has_empty_line(board) {
                decisions.push(Decision::Known {
                    count: 0,
                    why: "none (a row or column without free cells)",
                });
                continue;
            }
            let quick = self.methods.iter_mut().enumerate().find_map(|(m, method)| {
                let cost = method.quick(Case { index: case, board }, &mut self.shared)?;
                Some(Decision::by(m, cost))
            });
            if let Some(quick) = quick {
                decisions.push(quick);
                continue;
            }
            let canonical = geometry::least_rows(board);
            if let Some(&first) = seen.get(&canonical) {
                decisions.push(Decision::Repeat(first));
                continue;
            }
            seen.insert(canonical, case);
            // A board without blocked cells is a blank count: the engine
            // `count N` uses, at its price, under the same memory limit.
            if let Some(blank) = self.blank_counter(case, board) {
                decisions.push(blank);
                continue;
            }
            let (best, cost) = self.best_quote(case, board, |_| true);
            quoted.push((case, best, cost));
            decisions.push(Decision::by(best, cost));
        }
        // A case skipped by --max-time is not counted: nothing is invested
        // for it, nor is it quoted again.
        let skips = self.over_max_time(boards, &decisions);
        quoted.retain(|&(case, _, _)| skips[case].is_none());
        // Shared investments: each method weighs what the quoted cases would
        // save, and invests where that pays; then the cases are quoted again
        // by the methods that did.
        for &(case, _, cost) in &quoted {
            for method in &mut self.methods {
                method.weigh(&boards[case], cost, &mut self.shared);
            }
        }
        let mut invested = Vec::new();
        for (m, method) in self.methods.iter_mut().enumerate() {
            if invest && method.invest(&mut self.shared, false)? {
                invested.push(m);
            }
        }
        self.say_notes();
        if !invested.is_empty() {
            for (case, best, cost) in quoted {
                let (m, new) = self.best_quote(case, &boards[case], |m| invested.contains(&m));
                if new < cost {
                    decisions[case] = Decision::by(m, new);
                } else {
                    decisions[case] = Decision::by(best, cost);
                }
            }
        }
        Ok((decisions, skips))
    }

    /// Per case, its estimated wall time on the threads at this machine's
    /// speed (seconds) when that is above `--max-time`, else `None` (and
    /// `None` for every case without it): the estimate of a case decided
    /// by a method, from its quote, as [`Planner::estimate`] gives it. A
    /// case known without searching never is; a repeat is when the case it
    /// repeats is (it would be counted as that one). The run's speed's
    /// probe runs only when the answer depends on it.
    pub(super) fn over_max_time(
        &self,
        boards: &[Board],
        decisions: &[Decision],
    ) -> Vec<Option<f64>> {
        let mut skips = vec![None; decisions.len()];
        let Some(limit) = self.max_time else {
            return skips;
        };
        let threads = self.shared.threads() as f64;
        for (case, decision) in decisions.iter().enumerate() {
            skips[case] = match decision {
                Decision::Known { .. } => None,
                Decision::Repeat(first) => skips.get(*first).copied().flatten(),
                Decision::Skipped { seconds, .. } => Some(*seconds),
                Decision::By { method, cost, .. } => {
                    let method = &self.methods[*method];
                    let wall = if method.quotes_on_threads() {
                        *cost
                    } else {
                        cost / threads
                    };
                    let cost_class = method.cost_class(&boards[case]);
                    let speed = self.shared.speed();
                    speed
                        .above(wall, cost_class, limit * 1e9)
                        .then(|| speed.scale(wall, cost_class) / 1e9)
                }
            };
        }
        skips
    }

    /// The decision for a board without blocked cells: the method that
    /// hands it to the blank counter, at the counter's price. `None` for
    /// other boards (or a registry without such a method).
    fn blank_counter(&mut self, case: usize, board: &Board) -> Option<Decision> {
        if board.obstacles() > 0 {
            return None;
        }
        let m = self.methods.iter().position(|m| m.counts_blank())?;
        let method = &mut self.methods[m];
        method
            .applies(Case { index: case, board }, &mut self.shared)
            .ok()?;
        let cost = method.quote(Case { index: case, board }, &mut self.shared);
        Some(Decision::by(m, cost))
    }

    /// The cheapest quote for `board` among the methods `asked` admits that
    /// apply to it; on equal quotes the earlier method.
    fn best_quote(
        &mut self,
        case: usize,
        board: &Board,
        asked: impl Fn(usize) -> bool,
    ) -> (usize, f64) {
        // Methods with a floor are asked after those without, lowest floor
        // first, and not planned at all when the floor alone loses to a
        // quote already made, compared as the choice below compares them:
        // their quote would lose too. Those planned are quoted within the
        // quote to beat, and dropped as well when theirs loses to it. (A
        // refinement of that quote may still raise it; the floors are far
        // apart from what they lose to, as inclusion-exclusion's blank
        // count against the credited join.)
        let mut floors = Vec::new();
        let mut quotes = Vec::new();
        for m in (0..self.methods.len()).filter(|&m| asked(m)) {
            let method = &mut self.methods[m];
            let floor = method.floor(Case { index: case, board }, &mut self.shared);
            if floor > 0.0 {
                floors.push((m, floor));
            } else if method
                .applies(Case { index: case, board }, &mut self.shared)
                .is_ok()
            {
                quotes.push((
                    m,
                    method.quote(Case { index: case, board }, &mut self.shared),
                ));
            }
        }
        floors.sort_by(|a, b| a.1.total_cmp(&b.1));
        for (m, floor) in floors {
            let cheapest = quotes.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
            let here = |m: usize, cost: f64| self.here(m, board, cost, cheapest);
            let best = quotes
                .iter()
                .map(|&(j, q)| here(j, q))
                .fold(f64::INFINITY, f64::min);
            if here(m, floor) > best {
                continue;
            }
            let bound = best / self.here_factor(m, board, cheapest);
            let method = &mut self.methods[m];
            if method
                .applies(Case { index: case, board }, &mut self.shared)
                .is_ok()
            {
                let quote =
                    method.quote_within(Case { index: case, board }, &mut self.shared, bound);
                if self.here(m, board, quote, cheapest) <= best {
                    quotes.push((m, quote));
                }
            }
        }
        // On equal quotes the earlier method: registry order again.
        quotes.sort_by_key(|q| q.0);
        // Quotes within reach of the cheapest are refined before choosing,
        // when the choice is worth a refinement's milliseconds.
        let cheapest = quotes.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
        let worth = cheapest > REFINE_NS;
        let mut best = (0, f64::INFINITY, f64::INFINITY);
        for (m, quote) in quotes {
            let cost = if worth && quote <= cheapest * REFINE_WITHIN {
                self.methods[m].refine(Case { index: case, board }, &mut self.shared, quote)
            } else {
                quote
            };
            let here = self.here(m, board, cost, cheapest);
            if here < best.2 {
                best = (m, cost, here);
            }
        }
        (best.0, best.1)
    }

    /// Method `m`'s `cost` for `board` as the choice compares it, the
    /// cheapest quote being `cheapest`. Each quote is priced at the speed
    /// of its method's cost class on the reference machine; there, they are
    /// compared at the run's (each cost class's factor, its
    /// [`Speed`](crate::plan::calibration::Speed)):
    /// the classes' models err apart (the half-board join of a board with
    /// blocked cells once ran 2.46x the reference where the searches ran
    /// 1.74x, and n = 17 with 4 cells took it, 14.4 s of CPU, over
    /// inclusion-exclusion, 8.2 s). One probe prices every cost class, each
    /// over its own reference, so the factors' ratios, and the choice, are
    /// the same on every machine. Cheap boards (the cheapest quote within
    /// [`REFINE_NS`]) are compared as quoted: the probe may not have run.
    fn here(&self, m: usize, board: &Board, cost: f64, cheapest: f64) -> f64 {
        cost * self.here_factor(m, board, cheapest)
    }

    /// What [`here`](Self::here) multiplies method `m`'s cost by: its
    /// cost class's factor, or 1 for a cheap board. A cost to beat as compared
    /// (a bound for [`quote_within`]) is divided by it.
    ///
    /// [`quote_within`]: crate::plan::method::CountingMethod::quote_within
    fn here_factor(&self, m: usize, board: &Board, cheapest: f64) -> f64 {
        if cheapest > REFINE_NS {
            self.shared
                .speed()
                .factor(self.methods[m].cost_class(board))
        } else {
            1.0
        }
    }

    /// Every case's decision under a forced method: that method wherever
    /// it applies, the registry's first (with the reason) elsewhere; and
    /// which cases are over `--max-time`, by the forced method's quote
    /// before any investment, as `--estimate` gives it (with
    /// `--max-time` only: a forced method is otherwise not priced). Those
    /// take no part in its investment.
    pub(super) fn force(
        &mut self,
        method: Registered,
        boards: &[Board],
    ) -> Result<(Vec<Decision>, Vec<Option<f64>>)> {
        let skips = match self.max_time {
            Some(_) => {
                let quoted = self.forced_quotes(method, boards);
                self.over_max_time(boards, &quoted)
            }
            None => vec![None; boards.len()],
        };
        let forced = self.place(method);
        // The registry's first method applies to every board.
        let fallback = 0;
        let method = &mut self.methods[forced];
        for (board, skip) in boards.iter().zip(&skips) {
            if skip.is_none() {
                method.weigh(board, f64::INFINITY, &mut self.shared);
            }
        }
        method.invest(&mut self.shared, true)?;
        let mut decisions = Vec::with_capacity(boards.len());
        for (case, board) in boards.iter().enumerate() {
            decisions.push(
                match method.applies(Case { index: case, board }, &mut self.shared) {
                    Ok(()) => Decision::by(forced, 0.0),
                    Err(why) => Decision::By {
                        method: fallback,
                        cost: 0.0,
                        note: format!(" ({why})"),
                    },
                },
            );
        }
        Ok((decisions, skips))
    }

    /// Every case's decision under a forced method as estimates price it:
    /// that method wherever it applies, the registry's first (with the
    /// reason) elsewhere, each at its refined quote, without investing.
    fn forced_quotes(&mut self, method: Registered, boards: &[Board]) -> Vec<Decision> {
        let forced = self.place(method);
        let mut decisions = Vec::with_capacity(boards.len());
        for (case, board) in boards.iter().enumerate() {
            let (m, note) =
                match self.methods[forced].applies(Case { index: case, board }, &mut self.shared) {
                    Ok(()) => (forced, String::new()),
                    Err(why) => (0, format!(" ({why})")),
                };
            let case = Case { index: case, board };
            let quote = self.methods[m].quote(case, &mut self.shared);
            let cost = self.methods[m].refine(case, &mut self.shared, quote);
            decisions.push(Decision::By {
                method: m,
                cost,
                note,
            });
        }
        decisions
    }

    /// Each case's method (as `--explain` names it) and estimate, from the
    /// decisions a run would make, without searching: the methods are
    /// quoted, but no shared investment is made (so an index not built yet
    /// is not assumed). Cases are numbered on as
    /// [`crate::base::uva11195::Solver::solve`] numbers them.
    pub fn estimate(&mut self, boards: &[Board]) -> Result<Vec<(String, Quote)>> {
        let estimates = self.estimate_or_skip(boards)?;
        Ok(estimates.into_iter().map(|(m, e, _)| (m, e)).collect())
    }

    /// [`Planner::estimate`], with whether each case would be skipped by
    /// `--max-time` ([`Planner::max_time`]; never without it): its
    /// estimate, calibrated, is above it, or it repeats a case that is.
    pub fn estimate_or_skip(&mut self, boards: &[Board]) -> Result<Vec<(String, Quote, bool)>> {
        let (decisions, skips) = match self.choice {
            MethodChoice::Auto => self.choose(boards, false)?,
            MethodChoice::Forced(method) => {
                let decisions = self.forced_quotes(method, boards);
                let skips = self.over_max_time(boards, &decisions);
                (decisions, skips)
            }
        };
        let threads = self.shared.threads();
        let nothing = Quote {
            engine: None,
            cpu_ns: 0.0,
            wall_ns: 0.0,
            bytes: base_bytes(threads),
            threads,
            cost_class: CostClass::Search,
            calibration: None,
        };
        let mut estimates = Vec::with_capacity(boards.len());
        for (case, decision) in decisions.into_iter().enumerate() {
            let skipped = skips[case].is_some();
            let (method, estimate) = match decision {
                Decision::Known { why, .. } => (why.to_string(), nothing),
                Decision::Skipped { .. } => ("skipped".to_string(), nothing),
                Decision::Repeat(first) => (
                    format!("repeat of case {}", self.cases_done + first + 1),
                    nothing,
                ),
                Decision::By { method, cost, note } => {
                    let method = &mut self.methods[method];
                    let (cpu_ns, wall_ns) = if method.quotes_on_threads() {
                        (cost * threads as f64, cost)
                    } else {
                        (cost, cost / threads as f64)
                    };
                    let case = Case {
                        index: case,
                        board: &boards[case],
                    };
                    let bytes = base_bytes(threads) + method.memory(case, &mut self.shared);
                    let estimate = Quote {
                        cost_class: method.cost_class(&boards[case.index]),
                        engine: method.engine(case, &mut self.shared),
                        cpu_ns,
                        wall_ns,
                        bytes,
                        ..nothing
                    };
                    // A blank count: said, as the run's `--explain` says it.
                    let blank = method.counts_blank() && boards[case.index].obstacles() == 0;
                    let kind = if blank { " (blank)" } else { "" };
                    (format!("{}{kind}{note}", method.about().name), estimate)
                }
            };
            estimates.push((method, estimate, skipped));
        }
        // Nothing ran: the methods drop what they prepared for these cases,
        // as after a batch (a later batch reuses the case numbers).
        for method in &mut self.methods {
            method.absorb(&[]);
        }
        self.cases_done += boards.len();
        Ok(estimates)
    }

    /// Writes the shared lines for `--explain`, if explaining.
    pub(super) fn say_notes(&mut self) {
        let notes = self.shared.take_notes();
        if let Some(out) = self.explain.as_mut() {
            for line in notes {
                let _ = writeln!(out, "{line}");
            }
        }
    }
}
