//! The matching kernel, the join's hot loop: for one column set `S`, how
//! many (top, bottom) half placements share no diagonal.
//!
//! 1. All bottom placements `b` are built from their quarter pairs and
//!    stored *transposed*: for every overlap diagonal `p` a bitset over the
//!    bottoms, bit `j` set when bottom `j` does **not** use `p`
//!    (`free_of[p]`).
//! 2. For every top cell `(r, c)` with `c` in `S`, the bitset of bottoms
//!    compatible with a queen there is `free_of[d] & free_of[a]` (the *cell
//!    table*).
//! 3. For every top-left quarter placement `l` the bitset `X_l` = AND of its
//!    queens' cell bitsets is formed, likewise `Y_r` for the top-right ones.
//! 4. For every compatible pair `(l, r)` (a top placement) the number of
//!    bottoms compatible with it is `popcount(X_l & Y_r)`.
//!
//! So 64 (top, bottom) pairs cost one AND and one popcount, and the
//! per-queen AND work is paid per quarter placement, not per half placement.
//!
//! # Constraints
//! The overlap has `2 * ovw <= 64` bits (one 64 x 64 transpose per 64
//! bottoms); quarters as [`crate::engine::half_board::quarters`] builds them.
//!
//! # Complexity
//! With `T_S`, `B_S` the top and bottom placements of `S` and
//! `W_S = B_S / 64`: `T_S * W_S` AND+popcount words (step 4, the hot loop,
//! [`and_popcount`]), `O(B_S * n / 64)` to build and transpose the bottoms,
//! `O(h * n * W_S)` for the cell table and `O(quarter placements * h * W_S)`
//! for the `X`/`Y` bitsets. Scratch: `O((largest group + h * n) * W_S)`
//! words per thread.

use crate::engine::half_board::column_sets::{for_each_comb, Pivot, Task};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::transpose::transpose64;

/// Which inner-loop instantiation runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Best available on this CPU (checked at run time).
    Auto,
    /// No target features beyond the build's (software popcount on baseline x86-64).
    Portable,
    /// x86-64 with the `popcnt` instruction.
    Popcnt,
    /// x86-64 with `avx2` + `popcnt` (lets LLVM vectorise the popcount loop).
    Avx2,
}

/// Number of top-left placements whose `X` bitsets are kept at once.
pub const XBLOCK: usize = 8;

/// What every task of a join shares: the sizes and the longest-diagonal
/// masks of diagonal mode (0 outside it).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub n: usize,
    pub h: usize,
    pub wl: usize,
    /// Overlap diagonals per direction (both halves can reach them).
    pub ovw: usize,
    /// The main diagonal, the anti-diagonal (top storage), both in bottom
    /// storage.
    pub diag_main: u64,
    pub diag_anti: u64,
    pub diag_bot: u64,
    /// Bottoms joined at a time (a multiple of 64): bounds the scratch.
    pub chunk: usize,
}

/// Per-thread working memory for one column set.
#[derive(Default)]
pub struct Scratch {
    bot: Vec<u64>,
    cell: Vec<u64>,
    free_of: Vec<u64>,
    valid: Vec<u64>,
    lbuf: Vec<(u64, u64)>,
    rbuf: Vec<(u64, u64)>,
    blbuf: Vec<u64>,
    brbuf: Vec<u64>,
    ys: Vec<u64>,
    yda: Vec<u64>,
    xs: Vec<u64>,
    xda: Vec<u64>,
}

/// The sum over `tasks` of their weighted counts, with the kernel `kernel`
/// (the four quarters: top-left, top-right, bottom-left, bottom-right).
///
/// # Panics
/// When `kernel` asks for CPU features this machine lacks.
pub fn run(
    shape: &Shape,
    quarters: &[Quarter; 4],
    pivots: &[Pivot],
    tasks: &[Task],
    kernel: Kernel,
) -> u128 {
    let job = Job {
        shape,
        quarters,
        pivots,
    };
    let mut sc = Scratch::default();
    match resolve(kernel) {
        // SAFETY: `resolve` returns these kernels only when the CPU has the
        // features they are compiled for (checked at run time).
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { job.run_avx2(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        Kernel::Popcnt => unsafe { job.run_popcnt(tasks, &mut sc) },
        _ => job.run_body(tasks, &mut sc),
    }
}

struct Job<'a> {
    shape: &'a Shape,
    quarters: &'a [Quarter; 4],
    pivots: &'a [Pivot],
}

impl Job<'_> {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn run_popcnt(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body(tasks, sc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn run_avx2(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body(tasks, sc)
    }

    /// The one kernel; instantiated per target-feature set by the callers
    /// above (inline(always) makes it inherit their features).
    #[inline(always)]
    fn run_body(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        tasks
            .iter()
            .map(|t| {
                let (dirty, clean) = self.run_task(t, sc);
                u128::from(dirty) * u128::from(t.mult)
                    + u128::from(clean) * u128::from(t.mult_clean)
            })
            .sum()
    }

    #[inline(always)]
    fn run_task(&self, t: &Task, sc: &mut Scratch) -> (u64, u64) {
        let Shape {
            h,
            wl,
            ovw,
            diag_bot,
            chunk,
            ..
        } = *self.shape;
        let pv = self.pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let sb = pv.avail ^ s;
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let ovmask = (1u64 << ovw) - 1;
        let [_, _, bl, br] = self.quarters;

        // 1. Bottom placements as compact overlap masks: direction-d bits in
        //    0..ovw, direction-a bits in ovw..2*ovw, joined with the tops a
        //    chunk of at most `chunk` bottoms at a time (so the bitsets stay
        //    within the scratch budget at any n).
        let (sbl, sbr) = (sb & lmask, sb >> wl);
        let block = pv.bot_block | diag_bot;
        let compact = |v: u64| (v & ovmask) | ((v >> 32) & ovmask) << ovw;
        let (mut dirty, mut clean) = (0u64, 0u64);
        let mut nb = 0usize;
        for_each_comb(h, sbl.count_ones(), |a| {
            if bl.group_len(sbl, a) == 0 || br.group_len(sbr, hmask ^ a) == 0 {
                return;
            }
            filter_into(&mut sc.blbuf, bl.group(sbl, a), block);
            filter_into(&mut sc.brbuf, br.group(sbr, hmask ^ a), block);
            for xi in 0..sc.blbuf.len() {
                let x = sc.blbuf[xi];
                let len = sc.brbuf.len();
                if nb > 0 && nb + len > chunk {
                    let (d, c) = self.join_chunk(t, nb, sc);
                    dirty += d;
                    clean += c;
                    nb = 0;
                }
                if sc.bot.len() < nb + len {
                    sc.bot.resize(2 * (nb + len), 0);
                }
                let out = &mut sc.bot[nb..nb + len];
                let cx = compact(x);
                let mut k = 0usize;
                // Branch-free append: always write, advance only on a fit
                // (the fit test is close to a coin flip, a branch would
                // mispredict constantly). Compaction distributes over OR.
                for &y in sc.brbuf.iter() {
                    out[k] = cx | compact(y);
                    k += usize::from(x & y == 0);
                }
                nb += k;
            }
        });
        if nb > 0 {
            let (d, c) = self.join_chunk(t, nb, sc);
            dirty += d;
            clean += c;
        }
        (dirty, clean)
    }

    /// Steps 2 to 4 for the first `nb` bottoms in `sc.bot`: how many
    /// (top, bottom) pairs fit, weighted (diagonal mode) and plain.
    #[inline(always)]
    fn join_chunk(&self, t: &Task, nb: usize, sc: &mut Scratch) -> (u64, u64) {
        let Shape {
            n,
            h,
            wl,
            ovw,
            diag_main,
            diag_anti,
            ..
        } = *self.shape;
        let pv = self.pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let [tl, tr, _, _] = self.quarters;
        let words = (nb + 63) / 64;
        let nbits = 2 * ovw;

        // 2. Transpose: free_of[p * words + j] bit i <=> bottom 64j+i avoids p.
        sc.free_of.clear();
        sc.free_of.resize(nbits * words, 0);
        sc.valid.clear();
        sc.valid.resize(words, !0u64);
        if nb % 64 != 0 {
            sc.valid[words - 1] = (1u64 << (nb % 64)) - 1;
        }
        let mut blk = [0u64; 64];
        for j in 0..words {
            let chunk = &sc.bot[j * 64..nb.min(j * 64 + 64)];
            blk[..chunk.len()].copy_from_slice(chunk);
            // Padding placements use every bit, so they are never counted.
            blk[chunk.len()..].iter_mut().for_each(|x| *x = !0);
            transpose64(&mut blk);
            for (p, &col) in blk[..nbits].iter().enumerate() {
                sc.free_of[p * words + j] = !col;
            }
        }

        // 3. Per-cell bitsets: cell[(r * n + c) * words..] = the bottoms
        //    compatible with a top queen on (r, c), for the columns c of S.
        //    A top placement's bitset is then the AND over its queens.
        let hb = h + (n & 1);
        if sc.cell.len() < h * n * words {
            sc.cell.resize(h * n * words, 0);
        }
        for r in 0..h {
            let mut cs = s;
            while cs != 0 {
                let c = cs.trailing_zeros() as usize;
                cs &= cs - 1;
                let (d, a) = (r + c, r + n - 1 - c);
                let row_of = |x: usize, base: usize| -> Option<&[u64]> {
                    if x >= hb && x - hb < ovw {
                        let p = base + x - hb;
                        Some(&sc.free_of[p * words..(p + 1) * words])
                    } else {
                        None
                    }
                };
                let (rd, ra) = (row_of(d, 0), row_of(a, ovw));
                let dst = &mut sc.cell[(r * n + c) * words..(r * n + c + 1) * words];
                match (rd, ra) {
                    (Some(x), Some(y)) => {
                        for ((o, p), q) in dst.iter_mut().zip(x).zip(y) {
                            *o = p & q;
                        }
                    }
                    (Some(x), None) | (None, Some(x)) => dst.copy_from_slice(x),
                    (None, None) => dst.copy_from_slice(&sc.valid),
                }
            }
        }

        // 4. Top halves: quarter pairs with complementary rows.
        let (sl, sr) = (s & lmask, s >> wl);
        let block = pv.top_block;
        let (dm, da_) = (diag_main, diag_anti);
        let skip_clean = t.mult_clean == 0;
        let (mut dirty, mut clean) = (0u64, 0u64);
        let sc = &mut *sc;
        for_each_comb(h, sl.count_ones(), |a| {
            if tl.group_len(sl, a) == 0 || tr.group_len(sr, hmask ^ a) == 0 {
                return;
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
            // Y_r for every top-right placement; drop those with no partner.
            sc.ys.clear();
            sc.yda.clear();
            for &(r, cells) in sc.rbuf.iter() {
                let at = sc.ys.len();
                sc.ys.resize(at + words, 0);
                if and_cells(&mut sc.ys[at..], &sc.cell, words, n, wl, cells, &sc.valid) {
                    sc.yda.push(r);
                } else {
                    sc.ys.truncate(at);
                }
            }
            if sc.yda.is_empty() {
                return;
            }
            let mut li = 0;
            while li < sc.lbuf.len() {
                // X_l for a block of top-left placements.
                sc.xs.clear();
                sc.xda.clear();
                while li < sc.lbuf.len() && sc.xda.len() < XBLOCK {
                    let (l, cells) = sc.lbuf[li];
                    li += 1;
                    let at = sc.xs.len();
                    sc.xs.resize(at + words, 0);
                    if and_cells(&mut sc.xs[at..], &sc.cell, words, n, 0, cells, &sc.valid) {
                        sc.xda.push(l);
                    } else {
                        sc.xs.truncate(at);
                    }
                }
                for (ri, &r) in sc.yda.iter().enumerate() {
                    let y = &sc.ys[ri * words..(ri + 1) * words];
                    let wr = 1 + u64::from(r & da_ != 0);
                    for (xi, &l) in sc.xda.iter().enumerate() {
                        let w = wr << u32::from(l & dm != 0);
                        if l & r != 0 || (w == 1 && skip_clean) {
                            continue;
                        }
                        let c = and_popcount(&sc.xs[xi * words..(xi + 1) * words], y);
                        if w == 1 {
                            clean += c;
                        } else {
                            dirty += w * c;
                        }
                    }
                }
            }
        });
        (dirty, clean)
    }
}

fn resolve(kernel: Kernel) -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        let popcnt = is_x86_feature_detected!("popcnt");
        let avx2 = popcnt && is_x86_feature_detected!("avx2");
        match kernel {
            Kernel::Auto if popcnt => Kernel::Popcnt,
            Kernel::Auto => Kernel::Portable,
            Kernel::Popcnt => {
                assert!(popcnt, "popcnt not available");
                Kernel::Popcnt
            }
            Kernel::Avx2 => {
                assert!(avx2, "avx2 not available");
                Kernel::Avx2
            }
            Kernel::Portable => Kernel::Portable,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = kernel;
        Kernel::Portable
    }
}

/// Keeps the placements of `src` that avoid the pivot's diagonals.
#[inline(always)]
fn filter_into(dst: &mut Vec<u64>, src: &[u64], block: u64) {
    dst.clear();
    dst.extend(src.iter().copied().filter(|&x| x & block == 0));
}

/// Keeps the (diagonals, cells) of placements that avoid the pivot.
#[inline(always)]
fn filter_pairs(dst: &mut Vec<(u64, u64)>, da: &[u64], cells: &[u64], block: u64) {
    dst.clear();
    dst.extend(
        da.iter()
            .copied()
            .zip(cells.iter().copied())
            .filter(|&(x, _)| x & block == 0),
    );
}

/// `dst = AND over the queens of a placement of their cell bitsets`
/// (`cells`: nibble r = column - col0 + 1 of the queen in row r, or 0).
/// Returns whether any bit is left.
#[inline(always)]
fn and_cells(
    dst: &mut [u64],
    table: &[u64],
    words: usize,
    n: usize,
    col0: usize,
    cells: u64,
    valid: &[u64],
) -> bool {
    let mut offs = [0usize; 16];
    let mut k = 0usize;
    let mut code = cells;
    let mut r = 0usize;
    while code != 0 {
        let nib = (code & 15) as usize;
        if nib != 0 {
            offs[k] = (r * n + col0 + nib - 1) * words;
            k += 1;
        }
        code >>= 4;
        r += 1;
    }
    let row = |i: usize| &table[offs[i]..offs[i] + words];
    match k {
        0 => dst.copy_from_slice(valid),
        1 => dst.copy_from_slice(row(0)),
        _ => {
            for ((o, a), b) in dst.iter_mut().zip(row(0)).zip(row(1)) {
                *o = a & b;
            }
            let mut i = 2;
            while i + 1 < k {
                for ((o, a), b) in dst.iter_mut().zip(row(i)).zip(row(i + 1)) {
                    *o &= a & b;
                }
                i += 2;
            }
            if i < k {
                for (o, a) in dst.iter_mut().zip(row(i)) {
                    *o &= a;
                }
            }
        }
    }
    dst.iter().any(|&x| x != 0)
}

/// `popcount(x & y)` over two equal-length word slices: the hot loop.
#[inline(always)]
fn and_popcount(x: &[u64], y: &[u64]) -> u64 {
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
