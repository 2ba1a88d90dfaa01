//! A layout narrowed to some of its units (a shard's): it keeps only
//! their tables ([`Layout::keep_units`]), and its price and peak memory
//! become theirs: the planning that found them, their joins, and the
//! builds of what they keep. So the estimate of `count N --shard I/K` is
//! its own, not the whole count's `1/K`.
//!
//! # Complexity
//! That of [`Layout::keep_units`], and one pass over the parts.

use crate::engine::half_board::layout::{tables_bytes, Layout, Stored};
use crate::engine::half_board::price::cost;
use crate::engine::half_board::quarters::Quarter;

impl Layout {
    /// Keeps only what `units` (indices into the unit list) need, priced
    /// as theirs; the other units must not be run afterwards (their parts
    /// hold nothing).
    pub fn narrow(&mut self, units: &[usize]) {
        let mut cost = self.layout_ns;
        for &u in units {
            cost += self.units[u].weight;
        }
        let mut largest = 0;
        for stored in self.keep_units(units) {
            if stored.iter().any(|&(sets, _)| sets > 0) {
                cost += self.build_ns(stored);
                largest = largest.max(tables_bytes(self.shape.h, &self.quarter_shapes, stored));
            }
        }
        self.cost = cost;
        self.running_bytes = largest + self.task_bytes + self.scratch_bytes;
    }

    /// What building tables that store `stored` costs, ns: per quarter two
    /// walks (each needed set's own, or the whole quarter's, as
    /// [`Quarter::build`] chooses) and the placements kept.
    fn build_ns(&self, stored: Stored) -> f64 {
        (0..4)
            .map(|q| {
                let (sets, items) = stored[q];
                let walks = if Quarter::walks_each_set(sets as usize, self.quarter_shapes[q].w) {
                    cost::NS_SET_WALK_ITEM * items as f64
                } else {
                    cost::NS_WALK_ITEM * self.walked[q] as f64
                };
                2.0 * walks + cost::NS_BUILD_ITEM * items as f64
            })
            .sum()
    }
}
