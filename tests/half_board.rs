//! The half-board engine (`engine::half_board`) against the slow solver and
//! the kernel, blank boards against OEIS A000170, and its units, threads,
//! memory limit and planner method.

use nqueens::base::board::{full_row, Board, Symmetry};
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::Solver;
use nqueens::engine::half_board::{MinN, Plan};
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::tools::count::CountOptions;
use nqueens::tools::settings::Settings;

use crate::threads::THREADS;
use crate::util::{
    case_text, interleaved_on_two_threads, random_board, run, slow_count, symmetrized, Rng,
};

const GIB: usize = 1 << 30;

/// OEIS A000170, n = 1..=18.
const A000170: [u128; 18] = nqueens::base::published::totals();

fn count(board: &Board) -> u128 {
    Plan::new(board.n(), board.rows(), GIB)
        .expect("plans every n <= 22")
        .count()
}

#[test]
fn blank_boards_match_oeis_up_to_16() {
    for n in 1..=16 {
        assert_eq!(count(&Board::blank(n)), A000170[n - 1], "n = {n}");
    }
}

#[test]
#[ignore = "seconds to minutes: cargo test --release -- --ignored"]
fn blank_boards_match_oeis_17_and_18() {
    for n in 17..=18 {
        assert_eq!(count(&Board::blank(n)), A000170[n - 1], "n = {n}");
    }
}

#[test]
fn random_boards_agree_with_the_slow_solver() {
    let mut rng = Rng::new(0x4a1f);
    for _ in 0..2000 {
        let n = rng.between(1, 10);
        let percent = rng.below(70);
        let board = random_board(&mut rng, n, percent);
        // Symmetric boards take the engine's symmetry paths.
        let board = match rng.below(3) {
            0 => symmetrized(&board),
            _ => board,
        };
        assert_eq!(count(&board), slow_count(&board), "{board}");
    }
}

#[test]
fn bigger_boards_agree_with_the_kernel() {
    let mut rng = Rng::new(0x4a20);
    for _ in 0..60 {
        let n = rng.between(11, 13);
        let percent = rng.below(25);
        let board = random_board(&mut rng, n, percent);
        assert_eq!(count(&board), Problem::new(&board).count(), "{board}");
    }
}

#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn hundreds_of_boards_up_to_16_agree_with_the_kernel() {
    let mut rng = Rng::new(0x4a21);
    for _ in 0..300 {
        let n = rng.between(11, 16);
        let percent = rng.below(20);
        let board = random_board(&mut rng, n, percent);
        assert_eq!(count(&board), Problem::new(&board).count(), "{board}");
    }
}

#[test]
fn units_add_up_in_any_order_and_on_threads() {
    let mut rng = Rng::new(0x4a22);
    for _ in 0..20 {
        let n = rng.between(8, 13);
        let percent = rng.below(15);
        let board = random_board(&mut rng, n, percent);
        let plan = Plan::new(n, board.rows(), GIB).unwrap();
        let whole = plan.count();
        let backwards: u128 = (0..plan.units()).rev().map(|i| plan.run_unit(i)).sum();
        assert_eq!(backwards, whole, "{board}");
        let on_threads = interleaved_on_two_threads(plan.units(), |i| plan.run_unit(i));
        assert_eq!(on_threads, whole, "{board}");
    }
}

#[test]
fn a_plan_over_the_memory_limit_is_refused_before_allocating() {
    let blank = vec![full_row(16); 16];
    assert!(Plan::new(16, &blank, 1 << 10).is_none());
    let plan = Plan::new(16, &blank, GIB).unwrap();
    assert!(plan.peak_bytes() > 1 << 10 && plan.peak_bytes() < GIB);
}

#[test]
fn the_forced_method_agrees_and_falls_back_where_it_does_not_apply() {
    let mut rng = Rng::new(0x4a23);
    let mut boards = Vec::new();
    for _ in 0..3 {
        let mut board = Board::blank(15);
        for _ in 0..rng.between(1, 4) {
            let (row, col) = (rng.between(0, 14), rng.between(0, 14));
            board.set_free(row, col, false);
        }
        boards.push(board);
    }
    boards.push(random_board(&mut rng, 9, 20));
    let want: Vec<u128> = boards.iter().map(|b| Problem::new(b).count()).collect();
    for threads in [1, 3] {
        let mut planner = Planner::new(
            MethodChoice::parse("half-board").expect("a registered method"),
            threads,
        );
        assert_eq!(
            planner.solve_all(&boards).unwrap(),
            want,
            "{threads} threads"
        );
    }
}

#[test]
fn count_16_is_the_same_on_every_thread_count() {
    // In process: `count 16` runs the half-board engine's units on the
    // threads.
    for threads in THREADS {
        let job = CountOptions {
            from: 16,
            to: 16,
            table: false,
            unique: false,
            estimate: false,
            shard: None,
            checkpoint: None,
        };
        let mut out = Vec::new();
        nqueens::tools::count::run(&job, &Settings::quiet(threads), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "14772512\n",
            "{threads} threads"
        );
    }
}

#[test]
fn inclusion_exclusion_takes_its_blank_count_from_the_half_board_engine() {
    // From n = 16 the blank count inside inclusion-exclusion is the
    // half-board join: a blank board is that count alone, and a board with
    // two blocked cells adds kernel searches for the terms.
    let mut board = Board::blank(16);
    board.set_free(0, 3, false);
    board.set_free(7, 9, false);
    let want = [A000170[15], count(&board)];
    let mut planner = Planner::new(
        MethodChoice::parse("inclusion-exclusion").expect("a registered method"),
        2,
    );
    assert_eq!(planner.solve_all(&[Board::blank(16), board]).unwrap(), want);
}

#[test]
fn inclusion_exclusion_joins_its_terms_like_the_slow_solver_counts() {
    use nqueens::base::geometry::Cell;
    use nqueens::engine::inclusion;
    // Small boards: every term (or every odd one) through the join of its
    // board, its queens turned towards the middle row, against the slow
    // solver on hundreds of random sparse boards.
    let mut rng = Rng::new(0x41_a1);
    for _ in 0..300 {
        let n = rng.between(4, 10);
        let mut board = Board::blank(n);
        for _ in 0..rng.between(1, 5) {
            board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
        }
        let want = slow_count(&board);
        let all = inclusion::count_with(&board, 1 << 12, |_| true);
        assert_eq!(all, Some(want), "{board}");
        let odd = |cells: &[Cell]| cells.len() % 2 == 1;
        assert_eq!(
            inclusion::count_with(&board, 1 << 12, odd),
            Some(want),
            "{board}"
        );
    }
    // n = 16, where the planner's method joins its one-queen terms (priced
    // below their searches), against the kernel.
    for seed in 0..2 {
        let mut rng = Rng::new(0x41_a2 + seed);
        let mut board = Board::blank(16);
        for _ in 0..3 {
            board.set_free(rng.between(0, 15), rng.between(0, 15), false);
        }
        let input = format!("{}0\n", case_text(&board));
        let args = [
            "--method",
            "inclusion-exclusion",
            "--explain",
            "--threads",
            "2",
        ];
        let out = run(&args, input.as_bytes());
        assert!(out.stderr.contains(" joined)"), "{}", out.stderr);
        let want = Problem::new(&board).count();
        assert_eq!(out.stdout, format!("Case 1: {want}\n"), "{board}");
    }
}

/// The sieve (bottoms sorted by a few overlap diagonals, tops visiting only
/// the buckets they can fit) cut into many buckets on small boards, where
/// it would normally not cut at all: blank boards against OEIS in both
/// modes, random boards (chunks of 64 bottoms, so several chunks a column
/// set) against the slow solver. A sieve that skipped a bucket a top fits,
/// or read the padding, would miscount here.
#[test]
fn the_sieve_cut_into_many_buckets_counts_the_same() {
    for n in 4..=14 {
        let blank = vec![full_row(n); n];
        for (diag_min_n, buckets_of) in [(4, 1), (4, 16), (99, 1), (99, 64)] {
            let mut plan =
                Plan::tuned(n, &blank, Default::default(), MinN::both(diag_min_n), None).unwrap();
            plan.sieve_buckets_of(buckets_of);
            assert_eq!(
                plan.count(),
                A000170[n - 1],
                "n = {n}, diagonal mode from {diag_min_n}, buckets of {buckets_of}"
            );
        }
    }
    let mut rng = Rng::new(0x4a32);
    for _ in 0..400 {
        let n = rng.between(6, 11);
        let percent = rng.below(40);
        let board = random_board(&mut rng, n, percent);
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let mut plan =
            Plan::tuned(n, board.rows(), Default::default(), MinN::both(4), chunk).unwrap();
        plan.sieve_buckets_of(1 + rng.below(8) as usize);
        assert_eq!(plan.count(), slow_count(&board), "{board}");
    }
}

/// The two 8-fold modes, cross (odd n: only solutions whose middle-column
/// queen is farther from the centre than the middle row's are joined,
/// twice) and diagonal (even n), from n = 3 (normally 15 and 18): blank
/// boards against OEIS with and without the sieve's buckets, and boards
/// with blocked cells that all eight symmetries keep against the slow
/// solver and against the join with no folding at all. A wrong weight, a
/// mark on the wrong bit or a mark that clashes with a diagonal would
/// miscount here.
#[test]
fn the_eightfold_modes_count_the_same() {
    for n in 3..=15 {
        let blank = vec![full_row(n); n];
        for buckets_of in [1, 16, usize::MAX] {
            let mut plan = Plan::tuned(n, &blank, Default::default(), MinN::both(3), None).unwrap();
            assert!(
                n < 4 || plan.fold().starts_with('8'),
                "n = {n}: {}",
                plan.fold()
            );
            plan.sieve_buckets_of(buckets_of);
            assert_eq!(
                plan.count(),
                A000170[n - 1],
                "n = {n}, buckets of {buckets_of}"
            );
        }
    }
    let mut rng = Rng::new(0x8f01);
    for round in 0..400 {
        let n = rng.between(4, 13);
        let board = blocked_with_images(n, &mut rng, &Symmetry::ALL);
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let mut folded =
            Plan::tuned(n, board.rows(), Default::default(), MinN::both(3), chunk).unwrap();
        assert!(folded.fold().starts_with('8'), "{}", folded.fold());
        folded.sieve_buckets_of(1 + rng.below(8) as usize);
        let plain = Plan::tuned(n, board.rows(), Default::default(), MinN::both(99), None).unwrap();
        let want = slow_count(&board);
        assert_eq!(plain.count(), want, "round {round}, 4-fold\n{board}");
        assert_eq!(
            folded.count(),
            want,
            "round {round}, {}\n{board}",
            folded.fold()
        );
    }
}

/// A board of side `n` with up to `n` random cells blocked, each with its
/// `images` under those symmetries (the symmetries the board then keeps).
fn blocked_with_images(n: usize, rng: &mut Rng, images: &[Symmetry]) -> Board {
    let mut board = Board::blank(n);
    for _ in 0..rng.below(n as u64 + 1) {
        let (r, c) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
        for symmetry in images {
            let (y, x) = symmetry.apply(n, r, c);
            board.set_free(y, x, false);
        }
    }
    board
}

/// Pair mode (the two middle rows as pivots) from n = 4: blank even boards
/// against OEIS, and random even boards whose blocked cells keep all, some
/// or none of the symmetries it folds against the slow solver and against
/// the join without it.
#[test]
fn pair_mode_counts_the_same() {
    for n in (4..=14).step_by(2) {
        let blank = vec![full_row(n); n];
        for buckets_of in [1, 16, usize::MAX] {
            let mut plan = Plan::tuned(n, &blank, Default::default(), MinN::pair(4), None).unwrap();
            assert_eq!(plan.fold(), "4 pair", "n = {n}");
            plan.sieve_buckets_of(buckets_of);
            assert_eq!(
                plan.count(),
                A000170[n - 1],
                "n = {n}, buckets of {buckets_of}"
            );
        }
    }
    let mut rng = Rng::new(0x9a17);
    let mut folds = std::collections::BTreeSet::new();
    for round in 0..400 {
        let n = 2 * rng.between(2, 6);
        // Which images of each blocked cell are blocked too: all four of
        // the mirror and the flip, one of them, or none.
        use Symmetry::{Identity, MirrorColumns, MirrorRows, Rotate180};
        let images: &[Symmetry] = match rng.below(4) {
            0 => &[Identity, MirrorColumns, MirrorRows, Rotate180],
            1 => &[Identity, MirrorColumns],
            2 => &[Identity, MirrorRows],
            _ => &[Identity],
        };
        let board = blocked_with_images(n, &mut rng, images);
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let mut paired =
            Plan::tuned(n, board.rows(), Default::default(), MinN::pair(4), chunk).unwrap();
        folds.insert(paired.fold());
        paired.sieve_buckets_of(1 + rng.below(8) as usize);
        let plain = Plan::tuned(n, board.rows(), Default::default(), MinN::both(99), None).unwrap();
        let want = slow_count(&board);
        assert_eq!(plain.count(), want, "round {round}, without\n{board}");
        assert_eq!(
            paired.count(),
            want,
            "round {round}, {}\n{board}",
            paired.fold()
        );
    }
    assert_eq!(folds.len(), 3, "{folds:?}");
}

/// Ranked units (a pivot and a range of column-set ranks, each unit
/// building its own tables: the join past n = 24) from n = 4: blank boards
/// in every fold mode against OEIS, unit by unit and on threads, and random
/// boards, symmetric or not, against the slow solver and the listed join.
/// A unit that skipped or repeated a rank, or built tables missing a set
/// its tasks need, would miscount here.
#[test]
fn ranked_units_count_the_same() {
    for n in 4..=14 {
        let blank = vec![full_row(n); n];
        for min_n in [MinN::both(4), MinN::both(99), MinN::pair(4)] {
            let mut plan =
                Plan::tuned(n, &blank, Default::default(), min_n.ranked_from(4), None).unwrap();
            assert!(plan.is_ranked());
            plan.sieve_buckets_of(16);
            let by_unit: u128 = (0..plan.units()).map(|u| plan.run_unit(u)).sum();
            assert_eq!(by_unit, A000170[n - 1], "n = {n}, {}", plan.fold());
        }
    }
    let mut rng = Rng::new(0x7a4c);
    let mut folds = std::collections::BTreeSet::new();
    for round in 0..300 {
        let n = rng.between(4, 12);
        let percent = rng.below(40);
        let board = match rng.below(3) {
            0 => blocked_with_images(n, &mut rng, &Symmetry::ALL),
            1 => symmetrized(&random_board(&mut rng, n, percent)),
            _ => random_board(&mut rng, n, percent),
        };
        let min_n = [MinN::both(4), MinN::pair(4)][rng.below(2) as usize].ranked_from(4);
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let ranked = Plan::tuned(n, board.rows(), Default::default(), min_n, chunk).unwrap();
        folds.insert(ranked.fold());
        let listed = Plan::tuned(n, board.rows(), Default::default(), MinN::both(4), None).unwrap();
        let want = slow_count(&board);
        assert_eq!(listed.count(), want, "round {round}, listed\n{board}");
        assert_eq!(
            ranked.count(),
            want,
            "round {round}, {}\n{board}",
            ranked.fold()
        );
    }
    assert!(folds.len() >= 5, "{folds:?}");
}

/// The solutions of the blank board of side `n` whose top `h` rows use
/// exactly the columns `s`, whose middle row (odd `n`) has its queen in
/// column `pivot`, and whose other rows use the rest, counted by the
/// definition with nothing shared with the join: every top half and every
/// bottom half listed by a plain row-by-row search (the pivot's queen
/// placed first in both), then every (top, bottom) pair tested for a
/// shared diagonal. Rows and columns are right by construction.
fn two_halves_with_columns(n: usize, h: usize, pivot: Option<usize>, s: u64) -> u128 {
    let full = (1u64 << n) - 1;
    let rest = full & !s & !pivot.map_or(0, |c| 1 << c);
    // The pivot's diagonals (`d` holds r + c, `a` holds r - c + n - 1).
    let (d0, a0) = pivot.map_or((0, 0), |c| (1u64 << (h + c), 1u64 << (h + n - 1 - c)));
    fn list(n: usize, r: usize, end: usize, cols: u64, d: u64, a: u64, out: &mut Vec<(u64, u64)>) {
        if r == end {
            out.push((d, a));
            return;
        }
        let mut open = cols;
        while open != 0 {
            let c = open.trailing_zeros() as usize;
            open &= open - 1;
            let (dd, aa) = (r + c, r + n - 1 - c);
            if (d >> dd) & 1 == 0 && (a >> aa) & 1 == 0 {
                list(
                    n,
                    r + 1,
                    end,
                    cols & !(1 << c),
                    d | 1 << dd,
                    a | 1 << aa,
                    out,
                );
            }
        }
    }
    let (mut tops, mut bottoms) = (Vec::new(), Vec::new());
    list(n, 0, h, s, d0, a0, &mut tops);
    list(n, n - h, n, rest, d0, a0, &mut bottoms);
    // Both lists hold the pivot's diagonals: take them out of one side.
    // Bottoms are grouped by which of ten middle diagonals they use, so
    // that a top skips the groups sharing one of them with it (a plain
    // partition: every bottom is still tested against every top that
    // could fit it).
    let key = |d: u64, a: u64| -> usize {
        (0..5).fold(0, |k, i| {
            let p = n - 3 + i;
            k | (((d >> p) & 1) << i | ((a >> p) & 1) << (5 + i)) as usize
        })
    };
    let mut groups = vec![(Vec::new(), Vec::new()); 1024];
    for &(d, a) in &bottoms {
        let (d, a) = (d & !d0, a & !a0);
        let g = &mut groups[key(d, a)];
        g.0.push(d);
        g.1.push(a);
    }
    tops.iter()
        .map(|&(td, ta)| {
            let k = key(td, ta);
            groups
                .iter()
                .enumerate()
                .filter(|&(g, _)| g & k == 0)
                .map(|(_, (bd, ba))| {
                    bd.iter()
                        .zip(ba)
                        .filter(|&(&d, &a)| (d & td) | (a & ta) == 0)
                        .count() as u128
                })
                .sum::<u128>()
        })
        .sum()
}

/// The colex rank of `s` among the `h`-subsets of the columns `avail`.
fn colex_rank(avail: u64, s: u64) -> u64 {
    let positions: Vec<usize> = (0..64).filter(|&c| (avail >> c) & 1 != 0).collect();
    let binom = |n: u64, k: u64| -> u64 {
        if k > n {
            return 0;
        }
        (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
    };
    let mut rank = 0;
    let mut i = 0;
    for (index, &c) in positions.iter().enumerate() {
        if (s >> c) & 1 != 0 {
            i += 1;
            rank += binom(index as u64, i);
        }
    }
    rank
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
        let plan = Plan::tuned(
            n,
            &blank,
            Default::default(),
            MinN::both(99).ranked_from(24),
            None,
        )
        .unwrap();
        let pivots = plan.ranked_pivots().expect("ranked from 24");
        let full = full_row(n);
        let h = n / 2;
        let wl = n / 2;
        let rev = |x: u64| x.reverse_bits() >> (64 - n);
        // Sets drawn until two have solutions (many have none).
        let mut with_solutions = 0;
        for _ in 0..6 {
            if with_solutions == 2 {
                break;
            }
            // A pivot (odd n) and a column set with `left` columns on the left.
            let pivot = (n % 2 == 1).then(|| rng.below(n as u64) as usize);
            let avail = full & !pivot.map_or(0, |c| 1 << c);
            // All columns but two on the left: a balanced set has 10^11
            // to 10^13 (top, bottom) pairs to test. (With one or none on
            // the right, no set tried at 18, 24 or 25 had a solution.)
            let left = (h - 2).min((avail & ((1u64 << wl) - 1)).count_ones() as usize);
            let pick = |from: u64, k: usize, rng: &mut Rng| -> u64 {
                let mut cols: Vec<usize> = (0..n).filter(|&c| (from >> c) & 1 != 0).collect();
                let mut s = 0;
                for _ in 0..k {
                    let i = rng.below(cols.len() as u64) as usize;
                    s |= 1 << cols.swap_remove(i);
                }
                s
            };
            let lmask = (1u64 << wl) - 1;
            let s = pick(avail & lmask, left, &mut rng) | pick(avail & !lmask, h - left, &mut rng);
            let mirror_pivot = pivot.map(|c| n - 1 - c);
            let mut members = vec![
                (pivot, s),
                (pivot, avail ^ s),
                (mirror_pivot, rev(s)),
                (mirror_pivot, rev(avail ^ s)),
            ];
            members.sort();
            members.dedup();
            // The blank board's mirror and flip map each member's
            // solutions one to one onto another's: all count the same.
            let want = two_halves_with_columns(n, h, pivot, s) * members.len() as u128;
            let got: u128 = members
                .iter()
                .filter_map(|&(p, set)| {
                    let column_free = full & !p.map_or(0, |c| 1 << c);
                    let index = pivots.iter().position(|&a| a == column_free)?;
                    let rank = colex_rank(column_free, set);
                    plan.count_ranks(index, rank..rank + 1)
                })
                .sum();
            assert_eq!(got, want, "n = {n}, pivot {pivot:?}, S = {s:#x}");
            with_solutions += usize::from(got > 0);
            eprintln!("n = {n}, pivot {pivot:?}, S = {s:#x}: {got} solutions");
        }
        assert!(
            with_solutions > 0,
            "n = {n}: every set drawn had no solution"
        );
    }
}
