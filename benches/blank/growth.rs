//! `cargo bench --bench blank -- --growth [N...]` (default 16..=23): how the
//! join's cost grows with N, and where its time goes.
//!
//! Per N, one thread: the whole count up to N = 19, beyond it a round-robin
//! part of the units (every K-th, K in the `part` column) so that a size
//! takes a minute or so; its tables are narrowed to that part, as a shard's
//! are. Columns: the symmetries folded (`8 cross` at odd N, `8 diagonal` at
//! even N from 18); solutions of what ran; its seconds of CPU (the
//! thread's, so that a busy machine changes them little); nanoseconds per
//! solution and its growth over the previous N (`x prev`); bit pairs the
//! AND + popcount loop read per solution (64 per word, after the sieve's
//! cut); tops and quarter bitsets per solution, the bitsets' mean words;
//! words ANDed per solution into the bitsets' shared row levels (`lvl`)
//! and into the bitsets themselves (`fin`), and the word ranges (runs of
//! sieve buckets) stepped through per solution (`spn`); the share of the
//! time in
//! the quarter tables, building the halves (bottoms, transposition, sieve,
//! row-group tables) and the join (quarter bitsets, AND + popcount).
//!
//! `--kernel popcnt` (or `portable`, `avx2`) runs one kernel
//! instantiation instead of the best this CPU has.
//!
//! Against the public quarter-board counter: time its parts by hand in the
//! same sitting (`../shared/tools/versus-public.sh`); its build is never
//! part of this repository.

use std::time::Instant;

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::{Kernel, Plan};

/// Every K-th unit of N runs: about a minute a size on one core.
fn part_of(n: usize) -> usize {
    match n {
        0..=19 => 1,
        20 => 8,
        21 => 64,
        22 => 1024,
        23 => 16384,
        _ => 262_144,
    }
}

pub fn growth(sizes: &[usize]) {
    // `--kernel popcnt` (or `portable`, `avx2`): one instantiation.
    let args: Vec<String> = std::env::args().collect();
    let kernel = match args
        .iter()
        .position(|a| a == "--kernel")
        .and_then(|i| args.get(i + 1))
    {
        Some(k) if k == "popcnt" => Kernel::Popcnt,
        Some(k) if k == "portable" => Kernel::Portable,
        Some(k) if k == "avx2" => Kernel::Avx2,
        _ => Kernel::Auto,
    };
    let sizes: Vec<usize> = if sizes.is_empty() {
        (16..=23).collect()
    } else {
        sizes.to_vec()
    };
    println!(
        "{:>3} {:>10} {:>7} {:>15} {:>8} {:>8} {:>6} {:>10} {:>8} {:>8} {:>6} {:>7} {:>7} {:>7} {:>7} {:>7} {:>6}",
        "N",
        "fold",
        "part",
        "solutions",
        "seconds",
        "ns/sol",
        "x prev",
        "bits/sol",
        "tops/sol",
        "qbs/sol",
        "words",
        "lvl/sol",
        "fin/sol",
        "spn/sol",
        "tables",
        "halves",
        "join"
    );
    let mut prev: Option<(usize, f64)> = None;
    for &n in &sizes {
        let blank = vec![full_row(n); n];
        let Some(mut plan) = Plan::within(n, &blank, Budget::new(1 << 30, 1)) else {
            println!("{n:>3} (the join does not plan N = {n} within 1 GiB)");
            continue;
        };
        let k = part_of(n).min(plan.units());
        let units: Vec<usize> = (0..plan.units()).step_by(k).collect();
        plan.narrow(&units);
        let start = Instant::now();
        let cpu = cpu::thread();
        let solutions: u128 = units.iter().map(|&i| plan.run_unit_with(i, kernel)).sum();
        // The thread's CPU time where the system says it, else the clock's.
        let wall = start.elapsed().as_secs_f64();
        let secs = match (cpu, cpu::thread()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => wall,
        };
        let t = plan.tally();
        let sol = solutions.max(1) as f64;
        let ns = secs * 1e9 / sol;
        let growth = match prev {
            Some((m, p)) if m + 1 == n => format!("{:.2}", ns / p),
            _ => "-".to_string(),
        };
        prev = Some((n, ns));
        // The tally's times are the clock's, so their shares are of the
        // clock's time too.
        let share = |d: std::time::Duration| format!("{:.0}%", 100.0 * d.as_secs_f64() / wall);
        println!(
            "{n:>3} {:>10} {:>7} {solutions:>15} {secs:>8.2} {ns:>8.2} {growth:>6} {:>10.1} {:>8.3} {:>8.3} {:>6.0} {:>7.1} {:>7.1} {:>7.2} {:>7} {:>7} {:>6}",
            plan.fold(),
            format!("1/{k}"),
            t.pair_words as f64 * 64.0 / sol,
            t.tops as f64 / sol,
            t.bitsets as f64 / sol,
            t.bitset_words as f64 / t.bitsets.max(1) as f64,
            t.level_words as f64 / sol,
            t.final_words as f64 / sol,
            t.spans as f64 / sol,
            share(t.tables),
            share(t.halves),
            share(t.join),
        );
    }
}
