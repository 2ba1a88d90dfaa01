//! What the engines' operations cost, in nanoseconds on one thread of the
//! development machine: the prices every method's quote is made of.
//!
//! A method's own constants (limits, what its extra passes cost) live in
//! its file; these are the speeds of the engines that several methods run.
//! They only steer choices: a wrong price costs time, never an answer.

pub use crate::engine::counter::constellations::BLANK_ENGINE_SHARE;
pub use crate::engine::estimate::NS_PER_NODE;

/// The same, for estimates of boards with obstacles from a few dozen probes:
/// their trees are lopsided, so most probes die early and the estimate
/// tends to come out low (measured with `--explain`: actual/estimate about
/// 1.5-2 for the kernel, 1-1.3 for the most-constrained search).
pub const NS_PER_BOARD_NODE: f64 = NS_PER_NODE * 1.5;

/// The blank engine's enumeration (the count's search, plus every solution
/// mapped through its images): measured 30 ms at n = 14, a 0.12 share.
/// Index builds are priced through it.
pub const ENUMERATION_SHARE: f64 = 0.12;

/// Estimator probes for a quick first look and for a real plan.
pub const QUICK_PROBES: u32 = 4;
pub const PLAN_PROBES: u32 = 24;

/// Nanoseconds as milliseconds, for `--explain`.
pub fn ms(ns: f64) -> String {
    format!("{:.3}ms", ns / 1e6)
}
