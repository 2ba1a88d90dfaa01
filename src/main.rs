//! The `nqueens` command: see `nqueens --help` and the crate docs.

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use nqueens::base::error::{Error, Result};
use nqueens::cli::{self, Command, Input};
use nqueens::plan::planner::Planner;
use nqueens::tools::generate::{self, GenOptions, TestInput};
use nqueens::tools::show::{self, ShowOptions};
use nqueens::tools::stress::StressOptions;
use nqueens::{
    base::checker, base::input, base::judge, engine::blank::BlankEngine, engine::parallel,
    tools::count,
};

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
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

fn run() -> Result<ExitCode> {
    let cli = cli::parse(std::env::args_os().skip(1))?;
    let stdout = io::stdout();
    let done = match cli.command {
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
                Input::Path(path) => judge::run(open(&path)?, stdout.lock(), &mut solver),
            }
        }
        Command::Bundle { target } => stdout
            .lock()
            .write_all(nqueens::tools::bundle::bundle(target).as_bytes())
            .map_err(Error::Write),
        Command::Gen(options) => gen(&options),
        Command::Stress(options) => return stress(&options),
        Command::Show(options) => show(&options),
        Command::Checker { n } => {
            let n = match n {
                Some(n) => n,
                None => input::read_size(io::stdin().lock())?,
            };
            let mut out = io::BufWriter::new(stdout.lock());
            let threads = parallel::threads(cli.threads);
            checker::run(
                n,
                |n| {
                    Ok(BlankEngine::on_threads(n, threads)?
                        .counts(threads, false)?
                        .total)
                },
                &mut out,
            )?;
            out.flush().map_err(Error::Write)
        }
        Command::Count {
            from,
            to,
            table,
            unique,
            progress,
            shard,
        } => {
            let job = count::Job {
                from,
                to,
                table,
                unique,
                progress: progress || io::stderr().is_terminal(),
                shard,
                threads: parallel::threads(cli.threads),
            };
            count::run(&job, &mut stdout.lock())
        }
        Command::Merge { files } => merge(&files),
    };
    done.map(|()| ExitCode::SUCCESS)
}

/// `nqueens gen`: one random input on stdout.
fn gen(options: &GenOptions) -> Result<()> {
    let seed = options.seed.unwrap_or_else(generate::clock_seed);
    let text = TestInput::random(options, seed).text();
    io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(Error::Write)
}

/// `nqueens stress`: exit status 0 when every round passed, 1 on a failure.
fn stress(options: &StressOptions) -> Result<ExitCode> {
    let seed = options.gen.seed.unwrap_or_else(generate::clock_seed);
    let mut out = io::stdout().lock();
    let passed = nqueens::tools::stress::run(options, seed, &mut out)?;
    out.flush().map_err(Error::Write)?;
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `nqueens show`: drawings or listings of the solutions of each case.
fn show(options: &ShowOptions) -> Result<()> {
    let mode = if options.list {
        show::Mode::List {
            limit: options.limit,
        }
    } else {
        let style = if options.ascii {
            show::Style::Ascii
        } else {
            show::Style::for_stdout()
        };
        show::Mode::Draw {
            limit: options.limit,
            style,
        }
    };
    let stdout = io::stdout();
    if let Some(n) = options.blank {
        let mut out = io::BufWriter::new(stdout.lock());
        show::show_case(&mut out, 1, &nqueens::base::board::Board::blank(n), mode)
            .and_then(|()| out.flush())
            .map_err(Error::Write)
    } else {
        match &options.input {
            Input::Stdin => show::run(io::stdin().lock(), stdout.lock(), mode),
            Input::Path(path) => show::run(open(path)?, stdout.lock(), mode),
        }
    }
}

/// Opens an input file; failure is a usage error naming the file.
fn open(path: &std::path::Path) -> Result<File> {
    File::open(path).map_err(|e| Error::Usage(format!("cannot open '{}': {e}", path.display())))
}

/// `nqueens merge`: shard lines from FILES (stdin when none) to one total.
fn merge(files: &[std::path::PathBuf]) -> Result<()> {
    let mut inputs = Vec::new();
    if files.is_empty() {
        inputs.push((
            "stdin".to_string(),
            count::read_text(io::stdin().lock(), "stdin")?,
        ));
    }
    for path in files {
        let name = path.display().to_string();
        let text = count::read_text(open(path)?, &name)?;
        inputs.push((name, text));
    }
    count::merge(&inputs, &mut io::stdout().lock())
}
