//! **credited-join**: a board with a few blocked cells counted on the blank
//! board's join, folded by all its symmetries, each solution credited with
//! the images of the blocked cells it avoids (the credits sum to 8 times
//! the board's count: [`crate::engine::half_board::images`]). The board's
//! own join ([`super::half_board`]) folds nothing once a cell is blocked;
//! this one runs at about the blank count's speed whatever the cells.
//!
//! # Constraints
//! 15 <= n <= 24, blocked cells (at most n past 17), the blank board's
//! tables within the run's memory limit in one part.
//!
//! # Complexity
//! The blank board's join ([`crate::engine::half_board::price::cost`]) times
//! [`CREDIT_FACTOR`] (even and odd sides; [`CREDIT_FACTOR_PAST_18`] from
//! [`CREDIT_PAST_FROM`], where it grows with the side): every word of the
//! join is also counted per image the top avoids (a top that avoids none is
//! left out).

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::counter::join::Prepared;
use crate::engine::half_board::images::IMAGES;
use crate::plan::calibration::CostClass;
use crate::plan::method::interface::{
    About, Answer, Batch, Case, CountingMethod, JoinPlans, Shared, Skip,
};
use crate::tuning::methods::{CREDITED_MIN_N as MIN_N, LAST_ANY_CELLS};
pub use crate::tuning::methods::{CREDIT_FACTOR, CREDIT_FACTOR_PAST_18, CREDIT_PAST_FROM};

const ABOUT: About = About {
    name: "credited-join",
    help: "the blank board's join, each solution credited with the\nimages of the blocked cells it avoids",
    applies: "15 <= n <= 24, blocked cells (at most n\npast 17), blank tables within --memory",
};

#[derive(Default)]
pub struct CreditedJoin {
    /// The credited plan per quoted case of this batch.
    plans: JoinPlans,
}

impl CountingMethod for CreditedJoin {
    fn about(&self) -> About {
        ABOUT
    }

    fn applies(&mut self, case: Case, shared: &mut Shared) -> std::result::Result<(), Skip> {
        let n = case.board.n();
        if n < MIN_N {
            return Err("below n = 15 the other methods are cheaper");
        }
        if case.board.obstacles() == 0 {
            return Err("a blank board is the blank counter's");
        }
        // Planning the blank board's join takes 0.3 s at n = 18, seconds
        // from 21 (a minute at 24), and on boards with more blocked cells
        // than rows the searches win there (as for the half-board method):
        // no plan. Up to 17 it takes milliseconds, and a board of 16 with
        // twice as many cells as rows still ran 2x faster credited than
        // searched: the quotes decide.
        if n > LAST_ANY_CELLS && case.board.obstacles() > n {
            return Err("more blocked cells than rows past n = 17: the searches are cheaper");
        }
        let plan = Prepared::credited(case.board.rows(), shared.budget())
            .ok_or("the blank board's tables would not fit in memory (or n > 24)")?;
        let in_parts = "the blank board's tables would not fit in memory at once";
        self.plans.keep(case.index, plan, in_parts)
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    /// The blank board's join's cost class: the credited join folds its
    /// symmetries.
    fn cost_class(&self, board: &Board) -> CostClass {
        CostClass::join(board.n())
    }

    /// The blank board's tables with the hits beside them
    /// ([`crate::engine::half_board::PreparedJoin::peak_bytes`] prices both).
    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.memory(case, shared)
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        let factor = match n >= CREDIT_PAST_FROM {
            true => CREDIT_FACTOR_PAST_18,
            false => CREDIT_FACTOR,
        };
        self.plans
            .quote(case, shared, |plan| plan.price().cpu_ns * factor[n % 2])
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(self.plans.answer(case, batch, ABOUT.name)?.over(IMAGES))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.plans.clear();
    }
}
