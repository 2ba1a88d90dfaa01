//! The one seeded pseudo-random generator: SplitMix64, tiny, portable and
//! deterministic, so every random input (`gen`, `stress`), estimator probe
//! and test board can be reproduced from its seed.
//!
//! # Complexity
//! `O(1)` per number.

use std::ops::RangeInclusive;

use crate::base::board::Board;

/// SplitMix64: a tiny, seedable, portable pseudo-random generator.
///
/// ```
/// let mut rng = nqueens::base::rng::Rng::new(7);
/// let first = rng.next_u64();
/// assert_eq!(nqueens::base::rng::Rng::new(7).next_u64(), first);
/// ```
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform (up to a negligible bias) in `0..bound`.
    ///
    /// # Panics
    /// Panics when `bound == 0`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }

    /// Uniform (up to a negligible bias) in `low..=high`.
    pub fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below((high - low) as u64 + 1) as usize
    }

    /// Uniform (up to a negligible bias) in `range`.
    pub fn in_range(&mut self, range: &RangeInclusive<usize>) -> usize {
        self.between(*range.start(), *range.end())
    }

    /// A random `n x n` board, each cell blocked with probability
    /// `percent`/100 (cells drawn row by row): the boards of `gen`,
    /// `stress` and the tests.
    ///
    /// ```
    /// use nqueens::base::rng::Rng;
    /// assert_eq!(Rng::new(1).board(8, 0).obstacles(), 0);
    /// assert_eq!(Rng::new(1).board(8, 100).obstacles(), 64);
    /// ```
    pub fn board(&mut self, n: usize, percent: u64) -> Board {
        let mut board = Board::blank(n);
        for row in 0..n {
            for col in 0..n {
                if self.next_u64() % 100 < percent {
                    board.set_free(row, col, false);
                }
            }
        }
        board
    }
}
