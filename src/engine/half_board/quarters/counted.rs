//! A table's two passes: the first counts the placements of the needed
//! column sets per bucket ([`Counted`], nothing stored yet, so that a
//! caller sees what the table will hold before it is allocated), the
//! second stores each in its bucket ([`Counted::fill`]). A room of its
//! own: how a [`Quarter`] is built, apart from how it is read.

use crate::engine::half_board::images::Images;

use super::scatter::ScatterCounts;
use super::shape::QuarterShape;
use super::table::{Quarter, NO_SLOT};
use super::visited::{Keeper, Visited};
use super::walk::{walk, walk_within};

impl Quarter {
    /// The placements of quarter `q` of the board `free` (rows of `n`
    /// bits, `h` rows per half) whose column set `cols` has
    /// `needed(cols)`. When few sets are needed, only their placements are
    /// visited ([`crate::tuning::layout::SET_WALK_SHARE`]); otherwise the
    /// whole quarter is walked.
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
    /// stored too (a credited join's, [`super::SetBuckets::group_hits`]) when
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
