//! Parsing: judge mode by default, inputs in order, options anywhere and
//! in both forms, values checked, repeated and conflicting options refused.

use super::util::{judge_mode, parse_str};
use crate::cli::{parse, Cmd, Command};
use crate::plan::planner::MethodChoice;
use crate::tools::files::Input;
use std::ffi::OsString;

#[test]
fn judge_mode_is_the_default() {
    assert_eq!(
        judge_mode(&[]),
        (vec![Input::Stdin], MethodChoice::Auto, false)
    );
    assert_eq!(
        judge_mode(&["-"]),
        (vec![Input::Stdin], MethodChoice::Auto, false)
    );
    assert_eq!(
        judge_mode(&["x.in"]),
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
        judge_mode(&["a.in", "-", "b.in"]).0,
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

/// Every option is given once, and options that cannot work together
/// are refused (issue 38: `--method plain --method index` ran index,
/// `--threads 1 --threads 2` two threads, `count 12 --estimate
/// --checkpoint x.ckpt` made no file), not silently dropped.
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
    // A switch twice is refused as an option with a value is (issue 75:
    // `--unique --unique` passed); help still wins.
    assert_eq!(
        message(&["count", "12", "--unique", "--unique"]),
        "option '--unique' is given twice; give it once"
    );
    assert_eq!(
        message(&["show", "--total", "--ascii", "--total"]),
        "option '--total' is given twice; give it once"
    );
    assert_eq!(
        message(&["--progress", "x.in", "--progress"]),
        "option '--progress' is given twice; give it once"
    );
    assert!(matches!(
        parse_str(&["count", "12", "--unique", "--unique"]),
        Err(crate::base::error::Error::Malformed { .. })
    ));
    // `--estimate` answers no case: `--explain` with it is refused, not
    // silently dropped (issue 75).
    assert_eq!(
        message(&["--explain", "--estimate", "x.in"]),
        "--estimate answers no case, so --explain would explain nothing (each \
         estimate line names the method chosen already): give one of them"
    );
    assert_eq!(
        parse_str(&["--method", "plain", "--method", "index", "--help"])
            .unwrap()
            .command,
        Command::Help(Cmd::JudgeMode)
    );
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
    assert_eq!(judge_mode(&["é"]).0, [Input::Path("é".into())]);
    assert_eq!(judge_mode(&["ü-3"]).0, [Input::Path("ü-3".into())]);
    // A name that is not UTF-8 before '=' is an unknown option, not a panic.
    let bad = OsString::from_vec(b"--\xff\xfe=1".to_vec());
    assert!(parse(vec![bad])
        .unwrap_err()
        .to_string()
        .starts_with("unknown option"));
}

#[test]
fn method_and_explain_are_judge_mode_options() {
    assert_eq!(
        judge_mode(&["--method", "index", "--explain", "x.in"]),
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
