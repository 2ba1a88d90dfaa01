//! The status line of a run in progress: its share done, the time
//! elapsed and the time left, told from the cost model's estimate until
//! enough is done to measure the rate. Pure functions of the figures,
//! tested without a clock.

use std::time::Duration;

use crate::plan::estimate::{about, human, DAY};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
