//! What a run uses, resolved once: the memory and threads every engine
//! plans for (a [`Budget`]), whether and how progress is shown, and the
//! facts about the machine that the commands print, draw or price by (its
//! cores, whether stdout is a terminal, the speed quotes are priced at).
//!
//! The command line turns its options and the [`Machine`] into one
//! [`Settings`] per run (`crate::cli::resolve`); every command that counts,
//! draws, prices or shows progress takes it from there. [`Machine::this`]
//! is the one place that asks the operating system for the core count and
//! for whether stdout and stderr are terminals, and the one place that
//! reads the environment variables that pin the cores and the speed; tests
//! build a [`Machine`] of their own, so what they check is the same on any
//! machine.
//!
//! # Constraints
//! `machine.cores >= 1`; `budget.threads >= 1`.

use std::io::IsTerminal;

use crate::engine::budget::Budget;
use crate::plan::calibration::{self, Speed};
use crate::tools::progress::Progress;

/// The environment variable that sets the core count the program assumes
/// instead of the OS's (a positive number; anything else is ignored): the
/// default thread count, and the cores estimates compare `--threads` with.
/// The tests set it, so that what they print is the same on any machine.
pub const CORES_VARIABLE: &str = "NQUEENS_CORES";

/// What the program needs to know about the machine it runs on.
#[derive(Clone, PartialEq, Debug)]
pub struct Machine {
    /// The cores this process has (at least 1).
    pub cores: usize,
    /// Whether stdout is a terminal (`show` draws with Unicode glyphs there).
    pub stdout_terminal: bool,
    /// Whether stderr is a terminal (progress is on, redrawn in place).
    pub stderr_terminal: bool,
    /// The speed its quotes are priced at (the probe runs the first time
    /// a quote needs it; [`crate::plan::calibration`]), handed to the
    /// planner and the estimates' printers.
    pub speed: Speed,
    /// Its physical memory in bytes, where the system says (Linux's
    /// `/proc/meminfo`): a `--memory` above it is noted.
    pub memory: Option<usize>,
}

impl Machine {
    /// This machine, asked once: the cores are [`CORES_VARIABLE`] when set
    /// to a positive number, else what the OS offers (at least 1); the
    /// speed is what [`calibration::VARIABLE`] pins, else this machine's
    /// probe, run in this process when first needed
    /// ([`Speed::resolved`]; [`Machine::keeping_probe`] keeps it).
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
            speed: Speed::resolved(std::env::var(calibration::VARIABLE).ok().as_deref(), false),
            memory: physical_memory(),
        }
    }

    /// The same machine, its probe (when the speed is not pinned) read
    /// from and kept in the user's cache, so that one process after
    /// another quotes alike ([`crate::plan::calibration::cache`]): the
    /// `nqueens` binary's; the library alone keeps nothing.
    pub fn keeping_probe(self) -> Machine {
        Machine {
            speed: self.speed.keeping_probe(),
            ..self
        }
    }
}

/// The machine's physical memory, bytes: `MemTotal` of `/proc/meminfo`
/// (`None` where there is none, as off Linux).
fn physical_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// One run's settings, resolved from the command line and the machine.
#[derive(Clone, PartialEq, Debug)]
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
    /// terminal, priced at its speed as the probe measures it in this
    /// process ([`Speed::measured`]; [`Settings::at_speed`] for another).
    pub fn quiet(threads: usize) -> Settings {
        let budget = Budget::default().on_threads(threads);
        Settings {
            budget,
            progress: Progress::Off,
            machine: Machine {
                cores: budget.threads,
                stdout_terminal: false,
                stderr_terminal: false,
                speed: Speed::measured(),
                memory: None,
            },
        }
    }

    /// The same settings, quotes priced at `speed` (as
    /// [`Speed::reference`], the same on any machine).
    ///
    /// ```
    /// use nqueens::plan::calibration::{CostClass, Speed};
    /// use nqueens::tools::settings::Settings;
    /// let settings = Settings::quiet(2).at_speed(Speed::reference());
    /// assert_eq!(settings.speed().factor(CostClass::JoinEven), 1.0);
    /// ```
    pub fn at_speed(mut self, speed: Speed) -> Settings {
        self.machine.speed = speed;
        self
    }

    /// The speed the run's quotes are priced at.
    pub fn speed(&self) -> &Speed {
        &self.machine.speed
    }

    /// The worker threads of the run.
    pub fn threads(&self) -> usize {
        self.budget.threads
    }
}
