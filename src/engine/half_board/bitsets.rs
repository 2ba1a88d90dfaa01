//! The join's bitset loops over bottoms: placements filtered by the pivot,
//! a top placement's bitset as the AND of its row groups' table rows, and
//! `popcount(x & y)`, the hot loop. All `#[inline(always)]`: they run inside
//! the join's kernels, compiled per CPU feature set.

use crate::engine::half_board::row_groups::RowGroups;
use crate::engine::half_board::sieve::Sieve;

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

/// Below this many words a bitset is cheaper ANDed afresh than through
/// the shared levels (their bookkeeping costs more than the words; measured
/// at N = 18, 28 words: 9% slower with levels, at N = 21, ~400 words: 5%
/// faster).
const PREFIX_WORDS: usize = 64;

/// The bitsets of quarter placements met in walk order, where neighbours
/// share their first rows: the AND of a placement's first `i + 1` table
/// rows is kept (level `i`), so a placement pays one AND per row after
/// the ones it shares with the one before, not one per row.
#[derive(Default)]
pub(super) struct Prefixes {
    /// The table rows of the last placement, and how many.
    rows: [usize; 16],
    k: usize,
    /// Level `i >= 1` at words `i * words..`; level 0 is a table row.
    levels: Vec<u64>,
    words: usize,
    /// Words ANDed into shared levels and into placements' bitsets (read
    /// into the tally).
    pub(super) level_words: u64,
    pub(super) final_words: u64,
    pub(super) spans: u64,
}

impl Prefixes {
    /// Forgets every level (new tables, or bitsets of another width).
    #[inline(always)]
    pub(super) fn reset(&mut self, words: usize) {
        self.k = 0;
        self.words = words;
        if self.levels.len() < 16 * words {
            self.levels.resize(16 * words, 0);
        }
    }

    /// `dst` = AND of the table rows of the placement with queens `cells`
    /// (as [`and_rows`]), on the words of the buckets a placement of sieve
    /// key `key` can fit (the others are left as they were: nothing reads
    /// them, see [`Sieve`]); returns whether any bit is left.
    ///
    /// When the sieve cuts, the rows are ANDed afresh on those buckets
    /// only: shared levels would have to hold every bucket a later
    /// placement might read, nearly the whole width, and at N = 22 they
    /// were about 90% of the words the join touched (93 words a solution
    /// where the pair loop reads 5; ANDed afresh, 23 in all).
    #[inline(always)]
    pub(super) fn and_rows(
        &mut self,
        dst: &mut [u64],
        table: &[u64],
        groups: &RowGroups,
        cells: u64,
        (sieve, key): (&Sieve, usize),
    ) -> bool {
        let words = self.words;
        let mut rows = [0usize; 16];
        let k = groups.rows_of(cells, &mut rows);
        if sieve.cuts() && k >= 2 {
            self.k = 0;
            return and_rows_on(dst, table, words, &rows[..k], sieve.ranges(key), self);
        }
        if words < PREFIX_WORDS || k < 2 {
            self.k = 0;
            self.final_words += (k.max(2) - 1) as u64 * words as u64;
            return and_rows(dst, table, words, groups, cells);
        }
        // Levels 1..common are the previous placement's and still right.
        let mut common = 0;
        while common < self.k.min(k - 1) && rows[common] == self.rows[common] {
            common += 1;
        }
        for i in common.max(1)..k - 1 {
            self.level_words += words as u64;
            let (done, rest) = self.levels.split_at_mut(i * words);
            let below = if i == 1 {
                table_row(table, rows[0], words)
            } else {
                &done[(i - 1) * words..]
            };
            for ((o, a), b) in rest[..words]
                .iter_mut()
                .zip(below)
                .zip(table_row(table, rows[i], words))
            {
                *o = a & b;
            }
        }
        let below = if k == 2 {
            table_row(table, rows[0], words)
        } else {
            &self.levels[(k - 2) * words..(k - 1) * words]
        };
        let last = table_row(table, rows[k - 1], words);
        self.final_words += words as u64;
        self.rows = rows;
        // Level k - 1 was not kept (it went to `dst`).
        self.k = k - 1;
        let mut any = 0;
        for ((o, a), b) in dst.iter_mut().zip(below).zip(last) {
            *o = a & b;
            any |= *o;
        }
        any != 0
    }
}

/// `dst` = AND of the table rows `rows` (at least two), on the word
/// ranges `spans` only; returns whether any bit is left there. Counts
/// the words and spans into `tally`.
///
/// One pass over a span for all the rows: each four words are ANDed
/// across the rows in registers and stored once. A pass per row read and
/// wrote `dst` again for every row, which single-row tables (past the
/// cache share, see `row_groups`) made the whole cost: one set of 27 took
/// 72.6 s that way with single rows, 47.0 s in one pass (55.7 s before,
/// with groups of 3); at 22 one pass is within the noise (0.87-1.04).
#[inline(always)]
fn and_rows_on(
    dst: &mut [u64],
    table: &[u64],
    words: usize,
    rows: &[usize],
    spans: impl Iterator<Item = (usize, usize)>,
    tally: &mut Prefixes,
) -> bool {
    let mut src: [&[u64]; 16] = [&[]; 16];
    for (s, &r) in src.iter_mut().zip(rows) {
        *s = table_row(table, r, words);
    }
    let (first, rest) = src[..rows.len()].split_first().expect("two rows");
    let mut any = 0;
    for (from, to) in spans {
        tally.final_words += (rows.len() - 1) as u64 * (to - from) as u64;
        tally.spans += 1;
        let mut w = from;
        while w + 4 <= to {
            let v = and4(first, rest, w);
            dst[w..w + 4].copy_from_slice(&v);
            any |= v[0] | v[1] | v[2] | v[3];
            w += 4;
        }
        while w < to {
            let x = and1(first, rest, w);
            dst[w] = x;
            any |= x;
            w += 1;
        }
    }
    any != 0
}

/// `popcount` of the AND of `srcs` (at least one) on the word ranges
/// `spans`: a pair whose placements are read as bitsets or table rows
/// (see `matching::tops`). Counts the words of all but one source into
/// `final_words` and the spans into `spans` of `tally`; returns the count
/// and the words of a pair read.
#[inline(always)]
pub(super) fn and_popcount_of(
    srcs: &[&[u64]],
    spans: impl Iterator<Item = (usize, usize)>,
    tally: &mut Prefixes,
) -> (u64, u64) {
    let (first, rest) = srcs.split_first().expect("a source");
    let (mut count, mut read) = (0u64, 0u64);
    for (from, to) in spans {
        read += (to - from) as u64;
        tally.final_words += rest.len().saturating_sub(1) as u64 * (to - from) as u64;
        tally.spans += 1;
        let mut acc = [0u64; 4];
        let mut w = from;
        while w + 4 <= to {
            for (c, x) in acc.iter_mut().zip(and4(first, rest, w)) {
                *c += u64::from(x.count_ones());
            }
            w += 4;
        }
        while w < to {
            acc[0] += u64::from(and1(first, rest, w).count_ones());
            w += 1;
        }
        count += acc.iter().sum::<u64>();
    }
    (count, read)
}

/// Words `w..w + 4` of `first` ANDed with the same words of every slice
/// of `rest`, in registers: one pass over the sources for four words.
#[inline(always)]
fn and4(first: &[u64], rest: &[&[u64]], w: usize) -> [u64; 4] {
    let mut v = [0u64; 4];
    v.copy_from_slice(&first[w..w + 4]);
    for s in rest {
        for (x, a) in v.iter_mut().zip(&s[w..w + 4]) {
            *x &= a;
        }
    }
    v
}

/// Word `w` of `first` ANDed with word `w` of every slice of `rest`.
#[inline(always)]
fn and1(first: &[u64], rest: &[&[u64]], w: usize) -> u64 {
    rest.iter().fold(first[w], |x, s| x & s[w])
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
