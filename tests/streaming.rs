//! Long runs that talk: judge mode answers each case as soon as it and the
//! cases before it are known (a kill loses only unfinished cases), progress
//! goes to stderr only, estimates come before any search, and `show` draws
//! without counting first.

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;
use std::sync::mpsc::{self, Receiver};
use std::time::Instant;

use crate::child::{lines, next_line, spawn, PATIENCE};

/// Two instant cases, then a near-blank 18 x 18 board (two cells blocked)
/// that takes minutes of CPU on this machine's cores (measured: not done
/// after 60 s on 2 threads, with the debug profile the tests use).
fn quick_then_slow() -> String {
    let mut text = String::from("4\n.*..\n....\n....\n....\n1\n.\n18\n");
    for row in 0..18 {
        let mut cells = vec!['.'; 18];
        if row == 0 {
            cells[1] = '*';
        }
        if row == 3 {
            cells[5] = '*';
        }
        text.extend(cells);
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

#[test]
fn answers_leave_before_a_slow_case_of_the_same_batch_ends() {
    for threads in ["1", "2"] {
        let mut child = spawn(&["--threads", threads], Stdio::piped());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(quick_then_slow().as_bytes()).unwrap();
        // The input is whole (it ends with 0); the batch holds all three.
        drop(stdin);
        let out = lines(child.stdout.take().unwrap());
        let first = next_line(&out, "case 1 while case 3 runs");
        let second = next_line(&out, "case 2 while case 3 runs");
        let still_running = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("Case 1: 1", "Case 2: 1")
        );
        assert!(still_running, "the slow case was meant to be still running");
        // Killed mid-way: nothing more, and what was out stays out.
        assert!(out.recv().is_err(), "no third answer after the kill");
    }
}

/// The lines of a child's pipe as a channel, read on a thread.
fn pipe_lines<R: std::io::Read + Send + 'static>(source: R) -> Receiver<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(source).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// Lines from `lines` until one satisfies `wanted` (which is returned),
/// failing the test after [`PATIENCE`].
fn line_where(lines: &Receiver<String>, wanted: impl Fn(&str) -> bool, what: &str) -> String {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match lines.recv_timeout(left) {
            Ok(line) if wanted(&line) => return line,
            Ok(_) => {}
            Err(e) => panic!("no line {what} within {PATIENCE:?} ({e})"),
        }
    }
}

#[test]
fn judge_mode_reports_a_long_case_on_stderr_only() {
    let mut child = spawn(&["--progress", "--threads", "2"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(quick_then_slow().as_bytes()).unwrap();
    drop(stdin);
    let out = lines(child.stdout.take().unwrap());
    let err = pipe_lines(child.stderr.take().unwrap());
    // Progress comes after a second, and then every ten (not a terminal).
    let line = line_where(&err, |l| l.starts_with("Case 3 "), "about case 3");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("Case 3 (n=18, ")
            && line.contains("% done, ")
            && line.contains(" elapsed, "),
        "{line}"
    );
    assert!(!line.contains('\r') && !line.contains('\x1b'), "{line:?}");
    let stdout: Vec<String> = out.try_iter().collect();
    assert_eq!(stdout, ["Case 1: 1", "Case 2: 1"]);
}

#[test]
fn a_hopeless_count_says_so_from_its_first_second() {
    // n = 56: set-up takes about a second at the reference speed (reported
    // when it is still going at the first report, a second in: whether it
    // is depends on the machine's speed, so either report will do), the
    // count ages (estimated, so the time left is not "unknown").
    let mut child = spawn(
        &["count", "56", "--progress", "--threads", "2"],
        Stdio::piped(),
    );
    let out = lines(child.stdout.take().unwrap());
    let err = pipe_lines(child.stderr.take().unwrap());
    let warning = line_where(&err, |_| true, "at the start");
    let first = line_where(
        &err,
        |l| l.starts_with("n=56"),
        "on the set-up or the count",
    );
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        warning.starts_with("nqueens: this count is estimated at about ")
            && warning.contains("years on 2 threads, more than a day"),
        "{warning}"
    );
    assert!(
        first.starts_with("n=56 set-up: ") && first.contains("% done, ")
            || first.starts_with("n=56: ") && first.ends_with("in all: hopeless"),
        "{first}"
    );
    assert!(out.try_iter().next().is_none(), "nothing on stdout");
    // Once set up, a count with nothing done yet gives the estimate (n = 25:
    // the constellations, set up in seconds; the join plans n = 23 for a
    // minute).
    let mut child = spawn(
        &["count", "25", "--progress", "--threads", "2"],
        Stdio::piped(),
    );
    let err = pipe_lines(child.stderr.take().unwrap());
    let line = line_where(&err, |l| l.starts_with("n=25: "), "on the count");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!line.contains("unknown"), "{line}");
    assert!(line.contains(" left") || line.contains(" in all"), "{line}");
}

#[test]
fn a_hopeless_judge_case_is_announced_when_its_batch_starts() {
    let mut text = String::from("30\n");
    for row in 0..30 {
        text.push_str(if row == 2 { "...*" } else { "...." });
        text.push_str(&".".repeat(26));
        text.push('\n');
    }
    text.push_str("0\n");
    let mut child = spawn(&["--threads", "2"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(text.as_bytes()).unwrap();
    drop(stdin);
    let err = pipe_lines(child.stderr.take().unwrap());
    let line = line_where(&err, |_| true, "announcing case 1");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("nqueens: case 1 (n=30, ") && line.ends_with("more than a day"),
        "{line}"
    );
}

/// A long case whose first work unit alone takes far longer than the run
/// is watched still gets progress from its first second: the share done
/// (none yet) and the estimate of the whole (issue 34: a 30 x 30 board
/// estimated at 14 h printed nothing in 100 s, waiting for a first unit).
#[test]
fn judge_mode_reports_a_long_case_before_its_first_unit_ends() {
    let mut rng = crate::util::Rng::new(4);
    let board = crate::util::random_board(&mut rng, 40, 10);
    let input = format!("{}0\n", crate::util::case_text(&board));
    let mut child = spawn(&["--progress", "--threads", "2"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let err = pipe_lines(child.stderr.take().unwrap());
    let line = line_where(&err, |l| l.starts_with("Case 1 "), "about case 1");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("Case 1 (n=40, ")
            && line.contains(": 0.0% done, ")
            && line.contains(" in all: hopeless"),
        "{line}"
    );
}

/// Checker mode says, as `count` does, when its count is estimated above
/// a day (issue 34: `checker 27` printed its three solutions and then
/// counted for years without a word).
#[test]
fn checker_mode_says_when_its_count_takes_more_than_a_day() {
    let mut child = spawn(&["checker", "27", "--threads", "2"], Stdio::piped());
    let out = lines(child.stdout.take().unwrap());
    let err = pipe_lines(child.stderr.take().unwrap());
    // The search for the first solutions may say what it does first.
    let warning = line_where(&err, |l| l.contains("count"), "about the count");
    let solutions: Vec<String> = (0..3)
        .map(|k| next_line(&out, &format!("solution {k}")))
        .collect();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        warning.starts_with("nqueens: this count is estimated at about ")
            && warning.contains("more than a day"),
        "{warning}"
    );
    assert!(
        solutions.iter().all(|s| s.split(' ').count() == 27),
        "{solutions:?}"
    );
    // Below a day: no word.
    let quick = crate::util::run(&["checker", "8"], b"");
    assert_eq!((quick.status, quick.stderr.as_str()), (0, ""));
}

/// A shard's `count N --shard I/K --estimate` plans before it prices (a
/// minute and more at N = 23; a whole count's estimate is sampled): under
/// `--progress` (as on a terminal) it says so on stderr while it plans,
/// before the estimate (issue 34: "plans for a minute and a half with no
/// word").
#[test]
fn count_estimate_says_it_is_planning_while_it_plans() {
    let mut child = spawn(
        &[
            "count",
            "23",
            "--shard",
            "1/8",
            "--estimate",
            "--progress",
            "--threads",
            "2",
        ],
        Stdio::piped(),
    );
    let out = pipe_lines(child.stdout.take().unwrap());
    let err = pipe_lines(child.stderr.take().unwrap());
    let line = line_where(&err, |_| true, "about the planning");
    let estimate_yet = out.try_recv().ok();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.starts_with("nqueens: planning count 23 --shard 1/8 (") && line.ends_with("..."),
        "{line}"
    );
    assert_eq!(estimate_yet, None, "said while planning, not after");
}

/// `checker N` on a terminal says what it is doing while its search for
/// the first solutions runs (minutes at N = 40..64; issue 34: "prints
/// nothing for minutes"). The terminal is a pseudo-terminal from
/// `script(1)`.
#[test]
fn checker_mode_on_a_terminal_says_it_is_searching() {
    if !crate::util::have_tool("script", "bsdutils") {
        return;
    }
    let command = format!("{} checker 40 --threads 2", env!("CARGO_BIN_EXE_nqueens"));
    let mut child = crate::child::Running::from(
        crate::util::test_env(&mut std::process::Command::new("script"))
            .args(["-qfec", &command, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("script starts"),
    );
    let start = Instant::now();
    let terminal = pipe_lines(child.stdout.take().unwrap());
    let line = line_where(&terminal, |l| l.contains("nqueens"), "from checker 40");
    let took = start.elapsed();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        line.trim_end()
            .starts_with("nqueens: checker 40: searching for the first 3 solutions"),
        "{line:?}"
    );
    // Said after about two seconds (a loaded machine may add some).
    assert!(took >= std::time::Duration::from_secs(1), "{took:?}");
}
