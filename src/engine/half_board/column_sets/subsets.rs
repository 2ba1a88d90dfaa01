//! The `k`-subsets of `0..nbits` as bit sets: how many there are
//! ([`binom`]), every one in increasing order ([`combinations`], Gosper's
//! hack), and the one of a given colex rank, to start from there.
//!
//! # Constraints
//! `nbits <= 63`; [`binom`] exact while `C(n, k)` times `k` fits a `u64`
//! (every `n <= 32` the join asks for).
//!
//! # Complexity
//! `O(1)` word operations a subset listed; [`binom`] `O(k)`; a rank
//! turned into its subset `O(k^2 * nbits)`.

/// `C(n, k)`.
pub fn binom(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// The `k`-subset of colex rank `rank` (the `rank`-th, from 0, of
/// [`combinations`]' increasing order): the colex rank of `c_1 < ... <
/// c_k` is the sum of `C(c_i, i)`, so each member, from the largest, is
/// the largest `c` whose `C(c, i)` fits in what is left of the rank.
pub(super) fn unrank(k: usize, mut rank: u64) -> u64 {
    let mut set = 0u64;
    for i in (1..=k).rev() {
        let mut c = i - 1;
        while binom(c + 1, i) <= rank {
            c += 1;
        }
        rank -= binom(c, i);
        set |= 1 << c;
    }
    set
}

/// The `k`-subsets of `0..nbits` in [`combinations`]' order, from the one
/// of colex rank `rank` on.
pub(super) fn from_rank(nbits: usize, k: usize, rank: u64) -> Combinations {
    Combinations {
        x: unrank(k, rank),
        limit: 1u64 << nbits,
    }
}

/// Calls `f` with every subset of `0..nbits` having exactly `k` elements.
#[inline(always)]
pub fn for_each_comb(nbits: usize, k: u32, f: impl FnMut(u64)) {
    combinations(nbits, k).for_each(f);
}

/// Every subset of `0..nbits` having exactly `k` elements, in increasing
/// order. An iterator rather than a callback so that the join's kernels can
/// loop over it in their own body: a closure is a function of its own,
/// which LLVM may leave out of line, and then it is compiled without the
/// CPU features of the kernel that called it (the hot loop lost `popcnt`
/// that way).
#[inline(always)]
pub fn combinations(nbits: usize, k: u32) -> Combinations {
    let limit = 1u64 << nbits;
    let x = if k as usize > nbits {
        limit
    } else {
        (1u64 << k) - 1
    };
    Combinations { x, limit }
}

/// See [`combinations`].
pub struct Combinations {
    /// The next subset (`>= limit` when done).
    x: u64,
    limit: u64,
}

impl Iterator for Combinations {
    type Item = u64;

    #[inline(always)]
    fn next(&mut self) -> Option<u64> {
        let x = self.x;
        if x >= self.limit {
            return None;
        }
        if x == 0 {
            // The one empty subset.
            self.x = self.limit;
            return Some(0);
        }
        // Gosper's hack: next larger integer with the same popcount. `c` is
        // the lowest set bit, `r` carries it into the lowest run of ones, and
        // the ones shifted out are moved back down to the bottom.
        let c = x & x.wrapping_neg();
        let r = x + c;
        self.x = (((r ^ x) >> 2) / c) | r;
        Some(x)
    }
}
