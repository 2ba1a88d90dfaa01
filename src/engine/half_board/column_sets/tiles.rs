//! A pivot's column sets in *tiles*: an order of the `h`-subsets of its
//! available columns in which a run of consecutive ranks shares its left
//! parts and its right parts, so that a unit's quarter tables hold few
//! column sets, and holds the sets of every shape in their share.
//!
//! Why: a unit is a range of ranks, and its quarter tables hold every
//! column set its tasks use, per quarter. In colex order the low columns
//! change first, so a unit of 133 ranks at 26 has one right part and 128
//! left parts, and walking the 128 top-left sets (twice: count, then fill)
//! was 55-60% of the unit's time (benches/NOTES.md, "Ties inside the
//! buckets"). Here a set is its left part `L` (of the `ml` available
//! columns left of the split) and its right part `R` (of the `mr` on the
//! right); the sets with `|L| = a` (part `a`) are the grid `C(ml, a) x
//! C(mr, h - a)`, cut into tiles of `side x side`, and a tile's ranks run
//! through its left parts, each with every right part of the tile. A run
//! of `U` ranks then uses about `U / side + side` left parts and as many
//! right ones.
//!
//! Why the parts are interleaved: what a set's join costs follows `a`
//! steeply (at 26 a unit of balanced sets joined 10x a colex unit), so
//! units cut to equal ranks of an order that lists part after part are
//! far from equal prices, and their weights would have to come from a
//! price per part. Instead each part's tiles are spread over the whole
//! order: part `p`'s tile `i` (of `T_p`, in its part's order) sits at
//! `(i + 1/2) / T_p`, and the order lists the tiles of all parts by that
//! place. A run of ranks then holds each part's tiles in that part's
//! share, give or take a tile, like a run of colex ranks, and every rank
//! weighs the same. A part's order: rows of tiles (`side` left parts
//! each, the last shorter), tile by tile along a row. Left and right
//! parts are numbered in colex order. With one part (no columns on the
//! right, `side = 1`) this is colex order.
//!
//! # Constraints
//! `ml + mr <= 63`, `h <= ml + mr`, `side >= 1`; ranks below
//! [`Tiles::len`].
//!
//! # Complexity
//! With `P <= h + 1` parts and `T` tiles: [`Tiles::new`] `O(P)`;
//! [`Tiles::rank_of`] `O(P + ml + mr)`; [`Tiles::at`] `O(P^2 log T + ml +
//! mr)` word operations; [`Tiles::sets`] that once, then `O(ml + mr)` a
//! set and `O(P)` a tile.
//!
//! ```
//! use nqueens::engine::half_board::column_sets::tiles::Tiles;
//! // 4 columns left of the split, 4 right, sets of 3, tiles of 2 x 2.
//! let tiles = Tiles::new(4, 4, 3, 2);
//! assert_eq!(tiles.len(), 56); // C(8, 3)
//! // The first tile: a = 1's first, left parts {0}, {1}, right parts
//! // {0,1}, {0,2}.
//! let tile: Vec<(u64, u64)> = (0..4).map(|r| tiles.at(r)).collect();
//! assert_eq!(tile, [(0b01, 0b011), (0b01, 0b101), (0b10, 0b011), (0b10, 0b101)]);
//! // Then a = 2's first tile, and at rank 8 the first of a = 0's two
//! // tiles (no column on the left, the first right part {0, 1, 2}).
//! assert_eq!(tiles.at(4), (0b011, 0b01));
//! assert_eq!(tiles.at(8), (0b0000, 0b0111));
//! // A range of ranks as sets, the left part in the low 4 bits.
//! let sets: Vec<u64> = tiles.sets(0..2).collect();
//! assert_eq!(sets, [0b0011_0001, 0b0101_0001]);
//! assert_eq!(tiles.rank_of(0b10, 0b101), 3);
//! ```

use super::subsets::{binom, rank, unrank};

/// The tiled order of the `h`-subsets of `ml + mr` columns (see the
/// module doc).
#[derive(Clone, Debug)]
pub struct Tiles {
    ml: usize,
    h: usize,
    side: u64,
    /// Per left size `a` with sets, in increasing `a`.
    parts: Vec<Part>,
    len: u64,
}

/// The sets with `a` columns on the left: the grid of `left` left parts
/// by `right` right parts, in `tiles` tiles, `cols` to a row of tiles.
#[derive(Clone, Copy, Debug)]
struct Part {
    a: usize,
    left: u64,
    right: u64,
    cols: u64,
    tiles: u64,
}

impl Part {
    /// The sets of the part's first `k` tiles (`k <= tiles`): whole rows
    /// of tiles hold `side` left parts each (the last row fewer), and the
    /// tiles before `k` in its row are all `side` right parts wide.
    fn sets_before(&self, k: u64, side: u64) -> u64 {
        let (row, along) = (k / self.cols, k % self.cols);
        let above = (row * side).min(self.left);
        let height = side.min(self.left - above);
        above * self.right + along * height * side
    }

    /// Tile `k`'s first left and right indices and its height and width.
    fn tile(&self, k: u64, side: u64) -> (u64, u64, u64, u64) {
        let (l0, r0) = (k / self.cols * side, k % self.cols * side);
        (l0, r0, side.min(self.left - l0), side.min(self.right - r0))
    }
}

impl Tiles {
    /// The order of the `h`-subsets of `ml` left and `mr` right columns in
    /// tiles of `side x side`.
    pub fn new(ml: usize, mr: usize, h: usize, side: u64) -> Tiles {
        assert!(side >= 1 && ml + mr <= 63 && h <= ml + mr);
        let parts: Vec<Part> = (h.saturating_sub(mr)..=h.min(ml))
            .map(|a| {
                let (left, right) = (binom(ml, a), binom(mr, h - a));
                // Whole tiles and a shorter last one: `ceil(x / side)`.
                let across = |x: u64| (x + side - 1) / side;
                Part {
                    a,
                    left,
                    right,
                    cols: across(right),
                    tiles: across(left) * across(right),
                }
            })
            .collect();
        let len = parts.iter().map(|p| p.left * p.right).sum();
        Tiles {
            ml,
            h,
            side,
            parts,
            len,
        }
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
        self.len
    }

    /// Whether there are no sets (never: the empty set when `h = 0`).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether part `p`'s tile `i` comes before part `q`'s tile `j`: by
    /// `(i + 1/2) / tiles_p` against `(j + 1/2) / tiles_q`, the lower part
    /// first on a tie. Cross-multiplied, exactly: `tiles < 2^63`.
    fn before(&self, (p, i): (usize, u64), (q, j): (usize, u64)) -> bool {
        let x = u128::from(2 * i + 1) * u128::from(self.parts[q].tiles);
        let y = u128::from(2 * j + 1) * u128::from(self.parts[p].tiles);
        x < y || (x == y && p < q)
    }

    /// How many of part `b`'s tiles come before part `p`'s tile `i`: the
    /// `j` with `(2j + 1) tiles_p` below `(2i + 1) tiles_b` (or equal, for
    /// a lower `b`), that is the odd numbers up to `m` below.
    fn tiles_before(&self, b: usize, (p, i): (usize, u64)) -> u64 {
        if b == p {
            return i;
        }
        let x = u128::from(2 * i + 1) * u128::from(self.parts[b].tiles);
        let tp = u128::from(self.parts[p].tiles);
        let m = if b < p { x / tp } else { (x - 1) / tp };
        ((m + 1) / 2) as u64
    }

    /// The rank of the first set of part `p`'s tile `i`.
    fn start(&self, (p, i): (usize, u64)) -> u64 {
        (0..self.parts.len())
            .map(|b| self.parts[b].sets_before(self.tiles_before(b, (p, i)), self.side))
            .sum()
    }

    /// The tile holding rank `rank` and the rank's place in it: per part
    /// the last tile starting at or before `rank` (tiles start in their
    /// part's order), and of those the one starting last.
    fn locate(&self, rank: u64) -> ((usize, u64), u64) {
        let mut best = ((0, 0), 0);
        for p in 0..self.parts.len() {
            let (mut lo, mut hi) = (0, self.parts[p].tiles);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if self.start((p, mid)) <= rank {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            if lo > 0 {
                let start = self.start((p, lo - 1));
                if start >= best.1 {
                    best = ((p, lo - 1), start);
                }
            }
        }
        (best.0, rank - best.1)
    }

    /// The left and right indices at place `at` of part `p`'s tile `i`.
    fn in_tile(&self, (p, i): (usize, u64), at: u64) -> (u64, u64) {
        let (l0, r0, _, width) = self.parts[p].tile(i, self.side);
        (l0 + at / width, r0 + at % width)
    }

    /// The set of rank `rank`: its left part as a subset of `0..ml` and its
    /// right part as a subset of `0..mr`.
    pub fn at(&self, rank: u64) -> (u64, u64) {
        assert!(rank < self.len, "a rank below len()");
        let (tile, at) = self.locate(rank);
        let (l, r) = self.in_tile(tile, at);
        let a = self.parts[tile.0].a;
        (unrank(a, l), unrank(self.h - a, r))
    }

    /// The rank of the set with left part `l` (a subset of `0..ml`) and
    /// right part `r` (of `0..mr`), `|l| + |r| = h`: the inverse of
    /// [`Tiles::at`].
    pub fn rank_of(&self, l: u64, r: u64) -> u64 {
        let a = l.count_ones() as usize;
        let p = self
            .parts
            .iter()
            .position(|part| part.a == a)
            .expect("a set of h columns");
        let part = self.parts[p];
        let (il, ir) = (rank(l), rank(r));
        let k = il / self.side * part.cols + ir / self.side;
        let (l0, r0, _, width) = part.tile(k, self.side);
        self.start((p, k)) + (il - l0) * width + (ir - r0)
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

    /// The sets of the ranks `ranks` (clipped to [`Tiles::len`]) as
    /// [`Tiles::set_at`] gives them, in rank order: one [`Tiles::at`]'s
    /// search for the first, then each next tile the merge of the parts'
    /// next tiles, `O(parts)` a tile.
    pub fn sets(&self, ranks: std::ops::Range<u64>) -> impl Iterator<Item = u64> + '_ {
        let end = ranks.end.min(self.len);
        let first = ranks.start.min(end);
        let mut walk = (first < end).then(|| {
            let (tile, at) = self.locate(first);
            let next: Vec<u64> = (0..self.parts.len())
                .map(|b| self.tiles_before(b, tile) + u64::from(b == tile.0))
                .collect();
            (next, tile, at)
        });
        (first..end).map(move |_| {
            let (next, tile, at) = walk.as_mut().expect("ranks left");
            let (l, r) = self.in_tile(*tile, *at);
            let (p, a) = (tile.0, self.parts[tile.0].a);
            let set = unrank(a, l) | unrank(self.h - a, r) << self.ml;
            let (_, _, height, width) = self.parts[p].tile(tile.1, self.side);
            *at += 1;
            if *at == height * width {
                let mut pick: Option<(usize, u64)> = None;
                for (b, &j) in next.iter().enumerate() {
                    if j < self.parts[b].tiles && pick.map_or(true, |t| self.before((b, j), t)) {
                        pick = Some((b, j));
                    }
                }
                if let Some(t) = pick {
                    next[t.0] += 1;
                    (*tile, *at) = (t, 0);
                }
            }
            set
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Tiles;
    use std::collections::{HashMap, HashSet};

    /// Every `h`-subset appears exactly once, with `h` members, and
    /// [`Tiles::rank_of`] gives its rank back, over many shapes and tile
    /// sides (ones that divide nothing included); [`Tiles::sets`] lists
    /// any range as [`Tiles::set_at`] names its ranks.
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
                        let len = tiles.len();
                        for from in [0, len / 3, len / 2, len.saturating_sub(1)] {
                            let to = (from + 1 + len / 2).min(len + 2);
                            let listed: Vec<u64> = tiles.sets(from..to).collect();
                            let named: Vec<u64> =
                                (from..to.min(len)).map(|r| tiles.set_at(r)).collect();
                            assert_eq!(listed, named, "{ml} {mr} {h} {side} {from}..{to}");
                        }
                    }
                }
            }
        }
    }

    /// What the order is for, at 26's shape (12 columns a side, sets of
    /// 12): a run of `9 side^2` consecutive ranks holds the sets of each
    /// left size `a` in that size's share of all sets, give or take two
    /// tiles (so units cut to equal ranks cost about the same, within
    /// about a tile's joins), and uses a few times `side` left and right
    /// parts, where colex order would use a left part a rank.
    #[test]
    fn a_run_of_ranks_mixes_the_sizes_and_shares_its_parts() {
        let (ml, mr, h, side) = (12, 12, 12, 8);
        let tiles = Tiles::new(ml, mr, h, side);
        let len = tiles.len();
        let share = |a: usize| (super::binom(ml, a) * super::binom(mr, h - a)) as f64 / len as f64;
        let run = 9 * side * side;
        for start in (0..len - run).step_by(99_991) {
            let sets: Vec<u64> = tiles.sets(start..start + run).collect();
            let mut by_size: HashMap<u32, u64> = HashMap::new();
            for &s in &sets {
                *by_size.entry((s & 0xfff).count_ones()).or_default() += 1;
            }
            for a in 0..=12 {
                let got = by_size.get(&(a as u32)).copied().unwrap_or(0) as f64;
                let want = share(a) * run as f64;
                let tiles = (got - want).abs() / (side * side) as f64;
                assert!(tiles <= 2.0, "a = {a}: {got} of {want}");
            }
            let lefts: HashSet<u64> = sets.iter().map(|s| s & 0xfff).collect();
            let rights: HashSet<u64> = sets.iter().map(|s| s >> 12).collect();
            assert!(
                lefts.len() as u64 <= 16 * side,
                "{} left parts",
                lefts.len()
            );
            assert!(
                rights.len() as u64 <= 16 * side,
                "{} right parts",
                rights.len()
            );
        }
    }
}
