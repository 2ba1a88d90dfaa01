//! The `nqueens` command: see `nqueens --help` and the crate docs.

use std::io::{self, Write};
use std::process::ExitCode;

use nqueens::base::error::{Error, Result};
use nqueens::cli::{self, help, Command};
use nqueens::tools::generate::{self, GenOptions, TestInput};
use nqueens::tools::settings::{Machine, Settings};
use nqueens::tools::stress::StressOptions;
use nqueens::tools::test::Summary;
use nqueens::{base::input, tools};

fn main() -> ExitCode {
    // Started as the measuring helper of `stress` and `test`, it runs that
    // and exits here; otherwise it becomes the helper of their runs.
    nqueens::tools::child::serve();
    match run() {
        Ok(code) => code,
        // A reader that went away (`| head`) is how pipelines end.
        Err(e) if e.is_broken_pipe() => ExitCode::SUCCESS,
        Err(e) => {
            let mut stderr = io::stderr().lock();
            let _ = writeln!(stderr, "nqueens: {e}");
            // Only a malformed command line gets a second line: the usage
            // of the command that was meant.
            if let Error::Malformed { usage, .. } = &e {
                let _ = writeln!(stderr, "{usage}");
            }
            ExitCode::from(2)
        }
    }
}

/// glibc's malloc raises its mmap threshold each time a large block is
/// freed (up to 32 MiB), after which the join's tables and scratch come
/// from per-thread heaps that keep freed memory: peak RSS then drifts above
/// what `--memory` planned for. A fixed threshold keeps every large block
/// mapped on its own and returned to the system when freed.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn return_freed_memory() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only changes the allocator's settings; it is called
    // before any thread is started.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 256 << 10);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_freed_memory() {}

fn run() -> Result<ExitCode> {
    return_freed_memory();
    let cli = cli::parse(std::env::args_os().skip(1))?;
    // The machine asked once, the options resolved once: every command
    // below takes what it uses from `settings`. Quotes at this machine's
    // speed: the search probe, measured when first needed and kept in the
    // user's cache (the library alone keeps nothing).
    let settings = cli::resolve(&cli, Machine::this().keeping_probe());
    if let Some(note) = cli::resolve::memory_note(&cli, &settings.machine) {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(io::stderr().lock(), "{note}");
    }
    let stdout = io::stdout();
    let done = match cli.command {
        Command::HelpOnHelp => stdout
            .lock()
            .write_all(help::on_help().as_bytes())
            .map_err(Error::Write),
        Command::Help(cmd) => stdout
            .lock()
            .write_all(help::command(cmd).as_bytes())
            .map_err(Error::Write),
        Command::Version => {
            writeln!(stdout.lock(), "nqueens {}", env!("CARGO_PKG_VERSION")).map_err(Error::Write)
        }
        Command::JudgeMode(options) => {
            let outcome = tools::judge_mode::run(&options, &settings, &mut stdout.lock())?;
            return Ok(ExitCode::from(outcome.exit_status()));
        }
        Command::Bundle(request) => stdout
            .lock()
            .write_all(tools::bundle::source(&request).as_bytes())
            .map_err(Error::Write),
        Command::Gen(options) => gen(&options),
        Command::Stress(options) => return stress(&options, &settings),
        Command::Test(options) => {
            let mut out = io::stdout().lock();
            let summary = tools::test::run(&options, &settings, &mut out)?;
            out.flush().map_err(Error::Write)?;
            return Ok(match summary {
                Summary::AllPassed => ExitCode::SUCCESS,
                Summary::Failed => ExitCode::from(1),
                Summary::Errors => ExitCode::from(2),
            });
        }
        Command::Show(options) => tools::show::command(&options, &settings, &mut stdout.lock()),
        Command::Checker { n } => {
            let n = match n {
                Some(n) => n,
                None => input::read_size(io::stdin().lock())?,
            };
            let mut out = io::BufWriter::new(stdout.lock());
            tools::count::checker(n, &settings, &mut out)?;
            out.flush().map_err(Error::Write)
        }
        Command::Count(job) => tools::count::run(&job, &settings, &mut stdout.lock()),
        Command::Merge {
            files,
            status,
            spot_check,
        } => tools::merge::command(&files, status, spot_check, &settings, &mut stdout.lock()),
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
fn stress(options: &StressOptions, settings: &Settings) -> Result<ExitCode> {
    let seed = options.gen.seed.unwrap_or_else(generate::clock_seed);
    let mut out = io::stdout().lock();
    let passed = tools::stress::run(options, settings, seed, &mut out)?;
    out.flush().map_err(Error::Write)?;
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
