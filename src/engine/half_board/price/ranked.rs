//! Ranked units planned by their price: the whole join priced from
//! samples, a unit's size chosen by its work and its memory (the scratch,
//! the tasks per unit, each pivot's ranks cut into units of about that
//! many), and each pivot's run priced ([`Ranked::new`]).
//!
//! The rooms: this file plans the units; `ranges` prices units on their
//! own (a shard's, some ranks, the kernel's estimate of its tally).
//!
//! # Constraints
//! `n <= PRICED_TO` (28), as [`Ranked`].
//!
//! # Complexity
//! One sampled pricing, `O(DRAWS * n * h)` per pivot (about a second at
//! any `n`), and one pass over the pivots.

mod ranges;

use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{binom, Pivot};
use crate::engine::half_board::layout::{Geometry, MinN};
use crate::engine::half_board::price::cost::{self, Regime};
use crate::engine::half_board::price::sampling::{self, Sampled};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::ranked::{Ranked, Run};
use crate::tuning::layout::{MIN_SCRATCH, MIN_UNITS, TILE_OVER_ROOT, UNIT_NS};
use crate::tuning::sampling::TABLES_OVER_MEAN;

/// Draws per pivot of the sampled pricing: [`sampling::DRAWS`], or fewer
/// where a pivot has few column sets (small boards in tests).
fn draws(n: usize, h: usize) -> usize {
    (4 * binom(n, h) as usize).clamp(1000, sampling::DRAWS)
}

impl Ranked {
    /// Plans the count of `n` queens on the board `free` as ranked units
    /// for `budget`: one unit's tables and scratch per thread within its
    /// engine bytes. `None` where `Geometry::of` refuses, or where even
    /// units of one column set would not fit.
    pub fn new(n: usize, free: &[u64], budget: Budget, min_n: MinN) -> Option<Ranked> {
        let g = Geometry::of(n, free, min_n)?;
        let regime = Regime::Ranked {
            n,
            pair: g.sym.pair,
            transpose: g.sym.transpose,
        };
        let sampled = g.sample(draws(n, g.shape.h), SEED, regime);
        Self::from_sampled(g, &sampled, budget)
    }

    /// The units of the join `sampled` prices on `geo`, for `budget`: the
    /// scratch within its share (the chunk left in `geo.shape`), tasks per
    /// unit, then each pivot's ranks cut into units of about that many.
    fn from_sampled(mut geo: Geometry, sampled: &Sampled, budget: Budget) -> Option<Ranked> {
        let list = geo.pivots.len() * std::mem::size_of::<Run>();
        let sizes = UnitSizes::of(&geo, sampled);
        let scratch_bytes;
        (geo.shape.chunk, scratch_bytes) = scratch_for(&geo, sampled, budget, list, &sizes);
        let per_unit = tasks_per_unit(&geo, sampled, budget, (list, scratch_bytes), &sizes)?;
        let (runs, units) = runs_of(&geo, sampled, per_unit, &sizes);
        let cost = runs.iter().map(|r| r.price).sum();
        let unit_bytes = sizes.bytes(per_unit);
        let thread_bytes = unit_bytes + scratch_bytes;
        let sets = sizes.sets(per_unit);
        let shares = [sets[0] / per_unit, sets[1] / per_unit];
        Some(Ranked {
            passes: sampled.passes.clone(),
            keeps: sampled.keeps.clone(),
            apart: sampled.apart.clone(),
            shares,
            tile_over_root: TILE_OVER_ROOT,
            geo,
            runs,
            units,
            cost,
            walked: Vec::new(),
            thread_bytes,
            unit_bytes,
            list_bytes: list,
            table_budget: (budget.engine_bytes().saturating_sub(list) / budget.threads)
                .saturating_sub(scratch_bytes),
        })
    }

    /// Estimated peak bytes on one thread: the unit list, one unit's
    /// tables and one scratch.
    pub fn peak_bytes(&self) -> usize {
        self.list_bytes + self.thread_bytes
    }
}

/// What a unit of some tasks holds and costs to build, from a sampled
/// pricing's mean column set per quarter.
struct UnitSizes {
    /// One task's column sets' placements, per quarter, on average, and
    /// their tables' bytes.
    items: [f64; 4],
    set_bytes: [f64; 4],
    /// The quarters' directories, bytes.
    directories: usize,
    /// Column sets (ranks) per canonical task, and left column sets per
    /// right one in colex order (see [`UnitSizes::sets`]).
    ranks_per_task: f64,
    per_right: f64,
}

impl UnitSizes {
    fn of(geo: &Geometry, sampled: &Sampled) -> UnitSizes {
        let h = geo.shape.h;
        let ranks: u64 = geo.pivots.iter().map(|pv| ranks_of(pv, h)).sum();
        let items = sampled.set_items;
        let set_bytes = [0, 1, 2, 3]
            .map(|q| Quarter::bytes(h, &geo.quarter_shapes[q], 1, items[q] as u64) as f64);
        UnitSizes {
            items,
            set_bytes,
            directories: geo.quarter_shapes.iter().map(|q| 4usize << q.w).sum(),
            ranks_per_task: ranks as f64 / sampled.task_count().max(1.0),
            per_right: binom(geo.shape.wl, geo.shape.wl / 2) as f64,
        }
    }

    /// The column sets per quarter of a unit of `tasks` tasks. In tiles
    /// of side `s` ([`Ranked::order`]) its `U` ranks run through about `U
    /// / s^2` whole tiles and two partial ones, each of `s` left and `s`
    /// right parts: `U / s + s` of each (and no more than the unit has
    /// tasks). In colex order the low
    /// (left) columns vary fastest: consecutive tasks share their right
    /// quarters' sets while the left ones run through about C(wl, wl / 2)
    /// sets each.
    fn sets(&self, tasks: f64) -> [f64; 4] {
        if TILE_OVER_ROOT > 0.0 {
            let ranks = tasks * self.ranks_per_task;
            let side = (TILE_OVER_ROOT * ranks.sqrt()).max(1.0);
            let each = tasks.min(ranks / side + side);
            [each; 4]
        } else {
            let right = tasks.min(1.0 + tasks / self.per_right);
            [tasks, right, tasks, right]
        }
    }

    /// The tables' bytes of a unit of `tasks` tasks (at least one), its
    /// largest ([`TABLES_OVER_MEAN`]).
    fn bytes(&self, tasks: f64) -> usize {
        let sets = self.sets(tasks.max(1.0));
        let bytes: f64 = (0..4).map(|q| sets[q] * self.set_bytes[q]).sum();
        self.directories + (TABLES_OVER_MEAN * bytes) as usize
    }

    /// The ns of a unit of `tasks` tasks' builds: each placement walked
    /// twice and stored once.
    fn build_ns(&self, tasks: f64) -> f64 {
        let sets = self.sets(tasks.max(1.0));
        (0..4)
            .map(|q| (2.0 * cost::NS_SET_WALK_ITEM + cost::NS_BUILD_ITEM) * self.items[q] * sets[q])
            .sum()
    }
}

/// The chunk and its scratch bytes: the scratch's share of the memory,
/// less where a unit of one set would not fit beside it (a smaller
/// scratch costs chunks; a unit that does not fit, the join).
fn scratch_for(
    geo: &Geometry,
    sampled: &Sampled,
    budget: Budget,
    list: usize,
    sizes: &UnitSizes,
) -> (usize, usize) {
    let ovw = geo.shape.ovw;
    let chunk = |scratch: usize| {
        let chunk = cost::chunk(sampled.max_bottoms as u64, 0, ovw, scratch);
        (chunk, cost::scratch_bytes(chunk, 0, ovw))
    };
    let mut scratch_budget = budget.scratch_share(cost::SCRATCH_BUDGET);
    while scratch_budget > MIN_SCRATCH
        && !budget.fits(list, sizes.bytes(1.0) + chunk(scratch_budget).1)
    {
        scratch_budget = scratch_budget / 4 * 3;
    }
    chunk(scratch_budget)
}

/// Tasks per unit: about [`UNIT_NS`] of work, at least [`MIN_UNITS`]
/// units, few enough column sets that each is walked on its own, and one
/// unit per thread within the memory beside the unit list and a scratch
/// (`(list, scratch)` bytes). `None` where even one task does not fit.
fn tasks_per_unit(
    geo: &Geometry,
    sampled: &Sampled,
    budget: Budget,
    (list, scratch_bytes): (usize, usize),
    sizes: &UnitSizes,
) -> Option<f64> {
    let tasks = sampled.task_count().max(1.0);
    let joins = sampled.joins_ns();
    let per_task = (joins + sizes.build_ns(1.0) * tasks) / tasks;
    let widest = geo.quarter_shapes.iter().map(|q| q.w).min().unwrap_or(1);
    let mut per_unit = (UNIT_NS / per_task)
        .min(tasks / MIN_UNITS)
        .min(((1usize << widest) / 8) as f64)
        .max(1.0);
    let fits = |per_unit: f64| budget.fits(list, sizes.bytes(per_unit) + scratch_bytes);
    while !fits(per_unit) {
        if per_unit <= 1.0 {
            return None;
        }
        per_unit = (per_unit / 2.0).max(1.0);
    }
    Some(per_unit)
}

/// The price of some ranks of one pivot ([`Ranked::price_ranks`]).
#[derive(Clone, Copy, Debug)]
pub struct RankPrice {
    /// Their joins and their tables' builds, ns on one core.
    pub joins: f64,
    pub builds: f64,
    /// Their tables' bytes, built at once.
    pub table_bytes: usize,
}

/// Each pivot's [`Run`]: its ranks cut into units of about `per_unit`
/// tasks, priced; and the number of units.
fn runs_of(
    geo: &Geometry,
    sampled: &Sampled,
    per_unit: f64,
    sizes: &UnitSizes,
) -> (Vec<Run>, usize) {
    let mut runs = Vec::with_capacity(geo.pivots.len());
    let mut first = 0;
    for (p, pv) in geo.pivots.iter().enumerate() {
        let ranks = ranks_of(pv, geo.shape.h);
        let units = (sampled.tasks[p] / per_unit)
            .ceil()
            .clamp(1.0, ranks as f64) as u64;
        let price = sampled.joins[p] + sizes.build_ns(per_unit) * sampled.tasks[p] / per_unit;
        runs.push(Run {
            first,
            units,
            ranks,
            price,
        });
        first += units as usize;
    }
    (runs, first)
}

/// The column sets of pivot `pv`: `h`-subsets of its available columns.
fn ranks_of(pv: &Pivot, h: usize) -> u64 {
    binom(pv.avail.count_ones() as usize, h)
}

/// The sampling's seed: the same board is planned the same every time
/// (the unit list, and so shards' fingerprints, depend on it).
const SEED: u64 = 0x5eed;
