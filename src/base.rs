//! The judge core: everything a one-file submission carries.
//!
//! Std only, thread-free, `unsafe`-free, and naming nothing outside this
//! folder: [`crate::tools::bundle`] copies these files as they are into one
//! source, nested as they are here, and a test fails when a bundled file
//! names a module outside `base`.
//!
//! - [`board`]: the board model (one free mask per row), the 8 symmetries
//!   and a board's image under them;
//! - [`geometry`]: cells, attacks, and images and least images under the 8
//!   symmetries (not bundled: the judge problems do not need it);
//! - [`input`], [`cases`], [`output`], [`error`]: reading judge input with
//!   line-numbered errors (tokens, then cases), the exact output formats,
//!   the one error type;
//! - [`kernel`]: the one bitmask backtracking loop every engine runs;
//! - [`problem`]: a board with queens pre-placed, reduced to what is left to
//!   search;
//! - [`constrained`]: what the one-file Rust submission runs: boards equal
//!   up to symmetry once, the solution index where it pays ([`index`]),
//!   else the kernel in its best orientation, or most-constrained row first;
//! - [`uva11195`], [`checker`], [`mirror`]: the two judge problems, and the
//!   mirror-symmetric blank count that the checker runs;
//! - [`rng`]: the one seeded pseudo-random generator;
//! - [`target`]: which of the two problems a command is asked for (not
//!   bundled);
//! - [`published`]: the published blank-board counts tests check against
//!   (not bundled).

pub mod board;
pub mod cases;
pub mod checker;
pub mod constrained;
pub mod error;
pub mod geometry;
pub mod index;
pub mod input;
pub mod kernel;
pub mod mirror;
pub mod output;
pub mod problem;
pub mod published;
pub mod rng;
pub mod target;
pub mod uva11195;
