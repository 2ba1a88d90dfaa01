//! The planner: judge mode's [`Solver`], the cheapest exact method per case
//! and per batch.
//!
//! Every method gives the exact count; they differ only in cost, and which
//! is cheapest depends on the board and on the batch around it. The planner
//! does only this, per batch:
//! 1. deduplicates: boards equal up to rotation and reflection are solved
//!    once, and a board with a row or column without free cells has no
//!    solution;
//! 2. collects quotes from every method of the
//!    [`crate::plan::method::registry`] (or takes the forced
//!    one), after letting methods make shared investments such as an index;
//! 3. runs the chosen methods' work units on the threads (big searches
//!    split so that threads can share them);
//! 4. combines the units' results into answers, in order, and explains.
//!
//! Costs are estimated in nanoseconds (see [`crate::plan::cost`]); they only
//! steer the choice. Boards too small to plan get a quick quote, so
//! planning never costs more than a small fraction of the work. Answers are
//! sums of unit results in a fixed order, so they never depend on the
//! thread count.
//!
//! # Constraints
//! Boards up to 64 x 64; each method states its own limits.
//!
//! # Complexity
//! Planning a board is `O(n^2)` transforms plus a few hundred estimator
//! probes; the rest is the chosen method's cost.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::geometry;
use crate::base::judge::Solver;
use crate::engine::{ordering, parallel};
use crate::plan::cost::{ms, REFINE_NS, REFINE_WITHIN};
use crate::plan::estimate::{human, Estimate, BASE_BYTES, DAY};
use crate::plan::method::{registry, Answer, Batch, Case, CountingMethod, Shared};
use crate::plan::work;

/// A batch estimated below this (1 ms) runs on one thread.
const MIN_PARALLEL_NS: f64 = 1e6;

/// A method of the registry, by its name. It is made only from the
/// registry ([`Method::parse`], [`Method::all`]), so a misspelled name is
/// refused where it is given (on the command line, or as a test's
/// `expect`) instead of falling back to another method.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Registered(&'static str);

impl Registered {
    /// The method's name, as `--method`, `--explain` and `--help` use it.
    pub fn name(self) -> &'static str {
        self.0
    }
}

/// Which method the planner uses: its own choice per case, or one method
/// of the registry forced (`--method NAME`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Method {
    /// The cheapest quote per case (the default).
    Auto,
    /// This registered method, wherever it applies.
    Forced(Registered),
}

impl Method {
    /// `auto`, then every registered method.
    pub fn all() -> Vec<Method> {
        let forced = registry()
            .into_iter()
            .map(|m| Method::Forced(Registered(m.about().name)));
        std::iter::once(Method::Auto).chain(forced).collect()
    }

    /// The command-line names, comma-separated.
    pub fn names() -> String {
        let names: Vec<&str> = Method::all().into_iter().map(Method::name).collect();
        names.join(", ")
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Forced(method) => method.name(),
        }
    }

    /// The method named `name`, if any: `auto` or a registered one.
    ///
    /// ```
    /// use nqueens::plan::planner::Method;
    /// assert_eq!(Method::parse("index").unwrap().name(), "index");
    /// assert!(matches!(Method::parse("index"), Some(Method::Forced(_))));
    /// assert_eq!(Method::parse("indx"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Method> {
        Method::all().into_iter().find(|m| m.name() == name)
    }
}

/// How one case is answered.
enum Decision {
    /// Known without searching; the text says why.
    Known(u128, &'static str),
    /// The same board, up to symmetry, as an earlier case of the batch.
    Repeat(usize),
    /// By the method at this place of the registry, at this estimated cost,
    /// with this note for `--explain`.
    By(usize, f64, String),
}

/// The planner, as the judge's [`Solver`].
pub struct Planner {
    choice: Method,
    methods: Vec<Box<dyn CountingMethod>>,
    shared: Shared,
    explain: Option<Box<dyn Write + Send>>,
    progress: Option<ProgressBoard>,
    warnings: Option<Box<dyn Write + Send>>,
    cases_done: usize,
}

impl Planner {
    /// A planner that uses `choice` on `threads` threads.
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::judge::Solver, plan::planner::{Method, Planner}};
    /// let mut planner = Planner::new(Method::Auto, 2);
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// assert_eq!(planner.solve_all(&[board, Board::blank(8)]).unwrap(), [88, 92]);
    /// ```
    pub fn new(choice: Method, threads: usize) -> Planner {
        Planner {
            choice,
            methods: registry(),
            shared: Shared::new(threads),
            explain: None,
            progress: None,
            warnings: None,
            cases_done: 0,
        }
    }

    /// Plans every engine within `bytes` of memory for the whole process
    /// (`--memory`; default [`crate::engine::budget::DEFAULT_BYTES`]), on
    /// the planner's threads.
    pub fn with_memory(mut self, bytes: usize) -> Planner {
        self.shared.memory = bytes;
        self
    }

    /// Writes one line per case as it is answered (method, estimated time,
    /// wall time from its first unit's start to its last unit's end, and
    /// CPU time summed over its units) to `out`, and one per shared
    /// investment made (an index built).
    pub fn explain_to(mut self, out: Box<dyn Write + Send>) -> Planner {
        self.explain = Some(out);
        self
    }

    /// Posts the long case being searched (estimated above
    /// [`PROGRESS_NS`]) and how far it is on `board`, for a watcher thread
    /// to report.
    pub fn progress_to(mut self, board: ProgressBoard) -> Planner {
        self.progress = Some(board);
        self
    }

    /// Writes a line to `out` for each case estimated above a day on the
    /// threads, when its batch starts running.
    pub fn warn_to(mut self, out: Box<dyn Write + Send>) -> Planner {
        self.warnings = Some(out);
        self
    }

    /// The cases answered (or estimated) so far.
    pub fn cases_done(&self) -> usize {
        self.cases_done
    }

    /// The method's place in the registry.
    fn place(&self, method: Registered) -> usize {
        self.methods
            .iter()
            .position(|m| m.about().name == method.name())
            .expect("a Registered method is in the registry")
    }

    /// Every case's decision when the planner chooses; shared investments
    /// (an index) are made only when `invest` is set (not for estimates).
    fn choose(&mut self, boards: &[Board], invest: bool) -> Result<Vec<Decision>> {
        let mut decisions = Vec::with_capacity(boards.len());
        // The cases quoted in full, with their best method and its quote.
        let mut quoted: Vec<(usize, usize, f64)> = Vec::new();
        let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
        for (case, board) in boards.iter().enumerate() {
            if ordering::has_empty_line(board) {
                decisions.push(Decision::Known(
                    0,
                    "none (a row or column without free cells)",
                ));
                continue;
            }
            let quick = self.methods.iter_mut().enumerate().find_map(|(m, method)| {
                let cost = method.quick(Case { index: case, board }, &mut self.shared)?;
                Some(Decision::By(m, cost, String::new()))
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
            let (best, cost) = self.best_quote(case, board, |_| true);
            quoted.push((case, best, cost));
            decisions.push(Decision::By(best, cost, String::new()));
        }
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
                    decisions[case] = Decision::By(m, new, String::new());
                } else {
                    decisions[case] = Decision::By(best, cost, String::new());
                }
            }
        }
        Ok(decisions)
    }

    /// The cheapest quote for `board` among the methods `asked` admits that
    /// apply to it; on equal quotes the earlier method.
    fn best_quote(
        &mut self,
        case: usize,
        board: &Board,
        asked: impl Fn(usize) -> bool,
    ) -> (usize, f64) {
        let mut quotes = Vec::new();
        for (m, method) in self.methods.iter_mut().enumerate() {
            if !asked(m)
                || method
                    .applies(Case { index: case, board }, &mut self.shared)
                    .is_err()
            {
                continue;
            }
            quotes.push((
                m,
                method.quote(Case { index: case, board }, &mut self.shared),
            ));
        }
        // Quotes within reach of the cheapest are refined before choosing,
        // when the choice is worth a refinement's milliseconds.
        let cheapest = quotes.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
        let worth = cheapest > REFINE_NS;
        let mut best = (0, f64::INFINITY);
        for (m, quote) in quotes {
            let cost = match worth && quote <= cheapest * REFINE_WITHIN {
                true => {
                    self.methods[m].refine(Case { index: case, board }, &mut self.shared, quote)
                }
                false => quote,
            };
            if cost < best.1 {
                best = (m, cost);
            }
        }
        best
    }

    /// Every case's decision under a forced method: that method wherever
    /// it applies, the registry's first (with the reason) elsewhere.
    fn force(&mut self, method: Registered, boards: &[Board]) -> Result<Vec<Decision>> {
        let forced = self.place(method);
        // The registry's first method applies to every board.
        let fallback = 0;
        let method = &mut self.methods[forced];
        for board in boards {
            method.weigh(board, f64::INFINITY, &mut self.shared);
        }
        method.invest(&mut self.shared, true)?;
        let mut decisions = Vec::with_capacity(boards.len());
        for (case, board) in boards.iter().enumerate() {
            decisions.push(
                match method.applies(Case { index: case, board }, &mut self.shared) {
                    Ok(()) => Decision::By(forced, 0.0, String::new()),
                    Err(why) => Decision::By(fallback, 0.0, format!(" ({why})")),
                },
            );
        }
        Ok(decisions)
    }

    /// Each case's method (as `--explain` names it) and estimate, from the
    /// decisions a run would make, without searching: the methods are
    /// quoted, but no shared investment is made (so an index not built yet
    /// is not assumed). Cases are numbered on as [`Solver::solve`] numbers
    /// them.
    pub fn estimate(&mut self, boards: &[Board]) -> Result<Vec<(String, Estimate)>> {
        let decisions = match self.choice {
            Method::Auto => self.choose(boards, false)?,
            Method::Forced(method) => {
                let forced = self.place(method);
                let mut decisions = Vec::with_capacity(boards.len());
                for (case, board) in boards.iter().enumerate() {
                    let (m, note) = match self.methods[forced]
                        .applies(Case { index: case, board }, &mut self.shared)
                    {
                        Ok(()) => (forced, String::new()),
                        Err(why) => (0, format!(" ({why})")),
                    };
                    let case = Case { index: case, board };
                    let quote = self.methods[m].quote(case, &mut self.shared);
                    let cost = self.methods[m].refine(case, &mut self.shared, quote);
                    decisions.push(Decision::By(m, cost, note));
                }
                decisions
            }
        };
        let threads = self.shared.threads;
        let nothing = Estimate {
            engine: None,
            cpu_ns: 0.0,
            wall_ns: 0.0,
            bytes: BASE_BYTES,
            threads,
        };
        let mut estimates = Vec::with_capacity(boards.len());
        for (case, decision) in decisions.into_iter().enumerate() {
            estimates.push(match decision {
                Decision::Known(_, why) => (why.to_string(), nothing),
                Decision::Repeat(first) => (
                    format!("repeat of case {}", self.cases_done + first + 1),
                    nothing,
                ),
                Decision::By(m, cost, note) => {
                    let method = &mut self.methods[m];
                    let (cpu_ns, wall_ns) = if method.quotes_on_threads() {
                        (cost * threads as f64, cost)
                    } else {
                        (cost, cost / threads as f64)
                    };
                    let case = Case {
                        index: case,
                        board: &boards[case],
                    };
                    let bytes = BASE_BYTES + method.memory(case, &mut self.shared);
                    let estimate = Estimate {
                        cpu_ns,
                        wall_ns,
                        bytes,
                        ..nothing
                    };
                    (format!("{}{note}", method.about().name), estimate)
                }
            });
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
    fn say_notes(&mut self) {
        let notes = self.shared.take_notes();
        if let Some(out) = self.explain.as_mut() {
            for line in notes {
                let _ = writeln!(out, "{line}");
            }
        }
    }
}

impl Solver for Planner {
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        let decisions = match self.choice {
            Method::Auto => self.choose(boards, true)?,
            Method::Forced(method) => self.force(method, boards)?,
        };
        let mut batch = Batch::default();
        let mut answers: Vec<Answer> = Vec::with_capacity(boards.len());
        for (case, decision) in decisions.iter().enumerate() {
            answers.push(match decision {
                Decision::By(m, ..) => {
                    let case = Case {
                        index: case,
                        board: &boards[case],
                    };
                    self.methods[*m].plan(case, &mut self.shared, &mut batch)?
                }
                _ => Answer::default(),
            });
        }
        let threads = self.shared.threads as f64;
        let labels: Vec<(String, f64, f64)> = (decisions.iter().zip(&answers))
            .map(|(decision, answer)| match decision {
                Decision::Known(_, why) => (why.to_string(), 0.0, 0.0),
                Decision::Repeat(first) => (
                    format!("repeat of case {}", self.cases_done + first + 1),
                    0.0,
                    0.0,
                ),
                Decision::By(m, cost, note) => {
                    let method = &self.methods[*m];
                    let wall = if method.quotes_on_threads() {
                        *cost
                    } else {
                        cost / threads
                    };
                    let label = format!("{}{}{note}", method.about().name, answer.note);
                    (label, *cost, wall)
                }
            })
            .collect();
        if let Some(out) = self.warnings.as_mut() {
            for (case, (method, _, wall)) in labels.iter().enumerate() {
                if *wall / 1e9 > DAY {
                    let _ = writeln!(
                        out,
                        "nqueens: case {} (n={}, {method}) is estimated at about {} on {} \
                         threads, more than a day",
                        self.cases_done + case + 1,
                        boards[case].n(),
                        human(*wall / 1e9),
                        self.shared.threads
                    );
                }
            }
        }
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

/// A batch's cases as the run answers them: the boards, how each is
/// answered, and its `--explain` label with its quote and its estimated
/// wall time on the threads.
struct Cases<'a> {
    boards: &'a [Board],
    decisions: &'a [Decision],
    answers: &'a [Answer],
    labels: &'a [(String, f64, f64)],
}

/// Cases estimated above this (3 s on the threads) get progress reports.
pub const PROGRESS_NS: f64 = 3e9;

/// How far the long case being searched is, for a progress report: shared
/// with a watcher thread (see [`Planner::progress_to`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CaseProgress {
    /// The case number (1-based, counted over the whole run).
    pub case: u64,
    /// The board side.
    pub n: usize,
    /// The method's name.
    pub method: String,
    /// The estimated (wall) time on the threads, ns.
    pub estimate: f64,
    /// Its work units finished, of `units`.
    pub done: usize,
    /// Its work units.
    pub units: usize,
    /// Since when its units run.
    pub started: Instant,
}

/// Where the planner posts the long case it is searching (none when it
/// searches no long case).
pub type ProgressBoard = Arc<Mutex<Option<CaseProgress>>>;

/// The board's lock, even if a watcher panicked while holding it.
fn lock(board: &ProgressBoard) -> std::sync::MutexGuard<'_, Option<CaseProgress>> {
    board
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Planner {
    /// Runs the batch's units on the threads and answers the cases as soon
    /// as each and every case before it are known: results stream back from
    /// the workers to this thread ([`parallel::stream`]), which adds them
    /// up, and a case is final when no unit of any slot of its answer is
    /// still running. Returns every slot's value.
    fn run(
        &self,
        batch: &mut Batch,
        cases: Cases,
        explain: &mut Option<Box<dyn Write + Send>>,
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<Vec<i128>> {
        // Starting threads costs tens of microseconds: a batch of tiny work
        // runs on this one, answered at its end (when the planner chose;
        // forced methods always use the threads asked for, so tests reach
        // every path).
        let estimated: f64 = (cases.decisions.iter())
            .map(|d| match d {
                Decision::By(_, cost, _) => cost.max(1e3),
                _ => 1e3,
            })
            .sum();
        let inline = self.choice == Method::Auto && estimated < MIN_PARALLEL_NS;
        let threads = if inline { 1 } else { self.shared.threads };
        // Big searches are split on one thread too: for progress, and the
        // kernel runs a search's parts in its interleaved lanes.
        if !inline {
            batch.split_for(threads);
        }
        let units = &batch.units;
        let count = cases.boards.len();
        let timing = explain.is_some();
        let watching = timing || self.progress.is_some();
        // When each case's first unit started, in ns after `base`.
        let base = Instant::now();
        let starts: Vec<AtomicU64> = (0..count).map(|_| AtomicU64::new(u64::MAX)).collect();
        let work = |ids: &mut dyn Iterator<Item = usize>,
                    done: &mut dyn FnMut(usize, (u128, Duration))| {
            let mut ids = ids.inspect(|&i| {
                if watching {
                    let now = base.elapsed().as_nanos() as u64;
                    starts[units[i].case].fetch_min(now, Ordering::Relaxed);
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

        let mut values = vec![0i128; batch.slots()];
        // Per slot, its units still running; per case, its own units done
        // and in all, the CPU time they took and when the last one ended.
        let mut open = vec![0usize; batch.slots()];
        let mut own = vec![(0usize, 0usize); count];
        for unit in units {
            open[unit.slot.index()] += 1;
            own[unit.case].1 += 1;
        }
        let mut cpu = vec![Duration::ZERO; count];
        let mut ended = vec![Duration::ZERO; count];
        let mut counts: Vec<u128> = Vec::with_capacity(count);
        let mut tally = |burst: Vec<(usize, (u128, Duration))>| -> Result<()> {
            let now = base.elapsed();
            for (i, (value, time)) in burst {
                let unit = &units[i];
                values[unit.slot.index()] += unit.weight * value as i128;
                open[unit.slot.index()] -= 1;
                own[unit.case].0 += 1;
                cpu[unit.case] += time;
                ended[unit.case] = now;
            }
            let first = counts.len();
            while counts.len() < count {
                let case = counts.len();
                let value = match &cases.decisions[case] {
                    Decision::Known(value, _) => *value,
                    Decision::Repeat(earlier) => counts[*earlier],
                    Decision::By(..) => {
                        let answer = &cases.answers[case];
                        if answer.slots.iter().any(|(slot, _)| open[slot.index()] > 0) {
                            break;
                        }
                        answer.value(&values)
                    }
                };
                counts.push(value);
            }
            if counts.len() > first {
                answered(&counts[first..])?;
            }
            if let Some(out) = explain.as_mut() {
                for case in first..counts.len() {
                    let start = starts[case].load(Ordering::Relaxed);
                    let wall = if start == u64::MAX {
                        Duration::ZERO
                    } else {
                        ended[case].saturating_sub(Duration::from_nanos(start))
                    };
                    let board = &cases.boards[case];
                    let (method, cost, _) = &cases.labels[case];
                    let _ = writeln!(
                        out,
                        "case {}: n={} obstacles={} method={method} est={} actual={} cpu={}",
                        self.cases_done + case + 1,
                        board.n(),
                        board.obstacles(),
                        ms(*cost),
                        ms(wall.as_nanos() as f64),
                        ms(cpu[case].as_nanos() as f64)
                    );
                }
            }
            if let Some(progress) = &self.progress {
                let long = (counts.len()..count).find(|&case| cases.labels[case].2 >= PROGRESS_NS);
                *lock(progress) = long.map(|case| {
                    let start = starts[case].load(Ordering::Relaxed);
                    CaseProgress {
                        case: (self.cases_done + case + 1) as u64,
                        n: cases.boards[case].n(),
                        method: cases.labels[case].0.clone(),
                        estimate: cases.labels[case].2,
                        done: own[case].0,
                        units: own[case].1,
                        started: match start {
                            u64::MAX => Instant::now(),
                            ns => base + Duration::from_nanos(ns),
                        },
                    }
                });
            }
            Ok(())
        };
        if inline {
            let results = parallel::deal(units.len(), 1, |ids| {
                let mut out = Vec::new();
                work(ids, &mut |i, result| out.push((i, result)));
                out
            })?;
            tally(results.into_iter().enumerate().collect())?;
        } else {
            parallel::stream(units.len(), threads, work, &mut tally)?;
        }
        // Cases that need no unit (known, or a batch without units).
        tally(Vec::new())?;
        if counts.len() != count {
            return Err(Error::Worker(format!(
                "{} of {count} cases were left unanswered",
                count - counts.len()
            )));
        }
        Ok(values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::judge::PlainSolver;

    fn boards(seed: u64, count: usize, max_n: usize) -> Vec<Board> {
        let mut rng = crate::base::rng::Rng::new(seed);
        (0..count)
            .map(|_| {
                let n = rng.between(1, max_n);
                let percent = rng.below(61);
                rng.board(n, percent)
            })
            .collect()
    }

    #[test]
    fn every_method_agrees_with_the_plain_search() {
        let boards = boards(7, 300, 9);
        let expected = PlainSolver.solve_all(&boards).unwrap();
        for method in Method::all() {
            for threads in [1, 3] {
                let got = Planner::new(method, threads).solve_all(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn explaining_changes_no_answer() {
        // With --explain, lane groups keep to one case (so that each case
        // gets its time): another grouping than without, same answers.
        let boards = boards(13, 200, 11);
        let expected = PlainSolver.solve_all(&boards).unwrap();
        for method in Method::all() {
            for threads in [1, 3] {
                let mut planner =
                    Planner::new(method, threads).explain_to(Box::new(std::io::sink()));
                let got = planner.solve_all(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for method in Method::all() {
            assert_eq!(Method::parse(method.name()), Some(method));
            assert!(Method::names().contains(method.name()));
        }
    }
}
