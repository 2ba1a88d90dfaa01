//! A prepared join's units run: a listed unit on its part's tables (built when a
//! unit of that part first runs, one part in memory at a time), a ranked
//! unit or range on tables of its own; and what the units run so far
//! took ([`PreparedJoin::tally`]). A room of its own: the counting side of a
//! join, apart from its price ([`crate::engine::half_board::price`]).

use std::sync::{Arc, MutexGuard};

use crate::engine::half_board::layout::Layout;
use crate::engine::half_board::matching::{self, Isa};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::recount::Recount;
use crate::engine::half_board::tally::Tally;

use super::{Held, PreparedJoin, Work};

impl PreparedJoin {
    /// Builds the tables unit `i` runs on, if they are not held already
    /// (benches time a unit's joins apart from its tables with it).
    #[doc(hidden)]
    pub fn prepare(&self, i: usize) {
        if let Work::Listed(layout) = &self.work {
            drop(self.tables(layout, layout.units[i].part));
        }
    }

    /// Exact contribution of unit `i`; the sum over all units is the count.
    pub fn run_unit(&self, i: usize) -> u128 {
        self.run_unit_with(i, Isa::Auto)
    }

    /// [`PreparedJoin::run_unit`] with an explicit instruction set. Panics if the
    /// requested CPU features are missing.
    pub fn run_unit_with(&self, i: usize, isa: Isa) -> u128 {
        let layout = match &self.work {
            Work::Listed(layout) => layout,
            Work::Ranked(ranked) => {
                let (count, tally) = ranked.run_unit(i, isa);
                self.add_tally(&tally);
                return count;
            }
        };
        let unit = &layout.units[i];
        let tables = self.tables(layout, unit.part);
        let (count, tally) = matching::run(
            &layout.shape,
            &tables,
            &layout.pivots,
            &layout.tasks[unit.tasks.clone()],
            isa,
            self.images.as_ref(),
        );
        // Under the lock, so that a thread waiting for this part to be
        // released cannot miss the wake-up.
        let held = self.lock();
        drop(tables);
        drop(held);
        self.released.notify_all();
        self.add_tally(&tally);
        count
    }

    /// For ranked units: the pivots (their available columns) and the
    /// contribution of the column sets of pivot `pivot` with ranks in
    /// `ranks` (a unit or a part of one; see
    /// [`crate::engine::half_board::ranked`], and [`PreparedJoin::rank_of`] for a
    /// set's rank). `None` for listed units. Per-unit checks count such a
    /// range independently.
    pub fn ranked_pivots(&self) -> Option<Vec<u64>> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => Some(ranked.geo.pivots.iter().map(|p| p.avail).collect()),
        }
    }

    /// For ranked units: unit `i`'s pivot and ranks. `None` for listed
    /// units.
    pub fn ranked_unit(&self, i: usize) -> Option<(usize, std::ops::Range<u64>)> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => {
                let unit = ranked.unit(i);
                Some((unit.pivot, unit.ranks))
            }
        }
    }

    /// For ranked units: the rank of the column set `s` of pivot `pivot`
    /// (in the order its units name sets in,
    /// [`crate::engine::half_board::ranked::Ranked::order`]). `None` for
    /// listed units.
    pub fn rank_of(&self, pivot: usize, s: u64) -> Option<u64> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => Some(ranked.rank_of(pivot, s)),
        }
    }

    /// For ranked units: the column sets of pivot `pivot` its ranks
    /// `ranks` name, every one (canonical or not). `None` for listed units.
    pub fn ranked_sets(&self, pivot: usize, ranks: std::ops::Range<u64>) -> Option<Vec<u64>> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => Some(ranked.sets_of(pivot, ranks).collect()),
        }
    }

    /// See [`PreparedJoin::ranked_pivots`]; what it took goes into the tally.
    pub fn count_ranks(&self, pivot: usize, ranks: std::ops::Range<u64>) -> Option<u128> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => {
                let (count, tally) = ranked.count_ranks(pivot, ranks, Isa::Auto);
                self.add_tally(&tally);
                Some(count)
            }
        }
    }

    /// Unit `i`'s contribution counted again by the definition, sharing
    /// nothing with the join but the unit's keys (its listed tasks'
    /// pivots and column sets, or its pivot and the sets its ranks name): see
    /// [`crate::engine::half_board::recount`]. Several times slower than
    /// [`PreparedJoin::run_unit`], more as `n` grows. `None` for a join that is not of the blank
    /// board (blocked cells, or credited).
    pub fn recount_unit(&self, i: usize) -> Option<u128> {
        if self.images.is_some() {
            return None;
        }
        let (free, sym, pivots) = match &self.work {
            Work::Listed(layout) => (&layout.free, layout.sym, &layout.pivots),
            Work::Ranked(ranked) => (&ranked.geo.free, ranked.geo.sym, &ranked.geo.pivots),
        };
        let recount = Recount::new(self.n(), free, sym)?;
        let queens = |p: usize| -> Vec<(usize, usize)> {
            let queens = pivots[p].queens.iter().flatten();
            queens
                .map(|&(r, c)| (usize::from(r), usize::from(c)))
                .collect()
        };
        Some(match &self.work {
            Work::Listed(layout) => layout.tasks[layout.units[i].tasks.clone()]
                .iter()
                .map(|task| recount.set(&queens(usize::from(task.pivot)), u64::from(task.s)))
                .sum(),
            Work::Ranked(ranked) => {
                let unit = ranked.unit(i);
                let sets = ranked.sets_of(unit.pivot, unit.ranks);
                let queens = queens(unit.pivot);
                sets.map(|s| recount.set(&queens, s)).sum()
            }
        })
    }

    /// Total number of solutions, all units on this thread.
    pub fn count(&self) -> u128 {
        self.count_with(Isa::Auto)
    }

    /// [`PreparedJoin::count`] with an explicit instruction set.
    pub fn count_with(&self, isa: Isa) -> u128 {
        (0..self.units()).map(|i| self.run_unit_with(i, isa)).sum()
    }

    /// The work and time of every unit run so far, and of building their
    /// tables (for the growth bench: where the time goes).
    pub fn tally(&self) -> Tally {
        *self.tally.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An upper bound on the sum of the units run so far
    /// ([`Tally::bound`]): `None` for a credited join (its sums are
    /// credits, which the bound does not weigh) or a bound that saturated.
    pub fn bound(&self) -> Option<u128> {
        let bound = self.tally().bound;
        (self.images.is_none() && bound < u64::MAX).then_some(u128::from(bound))
    }

    fn add_tally(&self, tally: &Tally) {
        self.tally
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(tally);
    }

    fn lock(&self) -> MutexGuard<'_, Held> {
        // A panic elsewhere cannot leave `Held` half-changed: it is only
        // ever replaced whole.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The tables of `part`: the ones in memory, or built once no unit of
    /// the part in memory is running any more.
    fn tables(&self, layout: &Layout, part: usize) -> Arc<[Quarter; 4]> {
        let mut held = self.lock();
        loop {
            if let Some(tables) = &held.tables {
                if held.part == part {
                    return tables.clone();
                }
                if Arc::strong_count(tables) > 1 {
                    held = self.released.wait(held).unwrap_or_else(|e| e.into_inner());
                    continue;
                }
            }
            held.tables = None;
            let needs = &layout.parts[part];
            let start = std::time::Instant::now();
            let mut visited = std::mem::take(&mut held.visited);
            let tables = [0, 1, 2, 3].map(|q| {
                let (n, h, free) = (layout.shape.n, layout.shape.h, &layout.free);
                let (shape, needed) = (layout.quarter_shapes[q], &|cols| needs.needs(q, cols));
                let with = (visited[q].take(), self.images.as_ref());
                Quarter::build_with(n, h, free, shape, needed, with)
            });
            self.add_tally(&Tally {
                tables: start.elapsed(),
                ..Tally::default()
            });
            *held = Held {
                part,
                tables: Some(Arc::new(tables)),
                visited: Default::default(),
            };
        }
    }
}
