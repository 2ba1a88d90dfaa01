//! **most-constrained**: the row with the fewest choices first, at every
//! node ([`crate::engine::most_constrained`]); pays on boards with many
//! blocked cells.
//!
//! # Complexity
//! Its tree times a node's fixed cost plus the open rows examined per node.

use crate::base::error::Result;
use crate::engine::most_constrained;
use crate::plan::method::interface::{About, Answer, Batch, Case, CountingMethod, Shared};
use crate::plan::prices::{refined, PLAN_PROBES, REFINE_FRONTIER, REFINE_PROBES};
use crate::plan::work::Work;
use crate::tuning::methods::{
    CLOSER_FRONTIER, CLOSER_NS, MOST_CONSTRAINED_NS_PER_NODE as NS_PER_NODE, NS_PER_ROW,
};

/// The price (ns) of a search of `nodes` nodes with `rows` open rows a node
/// on average.
fn price((nodes, rows): (f64, f64)) -> f64 {
    nodes * (NS_PER_NODE + NS_PER_ROW * rows)
}

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
        price(most_constrained::estimate(case.board, PLAN_PROBES))
    }

    /// The stratified estimate, and for a search it prices above
    /// [`CLOSER_NS`] a second one from a deeper frontier.
    fn refine(&mut self, case: Case, _: &mut Shared, quote: f64) -> f64 {
        refined(quote, 1.0, || {
            let first = price(most_constrained::estimate_stratified(
                case.board,
                REFINE_FRONTIER,
                REFINE_PROBES,
            ));
            if first > CLOSER_NS {
                price(most_constrained::estimate_stratified(
                    case.board,
                    CLOSER_FRONTIER,
                    1,
                ))
            } else {
                first
            }
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(batch.sum(
            case.index,
            [(Work::CountMostConstrained(case.board.clone()), 1)],
        ))
    }
}
