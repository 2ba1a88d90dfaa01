//! Border constellations: the work units of the constellation engine.
//!
//! Every solution of the blank `n x n` board has exactly one queen in each of
//! the four border lines: row 0, row `n - 1`, column 0 and column `n - 1`
//! (a corner queen serves a row and a column at once). Call the set of those
//! (at most four) queens the solution's *constellation*. The eight symmetries
//! of the square map border lines to border lines, so the constellation of
//! `g(S)` is `g` applied to the constellation of `S`, and two constellations
//! in one orbit have equally many completions.
//!
//! So the solutions split by constellation, and one representative per orbit
//! suffices: `total = sum over representatives R of |orbit(R)| * completions(R)`.
//! No leaf ever needs a symmetry check, and the representatives are thousands
//! of independent sub-problems (about `n^4 / 8`).
//!
//! Which image of an orbit represents it is free, and it matters: the kernel
//! searches top to bottom, so the image whose pre-placed queens prune the top
//! rows hardest is searched fastest. The representative is the image with
//! the least [`probe`]: the product of the free-cell counts of its first
//! `n / 2` open rows once the border queens are placed, a bound on the
//! width of the top half of its search tree. It costs no search and picks
//! better than counting the placements of the first 3 or 4 rows did
//! (measured kernel nodes, N = 14 / 16 / 17: 5.24 / 212 / 1473 million,
//! against 5.39 / 225 / 1570 million for 3 rows, which took a fifth of the
//! run at N = 14 to count).
//!
//! # Constraints
//! `1 <= n <= 64`.
//!
//! # Complexity
//! [`least_borders`] tries `O(n^4)` border placements, each in `O(1)`;
//! [`cheapest_image`] takes the free counts of `n / 2` rows for each of four
//! images, `O(n)`.

use crate::base::board::{Board, Symmetry};
use crate::base::geometry::{attack, image_in_place, is_least, symmetries, Cell};
use crate::base::problem::Problem;

/// One representative border constellation and its symmetry data.
///
/// Invariants: `queens` is sorted and its cells pairwise non-attacking;
/// `stabilizer` holds the symmetries mapping `queens` to itself (the identity
/// first); `orbit` holds one symmetry per distinct image (the identity
/// first), so `orbit.len() * stabilizer.len() == 8`; `probe` is its
/// [`probe`], a cost estimate.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Constellation {
    /// The border queens, sorted.
    pub queens: Vec<Cell>,
    /// The symmetries that leave `queens` in place.
    pub stabilizer: Vec<Symmetry>,
    /// One symmetry per distinct image of `queens`.
    pub orbit: Vec<Symmetry>,
    /// Its [`probe`]: the width of the top of its search, which ranks
    /// units by cost.
    pub probe: u128,
}

impl Constellation {
    /// The blank `n x n` board with the border queens folded in: what is left
    /// to search for this constellation.
    pub fn problem(&self, n: usize) -> Problem {
        let mut problem = Problem::new(&Board::blank(n));
        for &(row, col) in &self.queens {
            let placed = problem.place(row, col);
            debug_assert!(placed, "constellation queens never attack each other");
        }
        problem
    }
}

/// The image of at most four cells ([`crate::base::geometry::image`]), on
/// the stack: the set-up takes a dozen images of each of thousands of
/// constellations. The image is the first `len` cells of the array.
fn small_image(n: usize, symmetry: Symmetry, cells: &[Cell]) -> ([Cell; 4], usize) {
    let mut out = [(0, 0); 4];
    out[..cells.len()].copy_from_slice(cells);
    image_in_place(n, symmetry, &mut out[..cells.len()]);
    (out, cells.len())
}

/// Every border constellation of the blank `n x n` board, one per orbit
/// (each the cheapest image of its orbit to search), in the fixed order of
/// [`least_borders`].
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
///
/// ```
/// use nqueens::engine::constellations::borders::representatives;
/// // 8 x 8: every solution's border queens fall in one of these orbits.
/// let reps = representatives(8);
/// let constellations: usize = reps.iter().map(|c| c.orbit.len()).sum();
/// assert!(reps.len() * 8 >= constellations);
/// ```
pub fn representatives(n: usize) -> Vec<Constellation> {
    least_borders(n)
        .iter()
        .map(|queens| cheapest_image(n, queens))
        .collect()
}

/// Every peaceful border placement of the blank `n x n` board that is the
/// least of its eight images: one per orbit, sorted cells, in a fixed order
/// (by the columns of row 0 and row `n - 1`, then the rows of columns 0 and
/// `n - 1`). No search, but `O(n^4)` candidates.
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
pub fn least_borders(n: usize) -> Vec<Vec<Cell>> {
    (0..n * n)
        .flat_map(|share| least_borders_at(n, share / n, share % n))
        .collect()
}

/// The borders of [`least_borders`] whose row-0 queen is in column `top` and
/// row-`n - 1` queen in column `bottom`, in the same order: one of the `n^2`
/// shares of the set-up that threads can take (finer than one per `top`:
/// most orbits have their least image at a small `top`).
///
/// # Panics
/// Panics when `n` is outside `1..=64`.
pub fn least_borders_at(n: usize, top: usize, bottom: usize) -> Vec<Vec<Cell>> {
    assert!((1..=64).contains(&n), "board side {n} out of 1..=64");
    let last = n - 1;
    let mut out = Vec::new();
    // A border's least cell is its row-0 queen, `(0, top)`; the mirror image
    // puts that queen at `(0, last - top)`. So the least image of an orbit
    // has `top <= last - top`, and no other `top` needs trying.
    if top > last - top {
        return out;
    }
    // `top`, `bottom`: columns of the queens of rows 0 and n-1; `left`,
    // `right`: rows of the queens of columns 0 and n-1. A queen placed on a
    // line may be the same queen as one placed before (a corner queen serves
    // two lines); otherwise it must not attack any, which is checked as soon
    // as it is placed, so that `O(n^4)` candidates are rarely all visited.
    let fits =
        |placed: &[Cell], queen: Cell| placed.iter().all(|&p| p == queen || !attack(p, queen));
    if !fits(&[(0, top)], (last, bottom)) {
        return out;
    }
    for left in 0..n {
        // A queen on a corner is the queen of both its lines: row 0's
        // queen sits in column 0 exactly when column 0's queen sits
        // in row 0, and so on for the other three corners.
        if (top == 0) != (left == 0)
            || (bottom == 0) != (left == last)
            || !fits(&[(0, top), (last, bottom)], (left, 0))
        {
            continue;
        }
        for right in 0..n {
            let queens = [(0, top), (last, bottom), (left, 0), (right, last)];
            if (top == last) != (right == 0)
                || (bottom == last) != (right == last)
                || !fits(&queens[..3], queens[3])
            {
                continue;
            }
            // Sorted and without the doubled corner queens, on the stack.
            let mut sorted = queens;
            sorted.sort_unstable();
            let mut len = 1;
            for i in 1..sorted.len() {
                if sorted[i] != sorted[len - 1] {
                    sorted[len] = sorted[i];
                    len += 1;
                }
            }
            if is_least(n, &sorted[..len]) {
                out.push(sorted[..len].to_vec());
            }
        }
    }
    out
}

/// The image of `queens` with the smallest probe (the first such in
/// [`Symmetry::ALL`] order), with its symmetry data. This is where the set-up
/// time goes (four images' free masks), so callers may spread it over
/// threads.
///
/// Only the four rotations are probed: every other symmetry is a rotation
/// followed by [`Symmetry::MirrorColumns`], which maps each row to itself
/// mirrored, so its image has the same search tree mirrored (the same probe
/// and the same cost) and comes later in [`Symmetry::ALL`] than its rotation.
pub fn cheapest_image(n: usize, queens: &[Cell]) -> Constellation {
    let ((cells, len), probe) = ROTATIONS
        .iter()
        .map(|&symmetry| {
            let moved = small_image(n, symmetry, queens);
            let probe = probe(n, &moved.0[..moved.1]);
            (moved, probe)
        })
        .reduce(|best, next| if next.1 < best.1 { next } else { best })
        .expect("four rotations");
    with_symmetries(n, cells[..len].to_vec(), probe)
}

/// The rotations, in [`Symmetry::ALL`] order.
const ROTATIONS: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Rotate90,
    Symmetry::Rotate180,
    Symmetry::Rotate270,
];

/// The cost estimate of searching the blank `n x n` board once `queens`
/// are placed: the product of the free-cell counts of the first `n / 2`
/// open rows (saturating). It bounds the number of placements of those rows,
/// and measures how hard the border queens prune the top of the search.
///
/// ```
/// use nqueens::engine::constellations::borders::probe;
/// // 8 x 8, one corner queen: rows 1..=4 keep 6 cells each.
/// assert_eq!(probe(8, &[(0, 0)]), 6 * 6 * 6 * 6);
/// ```
pub fn probe(n: usize, queens: &[Cell]) -> u128 {
    // The free masks as `Problem::place` would leave them, without building
    // a problem: this runs for four images of every constellation.
    let mut width = 1u128;
    let open = (0..n).filter(|&row| queens.iter().all(|&(r, _)| r != row));
    for row in open.take(n / 2) {
        let mut free = crate::base::board::full_row(n);
        for &(r, col) in queens {
            let bit = 1u64 << col;
            let distance = row.abs_diff(r) as u32;
            free &= !(bit | bit << distance | bit >> distance);
        }
        width = width.saturating_mul(u128::from(free.count_ones()));
    }
    width
}

/// `queens` with its stabilizer, orbit and `probe`.
fn with_symmetries(n: usize, queens: Vec<Cell>, probe: u128) -> Constellation {
    let found = symmetries(|symmetry| small_image(n, symmetry, &queens));
    let (stabilizer, orbit) = (found.stabilizer, found.orbit);
    Constellation {
        queens,
        stabilizer,
        orbit,
        probe,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::geometry::image;

    #[test]
    fn orbits_times_stabilizers_make_the_group() {
        for n in 1..=12 {
            for c in representatives(n) {
                assert_eq!(c.orbit.len() * c.stabilizer.len(), 8, "{c:?}");
                assert_eq!(c.stabilizer[0], Symmetry::Identity);
                assert_eq!(c.orbit[0], Symmetry::Identity);
            }
        }
    }

    #[test]
    fn the_one_by_one_board_is_one_corner_queen() {
        let reps = representatives(1);
        assert_eq!(reps.len(), 1);
        assert_eq!(reps[0].queens, [(0, 0)]);
        assert_eq!(reps[0].orbit.len(), 1);
    }

    #[test]
    fn orbits_cover_every_peaceful_border_exactly_once() {
        // Brute force over all border placements of a 7x7 board.
        let n = 7;
        let reps = representatives(n);
        let mut images: Vec<Vec<Cell>> = Vec::new();
        for c in &reps {
            for &g in &c.orbit {
                images.push(image(n, g, &c.queens));
            }
        }
        let before = images.len();
        images.sort();
        images.dedup();
        assert_eq!(images.len(), before, "orbits overlap");
        // Every solution's constellation is among the images.
        Problem::new(&Board::blank(n)).for_each_solution(|cols| {
            let mut border = vec![(0, cols[0]), (n - 1, cols[n - 1])];
            for (row, &col) in cols.iter().enumerate() {
                if col == 0 || col == n - 1 {
                    border.push((row, col));
                }
            }
            border.sort_unstable();
            border.dedup();
            assert!(images.binary_search(&border).is_ok(), "{border:?}");
            std::ops::ControlFlow::Continue(())
        });
    }
}
