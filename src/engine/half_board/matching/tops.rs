//! Joining the top placements with a chunk's bottoms (step 4 of
//! `matching`, the hot loop): the `Y` bitsets of the top-right quarter
//! placements, the `X` bitsets of the top-left ones a block at a time, and
//! one AND + popcount per counted pair.
//!
//! # Constraints
//! The bitsets and row-group tables as `super::bottoms` leaves them in the
//! scratch; at most [`XBLOCK`] `X` bitsets at once.
//!
//! # Complexity
//! `T_S * W_S` AND+popcount words for `T_S` tops (fewer where the sieve
//! cuts), plus `O(quarter placements * groups * W_S)` for the `X` and `Y`
//! bitsets.

use crate::engine::half_board::bitsets::{and_popcount, filter_pairs};
use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::row_groups::RowGroups;

use super::job::{Job, Scratch, Shape};

/// Number of top-left placements whose `X` bitsets are kept at once.
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
            filter_pairs(&mut sc.lbuf, tl.group(sl, a), tl.group_cells(sl, a), block);
            filter_pairs(
                &mut sc.rbuf,
                tr.group(sr, ra),
                tr.group_cells(sr, ra),
                block,
            );
            // Without the clean part, clean right placements only matter
            // next to a left placement on the main diagonal.
            if skip_clean && sc.lbuf.iter().all(|&(l, _)| l & dm == 0) {
                sc.rbuf.retain(|&(r, _)| r & da_ != 0);
            }
            // Y_r for every top-right placement with a partner (a bitset
            // costs far more than the test).
            if sc.ys.len() < sc.rbuf.len() * words {
                sc.ys.resize(sc.rbuf.len() * words, 0);
            }
            sc.yda.clear();
            sc.ykey.clear();
            for &(r, cells) in sc.rbuf.iter() {
                if !sc.lbuf.iter().any(|&(l, _)| counted(l, r)) {
                    continue;
                }
                let at = sc.yda.len() * words;
                let y = &mut sc.ys[at..at + words];
                sc.tally.bitsets += 1;
                sc.tally.bitset_words += words as u64;
                let key = sc.sieve.key(self.shape.top_overlap(r));
                if sc
                    .ypre
                    .and_rows(y, &sc.cell, &groups[1], cells, (&sc.sieve, key))
                {
                    sc.yda.push(r);
                    sc.ykey.push(key);
                }
            }
            if sc.yda.is_empty() {
                continue;
            }
            join_left_blocks(
                sc,
                (words, self.shape),
                &groups[0],
                (dm, da_),
                &counted,
                &mut sums,
            );
        }
        sums
    }
}

/// Step 4's inner loop: the X bitsets of the top-left placements in
/// `sc.lbuf` (tables `left`), a block at a time, each ANDed with the Y
/// bitset of every top-right placement in `sc.yda` it is `counted` with;
/// adds the weighted pair counts to `sums` (dirty, clean). `diagonals` are
/// the main diagonal (left) and the anti-diagonal (right) bits.
#[inline(always)]
fn join_left_blocks(
    sc: &mut Scratch,
    (words, shape): (usize, &Shape),
    left: &RowGroups,
    diagonals: (u64, u64),
    counted: &impl Fn(u64, u64) -> bool,
    sums: &mut (u64, u64),
) {
    let (dm, da_) = diagonals;
    let (mut dirty, mut clean) = (0u64, 0u64);
    let (mut bitsets, mut tops, mut pair_words, mut spans) = (0u64, 0u64, 0u64, 0u64);
    let mut li = 0;
    while li < sc.lbuf.len() {
        // X_l for a block of top-left placements.
        if sc.xs.len() < XBLOCK * words {
            sc.xs.resize(XBLOCK * words, 0);
        }
        sc.xda.clear();
        sc.xkey.clear();
        while li < sc.lbuf.len() && sc.xda.len() < XBLOCK {
            let (l, cells) = sc.lbuf[li];
            li += 1;
            if !sc.yda.iter().any(|&r| counted(l, r)) {
                continue;
            }
            let at = sc.xda.len() * words;
            let x = &mut sc.xs[at..at + words];
            bitsets += 1;
            let key = sc.sieve.key(shape.top_overlap(l));
            if sc.xpre.and_rows(x, &sc.cell, left, cells, (&sc.sieve, key)) {
                sc.xda.push(l);
                sc.xkey.push(key);
            }
        }
        for (ri, &r) in sc.yda.iter().enumerate() {
            let y = &sc.ys[ri * words..(ri + 1) * words];
            let wr = 1 + u64::from(r & da_ != 0);
            // The counted partners of `r` in the block with their
            // weights, listed branch-free (whether two quarter
            // placements fit is close to a coin flip).
            let ykey = sc.ykey[ri];
            let mut partners = [(0usize, 0u64); XBLOCK];
            let mut k = 0usize;
            for (xi, &l) in sc.xda.iter().enumerate() {
                partners[k] = (xi, wr << u32::from(l & dm != 0));
                k += usize::from(counted(l, r));
            }
            for &(xi, w) in &partners[..k] {
                let x = &sc.xs[xi * words..(xi + 1) * words];
                // Only the buckets this top can fit (see `sieve`).
                let mut c = 0;
                if sc.sieve.cuts() {
                    for (from, to) in sc.sieve.ranges(sc.xkey[xi] | ykey) {
                        c += and_popcount(&x[from..to], &y[from..to]);
                        pair_words += (to - from) as u64;
                        spans += 1;
                    }
                } else {
                    c = and_popcount(x, y);
                    pair_words += words as u64;
                }
                tops += 1;
                // Weight 1 is the clean part, 2 and 4 the dirty one.
                let is_clean = u64::from(w == 1);
                clean += c * is_clean;
                dirty += w * c * (1 - is_clean);
            }
        }
    }
    sums.0 += dirty;
    sums.1 += clean;
    sc.tally.bitsets += bitsets;
    sc.tally.bitset_words += bitsets * words as u64;
    sc.tally.tops += tops;
    sc.tally.pair_words += pair_words;
    sc.tally.pair_full += tops * words as u64;
    sc.tally.spans += spans;
}
