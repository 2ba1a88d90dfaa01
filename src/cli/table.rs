//! The two tables the command line is made of: every command, and every
//! option with the commands that take it. Parsing checks options against
//! them and the help text is printed from them, so an option exists, is
//! accepted and is documented in one place.
//!
//! Each in a room of its own:
//! - `commands`: the command table, [`COMMANDS`], and [`Cmd`];
//! - `options`: the option table, [`FLAGS`], and [`Opt`] with the
//!   [`Scope`] of commands that take each;
//! - `per_command`: an option's help for a command that uses it
//!   differently.

mod commands;
mod options;
mod per_command;

pub use commands::{Cmd, CommandDef, COMMANDS};
pub use options::{Flag, Opt, Scope, FLAGS};
