//! Half-board join counter for N-Queens on boards with blocked cells.
//!
//! # Method
//!
//! The board is cut into a top half (rows `0..h`, `h = n / 2`) and a bottom
//! half (the last `h` rows). For odd `n` the middle row is a *pivot*: every
//! free cell of it is tried as its own sub-problem, and its queen simply
//! blocks one column and two diagonals for both halves.
//!
//! A solution is a top placement using an `h`-set `S` of columns plus a
//! bottom placement using the remaining available columns, such that no
//! diagonal is used twice. Rows and columns are then automatically right, so
//! the count is `sum over S of #{(t, b) : diagonals(t) & diagonals(b) == 0}`.
//! Only diagonals that both halves can reach matter (the *overlap*, at most
//! `2(n-1)` bits), so each half placement becomes one `u64` of overlap bits.
//!
//! Each half is itself a join of two *quarters* (left / right columns). Every
//! quarter placement (a set of rows, a set of columns, the diagonals it uses)
//! is enumerated once and bucketed by (columns, rows), so the placements of a
//! half with column set `S` are the compatible pairs of two buckets with
//! complementary row sets.
//!
//! For one `S`:
//! 1. all bottom placements `b` are built and stored *transposed*: for every
//!    overlap bit `p` a bitset over the bottom placements, bit `j` set when
//!    placement `j` does **not** use `p` (`free_of[p]`);
//! 2. for every cell `(r, c)` of the top half with `c` in `S`, the bitset of
//!    bottoms compatible with a queen there is
//!    `free_of[d(r, c)] & free_of[a(r, c)]` (the *cell table*);
//! 3. for every top-left quarter placement `l` the bitset `X_l` = AND of the
//!    cell bitsets of its queens (bottoms compatible with `l`) is formed,
//!    and likewise `Y_r` for every top-right quarter placement `r`;
//! 4. for every compatible pair `(l, r)` (a top placement) the number of
//!    bottoms compatible with it is `popcount(X_l & Y_r)`.
//!
//! So 64 (top, bottom) pairs cost one AND and one popcount; the per-queen
//! AND work is paid per quarter placement, not per half placement. (On
//! blank boards up to n = 18 the quarter groups are small, so building
//! `X`/`Y` still costs about as much as the pairs.)
//!
//! # Symmetry
//!
//! If the board is invariant under the left-right mirror and/or the
//! top-bottom flip (always true for a blank board), column sets `S` related
//! by the induced maps (`S -> mirror(S)`, `S -> available \ S`) give equal
//! contributions; only the smallest `S` of each orbit is computed and
//! multiplied by the orbit size. For odd `n` a mirror-symmetric board pairs
//! pivot `m` with pivot `n-1-m`.
//!
//! *Diagonal mode* (even `n >= 18`, board also invariant under both
//! diagonal reflections): the reflection in the anti-diagonal keeps the
//! anti-diagonal pointwise and moves a main-diagonal queen between the
//! halves; the transpose does the converse. So solutions whose bottom half
//! has a queen on a longest diagonal are counted through their images: only
//! bottoms with no queen on either longest diagonal are built, and a top
//! placement weighs 2 per longest diagonal it occupies. The flip symmetry
//! then only holds for the weight-1 part, which gets its own multiplier.
//! Blank even boards thus get close to the 8-fold reduction.
//!
//! The count of solutions unique up to the 8 board symmetries is *not*
//! produced (the orbit bookkeeping above is on column sets, not solutions).
//!
//! # Constraints
//!
//! * `1 <= n <= MAX_N` (22): the diagonals a half can use must fit in 32
//!   bits so that one `u64` holds both diagonal directions of a placement.
//! * `free[r]` bit `c` set means cell (r, c) is free; bits `>= n` are ignored.
//! * Memory: all quarter placements are stored, 16 bytes each (about
//!   4 x 7.5 M x 16 bytes for a blank n = 20 board) plus per-thread scratch
//!   for one `S`; see [`Plan::peak_bytes`]. [`Plan::new`] returns `None`
//!   when the estimate exceeds the caller's limit, before the large
//!   allocations (only the per-bucket counts, 4 x `2^(n/2 + n/2)` u32, are
//!   allocated first).
//! * Planning enumerates every column set and walks every quarter twice, so
//!   [`Plan::new`] itself costs about `C(n, n/2) * 2^(n/2)` simple steps.
//!
//! # Complexity
//!
//! Let `T_S`, `B_S` be the numbers of top / bottom placements for column set
//! `S`, `W_S = B_S / 64`. Time is about `sum_S T_S * W_S` AND+popcount word
//! operations, plus `O(B_S * n / 64)` to build and transpose the bottoms,
//! `O(h^2 * W_S)` for the cell table and `O(quarter placements of S * n *
//! W_S)` for the `X`/`Y` bitsets, over the canonical column sets only (about
//! 1/4 of them for blank odd boards, 1/4..1/8 for blank even boards).
//! Memory is linear in the number of quarter placements plus
//! `O((max group + h * n) * max_S W_S)` words per thread.

use std::ops::Range;

/// Largest board size the method accepts.
pub const MAX_N: usize = 22;

/// Which inner-loop instantiation [`Plan::run_unit_with`] uses.
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

/// All quarter placements of one quarter, bucketed by (columns, rows).
struct Quarter {
    /// Number of row bits in a key (rows of the half).
    h: usize,
    /// `start[k]..start[k + 1]` is bucket `k = cols << h | rows` in `da`.
    start: Vec<u32>,
    /// Diagonals of each placement: low 32 bits `d = r + c - off`, high 32
    /// bits `a = r - c + n - 1 - off` (off = first row of the bottom half for
    /// bottom quarters, 0 for top quarters).
    da: Vec<u64>,
    /// Queen of each placement per row: nibble `r` (row `r` of the half) is
    /// the column inside the quarter plus one, 0 for an empty row.
    cells: Vec<u64>,
}

impl Quarter {
    #[inline(always)]
    fn group(&self, cols: u64, rows: u64) -> &[u64] {
        let k = ((cols << self.h) | rows) as usize;
        &self.da[self.start[k] as usize..self.start[k + 1] as usize]
    }

    #[inline(always)]
    fn group_cells(&self, cols: u64, rows: u64) -> &[u64] {
        let k = ((cols << self.h) | rows) as usize;
        &self.cells[self.start[k] as usize..self.start[k + 1] as usize]
    }

    #[inline(always)]
    fn group_len(&self, cols: u64, rows: u64) -> u64 {
        let k = ((cols << self.h) | rows) as usize;
        u64::from(self.start[k + 1] - self.start[k])
    }
}

/// Geometry of one quarter: rows `row0..row0 + h` of the board, columns
/// `col0..col0 + w`.
#[derive(Clone, Copy)]
struct QuarterShape {
    row0: usize,
    col0: usize,
    w: usize,
    off: usize,
}

/// Depth-first walk over all non-attacking placements inside a quarter, one
/// queen at most per row; calls `emit(key, da)` for each.
struct QuarterWalk<'a, F: FnMut(usize, u64, u64)> {
    n: usize,
    h: usize,
    free: &'a [u64],
    q: QuarterShape,
    emit: F,
}

impl<'a, F: FnMut(usize, u64, u64)> QuarterWalk<'a, F> {
    #[allow(clippy::too_many_arguments)]
    fn walk(&mut self, r: usize, rows: u64, cols: u64, dm: u64, am: u64, cells: u64) {
        if r == self.h {
            let da = (dm >> self.q.off) | ((am >> self.q.off) << 32);
            (self.emit)(((cols << self.h) | rows) as usize, da, cells);
            return;
        }
        self.walk(r + 1, rows, cols, dm, am, cells);
        let rr = self.q.row0 + r;
        let qmask = (1u64 << self.q.w) - 1;
        let mut cand = (self.free[rr] >> self.q.col0) & qmask & !cols;
        while cand != 0 {
            let c = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let cc = self.q.col0 + c;
            let d = rr + cc;
            let a = rr + self.n - 1 - cc;
            if (dm >> d) & 1 != 0 || (am >> a) & 1 != 0 {
                continue;
            }
            self.walk(
                r + 1,
                rows | 1 << r,
                cols | 1 << c,
                dm | 1 << d,
                am | 1 << a,
                cells | ((c as u64 + 1) << (4 * r)),
            );
        }
    }
}

fn quarter_counts(n: usize, h: usize, free: &[u64], q: QuarterShape) -> Vec<u32> {
    let mut counts = vec![0u32; (1usize << (q.w + h)) + 1];
    let mut walk = QuarterWalk {
        n,
        h,
        free,
        q,
        emit: |k: usize, _da: u64, _cells: u64| counts[k] += 1,
    };
    walk.walk(0, 0, 0, 0, 0, 0);
    counts
}

fn quarter_fill(n: usize, h: usize, free: &[u64], q: QuarterShape, counts: Vec<u32>) -> Quarter {
    // Exclusive prefix sum: counts become bucket starts.
    let mut start = counts;
    let mut acc = 0u32;
    for s in start.iter_mut() {
        let c = *s;
        *s = acc;
        acc += c;
    }
    let mut cursor = start.clone();
    let mut da = vec![0u64; acc as usize];
    let mut cells = vec![0u64; acc as usize];
    let mut walk = QuarterWalk {
        n,
        h,
        free,
        q,
        emit: |k: usize, v: u64, c: u64| {
            da[cursor[k] as usize] = v;
            cells[cursor[k] as usize] = c;
            cursor[k] += 1;
        },
    };
    walk.walk(0, 0, 0, 0, 0, 0);
    Quarter {
        h,
        start,
        da,
        cells,
    }
}

fn binom(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// Calls `f` with every subset of `0..nbits` having exactly `k` elements.
#[inline(always)]
fn for_each_comb(nbits: usize, k: u32, mut f: impl FnMut(u64)) {
    if k as usize > nbits {
        return;
    }
    if k == 0 {
        f(0);
        return;
    }
    let limit = 1u64 << nbits;
    let mut x: u64 = (1u64 << k) - 1;
    while x < limit {
        f(x);
        // Gosper's hack: next larger integer with the same popcount. `c` is
        // the lowest set bit, `r` carries it into the lowest run of ones, and
        // the ones shifted out are moved back down to the bottom.
        let c = x & x.wrapping_neg();
        let r = x + c;
        x = (((r ^ x) >> 2) / c) | r;
    }
}

/// Transposes a 64x64 bit matrix in place: afterwards bit `i` of `a[j]` is
/// the old bit `j` of `a[i]`. Swaps ever smaller off-diagonal blocks: for
/// block size `j`, bits `j..2j` of row `k` trade places with bits `0..j` of
/// row `k + j` (for all `k` with bit `j` clear), under mask `m`.
#[inline(always)]
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32usize;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0usize;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

/// One middle-row queen choice (or the single empty choice for even `n`).
#[derive(Clone, Copy, Debug)]
struct Pivot {
    /// Columns the halves may use.
    avail: u64,
    /// Diagonals of the pivot queen in top-half coordinates.
    top_block: u64,
    /// Same in bottom-half coordinates.
    bot_block: u64,
}

/// One column set `S` (for one pivot) with its symmetry multiplicity.
#[derive(Clone, Copy, Debug)]
struct Task {
    s: u32,
    pivot: u16,
    /// Multiplier of the part with a queen of the top half on a longest
    /// diagonal (diagonal mode only; weights 2 and 4 applied inside).
    mult: u16,
    /// Multiplier of the part where no queen is on a longest diagonal
    /// (everything outside diagonal mode); 0 when another column set of
    /// the orbit accounts for it.
    mult_clean: u16,
}

/// Per-thread working memory for one column set.
#[derive(Default)]
struct Scratch {
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

/// From this side on the half-board engine counts the blank board faster
/// than the constellation engine (measured on one thread: 0.36 s against
/// 1.12 s at n = 16, 3.1 s against 8.9 s at n = 17; at n = 15 they tie).
pub const BLANK_FROM: usize = 16;

/// Smallest `n` for the diagonal mode: below it, building the bottoms of
/// twice as many column sets costs more than the smaller joins save
/// (measured: n = 16 0.52 s with, 0.39 s without; n = 18 12.1 s with, 16.5 s
/// without).
const DIAG_MIN_N: usize = 18;

/// Number of top-left placements whose `X` bitsets are kept at once.
const XBLOCK: usize = 8;

/// A prepared count: quarter tables, work list and estimates.
pub struct Plan {
    n: usize,
    h: usize,
    wl: usize,
    ovw: usize,
    /// Longest-diagonal masks when diagonal symmetry is used (else 0): the
    /// main diagonal in top coordinates, the anti-diagonal in top
    /// coordinates, both in bottom coordinates.
    diag_main: u64,
    diag_anti: u64,
    diag_bot: u64,
    quarters: Vec<Quarter>,
    pivots: Vec<Pivot>,
    tasks: Vec<Task>,
    units: Vec<Range<usize>>,
    unit_w: Vec<f64>,
    cost: f64,
    terms: [f64; 6],
    peak: usize,
    scratch: usize,
}

/// Cost model constants (ns on one core, measured on an AMD EPYC with popcnt).
// Cost model: nanoseconds per unit of each term, a least-squares fit of the
// measured one-thread CPU time on random boards n = 12..=17 (densities
// 0..35 %) with the popcnt kernel, on a shared 2-vCPU AMD EPYC VM. Most
// components grow together, so the per-term constants are not meaningful
// alone; the total was within 0.7x..1.3x of the measurement on that set.
/// Per candidate quarter pair (both halves, before the diagonal test).
const NS_JOIN: f64 = 11.2;
/// Per word of an `X`/`Y` bitset built for a quarter placement.
const NS_XY_WORD: f64 = 1.0;
/// Per word of `popcount(X & Y)` for a candidate top placement.
const NS_PAIR_WORD: f64 = 0.05;
/// Per row-set combination visited and per word of the cell table.
const NS_TASK: f64 = 9.7;
/// Per column set examined by the planner.
const NS_PLAN: f64 = 1.0;
/// Per stored quarter placement.
const NS_QUARTER_ITEM: f64 = 500.0;
/// Share of candidate bottoms that pass the diagonal test (about 1/2), and
/// of those with no longest-diagonal queen in diagonal mode (about 1/4).
const BOTTOM_PASS: f64 = 0.5;
const BOTTOM_PASS_DIAG: f64 = 0.25;

impl std::fmt::Debug for Plan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "half_board::Plan(n={}, units={})",
            self.n,
            self.units.len()
        )
    }
}

impl Plan {
    /// Plans a count of `n` queens on the board whose row `r` has free
    /// columns `free[r]`. Returns `None` when the method does not apply
    /// (`n` outside `1..=MAX_N`, `free.len() != n`) or the peak memory
    /// estimate exceeds `memory_limit` bytes. Only counting passes and small
    /// tables are allocated before the memory check.
    pub fn new(n: usize, free: &[u64], memory_limit: usize) -> Option<Plan> {
        Self::with_diag_min(n, free, memory_limit, DIAG_MIN_N)
    }

    /// [`Plan::new`] with the smallest `n` for diagonal mode given (tests
    /// use it to exercise that mode on small boards).
    #[doc(hidden)]
    pub fn with_diag_min(
        n: usize,
        free: &[u64],
        memory_limit: usize,
        diag_min_n: usize,
    ) -> Option<Plan> {
        if n == 0 || n > MAX_N || free.len() != n {
            return None;
        }
        let full = (1u64 << n) - 1;
        let free: Vec<u64> = free.iter().map(|&f| f & full).collect();
        let h = n / 2;
        let odd = n & 1;
        let hb = h + odd;
        let wl = n / 2;
        let wr = n - wl;
        // Overlap: diagonal indices both halves can reach, per direction.
        let ovw = (n + h).saturating_sub(1 + hb);
        let rev = |x: u64| x.reverse_bits() >> (64 - n);
        let mirror_sym = free.iter().all(|&f| rev(f) == f);
        let flip_sym = (0..n).all(|r| free[r] == free[n - 1 - r]);
        let cell = |r: usize, c: usize| (free[r] >> c) & 1;
        // Diagonal mode (even n, board invariant under both diagonal
        // reflections): by those reflections, solutions with the main
        // (anti-)diagonal queen in the top half are as many as with it in
        // the bottom half. So only bottoms with no queen on a longest
        // diagonal are built, and a top placement counts 2 per longest
        // diagonal it occupies.
        let diag = odd == 0
            && n >= diag_min_n
            && (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(c, r)))
            && (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(n - 1 - c, n - 1 - r)));
        let (diag_main, diag_anti, diag_bot) = if diag {
            (
                1u64 << (32 + n - 1),
                1u64 << (n - 1),
                (1u64 << (n - 1 - hb)) | (1u64 << (32 + n - 1 - hb)),
            )
        } else {
            (0, 0, 0)
        };

        // Pivots (with pivot-level mirror pairing).
        let mut pivots = Vec::new();
        let mut pivot_mult = Vec::new();
        let mut pivot_self_mirror = Vec::new();
        if odd == 1 {
            let mut f = free[h];
            while f != 0 {
                let m = f.trailing_zeros() as usize;
                f &= f - 1;
                let mm = n - 1 - m;
                if mirror_sym && m > mm {
                    continue;
                }
                let d = h + m;
                let a = h + n - 1 - m;
                let top_block = (1u64 << d) | (1u64 << (a + 32));
                let mut bot_block = 0u64;
                if d >= hb {
                    bot_block |= 1u64 << (d - hb);
                }
                if a >= hb {
                    bot_block |= 1u64 << (a - hb + 32);
                }
                pivots.push(Pivot {
                    avail: full & !(1u64 << m),
                    top_block,
                    bot_block,
                });
                pivot_mult.push(if mirror_sym && m < mm { 2u16 } else { 1 });
                pivot_self_mirror.push(mirror_sym && m == mm);
            }
        } else {
            pivots.push(Pivot {
                avail: full,
                top_block: 0,
                bot_block: 0,
            });
            pivot_mult.push(1);
            pivot_self_mirror.push(mirror_sym);
        }

        let shapes = [
            QuarterShape {
                row0: 0,
                col0: 0,
                w: wl,
                off: 0,
            },
            QuarterShape {
                row0: 0,
                col0: wl,
                w: wr,
                off: 0,
            },
            QuarterShape {
                row0: hb,
                col0: 0,
                w: wl,
                off: hb,
            },
            QuarterShape {
                row0: hb,
                col0: wl,
                w: wr,
                off: hb,
            },
        ];
        let counts: Vec<Vec<u32>> = shapes
            .iter()
            .map(|q| quarter_counts(n, h, &free, *q))
            .collect();
        let items: Vec<u64> = counts
            .iter()
            .map(|c| c.iter().map(|&x| u64::from(x)).sum())
            .collect();
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let key_count = |q: usize, cols: u64, rows: u64| -> u64 {
            u64::from(counts[q][((cols << h) | rows) as usize])
        };
        // Upper bound of half placements with column set `s` (quarter pairs
        // with complementary rows, before the diagonal check) and the number
        // of quarter placements involved.
        let half_est = |ql: usize, s: u64| -> (u64, u64, u64) {
            let (sl, sr) = (s & lmask, s >> wl);
            let (mut pairs, mut nl, mut nr) = (0u64, 0u64, 0u64);
            for_each_comb(h, sl.count_ones(), |a| {
                let x = key_count(ql, sl, a);
                if x != 0 {
                    let y = key_count(ql + 1, sr, hmask ^ a);
                    pairs += x * y;
                    nl += x;
                    nr += y;
                }
            });
            (pairs, nl, nr)
        };

        // Work list: one task per canonical column set.
        let mut tasks = Vec::new();
        let mut weights = Vec::new();
        let mut terms = [0f64; 6];
        let mut scanned = 0u64;
        let mut max_b = 0u64;
        // Largest bucket: bounds the placements of one quarter group.
        let max_grp = counts
            .iter()
            .flat_map(|c| c.iter())
            .copied()
            .max()
            .unwrap_or(0);
        for (pi, pv) in pivots.iter().enumerate() {
            let avail = pv.avail;
            let positions: Vec<usize> = (0..n).filter(|&c| (avail >> c) & 1 != 0).collect();
            for_each_comb(positions.len(), h as u32, |idx| {
                scanned += 1;
                let mut s = 0u64;
                let mut bits = idx;
                while bits != 0 {
                    s |= 1u64 << positions[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                // Orbit of `s` under the symmetries that keep this pivot:
                // mirror first, then with the top-bottom flip.
                let mut orbit = [s; 4];
                let mut len = 1;
                if pivot_self_mirror[pi] {
                    orbit[len] = rev(s);
                    len += 1;
                }
                let mirror_len = len;
                if flip_sym {
                    for i in 0..len {
                        orbit[len + i] = avail ^ orbit[i];
                    }
                    len *= 2;
                }
                let distinct = |o: &[u64]| {
                    let mut v = o.to_vec();
                    v.sort_unstable();
                    v.dedup();
                    v.len() as u16
                };
                let canon_full = orbit[..len].iter().all(|&o| o >= s);
                let (mult, mult_clean) = if diag {
                    // The diagonal weighting breaks the flip, except for the
                    // part with no longest-diagonal queen at all.
                    if orbit[..mirror_len].iter().any(|&o| o < s) {
                        return;
                    }
                    let m = distinct(&orbit[..mirror_len]);
                    (
                        m,
                        if canon_full {
                            distinct(&orbit[..len])
                        } else {
                            0
                        },
                    )
                } else {
                    if !canon_full {
                        return;
                    }
                    (0, distinct(&orbit[..len]))
                };
                let (tp, tl, tr) = half_est(0, s);
                if tp == 0 {
                    return;
                }
                let (bp, _, _) = half_est(2, avail ^ s);
                if bp == 0 {
                    return;
                }
                max_b = max_b.max(bp);
                let pass = if diag { BOTTOM_PASS_DIAG } else { BOTTOM_PASS };
                let wds = (bp as f64 * pass / 64.0).ceil();
                let combs = binom(h, (s & lmask).count_ones() as usize)
                    + binom(h, ((avail ^ s) & lmask).count_ones() as usize);
                let t = [
                    (tp + bp) as f64,
                    (tl + tr) as f64 * wds,
                    tp as f64 * wds,
                    0.0,
                    combs as f64 + (h * h) as f64 * wds,
                ];
                for (a, b) in terms.iter_mut().zip(t) {
                    *a += b;
                }
                let w = NS_JOIN * t[0] + NS_XY_WORD * t[1] + NS_PAIR_WORD * t[2] + NS_TASK * t[4];
                tasks.push(Task {
                    s: s as u32,
                    pivot: pi as u16,
                    mult: mult * pivot_mult[pi],
                    mult_clean: mult_clean * pivot_mult[pi],
                });
                weights.push(w);
            });
        }

        // Memory estimate before allocating the quarter tables.
        let quarter_bytes: usize = counts.iter().map(|c| c.len() * 4).sum::<usize>()
            + items.iter().map(|&x| x as usize * 16).sum::<usize>();
        let words = (max_b as usize + 63) / 64;
        // Bottoms, transposed rows, cell table, X and Y bitsets, buffers.
        let scratch = (max_b as usize + 64) * 8
            + (2 * ovw + 1) * words * 8
            + h * n * words * 8
            + (max_grp as usize + XBLOCK) * words * 8
            + 8 * (max_grp as usize) * 16;
        let peak =
            quarter_bytes + tasks.len() * std::mem::size_of::<Task>() + weights.len() * 8 + scratch;
        if peak > memory_limit {
            return None;
        }

        let quarters: Vec<Quarter> = shapes
            .iter()
            .zip(counts)
            .map(|(q, c)| quarter_fill(n, h, &free, *q, c))
            .collect();

        // Units: consecutive tasks of roughly equal weight.
        let total: f64 = weights.iter().sum();
        let target = (total / 512.0).max(1e-9);
        let mut units = Vec::new();
        let mut unit_w = Vec::new();
        let (mut begin, mut acc) = (0usize, 0f64);
        for (i, &w) in weights.iter().enumerate() {
            acc += w;
            if acc >= target || i + 1 == weights.len() {
                units.push(begin..i + 1);
                unit_w.push(acc);
                begin = i + 1;
                acc = 0.0;
            }
        }
        let quarter_items: u64 = items.iter().sum();
        terms[3] = quarter_items as f64;
        terms[5] = scanned as f64;
        let cost = total + NS_QUARTER_ITEM * quarter_items as f64 + NS_PLAN * scanned as f64;
        Some(Plan {
            n,
            h,
            wl,
            ovw,
            diag_main,
            diag_anti,
            diag_bot,
            quarters,
            pivots,
            tasks,
            units,
            unit_w,
            cost,
            terms,
            peak,
            scratch,
        })
    }

    /// Board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Estimated peak memory in bytes for a run on one thread (tables plus
    /// one scratch); each further concurrent thread adds [`Plan::scratch_bytes`].
    pub fn peak_bytes(&self) -> usize {
        self.peak
    }

    /// Estimated per-thread scratch memory in bytes.
    pub fn scratch_bytes(&self) -> usize {
        self.scratch
    }

    /// Estimated total work in nanoseconds on one core (popcnt kernel).
    pub fn cost(&self) -> f64 {
        self.cost
    }

    /// Raw terms of the cost model (join candidates, X/Y words, pair words,
    /// quarter placements), for calibration.
    #[doc(hidden)]
    pub fn cost_terms(&self) -> [f64; 6] {
        self.terms
    }

    /// Number of independent work units.
    pub fn units(&self) -> usize {
        self.units.len()
    }

    /// Estimated relative cost of unit `i`.
    pub fn unit_weight(&self, i: usize) -> f64 {
        self.unit_w[i]
    }

    /// Exact contribution of unit `i`; the sum over all units is the count.
    pub fn run_unit(&self, i: usize) -> u128 {
        self.run_unit_with(i, Kernel::Auto)
    }

    /// [`Plan::run_unit`] with an explicit kernel choice. Panics if the
    /// requested CPU features are missing.
    pub fn run_unit_with(&self, i: usize, kernel: Kernel) -> u128 {
        let tasks = &self.tasks[self.units[i].clone()];
        let mut sc = Scratch::default();
        match resolve(kernel) {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { self.run_avx2(tasks, &mut sc) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Popcnt => unsafe { self.run_popcnt(tasks, &mut sc) },
            _ => self.run_portable(tasks, &mut sc),
        }
    }

    /// Total number of solutions, all units on this thread.
    pub fn count(&self) -> u128 {
        (0..self.units()).map(|i| self.run_unit(i)).sum()
    }

    /// [`Plan::count`] with an explicit kernel.
    pub fn count_with(&self, kernel: Kernel) -> u128 {
        (0..self.units())
            .map(|i| self.run_unit_with(i, kernel))
            .sum()
    }

    fn run_portable(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body(tasks, sc)
    }

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
        let (h, wl, ovw) = (self.h, self.wl, self.ovw);
        let pv = self.pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let sb = pv.avail ^ s;
        let hmask = (1u64 << h) - 1;
        let lmask = (1u64 << wl) - 1;
        let ovmask = (1u64 << ovw) - 1;
        let [tl, tr, bl, br] = [
            &self.quarters[0],
            &self.quarters[1],
            &self.quarters[2],
            &self.quarters[3],
        ];

        // 1. Bottom placements as compact overlap masks: direction-d bits in
        //    0..ovw, direction-a bits in ovw..2*ovw.
        let (sbl, sbr) = (sb & lmask, sb >> wl);
        let block = pv.bot_block | self.diag_bot;
        let compact = |v: u64| (v & ovmask) | ((v >> 32) & ovmask) << ovw;
        let (lbuf, rbuf, bot) = (&mut sc.blbuf, &mut sc.brbuf, &mut sc.bot);
        let mut nb = 0usize;
        for_each_comb(h, sbl.count_ones(), |a| {
            if bl.group_len(sbl, a) == 0 || br.group_len(sbr, hmask ^ a) == 0 {
                return;
            }
            filter_into(lbuf, bl.group(sbl, a), block);
            filter_into(rbuf, br.group(sbr, hmask ^ a), block);
            for &x in lbuf.iter() {
                if bot.len() < nb + rbuf.len() {
                    bot.resize(2 * (nb + rbuf.len()), 0);
                }
                let out = &mut bot[nb..nb + rbuf.len()];
                let cx = compact(x);
                let mut k = 0usize;
                // Branch-free append: always write, advance only on a fit
                // (the fit test is close to a coin flip, a branch would
                // mispredict constantly). Compaction distributes over OR.
                for &y in rbuf.iter() {
                    out[k] = cx | compact(y);
                    k += usize::from(x & y == 0);
                }
                nb += k;
            }
        });
        if nb == 0 {
            return (0, 0);
        }
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
        let n = self.n;
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
        let (dm, da_) = (self.diag_main, self.diag_anti);
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

/// `popcount(x & y)` over two equal-length word slices.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_matches_naive() {
        let mut seed = 7u64;
        let mut a = [0u64; 64];
        for x in a.iter_mut() {
            *x = splitmix(&mut seed);
        }
        let orig = a;
        transpose64(&mut a);
        for (i, &row) in orig.iter().enumerate() {
            for (j, &col) in a.iter().enumerate() {
                assert_eq!((col >> i) & 1, (row >> j) & 1);
            }
        }
    }

    fn splitmix(s: &mut u64) -> u64 {
        *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}
