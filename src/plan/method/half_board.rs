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

use std::collections::HashMap;
use std::sync::Arc;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::counter::join::Prepared;
use crate::engine::counter::UnitCounter;
use crate::plan::calibration::Kernel;
use crate::plan::method::interface::{
    unprepared, About, Answer, Batch, Case, CountingMethod, Shared, Skip,
};
use crate::plan::work::Work;

const ABOUT: About = About {
    name: "half-board",
    help: "joins of the board's half placements, 64 at a time",
    applies: "15 <= n <= 24, at most n blocked cells,\ntables within --memory",
};

/// Below this side the blank engine's methods and the searches are cheaper
/// than building the tables (planning alone takes milliseconds at n = 14).
const MIN_N: usize = 15;

#[derive(Default)]
pub struct HalfBoard {
    /// The engine's plan per quoted case of this batch.
    plans: HashMap<usize, Prepared>,
}

impl CountingMethod for HalfBoard {
    fn about(&self) -> About {
        ABOUT
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
        // Units of a batch run in any order: a plan in parts would rebuild
        // its tables over and over.
        if plan.parts() > 1 {
            return Err("the board's half tables would not fit in memory at once");
        }
        self.plans.insert(case.index, plan);
        Ok(())
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    /// The judge's boards have blocked cells, which take away the
    /// symmetries a blank board's join folds: their own kernel.
    fn kernel(&self, board: &Board) -> Kernel {
        Kernel::join_of(board.n(), board.obstacles())
    }

    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.get(&case.index).map_or(0.0, |plan| {
            let sizing = plan.sizing();
            sizing.bytes + sizing.thread_bytes * (shared.threads() - 1) as f64
        })
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.get(&case.index).map_or(f64::INFINITY, |plan| {
            plan.sizing().cpu_ns / shared.threads().min(plan.units()).max(1) as f64
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        let plan = self
            .plans
            .remove(&case.index)
            .ok_or_else(|| unprepared(ABOUT.name))?;
        let counter: Arc<dyn UnitCounter> = Arc::new(plan.build());
        let units = (0..counter.units()).map(|i| (Work::Units(counter.clone(), i), 1));
        Ok(batch.sum(case.index, units))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.plans.clear();
    }
}
