//! The engine against the independent slow solver on random boards, and
//! invariances the count must have. Fixed seeds: failures reproduce.

use std::ops::ControlFlow;

use nqueens::base::board::{Board, Symmetry};
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::{self, PlainSolver, Solver};

use crate::util::{
    case_text, constructed_solutions, planted_board, random_board, run, slow_count, Rng,
};

/// Sizes 1..=10, obstacle densities 0..=60%.
fn random_boards(seed: u64, count: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let n = rng.between(1, 10);
            let percent = rng.below(61);
            random_board(&mut rng, n, percent)
        })
        .collect()
}

#[test]
fn plain_search_agrees_with_the_slow_solver() {
    let boards = random_boards(0x5eed_0001, 3000);
    let counts = PlainSolver.solve_all(&boards).unwrap();
    for (board, count) in boards.iter().zip(counts) {
        assert_eq!(count, slow_count(board), "board:\n{board}");
    }
}

#[test]
fn the_binary_agrees_with_the_slow_solver_on_a_batch() {
    let boards = random_boards(0x5eed_0002, 600);
    let mut input = String::new();
    let mut expected = String::new();
    for (k, board) in boards.iter().enumerate() {
        input.push_str(&case_text(board));
        expected.push_str(&format!("Case {}: {}\n", k + 1, slow_count(board)));
    }
    input.push_str("0\n");
    let r = run(&[], input.as_bytes());
    assert_eq!(r.stderr, "");
    assert_eq!(r.stdout, expected);
}

#[test]
fn counts_are_invariant_under_the_eight_symmetries() {
    for board in random_boards(0x5eed_0003, 800) {
        let count = Problem::new(&board).count();
        for symmetry in Symmetry::ALL {
            let image = board.transformed(symmetry);
            assert_eq!(
                Problem::new(&image).count(),
                count,
                "{symmetry:?} of\n{board}"
            );
        }
    }
}

#[test]
fn forcing_each_cell_of_a_row_partitions_the_solutions() {
    let mut rng = Rng::new(0x5eed_0004);
    for board in random_boards(0x5eed_0005, 500) {
        let row = rng.between(0, board.n() - 1);
        let total: u128 = (0..board.n())
            .map(|col| {
                let mut problem = Problem::new(&board);
                problem.place(row, col);
                problem.count()
            })
            .sum();
        assert_eq!(total, slow_count(&board), "row {row} of\n{board}");
    }
}

#[test]
fn enumerated_solutions_are_valid_distinct_and_complete() {
    for board in random_boards(0x5eed_0006, 300) {
        let mut seen: Vec<Vec<usize>> = Vec::new();
        Problem::new(&board).for_each_solution(|columns| {
            seen.push(columns.to_vec());
            ControlFlow::Continue(())
        });
        for columns in &seen {
            for (row, &col) in columns.iter().enumerate() {
                assert!(board.is_free(row, col));
                for (other, &c) in columns.iter().enumerate().take(row) {
                    assert_ne!(c, col);
                    assert_ne!(row - other, c.abs_diff(col));
                }
            }
        }
        assert!(seen.windows(2).all(|w| w[0] < w[1]), "sorted and distinct");
        assert_eq!(seen.len() as u128, slow_count(&board));
    }
}

#[test]
fn big_dense_boards_work_end_to_end() {
    // n from 40 to 64: free cells are planted solutions plus a little noise,
    // so the boards are large yet searchable by the slow solver too.
    let mut rng = Rng::new(0x5eed_0007);
    let mut sizes: Vec<usize> = (40..=64)
        .filter(|&n| !constructed_solutions(n).is_empty())
        .collect();
    sizes.truncate(8);
    sizes.push(64);
    for n in sizes {
        // Two planted solutions and 1% noise keep the search in milliseconds;
        // more of either grows it quickly (4 planted at n = 47: seconds).
        let noise = if n == 64 { 0 } else { 1 };
        let (board, planted) = planted_board(&mut rng, n, 2, noise);
        let count = Problem::new(&board).count();
        assert!(count >= planted as u128, "n = {n}");
        assert_eq!(count, slow_count(&board), "n = {n}");
        let text = format!("{}0\n", case_text(&board));
        assert_eq!(
            uva11195::run_to_string(text.as_bytes()).unwrap(),
            format!("Case 1: {count}\n")
        );
    }
}
