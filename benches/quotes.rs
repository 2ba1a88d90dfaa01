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
//! thread waiting for a core adds nothing to it. The first line gives the
//! factors the process's probe measured (`plan::calibration`; one speed,
//! resolved as the binary resolves it, for every planner): every quote
//! of a run is scaled by them.

#[path = "quotes/boards.rs"]
mod boards;

use std::collections::BTreeMap;

use boards::{board, cpu_time, BOARDS};
use nqueens::base::board::Board;
use nqueens::base::uva11195::Solver;
use nqueens::engine::budget::Budget;
use nqueens::plan::calibration::{CostClass, Speed};
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::tools::settings::Machine;

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

/// A planner forcing `method` (or choosing) on one thread at `speed`.
fn planner(method: MethodChoice, speed: &Speed) -> Planner {
    Planner::within(method, Budget::default().on_threads(1), speed.clone())
}

/// The method's label and its quote (seconds on one thread, at `speed`).
fn quote(method: MethodChoice, board: &Board, speed: &Speed) -> (String, f64) {
    let mut planner = planner(method, speed);
    let (label, estimate) = planner.estimate(std::slice::from_ref(board)).unwrap()[0].clone();
    (label, estimate.calibrated(speed).cpu_ns / 1e9)
}

/// The count of `board` with `method` on one thread, and the CPU time.
fn run(method: MethodChoice, board: &Board, speed: &Speed) -> (u128, f64) {
    let mut planner = planner(method, speed);
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
    // The probe runs once per process: every quote below is priced at the
    // speed it measured (see `plan::calibration`), or the one
    // NQUEENS_CALIBRATION pins.
    let speed = Machine::this().speed;
    let factors = speed.calibration();
    let names = ["join-even", "join-odd", "join-board", "search"];
    let said: Vec<String> = (CostClass::ALL.iter().zip(names))
        .map(|(&cost_class, name)| format!("{name} {:.2}", factors.factor(cost_class)))
        .collect();
    println!(
        "priced at this process's probe (x the reference): {}",
        said.join(", ")
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
        let (chosen, _) = quote(MethodChoice::Auto, &board, &speed);
        let mut expected = None;
        for method in MethodChoice::all().into_iter().skip(1) {
            let (said, secs) = quote(method, &board, &speed);
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
            let (count, cpu) = run(method, &board, &speed);
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
