//! **inclusion-exclusion**: the blank count plus a forced-queen search per
//! independent set of blocked cells ([`crate::engine::inclusion`]); for
//! near-blank boards where no index pays, and for blank boards (no terms).
//!
//! Blank counts and terms (up to symmetry) are kept for the run, so a later
//! board reuses them; within a batch each is searched once. A term is a
//! search with its queens placed, or, where the half-board join of its
//! board is priced cheaper (one queen on a board of 15 and more: its search
//! is about `1/n` of the plain blank tree, seconds at n = 17), that join,
//! turned so that the queens sit near the middle row
//! ([`inclusion::term_rows_for_join`]).
//!
//! # Constraints
//! Boards with blocked cells up to n = 18 and [`MAX_TERMS`] terms; blank
//! boards of any size. Sums are `i128`: a partial sum is at most the number
//! of terms times the blank count, far inside it.
//!
//! # Complexity
//! The constellation engine's count (shared by the threads) plus, per term, a
//! search of about `1/n^|S|` of the blank tree or a join of a board with
//! `|S|` queens placed (the join's own cost model), whichever is priced
//! lower.

use std::collections::HashMap;
use std::sync::Arc;

use crate::base::error::Result;
use crate::base::geometry::Cell;
use crate::engine::counter::join::Prepared;
use crate::engine::counter::{Engine, UnitCounter};
use crate::engine::inclusion;
use crate::plan::calibration::CostClass;
use crate::plan::method::interface::{
    About, Answer, Batch, Case, CountingMethod, Shared, Skip, Slot,
};
use crate::plan::work::Work;
use crate::tuning::methods::{
    INCLUSION_MAX_N as MAX_N, JOIN_MIN_N, JOIN_TERM_FROM, MAX_CACHED_TERMS, MAX_TERMS,
    NS_PER_TERM_NODE,
};

type TermKey = (usize, Vec<Cell>);

const ABOUT: About = About {
    name: "inclusion-exclusion",
    help: "blank count, one search per set of blocked cells",
    applies: "blank boards, or n <= 18 and at most n/2 blocked (<= 4096 terms)",
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
    /// This batch's price of each term not known yet, and the join plans of
    /// those priced cheaper joined than searched.
    prices: HashMap<TermKey, f64>,
    joins: HashMap<TermKey, Prepared>,
}

impl InclusionExclusion {
    /// The estimated cost (ns) of the blank count of side `n`: nothing once
    /// it is known; shared by the threads.
    fn blank_cost(&self, n: usize, shared: &mut Shared) -> f64 {
        if self.blank_counts.contains_key(&n) {
            0.0
        } else {
            let cost_class = shared.blank_count_price(n).cost_class;
            at_search_speed(shared.blank_count_cost(n), cost_class, shared)
        }
    }

    /// The estimated cost (ns) of the term of `key`, whose search prunes
    /// about `1/n` of the blank tree per queen: that search's, or its
    /// join's when it is priced lower (the join then planned, for
    /// [`CountingMethod::plan`]).
    fn term_cost(&mut self, key: &TermKey, shared: &mut Shared) -> f64 {
        if let Some(&price) = self.prices.get(key) {
            return price;
        }
        let n = key.0;
        let search = term_search_cost(key, shared);
        let mut price = search;
        if may_join(key, search) {
            let rows = inclusion::term_rows_for_join(n, &key.1);
            if let Some(plan) = Prepared::of_board(&rows, shared.budget()) {
                let count_price = plan.price();
                let join = at_search_speed(count_price.cpu_ns, count_price.cost_class, shared);
                // In parts, the units would rebuild tables (as for the
                // half-board method).
                if plan.parts() == 1 && join < search {
                    price = join;
                    self.joins.insert(key.clone(), plan);
                }
            }
        }
        self.prices.insert(key.clone(), price);
        price
    }
}

/// The estimated cost (ns) of the search of the term of `key`: the blank
/// tree cut by about `n` per queen placed.
fn term_search_cost(key: &TermKey, shared: &mut Shared) -> f64 {
    let n = key.0;
    shared.blank_nodes(n) * NS_PER_TERM_NODE / (n as f64).powi(key.1.len() as i32)
}

/// Whether the term of `key`, whose search costs `search` (ns), is priced
/// through its join as well (which plans the join).
fn may_join(key: &TermKey, search: f64) -> bool {
    key.0 >= JOIN_MIN_N && search > JOIN_TERM_FROM
}

/// `ns` of the model of `cost_class` as the searches' ns ([`CostClass::Search`]):
/// this method's quote is priced at the searches' speed (the default
/// [`CountingMethod::cost_class`]), so the parts of it spent in a join (the
/// blank count from n = 16, the joined terms) are turned by the ratio of
/// the two classes' factors on this machine. Measured on a 2-core AMD
/// machine (join of a board with cells 2.46x the reference, searches
/// 1.74x, odd blank join 1.52x): n = 17 with 4 blocked cells was quoted
/// 10 s at the searches' speed and ran 12.4 s; priced by cost class, 12.3 s.
/// The run's speed's probe runs only for a cost class other than the searches'.
fn at_search_speed(ns: f64, cost_class: CostClass, shared: &Shared) -> f64 {
    if cost_class == CostClass::Search {
        return ns;
    }
    let calibration = shared.speed().calibration();
    ns * calibration.factor(cost_class) / calibration.factor(CostClass::Search)
}

impl CountingMethod for InclusionExclusion {
    fn about(&self) -> About {
        ABOUT
    }

    /// The blank count, part of every quote with blocked cells (0 where
    /// the method does not apply or lists no terms, or the count is known).
    fn floor(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let (n, cells) = (case.board.n(), case.board.obstacles());
        if cells == 0 || n > MAX_N || cells > n / 2 {
            return 0.0;
        }
        self.blank_cost(n, shared)
    }

    fn applies(&mut self, case: Case, _: &mut Shared) -> std::result::Result<(), Skip> {
        let n = case.board.n();
        if case.board.obstacles() > 0 && n > MAX_N {
            return Err("no inclusion-exclusion above n = 18 with blocked cells");
        }
        // Each blocked cell adds terms of about 1/n of the blank search, on
        // top of the blank count: past n/2 of them the plain search is
        // always cheaper, and the method does not apply (forced, the
        // planner says so and the plain search counts it: it used to run
        // the plain search inside this method, quoted at infinity and
        // without a word, issue 75).
        if case.board.obstacles() > n / 2 {
            return Err("more than n/2 blocked cells, where the plain search is cheaper");
        }
        let sets = inclusion::terms(case.board, MAX_TERMS).ok_or("too many terms")?;
        self.quoted.insert(case.index, sets);
        Ok(())
    }

    fn quotes_on_threads(&self) -> bool {
        true
    }

    fn memory(&mut self, case: Case, shared: &mut Shared) -> f64 {
        let n = case.board.n();
        // The joined terms run one after another at worst: the biggest.
        let joins = (self.joins.values())
            .filter(|plan| plan.price().bytes > 0.0)
            .map(|plan| plan.price().bytes_on(shared.threads()))
            .fold(0.0, f64::max);
        if self.blank_counts.contains_key(&n) {
            // Known: the terms' searches hold only their stacks.
            return joins;
        }
        let threads = shared.threads();
        joins.max(shared.blank_count_price(n).bytes_on(threads))
    }

    fn engine(&mut self, case: Case, shared: &mut Shared) -> Option<Engine> {
        let n = case.board.n();
        (!self.blank_counts.contains_key(&n)).then(|| shared.blank_count_price(n).engine)
    }

    fn counts_blank(&self) -> bool {
        true
    }

    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64 {
        self.quote_within(case, shared, f64::INFINITY)
    }

    /// The terms priced by their search alone come first (no planning);
    /// then those a join may price lower, each join planned (10-150 ms at
    /// n = 15..=18) only while the sum is within `bound`: on n = 17 with 5
    /// blocked cells the five one-queen joins took 0.44 s of the 2.0 s run
    /// to quote 8 s against the credited join's 1.4 s, where the first
    /// already passes it.
    fn quote_within(&mut self, case: Case, shared: &mut Shared, bound: f64) -> f64 {
        let n = case.board.n();
        let mut keys: Vec<(TermKey, f64)> = match self.quoted.get(&case.index) {
            Some(sets) => (sets.iter())
                .map(|cells| inclusion::term_key(n, cells))
                .filter(|key| !self.terms.contains_key(key))
                .map(|key| {
                    let search = term_search_cost(&key, shared);
                    (key, search)
                })
                .collect(),
            None => return f64::INFINITY,
        };
        keys.sort_by_key(|(key, search)| may_join(key, *search));
        let mut cost = self.blank_cost(n, shared);
        for (key, _) in keys {
            if cost > bound {
                break;
            }
            cost += self.term_cost(&key, shared);
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
                engine = Some(shared.blank_count_price(n).engine);
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
        let mut joined = 0;
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
                    // Priced now when forced (a forced method is not quoted).
                    self.term_cost(&key, shared);
                    match self.joins.remove(&key) {
                        Some(plan) => {
                            joined += 1;
                            let counter: Arc<dyn UnitCounter> = Arc::new(plan.build());
                            for unit in 0..counter.units() {
                                let work = Work::Units(counter.clone(), unit);
                                batch.push(case.index, slot, 1, work);
                            }
                        }
                        None => {
                            let problem = inclusion::term_problem(n, &key.1);
                            batch.push(case.index, slot, 1, Work::Count(problem));
                        }
                    }
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
        } else if joined > 0 {
            format!(" ({count} terms, {joined} joined)")
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
        self.prices.clear();
        self.joins.clear();
        if self.terms.len() > MAX_CACHED_TERMS {
            self.terms.clear();
        }
    }
}
