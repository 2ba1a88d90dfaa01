//! The planner and every method it can choose, each forced on its own,
//! against the slow solver and the plain search. Fixed seeds.

use nqueens::base::board::{Board, Symmetry};
use nqueens::base::uva11195::{PlainSolver, Solver};
use nqueens::plan::planner::{MethodChoice, Planner};

use crate::util::{
    case_text, constructed_solutions, planted_board, random_board, run, slow_count, Rng,
};

/// `count` boards of side `sizes`, densities 0..=60%.
fn boards(seed: u64, count: usize, sizes: (usize, usize)) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let n = rng.between(sizes.0, sizes.1);
            let percent = rng.below(61);
            random_board(&mut rng, n, percent)
        })
        .collect()
}

/// Boards with at most `most` obstacles: where index, inclusion-exclusion
/// and scan do their real work.
fn sparse_boards(seed: u64, count: usize, sizes: (usize, usize), most: usize) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let n = rng.between(sizes.0, sizes.1);
            let mut board = Board::blank(n);
            for _ in 0..rng.between(0, most) {
                board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
            }
            board
        })
        .collect()
}

/// Random boards made symmetric under one of the eight symmetries.
fn symmetric_boards(seed: u64, count: usize, sizes: (usize, usize)) -> Vec<Board> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let n = rng.between(sizes.0, sizes.1);
            let percent = rng.below(41);
            let board = random_board(&mut rng, n, percent);
            let symmetry = Symmetry::ALL[rng.between(4, 7)];
            // A cell stays free only if it and its image are free.
            let image = board.transformed(symmetry);
            let rows = board
                .rows()
                .iter()
                .zip(image.rows())
                .map(|(a, b)| a & b)
                .collect();
            Board::from_free_rows(rows)
        })
        .collect()
}

fn solve(method: MethodChoice, threads: usize, boards: &[Board]) -> Vec<u128> {
    // Batches as the judge forms them (at most 256 cases), with caches and
    // indexes kept across batches as in a run.
    let mut planner = Planner::new(method, threads);
    boards
        .chunks(nqueens::base::uva11195::MAX_BATCH)
        .flat_map(|batch| planner.solve_all(batch).unwrap())
        .collect()
}

#[test]
fn every_method_agrees_with_the_slow_solver() {
    let mut all = boards(0x0b5_0001, 1500, (1, 9));
    all.extend(sparse_boards(0x0b5_0002, 400, (1, 9), 6));
    all.extend(symmetric_boards(0x0b5_0003, 400, (1, 9)));
    let expected: Vec<u128> = all.iter().map(slow_count).collect();
    for method in MethodChoice::all() {
        let got = solve(method, 1, &all);
        for ((board, want), got) in all.iter().zip(&expected).zip(got) {
            assert_eq!(got, *want, "{method:?} on\n{board}");
        }
    }
}

#[test]
fn every_method_agrees_with_the_plain_search_on_bigger_boards() {
    let mut all = boards(0x0b5_0004, 30, (10, 12));
    all.extend(sparse_boards(0x0b5_0005, 8, (10, 12), 5));
    all.extend(symmetric_boards(0x0b5_0006, 8, (10, 12)));
    // A few 13s and 14s, dense enough to stay quick for the plain search.
    let mut rng = Rng::new(0x0b5_0007);
    for n in [13, 14, 13, 14] {
        all.push(random_board(&mut rng, n, 25));
    }
    let expected = PlainSolver.solve_all(&all).unwrap();
    for method in MethodChoice::all() {
        assert_eq!(solve(method, 2, &all), expected, "{method:?}");
    }
}

#[test]
fn every_method_handles_big_dense_boards() {
    let mut rng = Rng::new(0x0b5_0008);
    let mut all = Vec::new();
    for n in [20, 31, 47, 64] {
        if !constructed_solutions(n).is_empty() {
            all.push(planted_board(&mut rng, n, 2, 0).0);
        }
    }
    all.extend(boards(0x0b5_0009, 6, (17, 24)).into_iter().map(|b| {
        // Dense enough (about 60% blocked) to search quickly.
        let mut rng = Rng::new(b.n() as u64);
        random_board(&mut rng, b.n(), 60)
    }));
    let expected = PlainSolver.solve_all(&all).unwrap();
    for method in MethodChoice::all() {
        assert_eq!(solve(method, 2, &all), expected, "{method:?}");
    }
}

#[test]
fn repeats_and_symmetric_images_get_the_same_answers() {
    let base = sparse_boards(0x0b5_000a, 20, (8, 11), 4);
    let mut all = Vec::new();
    for (k, board) in base.iter().enumerate() {
        all.push(board.clone());
        all.push(board.transformed(Symmetry::ALL[k % 8]));
    }
    let expected = PlainSolver.solve_all(&all).unwrap();
    assert_eq!(solve(MethodChoice::Auto, 1, &all), expected);
}

fn judge_input(boards: &[Board]) -> String {
    let mut input: String = boards.iter().map(case_text).collect();
    input.push_str("0\n");
    input
}

#[test]
fn the_binary_answers_the_same_for_every_thread_count() {
    let mut all = boards(0x0b5_000b, 150, (1, 11));
    all.extend(sparse_boards(0x0b5_000c, 20, (9, 12), 3));
    let input = judge_input(&all);
    let expected: String = PlainSolver
        .solve_all(&all)
        .unwrap()
        .iter()
        .enumerate()
        .map(|(k, count)| format!("Case {}: {count}\n", k + 1))
        .collect();
    for threads in ["1", "2", "3", "16"] {
        let r = run(&["--threads", threads], input.as_bytes());
        assert_eq!(
            (r.stdout.as_str(), r.status),
            (expected.as_str(), 0),
            "--threads {threads}"
        );
        assert_eq!(r.stderr, "");
    }
}

#[test]
fn each_method_can_be_forced_from_the_command_line() {
    let all = boards(0x0b5_000d, 80, (1, 9));
    let input = judge_input(&all);
    let expected: String = all
        .iter()
        .enumerate()
        .map(|(k, board)| format!("Case {}: {}\n", k + 1, slow_count(board)))
        .collect();
    for method in MethodChoice::all() {
        let r = run(&["--method", method.name()], input.as_bytes());
        assert_eq!(
            (r.stdout.as_str(), r.status),
            (expected.as_str(), 0),
            "{method:?}"
        );
    }
}

#[test]
fn explain_writes_one_line_per_case_to_stderr_only() {
    let all = sparse_boards(0x0b5_000e, 12, (4, 10), 3);
    let input = judge_input(&all);
    let quiet = run(&[], input.as_bytes());
    let explained = run(&["--explain"], input.as_bytes());
    assert_eq!(explained.stdout, quiet.stdout);
    assert_eq!(explained.status, 0);
    let cases: Vec<&str> = explained
        .stderr
        .lines()
        .filter(|line| line.starts_with("Case "))
        .collect();
    assert_eq!(cases.len(), all.len(), "{}", explained.stderr);
    for (k, line) in cases.iter().enumerate() {
        assert!(line.starts_with(&format!("Case {}: n=", k + 1)), "{line}");
        assert!(
            line.contains(" method=") && line.contains(" est=") && line.contains(" actual="),
            "{line}"
        );
    }
    // Every other line is about an index built.
    for line in explained.stderr.lines().filter(|l| !l.starts_with("Case ")) {
        assert!(line.starts_with("index n="), "{line}");
    }
}

#[test]
fn boards_one_per_batch_agree_on_any_thread_count() {
    // One case per batch, as from an interactive producer: the planner
    // chooses scans, inclusion-exclusion and (once the savings add up) an
    // index, with and without threads.
    let all = sparse_boards(0x0b5_000f, 24, (10, 12), 4);
    let expected = PlainSolver.solve_all(&all).unwrap();
    for threads in [1, 2] {
        let mut planner = Planner::new(MethodChoice::Auto, threads);
        let got: Vec<u128> = all
            .iter()
            .flat_map(|board| planner.solve_all(std::slice::from_ref(board)).unwrap())
            .collect();
        assert_eq!(got, expected, "{threads} threads");
    }
}

#[test]
#[ignore = "seconds to minutes: cargo test --release -- --ignored"]
fn the_n15_index_fits_its_memory_budget() {
    let index = nqueens::engine::index::SolutionIndex::build(15);
    assert_eq!(index.total(), 2_279_184);
    assert!(index.bytes() <= 128 << 20, "{} bytes", index.bytes());
    let mut rng = Rng::new(0x0b5_0010);
    let all: Vec<Board> = (0..4).map(|_| random_board(&mut rng, 15, 30)).collect();
    for board in &all {
        assert_eq!(
            index.count(board),
            PlainSolver.solve_all(std::slice::from_ref(board)).unwrap()[0]
        );
    }
}

#[test]
#[ignore = "minutes: cargo test --release -- --ignored"]
fn every_method_agrees_with_the_plain_search_on_many_big_boards() {
    let mut all = boards(0x0b5_0011, 200, (10, 14));
    all.extend(sparse_boards(0x0b5_0012, 60, (10, 14), 6));
    all.extend(symmetric_boards(0x0b5_0013, 60, (10, 14)));
    let expected = PlainSolver.solve_all(&all).unwrap();
    for method in MethodChoice::all() {
        for threads in [1, 2] {
            assert_eq!(
                solve(method, threads, &all),
                expected,
                "{method:?}, {threads} threads"
            );
        }
    }
}

#[test]
fn explain_shows_the_planners_choices() {
    // The choices are deterministic (fixed-seed estimates); the times are
    // not, so they are redacted.
    let mut rng = Rng::new(0x0b5_0014);
    let mut all = vec![Board::blank(11), Board::blank(5)];
    all.push(random_board(&mut rng, 12, 2));
    all.push(random_board(&mut rng, 12, 40));
    all.push(all[2].transformed(Symmetry::Rotate90));
    let mut empty_column = Board::blank(10);
    for row in 0..10 {
        empty_column.set_free(row, 3, false);
    }
    all.push(empty_column);
    let r = run(
        &["--explain", "--threads", "1"],
        judge_input(&all).as_bytes(),
    );
    let redacted: String = r
        .stderr
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|word| match word.split_once('=') {
                    Some((key @ ("est" | "actual" | "cpu"), _)) => format!("{key}=[time]"),
                    _ => word.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!(format!("{}--- stderr\n{redacted}\n", r.stdout));
}

/// `--explain`'s `cpu=` is CPU time (issue 34: it was the units' wall
/// times added up, twice the process's user time on 2 busy cores). Four
/// threads pinned to one core (`taskset`) each wait for the core three
/// quarters of the time: their wall times add up to about 4 times the
/// process's CPU time, which `sh`'s `times` reports for its child.
#[test]
fn explain_cpu_is_cpu_time_not_the_sum_of_wall_times() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    if !crate::util::have_tool("taskset", "util-linux") {
        return;
    }
    // A plain search of about a second, in parts on every thread.
    let n = 15;
    let mut board = Board::blank(n);
    for row in (0..n).step_by(3) {
        board.set_free(row, row * 7 % n, false);
    }
    let script = r#"taskset -c 0 "$0" --explain --threads 4 --method ordered; times"#;
    let mut child = crate::util::test_env(&mut Command::new("sh"))
        .args(["-c", script, env!("CARGO_BIN_EXE_nqueens")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let input = judge_input(&[board]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    // `times`: the shell's user and system time, then its children's.
    let seconds = |word: &str| -> f64 {
        let (minutes, rest) = word.split_once('m').expect("MmS.SSs");
        let seconds: f64 = rest.trim_end_matches('s').parse().unwrap();
        minutes.parse::<f64>().unwrap() * 60.0 + seconds
    };
    let children = stdout.lines().last().expect("times' output");
    let process: f64 = children.split_whitespace().map(seconds).sum();
    let field = |key: &str| -> f64 {
        let word = stderr
            .split_whitespace()
            .find_map(|w| w.strip_prefix(key))
            .unwrap_or_else(|| panic!("no {key} in {stderr}"));
        word.trim_end_matches("ms").parse::<f64>().unwrap() / 1e3
    };
    let (cpu, actual) = (field("cpu="), field("actual="));
    let context = format!("{stdout}{stderr}process CPU {process:.3} s");
    // All of it in the units but planning (milliseconds) and start-up;
    // getrusage counts in ticks on some kernels: some slack.
    assert!(cpu <= process + 0.05, "{context}");
    assert!(cpu >= 0.6 * process, "{context}");
    // One core: no more CPU than wall time.
    assert!(cpu <= actual + 0.05, "{context}");
}

/// A forced method was never priced: `--explain` says `est=forced`, not an
/// estimate of zero (issue 34: `est=0.000ms`).
#[test]
fn explain_of_a_forced_method_says_forced() {
    // Quick boards: the dense 16 x 16 one is past the index's n <= 15.
    let dense = random_board(&mut Rng::new(34), 16, 50);
    let input = judge_input(&[Board::blank(8), dense]);
    let forced = run(&["--explain", "--method", "ordered"], input.as_bytes());
    assert_eq!(forced.status, 0, "{}", forced.stderr);
    let lines: Vec<&str> = forced.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{}", forced.stderr);
    for line in lines {
        assert!(
            line.contains(" method=ordered est=forced actual="),
            "{line}"
        );
    }
    // The fallback where the forced method does not apply: forced too.
    let fallback = run(&["--explain", "--method", "index"], input.as_bytes());
    assert!(
        fallback
            .stderr
            .contains("(no index above n = 15) est=forced "),
        "{}",
        fallback.stderr
    );
    let chosen = run(&["--explain"], input.as_bytes());
    assert!(!chosen.stderr.contains("forced"), "{}", chosen.stderr);
}

/// A forced method that does not apply to a case says so on stderr before
/// the case is counted, and which method counts it instead (issue 38:
/// `--method scan` on n = 17 ran the plain search for 112 s without a
/// word); `--help` gives each method's limit, and a board just past it is
/// the one refused.
#[test]
fn a_forced_method_that_does_not_apply_says_so() {
    let help = crate::util::run(&["--help"], b"").stdout;
    for method in ["scan", "index"] {
        let row = help
            .lines()
            .skip_while(|line| !line.starts_with(&format!("    {method} ")))
            .nth(1)
            .unwrap_or_else(|| panic!("no {method} in {help}"));
        let limit: usize = row
            .trim()
            .strip_prefix("applies to n <= ")
            .and_then(|k| k.parse().ok())
            .unwrap_or_else(|| panic!("no limit in '{row}'"));
        // Past the limit, blocked enough for the plain search to be quick.
        let n = (limit + 1).to_string();
        let args = [
            "gen",
            "--seed",
            "4",
            "--cases",
            "1",
            "--n",
            &n,
            "--density",
            "40",
        ];
        let input = crate::util::run(&args, b"").stdout;
        let auto = crate::util::run(&[], input.as_bytes());
        let forced = crate::util::run(&["--method", method], input.as_bytes());
        assert_eq!(forced.stdout, auto.stdout, "{}", forced.stderr);
        assert_eq!(
            forced.stderr,
            format!(
                "nqueens: --method {method} does not apply to case 1 (n={n}): \
                 no {method} above n = {limit}; plain counts it\n"
            )
        );
    }
}

/// Forced on a board past n/2 blocked cells, inclusion-exclusion does not
/// apply: its estimate is the plain search's and the run says which
/// method counts it (issue 75: n = 16 with 20 cells was estimated at "inf
/// years", then counted in 2 s by the plain search, without a word).
#[test]
fn forced_inclusion_exclusion_past_half_n_cells_says_plain_counts_it() {
    let mut rows = vec![vec![b'.'; 16]; 16];
    for (r, c) in (0..20).map(|i| ((i * 7) % 16, (i * 5 + i / 16) % 16)) {
        rows[r][c] = b'*';
    }
    let mut input = b"16\n".to_vec();
    for row in &rows {
        input.extend_from_slice(row);
        input.push(b'\n');
    }
    input.extend_from_slice(b"0\n");
    let blocked = rows.iter().flatten().filter(|&&c| c == b'*').count();
    assert!(blocked > 8, "{blocked}");
    let method = ["--method", "inclusion-exclusion"];
    let estimate = crate::util::run(&[&method[..], &["--estimate"]].concat(), &input);
    assert!(!estimate.stdout.contains("inf"), "{}", estimate.report());
    assert!(
        estimate.stdout.contains("method=plain"),
        "{}",
        estimate.report()
    );
    let forced = crate::util::run(&method, &input);
    let auto = crate::util::run(&[], &input);
    assert_eq!(forced.stdout, auto.stdout, "{}", forced.report());
    assert!(
        forced.stderr.starts_with(
            "nqueens: --method inclusion-exclusion does not apply to case 1 (n=16): more than n/2"
        ),
        "{}",
        forced.report()
    );
    assert!(
        forced.stderr.ends_with("; plain counts it\n"),
        "{}",
        forced.report()
    );
}
