//! The credited join (a board with blocked cells counted on the blank
//! board's folded join, each solution credited with the images of the
//! cells it avoids: `engine::half_board::images`) against the slow solver,
//! in every folding mode and path of the join forced on small boards.

use nqueens::base::board::{full_row, Board};
use nqueens::engine::half_board::{MinN, PreparedJoin};

use super::shared::A000170;
use crate::util::{slow_count, Rng};

/// A board of side `n` with `cells` blocked cells at random (some may
/// coincide).
fn near_blank(rng: &mut Rng, n: usize, cells: usize) -> Board {
    let mut board = Board::blank(n);
    for _ in 0..cells {
        board.set_free(
            rng.below(n as u64) as usize,
            rng.below(n as u64) as usize,
            false,
        );
    }
    board
}

/// The modes a test board may be folded in: the 8-fold ones everywhere,
/// nowhere, and pair mode (even sides).
fn modes() -> [MinN; 3] {
    [MinN::both(4), MinN::both(99), MinN::pair(4)]
}

/// Blank boards credit every solution with all eight images: OEIS, in
/// every mode.
#[test]
fn a_blank_board_credited_counts_to_oeis() {
    for n in 1..=13 {
        for min_n in modes() {
            let blank = vec![full_row(n); n];
            let join =
                PreparedJoin::credited_tuned(&blank, Default::default(), min_n, None).unwrap();
            let count = PreparedJoin::credited_count(join.count());
            assert_eq!(count, A000170[n - 1], "n = {n}, {min_n:?}");
        }
    }
}

/// Random boards with 1 to 12 blocked cells, n = 4..=13, in every mode,
/// sieved into many buckets, joined in pieces, batches and groups at
/// random, in chunks of 64 bottoms or whole: the credited count is the slow
/// solver's. A credit that followed a fold the images do not (the pivot's
/// cell forgotten, a bottom's hits lost in the sieve or the transposition,
/// an image's bitset read at the wrong words) would miscount here, or leave
/// a sum that is no multiple of 8 (which panics).
#[test]
fn credited_joins_count_near_blank_boards_as_the_slow_solver() {
    let mut rng = Rng::new(0xc4ed);
    for round in 0..600 {
        let n = rng.between(4, 13);
        let cells = rng.between(1, 12);
        let board = near_blank(&mut rng, n, cells);
        let min_n = modes()[rng.below(3) as usize];
        let chunk = [None, Some(64)][rng.below(2) as usize];
        let mut join =
            PreparedJoin::credited_tuned(board.rows(), Default::default(), min_n, chunk).unwrap();
        join.sieve_buckets_of(1 + rng.below(8) as usize);
        join.join_in_pieces(1 + rng.below(4) as usize, 1 + rng.below(50) as usize);
        join.join_in_groups([4, 6, 8][rng.below(3) as usize]);
        let count = PreparedJoin::credited_count(join.count());
        assert_eq!(
            count,
            slow_count(&board),
            "round {round}, {min_n:?}\n{board}"
        );
    }
}
