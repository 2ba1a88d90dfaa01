//! What the engines' operations cost, in nanoseconds on one thread of the
//! development machine: the prices every method's quote is made of.
//!
//! These are the speeds of the engines that several methods run; a
//! method's own constants (limits, what its extra passes cost) are used in
//! its file. Every one of them is a row of the cost table
//! ([`crate::tuning::planner`], [`crate::tuning::methods`]), with how it
//! was measured. They only steer choices: a wrong price costs time, never
//! an answer.

pub use crate::engine::counter::constellation_units::{
    units as constellation_engine_units, CONSTELLATION_ENGINE_SHARE, SETUP_NS_PER_UNIT,
};
pub use crate::engine::tree_size::NS_PER_NODE;
pub use crate::tuning::planner::{
    ENUMERATION_SHARE, NS_PER_BOARD_NODE, NS_PER_LANE_NODE, PLAN_PROBES, QUICK_PROBES,
    REFINE_FRONTIER, REFINE_NS, REFINE_PROBES, REFINE_WITHIN,
};

/// A search's quote refined ([`crate::plan::method::CountingMethod::refine`]):
/// when `quote` (from a few probes) is above [`REFINE_NS`], the stratified
/// estimate `finer()` times `ns`, else `quote`. Knuth's estimate from a few
/// dozen probes of a lopsided tree is off by 2-5x either way on big boards
/// with blocked cells (measured in the obstacles bench); stratified, within
/// 1.3x.
pub fn refined(quote: f64, ns: f64, finer: impl FnOnce() -> f64) -> f64 {
    if quote > REFINE_NS {
        finer() * ns
    } else {
        quote
    }
}

/// Nanoseconds as milliseconds, for `--explain`.
pub fn ms(ns: f64) -> String {
    format!("{:.3}ms", ns / 1e6)
}
