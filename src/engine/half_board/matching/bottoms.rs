//! Preparing a chunk's bottoms for the join (the end of step 1 of
//! `matching`): sorting them into the sieve's buckets and transposing them
//! into one bitset per overlap diagonal.
//!
//! # Constraints
//! `2 * ovw <= 64` overlap bits (one 64 x 64 transpose per 64 bottoms);
//! bitsets padded to a multiple of 4 words.
//!
//! # Complexity
//! For `B` bottoms (`W = B / 64` words): `O(B * n / 64)` to sieve and
//! transpose them.

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::transpose::transpose64;

use super::cut::{choose_cut, cut_range};
use super::job::{Job, Scratch, TaskSets, TopRule};
use crate::tuning::sieve::{CUT_PRICE_SAMPLE as SAMPLE, TOP_SAMPLE};

impl Job<'_> {
    /// Sorts the first `nb` bottoms in `sc.bot` into the buckets of a cut
    /// chosen for them and the tops of task `t` (see
    /// [`crate::engine::half_board::sieve`] and
    /// [`choose_cut`]); returns how many bottoms there are now, padding
    /// included. With `ties`, bottoms marked
    /// [`crate::engine::half_board::sieve::TIE`] go to their buckets' tie
    /// parts.
    #[inline(always)]
    pub(super) fn sieve_bottoms(
        &self,
        t: &Task,
        (nb, ties): (usize, bool),
        sc: &mut Scratch,
    ) -> usize {
        let (lo, hi) = cut_range(nb, self.shape.bucket_bottoms);
        if hi == 0 {
            sc.sieve.none();
        } else {
            // Every SAMPLE-th bottom (all of a small chunk) and a sample of
            // the tops price the cuts.
            let step = if nb <= 1 << 16 { 1 } else { SAMPLE };
            sc.cut_bottoms.clear();
            sc.cut_bottoms.extend(sc.bot[..nb].iter().step_by(step));
            let per_bottom = nb as f64 / sc.cut_bottoms.len() as f64;
            self.top_sample(t, &mut sc.cut_tops);
            choose_cut(
                &mut sc.sieve,
                (lo, hi),
                2 * self.shape.ovw,
                (&sc.cut_bottoms, per_bottom),
                &sc.cut_tops,
                self.top_overlaps(t),
                self.shape.join_sizes(),
            );
        }
        sc.tally.cut += sc.sieve.k() as u64;
        sc.sieve.arrange(&mut sc.bot, (nb, ties), &mut sc.sorted)
    }

    /// About [`TOP_SAMPLE`] of task `t`'s tops into `out`, as overlap
    /// masks with the tops each stands for: per row set, the same number of
    /// (left, right) pairs spread over its placements, a pair that is not
    /// a top (blocked by the pivot, or its quarters sharing a diagonal)
    /// standing for none. Never inlined: it is cold (per chunk, not per
    /// top), and the kernel's instantiations need not carry it.
    #[inline(never)]
    fn top_sample(&self, t: &Task, out: &mut Vec<(u64, f64)>) {
        let h = self.shape.h;
        let TaskSets {
            hmask,
            top: (sl, sr),
            ..
        } = TaskSets::of(self.shape, self.pivots, t);
        let [tl, tr, _, _] = self.quarters;
        // As `super::buckets` lists them: clear of the pivot, then the rule.
        let rule = TopRule::of(self.shape, self.pivots, t);
        let counted = |l: u64, r: u64| rule.clear(l) && rule.clear(r) && rule.counts(l, r);
        // Any spread will do, the same on every run.
        let mut rng = Rng::new(u64::from(t.s) << 8 | u64::from(t.pivot));
        let sets = combinations(h, sl.count_ones()).count().max(1);
        let per_set = (TOP_SAMPLE + sets - 1) / sets;
        out.clear();
        for a in combinations(h, sl.count_ones()) {
            let (left, right) = (tl.group(sl, a), tr.group(sr, hmask ^ a));
            if left.is_empty() || right.is_empty() {
                continue;
            }
            let per_pair = (left.len() * right.len()) as f64 / per_set as f64;
            for _ in 0..per_set {
                let l = left[rng.below(left.len() as u64) as usize];
                let r = right[rng.below(right.len() as u64) as usize];
                if counted(l, r) {
                    out.push((self.shape.top_overlap(l | r), per_pair));
                }
            }
        }
    }

    /// The overlaps of task `t`'s top quarter placements, every row set's
    /// of both quarters (what a chunk's cut is chosen against).
    #[inline(always)]
    pub(super) fn top_overlaps<'t>(&'t self, t: &Task) -> impl Iterator<Item = u64> + 't {
        let h = self.shape.h;
        let TaskSets {
            hmask,
            top: (sl, sr),
            ..
        } = TaskSets::of(self.shape, self.pivots, t);
        let [tl, tr, _, _] = self.quarters;
        combinations(h, sl.count_ones()).flat_map(move |a| {
            tl.group(sl, a)
                .iter()
                .chain(tr.group(sr, hmask ^ a))
                .map(|&v| self.shape.top_overlap(v))
        })
    }
}

/// Step 2 for the first `nb` bottoms in `sc.bot`, `nbits` overlap diagonals
/// each, `listed` of them real (the rest padding, all-ones masks): returns
/// the words of a bitset over the bottoms.
#[inline(always)]
pub(super) fn transpose_bottoms(nb: usize, listed: usize, nbits: usize, sc: &mut Scratch) -> usize {
    // Bitsets are padded to a multiple of 4 words with zeros (no bottom
    // there is ever counted), so the AND + popcount loops have no tail.
    let used = (nb + 63) / 64;
    let words = (used + 3) / 4 * 4;
    // 2. Transpose: free_of[p * words + j] bit i <=> bottom 64j+i avoids p.
    sc.free_of.clear();
    sc.free_of.resize(nbits * words, 0);
    // Real bottoms, not padding (an all-ones mask: no bottom uses every
    // overlap diagonal, `h` queens use at most `2h < 64`).
    sc.valid.clear();
    sc.valid.resize(words, 0);
    if sc.sieve.pads_buckets() {
        // Padding after each bucket: told by the masks.
        for (i, &m) in sc.bot[..nb].iter().enumerate() {
            sc.valid[i / 64] |= u64::from(m != !0) << (i % 64);
        }
    } else {
        // Padding only after the listed ones: told by the count.
        for (j, v) in sc.valid.iter_mut().enumerate() {
            let ones = listed.saturating_sub(64 * j).min(64);
            *v = if ones == 64 { !0 } else { (1u64 << ones) - 1 };
        }
    }
    let mut blk = [0u64; 64];
    for j in 0..used {
        let chunk = &sc.bot[j * 64..nb.min(j * 64 + 64)];
        match <&[u64; 64]>::try_from(chunk) {
            // A whole word of bottoms (always, after the sieve): a copy of
            // a known length, inline.
            Ok(whole) => blk = *whole,
            Err(_) => {
                blk[..chunk.len()].copy_from_slice(chunk);
                // Padding placements use every bit, so they are never
                // counted.
                blk[chunk.len()..].iter_mut().for_each(|x| *x = !0);
            }
        }
        transpose64(&mut blk);
        for (p, &col) in blk[..nbits].iter().enumerate() {
            sc.free_of[p * words + j] = !col;
        }
    }
    words
}
