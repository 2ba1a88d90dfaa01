//! **inclusion-exclusion**: the blank count plus a forced-queen search per
//! independent set of blocked cells ([`crate::engine::inclusion`]); for
//! near-blank boards where no index pays, and for blank boards (no terms).
//!
//! Blank counts and terms (up to symmetry) are kept for the run, so a later
//! board reuses them; within a batch each is searched once.
//!
//! # Constraints
//! Boards with blocked cells up to n = 18 and [`MAX_TERMS`] terms; blank
//! boards of any size. Sums are `i128`: a partial sum is at most the number
//! of terms times the blank count, far inside it.
//!
//! # Complexity
//! The blank engine's count (shared by the threads) plus, per term, a
//! search of about `1/n^|S|` of the blank tree.

use std::collections::HashMap;

use crate::base::error::Result;
use crate::base::geometry::Cell;
use crate::engine::counter::Engine;
use crate::engine::inclusion;
use crate::plan::method::{About, Answer, Batch, Case, CountingMethod, Shared, Skip, Slot};
use crate::plan::prices::NS_PER_LANE_NODE;
use crate::plan::work::Work;

/// At most this many terms are considered.
const MAX_TERMS: usize = 4096;
/// Boards with blocked cells up to this side (the blank count must be
/// affordable).
const MAX_N: usize = 18;
/// The most terms kept between batches (about 100 MiB at worst): a long
/// run of distinct near-blank boards without an index could pile up
/// millions, so past this the cache starts afresh.
const MAX_CACHED_TERMS: usize = 1 << 20;

type TermKey = (usize, Vec<Cell>);

const ABOUT: About = About {
    name: "inclusion-exclusion",
    help: "blank count, one search per set of blocked cells",
    applies: "blank boards, or n <= 18 (<= 4096 terms)",
};

#[derive(Default)]
pub struct InclusionExclusion {
    blank_counts: HashMap<usize, u128>,
    terms: HashMap<TermKey, u128>,
    /// The terms per quoted case of this batch.
    quoted: HashMap<usize, Vec<Vec<Cell>>>,
    /// Blank counts and terms this batch computes, and their slots.
    pending_blanks: HashMap<usize, Slot>,
    pending_terms: HashMap<TermKey, Slot>,
}

impl InclusionExclusion {
    /// The estimated cost (ns) of the blank count of side `n`: nothing once
    /// it is known; shared by the threads.
    fn blank_cost(&self, n: usize, shared: &mut Shared) -> f64 {
        if self.blank_counts.contains_key(&n) {
            0.0
        } else {
            shared.blank_count_cost(n)
        }
    }
}

impl CountingMethod for InclusionExclusion {
    fn about(&self) -> About {
        ABOUT
    }

    fn applies(&mut self, case: Case, _: &mut Shared) -> std::result::Result<(), Skip> {
        let n = case.board.n();
        if case.board.obstacles() > 0 && n > MAX_N {
            return Err("no inclusion-exclusion above n = 18 with blocked cells");
        }
        // Each blocked cell adds terms of about 1/n of the blank search, on
        // top of the blank count: past n/2 of them the plain search is
        // always cheaper, so the terms are not even listed unless forced.
        if case.board.obstacles() <= n / 2 {
            let sets = inclusion::terms(case.board, MAX_TERMS).ok_or("too many terms")?;
            self.quoted.insert(case.index, sets);
        }
        Ok(())
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        if self.blank_counts.contains_key(&n) {
            // Known: the terms' searches hold only their stacks.
            return 0.0;
        }
        let sizing = shared.blank_count_sizing(n);
        sizing.bytes + sizing.thread_bytes * (shared.threads() - 1) as f64
    }

    fn engine(&mut self, case: Case, shared: &mut Shared) -> Option<Engine> {
        let n = case.board.n();
        (!self.blank_counts.contains_key(&n)).then(|| shared.blank_count_sizing(n).engine)
    }

    fn counts_blank(&self) -> bool {
        true
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        let sets = match self.quoted.get(&case.index) {
            Some(sets) => sets,
            None => return f64::INFINITY,
        };
        let blank_nodes = shared.blank_nodes(n);
        let mut cost = self.blank_cost(n, shared);
        for cells in sets {
            if !self.terms.contains_key(&inclusion::term_key(n, cells)) {
                // A forced queen keeps about 1/n of the tree, per queen.
                cost += blank_nodes * NS_PER_LANE_NODE / (n as f64).powi(cells.len() as i32);
            }
        }
        cost
    }

    fn plan(&mut self, case: Case, shared: &mut Shared, batch: &mut Batch) -> Result<Answer> {
        let n = case.board.n();
        let sets = match self.quoted.remove(&case.index) {
            Some(sets) => sets,
            None => match inclusion::terms(case.board, MAX_TERMS) {
                Some(sets) => sets,
                None => {
                    let problem = crate::base::problem::Problem::new(case.board);
                    let answer = batch.sum(case.index, [(Work::Count(problem), 1)]);
                    return Ok(answer.noted(" (too many terms: the plain search)".to_string()));
                }
            },
        };
        let mut answer = Answer::default();
        let mut engine = None;
        match self.blank_counts.get(&n) {
            Some(&count) => answer.constant += count as i128,
            None => {
                engine = Some(shared.blank_count_sizing(n).engine);
                let slot = match self.pending_blanks.get(&n) {
                    Some(&slot) => slot,
                    None => {
                        let slot = batch.slot();
                        for work in shared.blank_count_units(n)? {
                            batch.push(case.index, slot, 1, work);
                        }
                        self.pending_blanks.insert(n, slot);
                        slot
                    }
                };
                answer.slots.push((slot, 1));
            }
        }
        let count = sets.len();
        for cells in sets {
            let sign = inclusion::sign(&cells);
            let key = inclusion::term_key(n, &cells);
            if let Some(&value) = self.terms.get(&key) {
                answer.constant += sign * value as i128;
                continue;
            }
            let slot = match self.pending_terms.get(&key) {
                Some(&slot) => slot,
                None => {
                    let slot = batch.slot();
                    let problem = inclusion::term_problem(n, &key.1);
                    batch.push(case.index, slot, 1, Work::Count(problem));
                    self.pending_terms.insert(key, slot);
                    slot
                }
            };
            answer.slots.push((slot, sign));
        }
        // A blank board is the blank count alone: its engine named as
        // `count N --estimate` names it.
        let note = if count == 0 {
            match engine {
                Some(engine) => format!(" (blank: {})", engine.name()),
                None => " (blank)".to_string(),
            }
        } else {
            format!(" ({count} terms)")
        };
        Ok(answer.noted(note))
    }

    fn absorb(&mut self, values: &[i128]) {
        for (n, slot) in self.pending_blanks.drain() {
            self.blank_counts.insert(n, slot.value(values) as u128);
        }
        for (key, slot) in self.pending_terms.drain() {
            self.terms.insert(key, slot.value(values) as u128);
        }
        self.quoted.clear();
        if self.terms.len() > MAX_CACHED_TERMS {
            self.terms.clear();
        }
    }
}
