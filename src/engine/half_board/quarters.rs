//! Quarter placements: every non-attacking placement inside one quarter of
//! the board (at most one queen per row, any number of queens), bucketed by
//! the quarter's (columns, rows) it uses.
//!
//! A placement is kept as its diagonals (one `u64`: the `d = r + c`
//! diagonals in the low 32 bits, the `a = r - c + n - 1` diagonals in the
//! high 32 bits, each shifted down by the quarter's offset) and its queens
//! (one nibble per row). Only the diagonals something else can meet are
//! kept: why the offsets are right is in [`QuarterShape::top`] and
//! [`QuarterShape::bottom`].
//!
//! # Constraints
//! * `n <= 30`: a queen's column inside a quarter (`< 15`) plus one fits a
//!   nibble, and the kept diagonals fit 32 bits per direction.
//! * `w + h <= 26`: a bucket key `cols << h | rows` indexes a dense table of
//!   `2^(w + h)` entries.
//!
//! # Complexity
//! One walk visits every placement of the quarter once: `O(placements)`
//! steps plus `O(2^(w + h))` for the bucket table. A walk may keep only the
//! placements whose column set a part needs ([`Quarter::build`]): it still
//! visits every placement.
//!
//! # Rooms
//! This file holds the bucket tables ([`Quarter`]) and how they are read;
//! its rooms, the first three of which do not import it:
//! - `shape`: where a quarter lies and which diagonals it keeps
//!   ([`QuarterShape`], [`Marks`]);
//! - `walk`: the depth-first walk that visits the placements, and its
//!   random descent;
//! - `scatter`: counting a walk's keys into a table larger than the caches
//!   ([`ScatterCounts`]);
//! - `visited`: a walk's placements kept for a later pass ([`Visited`]);
//! - `counted`: a table's two passes, counted then filled ([`Counted`]).

mod counted;
mod scatter;
mod shape;
mod visited;
mod walk;

pub use counted::Counted;
pub use scatter::ScatterCounts;
pub use shape::{
    edge_marks, flip_word, mark, mirror_word, reversed, shared_diagonals, Marks, QuarterShape,
};
pub use visited::Visited;

pub use walk::probe;

use crate::engine::half_board::images::Images;
use crate::tuning::layout::SET_WALK_SHARE;
use visited::Keeper;
use walk::{walk, walk_within};

/// The placements of one quarter whose column sets a part needs, bucketed
/// by (columns, rows).
///
/// Only the needed column sets have buckets: a directory gives each one a
/// slot, and slot `i` owns the `2^h` row-set buckets from `i << h`. So a
/// part's tables, bucket starts included, shrink with the part.
pub struct Quarter {
    /// Number of row bits in a key (rows of the half).
    h: usize,
    /// The slot of each column set of the quarter, [`NO_SLOT`] when it is
    /// not stored.
    slot_of: Vec<u32>,
    /// `start[k]..start[k + 1]` is bucket `k = slot << h | rows` in `da`.
    start: Vec<u32>,
    /// The stored diagonals of each placement (see the module doc).
    da: Vec<u64>,
    /// Each placement's hits of a credited join's images, beside `da`
    /// (empty in a plain join; see [`crate::engine::half_board::images`]).
    hits: Vec<u8>,
}

/// A column set with no buckets.
const NO_SLOT: u32 = u32::MAX;

impl Quarter {
    /// The placements of quarter `q` of the board `free` (rows of `n`
    /// bits, `h` rows per half) whose column set `cols` has
    /// `needed(cols)`. When few sets are needed, only their placements are
    /// visited ([`SET_WALK_SHARE`]); otherwise the whole quarter is walked.
    pub fn build(
        n: usize,
        h: usize,
        free: &[u64],
        q: QuarterShape,
        needed: &dyn Fn(u64) -> bool,
    ) -> Quarter {
        Counted::new(n, h, free, q, needed, None).fill(None)
    }

    /// [`Quarter::build`] read off `visited` (the whole quarter's
    /// placements, which planning's walk kept: [`Quarter::counts`]) instead
    /// of a walk when given, and with each placement's hits of `images`
    /// stored too (a credited join's, [`SetBuckets::group_hits`]) when
    /// given.
    pub fn build_with(
        n: usize,
        h: usize,
        free: &[u64],
        q: QuarterShape,
        needed: &dyn Fn(u64) -> bool,
        (visited, images): (Option<Visited>, Option<&Images>),
    ) -> Quarter {
        Counted::new(n, h, free, q, needed, visited).fill(images)
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::Rng;

    /// A board's free rows, each cell blocked with chance `blocked` in 100.
    fn random_free(rng: &mut Rng, n: usize, blocked: u64) -> Vec<u64> {
        (0..n)
            .map(|_| {
                (0..n)
                    .filter(|_| rng.below(100) >= blocked)
                    .fold(0, |m, c| m | 1 << c)
            })
            .collect()
    }

    /// Every stored bucket, in order: (cols, rows, diagonals).
    fn listing(t: &Quarter, w: usize) -> Vec<(u64, u64, Vec<u64>)> {
        let mut all = Vec::new();
        for cols in 0..1u64 << w {
            for rows in 0..1u64 << t.h {
                let group = t.group(cols, rows);
                if !group.is_empty() {
                    all.push((cols, rows, group.to_vec()));
                }
            }
        }
        all
    }

    /// What `counts` says of each pivot's columns and blocks is what the
    /// walk's placements say one by one.
    #[test]
    fn counts_within_a_pivot_are_the_walks_placements() {
        let mut rng = Rng::new(11);
        for _ in 0..100 {
            let n = 4 + rng.below(11) as usize;
            let free = random_free(&mut rng, n, 25);
            let h = n / 2;
            let q = QuarterShape::bottom(n - h, n / 2, n - n / 2);
            let pivots: Vec<(u64, u64)> = (0..5)
                .map(|_| (rng.next_u64() & rng.next_u64(), rng.next_u64()))
                .collect();
            let (counts, within, _) = Quarter::counts(n, h, &free, q, &pivots);
            let mut want = vec![(0u64, 0u64); pivots.len()];
            walk(n, h, &free, q, &mut |key, da, _| {
                for (w, &(block, avail)) in want.iter_mut().zip(&pivots) {
                    if (key >> h) as u64 & !avail == 0 {
                        w.0 += 1;
                        w.1 += u64::from(da & block == 0);
                    }
                }
            });
            assert_eq!(within, want, "n = {n}");
            assert!(counts.iter().any(|&c| c > 0));
        }
    }

    #[test]
    fn walking_each_needed_set_stores_what_the_whole_walk_keeps() {
        let mut rng = Rng::new(7);
        for round in 0..200 {
            let n = 4 + rng.below(9) as usize;
            let density = rng.below(40);
            let free = random_free(&mut rng, n, density);
            let h = n / 2;
            let shapes = [
                QuarterShape::top(h, 0, n / 2),
                QuarterShape::top(h, n / 2, n - n / 2),
                QuarterShape::bottom(h + (n & 1), 0, n / 2),
                QuarterShape::bottom(h + (n & 1), n / 2, n - n / 2),
            ];
            for shape in shapes {
                let salt = rng.next_u64();
                let share = 1 + rng.below(20);
                let needed = |cols: u64| (cols.wrapping_mul(salt) >> 40) % share == 0;
                // Few sets needed: the per-set walk; all: the whole walk
                // filtered by the same rule, as a reference.
                // What the first pass says the table holds is what it holds.
                let counted = Counted::new(n, h, &free, shape, &needed, None);
                let said = counted.bytes();
                assert_eq!(
                    counted.fill(None).held_bytes(),
                    said,
                    "round {round}, n = {n}"
                );
                let few = Quarter::build(n, h, &free, shape, &needed);
                let whole = Quarter::build(n, h, &free, shape, &|_| true);
                let kept: Vec<_> = listing(&whole, shape.w)
                    .into_iter()
                    .filter(|(cols, ..)| needed(*cols))
                    .collect();
                assert_eq!(listing(&few, shape.w), kept, "round {round}, n = {n}");
            }
        }
    }
}
