//! The half-board join as a [`UnitCounter`]: the join's units (each the
//! identity's share of Burnside's sum too), and for unique counts one unit
//! per (symmetry, first-row column) counting the solutions that symmetry
//! fixes ([`crate::engine::counter::fixed`]).
//!
//! # Constraints
//! `1 <= n <= JOIN_TO` of [`crate::engine::counter`]; the layout within
//! its [`Budget`].
//!
//! # Complexity
//! The join's ([`crate::engine::half_board`]); the symmetric units add
//! about [`FIXED_SHARE`] of it.

use crate::base::board::{full_row, Symmetry};
use crate::engine::budget::Budget;
use crate::engine::counter::fixed::fixed;
use crate::engine::counter::unit::{fingerprint_of, CountPrice, Engine, UnitCounter};
use crate::engine::counts::Counts;
use crate::engine::half_board::layout::tasks_floor;
use crate::engine::half_board::price::timed::Timed;
use crate::engine::half_board::PreparedJoin;
use crate::engine::pricing::CostClass;
pub use crate::tuning::engines::FIXED_SHARE;

/// What the join of the blank board of side `n` would cost within
/// `budget`, priced from samples without planning it ([`PreparedJoin::price`]);
/// `None` where it would not plan.
pub fn priced(n: usize, unique: bool, budget: Budget) -> Option<CountPrice> {
    sized(
        n,
        unique,
        PreparedJoin::price(n, &vec![full_row(n); n], budget)?,
    )
}

/// [`priced`] from fewer samples ([`PreparedJoin::price_roughly`]): for advice
/// that prices many budgets.
pub fn priced_roughly(n: usize, unique: bool, budget: Budget) -> Option<CountPrice> {
    sized(
        n,
        unique,
        PreparedJoin::price_roughly(n, &vec![full_row(n); n], budget)?,
    )
}

fn sized(
    n: usize,
    unique: bool,
    price: crate::engine::half_board::price::layout::Price,
) -> Option<CountPrice> {
    let extra = if unique { FIXED_SHARE } else { 0.0 };
    Some(CountPrice {
        engine: Engine::Join,
        cpu_ns: price.cost * (1.0 + extra),
        bytes: price.peak_bytes as f64,
        thread_bytes: price.scratch_bytes as f64,
        units: price.units,
        cost_class: CostClass::join(n),
    })
}

/// A planned join of the blank board, tables not yet built.
pub struct Prepared {
    join: PreparedJoin,
    unique: bool,
    /// The share of the symmetric units this run counts, and the whole
    /// join's cost they are priced from.
    share: f64,
    whole_cost: f64,
}

/// Marks the fingerprints of odd joins from 25 on counted since the left
/// bottom quarter's words are read as their diagonal bits (see
/// `Join`'s fingerprint).
const CROSS_MARKS_REVISION: u64 = 0x0c4c_d9f1;

impl Prepared {
    /// The join of the blank board of side `n`, or `None` where it does not
    /// plan within `budget`.
    pub fn new(n: usize, unique: bool, budget: Budget) -> Option<Prepared> {
        let join = PreparedJoin::within(n, &vec![full_row(n); n], budget)?;
        Some(Prepared::of(join, unique))
    }

    /// The join of the blank board of side `n` that [`Prepared::saved`]
    /// wrote, not planned again; `None` when the bytes are not such a
    /// join's (see [`PreparedJoin::from_saved`]).
    pub fn from_saved(n: usize, unique: bool, bytes: &[u8]) -> Option<Prepared> {
        let join = PreparedJoin::from_saved(n, &vec![full_row(n); n], bytes)?;
        Some(Prepared::of(join, unique))
    }

    /// What its planning found, as bytes (before [`Prepared::only`]);
    /// `None` where it planned from samples (see [`PreparedJoin::saved`]).
    pub fn saved(&self) -> Option<Vec<u8>> {
        self.join.saved()
    }

    /// A lower bound of the tasks the layout of [`Prepared::of_board`]
    /// lists ([`PreparedJoin::tasks`]), found without planning it: 0 where none
    /// is kept ([`tasks_floor`]).
    pub fn tasks_floor(rows: &[u64]) -> usize {
        tasks_floor(rows)
    }

    /// The join of any board (blocked cells never used), totals only.
    pub fn of_board(rows: &[u64], budget: Budget) -> Option<Prepared> {
        let join = PreparedJoin::within(rows.len(), rows, budget)?;
        Some(Prepared::of(join, false))
    }

    /// The blank board's join of side `rows.len()`, each solution credited
    /// with the images of the board `rows`' blocked cells it avoids
    /// ([`PreparedJoin::credited`]): its units sum to
    /// [`crate::engine::half_board::images::IMAGES`] times the board's
    /// count. Totals only.
    pub fn credited(rows: &[u64], budget: Budget) -> Option<Prepared> {
        let join = PreparedJoin::credited(rows, budget)?;
        Some(Prepared::of(join, false))
    }

    /// The same join again, whole (see [`PreparedJoin::again`]): planned once,
    /// narrowed to one shard after another. Call it before
    /// [`Prepared::only`].
    pub fn again(&self) -> Option<Prepared> {
        Some(Prepared::of(self.join.again()?, self.unique))
    }

    /// The whole of `join` (no shard's share yet).
    fn of(join: PreparedJoin, unique: bool) -> Prepared {
        let whole_cost = join.cost();
        Prepared {
            join,
            unique,
            share: 1.0,
            whole_cost,
        }
    }

    /// Keeps only the tables of the units `keep` accepts (by position, as
    /// [`UnitCounter`] numbers them; `1/of` of them), and prices those:
    /// a shard builds and pays for its own units only.
    pub fn only(mut self, keep: &dyn Fn(usize) -> bool, of: usize) -> Prepared {
        let whole = self.join.cost();
        let mine: Vec<usize> = (0..self.join.units()).filter(|&u| keep(u)).collect();
        self.join.narrow(&mine);
        self.share = 1.0 / of.max(1) as f64;
        self.whole_cost = whole;
        self
    }

    /// Some of the units `keep` accepts (by position) run and timed against
    /// their price, until their CPU reaches `cpu_ns` (see
    /// [`crate::engine::half_board::price::timed`]); `None` where the
    /// system has no thread CPU clock.
    pub fn timed(&self, keep: &dyn Fn(usize) -> bool, cpu_ns: f64, seed: u64) -> Option<Timed> {
        let units: Vec<usize> = (0..self.join.units()).filter(|&u| keep(u)).collect();
        self.join.timed(&units, cpu_ns, seed)
    }

    /// The number of parts the work is split into to fit the memory.
    pub fn parts(&self) -> usize {
        self.join.parts()
    }

    /// The number of units (before any symmetric ones).
    pub fn units(&self) -> usize {
        self.join.units()
    }

    /// The number of tasks the units join (see [`PreparedJoin::tasks`]).
    pub fn tasks(&self) -> Option<usize> {
        self.join.tasks()
    }

    /// Its cost and memory.
    pub fn price(&self) -> CountPrice {
        let extra = if self.unique {
            FIXED_SHARE * self.whole_cost * self.share
        } else {
            0.0
        };
        CountPrice {
            engine: Engine::Join,
            cpu_ns: self.join.cost() + extra,
            bytes: self.join.peak_bytes() as f64,
            thread_bytes: self.join.scratch_bytes() as f64,
            units: self.join.units() as f64,
            cost_class: CostClass::join(self.join.n()),
        }
    }

    /// The symmetric units that follow the join's in the built counter's
    /// list: one per symmetry but the identity and first-row column, for
    /// unique counts only.
    pub fn symmetric_units(&self) -> usize {
        match self.unique {
            true => (Symmetry::ALL.len() - 1) * self.join.n(),
            false => 0,
        }
    }

    /// The counter (tables are built as units run).
    pub fn build(self) -> Join {
        let n = self.join.n();
        let fixed: Vec<(Symmetry, usize)> = if self.unique {
            Symmetry::ALL[1..]
                .iter()
                .flat_map(|&symmetry| (0..n).map(move |first| (symmetry, first)))
                .collect()
        } else {
            Vec::new()
        };
        debug_assert_eq!(fixed.len(), self.symmetric_units());
        Join {
            join: self.join,
            fixed,
        }
    }
}

/// The join's units, then the symmetric units.
pub struct Join {
    join: PreparedJoin,
    fixed: Vec<(Symmetry, usize)>,
}

impl Join {
    /// The prepared join underneath (parts, cost terms).
    pub fn prepared(&self) -> &PreparedJoin {
        &self.join
    }
}

impl UnitCounter for Join {
    fn engine(&self) -> Engine {
        Engine::Join
    }

    fn units(&self) -> usize {
        self.join.units() + self.fixed.len()
    }

    fn weight(&self, unit: usize) -> u64 {
        match unit.checked_sub(self.join.units()) {
            None => self.join.unit_weight(unit).max(1.0) as u64,
            Some(_) => (self.join.cost() * FIXED_SHARE / self.fixed.len() as f64).max(1.0) as u64,
        }
    }

    fn fingerprint(&self) -> u64 {
        let symmetric = self
            .fixed
            .iter()
            .map(|&(symmetry, first)| symmetry as u64 * 64 + first as u64);
        // Records of odd counts from 25 on made before the left bottom
        // quarter was read as its diagonal bits (c4cd9f1: cross mode's
        // marks refused some of its placements) undercount: a revision in
        // the fingerprint keeps `merge` from adding them to new ones.
        let n = self.join.n();
        let revised = (n >= 25 && n % 2 == 1).then_some(CROSS_MARKS_REVISION);
        fingerprint_of(
            [u64::from(b'j'), self.fixed.len() as u64]
                .into_iter()
                .chain(self.join.unit_keys())
                .chain(symmetric)
                .chain(revised),
        )
    }

    fn count(&self, unit: usize) -> Counts {
        match unit.checked_sub(self.join.units()) {
            None => {
                let total = self.join.run_unit(unit);
                Counts {
                    total,
                    burnside: if self.fixed.is_empty() { 0 } else { total },
                }
            }
            Some(i) => {
                let (symmetry, first) = self.fixed[i];
                Counts {
                    total: 0,
                    burnside: fixed(self.join.n(), symmetry, first),
                }
            }
        }
    }

    /// The join's tallied bound ([`PreparedJoin::bound`]); the fixed
    /// points' units add nothing to the total.
    fn bound(&self) -> Option<u128> {
        self.join.bound()
    }

    /// A join unit by the definition ([`PreparedJoin::recount_unit`]); a
    /// symmetric unit by the same direct search again (its share of the
    /// fixed points, whose sum `merge` checks against a search of its
    /// own).
    fn recount(&self, unit: usize) -> Option<Counts> {
        match unit.checked_sub(self.join.units()) {
            None => {
                let total = self.join.recount_unit(unit)?;
                Some(Counts {
                    total,
                    burnside: if self.fixed.is_empty() { 0 } else { total },
                })
            }
            Some(_) => Some(self.count(unit)),
        }
    }
}
