//! Quotes before the work (what `--estimate` prints, and the notes before
//! long work): what a run will take in CPU, time on the threads and peak
//! memory, from the same cost models the engines and the planner choose
//! by, without searching. A [`Quote`] is a price (the model's, at the
//! reference machine's speed) on the run's threads, scaled to this
//! machine's speed when shown.
//!
//! - [`blank_count`]: `count N`, priced by the engine the one rule
//!   ([`crate::engine::counter::choose`]) picks, from that engine's own
//!   cost model;
//! - judge cases: [`crate::plan::planner::Planner::estimate`], each case's
//!   cheapest quote.
//!
//! Quotes steer nothing and are only as good as the prices: the tree
//! sizes come from random probes (fixed seeds, so the same input gets the
//! same quote) and the nanoseconds per node from the development
//! machine, scaled to the run's speed where shown ([`Quote::calibrated`]
//! by the [`Speed`] resolved with the run's settings,
//! [`crate::plan::calibration`]).

use crate::engine::budget::{self, Budget};
use crate::engine::counter::{self, CountPrice, Engine};
use crate::plan::calibration::{Calibration, CostClass, Speed};

pub use crate::engine::counter::constellation_units::{
    blank_nodes, bytes as constellation_engine_bytes,
};
pub use crate::tuning::planner::LONG;

/// The memory a run on `threads` threads takes besides an engine's tables
/// ([`crate::engine::budget::base_bytes`]).
pub fn base_bytes(threads: usize) -> f64 {
    budget::base_bytes(threads) as f64
}

/// What a run is quoted at: its price on its threads, scaled to a speed
/// once [`Quote::calibrated`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Quote {
    /// The engine that will count, for blank counts.
    pub engine: Option<Engine>,
    /// CPU time summed over the threads, ns.
    pub cpu_ns: f64,
    /// Wall time on the threads, ns.
    pub wall_ns: f64,
    /// Peak memory, bytes.
    pub bytes: f64,
    /// The threads it was quoted for.
    pub threads: usize,
    /// The cost class whose speed the times are priced at.
    pub cost_class: CostClass,
    /// The calibration the times were scaled by ([`Quote::calibrated`]);
    /// `None`: the reference model's times.
    pub calibration: Option<Calibration>,
}

impl Quote {
    /// The same quote for `share` of its work (`0..=1`: the units a
    /// resumed count has left), its memory as it is.
    ///
    /// ```
    /// let quote = nqueens::plan::estimate::blank_count(12, false, Default::default());
    /// assert_eq!(quote.share(0.25).cpu_ns, quote.cpu_ns / 4.0);
    /// assert_eq!(quote.share(0.25).bytes, quote.bytes);
    /// ```
    pub fn share(&self, share: f64) -> Quote {
        Quote {
            cpu_ns: self.cpu_ns * share,
            wall_ns: self.wall_ns * share,
            ..*self
        }
    }

    /// The same quote at `speed` (the run's: its probe run now if it
    /// has not run yet); a quote calibrated already is returned as it
    /// is.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, Speed};
    /// let quote = nqueens::plan::estimate::blank_count(12, false, Default::default());
    /// let pinned = quote.calibrated(&Speed::fixed(Calibration::pinned(2.0)));
    /// assert_eq!(pinned.cpu_ns, 2.0 * quote.cpu_ns);
    /// assert_eq!(pinned.calibration, Some(Calibration::pinned(2.0)));
    /// assert_eq!(pinned.calibrated(&Speed::reference()), pinned);
    /// ```
    pub fn calibrated(&self, speed: &Speed) -> Quote {
        if self.calibration.is_some() {
            return *self;
        }
        let calibration = speed.calibration();
        let factor = calibration.factor(self.cost_class);
        Quote {
            cpu_ns: self.cpu_ns * factor,
            wall_ns: self.wall_ns * factor,
            calibration: Some(calibration),
            ..*self
        }
    }
}

/// `count N` for `budget` (with unique counts when `unique`): the chosen
/// engine's set-up and count.
///
/// ```
/// use nqueens::engine::counter::Engine;
/// let one = Default::default();
/// let small = nqueens::plan::estimate::blank_count(8, false, one);
/// let big = nqueens::plan::estimate::blank_count(18, false, one);
/// assert!(small.cpu_ns < 1e8 && big.cpu_ns > 1e9);
/// assert_eq!(big.engine, Some(Engine::Join));
/// assert!(big.wall_ns == big.cpu_ns);
/// ```
pub fn blank_count(n: usize, unique: bool, budget: Budget) -> Quote {
    of_price(&counter::choose(n, unique, budget).price(), budget.threads)
}

/// A blank count's quote on `threads` threads from its engine's price.
pub fn of_price(count_price: &CountPrice, threads: usize) -> Quote {
    let threads = threads.max(1);
    Quote {
        engine: Some(count_price.engine),
        cpu_ns: count_price.cpu_ns,
        wall_ns: count_price.cpu_ns / threads as f64,
        bytes: base_bytes(threads) + count_price.bytes_on(threads),
        threads,
        cost_class: count_price.cost_class,
        calibration: None,
    }
}

/// A day, in seconds: the longest run not called hopeless.
pub const DAY: f64 = 86_400.0;

/// A duration of `seconds` for a person to read: the one form every
/// duration the program shows a person takes (quotes, notes before long
/// work, progress lines, advice). Machine-read figures (`--explain`'s
/// `est=` and `actual=`, shard records, checkpoints) keep their own.
///
/// - the unit: `ms` below a second, `s` below two minutes, then `min`
///   below two hours, `h` below two days, `days` below a year, `years`;
/// - the number: one decimal below 10 (none when it is `.0`), a whole
///   number from 10 on, so two or three significant figures; from 1000
///   years on, `5.3e5 years` (always this form, never `530000 years`);
/// - below a millisecond, `under 1 ms` (nothing the program times or
///   prices that quickly needs a closer figure); a time no number holds
///   (an infinite or undefined quote, from a method that cannot finish),
///   `forever`.
///
/// The unit is chosen after rounding, so a figure never reads as the next
/// unit's worth of this one (`1000 ms`, `120 s`).
///
/// ```
/// use nqueens::plan::estimate::human;
/// assert_eq!(human(0.0), "under 1 ms");
/// assert_eq!(human(0.0000123), "under 1 ms");
/// assert_eq!(human(0.0123), "12 ms");
/// assert_eq!(human(0.5049), "505 ms");
/// assert_eq!(human(7.25), "7.3 s");
/// assert_eq!(human(42.4), "42 s");
/// assert_eq!(human(7200.0), "2 h");
/// assert_eq!(human(3.5 * 86_400.0), "3.5 days");
/// assert_eq!(human(365.25 * 86_400.0), "1 year");
/// assert_eq!(human(3.2e9), "101 years");
/// assert_eq!(human(531_768.6 * 365.25 * 86_400.0), "5.3e5 years");
/// assert_eq!(human(f64::INFINITY), "forever");
/// ```
pub fn human(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * DAY;
    // Each unit: its length in seconds, the plural's name, the singular's,
    // and the figure (after rounding) from which the next unit is used.
    const UNITS: [(f64, &str, &str, f64); 6] = [
        (1e-3, "ms", "ms", 1000.0),
        (1.0, "s", "s", 120.0),
        (60.0, "min", "min", 120.0),
        (3600.0, "h", "h", 48.0),
        (DAY, "days", "day", 365.0),
        (YEAR, "years", "year", 1000.0),
    ];
    if seconds.is_nan() || seconds == f64::INFINITY {
        return "forever".to_string();
    }
    if seconds < 1e-3 {
        return "under 1 ms".to_string();
    }
    for (length, plural, singular, next) in UNITS {
        let figure = rounded(seconds / length);
        if figure < next {
            let name = if figure == 1.0 { singular } else { plural };
            return if figure == figure.trunc() {
                format!("{figure:.0} {name}")
            } else {
                format!("{figure:.1} {name}")
            };
        }
    }
    format!("{:.1e} years", seconds / YEAR)
}

/// [`human`] with "about" before it, as quotes are worded ("about 2.5
/// min"), except where the form says all there is to say without it
/// (`under 1 ms`, `forever`).
///
/// ```
/// use nqueens::plan::estimate::about;
/// assert_eq!(about(150.0), "about 2.5 min");
/// assert_eq!(about(1e-6), "under 1 ms");
/// assert_eq!(about(f64::INFINITY), "forever");
/// ```
pub fn about(seconds: f64) -> String {
    let figure = human(seconds);
    if figure.starts_with(|c: char| c.is_ascii_digit()) {
        format!("about {figure}")
    } else {
        figure
    }
}

/// `x` (at least 1) as [`human`] shows it: to one decimal below 10, to a
/// whole number from there (a figure that one decimal rounds up to 10 is
/// whole too).
fn rounded(x: f64) -> f64 {
    let tenths = (x * 10.0).round() / 10.0;
    if tenths < 10.0 {
        tenths
    } else {
        x.round()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const YEAR: f64 = 365.25 * DAY;

    /// Issue 75: durations came as `0 us`, `504.9 ms`, `531768.6 years`
    /// beside `1.1e6 years`, and `inf years`. Each unit's edges, in one form.
    #[test]
    fn every_duration_takes_one_form_at_each_units_edges() {
        let cases = [
            (-1.0, "under 1 ms"),
            (0.0, "under 1 ms"),
            (0.000_999, "under 1 ms"),
            (0.001, "1 ms"),
            (0.001_25, "1.3 ms"),
            (0.5049, "505 ms"),
            (0.9994, "999 ms"),
            // Not `1000 ms`: the unit is chosen after rounding.
            (0.9996, "1 s"),
            (1.0, "1 s"),
            (9.94, "9.9 s"),
            (9.96, "10 s"),
            (18.0, "18 s"),
            (119.4, "119 s"),
            (119.6, "2 min"),
            (150.0, "2.5 min"),
            (7140.0, "119 min"),
            (7170.0, "2 h"),
            (47.4 * 3600.0, "47 h"),
            (47.6 * 3600.0, "2 days"),
            (DAY, "24 h"),
            (16.7 * DAY, "17 days"),
            (364.4 * DAY, "364 days"),
            // Not `365 days`: a year.
            (364.6 * DAY, "1 year"),
            (365.3 * DAY, "1 year"),
            (1.5 * YEAR, "1.5 years"),
            (101.4 * YEAR, "101 years"),
            (999.4 * YEAR, "999 years"),
            (999.6 * YEAR, "1.0e3 years"),
            (531_768.6 * YEAR, "5.3e5 years"),
            (1.1e6 * YEAR, "1.1e6 years"),
            (2.9e48 * YEAR, "2.9e48 years"),
            (f64::MAX, "5.7e300 years"),
            (f64::INFINITY, "forever"),
            (f64::NAN, "forever"),
        ];
        for (seconds, form) in cases {
            assert_eq!(human(seconds), form, "{seconds} s");
        }
    }

    #[test]
    fn about_goes_only_before_a_figure() {
        assert_eq!(about(0.5049), "about 505 ms");
        assert_eq!(about(2.0 * YEAR), "about 2 years");
        assert_eq!(about(0.0), "under 1 ms");
        assert_eq!(about(f64::INFINITY), "forever");
    }
}
