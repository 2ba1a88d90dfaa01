//! The join without a task list: work units named by a pivot and a range
//! of colex ranks of its column sets, priced from samples, each building
//! the quarter tables of its own tasks when it runs.
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
//! - a unit is `(pivot, ranks)`: the column sets of that pivot whose colex
//!   ranks among the `h`-subsets of its available columns fall in `ranks`
//!   ([`tasks_in_ranks`] makes its canonical tasks when it runs). A pivot's
//!   ranks are cut into equal ranges, so a unit weighs its pivot's price
//!   times its share of the ranks;
//! - a running unit builds the tables of its own column sets only, by walks
//!   of those sets alone, joins its tasks and drops the tables: every thread
//!   holds one unit's tables and scratch, whatever the board's size.
//!
//! Colex order varies the low columns fastest, so a unit's tasks share
//! their right quarters' column sets (the high columns) and mostly differ
//! in the left ones: units are kept to a few minutes of joins, where the
//! walks of their sets cost a few percent (the price counts them).
//!
//! # Constraints
//! `n <= PRICED_TO` (28): what the sampled pricing and the quarters'
//! middle marks accept. A unit's tables must fit the memory: units are cut
//! finer until one per thread does, down to one column set, by the plan's
//! mean; a unit whose sets hold more (sizes are counted before anything
//! is stored) joins its tasks in pieces whose tables fit.
//!
//! # Complexity
//! Planning: one sampled pricing, `O(DRAWS * n * h)` per pivot (about a
//! second at any `n`), and one pass over the units. A unit: its tasks'
//! joins ([`crate::engine::half_board::matching`]), plus two walks of each
//! of its column sets.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::base::rng::Rng;
use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{binom, set_of_rank, tasks_in_ranks, Pivot, Task};
use crate::engine::half_board::cost::{self, Regime, TaskWork};
use crate::engine::half_board::layout::{Geometry, MinN};
use crate::engine::half_board::matching::{self, Kernel};
use crate::engine::half_board::quarters::{Counted, Quarter};
use crate::engine::half_board::sampling::{self, Sampled, SetPrice};
use crate::engine::half_board::tally::Tally;

/// One work unit: the column sets of pivot `pivot` with colex ranks in
/// `ranks`, and its estimated ns on one core.
#[derive(Clone, Debug)]
pub struct RankedUnit {
    pub pivot: usize,
    pub ranks: Range<u64>,
    pub weight: f64,
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

/// The units of one pivot: its ranks cut into `units` equal ranges, the
/// first numbered `first`.
#[derive(Clone, Debug)]
struct Run {
    first: usize,
    units: u64,
    ranks: u64,
    /// The pivot's price, ns (its joins and its tables).
    price: f64,
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
    /// The share of a unit's tasks that bring their own right quarters'
    /// column sets (see `from_sampled`).
    right_share: f64,
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

/// Quarter sets a unit's estimate keeps walked at most (then it starts
/// afresh): a set's table holds its directory, tens of KB.
const KEPT_QUARTERS: usize = 64;

/// A unit's joins aimed at, ns at the reference speed: about ten minutes,
/// so that a shard of an hour holds several and its walks stay a few
/// percent of it.
const UNIT_NS: f64 = 6e11;

/// The least scratch a thread is given for a unit's bottoms before the
/// unit is made smaller instead.
const MIN_SCRATCH: usize = 16 << 20;

/// Units aimed at at least, where tasks allow (threads and shards get even
/// shares).
const MIN_UNITS: f64 = 512.0;

/// Draws pricing a shard's units on their own ([`Ranked::narrow`]), in
/// all and at least per unit.
const SHARD_DRAWS: usize = 20_000;
const UNIT_DRAWS: usize = 64;

/// A shard of at most this many column sets prices them from walks of
/// each ([`SetPrice::Walked`]: the kernel's estimate of its own tally on
/// the sets' tables, [`Ranked::estimate_ranks`]): one descent per set is
/// heavy-tailed, and past 25 a shard holds a few sets (a shard of 26 whose
/// descents priced it at 15 s ran 15 min). Walks cost about a third of the
/// sets' builds: a shard of more sets is priced from descents, whose sum
/// is close.
const WALKED_SETS: u64 = 1024;

/// The largest unit's tables over the mean unit's (their column sets'
/// placements vary; measured spread of one task's bottoms: 2.0-2.6x).
const TABLES_OVER_MEAN: f64 = 2.6;

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
        let sampled = g.sample(draws(n, g.shape.h), SEED, Regime::Ranked { n });
        Self::from_sampled(g, &sampled, budget)
    }

    fn from_sampled(mut geo: Geometry, sampled: &Sampled, budget: Budget) -> Option<Ranked> {
        let Geometry {
            ref mut shape,
            ref pivots,
            ref quarter_shapes,
            ..
        } = geo;
        let h = shape.h;
        let list = pivots.len() * std::mem::size_of::<Run>();
        // One task's column sets' placements, per quarter, on average.
        let items = sampled.set_items;
        let set_bytes =
            [0, 1, 2, 3].map(|q| Quarter::bytes(h, &quarter_shapes[q], 1, items[q] as u64) as f64);
        let directories: usize = quarter_shapes.iter().map(|q| 4usize << q.w).sum();
        // Colex order varies the low (left) columns fastest: consecutive
        // tasks share their right quarters' sets while the left ones run
        // through about C(wl, wl / 2) sets each.
        let per_right = binom(shape.wl, shape.wl / 2) as f64;
        let sets = |tasks: f64| {
            let right = tasks.min(1.0 + tasks / per_right);
            [tasks, right, tasks, right]
        };
        let unit_bytes = |tasks: f64| {
            let sets = sets(tasks.max(1.0));
            let bytes: f64 = (0..4).map(|q| sets[q] * set_bytes[q]).sum();
            directories + (TABLES_OVER_MEAN * bytes) as usize
        };
        // The scratch: its share of the memory, less where a unit of one
        // set would not fit beside it (a smaller scratch costs chunks; a
        // unit that does not fit, the join).
        let chunk = |scratch: usize| {
            let chunk = cost::chunk(sampled.max_bottoms as u64, 0, shape.ovw, scratch);
            (chunk, cost::scratch_bytes(chunk, 0, shape.ovw))
        };
        let mut scratch_budget = budget.scratch_share(cost::SCRATCH_BUDGET);
        while scratch_budget > MIN_SCRATCH
            && !budget.fits(list, unit_bytes(1.0) + chunk(scratch_budget).1)
        {
            scratch_budget = scratch_budget / 4 * 3;
        }
        let scratch_bytes;
        (shape.chunk, scratch_bytes) = chunk(scratch_budget);
        let unit_build_ns = |tasks: f64| -> f64 {
            let sets = sets(tasks.max(1.0));
            (0..4)
                .map(|q| (2.0 * cost::NS_SET_WALK_ITEM + cost::NS_BUILD_ITEM) * items[q] * sets[q])
                .sum()
        };

        let tasks = sampled.task_count().max(1.0);
        let joins = sampled.joins_ns();
        let per_task = (joins + unit_build_ns(1.0) * tasks) / tasks;
        // Tasks per unit: about UNIT_NS of work, at least MIN_UNITS units,
        // few enough column sets that each is walked on its own, and one
        // unit per thread within the memory.
        let widest = quarter_shapes.iter().map(|q| q.w).min().unwrap_or(1);
        let mut per_unit = (UNIT_NS / per_task)
            .min(tasks / MIN_UNITS)
            .min(((1usize << widest) / 8) as f64)
            .max(1.0);
        let fits = |per_unit: f64| budget.fits(list, unit_bytes(per_unit) + scratch_bytes);
        while !fits(per_unit) {
            if per_unit <= 1.0 {
                return None;
            }
            per_unit = (per_unit / 2.0).max(1.0);
        }

        let mut runs = Vec::with_capacity(pivots.len());
        let mut first = 0;
        for (p, pv) in pivots.iter().enumerate() {
            let ranks = ranks_of(pv, h);
            let units = (sampled.tasks[p] / per_unit)
                .ceil()
                .clamp(1.0, ranks as f64) as u64;
            let price = sampled.joins[p] + unit_build_ns(per_unit) * sampled.tasks[p] / per_unit;
            runs.push(Run {
                first,
                units,
                ranks,
                price,
            });
            first += units as usize;
        }
        let cost = runs.iter().map(|r| r.price).sum();
        let thread_bytes = unit_bytes(per_unit) + scratch_bytes;
        let right_share = sets(per_unit)[1] / per_unit;
        Some(Ranked {
            passes: sampled.passes.clone(),
            keeps: sampled.keeps.clone(),
            apart: sampled.apart.clone(),
            right_share,
            geo,
            runs,
            units: first,
            cost,
            thread_bytes,
            unit_bytes: unit_bytes(per_unit),
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
        // `ranks * j` fits: ranks < 2^40 and units < 2^24 past n = 24.
        let cut = |j: u64| (u128::from(run.ranks) * u128::from(j) / u128::from(run.units)) as u64;
        let ranks = cut(j)..cut(j + 1);
        let weight = run.price * (ranks.end - ranks.start) as f64 / run.ranks as f64;
        RankedUnit {
            pivot: p,
            ranks,
            weight,
        }
    }

    /// Keeps the price of `units` only (a shard's), priced on their own:
    /// the tasks of a rank range cost anything from nothing (column sets
    /// all on one side) to several times the mean, so a shard's units are
    /// sampled within their ranges ([`SHARD_DRAWS`] in all, at least
    /// [`UNIT_DRAWS`] each), or where the shard holds few sets, every set
    /// walked and its join estimated by the kernel ([`WALKED_SETS`],
    /// [`Ranked::price_ranks`]; then the largest unit's tables are known,
    /// and the shard's peak is priced from them). The others must
    /// not run afterwards (nothing is held for any unit, so nothing else
    /// changes).
    pub fn narrow(&mut self, units: &[usize]) {
        let mut rng = Rng::new(SEED ^ units.first().map_or(0, |&u| u as u64));
        let mut ranks_rng = Rng::new(rng.next_u64());
        let per = (SHARD_DRAWS / units.len().max(1)).max(UNIT_DRAWS) as u64;
        let sets: u64 = units
            .iter()
            .map(|&u| {
                let ranks = self.unit(u).ranks;
                ranks.end - ranks.start
            })
            .sum();
        let how = if sets <= WALKED_SETS {
            SetPrice::Walked
        } else {
            SetPrice::Descent
        };
        let mut total = 0.0;
        let mut tables = 0usize;
        for &u in units {
            let unit = self.unit(u);
            let rngs = (&mut rng, &mut ranks_rng);
            let price = self.price_ranks(unit.pivot, unit.ranks, per, how, rngs);
            total += price.joins + price.builds;
            tables = tables.max(price.table_bytes);
        }
        self.cost = total;
        // Walked, the largest of the shard's own units' tables is known,
        // where the plan assumed a multiple of the mean unit's (a unit past
        // the table budget runs in pieces within it).
        if how == SetPrice::Walked {
            let tables = tables.min(self.table_budget);
            let scratch = self.thread_bytes - self.unit_bytes;
            self.unit_bytes = tables;
            self.thread_bytes = tables + scratch;
        }
    }

    /// The price of the column sets of pivot `pivot` with colex ranks in
    /// `ranks`, on their own: their joins, the builds of their tables and
    /// the tables' bytes. Where there are at most `draws` ranks and `how`
    /// is [`SetPrice::Walked`], every set's tables are built and the
    /// kernel estimates its own work on them ([`Ranked::estimate_ranks`],
    /// priced by [`cost::sieved_ns`]); else from `draws` random ranks
    /// (drawn from `rngs.1`; the descents from `rngs.0`), or every rank,
    /// one descent each.
    pub fn price_ranks(
        &self,
        pivot: usize,
        ranks: Range<u64>,
        draws: u64,
        how: SetPrice,
        (rng, ranks_rng): (&mut Rng, &mut Rng),
    ) -> RankPrice {
        let (start, len) = (ranks.start, ranks.end - ranks.start);
        let draws = len.min(draws);
        if how == SetPrice::Walked && draws == len {
            let (tally, distinct) = self.estimate_ranks(pivot, ranks, rng);
            return self.rank_price(cost::sieved_ns(&tally), distinct);
        }
        let board = self.geo.board();
        let avail = self.geo.pivots[pivot].avail;
        let sets = (0..draws).map(|i| {
            let rank = if draws == len {
                start + i
            } else {
                start + ranks_rng.below(len)
            };
            set_of_rank(avail, self.geo.shape.h, rank)
        });
        let priced = (self.passes[pivot], self.keeps[pivot], self.apart[pivot]);
        let price = sampling::price_sets(&board, pivot, priced, sets, SetPrice::Descent, rng);
        let scale = len as f64 / draws.max(1) as f64;
        // The tables: the tasks' own left sets and a share of right ones.
        let items = price.items.map(|x| x * scale);
        let tasks = price.tasks * scale;
        let right = self.right_share;
        let distinct = [
            (tasks, items[0]),
            (tasks * right, items[1] * right),
            (tasks, items[2]),
            (tasks * right, items[3] * right),
        ]
        .map(|(sets, items)| (sets.ceil() as u64, items as u64));
        self.rank_price(price.ns * scale, distinct)
    }

    /// The price of some ranks whose joins cost `joins` ns and whose
    /// tables hold, per quarter, `distinct` column sets and placements:
    /// the tables' bytes, and their builds (each placement walked twice
    /// and stored once).
    fn rank_price(&self, joins: f64, distinct: [(u64, u64); 4]) -> RankPrice {
        let walk_ns = 2.0 * cost::NS_SET_WALK_ITEM + cost::NS_BUILD_ITEM;
        let h = self.geo.shape.h;
        let table_bytes = (0..4)
            .map(|q| {
                let (sets, items) = distinct[q];
                Quarter::bytes(h, &self.geo.quarter_shapes[q], sets, items)
            })
            .sum();
        let placements: u64 = distinct.iter().map(|&(_, items)| items).sum();
        RankPrice {
            joins,
            builds: walk_ns * placements as f64,
            table_bytes,
        }
    }

    /// The cost model's terms ([`TaskWork`]) of the column sets of pivot
    /// `pivot` with colex ranks in `ranks`, each set walked (for fitting
    /// the model's constants to what such sets take).
    pub fn work_of_ranks(&self, pivot: usize, ranks: Range<u64>) -> TaskWork {
        let board = self.geo.board();
        let avail = self.geo.pivots[pivot].avail;
        let h = self.geo.shape.h;
        let sets = ranks.map(|rank| set_of_rank(avail, h, rank));
        let priced = (self.passes[pivot], self.keeps[pivot], self.apart[pivot]);
        let mut rng = Rng::new(0);
        sampling::price_sets(&board, pivot, priced, sets, SetPrice::Walked, &mut rng).work
    }

    /// What identifies the unit list, in order (for fingerprints): per
    /// pivot its units and ranks (each unit's ranges follow from them).
    pub fn unit_keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.runs.iter().flat_map(|r| [r.units, r.ranks])
    }

    /// The exact contribution of unit `i` and what it took: its tasks, the
    /// tables of their column sets, their joins.
    pub fn run_unit(&self, i: usize, kernel: Kernel) -> (u128, Tally) {
        let unit = self.unit(i);
        self.count_ranks(unit.pivot, unit.ranks, kernel)
    }

    /// The exact contribution of the column sets of pivot `pivot` with
    /// colex ranks in `ranks` (any range: a unit, or a part of one), and
    /// what it took.
    pub fn count_ranks(&self, pivot: usize, ranks: Range<u64>, kernel: Kernel) -> (u128, Tally) {
        let (mut count, mut tally) = (0u128, Tally::default());
        self.in_pieces(pivot, ranks, |piece, tables, built| {
            let (c, t) = matching::run(
                &self.geo.shape,
                tables,
                &self.geo.pivots,
                piece,
                kernel,
                None,
            );
            count += c;
            tally.add(&t);
            tally.tables += built;
        });
        (count, tally)
    }

    /// The tally a join of the column sets of pivot `pivot` with colex
    /// ranks in `ranks` would leave, estimated task by task from samples
    /// drawn by `rng` out of its sets' tables ([`matching::estimate`]; each
    /// quarter's set walked on its own, [`Quarter::of_set`], the last few
    /// kept: consecutive ranks share their right quarters' sets), and per
    /// quarter the distinct column sets the tasks use and their
    /// placements (what the unit's tables hold).
    pub fn estimate_ranks(
        &self,
        pivot: usize,
        ranks: Range<u64>,
        rng: &mut Rng,
    ) -> (Tally, [(u64, u64); 4]) {
        let (n, h, wl) = (self.geo.shape.n, self.geo.shape.h, self.geo.shape.wl);
        let pv = &self.geo.pivots[pivot];
        let lmask = (1u64 << wl) - 1;
        let mut kept: HashMap<(usize, u64), Quarter> = HashMap::new();
        let mut seen: HashSet<(usize, u64)> = HashSet::new();
        let mut distinct = [(0u64, 0u64); 4];
        let mut tally = Tally::default();
        for task in tasks_in_ranks(n, h, pv, pivot, self.geo.sym, ranks) {
            let s = u64::from(task.s);
            let sb = pv.avail ^ s;
            let cols = [s & lmask, s >> wl, sb & lmask, sb >> wl];
            if kept.len() > KEPT_QUARTERS {
                kept.clear();
            }
            for (q, &c) in cols.iter().enumerate() {
                let shape = self.geo.quarter_shapes[q];
                let table = kept
                    .entry((q, c))
                    .or_insert_with(|| Quarter::of_set(n, h, &self.geo.free, shape, c));
                if seen.insert((q, c)) {
                    distinct[q].0 += 1;
                    distinct[q].1 += table.placements();
                }
            }
            let quarters = [0, 1, 2, 3].map(|q| &kept[&(q, cols[q])]);
            let one = std::slice::from_ref(&task);
            let shape = &self.geo.shape;
            tally.add(&matching::estimate(
                shape,
                quarters,
                &self.geo.pivots,
                one,
                rng,
            ));
        }
        (tally, distinct)
    }

    /// Calls `each(tasks, tables, built)` for the canonical tasks of pivot
    /// `pivot` with colex ranks in `ranks`, in pieces whose quarter tables
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
        let tasks = tasks_in_ranks(n, h, pv, pivot, self.geo.sym, ranks);
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
        // (its sets' sizes vary far more than the plan's mean allows: a
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

/// The column sets of pivot `pv`: `h`-subsets of its available columns.
fn ranks_of(pv: &Pivot, h: usize) -> u64 {
    binom(pv.avail.count_ones() as usize, h)
}

/// The sampling's seed: the same board is planned the same every time
/// (the unit list, and so shards' fingerprints, depend on it).
const SEED: u64 = 0x5eed;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::Rng;

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
            for i in (0..ranked.units).step_by(1 + ranked.units / 5) {
                ranked.table_budget = usize::MAX;
                let (whole, tally) = ranked.run_unit(i, Kernel::Auto);
                for budget in [0, 1 << 16] {
                    ranked.table_budget = budget;
                    let (pieces, t) = ranked.run_unit(i, Kernel::Auto);
                    let what = format!("n = {n}, unit {i}, table budget {budget}");
                    assert_eq!(pieces, whole, "{what}");
                    assert_eq!(t.sets, tally.sets, "{what}");
                }
                checked += usize::from(whole > 0);
            }
        }
        assert!(checked >= 20, "only {checked} units with solutions");
    }

    /// The kernel's estimate of its own tally ([`Ranked::estimate_ranks`])
    /// against the tally of the join itself, unit by unit, on blank boards
    /// and boards with blocked cells: the bottoms and tops it counts from
    /// the tables' sizes and the draws' shares, the pair words the sieve
    /// leaves, the bucket pieces its tops visit and the words of the
    /// buckets' tables from its samples (within 2% here, on every unit). Units
    /// too small for the draws to settle are not compared (a unit of a few
    /// hundred pair words is a sampling lottery, and costs nothing).
    #[test]
    fn estimated_tallies_follow_the_kernels_own() {
        let mut rng = Rng::new(7);
        let mut seen = 0;
        let mut worst = [1.0f64; 5];
        for round in 0..8 {
            let n = 16 + round / 2;
            let free = if round % 2 == 0 {
                vec![(1u64 << n) - 1; n]
            } else {
                let percent = 1 + rng.below(4);
                rng.board(n, percent).rows().to_vec()
            };
            let min_n = MinN::both(12).ranked_from(4);
            let Some(ranked) = Ranked::new(n, &free, Budget::default(), min_n) else {
                continue;
            };
            for i in (0..ranked.units).step_by(1 + ranked.units / 6) {
                let unit = ranked.unit(i);
                let (_, did) = ranked.run_unit(i, Kernel::Auto);
                if did.pair_words < 1 << 20 {
                    continue;
                }
                let (est, _) =
                    ranked.estimate_ranks(unit.pivot, unit.ranks, &mut Rng::new(i as u64));
                let pairs = [
                    (est.bottoms, did.bottoms),
                    (est.tops, did.tops),
                    (est.pair_words, did.pair_words),
                    (est.visits, did.visits),
                    (est.table_words, did.table_words),
                ];
                for (w, (e, d)) in worst.iter_mut().zip(pairs) {
                    let r = e.max(1) as f64 / d.max(1) as f64;
                    *w = w.max(r).max(1.0 / r);
                }
                assert_eq!(est.sets, did.sets);
                assert_eq!(est.chunks, did.chunks);
                seen += 1;
            }
        }
        assert!(seen >= 10, "only {seen} units compared");
        assert!(worst[0] < 1.05 && worst[1] < 1.05, "{worst:?}");
        assert!(
            worst[2] < 1.1 && worst[3] < 1.1 && worst[4] < 1.1,
            "{worst:?}"
        );
    }
}
