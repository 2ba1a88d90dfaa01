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
pub use crate::tuning::engines::NS_PER_NODE;

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
/// use nqueens::engine::tree_size::nodes;
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

/// A finer estimate of the same number, for trees big enough to be worth
/// a few milliseconds: the top levels are walked in full until a level
/// holds at least `frontier` nodes, and `probes` probes run from each of
/// them. Stratified sampling: every subtree gets probes of its own, so a
/// few lucky (or unlucky) probes no longer speak for the whole tree, whose
/// branches on boards with blocked cells differ by orders of magnitude.
///
/// ```
/// use nqueens::base::{board::Board, problem::Problem};
/// use nqueens::engine::tree_size::{nodes, nodes_stratified};
/// let rows = Problem::new(&Board::blank(8)).rows();
/// // A frontier wider than the tree: every node is counted.
/// let exact = Problem::new(&Board::blank(8)).nodes() as f64;
/// assert!((nodes_stratified(&rows, 1 << 20, 1) - exact).abs() <= 92.0);
/// let rough = nodes(&rows, 64);
/// assert!(rough > exact / 2.0 && rough < exact * 2.0);
/// ```
pub fn nodes_stratified(rows: &[Row], frontier: usize, probes: u32) -> f64 {
    let mut rng = Rng::new(0x5_7a7a ^ rows.len() as u64);
    let mut level = vec![Attacks::default()];
    let mut above = 0.0;
    let mut depth = 0;
    while level.len() < frontier {
        above += level.len() as f64;
        if depth + 1 >= rows.len() {
            return above;
        }
        let row = rows[depth];
        level = (level.iter())
            .flat_map(|&attacks| {
                let cells = row.free & !attacks.blocked();
                (0..64)
                    .map(|bit| 1u64 << bit)
                    .filter(move |bit| cells & bit != 0)
                    .map(move |bit| attacks.after(bit, row.advance))
            })
            .collect();
        depth += 1;
        if level.is_empty() {
            return above;
        }
    }
    let probes = probes.max(1);
    let below: f64 = (level.iter())
        .map(|&start| {
            let sum: f64 = (0..probes)
                .map(|_| probe_from(&rows[depth..], start, &mut rng))
                .sum();
            sum / f64::from(probes)
        })
        .sum();
    above + below
}

/// One probe: the sum over levels of the product of the branching factors
/// above them.
fn probe(rows: &[Row], rng: &mut Rng) -> f64 {
    probe_from(rows, Attacks::default(), rng)
}

/// One probe of the subtree below a node whose attacks are `attacks`.
fn probe_from(rows: &[Row], mut attacks: Attacks, rng: &mut Rng) -> f64 {
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
