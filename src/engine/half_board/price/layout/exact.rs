//! Pricing a join's tasks exactly: from one counting walk per quarter
//! ([`Buckets`]), every task listed and priced by the cost model from its
//! buckets ([`price_tasks`]), the tasks cut into work units of about equal
//! price part by part ([`cut_units`]), and the whole count's price
//! ([`total_cost`]).
//!
//! # Constraints
//! Bucket counts of `2^(w + h)` `u32` per quarter ([`counting_bytes`]):
//! planning refuses before walking when they pass the memory limit.
//!
//! # Complexity
//! One counting walk per quarter, then every `h`-subset of the available
//! columns per pivot with `O(C(h, k))` bucket look-ups for the canonical
//! ones (memoized per half when pivots are several); cutting the units
//! sorts the tasks, `O(tasks log tasks)`.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::half_board::column_sets::{for_each_task, Pivot, Symmetric, Task};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::price::cost::{
    self, bottom_words, half_pairs, sieve_keep, task_work, Relist, TaskWork,
};
use crate::engine::half_board::quarters::QuarterShape;

use crate::engine::half_board::layout::{Buckets, Stored, Unit};
pub(super) use crate::tuning::layout::UNITS;

/// The bytes of the dense bucket counts exact planning walks every
/// quarter into (a `u32` per (columns, rows) key of each quarter).
pub(super) fn counting_bytes(shapes: &[QuarterShape; 4], h: usize) -> usize {
    shapes.iter().map(|q| 4usize << (q.w + h)).sum()
}

/// Planning's own ns on one core: `walked` quarter placements counted
/// into buckets, each against every one of `pivots`, and the `scanned`
/// column sets priced.
pub(super) fn layout_cost(walked: u64, pivots: usize, scanned: u64) -> f64 {
    (cost::NS_LAYOUT_WALK + cost::NS_LAYOUT_WALK_PIVOT * pivots as f64) * walked as f64
        + cost::NS_LAYOUT * scanned as f64
}

/// The whole count's ns on one core: planning (`planning`), the joins
/// (`joins`), the tables of `whole` built, and the quarters walked
/// (`walked` placements) twice more by each further part's build, for a
/// layout of `parts` parts.
pub(super) fn total_cost(
    planning: f64,
    joins: f64,
    whole: Stored,
    walked: u64,
    parts: usize,
) -> f64 {
    planning
        + joins
        + cost::NS_QUARTER_ITEM * whole.iter().map(|&(_, items)| items).sum::<u64>() as f64
        + rebuild_ns(walked) * parts.saturating_sub(1) as f64
}

/// What each part past the first adds to a count whose builds walk
/// `walked` quarter placements: the model was fitted with the whole
/// tables built once, and each further part walks every quarter twice
/// more.
pub(super) fn rebuild_ns(walked: u64) -> f64 {
    cost::NS_WALK_ITEM * walked as f64 * 2.0
}

/// The tasks worth joining (neither half empty), each with its price in ns,
/// and the most bottoms one task joins.
pub(super) struct Priced {
    pub(super) tasks: Vec<Task>,
    pub(super) weights: Vec<f64>,
    /// What each task's chunks past the first would add (see
    /// [`Relist`]): the chunk is chosen after pricing.
    pub(super) relists: Vec<Relist>,
    pub(super) max_bottoms: u64,
}

/// Prices tasks by the cost model from the buckets (see [`task_work`]).
pub(super) struct Pricer<'a> {
    shape: &'a Shape,
    pivots: &'a [Pivot],
    sym: Symmetric,
    buckets: &'a Buckets,
    /// With several pivots the same column sets recur (a set of the top
    /// half, or a bottom's, is met once per pivot outside it): their
    /// estimates are remembered.
    memo: Option<[SetMemo; 2]>,
}

/// A half's estimates per column set ([`Pricer::half`]).
type SetMemo = HashMap<u64, (u64, u64), BuildHasherDefault<SetHasher>>;

/// The memo's hash of a column set: one multiply and a fold of the high
/// half down (the table indexes by the low bits, which a product alone
/// takes from the key's low bits only). Why not the std's: its keyed
/// SipHash, a defence against chosen keys that column sets never need,
/// was a tenth of planning a board of 15 (perf: `hash_one` and its
/// `write`).
#[derive(Default)]
struct SetHasher(u64);

impl Hasher for SetHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

impl<'a> Pricer<'a> {
    pub(super) fn new(
        shape: &'a Shape,
        pivots: &'a [Pivot],
        sym: Symmetric,
        buckets: &'a Buckets,
    ) -> Pricer<'a> {
        let memo = (pivots.len() > 1).then(Default::default);
        Pricer {
            shape,
            pivots,
            sym,
            buckets,
            memo,
        }
    }

    /// A half's candidate pairs and quarter placements: the top half
    /// (`side` 0) or the bottom one, on column set `s`.
    fn half(&mut self, side: usize, s: u64) -> (u64, u64) {
        let (h, wl) = (self.shape.h, self.shape.wl);
        let counts = &self.buckets.counts;
        let estimate = || {
            let ql = 2 * side;
            let (sl, sr) = (s & ((1u64 << wl) - 1), s >> wl);
            let key = |q: usize, cols: u64, rows: u64| -> u64 {
                u64::from(counts[q][((cols << h) | rows) as usize])
            };
            half_pairs(
                h,
                sl.count_ones(),
                |a| key(ql, sl, a),
                |b| key(ql + 1, sr, b),
            )
        };
        match &mut self.memo {
            Some(memo) => *memo[side].entry(s).or_insert_with(estimate),
            None => estimate(),
        }
    }

    /// The work of `task`, its bottoms' candidate pairs and what each
    /// further chunk of them costs, or `None` when a half of it is empty
    /// (nothing to join).
    pub(super) fn work(&mut self, task: &Task) -> Option<(TaskWork, u64, Relist)> {
        let s = u64::from(task.s);
        let p = task.pivot as usize;
        let avail = self.pivots[p].avail;
        let top = self.half(0, s);
        if top.0 == 0 {
            return None;
        }
        let (bp, _) = self.half(1, avail ^ s);
        if bp == 0 {
            return None;
        }
        let passes = [0, 1, 2, 3].map(|q| self.buckets.pass[q][p]);
        let words = bottom_words(self.sym, passes, bp as f64, None).ceil();
        let keep = sieve_keep(words, self.shape.bucket_bottoms);
        let work = task_work(self.shape, (passes, 1.0), top, bp, (words, keep), s, avail);
        let relist = Relist::of(&work, top.0 as f64, words);
        Some((work, bp, relist))
    }
}

/// Lists the tasks worth joining and prices each by the cost model, from
/// the buckets.
pub(super) fn price_tasks(
    shape: &Shape,
    pivots: &[Pivot],
    sym: Symmetric,
    buckets: &Buckets,
) -> Priced {
    let mut pricer = Pricer::new(shape, pivots, sym, buckets);
    let mut priced = Priced {
        tasks: Vec::new(),
        weights: Vec::new(),
        relists: Vec::new(),
        max_bottoms: 0,
    };
    for_each_task(shape.n, shape.h, pivots, sym, |task| {
        if let Some((work, bp, relist)) = pricer.work(&task) {
            priced.max_bottoms = priced.max_bottoms.max(bp);
            priced.tasks.push(task);
            priced.weights.push(work.ns());
            priced.relists.push(relist);
        }
    });
    priced
}

/// The tasks part by part (stable: the enumeration order within a part),
/// `keys` their parts, then units of about equal weight inside each part.
/// Returns the tasks in that order, the units and the tasks' total weight.
pub(super) fn cut_units(
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
