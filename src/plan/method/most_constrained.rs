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

/// Nanoseconds per node of the most-constrained-first search, and per open
/// row it examines there, at the reference speed of the searches' probe.
/// Fitted on the CPU time of 19 boards, n = 17..=47 and 20% to 83% blocked
/// (3 to 26 open rows a node; the quotes bench's boards), divided by the
/// probe's factor on that machine (1.8): 21 + 6.7 per row there, each board
/// within 0.78-1.16x of the fit. Priced at 6 per row and nothing per node
/// before, the boards past n = 36 (20-26 open rows) came out 1.3-1.8x high.
const NS_PER_NODE: f64 = 11.7;
const NS_PER_ROW: f64 = 3.75;

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

    fn refine(&mut self, case: Case, _: &mut Shared, quote: f64) -> f64 {
        refined(quote, 1.0, || {
            price(most_constrained::estimate_stratified(
                case.board,
                REFINE_FRONTIER,
                REFINE_PROBES,
            ))
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        Ok(batch.sum(
            case.index,
            [(Work::CountMostConstrained(case.board.clone()), 1)],
        ))
    }
}
