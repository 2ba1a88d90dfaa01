//! Most-constrained row first, chosen afresh at every node: a search that
//! fills rows in any order.
//!
//! The kernel fills rows top to bottom because its diagonal masks are
//! relative to the current row. Here the diagonals are kept in absolute
//! coordinates instead, so any row can be taken next: a queen at `(r, c)`
//! uses diagonal `r + c` and anti-diagonal `c - r + n - 1`, each in `0..2n-1`
//! (a `u128` holds them for `n <= 64`). The cells of row `r` they block are
//! bits `r..r+n` of the diagonal mask (shifted down by `r`) and bits
//! `n-1-r..2n-1-r` of the anti-diagonal mask (shifted down by `n - 1 - r`).
//!
//! At every node each open row's choices are computed; the node is dead when
//! a row has none or when some free column can no longer be reached by any
//! open row; otherwise the row with the fewest choices is branched on. This
//! is a different mechanism from the kernel (a node costs `O(open rows)`
//! instead of `O(1)`, but there are far fewer nodes on boards with
//! obstacles), so it has its own loop.
//!
//! # Three searches, one rule
//! The same rule (the open row with the fewest choices next; a node dead
//! when an open row has no choice left or a free column no open row can
//! reach) is searched in two other places, each for a reason of its own:
//! - [`crate::base::constrained::most_constrained`], the Rust bundle's:
//!   `base` may not use the engine (a bundle carries `base` alone), so it
//!   has its own loop; it keeps each depth's open rows with their choices
//!   (shifted by their distance to the new queen, no diagonal masks) and
//!   only counts. Its tree is this one's.
//! - [`crate::engine::find::most_constrained`], `show`'s: it hands each
//!   solution's columns to a visitor as it finds them, tries columns from
//!   the middle out, and stops when the visitor says so or a node budget
//!   runs out; a count needs none of that.
//!
//! This one counts for the planner, and what the other two need not do it
//! does: it cuts its tree into work units for the threads ([`split`]) and
//! prices itself ([`estimate`]).
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! `O(open rows)` per node of its (usually much smaller) tree.

use crate::base::board::{full_row, Board};
use crate::base::rng::Rng;

/// The search state: what the queens placed so far use.
#[derive(Clone, Copy)]
struct State {
    /// Columns taken.
    cols: u64,
    /// Diagonals `r + c` taken.
    diag: u128,
    /// Anti-diagonals `c - r + n - 1` taken.
    anti: u128,
    /// Rows still without a queen.
    open: u64,
}

/// The board and the search over it.
struct Search<'a> {
    n: usize,
    free: &'a [u64],
    full: u64,
    /// Nodes visited (for measurements and the estimator's calibration).
    nodes: u64,
}

impl Search<'_> {
    /// The cells of `row` still possible in `state`.
    #[inline(always)]
    fn choices(&self, state: &State, row: usize) -> u64 {
        let diag = (state.diag >> row) as u64;
        let anti = (state.anti >> (self.n - 1 - row)) as u64;
        self.free[row] & !state.cols & !diag & !anti & self.full
    }

    /// The most constrained open row and its choices, or `None` when the
    /// node is dead (a row without choices, or a free column nobody can
    /// take).
    #[inline(always)]
    fn pick(&self, state: &State) -> Option<(usize, u64)> {
        let mut best = (usize::MAX, 0u64, u32::MAX);
        let mut reachable = 0u64;
        let mut open = state.open;
        while open != 0 {
            let row = open.trailing_zeros() as usize;
            open &= open - 1;
            let cells = self.choices(state, row);
            let count = cells.count_ones();
            if count == 0 {
                return None;
            }
            reachable |= cells;
            if count < best.2 {
                best = (row, cells, count);
            }
        }
        // Every column without a queen must still be reachable by some row.
        if reachable | state.cols != self.full {
            return None;
        }
        Some((best.0, best.1))
    }

    fn place(&self, state: &State, row: usize, bit: u64) -> State {
        let col = bit.trailing_zeros() as usize;
        State {
            cols: state.cols | bit,
            diag: state.diag | 1u128 << (row + col),
            anti: state.anti | 1u128 << (col + self.n - 1 - row),
            open: state.open & !(1u64 << row),
        }
    }

    fn count(&mut self, state: &State) -> u128 {
        self.nodes += 1;
        let Some((row, cells)) = self.pick(state) else {
            return 0;
        };
        if state.open.count_ones() == 1 {
            return u128::from(cells.count_ones());
        }
        let mut total = 0;
        let mut rest = cells;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest ^= bit;
            total += self.count(&self.place(state, row, bit));
        }
        total
    }
}

fn start(board: &Board) -> (Search<'_>, State) {
    let n = board.n();
    let search = Search {
        n,
        free: board.rows(),
        full: full_row(n),
        nodes: 0,
    };
    let state = State {
        cols: 0,
        diag: 0,
        anti: 0,
        open: full_row(n),
    };
    (search, state)
}

/// The number of solutions of `board`, most constrained row first.
///
/// ```
/// use nqueens::{base::board::Board, engine::most_constrained};
/// assert_eq!(most_constrained::count(&Board::blank(8)), 92);
/// let mut board = Board::blank(4);
/// board.set_free(0, 1, false);
/// assert_eq!(most_constrained::count(&board), 1);
/// ```
pub fn count(board: &Board) -> u128 {
    let (mut search, state) = start(board);
    search.count(&state)
}

/// The parts of `board`: its row with the fewest free cells (at least
/// two), restricted to each of them in turn, with the cells that cell
/// attacks blocked (every solution of the part uses it, so no solution is
/// lost, and a part's part picks a row that is really constrained). Their
/// solutions partition the board's, so their counts add up to its count. A
/// board without such a row is its own only part.
///
/// ```
/// use nqueens::{base::board::Board, engine::most_constrained};
/// let parts = most_constrained::split(&Board::blank(7));
/// assert_eq!(parts.len(), 7);
/// assert_eq!(parts.iter().map(most_constrained::count).sum::<u128>(), 40);
/// ```
pub fn split(board: &Board) -> Vec<Board> {
    let row = (0..board.n())
        .filter(|&r| board.rows()[r].count_ones() >= 2)
        .min_by_key(|&r| board.rows()[r].count_ones());
    let Some(row) = row else {
        return vec![board.clone()];
    };
    let mut parts = Vec::new();
    let mut cells = board.rows()[row];
    while cells != 0 {
        let cell = cells & cells.wrapping_neg();
        cells ^= cell;
        let rows = (board.rows().iter().enumerate())
            .map(|(other, &free)| {
                let distance = other.abs_diff(row) as u32;
                match distance {
                    0 => cell,
                    // Rows are < 64 apart: cells pushed past an edge fall off.
                    _ => free & !(cell | cell << distance | cell >> distance),
                }
            })
            .collect();
        parts.push(Board::from_free_rows(rows));
    }
    parts
}

/// The estimated number of nodes of [`count`]'s search on `board`, from
/// `probes` random root-to-leaf walks (Knuth's estimator, as in
/// [`crate::engine::tree_size`]), and the average number of open rows per node.
pub fn estimate(board: &Board, probes: u32) -> (f64, f64) {
    let (search, root) = start(board);
    let mut rng = Rng::new(0xd1a9 ^ board.n() as u64);
    let probes = probes.max(1);
    let (mut nodes, mut weighted_rows) = (0.0, 0.0);
    for _ in 0..probes {
        let (n, rows) = probe(&search, root, &mut rng);
        nodes += n;
        weighted_rows += rows;
    }
    let rows = if nodes > 0.0 {
        weighted_rows / nodes
    } else {
        0.0
    };
    (nodes / f64::from(probes), rows)
}

/// The same estimate, stratified as
/// [`crate::engine::tree_size::nodes_stratified`] is: the top of the tree in
/// full until a level holds `frontier` nodes, then `probes` probes from
/// each of them.
pub fn estimate_stratified(board: &Board, frontier: usize, probes: u32) -> (f64, f64) {
    let (search, root) = start(board);
    let mut rng = Rng::new(0x5_d1a9 ^ board.n() as u64);
    let (mut nodes, mut weighted_rows) = (0.0, 0.0);
    let mut level = vec![root];
    while !level.is_empty() && level.len() < frontier {
        let mut next = Vec::new();
        for state in &level {
            nodes += 1.0;
            weighted_rows += f64::from(state.open.count_ones());
            let Some((row, cells)) = search.pick(state) else {
                continue;
            };
            if state.open.count_ones() == 1 {
                continue;
            }
            let mut rest = cells;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                next.push(search.place(state, row, bit));
            }
        }
        level = next;
    }
    let probes = probes.max(1);
    for &state in &level {
        for _ in 0..probes {
            let (n, rows) = probe(&search, state, &mut rng);
            nodes += n / f64::from(probes);
            weighted_rows += rows / f64::from(probes);
        }
    }
    let rows = if nodes > 0.0 {
        weighted_rows / nodes
    } else {
        0.0
    };
    (nodes, rows)
}

/// One random walk from `state` down: its estimate of the nodes below
/// (`state` included) and of their open rows summed.
fn probe(search: &Search, mut state: State, rng: &mut Rng) -> (f64, f64) {
    let (mut nodes, mut weighted_rows) = (0.0, 0.0);
    let mut width = 1.0;
    loop {
        nodes += width;
        weighted_rows += width * f64::from(state.open.count_ones());
        let Some((row, cells)) = search.pick(&state) else {
            break;
        };
        if state.open.count_ones() == 1 {
            break;
        }
        let choices = cells.count_ones();
        width *= f64::from(choices);
        let mut skip = rng.next_u64() % u64::from(choices);
        let mut rest = cells;
        while skip > 0 {
            rest &= rest - 1;
            skip -= 1;
        }
        state = search.place(&state, row, rest & rest.wrapping_neg());
    }
    (nodes, weighted_rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;

    #[test]
    fn agrees_with_the_kernel() {
        let mut rng = Rng::new(42);
        for _ in 0..600 {
            let n = rng.between(1, 10);
            let percent = rng.below(61);
            let board = rng.board(n, percent);
            assert_eq!(count(&board), Problem::new(&board).count(), "{board}");
        }
    }

    #[test]
    fn wide_boards_use_every_diagonal() {
        // n = 64 needs diagonal indices up to 126: a planted solution on an
        // otherwise blocked board is found exactly once.
        let n = 64;
        let columns: Vec<usize> = (0..n)
            .map(|i| (2 * i + (i >= n / 2) as usize) % n)
            .collect();
        let mut board = Board::from_free_rows(vec![0; n]);
        for (row, &col) in columns.iter().enumerate() {
            board.set_free(row, col, true);
        }
        let valid = (0..n).all(|a| {
            (0..a).all(|b| columns[a] != columns[b] && a - b != columns[a].abs_diff(columns[b]))
        });
        assert_eq!(count(&board), u128::from(valid));
        assert_eq!(count(&board), Problem::new(&board).count());
    }
}
