//! What the engines' operations cost, in nanoseconds on one thread of the
//! development machine: the prices every method's quote is made of.
//!
//! A method's own constants (limits, what its extra passes cost) live in
//! its file; these are the speeds of the engines that several methods run.
//! They only steer choices: a wrong price costs time, never an answer.

pub use crate::engine::counter::constellation_units::{
    units as blank_engine_units, BLANK_ENGINE_SHARE, SETUP_NS_PER_UNIT,
};
pub use crate::engine::tree_size::NS_PER_NODE;

/// The same, for estimates of boards with obstacles from a few dozen probes:
/// their trees are lopsided, so most probes die early and the estimate
/// tends to come out low (measured with `--explain`: actual/estimate about
/// 1.5-2 for the kernel, 1-1.3 for the most-constrained search).
pub const NS_PER_BOARD_NODE: f64 = NS_PER_NODE * 1.5;

/// A big search split into parts ([`crate::plan::work::Work::split_for`])
/// runs them in the kernel's interleaved lanes: per node of its stratified
/// estimate ([`refined`]). Measured 4.6 to 5.2 ns on boards of n = 15..18
/// with 3% to 30% blocked (the obstacles bench's `big single boards`) on
/// the development machine before quotes were scaled by its probes; scaled
/// by the searches' probe ([`crate::plan::calibration`]) the forced plain
/// and ordered searches of the quotes bench then ran 0.62-0.92 of their
/// quotes in one sitting and 0.82-0.96 in another (benches/NOTES.md,
/// "Issue 41's table in one run, and the quotes again"): 3.9 is the middle
/// of the two. Inclusion-exclusion's terms, each a search with its queens
/// placed, run in the lanes too, but are priced from a cruder count of
/// their nodes, at their own price (`NS_PER_TERM_NODE` in
/// `plan/method/inclusion.rs`).
pub const NS_PER_LANE_NODE: f64 = 3.9;

/// The blank engine's enumeration (the count's search, plus every solution
/// mapped through its images): measured 30 ms at n = 14, a 0.12 share.
/// Index builds are priced through it.
pub const ENUMERATION_SHARE: f64 = 0.12;

/// Estimator probes for a quick first look and for a real plan.
pub const QUICK_PROBES: u32 = 4;
pub const PLAN_PROBES: u32 = 24;

/// Searches quoted above this (ns) from [`PLAN_PROBES`] probes are quoted
/// again from a stratified estimate ([`refined`]) when they are in the
/// running: a few milliseconds of probes, for runs of a tenth of a second
/// and more.
pub const REFINE_NS: f64 = 1e8;
/// The nodes a stratified estimate walks in full, at least, and the
/// probes it runs from each of them.
pub const REFINE_FRONTIER: usize = 512;
pub const REFINE_PROBES: u32 = 8;

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

/// Quotes up to this many times the cheapest are refined before the
/// planner chooses, when the cheapest is above [`REFINE_NS`]: a refined
/// kernel quote comes out about 2.8 times below its quick one (the lanes),
/// so such a quote may still win. Other choices are not worth a
/// refinement's milliseconds (measured: refining every board of 40
/// near-blank 14 x 14 ones that an index answers in microseconds made the
/// batch 5x slower).
pub const REFINE_WITHIN: f64 = 4.0;

/// Nanoseconds as milliseconds, for `--explain`.
pub fn ms(ns: f64) -> String {
    format!("{:.3}ms", ns / 1e6)
}
