//! Quotes as the user reads them (issue 38): shard advice about the shard
//! asked for, estimates timed on this machine (pinned here by
//! `NQUEENS_CALIBRATION`), notes on stderr for long work off a terminal,
//! and progress that starts with each long case.

use std::path::{Path, PathBuf};
use std::process::Command;

use nqueens::plan::calibration::{cache, CostClass, REFERENCE_NS};

use crate::util::run;

/// The shard count of the command an advice line names
/// (`` `nqueens count N --shard J/K` ``).
fn advised_shards(line: &str) -> Option<usize> {
    let (_, advice) = line.split_once("`nqueens count ")?;
    let (_, rest) = advice.split_once("--shard ")?;
    let (_, rest) = rest.split_once('/')?;
    rest.split('`').next()?.parse().ok()
}

#[test]
fn a_shard_of_one_work_unit_is_not_advised_a_coarser_split() {
    // Years of CPU in about one work unit of 29's 47000 (the
    // constellations, past the join): the finest split.
    let line = run(&["count", "29", "--shard", "1/40000", "--estimate"], b"").stdout;
    assert!(line.contains("cannot be split further"), "{line}");
    assert_eq!(advised_shards(&line), None, "{line}");
}

#[test]
fn a_long_shard_is_advised_the_finer_shards_it_is_made_of() {
    // A fifth of count 25: days of CPU on two threads, in about 24000 of
    // the join's ranked units.
    let line = run(&["count", "25", "--shard", "3/5", "--estimate"], b"").stdout;
    let finer = advised_shards(&line).unwrap_or_else(|| panic!("{line}"));
    assert_eq!(finer % 5, 0, "{line}");
    assert!(finer > 5, "{line}");
    assert!(line.contains("shards 3, 8, ..., "), "{line}");
    // Each of them is what its own estimate says: about an hour.
    let one = run(
        &[
            "count",
            "25",
            "--shard",
            &format!("3/{finer}"),
            "--estimate",
            "--threads",
            "1",
        ],
        b"",
    )
    .stdout;
    assert!(!one.contains("more than a day"), "{one}");
    let hours = one.contains(" min on 1 thread") || one.contains(" h on 1 thread");
    assert!(hours, "{one}");
}

/// The first line `nqueens ARGS` (stdin: `input`) writes on stderr, read
/// with a deadline ([`crate::child::PATIENCE`]); the child is killed then.
fn first_stderr_line(args: &[&str], input: &str) -> String {
    use std::io::{BufRead, BufReader, Write};
    let mut child = crate::child::spawn(args, std::process::Stdio::null());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let stderr = child.stderr.take().unwrap();
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stderr).read_line(&mut line);
        let _ = send.send(line);
    });
    let line = receive
        .recv_timeout(crate::child::PATIENCE)
        .unwrap_or_else(|e| panic!("no line on stderr from {args:?} ({e})"));
    child.kill().unwrap();
    child.wait().unwrap();
    line.trim_end().to_string()
}

/// Issue 38: `checker 40 2>log` wrote nothing (the search for its first
/// solutions takes minutes); off a terminal it now says so too.
#[test]
fn checker_off_a_terminal_says_it_is_searching() {
    let line = first_stderr_line(&["checker", "40", "--threads", "1"], "");
    assert!(
        line.starts_with("nqueens: checker 40: searching for the first 3 solutions"),
        "{line}"
    );
}

/// Issue 38: `count 22 --estimate` planned for 30 s with no word off a
/// terminal; the join's planning from N = 22 is announced before it starts
/// (a whole count's estimate is sampled now, a shard's still plans).
#[test]
fn a_slow_plan_is_announced_off_a_terminal() {
    let line = first_stderr_line(
        &[
            "count",
            "22",
            "--shard",
            "1/4",
            "--estimate",
            "--threads",
            "1",
        ],
        "",
    );
    assert!(
        line.starts_with("nqueens: planning count 22 --shard 1/4 ("),
        "{line}"
    );
}

/// Issue 39: `count N --estimate` answers within seconds at every N, the
/// join priced from samples where planning it takes minutes, and the join
/// counts up to 28 (ranked units past 24).
#[test]
fn whole_estimates_are_sampled_and_the_join_counts_to_28() {
    for n in ["22", "24", "25", "26", "27", "28"] {
        let r = run(&["count", n, "--estimate"], b"");
        assert!(r.stderr.is_empty(), "n = {n}: {}", r.stderr);
        assert!(r.stdout.contains("engine: half-board join"), "{}", r.stdout);
    }
    let r = run(&["count", "29", "--estimate"], b"");
    assert!(r.stdout.contains("engine: constellations"), "{}", r.stdout);
}

/// A count estimated above a minute says so when it starts, terminal or
/// not, and how to watch it.
#[test]
fn a_long_count_is_announced_off_a_terminal() {
    let line = first_stderr_line(&["count", "20", "--threads", "1"], "");
    assert!(
        line.starts_with("nqueens: count 20 is estimated at about ")
            && line.ends_with(" on 1 thread; --progress shows how far it is"),
        "{line}"
    );
}

/// A judge case estimated above a minute is announced when its batch
/// starts, terminal or not.
#[test]
fn a_long_judge_case_is_announced_off_a_terminal() {
    let mut text = String::from("20\n");
    for row in 0..20 {
        let mut cells = vec!['.'; 20];
        if row == 0 {
            cells[1] = '*';
        }
        text.extend(cells);
        text.push('\n');
    }
    text.push_str("0\n");
    let line = first_stderr_line(&["--threads", "1"], &text);
    assert!(
        line.starts_with("nqueens: case 1 (n=20, ") && line.ends_with(" on 1 thread"),
        "{line}"
    );
    assert!(!line.contains("more than a day"), "{line}");
}

/// `checker` takes `--progress` (issue 38: it refused it, though
/// `checker 20` and up count for hours).
#[test]
fn checker_takes_progress() {
    let quick = run(&["checker", "8", "--progress"], b"");
    assert_eq!(quick.status, 0, "{}", quick.stderr);
    assert!(quick.stdout.ends_with("\n92\n"), "{}", quick.stdout);
    assert!(crate::util::run(&["help", "checker"], b"")
        .stdout
        .contains("--progress"));
}

/// `nqueens ARGS` with `NQUEENS_CALIBRATION` set to `pin` (or unset), the
/// user's cache directory the tests' own ([`crate::util::scratch_cache`]).
fn run_calibrated(pin: Option<&str>, args: &[&str]) -> String {
    run_cached(&crate::util::scratch_cache(), pin, args)
}

/// `nqueens ARGS` with `NQUEENS_CALIBRATION` set to `pin` (or unset) and
/// `XDG_CACHE_HOME` set to `cache`: its stdout, after a clean exit with
/// nothing on stderr.
fn run_cached(cache: &Path, pin: Option<&str>, args: &[&str]) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nqueens"));
    command
        .env_remove("NQUEENS_CALIBRATION")
        .env("XDG_CACHE_HOME", cache);
    if let Some(pin) = pin {
        command.env("NQUEENS_CALIBRATION", pin);
    }
    let output = command.args(args).output().expect("nqueens runs");
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    String::from_utf8(output.stdout).unwrap()
}

/// A fresh, empty scratch folder `name` under cargo's target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("quotes-cache")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A judge input of one 18 x 18 board with four blocked cells (the
/// planner joins its halves: quoted about half of inclusion-exclusion's
/// price and a seventh of a scan's), under `dir`.
fn sparse_board(dir: &Path) -> PathBuf {
    let mut text = String::from("18\n");
    for row in 0..18 {
        let mut cells = vec!['.'; 18];
        match row {
            3 => cells[3] = '*',
            8 => cells[9] = '*',
            9 => cells[14] = '*',
            12 => cells[5] = '*',
            _ => {}
        }
        text.extend(cells);
        text.push('\n');
    }
    text.push_str("0\n");
    let path = dir.join("sparse18.in");
    std::fs::write(&path, text).unwrap();
    path
}

/// Issue 38: the probes ran in every process, and on a shared machine
/// consecutive runs printed different speeds (`0.92x..1.28x`). The probe
/// is measured once and kept in the user's cache, keyed by the build and
/// the CPU, and what is kept is what is used: a kept file of a known time
/// prices each cost class at the factor that time makes.
#[test]
fn the_probe_is_kept_in_the_cache_and_used_by_the_next_run() {
    let dir = scratch("kept");
    let count = ["count", "16", "--estimate", "--threads", "1"];
    let first = run_cached(&dir, None, &count);
    let file = dir.join("nqueens").join("calibration");
    let text = std::fs::read_to_string(&file).expect("the probes were kept");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("nqueens calibration"), "{text}");
    assert_eq!(lines[1], format!("version {}", env!("CARGO_PKG_VERSION")));
    assert!(
        lines[2].starts_with("build ") && lines[3].starts_with("cpu "),
        "{text}"
    );
    let key = cache::Key {
        version: lines[1]["version ".len()..].to_string(),
        build: lines[2]["build ".len()..].to_string(),
        cpu: lines[3]["cpu ".len()..].to_string(),
    };
    assert!(cache::parse(&text, &key).is_some(), "{text}");
    // The next run reads them: the same speed, the same quote.
    assert_eq!(run_cached(&dir, None, &count), first);

    // A known time: each cost class's figures are scaled by that time over the
    // class's reference (as pinning that factor scales them), and every
    // line states the machine's one factor, the time over the searches'
    // reference (issue 75: a search's line said 1.34x, a join's 0.96x),
    // and beside it the factor its own figures were scaled by, where that
    // differs (issue 101: "1.15x the reference" on a join's line scaled
    // by 0.82 read as a contradiction).
    let probe = 2.0 * REFERENCE_NS[CostClass::Search.index()];
    std::fs::write(&file, cache::format(&key, probe)).unwrap();
    let speed = "with a free core per thread at this machine's speed (2.00x the reference";
    let factor = |cost_class: CostClass| probe / REFERENCE_NS[cost_class.index()];
    let states = |line: &str, cost_class: CostClass| {
        let x = factor(cost_class);
        let tail = if format!("{x:.2}") == "2.00" {
            ")".to_string()
        } else {
            format!("; this line's reference times x{x:.2})")
        };
        assert!(line.contains(&format!("{speed}{tail}")), "{line}");
    };
    let figures = |line: &str| line.split(", with a free core").next().unwrap().to_string();
    let priced = |cost_class: CostClass, args: &[&str]| {
        figures(&run_cached(
            &dir,
            Some(&format!("{}", factor(cost_class))),
            args,
        ))
    };
    let even = run_cached(&dir, None, &count);
    states(&even, CostClass::JoinEven);
    assert_eq!(figures(&even), priced(CostClass::JoinEven, &count));
    let odd_count = ["count", "17", "--estimate"];
    let odd = run_cached(&dir, None, &odd_count);
    states(&odd, CostClass::JoinOdd);
    assert_eq!(figures(&odd), priced(CostClass::JoinOdd, &odd_count));
    // A judge's board with blocked cells, its halves joined: the join of
    // boards without symmetries, a cost class of its own.
    let sparse = sparse_board(&dir);
    let sparse = sparse.to_str().unwrap();
    let half_board = ["--estimate", "--method", "half-board", sparse];
    let judge = run_cached(&dir, None, &half_board);
    assert!(judge.contains(" method=half-board: "), "{judge}");
    states(&judge, CostClass::JoinBoard);
    assert_eq!(figures(&judge), priced(CostClass::JoinBoard, &half_board));
    // The same board on the blank board's join (the planner's pick), at
    // that join's speed.
    let credited = run_cached(&dir, None, &["--estimate", sparse]);
    assert!(credited.contains(" method=credited-join: "), "{credited}");
    states(&credited, CostClass::JoinEven);
    let small_args = ["--estimate", "samples/uva11195.in"];
    let small = run_cached(&dir, None, &small_args);
    states(&small, CostClass::Search);
    assert_eq!(figures(&small), priced(CostClass::Search, &small_args));

    // A file that does not read, or of another build, is measured again
    // and replaced.
    for spoiled in [
        "nonsense".to_string(),
        text.replace(lines[2], "build 0 0"),
        text.replace(lines[1], "version 0.0.0"),
    ] {
        std::fs::write(&file, &spoiled).unwrap();
        let again = run_cached(&dir, None, &count);
        assert!(again.contains("at this machine's speed ("), "{again}");
        let replaced = std::fs::read_to_string(&file).unwrap();
        assert!(cache::parse(&replaced, &key).is_some(), "{replaced}");
    }
}

/// The cache is a courtesy: a directory that cannot be made, or no
/// `HOME` at all, and every run measures for itself, without a word.
#[test]
fn a_cache_that_cannot_be_written_is_no_error() {
    let dir = scratch("unwritable");
    // A file where the cache directory would be: nothing can be made in it.
    let blocker = dir.join("a-file");
    std::fs::write(&blocker, "not a directory").unwrap();
    let count = ["count", "16", "--estimate", "--threads", "1"];
    for _ in 0..2 {
        let line = run_cached(&blocker, None, &count);
        assert!(line.contains("at this machine's speed ("), "{line}");
    }
    assert_eq!(
        std::fs::read_to_string(&blocker).unwrap(),
        "not a directory"
    );
    // Neither XDG_CACHE_HOME nor HOME: no cache anywhere.
    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .env_remove("NQUEENS_CALIBRATION")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("HOME")
        .args(count)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
}

/// Pinned (as every other test runs), nothing is probed, read or written.
#[test]
fn a_pinned_run_leaves_the_cache_alone() {
    let dir = scratch("pinned");
    let line = run_cached(&dir, Some("1"), &["count", "16", "--estimate"]);
    assert!(line.contains("NQUEENS_CALIBRATION pins (1.00x"), "{line}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

/// Issue 38: estimates were the reference machine's, 1.5-2x low here.
/// They are scaled by this machine's speed (pinned here, so the figures
/// are known), and say that they assume a free core per thread.
#[test]
fn an_estimate_is_scaled_to_the_machines_speed_and_says_what_it_assumes() {
    let args = ["count", "18", "--estimate", "--threads", "1"];
    let reference = run_calibrated(Some("1"), &args);
    let twice = run_calibrated(Some("2"), &args);
    assert!(
        reference.contains(
            ", with a free core per thread at the speed NQUEENS_CALIBRATION pins \
             (1.00x the reference)"
        ),
        "{reference}"
    );
    assert!(twice.contains("(2.00x the reference)"), "{twice}");
    // The whole seconds each prints: twice the reference's, within the
    // rounding of each to a second (the reference prices count 18 at
    // about 7 s).
    let seconds = |line: &str| -> f64 {
        let (_, after) = line.split_once("about ").unwrap();
        let figure = after.split(" s on 1 thread").next().unwrap();
        figure.parse().unwrap_or_else(|_| panic!("{line}"))
    };
    let (one, two) = (seconds(&reference), seconds(&twice));
    assert!((4.0..=12.0).contains(&one), "{reference}");
    assert!((two - 2.0 * one).abs() <= 1.5, "{reference}\n{twice}");
    // Judge mode's estimates too.
    let board =
        "8\n........\n........\n........\n........\n........\n........\n........\n........\n0\n";
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("quotes-judge.in");
    std::fs::write(&path, board).unwrap();
    let judge = run_calibrated(Some("3"), &["--estimate", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(
        judge.contains("with a free core per thread at the speed NQUEENS_CALIBRATION pins (3.00x"),
        "{judge}"
    );
    // Unpinned, the probes time this machine (their figure is not tested:
    // only that the line says whose speed it is).
    let measured = run_calibrated(None, &["count", "16", "--estimate", "--threads", "1"]);
    assert!(
        measured.contains(", with a free core per thread at this machine's speed (")
            && measured.contains("x the reference"),
        "{measured}"
    );
}

/// `--explain`'s `est=` is a case's quote at this machine's speed, the
/// figure `--estimate` prices its CPU time at (issue 75: on one board
/// `--estimate` said 25 s and `est=` 18.6 s, the quote before the speed).
/// Pinned at two speeds, the figure follows the speed.
#[test]
fn explain_prices_a_case_at_the_speed_estimate_does() {
    // One board of 18, a fifth of a second to seconds of search.
    let args = [
        "gen",
        "--seed",
        "7",
        "--cases",
        "1",
        "--n",
        "18",
        "--density",
        "40",
    ];
    let input = run(&args, b"").stdout;
    let est = |pin: &str| -> f64 {
        let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .env("NQUEENS_CALIBRATION", pin)
            .args(["--explain", "--threads", "1"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .expect("nqueens runs");
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        let case = stderr.lines().find(|l| l.starts_with("Case 1:"));
        let case = case.unwrap_or_else(|| panic!("{stderr}"));
        let field = case
            .split("est=")
            .nth(1)
            .unwrap_or_else(|| panic!("{stderr}"));
        let ms = field.split("ms").next().unwrap();
        ms.parse().unwrap_or_else(|_| panic!("{stderr}"))
    };
    let (reference, slower) = (est("1"), est("3"));
    assert!(reference > 0.0, "{reference}");
    let ratio = slower / reference;
    assert!(
        (ratio - 3.0).abs() < 0.01,
        "est= {reference} ms at 1x, {slower} ms at 3x"
    );
}

/// `count --estimate --measure SECONDS` (issue 76, item 3): the join's own
/// units run and timed, and the count priced at the speed they ran at (the
/// line says so, the note on stderr says what was timed), for a whole
/// count and a shard; a count the join does not make is priced as without
/// it, and says why.
#[test]
fn a_measured_estimate_times_the_joins_own_units() {
    for (args, what) in [
        (&["count", "16"][..], "count 16"),
        (
            &["count", "17", "--shard", "3/64"][..],
            "count 17 --shard 3/64",
        ),
    ] {
        let mut args = args.to_vec();
        args.extend(["--estimate", "--threads", "1", "--measure", "0.01"]);
        let got = run(&args, b"");
        assert_eq!(got.status, 0, "{}", got.report());
        assert!(
            got.stdout.starts_with(&format!("{what}: about ")),
            "{}",
            got.report()
        );
        assert!(
            got.stdout
                .contains("at the speed the count's own units ran at here ("),
            "{}",
            got.report()
        );
        let note = format!("nqueens: {what}: timed ");
        assert!(got.stderr.contains(&note), "{}", got.report());
        assert!(
            got.stderr.contains(" units ") || got.stderr.contains(" unit "),
            "{}",
            got.report()
        );
    }
    let got = run(&["count", "8", "--estimate", "--measure", "1"], b"");
    assert_eq!(got.status, 0, "{}", got.report());
    assert!(got.stderr.contains("runs no join here"), "{}", got.report());
    assert!(
        got.stdout.contains("NQUEENS_CALIBRATION pins"),
        "{}",
        got.report()
    );
}

/// `--measure` prices by timing, so it asks for `--estimate`, and for a
/// number of seconds: anything else is a usage error (exit 2).
#[test]
fn measure_needs_estimate_and_seconds() {
    for (args, says) in [
        (
            &["count", "15", "--measure", "1"][..],
            "give --estimate too",
        ),
        (
            &["count", "15", "--estimate", "--measure", "0"][..],
            "--measure must be",
        ),
        (
            &["count", "15", "--estimate", "--measure", "soon"][..],
            "not 'soon'",
        ),
        (
            &["count", "15", "--estimate", "--measure", "1e9"][..],
            "at most a day",
        ),
    ] {
        let got = run(args, b"");
        assert_eq!(got.status, 2, "{args:?}: {}", got.report());
        assert!(got.stderr.contains(says), "{args:?}: {}", got.report());
        assert!(got.stdout.is_empty(), "{args:?}: {}", got.report());
    }
}
