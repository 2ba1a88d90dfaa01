//! A layout keeping only what some of its units need (a shard's): each
//! part they touch keeps the column sets of their own tasks, the parts they
//! do not touch keep nothing. So `count N --shard I/K` builds only what its
//! units need. The price of what is kept is the price's
//! ([`crate::engine::half_board::price`], `Layout::narrow`).
//!
//! # Complexity
//! One pass over the units' tasks, then one over each touched part's
//! column sets.

use super::{Layout, Part, Stored};

impl Layout {
    /// Keeps only the tables `units` (indices into the unit list) need and
    /// returns what each part now stores (nothing, for a part no unit
    /// touches); the other units must not run afterwards.
    pub(in crate::engine::half_board) fn keep_units(&mut self, units: &[usize]) -> Vec<Stored> {
        let wl = self.shape.wl;
        let lmask = (1u64 << wl) - 1;
        let widths = self.quarter_shapes.map(|q| q.w);
        let no_sets = || widths.map(|w| vec![0u64; ((1usize << w) + 63) / 64]);
        let mut marks: Vec<Option<[Vec<u64>; 4]>> = vec![None; self.parts.len()];
        for &u in units {
            let unit = &self.units[u];
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
        let mut stored = Vec::with_capacity(marks.len());
        let mut parts = Vec::with_capacity(marks.len());
        for bits in marks {
            let bits = bits.unwrap_or_else(no_sets);
            stored.push(self.stored(&bits));
            parts.push(Part::of_sets(bits));
        }
        self.parts = parts;
        // A kept part walks its own sets ([`Quarter::build`]): the whole
        // quarters planning kept are not read.
        //
        // [`Quarter::build`]: crate::engine::half_board::quarters::Quarter::build
        self.visited = Default::default();
        stored
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
}
