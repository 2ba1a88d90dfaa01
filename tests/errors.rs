//! Every error message the program can give, reviewed in one snapshot: bad
//! input in each mode, bad usage, unreadable input and unwritable output.
//! Each entry shows the command, the input and what came out, so a changed
//! message is a visible diff.

use crate::reliability::run_on_full_disk;
use crate::util::{run, Run};

/// A good first case (answer 1): each bad case after it also shows that the
/// answers before it are kept.
const GOOD: &str = "4\n.*..\n....\n....\n....\n";

/// Where a table entry's stdout goes.
#[derive(Clone, Copy)]
enum Out {
    Pipe,
    FullDisk,
}

/// `(what it is, arguments, stdin, stdout)`: one line per error.
fn table() -> Vec<(&'static str, Vec<&'static str>, Vec<u8>, Out)> {
    let good = |rest: &str| format!("{GOOD}{rest}").into_bytes();
    let pipe = Out::Pipe;
    vec![
        ("short row", vec![], good("3\n...\n..\n...\n0\n"), pipe),
        ("long row", vec![], good("3\n....\n...\n...\n0\n"), pipe),
        ("one-cell row too long", vec![], good("1\n..\n0\n"), pipe),
        ("bad cell", vec![], good("3\n...\n.Q.\n...\n0\n"), pipe),
        (
            "control byte in a row",
            vec![],
            good("2\n.\x01\n..\n"),
            pipe,
        ),
        (
            "non-ASCII byte in a row",
            vec![],
            good("2\n.\u{e9}\n..\n"),
            pipe,
        ),
        (
            "row split by a space",
            vec![],
            good("3\n. ..\n...\n...\n0\n"),
            pipe,
        ),
        (
            "endless row",
            vec![],
            good(&format!("1\n{}\n", ".".repeat((1 << 20) + 5))),
            pipe,
        ),
        ("case cut short", vec![], good("3\n...\n"), pipe),
        (
            "case cut short after blank lines",
            vec![],
            good("3\n...\n\n\n"),
            pipe,
        ),
        ("size is a word", vec![], good("eight\n"), pipe),
        ("negative size", vec![], good("-4\n"), pipe),
        ("size with a sign", vec![], good("+4\n"), pipe),
        ("size 65", vec![], good("65\n"), pipe),
        ("size with leading zeros", vec![], good("00065\n"), pipe),
        ("huge size", vec![], good("99999999999999999999999\n"), pipe),
        ("endless size", vec![], good(&"9".repeat(5000)), pipe),
        ("binary junk as size", vec![], good("\x00\x7f\x01\n"), pipe),
        (
            "checker: N a word",
            vec!["checker"],
            b"six\n".to_vec(),
            pipe,
        ),
        ("checker: N 0", vec!["checker"], b"\n\n0\n".to_vec(), pipe),
        ("checker: N 65", vec!["checker"], b"65\n".to_vec(), pipe),
        ("checker: no N", vec!["checker"], b"\n".to_vec(), pipe),
        ("unknown option", vec!["--frobnicate"], vec![], pipe),
        ("option without its value", vec!["--threads"], vec![], pipe),
        (
            "option with a value it takes none",
            vec!["--help=yes"],
            vec![],
            pipe,
        ),
        ("threads 0", vec!["--threads", "0"], vec![], pipe),
        ("threads a word", vec!["--threads=many"], vec![], pipe),
        ("checker N 0", vec!["checker", "0"], vec![], pipe),
        ("checker N 65", vec!["checker", "65"], vec![], pipe),
        ("extra argument", vec!["a.in", "b.in"], vec![], pipe),
        ("argument after --", vec!["--", "x"], vec![], pipe),
        ("missing file", vec!["no/such/file.in"], vec![], pipe),
        ("a directory as input", vec!["/"], vec![], pipe),
        ("misspelled command", vec!["cuont", "12"], vec![], pipe),
        ("test: no command", vec!["test", "samples"], vec![], pipe),
        (
            "test: no such directory",
            vec!["test", "--", "true"],
            vec![],
            pipe,
        ),
        (
            "test: no inputs in a directory",
            vec!["test", "src", "--", "true"],
            vec![],
            pipe,
        ),
        (
            "stress: jobs 0",
            vec!["stress", "-j", "0", "--", "true"],
            vec![],
            pipe,
        ),
        (
            "stress: cannot save",
            vec![
                "stress",
                "--seed",
                "1",
                "--save",
                "/dev/null/x",
                "--",
                "sh",
                "-c",
                "exit 1",
            ],
            vec![],
            pipe,
        ),
        (
            "misspelled command, swapped letters",
            vec!["coutn"],
            vec![],
            pipe,
        ),
        (
            "help on an unknown command",
            vec!["help", "frob"],
            vec![],
            pipe,
        ),
        (
            "misspelled option",
            vec!["count", "8", "--uniqe"],
            vec![],
            pipe,
        ),
        (
            "count range without =",
            vec!["count", "10..12"],
            vec![],
            pipe,
        ),
        (
            "malformed input in a file",
            vec!["samples/uva11195.in", "samples/bad-cell.in"],
            vec![],
            pipe,
        ),
        (
            "missing second file",
            vec!["samples/uva11195.in", "no/such/file.in"],
            vec![],
            pipe,
        ),
        (
            "checkpoint that is no checkpoint",
            vec!["count", "8", "--checkpoint", "samples/uva11195.in"],
            vec![],
            pipe,
        ),
        (
            "checkpoint that is a folder",
            vec!["count", "8", "--checkpoint", "samples"],
            vec![],
            pipe,
        ),
        (
            "checkpoint with a range",
            vec!["count", "8..=9", "--checkpoint", "c.ckpt"],
            vec![],
            pipe,
        ),
        (
            "plan file that is no plan file",
            vec![
                "count",
                "16",
                "--shard",
                "1/2",
                "--plan",
                "samples/uva11195.in",
            ],
            vec![],
            pipe,
        ),
        (
            "plan file that is a folder",
            vec!["count", "16", "--shard", "1/2", "--plan", "samples"],
            vec![],
            pipe,
        ),
        (
            "plan file with a range",
            vec!["count", "8..=9", "--plan", "p.plan"],
            vec![],
            pipe,
        ),
        (
            "missing file for merge",
            vec!["merge", "nosuch.txt"],
            vec![],
            pipe,
        ),
        (
            "shard past the last",
            vec!["count", "8", "--shard", "5/4"],
            vec![],
            pipe,
        ),
        (
            "count range backwards",
            vec!["count", "10..5"],
            vec![],
            pipe,
        ),
        ("count empty range", vec!["count", "9..=4"], vec![], pipe),
        (
            "gen range without =",
            vec!["gen", "--n", "3..5"],
            vec![],
            pipe,
        ),
        (
            "stress density range without =",
            vec!["stress", "--density", "10..30", "--", "true"],
            vec![],
            pipe,
        ),
        ("gen empty range", vec!["gen", "--n", "5..=3"], vec![], pipe),
        ("count a negative N", vec!["count", "-3"], vec![], pipe),
        ("a file name of non-ASCII letters", vec!["é"], vec![], pipe),
        ("count without N", vec!["count"], vec![], pipe),
        ("misspelled method", vec!["--method", "indx"], vec![], pipe),
        (
            "misspelled problem",
            vec!["gen", "--problem", "chekcer"],
            vec![],
            pipe,
        ),
        (
            "misspelled bundle problem",
            vec!["bundle", "uva1195"],
            vec![],
            pipe,
        ),
        (
            "misspelled language",
            vec!["bundle", "--lang", "jav"],
            vec![],
            pipe,
        ),
        (
            "version with an argument",
            vec!["--version", "extra"],
            vec![],
            pipe,
        ),
        ("show limit 0", vec!["show", "--limit", "0"], vec![], pipe),
        (
            "show solutions 0",
            vec!["show", "--solutions", "0"],
            vec![],
            pipe,
        ),
        (
            "show with two files",
            vec!["show", "samples/uva11195.in", "samples/p1219.in"],
            vec![],
            pipe,
        ),
        (
            "checker: a second number",
            vec!["checker"],
            b"6 7\n".to_vec(),
            pipe,
        ),
        (
            "help on two commands",
            vec!["help", "checker", "count"],
            vec![],
            pipe,
        ),
        (
            "language by its prefix",
            vec!["bundle", "--lang", "py"],
            vec![],
            pipe,
        ),
        (
            "option of another command",
            vec!["show", "--rounds", "2"],
            vec![],
            pipe,
        ),
        ("full disk, judge", vec![], good("0\n"), Out::FullDisk),
        (
            "full disk, checker",
            vec!["checker", "6"],
            vec![],
            Out::FullDisk,
        ),
    ]
}

/// Input as the snapshot shows it: escaped, long inputs cut short.
fn shown(input: &[u8]) -> String {
    let text = input.escape_ascii().to_string();
    if text.len() > 80 {
        format!("{}... ({} bytes)", &text[..80], input.len())
    } else {
        text
    }
}

#[test]
fn every_error_message() {
    let mut report = String::new();
    for (what, args, stdin, out) in table() {
        let result: Run = match out {
            Out::Pipe => run(&args, &stdin),
            Out::FullDisk => run_on_full_disk(&args, &stdin),
        };
        // Errors exit 2 and say one thing on stderr, in one line; only a
        // malformed command line adds a second: the usage of the command
        // meant. Answers before the error are kept.
        assert_eq!(result.status, 2, "{what}");
        assert!(result.stderr.starts_with("nqueens: "), "{what}");
        let lines: Vec<&str> = result.stderr.lines().collect();
        assert!(
            lines.len() == 1 || (lines.len() == 2 && lines[1].starts_with("usage: nqueens ")),
            "{what}: {}",
            result.stderr
        );
        let malformed = [
            "unknown ",
            "unexpected argument",
            "does not apply",
            "needs ",
            "takes no value",
            "no command to test",
            "cannot be combined",
            "not both",
            "takes one command",
            "reads one FILE",
        ];
        assert_eq!(
            lines.len() == 2,
            malformed.iter().any(|m| lines[0].contains(m)),
            "{what}: a usage line exactly for a malformed command line: {}",
            result.stderr
        );
        let first = result.stderr.lines().next().unwrap_or_default();
        if first.contains(": line ") {
            assert!(first.contains(": expected ") && first.contains(", found "));
            assert_eq!(result.stderr.lines().count(), 1, "{what}");
        }
        let target = match out {
            Out::Pipe => "",
            Out::FullDisk => " > /dev/full",
        };
        report.push_str(&format!(
            "## {what}\n$ nqueens {}{target} <<< \"{}\"\nstatus: {}\nstdout: {:?}\n{}\n",
            args.join(" "),
            shown(&stdin),
            result.status,
            result.stdout,
            result.stderr.trim_end(),
        ));
    }
    insta::assert_snapshot!(report);
}

#[test]
fn a_line_break_in_an_argument_or_a_file_name_is_shown_escaped() {
    // Found by the `cli` fuzz target: an argument holding a line break was
    // echoed as it was, and the one-line message became two.
    let usage_lines = run(&["--method", "magic"], b"").stderr.lines().count();
    let r = run(&["--method", "in\ndex"], b"");
    assert_eq!(r.status, 2);
    let first = r.stderr.lines().next().unwrap();
    assert!(
        first.starts_with("nqueens: --method must be one of "),
        "{first}"
    );
    // (The did-you-mean hint may follow the escaped name.)
    assert!(first.contains(", not 'in\\ndex'"), "{first}");
    assert_eq!(r.stderr.lines().count(), usage_lines, "{}", r.stderr);
    // A file name too, when it cannot be opened.
    let r = run(&["no\nsuch\rfile"], b"");
    assert_eq!(r.status, 2);
    let first = r.stderr.lines().next().unwrap();
    assert!(
        first.starts_with("nqueens: cannot open 'no\\nsuch\\rfile': "),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), usage_lines, "{}", r.stderr);
}

#[test]
fn parse_errors_are_one_line_whatever_the_arguments_hold() {
    let cases: &[&[&str]] = &[
        &["--method", "in\ndex"],
        &["--method=a\r\nb"],
        &["cuont\n"],
        &["--thr\neads", "2"],
        &["count", "1\n2"],
        &["count", "8", "--shard", "1\n/3"],
        &["checker", "6\n"],
        &["help", "co\nunt"],
        &["gen", "--n", "\x1b[31m"],
        &["show", "8", "extra\n"],
    ];
    for args in cases {
        let args = args.iter().map(std::ffi::OsString::from);
        let message = nqueens::cli::parse(args).unwrap_err().to_string();
        assert!(!message.contains(['\n', '\r', '\x1b']), "{message:?}");
    }
}

#[test]
fn an_argument_that_begins_with_a_character_of_several_bytes_parses() {
    // Found by the `cli` fuzz target: the test for a negative number
    // sliced the argument at byte 1, inside 'é' (or the '\u{fffd}' an
    // argument that is not UTF-8 becomes), and panicked.
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let cases = [
        vec![OsString::from("\u{e9}")],
        vec![OsString::from_vec(vec![0xc7])],
        vec![OsString::from("count"), OsString::from("\u{2212}3")],
        vec![
            OsString::from("--threads"),
            OsString::from_vec(vec![0xff, b'2']),
        ],
    ];
    for args in cases {
        if let Err(e) = nqueens::cli::parse(args.clone()) {
            assert!(!e.to_string().contains('\n'), "{args:?}: {e}");
        }
    }
    let r = run(&["\u{e9}"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.starts_with("nqueens: cannot open '\u{e9}': "),
        "{}",
        r.stderr
    );
}
