//! Scans: the solutions of a near-blank board, found among the blank
//! board's solutions by the constellation engine's work units.
//!
//! A board's solutions are the blank board's solutions that use no blocked
//! cell. The constellation engine ([`ConstellationEngine`]) lists the blank solutions as
//! each constellation's completions seen through every image of the
//! constellation; a scan searches each constellation once and keeps, per
//! image, the completions whose queens avoid that image's blocked cells. The
//! board's blocked cells are mapped into each symmetry's frame once per board
//! ([`Frames`]), so keeping a completion is a few mask tests per image.
//!
//! # Constraints
//! `1 <= n <= 64`, as for the constellation engine.
//!
//! # Complexity
//! One search per constellation (about an eighth of the plain blank search,
//! in the kernel's interleaved lanes), plus `O(images x rows with blocked
//! cells)` per completion.

use std::ops::ControlFlow;

use crate::base::board::{Board, Symmetry};
use crate::base::kernel::{self, Leaves, Row};
use crate::engine::constellations::borders::Constellation;
use crate::engine::constellations::ConstellationEngine;

/// A board's blocked cells as seen from each symmetry's frame: cell
/// `(row, col)` is marked for symmetry `s` when the cell it maps to,
/// `s.apply(n, row, col)`, is blocked. Made once per board, it lets
/// [`ConstellationEngine::scan_each`] read each image's blocked cells instead of mapping them
/// cell by cell for every unit.
#[derive(Clone, Debug)]
pub struct Frames {
    n: usize,
    /// Indexed by the symmetry's place in [`Symmetry::ALL`], then by row.
    blocked: Vec<Vec<u64>>,
}

impl Frames {
    /// The frames of `board`.
    pub fn new(board: &Board) -> Frames {
        let full = crate::base::board::full_row(board.n());
        let blocked = Symmetry::ALL
            .iter()
            // Seen through `s`, the board is its image under the inverse.
            .map(|s| {
                let seen = board.transformed(s.inverse());
                seen.rows().iter().map(|free| full & !free).collect()
            })
            .collect();
        Frames {
            n: board.n(),
            blocked,
        }
    }

    fn of(&self, symmetry: Symmetry) -> &[u64] {
        &self.blocked[symmetry as usize]
    }
}

impl ConstellationEngine {
    /// For each of `units`, the solutions of a board of this side (given by
    /// its [`Frames`]; usually few blocked cells) among those
    /// [`ConstellationEngine::for_each_solution_of`] lists for the unit: its
    /// completions seen through every image of its constellation, kept when
    /// they use only free cells. Reported as `finished(tag, count)`, in no
    /// particular order; the units are searched in the kernel's interleaved
    /// lanes.
    ///
    /// Each image's blocked cells, read in the unit's own frame, become masks
    /// on the kernel's rows; an image keeps a completion when none of its
    /// queens sits on one of them: a few mask tests per image, where a scan
    /// would transform and check every solution.
    ///
    /// # Complexity
    /// One search per unit, plus `O(images x rows with blocked cells)` per
    /// completion.
    ///
    /// ```
    /// use nqueens::{base::board::Board, engine::constellations::{scan::Frames, ConstellationEngine}};
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// let engine = ConstellationEngine::new(8);
    /// let mut count = 0;
    /// engine.scan_each(&Frames::new(&board), engine.units().iter().map(|u| ((), u)), |(), c| count += c);
    /// assert_eq!(count, 92 - 4); // 4 solutions use a corner
    /// ```
    pub fn scan_each<'a, T>(
        &self,
        frames: &Frames,
        units: impl IntoIterator<Item = (T, &'a Constellation)>,
        mut finished: impl FnMut(T, u128),
    ) {
        debug_assert_eq!(frames.n, self.n(), "a scan's board has the engine's side");
        let mut none_left = Vec::new();
        let problems = units
            .into_iter()
            .filter_map(|(tag, unit)| match scan(frames, unit) {
                Some((rows, avoiding)) => Some((tag, rows, avoiding)),
                None => {
                    none_left.push(tag);
                    None
                }
            });
        kernel::search_each(problems, |tag, avoiding| finished(tag, avoiding.total));
        for tag in none_left {
            finished(tag, 0);
        }
    }
}

/// The search of `unit` on the board of `frames`: the unit's rows, and the
/// leaves that count the completions each image of its constellation keeps;
/// `None` when every image puts a border queen on a blocked cell.
fn scan(frames: &Frames, unit: &Constellation) -> Option<(Vec<Row>, Avoiding)> {
    let n = frames.n;
    let problem = unit.problem(n);
    let open: Vec<usize> = (0..n).filter(|&r| problem.queen(r).is_none()).collect();
    let mut images = Vec::with_capacity(unit.orbit.len());
    for &symmetry in &unit.orbit {
        let blocked = frames.of(symmetry);
        if unit
            .queens
            .iter()
            .any(|&(row, col)| blocked[row] >> col & 1 == 1)
        {
            continue;
        }
        let blocked: Vec<(usize, u64)> = open
            .iter()
            .enumerate()
            .map(|(i, &row)| (i, blocked[row]))
            .filter(|&(_, mask)| mask != 0)
            .collect();
        images.push(Image { blocked });
    }
    if images.is_empty() {
        return None;
    }
    Some((problem.rows(), Avoiding { images, total: 0 }))
}

/// One image of a constellation, in the representative's frame: the blocked
/// cells of the open rows, as `(list index, mask)`, nonzero masks only.
struct Image {
    blocked: Vec<(usize, u64)>,
}

/// Counts the completions each image keeps (see [`ConstellationEngine::scan_each`]).
struct Avoiding {
    images: Vec<Image>,
    total: u128,
}

impl Leaves for Avoiding {
    fn leaf(&mut self, queens: &[u64]) -> ControlFlow<()> {
        for image in &self.images {
            let free = image
                .blocked
                .iter()
                .all(|&(row, mask)| queens[row] & mask == 0);
            self.total += u128::from(free);
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::problem::Problem;

    #[test]
    fn counting_units_on_a_board_agrees_with_the_plain_search() {
        // Boards with a few blocked cells, including border ones, which can
        // rule out a constellation image whole.
        let mut seed = 0x5ca1_ab1eu64;
        for n in 1..=10 {
            for _ in 0..12 {
                let mut board = Board::blank(n);
                for _ in 0..(seed % 5) {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let cell = (seed >> 33) as usize % (n * n);
                    board.set_free(cell / n, cell % n, false);
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let frames = Frames::new(&board);
                let mut by_units = 0;
                let engine = ConstellationEngine::new(n);
                engine.scan_each(&frames, engine.units().iter().map(|u| ((), u)), |(), c| {
                    by_units += c
                });
                assert_eq!(by_units, Problem::new(&board).count(), "n = {n}\n{board}");
            }
        }
    }
}
