//! Single column sets of the ranked join at n = 24 to 28, where no whole
//! count can be run, against a count by the definition that shares
//! nothing with the join; and diagonal mode's weighting of those counts
//! on small boards, every column set.

use nqueens::base::board::full_row;
use nqueens::engine::half_board::{MinN, PreparedJoin};

use super::shared::A000170;
use crate::util::Rng;

/// The solutions of the blank board of side `n` whose top `h` rows use
/// exactly the columns `s`, whose middle row (odd `n`) has its queen in
/// column `pivot`, and whose other rows use the rest, counted by the
/// definition with nothing shared with the join: every top half and every
/// bottom half listed by a plain row-by-row search (the pivot's queen
/// placed first in both), then every (top, bottom) pair tested for a
/// shared diagonal ([`weighted_pairs`], which tests those sharing one of
/// the most crowded diagonals in bulk). Rows and columns are right by
/// construction.
fn two_halves_with_columns(n: usize, h: usize, pivot: Option<usize>, s: u64) -> u128 {
    two_halves_beyond(n, h, pivot, s, None)
}

/// [`two_halves_with_columns`], and with `beyond: Some(dm)` only the
/// solutions whose queen in the middle column (odd `n`) is more than `dm`
/// rows from the middle row.
fn two_halves_beyond(
    n: usize,
    h: usize,
    pivot: Option<usize>,
    s: u64,
    beyond: Option<usize>,
) -> u128 {
    let full = (1u64 << n) - 1;
    let rest = full & !s & !pivot.map_or(0, |c| 1 << c);
    // The pivot's diagonals (`d` holds r + c, `a` holds r - c + n - 1).
    let (d0, a0) = pivot.map_or((0, 0), |c| (1u64 << (h + c), 1u64 << (h + n - 1 - c)));
    let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
    let no_cap = usize::MAX;
    list_half(n, 0, h, s, d0, a0, [usize::MAX; 2], no_cap, &mut tops);
    list_half(
        n,
        n - h,
        n,
        rest,
        d0,
        a0,
        [usize::MAX; 2],
        no_cap,
        &mut bottoms,
    );
    // With `beyond`, the half holding the middle column keeps only its
    // placements whose queen there is far enough from the middle row.
    let mid = n / 2;
    if let Some(dm) = beyond {
        let half = if (s >> mid) & 1 == 1 {
            &mut tops
        } else {
            &mut bottoms
        };
        half.retain(|&(_, _, [_, r])| r.abs_diff(mid) > dm);
    }
    // Both lists hold the pivot's diagonals: take them out of one side.
    let tops: Vec<_> = tops.iter().map(|&(d, a, _)| (d, a, 1)).collect();
    let bottoms: Vec<_> = bottoms
        .iter()
        .map(|&(d, a, _)| (d & !d0, a & !a0))
        .collect();
    weighted_pairs(n, &tops, &bottoms)
}

/// Half placements listed by [`list_half`]: each one's diagonals (`d`
/// holds r + c, `a` holds r - c + n - 1, rows counted on the whole board)
/// and the rows of its queens in the columns `n / 2 - 1` and `n / 2` (the
/// middle column of odd `n` is the second; `usize::MAX` for none).
type Listed = Vec<(u64, u64, [usize; 2])>;

/// Appends to `out` every placement of one queen in each of the rows `r`
/// to `end` of the blank board of side `n`, in distinct columns of
/// `cols` (all of them used when `end - r` is their number), on none of
/// the diagonals `d` and `a` already hold (`mid`: the rows of the queens
/// placed in columns `n / 2 - 1` and `n / 2` so far). A plain row-by-row search; it
/// stops once `out` holds more than `cap` placements.
#[allow(clippy::too_many_arguments)]
fn list_half(
    n: usize,
    r: usize,
    end: usize,
    cols: u64,
    d: u64,
    a: u64,
    mid: [usize; 2],
    cap: usize,
    out: &mut Listed,
) {
    if out.len() > cap {
        return;
    }
    if r == end {
        out.push((d, a, mid));
        return;
    }
    let mut open = cols;
    while open != 0 {
        let c = open.trailing_zeros() as usize;
        open &= open - 1;
        let (dd, aa) = (r + c, r + n - 1 - c);
        if (d >> dd) & 1 == 0 && (a >> aa) & 1 == 0 {
            list_half(
                n,
                r + 1,
                end,
                cols & !(1 << c),
                d | 1 << dd,
                a | 1 << aa,
                match (c + 1 == n / 2, c == n / 2) {
                    (true, _) => [r, mid[1]],
                    (_, true) => [mid[0], r],
                    _ => mid,
                },
                cap,
                out,
            );
        }
    }
}

/// The sum over every (top, bottom) pair of the blank board of side `n`
/// that shares no diagonal of the top's weight (tops as (d, a, weight),
/// bottoms as (d, a)): the tops of each weight paired by
/// [`disjoint_pairs`], on the diagonals both halves reach, those nearest
/// the middle first.
fn weighted_pairs(n: usize, tops: &[(u64, u64, u128)], bottoms: &[(u64, u64)]) -> u128 {
    let pack = |d: u64, a: u64| u128::from(d) | u128::from(a) << 64;
    let mut bottoms: Vec<u128> = bottoms.iter().map(|&(d, a)| pack(d, a)).collect();
    // A top's rows are `0..h` and a bottom's `n - h..n` (h <= n / 2):
    // both reach the diagonals `n - h..h + n - 1` of each direction.
    let h = n / 2;
    let mut split: Vec<u32> = (n - h..h + n - 1)
        .flat_map(|i| [i as u32, i as u32 + 64])
        .collect();
    split.sort_by_key(|&b| (b % 64).abs_diff(n as u32 - 1));
    let mut weights: Vec<u128> = tops.iter().map(|t| t.2).collect();
    weights.sort_unstable();
    weights.dedup();
    weights
        .iter()
        .map(|&w| {
            let mut these: Vec<u128> = tops
                .iter()
                .filter(|t| t.2 == w)
                .map(|&(d, a, _)| pack(d, a))
                .collect();
            w * u128::from(disjoint_pairs(&mut these, &mut bottoms, &split))
        })
        .sum()
}

/// The (top, bottom) pairs of `tops` and `bottoms` (diagonal masks) that
/// share no diagonal, by splitting both on the diagonals of `split` one
/// at a time: the tops on a diagonal pair only with the bottoms off it,
/// the tops off it with every bottom; every pair is tested once either
/// side is small or the diagonals run out. (A plain divide and conquer:
/// it reorders both slices.)
fn disjoint_pairs(tops: &mut [u128], bottoms: &mut [u128], split: &[u32]) -> u64 {
    if tops.is_empty() || bottoms.is_empty() {
        return 0;
    }
    match split.split_first() {
        Some((&bit, rest)) if tops.len() > 16 && bottoms.len() > 16 => {
            let on = |x: u128| (x >> bit) & 1 == 1;
            let (t_on, b_on) = (partition(tops, on), partition(bottoms, on));
            let (with, without) = tops.split_at_mut(t_on);
            disjoint_pairs(with, &mut bottoms[b_on..], rest)
                + disjoint_pairs(without, bottoms, rest)
        }
        _ => tops
            .iter()
            .map(|&t| bottoms.iter().filter(|&&b| t & b == 0).count() as u64)
            .sum(),
    }
}

/// Moves the items of `v` that are `on` to its front; returns how many.
fn partition(v: &mut [u128], on: impl Fn(u128) -> bool) -> usize {
    let mut k = 0;
    for i in 0..v.len() {
        if on(v[i]) {
            v.swap(i, k);
            k += 1;
        }
    }
    k
}

/// The join's counts of the orbit of the column set `s` of pivot column
/// `pivot` under the blank board's mirror and flip, added up, and the
/// orbit's size (whichever member is canonical counts it, weighted; the
/// others, and members of pivots outside the plan's list, count nothing).
fn orbit_count(join: &PreparedJoin, n: usize, pivot: Option<usize>, s: u64) -> (u128, u128) {
    let pivots = join.ranked_pivots().expect("ranked past 24");
    let full = full_row(n);
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let avail = full & !pivot.map_or(0, |c| 1 << c);
    let mirror_pivot = pivot.map(|c| n - 1 - c);
    let mut members = vec![
        (pivot, s),
        (pivot, avail ^ s),
        (mirror_pivot, rev(s)),
        (mirror_pivot, rev(avail ^ s)),
    ];
    members.sort();
    members.dedup();
    let got = members
        .iter()
        .filter_map(|&(p, set)| {
            let column_free = full & !p.map_or(0, |c| 1 << c);
            let index = pivots.iter().position(|&a| a == column_free)?;
            let rank = join.rank_of(index, set)?;
            join.count_ranks(index, rank..rank + 1)
        })
        .sum();
    (got, members.len() as u128)
}

/// Item 5 of the join's issue: where no whole count can be run (n = 24 to
/// 27), single column sets of the ranked join agree with an independent
/// count. The join is planned 4-fold (mirror and flip; the 8-fold modes
/// are checked against OEIS and the slow solver on small boards): for a
/// column set `S` with all but two of its columns on the left (a
/// balanced set has 10^11 to 10^13 (top, bottom) pairs for the
/// independent count to test; these have 10^10 to 10^12), the
/// join's counts of every member of its orbit under the mirror and the
/// flip (whichever member is canonical counts it, weighted; the others
/// count nothing) add up to the two-half count of `S` times the orbit's size.
#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn ranked_column_sets_agree_with_a_plain_search_at_24_to_27() {
    let mut rng = Rng::new(0x2427);
    for n in 24..=27 {
        let blank = vec![full_row(n); n];
        let join = PreparedJoin::tuned(
            n,
            &blank,
            Default::default(),
            MinN {
                pair: 99,
                ..MinN::both(99)
            }
            .ranked_from(24),
            None,
        )
        .unwrap();
        let full = full_row(n);
        let h = n / 2;
        let wl = n / 2;
        // Sets drawn until two have solutions (many have none).
        until_two_have_solutions(n, 6, || {
            // A pivot (odd n) and a column set with `left` columns on the left.
            let pivot = (n % 2 == 1).then(|| rng.below(n as u64) as usize);
            let avail = full & !pivot.map_or(0, |c| 1 << c);
            // All columns but two on the left: a balanced set has 10^11
            // to 10^13 (top, bottom) pairs to test. (With one or none on
            // the right, no set tried at 18, 24 or 25 had a solution.)
            let left = (h - 2).min((avail & ((1u64 << wl) - 1)).count_ones() as usize);
            let lmask = (1u64 << wl) - 1;
            let s = random_columns(avail & lmask, left, &mut rng)
                | random_columns(avail & !lmask, h - left, &mut rng);
            // The blank board's mirror and flip map each member's
            // solutions one to one onto another's: all count the same.
            let (got, members) = orbit_count(&join, n, pivot, s);
            let want = two_halves_with_columns(n, h, pivot, s) * members;
            assert_eq!(got, want, "n = {n}, pivot {pivot:?}, S = {s:#x}");
            eprintln!("n = {n}, pivot {pivot:?}, S = {s:#x}: {got} solutions");
            Some(got)
        });
    }
}

/// The same in cross mode (odd `n`, all eight symmetries folded; the
/// default at 25 and 27), for pivots far enough from the middle that
/// their marks (the right quarters' middle-column queens they refuse) lie
/// in the upper half of a quarter's word, where only `n >= 25` puts them:
/// a pivot `dm` columns from the middle counts the solutions whose
/// middle-column queen is more than `dm` rows from the middle row, twice
/// (the transpose pairs them with those nearer), so the orbit's counts
/// add up to twice that count times the orbit's size. (Before the left
/// bottom quarter's words were read as their low `n - 1` bits of each
/// direction, the marks refused its placements on the diagonals sharing
/// those bits, against the pivot and against the right placements: the
/// first set here counted 1712 for 2424, and `count 25 --shard
/// 7777/50000` 2591650896 for 3175645960.)
#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn cross_mode_sets_with_far_pivots_agree_with_a_plain_search_at_25_and_27() {
    let mut rng = Rng::new(0x2527);
    for n in [25usize, 27] {
        let blank = vec![full_row(n); n];
        let join =
            PreparedJoin::tuned(n, &blank, Default::default(), MinN::default(), None).unwrap();
        let (full, h, mid) = (full_row(n), n / 2, n / 2);
        let lmask = (1u64 << mid) - 1;
        until_two_have_solutions(n, 8, || {
            // A pivot whose marks reach the upper half: `dm - 1 >= 33 - n`.
            let dm = (34 - n) + rng.below((h - (34 - n)) as u64) as usize;
            let m = if rng.below(2) == 0 {
                mid - dm
            } else {
                mid + dm
            };
            let avail = full & !(1u64 << m);
            let left = h - 2;
            let s = random_columns(avail & lmask, left, &mut rng)
                | random_columns(avail & !lmask, h - left, &mut rng);
            let (got, members) = orbit_count(&join, n, Some(m), s);
            let want = 2 * two_halves_beyond(n, h, Some(m), s, Some(dm)) * members;
            assert_eq!(got, want, "n = {n}, pivot {m} ({dm} out), S = {s:#x}");
            eprintln!("n = {n}, pivot {m} ({dm} out), S = {s:#x}: {got} solutions");
            Some(got)
        });
    }
}

/// Runs `check` (which draws a column set, asserts the join's count of it
/// against the independent one and returns that count, or `None` when it
/// skipped the set) up to `tries` times, until two sets drawn had
/// solutions; fails when none had any, as a check of empty sets only
/// could pass whatever the join counts.
fn until_two_have_solutions(n: usize, tries: usize, mut check: impl FnMut() -> Option<u128>) {
    let mut with_solutions = 0;
    for _ in 0..tries {
        if with_solutions == 2 {
            break;
        }
        with_solutions += usize::from(matches!(check(), Some(got) if got > 0));
    }
    assert!(
        with_solutions > 0,
        "n = {n}: every set drawn had no solution"
    );
}

/// `k` of the columns in `from`, drawn at random.
fn random_columns(from: u64, k: usize, rng: &mut Rng) -> u64 {
    let mut cols: Vec<u32> = (0..64).filter(|&c| (from >> c) & 1 != 0).collect();
    let mut s = 0;
    for _ in 0..k {
        let i = rng.below(cols.len() as u64) as usize;
        s |= 1 << cols.swap_remove(i);
    }
    s
}

/// Diagonal mode's halves of the column set `m` of the blank board of
/// even side `n`, listed by [`list_half`]: the tops (rows `0..n / 2`,
/// columns `m`), each weighing 2 per longest diagonal it has a queen on,
/// and the clean bottoms (the other rows and columns, no queen on either
/// longest diagonal). `None` when either half has more than `cap`
/// placements.
fn diagonal_halves(n: usize, m: u64, cap: usize) -> Option<DiagonalHalves> {
    let h = n / 2;
    let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
    list_half(n, 0, h, m, 0, 0, [usize::MAX; 2], cap, &mut tops);
    if tops.len() > cap {
        return None;
    }
    list_half(
        n,
        h,
        n,
        full_row(n) & !m,
        0,
        0,
        [usize::MAX; 2],
        cap,
        &mut bottoms,
    );
    if bottoms.len() > cap {
        return None;
    }
    // Row r + column c = n - 1 is the anti-diagonal, r - c + n - 1 = n - 1
    // the main one.
    let longest = 1u64 << (n - 1);
    let on = |x: u64| u32::from(x & longest != 0);
    let tops = tops
        .iter()
        .map(|&(d, a, _)| (d, a, 1u128 << (on(d) + on(a))))
        .collect();
    let bottoms = bottoms
        .iter()
        .filter(|&&(d, a, _)| (d | a) & longest == 0)
        .map(|&(d, a, _)| (d, a))
        .collect();
    Some(DiagonalHalves { tops, bottoms })
}

/// What [`diagonal_halves`] lists.
struct DiagonalHalves {
    tops: Vec<(u64, u64, u128)>,
    bottoms: Vec<(u64, u64)>,
}

/// The blank board's mirror and flip on the column sets of even `n`: the
/// distinct members of the orbit of `s` (`S`, its mirror image, its
/// complement, the complement's mirror image), smallest first.
fn diagonal_orbit(n: usize, s: u64) -> Vec<u64> {
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let full = full_row(n);
    let mut members = vec![s, rev(s), full ^ s, rev(full ^ s)];
    members.sort_unstable();
    members.dedup();
    members
}

/// The join's count of the column set `m` of the blank board of even side
/// `n` (planned with its one pivot, every column free): the canonical
/// member of an orbit counts it, weighted, the others nothing.
fn join_of(join: &PreparedJoin, n: usize, m: u64) -> u128 {
    let full = full_row(n);
    assert_eq!(join.ranked_pivots(), Some(vec![full]), "one pivot");
    let rank = join.rank_of(0, m).expect("ranked");
    join.count_ranks(0, rank..rank + 1).expect("ranked")
}

/// The column set `m`'s share of the diagonal mode's count by the
/// definition: its (top, clean bottom) pairs that share no diagonal, each
/// weighing its top's weight ([`diagonal_halves`]). `None` when a half
/// has more than `cap` placements.
fn diagonal_pairs(n: usize, m: u64, cap: usize) -> Option<u128> {
    let halves = diagonal_halves(n, m, cap)?;
    Some(weighted_pairs(n, &halves.tops, &halves.bottoms))
}

/// Diagonal mode (even `n`, the blank board's eight symmetries folded;
/// the default from 18, and at 28) counts through the images of its
/// solutions: it builds only the clean bottoms (no queen on either longest
/// diagonal) and weighs a top 2 per longest diagonal it has a queen on.
/// A canonical column set `S` counts the part with a weighted top times
/// the number of distinct sets among `S` and its mirror image, and the
/// part with neither (the only one the flip keeps) times the orbit's size
/// (see `column_sets`). Since the mirror keeps a set's pairs and the
/// weights, and the flip keeps the weight-1 pairs, the join's counts of
/// an orbit's members add up to [`diagonal_pairs`] of its members added
/// up. On small boards, every orbit, with ranked units forced there;
/// and [`diagonal_pairs`] of every set adds up to OEIS's totals.
#[test]
fn diagonal_mode_sets_agree_with_a_plain_search_at_4_to_14() {
    for n in (4..=14).step_by(2) {
        let full = full_row(n);
        let blank = vec![full; n];
        let min_n = MinN::both(4).ranked_from(4);
        let join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
        assert_eq!(join.fold(), "8 diagonal", "n = {n}");
        let sets = (0..=full).filter(|s| s.count_ones() as usize == n / 2);
        let mut total = 0;
        for s in sets {
            let orbit = diagonal_orbit(n, s);
            if orbit[0] != s {
                continue;
            }
            let want: u128 = orbit
                .iter()
                .map(|&m| diagonal_pairs(n, m, usize::MAX).unwrap())
                .sum();
            let got: u128 = orbit.iter().map(|&m| join_of(&join, n, m)).sum();
            assert_eq!(got, want, "n = {n}, S = {s:#x}, orbit {orbit:x?}");
            total += want;
        }
        assert_eq!(total, A000170[n - 1], "n = {n}");
    }
}

/// The same at 28 on diagonal mode's plan (8-fold, planned in a second; a
/// 4-fold plan of 28 takes minutes to make; `count 28` runs pair mode), for
/// sets drawn as at 24..27 (all columns but two on the left) and skipped
/// when a half of one of theirs has more than 25 million placements or
/// the pairs to test pass 10^14. The mirror maps a set's pairs one to one
/// onto its image's, with their weights: the plain count is made for `S`
/// and its complement, and stands for their images.
#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn diagonal_mode_sets_agree_with_a_plain_search_at_28() {
    let (n, h) = (28, 14);
    let full = full_row(n);
    let blank = vec![full; n];
    // Diagonal mode at 28 (`count 28` runs pair mode, checked below).
    let min_n = MinN {
        pair: 99,
        ..MinN::default()
    };
    let join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
    assert_eq!(join.fold(), "8 diagonal", "28's diagonal plan");
    let rev = |x: u64| x.reverse_bits() >> (64 - n);
    let lmask = (1u64 << h) - 1;
    let mut rng = Rng::new(0x28);
    until_two_have_solutions(n, 8, || {
        let s = random_columns(lmask, h - 2, &mut rng) | random_columns(full & !lmask, 2, &mut rng);
        let orbit = diagonal_orbit(n, s);
        let start = std::time::Instant::now();
        let mut plain = Vec::new();
        for m in [s, full ^ s] {
            let Some(halves) = diagonal_halves(n, m, 25_000_000) else {
                break;
            };
            let pairs = halves.tops.len() as f64 * halves.bottoms.len() as f64;
            if pairs > 1e14 {
                break;
            }
            plain.push((m, weighted_pairs(n, &halves.tops, &halves.bottoms)));
        }
        if plain.len() < 2 {
            eprintln!("n = {n}, S = {s:#x}: skipped, too many placements");
            return None;
        }
        let plain_seconds = start.elapsed().as_secs_f64();
        let of = |m: u64| plain.iter().find(|p| p.0 == m || p.0 == rev(m)).unwrap().1;
        let want: u128 = orbit.iter().map(|&m| of(m)).sum();
        let start = std::time::Instant::now();
        let got: u128 = orbit.iter().map(|&m| join_of(&join, n, m)).sum();
        let join_seconds = start.elapsed().as_secs_f64();
        eprintln!(
            "n = {n}, S = {s:#x}, members {orbit:x?}: {got} solutions \
             (join {join_seconds:.1} s, plain {plain_seconds:.1} s)"
        );
        assert_eq!(got, want, "n = {n}, S = {s:#x}, orbit {orbit:x?}");
        Some(got)
    });
}

/// The solutions of the blank board of even side `n` whose two middle
/// rows hold queens in columns `c1` (row `h`) and `c2` (row `h + 1`),
/// whose top `h = n / 2 - 1` rows use exactly the columns `s` and whose
/// bottom `h` rows the rest, counted by the definition (every half listed
/// by a plain search with both pivot queens placed first, every pair
/// tested), each weighed as pair mode with the transpose weighs it: 2, 1
/// or 0 as the rows `(c, d)` of its queens in the two middle columns have
/// a key above, equal to or below the key of `(c1, c2)`, a pair's key
/// being the distance of its outermost member from the edge, capped at
/// `cap` (the join caps it at the marks its words have room for; any cap
/// gives the right total, but the share of one pivot depends on it).
fn pair_halves_with_columns(n: usize, (c1, c2): (usize, usize), s: u64, cap: usize) -> u128 {
    let h = n / 2 - 1;
    let rest = full_row(n) & !s & !(1 << c1) & !(1 << c2);
    // The pivots' diagonals (`d` holds r + c, `a` holds r - c + n - 1).
    let d0 = 1u64 << (h + c1) | 1u64 << (h + 1 + c2);
    let a0 = 1u64 << (h + n - 1 - c1) | 1u64 << (h + 1 + n - 1 - c2);
    let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
    list_half(n, 0, h, s, d0, a0, [usize::MAX; 2], usize::MAX, &mut tops);
    list_half(
        n,
        h + 2,
        n,
        rest,
        d0,
        a0,
        [usize::MAX; 2],
        usize::MAX,
        &mut bottoms,
    );
    // The key of the middle columns' queens a part holds (`cap` for none:
    // the minimum over the parts is the solution's key).
    let edge = |x: usize| x.min(n - 1 - x);
    let key = |rows: [usize; 2]| {
        rows.iter()
            .filter(|&&r| r != usize::MAX)
            .fold(cap, |k, &r| k.min(edge(r)))
    };
    let pivot_key = key([c1, c2]);
    let in_pivots = key([(h, c1), (h + 1, c2)].map(|(r, c)| {
        if c + 1 == n / 2 || c == n / 2 {
            r
        } else {
            usize::MAX
        }
    }));
    let weight = |k: usize| match k.cmp(&pivot_key) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    };
    let mut keys: Vec<usize> = bottoms.iter().map(|b| key(b.2)).collect();
    keys.sort_unstable();
    keys.dedup();
    keys.iter()
        .map(|&kb| {
            let tops: Vec<_> = tops
                .iter()
                .map(|&(d, a, rows)| (d, a, weight(key(rows).min(kb).min(in_pivots))))
                .collect();
            let bottoms: Vec<_> = bottoms
                .iter()
                .filter(|b| key(b.2) == kb)
                .map(|&(d, a, _)| (d & !d0, a & !a0))
                .collect();
            weighted_pairs(n, &tops, &bottoms)
        })
        .sum()
}

/// Pair mode with the transpose (even `n`: the two middle rows are pivot
/// rows, a pivot a queen in each; the default at 28, forced at 26) on the
/// plan `count N` runs (at 26, would run in that mode):
/// a canonical pivot `(c1, c2)` stands for its orbit under the mirror,
/// the flip (which swaps the rows) and the half turn, and its column sets
/// are folded by the symmetries that keep it (the half turn, when `c1 +
/// c2 = n - 1`), and the transpose weighs each solution 2, 1 or 0 by its
/// middle columns' queens. So the join's counts of the members of a set's
/// orbit under those add up to [`pair_halves_with_columns`] (weighed by
/// the definition) times the members and times the pivot's orbit. Sets
/// drawn with the left quarter's share of the columns (all but two on the
/// left, as at 24..27, left twelve sets of 28 in a row without a
/// solution), pivots at random, one in three with both queens in the
/// middle columns' reach of the cap at 28 (no tie: every solution weighs 1
/// or 0).
#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn pair_mode_sets_agree_with_a_plain_search_at_26_and_28() {
    let mut rng = Rng::new(0x2628);
    for n in [26usize, 28] {
        let blank = vec![full_row(n); n];
        let min_n = MinN {
            pair: 26,
            pair_transpose: 26,
            ..MinN::default()
        };
        let join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
        assert_eq!(join.fold(), "8 pair", "count {n}'s plan with the transpose");
        // The marks a word has room for (see `quarters::Marks`).
        let cap = (n / 2 - 1).min(2 * (33 - n));
        let pivots = join.ranked_pivots().expect("ranked past 24");
        let (full, h) = (full_row(n), n / 2 - 1);
        let lmask = (1u64 << (n / 2)) - 1;
        let rev = |x: u64| x.reverse_bits() >> (64 - n);
        until_two_have_solutions(n, 12, || {
            // A pivot, taken to the smallest member of its orbit (the one
            // the plan lists).
            // One pivot in three is one the half turn keeps (`c1 + c2 =
            // n - 1`), whose column sets fold in pairs.
            let (c1, c2) = loop {
                let inner = rng.below(3) == 0;
                let draw = |rng: &mut Rng| {
                    if inner {
                        cap + rng.below((n - 2 * cap) as u64) as usize
                    } else {
                        rng.below(n as u64) as usize
                    }
                };
                let c1 = draw(&mut rng);
                let c2 = match rng.below(3) {
                    0 => n - 1 - c1,
                    _ => draw(&mut rng),
                };
                if c1.abs_diff(c2) >= 2 {
                    break (c1, c2);
                }
            };
            let mut orbit = vec![
                (c1, c2),
                (c2, c1),
                (n - 1 - c1, n - 1 - c2),
                (n - 1 - c2, n - 1 - c1),
            ];
            orbit.sort_unstable();
            orbit.dedup();
            let (c1, c2) = orbit[0];
            let avail = full & !(1 << c1) & !(1 << c2);
            let listed: Vec<usize> = (0..pivots.len()).filter(|&i| pivots[i] == avail).collect();
            assert_eq!(listed.len(), 1, "n = {n}: pivot ({c1}, {c2}) listed once");
            let on_left = (avail & lmask).count_ones() as usize;
            let share =
                (h * on_left + avail.count_ones() as usize / 2) / avail.count_ones() as usize;
            let left = share.min(on_left);
            let s = random_columns(avail & lmask, left, &mut rng)
                | random_columns(avail & !lmask, h - left, &mut rng);
            let mut members = vec![s];
            if c1 + c2 == n - 1 {
                members.push(avail ^ rev(s));
            }
            members.sort_unstable();
            members.dedup();
            let got: u128 = members
                .iter()
                .map(|&m| {
                    let rank = join.rank_of(listed[0], m).expect("ranked");
                    join.count_ranks(listed[0], rank..rank + 1).expect("ranked")
                })
                .sum();
            let want = pair_halves_with_columns(n, (c1, c2), s, cap)
                * members.len() as u128
                * orbit.len() as u128;
            assert_eq!(got, want, "n = {n}, pivot ({c1}, {c2}), S = {s:#x}");
            eprintln!("n = {n}, pivot ({c1}, {c2}), S = {s:#x}: {got} solutions");
            Some(got)
        });
    }
}
