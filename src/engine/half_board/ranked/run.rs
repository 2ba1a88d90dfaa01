//! A pivot's units: its ranks cut into ranges of equal price along the
//! order its ranks name its sets in ([`Run`]), and the mark of a tiled
//! order in a unit list's key ([`TILED_ORDER`]).

/// The units of one pivot: its ranks cut into `units` ranges of equal
/// price, the first numbered `first`.
#[derive(Clone, Debug)]
pub(super) struct Run {
    pub(super) first: usize,
    pub(super) units: u64,
    pub(super) ranks: u64,
    /// The pivot's price, ns (its joins and its tables).
    pub(super) price: f64,
    /// In tiles, per part of the order
    /// ([`crate::engine::half_board::column_sets::tiles::Tiles::parts`]): its end rank
    /// and the share of the price up to it (the last 1). Empty in colex
    /// order, where every rank weighs the same.
    pub(super) parts: Vec<(u64, f64)>,
}

impl Run {
    /// Where unit `j` of the run starts (`j = units`: its end): `j /
    /// units` of its price, the price spread evenly over each part's ranks.
    pub(super) fn cut(&self, j: u64) -> u64 {
        if self.parts.is_empty() || j >= self.units {
            // `ranks * j` fits: ranks < 2^40 and units < 2^24 past n = 24.
            let ranks = u128::from(self.ranks) * u128::from(j.min(self.units));
            return (ranks / u128::from(self.units)) as u64;
        }
        let share = j as f64 / self.units as f64;
        let (mut start, mut below) = (0u64, 0f64);
        for &(end, upto) in &self.parts {
            if share < upto {
                let into = (share - below) / (upto - below);
                return start + ((end - start) as f64 * into) as u64;
            }
            (start, below) = (end, upto);
        }
        self.ranks
    }

    /// The share of the run's price below rank `rank`.
    pub(super) fn share_below(&self, rank: u64) -> f64 {
        let (mut start, mut below) = (0u64, 0f64);
        for &(end, upto) in &self.parts {
            if rank < end {
                return below + (upto - below) * (rank - start) as f64 / (end - start) as f64;
            }
            (start, below) = (end, upto);
        }
        rank as f64 / self.ranks.max(1) as f64
    }
}

/// Marks the unit lists whose ranks name column sets in tiles
/// ([`super::Ranked::order`]): a rank of a record made in colex order names
/// another set, so `merge` must not add such records to those (colex
/// order's keys are what they were before tiles).
pub(super) const TILED_ORDER: u64 = 0x711e_5001;
