//! Joining the top placements with a chunk's bottoms (step 4 of
//! `matching`, the hot loop), one row set of the top quarters at a time:
//! the `Y` bitsets of the side with fewer placements (left or right), the
//! `X` bitsets of the other side's a block at a time, and one AND +
//! popcount per counted pair.
//!
//! # Constraints
//! The bitsets and row-group tables as `super::bottoms` leaves them in the
//! scratch; at most [`XBLOCK`] `X` bitsets at once.
//!
//! # Complexity
//! `T_S * W_S` AND+popcount words for `T_S` tops (fewer where the sieve
//! cuts), plus `O(quarter placements * groups * W_S)` for the `X` and `Y`
//! bitsets.

use crate::engine::half_board::bitsets::{and_popcount, filter_pairs, Prefixes};
use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::row_groups::RowGroups;
use crate::engine::half_board::sieve::Sieve;

use super::job::{Job, Scratch, Shape};

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

/// Step 4's inner loop for one row set: the `Y` bitsets of the stored
/// side's placements (`sc.stored`; the top-left ones when `LEFT_STORED`,
/// else the top-right ones), then the `X` bitsets of the streamed side's
/// (`sc.streamed`) a block at a time, each ANDed with the `Y` of every
/// stored placement it is `counted` with; adds the weighted pair counts to
/// `sums` (dirty, clean). `diagonals` are the main diagonal (left) and the
/// anti-diagonal (right) bits, `tables` the left and right row groups.
#[inline(always)]
fn join_sides<const LEFT_STORED: bool>(
    sc: &mut Scratch,
    (words, shape): (usize, &Shape),
    tables: &[RowGroups; 2],
    diagonals: (u64, u64),
    counted: &impl Fn(u64, u64) -> bool,
    sums: &mut (u64, u64),
) {
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
    // Y for every stored placement with a partner.
    let mut bitsets = bitsets_of(
        (&sc.stored, &mut 0, usize::MAX),
        |y| {
            sc.streamed.iter().any(|&(x, _)| {
                let (l, r) = lr(x, y);
                counted(l, r)
            })
        },
        Built {
            bits: &mut sc.ys,
            placements: &mut sc.yda,
            keys: &mut sc.ykey,
            prefixes: &mut sc.ypre,
        },
        (&sc.cell, stored_table, &sc.sieve, shape, words),
    );
    if sc.yda.is_empty() {
        sc.tally.bitsets += bitsets;
        sc.tally.bitset_words += bitsets * words as u64;
        return;
    }
    let (mut dirty, mut clean) = (0u64, 0u64);
    let (mut tops, mut pair_words, mut spans) = (0u64, 0u64, 0u64);
    let mut si = 0;
    while si < sc.streamed.len() {
        // X for a block of streamed placements with a partner among the
        // stored ones.
        bitsets += bitsets_of(
            (&sc.streamed, &mut si, XBLOCK),
            |x| {
                sc.yda.iter().any(|&y| {
                    let (l, r) = lr(x, y);
                    counted(l, r)
                })
            },
            Built {
                bits: &mut sc.xs,
                placements: &mut sc.xda,
                keys: &mut sc.xkey,
                prefixes: &mut sc.xpre,
            },
            (&sc.cell, streamed_table, &sc.sieve, shape, words),
        );
        for (yi, &y) in sc.yda.iter().enumerate() {
            let ybits = &sc.ys[yi * words..(yi + 1) * words];
            // The counted partners of `y` in the block with their weights
            // (2 for a queen on the longest diagonal of either top quarter,
            // 4 for both, 1 for the clean part), listed branch-free
            // (whether two quarter placements fit is close to a coin flip).
            let ykey = sc.ykey[yi];
            let mut partners = [(0usize, 0u64); XBLOCK];
            let mut k = 0usize;
            for (xi, &x) in sc.xda.iter().enumerate() {
                let (l, r) = lr(x, y);
                partners[k] = (xi, (1 + u64::from(r & da_ != 0)) << u32::from(l & dm != 0));
                k += usize::from(counted(l, r));
            }
            for &(xi, w) in &partners[..k] {
                let xbits = &sc.xs[xi * words..(xi + 1) * words];
                // Only the buckets this top can fit (see `sieve`).
                let mut c = 0;
                if sc.sieve.cuts() {
                    for (from, to) in sc.sieve.ranges(sc.xkey[xi] | ykey) {
                        c += and_popcount(&xbits[from..to], &ybits[from..to]);
                        pair_words += (to - from) as u64;
                        spans += 1;
                    }
                } else {
                    c = and_popcount(xbits, ybits);
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

/// Where [`bitsets_of`] puts what it builds: the bitsets (`words` each),
/// the placements they belong to, their sieve keys, and the prefix store
/// their rows are ANDed through.
struct Built<'a> {
    bits: &'a mut Vec<u64>,
    placements: &'a mut Vec<u64>,
    keys: &'a mut Vec<usize>,
    prefixes: &'a mut Prefixes,
}

/// The bitsets of `side[*at..]`'s placements (`(placement, cells)`) that
/// `has_partner` accepts (a bitset costs far more than the test), until
/// `limit` are kept or the side ends; `*at` moves past what was read. A
/// placement whose bitset is empty within its sieve buckets is not kept.
/// Returns the bitsets built (kept or not), for the tally. One function for
/// both sides of [`join_sides`]: the stored side's `Y` (all at once) and
/// the streamed side's `X` (a block at a time).
#[inline(always)]
fn bitsets_of(
    (side, at, limit): (&[(u64, u64)], &mut usize, usize),
    has_partner: impl Fn(u64) -> bool,
    out: Built,
    (cell, table, sieve, shape, words): (&[u64], &RowGroups, &Sieve, &Shape, usize),
) -> u64 {
    let room = limit.min(side.len() - *at) * words;
    if out.bits.len() < room {
        out.bits.resize(room, 0);
    }
    out.placements.clear();
    out.keys.clear();
    let mut built = 0;
    while *at < side.len() && out.placements.len() < limit {
        let (v, cells) = side[*at];
        *at += 1;
        if !has_partner(v) {
            continue;
        }
        let from = out.placements.len() * words;
        let dst = &mut out.bits[from..from + words];
        built += 1;
        let key = sieve.key(shape.top_overlap(v));
        if out.prefixes.and_rows(dst, cell, table, cells, (sieve, key)) {
            out.placements.push(v);
            out.keys.push(key);
        }
    }
    built
}
