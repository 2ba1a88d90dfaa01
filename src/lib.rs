//! `nqueens` counts the ways to place `n` mutually non-attacking queens on an
//! `n x n` board, exactly and fast.
//!
//! Its core job is the online-judge batch problem UVa 11195 "Another n-Queen
//! Problem" (boards with blocked cells, many cases per input); around it sit
//! the plain problem (USACO 1.5.4 "Checker Challenge", Luogu P1219) and
//! blank-board counting.
//!
//! The modules, one job each:
//! - [`board`]: the board model (one free mask per row) and its symmetries;
//! - [`input`]: the streaming reader of judge input, with line-numbered errors;
//! - [`kernel`]: the one bitmask backtracking loop every engine runs;
//! - [`problem`]: a board with queens pre-placed, reduced to what is left to search;
//! - [`constellation`]: border queens up to symmetry, the blank engine's work units;
//! - [`mirror`]: the mirror-symmetric blank count, the baseline;
//! - [`blank`]: counting and enumerating blank boards, total and unique;
//! - [`judge`], [`checker`]: the two judge problems;
//! - [`planner`]: judge mode's default solver, the cheapest exact method per
//!   case and batch, built from [`index`] (per-cell solution bitsets),
//!   [`inclusion`] (inclusion-exclusion over obstacles), [`scan`] (a board's
//!   solutions among the blank engine's), [`symmetry`] (mirror
//!   halves of symmetric boards), [`ordering`] (best orientation),
//!   [`dynamic`] (most-constrained row first) and [`estimate`] (tree-size
//!   probes for the cost model);
//! - [`count`]: the `count` and `merge` commands;
//! - [`output`]: the exact output formats;
//! - [`bundle`]: one-file submissions stitched from these modules;
//! - [`generate`], [`stress`], [`shrink`]: random inputs, stress-testing
//!   another solution, shrinking a failure to a minimal input;
//! - [`show`]: drawing and listing solutions;
//! - [`parallel`]: work units on threads, results in order;
//! - [`rng`]: the one seeded pseudo-random generator;
//! - [`shard`], [`progress`]: cluster shards of a count, and progress on stderr;
//! - [`cli`], [`error`]: the command line and the one error type.

pub mod blank;
pub mod board;
pub mod bundle;
pub mod checker;
pub mod cli;
pub mod constellation;
pub mod count;
pub mod dynamic;
pub mod error;
pub mod estimate;
pub mod generate;
pub mod inclusion;
pub mod index;
pub mod input;
pub mod judge;
pub mod kernel;
pub mod mirror;
pub mod ordering;
pub mod output;
pub mod parallel;
pub mod planner;
pub mod problem;
pub mod progress;
pub mod rng;
pub mod scan;
pub mod shard;
pub mod show;
pub mod shrink;
pub mod stress;
pub mod symmetry;
