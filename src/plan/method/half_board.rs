//! **half-board**: partial solutions of the board's quarters are joined
//! into halves, and compatible halves are counted 64 at a time with AND
//! and popcount ([`crate::engine::half_board`]), without visiting every
//! solution; blocked cells are never used by a part. Pays on big boards
//! with few blocked cells, where every search visits billions of nodes.
//!
//! # Constraints
//! 15 <= n <= 24, at most n blocked cells, and the engine's tables within
//! the run's memory limit ([`crate::engine::budget`]) in one part.
//!
//! # Complexity
//! The engine's own cost model (its planning builds the quarter tables).

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::counter::join::Prepared;
use crate::plan::calibration::CostClass;
use crate::plan::method::interface::{
    About, Answer, Batch, Case, CountingMethod, JoinPlans, Shared, Skip,
};
use crate::tuning::methods::{HALF_BOARD_MIN_N as MIN_N, NS_BOARD_TASK};

const ABOUT: About = About {
    name: "half-board",
    help: "joins of the board's half placements, 64 at a time",
    applies: "15 <= n <= 24, at most n blocked cells,\ntables within --memory",
};

#[derive(Default)]
pub struct HalfBoard {
    /// The engine's plan per quoted case of this batch.
    plans: JoinPlans,
}

impl CountingMethod for HalfBoard {
    fn about(&self) -> About {
        ABOUT
    }

    /// The task term of the quote over a lower bound of the tasks, found
    /// without planning ([`Prepared::tasks_floor`]): on near-blank boards of n = 15
    /// the credited join is quoted at 0.1 s, this method at 0.55 s, and
    /// planning it to learn so took 8 ms (most of what a case of 15 is
    /// over the join's own time).
    fn floor(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let board = case.board;
        if board.n() < MIN_N || board.obstacles() == 0 || board.obstacles() > board.n() {
            return 0.0;
        }
        NS_BOARD_TASK * Prepared::tasks_floor(board.rows()) as f64 / shared.threads() as f64
    }

    fn applies(&mut self, case: Case, shared: &mut Shared) -> std::result::Result<(), Skip> {
        let n = case.board.n();
        if n < MIN_N {
            return Err("below n = 15 the other methods are cheaper");
        }
        // Planning builds the quarter tables (0.4 s at n = 18): on boards
        // with more blocked cells than rows the searches win (measured:
        // n = 17 at 35% blocked, 0.9 s against 0.3 s), so no plan is made.
        if case.board.obstacles() > n {
            return Err("more blocked cells than rows: the searches are cheaper");
        }
        let plan = Prepared::of_board(case.board.rows(), shared.budget())
            .ok_or("the board's half tables would not fit in memory (or n > 24)")?;
        let in_parts = "the board's half tables would not fit in memory at once";
        self.plans.keep(case.index, plan, in_parts)
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    /// The judge's boards have blocked cells, which take away the
    /// symmetries a blank board's join folds: their own cost class.
    fn cost_class(&self, board: &Board) -> CostClass {
        CostClass::join_of(board.n(), board.obstacles())
    }

    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.memory(case, shared)
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.quote(case, shared, |plan| {
            let tasks = match case.board.obstacles() {
                0 => 0,
                _ => plan.tasks().unwrap_or(0),
            };
            plan.price().cpu_ns + NS_BOARD_TASK * tasks as f64
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        self.plans.answer(case, batch, ABOUT.name)
    }

    fn absorb(&mut self, _: &[i128]) {
        self.plans.clear();
    }
}
