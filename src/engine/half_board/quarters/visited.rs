//! A whole quarter's placements kept as its walk visited them, so that the
//! build after planning's count reads them instead of walking again
//! ([`Visited`], [`Keeper`]), and their images under the mirror and the
//! flip. A room of its own: what a walk leaves for a later pass, and its
//! bit tricks on queens' nibbles.

use super::shape::{flip_word, mirror_word, reversed};
pub(super) use crate::tuning::layout::KEPT;

/// A whole quarter's placements as its walk visited them: (key
/// `cols << h | rows`, stored diagonals, queens). Planning's counting walk
/// keeps them ([`Quarter::counts`]) for the build that follows
/// ([`Quarter::build_with`]), so that a quarter of n = 15 is walked once
/// in all.
pub struct Visited(pub(super) Vec<(u32, u64, u64)>);

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

/// Keeps a walk's placements while there are at most [`KEPT`].
pub(super) struct Keeper {
    pub(super) list: Option<Vec<(u32, u64, u64)>>,
}

impl Keeper {
    /// For a quarter `w` columns wide and `h` rows high: room for all of
    /// its placements (each row holds one of `w` columns or none), at most
    /// [`KEPT`], so that the list never moves (pages never written are
    /// never touched).
    pub(super) fn new(w: usize, h: usize) -> Keeper {
        let most = (0..h).try_fold(1usize, |m, _| m.checked_mul(w + 1));
        let room = most.map_or(KEPT, |m| m.min(KEPT));
        Keeper {
            list: Some(Vec::with_capacity(room)),
        }
    }

    #[inline(always)]
    pub(super) fn keep(&mut self, key: usize, da: u64, cells: u64) {
        if let Some(list) = &mut self.list {
            if list.len() < KEPT {
                list.push((key as u32, da, cells));
            } else {
                self.list = None;
            }
        }
    }
}
