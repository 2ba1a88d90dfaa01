//! The solution index: every solution of the blank `n x n` board, numbered,
//! and for each cell the set of solutions that put a queen there.
//!
//! A board's solutions are exactly the blank-board solutions that use no
//! blocked cell, so its count is the number of solutions outside the union
//! of its blocked cells' sets: a few OR/AND passes and a popcount, whatever
//! the density, instead of a search.
//!
//! Every solution has exactly one queen per row, so the sets of one row's
//! cells partition all solutions. A row with more blocked than free cells is
//! therefore cheaper as "the union of its free cells' sets" (the solutions it
//! allows) than as the complement of its blocked ones: each row costs
//! `min(free, blocked)` passes. The passes run one chunk of solutions at a
//! time, so the running set stays in L1 cache, and a chunk stops as soon as
//! its running set is empty (dense boards empty it after a few rows).
//!
//! # Constraints
//! `1 <= n <= MAX_INDEX_N` (= 15): 2,279,184 solutions, 64 MiB of sets; the
//! next size would need more than 512 MiB.
//!
//! # Complexity
//! Building: one enumeration of the blank board plus `n` bit writes per
//! solution; memory `n^2 * solutions / 8` bytes. Counting a board:
//! `O(sum over rows of min(free, blocked) * solutions / 64)` word operations
//! at worst.

use crate::base::board::Board;
use crate::base::error::Result;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::parallel;
pub use crate::tuning::engines::MAX_INDEX_N;
use crate::tuning::engines::{CHUNK_WORDS, SEGMENT_BLOCKS};

/// How many passes over the solution sets a query of `board` makes at most:
/// `min(free, blocked)` per row, plus the final popcount.
///
/// ```
/// let mut board = nqueens::base::board::Board::blank(4);
/// board.set_free(0, 0, false);
/// assert_eq!(nqueens::engine::index::query_passes(&board), 2);
/// ```
pub fn query_passes(board: &Board) -> usize {
    let n = board.n();
    let passes: usize = board
        .rows()
        .iter()
        .map(|mask| {
            let free = mask.count_ones() as usize;
            free.min(n - free)
        })
        .sum();
    passes + 1
}

/// Writes solutions into the per-cell sets.
///
/// The word being filled for every cell is appended every 64 solutions to a
/// segment of blocks (word-major, cheap to append to); segments have a fixed
/// size, so no doubling vector ever holds twice the data. [`Builder::finish`]
/// turns them cell-major.
struct Builder {
    n: usize,
    total: usize,
    current: Vec<u64>,
    segments: Vec<Vec<u64>>,
}

impl Builder {
    fn new(n: usize) -> Builder {
        assert!(
            (1..=MAX_INDEX_N).contains(&n),
            "no index for n = {n} (1..={MAX_INDEX_N})"
        );
        Builder {
            n,
            total: 0,
            current: vec![0; n * n],
            segments: Vec::new(),
        }
    }

    fn add(&mut self, columns: &[usize]) {
        let bit = 1u64 << (self.total % 64);
        for (row, &col) in columns.iter().enumerate() {
            self.current[row * self.n + col] |= bit;
        }
        self.total += 1;
        if self.total % 64 == 0 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        let segment = SEGMENT_BLOCKS * self.current.len();
        if self.segments.last().map_or(true, |s| s.len() == segment) {
            self.segments.push(Vec::with_capacity(segment));
        }
        if let Some(last) = self.segments.last_mut() {
            last.extend_from_slice(&self.current);
        }
        self.current.fill(0);
    }

    fn finish(mut self) -> SolutionIndex {
        if self.total % 64 != 0 {
            self.flush();
        }
        // Cell-major for queries: each cell's set contiguous. Segments are
        // dropped as they are copied (the fresh zeroed vector is only paged
        // in as it is written), so the peak stays near the index's size.
        let area = self.n * self.n;
        let words = (self.total + 63) / 64;
        let mut cells = vec![0u64; area * words];
        let mut w = 0;
        for blocks in self.segments {
            for block in blocks.chunks_exact(area) {
                for (cell, &word) in block.iter().enumerate() {
                    cells[cell * words + w] = word;
                }
                w += 1;
            }
        }
        SolutionIndex {
            n: self.n,
            total: self.total,
            words,
            cells,
        }
    }
}

/// The solutions of the blank `n x n` board, as one bitset per cell.
///
/// Invariant: the set of cell `(row, col)` is the `words` words from
/// `cells[(row * n + col) * words]`; it has bit `s` set exactly when solution
/// `s` has its row-`row` queen in column `col`, and no bit at or above
/// `total`.
#[derive(Clone, Debug)]
pub struct SolutionIndex {
    n: usize,
    total: usize,
    words: usize,
    cells: Vec<u64>,
}

impl SolutionIndex {
    /// Enumerates the blank board and builds the index.
    ///
    /// # Panics
    /// Panics when `n` is outside `1..=MAX_INDEX_N`.
    ///
    /// ```
    /// use nqueens::{base::board::Board, engine::index::SolutionIndex};
    /// let index = SolutionIndex::build(8);
    /// assert_eq!(index.total(), 92);
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// assert_eq!(index.count(&board), 92 - 4); // 4 solutions use a corner
    /// ```
    pub fn build(n: usize) -> SolutionIndex {
        let mut builder = Builder::new(n);
        ConstellationEngine::new(n).for_each_solution(|columns| builder.add(columns));
        builder.finish()
    }

    /// Builds the same index (solutions numbered in another order) with the
    /// enumeration shared by `threads` threads: the constellation engine's work units
    /// ([`ConstellationEngine::units`]) are enumerated on the threads, then their solutions
    /// are written into the sets in unit order.
    ///
    /// # Errors
    /// A worker thread failed.
    ///
    /// # Panics
    /// Panics when `n` is outside `1..=MAX_INDEX_N`.
    ///
    /// ```
    /// use nqueens::engine::index::SolutionIndex;
    /// assert_eq!(SolutionIndex::build_on_threads(10, 2).unwrap().total(), 724);
    /// ```
    pub fn build_on_threads(n: usize, threads: usize) -> Result<SolutionIndex> {
        let engine = ConstellationEngine::new(n);
        let found = parallel::deal(engine.units().len(), threads, |ids| {
            // One byte per queen: at most 15 x 2.3 M bytes in all. A unit's
            // solutions come one after another, then its end.
            let mut found = Vec::new();
            let mut bytes = Vec::new();
            engine.for_each_solution_of(ids, |i, solution| match solution {
                Some(columns) => bytes.extend(columns.iter().map(|&c| c as u8)),
                None => found.push((i, std::mem::take(&mut bytes))),
            });
            found
        })?;
        let mut builder = Builder::new(n);
        let mut columns = vec![0; n];
        for solutions in found {
            for solution in solutions.chunks_exact(n) {
                for (column, &c) in columns.iter_mut().zip(solution) {
                    *column = usize::from(c);
                }
                builder.add(&columns);
            }
        }
        Ok(builder.finish())
    }

    /// The board side.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The number of solutions of the blank board.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The memory the sets take, in bytes.
    pub fn bytes(&self) -> usize {
        self.n * self.n * self.words * 8
    }

    /// The word operations [`SolutionIndex::count`] does at most on `board`:
    /// the planner's cost of a query.
    pub fn query_words(&self, board: &Board) -> usize {
        query_passes(board) * self.words
    }

    /// Words `start..start + len` of the set of `cell` (`row * n + col`).
    fn set(&self, cell: usize, start: usize, len: usize) -> &[u64] {
        let from = cell * self.words + start;
        &self.cells[from..from + len]
    }

    /// The number of solutions of `board`.
    ///
    /// # Panics
    /// Panics when `board.n()` is not the index's `n`.
    pub fn count(&self, board: &Board) -> u128 {
        assert_eq!(board.n(), self.n, "index for another board size");
        let n = self.n;
        if board.rows().contains(&0) {
            return 0;
        }
        // One pass list per row that has a blocked cell: either the blocked
        // cells (their solutions are removed) or the free cells (only their
        // solutions are kept). Fewest free cells first: those rows empty the
        // running set soonest.
        let mut plans: Vec<(bool, Vec<usize>)> = Vec::new();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&row| board.rows()[row].count_ones());
        for row in order {
            let free = board.rows()[row];
            let free_cells = free.count_ones() as usize;
            if free_cells == n {
                continue;
            }
            let keep_free = free_cells < n - free_cells;
            let wanted = if keep_free { free } else { !free };
            let cells = (0..n)
                .filter(|&col| wanted >> col & 1 == 1)
                .map(|col| row * n + col)
                .collect();
            plans.push((keep_free, cells));
        }
        let mut live = [0u64; CHUNK_WORDS];
        let mut union = [0u64; CHUNK_WORDS];
        let mut count = 0u128;
        for start in (0..self.words).step_by(CHUNK_WORDS) {
            let len = CHUNK_WORDS.min(self.words - start);
            let live = &mut live[..len];
            live.fill(u64::MAX);
            if start + len == self.words && self.total % 64 != 0 {
                live[len - 1] = (1u64 << (self.total % 64)) - 1;
            }
            for (keep_free, cells) in &plans {
                if *keep_free {
                    let union = &mut union[..len];
                    union.fill(0);
                    for &cell in cells {
                        let set = self.set(cell, start, len);
                        for (u, &s) in union.iter_mut().zip(set) {
                            *u |= s;
                        }
                    }
                    for (l, &u) in live.iter_mut().zip(union.iter()) {
                        *l &= u;
                    }
                } else {
                    for &cell in cells {
                        let set = self.set(cell, start, len);
                        for (l, &s) in live.iter_mut().zip(set) {
                            *l &= !s;
                        }
                    }
                }
                if live.iter().all(|&w| w == 0) {
                    break;
                }
            }
            count += live
                .iter()
                .map(|w| u128::from(w.count_ones()))
                .sum::<u128>();
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;

    /// A small deterministic board pattern: cell blocked when a hash of its
    /// coordinates falls below `percent`.
    fn patterned(n: usize, percent: usize, salt: usize) -> Board {
        let mut board = Board::blank(n);
        for row in 0..n {
            for col in 0..n {
                let h = (row * 131 + col * 71 + salt * 977) * 2_654_435_761 % 1000;
                if h % 100 < percent {
                    board.set_free(row, col, false);
                }
            }
        }
        board
    }

    #[test]
    fn blank_totals_and_cell_sets_partition_each_row() {
        for n in 1..=9 {
            let index = SolutionIndex::build(n);
            assert_eq!(
                index.total() as u128,
                Problem::new(&Board::blank(n)).count()
            );
            for row in 0..n {
                let sum: usize = (0..n)
                    .map(|col| {
                        index
                            .set(row * n + col, 0, index.words)
                            .iter()
                            .map(|w| w.count_ones() as usize)
                            .sum::<usize>()
                    })
                    .sum();
                assert_eq!(sum, index.total(), "n = {n}, row {row}");
            }
        }
    }

    #[test]
    fn the_threaded_build_answers_the_same() {
        for n in 1..=9 {
            let one = SolutionIndex::build(n);
            for threads in [1, 3] {
                let many = SolutionIndex::build_on_threads(n, threads).unwrap();
                assert_eq!(many.total(), one.total(), "n = {n}");
                for percent in [0, 10, 30] {
                    let board = patterned(n, percent, threads);
                    assert_eq!(many.count(&board), one.count(&board), "n = {n}");
                }
            }
        }
    }

    #[test]
    fn counts_agree_with_the_kernel_at_every_density() {
        for n in 1..=10 {
            let index = SolutionIndex::build(n);
            for percent in (0..=70).step_by(5) {
                for salt in 0..4 {
                    let board = patterned(n, percent, salt);
                    assert_eq!(
                        index.count(&board),
                        Problem::new(&board).count(),
                        "n = {n}, {percent}%:\n{board}"
                    );
                }
            }
        }
    }
}
