//! What a join will take, predicted before it runs: time (ns on one core)
//! and memory (bytes), and the choices made from them.
//!
//! The join's rooms ([`super`]) count; this floor reads their shapes and
//! prices them, and none of them reads it.
//!
//! - [`cost`]: the cost model: a column set's terms and the regimes that
//!   price them (its constants are in the cost table, [`crate::tuning`]);
//! - [`sampling`]: a join priced from random samples instead of its whole
//!   task list (for sampled layouts and ranked units);
//! - [`layout`]: a board laid out by its price (`Layout::new`: the parts
//!   and the chunk under the memory limit, units of equal price), or
//!   priced from samples ([`layout::Price`]);
//! - `narrow`: a layout narrowed to a shard's units, priced as theirs;
//! - [`ranked`]: ranked units planned by their price, and priced on their
//!   own (a shard's, some ranks, the kernel's estimate of its tally);
//! - `prepared`: a prepared join planned (`PreparedJoin::new`, `credited`,
//!   `narrow`) and what it will cost;
//! - [`timed`]: some of a join's own work run and timed against its price,
//!   the join's speed on this machine (`--estimate --measure`).
//!
//! Why a floor of its own: a price is a model of the join, fitted to what
//! the join's units did; it changes with every kernel change, while the
//! counts must not. The join's types are defined in its rooms; what plans
//! and prices them is `impl` blocks here, which import the join's rooms and
//! are never imported by them. The one exception of that kind is the
//! kernel's estimate of its own tally ([`super::matching::estimate`]): it
//! runs samples through the kernel's own tests, so it lives beside them,
//! and counts work, not time; [`cost`] prices what it counts.

pub mod cost;
pub mod layout;
mod narrow;
mod prepared;
pub mod ranked;
pub mod sampling;
pub mod timed;
