//! What the half-board tests share: OEIS's totals and a board's count by
//! the join planned within a GiB.

use nqueens::base::board::Board;
use nqueens::engine::half_board::PreparedJoin;

/// A memory limit every test's plan fits.
pub(super) const GIB: usize = 1 << 30;

/// OEIS A000170, n = 1..=18.
pub(super) const A000170: [u128; 18] = nqueens::base::published::totals();

/// The count of the join planned for `board` within a GiB.
pub(super) fn count(board: &Board) -> u128 {
    PreparedJoin::new(board.n(), board.rows(), GIB)
        .expect("plans every n <= 22")
        .count()
}
