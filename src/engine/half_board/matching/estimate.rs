//! The kernel's work on a task estimated from samples instead of done: the
//! [`Tally`] a join of it would leave, from random bottoms, tops and top
//! quarter placements drawn out of the same quarter tables, each put
//! through the same tests and the same sieve as the kernel's loops put
//! them (`super` step 1, `super::bottoms`, `super::tops`).
//!
//! Why: past 24 a unit's time follows what the sieve leaves it, and that
//! varies about 30x between column sets (the words its tops read ran from
//! 0.2% to 6% of the full width at 27); a price from the mean keep of a
//! pivot missed single units by 0.2x to 2x, where the kernel's own counts
//! of the words it read, the bitset words it built and the bottoms it
//! sorted give a unit's time within about 1.2x (benches/NOTES.md,
//! "Ranked units priced from their sieve"). This is the kernel's cost
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
//! per chunk `O(BOTTOM_DRAWS + TOP_DRAWS + PLACEMENT_DRAWS * group)`.

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::{combinations, Pivot, Task};
use crate::engine::half_board::quarters::{shared_diagonals, Quarter};
use crate::engine::half_board::row_groups::RowGroups;
use crate::engine::half_board::sieve::{Sieve, MAX_CUT};
use crate::engine::half_board::tally::Tally;

use super::job::{Job, Shape};
use super::tops::fuses;

/// Candidate bottoms drawn per chunk.
const BOTTOM_DRAWS: usize = 4096;
/// Candidate tops drawn per task.
const TOP_DRAWS: usize = 4096;
/// Top quarter placements drawn per chunk (each tested against its row
/// set's partners).
const PLACEMENT_DRAWS: usize = 256;
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
    /// Per row set, both sides' placements (diagonals, cells) in the
    /// kernel's order.
    runs: Vec<[Vec<(u64, u64)>; 2]>,
    /// `ends[j]`: candidate pairs of runs `0..=j`.
    ends: Vec<u64>,
    /// Placements of both sides over all runs.
    items: u64,
}

impl Pairs {
    fn push(&mut self, left: Vec<(u64, u64)>, right: Vec<(u64, u64)>) {
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
    fn get(&self, i: u64) -> (usize, (u64, u64), (u64, u64)) {
        let j = self.ends.partition_point(|&e| e <= i);
        let start = if j == 0 { 0 } else { self.ends[j - 1] };
        let [left, right] = &self.runs[j];
        let k = i - start;
        let w = right.len() as u64;
        (j, left[(k / w) as usize], right[(k % w) as usize])
    }

    /// A uniformly drawn placement of either side: its run, its side
    /// (0 left) and itself.
    fn placement(&self, rng: &mut Rng) -> (usize, usize, (u64, u64)) {
        let mut i = rng.below(self.items) as usize;
        for (j, run) in self.runs.iter().enumerate() {
            for (side, list) in run.iter().enumerate() {
                if i < list.len() {
                    return (j, side, list[i]);
                }
                i -= list.len();
            }
        }
        unreachable!("a placement index below the placements' number")
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
        for a in combinations(h, sbl.count_ones()) {
            let avoid = |g: &[u64], block: u64| -> Vec<(u64, u64)> {
                g.iter()
                    .filter(|&&x| x & block == 0)
                    .map(|&x| (x, 0))
                    .collect()
            };
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
            let (_, (x, _), (y, _)) = bottoms.get(i);
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
        let (dm, da_) = (shape.diag_main, shape.diag_anti);
        let skip_clean = t.mult_clean == 0;
        let counted = |l: u64, r: u64| l & r == 0 && !(skip_clean && (l & dm) | (r & da_) == 0);
        let mut tops = Pairs::default();
        for a in combinations(h, sl.count_ones()) {
            let avoid = |q: &Quarter, cols: u64, rows: u64| -> Vec<(u64, u64)> {
                q.group(cols, rows)
                    .iter()
                    .zip(q.group_cells(cols, rows))
                    .filter(|&(&x, _)| x & pv.top_block == 0)
                    .map(|(&x, &c)| (x, c))
                    .collect()
            };
            let (l, mut r) = (avoid(tl, sl, a), avoid(tr, sr, hmask ^ a));
            if skip_clean && l.iter().all(|&(x, _)| x & dm == 0) {
                r.retain(|&(x, _)| x & da_ != 0);
            }
            tops.push(l, r);
        }
        let top_candidates = tops.total();
        // Drawn tops that are counted, as the two quarters' overlaps.
        let mut drawn = Vec::new();
        if top_candidates > 0 {
            for _ in 0..TOP_DRAWS {
                let (j, (l, _), (r, _)) = tops.get(rng.below(top_candidates));
                if counted(l, r) {
                    drawn.push((j, l, r));
                }
            }
        }
        let overlaps: Vec<u64> = self.top_overlaps(t).collect();

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
            let k = Sieve::cut_size(per_chunk as usize, shape.bucket_bottoms);
            if k == 0 {
                sieve.none();
            } else {
                let bottoms = sample.iter().copied();
                sieve.choose_by(k, 2 * ovw, bottoms, overlaps.iter().copied());
            }
            let mut count = [0usize; 1 << MAX_CUT];
            for &m in &sample {
                count[sieve.key(m)] += 1;
            }
            let scale = per_chunk / sample.len() as f64;
            let sizes: Vec<usize> = count.iter().map(|&c| (c as f64 * scale) as usize).collect();
            let words = (sieve.lay_out(&sizes) + 3) / 4 * 4;
            tally.chunks += 1;
            tally.cut += sieve.full().count_ones() as u64;
            // A placement no bottom of the chunk fits has an empty bitset,
            // and the kernel drops it (and its tops): where the chunk's
            // bottoms are known that is tested; in a large chunk a
            // placement is taken to fit some bottom.
            let fits = Fits::new(exact, &sample, 2 * ovw);
            let chunk = Chunk {
                sieve: &sieve,
                words,
                shape,
            };
            let (key, read) = (|x| chunk.key(x), |u| chunk.read(u));
            // Whether placement `x` of run `j`, side `side`, joins its
            // partners: it fits a bottom, or it is read as its rows (the
            // kernel does not test those for bottoms), by the partners'
            // words as `super::tops` weighs them.
            let joins = |j: usize, side: usize, x: u64| {
                fits.reaches(shape.top_overlap(x))
                    || sieve.cuts() && {
                        let kx = key(x);
                        let partner_words: usize = tops.runs[j][1 - side]
                            .iter()
                            .filter(|&&(y, _)| {
                                let (l, r) = if side == 0 { (x, y) } else { (y, x) };
                                counted(l, r)
                            })
                            .map(|&(y, _)| read(kx | key(y)))
                            .sum();
                        fuses(partner_words, read(kx))
                    }
            };
            let per_draw = top_candidates as f64 / TOP_DRAWS as f64;
            let (mut joined, mut read_words, mut spans) = (0.0, 0.0, 0.0);
            for &(j, l, r) in &drawn {
                if joins(j, 0, l) && joins(j, 1, r) {
                    joined += per_draw;
                    read_words += per_draw * read(key(l) | key(r)) as f64;
                    if sieve.cuts() {
                        spans += per_draw * sieve.spans(key(l) | key(r)) as f64;
                    }
                }
            }
            tally.tops += joined.round() as u64;
            tally.pair_full += (joined * words as f64) as u64;
            tally.pair_words += read_words as u64;
            tally.spans += spans as u64;
            let groups = self.top_groups(t, words);
            let joins: &dyn Fn(usize, usize, u64) -> bool = &joins;
            estimate_bitsets(&tops, &groups, &chunk, (&counted, joins), rng, tally);
        }
    }
}

/// One chunk as the estimate sees it: its cut and its bitsets' words
/// (padded as `super::bottoms` pads them).
struct Chunk<'a> {
    sieve: &'a Sieve,
    words: usize,
    shape: Shape,
}

impl Chunk<'_> {
    /// The bucket key of top quarter placement `x`.
    fn key(&self, x: u64) -> usize {
        self.sieve.key(self.shape.top_overlap(x))
    }

    /// The words a top (or a placement) of key `u` reads: its buckets
    /// where the chunk is cut, else the whole width.
    fn read(&self, u: usize) -> usize {
        if self.sieve.cuts() {
            self.sieve.fitting_words(u)
        } else {
            self.words
        }
    }
}

/// Adds to `tally` the top quarter placements' bitsets built, those read
/// as rows instead and the words ANDed for them in `chunk`, from
/// [`PLACEMENT_DRAWS`] placements of `tops` each tested against its row
/// set's partners (`counted`, and whose placements join:
/// `joins(run, side, placement)`), as `super::tops` decides and counts
/// them (`groups`: the top quarters' row groups, which say how many table
/// rows a placement ANDs).
fn estimate_bitsets(
    tops: &Pairs,
    groups: &[RowGroups; 2],
    chunk: &Chunk,
    (counted, joins): (
        &impl Fn(u64, u64) -> bool,
        &dyn Fn(usize, usize, u64) -> bool,
    ),
    rng: &mut Rng,
    tally: &mut Tally,
) {
    if tops.items == 0 {
        return;
    }
    let (sieve, words) = (chunk.sieve, chunk.words);
    let scale = tops.items as f64 / PLACEMENT_DRAWS as f64;
    let (key, read) = (|x| chunk.key(x), |u| chunk.read(u));
    let (mut built, mut fused, mut final_words, mut spans) = (0.0, 0.0, 0.0, 0.0);
    for _ in 0..PLACEMENT_DRAWS {
        let (j, side, (x, cells)) = tops.placement(rng);
        let kx = key(x);
        let (mut partners, mut partner_words) = (0u64, 0usize);
        for &(y, _) in &tops.runs[j][1 - side] {
            let (l, r) = if side == 0 { (x, y) } else { (y, x) };
            if counted(l, r) && joins(j, 1 - side, y) {
                partners += 1;
                partner_words += read(kx | key(y));
            }
        }
        if partners == 0 {
            continue;
        }
        let mut rows = [0usize; 16];
        let g = groups[side].rows_of(cells, &mut rows).max(1);
        let own = read(kx);
        if sieve.cuts() && fuses(partner_words, own) {
            // Each pair ANDs the placement's rows and its partner's
            // bitset, all but two of its sources counted (as
            // `and_popcount_of` counts them).
            fused += 1.0;
            final_words += ((g - 1) * partner_words) as f64;
        } else {
            // Built on its own buckets, a range at a time where the chunk
            // is cut (`and_rows_on`).
            built += 1.0;
            final_words += (g.max(2) - 1) as f64 * own as f64;
            if sieve.cuts() && g >= 2 {
                spans += sieve.spans(kx) as f64;
            }
        }
    }
    tally.bitsets += (built * scale).round() as u64;
    tally.row_reads += (fused * scale).round() as u64;
    tally.bitset_words += (built * scale * words as f64) as u64;
    tally.final_words += (final_words * scale) as u64;
    tally.spans += (spans * scale) as u64;
}

/// Whether some bottom of a chunk fits a top quarter placement, where the
/// chunk's bottoms are all known: their overlap masks transposed into one
/// bitset per overlap diagonal (as `super::bottoms` transposes them), each
/// placement's answer kept.
struct Fits {
    exact: bool,
    words: usize,
    /// `free_of[p * words + j]` bit `i`: bottom `64 j + i` avoids `p`.
    free_of: Vec<u64>,
    valid: Vec<u64>,
    seen: std::cell::RefCell<std::collections::HashMap<u64, bool>>,
}

impl Fits {
    fn new(exact: bool, bottoms: &[u64], nbits: usize) -> Fits {
        let words = if exact { (bottoms.len() + 63) / 64 } else { 0 };
        let mut free_of = vec![0u64; nbits * words];
        let mut valid = vec![0u64; words];
        for (i, &m) in bottoms.iter().enumerate().take(words * 64) {
            valid[i / 64] |= 1 << (i % 64);
            for p in 0..nbits {
                free_of[p * words + i / 64] |= ((!m >> p) & 1) << (i % 64);
            }
        }
        Fits {
            exact,
            words,
            free_of,
            valid,
            seen: Default::default(),
        }
    }

    /// Whether a placement of top overlap `overlap` fits a bottom (always,
    /// where the bottoms are not known).
    fn reaches(&self, overlap: u64) -> bool {
        if !self.exact {
            return true;
        }
        *self.seen.borrow_mut().entry(overlap).or_insert_with(|| {
            (0..self.words).any(|j| {
                let mut acc = self.valid[j];
                let mut bits = overlap;
                while bits != 0 && acc != 0 {
                    let p = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    acc &= self.free_of[p * self.words + j];
                }
                acc != 0
            })
        })
    }
}

/// A bottom drawn from all `candidates` (at most a few thousand tries; an
/// all-ones mask, padding, where none fits).
fn bottom_any(bottom: &impl Fn(u64) -> Option<u64>, candidates: u64, rng: &mut Rng) -> u64 {
    (0..BOTTOM_DRAWS)
        .find_map(|_| bottom(rng.below(candidates)))
        .unwrap_or(!0)
}
