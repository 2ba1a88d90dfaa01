//! Estimates before the work: what a run will cost in work, time on the
//! threads and peak memory, from the same cost model the planner chooses
//! by ([`crate::plan::cost`] and the methods' quotes), without searching.
//!
//! - [`blank_count`]: `count N`, the blank engine's set-up (its work units)
//!   and count, priced through [`BLANK_ENGINE_SHARE`] of the plain blank
//!   search's estimated nodes;
//! - judge cases: [`crate::plan::planner::Planner::estimate`], each case's
//!   cheapest quote.
//!
//! Estimates steer nothing and are only as good as the prices: the tree
//! sizes come from random probes (fixed seeds, so the same input gets the
//! same estimate) and the nanoseconds per node from the development machine.

use crate::base::board::Board;
use crate::base::problem::Problem;
use crate::engine::estimate;
use crate::plan::cost::{BLANK_ENGINE_SHARE, NS_PER_NODE};

/// The memory any run takes: the program, its buffers and one batch of
/// boards (measured: judge mode's peak RSS is about 2 MiB).
pub const BASE_BYTES: f64 = 2.0 * 1024.0 * 1024.0;

/// Probes for a blank tree's size, as [`crate::plan::method::Shared`]
/// makes them.
pub const BLANK_PROBES: u32 = 256;

/// Bytes per blank-engine work unit while the units are made: the
/// constellation (96 bytes) and its queens, orbit and stabilizer on the
/// heap (80 more, measured at n = 8..=24), twice over (the threads' shares
/// are flattened into one list).
const BYTES_PER_UNIT: f64 = 2.0 * 176.0;

/// Set-up time per work unit, ns on one thread (choosing the unit's
/// cheapest image: measured 7 to 19 us at n = 16..=24 on a loaded
/// machine, growing with n).
const SETUP_NS_PER_UNIT: f64 = 10_000.0;

/// What a run is estimated to cost.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Estimate {
    /// The size of the plain search tree the cost is priced from, in
    /// nodes, where the cost model counts them (blank counts).
    pub nodes: Option<f64>,
    /// CPU time summed over the threads, ns.
    pub cpu_ns: f64,
    /// Wall time on the threads, ns.
    pub wall_ns: f64,
    /// Peak memory, bytes.
    pub bytes: f64,
    /// The threads it was estimated for.
    pub threads: usize,
}

/// The estimated nodes of the plain blank search of side `n` (as the
/// planner estimates them).
pub fn blank_nodes(n: usize) -> f64 {
    estimate::nodes(&Problem::new(&Board::blank(n)).rows(), BLANK_PROBES)
}

/// The blank engine's work units for side `n`, estimated without making
/// them: about `n^4 / 15` (measured: 3206 at n = 16, 9522 at 20, 22462 at
/// 24; one representative per orbit of the 8 symmetries of the border
/// placements).
pub fn blank_units(n: usize) -> f64 {
    (n as f64).powi(4) / 15.0
}

/// The memory the blank engine of side `n` holds (its work units).
pub fn blank_engine_bytes(n: usize) -> f64 {
    blank_units(n) * BYTES_PER_UNIT
}

/// `count N` on `threads` threads: the blank engine's set-up and count.
///
/// ```
/// let small = nqueens::plan::estimate::blank_count(8, 1);
/// let big = nqueens::plan::estimate::blank_count(20, 1);
/// assert!(small.cpu_ns < 1e8 && big.cpu_ns > 1e11);
/// assert!(big.wall_ns == big.cpu_ns);
/// ```
pub fn blank_count(n: usize, threads: usize) -> Estimate {
    let threads = threads.max(1);
    let nodes = blank_nodes(n);
    let cpu_ns = nodes * NS_PER_NODE * BLANK_ENGINE_SHARE + blank_units(n) * SETUP_NS_PER_UNIT;
    Estimate {
        nodes: Some(nodes),
        cpu_ns,
        wall_ns: cpu_ns / threads as f64,
        bytes: BASE_BYTES + blank_engine_bytes(n),
        threads,
    }
}

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
