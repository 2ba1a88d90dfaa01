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

/// Searches the first stratified estimate prices above this (ns) are
/// estimated again, from a frontier of [`CLOSER_FRONTIER`] nodes and one
/// probe from each: the search's tree is lopsided, and a deeper frontier
/// spreads the estimate far less than more probes from a shallow one, for
/// about the same time (23-70 ms on the quotes bench's boards past 1 s,
/// 1-5% of the search's price: the most near 1 s).
///
/// From 512 nodes and 8 probes each, the quotes bench's n = 42 clustered
/// 78% board came out 0.77-1.73 of its real 55.7 M nodes over eight random
/// streams (the estimator's own stream: 1.27, so its quote ran 0.62-0.74
/// of the CPU time, while the per-node price of its real tree was within
/// 0.79-1.18 of the CPU time of every board's); from 16384 nodes and one
/// probe 0.92-1.07 (its own: 0.94), and the bench's other boards past
/// n = 36 within 0.90-1.24 (from 512 and 8: 0.80-1.31). Measured in
/// benches/NOTES.md, "Quotes: the last two boards". Past 1 s rather than
/// 2 s: the n = 45 clustered 80% board, priced 1.16 s from 512 nodes (1.14x
/// its real tree, 0.98x from 16384), ran 0.66 of its quote once.
const CLOSER_NS: f64 = 1e9;
const CLOSER_FRONTIER: usize = 16384;

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
