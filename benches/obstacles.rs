//! Obstacle boards: the plain search against the planner, per class of
//! input, in the same process (timings on a shared machine are noisy, so the
//! ratio is the figure to read).
//!
//! Run: `cargo bench --bench obstacles` (optionally followed by `-- NAME` to
//! run only the classes whose name contains NAME; add `--explain` for the
//! planner's choices on stderr). Boards come from fixed
//! seeds. The planner starts fresh for every class, so index builds and
//! blank counts are part of its time.

use std::time::{Duration, Instant};

use nqueens::base::board::Board;
use nqueens::base::judge::{PlainSolver, Solver};
use nqueens::base::rng::Rng;
use nqueens::engine::blank::BlankEngine;
use nqueens::engine::parallel;
use nqueens::plan::planner::{Method, Planner};
use nqueens::tools::generate::random_board;

/// A board of side `n` with each cell blocked with probability `percent`%.
fn with_density(rng: &mut Rng, n: usize, percent: usize) -> Board {
    random_board(rng, n, percent as u64)
}

/// A board of side `n` with exactly `obstacles` distinct blocked cells.
fn with_obstacles(rng: &mut Rng, n: usize, obstacles: usize) -> Board {
    let mut board = Board::blank(n);
    while board.obstacles() < obstacles {
        board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
    }
    board
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = work();
    (value, start.elapsed())
}

/// Times the plain search and the planner on `boards`, checks they agree,
/// prints one line; returns the planner's time.
fn compare(name: &str, boards: &[Board], threads: usize) -> Duration {
    compare_best_of(name, boards, threads, 1)
}

/// [`compare`], with each side's best time of `runs` (a fresh planner each
/// time, so nothing it learnt carries over): for inputs solved in a few
/// milliseconds, where one run measures the machine's hiccups as much as
/// the code.
fn compare_best_of(name: &str, boards: &[Board], threads: usize, runs: usize) -> Duration {
    // Each side's runs back to back, so that neither is measured just
    // after the other left the machine in another state (a core idle
    // through a long plain run is slow to wake).
    let mut plain_time = Duration::MAX;
    let mut plain = Vec::new();
    for _ in 0..runs {
        let (answers, time) = timed(|| PlainSolver.solve_all(boards).unwrap());
        plain_time = plain_time.min(time);
        plain = answers;
    }
    let mut planned_time = Duration::MAX;
    for _ in 0..runs {
        let mut planner = Planner::new(Method::Auto, threads);
        if std::env::args().any(|a| a == "--explain") {
            planner = planner.explain_to(Box::new(std::io::stderr()));
        }
        let (planned, time) = timed(|| planner.solve_all(boards).unwrap());
        planned_time = planned_time.min(time);
        assert_eq!(plain, planned, "{name}: the planner disagrees");
    }
    println!(
        "{name:<44} plain {:>9.1} ms   planner {:>8.1} ms   ratio {:>7.1}x",
        plain_time.as_secs_f64() * 1e3,
        planned_time.as_secs_f64() * 1e3,
        plain_time.as_secs_f64() / planned_time.as_secs_f64()
    );
    planned_time
}

fn main() {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_default();
    let wanted = |name: &str| name.contains(filter.as_str());
    let all = parallel::threads(None);
    println!("obstacle boards: plain search vs planner (1 thread unless said)");
    // Index builds, scans and inclusion-exclusion all stand on the blank
    // engine: its speed is what the near-blank figures mostly depend on.
    let (_, count_time) = timed(|| BlankEngine::new(14).count());
    let (_, enumerate_time) = timed(|| BlankEngine::new(14).for_each_solution(|_| {}));
    println!(
        "blank engine at n=14: count {:.1} ms, enumeration {:.1} ms",
        count_time.as_secs_f64() * 1e3,
        enumerate_time.as_secs_f64() * 1e3
    );

    let name = "near-blank n=14, 1-5 obstacles, 30 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b001);
        let boards: Vec<Board> = (0..30)
            .map(|_| {
                let k = rng.between(1, 5);
                with_obstacles(&mut rng, 14, k)
            })
            .collect();
        compare(name, &boards, 1);
        compare(&format!("  the same on {all} threads"), &boards, all);
    }

    let name = "n=14, exactly 2 obstacles, 40 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b002);
        let boards: Vec<Board> = (0..40).map(|_| with_obstacles(&mut rng, 14, 2)).collect();
        compare(name, &boards, 1);
    }

    let name = "n=14, 8-20% obstacles, 40 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b003);
        let boards: Vec<Board> = (0..40)
            .map(|_| {
                let percent = rng.between(8, 20);
                with_density(&mut rng, 14, percent)
            })
            .collect();
        compare(name, &boards, 1);
    }

    let name = "judge-like mix n=4..14, 0-25%, 120 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b004);
        let boards: Vec<Board> = (0..120)
            .map(|_| {
                let n = rng.between(4, 14);
                let percent = rng.between(0, 25);
                with_density(&mut rng, n, percent)
            })
            .collect();
        compare(name, &boards, 1);
        compare(&format!("  the same on {all} threads"), &boards, all);
    }

    let name = "dense n=14, 30-50%, 40 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b005);
        let boards: Vec<Board> = (0..40)
            .map(|_| {
                let percent = rng.between(30, 50);
                with_density(&mut rng, 14, percent)
            })
            .collect();
        compare(name, &boards, 1);
    }

    let name = "dense mix n=4..16, 30-50%, 120 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b006);
        let boards: Vec<Board> = (0..120)
            .map(|_| {
                let n = rng.between(4, 16);
                let percent = rng.between(30, 50);
                with_density(&mut rng, n, percent)
            })
            .collect();
        compare(name, &boards, 1);
    }

    let name = "small dense n=4..11, 30-50%, 5000 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b008);
        let boards: Vec<Board> = (0..5000)
            .map(|_| {
                let n = rng.between(4, 11);
                let percent = rng.between(30, 50);
                with_density(&mut rng, n, percent)
            })
            .collect();
        compare(name, &boards, 1);
        compare(&format!("  the same on {all} threads"), &boards, all);
    }

    // Big near-blank boards, where the half-board engine competes: the
    // plain search takes seconds to a minute per board.
    let name = "big near-blank mix n=15..17, 1-4 obstacles, 5 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b009);
        let boards: Vec<Board> = (0..5)
            .map(|_| {
                let n = rng.between(15, 17);
                let k = rng.between(1, 4);
                with_obstacles(&mut rng, n, k)
            })
            .collect();
        compare(name, &boards, 1);
    }

    // One board takes milliseconds: best of 11 runs on each side.
    let name = "one near-blank 14x14 board (3 obstacles)";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b007);
        let board = [with_obstacles(&mut rng, 14, 3)];
        let one = compare_best_of(name, &board, 1, 11);
        let label = format!("  the same on {all} threads");
        let many = compare_best_of(&label, &board, all, 11);
        println!(
            "  {all} threads vs 1 thread: {:.2}x",
            one.as_secs_f64() / many.as_secs_f64()
        );
    }
}
