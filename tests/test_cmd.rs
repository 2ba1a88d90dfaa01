//! `nqueens test`: verdicts on stored inputs (AC, WA with the differing
//! line, RE, TLE), expected outputs computed when no `.out` is stored, the
//! summary line and the exit status.

use std::path::PathBuf;

use crate::util;

/// A fresh directory of inputs under cargo's temporary directory:
/// `a.in` with `a.out` (answer 2), `b.in` without `.out` (answers 4, 10).
fn inputs(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("test-cmd")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.in"), "4\n....\n....\n....\n....\n0\n").unwrap();
    std::fs::write(dir.join("a.out"), "Case 1: 2\n").unwrap();
    let b = "6\n......\n......\n......\n......\n......\n......\n5\n.....\n.....\n.....\n.....\n.....\n0\n";
    std::fs::write(dir.join("b.in"), b).unwrap();
    std::fs::write(dir.join("notes.txt"), "not an input").unwrap();
    dir
}

/// The peak memory is the kernel's, measured for every run that ends
/// (issue 38: a 9 ms run under load printed `memory not sampled`), and is
/// the run's own, not that of the `nqueens test` that started it (which
/// computed an expected output first).
#[test]
fn a_correct_solution_is_accepted_with_time_and_memory() {
    let dir = inputs("ac");
    let dir = dir.to_str().unwrap();
    let me = env!("CARGO_BIN_EXE_nqueens");
    let run = util::run(&["test", dir, "--", me], b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert!(
        lines[0].starts_with(&format!("AC   {dir}/a.in  ")),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" MiB"), "{}", lines[0]);
    assert!(lines[0].contains("s  "), "{}", lines[0]);
    // `true` is a few pages of its own and the C library's (1.0 MiB here),
    // less than the nqueens just measured: the figure is the run's own,
    // not that of the `nqueens test` that started it, which also computed
    // an expected output.
    let mib = |line: &str| -> f64 {
        line.strip_suffix(" MiB")
            .and_then(|rest| rest.rsplit(' ').next())
            .and_then(|m| m.parse().ok())
            .unwrap_or_else(|| panic!("no memory in {line}"))
    };
    let tiny = util::run(&["test", dir, "--", "true"], b"");
    let first = tiny.stdout.lines().next().unwrap_or_default().to_string();
    assert!(
        mib(&first) > 0.0 && mib(&first) < mib(lines[0]),
        "{first}\n{}",
        lines[0]
    );
    for _ in 0..20 {
        let again = util::run(&["test", dir, "--", "true"], b"");
        assert!(!again.stdout.contains("not sampled"), "{}", again.stdout);
    }
    assert!(
        lines[1].ends_with("  (no .out: expected output computed)"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("test: 2 of 2 passed (AC 2); slowest "),
        "{}",
        lines[2]
    );
}

#[test]
fn a_wrong_answer_shows_the_first_differing_line() {
    let dir = inputs("wa");
    let b = dir.join("b.in");
    let run = util::run_script(
        &["test", b.to_str().unwrap()],
        "echo 'Case 1: 4'; echo 'Case 2: 9'",
    );
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("WA   "), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("\n     line 2: expected 'Case 2: 10'\n             actual   'Case 2: 9'\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("test: 0 of 1 passed (WA 1); "));
}

#[test]
fn crashes_and_time_outs() {
    let dir = inputs("re-tle");
    let dir = dir.to_str().unwrap();
    let run = util::run_script(&["test", dir], "echo boom >&2; exit 3");
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("RE   "), "{}", run.stdout);
    assert!(run
        .stdout
        .contains("     exit status: 3\n     stderr: boom\n"));
    assert!(run.stdout.contains("(RE 2)"), "{}", run.stdout);

    // Asleep, a run uses no CPU time: the wall-clock backstop, 4 times
    // the limit and a second, kills it (the verdict says so; the sleep
    // would have run for 104.5 s).
    let limited = ["test", "--timeout", "0.3", dir];
    let run = util::run_script(&limited, "sleep 104.5");
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("TLE  "), "{}", run.stdout);
    assert!(run.stdout.contains("  2.200s  "), "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "     killed after 2.2s of wall time, with less than 300ms of CPU time (hung?)\n"
        ),
        "{}",
        run.stdout
    );
    assert!(!crate::stress::running("sleep\x00104.5"));
    // Busy, it reaches the limit of CPU time, however loaded the machine.
    let run = util::run_script(&limited, util::BUSY_LOOP);
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("TLE  "), "{}", run.stdout);
    assert!(
        run.stdout.contains("     killed after 300ms of CPU time\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn checker_inputs_and_errors() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("test-cmd/checker");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("six.in"), "6\n").unwrap();
    let me = env!("CARGO_BIN_EXE_nqueens");
    let args = [
        "test",
        "--problem",
        "checker",
        dir.to_str().unwrap(),
        "--",
        me,
        "checker",
    ];
    let run = util::run(&args, b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
    // Read as UVa input, "6" then no rows: no expected output, an error.
    std::fs::write(dir.join("bad.in"), "x\n").unwrap();
    let run = util::run(&args, b"");
    assert_eq!(run.status, 2, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("ERR  "), "{}", run.stdout);
    assert!(run.stdout.contains("(AC 1, ERR 1)"), "{}", run.stdout);
}

/// `test` computes a missing expected output as judge mode does (the
/// planner, on `--threads`), not with the single-threaded plain search:
/// a blank 16 x 16 case (13 s of CPU for the plain search, well under a
/// second for the planner) costs it at most twice judge mode's CPU time.
/// CPU time, as the shell's `times` reports it for its child, does not
/// depend on the machine's load, as wall time would.
#[test]
fn computed_expected_outputs_cost_what_judge_mode_takes() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("test-cmd-blank16");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("blank16.in");
    let row = ".".repeat(16);
    let case = format!("16\n{}0\n", format!("{row}\n").repeat(16));
    std::fs::write(&file, case).unwrap();
    let file = file.to_str().unwrap();
    let (run, judge) = util::run_cpu(&["--threads", "2", file], b"");
    assert_eq!(run.stdout, "Case 1: 14772512\n", "{}", run.stderr);
    let (run, test) = util::run_cpu(&["test", "--threads", "2", file, "--", "cat"], b"");
    // `cat` echoes the input: a wrong answer, after the expected output.
    assert_eq!(run.status, 1, "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.starts_with("WA "), "{}", run.stdout);
    assert!(
        test <= 2.0 * judge + 0.5,
        "test {test:.2} s of CPU against judge mode's {judge:.2} s"
    );
}

/// A checker (P1219) input given to `test` without `--problem checker`
/// cannot be judge input: the error says what to add.
#[test]
fn a_checker_input_without_problem_checker_gets_the_hint() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("test-cmd-checker");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("c.in"), "8\n").unwrap();
    let dir = dir.to_str().unwrap();
    let run = util::run(&["test", dir, "--", "cat"], b"");
    assert_eq!(run.status, 2, "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("give --problem checker"),
        "{}",
        run.stdout
    );
    let run = util::run(&["test", "--problem", "checker", dir, "--", "cat"], b"");
    assert!(run.stdout.starts_with("WA "), "{}", run.stdout);
}

/// `nqueens test -- COMMAND` reads the folder `test`; where there is none
/// (or `test` is a file, a compiled solution say), it says what it looked
/// for and how to give inputs, exit status 2 (issue 75: "cannot open
/// 'test'"); where there is one, its inputs run.
#[test]
fn without_inputs_it_reads_the_folder_test_or_says_how_to_give_inputs() {
    let run_in = |dir: &std::path::Path| {
        let output = util::test_env(&mut std::process::Command::new(env!(
            "CARGO_BIN_EXE_nqueens"
        )))
        .args(["test", "--", env!("CARGO_BIN_EXE_nqueens")])
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let expected = "nqueens: test: no DIR or FILE given, and no folder 'test' here (the \
                    default, where 'oj download' puts a problem's samples): give a folder \
                    of *.in files or the files themselves before '--', e.g. 'nqueens test \
                    samples -- ./mine' or 'nqueens test a.in b.in -- ./mine'\n";
    let empty = inputs("default-none");
    assert_eq!(
        run_in(&empty),
        (Some(2), String::new(), expected.to_string())
    );
    std::fs::write(empty.join("test"), "a file, not a folder").unwrap();
    assert_eq!(
        run_in(&empty),
        (Some(2), String::new(), expected.to_string())
    );
    let parent = inputs("default-folder");
    let folder = parent.join("test");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("a.in"), "4\n....\n....\n....\n....\n0\n").unwrap();
    let (status, stdout, stderr) = run_in(&parent);
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    assert!(stdout.starts_with("AC   test/a.in  "), "{stdout}");
}
