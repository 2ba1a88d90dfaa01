//! `nqueens gen` and `nqueens stress`: generated inputs are valid and
//! reproducible; stress passes a correct solution (this program itself) and
//! catches wrong, crashing and slow ones with a minimal counterexample.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::util;

/// The deliberately wrong C++ solution of the README and the submitting
/// guide (it forgets the obstacles), compiled once per test run with g++
/// as they say (none, and the
/// test is skipped, when g++ is missing).
fn wrong_solver() -> Option<&'static str> {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    util::have_tool("g++", "g++").then(|| {
        BINARY
            .get_or_init(|| compile("wrong-uva11195"))
            .to_str()
            .unwrap()
    })
}

/// `samples/wrong-diagonal.cpp`: wrong only on boards of side 10 or more.
fn wrong_from_10() -> Option<&'static str> {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    util::have_tool("g++", "g++").then(|| {
        BINARY
            .get_or_init(|| compile("wrong-diagonal"))
            .to_str()
            .unwrap()
    })
}

/// Compiles `samples/NAME.cpp` with g++ into cargo's temporary directory.
pub fn compile(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress");
    std::fs::create_dir_all(&dir).unwrap();
    let binary = dir.join(name);
    let output = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(format!("samples/{name}.cpp"))
        .output()
        .expect("g++ runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    binary
}

/// Whether a process whose command line contains `marker` is running.
pub fn running(marker: &str) -> bool {
    std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
        std::fs::read(entry.path().join("cmdline"))
            .map(|c| String::from_utf8_lossy(&c).contains(marker))
            .unwrap_or(false)
    })
}

/// A report without its `time:` line (times differ from run to run).
fn timeless(report: &str) -> String {
    report
        .lines()
        .filter(|line| !line.starts_with("time: "))
        .map(|line| format!("{line}\n"))
        .collect()
}

#[test]
fn default_sizes_catch_a_bug_that_needs_n_10() {
    let Some(wrong) = wrong_from_10() else {
        return;
    };
    // Boards up to 8, the old default, never show it.
    let small = ["stress", "--seed", "1", "--n", "1..=8", "--", wrong];
    let run = util::run(&small, b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    // The defaults do, within a few rounds, and shrinking keeps n >= 10.
    let run = util::run(&["stress", "--seed", "1", "-j", "2", "--", wrong], b"");
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .contains("minimal failing input (1 case, n = 10, "),
        "{}",
        run.stdout
    );
}

#[test]
fn jobs_give_the_same_verdict() {
    let Some(wrong) = wrong_from_10() else {
        return;
    };
    let report = |jobs: &str| {
        let args = [
            "stress",
            "--seed",
            "5",
            "--no-shrink",
            "-j",
            jobs,
            "--",
            wrong,
        ];
        let run = util::run(&args, b"");
        assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
        timeless(&run.stdout)
    };
    let one = report("1");
    assert!(one.contains("failing input ("), "{one}");
    assert!(one.contains(", not shrunk):\n"), "{one}");
    for jobs in ["2", "3"] {
        assert_eq!(report(jobs), one, "-j {jobs}");
    }
}

#[test]
fn a_time_out_kills_the_whole_group_in_about_the_limit() {
    let run = util::run_script(
        &["stress", "--seed", "3", "--timeout", "0.5", "--no-shrink"],
        "sleep 103.5 & sleep 103.5",
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    // Asleep, the group uses no CPU time: the wall-clock backstop (4
    // times the limit and a second) kills it, as the report says (the
    // sleeps would have run for 103.5 s).
    assert!(
        run.stdout
            .contains("timed out: killed after 3s of wall time"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("time: this run 3.000s"),
        "{}",
        run.stdout
    );
    // A time-out is no passing run: no slowest passing run to show.
    assert!(run.stdout.contains(", no round passed\n"), "{}", run.stdout);
    // stress returns only once the killed group is gone: no pause.
    assert!(!running("sleep\x00103.5"), "a sleep survived the time-out");
}

#[test]
fn ctrl_c_leaves_nothing_running() {
    let mut child = util::test_env(&mut Command::new(env!("CARGO_BIN_EXE_nqueens")))
        .args([
            "stress",
            "--timeout",
            "100",
            "--",
            "sh",
            "-c",
            "sleep 105.5",
        ])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // A guard against a solution that never starts, not a bound on speed.
    let started = std::time::Instant::now();
    while !running("sleep\x00105.5") {
        assert!(
            started.elapsed() < crate::child::PATIENCE,
            "the solution never started"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = crate::child::wait_limited(&mut child, crate::child::PATIENCE);
    assert_eq!(status.code(), Some(130));
    // nqueens exits only once every process it killed is gone (reaped):
    // no pause before looking.
    assert!(!running("sleep\x00105.5"), "a sleep survived Ctrl-C");
}

#[test]
fn save_writes_the_failing_input_and_the_expected_output() {
    let Some(wrong) = wrong_solver() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-save");
    let _ = std::fs::remove_dir_all(&dir);
    let saved = dir.to_str().unwrap();
    let run = util::run(
        &["stress", "--seed", "1", "--save", saved, "--", wrong],
        b"",
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    let input = dir.join("failing.in");
    let output = dir.join("failing.out");
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "1\n*\n0\n");
    assert_eq!(std::fs::read_to_string(&output).unwrap(), "Case 1: 0\n");
    let line = format!(
        "saved: {} (input), {} (expected output)\n",
        input.display(),
        output.display()
    );
    assert!(run.stdout.contains(&line), "{}", run.stdout);
}

#[test]
fn stress_passes_a_correct_solution() {
    let me = env!("CARGO_BIN_EXE_nqueens");
    let run = util::run(&["stress", "--seed", "7", "--rounds", "30", "--", me], b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    assert!(run
        .stdout
        .starts_with("stress: all 30 rounds passed (120 cases), seed 7, "));
    assert!(run.stdout.contains("s; slowest run "), "{}", run.stdout);
    assert_eq!(run.stdout.lines().count(), 1);
    let checker = [
        "stress",
        "--problem",
        "checker",
        "--seed",
        "7",
        "--rounds",
        "10",
        "--",
        me,
        "checker",
    ];
    let run = util::run(&checker, b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
}

#[test]
fn stress_shrinks_a_wrong_solution_to_one_blocked_cell() {
    let Some(wrong) = wrong_solver() else {
        return;
    };
    let run = util::run(
        &["stress", "--seed", "1", "--rounds", "50", "--", wrong],
        b"",
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    let report = &run.stdout;
    assert!(report.contains("wrong answer on output line 1"), "{report}");
    assert!(
        report.contains("minimal failing input (1 case, n = 1, after "),
        "{report}"
    );
    assert!(
        report.contains(":\n1\n*\n0\nexpected output:\nCase 1: 0\nactual output:\nCase 1: 1\n"),
        "{report}"
    );
    assert!(report.contains("reproduce the unshrunk input: nqueens gen --seed "));
}

#[test]
fn stress_reports_crashes_and_time_outs() {
    let run = util::run_script(&["stress", "--seed", "3", "--rounds", "5"], "exit 3");
    assert_eq!(run.status, 1);
    assert!(
        run.stdout.contains("crashed (exit status: 3)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("(1 case, n = 1,"), "{}", run.stdout);

    // A solution that signals its whole process group (the measuring
    // helper included) crashed; that is no error of stress's own.
    let once = ["stress", "--seed", "3", "--rounds", "1", "--no-shrink"];
    let run = util::run_script(&once, "kill -TERM 0");
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("crashed (signal: 15"), "{}", run.stdout);

    // The limit is on CPU time: a busy loop reaches it however loaded the
    // machine is (no shrinking: each try would cost the limit again).
    let tiny = ["--cases", "1", "--n", "2", "--timeout", "0.2"];
    let run = util::run_script(&[&once[..], &tiny].concat(), util::BUSY_LOOP);
    assert_eq!(run.status, 1);
    assert!(
        run.stdout.contains("timed out after 200ms of CPU time"),
        "{}",
        run.stdout
    );
}

/// Shrinking keeps the kind of failure (issue 38: a solution slow from
/// N = 10 and wrong below was reported as "wrong answer" on N = 6, the
/// round's time-out on N = 12 nowhere): a smaller N that gives a wrong
/// answer is not taken for a smaller time-out.
#[test]
fn shrinking_keeps_the_kind_of_failure() {
    let checker_once = [
        "stress",
        "--problem",
        "checker",
        "--seed",
        "2",
        "--rounds",
        "1",
    ];
    let run = util::run_script(
        &[&checker_once[..], &["--timeout", "0.2"]].concat(),
        "read n; if [ \"$n\" -ge 10 ]; then while :; do :; done; fi; echo 1",
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout
            .starts_with("stress: FAILED in round 0 (seed 2): timed out after 200ms of CPU time\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("minimal failing input (N = 10, after "),
        "{}",
        run.stdout
    );
}

#[test]
fn stress_checker_shrinks_to_the_smallest_n_of_the_range() {
    let run = util::run_script(
        &["stress", "--problem", "checker", "--seed", "2"],
        "read n; echo 1",
    );
    assert_eq!(run.status, 1);
    assert!(
        run.stdout.contains("minimal failing input (N = 6, after "),
        "{}",
        run.stdout
    );
}

#[test]
fn stress_usage_errors_exit_2() {
    for args in [
        &["stress"][..],
        &["stress", "--rounds", "0", "--", "true"],
        &["stress", "--", "/nonexistent/solver"],
        &["stress", "--limit", "3", "--", "true"],
    ] {
        let run = util::run(args, b"");
        assert_eq!(run.status, 2, "{args:?}");
        assert!(run.stdout.is_empty());
        assert!(run.stderr.starts_with("nqueens: "));
    }
}

#[test]
fn gen_is_reproducible_and_valid_judge_input() {
    let args = [
        "gen",
        "--seed",
        "42",
        "--cases",
        "20",
        "--n",
        "1..=9",
        "--density",
        "10..=60",
    ];
    let first = util::run(&args, b"");
    assert_eq!(first.status, 0);
    assert_eq!(util::run(&args, b"").stdout, first.stdout);
    let judged = util::run(&[], first.stdout.as_bytes());
    assert_eq!(judged.status, 0, "{}", judged.stderr);
    assert_eq!(judged.stdout.lines().count(), 20);
    let checker = util::run(
        &["gen", "--problem", "checker", "--seed", "1", "--n", "6..=9"],
        b"",
    );
    let n: usize = checker.stdout.trim().parse().unwrap();
    assert!((6..=9).contains(&n));
}

/// `gen` and `stress` read ranges as `count` does: `A..=B`, both ends
/// included; `A..B` is refused with the `..=` form suggested (issue 34:
/// `gen --n 3..5` made no board of side 5).
#[test]
fn gen_and_stress_refuse_a_range_without_equals_as_count_does() {
    let count = util::run(&["count", "3..5"], b"");
    assert_eq!(count.status, 2);
    assert!(
        count.stderr.contains("did you mean '3..=5'?"),
        "{}",
        count.stderr
    );
    for args in [
        &["gen", "--n", "3..5"][..],
        &["stress", "--n", "3..5", "--", "true"],
        &["gen", "--n", "5..3"],
    ] {
        let r = util::run(args, b"");
        assert_eq!((r.status, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            r.stderr.starts_with(
                "nqueens: --n takes a number or a range A..=B (both ends included), not '"
            ) && r.stderr.contains("; did you mean '3..=5'?"),
            "{args:?}: {}",
            r.stderr
        );
    }
    let r = util::run(&["gen", "--density", "10..30"], b"");
    assert!(r.stderr.contains("did you mean '10..=30'?"), "{}", r.stderr);
    // Both ends included: every side of 3..=5 comes up.
    let out = util::run(
        &[
            "gen",
            "--seed",
            "1",
            "--cases",
            "60",
            "--n",
            "3..=5",
            "--density",
            "0",
        ],
        b"",
    );
    for side in ["3", "4", "5"] {
        assert!(out.stdout.lines().any(|l| l == side), "no side {side}");
    }
}
