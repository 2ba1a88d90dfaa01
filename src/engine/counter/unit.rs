//! What every counting engine of this folder is to the rest: a
//! [`UnitCounter`] (its work a list of independent units), which
//! [`Engine`] it is, and its [`CountPrice`] (what it will cost, known before
//! anything large is made). The engines ([`super::join`],
//! [`super::constellation_units`]) implement it here, apart from the rule that
//! chooses between them ([`super::choose`]), so that neither imports the
//! folder's top.

use std::sync::Arc;

use crate::base::error::Result;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::counts::{Counts, Watch};
use crate::engine::pricing::CostClass;

/// Which engine counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Engine {
    Join,
    Constellations,
}

impl Engine {
    /// Its name, as `--estimate` and `--explain` print it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Join => "half-board join",
            Engine::Constellations => "constellations",
        }
    }
}

/// A count's price: what it will take by the chosen engine, in the
/// model's reference nanoseconds and bytes, known before anything large is
/// made (scaled to this machine only when quoted, see
/// `crate::plan::estimate::Quote`).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct CountPrice {
    pub engine: Engine,
    /// Work on one core, ns (set-up included).
    pub cpu_ns: f64,
    /// Peak bytes the engine holds on one thread.
    pub bytes: f64,
    /// Further bytes per further thread.
    pub thread_bytes: f64,
    /// The number of work units (estimated, where they are made only by
    /// the set-up): no split into shards gets finer than one unit each.
    pub units: f64,
    /// The cost class whose speed `cpu_ns` is priced at (see
    /// `crate::plan::calibration`).
    pub cost_class: CostClass,
}

impl CountPrice {
    /// Peak bytes on `threads` threads (at least one): the engine's
    /// bytes plus each further thread's.
    pub fn bytes_on(&self, threads: usize) -> f64 {
        self.bytes + self.thread_bytes * (threads.max(1) - 1) as f64
    }
}

/// A counter whose work is a list of independent units.
pub trait UnitCounter: Send + Sync {
    /// Which engine it is.
    fn engine(&self) -> Engine;

    /// The number of units.
    fn units(&self) -> usize;

    /// Unit `i`'s share of the work, for progress (at least 1; the sum over
    /// all units fits a `u64`).
    fn weight(&self, unit: usize) -> u64;

    /// A fingerprint of the unit list: shards and checkpoints of another
    /// list are refused.
    fn fingerprint(&self) -> u64;

    /// The counts of unit `i`, on this thread.
    fn count(&self, unit: usize) -> Counts;

    /// The counts of `units` on `threads` threads, added up, each unit's
    /// end told to `watch` (`units[i]` as the `i`-th, of its weight). The
    /// default runs [`UnitCounter::count`] per unit.
    ///
    /// # Errors
    /// A worker thread failed.
    fn count_each(&self, units: &[usize], threads: usize, watch: Watch) -> Result<Counts> {
        let counts = crate::engine::parallel::map(units.len(), threads, |i| {
            let counts = self.count(units[i]);
            watch.ended(i, counts, self.weight(units[i]));
            counts
        })?;
        Ok(counts.into_iter().fold(Counts::default(), |a, b| a + b))
    }

    /// The counts of unit `i` again by an independent method, on this
    /// thread (the spot check of a campaign's records): far slower than
    /// [`UnitCounter::count`]. `None` where the engine has none.
    fn recount(&self, _unit: usize) -> Option<Counts> {
        None
    }

    /// An upper bound on the total of the units this counter has counted
    /// so far (each once), where its engine keeps one: a shard's record
    /// carries it and `merge` refuses a total above it, so that a number
    /// damaged high on a node before its record was sealed cannot pass.
    /// `None` (the default) where the engine keeps none.
    fn bound(&self) -> Option<u128> {
        None
    }

    /// The constellation engine behind the units, when they are its constellations
    /// (in order): the planner then counts them in the kernel's lanes.
    fn constellations(&self) -> Option<&Arc<ConstellationEngine>> {
        None
    }
}

impl std::fmt::Debug for dyn UnitCounter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({} units)", self.engine().name(), self.units())
    }
}

/// The FNV-1a hash of `values` (each as 8 little-endian bytes), for unit
/// lists' fingerprints.
pub fn fingerprint_of(values: impl IntoIterator<Item = u64>) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for value in values {
        for byte in value.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(PRIME);
        }
    }
    hash
}
