//! The `nqueens` command: see `nqueens --help` and the crate docs.

use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

use nqueens::cli::{self, Command, Input};
use nqueens::error::{Error, Result};
use nqueens::planner::Planner;
use nqueens::{checker, input, judge, parallel};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`| head`) is how pipelines end.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let mut stderr = io::stderr().lock();
            let _ = writeln!(stderr, "nqueens: {e}");
            if matches!(e, Error::Usage(_)) {
                let _ = writeln!(stderr, "{}", cli::USAGE);
            }
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<()> {
    let cli = cli::parse(std::env::args_os().skip(1))?;
    let stdout = io::stdout();
    match cli.command {
        Command::Help => stdout
            .lock()
            .write_all(cli::HELP.as_bytes())
            .map_err(Error::Write),
        Command::Version => {
            writeln!(stdout.lock(), "nqueens {}", env!("CARGO_PKG_VERSION")).map_err(Error::Write)
        }
        Command::Judge {
            input,
            method,
            explain,
        } => {
            let mut solver = Planner::new(method, parallel::threads(cli.threads));
            if explain {
                solver = solver.explain_to(Box::new(io::stderr()));
            }
            match input {
                Input::Stdin => judge::run(io::stdin().lock(), stdout.lock(), &mut solver),
                Input::Path(path) => {
                    let file = File::open(&path).map_err(|e| {
                        Error::Usage(format!("cannot open '{}': {e}", path.display()))
                    })?;
                    judge::run(file, stdout.lock(), &mut solver)
                }
            }
        }
        Command::Checker { n } => {
            let n = match n {
                Some(n) => n,
                None => input::read_size(io::stdin().lock())?,
            };
            let mut out = io::BufWriter::new(stdout.lock());
            checker::run(n, |n| Ok(nqueens::blank::count(n)), &mut out)?;
            out.flush().map_err(Error::Write)
        }
    }
}
