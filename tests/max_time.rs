//! `--max-time SECONDS` (issue 75): a judge case estimated above it is not
//! counted, its line says so in place of the count, every other case is
//! answered in order, and the run exits 3. The estimates are pinned to the
//! reference model (`NQUEENS_CALIBRATION=1`, as every run here is), and a
//! skip is decided from the quote, never from a clock: nothing here
//! depends on this machine's speed.

use crate::util;

/// A blank `n` x `n` case.
fn blank(n: usize) -> String {
    let row = ".".repeat(n);
    let mut text = format!("{n}\n");
    for _ in 0..n {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// A cheap case (the blank 8, 92 ways), an expensive one (the blank 20:
/// minutes of work, its quote far above a second), a case known without
/// searching (a row without free cells), another cheap one, and the blank
/// 20 again (a repeat of the expensive one).
fn input() -> String {
    let known = "3\n...\n***\n...\n";
    let cheap = "4\n.*..\n....\n....\n....\n";
    format!("{}{}{known}{cheap}{}0\n", blank(8), blank(20), blank(20))
}

/// The line of a skipped case `k`: its estimate on 2 threads, over 1 s.
fn assert_skipped(line: &str, k: usize) {
    let prefix = format!("Case {k}: skipped (estimated about ");
    assert!(
        line.starts_with(&prefix) && line.ends_with(" on 2 threads, over --max-time 1 s)"),
        "{line}"
    );
}

#[test]
fn a_hopeless_case_is_skipped_and_the_others_answered() {
    for method in [&[][..], &["--method", "ordered"][..]] {
        let mut args = vec!["--max-time", "1", "--threads", "2"];
        args.extend_from_slice(method);
        let run = util::run_on_cores(2, &args, input().as_bytes());
        assert_eq!(run.status, 3, "{method:?}: {}", run.report());
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{method:?}: {}", run.report());
        assert_eq!(lines[0], "Case 1: 92");
        assert_skipped(lines[1], 2);
        assert_eq!(
            lines[2], "Case 3: 0",
            "known without searching: never skipped"
        );
        assert_eq!(lines[3], "Case 4: 1");
        assert_skipped(lines[4], 5);
        // Not announced as long work: it is not run.
        assert!(!run.stderr.contains("estimated at"), "{}", run.report());
    }
}

#[test]
fn the_skip_is_the_figure_estimate_prints() {
    let args = ["--max-time", "1", "--threads", "2"];
    let run = util::run_on_cores(2, &args, input().as_bytes());
    let estimate = util::run_on_cores(
        2,
        &[&args[..], &["--estimate"]].concat(),
        input().as_bytes(),
    );
    assert_eq!(estimate.status, 0, "{}", estimate.report());
    let lines: Vec<&str> = estimate.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", estimate.report());
    let would = "; over --max-time 1 s, would be skipped";
    for (k, line) in lines.iter().enumerate() {
        let skipped = k == 1 || k == 4;
        assert_eq!(line.ends_with(would), skipped, "{line}");
    }
    // The time the skipped line gives is the one --estimate prints.
    let given = run.stdout.lines().nth(1).unwrap();
    let time = given
        .strip_prefix("Case 2: skipped (estimated about ")
        .and_then(|rest| rest.split(" on 2 threads").next())
        .unwrap();
    assert!(
        lines[1].contains(&format!(": about {time} on 2 threads (")),
        "{given}\n{}",
        lines[1]
    );
}

#[test]
fn nothing_skipped_exits_0_with_the_usual_answers() {
    let cheap = format!("{}4\n.*..\n....\n....\n....\n0\n", blank(8));
    let with = util::run(&["--max-time", "1"], cheap.as_bytes());
    let without = util::run(&[], cheap.as_bytes());
    assert_eq!(with.status, 0, "{}", with.report());
    assert_eq!(with.stdout, "Case 1: 92\nCase 2: 1\n");
    assert_eq!(with.stdout, without.stdout);
}

#[test]
fn a_bad_max_time_is_a_usage_error() {
    for value in ["0", "-1", "abc", "0.0", "nan", "inf"] {
        let run = util::run(&["--max-time", value], input().as_bytes());
        assert_eq!(run.status, 2, "{value}: {}", run.report());
        assert_eq!(run.stdout, "", "{value}");
        assert_eq!(
            run.stderr,
            format!(
                "nqueens: --max-time must be a number of seconds above 0 (e.g. 60 or 0.5), \
                 not '{value}'\n"
            )
        );
    }
    let run = util::run(&["--max-time"], b"");
    assert_eq!(run.status, 2, "{}", run.report());
    let run = util::run(&["count", "8", "--max-time", "1"], b"");
    assert_eq!(run.status, 2, "{}", run.report());
    assert!(
        run.stderr
            .starts_with("nqueens: option '--max-time' does not apply to count"),
        "{}",
        run.report()
    );
}
