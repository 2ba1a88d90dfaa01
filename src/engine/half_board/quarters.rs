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

use crate::base::rng::Rng;

/// Geometry of one quarter: rows `row0..row0 + h` of the board, columns
/// `col0..col0 + w`, and the offset its diagonals are stored from.
#[derive(Clone, Copy, Debug)]
pub struct QuarterShape {
    pub row0: usize,
    pub col0: usize,
    pub w: usize,
    /// Stored diagonal bit = board diagonal index - `off` (both directions).
    pub off: usize,
    /// Whether the placements' queens are kept (the top quarters: the
    /// kernel forms their bitsets from them); the bottoms need only their
    /// diagonals.
    pub queens: bool,
    /// Whether a placement's queen in the board's middle column is marked
    /// in its diagonals' word (cross mode, see [`middle_mark`]).
    pub marks_middle: bool,
}

impl QuarterShape {
    /// A quarter of the top half (rows `0..h`, `h = n / 2`), diagonals kept
    /// from index `h` on. Nothing below `h` can meet another part: the
    /// other top quarter, the bottom half and the middle row's pivot queen
    /// all lie on `d >= h` and `a >= h` (for the right top quarter
    /// `c >= n / 2`, so `d = r + c >= h`; for the left one `c < n / 2`, so
    /// `a = r - c + n - 1 >= n - n / 2 >= h`; rows `>= h` give the rest).
    /// The highest top diagonal is `h + n - 2`, so `n - 1` bits are kept.
    pub fn top(h: usize, col0: usize, w: usize) -> QuarterShape {
        QuarterShape {
            row0: 0,
            col0,
            w,
            off: h,
            queens: true,
            marks_middle: false,
        }
    }

    /// A quarter of the bottom half (its first row `hb`), diagonals kept
    /// from `hb` up to `hb + 31`. Above that nothing can meet: the top half
    /// and the pivot reach `d, a <= h + n - 1`, and two bottom quarters meet
    /// below `n + n / 2 - 1`, both under `hb + n - 1 <= hb + 31`.
    pub fn bottom(hb: usize, col0: usize, w: usize) -> QuarterShape {
        QuarterShape {
            row0: hb,
            col0,
            w,
            off: hb,
            queens: false,
            marks_middle: false,
        }
    }

    /// This quarter, its middle-column queen marked when `marks` (it must
    /// hold the middle column of an odd board).
    pub fn marking_middle(self, marks: bool) -> QuarterShape {
        QuarterShape {
            marks_middle: marks,
            ..self
        }
    }
}

/// The mark of a middle-column queen `dist` rows from the middle row
/// (`1..h`, below `h`; odd `n <= 27`), in a quarter placement's diagonals
/// word.
///
/// Why there is room: both halves keep a direction's diagonals in at most
/// the low `n - 1` bits of its 32 that anything can meet (a top queen's
/// diagonals reach `h + n - 2`, kept from `h`; a bottom-left and a
/// bottom-right queen meet only below `hb + n - 2`, and the pivot queen's
/// diagonals fall below that too), so a marking quarter keeps only those
/// and the other `33 - n` bits of each direction hold the marks:
/// `2 * (33 - n) >= h - 1` for every odd `n <= 27`. Nothing else reads
/// them: overlap masks and the test between two quarters keep the low
/// `n - 1` bits of a direction, and only the right quarters are marked.
/// A pivot that blocks a mark refuses exactly those placements.
pub fn middle_mark(n: usize, dist: usize) -> u64 {
    let room = 33 - n;
    let i = dist - 1;
    debug_assert!(n % 2 == 1 && i < 2 * room, "no room for a middle mark");
    if i < room {
        1u64 << (n - 1 + i)
    } else {
        1u64 << (32 + n - 1 + i - room)
    }
}

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
    /// Queen of each placement per row: nibble `r` (row `r` of the half) is
    /// the column inside the quarter plus one, 0 for an empty row (empty
    /// when the shape keeps no queens).
    cells: Vec<u64>,
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
        let sets: Vec<u64> = (0..1u64 << q.w).filter(|&cols| needed(cols)).collect();
        let mut slot_of = vec![NO_SLOT; 1usize << q.w];
        for (slot, &cols) in sets.iter().enumerate() {
            slot_of[cols as usize] = slot as u32;
        }
        let per_set = Self::walks_each_set(sets.len(), q.w);
        // Calls `emit(slot << h | rows, diagonals, cells)` for each stored
        // placement.
        let each = |emit: &mut dyn FnMut(usize, u64, u64)| {
            let mut keyed = |key: usize, da: u64, cells: u64| {
                let slot = slot_of[key >> h];
                if slot != NO_SLOT {
                    emit(((slot as usize) << h) | (key & ((1 << h) - 1)), da, cells);
                }
            };
            if per_set {
                for &cols in &sets {
                    walk_within(n, h, free, q, cols, &mut keyed);
                }
            } else {
                walk(n, h, free, q, &mut keyed);
            }
        };
        let mut counts = vec![0u32; (sets.len() << h) + 1];
        each(&mut |key, _, _| counts[key] += 1);
        // Exclusive prefix sum: counts become bucket starts.
        let mut start = counts;
        let mut acc = 0u32;
        for s in start.iter_mut() {
            let c = *s;
            *s = acc;
            acc += c;
        }
        let mut cursor = start.clone();
        let mut da = vec![0u64; acc as usize];
        let mut cells = vec![0u64; if q.queens { acc as usize } else { 0 }];
        each(&mut |key, v, c| {
            let at = cursor[key] as usize;
            da[at] = v;
            if let Some(slot) = cells.get_mut(at) {
                *slot = c;
            }
            cursor[key] += 1;
        });
        Quarter {
            h,
            slot_of,
            start,
            da,
            cells,
        }
    }

    /// Whether a build of `sets` column sets of a quarter `w` columns wide
    /// walks each set on its own.
    pub fn walks_each_set(sets: usize, w: usize) -> bool {
        sets * SET_WALK_SHARE <= 1usize << w
    }

    /// The number of placements of each bucket `cols << h | rows`, every
    /// column set, and for each of `blocks` (stored diagonals a pivot
    /// blocks) how many placements avoid it (for planning: nothing else is
    /// stored).
    pub fn counts(
        n: usize,
        h: usize,
        free: &[u64],
        q: QuarterShape,
        blocks: &[u64],
    ) -> (Vec<u32>, Vec<u64>) {
        let mut counts = vec![0u32; 1usize << (q.w + h)];
        let mut avoiding = vec![0u64; blocks.len()];
        walk(n, h, free, q, &mut |key, da, _| {
            counts[key] += 1;
            for (a, &block) in avoiding.iter_mut().zip(blocks) {
                *a += u64::from(da & block == 0);
            }
        });
        (counts, avoiding)
    }

    /// One random descent of quarter `q`'s walk (of the column set `cols`
    /// exactly, or of every placement when `None`): the estimate of the
    /// number of placements it gives, the stored diagonals and the column
    /// set of the placement reached (`None` at a dead end, an estimate of
    /// 0). See
    /// [`crate::engine::half_board::sampling`].
    pub fn probe(
        n: usize,
        h: usize,
        free: &[u64],
        q: QuarterShape,
        cols: Option<u64>,
        rng: &mut Rng,
    ) -> Option<(f64, u64, u64)> {
        let mut nothing = |_: usize, _: u64, _: u64| {};
        Walk {
            n,
            h,
            free,
            q,
            allowed: cols.unwrap_or((1u64 << q.w) - 1),
            exact: cols.is_some(),
            emit: &mut nothing,
        }
        .probe(rng)
    }

    /// Bytes a table of `items` placements in `sets` column sets of
    /// quarter `q` takes (the directory, the buckets' starts, the
    /// placements).
    pub fn bytes(h: usize, q: &QuarterShape, sets: u64, items: u64) -> usize {
        let per_item = if q.queens { 16 } else { 8 };
        (1usize << q.w) * 4 + ((sets as usize) << h) * 4 + 4 + items as usize * per_item
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

    /// The queens of bucket (cols, rows), one nibble per row (quarters
    /// whose shape keeps queens only).
    #[inline(always)]
    pub fn group_cells(&self, cols: u64, rows: u64) -> &[u64] {
        &self.cells[self.range(cols, rows)]
    }

    /// The size of bucket (cols, rows).
    #[inline(always)]
    pub fn group_len(&self, cols: u64, rows: u64) -> u64 {
        self.range(cols, rows).len() as u64
    }
}

/// Calls `emit(key, diagonals, cells)` for every placement of quarter `q`.
fn walk(n: usize, h: usize, free: &[u64], q: QuarterShape, emit: &mut dyn FnMut(usize, u64, u64)) {
    let all = (1u64 << q.w) - 1;
    Walk {
        n,
        h,
        free,
        q,
        allowed: all,
        exact: false,
        emit,
    }
    .step(0, 0, 0, 0, 0, 0);
}

/// Calls `emit` for every placement of quarter `q` whose column set is
/// exactly `cols`: the walk never leaves those columns and gives up on a
/// branch once its rows left cannot take the columns left.
fn walk_within(
    n: usize,
    h: usize,
    free: &[u64],
    q: QuarterShape,
    cols: u64,
    emit: &mut dyn FnMut(usize, u64, u64),
) {
    Walk {
        n,
        h,
        free,
        q,
        allowed: cols,
        exact: true,
        emit,
    }
    .step(0, 0, 0, 0, 0, 0);
}

/// Depth-first walk over a quarter's placements, one queen at most per
/// row, in the columns `allowed` (all of them when `exact`).
struct Walk<'a> {
    n: usize,
    h: usize,
    free: &'a [u64],
    q: QuarterShape,
    allowed: u64,
    exact: bool,
    emit: &'a mut dyn FnMut(usize, u64, u64),
}

impl Walk<'_> {
    /// `da` kept to the diagonals anything can meet, with the mark of its
    /// queen in the middle column if it has one (see [`middle_mark`]).
    fn marked(&self, da: u64, cells: u64) -> u64 {
        let n = self.n;
        let meets = (1u64 << (n - 1)) - 1;
        let da = da & (meets | meets << 32);
        // The middle column's nibble value (column inside the quarter + 1).
        let mid = (n / 2 - self.q.col0 + 1) as u64;
        // A queen `h` rows out (the first or the last row) is never refused:
        // pivots block marks up to `dm < h` only (edge pivots are dropped),
        // so it carries none (and n = 27 has room for `h - 1` marks only).
        match (0..self.h).find(|&r| (cells >> (4 * r)) & 15 == mid) {
            Some(r) => {
                let dist = (self.q.row0 + r).abs_diff(n / 2);
                if dist < self.h {
                    da | middle_mark(n, dist)
                } else {
                    da
                }
            }
            None => da,
        }
    }

    /// A finished placement's stored diagonals (see the module doc), from
    /// its board diagonals `dm` (`d = r + c`) and `am` (`a = r - c + n - 1`).
    fn stored(&self, dm: u64, am: u64, cells: u64) -> u64 {
        const LOW: u64 = 0xFFFF_FFFF;
        let off = self.q.off;
        let da = ((dm >> off) & LOW) | (((am >> off) & LOW) << 32);
        if self.q.marks_middle {
            self.marked(da, cells)
        } else {
            da
        }
    }

    /// One random descent of the walk's tree (Knuth's estimator): at each
    /// row one of the branches the walk would take, uniformly. Returns the
    /// product of the branch counts met, the stored diagonals and the
    /// column set of the placement reached, or `None` at a dead end. The
    /// product's mean over descents is the number of placements the walk
    /// emits.
    fn probe(&self, rng: &mut Rng) -> Option<(f64, u64, u64)> {
        let (mut cols, mut dm, mut am, mut cells) = (0u64, 0u64, 0u64, 0u64);
        let mut weight = 1.0;
        for r in 0..self.h {
            let missing = (self.allowed & !cols).count_ones() as usize;
            if self.exact && missing > self.h - r {
                return None;
            }
            let skip = !self.exact || missing < self.h - r;
            let rr = self.q.row0 + r;
            let mut cand = self.open(rr, cols, dm, am);
            let options = cand.count_ones() as u64 + u64::from(skip);
            if options == 0 {
                return None;
            }
            weight *= options as f64;
            let mut pick = rng.below(options);
            if skip && pick == 0 {
                continue;
            }
            pick -= u64::from(skip);
            for _ in 0..pick {
                cand &= cand - 1;
            }
            let c = cand.trailing_zeros() as usize;
            let cc = self.q.col0 + c;
            cols |= 1 << c;
            dm |= 1 << (rr + cc);
            am |= 1 << (rr + self.n - 1 - cc);
            cells |= (c as u64 + 1) << (4 * r);
        }
        if self.exact && cols != self.allowed {
            return None;
        }
        Some((weight, self.stored(dm, am, cells), cols))
    }

    /// The quarter's columns (bit `c` for board column `col0 + c`) that a
    /// queen in board row `rr` may take: free, allowed, not in `cols`, and
    /// on no diagonal of `dm` (`d = r + c`) or `am` (`a = r - c + n - 1`).
    fn open(&self, rr: usize, cols: u64, dm: u64, am: u64) -> u64 {
        let mut free = (self.free[rr] >> self.q.col0) & self.allowed & !cols;
        let mut open = 0u64;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            let cc = self.q.col0 + c;
            if (dm >> (rr + cc)) & 1 == 0 && (am >> (rr + self.n - 1 - cc)) & 1 == 0 {
                open |= 1 << c;
            }
        }
        open
    }

    fn step(&mut self, r: usize, rows: u64, cols: u64, dm: u64, am: u64, cells: u64) {
        let missing = (self.allowed & !cols).count_ones() as usize;
        if self.exact && missing > self.h - r {
            return;
        }
        if r == self.h {
            let da = self.stored(dm, am, cells);
            (self.emit)(((cols << self.h) | rows) as usize, da, cells);
            return;
        }
        if !self.exact || missing < self.h - r {
            self.step(r + 1, rows, cols, dm, am, cells);
        }
        let rr = self.q.row0 + r;
        let mut cand = self.open(rr, cols, dm, am);
        while cand != 0 {
            let c = cand.trailing_zeros() as usize;
            cand &= cand - 1;
            let cc = self.q.col0 + c;
            let d = rr + cc;
            let a = rr + self.n - 1 - cc;
            self.step(
                r + 1,
                rows | 1 << r,
                cols | 1 << c,
                dm | 1 << d,
                am | 1 << a,
                cells | ((c as u64 + 1) << (4 * r)),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every stored bucket, in order: (cols, rows, diagonals, cells).
    fn listing(t: &Quarter, w: usize) -> Vec<(u64, u64, Vec<u64>, Vec<u64>)> {
        let mut all = Vec::new();
        for cols in 0..1u64 << w {
            for rows in 0..1u64 << t.h {
                if t.group_len(cols, rows) > 0 {
                    let cells = if t.cells.is_empty() {
                        Vec::new()
                    } else {
                        t.group_cells(cols, rows).to_vec()
                    };
                    all.push((cols, rows, t.group(cols, rows).to_vec(), cells));
                }
            }
        }
        all
    }

    #[test]
    fn walking_each_needed_set_stores_what_the_whole_walk_keeps() {
        let mut rng = Rng::new(7);
        for round in 0..200 {
            let n = 4 + rng.below(9) as usize;
            let full = (1u64 << n) - 1;
            let density = rng.below(40);
            let free: Vec<u64> = (0..n)
                .map(|_| {
                    (0..n)
                        .filter(|_| rng.below(100) >= density)
                        .fold(0, |m, c| m | 1 << c)
                        & full
                })
                .collect();
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
