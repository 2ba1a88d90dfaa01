//! Quotes against real CPU time, per method, on big single boards (issue
//! 41, item 2): n = 15..47, 3% to 85% blocked, random and clustered.
//!
//! Run: `cargo bench --bench quotes` (optionally `-- NAME` to run only the
//! boards whose label contains NAME; `--quotes` prints the quotes without
//! running anything). Per board, every method that applies is forced in
//! turn on one thread (the one the planner chooses marked `*`), and the
//! line gives its quote at this machine's speed (the calibrated estimate,
//! what `--estimate` prints), the CPU time the run took (all threads of
//! this process, `/proc/self/stat`), and `cpu/quote`: above 1 the quote was
//! low. Methods quoted above [`MOST_SECONDS`] are not run (said so), and
//! every count is checked against the planner's own choice. At the end,
//! per method, the range of `cpu/quote` and how many runs fell outside
//! 1.5x either way (runs under [`SHORT`] left out).
//!
//! Taken on a shared machine, CPU time (not wall time) is the figure: a
//! thread waiting for a core adds nothing to it.

use std::collections::BTreeMap;
use std::time::Duration;

use nqueens::base::board::Board;
use nqueens::base::rng::Rng;
use nqueens::base::uva11195::Solver;
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::tools::generate::{clustered_board, random_board};

/// How a board's cells are blocked.
#[derive(Clone, Copy)]
enum Kind {
    /// Each cell with probability `percent`%.
    Random,
    /// In square clumps, about `percent`% in all (of side up to 3 past
    /// n = 30: bigger clumps there leave boards that die at once or never
    /// end).
    Clustered,
}

/// One board: `(n, kind, percent blocked, seed)`.
type Recipe = (usize, Kind, usize, u64);

/// Sides 15..47 from 3% to 85% blocked, each solved in about a tenth of a
/// second to half a minute by the planner's choice on this machine.
const BOARDS: [Recipe; 24] = [
    (15, Kind::Random, 3, 1),
    (15, Kind::Clustered, 20, 2),
    (16, Kind::Random, 5, 3),
    (16, Kind::Clustered, 12, 4),
    (17, Kind::Random, 3, 5),
    (17, Kind::Random, 20, 6),
    (18, Kind::Clustered, 25, 7),
    (19, Kind::Random, 35, 8),
    (20, Kind::Random, 45, 9),
    (22, Kind::Clustered, 40, 10),
    (24, Kind::Random, 57, 11),
    (26, Kind::Clustered, 50, 12),
    (28, Kind::Random, 66, 13),
    (30, Kind::Random, 70, 14),
    (32, Kind::Clustered, 66, 104),
    (34, Kind::Random, 74, 16),
    (36, Kind::Clustered, 74, 115),
    (38, Kind::Random, 80, 18),
    (40, Kind::Random, 80, 19),
    (42, Kind::Clustered, 78, 125),
    (44, Kind::Random, 82, 21),
    (45, Kind::Clustered, 80, 22),
    (47, Kind::Random, 83, 23),
    (47, Kind::Clustered, 82, 144),
];

/// Methods quoted above this (seconds, at this machine's speed) are not
/// run; the planner's choice up to [`MOST_CHOSEN_SECONDS`].
const MOST_SECONDS: f64 = 8.0;
const MOST_CHOSEN_SECONDS: f64 = 25.0;

/// Quotes off by more than this either way are counted.
const WITHIN: f64 = 1.5;
/// Runs this short (seconds, quote and CPU time both) are left out of the
/// counts: the CPU clock ticks in 10 ms and a plan's set-up is most of
/// such a run.
const SHORT: f64 = 0.2;

fn board((n, kind, percent, seed): Recipe) -> (String, Board) {
    let mut rng = Rng::new(0x9_0075 ^ seed);
    // Boards with an empty line are answered without a search: drawn again.
    loop {
        let (board, label) = match kind {
            Kind::Random => (
                random_board(&mut rng, n, percent as u64),
                format!("random {percent}%"),
            ),
            Kind::Clustered => (
                clustered_board(&mut rng, n, percent, if n > 30 { 3 } else { 1 + n / 6 }),
                format!("clustered {percent}%"),
            ),
        };
        if !nqueens::engine::ordering::has_empty_line(&board) {
            return (format!("n={n} {label} ({})", board.obstacles()), board);
        }
    }
}

/// The CPU time this process has used so far, all threads (Linux:
/// `/proc/self/stat`, in clock ticks of 10 ms); zero elsewhere.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = (rest.split_whitespace())
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// The method's label and its quote (seconds on one thread, at this
/// machine's speed).
fn quote(method: MethodChoice, board: &Board) -> (String, f64) {
    let mut planner = Planner::new(method, 1);
    let (label, estimate) = planner.estimate(std::slice::from_ref(board)).unwrap()[0].clone();
    (label, estimate.calibrated().cpu_ns / 1e9)
}

/// The count of `board` with `method` on one thread, and the CPU time.
fn run(method: MethodChoice, board: &Board) -> (u128, f64) {
    let mut planner = Planner::new(method, 1);
    let before = cpu_time();
    let counts = planner.solve_all(std::slice::from_ref(board)).unwrap();
    (counts[0], (cpu_time() - before).as_secs_f64())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args.iter().find(|a| !a.starts_with('-')).cloned();
    let quotes_only = args.iter().any(|a| a == "--quotes");
    println!(
        "quotes against CPU time, one thread, every method that applies (* the planner's choice)"
    );
    println!(
        "{:<26} {:<22} {:>9} {:>9} {:>9}",
        "board", "method", "quote", "cpu", "cpu/quote"
    );
    let mut per_method: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for recipe in BOARDS {
        let (label, board) = board(recipe);
        if filter.as_ref().is_some_and(|f| !label.contains(f.as_str())) {
            continue;
        }
        let (chosen, _) = quote(MethodChoice::Auto, &board);
        let mut expected = None;
        for method in MethodChoice::all().into_iter().skip(1) {
            let (said, secs) = quote(method, &board);
            if !said.starts_with(method.name()) || !secs.is_finite() {
                continue; // does not apply: the fallback's label
            }
            let star = if chosen.starts_with(method.name()) {
                "*"
            } else {
                " "
            };
            let name = format!("{star}{}", method.name());
            let most = if star == "*" {
                MOST_CHOSEN_SECONDS
            } else {
                MOST_SECONDS
            };
            if quotes_only || secs > most {
                let why = if quotes_only { "" } else { "not run" };
                println!("{label:<26} {name:<22} {secs:>8.3}s {why:>9}");
                continue;
            }
            let (count, cpu) = run(method, &board);
            assert_eq!(
                *expected.get_or_insert(count),
                count,
                "{label}: {} disagrees",
                method.name()
            );
            let ratio = cpu / secs;
            println!("{label:<26} {name:<22} {secs:>8.3}s {cpu:>8.2}s {ratio:>9.2}");
            if secs < SHORT && cpu < SHORT {
                continue;
            }
            per_method
                .entry(method.name().to_string())
                .or_default()
                .push(ratio);
        }
    }
    if quotes_only {
        return;
    }
    println!(
        "per method: cpu/quote over its runs of {SHORT} s and more, and those off by more than {WITHIN}x"
    );
    for (method, ratios) in per_method {
        let low = ratios.iter().copied().fold(f64::MAX, f64::min);
        let high = ratios.iter().copied().fold(0.0, f64::max);
        let off = ratios
            .iter()
            .filter(|&&r| !(1.0 / WITHIN..=WITHIN).contains(&r))
            .count();
        println!(
            "{method:<22} {:>3} runs  {low:>5.2} to {high:>5.2}  off: {off}",
            ratios.len()
        );
    }
}
