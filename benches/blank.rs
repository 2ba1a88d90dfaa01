//! Blank-board benchmark: the mirror-symmetric baseline against the
//! constellation engine, in one process, so the ratios hold on a noisy
//! machine even when the seconds do not.
//!
//! `cargo bench --bench blank` runs N = 14..=17; `cargo bench --bench blank --
//! 14 15` picks the sizes. For each N it prints, for the baseline and for the
//! engine on 1 thread and on every core: seconds, the nodes of the search
//! (counted by a separate, untimed walk, so counting slows nothing), nodes
//! per second, the speed-up over the baseline (`x mirror`) and over the
//! engine on one thread (`x 1 thread`). The engine's seconds include its
//! set-up (choosing the constellations). Then the half-board engine the
//! same way (its seconds include planning), and single near-blank boards
//! (3 blocked cells) of the same N: the plain kernel against the planner
//! (`auto`, one thread). The mirror baseline and the plain kernel run only
//! up to N = 17 (beyond, minutes); their ratios are then `-`.
//!
//! `cargo bench --bench blank -- --estimates 16 17 18 19 20` instead runs
//! `nqueens count N --threads 1` in a child per N and prints `--estimate`'s
//! time and peak memory beside the real run's (its wall time on the one
//! thread, its peak RSS) and their ratios: the issue asks for time within
//! 1.5x and memory within 1.25x.
//!
//! `cargo bench --bench blank -- --growth 16 17 18` prints the join's
//! growth per N: time and bit pairs per solution, and where the time goes
//! (see `growth.rs`); with `--quotes` instead, per N to 28, the whole
//! count's quote per solution and each even N's ratio to its odd
//! neighbours (a second per N, nothing counted); with `--measure S`
//! instead, per N to 28, the CPU per solution measured: whole counts to
//! 20, past it the quote scaled by `S` seconds of the count's own random
//! units (issue 77's growth table).
//!
//! `cargo bench --bench blank -- --sieved 27 40` prices 40 random units of
//! `count 27` both ways: the plan's weight (sampled descents) and the
//! kernel's estimate of its own work on the units' tables (how a shard
//! that walks its sets is priced), with their pooled ratio (see
//! `shard.rs`); `--diagonal` plans an even N in the diagonal mode where
//! it would take pair mode, `--eight` in pair mode with the transpose;
//! `--tiles F` orders the ranks in tiles of `F` times the square root of
//! a unit's ranks (the walks a unit's tables take follow the order).
//!
//! `cargo bench --bench blank -- --fit 18 19 20` fits the join's cost-model
//! constants to the units' CPU time on this machine, term by term (see
//! `fit.rs`).
//!
//! `cargo bench --bench blank -- --transpose 26 28` runs the same pieces of
//! work in pair mode with the transpose and without it, with the ratio of
//! their CPU times (see `transpose.rs`).
//!
//! `cargo bench --bench blank -- --order 26 --units 6 --factors 0,0.5,1,2`
//! runs the same ranked units with their ranks in colex order and in
//! tiles of each side factor (see `order.rs`); `--kernel avx2` (or another
//! instruction set's name) runs that kernel instead of the best, and
//! `--diagonal` or `--eight` plans the fold as `--sieved` does.
//!
//! `cargo bench --bench blank -- --shard 27 100001/500000` runs one shard
//! of a count past 24 unit by unit against its quote (see `shard.rs`);
//! `-- --costliest 28 [SEED]` draws five units from the costliest tenth
//! by their planned weight, each with the `--shard` that runs it alone.
//!
//! `cargo bench --bench blank -- --versus 16 17 18 19 20` runs `nqueens
//! count N` in a child on 1 and 2 threads (wall seconds, peak RSS) beside
//! the mirror baseline in this process, up to N = `--mirror-up-to M`
//! (default 18; beyond, the baseline takes hours), with the speed-up over
//! it. The public counter is timed by hand in the same sitting (see the
//! closing notes): its build is never part of this repository.

#[path = "blank/fit.rs"]
mod fit;
#[path = "blank/growth.rs"]
mod growth;
#[path = "blank/order.rs"]
mod order;
#[path = "blank/shard.rs"]
mod shard;
#[path = "blank/transpose.rs"]
mod transpose;

use std::time::Instant;

use nqueens::base::board::{full_row, Board};
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::Solver;
use nqueens::engine::budget::Budget;
use nqueens::engine::half_board::{Isa, PreparedJoin};
use nqueens::plan::calibration::Speed;
use nqueens::plan::planner::{MethodChoice, Planner};
use nqueens::{base::mirror, engine::constellations::ConstellationEngine, engine::parallel};

/// The largest N the mirror baseline and the plain kernel are timed at.
const BASELINE_UP_TO: usize = 17;

/// The fold flag of `--sieved` and `--order` (see [`shard::min_n_of`]):
/// `--diagonal`, `--eight`, or neither.
fn mode(all: &[String]) -> &'static str {
    ["diagonal", "eight"]
        .into_iter()
        .find(|m| all.iter().any(|a| a.strip_prefix("--") == Some(*m)))
        .unwrap_or("default")
}

/// Runs `f` once and returns its result and the seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

fn main() {
    // The sizes are the numbers that are no flag's value.
    let all: Vec<String> = std::env::args().collect();
    let mut sizes: Vec<usize> = (1..all.len())
        .filter(|&i| {
            ![
                "--part",
                "--ranks",
                "--seconds",
                "--speed",
                "--chunk",
                "--bucket",
                "--pieces",
                "--offset",
                "--groups",
                "--units",
                "--factors",
                "--tiles",
                "--measure",
            ]
            .contains(&all[i - 1].as_str())
        })
        .filter_map(|i| all[i].parse().ok())
        .collect();
    if let Some(i) = all.iter().position(|a| a == "--shard") {
        // `--shard N I/K`.
        let of_shard = all.get(i + 2).and_then(|s| s.split_once('/'));
        match (all.get(i + 1).and_then(|n| n.parse().ok()), of_shard) {
            (Some(n), Some((index, of))) => match (index.parse(), of.parse()) {
                (Ok(index), Ok(of)) => shard::shard(n, index, of),
                _ => println!("--shard N I/K: I and K are numbers"),
            },
            _ => println!("--shard N I/K"),
        }
        return;
    }
    if let Some(i) = all.iter().position(|a| a == "--costliest") {
        // `--costliest N [SEED]`.
        match all.get(i + 1).and_then(|n| n.parse().ok()) {
            Some(n) => {
                let seed = all.get(i + 2).and_then(|s| s.parse().ok()).unwrap_or(77);
                shard::costliest(n, seed);
            }
            None => println!("--costliest N [SEED]"),
        }
        return;
    }
    if let Some(i) = all.iter().position(|a| a == "--sieved") {
        // `--sieved N [K] [--diagonal | --eight] [--tiles F]`.
        match all.get(i + 1).and_then(|n| n.parse().ok()) {
            Some(n) => {
                let k = all.get(i + 2).and_then(|k| k.parse().ok()).unwrap_or(40);
                let tiles = all.iter().position(|a| a == "--tiles");
                let tiles = tiles.and_then(|t| all.get(t + 1)?.parse().ok());
                shard::sieved(n, k, mode(&all), tiles.unwrap_or(0.0))
            }
            None => println!("--sieved N [K] [--diagonal | --eight] [--tiles F]"),
        }
        return;
    }
    if std::env::args().any(|a| a == "--transpose") {
        let value = |flag: &str| {
            let i = all.iter().position(|a| a == flag)?;
            all.get(i + 1)?.parse::<u64>().ok()
        };
        let units = value("--units").unwrap_or(12) as usize;
        let ranks = value("--ranks").unwrap_or(1024);
        transpose::transpose(&sizes, units, ranks);
        return;
    }
    if std::env::args().any(|a| a == "--order") {
        let value = |flag: &str| {
            let i = all.iter().position(|a| a == flag)?;
            all.get(i + 1).cloned()
        };
        let units = value("--units").and_then(|u| u.parse().ok()).unwrap_or(6);
        let factors: Vec<f64> = value("--factors")
            .map(|f| f.split(',').filter_map(|x| x.parse().ok()).collect())
            .unwrap_or_else(|| vec![0.0, 0.5, 1.0, 2.0]);
        // `--kernel NAME`: one instruction set instead of the best this
        // CPU has (as the growth bench's).
        let isa = value("--kernel").map_or(Isa::Auto, |k| {
            Isa::from_name(&k).unwrap_or_else(|| panic!("--kernel {k}: not an instruction set"))
        });
        order::order(&sizes, units, &factors, isa, mode(&all));
        return;
    }
    if std::env::args().any(|a| a == "--fit") {
        fit::fit(&sizes);
        return;
    }
    if let (true, Some(i)) = (
        all.iter().any(|a| a == "--growth"),
        all.iter().position(|a| a == "--measure"),
    ) {
        // `--growth --measure S [N...]`: seconds of units timed per N past 20.
        match all.get(i + 1).and_then(|s| s.parse().ok()) {
            Some(seconds) => growth::measured(&sizes, seconds, mode(&all)),
            None => println!("--growth --measure SECONDS [N...]"),
        }
        return;
    }
    if std::env::args().any(|a| a == "--growth") && std::env::args().any(|a| a == "--quotes") {
        growth::quotes(&sizes);
        return;
    }
    if std::env::args().any(|a| a == "--growth") {
        growth::growth(&sizes);
        return;
    }
    if std::env::args().any(|a| a == "--estimates") {
        estimates(&sizes);
        return;
    }
    if std::env::args().any(|a| a == "--versus") {
        let args: Vec<String> = std::env::args().collect();
        let flag = args.iter().position(|a| a == "--mirror-up-to");
        let mirror_up_to = flag
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(18);
        // The sizes are the numbers other than the flag's value.
        let sizes: Vec<usize> = (1..args.len())
            .filter(|&i| flag.map_or(true, |f| i != f + 1))
            .filter_map(|i| args[i].parse().ok())
            .collect();
        versus(&sizes, mirror_up_to);
        return;
    }
    if sizes.is_empty() {
        sizes = (14..=17).collect();
    }
    let machine = nqueens::tools::settings::Machine::this();
    // One speed for every planner: its probe runs once in the process.
    let (all, speed) = (machine.cores, machine.speed);
    println!(
        "{:>3} {:<18} {:>7} {:>9} {:>12} {:>10} {:>9} {:>10}",
        "N", "engine", "threads", "seconds", "nodes", "nodes/s", "x mirror", "x 1 thread"
    );
    for &n in &sizes {
        if n > BASELINE_UP_TO {
            half_board(n, all, None);
            continue;
        }
        let (base_total, base_secs) = timed(|| mirror::count(n));
        let base_nodes = mirror::nodes(n);
        println!(
            "{n:>3} {:<18} {:>7} {base_secs:>9.3} {base_nodes:>12} {:>10.3e} {:>9.2} {:>10}",
            "mirror (baseline)",
            1,
            base_nodes as f64 / base_secs,
            1.0,
            "-"
        );
        let serial = ConstellationEngine::new(n);
        let engine_nodes = serial.nodes(serial.units());
        let mut one_thread = None;
        let mut thread_counts = vec![1];
        if all > 1 {
            thread_counts.push(all);
        }
        for threads in thread_counts {
            let (counts, secs) = timed(|| {
                ConstellationEngine::on_threads(n, threads)
                    .and_then(|engine| engine.counts(threads, false))
                    .unwrap()
            });
            assert_eq!(counts.total, base_total, "engine disagrees at N = {n}");
            let single = *one_thread.get_or_insert(secs);
            println!(
                "{n:>3} {:<18} {threads:>7} {secs:>9.3} {engine_nodes:>12} {:>10.3e} {:>9.2} {:>10.2}",
                "constellations",
                engine_nodes as f64 / secs,
                base_secs / secs,
                single / secs
            );
        }
        half_board(n, all, Some((base_total, base_secs)));
    }
    println!();
    println!(
        "{:>3} {:<34} {:>9} {:>9} {:>8}",
        "N", "one near-blank board", "plain", "planner", "x plain"
    );
    for &n in &sizes {
        near_blank(n, &speed);
    }
}

/// The half-board engine on the blank board of side `n`, on 1 and `all`
/// threads, against the baseline's `(total, seconds)` where it ran.
fn half_board(n: usize, all: usize, base: Option<(u128, f64)>) {
    let blank = vec![full_row(n); n];
    let mut one_thread = None;
    for threads in [1, all] {
        let (total, secs) = timed(|| {
            let join = PreparedJoin::new(n, &blank, 1 << 30).expect("fits in 1 GiB up to N = 20");
            let parts = parallel::map(join.units(), threads, |i| join.run_unit(i)).unwrap();
            parts.into_iter().sum::<u128>()
        });
        let single = *one_thread.get_or_insert(secs);
        let ratio = match base {
            Some((base_total, base_secs)) => {
                assert_eq!(total, base_total, "half-board disagrees at N = {n}");
                format!("{:.2}", base_secs / secs)
            }
            None => "-".to_string(),
        };
        println!(
            "{n:>3} {:<18} {threads:>7} {secs:>9.3} {:>12} {:>10} {ratio:>9} {:>10.2}",
            "half-board",
            "-",
            "-",
            single / secs
        );
        if all == 1 {
            break;
        }
    }
}

/// One board of side `n` with 3 blocked cells (fixed seed): the plain
/// kernel against the planner, both on one thread, the planner at `speed`.
fn near_blank(n: usize, speed: &Speed) {
    let mut rng = nqueens::base::rng::Rng::new(0x0b1a_0000 + n as u64);
    let mut board = Board::blank(n);
    for _ in 0..3 {
        let (row, col) = (rng.between(0, n - 1), rng.between(0, n - 1));
        board.set_free(row, col, false);
    }
    let (count, planner_secs) = timed(|| {
        Planner::within(
            MethodChoice::Auto,
            Budget::default().on_threads(1),
            speed.clone(),
        )
        .solve_all(std::slice::from_ref(&board))
        .unwrap()[0]
    });
    let (plain, ratio) = if n <= BASELINE_UP_TO {
        let (plain, secs) = timed(|| Problem::new(&board).count());
        assert_eq!(plain, count, "planner disagrees on {board}");
        (
            format!("{secs:>9.3}"),
            format!("{:>8.1}", secs / planner_secs),
        )
    } else {
        (format!("{:>9}", "-"), format!("{:>8}", "-"))
    };
    println!(
        "{n:>3} {:<34} {plain} {planner_secs:>9.3} {ratio}",
        "3 blocked cells"
    );
}

/// `--estimate` against the real `count N --threads 1`, per N.
fn estimates(sizes: &[usize]) {
    println!(
        "{:>3} {:<16} {:>9} {:>9} {:>10} {:>9} {:>9} {:>10}",
        "N", "engine", "est s", "real s", "est/real", "est MiB", "real MiB", "est/real"
    );
    let binary = std::ffi::OsString::from(env!("CARGO_BIN_EXE_nqueens"));
    for &n in sizes {
        let estimate = nqueens::plan::estimate::blank_count(n, false, Default::default());
        let command = [
            binary.clone(),
            "count".into(),
            n.to_string().into(),
            "--threads".into(),
            "1".into(),
        ];
        let limit = std::time::Duration::from_secs(7200);
        let outcome = nqueens::tools::child::run(&command, b"", limit).expect("runs nqueens");
        let real_s = outcome.time.as_secs_f64();
        let real_mib = outcome.peak_kib.unwrap_or(0) as f64 / 1024.0;
        let (est_s, est_mib) = (estimate.wall_ns / 1e9, estimate.bytes / 1048576.0);
        println!(
            "{n:>3} {:<16} {est_s:>9.2} {real_s:>9.2} {:>10.2} {est_mib:>9.1} {real_mib:>9.1} {:>10.2}",
            estimate.engine.map_or("-", |e| e.name()),
            est_s / real_s,
            est_mib / real_mib
        );
    }
}

/// `count N` in a child on 1 and 2 threads (wall seconds, peak RSS) beside
/// the mirror baseline's seconds in this process, where `n <= mirror_up_to`.
fn versus(sizes: &[usize], mirror_up_to: usize) {
    println!(
        "{:>3} {:>10} {:>9} {:>8} {:>9} {:>8} {:>10} {:>9}",
        "N", "mirror s", "1 thr s", "1 MiB", "2 thr s", "2 MiB", "x mirror", "answer"
    );
    let binary = std::ffi::OsString::from(env!("CARGO_BIN_EXE_nqueens"));
    for &n in sizes {
        let mut runs = Vec::new();
        for threads in [1, 2] {
            let command = [
                binary.clone(),
                "count".into(),
                n.to_string().into(),
                "--threads".into(),
                threads.to_string().into(),
            ];
            let limit = std::time::Duration::from_secs(7200);
            let outcome = nqueens::tools::child::run(&command, b"", limit).expect("runs nqueens");
            let answer: u128 = outcome
                .stdout
                .trim()
                .parse()
                .expect("count prints the total");
            let mib = outcome.peak_kib.unwrap_or(0) as f64 / 1024.0;
            runs.push((outcome.time.as_secs_f64(), mib, answer));
        }
        let (one_s, one_mib, answer) = runs[0];
        let (two_s, two_mib, two_answer) = runs[1];
        assert_eq!(answer, two_answer, "threads disagree at N = {n}");
        let (mirror_s, ratio) = if n <= mirror_up_to {
            let (total, secs) = timed(|| mirror::count(n));
            assert_eq!(
                total, answer,
                "count disagrees with the baseline at N = {n}"
            );
            (format!("{secs:.2}"), format!("{:.1}", secs / one_s))
        } else {
            ("-".to_string(), "-".to_string())
        };
        println!(
            "{n:>3} {mirror_s:>10} {one_s:>9.2} {one_mib:>8.1} {two_s:>9.2} {two_mib:>8.1} {ratio:>10} {answer:>9}"
        );
    }
}
