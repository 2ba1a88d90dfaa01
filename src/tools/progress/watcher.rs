//! The watcher: a thread that shows a run's status line on stderr while
//! the work runs (redrawn in place on a terminal, a plain line into a
//! log), each subject paced from its own first second; and the one line a
//! step with no progress of its own says when it runs slow.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use super::lines::status_estimated;

/// Whether progress is shown on stderr, and how: resolved once per run
/// (see [`crate::tools::settings`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Progress {
    /// Nothing: no `--progress`, and stderr is not a terminal.
    Off,
    /// `--progress` to a log (stderr is not a terminal): a plain line once
    /// a [`LOG_EVERY`], with no control characters.
    Lines,
    /// Stderr is a terminal: one status line, redrawn in place once a
    /// [`REDRAW`] and cleared at the end.
    Redrawn,
}

impl Progress {
    /// Whether any progress is shown.
    pub fn on(self) -> bool {
        self != Progress::Off
    }
}

/// How often the watcher looks at the counter.
pub const TICK: Duration = Duration::from_millis(100);

/// How often the status line is redrawn on a terminal.
pub const REDRAW: Duration = Duration::from_secs(1);

/// How often a status line is logged when stderr is not a terminal.
pub const LOG_EVERY: Duration = Duration::from_secs(10);

/// How long a step with no progress of its own (planning a count, a
/// search for a first solution) may run before [`say_if_slow`] says what it
/// is doing: well inside the 3 s after which a silent terminal looks hung.
pub const QUIET_FOR: Duration = Duration::from_secs(2);

/// Runs `work`; when `enabled` (stderr is a terminal) and `work` is still
/// running after `after`, writes `line` and a newline to `out` once. Returns
/// what `work` returns as soon as it does: a quick `work` neither waits for
/// `after` nor writes anything.
///
/// For steps that cannot count their progress: one line, written once, so
/// a terminal that would otherwise stay silent for minutes says why.
///
/// ```
/// use std::time::Duration;
/// use nqueens::tools::progress::say_if_slow;
/// let mut said = Vec::new();
/// let answer = say_if_slow(true, Duration::from_secs(60), "nqueens: planning", &mut said, || 42);
/// assert_eq!((answer, said.len()), (42, 0));
/// ```
pub fn say_if_slow<T>(
    enabled: bool,
    after: Duration,
    line: &str,
    mut out: impl Write + Send,
    work: impl FnOnce() -> T,
) -> T {
    if !enabled {
        return work();
    }
    let (stop, stopped) = mpsc::channel::<()>();
    thread::scope(|scope| {
        scope.spawn(move || {
            // Nothing is ever sent: the sender's drop (when `work` returns
            // or panics) ends the wait early as a disconnection.
            if let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(after) {
                // A courtesy: a failed write must not end the run.
                let _ = writeln!(out, "{line}").and_then(|()| out.flush());
            }
        });
        let _stop = stop;
        work()
    })
}

/// Runs `work`, and while it runs (as `progress` says) shows a status
/// line on stderr from `done` (out of `total`). Returns what `work` returns.
pub fn watch<T>(
    progress: Progress,
    label: &str,
    total: u64,
    done: &AtomicU64,
    work: impl FnOnce() -> T,
) -> T {
    watch_estimated(progress, label, total, done, None, work)
}

/// [`watch`] with an estimate of the whole run's time (see
/// [`status_estimated`]).
pub fn watch_estimated<T>(
    progress: Progress,
    label: &str,
    total: u64,
    done: &AtomicU64,
    estimate: Option<f64>,
    work: impl FnOnce() -> T,
) -> T {
    let start = Instant::now();
    let line = || {
        let done = done.load(Ordering::Relaxed);
        Some(status_estimated(
            label,
            done,
            total,
            start.elapsed(),
            estimate,
        ))
    };
    watch_with(progress, &line, work)
}

/// When the watcher shows a status line: each subject (a line's text up to
/// its first `": "`, such as `Case 4 (n=18, half-board)`) gets its first
/// line once it has been the subject for a [`REDRAW`], then one each
/// `every`; a new subject starts over, and nothing to show (`None`) uses
/// up no time. So a long case of a batch is reported within about a
/// second of its start, however long the cases before it took, and a
/// quick one never is. Times are given (since the watch began), so that it
/// is tested without a clock.
///
/// ```
/// use std::time::Duration;
/// use nqueens::tools::progress::Pacer;
/// let s = Duration::from_secs;
/// let mut pacer = Pacer::new(s(10));
/// assert!(!pacer.due(s(1), None));
/// assert!(!pacer.due(s(3), Some("Case 4: 0.0% done")));
/// assert!(pacer.due(s(4), Some("Case 4: 1.0% done")));
/// assert!(!pacer.due(s(5), Some("Case 4: 2.0% done")));
/// assert!(pacer.due(s(14), Some("Case 4: 9.0% done")));
/// ```
#[derive(Debug)]
pub struct Pacer {
    every: Duration,
    subject: Option<String>,
    since: Duration,
    last: Option<Duration>,
}

impl Pacer {
    /// Lines of one subject each `every` after its first.
    pub fn new(every: Duration) -> Pacer {
        Pacer {
            every,
            subject: None,
            since: Duration::ZERO,
            last: None,
        }
    }

    /// Whether `line` (or nothing) is to be shown at `now`.
    pub fn due(&mut self, now: Duration, line: Option<&str>) -> bool {
        let subject = line.map(|line| line.split(": ").next().unwrap_or(line));
        if subject != self.subject.as_deref() {
            self.subject = subject.map(str::to_string);
            self.since = now;
            self.last = None;
        }
        if self.subject.is_none() {
            return false;
        }
        let due = match self.last {
            None => now >= self.since + REDRAW,
            Some(last) => now >= last + self.every,
        };
        if due {
            self.last = Some(now);
        }
        due
    }
}

/// Runs `work`, and while it runs (unless `progress` is off) shows what
/// `status` says on stderr, paced by a [`Pacer`]: [`Progress::Redrawn`] once
/// a [`REDRAW`], [`Progress::Lines`] a plain line once a [`LOG_EVERY`]; `None` shows
/// nothing (and clears the line on a terminal). Each subject's first line
/// comes after one [`REDRAW`] in either case, so a long run (and each long
/// case of a batch) speaks from its first second. Returns what `work`
/// returns.
pub fn watch_with<T>(
    progress: Progress,
    status: &(dyn Fn() -> Option<String> + Sync),
    work: impl FnOnce() -> T,
) -> T {
    if !progress.on() {
        return work();
    }
    let finished = AtomicBool::new(false);
    let terminal = progress == Progress::Redrawn;
    let every = if terminal { REDRAW } else { LOG_EVERY };
    thread::scope(|scope| {
        scope.spawn(|| {
            let start = Instant::now();
            let mut pacer = Pacer::new(every);
            let mut shown = false;
            while !finished.load(Ordering::Relaxed) {
                thread::sleep(TICK);
                let line = status();
                if !pacer.due(start.elapsed(), line.as_deref()) && (line.is_some() || !shown) {
                    continue;
                }
                // Progress is a courtesy: a failed write must not end the run.
                let mut stderr = std::io::stderr().lock();
                match line {
                    // Back to the line start, then clear to its end.
                    Some(line) if terminal => {
                        let _ = write!(stderr, "\r{line}\x1b[K");
                        shown = true;
                    }
                    Some(line) => {
                        let _ = writeln!(stderr, "{line}");
                    }
                    None if shown => {
                        let _ = write!(stderr, "\r\x1b[K");
                        shown = false;
                    }
                    None => {}
                }
            }
            if terminal && shown {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A stderr stand-in whose text the test reads back while the writer
    /// has been moved into [`say_if_slow`]'s timer.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    /// Issue 38: in a batch under `--progress` into a log, a long case
    /// after quick ones (and a second of planning with nothing to show)
    /// got its first line 10 s in; each subject now gets its own first
    /// second.
    #[test]
    fn each_long_case_of_a_batch_is_reported_a_second_into_it() {
        let mut pacer = Pacer::new(LOG_EVERY);
        let ms = Duration::from_millis;
        let mut shown = Vec::new();
        for tick in 1..=300 {
            let now = ms(100 * tick);
            let line = match now.as_millis() {
                // Planning: nothing to show.
                0..=1500 => None,
                // Three quick cases, then the long one from 2 s on.
                1501..=1800 => Some("Case 1 (n=8, ordered): 0.0% done".to_string()),
                1801..=2000 => Some("Case 3 (n=1, ordered): 0.0% done".to_string()),
                _ => Some(format!("Case 4 (n=18, half-board): {tick}% done")),
            };
            if pacer.due(now, line.as_deref()) {
                shown.push((now, line.unwrap()));
            }
        }
        let times: Vec<u128> = shown.iter().map(|(t, _)| t.as_millis()).collect();
        assert_eq!(times, [3100, 13100, 23100], "{shown:?}");
        assert!(shown.iter().all(|(_, l)| l.starts_with("Case 4 ")));
    }

    #[test]
    fn a_slow_step_on_a_terminal_says_what_it_does_while_it_runs() {
        let err = Shared::default();
        let seen = err.clone();
        let answer = say_if_slow(true, Duration::from_millis(50), "planning", err, || {
            // Said during the work, not after it (waited for five minutes
            // at most: a guard against a timer that never fires, no bound
            // on speed).
            let start = Instant::now();
            while seen.text().is_empty() && start.elapsed() < Duration::from_secs(300) {
                thread::sleep(Duration::from_millis(5));
            }
            seen.text()
        });
        assert_eq!(answer, "planning\n");
        assert_eq!(seen.text(), "planning\n", "said once");
    }

    #[test]
    fn a_quick_step_says_nothing_and_does_not_wait_for_the_timer() {
        let err = Shared::default();
        // A timer of ten minutes, and half of that as the bound: no load
        // makes a step that returns at once take minutes; waiting for the
        // timer would.
        let start = Instant::now();
        let answer = say_if_slow(
            true,
            Duration::from_secs(600),
            "planning",
            err.clone(),
            || 7,
        );
        assert_eq!(answer, 7);
        assert!(
            start.elapsed() < Duration::from_secs(300),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(err.text(), "");
    }

    #[test]
    fn off_a_terminal_a_slow_step_says_nothing() {
        let err = Shared::default();
        say_if_slow(false, Duration::ZERO, "planning", err.clone(), || {
            thread::sleep(Duration::from_millis(100));
        });
        assert_eq!(err.text(), "");
    }

    #[test]
    fn a_step_that_panics_still_stops_the_timer() {
        let err = Shared::default();
        let start = Instant::now();
        let outcome = std::panic::catch_unwind(|| {
            say_if_slow(
                true,
                Duration::from_secs(600),
                "planning",
                err.clone(),
                || panic!("the work failed"),
            )
        });
        assert!(outcome.is_err());
        // As above: a bound of minutes, half the timer's.
        assert!(start.elapsed() < Duration::from_secs(300));
        assert_eq!(err.text(), "");
    }
}
