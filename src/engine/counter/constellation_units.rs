//! The blank engine's border constellations as a [`UnitCounter`]: one unit
//! per representative constellation, counted in the kernel's interleaved
//! lanes ([`crate::engine::constellations`]).
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! About [`BLANK_ENGINE_SHARE`] of the plain search's time, plus the set-up
//! ([`SETUP_NS_PER_UNIT`] per unit).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::counter::unit::{fingerprint_of, Engine, Sizing, UnitCounter};
use crate::engine::counts::{Counts, Watch};
use crate::engine::pricing::Kernel;
use crate::engine::tree_size::{self, NS_PER_NODE};
use crate::tuning::engines::BYTES_PER_UNIT;
pub use crate::tuning::engines::{BLANK_ENGINE_SHARE, BLANK_PROBES, SETUP_NS_PER_UNIT};

/// The estimated nodes of the plain blank search of side `n`.
pub fn blank_nodes(n: usize) -> f64 {
    tree_size::nodes(&Problem::new(&Board::blank(n)).rows(), BLANK_PROBES)
}

/// The work units of side `n`, estimated without making them: about
/// `n^4 / 15` (measured: 3206 at n = 16, 9522 at 20, 22462 at 24).
pub fn units(n: usize) -> f64 {
    (n as f64).powi(4) / 15.0
}

/// The memory the blank engine of side `n` holds (its work units).
pub fn bytes(n: usize) -> f64 {
    units(n) * BYTES_PER_UNIT
}

/// The constellations of side `n`, not yet made.
#[derive(Clone)]
pub struct Prepared {
    n: usize,
    unique: bool,
    /// The share of the units this run counts (a shard's `1/K`).
    share: f64,
}

impl Prepared {
    pub fn new(n: usize, unique: bool) -> Prepared {
        Prepared {
            n,
            unique,
            share: 1.0,
        }
    }

    /// Its cost and memory, from the plain search's estimated size.
    pub fn sizing(&self) -> Sizing {
        let n = self.n;
        Sizing {
            engine: Engine::Constellations,
            cpu_ns: blank_nodes(n) * NS_PER_NODE * BLANK_ENGINE_SHARE * self.share
                + units(n) * SETUP_NS_PER_UNIT,
            bytes: bytes(n),
            thread_bytes: 0.0,
            units: units(n),
            kernel: Kernel::Search,
        }
    }

    /// Priced for `1/of` of the units (a shard makes every unit, then
    /// counts its own).
    pub fn share(mut self, of: usize) -> Prepared {
        self.share = 1.0 / of.max(1) as f64;
        self
    }

    /// Makes the units on `threads` threads (`done` counts set-up steps).
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn build(self, threads: usize, done: &AtomicU64) -> Result<Constellations> {
        let engine = Arc::new(ConstellationEngine::on_threads_counting(
            self.n, threads, done,
        )?);
        Ok(self.with(engine))
    }

    /// The counter over an engine of side `n` already made (its set-up is
    /// not repeated).
    pub fn with(self, engine: Arc<ConstellationEngine>) -> Constellations {
        assert_eq!(engine.n(), self.n, "an engine of another side");
        Constellations {
            engine,
            unique: self.unique,
        }
    }
}

/// The blank engine's units.
pub struct Constellations {
    engine: Arc<ConstellationEngine>,
    unique: bool,
}

impl UnitCounter for Constellations {
    fn engine(&self) -> Engine {
        Engine::Constellations
    }

    fn units(&self) -> usize {
        self.engine.units().len()
    }

    fn weight(&self, unit: usize) -> u64 {
        self.engine.cost(&self.engine.units()[unit])
    }

    /// Each unit's border queens, in order.
    fn fingerprint(&self) -> u64 {
        fingerprint_of(self.engine.units().iter().flat_map(|unit| {
            std::iter::once(unit.queens.len() as u64).chain(
                unit.queens
                    .iter()
                    .flat_map(|&(row, col)| [row as u64, col as u64]),
            )
        }))
    }

    fn count(&self, unit: usize) -> Counts {
        self.engine.solve(&self.engine.units()[unit], self.unique)
    }

    /// In the kernel's interleaved lanes, as the engine counts its units.
    fn count_each(&self, units: &[usize], threads: usize, watch: Watch) -> Result<Counts> {
        let all = self.engine.units();
        let mine: Vec<_> = units.iter().map(|&p| all[p].clone()).collect();
        self.engine.counts_each(&mine, threads, self.unique, watch)
    }

    fn constellations(&self) -> Option<&Arc<ConstellationEngine>> {
        Some(&self.engine)
    }
}
