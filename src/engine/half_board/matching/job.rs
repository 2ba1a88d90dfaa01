//! What a join works on and with: [`Shape`], the sizes every task of a
//! join shares; [`Job`], the quarter tables and pivots its tasks read; and
//! [`Scratch`], one thread's working memory, which the task loop
//! (`matching`) and its steps (`super::bottoms`, `super::tops`) fill and
//! read.
//!
//! # Constraints
//! `2 * ovw <= 64`: a bottom's overlap diagonals fit one `u64` (see
//! `matching`).
//!
//! # Complexity
//! [`Shape::top_overlap`] is `O(1)`; a [`Scratch`] grows to the largest
//! chunk a thread joins, `O((largest group + table entries) * W_S)` words.

use crate::engine::half_board::bitsets::Prefixes;
use crate::engine::half_board::column_sets::Pivot;
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::row_groups::RowGroups;
use crate::engine::half_board::sieve::Sieve;
use crate::engine::half_board::tally::Tally;

/// What every task of a join shares: the sizes and the longest-diagonal
/// masks of diagonal mode (0 outside it).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub n: usize,
    /// Rows per half; the bottom half starts at row `hb = n - h` (the rows
    /// between are the pivots' middle rows: none, one or two).
    pub h: usize,
    pub hb: usize,
    pub wl: usize,
    /// Overlap diagonals per direction (both halves can reach them).
    pub ovw: usize,
    /// The main diagonal, the anti-diagonal (top storage), both in bottom
    /// storage.
    pub diag_main: u64,
    pub diag_anti: u64,
    pub diag_bot: u64,
    /// Bottoms joined at a time (a multiple of 64): bounds the scratch.
    pub chunk: usize,
    /// Bottoms per sieve bucket, on average (see [`Sieve::cut_size`]).
    pub bucket_bottoms: usize,
}

impl Shape {
    /// A top quarter placement's stored diagonals (from index `h`, see
    /// `quarters`) as an overlap mask in the bottoms' compact layout (bits
    /// from index `hb`; the top's diagonals `h..hb`, which no bottom
    /// reaches, are dropped).
    #[inline(always)]
    pub fn top_overlap(&self, v: u64) -> u64 {
        let gap = self.hb - self.h;
        let ovmask = (1u64 << self.ovw) - 1;
        ((v >> gap) & ovmask) | (((v >> 32) >> gap) & ovmask) << self.ovw
    }
}

/// Per-thread working memory for one column set.
#[derive(Default)]
pub struct Scratch {
    pub(super) bot: Vec<u64>,
    pub(super) cell: Vec<u64>,
    pub(super) free_of: Vec<u64>,
    pub(super) valid: Vec<u64>,
    /// One row set's top quarter placements (diagonals, cells) that avoid
    /// the pivot: the side whose bitsets are all kept (`ys`) and the side
    /// whose bitsets are built a block at a time (`xs`, see `tops`).
    pub(super) stored: Vec<(u64, u64)>,
    pub(super) streamed: Vec<(u64, u64)>,
    pub(super) blbuf: Vec<u64>,
    pub(super) brbuf: Vec<u64>,
    pub(super) ys: Vec<u64>,
    pub(super) yda: Vec<u64>,
    /// How each of `yda` is read: its bitset in `ys`, or its table rows.
    pub(super) yop: Vec<Operand>,
    pub(super) xs: Vec<u64>,
    pub(super) xda: Vec<u64>,
    /// The chunk's cut, its bottoms sorted by bucket, and the bucket keys
    /// of the tops' quarter placements in `yda` / `xda`.
    pub(super) sieve: Sieve,
    pub(super) sorted: Vec<u64>,
    pub(super) ykey: Vec<usize>,
    pub(super) xkey: Vec<usize>,
    /// The keys of the streamed side's placements.
    pub(super) skey: Vec<usize>,
    pub(super) tally: Tally,
    /// Shared row ANDs of the top-left and top-right placements.
    pub(super) xpre: Prefixes,
    pub(super) ypre: Prefixes,
}

/// One join: the shape its tasks share, the four quarters (top-left,
/// top-right, bottom-left, bottom-right) and the pivots.
pub(super) struct Job<'a> {
    pub(super) shape: &'a Shape,
    pub(super) quarters: [&'a Quarter; 4],
    pub(super) pivots: &'a [Pivot],
}

/// How the pair loop reads one side's placement: its bitset (the `i`-th
/// of its side's), or the table rows whose AND it is (`k` of them).
#[derive(Clone, Copy, Debug)]
pub(super) enum Operand {
    Bits(usize),
    Rows([u32; 16], u8),
}

impl Operand {
    /// The rows of the placement with queens `cells` in `table` (the row
    /// of `valid` when it has none: padding is never counted).
    #[inline(always)]
    pub(super) fn rows(table: &RowGroups, cells: u64) -> Operand {
        let mut rows = [0usize; 16];
        let mut k = table.rows_of(cells, &mut rows);
        if k == 0 {
            rows[0] = table.rows_of_empty();
            k = 1;
        }
        let mut out = [0u32; 16];
        for (o, &r) in out.iter_mut().zip(&rows[..k]) {
            *o = r as u32;
        }
        Operand::Rows(out, k as u8)
    }
}
