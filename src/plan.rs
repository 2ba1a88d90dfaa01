//! Judge mode's solver: the cheapest exact method per case and per batch.
//!
//! - [`method`]: the [`method::CountingMethod`] trait, one file per method,
//!   and the registry that lists them once;
//! - [`work`]: the work units, engine operations that the methods' answers
//!   are made of;
//! - [`prices`]: what the engines' operations cost, the prices quotes are made
//!   of;
//! - [`estimate`]: what a run will cost, before it runs (`--estimate`);
//! - [`planner`]: the [`planner::Planner`], which deduplicates a batch,
//!   collects quotes, runs the units on the threads and combines them.

pub mod calibration;
pub mod estimate;
pub mod method;
pub mod planner;
pub mod prices;
pub mod work;
