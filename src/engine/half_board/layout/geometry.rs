//! What every layout of a board starts from ([`Geometry`]): its rows masked
//! to `n` columns, the symmetries the work list folds, the join's
//! [`Shape`], the pivots and the four quarters; and the sides from which
//! each folding mode runs ([`MinN`] and its defaults).
//!
//! # Constraints
//! `1 <= n <= PRICED_TO` (28) for a geometry; exact planning stops at
//! `MAX_N` (24).
//!
//! # Complexity
//! `O(n^2)` to test the symmetries, `O(n^2)` pivots at most (pair mode);
//! [`Geometry::sample`] as `sampling` prices it.

use crate::engine::half_board::column_sets::{pivots, Pivot, Symmetric};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::{Marks, QuarterShape};
pub use crate::tuning::layout::{CROSS_MIN_N, DIAG_MIN_N, PAIR_MIN_N, PAIR_TRANSPOSE_MIN_N};

/// Largest board side the join plans.
pub const MAX_N: usize = 24;

/// Largest board side priced from samples (`Layout::sampled`): cross
/// mode's marks have room up to n = 27 and 28 is even (see
/// [`crate::engine::half_board::quarters::mark`]).
pub const PRICED_TO: usize = 28;

/// What every layout of a board starts from: its rows, the symmetries the
/// work list folds, the join's shape, the pivots and the quarters.
#[derive(Clone)]
pub(in crate::engine::half_board) struct Geometry {
    pub free: Vec<u64>,
    pub sym: Symmetric,
    pub shape: Shape,
    pub pivots: Vec<Pivot>,
    pub quarter_shapes: [QuarterShape; 4],
}

impl Geometry {
    /// `None` when `n` is 0 or past [`PRICED_TO`], or `free.len() != n`.
    pub fn of(n: usize, free: &[u64], min_n: MinN) -> Option<Geometry> {
        if n == 0 || n > PRICED_TO || free.len() != n {
            return None;
        }
        let full = (1u64 << n) - 1;
        let free: Vec<u64> = free.iter().map(|&f| f & full).collect();
        let sym = symmetries(n, &free, min_n);
        let shape = shape(n, sym);
        let (h, hb, wl) = (shape.h, shape.hb, shape.wl);
        let wr = n - wl;
        let pivots = pivots(n, h, &free, sym);
        // In cross mode the right quarters (they hold the middle column)
        // mark where their middle-column queen is; in pair mode with the
        // transpose every quarter does (each holds a middle column).
        let (left, right) = match (sym.cross, sym.transpose) {
            (true, _) => (Marks::None, Marks::Cross),
            (_, true) => (Marks::Pair, Marks::Pair),
            _ => (Marks::None, Marks::None),
        };
        let quarter_shapes = [
            QuarterShape::top(h, 0, wl).marking(left),
            QuarterShape::top(h, wl, wr).marking(right),
            QuarterShape::bottom(hb, 0, wl).marking(left),
            QuarterShape::bottom(hb, wl, wr).marking(right),
        ];
        Some(Geometry {
            free,
            sym,
            shape,
            pivots,
            quarter_shapes,
        })
    }
}

/// The smallest `n` from which each folding mode runs: diagonal mode (even
/// `n`) and cross mode (odd `n`). Tests lower them to exercise both on
/// small boards.
#[derive(Clone, Copy, Debug)]
pub struct MinN {
    pub diagonal: usize,
    pub cross: usize,
    pub pair: usize,
    /// From this side pair mode folds the transpose too, where the board
    /// allows it ([`PAIR_TRANSPOSE_MIN_N`] by default).
    pub pair_transpose: usize,
    /// From this side the join is planned as ranked units
    /// ([`crate::engine::half_board::ranked`]) instead of a task list.
    pub ranked: usize,
}

impl MinN {
    /// These modes, the join planned as ranked units from `n` on.
    pub fn ranked_from(self, n: usize) -> MinN {
        MinN { ranked: n, ..self }
    }

    /// Both modes from `n` on (tests: 4 for everywhere, 99 for nowhere).
    /// Pair mode's own minimum left at its default.
    pub fn both(n: usize) -> MinN {
        MinN {
            diagonal: n,
            cross: n,
            pair: PAIR_MIN_N,
            pair_transpose: PAIR_TRANSPOSE_MIN_N,
            ranked: MAX_N + 1,
        }
    }

    /// Pair mode from `n` on (it takes even boards from the diagonal
    /// mode), with the transpose where the board allows it, the others
    /// nowhere.
    pub fn pair(n: usize) -> MinN {
        MinN {
            diagonal: 99,
            cross: 99,
            pair: n,
            pair_transpose: n,
            ranked: MAX_N + 1,
        }
    }
}

impl Default for MinN {
    fn default() -> MinN {
        MinN {
            diagonal: DIAG_MIN_N,
            cross: CROSS_MIN_N,
            pair: PAIR_MIN_N,
            pair_transpose: PAIR_TRANSPOSE_MIN_N,
            ranked: MAX_N + 1,
        }
    }
}

/// The symmetries of the board whose rows have free columns `free` (masked
/// to `n` bits) that the work list uses; the diagonal and cross modes only
/// from `min_n` on.
pub fn symmetries(n: usize, free: &[u64], min_n: MinN) -> Symmetric {
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let cell = |r: usize, c: usize| (free[r] >> c) & 1;
    let mirror = free.iter().all(|&f| rev(f) == f);
    let flip = (0..n).all(|r| free[r] == free[n - 1 - r]);
    let transpose = (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(c, r)));
    let anti = (0..n).all(|r| (0..n).all(|c| cell(r, c) == cell(n - 1 - c, n - 1 - r)));
    let pair = n % 2 == 0 && n >= min_n.pair.max(4);
    Symmetric {
        mirror,
        flip,
        pair,
        // All eight, as for the cross mode.
        transpose: pair && n >= min_n.pair_transpose && mirror && flip && transpose,
        diagonal: n % 2 == 0 && !pair && n >= min_n.diagonal && transpose && anti,
        // The mirror, the flip and the transpose give all eight.
        cross: n % 2 == 1 && n >= min_n.cross.max(3) && mirror && flip && transpose,
    }
}

/// The join's shape for side `n` (with the diagonals to check when the
/// diagonal symmetry is used); its `chunk` is set once the tasks are priced.
fn shape(n: usize, sym: Symmetric) -> Shape {
    let diagonal = sym.diagonal;
    // Pivot rows between the halves: the middle row of odd boards, the two
    // middle rows in pair mode.
    let middle = if sym.pair { 2 } else { n % 2 };
    let h = (n - middle) / 2;
    let hb = n - h;
    // Overlap: diagonal indices both halves can reach, per direction.
    let ovw = (n + h).saturating_sub(1 + hb);
    Shape {
        n,
        h,
        hb,
        wl: n / 2,
        ovw,
        // The main diagonal is a = n - 1, the anti-diagonal d = n - 1,
        // in top storage (from h) and bottom storage (from hb).
        diag_main: if diagonal {
            1u64 << (32 + n - 1 - h)
        } else {
            0
        },
        diag_anti: if diagonal { 1u64 << (n - 1 - h) } else { 0 },
        diag_bot: if diagonal {
            (1u64 << (n - 1 - hb)) | (1u64 << (32 + n - 1 - hb))
        } else {
            0
        },
        chunk: 64,
        bucket_bottoms: crate::engine::half_board::sieve::BUCKET_BOTTOMS,
        slice: crate::engine::half_board::sieve::SLICE,
        batch: None,
        groups: None,
    }
}
