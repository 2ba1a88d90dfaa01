//! One interface for every engine whose count of the blank board is a list
//! of independent work units, and the one rule that chooses the engine.
//!
//! An engine implements [`UnitCounter`] (in [`unit`], which the engines
//! import instead of this file): its units, each unit's weight, counting
//! units on threads, its fingerprint. Before anything large is
//! made, a [`Choice`] says which engine counts side `n` and what it will
//! cost ([`CountPrice`]: time, peak memory), and builds it. `count` (totals,
//! `--unique`, shards, checkpoints, progress, `--estimate`), `merge`,
//! checker mode and the planner's blank counts all go through [`choose`]:
//!
//! - [`join`]: the half-board join ([`crate::engine::half_board`]), from
//!   [`JOIN_FROM`] up to [`JOIN_TO`], its memory (tables and every
//!   thread's scratch) held within the run's [`Budget`] by splitting the
//!   work into parts;
//! - [`constellation_units`]: the constellation engine's border constellations
//!   ([`crate::engine::constellations`]), every other side.
//!
//! # Unique counts
//! Every unit's [`Counts`] carries, besides its share of the total, its
//! share of *Burnside's sum*: over the 8 symmetries of the square, the
//! solutions each one fixes. The sum is 8 times the number of solutions
//! unique up to symmetry (OEIS A002562), so shares add up over units,
//! shards and checkpoints like totals, and a sum that is not a multiple of
//! 8 betrays damaged records. The constellation engine's units know their
//! unique share (8 times it goes in); the join's units give the identity's
//! part (their total), and extra units count the solutions each other
//! symmetry fixes ([`fixed`]).
//!
//! # Adding an engine
//! One file in this folder with one [`UnitCounter`] implementation, and one
//! line in [`choose`].

pub mod constellation_units;
pub mod fixed;
pub mod join;
pub mod unit;

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::base::error::Result;
use crate::engine::budget::Budget;
use crate::engine::constellations::ConstellationEngine;
pub use crate::engine::counts::{Counts, Watch};
use crate::engine::half_board::price::timed::Timed;
pub use crate::tuning::layout::{JOIN_FROM, SAMPLED_FROM};
pub use unit::{fingerprint_of, CountPrice, Engine, UnitCounter};

/// The largest side the join counts. Up to
/// [`crate::engine::half_board::MAX_N`] (24) it is planned exactly, every
/// column set listed and priced from dense bucket counts (15 s at n = 22,
/// minutes at 24); past it, as ranked units priced from samples
/// ([`crate::engine::half_board::ranked`]: planning one shard of 25 the
/// exact way took 786 s of CPU and 1.1 GB). 28 is as far as its pricing
/// and the quarters' middle marks go.
pub const JOIN_TO: usize = 28;

/// What `count n` will cost (with unique counts when `unique`) within
/// `budget`: the price of [`choose`]'s engine, priced from samples where
/// planning the join is slow ([`SAMPLED_FROM`]).
pub fn price(n: usize, unique: bool, budget: Budget) -> CountPrice {
    if (SAMPLED_FROM..=JOIN_TO).contains(&n) {
        return match join::priced(n, unique, budget) {
            Some(count_price) => count_price,
            None => constellation_units::Prepared::new(n, unique).price(),
        };
    }
    choose(n, unique, budget).price()
}

/// For side `n` where [`choose`] fell back on the constellations because
/// the join does not plan within `budget`: more memory, in whole MiB,
/// within which the join plans on `budget`'s threads, and what it costs
/// there. `None` where the join does not count side `n`.
///
/// Priced from few samples ([`join::priced_roughly`], milliseconds a try): doubling
/// from `budget`, then halving the gap to a MiB, plus a tenth. Exact
/// planning, which `count` runs below [`SAMPLED_FROM`], sizes the parts
/// from the real buckets and can need a little more or less than samples
/// say: the tenth is its margin, and the caller says "about".
pub fn join_memory(n: usize, unique: bool, budget: Budget) -> Option<(usize, CountPrice)> {
    const MIB: usize = 1 << 20;
    if !(JOIN_FROM..=JOIN_TO).contains(&n) {
        return None;
    }
    let within = |bytes: usize| join::priced_roughly(n, unique, Budget { bytes, ..budget });
    let (mut fails, mut fits) = (budget.bytes, budget.bytes.max(MIB));
    loop {
        fits = fits.checked_mul(2)?;
        if within(fits).is_some() {
            break;
        }
        fails = fits;
    }
    while fits - fails > MIB {
        let mid = fails + (fits - fails) / 2;
        if within(mid).is_some() {
            fits = mid;
        } else {
            fails = mid;
        }
    }
    let fits = (fits + fits / 10 + MIB - 1) / MIB * MIB;
    Some((fits, within(fits)?))
}

/// The engine chosen for a blank count, before it is built.
pub enum Choice {
    Join(Box<join::Prepared>),
    Constellations(constellation_units::Prepared),
}

/// The one rule: the join from [`JOIN_FROM`] to [`JOIN_TO`] wherever it plans within
/// `budget`, the constellations elsewhere. `unique` adds the units
/// unique counts need.
///
/// ```
/// use nqueens::engine::counter::{choose, Engine, Watch};
/// let budget = Default::default();
/// assert_eq!(choose(8, false, budget).price().engine, Engine::Constellations);
/// let counter = choose(8, true, budget).build(1, &Default::default()).unwrap();
/// let done = Default::default();
/// let counts = counter.count_each(&(0..counter.units()).collect::<Vec<_>>(), 1, Watch::done(&done)).unwrap();
/// assert_eq!((counts.total, counts.unique()), (92, 12));
/// ```
pub fn choose(n: usize, unique: bool, budget: Budget) -> Choice {
    if (JOIN_FROM..=JOIN_TO).contains(&n) {
        if let Some(join) = join::Prepared::new(n, unique, budget) {
            return Choice::Join(Box::new(join));
        }
    }
    Choice::Constellations(constellation_units::Prepared::new(n, unique))
}

/// [`choose`] for side `n`, the join's layout read from `saved` (what
/// [`Choice::saved_layout`] gave for the same `n` and budget) instead of
/// laid out again. `None` when the bytes are not a join's layout of side `n`.
pub fn choose_saved(n: usize, unique: bool, saved: &[u8]) -> Option<Choice> {
    if !(JOIN_FROM..=JOIN_TO).contains(&n) {
        return None;
    }
    let join = join::Prepared::from_saved(n, unique, saved)?;
    Some(Choice::Join(Box::new(join)))
}

impl Choice {
    /// The chosen engine's layout, as bytes for
    /// [`choose_saved`]: the join's listed layout (taken before
    /// [`Choice::only`]); `None` for engines that lay out nothing slow.
    pub fn saved_layout(&self) -> Option<Vec<u8>> {
        match self {
            Choice::Join(join) => join.saved(),
            Choice::Constellations(_) => None,
        }
    }

    /// How many units the join splits the count into (what shards share);
    /// `None` for the constellations, whose units are many.
    pub fn join_units(&self) -> Option<usize> {
        match self {
            Choice::Join(join) => Some(join.units()),
            Choice::Constellations(_) => None,
        }
    }

    /// How many units of the list follow the join's (see
    /// [`Choice::join_units`]): the symmetric units of a unique count,
    /// which count only the solutions a symmetry fixes (their total is 0);
    /// none for the constellations, whose units carry both counts.
    pub fn symmetric_units(&self) -> usize {
        match self {
            Choice::Join(join) => join.symmetric_units(),
            Choice::Constellations(_) => 0,
        }
    }

    /// The same choice again, whole, for another shard of one planning
    /// (see [`crate::engine::half_board::PreparedJoin::again`]); `None` where it
    /// cannot be copied (a choice already narrowed).
    pub fn again(&self) -> Option<Choice> {
        match self {
            Choice::Join(join) => Some(Choice::Join(Box::new(join.again()?))),
            Choice::Constellations(constellations) => {
                Some(Choice::Constellations(constellations.clone()))
            }
        }
    }

    /// The choice for the units `keep` accepts (by position; `1/of` of
    /// them, a shard's): the join builds only their tables, and the price
    /// is theirs.
    pub fn only(self, keep: &dyn Fn(usize) -> bool, of: usize) -> Choice {
        match self {
            Choice::Join(join) => Choice::Join(Box::new(join.only(keep, of))),
            Choice::Constellations(constellations) => {
                Choice::Constellations(constellations.share(of))
            }
        }
    }

    /// The join's own units timed against their price (see
    /// [`join::Prepared::timed`]); `None` for the constellations, whose
    /// quotes stay the model's at the probe's speed.
    pub fn timed(&self, keep: &dyn Fn(usize) -> bool, cpu_ns: f64, seed: u64) -> Option<Timed> {
        match self {
            Choice::Join(join) => join.timed(keep, cpu_ns, seed),
            Choice::Constellations(_) => None,
        }
    }

    /// What the count will cost.
    pub fn price(&self) -> CountPrice {
        match self {
            Choice::Join(join) => join.price(),
            Choice::Constellations(constellations) => constellations.price(),
        }
    }

    /// Builds the counter (its set-up on `threads` threads, `done` counting
    /// set-up steps for progress).
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn build(self, threads: usize, done: &AtomicU64) -> Result<Arc<dyn UnitCounter>> {
        self.build_reusing(threads, done, None)
    }

    /// [`Choice::build`], taking the constellations' units from `made`
    /// (an engine of the same side already set up) when they count.
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn build_reusing(
        self,
        threads: usize,
        done: &AtomicU64,
        made: Option<Arc<ConstellationEngine>>,
    ) -> Result<Arc<dyn UnitCounter>> {
        Ok(match (self, made) {
            (Choice::Join(join), _) => Arc::new((*join).build()),
            (Choice::Constellations(constellations), Some(engine)) => {
                Arc::new(constellations.with(engine))
            }
            (Choice::Constellations(constellations), None) => {
                Arc::new(constellations.build(threads, done)?)
            }
        })
    }
}

/// The counts of the blank board of side `n` through the chosen engine,
/// planned for `budget` and run on its threads.
///
/// # Errors
/// A worker thread failed.
pub fn count_blank(n: usize, unique: bool, budget: Budget) -> Result<Counts> {
    let threads = budget.threads;
    let counter = choose(n, unique, budget).build(threads, &AtomicU64::new(0))?;
    let all: Vec<usize> = (0..counter.units()).collect();
    counter.count_each(&all, threads, Watch::done(&AtomicU64::new(0)))
}
