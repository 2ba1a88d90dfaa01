//! Help and suggestions: help wins over everything, lists each option
//! where it changes something, and a misspelled word gets a suggestion.

use super::util::{judge_mode, parse_str};
use crate::cli::{help, table, tokenize, Cmd, Command, Opt, FLAGS};
use crate::tools::files::Input;
use std::ffi::OsString;

#[test]
fn help_wins_over_everything_else() {
    assert_eq!(
        parse_str(&["checker", "99", "--help"]).unwrap().command,
        Command::Help(Cmd::Checker)
    );
    assert_eq!(
        parse_str(&["--help"]).unwrap().command,
        Command::Help(Cmd::JudgeMode)
    );
    assert_eq!(
        parse_str(&["help"]).unwrap().command,
        Command::Help(Cmd::JudgeMode)
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
    assert_eq!(
        judge_mode(&["count.in"]).0,
        [Input::Path("count.in".into())]
    );
}

/// Help lists an option only where it changes something, says what it
/// does for that command, and agrees with the submitting guide.
#[test]
fn help_is_true_for_each_command() {
    for cmd in [Cmd::Bundle, Cmd::Gen] {
        assert!(!help::command(cmd).contains("--threads"), "{cmd:?}");
        let args = vec![cmd.def().word, "--threads", "2"];
        assert_eq!(
            parse_str(&args).unwrap_err().to_string(),
            format!("option '--threads' does not apply to {}", cmd.def().word)
        );
    }
    // Merge's threads are its spot check's, and say so.
    let merge = help::command(Cmd::Merge);
    let threads = &merge[merge.find("--threads").unwrap()..];
    assert!(threads.contains("--spot-check's counts"), "{threads}");
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
            Cmd::JudgeMode => vec![],
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
        if *opt == Opt::Records {
            args.push("--shard=1..=2/2");
        }
        if *opt == Opt::Measure {
            args.push("--estimate");
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
