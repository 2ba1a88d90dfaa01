//! A board laid out by its price: planning's counting walk priced task by
//! task, the parts and the chunk chosen by what they cost under the memory
//! limit, the tasks cut into units of equal price ([`Layout::new`]); and
//! the same layout priced from samples without listing a task
//! ([`Layout::price`]).
//!
//! # Rooms
//! - `exact`: every task priced exactly from the counting walk's buckets,
//!   the units cut to equal prices, the whole count's price;
//! - `sampled`: the same layout priced from samples ([`Price`]);
//! - `memory`: where the memory goes under a limit, the threads' scratch
//!   (chunks) or the tables (parts): the cheapest of a few shares.
//!
//! # Constraints
//! `1 <= n <= MAX_N` (24), as [`Layout`].
//!
//! # Complexity
//! One counting walk per quarter, then every `h`-subset of the available
//! columns per pivot with `O(C(h, k))` bucket look-ups for the canonical
//! ones: about `C(n, n/2) * 2^(n/2) / 4` steps on blank boards.

mod exact;
mod memory;
mod sampled;

pub use sampled::Price;

use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{binom, Pivot, Task};
use crate::engine::half_board::layout::{
    split, tables_bytes, Buckets, Geometry, Images, Layout, MinN, Part, Stored, MAX_N,
};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::price::cost::{Regime, Relist, TaskWork};
use crate::engine::half_board::price::sampling::{self, Sampled};
use crate::engine::half_board::quarters::{QuarterShape, Visited};
use exact::{
    counting_bytes, cut_units, layout_cost, price_tasks, rebuild_ns, total_cost, Priced, Pricer,
};

impl Layout {
    /// Plans the count of `n` queens on the board whose row `r` has free
    /// columns `free[r]` for `budget`: the largest part's tables plus one
    /// scratch per thread within its engine bytes. `None` when `n` is
    /// outside `1..=MAX_N`, `free.len() != n`, planning itself would not
    /// fit, or no split fits. Allocates only the bucket counts
    /// (`4 x 2^(n/2 + n/2)` u32) and the task list.
    pub fn new(n: usize, free: &[u64], budget: Budget, min_n: MinN) -> Option<Layout> {
        if n > MAX_N {
            return None;
        }
        let Geometry {
            free,
            sym,
            mut shape,
            pivots,
            quarter_shapes,
        } = Geometry::of(n, free, min_n)?;
        let h = shape.h;
        // The bucket counts planning walks into are its largest allocation:
        // refuse before making them when they alone pass the limit.
        let counting_bytes = counting_bytes(&quarter_shapes, h);
        if !budget.fits(counting_bytes, 0) {
            return None;
        }
        let mut buckets = Buckets::count(n, h, &free, &quarter_shapes, shape.diag_bot, &pivots);
        let visited = std::mem::take(&mut buckets.visited);
        // Held from planning until the first build has read them.
        let visited_bytes: usize = visited.iter().flatten().map(Visited::bytes).sum();
        let Priced {
            tasks,
            mut weights,
            relists,
            max_bottoms,
        } = price_tasks(&shape, &pivots, sym, &buckets);
        drop(std::mem::take(&mut buckets.counts));
        let scanned: u64 = pivots
            .iter()
            .map(|p| binom(p.avail.count_ones() as usize, h))
            .sum();
        let task_bytes = tasks.len() * (std::mem::size_of::<Task>() + 8);
        // Planning holds each task's relisting too, until the chunk is
        // chosen.
        let relist_bytes = tasks.len() * std::mem::size_of::<Relist>();
        let layout_bytes = buckets.bytes + task_bytes + visited_bytes + relist_bytes;
        if !budget.fits(layout_bytes, 0) {
            return None;
        }
        let held = (layout_bytes, task_bytes, max_bottoms);
        let fit = chunk_and_parts(
            &budget,
            (&shape, &quarter_shapes),
            (&tasks, &pivots, &relists),
            &buckets,
            held,
        )?;
        let (chunk, scratch_bytes, (keys, parts, part_items)) =
            (fit.chunk, fit.scratch_bytes, fit.parts);
        shape.chunk = chunk;
        for (weight, relist) in weights.iter_mut().zip(&relists) {
            *weight += relist.ns_in(chunk);
        }
        drop(relists);
        let (tasks, units, total) = cut_units(&tasks, &weights, &keys, parts.len());
        let table_bytes = |stored: Stored| tables_bytes(h, &quarter_shapes, stored);
        let largest = part_items
            .iter()
            .map(|&p| table_bytes(p))
            .max()
            .unwrap_or(0);
        // Each walk counts for the quarters read off it, against each
        // pivot once per quarter.
        let images = Images::of(n, h, &free, &quarter_shapes, shape.diag_bot, &pivots);
        let walk_pivots = pivots.len() * 4 / images.walks();
        let layout_ns = layout_cost(buckets.counted, walk_pivots, scanned);
        let whole = whole_tables(&buckets.mass);
        let cost = total_cost(layout_ns, total, whole, buckets.walked, parts.len());
        Some(Layout {
            shape,
            sym,
            free,
            quarter_shapes,
            pivots,
            tasks,
            parts,
            units,
            cost,
            layout_ns,
            layout_bytes,
            running_bytes: largest + task_bytes + scratch_bytes + visited_bytes,
            scratch_bytes,
            mass: buckets.mass,
            walked: buckets.walked_each,
            task_bytes,
            visited,
        })
    }
}

/// Each task's part, the parts, and what each part's tables store.
type Parts = (Vec<usize>, Vec<Part>, Vec<Stored>);

/// What the whole board's tables store: per quarter, every column set and
/// its placements (`mass`).
fn whole_tables(mass: &[Vec<u64>]) -> Stored {
    [0, 1, 2, 3].map(|q| (mass[q].len() as u64, mass[q].iter().sum()))
}

/// The chunk and the parts of a layout of `tasks` (with their `relists`)
/// while planning holds `held = (planning bytes, task bytes, the most
/// bottoms a task joins)`: the whole board's tables if they fit beside
/// every thread's scratch, else the smallest K x K split (by pivot and
/// column-set hashes) whose largest part fits; of a few shares of the
/// limit for the scratch, the one that adds least (`memory`).
fn chunk_and_parts(
    budget: &Budget,
    (shape, quarter_shapes): (&Shape, &[QuarterShape; 4]),
    (tasks, pivots, relists): (&[Task], &[Pivot], &[Relist]),
    buckets: &Buckets,
    (layout_bytes, task_bytes, max_bottoms): (usize, usize, u64),
) -> Option<memory::Fit<Parts>> {
    let (h, wl) = (shape.h, shape.wl);
    let wr = shape.n - wl;
    let max_group = u64::from(buckets.max_group);
    let mass = &buckets.mass;
    let widths = [wl, wr, wl, wr];
    let table_bytes = |stored: Stored| tables_bytes(h, quarter_shapes, stored);
    let whole = whole_tables(mass);
    let limit = budget.engine_bytes();
    let relist = |chunk: usize| relists.iter().map(|r| r.ns_in(chunk)).sum::<f64>();
    let mut split_within = |fixed: usize| {
        if fixed + table_bytes(whole) <= limit {
            let parts = (vec![0usize; tasks.len()], vec![Part::whole()], vec![whole]);
            return Some((1, parts));
        }
        let parts = split(tasks, pivots, mass, widths, wl, fixed, limit, &table_bytes)?;
        Some((parts.1.len(), parts))
    };
    memory::cheapest(
        budget,
        layout_bytes,
        (max_bottoms, max_group),
        shape.ovw,
        task_bytes,
        rebuild_ns(buckets.walked),
        &relist,
        &mut split_within,
    )
}

impl Layout {
    /// The join of `n` queens on the board `free` priced from samples
    /// (see [`sampling`]), up to
    /// [`PRICED_TO`](crate::engine::half_board::layout::PRICED_TO): what planning it exactly
    /// would find, within a few percent, in about a second at any size.
    /// `None` where `Geometry::of` refuses.
    pub fn sampled(n: usize, free: &[u64], min_n: MinN) -> Option<Sampled> {
        Some(Geometry::of(n, free, min_n)?.sample(sampling::DRAWS, sampled::SEED, Regime::Listed))
    }

    /// What [`Layout::new`] would plan for the same arguments, priced from
    /// samples in about a second where planning takes minutes: the cost,
    /// the peak memory, the units. The parts are sized as `new` sizes
    /// them, from the sampled quarters with some slack. `None` where
    /// `new` would refuse (sizes, or a memory limit no split keeps).
    pub fn price(n: usize, free: &[u64], budget: Budget, min_n: MinN) -> Option<Price> {
        sampled::price(n, free, budget, min_n, sampling::DRAWS)
    }

    /// [`Layout::price`] from [`sampling::ROUGH_DRAWS`] draws a pivot: a
    /// sixty-fourth of the draws and their memory, for advice that asks
    /// many budgets (a run under a tight `--memory` must not pass it to
    /// price its advice).
    pub fn price_roughly(n: usize, free: &[u64], budget: Budget, min_n: MinN) -> Option<Price> {
        sampled::price(n, free, budget, min_n, sampling::ROUGH_DRAWS)
    }
}

impl Layout {
    /// The cost model's work of each unit in `units`, term by term (the
    /// growth bench fits the model's constants to it). Walks every quarter
    /// again, as planning did: seconds to minutes, for benches only.
    pub fn unit_works(&self, units: &[usize]) -> Vec<TaskWork> {
        let buckets = Buckets::count(
            self.shape.n,
            self.shape.h,
            &self.free,
            &self.quarter_shapes,
            self.shape.diag_bot,
            &self.pivots,
        );
        let mut pricer = Pricer::new(&self.shape, &self.pivots, self.sym, &buckets);
        units
            .iter()
            .map(|&u| {
                let mut sum = TaskWork::default();
                for task in &self.tasks[self.units[u].tasks.clone()] {
                    if let Some((work, ..)) = pricer.work(task) {
                        sum += work;
                    }
                }
                sum
            })
            .collect()
    }
}
