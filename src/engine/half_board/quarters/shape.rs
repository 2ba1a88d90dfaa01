//! Where a quarter lies and which of its placements' diagonals are kept:
//! [`QuarterShape`] (its rows, its columns, the offset its diagonals are
//! stored from) and [`Marks`], the bits a marking quarter's middle-
//! column queen sets ([`mark`]). The walk ([`super::walk`]) stores each
//! placement by these rules; the tables and the kernel read them back.
//!
//! # Constraints
//! * `n <= 30`: the kept diagonals fit 32 bits per direction.
//! * Marks: [`mark_room`] of them (cross mode: odd `n <= 27`).
//!
//! # Complexity
//! Every function here is `O(1)`.

/// Geometry of one quarter: rows `row0..row0 + h` of the board, columns
/// `col0..col0 + w`, and the offset its diagonals are stored from.
#[derive(Clone, Copy, Debug)]
pub struct QuarterShape {
    pub row0: usize,
    pub col0: usize,
    pub w: usize,
    /// Stored diagonal bit = board diagonal index - `off` (both directions).
    pub off: usize,
    /// What its placements mark in their diagonals' word ([`Marks`]).
    pub marks: Marks,
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
            marks: Marks::None,
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
            marks: Marks::None,
        }
    }

    /// This quarter, its middle-column queen marked as `marks` says (it
    /// must hold that column).
    pub fn marking(self, marks: Marks) -> QuarterShape {
        QuarterShape { marks, ..self }
    }
}

/// The bits of a quarter placement's diagonals word that another quarter's
/// placement or the pivot can share: the low `n - 1` of each direction
/// (see [`mark`] for why nothing meets above them). A marking quarter
/// keeps only these and its marks; a left bottom one that marks nothing
/// keeps its diagonals up to bit 31, so where a right quarter's mark sits (in the pivot's
/// blocks, in a right placement's word) a left bottom queen's far
/// diagonal may sit too, at n >= 25: a left bottom word is tested as its
/// shared bits only.
pub fn shared_diagonals(n: usize) -> u64 {
    let diagonals = (1u64 << (n - 1)) - 1;
    diagonals | diagonals << 32
}

/// What a quarter's placements mark in their diagonals' word: nothing,
/// or where their queen in a middle column stands (see [`mark`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marks {
    None,
    /// Cross mode (odd `n`, the right quarters): the middle column's
    /// queen, by its distance from the middle row (`1..h`, mark
    /// `dist - 1`; a queen `h` rows out carries none: no pivot refuses it).
    Cross,
    /// Pair mode with the transpose (even `n`, every quarter): the queen of
    /// the middle column inside the quarter (column `n / 2 - 1` on the
    /// left, `n / 2` on the right), by its row's distance from the board's
    /// edge (`e = min(r, n - 1 - r)`, mark `e`, for `e` below
    /// [`edge_marks`]; the rows farther in carry none).
    Pair,
}

impl Marks {
    /// The board column whose queen a quarter starting at column `col0`
    /// marks.
    pub fn column(self, n: usize, col0: usize) -> usize {
        match self {
            Marks::Pair if col0 == 0 => n / 2 - 1,
            _ => n / 2,
        }
    }

    /// The mark of that queen standing in board row `row` (`h` rows a
    /// half), if it has one.
    pub fn index(self, n: usize, h: usize, row: usize) -> Option<usize> {
        match self {
            Marks::None => None,
            Marks::Cross => {
                let dist = row.abs_diff(n / 2);
                (dist < h).then(|| dist - 1)
            }
            Marks::Pair => {
                let e = row.min(n - 1 - row);
                (e < edge_marks(n, h)).then_some(e)
            }
        }
    }
}

/// How many marks a word has room for: `33 - n` bits above the diagonals
/// of each direction (see [`mark`]).
pub fn mark_room(n: usize) -> usize {
    2 * 33usize.saturating_sub(n)
}

/// Pair mode's marks: edge distances `0..edge_marks(n, h)` (every row of a
/// half up to `n = 26`, the ten outermost at 28, six at 30).
pub fn edge_marks(n: usize, h: usize) -> usize {
    h.min(mark_room(n))
}

/// Mark `i` (below [`mark_room`]) in a quarter placement's diagonals word.
///
/// Why there is room: both halves keep a direction's diagonals in at most
/// the low `n - 1` bits of its 32 that anything can meet (a top queen's
/// diagonals reach `h + n - 2`, kept from `h`; a bottom-left and a
/// bottom-right queen meet only below `hb + n - 2`, and the pivot queens'
/// diagonals fall below that too), so a marking quarter keeps only those
/// and the other `33 - n` bits of each direction hold the marks: cross
/// mode needs `h - 1` (`2 * (33 - n) >= h - 1` for every odd `n <= 27`),
/// pair mode what [`edge_marks`] says. Nothing else reads them: overlap
/// masks, the test between two bottom quarters and the pivots' diagonals
/// keep the low `n - 1` bits of a direction; two top quarters' marks never
/// meet, as two queens of one half marking the same mark would stand in
/// one row (cross mode marks the right quarters only). A pivot that blocks
/// a mark refuses exactly those placements.
pub fn mark(n: usize, i: usize) -> u64 {
    let room = 33 - n;
    debug_assert!(i < 2 * room, "no room for mark {i} at n = {n}");
    if i < room {
        1u64 << (n - 1 + i)
    } else {
        1u64 << (32 + n - 1 + i - room)
    }
}

/// A right quarter's stored word as its left image's walk sees it, where
/// the board and the two quarters are mirror images (equally wide, storing
/// from the same offset, no middle marks): the two directions' halves
/// swapped. Why: the left-right mirror takes a queen on `(r, c)` to
/// `(r, n - 1 - c)`, its `d = r + c` diagonal to the image's
/// `a = r - c + n - 1` and back, so each stored bit moves to the same bit
/// of the other direction. Its own inverse.
pub fn mirror_word(word: u64) -> u64 {
    word.rotate_left(32)
}

/// A bottom quarter's stored word as its top image's walk sees it, where
/// the board is its own top-bottom image and the bottom quarter lies under
/// the top one (`h` rows from `n - h`, storing from there, marking as it
/// does): the two directions' halves swapped, the `n - 1` diagonal bits of
/// each reversed, the bits above them (cross mode's middle marks) left
/// where they were. Why: the flip takes a queen on `(r, c)` to
/// `(n - 1 - r, c)`, its `d` to `2(n - 1)` less the image's `a` and back;
/// a bottom stores from `hb = n - h`, a top from `h`, so bottom bit `k` is
/// top bit `n - 2 - k` of the other direction; the marks count rows from
/// the middle, which the flip keeps. A bottom walk also keeps diagonals
/// above the `n - 1` that no top word has (a bottom queen's far ones):
/// nothing reads them (see [`shared_diagonals`]), and the image has none.
/// Its own inverse.
pub fn flip_word(word: u64, n: usize) -> u64 {
    const LOW: u64 = 0xFFFF_FFFF;
    let diagonals = (1u64 << (n - 1)) - 1;
    let (lo, hi) = (word & LOW, word >> 32);
    let new_lo = reversed(hi & diagonals, n - 1) | (lo & !diagonals);
    let new_hi = reversed(lo & diagonals, n - 1) | (hi & !diagonals);
    new_lo | new_hi << 32
}

/// The low `w` bits of `x` in reverse order.
pub fn reversed(x: u64, w: usize) -> u64 {
    if w == 0 {
        0
    } else {
        (x & ((1u64 << w) - 1)).reverse_bits() >> (64 - w)
    }
}
