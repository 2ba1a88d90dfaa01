//! Estimates before the work: what a run will cost in work, time on the
//! threads and peak memory, from the same cost models the engines and the
//! planner choose by, without searching.
//!
//! - [`blank_count`]: `count N`, priced by the engine the one rule
//!   ([`crate::engine::counter::choose`]) picks, from that engine's own
//!   cost model;
//! - judge cases: [`crate::plan::planner::Planner::estimate`], each case's
//!   cheapest quote.
//!
//! Estimates steer nothing and are only as good as the prices: the tree
//! sizes come from random probes (fixed seeds, so the same input gets the
//! same estimate) and the nanoseconds per node from the development
//! machine, scaled to this one's speed where shown
//! ([`Estimate::calibrated`], [`crate::plan::calibration`]).

use crate::engine::budget::{self, Budget};
use crate::engine::counter::{self, Engine, Sizing};
use crate::plan::calibration::{self, Calibration, Kernel};

pub use crate::engine::counter::constellations::{blank_nodes, bytes as blank_engine_bytes};

/// The memory a run on `threads` threads takes besides an engine's tables
/// ([`crate::engine::budget::base_bytes`]).
pub fn base_bytes(threads: usize) -> f64 {
    budget::base_bytes(threads) as f64
}

/// What a run is estimated to cost.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// The engine that will count, for blank counts.
    pub engine: Option<Engine>,
    /// CPU time summed over the threads, ns.
    pub cpu_ns: f64,
    /// Wall time on the threads, ns.
    pub wall_ns: f64,
    /// Peak memory, bytes.
    pub bytes: f64,
    /// The threads it was estimated for.
    pub threads: usize,
    /// The kernel whose speed the times are priced at.
    pub kernel: Kernel,
    /// The calibration the times were scaled by ([`Estimate::calibrated`]);
    /// `None`: the reference model's times.
    pub calibration: Option<Calibration>,
}

impl Estimate {
    /// The same estimate at this machine's speed (the probes of
    /// [`crate::plan::calibration`], run now if they have not run yet);
    /// an estimate calibrated already is returned as it is.
    pub fn calibrated(&self) -> Estimate {
        if self.calibration.is_some() {
            return *self;
        }
        let calibration = calibration::get();
        let factor = calibration.factor(self.kernel);
        Estimate {
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
pub fn blank_count(n: usize, unique: bool, budget: Budget) -> Estimate {
    of_sizing(&counter::choose(n, unique, budget).sizing(), budget.threads)
}

/// A blank count's estimate on `threads` threads from its engine's sizing.
pub fn of_sizing(sizing: &Sizing, threads: usize) -> Estimate {
    let threads = threads.max(1);
    Estimate {
        engine: Some(sizing.engine),
        cpu_ns: sizing.cpu_ns,
        wall_ns: sizing.cpu_ns / threads as f64,
        bytes: base_bytes(threads) + sizing.bytes_on(threads),
        threads,
        kernel: sizing.kernel,
        calibration: None,
    }
}
/// Work estimated above this many seconds (on its threads) is announced on
/// stderr when it starts, terminal or not: a log should say why nothing
/// else comes for minutes.
pub const LONG: f64 = 60.0;

/// A day, in seconds: the longest run not called hopeless.
pub const DAY: f64 = 86_400.0;

/// Seconds in the unit a person reads best: `s` below two minutes, then
/// `min`, `h`, `days`, `years`.
///
/// ```
/// use nqueens::plan::estimate::human;
/// assert_eq!(human(42.4), "42 s");
/// assert_eq!(human(0.0123), "12.3 ms");
/// assert_eq!(human(0.0000123), "12 us");
/// assert_eq!(human(7200.0), "2.0 h");
/// assert_eq!(human(3.2e9), "101.4 years");
/// assert_eq!(human(3.2e17), "1.0e10 years");
/// ```
pub fn human(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * DAY;
    if seconds < 1e-3 {
        format!("{:.0} us", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.1} ms", seconds * 1e3)
    } else if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else if seconds < 2.0 * DAY {
        format!("{:.1} h", seconds / 3600.0)
    } else if seconds < YEAR {
        format!("{:.1} days", seconds / DAY)
    } else if seconds < 1e6 * YEAR {
        format!("{:.1} years", seconds / YEAR)
    } else {
        format!("{:.1e} years", seconds / YEAR)
    }
}
