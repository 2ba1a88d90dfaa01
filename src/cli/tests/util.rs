//! What the command line's tests share: parsing from `&str` words.

use crate::base::error::Result;
use crate::cli::{parse, Cli, Command};
use crate::plan::planner::MethodChoice;
use crate::tools::files::Input;
use std::ffi::OsString;

pub(super) fn parse_str(args: &[&str]) -> Result<Cli> {
    parse(args.iter().map(|a| OsString::from(*a)))
}

/// Judge mode's inputs, method and `--explain`.
pub(super) fn judge_mode(args: &[&str]) -> (Vec<Input>, MethodChoice, bool) {
    match parse_str(args).unwrap().command {
        Command::JudgeMode(options) => (options.inputs, options.method, options.explain),
        other => panic!("judge mode expected, got {other:?}"),
    }
}
