//! The search kernel: the one bitmask backtracking loop every engine uses.
//!
//! A search problem is a list of [`Row`]s, top to bottom: the rows that still
//! need a queen, each with its free mask (bit `c` = column `c`). Queens that
//! are already placed (forced queens, symmetry pre-placements, the prefix of a
//! thread's work unit) are not rows of the list: whoever placed them removed
//! the cells they attack from the free masks (see [`crate::problem`]), and a
//! row skipped that way is bridged by [`Row::advance`].
//!
//! The loop keeps three attack masks for the current row ([`Attacks`]):
//! the columns taken, and the two diagonals. A queen at column `c` attacks
//! column `c + k` (its `diag` line) and `c - k` (its `anti` line) `k` board
//! rows further down, so moving down `k` rows shifts `diag` left by `k` and
//! `anti` right by `k`. Bits shifted past either edge of the board leave the
//! board for good, which is why no re-masking is needed: bits at or above `n`
//! never meet a free cell (free masks have none), and bits below 0 fall off.
//!
//! The free cells of a row are `free & !(cols | diag | anti)`; the loop takes
//! them lowest column first (`x & x.wrapping_neg()` isolates the lowest set
//! bit in two's complement), so solutions come out in lexicographic order of
//! their column vectors. The last row is never descended into: each free
//! cell there completes one solution, so counting is one popcount. The
//! second-to-last row is not pushed on the stack either: the last two rows
//! go to [`Leaves::last_two_rows`], which by default walks the second-to-last
//! row's cells in place, each handing the last row's free cells to
//! [`Leaves::leaves`]; [`Counter`] sums them without walking (a formula of a
//! few bit counts, measured 9% faster on the mirror search at N = 16).
//!
//! What happens at the last row is the caller's choice ([`Leaves`]): count,
//! enumerate, stop early. The loop is generic over it and monomorphised, so
//! counting pays nothing for the other uses.
//!
//! # Constraints
//! At most 64 rows; every `advance` in `1..=63`.
//!
//! # Complexity
//! Proportional to the number of nodes of the search tree (partial placements
//! that survive), `O(1)` work per node.

use std::ops::ControlFlow;

/// One row still to fill.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Row {
    /// Bit `c` set when column `c` of this row may take a queen.
    pub free: u64,
    /// How many board rows lie from this row to the next row of the list
    /// (1 when they are adjacent; more when placed rows lie between).
    /// Unused on the last row.
    pub advance: u32,
}

/// The cells attacked in the current row by the queens above it.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Attacks {
    /// Columns already taken.
    pub cols: u64,
    /// Cells on a queen's down-and-to-higher-columns diagonal.
    pub diag: u64,
    /// Cells on a queen's down-and-to-lower-columns diagonal.
    pub anti: u64,
}

impl Attacks {
    /// The cells of the current row under attack.
    #[inline(always)]
    pub fn blocked(self) -> u64 {
        self.cols | self.diag | self.anti
    }

    /// The cells attacked `advance` board rows further down by the queens
    /// above this row (not counting this row's own queen).
    #[inline(always)]
    pub fn reach(self, advance: u32) -> u64 {
        self.cols | self.diag << advance | self.anti >> advance
    }

    /// The attacks one step further down, after a queen at `bit` in this row,
    /// when the next row lies `advance` board rows below.
    #[inline(always)]
    pub fn after(self, bit: u64, advance: u32) -> Attacks {
        Attacks {
            cols: self.cols | bit,
            diag: (self.diag | bit) << advance,
            anti: (self.anti | bit) >> advance,
        }
    }
}

/// What the kernel does with the free cells of the last row.
pub trait Leaves {
    /// `placed[i]` is the queen (a single bit) chosen in row `i` of the list;
    /// every set bit of `last` completes one solution in the last row.
    /// Return `ControlFlow::Break(())` to stop the whole search.
    fn leaves(&mut self, placed: &[u64], last: u64) -> ControlFlow<()>;

    /// The last two rows at once: `cells` are the free cells of the
    /// second-to-last row, under attack `above`; `last_free` is the free mask
    /// of the last row, `step` rows further down. `placed` holds the queens
    /// of the rows above, and its last slot is for the second-to-last row's.
    ///
    /// The provided method puts each cell of `cells` in that slot and hands
    /// the last row's free cells to [`Leaves::leaves`]; an implementation may
    /// override it with anything that has the same effect, only faster.
    #[inline(always)]
    fn last_two_rows(
        &mut self,
        placed: &mut [u64],
        above: Attacks,
        cells: u64,
        last_free: u64,
        step: u32,
    ) -> ControlFlow<()> {
        let slot = placed.len() - 1;
        let mut rest = cells;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            placed[slot] = bit;
            let last = last_free & !above.after(bit, step).blocked();
            self.leaves(placed, last)?;
        }
        ControlFlow::Continue(())
    }
}

/// Counts solutions. The total is a `u128`, so no run can wrap it: each leaf
/// adds at most 64, and `2^128 / 64` leaves is far beyond any search.
#[derive(Clone, Copy, Default, Debug)]
pub struct Counter {
    /// Solutions seen so far.
    pub total: u128,
}

impl Leaves for Counter {
    #[inline(always)]
    fn leaves(&mut self, _placed: &[u64], last: u64) -> ControlFlow<()> {
        self.total += u128::from(last.count_ones());
        ControlFlow::Continue(())
    }

    /// Counts without walking the second-to-last row. With `base` the last
    /// row's cells free of the queens above, a queen `p` there leaves
    /// `|base| - |base & {p, p << step, p >> step}|` cells, and summed over
    /// `p` in `cells` that is `|cells| |base| - |cells & base| - |cells &
    /// base >> step| - |cells & base << step|` (each cell `x` of `base` is
    /// hit by the queens `x`, `x >> step`, `x << step` of `cells`).
    #[inline(always)]
    fn last_two_rows(
        &mut self,
        _placed: &mut [u64],
        above: Attacks,
        cells: u64,
        last_free: u64,
        step: u32,
    ) -> ControlFlow<()> {
        let base = last_free & !above.reach(step);
        let hits = few_ones(cells & base)
            + few_ones(cells & base >> step)
            + few_ones(cells & base << step);
        self.total += u128::from(few_ones(cells) * few_ones(base) - hits);
        ControlFlow::Continue(())
    }
}

/// The number of set bits of `x`. Near the bottom of a search masks have at
/// most two cells (as many columns as rows are left), which this counts in
/// a few instructions; the baseline x86-64 target has no popcount.
#[inline(always)]
fn few_ones(x: u64) -> u32 {
    if cfg!(target_feature = "popcnt") {
        return x.count_ones();
    }
    let rest = x & x.wrapping_sub(1);
    if rest & rest.wrapping_sub(1) == 0 {
        u32::from(x != 0) + u32::from(rest != 0)
    } else {
        x.count_ones()
    }
}

/// Runs the search over `rows`, starting from the attacks `start` on the
/// first row, and hands every last-row set of completions to `leaves`.
///
/// Returns `Break` when `leaves` stopped the search.
///
/// An empty list has no last row, so nothing is reported (callers treat
/// "nothing left to place" as one solution themselves).
///
/// # Panics
/// Panics when `rows.len() > 64` (a [`crate::board::Board`] never has more).
///
/// # Complexity
/// `O(1)` per node of the search tree.
///
/// ```
/// use nqueens::kernel::{search, Attacks, Counter, Row};
/// let rows = vec![Row { free: 0xff, advance: 1 }; 8];
/// let mut counter = Counter::default();
/// let _ = search(&rows, Attacks::default(), &mut counter);
/// assert_eq!(counter.total, 92);
/// ```
#[inline]
pub fn search<L: Leaves>(rows: &[Row], start: Attacks, leaves: &mut L) -> ControlFlow<()> {
    let Some(last) = rows.len().checked_sub(1) else {
        return ControlFlow::Continue(());
    };
    assert!(rows.len() <= MAX_ROWS, "more than {MAX_ROWS} rows");
    let first = rows[0].free & !start.blocked();
    if last == 0 {
        return leaves.leaves(&[], first);
    }
    // The rows as fixed arrays: every index below is `< MAX_ROWS` by the
    // assert above, and masking with `MAX_ROWS - 1` (a no-op then) lets the
    // compiler see it too, so the hot loop has no bounds checks.
    let mut free = [0u64; MAX_ROWS];
    let mut advance = [0u32; MAX_ROWS];
    for (i, row) in rows.iter().enumerate() {
        free[i] = row.free;
        advance[i] = row.advance;
    }
    const M: usize = MAX_ROWS - 1;
    let mut placed = [0u64; MAX_ROWS];
    // The second-to-last row is never pushed on the stack: the last two rows
    // are handed to `leaves` at once.
    let penultimate = last - 1;
    if penultimate == 0 {
        return last_two_rows(start, first, &free, &advance, 0, &mut placed, leaves);
    }
    // Explicit stack: the attacks and the untried cells of every open row
    // above the second-to-last.
    let mut attacks = [Attacks::default(); MAX_ROWS];
    let mut untried = [0u64; MAX_ROWS];
    let mut level = 0;
    attacks[0] = start;
    untried[0] = first;
    loop {
        let cells = untried[level & M];
        if cells == 0 {
            if level == 0 {
                return ControlFlow::Continue(());
            }
            level -= 1;
            continue;
        }
        let bit = cells & cells.wrapping_neg();
        untried[level & M] = cells ^ bit;
        placed[level & M] = bit;
        let below = attacks[level & M].after(bit, advance[level & M]);
        let next = free[(level + 1) & M] & !below.blocked();
        if level + 1 == penultimate {
            last_two_rows(
                below,
                next,
                &free,
                &advance,
                penultimate,
                &mut placed,
                leaves,
            )?;
        } else if next != 0 {
            level += 1;
            attacks[level & M] = below;
            untried[level & M] = next;
        }
    }
}

/// The last two rows: row `penultimate` (attacks `above`, free cells
/// `cells`) and the last, handed to [`Leaves::last_two_rows`].
#[inline(always)]
fn last_two_rows<L: Leaves>(
    above: Attacks,
    cells: u64,
    free: &[u64; MAX_ROWS],
    advance: &[u32; MAX_ROWS],
    penultimate: usize,
    placed: &mut [u64; MAX_ROWS],
    leaves: &mut L,
) -> ControlFlow<()> {
    const M: usize = MAX_ROWS - 1;
    let last_free = free[(penultimate + 1) & M];
    let step = advance[penultimate & M];
    leaves.last_two_rows(
        &mut placed[..=penultimate & M],
        above,
        cells,
        last_free,
        step,
    )
}

/// The deepest list [`search`] takes.
pub const MAX_ROWS: usize = 64;

/// Counts the solutions of `rows` from `start`; an empty list has one (the
/// empty placement).
///
/// ```
/// use nqueens::kernel::{count, Attacks, Row};
/// assert_eq!(count(&[Row { free: 0b1111, advance: 1 }; 4], Attacks::default()), 2);
/// assert_eq!(count(&[], Attacks::default()), 1);
/// ```
pub fn count(rows: &[Row], start: Attacks) -> u128 {
    if rows.is_empty() {
        return 1;
    }
    let mut counter = Counter::default();
    let _ = search(rows, start, &mut counter);
    counter.total
}

/// Calls `visit` with every solution of `rows` from `start`, in
/// lexicographic order of columns: `queens[i]` is the single-bit queen of
/// row `i` of the list. `visit` may stop the enumeration with `Break`.
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::kernel::{for_each_solution, Attacks, Row};
/// let mut first = Vec::new();
/// for_each_solution(&[Row { free: 0b1111, advance: 1 }; 4], Attacks::default(), |queens| {
///     first = queens.iter().map(|q| q.trailing_zeros()).collect();
///     ControlFlow::Break(())
/// });
/// assert_eq!(first, [1, 3, 0, 2]);
/// ```
pub fn for_each_solution<F>(rows: &[Row], start: Attacks, visit: F)
where
    F: FnMut(&[u64]) -> ControlFlow<()>,
{
    struct Enumerate<F> {
        visit: F,
        queens: [u64; MAX_ROWS],
    }
    impl<F: FnMut(&[u64]) -> ControlFlow<()>> Leaves for Enumerate<F> {
        fn leaves(&mut self, placed: &[u64], last: u64) -> ControlFlow<()> {
            let depth = placed.len();
            self.queens[..depth].copy_from_slice(placed);
            let mut rest = last;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                self.queens[depth] = bit;
                (self.visit)(&self.queens[..=depth])?;
            }
            ControlFlow::Continue(())
        }
    }
    let mut enumerate = Enumerate {
        visit,
        queens: [0; MAX_ROWS],
    };
    if rows.is_empty() {
        let _ = (enumerate.visit)(&[]);
    } else {
        let _ = search(rows, start, &mut enumerate);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank(n: usize) -> Vec<Row> {
        vec![
            Row {
                free: crate::board::full_row(n),
                advance: 1
            };
            n
        ]
    }

    #[test]
    fn counts_small_blank_boards() {
        let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (i, &want) in expected.iter().enumerate() {
            assert_eq!(
                count(&blank(i + 1), Attacks::default()),
                want,
                "n = {}",
                i + 1
            );
        }
    }

    #[test]
    fn enumeration_agrees_with_counting_and_is_lexicographic() {
        for n in 1..=8 {
            let mut seen: Vec<Vec<u32>> = Vec::new();
            for_each_solution(&blank(n), Attacks::default(), |queens| {
                seen.push(queens.iter().map(|q| q.trailing_zeros()).collect());
                ControlFlow::Continue(())
            });
            assert_eq!(seen.len() as u128, count(&blank(n), Attacks::default()));
            assert!(seen.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        }
    }

    #[test]
    fn counting_the_last_two_rows_agrees_with_walking_them() {
        // Wider rows than the list is long, and advances above 1, so the
        // masks near the bottom have many cells: the formula of `Counter`
        // must agree with the provided walk.
        struct Walk(u128);
        impl Leaves for Walk {
            fn leaves(&mut self, _: &[u64], last: u64) -> ControlFlow<()> {
                self.0 += u128::from(last.count_ones());
                ControlFlow::Continue(())
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = 2 + (seed % 5) as usize;
            let rows: Vec<Row> = (0..len)
                .map(|i| Row {
                    free: seed.rotate_left(7 * i as u32) & 0x3ff | 0x10f,
                    advance: 1 + (seed >> (40 + i)) as u32 % 3,
                })
                .collect();
            let mut walk = Walk(0);
            let _ = search(&rows, Attacks::default(), &mut walk);
            assert_eq!(count(&rows, Attacks::default()), walk.0, "{rows:?}");
        }
    }

    #[test]
    fn a_skipped_row_is_bridged_by_advance() {
        // 4x4 with a queen pre-placed at row 1, column 3: fold its attacks into
        // rows 0, 2, 3 by hand and drop row 1 from the list.
        let rows = [
            Row {
                free: 0b1111 & !0b1000 & !0b0100,
                advance: 2,
            }, // row 0
            Row {
                free: 0b1111 & !0b1000 & !0b0100,
                advance: 1,
            }, // row 2
            Row {
                free: 0b1111 & !0b1000 & !0b0010,
                advance: 1,
            }, // row 3
        ];
        // The 4x4 solutions are 2 4 1 3 and 3 1 4 2; only the first has a
        // queen on (row 1, column 3).
        assert_eq!(count(&rows, Attacks::default()), 1);
    }

    #[test]
    fn leaves_can_stop_the_search() {
        struct StopAfter(u32);
        impl Leaves for StopAfter {
            fn leaves(&mut self, _: &[u64], last: u64) -> ControlFlow<()> {
                self.0 += last.count_ones();
                if self.0 >= 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            }
        }
        let mut stop = StopAfter(0);
        assert!(search(&blank(8), Attacks::default(), &mut stop).is_break());
        assert!(stop.0 < 92);
    }
}
