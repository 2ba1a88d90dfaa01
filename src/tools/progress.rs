//! Progress of a long count on stderr: share done, time elapsed, time left.
//!
//! The work reports how far it got through a shared counter of cost units;
//! a watcher thread redraws one status line about once a second and clears
//! it at the end, so stdout (the results) never sees any of it. When stderr
//! is not a terminal (a log file under `--progress`), it writes a plain line
//! every [`LOG_EVERY`] instead, with no control characters.
//!
//! # Complexity
//! One wake-up every [`TICK`] while the work runs.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// How often the watcher looks at the counter.
pub const TICK: Duration = Duration::from_millis(100);

/// How often the status line is redrawn on a terminal.
pub const REDRAW: Duration = Duration::from_secs(1);

/// How often a status line is logged when stderr is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(10);

/// The status line for `done` of `total` cost units after `elapsed`; a
/// `total` of 0 means unknown (no share, no time left).
///
/// ```
/// use std::time::Duration;
/// use nqueens::tools::progress::status;
/// let line = status("n=16", 25, 100, Duration::from_secs(10));
/// assert_eq!(line, "n=16: 25.0% done, 10 s elapsed, about 30 s left");
/// let line = status("shrinking, runs", 25, 0, Duration::from_secs(10));
/// assert_eq!(line, "shrinking, runs: 25 done, 10 s elapsed");
/// ```
pub fn status(label: &str, done: u64, total: u64, elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if total == 0 {
        return format!("{label}: {done} done, {seconds:.0} s elapsed");
    }
    let share = done as f64 / total as f64;
    let left = if share > 0.0 {
        format!("about {:.0} s left", seconds * (1.0 - share) / share)
    } else {
        "time left unknown".to_string()
    };
    format!(
        "{label}: {:.1}% done, {seconds:.0} s elapsed, {left}",
        share * 100.0
    )
}

/// Runs `work`, and while it runs (if `enabled`) redraws a status line on
/// stderr from `done` (out of `total`). Returns what `work` returns.
pub fn watch<T>(
    enabled: bool,
    label: &str,
    total: u64,
    done: &AtomicU64,
    work: impl FnOnce() -> T,
) -> T {
    if !enabled {
        return work();
    }
    let finished = AtomicBool::new(false);
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let every = if terminal { REDRAW } else { LOG_EVERY };
    thread::scope(|scope| {
        scope.spawn(|| {
            let mut last_draw = Instant::now();
            while !finished.load(Ordering::Relaxed) {
                thread::sleep(TICK);
                if last_draw.elapsed() >= every {
                    last_draw = Instant::now();
                    let line = status(label, done.load(Ordering::Relaxed), total, start.elapsed());
                    // Progress is a courtesy: a failed write must not end the run.
                    let _ = if terminal {
                        // Back to the line start, then clear to its end.
                        write!(std::io::stderr().lock(), "\r{line}\x1b[K")
                    } else {
                        writeln!(std::io::stderr().lock(), "{line}")
                    };
                }
            }
            if terminal {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
        });
        // Stops the watcher even if `work` panics (else the scope would wait
        // for it forever).
        struct Stop<'a>(&'a AtomicBool);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let _stop = Stop(&finished);
        work()
    })
}
