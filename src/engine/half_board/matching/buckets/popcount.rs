//! The innermost loop of the join by buckets: one top's entries ANDed
//! four words at a time and the bits counted, plain or weighted by the
//! images a credited top avoids. A room of its own: the few lines every
//! (top, bucket) pair runs, each kept one inlined body.

use crate::engine::half_board::images::IMAGES;

use super::tables::SUMS;

/// The AND of the `G` entries `e` over their four words from `i` (one
/// block of [`and_count`]).
#[inline(always)]
fn and_block<const G: usize>(e: &[&[u64]; G], i: usize) -> [u64; 4] {
    let mut x = [!0u64; 4];
    for s in e.iter() {
        let w = &s[i..i + 4];
        for k in 0..4 {
            x[k] &= w[k];
        }
    }
    x
}

/// What a top's words add up to: plain, a bit per fitting bottom
/// ([`Plain`]), or in a credited join the images each avoids with the top
/// ([`Avoiding`]). Fed the AND of the top's entries a block of four words
/// at a time.
pub(super) trait Count: Copy {
    /// Adds the block `x` of the top's ANDed entries, words `i..i + 4`.
    fn add(&mut self, x: [u64; 4], i: usize);
    /// The sum so far.
    fn total(&self) -> u64;
}

/// A bit per fitting bottom, four lanes in registers.
#[derive(Clone, Copy, Default)]
pub(super) struct Plain([u64; 4]);

impl Count for Plain {
    #[inline(always)]
    fn add(&mut self, x: [u64; 4], _: usize) {
        for (c, w) in self.0.iter_mut().zip(x) {
            *c += u64::from(w.count_ones());
        }
    }

    #[inline(always)]
    fn total(&self) -> u64 {
        self.0.iter().sum()
    }
}

/// A credited join's count: each fitting bottom once per image the top
/// avoids (bit `i` of `avoids`) that it avoids too, from the bitsets of
/// the bottoms avoiding each image (the `i`-th `stride` words of `planes`):
/// the pairs' credits (see [`crate::engine::half_board::images`]). A top
/// that avoids seven or eight images reads the bottoms' numbers of images
/// avoided instead (the [`SUMS`] rows after the images'), less the ones it
/// hits: four or five popcounts a word where the images' rows take seven
/// or eight.
#[derive(Clone, Copy)]
pub(super) struct Avoiding<'a> {
    planes: &'a [u64],
    stride: usize,
    by_sums: bool,
    images: u8,
    add: [u64; 4],
    less: [u64; 4],
}

impl<'a> Avoiding<'a> {
    #[inline(always)]
    pub(super) fn new((planes, avoids): (&'a [u64], u8), stride: usize) -> Self {
        let by_sums = avoids.count_ones() >= 7;
        Avoiding {
            planes,
            stride,
            by_sums,
            images: if by_sums { !avoids } else { avoids },
            add: [0; 4],
            less: [0; 4],
        }
    }
}

impl Count for Avoiding<'_> {
    #[inline(always)]
    fn add(&mut self, x: [u64; 4], i: usize) {
        let (planes, stride) = (self.planes, self.stride);
        if self.by_sums {
            let sums = &planes[IMAGES as usize * stride..];
            for b in 0..SUMS {
                let w = &sums[b * stride + i..][..4];
                for k in 0..4 {
                    self.add[k] += u64::from((x[k] & w[k]).count_ones()) << b;
                }
            }
        }
        let mut left = self.images;
        while left != 0 {
            let image = left.trailing_zeros() as usize;
            left &= left - 1;
            let w = &planes[image * stride + i..][..4];
            for k in 0..4 {
                let c = u64::from((x[k] & w[k]).count_ones());
                if self.by_sums {
                    self.less[k] += c;
                } else {
                    self.add[k] += c;
                }
            }
        }
    }

    #[inline(always)]
    fn total(&self) -> u64 {
        self.add.iter().sum::<u64>() - self.less.iter().sum::<u64>()
    }
}

/// The AND of the `G` entries `e` over their words `from..to` (multiples
/// of 4) added to `count`: four words at a time, in registers. Over blocks
/// of four (one bounds check per entry and block, no tail), with `G` a
/// constant the loop over the entries unrolls; it must stay one inlined
/// body, compiled with the kernel's CPU features (count 17: a loop LLVM
/// split between scalar and SSE popcounts took 1/0.88 the time).
#[inline(always)]
fn and_count<const G: usize, C: Count>(e: &[&[u64]; G], count: &mut C, (from, to): (usize, usize)) {
    let mut i = from;
    while i + 4 <= to {
        count.add(and_block(e, i), i);
        i += 4;
    }
}

/// A top's count over the first `stride` words of its entries `e` (a
/// multiple of 4), in two parts: the words before `split` and those from
/// it (a bucket's tie bottoms, see [`crate::engine::half_board::sieve`]).
/// With `split >= stride` (no ties) the plain loop alone. Else one pass
/// over the blocks, each added to its side and the block holding `split`
/// to both, lane by lane: a bucket's piece is a few blocks (13 words a
/// visit at 28), so two loops around a middle block cost a third of the
/// join at pivots whose buckets all hold ties (1.39x the four-fold's time
/// for the same words, where one pass takes 1.21x; benches/NOTES.md, "The
/// tie split in one pass").
#[inline(always)]
pub(super) fn and_count_split<const G: usize, C: Count>(
    e: &[&[u64]; G],
    fresh: C,
    stride: usize,
    split: usize,
) -> (u64, u64) {
    let mut before = fresh;
    if split >= stride {
        and_count(e, &mut before, (0, stride));
        return (before.total(), 0);
    }
    let mut after = fresh;
    let mut i = 0;
    while i + 4 <= stride {
        let x = and_block(e, i);
        if i + 4 <= split {
            before.add(x, i);
        } else if i >= split {
            after.add(x, i);
        } else {
            let (mut low, mut high) = ([0u64; 4], [0u64; 4]);
            for k in 0..4 {
                let below = if i + k < split { !0 } else { 0 };
                low[k] = x[k] & below;
                high[k] = x[k] & !below;
            }
            before.add(low, i);
            after.add(high, i);
        }
        i += 4;
    }
    (before.total(), after.total())
}

#[cfg(test)]
mod tests {
    use super::{and_count_split, Count, Plain};
    use crate::base::rng::Rng;

    /// The two parts of a split count against each word's bits counted one
    /// by one, at every split of a few strides: inside a block, on its
    /// edges, at 0 and past the end.
    #[test]
    fn a_split_count_adds_each_word_to_its_side() {
        let mut rng = Rng::new(11);
        for stride in [4, 8, 16, 28] {
            let entries: Vec<Vec<u64>> = (0..6)
                .map(|_| {
                    (0..stride)
                        .map(|_| rng.next_u64() | rng.next_u64())
                        .collect()
                })
                .collect();
            let e: [&[u64]; 6] = std::array::from_fn(|i| &entries[i][..]);
            let word = |i: usize| e.iter().fold(!0u64, |x, s| x & s[i]).count_ones() as u64;
            for split in 0..=stride + 1 {
                let want_before: u64 = (0..stride.min(split)).map(word).sum();
                let want_after: u64 = (split.min(stride)..stride).map(word).sum();
                let got = and_count_split(&e, Plain::default(), stride, split);
                assert_eq!(
                    got,
                    (want_before, want_after),
                    "stride {stride} split {split}"
                );
            }
        }
        // A count's total is its lanes' sum.
        let mut p = Plain::default();
        p.add([1, 3, 7, 15], 0);
        assert_eq!(p.total(), 1 + 2 + 3 + 4);
    }
}
