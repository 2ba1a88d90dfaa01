//! Solutions of the blank board that one symmetry maps to themselves: the
//! terms of Burnside's lemma besides the identity's.
//!
//! A solution fixed by a symmetry `g` is a union of `g`-orbits of cells,
//! so the searches place whole orbits: each step takes an empty row,
//! tries each cell of it, and places the cell's orbit at once. Every
//! fixed solution is found exactly once: the row holds one queen of it,
//! which decides the branch.
//!
//! The turns ([`Rotate90`](Symmetry::Rotate90), `Rotate180`, `Rotate270`)
//! have a bitmask search ([`Turn`]) that scales: a half turn fixes
//! solutions determined by their top half, a quarter turn by a quarter of
//! the board. Its queens so far are a union of orbits, so the lines they
//! hold (rows, columns, both diagonals) are closed under the turn: a cell
//! whose own four lines are free has every image free as well, and only
//! the orbit's queens attacking each other (known per cell, computed once)
//! can spoil it. A step is then the ordinary one of a bitmask search (a
//! row's free columns in a few shifts), and when one orbit is left to
//! place the free cells of an empty row are counted at once. The board's
//! centre, alone in its orbit, holds a queen of every turn-fixed solution
//! of odd side (the middle row's queen is its own image's row-mate
//! otherwise), so it is placed first.
//!
//! A reflection fixes no solution for `n > 1` (a diagonal reflection puts
//! a queen and its image on one anti-diagonal or diagonal, the others
//! in one row or column); its search ([`Orbits`], cell by cell) dies at
//! once.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! The half turn's search grows about eightfold per two sides (a tenth of
//! a second at n = 20, minutes at 28); the quarter turn's is milliseconds
//! at 28 and a fraction of a second at 33. Times by side are in
//! `docs/COUNTING.md`.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::base::board::Symmetry;

/// The solutions of the blank `n x n` board fixed by `symmetry` whose row-0
/// queen stands in column `first` (0 where `first >= n`).
///
/// ```
/// use nqueens::base::board::Symmetry;
/// use nqueens::engine::counter::fixed::fixed;
/// let half_turn: u128 = (0..8).map(|c| fixed(8, Symmetry::Rotate180, c)).sum();
/// assert_eq!(half_turn, 4); // OEIS A032522
/// ```
pub fn fixed(n: usize, symmetry: Symmetry, first: usize) -> u128 {
    if first >= n || !(1..=64).contains(&n) {
        return 0;
    }
    match Turn::new(n, symmetry) {
        Some(turn) => turn.first(first),
        None => Orbits::new(n, symmetry).first(first),
    }
}

/// All the solutions of the blank `n x n` board fixed by `symmetry`: the
/// sum of [`fixed`] over the first row's columns, in one search.
///
/// ```
/// use nqueens::base::board::Symmetry;
/// use nqueens::engine::counter::fixed::fixed_all;
/// assert_eq!(fixed_all(12, Symmetry::Rotate90), 8); // OEIS A033148
/// assert_eq!(fixed_all(12, Symmetry::Transpose), 0);
/// ```
pub fn fixed_all(n: usize, symmetry: Symmetry) -> u128 {
    fixed_all_on(n, symmetry, 1)
}

/// [`fixed_all`] on `threads` threads (at least one).
///
/// ```
/// use nqueens::base::board::Symmetry;
/// use nqueens::engine::counter::fixed::fixed_all_on;
/// assert_eq!(fixed_all_on(14, Symmetry::Rotate180, 3), 420); // OEIS A032522
/// ```
pub fn fixed_all_on(n: usize, symmetry: Symmetry, threads: usize) -> u128 {
    if !(1..=64).contains(&n) {
        return 0;
    }
    match Turn::new(n, symmetry) {
        Some(turn) => turn.all(threads.max(1)),
        None => (0..n)
            .map(|first| Orbits::new(n, symmetry).first(first))
            .sum(),
    }
}

/// The solutions of the blank `n x n` board fixed by each symmetry but the
/// identity, added up (searched on `threads` threads): Burnside's sum (8 times the unique count) less the
/// total, for a complete count. The quarter turns fix the same solutions
/// (each is the other's inverse), so they are searched once; the
/// reflections fix none from `n = 2`, and the one solution of `n = 1`.
///
/// ```
/// use nqueens::engine::counter::fixed::besides_identity;
/// // 8 * 12 unique - 92 solutions of the 8 x 8 board: its 4 half-turn ones.
/// assert_eq!(besides_identity(8, 1), 8 * 12 - 92);
/// assert_eq!(besides_identity(1, 2), 7);
/// ```
pub fn besides_identity(n: usize, threads: usize) -> u128 {
    let quarter = fixed_all_on(n, Symmetry::Rotate90, threads);
    let half = fixed_all_on(n, Symmetry::Rotate180, threads);
    let reflections: u128 = Symmetry::ALL[4..]
        .iter()
        .map(|&reflection| fixed_all(n, reflection))
        .sum();
    2 * quarter + half + reflections
}

/// The lines a set of queens holds.
#[derive(Clone, Copy, Default)]
struct Lines {
    rows: u64,
    cols: u64,
    /// Bit `r + c`.
    diag: u128,
    /// Bit `c - r + n - 1`.
    anti: u128,
}

impl Lines {
    fn with(self, other: Lines) -> Lines {
        Lines {
            rows: self.rows | other.rows,
            cols: self.cols | other.cols,
            diag: self.diag | other.diag,
            anti: self.anti | other.anti,
        }
    }
}

/// The bitmask search of the solutions a turn fixes.
struct Turn {
    n: usize,
    /// Rows an orbit covers: 4 for a quarter turn, 2 for the half turn.
    size: u32,
    /// Per row, the columns whose cell's orbit has `size` queens none of
    /// which attacks another.
    fits: Vec<u64>,
    /// Per cell (`r * n + c`), the lines its orbit holds.
    orbit: Vec<Lines>,
    /// The centre's queen for odd sides, nothing for even ones.
    start: Lines,
    /// The rows of the top half: every orbit has a queen there.
    top: u64,
}

impl Turn {
    /// The search for `symmetry` on side `n`; `None` unless it is a turn.
    fn new(n: usize, symmetry: Symmetry) -> Option<Turn> {
        let size = match symmetry {
            Symmetry::Rotate90 | Symmetry::Rotate270 => 4,
            Symmetry::Rotate180 => 2,
            _ => return None,
        };
        let mut fits = vec![0u64; n];
        let mut orbit = vec![Lines::default(); n * n];
        for r in 0..n {
            for c in 0..n {
                let mut lines = Lines::default();
                let mut queens = 0;
                let mut attacked = false;
                let (mut x, mut y) = (r, c);
                loop {
                    let cell = single(n, x, y);
                    attacked |= lines.rows & cell.rows != 0
                        || lines.cols & cell.cols != 0
                        || lines.diag & cell.diag != 0
                        || lines.anti & cell.anti != 0;
                    lines = lines.with(cell);
                    queens += 1;
                    (x, y) = symmetry.apply(n, x, y);
                    if (x, y) == (r, c) {
                        break;
                    }
                }
                orbit[r * n + c] = lines;
                if !attacked && queens == size {
                    fits[r] |= 1 << c;
                }
            }
        }
        let start = match n % 2 {
            1 => single(n, n / 2, n / 2),
            _ => Lines::default(),
        };
        Some(Turn {
            n,
            size,
            fits,
            orbit,
            start,
            top: (1u64 << (n / 2)) - 1,
        })
    }

    /// Rows not yet holding a queen, with the centre's placed.
    fn empty_rows(&self) -> u32 {
        self.n as u32 - self.start.rows.count_ones()
    }

    /// The free columns of row `r` whose orbit fits, given `used`.
    #[inline]
    fn free(&self, used: &Lines, r: usize) -> u64 {
        let blocked = used.cols | (used.diag >> r) as u64 | (used.anti >> (self.n - 1 - r)) as u64;
        self.fits[r] & !blocked
    }

    /// The fixed solutions whose row-0 queen is in column `first`.
    fn first(&self, first: usize) -> u128 {
        let empty = self.empty_rows();
        if empty == 0 {
            // n = 1: the centre is row 0's queen.
            return u128::from(first == 0);
        }
        if empty % self.size != 0 || self.free(&self.start, 0) >> first & 1 == 0 {
            return 0;
        }
        let used = self.start.with(self.orbit[first]);
        match empty - self.size {
            0 => 1,
            left => self.count(&used, left),
        }
    }

    /// All the fixed solutions, on `threads` threads: the states a few
    /// orbits deep are shared out (hundreds of them from n = 20, so that
    /// threads end together though the states' sizes differ).
    fn all(&self, threads: usize) -> u128 {
        let empty = self.empty_rows();
        if empty == 0 {
            return 1;
        }
        if empty % self.size != 0 {
            return 0;
        }
        let depth = if threads > 1 { 2 } else { 0 };
        let mut states = Vec::new();
        let found = self.states(self.start, empty, depth, &mut states);
        let next = AtomicUsize::new(0);
        let count = || {
            let mut total = 0;
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(used, empty)) = states.get(i) else {
                    return total;
                };
                total += self.count(&used, empty);
            }
        };
        let others: u128 = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads.min(states.len()))
                .map(|_| scope.spawn(count))
                .collect();
            let mine = count();
            // A helper's panic is a bug of this search: carried on.
            mine + helpers
                .into_iter()
                .map(|helper| {
                    helper
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e))
                })
                .sum::<u128>()
        });
        found + others
    }

    /// The states `depth` orbits deeper than `used` (`empty` rows without
    /// a queen, a multiple of the orbit's rows) that still have an orbit to
    /// place, into `out`; returns the solutions met on the way.
    fn states(&self, used: Lines, empty: u32, depth: u32, out: &mut Vec<(Lines, u32)>) -> u128 {
        if depth == 0 || empty == self.size {
            out.push((used, empty));
            return 0;
        }
        let Some((r, mut free)) = self.choose(&used) else {
            return 0;
        };
        let mut found = 0;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let next = used.with(self.orbit[r * self.n + c]);
            found += self.states(next, empty - self.size, depth - 1, out);
        }
        found
    }

    /// The empty row of the top half with the fewest free cells, and
    /// those cells; `None` when one has none. Every fixed solution has a
    /// queen in any empty row, so the fewest branches are as good as any,
    /// and a row with none ends the branch before its other rows are tried.
    #[inline]
    fn choose(&self, used: &Lines) -> Option<(usize, u64)> {
        let mut rows = !used.rows & self.top;
        let (mut r, mut free) = (0, u64::MAX);
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let cells = self.free(used, row);
            if cells.count_ones() < free.count_ones() {
                if cells == 0 {
                    return None;
                }
                (r, free) = (row, cells);
            }
        }
        Some((r, free))
    }

    /// The fixed completions of `used` (a union of orbits, `empty` rows
    /// without a queen, at least one orbit's).
    fn count(&self, used: &Lines, empty: u32) -> u128 {
        let Some((r, mut free)) = self.choose(used) else {
            return 0;
        };
        if empty == self.size {
            // One orbit left: each free cell's fills the empty rows.
            return u128::from(free.count_ones());
        }
        let left = empty - self.size;
        let mut total = 0;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            total += self.count(&used.with(self.orbit[r * self.n + c]), left);
        }
        total
    }
}

/// The lines of one queen on `(r, c)`.
fn single(n: usize, r: usize, c: usize) -> Lines {
    Lines {
        rows: 1 << r,
        cols: 1 << c,
        diag: 1 << (r + c),
        anti: 1 << (c + n - 1 - r),
    }
}

/// The cell-by-cell search of the solutions any symmetry fixes: the
/// reflections' (which die at once), and a check of [`Turn`].
struct Orbits {
    n: usize,
    symmetry: Symmetry,
    used: Lines,
}

impl Orbits {
    fn new(n: usize, symmetry: Symmetry) -> Orbits {
        Orbits {
            n,
            symmetry,
            used: Lines::default(),
        }
    }

    /// The fixed solutions whose row-0 queen is in column `first`.
    fn first(mut self, first: usize) -> u128 {
        self.place_orbit(0, first)
    }

    /// Fixed completions of the queens so far.
    fn count(&mut self) -> u128 {
        let full = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        if self.used.rows == full {
            return 1;
        }
        let row = (!self.used.rows).trailing_zeros() as usize;
        (0..self.n).map(|col| self.place_orbit(row, col)).sum()
    }

    /// Places the orbit of `(row, col)` if no queen of it attacks another,
    /// counts the completions, and takes the orbit away again.
    fn place_orbit(&mut self, row: usize, col: usize) -> u128 {
        let saved = self.used;
        let (mut r, mut c) = (row, col);
        let mut fits = true;
        loop {
            let cell = single(self.n, r, c);
            let used = self.used;
            if used.rows & cell.rows != 0
                || used.cols & cell.cols != 0
                || used.diag & cell.diag != 0
                || used.anti & cell.anti != 0
            {
                fits = false;
                break;
            }
            self.used = used.with(cell);
            (r, c) = self.symmetry.apply(self.n, r, c);
            if (r, c) == (row, col) {
                break;
            }
        }
        let found = if fits { self.count() } else { 0 };
        self.used = saved;
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitmask search of the turns finds what the cell-by-cell one
    /// does, first column by first column; the published counts are
    /// checked in `tests/counter.rs`.
    #[test]
    fn the_turns_bitmask_search_agrees_with_the_cell_by_cell_one() {
        for n in 1..=13 {
            for symmetry in Symmetry::ALL[1..].iter().copied() {
                let mut all = 0;
                for first in 0..n {
                    let slow = Orbits::new(n, symmetry).first(first);
                    assert_eq!(
                        fixed(n, symmetry, first),
                        slow,
                        "n = {n} {symmetry:?} {first}"
                    );
                    all += slow;
                }
                assert_eq!(fixed_all(n, symmetry), all, "n = {n} {symmetry:?}");
                assert_eq!(fixed_all_on(n, symmetry, 3), all, "n = {n} {symmetry:?}");
            }
        }
    }

    #[test]
    fn reflections_fix_nothing_but_the_one_queen() {
        for n in 1..=12 {
            for &reflection in &Symmetry::ALL[4..] {
                assert_eq!(fixed_all(n, reflection), u128::from(n == 1), "n = {n}");
            }
        }
    }

    #[test]
    fn columns_off_the_board_and_sides_past_64_count_nothing() {
        assert_eq!(fixed(8, Symmetry::Rotate180, 8), 0);
        assert_eq!(fixed_all(65, Symmetry::Rotate90), 0);
        assert_eq!(fixed_all(0, Symmetry::Rotate90), 0);
    }
}
