//! A near-blank board counted on the blank board's folded join: the
//! blocked cells `B` and their images under the eight symmetries, and the
//! credit each solution of the blank board earns.
//!
//! Why this counts the board: the blank board's solutions are kept by every
//! symmetry `g`, so the solutions avoiding `g(B)` are as many as those
//! avoiding `B`. Crediting a blank solution `s` with `c(s) = #{g : s avoids
//! g(B)}` (0..=8) therefore sums to 8 times the board's count. And `c` is
//! the same on every image of `s` (`s` avoids `g(B)` exactly when `k(s)`
//! avoids `k(g(B))`, and `k g` runs over all eight as `g` does), so the
//! join may fold its symmetries as for the blank count: every fold it uses
//! maps the solutions it skips one to one onto ones it counts, and those
//! carry the same credit. The sum is then divided by 8, exactly.
//!
//! The join reads the credit as bits: a placement's *hits* have bit `g` set
//! when one of its queens stands on a cell of `g(B)`; a solution's credit
//! is the number of bits clear in the OR of its parts' hits.
//!
//! # Constraints
//! `n <= 32`, cells inside the board.
//!
//! # Complexity
//! `O(n^2 + 8 |B|)` to build; a placement's hits `O(rows)`.

use crate::base::board::Symmetry;

/// The images of a board's blocked cells, per cell (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Images {
    n: usize,
    /// Bit `g` of `hits[r * n + c]`: cell (r, c) lies in `g(B)`, `g` the
    /// `g`-th of [`Symmetry::ALL`].
    hits: Vec<u8>,
}

/// Every image of the blocked cells: the divisor of the credits' sum.
pub const IMAGES: u32 = 8;

impl Images {
    /// The images of the blocked cells of the board whose row `r` has free
    /// columns `free[r]` (side `free.len()`).
    pub fn of(free: &[u64]) -> Images {
        let n = free.len();
        let mut hits = vec![0u8; n * n];
        for (r, &row) in free.iter().enumerate() {
            for c in (0..n).filter(|&c| row >> c & 1 == 0) {
                for (g, symmetry) in Symmetry::ALL.iter().enumerate() {
                    let (ir, ic) = symmetry.apply(n, r, c);
                    hits[ir * n + ic] |= 1 << g;
                }
            }
        }
        Images { n, hits }
    }

    /// The board's side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// What identifies the images (for fingerprints): the hits, eight
    /// cells a word.
    pub fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        self.hits
            .chunks(8)
            .map(|c| c.iter().rev().fold(0u64, |k, &h| k << 8 | u64::from(h)))
    }

    /// The hits of a queen on cell (`r`, `c`).
    #[inline(always)]
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.hits[r * self.n + c]
    }

    /// The hits of a placement in the `rows` rows from `row0` and the
    /// columns from `col0` (a quarter's), its queens `cells` as the
    /// quarters' walk keeps them (one nibble a row, the column from `col0`
    /// plus one, 0 for no queen).
    pub fn of_cells(&self, (row0, col0): (usize, usize), rows: usize, cells: u64) -> u8 {
        // Only the rows with a queen, lowest first (the nibbles of the
        // `rows` rows; nothing is set above them).
        debug_assert!(rows >= 16 || cells >> (4 * rows) == 0);
        let (mut hits, mut left) = (0u8, cells);
        while left != 0 {
            let r = left.trailing_zeros() as usize / 4;
            let c = (left >> (4 * r)) & 15;
            left &= !(15 << (4 * r));
            hits |= self.at(row0 + r, col0 + c as usize - 1);
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_is_hit_by_the_images_that_reach_it() {
        // One blocked cell (0, 1) of a 5 x 5 board: its 8 images are the
        // cells one step from a corner along an edge, each reached by one
        // symmetry.
        let mut free = vec![0b11111u64; 5];
        free[0] &= !(1 << 1);
        let images = Images::of(&free);
        let mut total = 0;
        for r in 0..5 {
            for c in 0..5 {
                let hits = images.at(r, c);
                total += hits.count_ones();
                let on_edge_next_to_corner = matches!((r, c), (0, 1) | (0, 3) | (4, 1) | (4, 3))
                    || matches!((r, c), (1, 0) | (3, 0) | (1, 4) | (3, 4));
                assert_eq!(hits != 0, on_edge_next_to_corner, "({r}, {c})");
            }
        }
        assert_eq!(total, IMAGES);
        assert_eq!(images.at(0, 1), 1, "the identity's image is the cell");
    }

    #[test]
    fn a_placement_is_hit_by_the_or_of_its_queens() {
        let mut free = vec![0b1111111u64; 7];
        free[0] &= !1; // the corner: 4 images, each twice
        free[3] &= !(1 << 3); // the centre: every image
        let images = Images::of(&free);
        assert_eq!(images.at(3, 3), 0xff);
        assert_eq!(images.at(0, 0).count_ones(), 2);
        // Queens at (0, 0) and (2, 1) of a quarter at the corner: the
        // corner's hits, nothing else; at (4, 4) and (6, 6) of one from
        // (4, 4): the far corner's.
        assert_eq!(images.of_cells((0, 0), 3, 1 | (2 << 8)), images.at(0, 0));
        assert_eq!(images.of_cells((4, 4), 3, 1 | (3 << 8)), images.at(6, 6));
        assert_eq!(images.of_cells((4, 4), 3, 1 | (2 << 8)), 0);
    }
}
