//! **symmetry**: a board equal to its mirror image (in some orientation) is
//! searched by halves ([`crate::engine::symmetry`]).
//!
//! # Complexity
//! About half the tree of the best mirror-symmetric orientation.

use std::collections::HashMap;

use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::symmetry;
use crate::plan::method::interface::{
    unprepared, About, Answer, Batch, Case, CountingMethod, Shared, Skip,
};
use crate::plan::prices::{NS_PER_BOARD_NODE, PLAN_PROBES};
use crate::plan::work::Work;

const NOT_SYMMETRIC: Skip = "board not mirror-symmetric";

const ABOUT: About = About {
    name: "symmetry",
    help: "the board by halves, one each side of its mirror",
    applies: "mirror-symmetric boards",
};

#[derive(Default)]
pub struct Symmetry {
    /// The halves per quoted case of this batch, with their weights.
    /// and the estimated nodes of their trees.
    halves: HashMap<usize, (Vec<(Problem, u128)>, f64)>,
}

impl CountingMethod for Symmetry {
    fn about(&self) -> About {
        ABOUT
    }

    fn applies(&mut self, case: Case, _: &mut Shared) -> std::result::Result<(), Skip> {
        let (parts, nodes) = symmetry::halves(case.board, PLAN_PROBES).ok_or(NOT_SYMMETRIC)?;
        self.halves.insert(case.index, (parts, nodes));
        Ok(())
    }

    fn quote(&mut self, case: Case, _: &mut Shared) -> f64 {
        self.halves
            .get(&case.index)
            .map_or(f64::INFINITY, |(_, nodes)| nodes * NS_PER_BOARD_NODE)
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        let (parts, _) = self
            .halves
            .remove(&case.index)
            .ok_or_else(|| unprepared(ABOUT.name))?;
        let parts = parts
            .into_iter()
            .map(|(problem, weight)| (Work::Count(problem), weight as i128));
        Ok(batch.sum(case.index, parts))
    }

    fn absorb(&mut self, _: &[i128]) {
        self.halves.clear();
    }
}
