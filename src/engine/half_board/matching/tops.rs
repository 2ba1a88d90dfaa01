//! Joining the top placements with a chunk's bottoms (step 4 of
//! `matching`, the hot loop), one row set of the top quarters at a time:
//! the `Y` bitsets of the side with fewer placements (left or right), the
//! `X` bitsets of the other side's a block at a time, and one AND +
//! popcount per counted pair. A placement whose partners read fewer words
//! than its bitset would hold (twice, see `fuses`) is read as its table
//! rows instead, ANDed with each partner on the pair's buckets.
//!
//! # Constraints
//! The bitsets and row-group tables as `super::bottoms` leaves them in the
//! scratch; at most [`XBLOCK`] `X` bitsets at once.
//!
//! # Complexity
//! `T_S * W_S` AND+popcount words for `T_S` tops (fewer where the sieve
//! cuts), plus `O(quarter placements * groups * W_S)` for the `X` and `Y`
//! bitsets; a placement read as rows costs `groups` words per word its
//! pairs read instead of its bitset.

use crate::engine::half_board::bitsets::{and_popcount, and_popcount_of, filter_pairs};
use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::row_groups::RowGroups;

use super::job::{Job, Operand, Scratch, Shape};

/// Number of streamed placements whose `X` bitsets are kept at once.
pub const XBLOCK: usize = 8;

impl Job<'_> {
    /// Step 4 for task `t`, with the tables `groups` of step 3.
    #[inline(always)]
    pub(super) fn join_tops(
        &self,
        t: &Task,
        words: usize,
        groups: &[RowGroups; 2],
        sc: &mut Scratch,
    ) -> (u64, u64) {
        let Shape {
            h,
            wl,
            diag_main,
            diag_anti,
            ..
        } = *self.shape;
        let pv = self.pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let [tl, tr, _, _] = self.quarters;
        let (sl, sr) = (s & lmask, s >> wl);
        // 4. Top halves: quarter pairs with complementary rows.
        let block = pv.top_block;
        let (dm, da_) = (diag_main, diag_anti);
        let skip_clean = t.mult_clean == 0;
        // Whether top quarter placements `l`, `r` form a top that is
        // counted (the clean part, with no longest-diagonal queen, may be
        // left to another column set).
        let counted = |l: u64, r: u64| l & r == 0 && !(skip_clean && (l & dm) | (r & da_) == 0);
        let mut sums = (0u64, 0u64);
        let sc = &mut *sc;
        for a in combinations(h, sl.count_ones()) {
            if tl.group_len(sl, a) == 0 || tr.group_len(sr, hmask ^ a) == 0 {
                continue;
            }
            let ra = hmask ^ a;
            // The side with fewer placements is stored whole (its bitsets
            // are `Y`), the other's built a block at a time (`X`) and
            // paired at once. Past 24 one side of a row set can have
            // thousands of placements where the other has a few (3442
            // against 6 in a set of 27): stored, the large side took
            // hundreds of MB, and its bitsets came back from memory for
            // every pair.
            let left_stored = tl.group_len(sl, a) < tr.group_len(sr, ra);
            let (lbuf, rbuf) = if left_stored {
                (&mut sc.stored, &mut sc.streamed)
            } else {
                (&mut sc.streamed, &mut sc.stored)
            };
            filter_pairs(lbuf, tl.group(sl, a), tl.group_cells(sl, a), block);
            filter_pairs(rbuf, tr.group(sr, ra), tr.group_cells(sr, ra), block);
            // Without the clean part, clean right placements only matter
            // next to a left placement on the main diagonal.
            if skip_clean && lbuf.iter().all(|&(l, _)| l & dm == 0) {
                rbuf.retain(|&(r, _)| r & da_ != 0);
            }
            if left_stored {
                join_sides::<true>(
                    sc,
                    (words, self.shape),
                    groups,
                    (dm, da_),
                    &counted,
                    &mut sums,
                );
            } else {
                join_sides::<false>(
                    sc,
                    (words, self.shape),
                    groups,
                    (dm, da_),
                    &counted,
                    &mut sums,
                );
            }
        }
        sums
    }
}

/// Step 4's inner loop for one row set: the stored side's placements
/// (`sc.stored`; the top-left ones when `LEFT_STORED`, else the top-right
/// ones) all at once, then the streamed side's (`sc.streamed`) a block at a
/// time, each paired with every stored placement it is `counted` with;
/// adds the weighted pair counts to `sums` (dirty, clean). `diagonals` are
/// the main diagonal (left) and the anti-diagonal (right) bits, `tables`
/// the left and right row groups.
///
/// A placement is read as a bitset (`Y` stored, `X` streamed: the AND of
/// its table rows, built once on the buckets it can fit) or, where its
/// partners read fewer words than that (see [`fuses`]), as its table rows
/// themselves, ANDed afresh with each partner on the buckets of the pair.
#[inline(always)]
fn join_sides<const LEFT_STORED: bool>(
    sc: &mut Scratch,
    (words, shape): (usize, &Shape),
    tables: &[RowGroups; 2],
    diagonals: (u64, u64),
    counted: &impl Fn(u64, u64) -> bool,
    sums: &mut (u64, u64),
) {
    let Scratch {
        cell,
        stored,
        streamed,
        ys,
        yda,
        ykey,
        yop,
        xs,
        xda,
        xkey,
        skey,
        sieve,
        tally,
        xpre,
        ypre,
        ..
    } = sc;
    let (cell, sieve) = (&cell[..], &*sieve);
    let (dm, da_) = diagonals;
    // (left, right) of a streamed and a stored placement.
    let lr = |streamed: u64, stored: u64| {
        if LEFT_STORED {
            (stored, streamed)
        } else {
            (streamed, stored)
        }
    };
    let (stored_table, streamed_table) = if LEFT_STORED {
        (&tables[0], &tables[1])
    } else {
        (&tables[1], &tables[0])
    };
    let cuts = sieve.cuts();
    skey.clear();
    skey.extend(
        streamed
            .iter()
            .map(|&(x, _)| sieve.key(shape.top_overlap(x))),
    );
    // The stored side: every placement with a partner, as a bitset or as
    // its rows.
    let (mut bitsets, mut row_reads) = (0u64, 0u64);
    if ys.len() < stored.len() * words {
        ys.resize(stored.len() * words, 0);
    }
    yda.clear();
    ykey.clear();
    yop.clear();
    let mut built = 0;
    for &(y, cells) in stored.iter() {
        let key = sieve.key(shape.top_overlap(y));
        let mut partners = streamed.iter().zip(skey.iter()).filter(|&(&(x, _), _)| {
            let (l, r) = lr(x, y);
            counted(l, r)
        });
        let op = if !cuts {
            if partners.next().is_none() {
                continue;
            }
            None
        } else {
            let (n, read) = partners.fold((0, 0), |(n, read), (_, &xk)| {
                (n + 1, read + sieve.fitting_words(key | xk))
            });
            if n == 0 {
                continue;
            }
            fuses(read, sieve.fitting_words(key)).then(|| {
                row_reads += 1;
                Operand::rows(stored_table, cells)
            })
        };
        let op = match op {
            Some(op) => op,
            None => {
                bitsets += 1;
                let dst = &mut ys[built * words..(built + 1) * words];
                if !ypre.and_rows(dst, cell, stored_table, cells, (sieve, key)) {
                    continue;
                }
                built += 1;
                Operand::Bits(built - 1)
            }
        };
        yda.push(y);
        ykey.push(key);
        yop.push(op);
    }
    let (mut dirty, mut clean) = (0u64, 0u64);
    let (mut tops, mut pair_words, mut spans) = (0u64, 0u64, 0u64);
    if yda.is_empty() {
        streamed.clear();
    }
    if xs.len() < XBLOCK * words {
        xs.resize(XBLOCK * words, 0);
    }
    // The weight of a counted top: 2 for a queen on the longest diagonal
    // of either top quarter, 4 for both, 1 for the clean part.
    let weight = |l: u64, r: u64| (1 + u64::from(r & da_ != 0)) << u32::from(l & dm != 0);
    let mut add = |w: u64, c: u64| {
        // Weight 1 is the clean part, 2 and 4 the dirty one.
        let is_clean = u64::from(w == 1);
        clean += c * is_clean;
        dirty += w * c * (1 - is_clean);
    };
    let mut si = 0;
    while si < streamed.len() {
        // A block of streamed placements with a partner among the stored
        // ones: those read as rows are joined at once, the others' bitsets
        // kept for the pairs below.
        xda.clear();
        xkey.clear();
        while si < streamed.len() && xda.len() < XBLOCK {
            let (x, cells) = streamed[si];
            let key = skey[si];
            si += 1;
            let mut partners = 0;
            let mut read = 0;
            for (&y, &yk) in yda.iter().zip(ykey.iter()) {
                let (l, r) = lr(x, y);
                if counted(l, r) {
                    partners += 1;
                    read += sieve.fitting_words(key | yk);
                    if !cuts {
                        break;
                    }
                }
            }
            if partners == 0 {
                continue;
            }
            if cuts && fuses(read, sieve.fitting_words(key)) {
                row_reads += 1;
                let xop = Operand::rows(streamed_table, cells);
                for (yi, &y) in yda.iter().enumerate() {
                    let (l, r) = lr(x, y);
                    if !counted(l, r) {
                        continue;
                    }
                    let mut src = Sources::default();
                    src.push(xop, xs, cell, words);
                    src.push(yop[yi], ys, cell, words);
                    let (c, got) =
                        and_popcount_of(src.slices(), sieve.ranges(key | ykey[yi]), xpre);
                    tops += 1;
                    pair_words += got;
                    add(weight(l, r), c);
                }
                continue;
            }
            bitsets += 1;
            let at = xda.len() * words;
            if xpre.and_rows(
                &mut xs[at..at + words],
                cell,
                streamed_table,
                cells,
                (sieve, key),
            ) {
                xda.push(x);
                xkey.push(key);
            }
        }
        for (yi, &y) in yda.iter().enumerate() {
            // The counted partners of `y` in the block with their weights,
            // listed branch-free (whether two quarter placements fit is
            // close to a coin flip).
            let ykey = ykey[yi];
            let mut partners = [(0usize, 0u64); XBLOCK];
            let mut k = 0usize;
            for (xi, &x) in xda.iter().enumerate() {
                let (l, r) = lr(x, y);
                partners[k] = (xi, weight(l, r));
                k += usize::from(counted(l, r));
            }
            for &(xi, w) in &partners[..k] {
                let xbits = &xs[xi * words..(xi + 1) * words];
                let mut c = 0;
                match yop[yi] {
                    Operand::Bits(b) => {
                        let ybits = &ys[b * words..(b + 1) * words];
                        // Only the buckets this top can fit (see `sieve`).
                        if cuts {
                            for (from, to) in sieve.ranges(xkey[xi] | ykey) {
                                c += and_popcount(&xbits[from..to], &ybits[from..to]);
                                pair_words += (to - from) as u64;
                                spans += 1;
                            }
                        } else {
                            c = and_popcount(xbits, ybits);
                            pair_words += words as u64;
                        }
                    }
                    op => {
                        let mut src = Sources::default();
                        src.push(Operand::Bits(xi), xs, cell, words);
                        src.push(op, ys, cell, words);
                        let (got, read) =
                            and_popcount_of(src.slices(), sieve.ranges(xkey[xi] | ykey), xpre);
                        c = got;
                        pair_words += read;
                    }
                }
                tops += 1;
                add(w, c);
            }
        }
    }
    sums.0 += dirty;
    sums.1 += clean;
    tally.bitsets += bitsets;
    tally.row_reads += row_reads;
    tally.bitset_words += bitsets * words as u64;
    tally.tops += tops;
    tally.pair_words += pair_words;
    tally.pair_full += tops * words as u64;
    tally.spans += spans;
}

/// Whether a placement is read as its table rows rather than a bitset:
/// when the buckets its partners read (`partner_words`, summed over the
/// partners) hold fewer than twice the words of the buckets it can fit
/// (`own_words`, what its bitset would cover). A top's key is the union of
/// its two quarters', so a pair reads a fraction of either quarter's
/// buckets (at 22 about an eighth, at 27 a twentieth), and a placement has
/// a few partners. A bitset costs a pass over the placement's rows on
/// `own_words`, its rows read from beyond the L2; read as rows, each
/// partner word ANDs them afresh, on the pair's buckets only.
///
/// Measured with the growth bench, one thread, alternated with the
/// bitset-only kernel (benches/NOTES.md, "Quarter placements read as their
/// rows"): the heavy set of 27 0.78, 0.78, 0.73; a part of 25 0.85, 0.90;
/// 21 and 22 within the noise; shards of 27 0.25 and 1.03, of 26 0.93. Below twice, fewer placements are read as
/// rows and 27 gains less; at four times and more it loses again.
#[inline(always)]
pub(super) fn fuses(partner_words: usize, own_words: usize) -> bool {
    partner_words < 2 * own_words
}

/// The word slices a pair ANDs: both placements' bitsets or rows.
#[derive(Default)]
struct Sources<'a> {
    list: [&'a [u64]; 32],
    len: usize,
}

impl<'a> Sources<'a> {
    /// Adds `op`'s slices: a bitset of `bits`, or rows of `table`.
    #[inline(always)]
    fn push(&mut self, op: Operand, bits: &'a [u64], table: &'a [u64], words: usize) {
        match op {
            Operand::Bits(i) => {
                self.list[self.len] = &bits[i * words..(i + 1) * words];
                self.len += 1;
            }
            Operand::Rows(rows, k) => {
                for &r in &rows[..usize::from(k)] {
                    let r = r as usize;
                    self.list[self.len] = &table[r * words..(r + 1) * words];
                    self.len += 1;
                }
            }
        }
    }

    fn slices(&self) -> &[&'a [u64]] {
        &self.list[..self.len]
    }
}
