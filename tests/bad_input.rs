//! Malformed input: one line on stderr naming the line and what was
//! expected, exit status 2, and every case before the bad one answered.

use crate::util::run;

/// A good first case (answer 1) so every test also checks nothing is lost.
const GOOD: &str = "4\n.*..\n....\n....\n....\n";

fn assert_error(input: &str, message: &str) {
    let run = run(&[], input.as_bytes());
    assert_eq!(run.stdout, "Case 1: 1\n", "input {input:?}");
    assert_eq!(
        run.stderr,
        format!("nqueens: {message}\n"),
        "input {input:?}"
    );
    assert_eq!(run.status, 2, "input {input:?}");
}

/// A case cut short is reported on the line where its missing row was
/// due, the one after the last line read (issue 75: it named the last line
/// read, a good row), with or without a final line break or blank lines.
#[test]
fn truncated_case() {
    let message = "line 8: expected row 2 of 3 (3 cells of '.' or '*'), found end of input";
    for rest in ["3\n...\n", "3\n...", "3\n...\n\n\n", "3\r\n...\r\n"] {
        assert_error(&format!("{GOOD}{rest}"), message);
    }
    assert_error(
        &format!("{GOOD}3\n"),
        "line 7: expected row 1 of 3 (3 cells of '.' or '*'), found end of input",
    );
}

/// The same in a file: `trunc.in:4:` for a case of 3 rows (line 1 its
/// size) that ends after 2; exit 2, the answers before it printed.
#[test]
fn truncated_file_names_the_line_of_the_missing_row() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue-75-trunc");
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.in");
    std::fs::write(&good, GOOD).unwrap();
    let trunc = dir.join("trunc.in");
    std::fs::write(&trunc, "3\n...\n...\n").unwrap();
    let (good, trunc) = (good.to_str().unwrap(), trunc.to_str().unwrap());
    let r = run(&[good, trunc], b"");
    assert_eq!(r.stdout, "Case 1: 1\n");
    assert_eq!(
        r.stderr,
        format!(
            "nqueens: {trunc}:4: expected row 3 of 3 (3 cells of '.' or '*'), \
             found end of input\n"
        )
    );
    assert_eq!(r.status, 2);
}

#[test]
fn short_row() {
    assert_error(
        &format!("{GOOD}3\n...\n..\n...\n0\n"),
        "line 8: expected 3 cells of '.' or '*', found 2",
    );
}

#[test]
fn long_row() {
    assert_error(
        &format!("{GOOD}3\n....\n...\n...\n0\n"),
        "line 7: expected 3 cells of '.' or '*', found 4",
    );
}

#[test]
fn cell_that_is_neither_dot_nor_star() {
    assert_error(
        &format!("{GOOD}3\n...\n.Q.\n...\n0\n"),
        "line 8: expected 3 cells of '.' or '*', found 'Q' at cell 2",
    );
}

#[test]
fn row_split_by_spaces() {
    assert_error(
        &format!("{GOOD}3\n. ..\n...\n...\n0\n"),
        "line 7: expected 3 cells of '.' or '*', found 1 (a row is one token: no spaces \
         between its cells)",
    );
}

#[test]
fn size_that_is_not_a_number() {
    assert_error(
        &format!("{GOOD}eight\n"),
        "line 6: expected a board size from 1 to 64 (or 0 to end the input), found 'eight'",
    );
}

#[test]
fn negative_size() {
    assert_error(
        &format!("{GOOD}-4\n"),
        "line 6: expected a board size from 1 to 64 (or 0 to end the input), found '-4'",
    );
}

#[test]
fn size_too_large() {
    assert_error(
        &format!("{GOOD}\n65\n"),
        "line 7: expected a board size from 1 to 64 (or 0 to end the input), found '65'",
    );
    assert_error(
        &format!("{GOOD}99999999999999999999999\n"),
        "line 6: expected a board size from 1 to 64 (or 0 to end the input), found '99999999999999999999999'",
    );
}

#[test]
fn binary_junk() {
    let mut input = GOOD.as_bytes().to_vec();
    input.extend_from_slice(b"\x00\xff\xfe\x01\n");
    let run = run(&[], &input);
    assert_eq!(run.stdout, "Case 1: 1\n");
    assert_eq!(
        run.stderr,
        "nqueens: line 6: expected a board size from 1 to 64 (or 0 to end the input), found '\\x00\\xff\\xfe\\x01'\n"
    );
    assert_eq!(run.status, 2);
    let junk_row = run_bytes(b"4\n.*..\n....\n....\n....\n2\n.\xff\n");
    assert_eq!(
        junk_row.1,
        "nqueens: line 7: expected 2 cells of '.' or '*', found byte 0xff at cell 2\n"
    );
}

fn run_bytes(input: &[u8]) -> (String, String, i32) {
    let r = run(&[], input);
    (r.stdout, r.stderr, r.status)
}

/// An input with nothing in it has no cases: exit 0, and a note on stderr
/// (issue 34: nothing said it, and a wrong file went unnoticed). An input
/// of only `0` is a deliberate empty input: no note.
#[test]
fn empty_input_is_no_cases_with_a_note() {
    for input in ["", "\n", "  \r\n\t"] {
        assert_eq!(
            run_bytes(input.as_bytes()),
            (
                String::new(),
                "nqueens: no cases: the input is empty\n".to_string(),
                0
            )
        );
    }
    assert_eq!(run_bytes(b"0\n"), (String::new(), String::new(), 0));
    let estimate = run(&["--estimate"], b"");
    assert_eq!(
        (estimate.stderr.as_str(), estimate.status),
        ("nqueens: no cases: the input is empty\n", 0)
    );
}

/// A UTF-8 byte-order mark, as some editors write one, begins the input:
/// skipped (issue 34: it was refused as a bad size).
#[test]
fn a_byte_order_mark_is_accepted() {
    let input = format!("\u{feff}{GOOD}0\n");
    assert_eq!(
        run_bytes(input.as_bytes()),
        ("Case 1: 1\n".into(), String::new(), 0)
    );
    let checker = run(&["checker"], "\u{feff}6\r\n".as_bytes());
    assert_eq!(
        (checker.status, checker.stdout.lines().last()),
        (0, Some("4"))
    );
}

#[test]
fn missing_final_zero_is_a_clean_end() {
    assert_eq!(
        run_bytes(GOOD.as_bytes()),
        ("Case 1: 1\n".into(), String::new(), 0)
    );
}

#[test]
fn crlf_and_trailing_whitespace_are_whitespace() {
    let input = "4 \r\n.*..\t\r\n....  \r\n\r\n....\r\n....\r\n0\r\n";
    assert_eq!(
        run_bytes(input.as_bytes()),
        ("Case 1: 1\n".into(), String::new(), 0)
    );
}

#[test]
fn text_after_the_final_zero_is_ignored() {
    let input = format!("{GOOD}0\nthis is not a case\n\x00\x01");
    assert_eq!(
        run_bytes(input.as_bytes()),
        ("Case 1: 1\n".into(), String::new(), 0)
    );
}

#[test]
fn a_huge_size_allocates_nothing() {
    // Would need 2^62 rows if believed; must be refused at once.
    let r = run(&[], b"4611686018427387904\n");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains("found '4611686018427387904'"),
        "{}",
        r.stderr
    );
}

#[test]
fn missing_file_is_a_usage_error() {
    let r = run(&["no/such/file.in"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("nqueens: cannot open 'no/such/file.in': "),
        "{}",
        r.stderr
    );
}

/// A malformed command line gets the usage of the command meant after its
/// message; a bad value gets its message only.
#[test]
fn only_malformed_command_lines_get_a_usage_line() {
    for (args, usage) in [
        (&["--bogus"][..], "usage: nqueens [OPTIONS] [FILE...]"),
        (&["checker", "6", "7"], "usage: nqueens checker [N]"),
        (&["checker", "--unique"], "usage: nqueens checker [N]"),
        (&["--threads"], "usage: nqueens [OPTIONS] [FILE...]"),
        (
            &["help", "checker", "count"],
            "usage: nqueens [OPTIONS] [FILE...]",
        ),
        (
            &["show", "a.in", "b.in"],
            "usage: nqueens show [OPTIONS] [FILE]",
        ),
    ] {
        let r = run(args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert!(r.stdout.is_empty());
        assert_eq!(r.stderr.lines().count(), 2, "{args:?}: {}", r.stderr);
        let second = r.stderr.lines().nth(1).unwrap();
        assert!(second.starts_with(usage), "{args:?}: {second}");
    }
    for args in [
        &["checker", "0"][..],
        &["checker", "65"],
        &["--threads", "0"],
        &["no/such/file.in"],
        &["merge", "nosuch.txt"],
    ] {
        let r = run(args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
    }
}

#[test]
fn checker_reads_n_from_stdin_and_reports_bad_n() {
    assert_eq!(
        run(&["checker"], b"6\n").stdout,
        "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n"
    );
    let r = run(&["checker"], b"six\n");
    assert_eq!(r.status, 2);
    assert_eq!(
        r.stderr,
        "nqueens: line 1: expected N from 1 to 64, found 'six'\n"
    );
}

/// Checker mode's N: a second number on its line is refused, not ignored;
/// the end of a one-line input is on line 1; `--` before N is fine (issue
/// 34).
#[test]
fn checker_refuses_a_second_number_and_takes_n_after_dashes() {
    let r = run(&["checker"], b"6 7\n");
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert_eq!(
        r.stderr,
        "nqueens: line 1: expected N alone on its line, found '7'\n"
    );
    let r = run(&["checker"], b"\n");
    assert_eq!(
        r.stderr,
        "nqueens: line 1: expected N from 1 to 64, found end of input\n"
    );
    let dashes = run(&["checker", "--", "6"], b"");
    assert_eq!(dashes.stdout, run(&["checker", "6"], b"").stdout);
    assert_eq!(dashes.status, 0, "{}", dashes.stderr);
}

/// Values found in input are quoted one way: `found '65'`, `found '-4'`,
/// `found 'x' at cell 2` (issue 34: three ways).
#[test]
fn found_values_are_quoted_alike() {
    for (input, found) in [
        ("65\n", "found '65'"),
        ("-4\n", "found '-4'"),
        ("2\n.x\n..\n", "found 'x' at cell 2"),
    ] {
        let r = run(&[], input.as_bytes());
        assert!(
            r.stderr.trim_end().ends_with(found),
            "{input:?}: {}",
            r.stderr
        );
    }
}

/// `help` takes one command and says so; an unknown one is named once,
/// the commands listed once (on the usage line).
#[test]
fn help_errors_are_clear() {
    let r = run(&["help", "checker", "count"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("nqueens: help takes one command, not 'count' after 'checker'\n"),
        "{}",
        r.stderr
    );
    let r = run(&["help", "bogus"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .starts_with("nqueens: help: unknown command 'bogus'\n"),
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stderr.matches("checker count merge").count(),
        1,
        "{}",
        r.stderr
    );
}

/// A prefix of exactly one name is suggested: `--lang py` means `python`.
#[test]
fn a_language_prefix_is_suggested() {
    let r = run(&["bundle", "--lang", "py"], b"");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr
            .trim_end()
            .ends_with("not 'py'; did you mean 'python'?"),
        "{}",
        r.stderr
    );
}

#[test]
fn help_and_version() {
    let help = run(&["--help"], b"");
    assert_eq!(help.status, 0);
    assert!(help.stdout.contains("USAGE:"));
    let version = run(&["--version"], b"");
    assert_eq!(
        version.stdout,
        format!("nqueens {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// Judge mode's `--explain` with `--estimate`, which answers no case, is
/// refused, and so is a switch given twice (issue 75: both were accepted,
/// the first pair with `--explain` dropped without a word): exit 2,
/// nothing read or printed.
#[test]
fn explain_with_estimate_and_a_repeated_switch_are_refused() {
    let r = run(&["--explain", "--estimate"], GOOD.as_bytes());
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr.as_str()),
        (
            2,
            "",
            "nqueens: --estimate answers no case, so --explain would explain nothing (each \
             estimate line names the method chosen already): give one of them\n"
        )
    );
    let r = run(&["count", "8", "--unique", "--unique"], b"");
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.starts_with(
            "nqueens: option '--unique' is given twice; give it once\nusage: nqueens count "
        ),
        "{}",
        r.stderr
    );
}
