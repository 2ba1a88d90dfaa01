//! Counting and enumerating the blank `n x n` board, with full symmetry.
//!
//! The engine splits the solutions by their border queens (see
//! [`crate::engine::constellations::borders`]): one representative constellation per orbit of
//! the eight symmetries, its queens folded into a blank board with
//! [`crate::base::problem::Problem::place`], its interior counted by the kernel, and the count
//! weighted by the orbit's size. Each representative is one work unit, so
//! threads and cluster shards are just ways of dealing the units out.
//!
//! [`ConstellationEngine`] is the entry point: made once per side (its set-up,
//! choosing the units, possibly on threads), its methods are the operations
//! on the units: count, count unique, the completions of one unit or of many
//! in the kernel's lanes, enumerate the solutions, scan a near-blank board
//! ([`scan`]).
//!
//! Unique solutions (counted up to rotation and reflection, OEIS A002562)
//! come from the same units. A solution's orbit meets the completions of a
//! representative `R` in exactly one orbit of `R`'s stabilizer (the
//! symmetries fixing `R`), so `unique` is the sum over units of the number of
//! stabilizer orbits among `R`'s completions. For the usual trivial
//! stabilizer that is just the completion count; for the rare symmetric
//! constellations Burnside's lemma gives it: the average over the stabilizer
//! of how many completions each symmetry fixes.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! About an eighth of the plain search's leaves, with shorter searches (two
//! rows and two columns pre-filled), plus `O(n^4)` set-up. The sub-searches
//! re-explore some shallow placements, so the saving in nodes is smaller
//! than in leaves: measured at n = 14, 5.24 million kernel nodes against
//! 13.68 million for the mirror-symmetric search (2.6x). The rest of the
//! engine's speed comes from the kernel's interleaved lanes.

pub mod borders;
pub mod scan;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::base::error::Result;
use crate::base::geometry::columns_image;
use crate::base::kernel::{self, Counter, Leaves};
use crate::engine::constellations::borders::{
    cheapest_image, least_borders_at, representatives, Constellation,
};
use crate::engine::parallel;

pub use crate::engine::counts::Counts;
use crate::engine::counts::Watch;

/// The constellation engine for one side `n`: its work units (one
/// representative constellation per orbit, costliest first), made once, and
/// the operations on them: counting ([`ConstellationEngine::count`],
/// [`ConstellationEngine::counts`], [`ConstellationEngine::counts_of`]), the completions of
/// one unit ([`ConstellationEngine::solve`]) or of many in the kernel's lanes
/// ([`ConstellationEngine::completions_each`]), enumeration
/// ([`ConstellationEngine::for_each_solution`], [`ConstellationEngine::for_each_solution_of`])
/// and scans of near-blank boards ([`ConstellationEngine::scan_each`]).
///
/// Invariant: `units` are the representatives of side `n`, sorted by
/// [`Constellation::probe`], costliest first (ties in the fixed order of
/// [`crate::engine::constellations::borders::least_borders`]), so the order is
/// deterministic and big units start early.
///
/// ```
/// use nqueens::engine::constellations::ConstellationEngine;
/// let engine = ConstellationEngine::new(8);
/// assert_eq!(engine.count(), 92);
/// let counts = engine.counts(2, true).unwrap();
/// assert_eq!((counts.total, counts.unique()), (92, 12));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ConstellationEngine {
    n: usize,
    units: Vec<Constellation>,
}

impl ConstellationEngine {
    /// The engine for the blank `n x n` board, its set-up on this thread.
    ///
    /// # Panics
    /// Panics when `n` is outside `1..=64`.
    pub fn new(n: usize) -> ConstellationEngine {
        ConstellationEngine::sorted(n, representatives(n))
    }

    /// [`ConstellationEngine::new`], with the set-up (choosing each unit's image) on
    /// `threads` threads: left serial, it would cap the speed-up of two
    /// threads. The units are the same.
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn on_threads(n: usize, threads: usize) -> Result<ConstellationEngine> {
        ConstellationEngine::on_threads_counting(n, threads, &AtomicU64::new(0))
    }

    /// [`ConstellationEngine::on_threads`], `done` counting the `n * n` shares of
    /// the set-up as they finish (for progress reports).
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn on_threads_counting(
        n: usize,
        threads: usize,
        done: &AtomicU64,
    ) -> Result<ConstellationEngine> {
        let shares = parallel::map(n * n, threads, |share| {
            let units = least_borders_at(n, share / n, share % n)
                .iter()
                .map(|queens| cheapest_image(n, queens))
                .collect::<Vec<_>>();
            done.fetch_add(1, Ordering::Relaxed);
            units
        })?;
        Ok(ConstellationEngine::sorted(
            n,
            shares.into_iter().flatten().collect(),
        ))
    }

    fn sorted(n: usize, mut units: Vec<Constellation>) -> ConstellationEngine {
        units.sort_by_key(|unit| std::cmp::Reverse(unit.probe));
        ConstellationEngine { n, units }
    }

    /// The board side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The work units, costliest first.
    pub fn units(&self) -> &[Constellation] {
        &self.units
    }

    /// A unit's weight in progress reports: its probe, scaled down so that
    /// every weight is in `1..=2^40` and the weights of all units of one side
    /// add up within a `u64` (no side has `2^23` units). A probe is a product
    /// of `n / 2` free counts of at most `n` cells, so it is below
    /// `2^((n / 2) * bits(n))`; the scale drops the bits above 40 of that.
    ///
    /// ```
    /// let engine = nqueens::engine::constellations::ConstellationEngine::new(8);
    /// assert!(engine.units().iter().all(|u| engine.cost(u) >= 1));
    /// ```
    pub fn cost(&self, unit: &Constellation) -> u64 {
        let n = self.n;
        let bound_bits = (n / 2) as u32 * (usize::BITS - n.leading_zeros());
        let shift = bound_bits.saturating_sub(40).min(127);
        u64::try_from(unit.probe >> shift).map_or(1 << 40, |w| w.clamp(1, 1 << 40))
    }

    /// The number of solutions of the blank board (OEIS A000170), on this
    /// thread, in the kernel's interleaved lanes.
    ///
    /// ```
    /// assert_eq!(nqueens::engine::constellations::ConstellationEngine::new(8).count(), 92);
    /// ```
    pub fn count(&self) -> u128 {
        let mut total = 0;
        self.completions_each(
            self.units.iter().map(|unit| (unit, unit)),
            |unit, completions| {
                total += weigh(unit, completions, false).total;
            },
        );
        total
    }

    /// Total and (when `unique` is set) unique counts of the blank board on
    /// `threads` threads. The result does not depend on `threads`.
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn counts(&self, threads: usize, unique: bool) -> Result<Counts> {
        self.counts_of(&self.units, threads, unique, &AtomicU64::new(0))
    }

    /// The counts of `units` (some of this engine's, e.g. a shard's) on
    /// `threads` threads, added up; `done` grows by each unit's
    /// [`ConstellationEngine::cost`] as it finishes (for progress reports).
    ///
    /// Each thread counts the units it draws in the kernel's interleaved
    /// lanes ([`ConstellationEngine::completions_each`]); only the rare units that
    /// need Burnside's lemma (for unique counts) are enumerated one by one
    /// with [`ConstellationEngine::solve`].
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn counts_of(
        &self,
        units: &[Constellation],
        threads: usize,
        unique: bool,
        done: &AtomicU64,
    ) -> Result<Counts> {
        self.counts_each(units, threads, unique, Watch::done(done))
    }

    /// [`ConstellationEngine::counts_of`], telling `watch` as soon as
    /// `units[i]` is counted (as the `i`-th, of its cost).
    ///
    /// # Errors
    /// A worker thread failed.
    pub fn counts_each(
        &self,
        units: &[Constellation],
        threads: usize,
        unique: bool,
        watch: Watch,
    ) -> Result<Counts> {
        let parts = parallel::deal(units.len(), threads, |ids| {
            let mut solved = Vec::new();
            let mut counted = Vec::new();
            let rest = ids.filter(|&i| {
                let unit = &units[i];
                if unique && unit.stabilizer.len() > 1 {
                    let counts = self.solve(unit, unique);
                    solved.push((i, counts));
                    watch.ended(i, counts, self.cost(unit));
                    return false;
                }
                true
            });
            self.completions_each(rest.map(|i| (i, &units[i])), |i, completions| {
                let unit = &units[i];
                let counts = weigh(unit, completions, unique);
                counted.push((i, counts));
                watch.ended(i, counts, self.cost(unit));
            });
            solved.extend(counted);
            solved
        })?;
        Ok(parts.into_iter().fold(Counts::default(), |a, b| a + b))
    }

    /// Solves one unit: its solutions in every image of the constellation,
    /// and (when `unique` is set) how many of them are distinct up to
    /// symmetry.
    pub fn solve(&self, unit: &Constellation, unique: bool) -> Counts {
        let n = self.n;
        let problem = unit.problem(n);
        if !unique || unit.stabilizer.len() == 1 {
            return weigh(unit, problem.count(), unique);
        }
        // Burnside over the stabilizer: count the completions each symmetry
        // fixes.
        let mut completions = 0u128;
        let mut fixed = 0u128;
        let mut moved = vec![0usize; n];
        problem.for_each_solution(|cols| {
            completions += 1;
            for &symmetry in &unit.stabilizer {
                columns_image(n, symmetry, cols, &mut moved);
                fixed += u128::from(moved == cols);
            }
            ControlFlow::Continue(())
        });
        Counts {
            total: unit.orbit.len() as u128 * completions,
            burnside: 8 * fixed / unit.stabilizer.len() as u128,
        }
    }

    /// The completions of many units (solutions of the representative, not
    /// weighted by its orbit), counted in the kernel's interleaved lanes
    /// ([`kernel::search_each`]): `finished(tag, completions)` as each unit
    /// ends, in no particular order.
    ///
    /// ```
    /// let engine = nqueens::engine::constellations::ConstellationEngine::new(8);
    /// let mut total = 0;
    /// let tagged = engine.units().iter().map(|u| (u.orbit.len() as u128, u));
    /// engine.completions_each(tagged, |orbit, c| total += orbit * c);
    /// assert_eq!(total, 92);
    /// ```
    pub fn completions_each<'a, T>(
        &self,
        units: impl IntoIterator<Item = (T, &'a Constellation)>,
        mut finished: impl FnMut(T, u128),
    ) {
        let problems = units
            .into_iter()
            .map(|(tag, unit)| (tag, unit.problem(self.n).rows(), Counter::default()));
        kernel::search_each(problems, |tag, counter| finished(tag, counter.total.into()));
    }

    /// The number of kernel nodes [`ConstellationEngine::counts_of`] visits for
    /// `units` (not counting the enumeration of symmetric units for unique
    /// counts), for benchmarks.
    pub fn nodes(&self, units: &[Constellation]) -> u64 {
        units.iter().map(|unit| unit.problem(self.n).nodes()).sum()
    }

    /// Calls `visit` once for every solution of the blank board, as the
    /// 0-based column of each row's queen, in no particular order. Each
    /// representative's completions are enumerated once (in the kernel's
    /// interleaved lanes) and mapped through one symmetry per image of its
    /// constellation, so enumerating costs about as much as counting plus
    /// the output.
    ///
    /// ```
    /// let mut seen = Vec::new();
    /// let engine = nqueens::engine::constellations::ConstellationEngine::new(4);
    /// engine.for_each_solution(|cols| seen.push(cols.to_vec()));
    /// seen.sort();
    /// assert_eq!(seen, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
    /// ```
    pub fn for_each_solution(&self, mut visit: impl FnMut(&[usize])) {
        self.for_each_solution_of(0..self.units.len(), |_, solution| {
            if let Some(cols) = solution {
                visit(cols);
            }
        });
    }

    /// Calls `visit(i, Some(columns))` once for every solution of the blank
    /// board whose border queens are one of the images of `units()[i]`,
    /// then `visit(i, None)`, for each `i` of `ids`: the share of
    /// [`ConstellationEngine::for_each_solution`] that belongs to those work units,
    /// so that threads can enumerate units independently. A unit's solutions
    /// come one after another and its `None` after them (also for a unit
    /// without solutions), units in no particular order.
    ///
    /// Memory: the completions of the units in flight (up to
    /// [`kernel::LANES`] of them) are held until their unit ends, one byte
    /// per open row each: nothing at the sizes anyone enumerates (n <= 15 for
    /// an index), but not a stream.
    ///
    /// # Panics
    /// Panics when an index is out of `units()`.
    pub fn for_each_solution_of(
        &self,
        ids: impl Iterator<Item = usize>,
        mut visit: impl FnMut(usize, Option<&[usize]>),
    ) {
        let n = self.n;
        let units = &self.units;
        let problems = ids.map(|i| (i, units[i].problem(n).rows(), Completions::default()));
        let mut columns = vec![0usize; n];
        let mut moved = vec![0usize; n];
        kernel::search_each(problems, |i, found| {
            let unit = &units[i];
            let mut open = Vec::with_capacity(n);
            for (row, column) in columns.iter_mut().enumerate() {
                match unit.queens.iter().find(|&&(r, _)| r == row) {
                    Some(&(_, col)) => *column = col,
                    None => open.push(row),
                }
            }
            // Counted, not just chunked: with no open row there is one
            // completion, the empty one.
            for k in 0..found.count {
                let completion = &found.columns[k * open.len()..(k + 1) * open.len()];
                for (&row, &col) in open.iter().zip(completion) {
                    columns[row] = usize::from(col);
                }
                for &symmetry in &unit.orbit {
                    columns_image(n, symmetry, &columns, &mut moved);
                    visit(i, Some(&moved));
                }
            }
            visit(i, None);
        });
    }
}

/// The counts of a unit with a trivial stabilizer (or when unique counts
/// are not asked for) from its number of completions: each is one solution
/// per image of the constellation, and one orbit of solutions (8 in
/// Burnside's sum).
fn weigh(unit: &Constellation, completions: u128, unique: bool) -> Counts {
    Counts {
        total: unit.orbit.len() as u128 * completions,
        burnside: if unique { 8 * completions } else { 0 },
    }
}

/// The completions of one search, as the column of each open row's queen,
/// one byte each, one completion after another.
#[derive(Default)]
struct Completions {
    columns: Vec<u8>,
    count: usize,
}

impl Leaves for Completions {
    fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
        self.columns
            .extend(queens.iter().map(|queen| queen.trailing_zeros() as u8));
        self.count += 1;
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOTAL: [u128; 12] = crate::base::published::totals();
    const UNIQUE: [u128; 12] = crate::base::published::uniques();

    #[test]
    fn small_boards() {
        for n in 1..=12 {
            assert_eq!(ConstellationEngine::new(n).count(), TOTAL[n - 1], "n = {n}");
        }
    }

    #[test]
    fn unique_small_boards() {
        for n in 1..=12 {
            let got = ConstellationEngine::new(n).counts(2, true).unwrap();
            assert_eq!((got.total, got.unique()), (TOTAL[n - 1], UNIQUE[n - 1]));
        }
    }

    #[test]
    fn progress_weights_of_big_sides_add_up_without_overflow() {
        // From n = 26 the probes' sum passes u64::MAX; the weights must not
        // (tests run with overflow checks, so this would panic).
        for n in [26, 30] {
            let engine = ConstellationEngine::new(n);
            let total: u64 = engine.units().iter().map(|unit| engine.cost(unit)).sum();
            assert!(total > 0, "n = {n}");
        }
    }

    #[test]
    fn units_are_costliest_first_for_any_thread_count() {
        let engine = ConstellationEngine::new(10);
        let units = engine.units();
        assert!(units.windows(2).all(|w| w[0].probe >= w[1].probe));
        assert_eq!(ConstellationEngine::on_threads(10, 3).unwrap(), engine);
    }
}
