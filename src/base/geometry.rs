//! Cells, attacks, and images under the eight symmetries: the one place
//! each geometric idea is written.
//!
//! The symmetries themselves ([`Symmetry`]) and a board's image
//! ([`Board::transformed`]) live in [`crate::base::board`], which the bundles
//! carry; this module builds on them for the engines and the planner:
//!
//! - a [`Cell`] and whether two cells [`attack`] each other;
//! - a cell set's [`image`] (sorted, so equal sets compare equal), and a
//!   solution's image as columns ([`columns_image`]);
//! - the [`least`] of any key over the eight symmetries, and from it the
//!   least image of a cell set ([`least_image`], [`is_least`]) and of a
//!   board ([`least_rows`]);
//! - the symmetries fixing something and one per distinct image
//!   ([`symmetries`]).
//!
//! # Constraints
//! `1 <= n <= 64`; cells are on the `n x n` board.
//!
//! # Complexity
//! An image is `O(k log k)` for `k` cells, `O(n)` for a solution; the least
//! image and the symmetries take eight of them. [`is_least`] allocates
//! nothing for up to four cells.

use crate::base::board::{Board, Symmetry};

/// A cell as `(row, col)`, both 0-based.
pub type Cell = (usize, usize);

/// Whether two distinct cells share a row, column or diagonal (so queens on
/// them attack each other).
///
/// ```
/// use nqueens::base::geometry::attack;
/// assert!(attack((0, 0), (3, 3)));
/// assert!(!attack((0, 0), (1, 2)));
/// ```
pub fn attack(a: Cell, b: Cell) -> bool {
    a.0 == b.0 || a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

/// Turns `cells` into their image under `symmetry` on an `n x n` board, in
/// place, sorted.
pub fn image_in_place(n: usize, symmetry: Symmetry, cells: &mut [Cell]) {
    for cell in cells.iter_mut() {
        *cell = symmetry.apply(n, cell.0, cell.1);
    }
    cells.sort_unstable();
}

/// `cells` seen through `symmetry` on an `n x n` board, sorted.
///
/// ```
/// use nqueens::base::{board::Symmetry, geometry::image};
/// assert_eq!(image(4, Symmetry::Rotate90, &[(0, 0), (1, 2)]), [(0, 3), (2, 2)]);
/// ```
pub fn image(n: usize, symmetry: Symmetry, cells: &[Cell]) -> Vec<Cell> {
    let mut out = cells.to_vec();
    image_in_place(n, symmetry, &mut out);
    out
}

/// `out` = the solution `cols` (the column of each row's queen) seen through
/// `symmetry`, in the same form.
///
/// # Panics
/// Panics when `out` is shorter than `cols`.
///
/// ```
/// use nqueens::base::{board::Symmetry, geometry::columns_image};
/// let mut out = [0; 4];
/// columns_image(4, Symmetry::MirrorColumns, &[1, 3, 0, 2], &mut out);
/// assert_eq!(out, [2, 0, 3, 1]);
/// ```
pub fn columns_image(n: usize, symmetry: Symmetry, cols: &[usize], out: &mut [usize]) {
    for (row, &col) in cols.iter().enumerate() {
        let (r, c) = symmetry.apply(n, row, col);
        out[r] = c;
    }
}

/// The least of `key` over the eight symmetries, and the first symmetry (in
/// [`Symmetry::ALL`] order) that gives it.
///
/// ```
/// use nqueens::base::{board::Symmetry, geometry::least};
/// // The symmetry that sends cell (1, 0) of a 4 x 4 board furthest up.
/// assert_eq!(least(|s| s.apply(4, 1, 0)), (Symmetry::Transpose, (0, 1)));
/// ```
pub fn least<K: Ord>(mut key: impl FnMut(Symmetry) -> K) -> (Symmetry, K) {
    let mut best = (Symmetry::Identity, key(Symmetry::Identity));
    for symmetry in Symmetry::ALL.into_iter().skip(1) {
        let next = key(symmetry);
        if next < best.1 {
            best = (symmetry, next);
        }
    }
    best
}

/// The least of the eight (sorted) images of `cells`: equal for cell sets
/// equal up to rotation and reflection.
///
/// ```
/// use nqueens::base::geometry::least_image;
/// assert_eq!(least_image(5, &[(4, 4)]), [(0, 0)]);
/// ```
pub fn least_image(n: usize, cells: &[Cell]) -> Vec<Cell> {
    least(|symmetry| image(n, symmetry, cells)).1
}

/// Whether the sorted `cells` are [`least_image`] of themselves, without
/// building the images that can be ruled out by their least cell (and on the
/// stack for up to four cells): the constellation engine asks this of every peaceful
/// border placement.
///
/// ```
/// use nqueens::base::geometry::is_least;
/// assert!(is_least(5, &[(0, 1), (4, 2)]));
/// assert!(!is_least(5, &[(0, 3), (4, 2)]));
/// ```
pub fn is_least(n: usize, cells: &[Cell]) -> bool {
    let first = cells.first().copied();
    let mut small = [(0, 0); 4];
    let mut big = Vec::new();
    let moved: &mut [Cell] = if cells.len() <= small.len() {
        &mut small[..cells.len()]
    } else {
        big.resize(cells.len(), (0, 0));
        &mut big
    };
    Symmetry::ALL.iter().all(|&symmetry| {
        // Sorted sequences compare by their least elements first: only a tie
        // there needs the whole image.
        let least = cells
            .iter()
            .map(|&(row, col)| symmetry.apply(n, row, col))
            .min();
        if least != first {
            return least > first;
        }
        moved.copy_from_slice(cells);
        image_in_place(n, symmetry, moved);
        *moved >= *cells
    })
}

/// The rows of the least of `board`'s eight images: equal for boards equal
/// up to rotation and reflection.
///
/// ```
/// use nqueens::base::{board::Board, geometry::least_rows};
/// let mut board = Board::blank(3);
/// board.set_free(0, 0, false);
/// let mut turned = Board::blank(3);
/// turned.set_free(2, 2, false);
/// assert_eq!(least_rows(&board), least_rows(&turned));
/// ```
pub fn least_rows(board: &Board) -> Vec<u64> {
    least(|symmetry| board.transformed(symmetry).rows().to_vec()).1
}

/// What the eight symmetries do to one thing, from its images.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Symmetries {
    /// The symmetries whose image is the thing itself (the identity first).
    pub stabilizer: Vec<Symmetry>,
    /// One symmetry per distinct image, the first in [`Symmetry::ALL`]
    /// order that gives it (so the identity first).
    pub orbit: Vec<Symmetry>,
}

/// The [`Symmetries`] of a thing whose image under each symmetry is
/// `image(symmetry)` (the identity's image being the thing itself).
/// `orbit.len() * stabilizer.len() == 8`.
///
/// ```
/// use nqueens::base::{board::Symmetry, geometry::{image, symmetries}};
/// // A corner cell is fixed by the identity and the main diagonal.
/// let corner = symmetries(|s| image(5, s, &[(0, 0)]));
/// assert_eq!(corner.stabilizer, [Symmetry::Identity, Symmetry::Transpose]);
/// assert_eq!(corner.orbit.len(), 4);
/// ```
pub fn symmetries<T: PartialEq>(mut image: impl FnMut(Symmetry) -> T) -> Symmetries {
    let mut stabilizer = Vec::new();
    let mut orbit = Vec::new();
    let mut seen: Vec<T> = Vec::with_capacity(Symmetry::ALL.len());
    for symmetry in Symmetry::ALL {
        let moved = image(symmetry);
        if seen.first().map_or(true, |itself| *itself == moved) {
            stabilizer.push(symmetry);
        }
        if !seen.contains(&moved) {
            orbit.push(symmetry);
        }
        seen.push(moved);
    }
    Symmetries { stabilizer, orbit }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_least_agrees_with_the_least_image() {
        // Every set of up to two cells of a 5 x 5 board, and some of five
        // (past the stack buffer).
        let n = 5;
        let cells: Vec<Cell> = (0..n * n).map(|i| (i / n, i % n)).collect();
        let mut sets: Vec<Vec<Cell>> = vec![vec![]];
        for (i, &a) in cells.iter().enumerate() {
            sets.push(vec![a]);
            for &b in &cells[i + 1..] {
                sets.push(vec![a, b]);
            }
        }
        for k in 0..n {
            sets.push((0..5).map(|i| cells[(k + 7 * i) % (n * n)]).collect());
        }
        for mut set in sets {
            set.sort_unstable();
            assert_eq!(is_least(n, &set), least_image(n, &set) == set, "{set:?}");
        }
    }

    #[test]
    fn orbit_times_stabilizer_is_eight() {
        for cells in [vec![], vec![(0, 0)], vec![(1, 2)], vec![(2, 2)]] {
            let found = symmetries(|s| image(5, s, &cells));
            assert_eq!(found.orbit.len() * found.stabilizer.len(), 8, "{cells:?}");
        }
    }
}
