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
//! diagonal so it is never counted) and laid out in order of `b`, the cut
//! diagonal that tops use least at bit 0: the compatible buckets of `u`
//! then come in runs of `2^(trailing zeros of u)` adjacent buckets.
//!
//! # Constraints
//! Overlap masks of at most 64 bits; `k <= MAX_CUT`.
//!
//! # Complexity
//! Choosing: `O(bottoms + tops)` bit counts. Arranging: `O(bottoms)`. A
//! pair then reads `sum over compatible buckets` of their words, plus one
//! step per run of adjacent buckets.

/// The most cut diagonals. Up to 24 a chunk holds at most about 2^17
/// bottoms (6 or 7 cut diagonals); past 24 a chunk holds millions, and
/// cutting up to 11 rather than 8 leaves a third of the words: one set of
/// 27 (`--growth 27 --part 2451012 --ranks 1`, one chunk of 3.5 million
/// bottoms) 19.3/19.5 s against 26.0/22.8 s, kept pair words 2.2% -> 0.6%;
/// a part of 27 (`--part 490202 --ranks 1`) 128 s against 151 s.
pub const MAX_CUT: usize = 11;

/// Bottoms a bucket should hold on average for its padding and its step to
/// pay: a chunk of `nb` bottoms is cut into at most `nb / BUCKET_BOTTOMS`
/// buckets.
pub const BUCKET_BOTTOMS: usize = 1024;

/// One placement in this many is counted to choose the cut.
const SAMPLE: usize = 16;

/// The cut of one chunk: which overlap diagonals, and where each bucket's
/// words start.
#[derive(Clone, Debug, Default)]
pub struct Sieve {
    /// Bit `i` of a bucket key is overlap bit `cut[i]`.
    cut: [u8; MAX_CUT],
    k: usize,
    /// Bucket `b`'s words are `starts[b]..starts[b + 1]`.
    starts: Vec<usize>,
    /// `within[m]`: the words of the buckets whose keys are subsets of `m`.
    within: Vec<usize>,
}

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
        let mut chosen: Vec<usize> = order
            .into_iter()
            .take(k)
            .filter(|&p| top[p] > 0 && bot[p] > 0)
            .collect();
        // The one tops use least at bit 0, so that runs of compatible
        // buckets are long.
        chosen.sort_by_key(|&p| top[p]);
        self.k = chosen.len();
        for (i, &p) in chosen.iter().enumerate() {
            self.cut[i] = p as u8;
        }
    }

    /// No cut: one bucket.
    pub fn none(&mut self) {
        self.k = 0;
    }

    /// The bucket key of an overlap mask: its cut bits, packed.
    #[inline(always)]
    pub fn key(&self, mask: u64) -> usize {
        let mut key = 0usize;
        for i in 0..self.k {
            key |= (((mask >> self.cut[i]) & 1) as usize) << i;
        }
        key
    }

    /// Whether the chunk is cut at all (one bucket otherwise).
    #[inline(always)]
    pub fn cuts(&self) -> bool {
        self.k > 0
    }

    /// All key bits.
    #[inline(always)]
    pub fn full(&self) -> usize {
        (1usize << self.k) - 1
    }

    /// Sorts the first `nb` masks of `bot` by bucket, each bucket padded
    /// with all-ones masks to whole words, into `out`; records the buckets'
    /// word starts and returns the number of masks written (whole words).
    pub fn arrange(&mut self, bot: &[u64], out: &mut Vec<u64>) -> usize {
        let buckets = 1usize << self.k;
        let mut count = vec![0usize; buckets];
        for &m in bot {
            count[self.key(m)] += 1;
        }
        let word = self.lay_out(&count);
        out.clear();
        out.resize(word * 64, !0);
        let mut next: Vec<usize> = self.starts[..buckets].iter().map(|&w| w * 64).collect();
        for &m in bot {
            let b = self.key(m);
            out[next[b]] = m;
            next[b] += 1;
        }
        word * 64
    }

    /// The buckets' words from their sizes alone, `count[b]` bottoms in
    /// bucket `b` (`2^k` of them), as [`Sieve::arrange`] lays them out:
    /// for pricing a chunk from a sample of its bottoms. Returns the
    /// chunk's words.
    pub fn lay_out(&mut self, count: &[usize]) -> usize {
        let buckets = 1usize << self.k;
        self.starts.clear();
        let mut word = 0usize;
        for &c in &count[..buckets] {
            self.starts.push(word);
            word += (c + 63) / 64;
        }
        self.starts.push(word);
        // Subset sums, one key bit at a time: after bit `i`, `within[m]`
        // sums the buckets that differ from `m` only in bits `< i` that
        // `m` has.
        self.within.clear();
        self.within
            .extend(self.starts.windows(2).map(|w| w[1] - w[0]));
        for i in 0..self.k {
            for m in 0..buckets {
                if m >> i & 1 == 1 {
                    self.within[m] += self.within[m ^ (1 << i)];
                }
            }
        }
        word
    }

    /// The words of the buckets compatible with a top of key `u` (what
    /// [`Sieve::ranges`] of `u` covers), in `O(1)`.
    #[inline(always)]
    pub fn fitting_words(&self, u: usize) -> usize {
        self.within[self.full() & !u]
    }

    /// How many word ranges [`Sieve::ranges`] of `u` steps through, in
    /// `O(1)`: one run of `2^t` buckets per subset of the free high bits.
    #[inline(always)]
    pub fn spans(&self, u: usize) -> usize {
        if u == 0 || !self.cuts() {
            return 1;
        }
        let t = u.trailing_zeros();
        1 << ((self.full() & !u) >> t).count_ones()
    }

    /// The word ranges of the buckets compatible with a top of key `u`,
    /// adjacent buckets merged. An iterator, not a callback, so that it is
    /// inlined into the kernel that loops over it.
    #[inline(always)]
    pub fn ranges(&self, u: usize) -> Ranges<'_> {
        // The low `t` key bits of `u` are free: runs of 2^t adjacent
        // buckets, each starting at a subset of the free high bits.
        let t = if u == 0 {
            self.k as u32
        } else {
            u.trailing_zeros()
        };
        Ranges {
            starts: &self.starts,
            t,
            free_high: (self.full() & !u) >> t,
            sub: 0,
            done: false,
        }
    }
}

/// See [`Sieve::ranges`].
pub struct Ranges<'a> {
    starts: &'a [usize],
    t: u32,
    free_high: usize,
    sub: usize,
    done: bool,
}

impl Iterator for Ranges<'_> {
    type Item = (usize, usize);

    #[inline(always)]
    fn next(&mut self) -> Option<(usize, usize)> {
        if self.done {
            return None;
        }
        let first = self.sub << self.t;
        let range = (self.starts[first], self.starts[first + (1usize << self.t)]);
        // Next subset of `free_high` (counting in its bits), or done.
        if self.sub == self.free_high {
            self.done = true;
        } else {
            self.sub = self.sub.wrapping_sub(self.free_high) & self.free_high;
        }
        Some(range)
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

    /// Every bottom compatible with a top lies in a range the top visits,
    /// and no range holds a bottom sharing a cut bit with it.
    #[test]
    fn ranges_hold_exactly_the_bottoms_that_can_fit() {
        let mut rng = crate::base::rng::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut rnd = move || rng.next_u64();
        for k in 0..=super::MAX_CUT {
            let nbits = 20;
            let mask = (1u64 << nbits) - 1;
            let bottoms: Vec<u64> = (0..3000).map(|_| rnd() & rnd() & mask).collect();
            let tops: Vec<u64> = (0..200).map(|_| rnd() & rnd() & mask).collect();
            let mut sieve = Sieve::default();
            sieve.choose(k, nbits, &bottoms, tops.iter().copied());
            let mut out = Vec::new();
            let len = sieve.arrange(&bottoms, &mut out);
            assert_eq!(len % 64, 0);
            for &t in &tops {
                let u = sieve.key(t);
                let mut seen = vec![false; len];
                for (from, to) in sieve.ranges(u) {
                    for s in seen[from * 64..to * 64].iter_mut() {
                        assert!(!*s, "a word visited twice");
                        *s = true;
                    }
                }
                let covered: usize = sieve.ranges(u).map(|(from, to)| to - from).sum();
                assert_eq!(sieve.fitting_words(u), covered, "k {k}");
                assert_eq!(sieve.spans(u), sieve.ranges(u).count(), "k {k}");
                let want = bottoms.iter().filter(|&&b| b & t == 0).count();
                let fits = |i: usize| out[i] != !0 && out[i] & t == 0;
                let got = (0..len).filter(|&i| seen[i] && fits(i)).count();
                assert_eq!(got, want, "k {k}");
                for i in (0..len).filter(|&i| seen[i] && out[i] != !0) {
                    assert_eq!(sieve.key(out[i]) & u, 0);
                }
            }
        }
    }
}
