//! `nqueens bundle`: each one-file solution, with comments stripped (the
//! default) and kept (`--keep-comments`), is compiled once with `rustc
//! --edition 2021 -O -D warnings` (into cargo's temporary directory for
//! integration tests; [`rust`] builds them on editions 2015 and 2018 too,
//! and with Debian's rustc 1.63) and
//! must answer exactly like the main binary: the samples, random boards,
//! malformed input. A room per topic:
//! - [`rust`]: the Rust bundles, and their index and solver;
//! - [`cpp_java`]: the C++ and Java bundles, and USACO's variants;
//! - [`messages`]: refusals, and the sizes help and the guide state;
//! - [`build`]: how the tests build each bundle, once per run;
//! - [`check`]: how a built bundle is held against the main binary.
//!
//! `bundle_big` and `bundle_python` use the building and checking helpers
//! too, through the re-exports here.

mod build;
mod check;
mod cpp_java;
mod messages;
mod rust;

pub use build::{compiled, cpp, java, once, write_bundle};
pub use check::{agrees_on_the_samples, stress, stress_at};
