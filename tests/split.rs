//! Big searches are cut into parts for the threads ([`Work::split_into`],
//! [`Work::split_for`]): the parts' counts add up to the whole's, for any
//! number of parts, on every kind of board, and the answers never depend on
//! the thread count. Fixed seeds.

use nqueens::base::board::Board;
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::{PlainSolver, Solver};
use nqueens::engine::most_constrained;
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::plan::work::Work;
use nqueens::tools::generate;

use crate::threads::THREADS;
use crate::util::{random_board, slow_count, Rng};

/// A part's count, by the search it names.
fn count(part: &Work) -> u128 {
    match part {
        Work::Count(problem) => problem.count(),
        Work::CountMostConstrained(board) => most_constrained::count(board),
        other => panic!("a split made a unit that is no search: {other:?}"),
    }
}

/// Both searches of `board`, cut into `wanted` parts: their sums.
fn split_sums(board: &Board, wanted: usize) -> [u128; 2] {
    [
        Work::Count(Problem::new(board)),
        Work::CountMostConstrained(board.clone()),
    ]
    .map(|whole| whole.split_into(wanted).iter().map(count).sum())
}

/// A board of side `n` whose blocked cells come in clumps of side up to
/// 1 + n/4, about `percent`% of it.
fn clustered_board(rng: &mut Rng, n: usize, percent: u64) -> Board {
    generate::clustered_board(rng, n, percent as usize, 1 + n / 4)
}

#[test]
fn parts_add_up_to_the_slow_count_on_thousands_of_boards() {
    let mut rng = Rng::new(0x5_b117);
    for round in 0..3000 {
        let n = rng.between(1, 10);
        let percent = rng.below(61);
        let board = match round % 3 {
            0 => random_board(&mut rng, n, percent),
            1 => clustered_board(&mut rng, n, percent),
            _ => {
                let mut board = Board::blank(n);
                for _ in 0..rng.between(0, 4) {
                    board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
                }
                board
            }
        };
        let want = slow_count(&board);
        let wanted = [1, 2, 3, 8, 40, 500][round % 6];
        assert_eq!(
            split_sums(&board, wanted),
            [want; 2],
            "{wanted} parts of\n{board}"
        );
    }
}

#[test]
fn a_big_search_is_cut_into_parts_of_balanced_size_for_every_thread() {
    let mut rng = Rng::new(0x5_b118);
    let board = random_board(&mut rng, 16, 20);
    for threads in [1, 2, 16] {
        let parts = Work::Count(Problem::new(&board)).split_for(threads);
        assert!(parts.len() >= 16 * threads, "{} parts", parts.len());
        let parts = Work::CountMostConstrained(board.clone()).split_for(threads);
        assert!(parts.len() >= 16 * threads, "{} parts", parts.len());
    }
}

#[test]
fn split_boards_get_the_same_answers_on_every_thread_count() {
    // Big enough that the planner splits their searches (n >= 12, dense
    // enough that the plain search below stays quick).
    let mut rng = Rng::new(0x5_b119);
    let mut boards: Vec<Board> = (0..4)
        .map(|i| {
            let n = rng.between(12, 14);
            match i % 2 {
                0 => random_board(&mut rng, n, 30),
                _ => clustered_board(&mut rng, n, 25),
            }
        })
        .collect();
    boards.push(random_board(&mut rng, 18, 55));
    let expected = PlainSolver.solve_all(&boards).unwrap();
    // The methods whose units are searches (the others fall back to the
    // plain search on these boards, or count without searching).
    let methods = ["auto", "plain", "ordered", "most-constrained", "symmetry"];
    for method in methods.map(|name| MethodChoice::parse(name).unwrap()) {
        for threads in THREADS {
            let got = Planner::new(method, threads).solve_all(&boards).unwrap();
            assert_eq!(got, expected, "{method:?} on {threads} threads");
        }
    }
}

#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn parts_add_up_to_the_kernel_count_on_big_boards() {
    let mut rng = Rng::new(0x5_b11a);
    for round in 0..24 {
        let n = rng.between(15, 20);
        // Dense enough that the whole search takes seconds, not hours.
        let percent = rng.between(25, 55) as u64;
        let board = match round % 2 {
            0 => random_board(&mut rng, n, percent),
            _ => clustered_board(&mut rng, n, percent),
        };
        let want = Problem::new(&board).count();
        for threads in [2, 16] {
            for whole in [
                Work::Count(Problem::new(&board)),
                Work::CountMostConstrained(board.clone()),
            ] {
                let got: u128 = whole.split_for(threads).iter().map(count).sum();
                assert_eq!(got, want, "{threads} threads\n{board}");
            }
        }
    }
}
