//! Obstacle boards: the plain search against the planner, per class of
//! input, in the same process (timings on a shared machine are noisy, so the
//! ratio is the figure to read).
//!
//! Run: `cargo bench --bench obstacles` (optionally followed by `-- NAME` to
//! run only the classes whose name contains NAME; add `--explain` for the
//! planner's choices on stderr). Boards come from fixed
//! seeds. The planner starts fresh for every class, so index builds and
//! blank counts are part of its time.
//!
//! The last class, `big single boards`, takes one big board at a time
//! (n = 15..32, 3% to 60% blocked, random and clustered): per board the
//! method chosen, its estimate against the real time on 1 thread, the time
//! on 2 threads with the CPU time it took (on a machine shared with other
//! work, CPU time near wall time means the second core was busy elsewhere,
//! not that the work did not split), and the plain search's time; then
//! every method forced on each board, estimate against real time. Boards
//! estimated above a minute are skipped (said so).

use std::time::{Duration, Instant};

use nqueens::base::board::Board;
use nqueens::base::rng::Rng;
use nqueens::base::uva11195::{PlainSolver, Solver};
use nqueens::engine::budget::Budget;
use nqueens::engine::constellations::ConstellationEngine;
use nqueens::plan::calibration::Speed;
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::tools::generate::{clustered_board, random_board};
use nqueens::tools::settings::Machine;

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

/// The CPU time this process has used so far, all threads; zero where
/// the system does not say.
fn cpu_time() -> Duration {
    nqueens::engine::cpu::process().unwrap_or_default()
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = work();
    (value, start.elapsed())
}

/// Times the plain search and the planner on `boards`, checks they agree,
/// prints one line; returns the planner's time.
fn compare(speed: &Speed, name: &str, boards: &[Board], threads: usize) -> Duration {
    compare_best_of(speed, name, boards, threads, 1)
}

/// [`compare`], with each side's best time of `runs` (a fresh planner each
/// time, so nothing it learnt carries over): for inputs solved in a few
/// milliseconds, where one run measures the machine's hiccups as much as
/// the code. Every planner prices at `speed`, the process's one.
fn compare_best_of(
    speed: &Speed,
    name: &str,
    boards: &[Board],
    threads: usize,
    runs: usize,
) -> Duration {
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
        let budget = Budget::default().on_threads(threads);
        let mut planner = Planner::within(MethodChoice::Auto, budget, speed.clone());
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
    let machine = Machine::this();
    // One speed for every planner: its probe runs once in the process.
    let (all, speed) = (machine.cores, machine.speed);
    println!("obstacle boards: plain search vs planner (1 thread unless said)");
    // Index builds, scans and inclusion-exclusion all stand on the constellation
    // engine: its speed is what the near-blank figures mostly depend on.
    let (_, count_time) = timed(|| ConstellationEngine::new(14).count());
    let (_, enumerate_time) = timed(|| ConstellationEngine::new(14).for_each_solution(|_| {}));
    println!(
        "constellation engine at n=14: count {:.1} ms, enumeration {:.1} ms",
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
        compare(&speed, name, &boards, 1);
        compare(
            &speed,
            &format!("  the same on {all} threads"),
            &boards,
            all,
        );
    }

    let name = "n=14, exactly 2 obstacles, 40 boards";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b002);
        let boards: Vec<Board> = (0..40).map(|_| with_obstacles(&mut rng, 14, 2)).collect();
        compare(&speed, name, &boards, 1);
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
        compare(&speed, name, &boards, 1);
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
        compare(&speed, name, &boards, 1);
        compare(
            &speed,
            &format!("  the same on {all} threads"),
            &boards,
            all,
        );
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
        compare(&speed, name, &boards, 1);
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
        compare(&speed, name, &boards, 1);
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
        compare(&speed, name, &boards, 1);
        compare(
            &speed,
            &format!("  the same on {all} threads"),
            &boards,
            all,
        );
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
        compare(&speed, name, &boards, 1);
    }

    // One board takes milliseconds: best of 11 runs on each side.
    let name = "one near-blank 14x14 board (3 obstacles)";
    if wanted(name) {
        let mut rng = Rng::new(0x0b5_b007);
        let board = [with_obstacles(&mut rng, 14, 3)];
        let one = compare_best_of(&speed, name, &board, 1, 11);
        let label = format!("  the same on {all} threads");
        let many = compare_best_of(&speed, &label, &board, all, 11);
        println!(
            "  {all} threads vs 1 thread: {:.2}x",
            one.as_secs_f64() / many.as_secs_f64()
        );
    }

    let name = "big single boards";
    if wanted(name) {
        big_single_boards(&speed);
    }
}

/// How a big board's cells are blocked.
#[derive(Clone, Copy)]
enum Kind {
    /// Each cell with probability `percent`%.
    Random,
    /// In square clumps, about `percent`% in all.
    Clustered,
    /// Exactly this many cells (not a percentage).
    Cells,
}

/// One board: `(n, kind, percent blocked or cells, seed)`.
type Recipe = (usize, Kind, usize, u64);

/// The big single boards: sides 15..32, random and clustered, from near
/// blank to 60% blocked, each taking about a second to a minute.
const BIG_BOARDS: [Recipe; 14] = [
    (15, Kind::Random, 3, 1),
    (16, Kind::Cells, 4, 2),
    (16, Kind::Random, 8, 3),
    (17, Kind::Cells, 9, 4),
    (17, Kind::Clustered, 15, 5),
    (17, Kind::Random, 16, 6),
    (18, Kind::Random, 30, 7),
    (20, Kind::Clustered, 30, 8),
    (21, Kind::Random, 40, 9),
    (24, Kind::Random, 55, 10),
    (26, Kind::Clustered, 50, 11),
    (28, Kind::Random, 62, 12),
    (30, Kind::Clustered, 50, 13),
    (32, Kind::Random, 70, 14),
];

/// Boards estimated above this many seconds on one thread are skipped.
const MOST_SECONDS: f64 = 60.0;
/// Forced methods estimated above this many seconds are not run.
const MOST_FORCED_SECONDS: f64 = 10.0;

fn big_board((n, kind, amount, seed): Recipe) -> (String, Board) {
    let mut rng = Rng::new(0x0b5_b1a0 ^ seed);
    // Boards with an empty line are answered without a search: drawn again.
    loop {
        let (board, label) = match kind {
            Kind::Random => (
                with_density(&mut rng, n, amount),
                format!("random {amount}%"),
            ),
            Kind::Clustered => (
                clustered_board(&mut rng, n, amount, 1 + n / 6),
                format!("clustered {amount}%"),
            ),
            Kind::Cells => (with_obstacles(&mut rng, n, amount), "cells".to_string()),
        };
        if !nqueens::engine::ordering::has_empty_line(&board) {
            return (format!("n={n} {label} ({})", board.obstacles()), board);
        }
    }
}

/// The planner's method and estimate (ns on one thread) for `board`,
/// planned at `speed`.
fn estimate(method: MethodChoice, board: &Board, speed: &Speed) -> (String, f64) {
    let mut planner = Planner::within(method, Budget::default().on_threads(1), speed.clone());
    let (label, estimate) = planner.estimate(std::slice::from_ref(board)).unwrap()[0].clone();
    (label, estimate.cpu_ns)
}

/// Solves `board` with `method` on `threads` threads: the count, the wall
/// time and the CPU time of all threads, planned at `speed`.
fn run(
    method: MethodChoice,
    threads: usize,
    board: &Board,
    speed: &Speed,
) -> (u128, Duration, Duration) {
    let budget = Budget::default().on_threads(threads);
    let mut planner = Planner::within(method, budget, speed.clone());
    if std::env::args().any(|a| a == "--explain") {
        planner = planner.explain_to(Box::new(std::io::stderr()));
    }
    let cpu = cpu_time();
    let (counts, wall) = timed(|| planner.solve_all(std::slice::from_ref(board)).unwrap());
    (counts[0], wall, cpu_time() - cpu)
}

fn secs(time: Duration) -> f64 {
    time.as_secs_f64()
}

fn big_single_boards(speed: &Speed) {
    let cores = nqueens::tools::settings::Machine::this().cores;
    println!("big single boards, one at a time ({cores} cores here). On a shared machine wall");
    println!("times stretch while other work holds the cores: est/cpu (the estimate over the");
    println!("CPU time) is the figure to read there, and a 2-thread time is only as good as");
    println!("the second core is free (cpu 2t near real 2t: it was busy elsewhere)");
    println!(
        "{:<28} {:<17} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6} {:>7} {:>7}",
        "board",
        "method",
        "est 1t",
        "real 1t",
        "cpu 1t",
        "est/cpu",
        "est/rl",
        "real 2t",
        "cpu 2t",
        "2t/1t",
        "plain",
        "x plain"
    );
    let mut ratios: Vec<f64> = Vec::new();
    for recipe in BIG_BOARDS {
        let (label, board) = big_board(recipe);
        let (method, est) = estimate(MethodChoice::Auto, &board, speed);
        let est = est / 1e9;
        if est > MOST_SECONDS {
            println!("{label:<28} {method:<17} {est:>6.1}s  skipped (above {MOST_SECONDS} s)");
            continue;
        }
        let (count, one, cpu1) = run(MethodChoice::Auto, 1, &board, speed);
        let (count2, two, cpu2) = run(MethodChoice::Auto, 2, &board, speed);
        assert_eq!(count, count2, "{label}: 2 threads disagree");
        let (_, plain_est) = estimate(MethodChoice::parse("plain").unwrap(), &board, speed);
        let plain = if plain_est / 1e9 <= MOST_SECONDS {
            let (plain_count, time) =
                timed(|| PlainSolver.solve_all(std::slice::from_ref(&board)).unwrap());
            assert_eq!(plain_count[0], count, "{label}: the plain search disagrees");
            format!("{:>6.2}s {:>6.1}x", secs(time), secs(time) / secs(one))
        } else {
            format!("{:>7} {:>7}", "-", "-")
        };
        println!(
            "{label:<28} {method:<17} {est:>6.2}s {:>6.2}s {:>6.2}s {:>7.2} {:>7.2} {:>6.2}s {:>6.2}s {:>5.2}x {plain}",
            secs(one),
            secs(cpu1),
            est / secs(cpu1),
            est / secs(one),
            secs(two),
            secs(cpu2),
            secs(one) / secs(two),
        );
        ratios.push(est / secs(cpu1));
    }
    println!("every method forced, 1 thread (left out: methods that do not apply, or estimated above {MOST_FORCED_SECONDS} s)");
    println!(
        "{:<28} {:<20} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "board", "method", "est", "real", "cpu", "est/cpu", "est/rl"
    );
    for recipe in BIG_BOARDS {
        let (label, board) = big_board(recipe);
        for method in MethodChoice::all().into_iter().skip(1) {
            let (said, est) = estimate(method, &board, speed);
            let est = est / 1e9;
            if !said.starts_with(method.name()) || est > MOST_FORCED_SECONDS {
                continue;
            }
            let (_, real, cpu) = run(method, 1, &board, speed);
            println!(
                "{label:<28} {said:<20} {est:>6.2}s {:>6.2}s {:>6.2}s {:>7.2} {:>7.2}",
                secs(real),
                secs(cpu),
                est / secs(cpu),
                est / secs(real),
            );
            ratios.push(est / secs(cpu));
        }
    }
    let low = ratios.iter().copied().fold(f64::MAX, f64::min);
    let high = ratios.iter().copied().fold(0.0, f64::max);
    println!(
        "est/cpu over all {} runs: {low:.2} to {high:.2}",
        ratios.len()
    );
}
