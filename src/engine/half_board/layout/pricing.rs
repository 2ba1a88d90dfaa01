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
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::Range;

use crate::engine::half_board::column_sets::{for_each_task, Pivot, Symmetric, Task};
use crate::engine::half_board::cost::{
    self, bottom_words, half_pairs, sieve_keep, task_work, Relist, TaskWork,
};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::{
    flip_word, mirror_word, reversed, shared_diagonals, Quarter, QuarterShape, Visited,
};

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
    /// counting walked (fewer where quarters are read off others' walks),
    /// and per quarter.
    pub(super) walked: u64,
    pub(super) counted: u64,
    pub(super) walked_each: [u64; 4],
    /// The largest bucket.
    pub(super) max_group: u32,
    /// The placements of each quarter walked, where they were few enough
    /// to keep ([`Quarter::counts`]): the first build reads them instead of
    /// walking again.
    pub(super) visited: [Option<Visited>; 4],
}

impl Buckets {
    /// One counting walk per quarter, or fewer where the board's mirror or
    /// flip makes some quarters others' images ([`Images::of`]).
    pub(super) fn count(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
    ) -> Buckets {
        let images = Images::of(n, h, free, shapes, diag_bot, pivots);
        Buckets::count_walking(n, h, free, shapes, diag_bot, pivots, images)
    }

    /// [`Buckets::count`], the quarters `images` allows read off the
    /// walks of the others (which [`Images::of`] must allow), the rest
    /// walked.
    ///
    /// Why an image is exact: a right placement's key is its left image's
    /// with the columns reversed in the quarter's width, a bottom one's
    /// its top image's with the rows reversed, and their words are the
    /// images' words as [`mirror_word`] and [`flip_word`] say (why, there).
    /// A placement avoids a pivot's blocked diagonals exactly when its
    /// image avoids them mapped the same way, so each walk also counts, per
    /// pivot, its placements inside the pivot's columns and outside its
    /// blocks as its images see them. The placements a walk keeps are read
    /// the same way ([`Visited::image`]).
    fn count_walking(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
        images: Images,
    ) -> Buckets {
        // Quarter `q` (0 top-left, 1 top-right, 2 bottom-left, 3
        // bottom-right) is read off the walk of quarter `source(q)`.
        let source = |q: usize| images.source(q);
        // The pivots' blocks and columns in quarter `q`, as the walk of
        // its source sees them.
        let blocks_of = |q: usize| -> Vec<(u64, u64)> {
            let shape = shapes[q];
            let wmask = (1u64 << shape.w) - 1;
            let mirrored = q & 1 == 1 && images.mirror;
            let flipped = q & 2 == 2 && images.flip;
            pivots
                .iter()
                .map(|p| {
                    let mut block = p.blocks(diag_bot, n)[q];
                    let mut avail = (p.avail >> shape.col0) & wmask;
                    if mirrored {
                        (block, avail) = (mirror_word(block), reversed(avail, shape.w));
                    }
                    if flipped {
                        block = flip_word(block, n);
                    }
                    (block, avail)
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
        let mut visited: [Option<Visited>; 4] = Default::default();
        for s in (0..4).filter(|&s| source(s) == s) {
            let targets: Vec<usize> = (0..4).filter(|&q| source(q) == s).collect();
            let blocks: Vec<(u64, u64)> = targets.iter().flat_map(|&q| blocks_of(q)).collect();
            let (walked, within, kept) = Quarter::counts(n, h, free, shapes[s], &blocks);
            counted += walked.iter().map(|&x| u64::from(x)).sum::<u64>();
            for (i, &q) in targets.iter().enumerate() {
                pass[q] = pass_of(&within[i * pivots.len()..(i + 1) * pivots.len()]);
                if q != s {
                    counts[q] = image_counts(&walked, shapes[s].w, h, q ^ s);
                    visited[q] = kept.as_ref().map(|v| v.image(q ^ s, n, shapes[s].w, h));
                }
            }
            counts[s] = walked;
            visited[s] = kept;
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
            visited,
        }
    }
}

/// Which quarters [`Buckets::count`] reads off others' walks: the right
/// ones off the left ones (`mirror`), the bottom ones off the top ones
/// (`flip`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Images {
    pub(super) mirror: bool,
    pub(super) flip: bool,
}

impl Images {
    /// What the board allows. The mirror: the board is its own left-right
    /// mirror image, the two quarters of each half equally wide and
    /// storing from the same offset, and no quarter marks the middle
    /// column (cross mode's marks tell the right quarters apart). The
    /// flip: the board is its own top-bottom image, each bottom quarter
    /// lies under its top one (`h` rows from `n - h`, storing from there,
    /// marking as it does), and no pivot blocks a bottom diagonal that a
    /// top quarter's word has no bit for (see [`flip_word`]).
    pub(super) fn of(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
    ) -> Images {
        let mirror = free.iter().all(|&f| reversed(f, n) == f)
            && [(0, 1), (2, 3)].iter().all(|&(l, r)| {
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
        let kept = shared_diagonals(n);
        let flip = (0..n).all(|r| free[r] == free[n - 1 - r])
            && (0..2).all(|l| {
                let (top, bottom) = (shapes[l], shapes[l + 2]);
                top.row0 == 0
                    && top.off == h
                    && bottom.row0 == n - h
                    && bottom.off == bottom.row0
                    && top.col0 == bottom.col0
                    && top.w == bottom.w
                    && top.marks_middle == bottom.marks_middle
                    && (bottom.marks_middle
                        || pivots
                            .iter()
                            .all(|p| p.blocks(diag_bot, n)[l + 2] & !kept == 0))
            });
        Images { mirror, flip }
    }

    /// The quarter whose walk quarter `q` is read off (`q` when it is
    /// walked itself).
    pub(super) fn source(self, q: usize) -> usize {
        q & !usize::from(self.mirror) & !(2 * usize::from(self.flip))
    }

    /// How many quarters are walked.
    pub(super) fn walks(self) -> usize {
        4 >> (usize::from(self.mirror) + usize::from(self.flip))
    }
}

/// The bucket counts of a quarter that is the image of one walked into
/// `walked` (`w` columns, `h` rows) by `how` (1: the mirror, its columns
/// reversed; 2: the flip, its rows reversed; 3: both).
fn image_counts(walked: &[u32], w: usize, h: usize, how: usize) -> Vec<u32> {
    let rows: Vec<usize> = (0..1usize << h)
        .map(|r| {
            if how & 2 == 2 {
                reversed(r as u64, h) as usize
            } else {
                r
            }
        })
        .collect();
    let mut image = vec![0u32; walked.len()];
    for cols in 0..1usize << w {
        let to = if how & 1 == 1 {
            reversed(cols as u64, w) as usize
        } else {
            cols
        };
        let (from, into) = (
            &walked[cols << h..(cols + 1) << h],
            &mut image[to << h..(to + 1) << h],
        );
        for (r, &x) in from.iter().enumerate() {
            into[rows[r]] = x;
        }
    }
    image
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
                    if let Some((work, ..)) = pricer.work(task) {
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
    use crate::base::rng::Rng;

    /// The buckets of `free`, quarters read off others' walks where the
    /// board allows it, and all four walked: (what was read off, the two).
    fn both_ways(n: usize, free: &[u64], min_n: MinN) -> (Images, Buckets, Buckets) {
        let g = Geometry::of(n, free, min_n).unwrap();
        let (h, shapes) = (g.shape.h, &g.quarter_shapes);
        let (diag_bot, pivots) = (g.shape.diag_bot, &g.pivots);
        let images = Images::of(n, h, &g.free, shapes, diag_bot, pivots);
        let count =
            |images| Buckets::count_walking(n, h, &g.free, shapes, diag_bot, pivots, images);
        (images, count(images), count(Images::default()))
    }

    /// A random board whose row `r` is row `n - 1 - r` when `flip` and
    /// reads the same reversed when `mirror`, about one cell in eight (and
    /// its images) blocked.
    fn symmetric_board(n: usize, mirror: bool, flip: bool, rng: &mut Rng) -> Vec<u64> {
        let full = (1u64 << n) - 1;
        let mut board = vec![full; n];
        for _ in 0..n * n / 8 {
            let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            for (r, c) in [
                (r, c),
                (r, n - 1 - c),
                (n - 1 - r, c),
                (n - 1 - r, n - 1 - c),
            ] {
                board[r] &= !(1 << c);
            }
        }
        // Cells blocked with only the images the board is to keep.
        if !(mirror && flip) {
            let mut rng2 = Rng::new(rng.next_u64());
            for r in 0..n {
                if rng2.below(3) == 0 {
                    let c = rng2.below(n as u64) as usize;
                    board[r] &= !(1 << c);
                    if mirror {
                        board[r] &= !(1 << (n - 1 - c));
                    }
                    if flip {
                        board[n - 1 - r] &= !(1 << c);
                    }
                }
            }
        }
        board
    }

    /// Quarters read off others' walks give every bucket count and every
    /// pivot's pass exactly as four walks do: blank boards in every
    /// folding mode, and random boards with blocked cells that keep the
    /// mirror, the flip, both or neither (pivots whose blocks and columns
    /// differ from quarter to quarter).
    #[test]
    fn quarters_read_off_others_walks_count_as_walked() {
        let mut rng = Rng::new(41);
        let (mut mirrors, mut flips, mut marking_flips) = (0, 0, 0);
        let mut kept_images = 0;
        for n in 4..=16 {
            let mut boards = vec![vec![(1u64 << n) - 1; n]];
            for (mirror, flip) in [(true, true), (true, false), (false, true), (false, false)] {
                for _ in 0..3 {
                    boards.push(symmetric_board(n, mirror, flip, &mut rng));
                }
            }
            for free in &boards {
                for min_n in [MinN::default(), MinN::both(4), MinN::pair(4)] {
                    let Some(geometry) = Geometry::of(n, free, min_n) else {
                        continue;
                    };
                    let marking = geometry.quarter_shapes[3].marks_middle;
                    let (images, fast, walked) = both_ways(n, free, min_n);
                    mirrors += usize::from(images.mirror);
                    flips += usize::from(images.flip);
                    marking_flips += usize::from(images.flip && marking);
                    assert_eq!(fast.counts, walked.counts, "n = {n}, {images:?}, {free:?}");
                    assert_eq!(fast.pass, walked.pass, "n = {n}, {images:?}, {free:?}");
                    assert_eq!(fast.walked, walked.walked);
                    assert_eq!(fast.counted * 4 / images.walks() as u64, walked.walked);
                    // The placements kept for the build: every bit read
                    // (a bottom walk's far diagonals are not, see
                    // `flip_word`), and the queens.
                    for q in 0..4 {
                        let shape = geometry.quarter_shapes[q];
                        let read = if shape.marks_middle {
                            u64::MAX
                        } else {
                            shared_diagonals(n)
                        };
                        match [&fast, &walked].map(|w| w.visited[q].as_ref()) {
                            [Some(a), Some(b)] => {
                                kept_images += usize::from(images.source(q) != q);
                                let what = format!("n = {n}, q = {q}, {images:?}");
                                assert_eq!(a.sorted(read), b.sorted(read), "{what}");
                            }
                            [a, b] => assert_eq!(a.is_some(), b.is_some(), "n = {n}"),
                        }
                    }
                }
            }
        }
        // In cross mode the flip reads the marking right bottom quarter off
        // the right top one and the left bottom one off the left top one.
        assert!(
            mirrors > 100 && flips > 100 && marking_flips >= 5 && kept_images > 300,
            "mirrored {mirrors}, flipped {flips} ({marking_flips} marking), {kept_images} kept"
        );
    }
}
