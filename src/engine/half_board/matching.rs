//! The matching kernel, the join's hot loop: for one column set `S`, how
//! many (top, bottom) half placements share no diagonal.
//!
//! 1. All bottom placements `b` are built from their quarter pairs and
//!    stored *transposed*: for every overlap diagonal `p` a bitset over the
//!    bottoms, bit `j` set when bottom `j` does **not** use `p`
//!    (`free_of[p]`).
//! 2. For every top cell `(r, c)` with `c` in `S`, the bitset of bottoms
//!    compatible with a queen there is `free_of[d] & free_of[a]`; the ANDs
//!    of these over small groups of rows are tabulated
//!    ([`crate::engine::half_board::row_groups`]).
//! 3. For every top-left quarter placement `l` with a partner, the bitset
//!    `X_l` = AND of its queens' cell bitsets is formed from those tables
//!    (one AND per row group it has a queen in), likewise `Y_r` for the
//!    top-right ones.
//! 4. For every compatible pair `(l, r)` (a top placement) the number of
//!    bottoms compatible with it is `popcount(X_l & Y_r)`.
//!
//! So 64 (top, bottom) pairs cost one AND and one popcount, and the
//! per-queen AND work is paid per quarter placement, not per half placement.
//! Bitsets are padded to a multiple of 4 words (zeros: never counted).
//!
//! # Constraints
//! The overlap has `2 * ovw <= 64` bits (one 64 x 64 transpose per 64
//! bottoms); quarters as [`crate::engine::half_board::quarters`] builds them.
//!
//! # Complexity
//! With `T_S`, `B_S` the top and bottom placements of `S` and
//! `W_S = B_S / 64`: `T_S * W_S` AND+popcount words (step 4, the hot loop,
//! `bitsets::and_popcount`), `O(B_S * n / 64)` to build and transpose the bottoms,
//! `O(table entries * W_S)` for the row-group tables and
//! `O(quarter placements * groups * W_S)` for the `X`/`Y` bitsets.
//! Scratch: `O((largest group + table entries) * W_S)` words per thread.

use std::time::Instant;

use crate::engine::half_board::bitsets::{and_popcount, filter_into, filter_pairs, Prefixes};
use crate::engine::half_board::column_sets::{combinations, Pivot, Task};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::row_groups::RowGroups;
use crate::engine::half_board::sieve::Sieve;
use crate::engine::half_board::tally::Tally;
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
    /// Rows per half; the bottom half starts at row `hb = n - h` (the rows
    /// between are the pivots' middle rows: none, one or two).
    pub h: usize,
    pub hb: usize,
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
    /// Bottoms per sieve bucket, on average (see [`Sieve::cut_size`]).
    pub bucket_bottoms: usize,
}

impl Shape {
    /// A top quarter placement's stored diagonals (from index `h`, see
    /// `quarters`) as an overlap mask in the bottoms' compact layout (bits
    /// from index `hb`; the top's diagonals `h..hb`, which no bottom
    /// reaches, are dropped).
    #[inline(always)]
    pub fn top_overlap(&self, v: u64) -> u64 {
        let gap = self.hb - self.h;
        let ovmask = (1u64 << self.ovw) - 1;
        ((v >> gap) & ovmask) | (((v >> 32) >> gap) & ovmask) << self.ovw
    }
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
    /// The chunk's cut, its bottoms sorted by bucket, and the bucket keys
    /// of the tops' quarter placements in `yda` / `xda`.
    sieve: Sieve,
    sorted: Vec<u64>,
    ykey: Vec<usize>,
    xkey: Vec<usize>,
    tally: Tally,
    /// Shared row ANDs of the top-left and top-right placements.
    xpre: Prefixes,
    ypre: Prefixes,
}

/// The sum over `tasks` of their weighted counts, with the kernel `kernel`
/// (the four quarters: top-left, top-right, bottom-left, bottom-right),
/// and what it took.
///
/// # Panics
/// When `kernel` asks for CPU features this machine lacks.
pub fn run(
    shape: &Shape,
    quarters: &[Quarter; 4],
    pivots: &[Pivot],
    tasks: &[Task],
    kernel: Kernel,
) -> (u128, Tally) {
    let job = Job {
        shape,
        quarters,
        pivots,
    };
    let mut sc = Scratch::default();
    let count = match resolve(kernel) {
        // SAFETY: `resolve` returns these kernels only when the CPU has the
        // features they are compiled for (checked at run time).
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2 => unsafe { job.run_avx2(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        Kernel::Popcnt => unsafe { job.run_popcnt(tasks, &mut sc) },
        _ => job.run_body(tasks, &mut sc),
    };
    sc.tally.sets = tasks.len() as u64;
    (count, sc.tally)
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
        // A plain loop, no closures: a closure is its own function, which
        // LLVM may leave out of line, compiled without this kernel's CPU
        // features (the hot loop then counts bits without `popcnt`).
        let mut sum = 0u128;
        for t in tasks {
            let (dirty, clean) = self.run_task(t, sc);
            sum += u128::from(dirty) * u128::from(t.mult)
                + u128::from(clean) * u128::from(t.mult_clean);
        }
        sum
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
        for a in combinations(h, sbl.count_ones()) {
            if bl.group_len(sbl, a) == 0 || br.group_len(sbr, hmask ^ a) == 0 {
                continue;
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
        }
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
        let start = Instant::now();
        sc.tally.chunks += 1;
        sc.tally.bottoms += nb as u64;
        let nb = self.sieve_bottoms(t, nb, sc);
        let words = transpose_bottoms(nb, 2 * self.shape.ovw, sc);
        let groups = self.row_group_tables(t, words, sc);
        sc.xpre.reset(words);
        sc.ypre.reset(words);
        let built = Instant::now();
        let sums = self.join_tops(t, words, &groups, sc);
        for pre in [&mut sc.xpre, &mut sc.ypre] {
            sc.tally.level_words += std::mem::take(&mut pre.level_words);
            sc.tally.final_words += std::mem::take(&mut pre.final_words);
            sc.tally.spans += std::mem::take(&mut pre.spans);
        }
        sc.tally.halves += built - start;
        sc.tally.join += built.elapsed();
        sums
    }

    /// Sorts the first `nb` bottoms in `sc.bot` into the buckets of a cut
    /// chosen for them and the tops of task `t` (see [`Sieve`]); returns
    /// how many bottoms there are now, padding included.
    #[inline(always)]
    fn sieve_bottoms(&self, t: &Task, nb: usize, sc: &mut Scratch) -> usize {
        let k = Sieve::cut_size(nb, self.shape.bucket_bottoms);
        sc.tally.cut += k as u64;
        if k == 0 {
            sc.sieve.none();
        } else {
            let Shape { h, wl, .. } = *self.shape;
            let s = u64::from(t.s);
            let hmask = (1u64 << h) - 1;
            let (sl, sr) = (s & ((1u64 << wl) - 1), s >> wl);
            let [tl, tr, _, _] = self.quarters;
            let tops = combinations(h, sl.count_ones()).flat_map(|a| {
                tl.group(sl, a)
                    .iter()
                    .chain(tr.group(sr, hmask ^ a))
                    .map(|&v| self.shape.top_overlap(v))
            });
            sc.sieve.choose(k, 2 * self.shape.ovw, &sc.bot[..nb], tops);
        }
        let len = sc.sieve.arrange(&sc.bot[..nb], &mut sc.sorted);
        std::mem::swap(&mut sc.bot, &mut sc.sorted);
        len
    }

    /// Step 3 for task `t`, over bitsets of `words` words.
    #[inline(always)]
    fn row_group_tables(&self, t: &Task, words: usize, sc: &mut Scratch) -> [RowGroups; 2] {
        let Shape {
            n, h, hb, wl, ovw, ..
        } = *self.shape;
        let s = u64::from(t.s);
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let [tl, tr, _, _] = self.quarters;
        // 3. The row-group tables of both top quarters (see `row_groups`):
        //    the bottoms compatible with every way to fill a few rows of a
        //    quarter. A top placement's bitset is the AND over its groups.
        let (sl, sr) = (s & lmask, s >> wl);
        // How many placements of each quarter will use the tables.
        let mut uses = [0u64; 2];
        for a in combinations(h, sl.count_ones()) {
            let (l, r) = (tl.group_len(sl, a), tr.group_len(sr, hmask ^ a));
            if l != 0 && r != 0 {
                uses[0] += l;
                uses[1] += r;
            }
        }
        let left = RowGroups::new(h, wl, sl, 0, uses[0]);
        let right = RowGroups::new(h, n - wl, sr, left.rows(), uses[1]);
        let groups = [left, right];
        let table_rows = left.rows() + groups[1].rows();
        if sc.cell.len() < table_rows * words {
            sc.cell.resize(table_rows * words, 0);
        }
        let free_of = &sc.free_of;
        for (q, col0) in [(0, 0), (1, wl)] {
            // A queen on (r, col0 + c) blocks the overlap diagonals
            // d = r + c' and a = r + n - 1 - c' (c' = col0 + c) for the bottoms.
            let cell = |r: usize, c: usize, dst: &mut [u64]| {
                let c = col0 + c;
                for (x, base) in [(r + c, 0), (r + n - 1 - c, ovw)] {
                    if x >= hb && x - hb < ovw {
                        let p = base + x - hb;
                        let row = &free_of[p * words..(p + 1) * words];
                        for (o, v) in dst.iter_mut().zip(row) {
                            *o &= v;
                        }
                    }
                }
            };
            groups[q].build(&mut sc.cell, words, &sc.valid, cell);
        }
        groups
    }

    /// Step 4 for task `t`, with the tables `groups` of step 3.
    #[inline(always)]
    fn join_tops(
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

/// Step 2 for the first `nb` bottoms in `sc.bot`, `nbits` overlap diagonals
/// each: returns the words of a bitset over the bottoms.
#[inline(always)]
fn transpose_bottoms(nb: usize, nbits: usize, sc: &mut Scratch) -> usize {
    // Bitsets are padded to a multiple of 4 words with zeros (no bottom
    // there is ever counted), so the AND + popcount loops have no tail.
    let used = (nb + 63) / 64;
    let words = (used + 3) / 4 * 4;
    // 2. Transpose: free_of[p * words + j] bit i <=> bottom 64j+i avoids p.
    sc.free_of.clear();
    sc.free_of.resize(nbits * words, 0);
    // Real bottoms, not padding (an all-ones mask: no bottom uses every
    // overlap diagonal, `h` queens use at most `2h < 64`).
    sc.valid.clear();
    sc.valid.resize(words, 0);
    for (i, &m) in sc.bot[..nb].iter().enumerate() {
        sc.valid[i / 64] |= u64::from(m != !0) << (i % 64);
    }
    let mut blk = [0u64; 64];
    for j in 0..used {
        let chunk = &sc.bot[j * 64..nb.min(j * 64 + 64)];
        blk[..chunk.len()].copy_from_slice(chunk);
        // Padding placements use every bit, so they are never counted.
        blk[chunk.len()..].iter_mut().for_each(|x| *x = !0);
        transpose64(&mut blk);
        for (p, &col) in blk[..nbits].iter().enumerate() {
            sc.free_of[p * words + j] = !col;
        }
    }
    words
}

fn resolve(kernel: Kernel) -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        let popcnt = is_x86_feature_detected!("popcnt");
        let avx2 = popcnt && is_x86_feature_detected!("avx2");
        match kernel {
            Kernel::Auto if avx2 => Kernel::Avx2,
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
