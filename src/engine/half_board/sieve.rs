//! The sieve: bottoms sorted into buckets by a few overlap diagonals, so
//! that a top visits only the buckets it can be compatible with.
//!
//! A (top, bottom) pair fits only when they share no overlap diagonal. Pick
//! `k` of the overlap diagonals (the *cut*) and sort a chunk's bottoms by
//! which of them each uses: bucket `b` holds the bottoms whose cut
//! diagonals are exactly the bits of `b`. A top whose cut diagonals are `u`
//! can only fit bottoms in buckets `b` with `b & u == 0`; every other
//! bucket is skipped unread, and the count stays exact (a skipped bottom
//! shares a diagonal with the top, so its bit in `X & Y` would be 0).
//!
//! Why it changes the growth: the share of (top, bottom) pairs that fit
//! falls as the overlap gains diagonals, which is what makes the join's
//! time per solution grow. A cut diagonal that a top uses with
//! probability `p_t` and a bottom with `p_b` skips a share `p_t * p_b` of
//! the words (about 1/4 for the longest diagonals); `k` of them leave about
//! `prod (1 - p_t * p_b)`. Larger boards have more bottoms per column set,
//! so more buckets stay worth their padding: `k` grows with the chunk.
//!
//! Buckets are padded to whole words (64 bottoms, the padding uses every
//! diagonal so it is never counted) and laid out in order of `b`; the join
//! visits them one by one (`matching`'s buckets), a top of key `u` those
//! whose keys share no bit with `u`.
//!
//! In pair mode with the transpose some bottoms are *ties* (against them
//! every top weighs 1), marked by [`TIE`] in their masks: each bucket
//! keeps its tie bottoms after its others, from a word of their own
//! ([`Sieve::tie_from`]), so that a top reads a bucket's tables once for
//! both kinds and counts the two parts of its words apart. Kept in their
//! own buckets, `2^k` more of them, each padded to a word, tabulated and
//! visited by every top that fits, they made pivots whose ties are common
//! cost 1.09-1.14x the 4-fold (benches/NOTES.md, "Pair mode with the
//! transpose").
//!
//! # Constraints
//! Overlap masks of at most 64 bits; `k <= MAX_CUT`.
//!
//! # Complexity
//! Choosing: `O(bottoms + tops)` bit counts. Arranging: `O(bottoms)`. A
//! top then reads `sum over compatible buckets` of their words.

use crate::tuning::sieve::CUT_CHOICE_SAMPLE as SAMPLE;
pub use crate::tuning::sieve::{BUCKET_BOTTOMS, MAX_CUT, SLICE};

/// The cut of one chunk: which overlap diagonals, and where each bucket's
/// words start.
#[derive(Clone, Debug, Default)]
pub struct Sieve {
    /// Bit `i` of a bucket key is overlap bit `cut[i]`.
    cut: [u8; MAX_CUT],
    k: usize,
    /// Bucket `b`'s words are `starts[b]..starts[b + 1]`.
    starts: Vec<usize>,
    /// Bucket `b`'s tie bottoms are in its words from `tie_at[b]` (its end
    /// when it has none).
    tie_at: Vec<usize>,
    /// `within[m]`: the words of the buckets whose keys are subsets of `m`.
    within: Vec<usize>,
    /// Whether the chunk has tie bottoms (see the module doc).
    ties: bool,
}

/// The bit of a bottom's mask that makes it a tie bottom: bit 63, above
/// every overlap diagonal and a credited join's image bits (`2 * ovw + 8
/// <= 62` wherever pair mode runs), so it is no diagonal the cut or the
/// transposition reads.
pub const TIE: u64 = 1 << 63;

impl Sieve {
    /// The number of cut diagonals worth taking for `nb` bottoms, buckets
    /// of `bucket_bottoms` on average ([`BUCKET_BOTTOMS`] but in tests).
    pub fn cut_size(nb: usize, bucket_bottoms: usize) -> usize {
        let buckets = nb / bucket_bottoms.max(1);
        if buckets < 2 {
            0
        } else {
            (buckets.ilog2() as usize).min(MAX_CUT)
        }
    }

    /// Chooses `k` cut diagonals for `bottoms` (overlap masks, `nbits`
    /// bits) against tops whose overlap masks `tops` yields: the bits that
    /// skip the most, `share of tops using it * share of bottoms using it`.
    pub fn choose(
        &mut self,
        k: usize,
        nbits: usize,
        bottoms: &[u64],
        tops: impl Iterator<Item = u64>,
    ) {
        // Shares from a sample (every SAMPLE-th): counting every bit of
        // every placement cost more than the cut saved.
        self.choose_by(k, nbits, bottoms.iter().copied().step_by(SAMPLE), tops);
    }

    /// [`Sieve::choose`] with the bottoms' shares taken from `bottoms` as
    /// they come (a sample already: the pricing's draws).
    pub fn choose_by(
        &mut self,
        k: usize,
        nbits: usize,
        bottoms: impl Iterator<Item = u64>,
        tops: impl Iterator<Item = u64>,
    ) {
        let mut bot = [0u32; 64];
        let mut top = [0u32; 64];
        let nb = count_bits(&mut bot, bottoms).max(1);
        let nt = count_bits(&mut top, tops.step_by(SAMPLE)).max(1);
        let share = |c: u32, of: usize| f64::from(c) / of as f64;
        let mut order: Vec<usize> = (0..nbits).collect();
        // Most skipped first.
        order.sort_by(|&a, &b| {
            let skip = |p: usize| share(top[p], nt) * share(bot[p], nb);
            skip(b).total_cmp(&skip(a))
        });
        let chosen: Vec<usize> = order
            .into_iter()
            .take(k)
            .filter(|&p| top[p] > 0 && bot[p] > 0)
            .collect();
        self.k = chosen.len();
        for (i, &p) in chosen.iter().enumerate() {
            self.cut[i] = p as u8;
        }
    }

    /// The number of cut diagonals.
    #[inline(always)]
    pub fn k(&self) -> usize {
        self.k
    }

    /// The cut diagonals, as an overlap mask.
    #[inline(always)]
    pub fn cut_mask(&self) -> u64 {
        self.cut[..self.k].iter().fold(0, |m, &p| m | 1 << p)
    }

    /// Bucket `b`'s words.
    #[inline(always)]
    pub fn bucket(&self, b: usize) -> (usize, usize) {
        (self.starts[b], self.starts[b + 1])
    }

    /// No cut: one bucket.
    pub fn none(&mut self) {
        self.k = 0;
    }

    /// Keeps the first `k` cut diagonals (the ones that skip the most).
    pub fn truncate(&mut self, k: usize) {
        self.k = self.k.min(k);
    }

    /// The bucket key of an overlap mask: its cut bits, packed.
    #[inline(always)]
    pub fn key(&self, mask: u64) -> usize {
        key_of(&self.cut, self.k, mask)
    }

    /// Whether the chunk is cut at all (one bucket otherwise, or two with
    /// ties).
    #[inline(always)]
    pub fn cuts(&self) -> bool {
        self.k > 0
    }

    /// Whether the chunk's bottoms are padded after each bucket (a cut) or
    /// bucket part (ties); without either, only the last word is padded.
    #[inline(always)]
    pub fn pads_buckets(&self) -> bool {
        self.k > 0 || self.ties
    }

    /// All key bits (a top's key has no others).
    #[inline(always)]
    pub fn full(&self) -> usize {
        (1usize << self.k) - 1
    }

    /// The word from which bucket `b` holds tie bottoms (its end when none).
    #[inline(always)]
    pub fn tie_from(&self, b: usize) -> usize {
        self.tie_at[b]
    }

    /// Sorts the first `nb` masks of `bot` by bucket, within each those
    /// marked [`TIE`] after the others (when `ties`), each part padded with
    /// all-ones masks to whole words, leaving them in `bot` (`spare` is
    /// scratch space); records the buckets' word starts and returns the
    /// number of masks now in `bot` (whole words). Without a cut or ties the
    /// masks stay where they are and only the last word is padded: a copy
    /// cost a C library call per chunk at n = 15, where no chunk is cut.
    pub fn arrange(
        &mut self,
        bot: &mut Vec<u64>,
        (nb, ties): (usize, bool),
        spare: &mut Vec<u64>,
    ) -> usize {
        if self.k == 0 && !ties {
            let len = self.lay_out(&[nb]) * 64;
            if bot.len() < len {
                bot.resize(len, !0);
            }
            bot[nb..len].iter_mut().for_each(|x| *x = !0);
            return len;
        }
        let (cut, k) = (self.cut, self.k);
        // Part `2 * b + 1` is bucket `b`'s ties.
        let part = |m: u64| 2 * key_of(&cut, k, m) + usize::from(ties & (m & TIE != 0));
        let mut count = vec![0usize; 2 << k];
        for &m in &bot[..nb] {
            count[part(m)] += 1;
        }
        let word = self.lay_out_parts(&count, ties);
        spare.clear();
        spare.resize(word * 64, !0);
        let mut next: Vec<usize> = (0..2 << k)
            .map(|p| {
                64 * if p % 2 == 0 {
                    self.starts[p / 2]
                } else {
                    self.tie_at[p / 2]
                }
            })
            .collect();
        for &m in &bot[..nb] {
            let p = part(m);
            spare[next[p]] = m;
            next[p] += 1;
        }
        std::mem::swap(bot, spare);
        word * 64
    }

    /// The buckets' words from their sizes alone, `count[b]` bottoms in
    /// bucket `b` (`2^k` of them, no ties), as [`Sieve::arrange`] lays
    /// them out: for pricing a chunk from a sample of its bottoms. Returns
    /// the chunk's words.
    pub fn lay_out(&mut self, count: &[usize]) -> usize {
        let parts: Vec<usize> = count.iter().flat_map(|&c| [c, 0]).collect();
        self.lay_out_parts(&parts, false)
    }

    /// [`Sieve::lay_out`] from the sizes of the buckets' parts: `count[2 *
    /// b]` bottoms of bucket `b` without the tie mark, `count[2 * b + 1]`
    /// with it, each part padded to whole words (and, with `ties`, a
    /// bucket's ties to a block of four from its start), as
    /// [`Sieve::arrange`] lays them out.
    pub fn lay_out_parts(&mut self, count: &[usize], ties: bool) -> usize {
        let keys = 1usize << self.k;
        self.ties = ties;
        self.starts.clear();
        self.tie_at.clear();
        let mut word = 0usize;
        for b in 0..keys {
            self.starts.push(word);
            word += (count[2 * b] + 63) / 64;
            // A bucket's tie bottoms start a block of four words from its
            // start (and so within each of its pieces, `SLICE` words being
            // a multiple of four): a top's count then never splits a block
            // (`matching::buckets::popcount::Piece::count`). At pivots
            // of key 1 of 28 that took the eight-fold from 1.21x to 1.11x
            // the four-fold's time for 13% more words (benches/NOTES.md,
            // "The tie split in one pass").
            if ties && count[2 * b + 1] > 0 {
                let start = self.starts[b];
                word = start + (word - start + 3) / 4 * 4;
            }
            self.tie_at.push(word);
            word += (count[2 * b + 1] + 63) / 64;
        }
        self.starts.push(word);
        let mut within: Vec<usize> = (0..keys)
            .map(|b| self.starts[b + 1] - self.starts[b])
            .collect();
        subset_sums(&mut within, self.k);
        self.within = within;
        word
    }

    /// The nonempty buckets some top can fit, `(b, words, fit)` with the
    /// words `from..to` and `fit` the tops that fit bucket `b`, given
    /// `reach[m]`, the tops whose keys are subsets of `m` (after
    /// [`subset_sums`]): a top fits `b` when its key shares no bit with
    /// `b`, so bucket `b`'s are `reach[full & !b]`. The one rule for
    /// which buckets a batch tabulates, whether it is joined or priced.
    pub fn reached<'a, T: Copy + Default + PartialOrd>(
        &'a self,
        reach: &'a [T],
    ) -> impl Iterator<Item = (usize, (usize, usize), T)> + 'a {
        let full = self.full();
        (0..=full).filter_map(move |b| {
            let fit = reach[full & !b];
            let (from, to) = self.bucket(b);
            (fit > T::default() && to > from).then_some((b, (from, to), fit))
        })
    }

    /// The words of the buckets compatible with a top of key `u` (those
    /// whose keys share no bit with `u`), in `O(1)`.
    #[inline(always)]
    pub fn fitting_words(&self, u: usize) -> usize {
        self.within[self.full() & !u]
    }
}

/// The bucket key of an overlap mask under the cut `cut[..k]`.
#[inline(always)]
fn key_of(cut: &[u8; MAX_CUT], k: usize, mask: u64) -> usize {
    let mut key = 0usize;
    for (i, &c) in cut[..k].iter().enumerate() {
        key |= (((mask >> c) & 1) as usize) << i;
    }
    key
}

/// Turns `table[m]` (one value per key `m` of `k` bits) into the sum of
/// the values of the keys that are subsets of `m`, in `O(2^k * k)`: one
/// key bit at a time, after bit `i` `table[m]` sums the keys that differ
/// from `m` only in bits `< i` that `m` has.
pub fn subset_sums<T: Copy + std::ops::AddAssign>(table: &mut [T], k: usize) {
    for i in 0..k {
        for m in 0..table.len().min(1 << k) {
            if m >> i & 1 == 1 {
                let below = table[m ^ (1 << i)];
                table[m] += below;
            }
        }
    }
}

/// Adds to `counts[p]` how many of `masks` have bit `p`; returns how many
/// masks there were.
fn count_bits(counts: &mut [u32; 64], masks: impl Iterator<Item = u64>) -> usize {
    let mut n = 0;
    for mut m in masks {
        n += 1;
        while m != 0 {
            counts[m.trailing_zeros() as usize] += 1;
            m &= m - 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::Sieve;

    /// Every bottom compatible with a top lies in a bucket the top visits
    /// (one whose key shares no bit with the top's), no visited bucket
    /// holds a bottom sharing a cut bit with it, and the words counted in
    /// `O(1)` are those of the visited buckets; with ties, each bucket's
    /// words from [`Sieve::tie_from`] hold exactly its tie bottoms.
    #[test]
    fn visited_buckets_hold_exactly_the_bottoms_that_can_fit() {
        let mut rng = crate::base::rng::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut rnd = move || rng.next_u64();
        let cases = (0..=super::MAX_CUT).flat_map(|k| [(k, None), (k, Some(3)), (k, Some(0))]);
        for (k, ties) in cases {
            let nbits = 20;
            let mask = (1u64 << nbits) - 1;
            // One bottom in `2^t` a tie (`t = 0`: every one).
            let tie = |r: u64| match ties {
                Some(t) if r & ((1 << t) - 1) == 0 => super::TIE,
                _ => 0,
            };
            let bottoms: Vec<u64> = (0..3000)
                .map(|_| rnd() & rnd() & mask | tie(rnd()))
                .collect();
            let tops: Vec<u64> = (0..200).map(|_| rnd() & rnd() & mask).collect();
            let mut sieve = Sieve::default();
            sieve.choose(k, nbits, &bottoms, tops.iter().copied());
            // Stale masks past the real ones (zeros would fit every top)
            // must be padded over, as a chunk's scratch list is reused.
            let mut out = bottoms.clone();
            out.extend([0u64; 100]);
            let arranged = (bottoms.len(), ties.is_some());
            let len = sieve.arrange(&mut out, arranged, &mut Vec::new());
            assert_eq!(len % 64, 0);
            let real = |w: &[u64]| -> Vec<u64> {
                let mut v: Vec<u64> = w.iter().copied().filter(|&m| m != !0).collect();
                v.sort_unstable();
                v
            };
            for b in 0..=sieve.full() {
                let (from, to) = sieve.bucket(b);
                let at = sieve.tie_from(b);
                assert!(from <= at && at <= to);
                let (plain, tied) = (real(&out[from * 64..at * 64]), real(&out[at * 64..to * 64]));
                let want = |t: bool| {
                    let mut v: Vec<u64> = bottoms
                        .iter()
                        .copied()
                        .filter(|&m| sieve.key(m) == b)
                        .filter(|&m| (ties.is_some() && m & super::TIE != 0) == t)
                        .collect();
                    v.sort_unstable();
                    v
                };
                assert_eq!(plain, want(false), "k {k}, bucket {b}");
                assert_eq!(tied, want(true), "k {k}, bucket {b}'s ties");
            }
            for &t in &tops {
                let u = sieve.key(t);
                let mut seen = vec![false; len];
                let mut words = 0;
                for b in (0..=sieve.full()).filter(|&b| b & u == 0) {
                    let (from, to) = sieve.bucket(b);
                    words += to - from;
                    for s in seen[from * 64..to * 64].iter_mut() {
                        assert!(!*s, "a word visited twice");
                        *s = true;
                    }
                }
                assert_eq!(sieve.fitting_words(u), words, "k {k}");
                let reach: Vec<usize> = (0..=sieve.full()).map(|m| usize::from(m == u)).collect();
                let mut reach = reach;
                super::subset_sums(&mut reach, sieve.k());
                let reached: usize = sieve.reached(&reach).map(|(_, (f, t), _)| t - f).sum();
                assert_eq!(
                    reached, words,
                    "k {k}: the buckets reached are those visited"
                );
                let want = bottoms.iter().filter(|&&b| b & t == 0).count();
                let fits = |i: usize| out[i] != !0 && out[i] & t == 0;
                let got = (0..len).filter(|&i| seen[i] && fits(i)).count();
                assert_eq!(got, want, "k {k}");
                // A visited bucket's bottoms share no cut bit with the top.
                for b in (0..=sieve.full()).filter(|&b| b & u == 0) {
                    let (from, to) = sieve.bucket(b);
                    for &m in out[from * 64..to * 64].iter().filter(|&&m| m != !0) {
                        assert_eq!(sieve.key(m) & u, 0);
                    }
                }
            }
        }
    }
}
