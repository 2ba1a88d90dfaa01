//! **plain**: the kernel on the board as given, top row first.
//!
//! The baseline every other method must beat, and what a case falls back
//! to when a forced method does not apply.
//!
//! # Complexity
//! The board's search tree, priced per estimated node.

use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::ordering;
use crate::engine::tree_size;
use crate::plan::method::interface::{About, Answer, Batch, Case, CountingMethod, Shared};
use crate::plan::prices::{
    refined, NS_PER_BOARD_NODE, NS_PER_LANE_NODE, PLAN_PROBES, REFINE_FRONTIER, REFINE_PROBES,
};
use crate::plan::work::Work;

const ABOUT: About = About {
    name: "plain",
    help: "the board as given, top row first",
    applies: "",
};

#[derive(Default)]
pub struct Plain;

impl CountingMethod for Plain {
    fn about(&self) -> About {
        ABOUT
    }

    fn quote(&mut self, case: Case, _: &mut Shared) -> f64 {
        ordering::plain_nodes(case.board, PLAN_PROBES) * NS_PER_BOARD_NODE
    }

    fn refine(&mut self, case: Case, _: &mut Shared, quote: f64) -> f64 {
        refined(quote, NS_PER_LANE_NODE, || {
            let rows = Problem::new(case.board).rows();
            tree_size::nodes_stratified(&rows, REFINE_FRONTIER, REFINE_PROBES)
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(batch.sum(case.index, [(Work::Count(Problem::new(case.board)), 1)]))
    }
}
