//! The board model: an `n x n` board whose cells are free or blocked.
//!
//! A board is stored as one *free mask* per row: bit `c` of `free[r]` is set
//! when cell `(r, c)` (row `r`, column `c`, both 0-based) may hold a queen.
//! Bits at `n` and above are always clear, so every search can combine masks
//! without re-masking to the board width.
//!
//! # Constraints
//! `1 <= n <= MAX_N` (= 64, the width of a `u64` mask).
//!
//! # Complexity
//! Construction and [`Board::transformed`] are `O(n^2)`; the rest is `O(1)`
//! or `O(n)`.

use std::fmt;

/// The largest board side a 64-bit row mask can hold.
pub const MAX_N: usize = 64;

/// The mask with the low `n` bits set: every column of an `n`-wide row.
///
/// # Panics
/// Panics when `n == 0` or `n > 64`.
///
/// ```
/// assert_eq!(nqueens::base::board::full_row(3), 0b111);
/// assert_eq!(nqueens::base::board::full_row(64), u64::MAX);
/// ```
pub fn full_row(n: usize) -> u64 {
    assert!((1..=MAX_N).contains(&n), "board side {} out of 1..=64", n);
    u64::MAX >> (MAX_N - n)
}

/// An `n x n` board of free and blocked cells.
///
/// Invariant: `free.len() == n` and no mask has a bit at or above `n`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    n: usize,
    free: Vec<u64>,
}

impl Board {
    /// The blank board: every cell free.
    ///
    /// # Panics
    /// Panics when `n` is outside `1..=64`.
    ///
    /// ```
    /// let board = nqueens::base::board::Board::blank(8);
    /// assert_eq!(board.obstacles(), 0);
    /// ```
    pub fn blank(n: usize) -> Board {
        Board {
            n,
            free: vec![full_row(n); n],
        }
    }

    /// A board from its row free masks; bits at or above `n` are dropped.
    ///
    /// # Panics
    /// Panics when `free.len()` is outside `1..=64`.
    pub fn from_free_rows(free: Vec<u64>) -> Board {
        let n = free.len();
        let full = full_row(n);
        let free = free.into_iter().map(|mask| mask & full).collect();
        Board { n, free }
    }

    /// The side of the board.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The free masks, one per row, top to bottom.
    pub fn rows(&self) -> &[u64] {
        &self.free
    }

    /// Whether cell `(row, col)` is free. Cells off the board are not.
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        row < self.n && col < self.n && self.free[row] >> col & 1 == 1
    }

    /// Marks cell `(row, col)` free or blocked.
    ///
    /// # Panics
    /// Panics when the cell is off the board.
    pub fn set_free(&mut self, row: usize, col: usize, free: bool) {
        assert!(row < self.n && col < self.n, "cell off the board");
        if free {
            self.free[row] |= 1 << col;
        } else {
            self.free[row] &= !(1 << col);
        }
    }

    /// The number of blocked cells.
    pub fn obstacles(&self) -> usize {
        self.n * self.n
            - self
                .free
                .iter()
                .map(|mask| mask.count_ones() as usize)
                .sum::<usize>()
    }

    /// The board seen through `symmetry`: cell `(r, c)` of `self` becomes
    /// cell `symmetry.apply(n, r, c)` of the result.
    pub fn transformed(&self, symmetry: Symmetry) -> Board {
        let mut out = vec![0u64; self.n];
        for (row, &mask) in self.free.iter().enumerate() {
            let mut rest = mask;
            while rest != 0 {
                let col = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (r, c) = symmetry.apply(self.n, row, col);
                out[r] |= 1 << c;
            }
        }
        Board {
            n: self.n,
            free: out,
        }
    }
}

/// Draws the board in the input format: `.` free, `*` blocked, one row a line.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.n {
            for col in 0..self.n {
                f.write_str(if self.is_free(row, col) { "." } else { "*" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// The eight symmetries of the square (the dihedral group D4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Leaves every cell where it is.
    Identity,
    /// A quarter turn clockwise.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn counter-clockwise.
    Rotate270,
    /// Mirrors the columns (left becomes right).
    MirrorColumns,
    /// Mirrors the rows (top becomes bottom).
    MirrorRows,
    /// Reflects in the main diagonal (row and column swap).
    Transpose,
    /// Reflects in the anti-diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use nqueens::base::board::Symmetry;
    /// for s in Symmetry::ALL {
    ///     assert_eq!(s.inverse().apply(5, s.apply(5, 1, 3).0, s.apply(5, 1, 3).1), (1, 3));
    /// }
    /// ```
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// Where cell `(row, col)` of an `n x n` board goes.
    ///
    /// ```
    /// use nqueens::base::board::Symmetry;
    /// assert_eq!(Symmetry::Rotate90.apply(4, 0, 0), (0, 3));
    /// assert_eq!(Symmetry::Transpose.apply(4, 1, 2), (2, 1));
    /// ```
    pub fn apply(self, n: usize, row: usize, col: usize) -> (usize, usize) {
        let last = n - 1;
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::Rotate90 => (col, last - row),
            Symmetry::Rotate180 => (last - row, last - col),
            Symmetry::Rotate270 => (last - col, row),
            Symmetry::MirrorColumns => (row, last - col),
            Symmetry::MirrorRows => (last - row, col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (last - col, last - row),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Board {
        // An asymmetric 3x3 pattern so every symmetry gives a different board.
        let mut board = Board::blank(3);
        board.set_free(0, 1, false);
        board.set_free(0, 2, false);
        board.set_free(2, 2, false);
        board
    }

    #[test]
    fn full_row_covers_exactly_n_bits() {
        for n in 1..=64 {
            assert_eq!(full_row(n).count_ones() as usize, n);
            assert_eq!(full_row(n).trailing_ones() as usize, n);
        }
    }

    #[test]
    fn from_free_rows_drops_bits_beyond_the_board() {
        let board = Board::from_free_rows(vec![u64::MAX, 0b1000]);
        assert_eq!(board.rows(), &[0b11, 0]);
        assert_eq!(board.obstacles(), 2);
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_invertible() {
        let board = sample();
        let images: Vec<Board> = Symmetry::ALL
            .iter()
            .map(|&s| board.transformed(s))
            .collect();
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(
                    images[i],
                    images[j],
                    "{:?} {:?}",
                    Symmetry::ALL[i],
                    Symmetry::ALL[j]
                );
            }
            assert_eq!(images[i].obstacles(), board.obstacles());
        }
        // Four quarter turns and two mirrors come back to the start.
        let mut turned = board.clone();
        for _ in 0..4 {
            turned = turned.transformed(Symmetry::Rotate90);
        }
        assert_eq!(turned, board);
        for s in [
            Symmetry::MirrorColumns,
            Symmetry::MirrorRows,
            Symmetry::Transpose,
        ] {
            assert_eq!(board.transformed(s).transformed(s), board);
        }
    }

    #[test]
    fn display_uses_the_input_alphabet() {
        assert_eq!(sample().to_string(), ".**\n...\n..*\n");
    }
}
