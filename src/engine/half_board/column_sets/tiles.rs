//! A pivot's column sets in *tiles*: an order of the `h`-subsets of its
//! available columns in which a run of consecutive ranks shares its left
//! parts and its right parts, so that a unit's quarter tables hold few
//! column sets.
//!
//! Why: a unit is a range of ranks, and its quarter tables hold every
//! column set its tasks use, per quarter. In colex order the low columns
//! change first, so a unit of 133 ranks at 26 has one right part and 128
//! left parts, and walking the 128 top-left sets (twice: count, then fill)
//! was 55-60% of the unit's time (benches/NOTES.md, "Ties inside the
//! buckets"). Here a set is its left part `L` (of the `ml` available
//! columns left of the split) and its right part `R` (of the `mr` on the
//! right); the sets with `|L| = a` are the grid `C(ml, a) x C(mr, h - a)`,
//! cut into tiles of `side x side`, and a tile's ranks run through its
//! left parts, each with every right part of the tile. A unit of `U`
//! ranks inside a tile then uses about `U / side + 1` left parts and
//! `side` right parts.
//!
//! The order: by `a` increasing; within `a`, rows of tiles (`side` left
//! parts each, the last shorter), tile by tile along a row, and within a
//! tile left part by left part. Left and right parts are numbered in
//! colex order.
//!
//! # Constraints
//! `ml + mr <= 63`, `h <= ml + mr`, `side >= 1`; ranks below
//! [`Tiles::len`].
//!
//! # Complexity
//! [`Tiles::new`] `O(h)`; [`Tiles::at`] and [`Tiles::rank_of`]
//! `O(h + ml + mr)` word operations.
//!
//! ```
//! use nqueens::engine::half_board::column_sets::tiles::Tiles;
//! // 4 columns left of the split, 4 right, sets of 3, tiles of 2 x 2.
//! let tiles = Tiles::new(4, 4, 3, 2);
//! assert_eq!(tiles.len(), 56); // C(8, 3)
//! // Rank 0: no column on the left, the first right part {0, 1, 2}.
//! assert_eq!(tiles.at(0), (0b0000, 0b0111));
//! // The first tile of a = 1: left parts {0}, {1}, right parts {0,1}, {0,2}.
//! let first = tiles.len_below(1);
//! let tile: Vec<(u64, u64)> = (first..first + 4).map(|r| tiles.at(r)).collect();
//! assert_eq!(tile, [(0b01, 0b011), (0b01, 0b101), (0b10, 0b011), (0b10, 0b101)]);
//! ```

use super::subsets::{binom, rank, unrank};

/// The tiled order of the `h`-subsets of `ml + mr` columns (see the
/// module doc).
#[derive(Clone, Debug)]
pub struct Tiles {
    ml: usize,
    h: usize,
    side: u64,
    /// Per left size `a` with sets, in increasing `a`: the first rank,
    /// the left parts `C(ml, a)` and the right parts `C(mr, h - a)`.
    parts: Vec<Part>,
}

#[derive(Clone, Copy, Debug)]
struct Part {
    a: usize,
    first: u64,
    left: u64,
    right: u64,
}

impl Tiles {
    /// The order of the `h`-subsets of `ml` left and `mr` right columns in
    /// tiles of `side x side`.
    pub fn new(ml: usize, mr: usize, h: usize, side: u64) -> Tiles {
        assert!(side >= 1 && ml + mr <= 63 && h <= ml + mr);
        let mut parts = Vec::new();
        let mut first = 0u64;
        for a in h.saturating_sub(mr)..=h.min(ml) {
            let (left, right) = (binom(ml, a), binom(mr, h - a));
            parts.push(Part {
                a,
                first,
                left,
                right,
            });
            first += left * right;
        }
        Tiles { ml, h, side, parts }
    }

    /// The order of the `h`-subsets of the columns `avail` split after
    /// column `wl` (the left quarters' columns below it), in tiles of
    /// `side x side`: a set's index bits (see [`Tiles::set_at`]) name the
    /// members of `avail`, lowest first, so its low `ml` bits are the
    /// columns left of the split.
    pub fn split(avail: u64, wl: usize, h: usize, side: u64) -> Tiles {
        let ml = (avail & ((1u64 << wl.min(63)) - 1)).count_ones() as usize;
        Tiles::new(ml, avail.count_ones() as usize - ml, h, side)
    }

    /// The number of sets: `C(ml + mr, h)`.
    pub fn len(&self) -> u64 {
        self.parts.last().map_or(0, |p| p.first + p.left * p.right)
    }

    /// Whether there are no sets (never: the empty set when `h = 0`).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Per number `a` of columns on the left with sets, in increasing `a`
    /// (the order's): `a` and the ranks of its sets.
    pub fn parts(&self) -> impl Iterator<Item = (usize, std::ops::Range<u64>)> + '_ {
        self.parts
            .iter()
            .map(|p| (p.a, p.first..p.first + p.left * p.right))
    }

    /// The rank of the first set with `a` columns on the left (all of them
    /// when `a` is past the last size).
    pub fn len_below(&self, a: usize) -> u64 {
        self.parts
            .iter()
            .find(|p| p.a >= a)
            .map_or(self.len(), |p| p.first)
    }

    /// The set of rank `rank`: its left part as a subset of `0..ml` and its
    /// right part as a subset of `0..mr`.
    pub fn at(&self, rank: u64) -> (u64, u64) {
        let part = self
            .parts
            .iter()
            .rev()
            .find(|p| p.first <= rank)
            .copied()
            .expect("a rank below len()");
        let (l, r) = tile_index(rank - part.first, (part.left, part.right), self.side);
        (unrank(part.a, l), unrank(self.h - part.a, r))
    }

    /// The rank of the set with left part `l` (a subset of `0..ml`) and
    /// right part `r` (of `0..mr`), `|l| + |r| = h`: the inverse of
    /// [`Tiles::at`].
    pub fn rank_of(&self, l: u64, r: u64) -> u64 {
        let a = l.count_ones() as usize;
        let part = self
            .parts
            .iter()
            .find(|p| p.a == a)
            .copied()
            .expect("a set of h columns");
        let (il, ir) = (rank(l), rank(r));
        let side = self.side;
        let row = il / side;
        let height = side.min(part.left - row * side);
        let tile = ir / side;
        let width = side.min(part.right - tile * side);
        let in_tile = (il - row * side) * width + (ir - tile * side);
        part.first + row * side * part.right + tile * height * side + in_tile
    }

    /// The set of rank `rank` as a subset of the `ml + mr` columns (the
    /// left part in the low `ml` bits).
    pub fn set_at(&self, rank: u64) -> u64 {
        let (l, r) = self.at(rank);
        l | r << self.ml
    }

    /// The rank of a subset of the `ml + mr` columns (the left part in the
    /// low `ml` bits): the inverse of [`Tiles::set_at`].
    pub fn rank_of_index(&self, set: u64) -> u64 {
        let low = (1u64 << self.ml) - 1;
        self.rank_of(set & low, set >> self.ml)
    }
}

/// The (left, right) indices at position `j` of a `left x right` grid
/// listed in tiles of `side x side` (see the module doc): rows of tiles of
/// `side` left indices (the last shorter), tiles along the row, and in a
/// tile left index by left index.
fn tile_index(j: u64, (left, right): (u64, u64), side: u64) -> (u64, u64) {
    let row_ranks = side * right;
    let row = j / row_ranks;
    let height = side.min(left - row * side);
    let in_row = j - row * row_ranks;
    let tile = in_row / (height * side);
    let width = side.min(right - tile * side);
    let in_tile = in_row - tile * height * side;
    (row * side + in_tile / width, tile * side + in_tile % width)
}

#[cfg(test)]
mod tests {
    use super::Tiles;
    use std::collections::HashSet;

    /// Every `h`-subset appears exactly once, with `h` members, and
    /// [`Tiles::rank_of`] gives its rank back, over many shapes and tile
    /// sides (ones that divide nothing included).
    #[test]
    fn every_set_has_exactly_one_rank() {
        for ml in 0..7 {
            for mr in 0..7 {
                for h in 0..=ml + mr {
                    for side in [1, 2, 3, 5, 100] {
                        let tiles = Tiles::new(ml, mr, h, side);
                        let want = super::binom(ml + mr, h);
                        assert_eq!(tiles.len(), want);
                        let mut seen = HashSet::new();
                        for rank in 0..tiles.len() {
                            let (l, r) = tiles.at(rank);
                            assert!(l < 1 << ml && r < 1 << mr);
                            assert_eq!((l.count_ones() + r.count_ones()) as usize, h);
                            assert!(seen.insert(tiles.set_at(rank)), "{ml} {mr} {h} {side}");
                            assert_eq!(tiles.rank_of(l, r), rank, "{ml} {mr} {h} {side}");
                            assert_eq!(tiles.rank_of_index(tiles.set_at(rank)), rank);
                        }
                    }
                }
            }
        }
    }

    /// What the order is for: `side^2 / 2` consecutive ranks inside one
    /// size use at most `2 * side` left parts and `2 * side` right parts
    /// (two tiles at most), where colex order uses `side^2 / 2` left parts.
    #[test]
    fn a_run_of_ranks_shares_its_parts() {
        let (ml, mr, h, side) = (12, 12, 12, 8);
        let tiles = Tiles::new(ml, mr, h, side);
        let (from, to) = (tiles.len_below(6), tiles.len_below(7));
        for start in (from..to - side * side).step_by(997) {
            let run: Vec<(u64, u64)> = (start..start + side * side / 2)
                .map(|r| tiles.at(r))
                .collect();
            let lefts: HashSet<u64> = run.iter().map(|p| p.0).collect();
            let rights: HashSet<u64> = run.iter().map(|p| p.1).collect();
            assert!(lefts.len() as u64 <= 2 * side, "{} left parts", lefts.len());
            assert!(
                rights.len() as u64 <= 2 * side,
                "{} right parts",
                rights.len()
            );
        }
    }
}
