//! The half-board engine (`engine::half_board`) against the slow solver and
//! the kernel, blank boards against OEIS A000170, and its units, threads,
//! memory limit and planner method; a room per topic:
//! - [`oracles`]: blank boards against OEIS, random ones against the slow
//!   solver and the kernel;
//! - [`runs`]: units, threads, the memory limit, `count`, and the
//!   planner's methods that use the join;
//! - [`modes`]: the sieve, the 8-fold modes, pair mode and ranked units,
//!   forced on small boards;
//! - [`credited`]: near-blank boards on the blank board's join, each
//!   solution credited with the images of the blocked cells it avoids;
//! - [`ranked_24_to_28`]: single column sets at n = 24 to 28 against a
//!   count by the definition (at 28 on diagonal mode's plan, whose
//!   weighting is checked on small boards too);
//! - [`weights`]: the ranked plans' unit weights at 25 to 28 against the
//!   kernel's estimates of the same units;
//! - [`shared`]: what they share.

mod credited;
mod modes;
mod oracles;
mod ranked_24_to_28;
mod runs;
mod shared;
mod weights;
