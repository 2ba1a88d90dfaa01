//! The counting engines: ways to count a board's solutions, each built on
//! the [`crate::base::kernel`], and the threads they run on.
//!
//! - [`budget`]: the memory limit and threads a count plans for;
//! - [`counter`]: one interface for the engines that count the blank board
//!   in work units (the join, the constellations) and the rule choosing one;
//! - [`counts`]: a share of a blank board's counts;
//! - [`half_board`]: the half-board join;
//! - [`constellations`]: the constellation engine for the blank board
//!   (border constellations up to symmetry, completions counted in the
//!   kernel's lanes), and scans of near-blank boards through it;
//! - [`index`]: the blank board's solutions as one bitset per cell;
//! - [`inclusion`]: inclusion-exclusion over blocked cells;
//! - [`most_constrained`]: the row with the fewest choices first;
//! - [`ordering`]: the orientation with the smallest search tree;
//! - [`symmetry`]: mirror-symmetric boards by halves;
//! - [`tree_size`]: a search tree's size from random probes;
//! - [`find`]: a few solutions fast (lexicographic within a budget,
//!   most-constrained first, the blank board's closed formula), for `show`;
//! - [`parallel`]: work units on threads, results in order;
//! - [`pricing`]: the cost classes the engines' prices are scaled by (each timed
//!   apart at run time by the planner's calibration);
//! - [`cpu`]: CPU time of a thread and of the process (`getrusage`).

pub mod budget;
pub mod constellations;
pub mod counter;
pub mod counts;
pub mod cpu;
pub mod find;
pub mod half_board;
pub mod inclusion;
pub mod index;
pub mod most_constrained;
pub mod ordering;
pub mod parallel;
pub mod pricing;
pub mod symmetry;
pub mod tree_size;
