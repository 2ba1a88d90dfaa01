//! Counting and enumerating the blank `n x n` board, with full symmetry.
//!
//! The engine splits the solutions by their border queens (see
//! [`crate::engine::blank::constellation`]): one representative constellation per orbit of
//! the eight symmetries, its queens folded into a blank board with
//! [`crate::base::problem::Problem::place`], its interior counted by the kernel, and the count
//! weighted by the orbit's size. Each representative is one work unit, so
//! threads and cluster shards are just ways of dealing the units out.
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

pub mod constellation;
pub mod scan;

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::base::error::Result;
use crate::base::geometry::columns_image;
use crate::base::kernel::{self, Counter, Leaves};
use crate::engine::blank::constellation::{
    cheapest_image, least_borders_at, representatives, Constellation,
};
use crate::engine::parallel;

/// Total and unique solution counts of a blank board (or of a share of its
/// work units: both add up over disjoint shares).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Counts {
    /// Every solution (OEIS A000170).
    pub total: u128,
    /// Solutions up to rotation and reflection (OEIS A002562); zero when
    /// not asked for.
    pub unique: u128,
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            total: self.total + other.total,
            unique: self.unique + other.unique,
        }
    }
}

/// The work units for the blank `n x n` board, costliest first by their
/// probe (ties in the fixed order of
/// [`crate::engine::blank::constellation::least_borders`]), so the order is
/// deterministic and big units start early.
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
pub fn units(n: usize) -> Vec<Constellation> {
    sorted_by_cost(representatives(n))
}

/// [`units`], with the set-up (choosing each unit's image) on `threads`
/// threads: left serial, it would cap the speed-up of two threads.
pub fn units_on(n: usize, threads: usize) -> Result<Vec<Constellation>> {
    let shares = parallel::map(n * n, threads, |share| {
        least_borders_at(n, share / n, share % n)
            .iter()
            .map(|queens| cheapest_image(n, queens))
            .collect::<Vec<_>>()
    })?;
    Ok(sorted_by_cost(shares.into_iter().flatten().collect()))
}

fn sorted_by_cost(mut units: Vec<Constellation>) -> Vec<Constellation> {
    units.sort_by_key(|unit| std::cmp::Reverse(unit.probe));
    units
}

/// Solves one unit: its solutions in every image of the constellation, and
/// (when `unique` is set) how many of them are distinct up to symmetry.
pub fn solve(n: usize, unit: &Constellation, unique: bool) -> Counts {
    let problem = unit.problem(n);
    if !unique || unit.stabilizer.len() == 1 {
        return weigh(unit, problem.count(), unique);
    }
    // Burnside over the stabilizer: count the completions each symmetry fixes.
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
        unique: fixed / unit.stabilizer.len() as u128,
    }
}

/// The counts of a unit with a trivial stabilizer (or when unique counts
/// are not asked for) from its number of completions: each is one solution
/// per image of the constellation, and one orbit of solutions.
fn weigh(unit: &Constellation, completions: u128, unique: bool) -> Counts {
    Counts {
        total: unit.orbit.len() as u128 * completions,
        unique: if unique { completions } else { 0 },
    }
}

/// A unit's weight in progress reports for side `n`: its probe, scaled
/// down so that every weight is in `1..=2^40` and the weights of all units
/// of one side add up within a `u64` (no side has `2^23` units). A probe is
/// a product of `n / 2` free counts of at most `n` cells, so it is below
/// `2^((n / 2) * bits(n))`; the scale drops the bits above 40 of that.
///
/// ```
/// let units = nqueens::engine::blank::units(8);
/// assert!(units.iter().all(|u| nqueens::engine::blank::cost(8, u) >= 1));
/// ```
pub fn cost(n: usize, unit: &Constellation) -> u64 {
    let bound_bits = (n / 2) as u32 * (usize::BITS - n.leading_zeros());
    let shift = bound_bits.saturating_sub(40).min(127);
    u64::try_from(unit.probe >> shift).map_or(1 << 40, |w| w.clamp(1, 1 << 40))
}

/// Solves `units` on `threads` threads and adds the results; `done` grows
/// by each unit's [`cost`] as it finishes (for progress reports).
///
/// Each thread counts the units it draws in the kernel's interleaved lanes
/// ([`completions_each`]); only the rare units that need Burnside's
/// lemma (for unique counts) are enumerated one by one with [`solve`].
pub fn solve_units(
    n: usize,
    units: &[Constellation],
    threads: usize,
    unique: bool,
    done: &AtomicU64,
) -> Result<Counts> {
    let parts = parallel::deal(units.len(), threads, |ids| {
        let mut solved = Vec::new();
        let mut counted = Vec::new();
        let rest = ids.filter(|&i| {
            let unit = &units[i];
            if unique && unit.stabilizer.len() > 1 {
                solved.push((i, solve(n, unit, unique)));
                done.fetch_add(cost(n, unit), Ordering::Relaxed);
                return false;
            }
            true
        });
        completions_each(n, rest.map(|i| (i, &units[i])), |i, completions| {
            let unit = &units[i];
            counted.push((i, weigh(unit, completions, unique)));
            done.fetch_add(cost(n, unit), Ordering::Relaxed);
        });
        solved.extend(counted);
        solved
    })?;
    Ok(parts.into_iter().fold(Counts::default(), |a, b| a + b))
}

/// The completions of many units of side `n` (solutions of the
/// representative, not weighted by its orbit), counted in the kernel's
/// interleaved lanes ([`kernel::search_each`]): `finished(tag, completions)`
/// as each unit ends, in no particular order.
///
/// ```
/// let units = nqueens::engine::blank::units(8);
/// let mut total = 0;
/// nqueens::engine::blank::completions_each(8, units.iter().map(|u| (u.orbit.len() as u128, u)), |orbit, c| {
///     total += orbit * c
/// });
/// assert_eq!(total, 92);
/// ```
pub fn completions_each<'a, T>(
    n: usize,
    units: impl IntoIterator<Item = (T, &'a Constellation)>,
    mut finished: impl FnMut(T, u128),
) {
    let problems = units
        .into_iter()
        .map(|(tag, unit)| (tag, unit.problem(n).rows(), Counter::default()));
    kernel::search_each(problems, |tag, counter| finished(tag, counter.total.into()));
}

/// Total and (when `unique` is set) unique counts of the blank `n x n`
/// board on `threads` threads. The result does not depend on `threads`.
///
/// ```
/// let counts = nqueens::engine::blank::counts(8, 2, true).unwrap();
/// assert_eq!((counts.total, counts.unique), (92, 12));
/// ```
pub fn counts(n: usize, threads: usize, unique: bool) -> Result<Counts> {
    solve_units(
        n,
        &units_on(n, threads)?,
        threads,
        unique,
        &AtomicU64::new(0),
    )
}

/// The number of solutions of the blank `n x n` board (OEIS A000170), on
/// one thread.
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// assert_eq!(nqueens::engine::blank::count(8), 92);
/// ```
pub fn count(n: usize) -> u128 {
    let units = units(n);
    let mut total = 0;
    completions_each(
        n,
        units.iter().map(|unit| (unit, unit)),
        |unit, completions| {
            total += weigh(unit, completions, false).total;
        },
    );
    total
}

/// The number of kernel nodes [`solve_units`] visits for `units` (not
/// counting the enumeration of symmetric units for unique counts), for
/// benchmarks.
pub fn nodes(n: usize, units: &[Constellation]) -> u64 {
    units.iter().map(|unit| unit.problem(n).nodes()).sum()
}

/// Calls `visit` once for every solution of the blank `n x n` board, as the
/// 0-based column of each row's queen, in no particular order. Each
/// representative's completions are enumerated once (in the kernel's
/// interleaved lanes) and mapped through one symmetry per image of its
/// constellation, so enumerating costs about as much as counting plus the
/// output.
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// let mut seen = Vec::new();
/// nqueens::engine::blank::for_each_solution(4, |cols| seen.push(cols.to_vec()));
/// seen.sort();
/// assert_eq!(seen, [vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// ```
pub fn for_each_solution(n: usize, mut visit: impl FnMut(&[usize])) {
    let units = representatives(n);
    for_each_solution_of(n, &units, 0..units.len(), |_, solution| {
        if let Some(cols) = solution {
            visit(cols);
        }
    });
}

/// Calls `visit(i, Some(columns))` once for every solution of the blank
/// `n x n` board whose border queens are one of the images of `units[i]`,
/// then `visit(i, None)`, for each `i` of `ids`: the share of
/// [`for_each_solution`] that belongs to those work units, so that threads
/// can enumerate units independently. A unit's solutions come one after
/// another and its `None` after them (also for a unit without solutions),
/// units in no particular order.
///
/// Memory: the completions of the units in flight (up to
/// [`kernel::LANES`] of them) are held until their unit ends, one byte per
/// open row each: nothing at the sizes anyone enumerates (n <= 15 for an
/// index), but not a stream.
///
/// # Panics
/// Panics when `n` is outside `1..=64` or an index is out of `units`.
pub fn for_each_solution_of(
    n: usize,
    units: &[Constellation],
    ids: impl Iterator<Item = usize>,
    mut visit: impl FnMut(usize, Option<&[usize]>),
) {
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

    const TOTAL: [u128; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    const UNIQUE: [u128; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

    #[test]
    fn small_boards() {
        for n in 1..=12 {
            assert_eq!(count(n), TOTAL[n - 1], "n = {n}");
        }
    }

    #[test]
    fn unique_small_boards() {
        for n in 1..=12 {
            let got = counts(n, 2, true).unwrap();
            assert_eq!((got.total, got.unique), (TOTAL[n - 1], UNIQUE[n - 1]));
        }
    }

    #[test]
    fn progress_weights_of_big_sides_add_up_without_overflow() {
        // From n = 26 the probes' sum passes u64::MAX; the weights must not
        // (tests run with overflow checks, so this would panic).
        for n in [26, 30] {
            let total: u64 = units(n).iter().map(|unit| cost(n, unit)).sum();
            assert!(total > 0, "n = {n}");
        }
    }

    #[test]
    fn units_are_costliest_first_for_any_thread_count() {
        let units = units(10);
        assert!(units.windows(2).all(|w| w[0].probe >= w[1].probe));
        assert_eq!(units_on(10, 3).unwrap(), units);
    }
}
