//! What a run uses, resolved once: the memory and threads every engine
//! plans for (a [`Budget`]), whether and how progress is shown, and the
//! facts about the machine that the commands print or draw by (its cores,
//! whether stdout is a terminal).
//!
//! The command line turns its options and the [`Machine`] into one
//! [`Settings`] per run (`crate::cli::resolve`); every command that counts,
//! draws or shows progress takes it from there. [`Machine::this`] is the
//! one place that asks the operating system for the core count and for
//! whether stdout and stderr are terminals; tests build a [`Machine`] of
//! their own, so what they check is the same on any machine.
//!
//! # Constraints
//! `machine.cores >= 1`; `budget.threads >= 1`.

use std::io::IsTerminal;

use crate::engine::budget::Budget;
use crate::tools::progress::Progress;

/// The environment variable that sets the core count the program assumes
/// instead of the OS's (a positive number; anything else is ignored): the
/// default thread count, and the cores estimates compare `--threads` with.
/// The tests set it, so that what they print is the same on any machine.
pub const CORES_VARIABLE: &str = "NQUEENS_CORES";

/// What the program needs to know about the machine it runs on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Machine {
    /// The cores this process has (at least 1).
    pub cores: usize,
    /// Whether stdout is a terminal (`show` draws with Unicode glyphs there).
    pub stdout_terminal: bool,
    /// Whether stderr is a terminal (progress is on, redrawn in place).
    pub stderr_terminal: bool,
}

impl Machine {
    /// This machine, asked once: the cores are [`CORES_VARIABLE`] when set
    /// to a positive number, else what the OS offers (at least 1).
    pub fn this() -> Machine {
        let cores = std::env::var(CORES_VARIABLE)
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&cores| cores > 0)
            .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
            .unwrap_or(1);
        Machine {
            cores,
            stdout_terminal: std::io::stdout().is_terminal(),
            stderr_terminal: std::io::stderr().is_terminal(),
        }
    }
}

/// One run's settings, resolved from the command line and the machine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The memory limit of the whole process (`--memory`, default
    /// [`crate::engine::budget::DEFAULT_BYTES`]) on the threads the run
    /// uses (`--threads`, default every core).
    pub budget: Budget,
    /// Progress on stderr: `--progress`, or stderr is a terminal.
    pub progress: Progress,
    /// The machine the settings were resolved on.
    pub machine: Machine,
}

impl Settings {
    /// For library users and tests: the default memory limit on `threads`
    /// threads, no progress, on a machine of `threads` cores with no
    /// terminal.
    pub fn quiet(threads: usize) -> Settings {
        let budget = Budget::default().on_threads(threads);
        Settings {
            budget,
            progress: Progress::Off,
            machine: Machine {
                cores: budget.threads,
                stdout_terminal: false,
                stderr_terminal: false,
            },
        }
    }

    /// The worker threads of the run.
    pub fn threads(&self) -> usize {
        self.budget.threads
    }
}
