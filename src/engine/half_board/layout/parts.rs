//! The parts a join's memory is bounded by: which column sets each
//! quarter's table holds for a part ([`Part`]), what the four tables of a
//! part cost in bytes ([`tables_bytes`]), and the `K x K` split of the
//! tasks by pivot and column-set hashes that makes the largest part fit.
//!
//! # Constraints
//! Quarters of width `w <= 13` (a bitmap of `2^w` column sets per quarter
//! and part); `K <= MAX_SPLIT` (64).
//!
//! # Complexity
//! A split tries `K = 2, 3, ...`: per `K`, `O(tasks)` hash look-ups and
//! `O(parts * 2^w)` to weigh the parts' column sets.

use crate::engine::half_board::column_sets::{Pivot, Task};
use crate::engine::half_board::quarters::{Quarter, QuarterShape};
pub(in crate::engine::half_board) use crate::tuning::layout::MAX_SPLIT;

/// The column sets each quarter's table must hold for a part: a bitmap
/// over the quarter's column sets, or everything.
#[derive(Clone, Debug)]
pub struct Part {
    needed: Option<[Vec<u64>; 4]>,
}

impl Part {
    /// Whether quarter `q`'s table holds column set `cols`.
    pub fn needs(&self, q: usize, cols: u64) -> bool {
        self.needed.as_ref().map_or(true, |bits| {
            (bits[q][(cols / 64) as usize] >> (cols % 64)) & 1 != 0
        })
    }

    /// Per quarter, the bitmap of the column sets its table holds; `None`
    /// for every set.
    pub fn sets(&self) -> Option<&[Vec<u64>; 4]> {
        self.needed.as_ref()
    }
}

impl Part {
    /// A part that needs the column sets marked in `bits`, per quarter.
    pub fn of_sets(bits: [Vec<u64>; 4]) -> Part {
        Part { needed: Some(bits) }
    }

    /// The one part of a board whose tables fit whole: every column set.
    pub(in crate::engine::half_board) fn whole() -> Part {
        Part { needed: None }
    }
}

/// Column sets and placements a part stores, per quarter.
pub type Stored = [(u64, u64); 4];

/// Bytes of the four quarter tables of a part that stores `stored`.
pub fn tables_bytes(h: usize, shapes: &[QuarterShape; 4], stored: Stored) -> usize {
    (0..4)
        .map(|q| {
            let (sets, items) = stored[q];
            Quarter::bytes(h, &shapes[q], sets, items)
        })
        .sum()
}

/// Splits `tasks` into parts by pivot and `K x K` column-set blocks, for the
/// smallest `K` whose largest part's tables plus `fixed` fit `limit`.
/// Returns each task's part, the parts and their stored placements per
/// quarter.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(in crate::engine::half_board) fn split(
    tasks: &[Task],
    pivots: &[Pivot],
    mass: &[Vec<u64>],
    widths: [usize; 4],
    wl: usize,
    fixed: usize,
    limit: usize,
    table_bytes: &dyn Fn(Stored) -> usize,
) -> Option<(Vec<usize>, Vec<Part>, Vec<Stored>)> {
    let lmask = (1u64 << wl) - 1;
    // A multiplicative hash spreads column sets evenly over the blocks
    // (plain bit patterns would not: low bits are single columns).
    let block = |cols: u64, k: usize| {
        ((cols.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) % k as u64) as usize
    };
    for k in 2..=MAX_SPLIT {
        let key_of = |t: &Task| {
            let s = u64::from(t.s);
            (t.pivot as usize * k + block(s & lmask, k)) * k + block(s >> wl, k)
        };
        let mut index = std::collections::HashMap::new();
        let mut keys = Vec::with_capacity(tasks.len());
        let mut parts: Vec<[Vec<u64>; 4]> = Vec::new();
        for t in tasks {
            let next = parts.len();
            let part = *index.entry(key_of(t)).or_insert(next);
            if part == next {
                parts.push(widths.map(|w| vec![0u64; ((1usize << w) + 63) / 64]));
            }
            keys.push(part);
            let s = u64::from(t.s);
            let sb = pivots[t.pivot as usize].avail ^ s;
            for (q, cols) in [s & lmask, s >> wl, sb & lmask, sb >> wl]
                .into_iter()
                .enumerate()
            {
                parts[part][q][(cols / 64) as usize] |= 1 << (cols % 64);
            }
        }
        let items: Vec<Stored> = parts
            .iter()
            .map(|bits| {
                [0, 1, 2, 3].map(|q| {
                    let sets =
                        (0..mass[q].len()).filter(|&c| (bits[q][c / 64] >> (c % 64)) & 1 != 0);
                    sets.fold((0, 0), |(sets, items), c| (sets + 1, items + mass[q][c]))
                })
            })
            .collect();
        if items.iter().all(|&p| fixed + table_bytes(p) <= limit) {
            let parts = parts
                .into_iter()
                .map(|needed| Part {
                    needed: Some(needed),
                })
                .collect();
            return Some((keys, parts, items));
        }
    }
    None
}
