//! Judge mode as the command runs it: the inputs in order as one stream of
//! cases, one planner for all of them, errors naming the file at fault.
//!
//! Each input ends at its own `0` (or its end), and the next one begins:
//! `nqueens a.in b.in` answers the cases of `a.in`, then those of `b.in`,
//! numbered on (`Case 1` .. `Case k` for `a.in`, `Case k+1` .. for `b.in`),
//! as if they were one input. The search itself is [`crate::base::judge`].

use std::io::{self, Write};

use crate::base::error::Result;
use crate::base::judge;
use crate::plan::planner::{Method, Planner};
use crate::tools::files::{self, Input};

/// What judge mode was asked to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct JudgeOptions {
    /// The inputs, read in order (stdin when no FILE was given).
    pub inputs: Vec<Input>,
    /// `--method`: how to count (the planner chooses for `Auto`).
    pub method: Method,
    /// `--explain`: describe each case's method on stderr.
    pub explain: bool,
    /// Worker threads.
    pub threads: usize,
}

/// Answers every case of every input, in order, on `out`. A file is opened
/// only when the inputs before it are done, so its errors come after their
/// answers.
pub fn run(options: &JudgeOptions, out: &mut dyn Write) -> Result<()> {
    let mut solver = Planner::new(options.method, options.threads);
    if options.explain {
        solver = solver.explain_to(Box::new(io::stderr()));
    }
    let mut answered = 0;
    for input in &options.inputs {
        match input {
            Input::Stdin => {
                judge::run_after(io::stdin().lock(), &mut *out, &mut solver, &mut answered)?
            }
            Input::Path(path) => {
                let file = files::open(path)?;
                judge::run_after(file, &mut *out, &mut solver, &mut answered)
                    .map_err(|e| files::in_file(path, e))?
            }
        }
    }
    Ok(())
}
