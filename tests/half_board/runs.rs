//! How the join is run: its units in any order and on threads, its memory
//! limit, `count` on every thread count, and the planner's methods that
//! use it (half-board and credited-join forced, inclusion-exclusion's
//! terms).

use nqueens::base::board::{full_row, Board};
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::Solver;
use nqueens::engine::half_board::PreparedJoin;
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::tools::count::CountOptions;
use nqueens::tools::settings::Settings;

use super::shared::{count, A000170, GIB};
use crate::threads::THREADS;
use crate::util::{case_text, interleaved_on_two_threads, random_board, run, slow_count, Rng};

#[test]
fn units_add_up_in_any_order_and_on_threads() {
    let mut rng = Rng::new(0x4a22);
    for _ in 0..20 {
        let n = rng.between(8, 13);
        let percent = rng.below(15);
        let board = random_board(&mut rng, n, percent);
        let join = PreparedJoin::new(n, board.rows(), GIB).unwrap();
        let whole = join.count();
        let backwards: u128 = (0..join.units()).rev().map(|i| join.run_unit(i)).sum();
        assert_eq!(backwards, whole, "{board}");
        let on_threads = interleaved_on_two_threads(join.units(), |i| join.run_unit(i));
        assert_eq!(on_threads, whole, "{board}");
    }
}

#[test]
fn a_plan_over_the_memory_limit_is_refused_before_allocating() {
    let blank = vec![full_row(16); 16];
    assert!(PreparedJoin::new(16, &blank, 1 << 10).is_none());
    let join = PreparedJoin::new(16, &blank, GIB).unwrap();
    assert!(join.peak_bytes() > 1 << 10 && join.peak_bytes() < GIB);
}

#[test]
fn the_forced_method_agrees_and_falls_back_where_it_does_not_apply() {
    let mut rng = Rng::new(0x4a23);
    let mut boards: Vec<Board> = (0..3).map(|_| sprinkled(&mut rng, 15, 4)).collect();
    boards.push(random_board(&mut rng, 9, 20));
    forced_method_agrees_with_the_kernel("half-board", &boards);
}

#[test]
fn the_credited_join_forced_agrees_with_the_kernel_and_falls_back_where_it_does_not_apply() {
    // Boards of 15 and 16 with 1 to 10 blocked cells on the blank board's
    // join (its units summed over the threads, then divided by 8), and one
    // too small for it (counted plain).
    let mut rng = Rng::new(0xc4e1);
    let mut boards: Vec<Board> = [15, 15, 16]
        .iter()
        .map(|&n| sprinkled(&mut rng, n, 10))
        .collect();
    boards.push(random_board(&mut rng, 9, 20));
    forced_method_agrees_with_the_kernel("credited-join", &boards);
}

/// The blank board of side `n` with 1 to `most` cells blocked at random
/// (a cell drawn twice blocks once).
fn sprinkled(rng: &mut Rng, n: usize, most: usize) -> Board {
    let mut board = Board::blank(n);
    for _ in 0..rng.between(1, most) {
        board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
    }
    board
}

/// The planner with method `name` forced answers every one of `boards`
/// as the kernel's search does, on 1 and 3 threads (a board the method
/// does not apply to falls back to another).
fn forced_method_agrees_with_the_kernel(name: &str, boards: &[Board]) {
    let want: Vec<u128> = boards.iter().map(|b| Problem::new(b).count()).collect();
    for threads in [1, 3] {
        let method = MethodChoice::parse(name).expect("a registered method");
        let mut planner = Planner::new(method, threads);
        assert_eq!(
            planner.solve_all(boards).unwrap(),
            want,
            "{name} on {threads} threads"
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
            shards: None,
            records: None,
            checkpoint: None,
            plan: None,
            measure: None,
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
