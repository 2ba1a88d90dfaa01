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

use crate::base::board::{Board, Symmetry};
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::ordering;
use crate::plan::cost::{NS_PER_BOARD_NODE, NS_PER_NODE, PLAN_PROBES, QUICK_PROBES};
use crate::plan::method::{Answer, Batch, CountingMethod, Shared};
use crate::plan::work::Work;

/// Boards up to this side are never planned: even the blank board is a few
/// thousand nodes, not worth an estimate.
const SMALL_N: usize = 9;
/// Below this many estimated nodes (about 0.2 ms), a board is not planned.
const SMALL_NODES: f64 = 20_000.0;

#[derive(Default)]
pub struct Ordered {
    /// The orientation chosen per quoted case of this batch.
    chosen: HashMap<usize, Symmetry>,
}

impl CountingMethod for Ordered {
    fn name(&self) -> &'static str {
        "ordered"
    }

    fn about(&self) -> &'static str {
        "the orientation with the smallest search tree"
    }

    fn quick(&mut self, case: usize, board: &Board, _: &mut Shared) -> Option<f64> {
        let quick = if board.n() <= SMALL_N {
            0.0
        } else {
            ordering::plain_nodes(board, QUICK_PROBES)
        };
        (quick < SMALL_NODES).then(|| {
            self.chosen.insert(case, ordering::first_lines_first(board));
            quick * NS_PER_NODE
        })
    }

    fn quote(&mut self, case: usize, board: &Board, _: &mut Shared) -> f64 {
        // When the board as given is its best orientation, this is the
        // plain method's quote, and the plain method (listed first) wins.
        let (symmetry, nodes) = ordering::best(board, PLAN_PROBES);
        self.chosen.insert(case, symmetry);
        nodes * NS_PER_BOARD_NODE
    }

    fn plan(
        &mut self,
        case: usize,
        board: &Board,
        _: &mut Shared,
        batch: &mut Batch,
    ) -> Result<Answer> {
        if ordering::has_empty_line(board) {
            return Ok(Answer::known(0));
        }
        let symmetry = match self.chosen.remove(&case) {
            Some(symmetry) => symmetry,
            None => ordering::best(board, PLAN_PROBES).0,
        };
        let problem = Problem::new(&board.transformed(symmetry));
        Ok(batch.sum(case, [(Work::Count(problem), 1)]))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.chosen.clear();
    }
}
