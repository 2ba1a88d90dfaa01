//! The command line: what the user asked for, checked, before anything runs.
//!
//! - [`table`]: the two tables everything else is derived from: every
//!   command, and every option (name, value, the commands that take it, its
//!   help line);
//! - [`parse`](mod@parse): arguments to a [`Cli`] (the table walk), with
//!   `given` (option values checked), `commands` (per-command checks, each
//!   command's options a struct of its tool) and `values` (numbers, names);
//! - [`size`]: memory sizes (`--memory 512MiB`);
//! - [`resolve`](mod@resolve): the options every command means the same by
//!   (`--threads`, `--memory`, `--progress`) and the machine, resolved once
//!   into the run's [`crate::tools::settings::Settings`];
//! - [`help`]: `--help`, global and per command, printed from the tables;
//! - [`suggest`]: "did you mean ...?" for misspelled commands and options.
//!
//! The command line uses the tools; no tool uses it.
//!
//! Exit statuses, for scripts: 0 success, 1 `stress` found a failing input, 2 any
//! error (bad input, bad usage, I/O failure). Results go to stdout, messages to stderr.

mod commands;
mod given;
pub mod help;
pub mod parse;
pub mod resolve;
pub mod size;
pub mod suggest;
pub mod table;
mod values;

pub use parse::{parse, tokenize, Cli, Command, Tokens};
pub use resolve::resolve;
pub use suggest::distance;
pub use table::{Cmd, Opt, FLAGS};
pub use values::{number_in, range_in};

#[cfg(test)]
mod tests;
