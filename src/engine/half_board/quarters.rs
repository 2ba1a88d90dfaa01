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
//! This file holds the bucket tables ([`Quarter`]); its rooms, neither of
//! which imports it:
//! - `shape`: where a quarter lies and which diagonals it keeps
//!   ([`QuarterShape`], [`middle_mark`]);
//! - `walk`: the depth-first walk that visits the placements, and its
//!   random descent;
//! - `scatter`: counting a walk's keys into a table larger than the caches
//!   ([`ScatterCounts`]).

mod scatter;
mod shape;
mod walk;

pub use scatter::ScatterCounts;
pub use shape::{flip_word, middle_mark, mirror_word, reversed, shared_diagonals, QuarterShape};

pub use walk::probe;

use crate::engine::half_board::images::Images;
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

/// Below this share of the quarter's column sets, a build walks each needed
/// set on its own (only placements inside it) instead of the whole quarter.
const SET_WALK_SHARE: usize = 8;

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
    /// are at most [`KEPT`], for the build that follows
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
/// A table's first pass ([`Quarter::build`] is `Counted::new` then
/// [`Counted::fill`]): the needed column sets and every bucket's size,
/// nothing stored yet, so that a caller can see what the table will hold
/// before it is allocated.
pub struct Counted<'a> {
    n: usize,
    h: usize,
    free: &'a [u64],
    q: QuarterShape,
    sets: Vec<u64>,
    slot_of: Vec<u32>,
    per_set: bool,
    /// Per bucket `slot << h | rows`, its placements (one more entry, 0).
    counts: Vec<u32>,
    /// Where the second pass finds the first pass's placements.
    again: Again,
}

/// Where [`Counted::fill`] finds the placements [`Counted::new`] counted.
enum Again {
    /// The walk's own (key `slot << h | rows`, diagonals, queens), when it
    /// met at most [`KEPT`].
    Kept(Vec<(u32, u64, u64)>),
    /// Those `new` read ([`Counted::new`]'s `visited`, keyed by column
    /// set): read again.
    Read(Visited),
    /// Neither: walked again.
    Walk,
}

/// A whole quarter's placements as its walk visited them: (key
/// `cols << h | rows`, stored diagonals, queens). Planning's counting walk
/// keeps them ([`Quarter::counts`]) for the build that follows
/// ([`Quarter::build_with`]), so that a quarter of n = 15 is walked once
/// in all.
pub struct Visited(Vec<(u32, u64, u64)>);

impl Visited {
    /// The bytes it holds (those written: a list's unused capacity is
    /// never touched).
    pub fn bytes(&self) -> usize {
        Visited::bytes_of(self.0.len() as u64)
    }

    /// The placements of the quarter that is this one's image by `how`
    /// (1: the mirror, its columns reversed in the width `w`; 2: the flip,
    /// its rows reversed in `h`; 3: both), where the board and the two
    /// quarters allow it (as `layout`'s pricing checks): keys as the
    /// images' bucket counts are read, words by [`mirror_word`] and
    /// [`flip_word`], and the queens moved with them (a nibble `c + 1`
    /// becomes `w - c` in the mirror; row `r`'s nibble moves to row
    /// `h - 1 - r` in the flip).
    pub fn image(&self, how: usize, n: usize, w: usize, h: usize) -> Visited {
        const ONES: u64 = 0x1111_1111_1111_1111;
        const LOW: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        let row_mask = (1u64 << h) - 1;
        let list = self.0.iter().map(|&(key, da, cells)| {
            let (mut cols, mut rows) = (u64::from(key) >> h, u64::from(key) & row_mask);
            let (mut da, mut queens) = (da, cells);
            if how & 1 == 1 {
                cols = reversed(cols, w);
                da = mirror_word(da);
                // Each queen's nibble `v` becomes `w + 1 - v` (in 1..=w):
                // subtracted from `w + 1` in every nibble that holds a
                // queen, no nibble borrows from the next.
                let held = (queens | queens >> 1 | queens >> 2 | queens >> 3) & ONES;
                queens = (w as u64 + 1).wrapping_mul(held).wrapping_sub(queens);
            }
            if how & 2 == 2 {
                rows = reversed(rows, h);
                da = flip_word(da, n);
                // The nibbles in reverse order: the bytes reversed, then
                // the two nibbles of each byte swapped; the `h` rows'
                // nibbles end at the top, shifted down into place.
                let bytes = queens.swap_bytes();
                let nibbles = (bytes >> 4) & LOW | (bytes & LOW) << 4;
                queens = nibbles.checked_shr(64 - 4 * h as u32).unwrap_or(0);
            }
            (((cols << h) | rows) as u32, da, queens)
        });
        Visited(list.collect())
    }

    /// The placements as (key, word & `mask`, queens), sorted: what a
    /// test compares.
    #[cfg(test)]
    pub fn sorted(&self, mask: u64) -> Vec<(u32, u64, u64)> {
        let mut all: Vec<_> = self.0.iter().map(|&(k, da, q)| (k, da & mask, q)).collect();
        all.sort_unstable();
        all
    }

    /// The bytes a walk of a quarter of `placements` placements keeps (0
    /// past [`KEPT`]).
    pub fn bytes_of(placements: u64) -> usize {
        if placements > KEPT as u64 {
            0
        } else {
            placements as usize * std::mem::size_of::<(u32, u64, u64)>()
        }
    }
}

/// The most placements a walk keeps for a later pass: a quarter of n = 15
/// (43k placements) is walked once, not three times (planning's count, and
/// the build's count and fill: the walks were a tenth of a run of n = 15),
/// for at most 1.5 MiB a quarter.
const KEPT: usize = 1 << 16;

/// Keeps a walk's placements while there are at most [`KEPT`].
struct Keeper {
    list: Option<Vec<(u32, u64, u64)>>,
}

impl Keeper {
    /// For a quarter `w` columns wide and `h` rows high: room for all of
    /// its placements (each row holds one of `w` columns or none), at most
    /// [`KEPT`], so that the list never moves (pages never written are
    /// never touched).
    fn new(w: usize, h: usize) -> Keeper {
        let most = (0..h).try_fold(1usize, |m, _| m.checked_mul(w + 1));
        let room = most.map_or(KEPT, |m| m.min(KEPT));
        Keeper {
            list: Some(Vec::with_capacity(room)),
        }
    }

    #[inline(always)]
    fn keep(&mut self, key: usize, da: u64, cells: u64) {
        if let Some(list) = &mut self.list {
            if list.len() < KEPT {
                list.push((key as u32, da, cells));
            } else {
                self.list = None;
            }
        }
    }
}

impl<'a> Counted<'a> {
    /// Counts the placements of the needed column sets per bucket: read
    /// off `visited` (the whole quarter's) when given, else one walk, of
    /// each needed set or of the whole quarter.
    pub fn new(
        n: usize,
        h: usize,
        free: &'a [u64],
        q: QuarterShape,
        needed: &dyn Fn(u64) -> bool,
        visited: Option<Visited>,
    ) -> Counted<'a> {
        let sets: Vec<u64> = (0..1u64 << q.w).filter(|&cols| needed(cols)).collect();
        let mut slot_of = vec![NO_SLOT; 1usize << q.w];
        for (slot, &cols) in sets.iter().enumerate() {
            slot_of[cols as usize] = slot as u32;
        }
        let mut counted = Counted {
            n,
            h,
            free,
            q,
            per_set: Quarter::walks_each_set(sets.len(), q.w),
            sets,
            slot_of,
            counts: Vec::new(),
            again: Again::Walk,
        };
        let mut counts = ScatterCounts::new((counted.sets.len() << h) + 1);
        // Placements read from `visited` are read from it again.
        let mut kept = if visited.is_some() {
            Keeper { list: None }
        } else {
            Keeper::new(q.w, h)
        };
        counted.each(visited.as_ref(), &mut |key, da, cells| {
            counts.add(key);
            kept.keep(key, da, cells);
        });
        counted.counts = counts.finish();
        counted.again = match (visited, kept.list) {
            (Some(visited), _) => Again::Read(visited),
            (None, Some(list)) => Again::Kept(list),
            (None, None) => Again::Walk,
        };
        counted
    }

    /// Calls `emit(slot << h | rows, diagonals, queens)` for each placement
    /// of a needed set: those of `visited` when given, else walked.
    fn each(&self, visited: Option<&Visited>, emit: &mut dyn FnMut(usize, u64, u64)) {
        let (n, h, free, q) = (self.n, self.h, self.free, self.q);
        let slot_of = &self.slot_of;
        let mut keyed = |key: usize, da: u64, cells: u64| {
            let slot = slot_of[key >> h];
            if slot != NO_SLOT {
                emit(((slot as usize) << h) | (key & ((1 << h) - 1)), da, cells);
            }
        };
        if let Some(Visited(list)) = visited {
            for &(key, da, cells) in list {
                keyed(key as usize, da, cells);
            }
        } else if self.per_set {
            for &cols in &self.sets {
                walk_within(n, h, free, q, cols, &mut keyed);
            }
        } else {
            walk(n, h, free, q, &mut keyed);
        }
    }

    /// The needed column sets and their placements.
    pub fn set_items(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let h = self.h;
        self.sets.iter().enumerate().map(move |(slot, &cols)| {
            let buckets = &self.counts[slot << h..(slot + 1) << h];
            (cols, buckets.iter().map(|&c| u64::from(c)).sum())
        })
    }

    /// The bytes the filled table holds ([`Quarter::bytes`]).
    pub fn bytes(&self) -> usize {
        let items = self.counts.iter().map(|&c| u64::from(c)).sum();
        Quarter::bytes(self.h, &self.q, self.sets.len() as u64, items)
    }

    /// The second pass: every placement stored in its bucket, with its
    /// hits of `images` when given.
    pub fn fill(mut self, images: Option<&Images>) -> Quarter {
        // Exclusive prefix sum: counts become bucket starts.
        let mut start = std::mem::take(&mut self.counts);
        let mut acc = 0u32;
        for s in start.iter_mut() {
            let c = *s;
            *s = acc;
            acc += c;
        }
        let mut cursor = start.clone();
        let mut da = vec![0u64; acc as usize];
        let mut hits = vec![0u8; if images.is_some() { acc as usize } else { 0 }];
        let (q, h) = (self.q, self.h);
        let mut put = |key: usize, v: u64, cells: u64| {
            let at = cursor[key] as usize;
            da[at] = v;
            if let Some(images) = images {
                hits[at] = images.of_cells((q.row0, q.col0), h, cells);
            }
            cursor[key] += 1;
        };
        match std::mem::replace(&mut self.again, Again::Walk) {
            Again::Kept(kept) => {
                for (key, v, cells) in kept {
                    put(key as usize, v, cells);
                }
            }
            Again::Read(visited) => self.each(Some(&visited), &mut put),
            Again::Walk => self.each(None, &mut put),
        }
        Quarter {
            h: self.h,
            slot_of: self.slot_of,
            start,
            da,
            hits,
        }
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
