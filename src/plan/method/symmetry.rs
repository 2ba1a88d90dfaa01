//! **symmetry**: a board equal to its mirror image (in some orientation) is
//! searched by halves ([`crate::engine::symmetry`]).
//!
//! # Complexity
//! About half the tree of the best mirror-symmetric orientation.

use std::collections::HashMap;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::symmetry;
use crate::plan::cost::{NS_PER_BOARD_NODE, PLAN_PROBES};
use crate::plan::method::{Answer, Batch, CountingMethod, Shared, Skip};
use crate::plan::work::Work;

const NOT_SYMMETRIC: Skip = "board not mirror-symmetric";

#[derive(Default)]
pub struct Symmetry {
    /// The halves per quoted case of this batch, with their weights.
    /// and the estimated nodes of their trees.
    halves: HashMap<usize, (Vec<(Problem, u128)>, f64)>,
}

impl CountingMethod for Symmetry {
    fn name(&self) -> &'static str {
        "symmetry"
    }

    fn about(&self) -> &'static str {
        "mirror-symmetric boards by halves"
    }

    fn applies(
        &mut self,
        case: usize,
        board: &Board,
        _: &mut Shared,
    ) -> std::result::Result<(), Skip> {
        let (parts, nodes) = symmetry::halves(board, PLAN_PROBES).ok_or(NOT_SYMMETRIC)?;
        self.halves.insert(case, (parts, nodes));
        Ok(())
    }

    fn quote(&mut self, case: usize, _: &Board, _: &mut Shared) -> f64 {
        self.halves
            .get(&case)
            .map_or(f64::INFINITY, |(_, nodes)| nodes * NS_PER_BOARD_NODE)
    }

    fn plan(
        &mut self,
        case: usize,
        board: &Board,
        _: &mut Shared,
        batch: &mut Batch,
    ) -> Result<Answer> {
        let parts = match self.halves.remove(&case) {
            Some((parts, _)) => parts,
            None => vec![(Problem::new(board), 1)],
        };
        let parts = parts
            .into_iter()
            .map(|(problem, weight)| (Work::Count(problem), weight as i128));
        Ok(batch.sum(case, parts))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.halves.clear();
    }
}
