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

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

pub use crate::plan::estimate::{about, human, DAY, LONG};

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
    status_estimated(label, done, total, elapsed, None)
}

/// The share of the work (by its cost units) done before the time left is
/// told by the measured rate alone: before, the estimate of the whole run
/// says it while it still can (the first units may be unlike the rest).
pub const MEASURED_SHARE: f64 = 0.05;

/// How a status line tells the time left ([`time_left`]).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum TimeLeft {
    /// Too little done to measure, and the run is within its estimate
    /// (`whole` seconds): the estimate less the time elapsed, `left`.
    Quoted { left: f64, whole: f64 },
    /// Measured from the share done in the time elapsed, `left`, where the
    /// estimate (`whole`) was outlived before enough was done: a wrong
    /// quote is corrected, never repeated.
    Corrected { left: f64, whole: f64 },
    /// Past its estimate (`whole`) with nothing done: nothing to measure.
    Past { whole: f64 },
    /// Measured from the share done in the time elapsed.
    Measured { left: f64 },
    /// No estimate and nothing done.
    Unknown,
}

/// The time left of a run that has done `share` (0 to 1) of its work in
/// `seconds`, with the cost model's `estimate` of the whole run (seconds).
/// From the share done in the time elapsed once [`MEASURED_SHARE`] is done
/// or once the run has outlived its estimate; before that from the
/// estimate, as the estimate less the time elapsed, so that the time left
/// comes down as the run goes on (issue 75: it was the estimate less the
/// share done, which stayed put while the share did). A pure function:
/// tested without a clock.
///
/// ```
/// use nqueens::tools::progress::{time_left, TimeLeft};
/// assert_eq!(time_left(0.001, 2.0, Some(18.0)), TimeLeft::Quoted { left: 16.0, whole: 18.0 });
/// assert_eq!(time_left(0.5, 4.0, Some(9.0)), TimeLeft::Measured { left: 4.0 });
/// ```
pub fn time_left(share: f64, seconds: f64, estimate: Option<f64>) -> TimeLeft {
    let measured = (share > 0.0).then(|| seconds * (1.0 - share) / share);
    match (estimate, measured) {
        (Some(whole), _) if share < MEASURED_SHARE && seconds < whole => TimeLeft::Quoted {
            left: whole - seconds,
            whole,
        },
        (Some(whole), Some(left)) if share < MEASURED_SHARE || seconds > whole => {
            TimeLeft::Corrected { left, whole }
        }
        (Some(whole), None) => TimeLeft::Past { whole },
        (_, Some(left)) => TimeLeft::Measured { left },
        (None, None) => TimeLeft::Unknown,
    }
}

/// [`status`], with the cost model's `estimate` of the whole run's time (in
/// seconds: it may be far beyond what a [`Duration`] holds), the time left
/// as [`time_left`] tells it. A run estimated above a day is called
/// hopeless, and given no time left until it is measured (a day less a
/// few seconds is the same day).
///
/// ```
/// use std::time::Duration;
/// use nqueens::tools::progress::status_estimated;
/// let day = 86_400.0;
/// assert_eq!(
///     status_estimated("n=40", 0, 100, Duration::from_secs(5), Some(day * 3652.5)),
///     "n=40: 0.0% done, 5 s elapsed, estimated 10 years in all: hopeless"
/// );
/// assert_eq!(
///     status_estimated("n=18", 0, 100, Duration::from_secs(5), Some(day / 24.0)),
///     "n=18: 0.0% done, 5 s elapsed, about 60 min left (estimated 60 min in all)"
/// );
/// // Quoted 9 s, 1% done after 20 s: the quote was wrong, the rate says.
/// assert_eq!(
///     status_estimated("n=18", 1, 100, Duration::from_secs(20), Some(9.0)),
///     "n=18: 1.0% done, 20 s elapsed, about 33 min left (measured; estimated 9 s in all)"
/// );
/// ```
pub fn status_estimated(
    label: &str,
    done: u64,
    total: u64,
    elapsed: Duration,
    estimate: Option<f64>,
) -> String {
    // Whole seconds: a line redrawn each second reads `5 s`, `6 s`, not
    // `5.1 s`, `6.1 s`.
    let seconds = elapsed.as_secs_f64();
    let shown = human(seconds.floor());
    if total == 0 {
        return format!("{label}: {done} done, {shown} elapsed");
    }
    let share = (done as f64 / total as f64).min(1.0);
    let left = match time_left(share, seconds, estimate) {
        TimeLeft::Quoted { whole, .. } if whole > DAY => {
            format!("estimated {} in all: hopeless", human(whole))
        }
        TimeLeft::Quoted { left, whole } => {
            format!("{} left (estimated {} in all)", about(left), human(whole))
        }
        TimeLeft::Corrected { left, whole } => format!(
            "{} left (measured; estimated {} in all)",
            about(left),
            human(whole)
        ),
        TimeLeft::Past { whole } => format!(
            "past its estimate ({} in all), time left unknown",
            human(whole)
        ),
        TimeLeft::Measured { left } => format!("{} left", about(left)),
        TimeLeft::Unknown => "time left unknown".to_string(),
    };
    format!(
        "{label}: {:.1}% done, {shown} elapsed, {left}",
        share * 100.0
    )
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
    fn a_wrong_quote_is_corrected_by_what_is_measured() {
        let s = Duration::from_secs;
        // Quoted 9 s; after 30 s, 20% done: the rate tells, not the quote.
        let line = status_estimated("Case 4", 20, 100, s(30), Some(9.0));
        assert_eq!(
            line,
            "Case 4: 20.0% done, 30 s elapsed, about 2 min left (measured; estimated 9 s in all)"
        );
        // Nothing done yet, past the quote: no made-up time left.
        let line = status_estimated("Case 4", 0, 100, s(30), Some(9.0));
        assert!(
            line.ends_with("past its estimate (9 s in all), time left unknown"),
            "{line}"
        );
        // Within the quote and little done: the quote, less the time
        // elapsed.
        let line = status_estimated("Case 4", 1, 100, s(2), Some(9.0));
        assert!(
            line.ends_with("about 7 s left (estimated 9 s in all)"),
            "{line}"
        );
        // Enough done within the quote: measured.
        let line = status_estimated("Case 4", 50, 100, s(4), Some(9.0));
        assert!(line.ends_with("about 4 s left"), "{line}");
    }

    /// Issue 75: in the first 5% the line kept "about 18 s left" while the
    /// time elapsed grew (the quote less the share done, and the share
    /// barely moved). Until the rate is measured, the quote less the time
    /// elapsed: down a second a second.
    #[test]
    fn before_five_percent_the_time_left_comes_down_as_time_passes() {
        let s = Duration::from_secs;
        let lines: Vec<String> = (1..=17)
            .map(|t| status_estimated("n=17", 1, 1000, s(t), Some(18.0)))
            .collect();
        assert_eq!(
            lines[1],
            "n=17: 0.1% done, 2 s elapsed, about 16 s left (estimated 18 s in all)"
        );
        assert!(
            lines[16].ends_with(", 17 s elapsed, about 1 s left (estimated 18 s in all)"),
            "{}",
            lines[16]
        );
        for pair in lines.windows(2) {
            let left = |line: &str| line.split(" elapsed, ").nth(1).unwrap().to_string();
            assert_ne!(left(&pair[0]), left(&pair[1]), "{pair:?}");
        }
        // Nothing done yet: the same countdown.
        let line = status_estimated("n=17", 0, 1000, s(5), Some(18.0));
        assert!(
            line.ends_with("about 13 s left (estimated 18 s in all)"),
            "{line}"
        );
    }

    #[test]
    fn the_quoted_time_left_falls_with_time_and_the_measured_one_takes_over() {
        for share in [0.0, 0.001, 0.01, 0.049] {
            let mut last = f64::INFINITY;
            for tenth in 0..180 {
                let seconds = f64::from(tenth) / 10.0;
                match time_left(share, seconds, Some(18.0)) {
                    TimeLeft::Quoted { left, whole } => {
                        assert_eq!(whole, 18.0);
                        assert!(
                            left < last,
                            "share {share}, {seconds} s: {left} after {last}"
                        );
                        assert!(left > 0.0);
                        last = left;
                    }
                    other => panic!("share {share}, {seconds} s: {other:?}"),
                }
            }
        }
        // Past the quote: measured if anything is done, else unknown.
        assert_eq!(
            time_left(0.01, 20.0, Some(18.0)),
            TimeLeft::Corrected {
                left: 1980.0,
                whole: 18.0
            }
        );
        assert_eq!(
            time_left(0.0, 20.0, Some(18.0)),
            TimeLeft::Past { whole: 18.0 }
        );
        // Enough done: measured, whatever the quote.
        assert_eq!(
            time_left(0.25, 10.0, Some(18.0)),
            TimeLeft::Measured { left: 30.0 }
        );
        assert_eq!(
            time_left(0.25, 10.0, None),
            TimeLeft::Measured { left: 30.0 }
        );
        assert_eq!(time_left(0.0, 10.0, None), TimeLeft::Unknown);
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
