//! `nqueens` counts the ways to place `n` mutually non-attacking queens on an
//! `n x n` board, exactly and fast.
//!
//! Its core job is the online-judge batch problem UVa 11195 "Another n-Queen
//! Problem" (boards with blocked cells, many cases per input); around it sit
//! the plain problem (USACO 1.5.4 "Checker Challenge", Luogu P1219) and
//! blank-board counting.
//!
//! # The layers
//! Each folder is a layer; a layer uses only the layers listed before it.
//!
//! 1. [`base`]: the judge core that one-file submissions carry: the board,
//!    the input reader, output formats, the search kernel, and the two judge
//!    problems. Std only, thread-free, naming nothing outside itself.
//! 2. [`engine`]: the counting engines built on the kernel (the half-board
//!    join of quarter placements, the constellation engine with its constellations
//!    and scans, the solution index, inclusion-exclusion terms, the
//!    most-constrained search, orientations, mirror halves, the tree-size
//!    estimator) and the thread pool they share.
//! 3. [`plan`]: judge mode's solver: one type per counting method behind one
//!    trait, and the planner that quotes them and runs the cheapest.
//! 4. [`tools`]: the commands and workflow tools around the engines: judge
//!    mode over files, `count` and its shards, checkpoints and progress,
//!    `gen`, `stress` and shrinking, `test` (another solution on stored
//!    inputs), running a child under a time limit, `show`, `bundle`.
//! 5. [`cli`]: the command line: options, help, and which command runs.
//!
//! Beneath them all, [`tuning`]: every tuned number of the engines and the
//! planner (prices, sample sizes, thresholds), one table per subsystem,
//! each with its unit and how it was measured. It uses nothing of the
//! crate, and the engine and the planner read it (the judge core does
//! not: the bundles carry `base` alone).

pub mod base;
pub mod cli;
pub mod engine;
pub mod plan;
pub mod tools;
pub mod tuning;
