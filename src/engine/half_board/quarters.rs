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
//!
//! # Rooms
//! This file is the facade; its rooms, none of which imports it:
//! - `shape`: where a quarter lies and which diagonals it keeps
//!   ([`QuarterShape`], [`Marks`]);
//! - `walk`: the depth-first walk that visits the placements, and its
//!   random descent;
//! - `scatter`: counting a walk's keys into a table larger than the caches
//!   ([`ScatterCounts`]);
//! - `visited`: a walk's placements kept for a later pass ([`Visited`]);
//! - `table`: the bucket tables ([`Quarter`]) and how they are read;
//! - `counted`: a table's two passes, counted then filled ([`Counted`]),
//!   and so how a [`Quarter`] is built.

mod counted;
mod scatter;
mod shape;
mod table;
mod visited;
mod walk;

pub use counted::Counted;
pub use scatter::ScatterCounts;
pub use shape::{
    edge_marks, flip_word, mark, mirror_word, reversed, shared_diagonals, Marks, QuarterShape,
};
pub use table::{Quarter, SetBuckets};
pub use visited::Visited;

pub use walk::probe;

#[cfg(test)]
mod tests {
    use super::walk::walk;
    use super::*;
    use crate::base::rng::Rng;

    /// A board's free rows, each cell blocked with chance `blocked` in 100.
    fn random_free(rng: &mut Rng, n: usize, blocked: u64) -> Vec<u64> {
        (0..n)
            .map(|_| {
                (0..n)
                    .filter(|_| rng.below(100) >= blocked)
                    .fold(0, |m, c| m | 1 << c)
            })
            .collect()
    }

    /// Every stored bucket, in order: (cols, rows, diagonals).
    fn listing(t: &Quarter, w: usize) -> Vec<(u64, u64, Vec<u64>)> {
        let mut all = Vec::new();
        for cols in 0..1u64 << w {
            for rows in 0..1u64 << t.h {
                let group = t.group(cols, rows);
                if !group.is_empty() {
                    all.push((cols, rows, group.to_vec()));
                }
            }
        }
        all
    }

    /// What `counts` says of each pivot's columns and blocks is what the
    /// walk's placements say one by one.
    #[test]
    fn counts_within_a_pivot_are_the_walks_placements() {
        let mut rng = Rng::new(11);
        for _ in 0..100 {
            let n = 4 + rng.below(11) as usize;
            let free = random_free(&mut rng, n, 25);
            let h = n / 2;
            let q = QuarterShape::bottom(n - h, n / 2, n - n / 2);
            let pivots: Vec<(u64, u64)> = (0..5)
                .map(|_| (rng.next_u64() & rng.next_u64(), rng.next_u64()))
                .collect();
            let (counts, within, _) = Quarter::counts(n, h, &free, q, &pivots);
            let mut want = vec![(0u64, 0u64); pivots.len()];
            walk(n, h, &free, q, &mut |key, da, _| {
                for (w, &(block, avail)) in want.iter_mut().zip(&pivots) {
                    if (key >> h) as u64 & !avail == 0 {
                        w.0 += 1;
                        w.1 += u64::from(da & block == 0);
                    }
                }
            });
            assert_eq!(within, want, "n = {n}");
            assert!(counts.iter().any(|&c| c > 0));
        }
    }

    #[test]
    fn walking_each_needed_set_stores_what_the_whole_walk_keeps() {
        let mut rng = Rng::new(7);
        for round in 0..200 {
            let n = 4 + rng.below(9) as usize;
            let density = rng.below(40);
            let free = random_free(&mut rng, n, density);
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
                // What the first pass says the table holds is what it holds.
                let counted = Counted::new(n, h, &free, shape, &needed, None);
                let said = counted.bytes();
                assert_eq!(
                    counted.fill(None).held_bytes(),
                    said,
                    "round {round}, n = {n}"
                );
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
