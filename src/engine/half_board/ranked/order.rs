//! The order a pivot's ranks name its column sets in: colex order, or
//! tiles (see the parent's doc); a unit's ranks are cut along it by its
//! pivot's run (`super::run`). A room of its own: the
//! units' ranges and the sets they name are read through [`Ranked::unit`],
//! [`Ranked::sets_of`] and [`Ranked::rank_of`].

use std::ops::Range;

use crate::engine::half_board::column_sets::tiles::Tiles;
use crate::engine::half_board::column_sets::{positions, rank_of_set, spread};

use super::Ranked;

impl Ranked {
    /// The order pivot `pivot`'s ranks name its column sets in: tiles
    /// (split where the left quarters' columns end) of side
    /// [`crate::tuning::layout::TILE_OVER_ROOT`] times the square root of its units' ranks, so a
    /// unit holds about `1 / TILE_OVER_ROOT^2` tiles.
    pub fn order(&self, pivot: usize) -> Tiles {
        let run = &self.runs[pivot];
        let per_unit = run.ranks as f64 / run.units as f64;
        let side = (self.tile_over_root * per_unit.sqrt()).round().max(1.0) as u64;
        let (pv, h) = (&self.geo.pivots[pivot], self.geo.shape.h);
        if self.tile_over_root > 0.0 {
            Tiles::split(pv.avail, self.geo.shape.wl, h, side)
        } else {
            Tiles::new(pv.avail.count_ones() as usize, 0, h, 1)
        }
    }

    /// Tiles of `factor` times the square root of a unit's ranks instead
    /// of [`crate::tuning::layout::TILE_OVER_ROOT`]'s, or colex order for 0 (for benches: the
    /// units are the same, their ranks name other sets).
    #[doc(hidden)]
    pub fn set_tile_over_root(&mut self, factor: f64) {
        self.tile_over_root = factor;
    }

    /// The column sets pivot `pivot`'s ranks `ranks` name, every one
    /// (canonical or not), in rank order.
    pub fn sets_of(&self, pivot: usize, ranks: Range<u64>) -> impl Iterator<Item = u64> {
        let order = self.order(pivot);
        let columns = positions(self.geo.pivots[pivot].avail);
        let sets: Vec<u64> = order.sets(ranks).collect();
        sets.into_iter().map(move |set| spread(set, &columns))
    }

    /// The rank of pivot `pivot`'s column set `s`: the inverse of
    /// [`Ranked::sets_of`].
    pub fn rank_of(&self, pivot: usize, s: u64) -> u64 {
        rank_of_set(self.geo.pivots[pivot].avail, &self.order(pivot), s)
    }
}

#[cfg(test)]
mod tests {
    use crate::base::rng::Rng;
    use crate::engine::budget::Budget;
    use crate::engine::half_board::layout::MinN;
    use crate::engine::half_board::ranked::Ranked;

    /// In colex order and in tiles of several sides, each pivot's units
    /// cover its ranks in order, without gap or overlap, and their weights
    /// add up to its price.
    #[test]
    fn units_cover_each_pivots_ranks_at_their_prices() {
        let mut rng = Rng::new(5);
        for round in 0..8 {
            let n = 12 + round % 5;
            let free = match round % 2 {
                0 => vec![(1u64 << n) - 1; n],
                _ => rng.board(n, 3).rows().to_vec(),
            };
            let min_n = MinN::both(12).ranked_from(4);
            let Some(mut ranked) = Ranked::new(n, &free, Budget::default(), min_n) else {
                continue;
            };
            for factor in [0.0, 0.5, 1.0, 4.0] {
                ranked.set_tile_over_root(factor);
                let mut at = (0usize, 0u64);
                let mut weights = vec![0f64; ranked.runs.len()];
                for i in 0..ranked.units {
                    let unit = ranked.unit(i);
                    if unit.pivot != at.0 {
                        assert_eq!(at.1, ranked.runs[at.0].ranks, "n = {n}, {factor}");
                        at = (unit.pivot, 0);
                    }
                    assert_eq!(unit.ranks.start, at.1, "n = {n}, {factor}, unit {i}");
                    assert!(unit.ranks.end >= unit.ranks.start);
                    at.1 = unit.ranks.end;
                    weights[unit.pivot] += unit.weight;
                }
                assert_eq!(at.1, ranked.runs[at.0].ranks);
                for (run, w) in ranked.runs.iter().zip(weights) {
                    assert!(
                        (w - run.price).abs() <= 1e-6 * run.price,
                        "{w} {}",
                        run.price
                    );
                }
            }
        }
    }
}
