//! **most-constrained**: the row with the fewest choices first, at every
//! node ([`crate::engine::most_constrained`]); pays on boards with many
//! blocked cells.
//!
//! # Complexity
//! Its tree times the open rows examined per node.

use crate::base::error::Result;
use crate::engine::most_constrained;
use crate::plan::cost::{refined, PLAN_PROBES, REFINE_FRONTIER, REFINE_PROBES};
use crate::plan::method::{About, Answer, Batch, Case, CountingMethod, Shared};
use crate::plan::work::Work;

/// Nanoseconds per open row of a node of the most-constrained-first search
/// (measured: 5 to 12, against 6 to 16 per kernel node in the same runs).
const NS_PER_ROW: f64 = 6.0;

const ABOUT: About = About {
    name: "most-constrained",
    help: "the row with the fewest choices first, at every node",
    applies: "",
};

#[derive(Default)]
pub struct MostConstrained;

impl CountingMethod for MostConstrained {
    fn about(&self) -> About {
        ABOUT
    }

    fn quote(&mut self, case: Case, _: &mut Shared) -> f64 {
        let (nodes, rows) = most_constrained::estimate(case.board, PLAN_PROBES);
        nodes * rows * NS_PER_ROW
    }

    fn refine(&mut self, case: Case, _: &mut Shared, quote: f64) -> f64 {
        refined(quote, NS_PER_ROW, || {
            let (nodes, rows) =
                most_constrained::estimate_stratified(case.board, REFINE_FRONTIER, REFINE_PROBES);
            nodes * rows
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(batch.sum(
            case.index,
            [(Work::CountMostConstrained(case.board.clone()), 1)],
        ))
    }
}
