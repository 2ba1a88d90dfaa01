//! The search kernel: the one bitmask backtracking loop every engine uses.
//!
//! A search problem is a list of [`Row`]s, top to bottom: the rows that still
//! need a queen, each with its free mask (bit `c` = column `c`). Queens that
//! are already placed (forced queens, symmetry pre-placements, the prefix of a
//! thread's work unit) are not rows of the list: whoever placed them removed
//! the cells they attack from the free masks (see [`crate::base::problem`]), and a
//! row skipped that way is bridged by [`Row::advance`].
//!
//! The search keeps three attack masks per row ([`Attacks`]): the columns
//! taken, and the two diagonals. A queen at column `c` attacks column
//! `c + k` (its `diag` line) and `c - k` (its `anti` line) `k` board rows
//! further down, so moving down `k` rows shifts `diag` left by `k` and `anti`
//! right by `k`. Bits shifted past either edge of the board leave the board
//! for good, which is why no re-masking is needed: bits at or above `n` never
//! meet a free cell (free masks have none), and bits below 0 fall off.
//!
//! The free cells of a row are `free & !(cols | diag | anti)`; the search
//! takes them lowest column first (`x & x.wrapping_neg()` isolates the lowest
//! set bit in two's complement), so solutions come out in lexicographic order
//! of their column vectors. What happens at a solution is the caller's choice
//! ([`Leaves`]): count, enumerate, stop early. The loop is generic over it and
//! monomorphised, so counting pays nothing for the other uses.
//!
//! # One step per node, no branch
//! A depth-first search spends most of its time mispredicting its own
//! branches: whether a row has cells left, whether a child has any. Here the
//! search is a lane whose step places exactly one queen and
//! decides what comes next with arithmetic, not jumps:
//!
//! - The stack holds only rows with untried cells. When a row's last cell is
//!   taken, its slot is reused for the child (or dropped when there is no
//!   child), so no step is ever spent backing out of an exhausted row.
//! - The child is always written to the slot it would take; when it is not
//!   kept, that slot is above the top of the stack and dead.
//! - The new stack depth is `depth + descend + keep - 1`, from two flags.
//!
//! Alone, a lane is about as fast as a branchy loop: each step waits for the
//! previous one. [`search_each`] runs [`LANES`] lanes over independent
//! problems in lock step, so the processor overlaps their steps.
//!
//! # Constraints
//! At most 64 rows; every `advance` in `1..=63`.
//!
//! # Complexity
//! One step per node of the search tree (placement that survives), `O(1)`
//! work per step.

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

/// What the kernel does with each solution.
pub trait Leaves {
    /// `queens[i]` is the queen (a single bit) of row `i` of the list; the
    /// list is complete. Return `ControlFlow::Break(())` to stop the search.
    fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()>;

    /// Whether [`Leaves::leaf`] reads its `queens`; when not, the kernel
    /// does not record them (one store less per node).
    const READS_QUEENS: bool = true;
}

impl<L: Leaves + ?Sized> Leaves for &mut L {
    const READS_QUEENS: bool = L::READS_QUEENS;

    #[inline(always)]
    fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
        (**self).leaf(queens)
    }
}

/// Counts solutions. The kernel takes one step per solution, so a `u64`
/// cannot wrap: that would take centuries of steps.
#[derive(Clone, Copy, Default, Debug)]
pub struct Counter {
    /// Solutions seen so far.
    pub total: u64,
}

impl Leaves for Counter {
    const READS_QUEENS: bool = false;

    #[inline(always)]
    fn leaf(&mut self, _queens: &[u64]) -> ControlFlow<()> {
        self.total += 1;
        ControlFlow::Continue(())
    }
}

/// The deepest list the kernel takes.
pub const MAX_ROWS: usize = 64;

/// How many searches [`search_each`] interleaves: enough independent steps
/// in flight to hide each one's latency, few enough that every lane's stack
/// stays in the first-level cache (measured on the constellation engine's units at
/// N = 16: 1.44 s in 1 lane, 0.74 s in 4, 0.71 s in 8).
pub const LANES: usize = 8;

/// A row on a lane's stack: its untried cells (never none), the attacks on
/// it, and which row of the list it is.
#[derive(Clone, Copy, Default, Debug)]
struct Slot {
    untried: u64,
    attacks: Attacks,
    row: usize,
}

/// One search in flight over one problem, with its [`Leaves`].
///
/// Invariant: `stack[..depth]` are the open rows, each with at least one
/// untried cell, deepest last; `depth == 0` means the search is over.
/// `free[last + 1]` is 0: the step that places a last-row queen reads it.
#[derive(Clone, Debug)]
struct Lane<L> {
    depth: usize,
    stack: [Slot; MAX_ROWS + 1],
    free: [u64; MAX_ROWS + 1],
    advance: [u32; MAX_ROWS + 1],
    queens: [u64; MAX_ROWS],
    last: usize,
    /// What the search does with its solutions.
    leaves: L,
}

impl<L: Leaves> Lane<L> {
    /// A lane with nothing to search.
    fn new(leaves: L) -> Lane<L> {
        Lane {
            depth: 0,
            stack: [Slot::default(); MAX_ROWS + 1],
            free: [0; MAX_ROWS + 1],
            advance: [0; MAX_ROWS + 1],
            queens: [0; MAX_ROWS],
            last: 0,
            leaves,
        }
    }

    /// Starts the search of `rows` from the attacks `start` on the first row.
    /// An empty list has one solution, the empty placement, reported here.
    ///
    /// # Panics
    /// Panics when `rows.len() > 64` (a [`crate::base::board::Board`] never has
    /// more).
    fn start(&mut self, rows: &[Row], start: Attacks) -> ControlFlow<()> {
        assert!(rows.len() <= MAX_ROWS, "more than {} rows", MAX_ROWS);
        self.depth = 0;
        let last = match rows.len().checked_sub(1) {
            Some(last) => last,
            None => return self.leaves.leaf(&[]),
        };
        for (i, row) in rows.iter().enumerate() {
            self.free[i] = row.free;
            self.advance[i] = row.advance;
        }
        self.free[last + 1] = 0;
        // The last row's advance means nothing, but a leaf's step shifts by
        // it: keep it in range whatever the caller left there.
        self.advance[last] = 1;
        self.last = last;
        let first = rows[0].free & !start.blocked();
        if first != 0 {
            self.stack[0] = Slot {
                untried: first,
                attacks: start,
                row: 0,
            };
            self.depth = 1;
        }
        ControlFlow::Continue(())
    }

    /// Whether the search is over.
    #[inline(always)]
    fn is_done(&self) -> bool {
        self.depth == 0
    }

    /// Places the next queen: the lowest untried cell of the deepest open
    /// row. A queen in the last row completes a solution, which goes to the
    /// leaves; `Break` from them ends the search.
    ///
    /// Only while the search is not over (`!self.is_done()`).
    #[inline(always)]
    fn step(&mut self) -> ControlFlow<()> {
        // `top` and `row` are below `MAX_ROWS` (a slot's row is at least its
        // depth); masking with `M` (a no-op) lets the compiler see it too.
        const M: usize = MAX_ROWS - 1;
        let top = (self.depth - 1) & M;
        let slot = self.stack[top];
        let row = slot.row & M;
        let bit = slot.untried & slot.untried.wrapping_neg();
        let rest = slot.untried ^ bit;
        if L::READS_QUEENS {
            self.queens[row] = bit;
        }
        let below = slot.attacks.after(bit, self.advance[row]);
        let next = self.free[row + 1] & !below.blocked();
        let leaf = row == self.last;
        let descend = !leaf & (next != 0);
        let keep = rest != 0;
        self.stack[top].untried = rest;
        // The child goes above this row, or into its slot when the row is
        // used up; either way a slot that is dead unless `descend`.
        self.stack[top + usize::from(keep)] = Slot {
            untried: next,
            attacks: below,
            row: row + 1,
        };
        self.depth = self.depth + usize::from(descend) + usize::from(keep) - 1;
        if leaf && self.leaves.leaf(&self.queens[..=row]).is_break() {
            self.depth = 0;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Steps until the search is over or the leaves stop it; also returns
    /// how many steps (nodes) that took.
    #[inline]
    fn finish(&mut self) -> (ControlFlow<()>, u64) {
        let mut steps = 0;
        while !self.is_done() {
            steps += 1;
            if self.step().is_break() {
                return (ControlFlow::Break(()), steps);
            }
        }
        (ControlFlow::Continue(()), steps)
    }
}

/// Runs the search over `rows`, starting from the attacks `start` on the
/// first row, and hands every solution to `leaves`. An empty list has one
/// solution, the empty placement.
///
/// Returns `Break` when `leaves` stopped the search.
///
/// # Panics
/// Panics when `rows.len() > 64` (a [`crate::base::board::Board`] never has more).
///
/// # Complexity
/// `O(1)` per node of the search tree.
///
/// ```
/// use nqueens::base::kernel::{search, Attacks, Counter, Row};
/// let rows = vec![Row { free: 0xff, advance: 1 }; 8];
/// let mut counter = Counter::default();
/// let _ = search(&rows, Attacks::default(), &mut counter);
/// assert_eq!(counter.total, 92);
/// ```
pub fn search<L: Leaves>(rows: &[Row], start: Attacks, leaves: &mut L) -> ControlFlow<()> {
    let mut lane = Lane::new(leaves);
    lane.start(rows, start)?;
    lane.finish().0
}

/// Searches many problems, up to [`LANES`] at a time in lock step (see the
/// module docs), and calls `finished(tag, leaves)` as each one ends, in no
/// particular order. Each problem is `(tag, rows, leaves)`, searched from no
/// attacks; `Break` from its leaves ends that problem only.
///
/// # Panics
/// Panics when a problem has more than 64 rows.
///
/// # Complexity
/// `O(1)` per node, as [`search`], with several nodes' steps overlapping.
///
/// ```
/// use nqueens::base::kernel::{search_each, Counter, Row};
/// let problems = (4..=10).map(|n| {
///     let rows = vec![Row { free: (1 << n) - 1, advance: 1 }; n];
///     (n, rows, Counter::default())
/// });
/// let mut counts = Vec::new();
/// search_each(problems, |n, counter| counts.push((n, counter.total)));
/// counts.sort();
/// assert_eq!(counts, [(4, 2), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)]);
/// ```
pub fn search_each<T, L, I, F>(problems: I, mut finished: F)
where
    L: Leaves,
    I: IntoIterator<Item = (T, Vec<Row>, L)>,
    F: FnMut(T, L),
{
    let mut problems = problems.into_iter().peekable();
    let mut tags = Vec::new();
    let mut lanes = Vec::new();
    while lanes.len() < LANES {
        let (tag, rows, mut leaves) = match problems.next() {
            Some(problem) => problem,
            None => break,
        };
        if lanes.is_empty() && problems.peek().is_none() {
            // Nothing to interleave with (a stream of tiny boards asks for
            // one search at a time): no lanes to set up.
            let _ = search(&rows, Attacks::default(), &mut leaves);
            finished(tag, leaves);
            return;
        }
        let mut lane = Lane::new(leaves);
        let _ = lane.start(&rows, Attacks::default());
        tags.push(tag);
        lanes.push(lane);
    }
    loop {
        // Hand every finished lane its next problem, or retire it; a problem
        // that is over at once is finished on the next pass over its lane.
        let mut i = 0;
        while i < lanes.len() {
            if !lanes[i].is_done() {
                i += 1;
                continue;
            }
            match problems.next() {
                Some((tag, rows, leaves)) => {
                    let lane = &mut lanes[i];
                    let old_tag = std::mem::replace(&mut tags[i], tag);
                    finished(old_tag, std::mem::replace(&mut lane.leaves, leaves));
                    let _ = lane.start(&rows, Attacks::default());
                }
                None => finished(tags.swap_remove(i), lanes.swap_remove(i).leaves),
            }
        }
        if lanes.is_empty() {
            return;
        }
        // Lock step until some lane is done; none is at the start.
        loop {
            for lane in lanes.iter_mut() {
                let _ = lane.step();
            }
            if lanes.iter().any(Lane::is_done) {
                break;
            }
        }
    }
}

/// Counts the solutions of `rows` from `start`; an empty list has one (the
/// empty placement).
///
/// ```
/// use nqueens::base::kernel::{count, Attacks, Row};
/// assert_eq!(count(&[Row { free: 0b1111, advance: 1 }; 4], Attacks::default()), 2);
/// assert_eq!(count(&[], Attacks::default()), 1);
/// ```
pub fn count(rows: &[Row], start: Attacks) -> u128 {
    let mut counter = Counter::default();
    let _ = search(rows, start, &mut counter);
    u128::from(counter.total)
}

/// The number of nodes of the search tree of `rows` from `start`: the steps
/// [`search`] takes, one per queen placed. Benchmarks divide by it; it is
/// walked by a separate search, so counting costs the searches nothing.
///
/// ```
/// use nqueens::base::kernel::{nodes, Attacks, Row};
/// // 4 x 4: 4 first-row queens, then 6, 4 and 2 below them.
/// assert_eq!(nodes(&[Row { free: 0b1111, advance: 1 }; 4], Attacks::default()), 16);
/// ```
pub fn nodes(rows: &[Row], start: Attacks) -> u64 {
    let mut lane = Lane::new(Counter::default());
    let _ = lane.start(rows, start);
    lane.finish().1
}

/// Calls `visit` with every solution of `rows` from `start`, in
/// lexicographic order of columns: `queens[i]` is the single-bit queen of
/// row `i` of the list. `visit` may stop the enumeration with `Break`.
///
/// ```
/// use std::ops::ControlFlow;
/// use nqueens::base::kernel::{for_each_solution, Attacks, Row};
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
    struct Enumerate<F>(F);
    impl<F: FnMut(&[u64]) -> ControlFlow<()>> Leaves for Enumerate<F> {
        fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
            (self.0)(queens)
        }
    }
    let _ = search(rows, start, &mut Enumerate(visit));
}

#[cfg(test)]
mod tests;
