//! **ordered**: the kernel on the orientation of the board (of its 8
//! images) with the smallest estimated tree.
//!
//! It also answers boards too small to be worth planning: those are only
//! turned so that their most constrained side comes first (free cells of
//! the first lines of each side; no search, no estimate for n <= 9).
//!
//! # Complexity
//! Planning: one estimate per orientation; the count is the chosen
//! orientation's tree.

use std::collections::HashMap;

use crate::base::board::Symmetry;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::{ordering, tree_size};
use crate::plan::method::interface::{About, Answer, Batch, Case, CountingMethod, Shared};
use crate::plan::prices::{
    refined, NS_PER_BOARD_NODE, NS_PER_LANE_NODE, NS_PER_NODE, PLAN_PROBES, QUICK_PROBES,
    REFINE_FRONTIER, REFINE_PROBES,
};
use crate::plan::work::Work;
use crate::tuning::methods::{ORDERED_SMALL_N as SMALL_N, SMALL_NODES};

const ABOUT: About = About {
    name: "ordered",
    help: "the orientation with the smallest search tree",
    applies: "",
};

#[derive(Default)]
pub struct Ordered {
    /// The orientation chosen per quoted case of this batch.
    chosen: HashMap<usize, Symmetry>,
}

impl CountingMethod for Ordered {
    fn about(&self) -> About {
        ABOUT
    }

    fn quick(&mut self, case: Case, _: &mut Shared) -> Option<f64> {
        let quick = if case.board.n() <= SMALL_N {
            0.0
        } else {
            ordering::plain_nodes(case.board, QUICK_PROBES)
        };
        (quick < SMALL_NODES).then(|| {
            self.chosen
                .insert(case.index, ordering::first_lines_first(case.board));
            quick * NS_PER_NODE
        })
    }

    fn quote(&mut self, case: Case, _: &mut Shared) -> f64 {
        // When the case.board as given is its best orientation, this is the
        // plain method's quote, and the plain method (listed first) wins.
        let (symmetry, nodes) = ordering::best(case.board, PLAN_PROBES);
        self.chosen.insert(case.index, symmetry);
        nodes * NS_PER_BOARD_NODE
    }

    fn refine(&mut self, case: Case, _: &mut Shared, quote: f64) -> f64 {
        let symmetry = self.chosen.get(&case.index).copied();
        refined(quote, NS_PER_LANE_NODE, || {
            let board = case
                .board
                .transformed(symmetry.unwrap_or(Symmetry::Identity));
            tree_size::nodes_stratified(
                &Problem::new(&board).rows(),
                REFINE_FRONTIER,
                REFINE_PROBES,
            )
        })
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        if ordering::has_empty_line(case.board) {
            return Ok(Answer::known(0));
        }
        let symmetry = match self.chosen.remove(&case.index) {
            Some(symmetry) => symmetry,
            None => ordering::best(case.board, PLAN_PROBES).0,
        };
        let problem = Problem::new(&case.board.transformed(symmetry));
        Ok(batch.sum(case.index, [(Work::Count(problem), 1)]))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.chosen.clear();
    }
}
