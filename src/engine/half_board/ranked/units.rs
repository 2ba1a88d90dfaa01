//! Ranked units counted: a unit's canonical tasks made from its ranks,
//! the quarter tables of their column sets built (in pieces where they
//! would pass the thread's table budget), joined and dropped. A room of
//! its own: this is the join's side of a ranked unit; what it costs is
//! [`crate::engine::half_board::price::ranked`]'s.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::engine::half_board::column_sets::{tasks_in_ranks, Task};
use crate::engine::half_board::matching::{self, Isa};
use crate::engine::half_board::quarters::{Counted, Quarter};
use crate::engine::half_board::tally::Tally;

use super::Ranked;

impl Ranked {
    /// The exact contribution of unit `i` and what it took: its tasks, the
    /// tables of their column sets, their joins.
    pub fn run_unit(&self, i: usize, isa: Isa) -> (u128, Tally) {
        let unit = self.unit(i);
        self.count_ranks(unit.pivot, unit.ranks, isa)
    }

    /// The exact contribution of the column sets of pivot `pivot` with
    /// ranks in `ranks` (any range: a unit, or a part of one), and
    /// what it took.
    pub fn count_ranks(&self, pivot: usize, ranks: Range<u64>, isa: Isa) -> (u128, Tally) {
        let (mut count, mut tally) = (0u128, Tally::default());
        self.in_pieces(pivot, ranks, |piece, tables, built| {
            let (c, t) = matching::run(&self.geo.shape, tables, &self.geo.pivots, piece, isa, None);
            count += c;
            tally.add(&t);
            tally.tables += built;
        });
        (count, tally)
    }

    /// Calls `each(tasks, tables, built)` for the canonical tasks of pivot
    /// `pivot` with ranks in `ranks`, in pieces whose quarter tables
    /// fit the thread's table budget (all at once where they do), with
    /// the tables and the time their build took (the first pass's included
    /// in the first piece's).
    fn in_pieces(
        &self,
        pivot: usize,
        ranks: Range<u64>,
        mut each: impl FnMut(&[Task], &[Quarter; 4], std::time::Duration),
    ) {
        let (n, h, wl) = (self.geo.shape.n, self.geo.shape.h, self.geo.shape.wl);
        let pv = &self.geo.pivots[pivot];
        let order = self.order(pivot);
        let tasks = tasks_in_ranks(n, pv, pivot, self.geo.sym, &order, ranks);
        if tasks.is_empty() {
            return;
        }
        let start = std::time::Instant::now();
        let lmask = (1u64 << wl) - 1;
        let counted = self.tables_of(&tasks);
        let free = &self.geo.free;
        if counted.iter().map(Counted::bytes).sum::<usize>() <= self.table_budget {
            let tables = counted.map(|c| c.fill(None));
            each(&tasks, &tables, start.elapsed());
            return;
        }
        // The unit's tables would pass the thread's share of the memory
        // (its sets' sizes vary far more than the layout's mean allows: a
        // unit of 25 whose sets hold the low columns needs a 1.4 GB table):
        // its tasks are joined in pieces whose tables fit, each built on
        // its own (such units walk their sets once more).
        let items: [HashMap<u64, u64>; 4] = counted.map(|c| c.set_items().collect());
        let shapes = self.geo.quarter_shapes;
        let mut first = start.elapsed();
        let mut rest = &tasks[..];
        while !rest.is_empty() {
            let mut held: [HashSet<u64>; 4] = Default::default();
            let mut bytes = 0usize;
            let mut take = 0;
            for task in rest {
                let s = u64::from(task.s);
                let sb = self.geo.pivots[task.pivot as usize].avail ^ s;
                let cols = [s & lmask, s >> wl, sb & lmask, sb >> wl];
                let more: usize = (0..4)
                    .filter(|&q| !held[q].contains(&cols[q]))
                    .map(|q| {
                        let directory = 4 << shapes[q].w;
                        Quarter::bytes(h, &shapes[q], 1, items[q][&cols[q]]) - directory
                    })
                    .sum();
                if take > 0 && bytes + more > self.table_budget {
                    break;
                }
                bytes += more;
                for (set, &c) in held.iter_mut().zip(&cols) {
                    set.insert(c);
                }
                take += 1;
            }
            let (piece, later) = rest.split_at(take);
            let start = std::time::Instant::now();
            let tables = [0, 1, 2, 3]
                .map(|q| Quarter::build(n, h, free, shapes[q], &|cols| held[q].contains(&cols)));
            each(piece, &tables, start.elapsed() + std::mem::take(&mut first));
            rest = later;
        }
    }

    /// The first pass of the quarter tables `tasks` read: per quarter,
    /// the column sets some task uses (see [`Counted`]).
    fn tables_of(&self, tasks: &[Task]) -> [Counted<'_>; 4] {
        let (n, h, wl) = (self.geo.shape.n, self.geo.shape.h, self.geo.shape.wl);
        let lmask = (1u64 << wl) - 1;
        let mut needed = self.geo.quarter_shapes.map(|q| vec![false; 1usize << q.w]);
        for task in tasks {
            let s = u64::from(task.s);
            let sb = self.geo.pivots[task.pivot as usize].avail ^ s;
            for (q, cols) in [s & lmask, s >> wl, sb & lmask, sb >> wl]
                .into_iter()
                .enumerate()
            {
                needed[q][cols as usize] = true;
            }
        }
        let free = &self.geo.free;
        [0, 1, 2, 3].map(|q| {
            let needed = &needed[q];
            let needed = |cols: u64| needed[cols as usize];
            Counted::new(n, h, free, self.geo.quarter_shapes[q], &needed, None)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::base::rng::Rng;
    use crate::engine::budget::Budget;
    use crate::engine::half_board::layout::MinN;
    use crate::engine::half_board::matching::Isa;
    use crate::engine::half_board::ranked::Ranked;

    /// A unit whose tables pass the thread's share runs in pieces, and
    /// counts what it counts whole: every task a piece of its own, and
    /// pieces of a few tasks, on blank boards and boards with blocked cells.
    #[test]
    fn units_over_their_table_budget_count_the_same_in_pieces() {
        let mut rng = Rng::new(41);
        let mut checked = 0;
        for round in 0..12 {
            let n = rng.between(12, 16);
            let free = if round % 2 == 0 {
                vec![(1u64 << n) - 1; n]
            } else {
                let percent = rng.below(20);
                rng.board(n, percent).rows().to_vec()
            };
            let min_n = MinN::both(12).ranked_from(4);
            let Some(mut ranked) = Ranked::new(n, &free, Budget::default(), min_n) else {
                continue;
            };
            // Half the rounds in tiles (see `Ranked::order`).
            ranked.set_tile_over_root([0.0, 1.0][round / 2 % 2]);
            for i in (0..ranked.units).step_by(1 + ranked.units / 5) {
                ranked.table_budget = usize::MAX;
                let (whole, tally) = ranked.run_unit(i, Isa::Auto);
                for budget in [0, 1 << 16] {
                    ranked.table_budget = budget;
                    let (pieces, t) = ranked.run_unit(i, Isa::Auto);
                    let what = format!("n = {n}, unit {i}, table budget {budget}");
                    assert_eq!(pieces, whole, "{what}");
                    assert_eq!(t.sets, tally.sets, "{what}");
                }
                checked += usize::from(whole > 0);
            }
        }
        assert!(checked >= 20, "only {checked} units with solutions");
    }
}
