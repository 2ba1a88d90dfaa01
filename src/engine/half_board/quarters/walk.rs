//! The walk over one quarter's placements, depth first, one queen at most
//! a row: every placement (or every one inside a column set) handed to a
//! callback with its bucket key, its stored diagonals (by the rules of
//! [`super::shape`]) and its queens; and one random descent of the same
//! tree, Knuth's estimator, for the sampled pricing.
//!
//! # Constraints
//! * `n <= 30`, a quarter at most 15 columns wide (a queen's column plus
//!   one fits a nibble) and `h <= 16` rows (16 nibbles in a `u64`).
//!
//! # Complexity
//! A walk visits every placement of the quarter (or of the column set)
//! once, `O(w)` word operations a node; a descent is `O(h * w)`.

use super::shape::{mark, Marks, QuarterShape};
use crate::base::rng::Rng;

/// Calls `emit(key, diagonals, queens)` for every placement of quarter `q`
/// (the queens one nibble a row: the column inside the quarter plus one).
pub(super) fn walk(
    n: usize,
    h: usize,
    free: &[u64],
    q: QuarterShape,
    emit: &mut dyn FnMut(usize, u64, u64),
) {
    let all = (1u64 << q.w) - 1;
    Walk {
        n,
        h,
        free,
        q,
        allowed: all,
        exact: false,
        emit,
    }
    .step(0, 0, 0, 0, 0, 0);
}

/// Calls `emit` for every placement of quarter `q` whose column set is
/// exactly `cols`: the walk never leaves those columns and gives up on a
/// branch once its rows left cannot take the columns left.
pub(super) fn walk_within(
    n: usize,
    h: usize,
    free: &[u64],
    q: QuarterShape,
    cols: u64,
    emit: &mut dyn FnMut(usize, u64, u64),
) {
    Walk {
        n,
        h,
        free,
        q,
        allowed: cols,
        exact: true,
        emit,
    }
    .step(0, 0, 0, 0, 0, 0);
}

/// One random descent of quarter `q`'s walk (of the column set `cols`
/// exactly, or of every placement when `None`): the estimate of the number
/// of placements it gives, the stored diagonals and the column set of the
/// placement reached (`None` at a dead end, an estimate of 0). See
/// [`Walk::probe`] and [`crate::engine::half_board::price::sampling`].
pub fn probe(
    n: usize,
    h: usize,
    free: &[u64],
    q: QuarterShape,
    cols: Option<u64>,
    rng: &mut Rng,
) -> Option<(f64, u64, u64)> {
    let mut nothing = |_: usize, _: u64, _: u64| {};
    Walk {
        n,
        h,
        free,
        q,
        allowed: cols.unwrap_or((1u64 << q.w) - 1),
        exact: cols.is_some(),
        emit: &mut nothing,
    }
    .probe(rng)
}

/// The `a = r - c + n - 1` diagonals of the mirrored mask `ar`, which keeps
/// diagonal `a` at bit `2n - 1 - a` (`c - r + n`: it grows with the column,
/// like `d`, so one right shift lines a row's diagonals up with its columns,
/// see [`Walk::open`]). Reversing the 64 bits puts bit `j` at `63 - j`; the
/// shift brings it to `2n - 1 - j`.
#[inline(always)]
fn mirrored(ar: u64, n: usize) -> u64 {
    ar.reverse_bits() >> (64 - 2 * n)
}

/// Depth-first walk over a quarter's placements, one queen at most per
/// row, in the columns `allowed` (all of them when `exact`).
struct Walk<'a> {
    n: usize,
    h: usize,
    free: &'a [u64],
    q: QuarterShape,
    allowed: u64,
    exact: bool,
    emit: &'a mut dyn FnMut(usize, u64, u64),
}

/// The row of `h` whose nibble in `cells` is `v` (1..=15), if one is: at
/// most one (a column holds one queen). Every row at once, where a loop
/// over the rows cost a fifth of a marking quarter's build at 26: XORed
/// with `v` in every nibble, the row's nibble is the only zero one, and
/// `(x - 1) & !x & 8` per nibble finds the lowest zero nibble exactly (a
/// nibble `x >= 1` gives 0: `x - 1` has bit 3 only when `x >= 9`, and
/// then `!x` has not; no borrow crosses a nibble below the first zero).
fn row_holding(cells: u64, v: u64, h: usize) -> Option<usize> {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let ones = ONES >> (64 - 4 * h);
    let x = cells ^ v.wrapping_mul(ones);
    let zero = x.wrapping_sub(ones) & !x & (ones << 3);
    (zero != 0).then(|| zero.trailing_zeros() as usize / 4)
}

impl Walk<'_> {
    /// `da` kept to the diagonals anything can meet, with the mark of its
    /// queen in the marked middle column if it has one (see [`Marks`]).
    fn marked(&self, da: u64, cells: u64) -> u64 {
        let n = self.n;
        let meets = (1u64 << (n - 1)) - 1;
        let da = da & (meets | meets << 32);
        let marks = self.q.marks;
        // The middle column's nibble value (column inside the quarter + 1).
        let mid = (marks.column(n, self.q.col0) - self.q.col0 + 1) as u64;
        match row_holding(cells, mid, self.h) {
            Some(r) => match marks.index(n, self.h, self.q.row0 + r) {
                Some(i) => da | mark(n, i),
                None => da,
            },
            None => da,
        }
    }

    /// A finished placement's stored diagonals (see the doc of
    /// `quarters`), from its board diagonals `dm` (`d = r + c`) and `ar`
    /// (the `a = r - c + n - 1` diagonals, mirrored: see [`mirrored`]).
    fn stored(&self, dm: u64, ar: u64, cells: u64) -> u64 {
        const LOW: u64 = 0xFFFF_FFFF;
        let am = mirrored(ar, self.n);
        let off = self.q.off;
        let da = ((dm >> off) & LOW) | (((am >> off) & LOW) << 32);
        if self.q.marks != Marks::None {
            self.marked(da, cells)
        } else {
            da
        }
    }

    /// One random descent of the walk's tree (Knuth's estimator): at each
    /// row one of the branches the walk would take, uniformly. Returns the
    /// product of the branch counts met, the stored diagonals and the
    /// column set of the placement reached, or `None` at a dead end. The
    /// product's mean over descents is the number of placements the walk
    /// emits.
    fn probe(&self, rng: &mut Rng) -> Option<(f64, u64, u64)> {
        let (mut cols, mut dm, mut ar, mut cells) = (0u64, 0u64, 0u64, 0u64);
        let mut weight = 1.0;
        for r in 0..self.h {
            let missing = (self.allowed & !cols).count_ones() as usize;
            if self.exact && missing > self.h - r {
                return None;
            }
            let skip = !self.exact || missing < self.h - r;
            let rr = self.q.row0 + r;
            let mut cand = self.open(rr, cols, dm, ar);
            let options = cand.count_ones() as u64 + u64::from(skip);
            if options == 0 {
                return None;
            }
            weight *= options as f64;
            let mut pick = rng.below(options);
            if skip && pick == 0 {
                continue;
            }
            pick -= u64::from(skip);
            for _ in 0..pick {
                cand &= cand - 1;
            }
            let c = cand.trailing_zeros() as usize;
            let cc = self.q.col0 + c;
            let (d, a) = self.diagonals(rr, cc);
            cols |= 1 << c;
            dm |= d;
            ar |= a;
            cells |= (c as u64 + 1) << (4 * r);
        }
        if self.exact && cols != self.allowed {
            return None;
        }
        Some((weight, self.stored(dm, ar, cells), cols))
    }

    /// The bits a queen on board cell (`rr`, `cc`) sets in `dm` (its `d`
    /// diagonal) and in the mirrored `ar` (its `a` diagonal, see
    /// [`mirrored`]), as [`Walk::open`] reads them.
    #[inline(always)]
    fn diagonals(&self, rr: usize, cc: usize) -> (u64, u64) {
        (1 << (rr + cc), 1 << (cc + self.n - rr))
    }

    /// The quarter's columns (bit `c` for board column `col0 + c`) that a
    /// queen in board row `rr` may take: free, allowed, not in `cols`, and
    /// on no diagonal of `dm` (`d = r + c`) or `ar` (`a = r - c + n - 1`,
    /// kept mirrored: see [`mirrored`]).
    ///
    /// Both diagonal masks are read as column masks by one shift: the `d`
    /// diagonal of column `col0 + c` in row `rr` is bit `rr + col0 + c`, so
    /// `dm >> (rr + col0)` has it at bit `c`; the mirrored `a` diagonal is
    /// bit `col0 + c - rr + n`, so `ar >> (col0 + n - rr)` has it at bit
    /// `c` too (`rr < n`: the shift is at least 1).
    #[inline(always)]
    fn open(&self, rr: usize, cols: u64, dm: u64, ar: u64) -> u64 {
        let free = (self.free[rr] >> self.q.col0) & self.allowed & !cols;
        free & !(dm >> (rr + self.q.col0)) & !(ar >> (self.q.col0 + self.n - rr))
    }

    fn step(&mut self, r: usize, rows: u64, cols: u64, dm: u64, ar: u64, cells: u64) {
        let missing = (self.allowed & !cols).count_ones() as usize;
        if self.exact && missing > self.h - r {
            return;
        }
        if r == self.h {
            let da = self.stored(dm, ar, cells);
            (self.emit)(((cols << self.h) | rows) as usize, da, cells);
            return;
        }
        if !self.exact || missing < self.h - r {
            self.step(r + 1, rows, cols, dm, ar, cells);
        }
        let rr = self.q.row0 + r;
        let mut cand = self.open(rr, cols, dm, ar);
        while cand != 0 {
            let c = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let (d, a) = self.diagonals(rr, self.q.col0 + c);
            self.step(
                r + 1,
                rows | 1 << r,
                cols | 1 << c,
                dm | d,
                ar | a,
                cells | ((c as u64 + 1) << (4 * r)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    /// The nibble trick finds the row a loop over the rows finds, on random
    /// queens' nibbles (rows left empty, repeated values, every `h`).
    #[test]
    fn the_row_holding_a_value_is_the_one_a_loop_finds() {
        let mut rng = crate::base::rng::Rng::new(7);
        for _ in 0..50_000 {
            let h = 1 + rng.below(16) as usize;
            let mut cells = 0u64;
            for r in 0..h {
                if rng.below(3) > 0 {
                    cells |= (1 + rng.below(15)) << (4 * r);
                }
            }
            let v = 1 + rng.below(15);
            let by_loop = (0..h).find(|&r| (cells >> (4 * r)) & 15 == v);
            assert_eq!(
                super::row_holding(cells, v, h),
                by_loop,
                "{cells:x} {v} {h}"
            );
        }
    }
}
