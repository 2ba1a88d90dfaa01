//! The planner itself: what it holds (the `--method` choice, the
//! registry's methods and what they share, where it explains, posts
//! progress and warns, the cases done), and how it is set up.

use std::io::Write;

use super::decision::Decision;
use super::method_choice::{MethodChoice, Registered};
use super::progress::ProgressBoard;
use crate::base::board::Board;
use crate::engine::budget::Budget;
use crate::plan::calibration::Speed;
use crate::plan::method::{registry, CountingMethod, Shared};

/// The planner, as judge mode's [`Solver`] (it solves in [`super::run`]).
///
/// [`Solver`]: crate::base::uva11195::Solver
pub struct Planner {
    pub(super) choice: MethodChoice,
    pub(super) methods: Vec<Box<dyn CountingMethod>>,
    pub(super) shared: Shared,
    pub(super) explain: Option<Box<dyn Write + Send>>,
    pub(super) progress: Option<ProgressBoard>,
    pub(super) warnings: Option<Box<dyn Write + Send>>,
    pub(super) cases_done: usize,
    /// `--max-time`: cases estimated above this (seconds of wall time on
    /// the threads, at this machine's speed) are not counted.
    pub(super) max_time: Option<f64>,
}

impl Planner {
    /// A planner that uses `choice` on `threads` threads, within the
    /// default memory limit ([`crate::engine::budget::DEFAULT_BYTES`]), at
    /// this machine's speed as the probe measures it when first needed
    /// ([`Speed::measured`]; [`Planner::within`] takes another).
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::uva11195::Solver, plan::planner::{MethodChoice, Planner}};
    /// let mut planner = Planner::new(MethodChoice::Auto, 2);
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// assert_eq!(planner.solve_all(&[board, Board::blank(8)]).unwrap(), [88, 92]);
    /// ```
    pub fn new(choice: MethodChoice, threads: usize) -> Planner {
        Planner::within(
            choice,
            Budget::default().on_threads(threads),
            Speed::measured(),
        )
    }

    /// A planner that uses `choice`, plans every engine within `budget`
    /// (the memory of the whole process, `--memory`, on its threads) and
    /// prices at `speed` (the run's, resolved with its settings): the
    /// choice between kernels, `--max-time`, the notes of long cases and
    /// `--explain`'s `est=` all take their factors from it.
    pub fn within(choice: MethodChoice, budget: Budget, speed: Speed) -> Planner {
        Planner {
            choice,
            methods: registry(),
            shared: Shared::new(budget, speed),
            explain: None,
            progress: None,
            warnings: None,
            cases_done: 0,
            max_time: None,
        }
    }

    /// Leaves uncounted each case (not known without searching) whose
    /// estimate, the one [`Planner::estimate`] gives (wall time on the
    /// threads at this machine's speed), is above `seconds`: it is handed
    /// over as [`Verdict::Skipped`] by [`Planner::solve_or_skip`], and
    /// [`Planner::estimate_or_skip`] says it would be (`--max-time`).
    ///
    /// [`Verdict::Skipped`]: super::Verdict::Skipped
    pub fn max_time(mut self, seconds: f64) -> Planner {
        self.max_time = Some(seconds);
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
    pub(super) fn warn_fallbacks(
        &mut self,
        forced: Registered,
        boards: &[Board],
        decisions: &[Decision],
    ) {
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

    /// The speed its quotes are priced at (to calibrate its estimates,
    /// [`crate::plan::estimate::Quote::calibrated`]).
    pub fn speed(&self) -> &Speed {
        self.shared.speed()
    }

    /// The cases answered (or estimated) so far.
    pub fn cases_done(&self) -> usize {
        self.cases_done
    }
}
