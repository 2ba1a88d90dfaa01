//! The two halves of one column set listed by a plain row-by-row search,
//! and the (top, bottom) pairs that share no diagonal counted by a plain
//! divide and conquer: the recount's counting, sharing nothing with the
//! join's quarters, buckets, sieve or bit-sliced kernel.
//!
//! # Complexity
//! Listing: the plain search's nodes over the half's rows. Pairing: every
//! pair is split apart on the diagonals both halves reach (those nearest
//! the middle first, the most crowded) until one side of a split is small,
//! then tested one by one: far more than the join's 64 pairs per word
//! operation (see `docs/RECORD.md` for the measured cost).

// Below this many on either side, a split's pairs are tested one by one.
use crate::tuning::engines::RECOUNT_TESTED as TESTED;

/// One half placement: its diagonals (bit `r + c` of the low word, bit
/// `64 + r - c + n - 1` of the high one) and the rows of its queens in the
/// two columns `marks` asked for (`u8::MAX` for none).
#[derive(Clone, Copy)]
pub(super) struct Placed {
    pub(super) diagonals: u128,
    pub(super) marked_rows: [u8; 2],
}

/// The bit of cell `(r, c)`'s rising diagonal (`r + c`) in a [`Placed`].
pub(super) fn rising(r: usize, c: usize) -> u128 {
    1u128 << (r + c)
}

/// The bit of cell `(r, c)`'s falling diagonal (`r - c + n - 1`).
pub(super) fn falling(n: usize, r: usize, c: usize) -> u128 {
    1u128 << (64 + r + n - 1 - c)
}

/// Every placement of one queen in each row of `rows` of the blank board
/// of side `n`, the queens in distinct columns of `cols` and on no
/// diagonal of `blocked` nor each other's: a plain search, row by row,
/// column by column. With as many rows as columns, each uses all of
/// `cols`. `marks` are the columns whose queens' rows are kept
/// (`usize::MAX`: none).
pub(super) fn list(
    n: usize,
    rows: std::ops::Range<usize>,
    cols: u64,
    blocked: u128,
    marks: [usize; 2],
) -> Vec<Placed> {
    let mut out = Vec::new();
    place(
        n,
        rows.start,
        rows.end,
        cols,
        blocked,
        0,
        [u8::MAX; 2],
        marks,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn place(
    n: usize,
    r: usize,
    end: usize,
    cols: u64,
    blocked: u128,
    own: u128,
    marked_rows: [u8; 2],
    marks: [usize; 2],
    out: &mut Vec<Placed>,
) {
    if r == end {
        out.push(Placed {
            diagonals: own,
            marked_rows,
        });
        return;
    }
    let mut open = cols;
    while open != 0 {
        let c = open.trailing_zeros() as usize;
        open &= open - 1;
        let bits = rising(r, c) | falling(n, r, c);
        if (blocked | own) & bits == 0 {
            let mut rows = marked_rows;
            for (row, &mark) in rows.iter_mut().zip(&marks) {
                if c == mark {
                    *row = r as u8;
                }
            }
            place(
                n,
                r + 1,
                end,
                cols & !(1 << c),
                blocked,
                own | bits,
                rows,
                marks,
                out,
            );
        }
    }
}

/// The pairs of `tops` and `bottoms` (diagonal masks of the blank board of
/// side `n`, tops in rows `0..h`, bottoms in the last `h`) that share no
/// diagonal. Reorders both.
pub(super) fn disjoint_pairs(n: usize, h: usize, tops: &mut [u128], bottoms: &mut [u128]) -> u128 {
    // Both halves reach the diagonals `n - h..=h + n - 2` of each
    // direction; the middle ones (near `n - 1`) are the most crowded.
    let mut split: Vec<u32> = (n - h..h + n - 1)
        .flat_map(|i| [i as u32, i as u32 + 64])
        .collect();
    split.sort_by_key(|&b| ((b % 64).abs_diff(n as u32 - 1), b));
    pairs(tops, bottoms, &split)
}

fn pairs(tops: &mut [u128], bottoms: &mut [u128], split: &[u32]) -> u128 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    match split.split_first() {
        Some((&bit, rest)) if tops.len() > TESTED && bottoms.len() > TESTED => {
            let on = |x: u128| (x >> bit) & 1 == 1;
            let (t_on, b_on) = (partition(tops, on), partition(bottoms, on));
            let (with, without) = tops.split_at_mut(t_on);
            // A top on the diagonal pairs only with the bottoms off it; a
            // top off it with every bottom.
            pairs(with, &mut bottoms[b_on..], rest) + pairs(without, bottoms, rest)
        }
        _ => tops
            .iter()
            .map(|&t| bottoms.iter().filter(|&&b| t & b == 0).count() as u128)
            .sum(),
    }
}

/// Moves the items of `v` that are `on` to its front; returns how many.
fn partition(v: &mut [u128], on: impl Fn(u128) -> bool) -> usize {
    let mut k = 0;
    for i in 0..v.len() {
        if on(v[i]) {
            v.swap(i, k);
            k += 1;
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8 x 8 board by halves: every 4-set of columns, its tops and
    /// bottoms listed, their disjoint pairs added up: 92.
    #[test]
    fn halves_of_every_column_set_add_up_to_the_eight_queens() {
        let (n, h) = (8, 4);
        let full = (1u64 << n) - 1;
        let mut total = 0;
        for s in (0..=full).filter(|s| s.count_ones() == 4) {
            let diagonals = |v: Vec<Placed>| v.iter().map(|p| p.diagonals).collect::<Vec<_>>();
            let mut tops = diagonals(list(n, 0..h, s, 0, [usize::MAX; 2]));
            let mut bottoms = diagonals(list(n, h..n, full & !s, 0, [usize::MAX; 2]));
            total += disjoint_pairs(n, h, &mut tops, &mut bottoms);
        }
        assert_eq!(total, 92);
    }

    /// The divide and conquer against every pair tested, on random masks.
    #[test]
    fn splits_count_what_testing_every_pair_counts() {
        let mut rng = crate::base::rng::Rng::new(78);
        for _ in 0..50 {
            let mut draw = |k: usize| -> Vec<u128> {
                (0..k)
                    .map(|_| {
                        let mut x = 0u128;
                        for _ in 0..4 {
                            x |= 1 << (rng.below(16) + 64 * rng.below(2));
                        }
                        x << 2
                    })
                    .collect()
            };
            let (mut tops, mut bottoms) = (draw(200), draw(150));
            let want: u128 = tops
                .iter()
                .map(|&t| bottoms.iter().filter(|&&b| t & b == 0).count() as u128)
                .sum();
            assert_eq!(disjoint_pairs(10, 5, &mut tops, &mut bottoms), want);
        }
    }
}
