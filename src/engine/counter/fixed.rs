//! Solutions of the blank board that one symmetry maps to themselves: the
//! terms of Burnside's lemma besides the identity's.
//!
//! A solution fixed by a symmetry `g` is a union of `g`-orbits of cells.
//! The search takes the lowest row without a queen, tries each cell of it,
//! and places the cell's whole orbit at once (every image checked against
//! the queens so far), so each fixed solution is found exactly once: the
//! lowest empty row holds one queen of it, which decides the branch. The
//! half turn fixes solutions determined by their top half, the quarter
//! turns by a quarter of the board, so these searches are small next to
//! the count itself; a reflection fixes none for `n > 1` and its search
//! dies at once.
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! The nodes of a search placing `|orbit|` queens per step: for the half
//! turn at n = 24 about the square root of the full search's.

use crate::base::board::Symmetry;

/// The solutions of the blank `n x n` board fixed by `symmetry` whose row-0
/// queen stands in column `first`.
///
/// ```
/// use nqueens::base::board::Symmetry;
/// use nqueens::engine::counter::fixed::fixed;
/// let half_turn: u128 = (0..8).map(|c| fixed(8, Symmetry::Rotate180, c)).sum();
/// assert_eq!(half_turn, 4); // OEIS A032522
/// ```
pub fn fixed(n: usize, symmetry: Symmetry, first: usize) -> u128 {
    let mut search = Search {
        n,
        symmetry,
        rows: 0,
        cols: 0,
        diag: 0,
        anti: 0,
    };
    search.place_orbit(0, first, |s| s.count())
}

/// The queens so far: rows, columns and both diagonal directions used.
struct Search {
    n: usize,
    symmetry: Symmetry,
    rows: u64,
    cols: u64,
    /// Bit `r + c`.
    diag: u128,
    /// Bit `r - c + n - 1`.
    anti: u128,
}

impl Search {
    /// Fixed completions of the queens so far.
    fn count(&mut self) -> u128 {
        let full = if self.n == 64 {
            u64::MAX
        } else {
            (1u64 << self.n) - 1
        };
        if self.rows == full {
            return 1;
        }
        let row = (!self.rows).trailing_zeros() as usize;
        let mut total = 0;
        for col in 0..self.n {
            total += self.place_orbit(row, col, |s| s.count());
        }
        total
    }

    /// Places the orbit of `(row, col)` if no queen of it attacks another,
    /// runs `then`, and takes the orbit away again.
    fn place_orbit(
        &mut self,
        row: usize,
        col: usize,
        then: impl FnOnce(&mut Search) -> u128,
    ) -> u128 {
        let saved = (self.rows, self.cols, self.diag, self.anti);
        let (mut r, mut c) = (row, col);
        let mut fits = true;
        loop {
            if !self.place(r, c) {
                fits = false;
                break;
            }
            (r, c) = self.symmetry.apply(self.n, r, c);
            if (r, c) == (row, col) {
                break;
            }
        }
        let found = if fits { then(self) } else { 0 };
        (self.rows, self.cols, self.diag, self.anti) = saved;
        found
    }

    /// Puts a queen on `(r, c)` unless something there attacks it.
    fn place(&mut self, r: usize, c: usize) -> bool {
        let d = 1u128 << (r + c);
        let a = 1u128 << (r + self.n - 1 - c);
        if (self.rows >> r) & 1 != 0
            || (self.cols >> c) & 1 != 0
            || self.diag & d != 0
            || self.anti & a != 0
        {
            return false;
        }
        self.rows |= 1 << r;
        self.cols |= 1 << c;
        self.diag |= d;
        self.anti |= a;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A033148 (quarter turn) and A032522 (half turn), n = 1..=12.
    const QUARTER: [u128; 12] = [1, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 8];
    const HALF: [u128; 12] = [1, 0, 0, 2, 2, 4, 8, 4, 16, 12, 48, 80];

    fn all(n: usize, symmetry: Symmetry) -> u128 {
        (0..n).map(|c| fixed(n, symmetry, c)).sum()
    }

    #[test]
    fn turns_match_oeis_and_reflections_fix_nothing() {
        for n in 1..=12 {
            assert_eq!(all(n, Symmetry::Rotate90), QUARTER[n - 1], "n = {n}");
            assert_eq!(all(n, Symmetry::Rotate270), QUARTER[n - 1], "n = {n}");
            assert_eq!(all(n, Symmetry::Rotate180), HALF[n - 1], "n = {n}");
            for reflection in &Symmetry::ALL[4..] {
                let expected = u128::from(n == 1);
                assert_eq!(all(n, *reflection), expected, "n = {n} {reflection:?}");
            }
        }
    }
}
