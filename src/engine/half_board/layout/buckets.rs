//! The counting walk exact planning starts from: every quarter's
//! placements counted per bucket (columns, rows), with each pivot's share
//! of them ([`Buckets`]), fewer walks where the board's mirror or flip
//! makes some quarters others' images ([`Images`]). A room of its own: it
//! reads the quarters and produces counts; pricing them is
//! [`crate::engine::half_board::price::layout`]'s.

use crate::engine::half_board::column_sets::Pivot;
use crate::engine::half_board::quarters::{
    flip_word, mirror_word, reversed, shared_diagonals, Marks, Quarter, QuarterShape, Visited,
};

/// The quarters' bucket counts, and what planning takes from them.
pub(in crate::engine::half_board) struct Buckets {
    /// Per quarter, its placements per key `(column set << h) | rows`.
    pub(in crate::engine::half_board) counts: Vec<Vec<u32>>,
    /// Per quarter and pivot, the share of the placements on columns the
    /// pivot leaves that its diagonals leave too (for odd n a sizable cut;
    /// the bottoms also lose those on a longest diagonal in diagonal mode,
    /// as the kernel filters them).
    pub(in crate::engine::half_board) pass: Vec<Vec<f64>>,
    /// Per quarter, its placements per column set.
    pub(in crate::engine::half_board) mass: Vec<Vec<u64>>,
    /// The bytes of `counts`.
    pub(in crate::engine::half_board) bytes: usize,
    /// Placements of all quarters (what a build walks), those the
    /// counting walked (fewer where quarters are read off others' walks),
    /// and per quarter.
    pub(in crate::engine::half_board) walked: u64,
    pub(in crate::engine::half_board) counted: u64,
    pub(in crate::engine::half_board) walked_each: [u64; 4],
    /// The largest bucket.
    pub(in crate::engine::half_board) max_group: u32,
    /// The placements of each quarter walked, where they were few enough
    /// to keep ([`Quarter::counts`]): the first build reads them instead of
    /// walking again.
    pub(in crate::engine::half_board) visited: [Option<Visited>; 4],
}

impl Buckets {
    /// One counting walk per quarter, or fewer where the board's mirror or
    /// flip makes some quarters others' images ([`Images::of`]).
    pub(in crate::engine::half_board) fn count(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
    ) -> Buckets {
        let images = Images::of(n, h, free, shapes, diag_bot, pivots);
        Buckets::count_walking(n, h, free, shapes, diag_bot, pivots, images)
    }

    /// [`Buckets::count`], the quarters `images` allows read off the
    /// walks of the others (which [`Images::of`] must allow), the rest
    /// walked.
    ///
    /// Why an image is exact: a right placement's key is its left image's
    /// with the columns reversed in the quarter's width, a bottom one's
    /// its top image's with the rows reversed, and their words are the
    /// images' words as [`mirror_word`] and [`flip_word`] say (why, there).
    /// A placement avoids a pivot's blocked diagonals exactly when its
    /// image avoids them mapped the same way, so each walk also counts, per
    /// pivot, its placements inside the pivot's columns and outside its
    /// blocks as its images see them. The placements a walk keeps are read
    /// the same way ([`Visited::image`]).
    fn count_walking(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
        images: Images,
    ) -> Buckets {
        // Quarter `q` (0 top-left, 1 top-right, 2 bottom-left, 3
        // bottom-right) is read off the walk of quarter `source(q)`.
        let source = |q: usize| images.source(q);
        // The pivots' blocks and columns in quarter `q`, as the walk of
        // its source sees them.
        let blocks_of = |q: usize| -> Vec<(u64, u64)> {
            let shape = shapes[q];
            let wmask = (1u64 << shape.w) - 1;
            let mirrored = q & 1 == 1 && images.mirror;
            let flipped = q & 2 == 2 && images.flip;
            pivots
                .iter()
                .map(|p| {
                    let mut block = p.blocks(diag_bot, n)[q];
                    let mut avail = (p.avail >> shape.col0) & wmask;
                    if mirrored {
                        (block, avail) = (mirror_word(block), reversed(avail, shape.w));
                    }
                    if flipped {
                        block = flip_word(block, n);
                    }
                    (block, avail)
                })
                .collect()
        };
        let pass_of = |within: &[(u64, u64)]| -> Vec<f64> {
            within
                .iter()
                .map(|&(all, avoiding)| avoiding as f64 / all.max(1) as f64)
                .collect()
        };
        let mut counts: Vec<Vec<u32>> = vec![Vec::new(); 4];
        let mut pass: Vec<Vec<f64>> = vec![Vec::new(); 4];
        let mut counted = 0u64;
        let mut visited: [Option<Visited>; 4] = Default::default();
        for s in (0..4).filter(|&s| source(s) == s) {
            let targets: Vec<usize> = (0..4).filter(|&q| source(q) == s).collect();
            let blocks: Vec<(u64, u64)> = targets.iter().flat_map(|&q| blocks_of(q)).collect();
            let (walked, within, kept) = Quarter::counts(n, h, free, shapes[s], &blocks);
            counted += walked.iter().map(|&x| u64::from(x)).sum::<u64>();
            for (i, &q) in targets.iter().enumerate() {
                pass[q] = pass_of(&within[i * pivots.len()..(i + 1) * pivots.len()]);
                if q != s {
                    counts[q] = image_counts(&walked, shapes[s].w, h, q ^ s);
                    visited[q] = kept.as_ref().map(|v| v.image(q ^ s, n, shapes[s].w, h));
                }
            }
            counts[s] = walked;
            visited[s] = kept;
        }
        let bytes = counts.iter().map(|c| c.len() * 4).sum::<usize>();
        let walked_each: [u64; 4] =
            [0, 1, 2, 3].map(|q| counts[q].iter().map(|&x| u64::from(x)).sum());
        let walked: u64 = walked_each.iter().sum();
        let mass: Vec<Vec<u64>> = counts
            .iter()
            .zip(shapes)
            .map(|(c, q)| {
                (0..1usize << q.w)
                    .map(|cols| {
                        c[cols << h..(cols + 1) << h]
                            .iter()
                            .map(|&x| u64::from(x))
                            .sum()
                    })
                    .collect()
            })
            .collect();
        let max_group = counts
            .iter()
            .flat_map(|c| c.iter())
            .copied()
            .max()
            .unwrap_or(0);
        Buckets {
            counts,
            pass,
            mass,
            bytes,
            walked,
            counted,
            walked_each,
            max_group,
            visited,
        }
    }
}

/// Which quarters [`Buckets::count`] reads off others' walks: the right
/// ones off the left ones (`mirror`), the bottom ones off the top ones
/// (`flip`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(in crate::engine::half_board) struct Images {
    pub(in crate::engine::half_board) mirror: bool,
    pub(in crate::engine::half_board) flip: bool,
}

impl Images {
    /// What the board allows. The mirror: the board is its own left-right
    /// mirror image, the two quarters of each half equally wide and
    /// storing from the same offset, and no quarter marks the middle
    /// column (cross mode's marks tell the right quarters apart). The
    /// flip: the board is its own top-bottom image, each bottom quarter
    /// lies under its top one (`h` rows from `n - h`, storing from there,
    /// marking as it does), and no pivot blocks a bottom diagonal that a
    /// top quarter's word has no bit for (see [`flip_word`]).
    pub(in crate::engine::half_board) fn of(
        n: usize,
        h: usize,
        free: &[u64],
        shapes: &[QuarterShape; 4],
        diag_bot: u64,
        pivots: &[Pivot],
    ) -> Images {
        let mirror = free.iter().all(|&f| reversed(f, n) == f)
            && [(0, 1), (2, 3)].iter().all(|&(l, r)| {
                let (l, r) = (shapes[l], shapes[r]);
                l.col0 == 0
                    && r.col0 == l.w
                    && l.w == r.w
                    && l.w + r.w == n
                    && l.row0 == r.row0
                    && l.off == r.off
                    && l.marks == Marks::None
                    && r.marks == Marks::None
            });
        let kept = shared_diagonals(n);
        let flip = (0..n).all(|r| free[r] == free[n - 1 - r])
            && (0..2).all(|l| {
                let (top, bottom) = (shapes[l], shapes[l + 2]);
                top.row0 == 0
                    && top.off == h
                    && bottom.row0 == n - h
                    && bottom.off == bottom.row0
                    && top.col0 == bottom.col0
                    && top.w == bottom.w
                    && top.marks == bottom.marks
                    && (bottom.marks != Marks::None
                        || pivots
                            .iter()
                            .all(|p| p.blocks(diag_bot, n)[l + 2] & !kept == 0))
            });
        Images { mirror, flip }
    }

    /// The quarter whose walk quarter `q` is read off (`q` when it is
    /// walked itself).
    pub(in crate::engine::half_board) fn source(self, q: usize) -> usize {
        q & !usize::from(self.mirror) & !(2 * usize::from(self.flip))
    }

    /// How many quarters are walked.
    pub(in crate::engine::half_board) fn walks(self) -> usize {
        4 >> (usize::from(self.mirror) + usize::from(self.flip))
    }
}

/// The bucket counts of a quarter that is the image of one walked into
/// `walked` (`w` columns, `h` rows) by `how` (1: the mirror, its columns
/// reversed; 2: the flip, its rows reversed; 3: both).
fn image_counts(walked: &[u32], w: usize, h: usize, how: usize) -> Vec<u32> {
    let rows: Vec<usize> = (0..1usize << h)
        .map(|r| {
            if how & 2 == 2 {
                reversed(r as u64, h) as usize
            } else {
                r
            }
        })
        .collect();
    let mut image = vec![0u32; walked.len()];
    for cols in 0..1usize << w {
        let to = if how & 1 == 1 {
            reversed(cols as u64, w) as usize
        } else {
            cols
        };
        let (from, into) = (
            &walked[cols << h..(cols + 1) << h],
            &mut image[to << h..(to + 1) << h],
        );
        for (r, &x) in from.iter().enumerate() {
            into[rows[r]] = x;
        }
    }
    image
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{Geometry, MinN};
    use super::*;
    use crate::base::rng::Rng;

    /// The buckets of `free`, quarters read off others' walks where the
    /// board allows it, and all four walked: (what was read off, the two).
    fn both_ways(n: usize, free: &[u64], min_n: MinN) -> (Images, Buckets, Buckets) {
        let g = Geometry::of(n, free, min_n).unwrap();
        let (h, shapes) = (g.shape.h, &g.quarter_shapes);
        let (diag_bot, pivots) = (g.shape.diag_bot, &g.pivots);
        let images = Images::of(n, h, &g.free, shapes, diag_bot, pivots);
        let count =
            |images| Buckets::count_walking(n, h, &g.free, shapes, diag_bot, pivots, images);
        (images, count(images), count(Images::default()))
    }

    /// A random board whose row `r` is row `n - 1 - r` when `flip` and
    /// reads the same reversed when `mirror`, about one cell in eight (and
    /// its images) blocked.
    fn symmetric_board(n: usize, mirror: bool, flip: bool, rng: &mut Rng) -> Vec<u64> {
        let full = (1u64 << n) - 1;
        let mut board = vec![full; n];
        for _ in 0..n * n / 8 {
            let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            for (r, c) in [
                (r, c),
                (r, n - 1 - c),
                (n - 1 - r, c),
                (n - 1 - r, n - 1 - c),
            ] {
                board[r] &= !(1 << c);
            }
        }
        // Cells blocked with only the images the board is to keep.
        if !(mirror && flip) {
            let mut rng2 = Rng::new(rng.next_u64());
            for r in 0..n {
                if rng2.below(3) == 0 {
                    let c = rng2.below(n as u64) as usize;
                    board[r] &= !(1 << c);
                    if mirror {
                        board[r] &= !(1 << (n - 1 - c));
                    }
                    if flip {
                        board[n - 1 - r] &= !(1 << c);
                    }
                }
            }
        }
        board
    }

    /// Quarters read off others' walks give every bucket count and every
    /// pivot's pass exactly as four walks do: blank boards in every
    /// folding mode, and random boards with blocked cells that keep the
    /// mirror, the flip, both or neither (pivots whose blocks and columns
    /// differ from quarter to quarter).
    #[test]
    fn quarters_read_off_others_walks_count_as_walked() {
        let mut rng = Rng::new(41);
        let (mut mirrors, mut flips, mut marking_flips) = (0, 0, 0);
        let mut kept_images = 0;
        for n in 4..=16 {
            let mut boards = vec![vec![(1u64 << n) - 1; n]];
            for (mirror, flip) in [(true, true), (true, false), (false, true), (false, false)] {
                for _ in 0..3 {
                    boards.push(symmetric_board(n, mirror, flip, &mut rng));
                }
            }
            for free in &boards {
                for min_n in [MinN::default(), MinN::both(4), MinN::pair(4)] {
                    let Some(geometry) = Geometry::of(n, free, min_n) else {
                        continue;
                    };
                    let marking = geometry.quarter_shapes[3].marks != Marks::None;
                    let (images, fast, walked) = both_ways(n, free, min_n);
                    mirrors += usize::from(images.mirror);
                    flips += usize::from(images.flip);
                    marking_flips += usize::from(images.flip && marking);
                    assert_eq!(fast.counts, walked.counts, "n = {n}, {images:?}, {free:?}");
                    assert_eq!(fast.pass, walked.pass, "n = {n}, {images:?}, {free:?}");
                    assert_eq!(fast.walked, walked.walked);
                    assert_eq!(fast.counted * 4 / images.walks() as u64, walked.walked);
                    // The placements kept for the build: every bit read
                    // (a bottom walk's far diagonals are not, see
                    // `flip_word`), and the queens.
                    for q in 0..4 {
                        let shape = geometry.quarter_shapes[q];
                        let read = if shape.marks != Marks::None {
                            u64::MAX
                        } else {
                            shared_diagonals(n)
                        };
                        match [&fast, &walked].map(|w| w.visited[q].as_ref()) {
                            [Some(a), Some(b)] => {
                                kept_images += usize::from(images.source(q) != q);
                                let what = format!("n = {n}, q = {q}, {images:?}");
                                assert_eq!(a.sorted(read), b.sorted(read), "{what}");
                            }
                            [a, b] => assert_eq!(a.is_some(), b.is_some(), "n = {n}"),
                        }
                    }
                }
            }
        }
        // In cross mode the flip reads the marking right bottom quarter off
        // the right top one and the left bottom one off the left top one.
        assert!(
            mirrors > 100 && flips > 100 && marking_flips >= 5 && kept_images > 300,
            "mirrored {mirrors}, flipped {flips} ({marking_flips} marking), {kept_images} kept"
        );
    }
}
