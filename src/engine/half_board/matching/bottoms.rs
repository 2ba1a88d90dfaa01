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

use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::sieve::Sieve;
use crate::engine::half_board::transpose::transpose64;

use super::job::{Job, Scratch, Shape};

impl Job<'_> {
    /// Sorts the first `nb` bottoms in `sc.bot` into the buckets of a cut
    /// chosen for them and the tops of task `t` (see [`Sieve`]); returns
    /// how many bottoms there are now, padding included.
    #[inline(always)]
    pub(super) fn sieve_bottoms(&self, t: &Task, nb: usize, sc: &mut Scratch) -> usize {
        let k = Sieve::cut_size(nb, self.shape.bucket_bottoms);
        sc.tally.cut += k as u64;
        if k == 0 {
            sc.sieve.none();
        } else {
            let tops = self.top_overlaps(t);
            sc.sieve.choose(k, 2 * self.shape.ovw, &sc.bot[..nb], tops);
        }
        let len = sc.sieve.arrange(&sc.bot[..nb], &mut sc.sorted);
        std::mem::swap(&mut sc.bot, &mut sc.sorted);
        len
    }

    /// The overlaps of task `t`'s top quarter placements, every row set's
    /// of both quarters (what a chunk's cut is chosen against).
    #[inline(always)]
    pub(super) fn top_overlaps<'t>(&'t self, t: &Task) -> impl Iterator<Item = u64> + 't {
        let Shape { h, wl, .. } = *self.shape;
        let s = u64::from(t.s);
        let hmask = (1u64 << h) - 1;
        let (sl, sr) = (s & ((1u64 << wl) - 1), s >> wl);
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
/// each: returns the words of a bitset over the bottoms.
#[inline(always)]
pub(super) fn transpose_bottoms(nb: usize, nbits: usize, sc: &mut Scratch) -> usize {
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
    for (i, &m) in sc.bot[..nb].iter().enumerate() {
        sc.valid[i / 64] |= u64::from(m != !0) << (i % 64);
    }
    let mut blk = [0u64; 64];
    for j in 0..used {
        let chunk = &sc.bot[j * 64..nb.min(j * 64 + 64)];
        blk[..chunk.len()].copy_from_slice(chunk);
        // Padding placements use every bit, so they are never counted.
        blk[chunk.len()..].iter_mut().for_each(|x| *x = !0);
        transpose64(&mut blk);
        for (p, &col) in blk[..nbits].iter().enumerate() {
            sc.free_of[p * words + j] = !col;
        }
    }
    words
}
