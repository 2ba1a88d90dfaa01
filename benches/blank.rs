//! Blank-board benchmark: the mirror-symmetric baseline against the
//! constellation engine, in one process, so the ratios hold on a noisy
//! machine even when the seconds do not.
//!
//! `cargo bench --bench blank` runs N = 14..=17; `cargo bench --bench blank --
//! 14 15` picks the sizes. For each N it prints, for 1 thread and for every
//! core: seconds, solutions per second (the kernel does not count nodes), and
//! the speed-up over the baseline: the mirror search on the same kernel
//! (`x`), and on the portable kernel without `popcnt`, as the code stood
//! before the engine (`x start`).

use std::time::Instant;

use nqueens::blank;
use nqueens::board::Board;
use nqueens::kernel::{self, Attacks};
use nqueens::problem::Problem;

/// Runs `f` once and returns its result and the seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
}

/// [`blank::mirror_count`] on the portable kernel.
fn mirror_count_portable(n: usize) -> u128 {
    let board = Board::blank(n);
    let half = n / 2;
    let search = |allowed: u64| {
        let mut problem = Problem::new(&board);
        problem.restrict(0, allowed);
        kernel::count_portable(&problem.rows(), Attacks::default())
    };
    let middle = if n % 2 == 1 { search(1 << half) } else { 0 };
    2 * search((1 << half) - 1) + middle
}

fn main() {
    let mut sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if sizes.is_empty() {
        sizes = (14..=17).collect();
    }
    let all = nqueens::parallel::threads(None);
    println!("solutions/s: solutions per second of wall time (nodes are not counted)");
    println!("x: speed-up over the mirror baseline; x start: over it on the portable kernel");
    println!(
        "{:>3} {:<26} {:>7} {:>9} {:>12} {:>7} {:>8}",
        "N", "engine", "threads", "seconds", "solutions/s", "x", "x start"
    );
    for n in sizes {
        let (start_total, start_secs) = timed(|| mirror_count_portable(n));
        let (base_total, base_secs) = timed(|| blank::mirror_count(n));
        assert_eq!(start_total, base_total, "the kernels disagree at N = {n}");
        let row = |name: &str, threads: usize, total: u128, secs: f64| {
            assert_eq!(
                total, base_total,
                "{name} disagrees with the baseline at N = {n}"
            );
            println!(
                "{n:>3} {name:<26} {threads:>7} {secs:>9.3} {:>12.3e} {:>7.2} {:>8.2}",
                total as f64 / secs,
                base_secs / secs,
                start_secs / secs
            );
        };
        row("mirror, portable kernel", 1, start_total, start_secs);
        row("mirror (baseline)", 1, base_total, base_secs);
        let mut thread_counts = vec![1];
        if all > 1 {
            thread_counts.push(all);
        }
        for threads in thread_counts {
            let (counts, secs) = timed(|| blank::counts(n, threads, false).unwrap());
            row("constellations", threads, counts.total, secs);
        }
    }
}
