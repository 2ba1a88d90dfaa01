//! The one-file Rust submission's solution index (the C++ bundle's): the
//! blank `n x n` board's solutions, and for each cell the set of those with
//! a queen there. A board's solutions are the blank board's that use none
//! of its blocked cells: a few passes of OR and AND over the sets count them.
//!
//! Only the solutions whose row-0 queen is left of the middle are kept (and,
//! for odd `n`, on it): the others are their mirror images, which avoid a
//! board's blocked cells when the kept ones avoid the mirrored board's. One
//! search of half the blank board's tree (8 kernel lanes) finds them.
//!
//! A set is one bit per solution, in words, taken a chunk at a time: each
//! row with blocked cells is one mask, the union of its blocked cells' sets
//! inverted, or of its free cells' when fewer (a solution has one queen per
//! row); the masks' intersection holds the solutions left. A chunk stops at
//! the first row that empties it.
//!
//! # Constraints
//! `1 <= n <= MAX_N` (15: 2,279,184 solutions, a peak of 40 MB).
//!
//! # Complexity
//! Building: half the blank board's search tree; memory `n^2` bits per
//! solution. A count: at most `sum over rows of min(free, blocked)` sets
//! read, `solutions / 64` words each.

use std::ops::ControlFlow;

use crate::base::board::full_row;
use crate::base::kernel::{search_each, Leaves, Row};

/// The largest side an index is built for.
pub const MAX_N: usize = 15;

/// Words of each set a count takes at a time: 2 KiB, in the first-level
/// cache with the running result.
const CHUNK: usize = 256;

/// The solutions of the blank board of side `n`, halved by its mirror.
pub struct Index {
    n: usize,
    /// Row-0 queen left of the middle.
    half: Sets,
    /// Row-0 queen on the middle column (odd `n`; empty otherwise).
    middle: Sets,
}

/// Some of the blank board's solutions, as sets per cell (see the module
/// docs).
struct Sets {
    size: usize,
    /// Words per cell: `size / 64` rounded up.
    stride: usize,
    words: Vec<u64>,
}

/// Each solution of a search as one number, 4 bits per row (row 0 lowest).
struct Codes(Vec<u64>);

impl Leaves for Codes {
    fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
        let code = queens
            .iter()
            .rev()
            .fold(0, |code, q| code << 4 | u64::from(q.trailing_zeros()));
        self.0.push(code);
        ControlFlow::Continue(())
    }
}

impl Index {
    /// The index of side `n`.
    ///
    /// # Panics
    /// Panics when `n` is outside `1..=MAX_N`.
    pub fn new(n: usize) -> Index {
        assert!((1..=MAX_N).contains(&n), "no index for n = {}", n);
        let left = (1u64 << (n / 2)) - 1;
        Index {
            n,
            half: Sets::new(n, &solutions(n, left)),
            middle: Sets::new(
                n,
                &solutions(n, full_row(n) & !(left | left << (n - n / 2))),
            ),
        }
    }

    /// The number of solutions of the board whose free masks are `free`
    /// (`n` of them, as [`crate::base::board::Board::rows`]).
    pub fn count(&self, free: &[u64]) -> u128 {
        let n = self.n;
        let mirror: Vec<u64> = free.iter().map(|f| f.reverse_bits() >> (64 - n)).collect();
        let half = self.half.count(n, free);
        let other = if mirror == free {
            half
        } else {
            self.half.count(n, &mirror)
        };
        u128::from(half + other + self.middle.count(n, free))
    }
}

impl Index {
    /// The most words [`Index::count`] reads for the board `free`.
    pub fn words(&self, free: &[u64]) -> f64 {
        let n = self.n as u32;
        let passes: u32 = free
            .iter()
            .map(|f| f.count_ones().min(n - f.count_ones()))
            .sum();
        let solutions = 2 * self.half.size + self.middle.size;
        f64::from(passes + 1) * solutions as f64 / 64.0
    }
}

/// The blank board's solutions whose row-0 queen is in `first`, as
/// [`Codes`]: one search per pair of queens in rows 0 and 1, interleaved.
fn solutions(n: usize, first: u64) -> Vec<u64> {
    let full = full_row(n);
    let mut problems = Vec::new();
    for a in (0..n).map(|c| 1u64 << c).filter(|a| first & a != 0) {
        for b in (0..n).map(|c| 1u64 << c) {
            // Row 1's queen where row 0's does not attack it (n = 1: row
            // 0's own).
            let second = if n > 1 {
                b & !(a | a << 1 | a >> 1)
            } else {
                b & a
            };
            if second != 0 {
                let mut rows = vec![
                    Row {
                        free: full,
                        advance: 1
                    };
                    n
                ];
                rows[0].free = a;
                rows[usize::from(n > 1)].free &= second;
                problems.push(((), rows, Codes(Vec::new())));
            }
        }
    }
    let mut codes = Vec::new();
    search_each(problems, |(), found| codes.extend(found.0));
    codes
}

impl Sets {
    /// The sets of the solutions `codes` (4 bits per row).
    fn new(n: usize, codes: &[u64]) -> Sets {
        let stride = (codes.len() + 63) / 64;
        let mut words = vec![0u64; n * n * stride];
        for (s, code) in codes.iter().enumerate() {
            for r in 0..n {
                let cell = r * n + (code >> (4 * r) & 15) as usize;
                words[cell * stride + s / 64] |= 1 << (s % 64);
            }
        }
        Sets {
            size: codes.len(),
            stride,
            words,
        }
    }

    /// How many of the solutions avoid every blocked cell of `free`.
    fn count(&self, n: usize, free: &[u64]) -> u64 {
        let full = full_row(n);
        // Per row with blocked cells: whether its cells are the allowed
        // ones, and those cells.
        let mut masks: Vec<(bool, Vec<usize>)> = Vec::new();
        for (r, &f) in free.iter().enumerate() {
            let blocked = full & !f;
            if blocked != 0 {
                let allow = f.count_ones() < blocked.count_ones();
                let cells = if allow { f } else { blocked };
                let offsets = (0..n).filter(|c| cells >> c & 1 != 0);
                masks.push((allow, offsets.map(|c| r * n + c).collect()));
            }
        }
        let mut total = 0;
        let (mut left, mut union) = ([0u64; CHUNK], [0u64; CHUNK]);
        for start in (0..self.stride).step_by(CHUNK) {
            let len = CHUNK.min(self.stride - start);
            let left = &mut left[..len];
            left.fill(u64::MAX);
            if start + len == self.stride && self.size % 64 != 0 {
                left[len - 1] = (1 << (self.size % 64)) - 1;
            }
            for (allow, cells) in &masks {
                let union = &mut union[..len];
                union.fill(0);
                for &cell in cells {
                    let words = &self.words[cell * self.stride + start..][..len];
                    for (u, w) in union.iter_mut().zip(words) {
                        *u |= w;
                    }
                }
                let mut any = 0;
                for (l, u) in left.iter_mut().zip(union.iter()) {
                    *l &= if *allow { *u } else { !*u };
                    any |= *l;
                }
                if any == 0 {
                    break;
                }
            }
            total += left.iter().map(|l| u64::from(l.count_ones())).sum::<u64>();
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;

    #[test]
    fn every_board_counts_as_the_kernel_does() {
        let mut rng = crate::base::rng::Rng::new(41);
        for n in 1..=9 {
            let index = Index::new(n);
            for _ in 0..200 {
                let percent = rng.below(50);
                let board = rng.board(n, percent);
                let want = Problem::new(&board).count();
                assert_eq!(index.count(board.rows()), want, "{board}");
            }
        }
    }
}
