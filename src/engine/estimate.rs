//! How big a search tree is, guessed from a few random root-to-leaf probes.
//!
//! Knuth's estimator: walk down the tree taking a uniformly random child at
//! each node; if the nodes met have `d1, d2, ...` children, then
//! `1 + d1 + d1*d2 + ...` is an unbiased estimate of the number of nodes.
//! Averaging a few probes gives the planner a cost for a search before
//! running it, for a few nanoseconds per probe step. The probes follow the
//! kernel's rules exactly (same [`Row`] list, same [`Attacks`]), so the
//! estimate is of the tree the kernel would walk.
//!
//! Probes use a fixed-seed generator: the same problem always gets the same
//! estimate, so the planner's choices are reproducible. An estimate only ever
//! picks a method; it never changes an answer.
//!
//! # Constraints
//! At most 64 rows, as for the kernel.
//!
//! # Complexity
//! `O(probes * rows)`.

use crate::base::kernel::{Attacks, Row};
use crate::base::rng::Rng;

/// Nanoseconds per kernel node, what an estimate's nodes cost (measured: 8
/// to 10 on the development machine).
pub const NS_PER_NODE: f64 = 9.0;

/// A uniformly chosen set bit of the non-zero mask `cells`.
fn pick(rng: &mut Rng, cells: u64) -> u64 {
    let mut skip = rng.next_u64() % u64::from(cells.count_ones());
    let mut rest = cells;
    while skip > 0 {
        rest &= rest - 1;
        skip -= 1;
    }
    rest & rest.wrapping_neg()
}

/// The estimated number of nodes the kernel visits on `rows`, averaged over
/// `probes` random probes (at least one). Counts one node per row entered
/// (the first row's once, then one per placement above the last row): the
/// kernel's steps, up to its last-row placements, the solutions, which are
/// few next to the rest.
///
/// ```
/// use nqueens::engine::estimate::nodes;
/// use nqueens::base::kernel::Row;
/// // A board whose rows each have one free cell is a single path.
/// let rows: Vec<Row> = (0..5).map(|r| Row { free: 1 << (2 * r % 5), advance: 1 }).collect();
/// assert_eq!(nodes(&rows, 8), 5.0);
/// ```
pub fn nodes(rows: &[Row], probes: u32) -> f64 {
    let probes = probes.max(1);
    let mut rng = Rng::new(0x0b57_ac1e ^ rows.len() as u64);
    let mut total = 0.0;
    for _ in 0..probes {
        total += probe(rows, &mut rng);
    }
    total / f64::from(probes)
}

/// One probe: the sum over levels of the product of the branching factors
/// above them.
fn probe(rows: &[Row], rng: &mut Rng) -> f64 {
    let mut attacks = Attacks::default();
    let mut width = 1.0;
    let mut sum = 0.0;
    for (level, row) in rows.iter().enumerate() {
        let cells = row.free & !attacks.blocked();
        sum += width;
        if cells == 0 || level + 1 == rows.len() {
            break;
        }
        width *= f64::from(cells.count_ones());
        attacks = attacks.after(pick(rng, cells), row.advance);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::Board;
    use crate::base::problem::Problem;

    #[test]
    fn estimates_are_in_the_right_range_for_blank_boards() {
        // Exact node counts are not known here; the order of magnitude is
        // what the planner needs, so compare against the solution count,
        // which the tree must exceed.
        for n in [8, 10, 12] {
            let rows = Problem::new(&Board::blank(n)).rows();
            let estimate = nodes(&rows, 256);
            let solutions = Problem::new(&Board::blank(n)).count() as f64;
            assert!(estimate > solutions, "n = {n}: {estimate}");
            assert!(estimate < 200.0 * solutions, "n = {n}: {estimate}");
        }
    }

    #[test]
    fn estimates_are_reproducible() {
        let rows = Problem::new(&Board::blank(11)).rows();
        assert_eq!(nodes(&rows, 16), nodes(&rows, 16));
    }

    #[test]
    fn a_dead_first_row_is_one_node() {
        let rows = [Row {
            free: 0,
            advance: 1,
        }; 4];
        assert_eq!(nodes(&rows, 4), 1.0);
    }
}
