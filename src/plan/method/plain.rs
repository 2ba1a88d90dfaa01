//! **plain**: the kernel on the board as given, top row first.
//!
//! The baseline every other method must beat, and what a case falls back
//! to when a forced method does not apply.
//!
//! # Complexity
//! The board's search tree, priced per estimated node.

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::ordering;
use crate::plan::cost::{NS_PER_BOARD_NODE, PLAN_PROBES};
use crate::plan::method::{Answer, Batch, CountingMethod, Shared};
use crate::plan::work::Work;

#[derive(Default)]
pub struct Plain;

impl CountingMethod for Plain {
    fn name(&self) -> &'static str {
        "plain"
    }

    fn about(&self) -> &'static str {
        "the board as given, top row first"
    }

    fn quote(&mut self, _: usize, board: &Board, _: &mut Shared) -> f64 {
        ordering::plain_nodes(board, PLAN_PROBES) * NS_PER_BOARD_NODE
    }

    fn plan(
        &mut self,
        case: usize,
        board: &Board,
        _: &mut Shared,
        batch: &mut Batch,
    ) -> Result<Answer> {
        Ok(batch.sum(case, [(Work::Count(Problem::new(board)), 1)]))
    }
}
