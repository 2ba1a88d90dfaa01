//! Precomputed ANDs of small groups of rows: the tables the matching
//! kernel forms a quarter placement's bitset from.
//!
//! A quarter placement's bitset `X_l` is the AND of the cell bitsets of its
//! queens. Instead of one AND per queen, the rows of the half are cut into
//! groups of `g` consecutive rows (3, or fewer when the quarter has many
//! columns or the bitsets are wide), and for every group the AND of every way to fill its rows
//! (each row empty or a queen on one of the quarter's `m` columns) is
//! built once per column set: `(m + 1)^g` entries. A placement then costs
//! one AND per group it has a queen in. `g` is chosen per quarter and
//! column set: the build cost against the ANDs it saves over the
//! placements that will use the tables (`g = 1` is a plain cell table),
//! and only while a quarter's tables stay within [`CACHED_TABLE_BYTES`].
//!
//! Entries are indexed in mixed radix `m + 1`: the digit of row `i` of the
//! group is 0 for an empty row, `k + 1` for the quarter's `k`-th column.
//! Entry `e + d * (m + 1)^i` (with digit `i` of `e` zero) is entry `e` AND
//! the cell of row `i`, column `d`: every entry is one AND of an entry
//! built before it.
//!
//! # Constraints
//! `h <= 16` rows (one nibble per row in a placement's cells), a quarter
//! of at most 15 columns (a nibble holds column + 1).
//!
//! # Complexity
//! Building: one pass over `W` words per entry, `ceil(h / g) * (m + 1)^g`
//! entries. Addressing a placement: `O(h)`.

/// The most bytes a quarter's tables take with groups of more than one
/// row. Past 24 a chunk's bitsets are tens of thousands of words and
/// tables of groups of 3 hundreds of MB: every row a placement ANDs then
/// comes from memory, and fewer, smaller rows (more ANDs, from the cache)
/// cost less. Measured, one set of 27 (`--growth 27 --part 2451012 --ranks
/// 1`, 11979 words a bitset): groups of up to 3 rows 55.7 s, of 2 49.4 s,
/// single rows 47.0 s. At 22 (1329 words, tables of 3-9 MB) groups of 3
/// stay the fastest; half the L3 of the machines measured (32 MiB) keeps
/// them there.
pub const CACHED_TABLE_BYTES: usize = 16 << 20;

/// The group tables of one quarter for one column set.
#[derive(Clone, Copy, Debug)]
pub struct RowGroups {
    h: usize,
    /// Rows per group.
    g: usize,
    /// `m + 1`: the quarter's columns in the set, plus "empty".
    radix: usize,
    /// Entries per group, `radix^g`.
    stride: usize,
    /// First table row of this quarter's tables.
    base: usize,
    /// Digit of a placement's nibble (`column + 1`, 0 for an empty row).
    digit: [u8; 16],
    /// The quarter's columns (relative), in digit order.
    cols: [u8; 15],
}

impl RowGroups {
    /// The tables for a quarter of `w` columns whose `placements`
    /// placements use the (quarter-relative) columns `cols`, in a half of
    /// `h` rows, starting at table row `base`, over bitsets of `words`
    /// words.
    pub fn new(
        h: usize,
        w: usize,
        cols: u64,
        base: usize,
        placements: u64,
        words: usize,
    ) -> RowGroups {
        let m = cols.count_ones() as usize;
        // Groups of more than one row only while their tables fit in the
        // cache share (see `CACHED_TABLE_BYTES`).
        let cached = CACHED_TABLE_BYTES / (8 * words.max(1));
        let g = Self::rows_per_group(h, m, placements, Self::max_rows(h, w).min(cached));
        let radix = m + 1;
        let mut digit = [0u8; 16];
        let mut col_list = [0u8; 15];
        let mut bits = cols;
        let mut k = 0;
        while bits != 0 {
            let c = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            digit[c + 1] = (k + 1) as u8;
            col_list[k] = c as u8;
            k += 1;
        }
        RowGroups {
            h,
            g,
            radix,
            stride: radix.pow(g as u32),
            base,
            digit,
            cols: col_list,
        }
    }

    /// Table rows of groups of `g` rows for `m` columns.
    fn rows_for(h: usize, m: usize, g: usize) -> usize {
        ((h + g - 1) / g).max(1) * (m + 1).pow(g as u32)
    }

    /// The group size with the least work: entries built plus the ANDs of
    /// `placements` placements of `m` queens (in `m` of the `h` rows), each
    /// touching `G * (1 - C(h - g, m) / C(h, m))` of the `G` groups on
    /// average; groups of 2 or 3 only while their tables fit in `cap` rows.
    fn rows_per_group(h: usize, m: usize, placements: u64, cap: usize) -> usize {
        let cost = |g: usize| -> f64 {
            let groups = (h + g - 1) / g;
            let entries = Self::rows_for(h, m, g);
            let miss = if m + g > h {
                0.0
            } else {
                (0..m)
                    .map(|i| (h - g - i) as f64 / (h - i) as f64)
                    .product()
            };
            entries as f64 + placements as f64 * groups as f64 * (1.0 - miss)
        };
        let max_g = (1..=3)
            .rev()
            .find(|&g| Self::rows_for(h, m, g) <= cap)
            .unwrap_or(1);
        (1..=max_g)
            .min_by(|&a, &b| cost(a).total_cmp(&cost(b)))
            .unwrap_or(1)
    }

    /// At least one, so that entry 0 (`valid`) exists even when `h = 0`.
    fn groups(&self) -> usize {
        ((self.h + self.g - 1) / self.g).max(1)
    }

    /// Table rows (bitsets of `W` words) these tables take.
    pub fn rows(&self) -> usize {
        self.groups() * self.stride
    }

    /// The most table rows a quarter of `w` columns can need (any set):
    /// pairs of rows with every column, which also caps groups of 3.
    pub fn max_rows(h: usize, w: usize) -> usize {
        (0..=w.min(h))
            .map(|m| Self::rows_for(h, m, 1).max(Self::rows_for(h, m, 2)))
            .max()
            .unwrap_or(1)
    }

    /// The most bytes a quarter of `w` columns in a half of `h` rows can
    /// take in tables over bitsets of `words` words, for any column set:
    /// groups of more than one row stay within [`CACHED_TABLE_BYTES`], and
    /// single rows take a row per cell, `h * (m + 1)` rows for `m` columns.
    /// So past the cache share the tables grow with the cells, not with the
    /// pairs of rows: wide bitsets (many bottoms a chunk) cost fewer bytes
    /// of tables than [`RowGroups::max_rows`] would say.
    pub fn max_bytes(h: usize, w: usize, words: usize) -> usize {
        let row = 8 * words;
        let single = Self::rows_for(h, w.min(h), 1) * row;
        (Self::max_rows(h, w) * row).min(single.max(CACHED_TABLE_BYTES))
    }

    /// Fills this quarter's rows of `table` (`words` per row): entry 0 of
    /// each group is `valid`; `cell(r, c, dst)` ANDs the cell bitset of row
    /// `r`, quarter column `c` into `dst`. Inlined into the kernel, so it
    /// is compiled for the kernel's target features.
    #[inline(always)]
    pub fn build(
        &self,
        table: &mut [u64],
        words: usize,
        valid: &[u64],
        mut cell: impl FnMut(usize, usize, &mut [u64]),
    ) {
        for j in 0..self.groups() {
            let first = (self.base + j * self.stride) * words;
            let group = &mut table[first..first + self.stride * words];
            group[..words].copy_from_slice(valid);
            let r0 = j * self.g;
            let mut p = 1usize;
            for r in r0..(r0 + self.g).min(self.h) {
                for d in 1..self.radix {
                    let c = usize::from(self.cols[d - 1]);
                    for e in 0..p {
                        let to = e + d * p;
                        // `e < p <= to`: the source is already built.
                        let (src, dst) = group.split_at_mut(to * words);
                        let dst = &mut dst[..words];
                        dst.copy_from_slice(&src[e * words..(e + 1) * words]);
                        cell(r, c, dst);
                    }
                }
                p *= self.radix;
            }
        }
    }

    /// A table row holding `valid` (entry 0 of the first group).
    pub fn rows_of_empty(&self) -> usize {
        self.base
    }

    /// The table rows whose AND is the bitset of the placement with queens
    /// `cells` (nibble `r`: quarter column + 1, 0 for an empty row); returns
    /// how many were written to `out` (groups with no queen are skipped).
    #[inline(always)]
    pub fn rows_of(&self, cells: u64, out: &mut [usize; 16]) -> usize {
        let mut k = 0;
        let mut code = cells;
        for j in 0..self.groups() {
            let mut e = 0usize;
            let mut p = 1usize;
            for _ in 0..self.g {
                e += usize::from(self.digit[(code & 15) as usize]) * p;
                code >>= 4;
                p *= self.radix;
            }
            out[k] = self.base + j * self.stride + e;
            k += usize::from(e != 0);
        }
        k
    }
}

#[cfg(test)]
mod tests {
    use super::{RowGroups, CACHED_TABLE_BYTES};

    /// Tables that would pass the cache share fall back to smaller groups,
    /// down to single rows; narrow bitsets keep the groups their
    /// placements pay for.
    #[test]
    fn tables_past_the_cache_share_take_smaller_groups() {
        // Five of nine columns: single rows 9 * 6 = 54 table rows, pairs
        // 5 * 36 = 180, triples 3 * 216 = 648.
        let many = 1_000_000;
        let narrow = RowGroups::new(9, 9, 0x1F, 0, many, 1);
        assert!(narrow.g > 1, "groups of {}", narrow.g);
        let rows_fit = |rows: usize| CACHED_TABLE_BYTES / 8 / rows;
        let single = RowGroups::new(9, 9, 0x1F, 0, many, rows_fit(100));
        assert_eq!((single.g, single.rows()), (1, 54));
        let pairs = RowGroups::new(9, 9, 0x1F, 0, many, rows_fit(200));
        assert_eq!((pairs.g, pairs.rows()), (2, 180));
    }

    /// Whatever group size a column set gets, its tables stay within
    /// [`RowGroups::max_bytes`] (what the scratch is sized by), at widths
    /// on both sides of the cache share. (A quarter holds at most `h` of a
    /// half's columns: one queen a row.)
    #[test]
    fn tables_stay_within_their_bound() {
        for (h, w) in [(9, 9), (13, 13), (13, 14), (6, 4)] {
            for words in [1, 100, 1_000, 12_000, 50_000] {
                let all = (1u64 << w.min(h)) - 1;
                for cols in [
                    0u64,
                    0x1,
                    0x1F & all,
                    all,
                    0x155 & all,
                    all << (w - w.min(h)),
                ] {
                    for placements in [0u64, 1_000, 1_000_000_000] {
                        let g = RowGroups::new(h, w, cols, 0, placements, words);
                        let bytes = g.rows() * words * 8;
                        assert!(
                            bytes <= RowGroups::max_bytes(h, w, words),
                            "h {h} w {w} cols {cols:#x} words {words}: {bytes}"
                        );
                    }
                }
            }
        }
    }

    /// Tables of every group size (picked through the placement count)
    /// give the plain AND of the queens' cells, for random cells.
    #[test]
    fn tables_give_the_and_of_the_queens_cells() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for h in 0..=9usize {
            for placements in [0u64, 10, 1_000_000] {
                let cols = rnd() & 0x1FF;
                let cells: Vec<u64> = (0..h * 9).map(|_| rnd()).collect();
                let groups = RowGroups::new(h, 9, cols, 3, placements, 1);
                let mut table = vec![0u64; 3 + groups.rows()];
                let valid = [!0u64];
                groups.build(&mut table, 1, &valid, |r, c, dst: &mut [u64]| {
                    dst[0] &= cells[r * 9 + c];
                });
                for _ in 0..50 {
                    // A random placement: each row empty or on a column of `cols`.
                    let list: Vec<usize> = (0..9).filter(|c| (cols >> c) & 1 != 0).collect();
                    let (mut code, mut want) = (0u64, !0u64);
                    for r in 0..h {
                        let pick = rnd() as usize % (list.len() + 1);
                        if pick < list.len() {
                            let c = list[pick];
                            code |= (c as u64 + 1) << (4 * r);
                            want &= cells[r * 9 + c];
                        }
                    }
                    let mut rows = [0usize; 16];
                    let k = groups.rows_of(code, &mut rows);
                    let got = rows[..k]
                        .iter()
                        .fold(table[groups.rows_of_empty()], |a, &i| a & table[i]);
                    assert_eq!(got, want, "h {h} cols {cols:b} code {code:x}");
                }
            }
        }
    }
}
