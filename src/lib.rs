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
//! - [`blank`]: counting blank boards;
//! - [`judge`], [`checker`]: the two judge problems;
//! - [`output`]: the exact output formats;
//! - [`parallel`]: work units on threads, results in order;
//! - [`cli`], [`error`]: the command line and the one error type.

pub mod blank;
pub mod board;
pub mod checker;
pub mod cli;
pub mod dynamic;
pub mod error;
pub mod estimate;
pub mod inclusion;
pub mod index;
pub mod input;
pub mod judge;
pub mod kernel;
pub mod ordering;
pub mod output;
pub mod parallel;
pub mod planner;
pub mod problem;
pub mod symmetry;
