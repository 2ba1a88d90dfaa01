//! The options as given, resolved once with the machine into what the run
//! uses ([`Settings`]): ripgrep's low-level to high-level arguments. Every
//! default that depends on the machine is decided here and nowhere else:
//! `--threads` defaults to every core, progress is on when stderr is a
//! terminal, and redrawn in place there; the machine's speed, which quotes
//! are priced at, comes with the machine.

use super::parse::Cli;
use crate::engine::budget::{Budget, DEFAULT_BYTES};
use crate::tools::estimate_line::bytes;
use crate::tools::progress::Progress;
use crate::tools::settings::{Machine, Settings};

/// The settings of the run `cli` asks for on `machine`: the memory limit
/// (`--memory`, default [`DEFAULT_BYTES`]) on the threads (`--threads`,
/// default every core), and progress (`--progress`, or stderr is a
/// terminal).
///
/// ```
/// use nqueens::cli::{parse, resolve};
/// use nqueens::plan::calibration::Speed;
/// use nqueens::tools::{progress::Progress, settings::Machine};
/// let speed = Speed::reference();
/// let machine = Machine { cores: 6, stdout_terminal: false, stderr_terminal: true, speed, memory: None };
/// let settings = resolve(&parse(["count".into(), "12".into()]).unwrap(), machine);
/// assert_eq!((settings.budget.bytes, settings.threads()), (1 << 30, 6));
/// assert_eq!(settings.progress, Progress::Redrawn);
/// ```
pub fn resolve(cli: &Cli, machine: Machine) -> Settings {
    let threads = cli.threads.unwrap_or(machine.cores);
    let progress = match (machine.stderr_terminal, cli.progress) {
        (true, _) => Progress::Redrawn,
        (false, true) => Progress::Lines,
        (false, false) => Progress::Off,
    };
    Settings {
        budget: Budget::new(cli.memory.unwrap_or(DEFAULT_BYTES), threads),
        progress,
        machine,
    }
}

/// A note for stderr when `--memory` asks for more than `machine` has
/// (issue 101: `--memory 9999999GiB` was taken without a word). Not an
/// error: a count planned or estimated here may run on a bigger node
/// (`--estimate`, a saved layout, shards); but counted here, it would
/// outgrow the machine rather than stay within its limit.
///
/// ```
/// use nqueens::cli::{parse, resolve::memory_note};
/// use nqueens::plan::calibration::Speed;
/// use nqueens::tools::settings::Machine;
/// let machine = Machine {
///     cores: 2, stdout_terminal: false, stderr_terminal: false,
///     speed: Speed::reference(), memory: Some(16 << 30),
/// };
/// let args = |memory: &str| parse(["count".into(), "20".into(), "--memory".into(), memory.into()]).unwrap();
/// assert_eq!(
///     memory_note(&args("1TiB"), &machine).unwrap(),
///     "nqueens: --memory 1.0 TiB is more than this machine's 16.0 GiB: \
///      a count run here may be killed for memory (fine for --estimate, \
///      or a layout or shard meant for a bigger machine)"
/// );
/// assert_eq!(memory_note(&args("8GiB"), &machine), None);
/// ```
pub fn memory_note(cli: &Cli, machine: &Machine) -> Option<String> {
    let (asked, has) = (cli.memory?, machine.memory?);
    (asked > has).then(|| {
        format!(
            "nqueens: --memory {} is more than this machine's {}: a count run here \
             may be killed for memory (fine for --estimate, or a layout or shard \
             meant for a bigger machine)",
            bytes(asked as f64),
            bytes(has as f64)
        )
    })
}
