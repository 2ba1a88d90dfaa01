//! The join against three others: blank boards against OEIS A000170,
//! random boards against the slow solver, bigger ones against the kernel.

use nqueens::base::board::Board;
use nqueens::base::problem::Problem;

use super::shared::{count, A000170};
use crate::util::{random_board, slow_count, symmetrized, Rng};

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
