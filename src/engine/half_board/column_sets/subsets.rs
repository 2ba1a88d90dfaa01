//! The `k`-subsets of `0..nbits` as bit sets: how many there are
//! ([`binom`]), every one in increasing order ([`combinations`], Gosper's
//! hack), and the one of a given colex rank and the rank of a given one.
//!
//! # Constraints
//! `nbits <= 63`.
//!
//! # Complexity
//! `O(1)` word operations a subset listed or [`binom`] read; a rank
//! turned into its subset or back `O(nbits)`.

/// `C(n, k)`: read from a Pascal table built at compile time for `n <=
/// 63` (`C(63, 31)` is below `2^60`), beyond it by the product formula
/// (exact while `C(n, k)` times `k` fits a `u64`).
pub fn binom(n: usize, k: usize) -> u64 {
    match PASCAL.get(n) {
        _ if k > n => 0,
        Some(row) => row[k],
        None => (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1)),
    }
}

/// `PASCAL[n][k] = C(n, k)` for `n < 64`.
static PASCAL: [[u64; 64]; 64] = {
    let mut t = [[0u64; 64]; 64];
    let mut n = 0;
    while n < 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// The `k`-subset of colex rank `rank` (the `rank`-th, from 0, of
/// [`combinations`]' increasing order): the colex rank of `c_1 < ... <
/// c_k` is the sum of `C(c_i, i)` ([`rank`]), and `C(c_i, i)` exceeds
/// the sum of the terms below it, so each member, from the largest, is
/// the largest `c` whose `C(c, i)` fits in what is left of the rank. The
/// members fall, so one downward scan of `c` finds them all.
pub fn unrank(k: usize, mut rank: u64) -> u64 {
    let mut set = 0u64;
    let mut c = 63;
    for i in (1..=k).rev() {
        while binom(c, i) > rank {
            c -= 1;
        }
        rank -= binom(c, i);
        set |= 1 << c;
        c = c.saturating_sub(1);
    }
    set
}

/// The colex rank of `set` among the subsets of its size: the sum of
/// `C(c_i, i)` over its members `c_1 < c_2 < ...` (the inverse of
/// [`unrank`]).
pub fn rank(set: u64) -> u64 {
    let mut rank = 0;
    let mut left = set;
    let mut i = 1;
    while left != 0 {
        rank += binom(left.trailing_zeros() as usize, i);
        left &= left - 1;
        i += 1;
    }
    rank
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against Pascal's rule's other form (the product), and the
    /// `rank`-th subset of [`combinations`]' order against [`unrank`] and
    /// [`rank`], for every size of up to 12 bits.
    #[test]
    fn ranks_follow_the_listing_order() {
        for n in 0..64usize {
            for k in 0..=n.min(12) {
                let product = (0..k).fold(1u128, |acc, i| acc * (n - i) as u128 / (i as u128 + 1));
                assert_eq!(u128::from(binom(n, k)), product, "C({n}, {k})");
            }
        }
        for nbits in 0..=12 {
            for k in 0..=nbits {
                let listed: Vec<u64> = combinations(nbits, k as u32).collect();
                assert_eq!(listed.len() as u64, binom(nbits, k));
                for (i, &set) in listed.iter().enumerate() {
                    assert_eq!(unrank(k, i as u64), set);
                    assert_eq!(rank(set), i as u64);
                }
            }
        }
    }
}
