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
//! Costs are estimated in nanoseconds (see [`crate::plan::prices`]); they only
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

mod choice;
mod report;
mod run;

use std::io::Write;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::uva11195::Solver;
use crate::engine::budget::Budget;
use crate::plan::method::{registry, Answer, Batch, Case, CountingMethod, Shared};
use report::{lock, Cases};

pub use report::{CaseProgress, ProgressBoard, PROGRESS_NS};

/// A method of the registry, by its name. It is made only from the
/// registry ([`MethodChoice::parse`], [`MethodChoice::all`]), so a misspelled name is
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
pub enum MethodChoice {
    /// The cheapest quote per case (the default).
    Auto,
    /// This registered method, wherever it applies.
    Forced(Registered),
}

impl MethodChoice {
    /// `auto`, then every registered method.
    pub fn all() -> Vec<MethodChoice> {
        let forced = registry()
            .into_iter()
            .map(|m| MethodChoice::Forced(Registered(m.about().name)));
        std::iter::once(MethodChoice::Auto).chain(forced).collect()
    }

    /// The command-line names, comma-separated.
    pub fn names() -> String {
        let names: Vec<&str> = MethodChoice::all()
            .into_iter()
            .map(MethodChoice::name)
            .collect();
        names.join(", ")
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            MethodChoice::Auto => "auto",
            MethodChoice::Forced(method) => method.name(),
        }
    }

    /// The method named `name`, if any: `auto` or a registered one.
    ///
    /// ```
    /// use nqueens::plan::planner::MethodChoice;
    /// assert_eq!(MethodChoice::parse("index").unwrap().name(), "index");
    /// assert!(matches!(MethodChoice::parse("index"), Some(MethodChoice::Forced(_))));
    /// assert_eq!(MethodChoice::parse("indx"), None);
    /// ```
    pub fn parse(name: &str) -> Option<MethodChoice> {
        MethodChoice::all().into_iter().find(|m| m.name() == name)
    }
}

/// How one case is answered.
enum Decision {
    /// Known without searching: this count, for the reason given.
    Known { count: u128, why: &'static str },
    /// The same board, up to symmetry, as an earlier case of the batch.
    Repeat(usize),
    /// By the method at this place of the registry, at this estimated cost
    /// (ns), with this note for `--explain`.
    By {
        method: usize,
        cost: f64,
        note: String,
    },
}

impl Decision {
    /// By `method` at `cost`, without a note.
    fn by(method: usize, cost: f64) -> Decision {
        Decision::By {
            method,
            cost,
            note: String::new(),
        }
    }
}

/// The planner, as the judge's [`Solver`].
pub struct Planner {
    choice: MethodChoice,
    methods: Vec<Box<dyn CountingMethod>>,
    shared: Shared,
    explain: Option<Box<dyn Write + Send>>,
    progress: Option<ProgressBoard>,
    warnings: Option<Box<dyn Write + Send>>,
    cases_done: usize,
}

impl Planner {
    /// A planner that uses `choice` on `threads` threads, within the
    /// default memory limit ([`crate::engine::budget::DEFAULT_BYTES`]).
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::uva11195::Solver, plan::planner::{MethodChoice, Planner}};
    /// let mut planner = Planner::new(MethodChoice::Auto, 2);
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// assert_eq!(planner.solve_all(&[board, Board::blank(8)]).unwrap(), [88, 92]);
    /// ```
    pub fn new(choice: MethodChoice, threads: usize) -> Planner {
        Planner::within(choice, Budget::default().on_threads(threads))
    }

    /// A planner that uses `choice` and plans every engine within `budget`:
    /// the memory of the whole process (`--memory`) on its threads.
    pub fn within(choice: MethodChoice, budget: Budget) -> Planner {
        Planner {
            choice,
            methods: registry(),
            shared: Shared::new(budget),
            explain: None,
            progress: None,
            warnings: None,
            cases_done: 0,
        }
    }

    /// Writes one line per case as it is answered (method, estimated time,
    /// wall time from its first unit's start to its last unit's end, and
    /// CPU time summed over its units) to `out`, and one per shared
    /// investment made (an index built).
    pub fn explain_to(mut self, out: Box<dyn Write + Send>) -> Planner {
        self.explain = Some(out);
        self
    }

    /// Posts the case being searched (whatever its quote: the watcher
    /// reports it once it has run a second) and how far it is on `board`,
    /// for a watcher thread to report.
    pub fn progress_to(mut self, board: ProgressBoard) -> Planner {
        self.progress = Some(board);
        self
    }

    /// Writes a line to `out` for each case estimated above a minute
    /// ([`crate::plan::estimate::LONG`]) on the threads, saying so when it
    /// is above a day, when its batch starts running, and for each case a
    /// forced method does not apply to.
    pub fn warn_to(mut self, out: Box<dyn Write + Send>) -> Planner {
        self.warnings = Some(out);
        self
    }

    /// Writes a line to `out` (see [`Planner::warn_to`]) for each case a
    /// forced method does not apply to, before it is counted: which method
    /// counts it instead, and why (issue 38: `--method scan` on n = 17 ran
    /// the plain search for 112 s without a word).
    fn warn_fallbacks(&mut self, forced: Registered, boards: &[Board], decisions: &[Decision]) {
        let fallback = self.methods[0].about().name;
        let Some(out) = self.warnings.as_mut() else {
            return;
        };
        for (case, decision) in decisions.iter().enumerate() {
            let Decision::By {
                method: 0, note, ..
            } = decision
            else {
                continue;
            };
            if note.is_empty() || forced.name() == fallback {
                continue;
            }
            let why = note.trim().trim_start_matches('(').trim_end_matches(')');
            let _ = writeln!(
                out,
                "nqueens: --method {} does not apply to case {} (n={}): {why}; \
                 {fallback} counts it",
                forced.name(),
                self.cases_done + case + 1,
                boards[case].n()
            );
        }
    }

    /// The cases answered (or estimated) so far.
    pub fn cases_done(&self) -> usize {
        self.cases_done
    }
}

impl Solver for Planner {
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        let decisions = match self.choice {
            MethodChoice::Auto => self.choose(boards, true)?,
            MethodChoice::Forced(method) => {
                let decisions = self.force(method, boards)?;
                self.warn_fallbacks(method, boards, &decisions);
                decisions
            }
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::uva11195::PlainSolver;

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
        for method in MethodChoice::all() {
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
        for method in MethodChoice::all() {
            for threads in [1, 3] {
                let mut planner =
                    Planner::new(method, threads).explain_to(Box::new(std::io::sink()));
                let got = planner.solve_all(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    /// Every case with work is posted for progress, whatever its quote:
    /// the watcher reports the one that runs long (issue 38: a case quoted
    /// at 2988 ms, under the 3 s that got progress, ran 44 s without any).
    #[test]
    fn a_case_quoted_short_is_posted_for_progress_too() {
        let board: ProgressBoard = Default::default();
        let mut planner = Planner::new(MethodChoice::Auto, 1).progress_to(board.clone());
        let mut seen = Vec::new();
        let mut blocked = Board::blank(8);
        blocked.set_free(0, 0, false);
        planner
            .solve(&[blocked, Board::blank(9)], &mut |counts| {
                seen.push((counts.to_vec(), lock(&board).clone()));
                Ok(())
            })
            .unwrap();
        let (counts, posted) = &seen[0];
        assert_eq!(counts[0], 88);
        let posted = posted.as_ref().expect("a case posted while the batch runs");
        assert_eq!((posted.case, posted.n), (1, 8));
        assert!(posted.estimate < PROGRESS_NS, "{posted:?}");
        assert!(posted.units > 0, "{posted:?}");
        assert!(lock(&board).is_none(), "cleared at the batch's end");
    }

    #[test]
    fn names_round_trip() {
        for method in MethodChoice::all() {
            assert_eq!(MethodChoice::parse(method.name()), Some(method));
            assert!(MethodChoice::names().contains(method.name()));
        }
    }
}
