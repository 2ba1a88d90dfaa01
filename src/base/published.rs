//! Published counts of the blank `n x n` board, the one table the tests
//! and benchmarks check every engine against: OEIS A000170 (all solutions)
//! and A002562 (solutions up to rotation and reflection), n = 1..=18.
//!
//! Not bundled, and not used by the program itself: it computes every
//! count it prints.

/// `(n, total, unique)` for n = 1..=18.
pub const BLANK_COUNTS: [(usize, u128, u128); 18] = [
    (1, 1, 1),
    (2, 0, 0),
    (3, 0, 0),
    (4, 2, 1),
    (5, 10, 2),
    (6, 4, 1),
    (7, 40, 6),
    (8, 92, 12),
    (9, 352, 46),
    (10, 724, 92),
    (11, 2680, 341),
    (12, 14200, 1787),
    (13, 73712, 9233),
    (14, 365596, 45752),
    (15, 2279184, 285053),
    (16, 14772512, 1846955),
    (17, 95815104, 11977939),
    (18, 666090624, 83263591),
];

/// The totals of n = 1..=N (A000170), indexed by `n - 1`.
///
/// ```
/// use nqueens::base::published::totals;
/// assert_eq!(totals::<8>()[7], 92);
/// ```
pub const fn totals<const N: usize>() -> [u128; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = BLANK_COUNTS[i].1;
        i += 1;
    }
    out
}

/// The counts up to rotation and reflection of n = 1..=N (A002562),
/// indexed by `n - 1`.
pub const fn uniques<const N: usize>() -> [u128; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = BLANK_COUNTS[i].2;
        i += 1;
    }
    out
}
