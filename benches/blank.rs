//! Blank-board benchmark: the mirror-symmetric baseline against the
//! constellation engine, in one process, so the ratios hold on a noisy
//! machine even when the seconds do not.
//!
//! `cargo bench --bench blank` runs N = 14..=17; `cargo bench --bench blank --
//! 14 15` picks the sizes. For each N it prints, for 1 thread and for every
//! core: seconds, solutions per second (the kernel does not count nodes), and
//! the speed-up over the single-threaded baseline.

use std::time::Instant;

use nqueens::blank;

/// Runs `f` once and returns its result and the seconds it took.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed().as_secs_f64())
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
    println!("solutions/s = solutions found per second of wall time; x = speed-up over baseline 1 thread");
    println!(
        "{:>3} {:<22} {:>7} {:>9} {:>14} {:>8}",
        "N", "engine", "threads", "seconds", "solutions/s", "x"
    );
    for n in sizes {
        let (base_total, base_secs) = timed(|| blank::mirror_count(n));
        let row = |name: &str, threads: usize, total: u128, secs: f64| {
            assert_eq!(
                total, base_total,
                "{name} disagrees with the baseline at N = {n}"
            );
            println!(
                "{n:>3} {name:<22} {threads:>7} {secs:>9.3} {:>14.3e} {:>8.2}",
                total as f64 / secs,
                base_secs / secs
            );
        };
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
