//! The join without a task list: work units named by a pivot and a range
//! of ranks of its column sets, priced from samples, each building the
//! quarter tables of its own tasks when it runs.
//!
//! Exact planning ([`crate::engine::half_board::layout`]) walks every
//! quarter placement into dense bucket counts (`4 x 2^(n/2 + n/2)`
//! entries) and lists and prices every canonical column set: past
//! [`crate::engine::half_board::MAX_N`] that is a GiB and more than ten
//! minutes before the first join, for every shard. Here nothing is listed:
//!
//! - the whole join is priced from samples
//!   ([`crate::engine::half_board::sampling`]): per pivot its joins and
//!   canonical tasks, per quarter the placements of one task's column set;
//! - a unit is `(pivot, ranks)`: the column sets of that pivot whose
//!   ranks among the `h`-subsets of its available columns fall in `ranks`
//!   ([`crate::engine::half_board::column_sets::tasks_in_ranks`] makes its
//!   canonical tasks when it runs). A pivot's ranks are cut into equal
//!   ranges, so a unit weighs its pivot's price times its share of the
//!   ranks;
//! - a running unit builds the tables of its own column sets only, by walks
//!   of those sets alone, joins its tasks and drops the tables: every thread
//!   holds one unit's tables and scratch, whatever the board's size.
//!
//! The ranks run through a pivot's sets in colex order, or in tiles
//! ([`crate::engine::half_board::column_sets::tiles`]) about as large as
//! a unit ([`Ranked::order`], where [`TILE_OVER_ROOT`] is above 0). Colex
//! order varies the low columns fastest, so a unit's tasks share their
//! right quarters' column sets and each has a left one of its own: the
//! walks of a unit's sets were 55-60% of its time at 26. In tiles of side
//! `s` a unit of `U` ranks holds about `U / s + s` left parts and as many
//! right ones (in one tile, `U = s^2`, its tables cost 1.4 ms a task at 26
//! against 57 ms in colex order), and the tiles of every left size are
//! interleaved, so a unit holds the sets of each in their share and
//! units cut to equal ranks weigh the same, as in colex order. The price
//! counts the walks either way.
//!
//! The rooms: this file plans the units (their sizes, the scratch, the
//! tasks per unit, each pivot's run); `run` is a pivot's run, its ranks
//! cut into units of equal size; `order` names the sets of a pivot's
//! ranks and finds a unit's ranges along them; `units` counts a
//! unit (its tables built, in pieces where they must be, its tasks
//! joined); `pricing` prices units on their own (a shard's, some ranks,
//! the kernel's estimate of its tally).
//!
//! # Constraints
//! `n <= PRICED_TO` (28): what the sampled pricing and the quarters'
//! middle marks accept. A unit's tables must fit the memory: units are cut
//! finer until one per thread does, down to one column set, by the layout's
//! mean; a unit whose sets hold more (sizes are counted before anything
//! is stored) joins its tasks in pieces whose tables fit.
//!
//! # Complexity
//! Planning: one sampled pricing, `O(DRAWS * n * h)` per pivot (about a
//! second at any `n`), and one pass over the units. A unit: its tasks'
//! joins ([`crate::engine::half_board::matching`]), plus two walks of each
//! of its column sets.

mod order;
mod pricing;
mod run;
mod units;

use std::ops::Range;

use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{binom, Pivot};
use crate::engine::half_board::cost::{self, Regime};
use crate::engine::half_board::layout::{Geometry, MinN};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::sampling::{self, Sampled};
use crate::tuning::layout::{MIN_SCRATCH, MIN_UNITS, TILE_OVER_ROOT, UNIT_NS};
use crate::tuning::sampling::TABLES_OVER_MEAN;
use run::{Run, TILED_ORDER};

/// One work unit: the column sets of pivot `pivot` with ranks in `ranks`
/// (in [`Ranked::order`]), and its estimated ns on one core.
#[derive(Clone, Debug)]
pub struct RankedUnit {
    pub pivot: usize,
    pub ranks: Range<u64>,
    pub weight: f64,
}

/// A join planned as ranked units. The unit list is not stored (it may
/// hold tens of millions): unit `i` is computed from its pivot's [`Run`].
#[derive(Clone)]
pub struct Ranked {
    /// The board, its folding and its sides.
    pub(in crate::engine::half_board) geo: Geometry,
    runs: Vec<Run>,
    /// Per pivot, the share of each quarter's placements its diagonals
    /// leave (the sampled pricing's, for pricing units on their own).
    passes: Vec<[f64; 4]>,
    /// Per pivot, the share of the join's words the sieve leaves (the
    /// sampled pricing's, likewise).
    keeps: Vec<f64>,
    /// Per pivot, the shares of candidate tops and bottoms their
    /// quarters' test leaves (likewise).
    apart: Vec<[f64; 2]>,
    /// The shares of a unit's tasks that bring their own left and their
    /// own right quarters' column sets (see `UnitSizes::sets`).
    shares: [f64; 2],
    /// The tiles' side over the square root of a unit's ranks
    /// ([`TILE_OVER_ROOT`]; 0 for colex order, benches' baseline).
    tile_over_root: f64,
    /// The number of units.
    pub units: usize,
    /// Estimated ns on one core of the units (joins and their tables).
    pub cost: f64,
    /// Estimated bytes each further thread adds: its unit's tables and its
    /// scratch.
    pub thread_bytes: usize,
    /// Of those, the unit's tables; and the unit list's.
    unit_bytes: usize,
    list_bytes: usize,
    /// What a thread may hold in tables, its scratch aside: a unit whose
    /// tables pass it runs in pieces ([`Ranked::count_ranks`]).
    table_budget: usize,
}

/// Draws per pivot of the sampled pricing: [`sampling::DRAWS`], or fewer
/// where a pivot has few column sets (small boards in tests).
fn draws(n: usize, h: usize) -> usize {
    (4 * binom(n, h) as usize).clamp(1000, sampling::DRAWS)
}

impl Ranked {
    /// Plans the count of `n` queens on the board `free` as ranked units
    /// for `budget`: one unit's tables and scratch per thread within its
    /// engine bytes. `None` where [`Geometry::of`] refuses, or where even
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

    /// Unit `i`: its pivot, its ranks and its weight.
    pub fn unit(&self, i: usize) -> RankedUnit {
        let p = self.runs.partition_point(|r| r.first <= i) - 1;
        let run = &self.runs[p];
        let j = (i - run.first) as u64;
        let ranks = run.cut(j)..run.cut(j + 1);
        let weight = run.price * (ranks.end - ranks.start) as f64 / run.ranks as f64;
        RankedUnit {
            pivot: p,
            ranks,
            weight,
        }
    }

    /// What identifies the unit list, in order (for fingerprints): in
    /// tiles, the order's revision and side factor; then per pivot its
    /// units and ranks (each unit's ranges and its tiles follow from them).
    pub fn unit_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let tiled = self.tile_over_root > 0.0;
        let order = tiled.then_some([TILED_ORDER, self.tile_over_root.to_bits()]);
        order
            .into_iter()
            .flatten()
            .chain(self.runs.iter().flat_map(|r| [r.units, r.ranks]))
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
