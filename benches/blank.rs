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
//! set-up (choosing the constellations).

use std::time::Instant;

use nqueens::{base::mirror, engine::blank::BlankEngine};

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
    let all = nqueens::engine::parallel::threads(None);
    println!(
        "{:>3} {:<18} {:>7} {:>9} {:>12} {:>10} {:>9} {:>10}",
        "N", "engine", "threads", "seconds", "nodes", "nodes/s", "x mirror", "x 1 thread"
    );
    for n in sizes {
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
        let serial = BlankEngine::new(n);
        let engine_nodes = serial.nodes(serial.units());
        let mut one_thread = None;
        let mut thread_counts = vec![1];
        if all > 1 {
            thread_counts.push(all);
        }
        for threads in thread_counts {
            let (counts, secs) = timed(|| {
                BlankEngine::on_threads(n, threads)
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
    }
}
