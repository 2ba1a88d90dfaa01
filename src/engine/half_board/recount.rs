//! A join's unit counted again by the definition, for the spot check of a
//! campaign's records (`merge --spot-check`): what the unit's column sets
//! contribute, found without the join's kernel (no quarters, buckets,
//! sieve, transposed bottoms) nor its multipliers (no [`super::column_sets`]
//! orbits, pivot weights or diagonal weights as the layout computed them).
//!
//! A unit is a list of *keys*: the pivot's queens (none for even `n`
//! outside pair mode, the middle row's for odd `n`, the two middle rows'
//! in pair mode) and the column set `S` of the top `h` rows. Per key the
//! recount lists every top half (rows `0..h`, columns `S`) and every
//! bottom half (the last `h` rows, the other columns) by a plain
//! row-by-row search with the pivot's queens placed, counts the pairs that
//! share no diagonal ([`halves`]), and weighs them from first principles:
//!
//! - the mirror `M` (columns reversed), the flip `F` (rows reversed) and
//!   the half turn `MF` map a key `(P, S)` to `(M(P), rev(S))`,
//!   `(F(P), B)` and `(MF(P), rev(B))`, `B` the bottom's columns, and its
//!   solutions one to one onto theirs. The join counts one key per orbit
//!   (its `S` the least among the orbit's keys of the same pivot), so a
//!   key stands for its orbit's size, counted here as the distinct images
//!   of the key;
//! - *cross mode* (odd `n`): the transpose swaps a solution's middle-row
//!   queen, `dm` columns from the centre, with its middle-column queen,
//!   `dr` rows from it, and `dm = dr` only for the centre queen: so the
//!   solutions with `dr > dm` count twice, and a centre pivot's count
//!   once;
//! - *diagonal mode* (even `n` from 18 below pair mode): the reflection in
//!   either longest diagonal keeps that diagonal's queen and moves the
//!   other longest diagonal's queen between the halves, so the solutions
//!   whose bottom holds no longest-diagonal queen, each weighing 2 per
//!   longest diagonal its top holds a queen on, add up to every solution.
//!   Those weighted pairs with a queen on a longest diagonal in the top
//!   stand for the key's mirror orbit only (the flip moves that queen to
//!   the bottom); those with none, for the whole orbit.
//!
//! Which keys a unit holds is the layout's (its listed tasks, or a pivot and
//! the column sets a range of ranks names, each kept here when it is the
//! least of its orbit); every count and weight is made here.
//! The same sums from 4 to 14 in every mode against OEIS are this file's
//! tests; the join's own units against these at every small size, its
//! test `recount_agrees_with_the_join`.
//!
//! # Constraints
//! The blank board (`None` otherwise), `n <= 28`.
//!
//! # Complexity
//! Per key, the plain search of both halves plus their pairs
//! ([`halves`]): 6 times the join's time for the same units at 18, over 5
//! at 22, growing with `n` (`docs/RECORD.md`, "Check and publish").

mod halves;

use crate::engine::half_board::column_sets::Symmetric;
use halves::{disjoint_pairs, falling, list, rising, Placed};

/// How the join's work list weighs a key, as the recount must (see the
/// module doc).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Orbits of keys under the mirror, the flip and the half turn.
    Plain,
    /// Odd `n`: and the transpose, solutions with `dr > dm` twice.
    Cross,
    /// Even `n`: and both longest diagonals' reflections.
    Diagonal,
    /// Even `n`: a queen in each of the two middle rows as the pivot.
    Pair,
    /// And the transpose: a solution weighs 2, 1 or 0 as its middle
    /// columns' queens are farther from the edge than its pivot's, as far
    /// or nearer (the keys capped at `cap`).
    PairTranspose { cap: usize },
}

/// The recount of a blank board's keys.
#[derive(Clone, Copy, Debug)]
pub struct Recount {
    n: usize,
    /// The rows of each half.
    h: usize,
    mode: Mode,
}

/// The pivot's queens, (row, column), sorted; unused slots `None`.
type Queens = [Option<(usize, usize)>; 2];

impl Recount {
    /// The recount of the blank board of side `n` (`free`, its rows' free
    /// columns) as a join folding `sym` counts it; `None` for a board
    /// with blocked cells, a join that does not fold the mirror and the
    /// flip (no blank board's).
    pub fn new(n: usize, free: &[u64], sym: Symmetric) -> Option<Recount> {
        let full = (1u64 << n) - 1;
        if !(2..=28).contains(&n) || free.len() != n || free.iter().any(|&f| f & full != full) {
            return None;
        }
        if !(sym.mirror && sym.flip) {
            return None;
        }
        let mode = if sym.pair && sym.transpose {
            // The cap is the join's (the marks its words have room for:
            // 33 - n bits above the diagonals of each direction, at most
            // a half's rows); any cap counts every solution, but a key's
            // share depends on it.
            let h = n / 2 - 1;
            Mode::PairTranspose {
                cap: h.min(2 * 33usize.saturating_sub(n)),
            }
        } else if sym.pair {
            Mode::Pair
        } else if sym.cross {
            Mode::Cross
        } else if sym.diagonal {
            Mode::Diagonal
        } else {
            Mode::Plain
        };
        let h = if sym.pair { n / 2 - 1 } else { n / 2 };
        Some(Recount { n, h, mode })
    }

    /// The mode it weighs keys by.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The contribution of the key of the pivot's `queens` and the top's
    /// column set `s`: its weighted pairs times its orbit, or 0 where
    /// another key of its orbit stands for it.
    pub fn set(&self, queens: &[(usize, usize)], s: u64) -> u128 {
        let mut pivot: Queens = [None, None];
        for (slot, &q) in pivot.iter_mut().zip(queens) {
            *slot = Some(q);
        }
        let pivot = sorted(pivot);
        let images = self.images(pivot, s);
        let least = images.iter().all(|&(p, t)| p != pivot || t >= s);
        let orbit = distinct(&images);
        match self.mode {
            Mode::Diagonal => {
                // The mirror orbit: the identity's and the mirror's.
                if images[1].1 < s {
                    return 0;
                }
                let mirrored = distinct(&images[..2]);
                let (weighted, clean) = self.diagonal_pairs(s);
                mirrored * weighted + if least { orbit * clean } else { 0 }
            }
            _ if !least => 0,
            Mode::Cross => {
                let (_, m) = pivot[0].expect("odd boards have a pivot");
                let dm = m.abs_diff(self.h);
                match dm {
                    0 => orbit * self.pairs(pivot, s, None),
                    _ => 2 * orbit * self.pairs(pivot, s, Some(dm)),
                }
            }
            Mode::Plain | Mode::Pair => orbit * self.pairs(pivot, s, None),
            Mode::PairTranspose { cap } => orbit * self.transposed_pairs(pivot, s, cap),
        }
    }

    /// The key's images under the identity, the mirror, the flip and the
    /// half turn, in that order.
    fn images(&self, pivot: Queens, s: u64) -> [(Queens, u64); 4] {
        let n = self.n;
        let rev = |x: u64| x.reverse_bits() >> (64 - n);
        let used = pivot.iter().flatten().fold(0u64, |a, &(_, c)| a | 1 << c);
        let bottom = ((1u64 << n) - 1) & !used & !s;
        let map = |f: &dyn Fn((usize, usize)) -> (usize, usize)| sorted(pivot.map(|q| q.map(f)));
        [
            (pivot, s),
            (map(&|(r, c)| (r, n - 1 - c)), rev(s)),
            (map(&|(r, c)| (n - 1 - r, c)), bottom),
            (map(&|(r, c)| (n - 1 - r, n - 1 - c)), rev(bottom)),
        ]
    }

    /// Both halves of the key listed (the pivot's queens placed first),
    /// with the row of each one's queen in the middle column (odd `n`) or
    /// the two middle columns (even `n`).
    fn halves(&self, pivot: Queens, s: u64) -> (Vec<Placed>, Vec<Placed>) {
        let n = self.n;
        let mut blocked = 0u128;
        let mut used = 0u64;
        for &(r, c) in pivot.iter().flatten() {
            blocked |= rising(r, c) | falling(n, r, c);
            used |= 1 << c;
        }
        let bottom = ((1u64 << n) - 1) & !used & !s;
        let marks = if n % 2 == 1 {
            [usize::MAX, n / 2]
        } else {
            [n / 2 - 1, n / 2]
        };
        let tops = list(n, 0..self.h, s, blocked, marks);
        let bottoms = list(n, n - self.h..n, bottom, blocked, marks);
        (tops, bottoms)
    }

    /// The key's (top, bottom) pairs sharing no diagonal; with
    /// `beyond: Some(dm)` only those whose middle-column queen is more
    /// than `dm` rows from the middle row.
    fn pairs(&self, pivot: Queens, s: u64, beyond: Option<usize>) -> u128 {
        let (tops, bottoms) = self.halves(pivot, s);
        let middle = self.h;
        let keep = |p: &&Placed| match beyond {
            Some(dm) if p.marked_rows[1] != u8::MAX => {
                usize::from(p.marked_rows[1]).abs_diff(middle) > dm
            }
            _ => true,
        };
        let mut tops: Vec<u128> = tops.iter().filter(keep).map(|p| p.diagonals).collect();
        let mut bottoms: Vec<u128> = bottoms.iter().filter(keep).map(|p| p.diagonals).collect();
        disjoint_pairs(self.n, self.h, &mut tops, &mut bottoms)
    }

    /// Pair mode's pairs with the transpose, weighed from the definition:
    /// a pair's key is how far its outermost member is from the edge
    /// (capped at `cap`); a solution weighs 2, 1 or 0 as the key of its two
    /// middle columns' queens' rows is above, equal to or below the key of
    /// its pivot's columns (the transpose swaps the two pairs, so a
    /// solution and its image weigh 2 together).
    fn transposed_pairs(&self, pivot: Queens, s: u64, cap: usize) -> u128 {
        let (n, h) = (self.n, self.h);
        let edge = |x: usize| x.min(n - 1 - x);
        let key = |rows: &[usize]| rows.iter().fold(cap, |k, &r| k.min(edge(r)));
        let queens: Vec<(usize, usize)> = pivot.iter().flatten().copied().collect();
        let pivot_key = key(&queens.iter().map(|&(_, c)| c).collect::<Vec<_>>());
        // A pivot queen in a middle column is that column's queen.
        let in_pivot = key(&queens
            .iter()
            .filter(|&&(_, c)| c + 1 == n / 2 || c == n / 2)
            .map(|&(r, _)| r)
            .collect::<Vec<_>>());
        let of = |p: &Placed| {
            let rows: Vec<usize> = p
                .marked_rows
                .iter()
                .filter(|&&r| r != u8::MAX)
                .map(|&r| usize::from(r))
                .collect();
            key(&rows)
        };
        let (tops, bottoms) = self.halves(pivot, s);
        let mut total = 0;
        for kb in 0..=cap {
            let mut these: Vec<u128> = bottoms
                .iter()
                .filter(|b| of(b) == kb)
                .map(|b| b.diagonals)
                .collect();
            if these.is_empty() {
                continue;
            }
            for (weight, cmp) in [
                (2, std::cmp::Ordering::Greater),
                (1, std::cmp::Ordering::Equal),
            ] {
                let mut weighed: Vec<u128> = tops
                    .iter()
                    .filter(|t| of(t).min(kb).min(in_pivot).cmp(&pivot_key) == cmp)
                    .map(|t| t.diagonals)
                    .collect();
                total += weight * disjoint_pairs(n, h, &mut weighed, &mut these);
            }
        }
        total
    }

    /// Diagonal mode's pairs of the column set `s`, every bottom without a
    /// queen on a longest diagonal: those whose top has one, weighing 2
    /// per such queen, and those whose top has none.
    fn diagonal_pairs(&self, s: u64) -> (u128, u128) {
        let n = self.n;
        let (tops, bottoms) = self.halves([None, None], s);
        let longest = rising(0, n - 1) | falling(n, 0, 0);
        let on = |p: &Placed| {
            u32::from(p.diagonals & rising(0, n - 1) != 0)
                + u32::from(p.diagonals & falling(n, 0, 0) != 0)
        };
        let mut clean_bottoms: Vec<u128> = bottoms
            .iter()
            .filter(|b| b.diagonals & longest == 0)
            .map(|b| b.diagonals)
            .collect();
        let mut by_queens = [Vec::new(), Vec::new(), Vec::new()];
        for top in &tops {
            by_queens[on(top) as usize].push(top.diagonals);
        }
        let [clean, one, two] = &mut by_queens;
        let (n, h) = (self.n, self.h);
        let weighted = 2 * disjoint_pairs(n, h, one, &mut clean_bottoms)
            + 4 * disjoint_pairs(n, h, two, &mut clean_bottoms);
        (weighted, disjoint_pairs(n, h, clean, &mut clean_bottoms))
    }
}

/// The pivot's queens in order, `None` last.
fn sorted(mut queens: Queens) -> Queens {
    queens.sort_by_key(|q| q.map_or((usize::MAX, 0), |q| q));
    queens
}

/// How many distinct keys `images` holds.
fn distinct(images: &[(Queens, u64)]) -> u128 {
    let mut keys = images.to_vec();
    keys.sort_unstable();
    keys.dedup();
    keys.len() as u128
}

#[cfg(test)]
mod tests {
    use super::*;
    const A000170: [u128; 14] = crate::base::published::totals::<14>();

    fn sym(mode: Mode) -> Symmetric {
        Symmetric {
            mirror: true,
            flip: true,
            diagonal: mode == Mode::Diagonal,
            cross: mode == Mode::Cross,
            pair: matches!(mode, Mode::Pair | Mode::PairTranspose { .. }),
            transpose: matches!(mode, Mode::PairTranspose { .. }),
        }
    }

    /// Every key of the blank board, each weighed as its mode weighs it,
    /// adds up to OEIS's total: the pivots are every queen choice (one
    /// key per orbit is kept here by the recount itself).
    #[test]
    fn every_mode_adds_up_to_the_published_totals() {
        for n in 4..=12 {
            let modes: &[Mode] = if n % 2 == 1 {
                &[Mode::Plain, Mode::Cross]
            } else {
                &[
                    Mode::Plain,
                    Mode::Diagonal,
                    Mode::Pair,
                    Mode::PairTranspose { cap: 0 },
                ]
            };
            for &mode in modes {
                let recount = Recount::new(n, &vec![(1 << n) - 1; n], sym(mode)).unwrap();
                let pivots: Vec<Vec<(usize, usize)>> = match (n % 2, mode) {
                    (0, Mode::Pair | Mode::PairTranspose { .. }) => (0..n)
                        .flat_map(|a| (0..n).map(move |b| vec![(n / 2 - 1, a), (n / 2, b)]))
                        .filter(|q| q[0].1.abs_diff(q[1].1) >= 2)
                        .collect(),
                    (0, _) => vec![vec![]],
                    _ => (0..n).map(|m| vec![(n / 2, m)]).collect(),
                };
                let total: u128 = pivots
                    .iter()
                    .map(|queens| {
                        // A pivot that is not the least of its orbit is
                        // another's: the least stands for it.
                        let pivot = sorted([queens.first().copied(), queens.get(1).copied()]);
                        let images = recount.images(pivot, 0);
                        let least = images.iter().all(|&(p, _)| p >= pivot);
                        if !least {
                            return 0;
                        }
                        let used = queens.iter().fold(0u64, |a, &(_, c)| a | 1 << c);
                        (0u64..1 << n)
                            .filter(|&s| s & used == 0 && s.count_ones() as usize == recount.h)
                            .map(|s| recount.set(queens, s))
                            .sum::<u128>()
                    })
                    .sum();
                assert_eq!(total, A000170[n - 1], "n = {n}, {mode:?}");
            }
        }
    }

    /// The join's units against their recounts, unit by unit, in every
    /// mode, listed and ranked (ranks in colex order and in tiles of
    /// several sides), on small boards.
    #[test]
    fn recount_agrees_with_the_join() {
        use crate::engine::half_board::{MinN, PreparedJoin};
        for n in 9..=13 {
            let blank = vec![(1u64 << n) - 1; n];
            let four_fold = MinN {
                pair_transpose: 99,
                ..MinN::pair(4)
            };
            let modes = [MinN::both(99), MinN::both(4), MinN::pair(4), four_fold];
            for min_n in modes {
                let orders = [(min_n, 0.0), (min_n.ranked_from(4), 0.0)]
                    .into_iter()
                    .chain([0.4, 1.0, 3.0].map(|f| (min_n.ranked_from(4), f)));
                for (min_n, tiles) in orders {
                    let mut prepared =
                        PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
                    prepared.set_tile_over_root(tiles);
                    let mut total = 0;
                    for i in 0..prepared.units() {
                        let again = prepared.recount_unit(i).unwrap();
                        let what = format!("n = {n}, {min_n:?}, tiles {tiles}, unit {i}");
                        assert_eq!(again, prepared.run_unit(i), "{what}");
                        total += again;
                    }
                    assert_eq!(total, A000170[n - 1], "n = {n}, {min_n:?}, tiles {tiles}");
                }
            }
        }
    }

    /// What the recount costs next to the join on a few column sets of the
    /// plans `count 27` and `count 28` run (prints both times; run with
    /// `cargo test --release --lib recount_cost -- --ignored --nocapture`).
    #[test]
    #[ignore = "minutes: a measurement, cargo test --release -- --ignored"]
    fn recount_cost_at_27_and_28() {
        use crate::engine::half_board::PreparedJoin;
        for n in [27usize, 28] {
            let blank = vec![(1u64 << n) - 1; n];
            let prepared = PreparedJoin::within(n, &blank, Default::default()).unwrap();
            let recount = Recount::new(
                n,
                &blank,
                Symmetric {
                    mirror: true,
                    flip: true,
                    diagonal: false,
                    cross: n % 2 == 1,
                    pair: n % 2 == 0,
                    // As `count 28` plans it.
                    transpose: n % 2 == 0
                        && n >= crate::engine::half_board::layout::PAIR_TRANSPOSE_MIN_N,
                },
            )
            .unwrap();
            // A few ranks of one unit each: 40 ranks of two units ran past
            // 70 minutes at 27 alone.
            {
                let unit = prepared.units() / 3;
                let (pivot, ranks) = prepared.ranked_unit(unit).unwrap();
                let ranks = ranks.start..ranks.start + 3;
                let start = std::time::Instant::now();
                let join = prepared.count_ranks(pivot, ranks.clone()).unwrap();
                let joined = start.elapsed().as_secs_f64();
                let queens: Vec<(usize, usize)> = {
                    let avail = prepared.ranked_pivots().unwrap()[pivot];
                    let free: Vec<usize> = (0..n).filter(|&c| (avail >> c) & 1 == 0).collect();
                    match n % 2 {
                        1 => vec![(n / 2, free[0])],
                        _ => vec![(n / 2 - 1, free[0]), (n / 2, free[1])],
                    }
                };
                let start = std::time::Instant::now();
                let sets = prepared.ranked_sets(pivot, ranks.clone()).unwrap();
                let again: u128 = sets.into_iter().map(|s| recount.set(&queens, s)).sum();
                let recounted = start.elapsed().as_secs_f64();
                eprintln!(
                    "n = {n}, unit {unit}, pivot {pivot} {queens:?}, ranks {ranks:?}: join {join} in \
                     {joined:.2} s, recount {again} in {recounted:.2} s ({:.0}x)",
                    recounted / joined
                );
                assert_eq!(again, join, "n = {n}, unit {unit}");
            }
        }
    }
}
