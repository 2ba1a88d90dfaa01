//! The command line's tests: parsing, per-command checks, help, and the
//! settings resolved from the options and the machine.

use super::*;
use crate::base::error::Result;
use crate::plan::planner::MethodChoice;
use crate::tools::bundle::{Lang, Request, Target};
use crate::tools::files::Input;
use crate::tools::shard::Shard;
use std::ffi::OsString;

fn parse_str(args: &[&str]) -> Result<Cli> {
    parse(args.iter().map(|a| OsString::from(*a)))
}

/// Judge mode's inputs, method and `--explain`.
fn judge(args: &[&str]) -> (Vec<Input>, MethodChoice, bool) {
    match parse_str(args).unwrap().command {
        Command::Judge(options) => (options.inputs, options.method, options.explain),
        other => panic!("judge mode expected, got {other:?}"),
    }
}

#[test]
fn judge_is_the_default() {
    assert_eq!(judge(&[]), (vec![Input::Stdin], MethodChoice::Auto, false));
    assert_eq!(
        judge(&["-"]),
        (vec![Input::Stdin], MethodChoice::Auto, false)
    );
    assert_eq!(
        judge(&["x.in"]),
        (vec![Input::Path("x.in".into())], MethodChoice::Auto, false)
    );
}

/// Stdin given twice is refused before anything is read (issue 38:
/// `nqueens - - < file` answered the cases, then said the input was
/// empty for the second '-').
#[test]
fn stdin_is_read_once() {
    assert_eq!(
        parse_str(&["-", "a.in", "-"]).unwrap_err().to_string(),
        "'-' (stdin) is given 2 times; it can be read only once"
    );
}

#[test]
fn several_files_are_read_in_order() {
    assert_eq!(
        judge(&["a.in", "-", "b.in"]).0,
        [
            Input::Path("a.in".into()),
            Input::Stdin,
            Input::Path("b.in".into())
        ]
    );
}

#[test]
fn options_anywhere_and_in_both_forms() {
    let cli = parse_str(&["checker", "--threads=3", "8"]).unwrap();
    assert_eq!(cli.threads, Some(3));
    assert_eq!(
        parse_str(&["--memory", "4GiB"]).unwrap().memory,
        Some(4 << 30)
    );
    assert_eq!(parse_str(&["checker"]).unwrap().memory, None);
    assert_eq!(cli.command, Command::Checker { n: Some(8) });
    assert_eq!(parse_str(&["--threads", "2"]).unwrap().threads, Some(2));
}

#[test]
fn usage_errors_say_what_is_wrong() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(message(&["--frobnicate"]), "unknown option '--frobnicate'");
    assert_eq!(message(&["--threads"]), "option '--threads' needs a value");
    assert_eq!(
        message(&["checker", "0"]),
        "N must be a whole number from 1 to 64, not '0'"
    );
    assert_eq!(message(&["checker", "6", "b"]), "unexpected argument 'b'");
    assert_eq!(
        message(&["--threads", "x"]),
        "--threads must be a whole number from 1 to 1024, not 'x'"
    );
}

#[test]
fn workflow_commands_and_their_options() {
    let Command::Stress(stress) = parse_str(&[
        "stress",
        "--seed",
        "5",
        "--n",
        "2..=4",
        "--density",
        "30%",
        "--timeout",
        "0.5",
        "--",
        "./mine",
        "--fast",
    ])
    .unwrap()
    .command
    else {
        panic!("stress")
    };
    assert_eq!(stress.gen.seed, Some(5));
    assert_eq!(stress.gen.n, 2..=4);
    assert_eq!(stress.gen.density, 30..=30);
    assert_eq!(stress.timeout, std::time::Duration::from_millis(500));
    assert_eq!(stress.command, ["./mine", "--fast"]);
    let Command::Show(show) = parse_str(&["show", "--solutions", "3", "x.in"])
        .unwrap()
        .command
    else {
        panic!("show")
    };
    assert!(show.list);
    assert_eq!(show.limit, 3);
    assert_eq!(show.input, Input::Path("x.in".into()));
    assert_eq!(
        parse_str(&["bundle", "checker"]).unwrap().command,
        Command::Bundle(Request {
            target: Target::Checker,
            lang: Lang::Rust,
            usaco: false,
            keep_comments: false,
        })
    );
}

#[test]
fn count_takes_one_size_or_a_range() {
    let cli = parse_str(&["count", "12", "--unique", "--threads", "3"]).unwrap();
    assert_eq!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            from: 12,
            to: 12,
            table: false,
            unique: true,
            estimate: false,
            shard: None,
            checkpoint: None,
        })
    );
    assert_eq!(cli.threads, Some(3));
    let cli = parse_str(&["count", "4..=9", "--progress"]).unwrap();
    assert!(matches!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            from: 4,
            to: 9,
            table: true,
            ..
        })
    ));
    assert!(cli.progress);
    let cli = parse_str(&["count", "17", "--checkpoint", "run.ckpt"]).unwrap();
    let Command::Count(job) = cli.command else {
        panic!("count")
    };
    assert_eq!(job.checkpoint, Some("run.ckpt".into()));
    let cli = parse_str(&["count", "17", "--shard=2/8"]).unwrap();
    assert!(matches!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            shard: Some(Shard { index: 2, of: 8 }),
            ..
        })
    ));
}

#[test]
fn count_and_merge_usage_errors() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(message(&["count"]), "count needs N or a range A..=B");
    assert_eq!(
        message(&["count", "9..=4"]),
        "empty range 9..=4; did you mean '4..=9'?"
    );
    assert_eq!(
        message(&["count", "65"]),
        "N must be a whole number from 1 to 64, not '65'"
    );
    assert_eq!(
        message(&["count", "8", "--shard", "3/2"]),
        "--shard must be I/K with 1 <= I <= K, not '3/2'"
    );
    assert_eq!(
        message(&["count", "4..=8", "--shard", "1/2"]),
        "--shard takes one N, not a range"
    );
    assert_eq!(
        message(&["count", "4..=8", "--checkpoint", "f"]),
        "--checkpoint takes one N, not a range"
    );
    assert_eq!(
        message(&["count", "8", "--checkpoint"]),
        "option '--checkpoint' needs a value"
    );
    assert_eq!(
        message(&["checker", "--unique"]),
        "option '--unique' does not apply to checker"
    );
    assert_eq!(
        parse_str(&["merge", "a", "b"]).unwrap().command,
        Command::Merge {
            files: vec!["a".into(), "b".into()]
        }
    );
}

/// An option that takes a value is given once, and options that
/// cannot work together are refused (issue 38: `--method plain --method
/// index` ran index, `--threads 1 --threads 2` two threads, `count 12
/// --estimate --checkpoint x.ckpt` made no file), not silently dropped.
#[test]
fn repeated_and_conflicting_options_are_refused() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(
        message(&["--method", "plain", "--method=index"]),
        "option '--method' is given twice ('plain', then 'index'); give it once"
    );
    assert_eq!(
        message(&["count", "12", "--threads", "1", "--threads", "2"]),
        "option '--threads' is given twice ('1', then '2'); give it once"
    );
    assert_eq!(
        message(&["show", "--n", "4", "--n", "5"]),
        "option '--n' is given twice ('4', then '5'); give it once"
    );
    assert_eq!(
        message(&["count", "12", "--estimate", "--checkpoint", "x.ckpt"]),
        "--estimate counts nothing, so it records nothing in a --checkpoint: give one of them"
    );
    // A switch twice means what it means once; help still wins.
    assert!(parse_str(&["count", "12", "--unique", "--unique"]).is_ok());
    assert_eq!(
        parse_str(&["--method", "plain", "--method", "index", "--help"])
            .unwrap()
            .command,
        Command::Help(Cmd::Judge)
    );
}

#[test]
fn workflow_options_belong_to_their_commands() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(
        message(&["--seed", "1"]),
        "option '--seed' does not apply to judge mode"
    );
    assert_eq!(
        message(&["show", "--rounds", "1"]),
        "option '--rounds' does not apply to show"
    );
    assert_eq!(
        message(&["gen", "--n", "9..=3"]),
        "empty range 9..=3; did you mean '3..=9'?"
    );
    assert_eq!(
        message(&["show", "--limit", "2", "--solutions", "2"]),
        "show: --limit and --solutions cannot be combined"
    );
    assert_eq!(message(&["gen", "--", "x"]), "unexpected argument 'x'");
}

/// Paths reach the command byte for byte (not UTF-8 included), in
/// both option forms; defaults are one value for every command.
#[test]
fn paths_stay_as_given_and_defaults_are_shared() {
    use std::os::unix::ffi::OsStringExt;
    let odd = OsString::from_vec(b"run-\xff.ckpt".to_vec());
    let mut inline = OsString::from("--checkpoint=");
    inline.push(&odd);
    let split = vec![
        "count".into(),
        "17".into(),
        "--checkpoint".into(),
        odd.clone(),
    ];
    let joined = vec!["count".into(), "17".into(), inline];
    for args in [split, joined] {
        let Command::Count(job) = parse(args).unwrap().command else {
            panic!("count")
        };
        assert_eq!(job.checkpoint, Some(std::path::PathBuf::from(&odd)));
    }
    let mut save = OsString::from("--save=");
    save.push(&odd);
    let args = vec!["stress".into(), save, "--".into(), "./mine".into()];
    let Command::Stress(stress) = parse(args).unwrap().command else {
        panic!("stress")
    };
    assert_eq!(stress.save, Some(std::path::PathBuf::from(&odd)));
    assert_eq!(stress.timeout, parse::DEFAULT_TIMEOUT);
    let Command::Test(test) = parse_str(&["test", "--", "./mine"]).unwrap().command else {
        panic!("test")
    };
    assert_eq!(test.timeout, parse::DEFAULT_TIMEOUT);
    // A word that starts with a character of several bytes is a word
    // (judge mode's FILE), not a panic.
    assert_eq!(judge(&["é"]).0, [Input::Path("é".into())]);
    assert_eq!(judge(&["ü-3"]).0, [Input::Path("ü-3".into())]);
    // A name that is not UTF-8 before '=' is an unknown option, not a panic.
    let bad = OsString::from_vec(b"--\xff\xfe=1".to_vec());
    assert!(parse(vec![bad])
        .unwrap_err()
        .to_string()
        .starts_with("unknown option"));
}

#[test]
fn method_and_explain_are_judge_options() {
    assert_eq!(
        judge(&["--method", "index", "--explain", "x.in"]),
        (
            vec![Input::Path("x.in".into())],
            MethodChoice::parse("index").unwrap(),
            true
        )
    );
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(
        message(&["--method=fast"]),
        format!(
            "--method must be one of {}, not 'fast'",
            MethodChoice::names()
        )
    );
    assert_eq!(
        message(&["checker", "--explain"]),
        "option '--explain' does not apply to checker"
    );
}

#[test]
fn help_wins_over_everything_else() {
    assert_eq!(
        parse_str(&["checker", "99", "--help"]).unwrap().command,
        Command::Help(Cmd::Checker)
    );
    assert_eq!(
        parse_str(&["--help"]).unwrap().command,
        Command::Help(Cmd::Judge)
    );
    assert_eq!(
        parse_str(&["help"]).unwrap().command,
        Command::Help(Cmd::Judge)
    );
    assert_eq!(
        parse_str(&["help", "count"]).unwrap().command,
        Command::Help(Cmd::Count)
    );
    assert_eq!(
        parse_str(&["count", "-h"]).unwrap().command,
        Command::Help(Cmd::Count)
    );
}

/// `help help` is help's own help (issue 38: it said "help: unknown
/// command 'help'", exit 2), as is `help --help`.
#[test]
fn help_has_a_help_of_its_own() {
    for args in [&["help", "help"][..], &["help", "--help"]] {
        assert_eq!(parse_str(args).unwrap().command, Command::HelpOnHelp);
    }
    let text = help::on_help();
    assert!(text.contains("    nqueens help [COMMAND]\n"), "{text}");
    assert!(text.contains("checker count merge"), "{text}");
    assert_eq!(
        parse_str(&["help", "help", "x"]).unwrap_err().to_string(),
        "help takes one command, not 'x' after 'help'"
    );
}

#[test]
fn mistakes_get_suggestions() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(
        message(&["cuont", "12"]),
        "unknown command 'cuont'; did you mean 'count'?"
    );
    assert_eq!(
        message(&["coutn"]),
        "unknown command 'coutn'; did you mean 'count'?"
    );
    assert_eq!(
        message(&["help", "shwo"]),
        "help: unknown command 'shwo'; did you mean 'show'?"
    );
    assert_eq!(
        message(&["help", "frobnicate"]),
        "help: unknown command 'frobnicate'"
    );
    assert_eq!(
        message(&["count", "12", "--uniqe"]),
        "unknown option '--uniqe'; did you mean '--unique'?"
    );
    assert_eq!(
        message(&["count", "10..12"]),
        "count takes N or a range A..=B (both ends included), not '10..12'; \
         did you mean '10..=12'?"
    );
    assert_eq!(
        message(&["count", "10..5"]),
        "count takes N or a range A..=B (both ends included), not '10..5'; \
         did you mean '5..=10'?"
    );
    assert_eq!(
        message(&["count", "-3"]),
        "N must be a whole number from 1 to 64, not '-3'"
    );
    assert!(message(&["--method", "indx"]).ends_with("not 'indx'; did you mean 'index'?"));
    assert!(message(&["test", "--problem=chekcer", "--", "x"])
        .ends_with("not 'chekcer'; did you mean 'checker'?"));
    assert_eq!(
        message(&["--version", "extra"]),
        "unexpected argument 'extra' ('--version' takes none)"
    );
    assert_eq!(
        message(&["show", "--limit", "0"]),
        "--limit must be a whole number from 1 to 1000000, not '0'"
    );
    // A word with a dot is a file name, even when it looks like a command.
    assert_eq!(judge(&["count.in"]).0, [Input::Path("count.in".into())]);
}

/// Help lists an option only where it changes something, says what it
/// does for that command, and agrees with the submitting guide.
#[test]
fn help_is_true_for_each_command() {
    for cmd in [Cmd::Bundle, Cmd::Merge, Cmd::Gen] {
        assert!(!help::command(cmd).contains("--threads"), "{cmd:?}");
        let mut args = vec![cmd.def().word, "--threads", "2"];
        if cmd == Cmd::Merge {
            args.push("shards.txt");
        }
        assert_eq!(
            parse_str(&args).unwrap_err().to_string(),
            format!("option '--threads' does not apply to {}", cmd.def().word)
        );
    }
    for cmd in [Cmd::Count, Cmd::Stress, Cmd::Show, Cmd::Test] {
        let help = help::command(cmd);
        let progress = &help[help.find("--progress").unwrap()..];
        let progress = &progress[..progress.find("\n    -").unwrap()];
        assert!(!progress.contains("judge mode's"), "{cmd:?}: {progress}");
        assert!(
            !progress.contains("each case that runs past a second"),
            "{cmd:?}: {progress}"
        );
    }
    assert!(help::command(Cmd::Test).contains("computing missing expected"));
    let guide = std::fs::read_to_string("docs/SUBMITTING.md").unwrap();
    assert!(guide.contains("javac --release 8 Main.java"));
    assert!(help::command(Cmd::Bundle).contains("javac --release 8 Main.java"));
}

/// Every option in the table can be given, to some command that takes
/// it, and that command's help lists it; the global help lists the
/// options every command takes.
#[test]
fn every_option_is_parsed_and_in_help() {
    for (opt, flag) in FLAGS {
        let cmd = table::COMMANDS
            .iter()
            .map(|def| def.cmd)
            .find(|cmd| flag.scope.includes(*cmd))
            .expect("some command takes each option");
        let mut args: Vec<&str> = match cmd {
            Cmd::Judge => vec![],
            Cmd::Count => vec!["count", "8"],
            Cmd::Stress => vec!["stress"],
            other => vec![other.def().word],
        };
        let value = match opt {
            Opt::Method => "plain",
            Opt::Shard => "1/2",
            Opt::Problem => "checker",
            Opt::Density => "10",
            Opt::Timeout => "1.5",
            Opt::Lang => "cpp",
            Opt::Memory => "64MiB",
            _ => "3",
        };
        let long = match flag.value {
            Some(_) => format!("{}={value}", flag.long),
            None => flag.long.to_string(),
        };
        args.push(&long);
        if matches!(cmd, Cmd::Stress | Cmd::Test) {
            args.extend(["--", "./mine"]);
        }
        if *opt == Opt::Usaco {
            args.extend(["checker", "--lang=cpp"]);
        }
        let tokens = tokenize(args.iter().map(OsString::from)).unwrap();
        let given = tokens
            .options
            .iter()
            .map(|(given, _)| given.for_command(cmd));
        assert!(given.clone().any(|given| given == *opt), "{args:?}");
        parse_str(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let help = help::command(cmd);
        assert!(
            help.contains(&help::flag_names(flag)),
            "{cmd:?} help lacks {}",
            flag.long
        );
        if let Some(short) = flag.short {
            let short = format!("-{short}");
            let mut words = vec![OsString::from(&short)];
            words.extend(flag.value.map(|_| OsString::from(value)));
            assert_eq!(tokenize(words).unwrap().options[0].0, *opt);
        }
    }
    for def in table::COMMANDS {
        let help = help::command(def.cmd);
        for (_, flag) in FLAGS {
            assert_eq!(
                help.contains(&format!("{}\n", help::flag_names(flag)))
                    || help.contains(&format!("{} ", help::flag_names(flag))),
                flag.scope.includes(def.cmd),
                "{:?} help and {}",
                def.cmd,
                flag.long
            );
        }
        assert!(help.contains(&format!("nqueens {}", def.usage[0])));
        assert!(
            help::global().contains(&format!("{:<18}{}", def.word, def.summary))
                || def.word.is_empty()
        );
    }
}

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
