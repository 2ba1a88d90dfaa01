//! Planning a join before anything large is allocated: the column-set
//! tasks and their prices, the *parts* that bound the memory, the work
//! units, and the peak memory.
//!
//! A part is a set of tasks whose quarter tables are built together. Most
//! boards are one part. When the tables of the whole board would not fit
//! the memory limit (blank n >= 21), tasks are split by pivot and by a hash
//! of the left and right column sets of the top half into `K x K` blocks:
//! a part then needs only the quarter buckets of its own column sets (the
//! top quarters' `S` and the bottom quarters' complements), about `1/K` of
//! each quarter. `K` is the smallest that brings the largest part within the
//! limit, computed from the bucket sizes alone. Units never straddle parts,
//! and they are listed part by part.
//!
//! # Constraints
//! `1 <= n <= MAX_N` (24): bucket tables of `2^(n/2 + n/2)` entries per
//! quarter must stay well within the limit.
//!
//! # Complexity
//! One counting walk per quarter, then every `h`-subset of the available
//! columns per pivot with `O(C(h, k))` bucket look-ups for the canonical
//! ones: about `C(n, n/2) * 2^(n/2) / 4` steps on blank boards.

use std::collections::HashMap;
use std::ops::Range;

use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{
    binom, for_each_task, pivots, Pivot, Symmetric, Task,
};
use crate::engine::half_board::cost::{self, bottom_words, half_pairs, sieve_keep, task_ns};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::{Quarter, QuarterShape};
use crate::engine::half_board::sampling::{self, Sampled};

/// Largest board side the join plans.
pub const MAX_N: usize = 24;

/// Largest board side priced from samples ([`Layout::sampled`]): cross
/// mode's marks have room up to n = 27 and 28 is even (see
/// [`crate::engine::half_board::quarters::middle_mark`]).
pub const PRICED_TO: usize = 28;

/// Smallest `n` for the diagonal mode: below it, building the bottoms of
/// twice as many column sets costs more than the smaller joins save
/// (measured: n = 16 0.52 s with, 0.39 s without; n = 18 12.1 s with, 16.5 s
/// without).
pub const DIAG_MIN_N: usize = 18;

/// Smallest `n` for pair mode (even `n`, see `column_sets`) by default:
/// none yet. Its sampled prices are 1.9x the diagonal mode's at n = 20,
/// 0.6x at 22 and 0.2x at 24 to 0.1x at 28, but its tasks are 30x more
/// and smaller, and the kernel's costs per top placement, which the model
/// prices low on such tasks, ate the gain where it was measured: at 22
/// shards 1/1024 and 513/1024 took 104 s and 81 s of CPU against 103 s
/// and 84 s, with twice the planning; at 18 the whole count 3.2x the
/// diagonal mode's. At 24 its 45 million tasks would pass the default
/// memory before counting. Tests turn it on with [`MinN::pair`].
pub const PAIR_MIN_N: usize = 99;

/// Smallest `n` for cross mode (odd `n`, see `column_sets`).
pub const CROSS_MIN_N: usize = 15;

/// Work units aimed at per part (more where parts are few, so that threads
/// and shards get even shares).
const UNITS: f64 = 512.0;

/// Largest `K` tried for the `K x K` split.
const MAX_SPLIT: usize = 64;

/// One work unit: consecutive tasks of one part.
#[derive(Clone, Debug)]
pub struct Unit {
    pub part: usize,
    pub tasks: Range<usize>,
    pub weight: f64,
}

/// The column sets each quarter's table must hold for a part: a bitmap
/// over the quarter's column sets, or everything.
#[derive(Clone, Debug)]
pub struct Part {
    needed: Option<[Vec<u64>; 4]>,
}

impl Part {
    /// Whether quarter `q`'s table holds column set `cols`.
    pub fn needs(&self, q: usize, cols: u64) -> bool {
        self.needed.as_ref().map_or(true, |bits| {
            (bits[q][(cols / 64) as usize] >> (cols % 64)) & 1 != 0
        })
    }
}

/// A planned join: everything but the quarter tables.
pub struct Layout {
    pub shape: Shape,
    /// The symmetries the work list folds.
    pub sym: Symmetric,
    pub free: Vec<u64>,
    pub quarter_shapes: [QuarterShape; 4],
    pub pivots: Vec<Pivot>,
    /// Tasks, part by part.
    pub tasks: Vec<Task>,
    pub parts: Vec<Part>,
    pub units: Vec<Unit>,
    /// Estimated ns on one core, all of it (planning, tables, joins).
    pub cost: f64,
    /// Estimated bytes while planning, and while running on one thread.
    pub planning_bytes: usize,
    pub running_bytes: usize,
    /// Estimated scratch bytes per further thread.
    pub scratch_bytes: usize,
    /// Placements per column set of each quarter, and per quarter all the
    /// placements a whole walk visits (for pricing narrowed parts).
    pub mass: Vec<Vec<u64>>,
    pub walked: [u64; 4],
    /// Bytes of the task list.
    pub task_bytes: usize,
}

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
        let (h, wl) = (shape.h, shape.wl);
        let wr = n - wl;
        // The bucket counts planning walks into are its largest allocation:
        // refuse before making them when they alone pass the limit.
        let counting_bytes = counting_bytes(&quarter_shapes, h);
        if !budget.fits(counting_bytes, 0) {
            return None;
        }
        let buckets = Buckets::count(n, h, &free, &quarter_shapes, &pivots);
        let Priced {
            tasks,
            weights,
            max_bottoms,
        } = price_tasks(&shape, &pivots, sym, &buckets);
        drop(buckets.counts);
        let scanned: u64 = pivots
            .iter()
            .map(|p| binom(p.avail.count_ones() as usize, h))
            .sum();
        let max_group = u64::from(buckets.max_group);
        let scratch_budget = budget.scratch_share(cost::SCRATCH_BUDGET);
        shape.chunk = cost::chunk(max_bottoms, max_group, shape.ovw, h, n, scratch_budget);
        let scratch_bytes = cost::scratch_bytes(shape.chunk, max_group, shape.ovw, h, n);
        let task_bytes = tasks.len() * (std::mem::size_of::<Task>() + 8);
        let planning_bytes = buckets.bytes + task_bytes;
        if !budget.fits(planning_bytes, 0) {
            return None;
        }

        // Parts: the whole board if its tables fit, else the smallest K x K
        // split (by pivot and column-set hashes) whose largest part fits.
        let mass = &buckets.mass;
        let widths = [wl, wr, wl, wr];
        let table_bytes = |stored: Stored| tables_bytes(h, &quarter_shapes, stored);
        let whole: Stored = [0, 1, 2, 3].map(|q| (mass[q].len() as u64, mass[q].iter().sum()));
        // Every thread holds its own scratch while the part's tables are
        // shared: all of it counts against the limit.
        let fixed = task_bytes + scratch_bytes * budget.threads;
        let limit = budget.engine_bytes();
        let (keys, parts, part_items) = if fixed + table_bytes(whole) <= limit {
            (
                vec![0usize; tasks.len()],
                vec![Part { needed: None }],
                vec![whole],
            )
        } else {
            split(
                &tasks,
                &pivots,
                mass,
                widths,
                wl,
                fixed,
                limit,
                &table_bytes,
            )?
        };
        let (tasks, units, total) = cut_units(&tasks, &weights, &keys, parts.len());
        let largest = part_items
            .iter()
            .map(|&p| table_bytes(p))
            .max()
            .unwrap_or(0);
        let cost = total_cost(total, whole, buckets.walked, scanned, parts.len());
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
            planning_bytes,
            running_bytes: largest + task_bytes + scratch_bytes,
            scratch_bytes,
            mass: buckets.mass,
            walked: buckets.walked_each,
            task_bytes,
        })
    }
}

/// What every plan of a board starts from: its rows, the symmetries the
/// work list folds, the join's shape, the pivots and the quarters.
pub(super) struct Geometry {
    pub free: Vec<u64>,
    pub sym: Symmetric,
    pub shape: Shape,
    pub pivots: Vec<Pivot>,
    pub quarter_shapes: [QuarterShape; 4],
}

impl Geometry {
    /// `None` when `n` is 0 or past [`PRICED_TO`], or `free.len() != n`.
    pub fn of(n: usize, free: &[u64], min_n: MinN) -> Option<Geometry> {
        if n == 0 || n > PRICED_TO || free.len() != n {
            return None;
        }
        let full = (1u64 << n) - 1;
        let free: Vec<u64> = free.iter().map(|&f| f & full).collect();
        let sym = symmetries(n, &free, min_n);
        let shape = shape(n, sym);
        let (h, hb, wl) = (shape.h, shape.hb, shape.wl);
        let wr = n - wl;
        let pivots = pivots(n, h, &free, sym);
        // In cross mode the right quarters (they hold the middle column)
        // mark where their middle-column queen is.
        let quarter_shapes = [
            QuarterShape::top(h, 0, wl),
            QuarterShape::top(h, wl, wr).marking_middle(sym.cross),
            QuarterShape::bottom(hb, 0, wl),
            QuarterShape::bottom(hb, wl, wr).marking_middle(sym.cross),
        ];
        Some(Geometry {
            free,
            sym,
            shape,
            pivots,
            quarter_shapes,
        })
    }

    /// The joins and quarters of this board priced from samples.
    pub fn sample(&self, draws: usize, seed: u64) -> Sampled {
        let board = sampling::Board {
            shape: &self.shape,
            sym: self.sym,
            free: &self.free,
            quarter_shapes: &self.quarter_shapes,
            pivots: &self.pivots,
        };
        sampling::sample(&board, draws, seed)
    }
}

impl Layout {
    /// The join of `n` queens on the board `free` priced from samples
    /// (see [`sampling`]), up to [`PRICED_TO`]: what planning it exactly
    /// would find, within a few percent, in about a second at any size.
    /// `None` where [`Geometry::of`] refuses.
    pub fn sampled(n: usize, free: &[u64], min_n: MinN) -> Option<Sampled> {
        Some(Geometry::of(n, free, min_n)?.sample(sampling::DRAWS, SEED))
    }
}

/// The bytes of the dense bucket counts exact planning walks every
/// quarter into (a `u32` per (columns, rows) key of each quarter).
fn counting_bytes(shapes: &[QuarterShape; 4], h: usize) -> usize {
    shapes.iter().map(|q| 4usize << (q.w + h)).sum()
}

/// What a planned join would cost, priced from samples
/// ([`Layout::price`]).
#[derive(Clone, Copy, Debug)]
pub struct Price {
    /// Estimated ns on one core, all of it (as [`Layout::cost`]).
    pub cost: f64,
    /// Estimated peak bytes on one thread, and per further thread.
    pub peak_bytes: usize,
    pub scratch_bytes: usize,
    /// The work units planning would make, about.
    pub units: f64,
}

/// How much more than `1 / K` of each quarter the largest part of a
/// `K x K` split holds (the hash spreads column sets, not placements).
const SPLIT_SLACK: f64 = 1.0;

impl Layout {
    /// What [`Layout::new`] would plan for the same arguments, priced from
    /// samples in about a second where planning takes minutes: the cost,
    /// the peak memory, the units. The parts are sized as `new` sizes
    /// them, from the sampled quarters with [`SPLIT_SLACK`]. `None` where
    /// `new` would refuse (sizes, or a memory limit no split keeps).
    pub fn price(n: usize, free: &[u64], budget: Budget, min_n: MinN) -> Option<Price> {
        if n > MAX_N {
            return None;
        }
        let g = Geometry::of(n, free, min_n)?;
        let sampled = g.sample(sampling::DRAWS, SEED);
        let (shape, h) = (&g.shape, g.shape.h);
        let counting_bytes = counting_bytes(&g.quarter_shapes, h);
        let task_bytes = (sampled.task_count() * (std::mem::size_of::<Task>() + 8) as f64) as usize;
        let planning_bytes = counting_bytes + task_bytes;
        if !budget.fits(planning_bytes, 0) {
            return None;
        }
        let scratch_budget = budget.scratch_share(cost::SCRATCH_BUDGET);
        let max_bottoms = sampled.max_bottoms as u64;
        let chunk = cost::chunk(max_bottoms, 0, shape.ovw, h, n, scratch_budget);
        let scratch_bytes = cost::scratch_bytes(chunk, 0, shape.ovw, h, n);
        let whole: Stored =
            [0, 1, 2, 3].map(|q| (1u64 << g.quarter_shapes[q].w, sampled.placements[q] as u64));
        let table_bytes = |stored: Stored| tables_bytes(h, &g.quarter_shapes, stored);
        let fixed = task_bytes + scratch_bytes * budget.threads;
        let limit = budget.engine_bytes();
        let (parts, largest) = if fixed + table_bytes(whole) <= limit {
            (1, table_bytes(whole))
        } else {
            // A part holds `1 / K` of the column sets its pivot leaves, in
            // each quarter; the largest part is the pivot's that leaves most.
            let part = |k: usize| {
                let share = SPLIT_SLACK / k as f64;
                let of_pivot = |p: usize| {
                    table_bytes([0, 1, 2, 3].map(|q| {
                        let (sets, items) = whole[q];
                        let within = sampled.within[p][q];
                        (
                            (sets as f64 * share) as u64,
                            (items as f64 * within * share) as u64,
                        )
                    }))
                };
                (0..g.pivots.len()).map(of_pivot).max().unwrap_or(0)
            };
            let k = (2..=MAX_SPLIT).find(|&k| fixed + part(k) <= limit)?;
            (g.pivots.len() * k * k, part(k))
        };
        let scanned: u64 = g
            .pivots
            .iter()
            .map(|p| binom(p.avail.count_ones() as usize, h))
            .sum();
        let walked = sampled.placements.iter().sum::<f64>() as u64;
        let joins = sampled.joins_ns();
        Some(Price {
            cost: total_cost(joins, whole, walked, scanned, parts),
            peak_bytes: planning_bytes.max(largest + task_bytes + scratch_bytes),
            scratch_bytes,
            units: UNITS.max(parts as f64 * 16.0) + parts as f64,
        })
    }
}

/// The sampling's seed: the same board is priced the same every time.
const SEED: u64 = 0x5eed;

/// The whole count's ns on one core: the joins (`joins`), the tables of
/// `whole` built, the quarters walked (`walked` placements) once per build,
/// and the `scanned` column sets of planning, for a plan of `parts` parts.
fn total_cost(joins: f64, whole: Stored, walked: u64, scanned: u64, parts: usize) -> f64 {
    // The model was fitted with the whole tables built once; each further
    // part walks every quarter twice more.
    let rebuilds = 2.0 * (parts - 1) as f64;
    joins
        + cost::NS_QUARTER_ITEM * whole.iter().map(|&(_, items)| items).sum::<u64>() as f64
        + cost::NS_WALK_ITEM * walked as f64 * (1.0 + rebuilds)
        + cost::NS_PLAN * scanned as f64
}

/// The smallest `n` from which each folding mode runs: diagonal mode (even
/// `n`) and cross mode (odd `n`). Tests lower them to exercise both on
/// small boards.
#[derive(Clone, Copy, Debug)]
pub struct MinN {
    pub diagonal: usize,
    pub cross: usize,
    pub pair: usize,
    /// From this side the join is planned as ranked units
    /// ([`crate::engine::half_board::ranked`]) instead of a task list.
    pub ranked: usize,
}

impl MinN {
    /// These modes, the join planned as ranked units from `n` on.
    pub fn ranked_from(self, n: usize) -> MinN {
        MinN { ranked: n, ..self }
    }

    /// Both modes from `n` on (tests: 4 for everywhere, 99 for nowhere).
    /// Pair mode's own minimum left at its default.
    pub fn both(n: usize) -> MinN {
        MinN {
            diagonal: n,
            cross: n,
            pair: PAIR_MIN_N,
            ranked: MAX_N + 1,
        }
    }

    /// Pair mode from `n` on (it takes even boards from the diagonal
    /// mode), the others nowhere.
    pub fn pair(n: usize) -> MinN {
        MinN {
            diagonal: 99,
            cross: 99,
            pair: n,
            ranked: MAX_N + 1,
        }
    }
}

impl Default for MinN {
    fn default() -> MinN {
        MinN {
            diagonal: DIAG_MIN_N,
            cross: CROSS_MIN_N,
            pair: PAIR_MIN_N,
            ranked: MAX_N + 1,
        }
    }
}

/// The symmetries of the board whose rows have free columns `free` (masked
/// to `n` bits) that the work list uses; the diagonal and cross modes only
/// from `min_n` on.
fn symmetries(n: usize, free: &[u64], min_n: MinN) -> Symmetric {
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let cell = |r: usize, c: usize| (free[r] >> c) & 1;
    let mirror = free.iter().all(|&f| rev(f) == f);
    let flip = (0..n).all(|r| free[r] == free[n - 1 - r]);
    let transpose = (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(c, r)));
    let anti = (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(n - 1 - c, n - 1 - r)));
    let pair = n % 2 == 0 && n >= min_n.pair.max(4);
    Symmetric {
        mirror,
        flip,
        pair,
        diagonal: n % 2 == 0 && !pair && n >= min_n.diagonal && transpose && anti,
        // The mirror, the flip and the transpose give all eight.
        cross: n % 2 == 1 && n >= min_n.cross.max(3) && mirror && flip && transpose,
    }
}

/// The join's shape for side `n` (with the diagonals to check when the
/// diagonal symmetry is used); its `chunk` is set once the tasks are priced.
fn shape(n: usize, sym: Symmetric) -> Shape {
    let diagonal = sym.diagonal;
    // Pivot rows between the halves: the middle row of odd boards, the two
    // middle rows in pair mode.
    let middle = if sym.pair { 2 } else { n % 2 };
    let h = (n - middle) / 2;
    let hb = n - h;
    // Overlap: diagonal indices both halves can reach, per direction.
    let ovw = (n + h).saturating_sub(1 + hb);
    Shape {
        n,
        h,
        hb,
        wl: n / 2,
        ovw,
        // The main diagonal is a = n - 1, the anti-diagonal d = n - 1,
        // in top storage (from h) and bottom storage (from hb).
        diag_main: if diagonal {
            1u64 << (32 + n - 1 - h)
        } else {
            0
        },
        diag_anti: if diagonal { 1u64 << (n - 1 - h) } else { 0 },
        diag_bot: if diagonal {
            (1u64 << (n - 1 - hb)) | (1u64 << (32 + n - 1 - hb))
        } else {
            0
        },
        chunk: 64,
        bucket_bottoms: crate::engine::half_board::sieve::BUCKET_BOTTOMS,
    }
}

/// The quarters' bucket counts, and what planning takes from them.
struct Buckets {
    /// Per quarter, its placements per key `(column set << h) | rows`.
    counts: Vec<Vec<u32>>,
    /// Per quarter and pivot, the share of placements the pivot's
    /// diagonals leave (for odd n a sizable cut).
    pass: Vec<Vec<f64>>,
    /// Per quarter, its placements per column set.
    mass: Vec<Vec<u64>>,
    /// The bytes of `counts`.
    bytes: usize,
    /// Placements walked to count them, all quarters, and per quarter.
    walked: u64,
    walked_each: [u64; 4],
    /// The largest bucket.
    max_group: u32,
}

impl Buckets {
    /// One counting walk per quarter.
    fn count(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        pivots: &[Pivot],
    ) -> Buckets {
        let (counts, pass): (Vec<Vec<u32>>, Vec<Vec<f64>>) = shapes
            .iter()
            .enumerate()
            .map(|(q, shape)| {
                let blocks: Vec<u64> = pivots
                    .iter()
                    .map(|p| if q < 2 { p.top_block } else { p.bot_block })
                    .collect();
                let (counts, avoiding) = Quarter::counts(n, h, free, *shape, &blocks);
                let all = counts.iter().map(|&x| u64::from(x)).sum::<u64>().max(1);
                let pass = avoiding.iter().map(|&a| a as f64 / all as f64).collect();
                (counts, pass)
            })
            .unzip();
        let bytes = counts.iter().map(|c| c.len() * 4).sum::<usize>();
        let walked_each: [u64; 4] =
            [0, 1, 2, 3].map(|q| counts[q].iter().map(|&x| u64::from(x)).sum());
        let walked: u64 = walked_each.iter().sum();
        let mass: Vec<Vec<u64>> = counts
            .iter()
            .zip(shapes)
            .map(|(c, q)| {
                (0..1usize << q.w)
                    .map(|cols| {
                        c[cols << h..(cols + 1) << h]
                            .iter()
                            .map(|&x| u64::from(x))
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let max_group = counts
            .iter()
            .flat_map(|c| c.iter())
            .copied()
            .max()
            .unwrap_or(0);
        Buckets {
            counts,
            pass,
            mass,
            bytes,
            walked,
            walked_each,
            max_group,
        }
    }
}

/// The tasks worth joining (neither half empty), each with its price in ns,
/// and the most bottoms one task joins.
struct Priced {
    tasks: Vec<Task>,
    weights: Vec<f64>,
    max_bottoms: u64,
}

/// Lists the tasks and prices each by the cost model, from the buckets.
fn price_tasks(shape: &Shape, pivots: &[Pivot], sym: Symmetric, buckets: &Buckets) -> Priced {
    let (n, h, wl) = (shape.n, shape.h, shape.wl);
    let (counts, pass) = (&buckets.counts, &buckets.pass);
    let lmask = (1u64 << wl) - 1;
    let key_count = |q: usize, cols: u64, rows: u64| -> u64 {
        u64::from(counts[q][((cols << h) | rows) as usize])
    };
    let half_est = |ql: usize, s: u64| -> (u64, u64) {
        let (sl, sr) = (s & lmask, s >> wl);
        half_pairs(
            h,
            sl.count_ones(),
            |a| key_count(ql, sl, a),
            |b| key_count(ql + 1, sr, b),
        )
    };

    // With several pivots the same column sets recur (a set of the top
    // half, or a bottom's, is met once per pivot outside it): remember
    // their estimates.
    let memoize = pivots.len() > 1;
    let mut memo = [HashMap::new(), HashMap::new()];
    let mut half = |side: usize, s: u64| -> (u64, u64) {
        if !memoize {
            return half_est(2 * side, s);
        }
        *memo[side].entry(s).or_insert_with(|| half_est(2 * side, s))
    };

    let mut priced = Priced {
        tasks: Vec::new(),
        weights: Vec::new(),
        max_bottoms: 0,
    };
    for_each_task(n, h, pivots, sym, |task| {
        let s = u64::from(task.s);
        let p = task.pivot as usize;
        let avail = pivots[p].avail;
        let top = half(0, s);
        if top.0 == 0 {
            return;
        }
        let (bp, _) = half(1, avail ^ s);
        if bp == 0 {
            return;
        }
        priced.max_bottoms = priced.max_bottoms.max(bp);
        let passes = [0, 1, 2, 3].map(|q| pass[q][p]);
        priced.tasks.push(task);
        let words = bottom_words(sym, passes, bp as f64).ceil();
        let keep = sieve_keep(words, shape.bucket_bottoms);
        priced
            .weights
            .push(task_ns(shape, passes, top, bp, (words, keep), s, avail));
    });
    priced
}

/// The tasks part by part (stable: the enumeration order within a part),
/// `keys` their parts, then units of about equal weight inside each part.
/// Returns the tasks in that order, the units and the tasks' total weight.
fn cut_units(
    tasks: &[Task],
    weights: &[f64],
    keys: &[usize],
    parts: usize,
) -> (Vec<Task>, Vec<Unit>, f64) {
    let mut order: Vec<usize> = (0..tasks.len()).collect();
    order.sort_by_key(|&i| keys[i]);
    let tasks: Vec<Task> = order.iter().map(|&i| tasks[i]).collect();
    let weights: Vec<f64> = order.iter().map(|&i| weights[i]).collect();
    let keys: Vec<usize> = order.iter().map(|&i| keys[i]).collect();
    let total: f64 = weights.iter().sum();
    let target = (total / UNITS.max(parts as f64 * 16.0)).max(1e-9);
    let mut units = Vec::new();
    let (mut begin, mut acc) = (0usize, 0f64);
    for i in 0..tasks.len() {
        acc += weights[i];
        if acc >= target || i + 1 == tasks.len() || keys[i + 1] != keys[i] {
            units.push(Unit {
                part: keys[i],
                tasks: begin..i + 1,
                weight: acc,
            });
            begin = i + 1;
            acc = 0.0;
        }
    }
    (tasks, units, total)
}

/// Column sets and placements a part stores, per quarter.
pub type Stored = [(u64, u64); 4];

/// Bytes of the four quarter tables of a part that stores `stored`.
pub fn tables_bytes(h: usize, shapes: &[QuarterShape; 4], stored: Stored) -> usize {
    (0..4)
        .map(|q| {
            let (sets, items) = stored[q];
            Quarter::bytes(h, &shapes[q], sets, items)
        })
        .sum()
}

/// Splits `tasks` into parts by pivot and `K x K` column-set blocks, for the
/// smallest `K` whose largest part's tables plus `fixed` fit `limit`.
/// Returns each task's part, the parts and their stored placements per
/// quarter.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn split(
    tasks: &[Task],
    pivots: &[Pivot],
    mass: &[Vec<u64>],
    widths: [usize; 4],
    wl: usize,
    fixed: usize,
    limit: usize,
    table_bytes: &dyn Fn(Stored) -> usize,
) -> Option<(Vec<usize>, Vec<Part>, Vec<Stored>)> {
    let lmask = (1u64 << wl) - 1;
    // A multiplicative hash spreads column sets evenly over the blocks
    // (plain bit patterns would not: low bits are single columns).
    let block = |cols: u64, k: usize| {
        ((cols.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % k as u64) as usize
    };
    for k in 2..=MAX_SPLIT {
        let key_of = |t: &Task| {
            let s = u64::from(t.s);
            (t.pivot as usize * k + block(s & lmask, k)) * k + block(s >> wl, k)
        };
        let mut index = std::collections::HashMap::new();
        let mut keys = Vec::with_capacity(tasks.len());
        let mut parts: Vec<[Vec<u64>; 4]> = Vec::new();
        for t in tasks {
            let next = parts.len();
            let part = *index.entry(key_of(t)).or_insert(next);
            if part == next {
                parts.push(widths.map(|w| vec![0u64; ((1usize << w) + 63) / 64]));
            }
            keys.push(part);
            let s = u64::from(t.s);
            let sb = pivots[t.pivot as usize].avail ^ s;
            for (q, cols) in [s & lmask, s >> wl, sb & lmask, sb >> wl]
                .into_iter()
                .enumerate()
            {
                parts[part][q][(cols / 64) as usize] |= 1 << (cols % 64);
            }
        }
        let items: Vec<Stored> = parts
            .iter()
            .map(|bits| {
                [0, 1, 2, 3].map(|q| {
                    let sets =
                        (0..mass[q].len()).filter(|&c| (bits[q][c / 64] >> (c % 64)) & 1 != 0);
                    sets.fold((0, 0), |(sets, items), c| (sets + 1, items + mass[q][c]))
                })
            })
            .collect();
        if items.iter().all(|&p| fixed + table_bytes(p) <= limit) {
            let parts = parts
                .into_iter()
                .map(|needed| Part {
                    needed: Some(needed),
                })
                .collect();
            return Some((keys, parts, items));
        }
    }
    None
}

impl Part {
    /// A part that needs the column sets marked in `bits`, per quarter.
    pub fn of_sets(bits: [Vec<u64>; 4]) -> Part {
        Part { needed: Some(bits) }
    }
}
