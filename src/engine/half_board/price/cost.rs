//! The join's cost model: time per unit of each kind of work and the bytes
//! a run holds. Planning prices every column set with these
//! before anything large is allocated; `--estimate`, the planner's quotes
//! and the unit weights all come from here, and so does the price of one
//! column set from its terms ([`task_work`]), which exact planning and
//! sampled pricing both call.
//!
//! The rooms: `terms` holds the terms ([`TaskWork`]) and the regimes
//! ([`Regime`]) that price them; the constants, with how each was measured, are in the
//! cost table ([`crate::tuning::join`]); `task` turns a column set's shape into
//! terms; `scratch` is the memory side (the chunk of bottoms a thread
//! holds, and what further chunks cost); `ranked` prices the ranked
//! regime's terms and the kernel's estimates.
//!
//! # Constraints
//! Nanoseconds on one core of a machine the model prices right (the
//! reference of `plan::calibration`); how each constant was fitted is in
//! [`crate::tuning::join`].
//!
//! # Complexity
//! `O(C(h, k))` per column set (the quarter-pair buckets it joins).

mod ranked;
mod scratch;
mod task;
mod terms;

pub use ranked::{
    ranked_ns, sieved_ns, sieved_terms, RANKED_EIGHT_PAIR_WORD_NS, RANKED_PAIR_MODE_WORD_NS,
    RANKED_PAIR_WORD_NS, SIEVED_NS,
};
pub use scratch::{chunk, scratch_bytes, Relist, SCRATCH_BUDGET};
pub use task::{bottom_words, half_pairs, sieve_keep, task_work};
pub use terms::{Regime, TaskWork};

pub use crate::tuning::join::{
    BOTTOM_PASS, BOTTOM_PASS_DIAG, KEEP_PER_CUT, NS_BUILD_ITEM, NS_JOIN, NS_LAYOUT, NS_LAYOUT_WALK,
    NS_LAYOUT_WALK_PIVOT, NS_PAIR_KEPT, NS_PAIR_WORD, NS_QUARTER_ITEM, NS_SET_WALK_ITEM, NS_TASK,
    NS_TOP, NS_WALK_ITEM, NS_XY_KEPT, NS_XY_WORD,
};
