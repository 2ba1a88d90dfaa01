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
//! The blank board's join ([`crate::engine::half_board::cost`]) times
//! [`CREDIT_FACTOR`] (even and odd sides): every word of the join is also counted per image the
//! top avoids (a top that avoids none is left out).

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::counter::join::Prepared;
use crate::engine::half_board::images::IMAGES;
use crate::plan::calibration::Kernel;
use crate::plan::method::interface::{
    About, Answer, Batch, Case, CountingMethod, JoinPlans, Shared, Skip,
};

const ABOUT: About = About {
    name: "credited-join",
    help: "the blank board's join, each solution credited with the\nimages of the blocked cells it avoids",
    applies: "15 <= n <= 24, blocked cells (at most n\npast 17), blank tables within --memory",
};

/// A credited join's time over the blank board's join *quote* of the same
/// side (the engine's listed model, [`crate::engine::half_board::cost`]),
/// on one thread, even and odd sides: every word the join reads is counted
/// once per image the top avoids. Measured with the tables priced at their
/// build's time (2026-11-29, random boards of 1, 3, 8 and 16 blocked cells,
/// thread CPU, the other core busy): 1.48-1.57 at n = 15, 1.26-1.69 at 16,
/// 1.12-1.40 at 17, 1.49-2.03 at 18; 1.4 for both kept every one within
/// 1.45x. The kernel of n = 15's sparse boards then sped the odd sides'
/// joins more than the model (whose probes were rescaled for 20..28:
/// `plan::calibration::REFERENCE_NS`): measured again on random boards of
/// 1..=57 cells (one thread, quiet machine, factor 1), the credited join
/// over the blank join's quote was 0.84-1.01 at 15, 1.0-1.48 at 16,
/// 0.69-1.02 at 17 and 1.33-1.63 at 18 (benches/NOTES.md, "The probes
/// after the sparse boards of 15"). Priced from one probe
/// (`plan::calibration`), the credited joins then took 0.99-1.28 of their
/// quotes at 16 and 0.86-1.22 at 15 and 17 in four sittings, and 1.43-1.55
/// at 17 when the VM's slower state caught a run (benches/NOTES.md, "One
/// probe"): 1.5 even, 1.05 odd.
pub const CREDIT_FACTOR: [f64; 2] = [1.5, 1.05];

/// Below this side the searches and the board's own join are cheaper than
/// the blank board's tables.
const MIN_N: usize = 15;

/// Up to this side any number of blocked cells (planning the blank board
/// is cheap); past it at most `n`.
const LAST_ANY_CELLS: usize = 17;

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

    /// The blank board's join kernel: the credited join folds its
    /// symmetries.
    fn kernel(&self, board: &Board) -> Kernel {
        Kernel::join(board.n())
    }

    /// The blank board's tables with the hits beside them
    /// ([`crate::engine::half_board::plan::Plan::peak_bytes`] prices both).
    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.memory(case, shared)
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.plans.quote(case, shared, |plan| {
            plan.sizing().cpu_ns * CREDIT_FACTOR[case.board.n() % 2]
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(self.plans.answer(case, batch, ABOUT.name)?.over(IMAGES))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.plans.clear();
    }
}
