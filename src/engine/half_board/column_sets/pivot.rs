//! The pivots of a join: the middle row's queen choices for odd `n`, the
//! two middle rows' for pair mode, the one empty choice otherwise, each
//! with the columns it leaves the halves, the diagonals it blocks in both
//! halves' storage and the symmetric copies it stands for; and
//! [`Symmetric`], the board's symmetries the work list folds. The modes
//! are described in the doc of `column_sets`.
//!
//! # Constraints
//! `n <= 32`; cross mode's marks need odd `n <= 27`
//! ([`crate::engine::half_board::quarters::mark`]).
//!
//! # Complexity
//! `O(n)` pivots for odd `n`, `O(n^2)` pairs in pair mode, each `O(1)`
//! (a cross-mode pivot `O(n)` for its marks).

use crate::engine::half_board::images::Images;
use crate::engine::half_board::quarters::{edge_marks, mark, shared_diagonals};

/// One middle-row queen choice (or the single empty choice for even `n`).
#[derive(Clone, Copy, Debug)]
pub struct Pivot {
    /// Columns the halves may use.
    pub avail: u64,
    /// Diagonals of the pivot queen in top-quarter storage.
    pub top_block: u64,
    /// Same in bottom-quarter storage.
    pub bot_block: u64,
    /// The marks it refuses in the left and the right quarters (cross
    /// mode: the right ones'; pair mode with the transpose: both).
    pub marks: [u64; 2],
    /// Pair mode with the transpose: the mark of a middle-column queen as
    /// far from the edge as the pivot's outermost queen, whose solutions
    /// weigh 1 where the others weigh 2 (0: every solution weighs 1; see
    /// the doc of `column_sets`).
    pub tie: u64,
    /// Symmetric copies this pivot stands for (2 for a mirrored pair).
    pub mult: u16,
    /// Whether the mirror maps this pivot to itself.
    pub self_mirror: bool,
    /// Whether the top-bottom flip maps this pivot to itself (a middle
    /// row's queen; never two middle rows' queens, which it swaps).
    pub keeps_flip: bool,
    /// Whether the half turn maps this pivot to itself while neither the
    /// mirror nor the flip does (two middle rows' queens in mirrored
    /// columns).
    pub keeps_turn: bool,
    /// The pivot's queens, (row, column) (what a credited join reads, see
    /// [`Pivot::hits`]).
    pub queens: [Option<(u8, u8)>; 2],
}

impl Pivot {
    /// The stored diagonals a placement of each quarter (top left, top
    /// right, bottom left, bottom right) must avoid: the pivot's and the
    /// marks it refuses, and for the bottoms also `diag_bot` (the longest
    /// diagonals in diagonal mode, 0 otherwise); a left bottom quarter's
    /// diagonals only where its words are read ([`shared_diagonals`]: the
    /// right quarters' marks are no diagonal of it).
    /// The kernel filters by these, and planning and sampling price by
    /// the same masks.
    #[inline(always)]
    pub fn blocks(&self, diag_bot: u64, n: usize) -> [u64; 4] {
        let bottom = self.bot_block | diag_bot;
        let [left, right] = self.marks;
        [
            self.top_block | left,
            self.top_block | right,
            (bottom & shared_diagonals(n)) | left,
            bottom | right,
        ]
    }

    /// The hits of the pivot's queens on the blocked cells' `images` (a
    /// credited join's, see [`crate::engine::half_board::images`]).
    pub fn hits(&self, images: &Images) -> u8 {
        self.queens.iter().flatten().fold(0, |a, &(r, c)| {
            a | images.at(usize::from(r), usize::from(c))
        })
    }
}

/// The board's symmetries the work list uses.
#[derive(Clone, Copy, Debug)]
pub struct Symmetric {
    pub mirror: bool,
    pub flip: bool,
    pub diagonal: bool,
    /// Cross mode (see the doc of `column_sets`).
    pub cross: bool,
    /// Pair mode (see the doc of `column_sets`).
    pub pair: bool,
    /// Pair mode folds the transpose too (the board is kept by all eight
    /// symmetries; see the doc of `column_sets`).
    pub transpose: bool,
}

impl Symmetric {
    /// How many symmetries the work list folds, and by which mode: `8
    /// cross`, `8 diagonal`, `8 pair`, `4 pair`, `4`, `2` or `1` (the growth bench
    /// prints it).
    pub fn fold(&self) -> &'static str {
        if self.pair {
            match (self.mirror, self.flip) {
                (true, true) if self.transpose => "8 pair",
                (true, true) => "4 pair",
                (false, false) => "1 pair",
                _ => "2 pair",
            }
        } else if self.cross {
            "8 cross"
        } else if self.diagonal {
            "8 diagonal"
        } else {
            match (self.mirror, self.flip) {
                (true, true) => "4",
                (false, false) => "1",
                _ => "2",
            }
        }
    }
}

/// The pivots of the board (`h` rows per half; `free` masked to `n` bits).
pub fn pivots(n: usize, h: usize, free: &[u64], sym: Symmetric) -> Vec<Pivot> {
    let mirror = sym.mirror;
    let full = (1u64 << n) - 1;
    if sym.pair {
        return pair_pivots(n, h, free, sym);
    }
    if n % 2 == 0 {
        return vec![Pivot {
            avail: full,
            top_block: 0,
            bot_block: 0,
            marks: [0, 0],
            tie: 0,
            mult: 1,
            self_mirror: mirror,
            keeps_flip: sym.flip,
            keeps_turn: false,
            queens: [None, None],
        }];
    }
    let hb = h + 1;
    let mut pivots = Vec::new();
    let mut f = free[h];
    while f != 0 {
        let m = f.trailing_zeros() as usize;
        f &= f - 1;
        let mm = n - 1 - m;
        if mirror && m > mm {
            continue;
        }
        // Cross mode: only middle-column queens farther out than this one.
        let dm = m.abs_diff(h);
        if sym.cross && dm >= h {
            continue;
        }
        let marks = if sym.cross {
            (1..=dm).fold(0, |b, dist| b | mark(n, dist - 1))
        } else {
            0
        };
        // Both diagonals are >= h, as top storage needs (see quarters).
        let (d, a) = (h + m, h + n - 1 - m);
        let top_block = (1u64 << (d - h)) | (1u64 << (a - h + 32));
        let mut bot_block = 0u64;
        if d >= hb {
            bot_block |= 1u64 << (d - hb);
        }
        if a >= hb {
            bot_block |= 1u64 << (a - hb + 32);
        }
        pivots.push(Pivot {
            avail: full & !(1u64 << m),
            top_block,
            bot_block,
            marks: [0, marks],
            tie: 0,
            mult: (if mirror && m < mm { 2 } else { 1 }) * (if marks != 0 { 2 } else { 1 }),
            self_mirror: mirror && m == mm,
            keeps_flip: sym.flip,
            keeps_turn: false,
            queens: [Some((h as u8, m as u8)), None],
        });
    }
    pivots
}

/// Pair mode's pivots: a queen `c1` in row `h` and one `c2` in row `h + 1`
/// (the two middle rows of an even board), one per orbit under the
/// board's symmetries, weighted by the orbit's size. The flip swaps the
/// two rows (`(c2, c1)`), the mirror reverses both columns, the half turn
/// does both; none keeps a pair but the turn, when `c1 + c2 = n - 1`.
/// With the transpose too, a pivot whose outermost queen stands `e`
/// columns from the edge refuses middle-column queens nearer the edge
/// and marks those exactly `e` out as ties ([`pair_marks`]).
fn pair_pivots(n: usize, h: usize, free: &[u64], sym: Symmetric) -> Vec<Pivot> {
    let full = (1u64 << n) - 1;
    let turn = sym.mirror && sym.flip;
    let mut pivots = Vec::new();
    for c1 in (0..n).filter(|&c| (free[h] >> c) & 1 != 0) {
        for c2 in (0..n).filter(|&c| (free[h + 1] >> c) & 1 != 0) {
            // Adjacent rows: the same column or a diagonal step attacks.
            if c1.abs_diff(c2) < 2 {
                continue;
            }
            let mut orbit = vec![(c1, c2)];
            if sym.flip {
                orbit.push((c2, c1));
            }
            if sym.mirror {
                orbit.push((n - 1 - c1, n - 1 - c2));
            }
            if turn {
                orbit.push((n - 1 - c2, n - 1 - c1));
            }
            if orbit.iter().any(|&o| o < (c1, c2)) {
                continue;
            }
            orbit.sort_unstable();
            orbit.dedup();
            let (mut top_block, mut bot_block) = (0u64, 0u64);
            for (r, c) in [(h, c1), (h + 1, c2)] {
                // Top storage keeps diagonals from h (every pivot queen's
                // are >= h), bottom storage from h + 2.
                let (d, a) = (r + c, r + n - 1 - c);
                top_block |= (1u64 << (d - h)) | (1u64 << (a - h + 32));
                if d >= h + 2 {
                    bot_block |= 1u64 << (d - h - 2);
                }
                if a >= h + 2 {
                    bot_block |= 1u64 << (a - h - 2 + 32);
                }
            }
            let (refused, tie) = if sym.transpose {
                pair_marks(n, h, c1.min(n - 1 - c1).min(c2).min(n - 1 - c2))
            } else {
                (0, 0)
            };
            pivots.push(Pivot {
                avail: full & !(1u64 << c1) & !(1u64 << c2),
                // The row h + 1 queen's diagonals can reach bits n - 1 and
                // n of top storage, where no top queen's diagonal is (the
                // highest is h + n - 2, bit n - 2) but the marks are.
                top_block: top_block & shared_diagonals(n),
                bot_block,
                marks: [refused, refused],
                tie,
                mult: orbit.len() as u16,
                self_mirror: false,
                keeps_flip: false,
                keeps_turn: turn && c1 + c2 == n - 1,
                queens: [Some((h as u8, c1 as u8)), Some((h as u8 + 1, c2 as u8))],
            });
        }
    }
    pivots
}

/// The marks a pair-mode pivot refuses and the one it weighs as a tie,
/// when its outermost queen stands `e` columns from the edge (see the doc
/// of `column_sets`): the marks `0..k` and mark `k`, `k = e` while there
/// are marks for it; past them (`e >= edge_marks`, only at `n >= 28`) every
/// mark, and no tie: each solution it counts weighs 1.
fn pair_marks(n: usize, h: usize, e: usize) -> (u64, u64) {
    let marks = edge_marks(n, h);
    let k = e.min(marks);
    let refused = (0..k).fold(0, |b, i| b | mark(n, i));
    (refused, if k < marks { mark(n, k) } else { 0 })
}
