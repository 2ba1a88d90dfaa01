//! The bucket tables of one quarter ([`Quarter`]): what a table holds,
//! the tables of single column sets and the counts planning walks, and
//! how a join reads them ([`SetBuckets`]). How a table of many sets is
//! built is `counted`'s ([`Quarter::build`]).

use crate::tuning::layout::SET_WALK_SHARE;

use super::scatter::ScatterCounts;
use super::shape::QuarterShape;
use super::visited::{Keeper, Visited};
use super::walk::{walk, walk_within};

/// The placements of one quarter whose column sets a part needs, bucketed
/// by (columns, rows).
///
/// Only the needed column sets have buckets: a directory gives each one a
/// slot, and slot `i` owns the `2^h` row-set buckets from `i << h`. So a
/// part's tables, bucket starts included, shrink with the part.
pub struct Quarter {
    /// Number of row bits in a key (rows of the half).
    pub(super) h: usize,
    /// The slot of each column set of the quarter, [`NO_SLOT`] when it is
    /// not stored.
    pub(super) slot_of: Vec<u32>,
    /// `start[k]..start[k + 1]` is bucket `k = slot << h | rows` in `da`.
    pub(super) start: Vec<u32>,
    /// The stored diagonals of each placement (see the module doc).
    pub(super) da: Vec<u64>,
    /// Each placement's hits of a credited join's images, beside `da`
    /// (empty in a plain join; see [`crate::engine::half_board::images`]).
    pub(super) hits: Vec<u8>,
}

/// A column set with no buckets.
pub(super) const NO_SLOT: u32 = u32::MAX;

impl Quarter {
    /// The placements of quarter `q` whose column set is exactly `cols`:
    /// the table [`Quarter::build`] makes for that set alone, for a set
    /// priced on its own. Two walks of the set, one counting each row set's
    /// placements and one storing them in place: a set of 28 can hold tens
    /// of millions, and keeping them unsorted first (16 bytes each, in a
    /// list that doubles as it grows) made this the peak of a shard of 28,
    /// 1.8x its quote (the table itself is 8 bytes a placement).
    pub fn of_set(n: usize, h: usize, free: &[u64], q: QuarterShape, cols: u64) -> Quarter {
        let rows = (1usize << h) - 1;
        let mut start = vec![0u32; (1 << h) + 1];
        walk_within(n, h, free, q, cols, &mut |key, _, _| {
            start[(key & rows) + 1] += 1
        });
        for r in 0..1 << h {
            start[r + 1] += start[r];
        }
        let mut cursor = start.clone();
        let mut da = vec![0u64; start[1 << h] as usize];
        walk_within(n, h, free, q, cols, &mut |key, v, _| {
            let r = key & rows;
            da[cursor[r] as usize] = v;
            cursor[r] += 1;
        });
        let mut slot_of = vec![NO_SLOT; 1usize << q.w];
        slot_of[cols as usize] = 0;
        Quarter {
            h,
            slot_of,
            start,
            da,
            hits: Vec::new(),
        }
    }

    /// Whether a build of `sets` column sets of a quarter `w` columns wide
    /// walks each set on its own.
    pub fn walks_each_set(sets: usize, w: usize) -> bool {
        sets * SET_WALK_SHARE <= 1usize << w
    }

    /// The number of placements of each bucket `cols << h | rows`, every
    /// column set, and for each of `pivots` (the stored diagonals a pivot
    /// blocks, and the quarter's columns it leaves) how many placements
    /// use only those columns and how many of those avoid the blocked
    /// diagonals (for planning); and the placements themselves when there
    /// are at most [`visited::KEPT`], for the build that follows
    /// ([`Quarter::build_with`]).
    pub fn counts(
        n: usize,
        h: usize,
        free: &[u64],
        q: QuarterShape,
        pivots: &[(u64, u64)],
    ) -> (Vec<u32>, Vec<(u64, u64)>, Option<Visited>) {
        let mut counts = ScatterCounts::new(1usize << (q.w + h));
        let mut avoiding = vec![0u64; pivots.len()];
        let mut kept = Keeper::new(q.w, h);
        walk(n, h, free, q, &mut |key, da, cells| {
            counts.add(key);
            kept.keep(key, da, cells);
            let cols = (key >> h) as u64;
            for (a, &(block, avail)) in avoiding.iter_mut().zip(pivots) {
                *a += u64::from((cols & !avail == 0) & (da & block == 0));
            }
        });
        let counts = counts.finish();
        // The placements inside each pivot's columns, from the counts.
        let per_set: Vec<u64> = counts
            .chunks(1 << h)
            .map(|rows| rows.iter().map(|&c| u64::from(c)).sum())
            .collect();
        let within = pivots
            .iter()
            .zip(avoiding)
            .map(|(&(_, avail), avoiding)| {
                let inside = per_set
                    .iter()
                    .enumerate()
                    .filter(|&(cols, _)| cols as u64 & !avail == 0);
                (inside.map(|(_, &c)| c).sum(), avoiding)
            })
            .collect();
        (counts, within, kept.list.map(Visited))
    }

    /// The placements of quarter `q` whose column set is exactly `cols`,
    /// per set of rows (index `rows < 2^h`): one walk of that set alone,
    /// what a build walks for it (for pricing a few sets exactly).
    pub fn rows_within(n: usize, h: usize, free: &[u64], q: QuarterShape, cols: u64) -> Vec<u32> {
        let mut counts = vec![0u32; 1 << h];
        let rows = (1usize << h) - 1;
        walk_within(n, h, free, q, cols, &mut |key, _, _| {
            counts[key & rows] += 1
        });
        counts
    }

    /// The placements this table holds.
    pub fn placements(&self) -> u64 {
        self.da.len() as u64
    }

    /// The bytes this table holds (what [`Quarter::bytes`] prices).
    pub fn held_bytes(&self) -> usize {
        self.slot_of.len() * 4 + self.start.len() * 4 + self.da.len() * 8 + self.hits.len()
    }

    /// Bytes a table of `items` placements in `sets` column sets of
    /// quarter `q` takes (the directory, the buckets' starts, the
    /// placements).
    pub fn bytes(h: usize, q: &QuarterShape, sets: u64, items: u64) -> usize {
        (1usize << q.w) * 4 + ((sets as usize) << h) * 4 + 4 + items as usize * 8
    }

    #[inline(always)]
    fn range(&self, cols: u64, rows: u64) -> std::ops::Range<usize> {
        let slot = self.slot_of[cols as usize];
        if slot == NO_SLOT {
            return 0..0;
        }
        let k = ((slot as usize) << self.h) | rows as usize;
        self.start[k] as usize..self.start[k + 1] as usize
    }

    /// The stored diagonals of bucket (cols, rows).
    #[inline(always)]
    pub fn group(&self, cols: u64, rows: u64) -> &[u64] {
        &self.da[self.range(cols, rows)]
    }

    /// The buckets of column set `cols`, looked up once for the row sets
    /// a task goes through (its directory entry read once, its bucket
    /// starts side by side).
    #[inline(always)]
    pub fn set(&self, cols: u64) -> SetBuckets<'_> {
        let slot = self.slot_of[cols as usize];
        let start = if slot == NO_SLOT {
            &[]
        } else {
            let first = (slot as usize) << self.h;
            &self.start[first..=first + (1 << self.h)]
        };
        SetBuckets {
            start,
            da: &self.da,
            hits: &self.hits,
        }
    }
}

/// One column set's buckets of a [`Quarter`], by row set
/// ([`Quarter::set`]).
#[derive(Clone, Copy)]
pub struct SetBuckets<'a> {
    /// The set's `2^h + 1` bucket starts; empty when it is not stored.
    start: &'a [u32],
    da: &'a [u64],
    hits: &'a [u8],
}

impl<'a> SetBuckets<'a> {
    #[inline(always)]
    fn range(&self, rows: u64) -> std::ops::Range<usize> {
        match self.start.get(rows as usize..rows as usize + 2) {
            Some(&[from, to]) => from as usize..to as usize,
            _ => 0..0,
        }
    }

    /// The stored diagonals of the bucket of row set `rows`.
    #[inline(always)]
    pub fn group(&self, rows: u64) -> &'a [u64] {
        &self.da[self.range(rows)]
    }

    /// The bucket's diagonals and, in a table built with images
    /// ([`Quarter::build_with`]), their hits (empty otherwise).
    #[inline(always)]
    pub fn group_hits(&self, rows: u64) -> (&'a [u64], &'a [u8]) {
        let range = self.range(rows);
        let hits = if self.hits.is_empty() {
            &[]
        } else {
            &self.hits[range.clone()]
        };
        (&self.da[range], hits)
    }
}
