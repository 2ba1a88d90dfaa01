//! The kernel's work on a task estimated from samples instead of done: the
//! [`Tally`] a join of it would leave, from random bottoms and tops drawn
//! out of the same quarter tables, each put through the same tests and the
//! same sieve as the kernel's loops put them (`super` step 1,
//! `super::bottoms`, `super::buckets`).
//!
//! Why: past 24 a unit's time follows what the sieve leaves it, and that
//! varies about 30x between column sets (the words its tops read ran from
//! 0.2% to 6% of the full width at 27); a price from the mean keep of a
//! pivot missed single units by 0.2x to 2x, where the kernel's own counts
//! of the words it reads, the tops it lists and the bottoms it sorts give
//! a unit's time within about 1.2x (benches/NOTES.md, "Ranked units priced
//! from their sieve", "The join by buckets"). This is the kernel's cost
//! model of itself: its estimates are the tally's fields, which the ranked
//! pricing prices ([`crate::engine::half_board::price::cost::Regime::Sieved`]).
//!
//! A chunk's bottoms are drawn from its own stretch of the candidate pairs
//! (the kernel fills chunks in that order), so its cut is chosen as the
//! kernel's is, from that chunk's bottoms against the task's tops
//! ([`Sieve::choose`]), and its buckets sized by the sample
//! ([`Sieve::lay_out`]).
//!
//! # Constraints
//! Tables as [`super::run`] takes them. Estimates, not counts: a field's
//! error shrinks as `1/sqrt(draws)`; a task with few candidate pairs is
//! estimated no better than one with many.
//!
//! # Complexity
//! Per task: `O(quarter placements)` to list its row sets' groups, then
//! per chunk `O(BOTTOM_DRAWS + TOP_DRAWS + 2^k * k)`.

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::{combinations, Pivot, Task};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::sieve::{subset_sums, Sieve, MAX_CUT, TIE};
use crate::engine::half_board::tally::Tally;

use super::buckets::{top_batch, Grouping};
use super::cut::{choose_cut, cut_range};
use super::job::{Job, Shape, TaskSets, TopRule};
use crate::tuning::sampling::{BOTTOM_DRAWS, EXACT_CANDIDATES, TOP_DRAWS};

/// The tally a join of `tasks` would leave (see the module doc), estimated
/// from draws of `rng`. Its times are zero.
pub fn estimate(
    shape: &Shape,
    quarters: [&Quarter; 4],
    pivots: &[Pivot],
    tasks: &[Task],
    rng: &mut Rng,
) -> Tally {
    let job = Job {
        shape,
        quarters,
        pivots,
        pivot_hits: &[],
    };
    let mut tally = Tally::default();
    for t in tasks {
        job.estimate_task(t, rng, &mut tally);
    }
    tally.sets = tasks.len() as u64;
    tally
}

/// The candidate pairs of two quarters' placements, row set by row set,
/// to be drawn uniformly: pair `i` is in the run whose span holds it.
#[derive(Default)]
struct Pairs {
    /// Per row set, both sides' placements (diagonals) in the kernel's
    /// order.
    runs: Vec<[Vec<u64>; 2]>,
    /// `ends[j]`: candidate pairs of runs `0..=j`.
    ends: Vec<u64>,
    /// Placements of both sides over all runs.
    items: u64,
}

impl Pairs {
    fn push(&mut self, left: Vec<u64>, right: Vec<u64>) {
        if left.is_empty() || right.is_empty() {
            return;
        }
        let before = self.ends.last().copied().unwrap_or(0);
        self.ends
            .push(before + left.len() as u64 * right.len() as u64);
        self.items += (left.len() + right.len()) as u64;
        self.runs.push([left, right]);
    }

    fn total(&self) -> u64 {
        self.ends.last().copied().unwrap_or(0)
    }

    /// Candidate pair `i` (`< total`): the run it is in, and its left and
    /// right placements (the right one varies fastest, as the kernel
    /// appends them).
    fn get(&self, i: u64) -> (usize, u64, u64) {
        let j = self.ends.partition_point(|&e| e <= i);
        let start = if j == 0 { 0 } else { self.ends[j - 1] };
        let [left, right] = &self.runs[j];
        let k = i - start;
        let w = right.len() as u64;
        (j, left[(k / w) as usize], right[(k % w) as usize])
    }
}

/// A task's candidate bottoms (step 1's pairs of bottom quarter
/// placements, filtered as the kernel filters them), and how the kernel
/// keeps one.
struct Bottoms {
    pairs: Pairs,
    task: TaskSets,
}

impl Bottoms {
    /// Candidate bottom `i` as the kernel keeps it: its compact overlap
    /// mask, `None` where its quarters share a diagonal; with the sieve's
    /// [`TIE`] bit where either quarter holds the pivot's tie mark (as
    /// `super::list_bottoms` marks it).
    fn get(&self, i: u64) -> Option<u64> {
        let (_, x, y) = self.pairs.get(i);
        let tied = if (x | y) & self.task.tie != 0 { TIE } else { 0 };
        let x = x & self.task.keep;
        (x & y == 0).then(|| self.task.compact(x) | self.task.compact(y) | tied)
    }

    /// The task's bottoms: few candidates are all tested (and their
    /// chunks' bottoms are then known exactly, `exact`); many, a share of
    /// them.
    fn count(&self, exact: bool, rng: &mut Rng) -> f64 {
        let candidates = self.pairs.total();
        if exact {
            (0..candidates).filter(|&i| self.get(i).is_some()).count() as f64
        } else {
            let hits = (0..BOTTOM_DRAWS)
                .filter(|_| self.get(rng.below(candidates)).is_some())
                .count();
            candidates as f64 * hits as f64 / BOTTOM_DRAWS as f64
        }
    }

    /// A chunk's sample of bottoms into `sample`, from its own stretch
    /// `from..to` of the candidates, and the chunk's bottoms: `per_chunk`,
    /// or those found where `exact`. `None` for an exact stretch with no
    /// bottom.
    fn sample(
        &self,
        (from, to): (u64, u64),
        per_chunk: f64,
        exact: bool,
        sample: &mut Vec<u64>,
        rng: &mut Rng,
    ) -> Option<f64> {
        sample.clear();
        if exact {
            sample.extend((from..to).filter_map(|i| self.get(i)));
            if sample.is_empty() {
                return None;
            }
            return Some(sample.len() as f64);
        }
        for _ in 0..BOTTOM_DRAWS {
            if let Some(m) = self.get(from + rng.below(to - from)) {
                sample.push(m);
            }
        }
        if sample.is_empty() {
            // A stretch without bottoms here is rare; its share of the
            // chunk is taken from the whole.
            sample.push(self.any(rng));
        }
        Some(per_chunk)
    }

    /// A bottom drawn from all the candidates (at most a few thousand
    /// tries; an all-ones mask, padding, where none fits).
    fn any(&self, rng: &mut Rng) -> u64 {
        let candidates = self.pairs.total();
        (0..BOTTOM_DRAWS)
            .find_map(|_| self.get(rng.below(candidates)))
            .unwrap_or(!0)
    }
}

/// A task's drawn tops that are counted (step 4's placements, filtered
/// and paired as the kernel does), each standing for `per_draw` tops, as
/// the two quarters' placements and as overlap masks; and the overlaps of
/// all its top quarter placements (what a chunk's cut is chosen against).
struct Tops {
    drawn: Vec<(usize, u64, u64)>,
    per_draw: f64,
    masks: Vec<(u64, f64)>,
    overlaps: Vec<u64>,
}

impl Job<'_> {
    /// Adds the estimated tally of task `t` to `tally`.
    fn estimate_task(&self, t: &Task, rng: &mut Rng, tally: &mut Tally) {
        let task = TaskSets::of(self.shape, self.pivots, t);
        let bottoms = self.candidate_bottoms(task);
        let candidates = bottoms.pairs.total();
        if candidates == 0 {
            return;
        }
        tally.bottom_pairs += candidates;
        let exact = candidates <= EXACT_CANDIDATES;
        let nb = bottoms.count(exact, rng);
        if nb == 0.0 {
            return;
        }
        tally.bottoms += nb.round() as u64;
        let tops = self.drawn_tops(t, task, rng);

        // The chunks, each from its own stretch of the candidates.
        // Full chunks, then the rest (the kernel starts a chunk when the
        // next placement's bottoms would pass `chunk`): the cut grows with
        // a chunk's size, so a set of 1.3 chunks is one full chunk and a
        // small one, not two of 0.65 (priced so, one set of 25 read 25%
        // more pair words than it did).
        let full = self.shape.chunk as f64;
        let chunks = (nb / full).ceil().max(1.0) as u64;
        let mut sieve = Sieve::default();
        let mut sample = Vec::with_capacity(BOTTOM_DRAWS);
        for c in 0..chunks {
            let (lo, hi) = (c as f64 * full, ((c + 1) as f64 * full).min(nb));
            let from = (candidates as f64 * lo / nb) as u64;
            let to = ((candidates as f64 * hi / nb) as u64).clamp(from + 1, candidates);
            let stretch = (from, to);
            let Some(per_chunk) = bottoms.sample(stretch, hi - lo, exact, &mut sample, rng) else {
                continue;
            };
            self.estimate_chunk(&mut sieve, (&sample, per_chunk, exact), &tops, tally);
        }
    }

    /// Step 1's candidate bottoms of a task set up as `task`.
    fn candidate_bottoms(&self, task: TaskSets) -> Bottoms {
        let h = self.shape.h;
        let [_, _, bl, br] = self.quarters;
        let (sbl, sbr) = task.bottom;
        let (left_block, block) = task.bottom_blocks;
        let mut pairs = Pairs::default();
        for a in combinations(h, sbl.count_ones()) {
            pairs.push(
                avoid(bl.group(sbl, a), left_block),
                avoid(br.group(sbr, task.hmask ^ a), block),
            );
        }
        Bottoms { pairs, task }
    }

    /// Step 4's tops of task `t` (set up as `task`), drawn.
    fn drawn_tops(&self, t: &Task, task: TaskSets, rng: &mut Rng) -> Tops {
        let h = self.shape.h;
        let [tl, tr, _, _] = self.quarters;
        let (sl, sr) = task.top;
        let rule = TopRule::of(self.shape, self.pivots, t);
        let mut tops = Pairs::default();
        for a in combinations(h, sl.count_ones()) {
            let block = rule.block();
            let (l, mut r) = (
                avoid(tl.group(sl, a), block),
                avoid(tr.group(sr, task.hmask ^ a), block),
            );
            if rule.needs_anti(&l) {
                r.retain(|&x| rule.on_anti(x));
            }
            tops.push(l, r);
        }
        let top_candidates = tops.total();
        // Drawn tops that are counted, as the two quarters' overlaps.
        let mut drawn = Vec::new();
        if top_candidates > 0 {
            for _ in 0..TOP_DRAWS {
                let (j, l, r) = tops.get(rng.below(top_candidates));
                if rule.counts(l, r) {
                    drawn.push((j, l, r));
                }
            }
        }
        let overlaps: Vec<u64> = self.top_overlaps(t).collect();
        let per_draw = top_candidates as f64 / TOP_DRAWS as f64;
        let masks: Vec<(u64, f64)> = drawn
            .iter()
            .map(|&(_, l, r)| (self.shape.top_overlap(l | r), per_draw))
            .collect();
        Tops {
            drawn,
            per_draw,
            masks,
            overlaps,
        }
    }

    /// One chunk's share of the tally, from its `sample` of bottoms
    /// standing for `per_chunk` (all of them where `exact`): its cut
    /// chosen and its buckets laid out as the kernel's, then what its tops
    /// read, visit and tabulate. `sieve` is the chunks' one sieve.
    fn estimate_chunk(
        &self,
        sieve: &mut Sieve,
        (sample, per_chunk, exact): (&[u64], f64, bool),
        tops: &Tops,
        tally: &mut Tally,
    ) {
        let shape = *self.shape;
        let (lo, hi) = cut_range(per_chunk as usize, shape.bucket_bottoms);
        if hi == 0 {
            sieve.none();
        } else {
            let per_bottom = per_chunk / sample.len() as f64;
            choose_cut(
                sieve,
                (lo, hi),
                2 * shape.ovw,
                (sample, per_bottom),
                &tops.masks,
                tops.overlaps.iter().copied(),
                shape.join_sizes(),
            );
        }
        // Each bucket's bottoms, without and with the tie mark (the kernel
        // lays a bucket's ties out apart, from a block of four words: the
        // padding that adds is priced with the rest of the words).
        let mut parts = [0usize; 2 << MAX_CUT];
        for &m in sample {
            parts[2 * sieve.key(m) + usize::from(m & TIE != 0)] += 1;
        }
        let scale = per_chunk / sample.len() as f64;
        let sizes: Vec<usize> = parts.iter().map(|&c| (c as f64 * scale) as usize).collect();
        let ties = parts.iter().skip(1).step_by(2).any(|&c| c > 0);
        let used = sieve.lay_out_parts(&sizes, ties);
        let count: Vec<usize> = parts.chunks_exact(2).map(|p| p[0] + p[1]).collect();
        let pieces = bucket_pieces(sieve, (sample, per_chunk, exact), &count, shape.slice);
        let words = (used + 3) / 4 * 4;
        tally.chunks += 1;
        tally.cut += sieve.full().count_ones() as u64;
        // Every counted top is listed and visits every nonempty bucket
        // piece its key allows (`super::buckets`).
        let per_draw = tops.per_draw;
        let (mut listed, mut read, mut visits) = (0.0, 0.0, 0.0);
        let mut reach = vec![0u32; sieve.full() + 1];
        for &(_, l, r) in &tops.drawn {
            let u = sieve.key(shape.top_overlap(l | r));
            listed += per_draw;
            read += per_draw * sieve.fitting_words(u) as f64;
            visits += per_draw * pieces[sieve.full() & !u];
            reach[u] = 1;
        }
        // `reach[m]`: drawn keys that are subsets of `m` (as the kernel
        // sums them).
        subset_sums(&mut reach, sieve.k());
        tally.tops += listed.round() as u64;
        tally.pair_full += (listed * words as f64) as u64;
        tally.pair_words += read as u64;
        tally.visits += visits as u64;
        // Each batch of tops tabulates the buckets some top of it can
        // fit (taken as the drawn ones': a bucket only rare tops reach
        // is missed, a few of its words).
        if listed >= 0.5 {
            let batch = shape.batch.unwrap_or(top_batch(words));
            let batches = (listed / batch as f64).ceil().max(1.0);

            let tabulated: usize = sieve
                .reached(&reach)
                .map(|(_, (from, to), _)| to - from)
                .sum();
            // Each batch in its cheaper grouping, as the kernel's
            // (its tops' reads taken as an even share of the chunk's).
            let rest = 2 * shape.ovw - sieve.k();
            let priced = (tabulated as f64, read / batches, visits / batches);
            let grouping = Grouping::choose(rest, priced, shape.groups);
            tally.table_words += (batches * grouping.entries() as f64 * tabulated as f64) as u64;
            let groups = grouping.groups as f64;
            tally.grouped_words += (groups * read) as u64;
            tally.grouped_visits += (groups * visits) as u64;
        }
    }
}

/// The placements of group `g` clear of `block`.
fn avoid(g: &[u64], block: u64) -> Vec<u64> {
    g.iter().copied().filter(|&x| x & block == 0).collect()
}

/// The pieces a visit reads, per key, summed over the subsets of each key
/// (as a top's visits are): a bucket the sample saw by its size; one it
/// did not (most of 2^11 buckets, from a few thousand draws) is nonempty
/// with the chance its expected bottoms give, each cut diagonal taken as
/// used apart from the others (a unit of 26 was priced 5.5x too few
/// visits from the sample's buckets alone). Exact samples saw every
/// bucket.
fn bucket_pieces(
    sieve: &Sieve,
    (sample, per_chunk, exact): (&[u64], f64, bool),
    count: &[usize],
    slice: usize,
) -> Vec<f64> {
    let buckets = sieve.full() + 1;
    let mut pieces = vec![0.0f64; buckets];
    let used_by: Vec<f64> = (0..sieve.k())
        .map(|i| {
            let with = sample
                .iter()
                .filter(|&&m| sieve.key(m) >> i & 1 == 1)
                .count();
            with as f64 / sample.len() as f64
        })
        .collect();
    for (b, p) in pieces.iter_mut().enumerate() {
        *p = if count[b] > 0 {
            let (from, to) = sieve.bucket(b);
            ((to - from + slice - 1) / slice) as f64
        } else if exact {
            0.0
        } else {
            let share: f64 = used_by
                .iter()
                .enumerate()
                .map(|(i, &q)| if b >> i & 1 == 1 { q } else { 1.0 - q })
                .product();
            1.0 - (-per_chunk * share).exp()
        };
    }
    subset_sums(&mut pieces, sieve.k());
    pieces
}
