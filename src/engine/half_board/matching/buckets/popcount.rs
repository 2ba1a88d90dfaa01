//! The innermost loop of the join by buckets: one top's entries ANDed
//! four words at a time and the bits counted, plain or weighted by the
//! images a credited top avoids. A room of its own: the few lines every
//! (top, bucket) pair runs, each kept one inlined body.

use crate::engine::half_board::images::IMAGES;

use super::tables::SUMS;

/// The AND of the `G` entries `e` over their four words from `i` (one
/// block of [`and_popcount`] and [`and_popcount_avoiding`]).
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

/// `popcount` of the AND of the `G` entries `e` over their first `stride`
/// words (a multiple of 4): four words at a time, in registers. Over
/// blocks of four (one bounds check per entry and block, no tail), with
/// `G` a constant the loop over the entries unrolls; it must stay one
/// inlined body, compiled with the kernel's CPU features (count 17: a
/// loop LLVM split between scalar and SSE popcounts took 1/0.88 the time).
#[inline(always)]
pub(super) fn and_popcount<const G: usize>(e: &[&[u64]; G], stride: usize) -> u64 {
    let mut cnt = [0u64; 4];
    let mut i = 0;
    while i + 4 <= stride {
        let x = and_block(e, i);
        for k in 0..4 {
            cnt[k] += u64::from(x[k].count_ones());
        }
        i += 4;
    }
    cnt.iter().sum()
}

/// [`and_popcount`] in a credited join: each word's AND counted once per
/// image the top avoids (bit `i` of `avoids`), ANDed with the bitset of
/// the bottoms avoiding that image (the `i`-th `stride` words of
/// `planes`): the pairs' credits (see
/// [`crate::engine::half_board::images`]). A top that avoids seven or
/// eight images reads the bottoms' numbers of images avoided instead (the
/// [`SUMS`] rows after the images'), less the one it hits: four or five
/// popcounts a word where the images' rows take seven or eight.
#[inline(always)]
pub(super) fn and_popcount_avoiding<const G: usize>(
    e: &[&[u64]; G],
    (planes, avoids): (&[u64], u8),
    stride: usize,
) -> u64 {
    let by_sums = avoids.count_ones() >= 7;
    let images = if by_sums { !avoids } else { avoids };
    let sums = &planes[IMAGES as usize * stride..];
    let (mut add, mut less) = ([0u64; 4], [0u64; 4]);
    let mut i = 0;
    while i + 4 <= stride {
        let x = and_block(e, i);
        if by_sums {
            for b in 0..SUMS {
                let w = &sums[b * stride + i..][..4];
                for k in 0..4 {
                    add[k] += u64::from((x[k] & w[k]).count_ones()) << b;
                }
            }
        }
        let mut left = images;
        while left != 0 {
            let image = left.trailing_zeros() as usize;
            left &= left - 1;
            let w = &planes[image * stride + i..][..4];
            for k in 0..4 {
                let c = u64::from((x[k] & w[k]).count_ones());
                if by_sums {
                    less[k] += c;
                } else {
                    add[k] += c;
                }
            }
        }
        i += 4;
    }
    add.iter().sum::<u64>() - less.iter().sum::<u64>()
}
