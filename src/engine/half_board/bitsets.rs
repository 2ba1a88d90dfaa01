//! The join's bitset loops over bottoms: placements filtered by the pivot,
//! a top placement's bitset as the AND of its row groups' table rows, and
//! `popcount(x & y)`, the hot loop. All `#[inline(always)]`: they run inside
//! the join's kernels, compiled per CPU feature set.

use crate::engine::half_board::row_groups::RowGroups;

/// Keeps the placements of `src` that avoid the pivot's diagonals.
#[inline(always)]
pub(super) fn filter_into(dst: &mut Vec<u64>, src: &[u64], block: u64) {
    dst.clear();
    dst.extend(src.iter().copied().filter(|&x| x & block == 0));
}

/// Keeps the (diagonals, cells) of placements that avoid the pivot.
#[inline(always)]
pub(super) fn filter_pairs(dst: &mut Vec<(u64, u64)>, da: &[u64], cells: &[u64], block: u64) {
    dst.clear();
    dst.extend(
        da.iter()
            .copied()
            .zip(cells.iter().copied())
            .filter(|&(x, _)| x & block == 0),
    );
}

/// `dst = AND over the row groups of a placement of their table rows`
/// (`cells`: nibble r = quarter column + 1 of the queen in row r, or 0).
/// Returns whether any bit is left.
#[inline(always)]
pub(super) fn and_rows(
    dst: &mut [u64],
    table: &[u64],
    words: usize,
    groups: &RowGroups,
    cells: u64,
) -> bool {
    let mut rows = [0usize; 16];
    let k = groups.rows_of(cells, &mut rows);
    match k {
        // No queen: entry 0 of the first group is `valid`.
        0 => dst.copy_from_slice(&table[groups.rows_of_empty() * words..][..words]),
        1 => dst.copy_from_slice(table_row(table, rows[0], words)),
        _ => {
            for ((o, a), b) in dst
                .iter_mut()
                .zip(table_row(table, rows[0], words))
                .zip(table_row(table, rows[1], words))
            {
                *o = a & b;
            }
            let mut i = 2;
            while i + 1 < k {
                for ((o, a), b) in dst
                    .iter_mut()
                    .zip(table_row(table, rows[i], words))
                    .zip(table_row(table, rows[i + 1], words))
                {
                    *o &= a & b;
                }
                i += 2;
            }
            if i < k {
                for (o, a) in dst.iter_mut().zip(table_row(table, rows[i], words)) {
                    *o &= a;
                }
            }
        }
    }
    dst.iter().any(|&x| x != 0)
}

/// Row `i` of a table of `words`-word rows. A function, not a closure:
/// inlined, it is compiled for the calling kernel's CPU features (a
/// closure may be left out of line, compiled without them).
#[inline(always)]
fn table_row(table: &[u64], i: usize, words: usize) -> &[u64] {
    &table[i * words..(i + 1) * words]
}

/// `popcount(x & y)` over two equal-length word slices: the hot loop.
#[inline(always)]
pub(super) fn and_popcount(x: &[u64], y: &[u64]) -> u64 {
    let mut acc = [0u64; 4];
    let mut xc = x.chunks_exact(4);
    let mut yc = y.chunks_exact(4);
    for (a, b) in (&mut xc).zip(&mut yc) {
        for k in 0..4 {
            acc[k] += u64::from((a[k] & b[k]).count_ones());
        }
    }
    for (a, b) in xc.remainder().iter().zip(yc.remainder()) {
        acc[0] += u64::from((a & b).count_ones());
    }
    acc.iter().sum()
}
