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
//! pricing prices ([`crate::engine::half_board::cost::Regime::Sieved`]).
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
use crate::engine::half_board::quarters::{shared_diagonals, Quarter};
use crate::engine::half_board::sieve::{subset_sums, Sieve, MAX_CUT};
use crate::engine::half_board::tally::Tally;

use super::buckets::{top_batch, Grouping};
use super::cut::{choose_cut, cut_range};
use super::job::{Job, Shape, TopRule};

/// Candidate bottoms drawn per chunk.
const BOTTOM_DRAWS: usize = 4096;
/// Candidate tops drawn per task.
const TOP_DRAWS: usize = 4096;
/// Candidate bottoms of a task that are all tested rather than drawn.
const EXACT_CANDIDATES: u64 = 1 << 16;

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

impl Job<'_> {
    /// Adds the estimated tally of task `t` to `tally`.
    fn estimate_task(&self, t: &Task, rng: &mut Rng, tally: &mut Tally) {
        let shape = *self.shape;
        let Shape { n, h, wl, ovw, .. } = shape;
        let pv = self.pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let sb = pv.avail ^ s;
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let ovmask = (1u64 << ovw) - 1;
        let [tl, tr, bl, br] = self.quarters;

        // Step 1's candidate bottoms, filtered as the kernel filters them.
        let (sbl, sbr) = (sb & lmask, sb >> wl);
        let [_, _, left_block, block] = pv.blocks(shape.diag_bot, n);
        let keep = shared_diagonals(n);
        let mut bottoms = Pairs::default();
        let avoid = |g: &[u64], block: u64| -> Vec<u64> {
            g.iter().copied().filter(|&x| x & block == 0).collect()
        };
        for a in combinations(h, sbl.count_ones()) {
            bottoms.push(
                avoid(bl.group(sbl, a), left_block),
                avoid(br.group(sbr, hmask ^ a), block),
            );
        }
        let candidates = bottoms.total();
        if candidates == 0 {
            return;
        }
        tally.bottom_pairs += candidates;
        let compact = |v: u64| (v & ovmask) | ((v >> 32) & ovmask) << ovw;
        let bottom = |i: u64| {
            let (_, x, y) = bottoms.get(i);
            let x = x & keep;
            (x & y == 0).then(|| compact(x) | compact(y))
        };
        // Few candidates are all tested (and their chunks' bottoms are
        // then known exactly); many, a share of them.
        let exact = candidates <= EXACT_CANDIDATES;
        let nb = if exact {
            (0..candidates).filter(|&i| bottom(i).is_some()).count() as f64
        } else {
            let hits = (0..BOTTOM_DRAWS)
                .filter(|_| bottom(rng.below(candidates)).is_some())
                .count();
            candidates as f64 * hits as f64 / BOTTOM_DRAWS as f64
        };
        if nb == 0.0 {
            return;
        }
        tally.bottoms += nb.round() as u64;

        // Step 4's top placements, filtered and paired as the kernel does.
        let (sl, sr) = (s & lmask, s >> wl);
        let rule = TopRule::of(&shape, self.pivots, t);
        let mut tops = Pairs::default();
        for a in combinations(h, sl.count_ones()) {
            let block = pv.top_block;
            let (l, mut r) = (
                avoid(tl.group(sl, a), block),
                avoid(tr.group(sr, hmask ^ a), block),
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
        let top_masks: Vec<(u64, f64)> = drawn
            .iter()
            .map(|&(_, l, r)| (shape.top_overlap(l | r), per_draw))
            .collect();

        // The chunks, each from its own stretch of the candidates.
        // Full chunks, then the rest (the kernel starts a chunk when the
        // next placement's bottoms would pass `chunk`): the cut grows with
        // a chunk's size, so a set of 1.3 chunks is one full chunk and a
        // small one, not two of 0.65 (priced so, one set of 25 read 25%
        // more pair words than it did).
        let full = shape.chunk as f64;
        let chunks = (nb / full).ceil().max(1.0) as u64;
        let mut sieve = Sieve::default();
        let mut sample = Vec::with_capacity(BOTTOM_DRAWS);
        for c in 0..chunks {
            let (lo, hi) = (c as f64 * full, ((c + 1) as f64 * full).min(nb));
            let per_chunk = hi - lo;
            let from = (candidates as f64 * lo / nb) as u64;
            let to = ((candidates as f64 * hi / nb) as u64).clamp(from + 1, candidates);
            sample.clear();
            if exact {
                sample.extend((from..to).filter_map(&bottom));
                if sample.is_empty() {
                    continue;
                }
            } else {
                for _ in 0..BOTTOM_DRAWS {
                    if let Some(m) = bottom(from + rng.below(to - from)) {
                        sample.push(m);
                    }
                }
                if sample.is_empty() {
                    // A stretch without bottoms here is rare; its share of
                    // the chunk is taken from the whole.
                    sample.push(bottom_any(&bottom, candidates, rng));
                }
            }
            let per_chunk = if exact {
                sample.len() as f64
            } else {
                per_chunk
            };
            let (lo, hi) = cut_range(per_chunk as usize, shape.bucket_bottoms);
            if hi == 0 {
                sieve.none();
            } else {
                let per_bottom = per_chunk / sample.len() as f64;
                choose_cut(
                    &mut sieve,
                    (lo, hi),
                    2 * ovw,
                    (&sample, per_bottom),
                    &top_masks,
                    overlaps.iter().copied(),
                    shape.join_sizes(),
                );
            }
            let mut count = [0usize; 1 << MAX_CUT];
            for &m in &sample {
                count[sieve.key(m)] += 1;
            }
            let scale = per_chunk / sample.len() as f64;
            let sizes: Vec<usize> = count.iter().map(|&c| (c as f64 * scale) as usize).collect();
            let used = sieve.lay_out(&sizes);
            // The pieces a visit reads, per key: a bucket the sample saw
            // by its size; one it did not (most of 2^11 buckets, from a
            // few thousand draws) is nonempty with the chance its
            // expected bottoms give, each cut diagonal taken as used
            // apart from the others (a unit of 26 was priced 5.5x too
            // few visits from the sample's buckets alone).
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
                    let words = (sizes[b] + 63) / 64;
                    ((words + shape.slice - 1) / shape.slice) as f64
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
            let words = (used + 3) / 4 * 4;
            tally.chunks += 1;
            tally.cut += sieve.full().count_ones() as u64;
            // Every counted top is listed and visits every nonempty bucket
            // piece its key allows (`super::buckets`).
            let (mut tops, mut read, mut visits) = (0.0, 0.0, 0.0);
            let mut reach = vec![0u32; sieve.full() + 1];
            for &(_, l, r) in &drawn {
                let u = sieve.key(shape.top_overlap(l | r));
                tops += per_draw;
                read += per_draw * sieve.fitting_words(u) as f64;
                visits += per_draw * pieces[sieve.full() & !u];
                reach[u] = 1;
            }
            // `reach[m]`: drawn keys that are subsets of `m` (as the kernel
            // sums them).
            subset_sums(&mut reach, sieve.k());
            tally.tops += tops.round() as u64;
            tally.pair_full += (tops * words as f64) as u64;
            tally.pair_words += read as u64;
            tally.visits += visits as u64;
            // Each batch of tops tabulates the buckets some top of it can
            // fit (taken as the drawn ones': a bucket only rare tops reach
            // is missed, a few of its words).
            if tops >= 0.5 {
                let batch = shape.batch.unwrap_or(top_batch(words));
                let batches = (tops / batch as f64).ceil().max(1.0);

                let tabulated: usize = sieve
                    .reached(&reach)
                    .map(|(_, (from, to), _)| to - from)
                    .sum();
                // Each batch in its cheaper grouping, as the kernel's
                // (its tops' reads taken as an even share of the chunk's).
                let rest = 2 * ovw - sieve.k();
                let priced = (tabulated as f64, read / batches, visits / batches);
                let grouping = Grouping::choose(rest, priced, shape.groups);
                tally.table_words +=
                    (batches * grouping.entries() as f64 * tabulated as f64) as u64;
                let groups = grouping.groups as f64;
                tally.grouped_words += (groups * read) as u64;
                tally.grouped_visits += (groups * visits) as u64;
            }
        }
    }
}

/// A bottom drawn from all `candidates` (at most a few thousand tries; an
/// all-ones mask, padding, where none fits).
fn bottom_any(bottom: &impl Fn(u64) -> Option<u64>, candidates: u64, rng: &mut Rng) -> u64 {
    (0..BOTTOM_DRAWS)
        .find_map(|_| bottom(rng.below(candidates)))
        .unwrap_or(!0)
}
