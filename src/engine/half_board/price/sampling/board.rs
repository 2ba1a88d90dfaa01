//! What a sampled pricing reads of a board: its free cells and the join's
//! geometry ([`Board`]).

use crate::engine::half_board::column_sets::{Pivot, Symmetric};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::QuarterShape;

/// The board and the join's geometry a sampling reads.
pub struct Board<'a> {
    pub shape: &'a Shape,
    pub sym: Symmetric,
    pub free: &'a [u64],
    pub quarter_shapes: &'a [QuarterShape; 4],
    pub pivots: &'a [Pivot],
}
