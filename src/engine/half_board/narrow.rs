//! A layout narrowed to some of its units (a shard's): each part they touch
//! keeps only the column sets of their own tasks, the parts they do not
//! touch keep nothing, and the price and the peak memory become theirs:
//! the planning that found them, their joins, and the builds of what they
//! keep. So `count N --shard I/K`
//! builds only what its units need and its estimate is its own, not the
//! whole count's `1/K`.
//!
//! # Complexity
//! One pass over the units' tasks, then one over each touched part's
//! column sets.

use crate::engine::half_board::cost;
use crate::engine::half_board::layout::{tables_bytes, Layout, Part, Stored};
use crate::engine::half_board::quarters::Quarter;

impl Layout {
    /// Keeps only what `units` (indices into the unit list) need; the
    /// other units must not be run afterwards (their parts hold nothing).
    pub fn narrow(&mut self, units: &[usize]) {
        let wl = self.shape.wl;
        let lmask = (1u64 << wl) - 1;
        let widths = self.quarter_shapes.map(|q| q.w);
        let no_sets = || widths.map(|w| vec![0u64; ((1usize << w) + 63) / 64]);
        let mut marks: Vec<Option<[Vec<u64>; 4]>> = vec![None; self.parts.len()];
        let mut cost = self.layout_ns;
        for &u in units {
            let unit = &self.units[u];
            cost += unit.weight;
            let bits = marks[unit.part].get_or_insert_with(no_sets);
            for task in &self.tasks[unit.tasks.clone()] {
                let s = u64::from(task.s);
                let sb = self.pivots[task.pivot as usize].avail ^ s;
                for (q, cols) in [s & lmask, s >> wl, sb & lmask, sb >> wl]
                    .into_iter()
                    .enumerate()
                {
                    bits[q][(cols / 64) as usize] |= 1 << (cols % 64);
                }
            }
        }
        let mut largest = 0;
        let mut parts = Vec::with_capacity(marks.len());
        for bits in marks {
            let bits = bits.unwrap_or_else(no_sets);
            let stored = self.stored(&bits);
            if stored.iter().any(|&(sets, _)| sets > 0) {
                cost += self.build_ns(stored);
                largest = largest.max(tables_bytes(self.shape.h, &self.quarter_shapes, stored));
            }
            parts.push(Part::of_sets(bits));
        }
        self.parts = parts;
        self.cost = cost;
        // A narrowed part walks its own sets ([`Quarter::build`]): the
        // whole quarters planning kept are not read.
        self.visited = Default::default();
        self.running_bytes = largest + self.task_bytes + self.scratch_bytes;
    }

    /// The column sets and placements marked in `bits`, per quarter.
    fn stored(&self, bits: &[Vec<u64>; 4]) -> Stored {
        [0, 1, 2, 3].map(|q| {
            let marked =
                (0..self.mass[q].len()).filter(|&c| (bits[q][c / 64] >> (c % 64)) & 1 != 0);
            marked.fold((0, 0), |(sets, items), c| {
                (sets + 1, items + self.mass[q][c])
            })
        })
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
