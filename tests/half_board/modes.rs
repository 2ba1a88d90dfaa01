//! The join's modes and paths forced on small boards, where they would
//! not run: the sieve cut into many buckets, the two 8-fold modes (cross
//! and diagonal), pair mode and ranked units, against OEIS, the slow
//! solver and the join without them.

use nqueens::base::board::{full_row, Board, Symmetry};
use nqueens::engine::half_board::{Isa, MinN, PreparedJoin};

use super::shared::A000170;
use crate::util::{random_board, slow_count, symmetrized, Rng};

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
            let mut join =
                PreparedJoin::tuned(n, &blank, Default::default(), MinN::both(diag_min_n), None)
                    .unwrap();
            join.sieve_buckets_of(buckets_of);
            assert_eq!(
                join.count(),
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
        let mut join =
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(4), chunk).unwrap();
        join.sieve_buckets_of(1 + rng.below(8) as usize);
        assert_eq!(join.count(), slow_count(&board), "{board}");
    }
}

/// With the sieve cut into many buckets, each joined a few words at a
/// time, and the tops listed a few at a time (every bucket's tables built
/// again for each batch), blank boards count to OEIS in both 8-fold modes
/// and boards with blocked cells as the slow solver does, in each grouping
/// of the rest diagonals (4, 6 and 8 groups). A piece's words read past
/// its end, a batch lost or counted twice, a bucket skipped that some top
/// of the batch can fit or a group's entry picked from the wrong bits would
/// miscount here.
#[test]
fn buckets_in_pieces_and_tops_in_batches_count_the_same() {
    for n in 10..=14 {
        let blank = vec![full_row(n); n];
        for (diag_min_n, buckets_of, slice, batch) in
            [(4, 1, 1, 7), (4, 4, 3, 64), (99, 2, 2, 1), (99, 8, 5, 1000)]
        {
            let mut join =
                PreparedJoin::tuned(n, &blank, Default::default(), MinN::both(diag_min_n), None)
                    .unwrap();
            join.sieve_buckets_of(buckets_of);
            join.join_in_pieces(slice, batch);
            for groups in [4, 6, 8] {
                join.join_in_groups(groups);
                let what = format!(
                    "n = {n}, diagonal mode from {diag_min_n}, buckets of {buckets_of}, \
                     pieces of {slice} words, batches of {batch} tops, {groups} groups"
                );
                assert_eq!(join.count(), A000170[n - 1], "{what}");
            }
        }
    }
    let mut rng = Rng::new(0x5b1c);
    for _ in 0..300 {
        let n = rng.between(6, 12);
        let percent = rng.below(40);
        let board = random_board(&mut rng, n, percent);
        let mut join =
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(4), None).unwrap();
        join.sieve_buckets_of(1 + rng.below(8) as usize);
        join.join_in_pieces(1 + rng.below(4) as usize, 1 + rng.below(50) as usize);
        join.join_in_groups([4, 6, 8][rng.below(3) as usize]);
        assert_eq!(join.count(), slow_count(&board), "{board}");
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
            let mut join =
                PreparedJoin::tuned(n, &blank, Default::default(), MinN::both(3), None).unwrap();
            assert!(
                n < 4 || join.fold().starts_with('8'),
                "n = {n}: {}",
                join.fold()
            );
            join.sieve_buckets_of(buckets_of);
            assert_eq!(
                join.count(),
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
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(3), chunk).unwrap();
        assert!(folded.fold().starts_with('8'), "{}", folded.fold());
        folded.sieve_buckets_of(1 + rng.below(8) as usize);
        let plain =
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(99), None).unwrap();
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

/// Pair mode (the two middle rows as pivots) from n = 4, with and without
/// the transpose: blank even boards against OEIS, and random even boards
/// whose blocked cells keep all eight symmetries, the four it folds
/// without the transpose, some or none, against the slow solver and
/// against the join without it. With the transpose, a pivot that refused
/// a middle-column queen it should keep, or weighed a tie 2, would
/// miscount here: the sizes to 14 have every key a pivot can have.
#[test]
fn pair_mode_counts_the_same() {
    let four_fold = MinN {
        pair_transpose: 99,
        ..MinN::pair(4)
    };
    for n in (4..=14).step_by(2) {
        let blank = vec![full_row(n); n];
        for (min_n, fold) in [(MinN::pair(4), "8 pair"), (four_fold, "4 pair")] {
            for buckets_of in [1, 16, usize::MAX] {
                let mut join =
                    PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
                assert_eq!(join.fold(), fold, "n = {n}");
                join.sieve_buckets_of(buckets_of);
                assert_eq!(
                    join.count(),
                    A000170[n - 1],
                    "n = {n}, {fold}, buckets of {buckets_of}"
                );
            }
        }
    }
    let mut rng = Rng::new(0x9a17);
    let mut folds = std::collections::BTreeSet::new();
    for round in 0..500 {
        let n = 2 * rng.between(2, 6);
        // Which images of each blocked cell are blocked too: all eight,
        // all four of the mirror and the flip, one of them, or none.
        use Symmetry::{Identity, MirrorColumns, MirrorRows, Rotate180};
        let images: &[Symmetry] = match rng.below(5) {
            0 => &Symmetry::ALL,
            1 => &[Identity, MirrorColumns, MirrorRows, Rotate180],
            2 => &[Identity, MirrorColumns],
            3 => &[Identity, MirrorRows],
            _ => &[Identity],
        };
        let board = blocked_with_images(n, &mut rng, images);
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let min_n = [MinN::pair(4), four_fold][rng.below(2) as usize];
        let mut paired =
            PreparedJoin::tuned(n, board.rows(), Default::default(), min_n, chunk).unwrap();
        folds.insert(paired.fold());
        paired.sieve_buckets_of(1 + rng.below(8) as usize);
        let plain =
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(99), None).unwrap();
        let want = slow_count(&board);
        assert_eq!(plain.count(), want, "round {round}, without\n{board}");
        assert_eq!(
            paired.count(),
            want,
            "round {round}, {}\n{board}",
            paired.fold()
        );
    }
    assert_eq!(folds.len(), 4, "{folds:?}");
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
            let mut join =
                PreparedJoin::tuned(n, &blank, Default::default(), min_n.ranked_from(4), None)
                    .unwrap();
            assert!(join.is_ranked());
            join.sieve_buckets_of(16);
            let by_unit: u128 = (0..join.units()).map(|u| join.run_unit(u)).sum();
            assert_eq!(by_unit, A000170[n - 1], "n = {n}, {}", join.fold());
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
        let ranked =
            PreparedJoin::tuned(n, board.rows(), Default::default(), min_n, chunk).unwrap();
        folds.insert(ranked.fold());
        let listed =
            PreparedJoin::tuned(n, board.rows(), Default::default(), MinN::both(4), None).unwrap();
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

/// Every instruction set the kernel is compiled for that this CPU has
/// (portable, `popcnt`, AVX2, AVX-512's `vpopcntdq`; the others are named
/// and skipped) counts the same: blank boards in the three eight-fold modes
/// and pair mode with its tie split, against OEIS, and random boards cut
/// into many buckets and small chunks against the slow solver. Every other
/// test runs the fastest one only ([`Isa::Auto`]), so a slower kernel's
/// instantiation is checked here or nowhere.
#[test]
fn every_instruction_set_counts_the_same() {
    let isas: Vec<Isa> = Isa::ALL.into_iter().filter(|i| i.available()).collect();
    for isa in Isa::ALL.into_iter().filter(|i| !i.available()) {
        eprintln!("note: this CPU or build has no {isa:?} kernel; not checked");
    }
    assert!(isas.contains(&Isa::Portable));
    let modes = [MinN::both(4), MinN::both(99), MinN::pair(4)];
    for n in 4..=13 {
        let blank = vec![full_row(n); n];
        for min_n in modes {
            let mut join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
            join.sieve_buckets_of(4);
            for &isa in &isas {
                assert_eq!(
                    join.count_with(isa),
                    A000170[n - 1],
                    "n = {n}, {min_n:?}, {isa:?}"
                );
            }
        }
    }
    let mut rng = Rng::new(0x15a5);
    for round in 0..200 {
        let n = rng.between(4, 11);
        let percent = rng.below(30);
        let board = random_board(&mut rng, n, percent);
        let min_n = modes[rng.below(3) as usize];
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let mut join =
            PreparedJoin::tuned(n, board.rows(), Default::default(), min_n, chunk).unwrap();
        join.sieve_buckets_of(1 + rng.below(8) as usize);
        let want = slow_count(&board);
        for &isa in &isas {
            assert_eq!(
                join.count_with(isa),
                want,
                "round {round}, {min_n:?}, {isa:?}\n{board}"
            );
        }
        // The credited join (its own instantiation of each kernel).
        let mut credited =
            PreparedJoin::credited_tuned(board.rows(), Default::default(), min_n, chunk).unwrap();
        credited.sieve_buckets_of(1 + rng.below(8) as usize);
        for &isa in &isas {
            let count = PreparedJoin::credited_count(credited.count_with(isa));
            assert_eq!(
                count, want,
                "credited, round {round}, {min_n:?}, {isa:?}\n{board}"
            );
        }
    }
}

/// Every unit's count is within the bound its join tallies (the weighted
/// (top, bottom) pairs of its chunks, which a record carries for `merge`
/// to check), in every mode and path, on blank boards and random ones,
/// and the bound is not vacuous: it stays below `u64::MAX` and, on blank
/// boards from 12, below 2^16 times the count. A path that tallied no
/// candidates (a bound of 0), or a bound that fell below what some unit
/// counts, fails here; the bound's reasoning (a pair adds at most its
/// top's weight times its task's multiplicity) is `matching::run`'s.
#[test]
fn every_units_count_is_within_its_tallied_bound() {
    let four_fold = MinN {
        pair_transpose: 99,
        ..MinN::pair(4)
    };
    let modes = [
        MinN::both(4),
        MinN::both(99),
        MinN::pair(4),
        four_fold,
        MinN::both(4).ranked_from(4),
        MinN::pair(4).ranked_from(4),
    ];
    let within = |join: &PreparedJoin, what: &str| -> (u128, u128) {
        let (mut total, mut bound) = (0u128, 0u128);
        for unit in 0..join.units() {
            let before = join.tally().bound;
            let count = join.run_unit(unit);
            let after = join.tally().bound;
            assert!(after < u64::MAX, "{what}: the bound saturated");
            let unit_bound = u128::from(after - before);
            assert!(
                count <= unit_bound,
                "{what}, unit {unit}: {count} > {unit_bound}"
            );
            total += count;
            bound += unit_bound;
        }
        (total, bound)
    };
    for n in 4..=14 {
        let blank = vec![full_row(n); n];
        for min_n in modes {
            let mut join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
            join.sieve_buckets_of(16);
            let what = format!("n = {n}, {}", join.fold());
            let (total, bound) = within(&join, &what);
            assert_eq!(total, A000170[n - 1], "{what}");
            if n >= 12 {
                assert!(bound < total << 16, "{what}: bound {bound} for {total}");
            }
        }
    }
    let mut rng = Rng::new(0xb0d5);
    for round in 0..200 {
        let n = rng.between(4, 12);
        let percent = rng.below(40);
        let board = match rng.below(2) {
            0 => blocked_with_images(n, &mut rng, &Symmetry::ALL),
            _ => random_board(&mut rng, n, percent),
        };
        let min_n = modes[rng.below(modes.len() as u64) as usize];
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let Some(join) = PreparedJoin::tuned(n, board.rows(), Default::default(), min_n, chunk)
        else {
            continue;
        };
        let what = format!("round {round}, {}\n{board}", join.fold());
        let (total, _) = within(&join, &what);
        assert_eq!(total, slow_count(&board), "{what}");
    }
}
