//! A pivot's units: its ranks cut into ranges of equal size along the
//! order its ranks name its sets in ([`Run`]), and the mark of a tiled
//! order in a unit list's key ([`TILED_ORDER`]).

/// The units of one pivot: its ranks cut into `units` ranges of equal
/// size, the first numbered `first`. Every rank weighs the same: in colex
/// order and in tiles alike a run of ranks holds the pivot's sets in
/// their mix (see [`crate::engine::half_board::column_sets::tiles`]).
#[derive(Clone, Debug)]
pub(in crate::engine::half_board) struct Run {
    pub(in crate::engine::half_board) first: usize,
    pub(in crate::engine::half_board) units: u64,
    pub(in crate::engine::half_board) ranks: u64,
    /// The pivot's price, ns (its joins and its tables).
    pub(in crate::engine::half_board) price: f64,
}

impl Run {
    /// Where unit `j` of the run starts (`j = units`: its end).
    pub(in crate::engine::half_board) fn cut(&self, j: u64) -> u64 {
        // `ranks * j` fits: ranks < 2^40 and units < 2^24 past n = 24.
        let ranks = u128::from(self.ranks) * u128::from(j.min(self.units));
        (ranks / u128::from(self.units)) as u64
    }
}

/// Marks the unit lists whose ranks name column sets in tiles
/// ([`super::Ranked::order`]): a rank of a record made in colex order names
/// another set, so `merge` must not add such records to those (colex
/// order's keys are what they were before tiles). Its revision 2: the
/// parts' tiles interleaved (revision 1 listed them part after part).
pub(super) const TILED_ORDER: u64 = 0x711e_5002;
