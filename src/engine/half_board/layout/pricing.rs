//! Pricing a join's tasks exactly: one counting walk per quarter
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
use std::ops::Range;

use crate::engine::half_board::column_sets::{for_each_task, Pivot, Symmetric, Task};
use crate::engine::half_board::cost::{
    self, bottom_words, half_pairs, sieve_keep, task_work, TaskWork,
};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::{Quarter, QuarterShape};

use super::parts::Stored;

/// Work units aimed at per part (more where parts are few, so that threads
/// and shards get even shares).
pub(super) const UNITS: f64 = 512.0;

/// One work unit: consecutive tasks of one part.
#[derive(Clone, Debug)]
pub struct Unit {
    pub part: usize,
    pub tasks: Range<usize>,
    pub weight: f64,
}

/// The bytes of the dense bucket counts exact planning walks every
/// quarter into (a `u32` per (columns, rows) key of each quarter).
pub(super) fn counting_bytes(shapes: &[QuarterShape; 4], h: usize) -> usize {
    shapes.iter().map(|q| 4usize << (q.w + h)).sum()
}

/// Planning's own ns on one core: `walked` quarter placements counted
/// into buckets, each against every one of `pivots`, and the `scanned`
/// column sets priced.
pub(super) fn planning_cost(walked: u64, pivots: usize, scanned: u64) -> f64 {
    (cost::NS_PLAN_WALK + cost::NS_PLAN_WALK_PIVOT * pivots as f64) * walked as f64
        + cost::NS_PLAN * scanned as f64
}

/// The whole count's ns on one core: planning (`planning`), the joins
/// (`joins`), the tables of `whole` built, and the quarters walked
/// (`walked` placements) twice more by each further part's build, for a
/// plan of `parts` parts.
pub(super) fn total_cost(
    planning: f64,
    joins: f64,
    whole: Stored,
    walked: u64,
    parts: usize,
) -> f64 {
    // The model was fitted with the whole tables built once; each further
    // part walks every quarter twice more.
    let rebuilds = 2.0 * (parts - 1) as f64;
    planning
        + joins
        + cost::NS_QUARTER_ITEM * whole.iter().map(|&(_, items)| items).sum::<u64>() as f64
        + cost::NS_WALK_ITEM * walked as f64 * rebuilds
}

/// The quarters' bucket counts, and what planning takes from them.
pub(super) struct Buckets {
    /// Per quarter, its placements per key `(column set << h) | rows`.
    pub(super) counts: Vec<Vec<u32>>,
    /// Per quarter and pivot, the share of the placements on columns the
    /// pivot leaves that its diagonals leave too (for odd n a sizable cut;
    /// the bottoms also lose those on a longest diagonal in diagonal mode,
    /// as the kernel filters them).
    pub(super) pass: Vec<Vec<f64>>,
    /// Per quarter, its placements per column set.
    pub(super) mass: Vec<Vec<u64>>,
    /// The bytes of `counts`.
    pub(super) bytes: usize,
    /// Placements of all quarters (what a build walks), those the
    /// counting walked (half of them where the right quarters are read
    /// off the left ones), and per quarter.
    pub(super) walked: u64,
    pub(super) counted: u64,
    pub(super) walked_each: [u64; 4],
    /// The largest bucket.
    pub(super) max_group: u32,
}

impl Buckets {
    /// One counting walk per quarter, or per left quarter where the board
    /// is its own mirror image ([`mirrors_right`]).
    pub(super) fn count(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
    ) -> Buckets {
        Buckets::count_walking(
            n,
            h,
            free,
            shapes,
            diag_bot,
            pivots,
            mirrors_right(n, free, shapes),
        )
    }

    /// [`Buckets::count`], the right quarters read off the left ones'
    /// walks when `mirror` (which [`mirrors_right`] must allow), else
    /// walked too.
    ///
    /// Why the mirror is exact: the left-right mirror takes a queen on
    /// `(r, c)` to `(r, n - 1 - c)`, and its `d = r + c` diagonal to the
    /// image's `a = r - c' + n - 1` and back. So a right placement's key is
    /// its left image's with the columns reversed in the quarter's width,
    /// its stored word is the image's with the two directions' halves
    /// swapped (the two quarters store from the same offset), and it
    /// avoids a pivot's blocked diagonals exactly when the image avoids
    /// them swapped: the left walk also counts, per pivot, its placements
    /// inside the pivot's right columns reversed that avoid its right
    /// block swapped.
    fn count_walking(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
        mirror: bool,
    ) -> Buckets {
        let blocks_of = |q: usize, mirrored: bool| -> Vec<(u64, u64)> {
            let shape = shapes[q];
            let wmask = (1u64 << shape.w) - 1;
            pivots
                .iter()
                .map(|p| {
                    let (block, avail) =
                        (p.blocks(diag_bot)[q / 2], (p.avail >> shape.col0) & wmask);
                    if mirrored {
                        (block.rotate_left(32), reversed(avail, shape.w))
                    } else {
                        (block, avail)
                    }
                })
                .collect()
        };
        let pass_of = |within: &[(u64, u64)]| -> Vec<f64> {
            within
                .iter()
                .map(|&(all, avoiding)| avoiding as f64 / all.max(1) as f64)
                .collect()
        };
        let mut counts: Vec<Vec<u32>> = vec![Vec::new(); 4];
        let mut pass: Vec<Vec<f64>> = vec![Vec::new(); 4];
        let mut counted = 0u64;
        for q in 0..4 {
            if mirror && q % 2 == 1 {
                continue;
            }
            let mut blocks = blocks_of(q, false);
            if mirror {
                blocks.extend(blocks_of(q + 1, true));
            }
            let (c, within) = Quarter::counts(n, h, free, shapes[q], &blocks);
            counted += c.iter().map(|&x| u64::from(x)).sum::<u64>();
            let (own, right) = within.split_at(pivots.len());
            pass[q] = pass_of(own);
            if mirror {
                pass[q + 1] = pass_of(right);
                let w = shapes[q].w;
                let mut image = vec![0u32; c.len()];
                for cols in 0..1usize << w {
                    let to = reversed(cols as u64, w) as usize;
                    image[to << h..(to + 1) << h].copy_from_slice(&c[cols << h..(cols + 1) << h]);
                }
                counts[q + 1] = image;
            }
            counts[q] = c;
        }
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
            counted,
            walked_each,
            max_group,
        }
    }
}

/// Whether the right quarters' counts can be read off the left ones'
/// walks ([`Buckets::count`]): the board is its own left-right mirror
/// image, the two quarters of each half are equally wide and store their
/// diagonals from the same offset, and no quarter marks the middle column
/// (cross mode's marks tell the right quarters apart).
pub(super) fn mirrors_right(n: usize, free: &[u64], shapes: &[QuarterShape; 4]) -> bool {
    let mirror_free = free.iter().all(|&f| reversed(f, n) == f);
    let pairs = [(0, 1), (2, 3)].iter().all(|&(l, r)| {
        let (l, r) = (shapes[l], shapes[r]);
        l.col0 == 0
            && r.col0 == l.w
            && l.w == r.w
            && l.w + r.w == n
            && l.row0 == r.row0
            && l.off == r.off
            && !l.marks_middle
            && !r.marks_middle
    });
    mirror_free && pairs
}

/// The low `w` bits of `x` in reverse order.
fn reversed(x: u64, w: usize) -> u64 {
    if w == 0 {
        0
    } else {
        (x & ((1u64 << w) - 1)).reverse_bits() >> (64 - w)
    }
}

/// The tasks worth joining (neither half empty), each with its price in ns,
/// and the most bottoms one task joins.
pub(super) struct Priced {
    pub(super) tasks: Vec<Task>,
    pub(super) weights: Vec<f64>,
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
    memo: Option<[HashMap<u64, (u64, u64)>; 2]>,
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

    /// The work of `task` and its bottoms' candidate pairs, or `None` when
    /// a half of it is empty (nothing to join).
    pub(super) fn work(&mut self, task: &Task) -> Option<(TaskWork, u64)> {
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
        Some((work, bp))
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
        max_bottoms: 0,
    };
    for_each_task(shape.n, shape.h, pivots, sym, |task| {
        if let Some((work, bp)) = pricer.work(&task) {
            priced.max_bottoms = priced.max_bottoms.max(bp);
            priced.tasks.push(task);
            priced.weights.push(work.ns());
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

impl super::Layout {
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
                    if let Some((work, _)) = pricer.work(task) {
                        sum += work;
                    }
                }
                sum
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Geometry, MinN};
    use super::*;

    /// The buckets of `free`, with the right quarters read off the left
    /// ones' walks (when the board allows it) and walked: (whether it was
    /// mirrored, the two).
    fn both_ways(n: usize, free: &[u64], min_n: MinN) -> (bool, Buckets, Buckets) {
        let g = Geometry::of(n, free, min_n).unwrap();
        let (h, shapes) = (g.shape.h, &g.quarter_shapes);
        let mirror = mirrors_right(n, &g.free, shapes);
        let count = |mirror| {
            Buckets::count_walking(n, h, &g.free, shapes, g.shape.diag_bot, &g.pivots, mirror)
        };
        (mirror, count(mirror), count(false))
    }

    /// The mirrored counting gives every bucket count and every pivot's
    /// pass exactly as four walks do: blank boards in each mode that
    /// allows it, and random boards that are their own mirror image (with
    /// blocked cells: pivots whose blocks and columns differ left and
    /// right); boards that are not, or odd ones, walk all four.
    #[test]
    fn right_quarters_read_off_the_left_ones_count_as_walked() {
        let mut rng = crate::base::rng::Rng::new(41);
        let mut mirrored = 0;
        for n in 4..=16 {
            let full = (1u64 << n) - 1;
            let mut boards = vec![vec![full; n]];
            for _ in 0..6 {
                let board: Vec<u64> = (0..n)
                    .map(|_| {
                        let mut row = full;
                        for c in 0..n {
                            if rng.below(8) == 0 {
                                row &= !(1 << c);
                                row &= !(1 << (n - 1 - c));
                            }
                        }
                        row
                    })
                    .collect();
                boards.push(board);
            }
            // One that is not its own mirror image.
            let mut lopsided = vec![full; n];
            lopsided[n / 2] &= !1;
            boards.push(lopsided);
            for free in &boards {
                for min_n in [MinN::default(), MinN::both(4), MinN::pair(4)] {
                    let Some(_) = Geometry::of(n, free, min_n) else {
                        continue;
                    };
                    let (mirror, fast, walked) = both_ways(n, free, min_n);
                    mirrored += usize::from(mirror);
                    assert_eq!(fast.counts, walked.counts, "n = {n}, {free:?}");
                    assert_eq!(fast.pass, walked.pass, "n = {n}, {free:?}");
                    assert_eq!(fast.walked, walked.walked);
                    assert_eq!(fast.counted * if mirror { 2 } else { 1 }, walked.walked);
                }
            }
        }
        assert!(
            mirrored > 100,
            "only {mirrored} boards were counted mirrored"
        );
    }
}
