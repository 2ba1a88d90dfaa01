//! The settings resolved once from the options and the machine.

use super::util::parse_str;
use crate::cli::resolve;

/// The options and the machine resolved once: defaults from the
/// machine, options over them, progress redrawn on a terminal.
#[test]
fn settings_are_resolved_from_the_options_and_the_machine() {
    use crate::tools::progress::Progress;
    use crate::tools::settings::Machine;
    let machine = |stderr_terminal| Machine {
        cores: 6,
        stdout_terminal: false,
        stderr_terminal,
        speed: crate::plan::calibration::Speed::reference(),
        memory: None,
    };
    let settings = |args: &[&str], terminal| resolve(&parse_str(args).unwrap(), machine(terminal));
    let plain = settings(&["count", "12"], false);
    assert_eq!((plain.budget.bytes, plain.threads()), (1 << 30, 6));
    assert_eq!(plain.progress, Progress::Off);
    assert_eq!(plain.machine, machine(false));
    let given = settings(
        &["count", "12", "--threads", "3", "--memory", "2GiB"],
        false,
    );
    assert_eq!((given.budget.bytes, given.threads()), (2 << 30, 3));
    for cmd in ["judge", "checker", "count", "stress", "test", "show"] {
        let mut args = match cmd {
            "judge" => vec![],
            "count" => vec![cmd, "12"],
            "stress" | "test" => vec![cmd, "--", "./mine"],
            _ => vec![cmd],
        };
        args.insert(args.len().min(1), "--progress");
        assert_eq!(settings(&args, false).progress, Progress::Lines, "{cmd}");
        assert_eq!(settings(&args, true).progress, Progress::Redrawn, "{cmd}");
    }
    assert_eq!(settings(&["count", "12"], true).progress, Progress::Redrawn);
}
