//! **index**: the blank board's solutions are enumerated once and each cell
//! keeps the bitset of solutions using it; a board's count is the solutions
//! outside the union of its blocked cells' sets ([`crate::engine::index`]).
//!
//! An index is a shared investment: built for a size only when the boards
//! of that size (in this batch and earlier ones) would save more than it
//! costs, and kept for the run. As in renting skis until the rent paid
//! would have bought them, the run never pays more than twice the better
//! choice.
//!
//! # Constraints
//! n <= 15 (61 MiB at n = 15).
//!
//! # Complexity
//! Building: one enumeration of the blank board; a query: a few passes over
//! the solution bitsets.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::index::{query_passes, SolutionIndex, MAX_INDEX_N};
use crate::plan::method::interface::{
    unprepared, About, Answer, Batch, Case, CountingMethod, Shared, Skip,
};
use crate::plan::prices::{ms, ENUMERATION_SHARE, NS_PER_NODE};
use crate::plan::work::Work;
use crate::tuning::methods::{NODES_PER_SOLUTION, NS_PER_WORD, WRITE_SHARE};

const ABOUT: About = About {
    name: "index",
    help: "a bitset of blank solutions per cell",
    applies: "n <= 15",
};

#[derive(Default)]
pub struct Index {
    indexes: HashMap<usize, Arc<SolutionIndex>>,
    /// Per board size without an index: what one would have saved so far.
    savings: HashMap<usize, f64>,
}

impl Index {
    /// The estimated cost (ns) of building the index of side `n`, and
    /// whether the threaded build (kernel parts on every thread) beats the
    /// constellation engine on one.
    fn build_cost(n: usize, shared: &mut Shared) -> (f64, bool) {
        let nodes = shared.blank_nodes(n) * NS_PER_NODE;
        let engine = nodes * (ENUMERATION_SHARE + WRITE_SHARE);
        // On threads the enumeration is shared, but the set-up and the
        // writes stay on one thread and the solutions pass through a buffer
        // first (measured at n = 14: 37 ms on 2 threads, 40 ms on one).
        let threaded = nodes * (ENUMERATION_SHARE / shared.threads() as f64 + WRITE_SHARE * 3.0);
        if shared.threads() > 1 && threaded < engine {
            (threaded, true)
        } else {
            (engine, false)
        }
    }
}

impl CountingMethod for Index {
    fn about(&self) -> About {
        ABOUT
    }

    fn applies(&mut self, case: Case, _: &mut Shared) -> std::result::Result<(), Skip> {
        if case.board.n() > MAX_INDEX_N {
            return Err("no index above n = 15");
        }
        match self.indexes.contains_key(&case.board.n()) {
            true => Ok(()),
            false => Err("no index of this size built"),
        }
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        (n * n) as f64 * (shared.blank_nodes(n) / NODES_PER_SOLUTION / 8.0)
    }

    fn quote(&mut self, case: Case, _: &mut Shared) -> f64 {
        self.indexes
            .get(&case.board.n())
            .map_or(f64::INFINITY, |index| {
                index.query_words(case.board) as f64 * NS_PER_WORD
            })
    }

    fn weigh(&mut self, board: &Board, best: f64, shared: &mut Shared) {
        let n = board.n();
        if n > MAX_INDEX_N {
            return;
        }
        let query = match self.indexes.get(&n) {
            Some(index) => index.query_words(board) as f64,
            None => {
                // Before an index exists its size is unknown.
                let words = shared.blank_nodes(n) / NODES_PER_SOLUTION / 64.0 + 1.0;
                query_passes(board) as f64 * words
            }
        } * NS_PER_WORD;
        *self.savings.entry(n).or_insert(0.0) += (best - query).max(0.0);
    }

    fn invest(&mut self, shared: &mut Shared, forced: bool) -> Result<bool> {
        let mut sizes: Vec<(usize, f64)> = self.savings.iter().map(|(&n, &s)| (n, s)).collect();
        sizes.sort_by_key(|&(n, _)| n);
        let mut built = false;
        for (n, saving) in sizes {
            let (cost, on_threads) = Index::build_cost(n, shared);
            if self.indexes.contains_key(&n) || saving <= cost {
                continue;
            }
            let start = Instant::now();
            // A forced index is built on the threads whenever there are
            // several, so that tests reach both builds.
            let index = if on_threads || (forced && shared.threads() > 1) {
                SolutionIndex::build_on_threads(n, shared.threads())?
            } else {
                SolutionIndex::build(n)
            };
            if !forced {
                shared.note(format!(
                    "index n={n}: {} solutions, {:.1} MiB, est={} actual={}",
                    index.total(),
                    index.bytes() as f64 / (1 << 20) as f64,
                    // At this machine's speed, as the cases' `est=`.
                    ms(shared
                        .speed()
                        .scale(cost, crate::plan::calibration::CostClass::Search)),
                    ms(start.elapsed().as_nanos() as f64)
                ));
            }
            self.indexes.insert(n, Arc::new(index));
            built = true;
        }
        Ok(built)
    }

    fn plan(&mut self, case: Case, _: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        let index = self
            .indexes
            .get(&case.board.n())
            .ok_or_else(|| unprepared(ABOUT.name))?;
        Ok(batch.sum(
            case.index,
            [(Work::Query(index.clone(), case.board.clone()), 1)],
        ))
    }
}
