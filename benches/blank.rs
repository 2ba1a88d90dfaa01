//! Blank-board benchmark: the mirror-symmetric baseline against the
//! constellation engine, in one process, so the ratios hold on a noisy
//! machine even when the seconds do not.
//!
//! `cargo bench --bench blank` runs N = 14..=17; `cargo bench --bench blank --
//! 14 15` picks the sizes. For each N it prints, for 1 thread and for every
//! core: seconds, solutions per second (the kernel does not count nodes), the
//! speed-up over the baseline (`x mirror`) and over the engine on one thread
//! (`x 1 thread`).

use std::time::Instant;

use nqueens::{blank, mirror};

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
    println!("solutions/s: solutions per second of wall time (nodes are not counted)");
    println!(
        "{:>3} {:<22} {:>7} {:>9} {:>12} {:>9} {:>10}",
        "N", "engine", "threads", "seconds", "solutions/s", "x mirror", "x 1 thread"
    );
    for n in sizes {
        let (base_total, base_secs) = timed(|| mirror::count(n));
        println!(
            "{n:>3} {:<22} {:>7} {base_secs:>9.3} {:>12.3e} {:>9.2} {:>10}",
            "mirror (baseline)",
            1,
            base_total as f64 / base_secs,
            1.0,
            "-"
        );
        let mut one_thread = None;
        let mut thread_counts = vec![1];
        if all > 1 {
            thread_counts.push(all);
        }
        for threads in thread_counts {
            let (counts, secs) = timed(|| blank::counts(n, threads, false).unwrap());
            assert_eq!(counts.total, base_total, "engine disagrees at N = {n}");
            let single = *one_thread.get_or_insert(secs);
            println!(
                "{n:>3} {:<22} {threads:>7} {secs:>9.3} {:>12.3e} {:>9.2} {:>10.2}",
                "constellations",
                counts.total as f64 / secs,
                base_secs / secs,
                single / secs
            );
        }
    }
}
