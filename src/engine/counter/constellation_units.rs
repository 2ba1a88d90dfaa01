//! The constellation engine's border constellations as a [`UnitCounter`]: one unit
//! per representative constellation, counted in the kernel's interleaved
//! lanes ([`crate::engine::constellations`]).
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! About [`CONSTELLATION_ENGINE_SHARE`] of the plain search's time, plus the set-up
//! ([`SETUP_NS_PER_UNIT`] per unit).

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::counter::unit::{fingerprint_of, CountPrice, Engine, UnitCounter};
use crate::engine::counts::{Counts, Watch};
use crate::engine::pricing::CostClass;
use crate::engine::tree_size::{self, NS_PER_NODE};
use crate::tuning::engines::BYTES_PER_UNIT;
pub use crate::tuning::engines::{BLANK_PROBES, CONSTELLATION_ENGINE_SHARE, SETUP_NS_PER_UNIT};

/// The estimated nodes of the plain blank search of side `n`.
pub fn blank_nodes(n: usize) -> f64 {
    tree_size::nodes(&Problem::new(&Board::blank(n)).rows(), BLANK_PROBES)
}

/// The work units of side `n`, estimated without making them: about
/// `n^4 / 15` (measured: 3206 at n = 16, 9522 at 20, 22462 at 24).
pub fn units(n: usize) -> f64 {
    (n as f64).powi(4) / 15.0
}

/// The memory the constellation engine of side `n` holds (its work units).
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
    pub fn price(&self) -> CountPrice {
        let n = self.n;
        CountPrice {
            engine: Engine::Constellations,
            cpu_ns: blank_nodes(n) * NS_PER_NODE * CONSTELLATION_ENGINE_SHARE * self.share
                + units(n) * SETUP_NS_PER_UNIT,
            bytes: bytes(n),
            thread_bytes: 0.0,
            units: units(n),
            cost_class: CostClass::Search,
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

/// The constellation engine's units.
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

    /// By a plain search of the board with the unit's border queens
    /// placed (no kernel, no lanes), weighed by the images of those queens
    /// under the eight symmetries, found here ([`plain_counts`]).
    fn recount(&self, unit: usize) -> Option<Counts> {
        let n = self.engine.n();
        Some(plain_counts(
            n,
            &self.engine.units()[unit].queens,
            self.unique,
        ))
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

/// Symmetry `g` (`0..8`: the identity, the three turns, the four
/// reflections) of the square of side `n`, on a cell.
fn symmetry(n: usize, g: usize, (r, c): (usize, usize)) -> (usize, usize) {
    let m = n - 1;
    match g {
        0 => (r, c),
        1 => (c, m - r),
        2 => (m - r, m - c),
        3 => (m - c, r),
        4 => (r, m - c),
        5 => (m - r, c),
        6 => (c, r),
        _ => (m - c, m - r),
    }
}

/// A border constellation's counts by the definition: its completions
/// (the solutions of the blank board of side `n` holding the `border`
/// queens) found by a plain row-by-row search, the total their number
/// times the constellation's distinct images; with `unique`, Burnside's
/// share 8 times the completions' orbits under the symmetries keeping the
/// constellation (the average over those of the completions each fixes).
pub fn plain_counts(n: usize, border: &[(usize, usize)], unique: bool) -> Counts {
    let mut queens = border.to_vec();
    queens.sort_unstable();
    let image = |g: usize| {
        let mut moved: Vec<(usize, usize)> = queens.iter().map(|&q| symmetry(n, g, q)).collect();
        moved.sort_unstable();
        moved
    };
    let mut images: Vec<Vec<(usize, usize)>> = (0..8).map(image).collect();
    let keeping: Vec<usize> = (0..8).filter(|&g| images[g] == queens).collect();
    images.sort_unstable();
    images.dedup();
    let mut cols = vec![usize::MAX; n];
    let mut lines = (0u64, 0u128, 0u128);
    for &(r, c) in &queens {
        let (d, a) = (1u128 << (r + c), 1u128 << (r + n - 1 - c));
        if cols[r] != usize::MAX || (lines.0 >> c) & 1 == 1 || lines.1 & d != 0 || lines.2 & a != 0
        {
            return Counts::default();
        }
        cols[r] = c;
        lines = (lines.0 | 1 << c, lines.1 | d, lines.2 | a);
    }
    let (mut completions, mut fixed) = (0u128, 0u128);
    complete(n, 0, &mut cols, lines, &mut |cols| {
        completions += 1;
        if unique {
            for &g in &keeping {
                let same = (0..n).all(|r| {
                    let (r2, c2) = symmetry(n, g, (r, cols[r]));
                    cols[r2] == c2
                });
                fixed += u128::from(same);
            }
        }
    });
    Counts {
        total: images.len() as u128 * completions,
        burnside: if unique {
            8 * fixed / keeping.len() as u128
        } else {
            0
        },
    }
}

/// Every way to fill the rows from `r` on whose column is `usize::MAX`
/// in `cols` with queens attacking none (the others' queens placed,
/// their lines in `lines`: columns, rising and falling diagonals):
/// `found` sees each solution.
fn complete(
    n: usize,
    r: usize,
    cols: &mut [usize],
    lines: (u64, u128, u128),
    found: &mut dyn FnMut(&[usize]),
) {
    if r == n {
        found(cols);
        return;
    }
    if cols[r] != usize::MAX {
        return complete(n, r + 1, cols, lines, found);
    }
    let (used, rising, falling) = lines;
    for c in 0..n {
        let (d, a) = (1u128 << (r + c), 1u128 << (r + n - 1 - c));
        if (used >> c) & 1 == 0 && rising & d == 0 && falling & a == 0 {
            cols[r] = c;
            complete(
                n,
                r + 1,
                cols,
                (used | 1 << c, rising | d, falling | a),
                found,
            );
            cols[r] = usize::MAX;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The units' plain counts against the engine's, unit by unit, and
    /// their sums against OEIS's total and unique counts.
    #[test]
    fn plain_counts_agree_with_the_engine() {
        for n in 4..=11 {
            let engine = Arc::new(ConstellationEngine::new(n));
            let units = Prepared::new(n, true).with(engine.clone());
            let mut sum = Counts::default();
            for i in 0..units.units() {
                let again = units.recount(i).unwrap();
                assert_eq!(again, units.count(i), "n = {n}, unit {i}");
                sum = sum + again;
            }
            let published = crate::base::published::BLANK_COUNTS[n - 1];
            assert_eq!(
                (sum.total, sum.unique()),
                (published.1, published.2),
                "n = {n}"
            );
        }
    }
}
