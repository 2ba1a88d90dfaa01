//! `nqueens show`: the listed solutions are real solutions of the board, in
//! lexicographic order, as many as asked; totals agree with judge mode; the
//! blank board agrees with checker mode.

use crate::util::{self, Rng};

/// Parses `show --solutions K --total` output: per case, the total and
/// the solutions as 0-based columns.
pub(crate) fn parse_listing(text: &str) -> Vec<(u128, Vec<Vec<usize>>)> {
    let mut cases: Vec<(u128, Vec<Vec<usize>>)> = Vec::new();
    for line in text.lines() {
        if line.starts_with("Case ") {
            assert!(line.ends_with(':'), "{line}");
            cases.push((u128::MAX, Vec::new()));
        } else if let Some(total) = line.strip_prefix("total: ") {
            cases.last_mut().unwrap().0 = total.parse().unwrap();
        } else {
            let columns = line
                .split(' ')
                .map(|c| c.parse::<usize>().unwrap() - 1)
                .collect();
            cases.last_mut().unwrap().1.push(columns);
        }
    }
    cases
}

#[test]
fn show_listings_are_solutions_in_order_with_judge_totals() {
    let mut rng = Rng::new(2024);
    let boards: Vec<_> = (0..60)
        .map(|_| {
            let n = rng.between(1, 8);
            let percent = rng.below(35);
            util::random_board(&mut rng, n, percent)
        })
        .collect();
    let mut input: String = boards.iter().map(util::case_text).collect();
    input.push_str("0\n");
    let listing = util::run(&["show", "--solutions", "4", "--total"], input.as_bytes());
    assert_eq!(listing.status, 0, "{}", listing.stderr);
    let cases = parse_listing(&listing.stdout);
    assert_eq!(cases.len(), boards.len());
    for (board, (total, solutions)) in boards.iter().zip(&cases) {
        assert_eq!(*total, util::slow_count(board), "{board}");
        assert_eq!(solutions.len() as u128, (*total).min(4));
        for columns in solutions {
            assert!(util::is_solution(columns));
            assert!(columns
                .iter()
                .enumerate()
                .all(|(r, &c)| board.is_free(r, c)));
        }
        assert!(solutions.windows(2).all(|w| w[0] < w[1]), "lexicographic");
    }
}

#[test]
fn show_blank_board_starts_like_checker_mode() {
    for n in [1, 4, 6, 8] {
        let args = ["show", "--n", &n.to_string(), "--solutions", "3", "--total"];
        let listing = util::run(&args, b"");
        let checker = util::run(&["checker", &n.to_string()], b"");
        let (first, rest) = listing.stdout.split_once('\n').unwrap();
        let total = checker.stdout.lines().last().unwrap();
        assert_eq!(first, "Case 1:");
        let solutions = checker.stdout.strip_suffix(&format!("{total}\n")).unwrap();
        assert_eq!(rest, format!("{solutions}total: {total}\n"));
    }
}

#[test]
fn show_drawings_have_one_queen_per_row_on_a_free_cell() {
    let input = b"5\n*....\n.....\n..*..\n.....\n....*\n0\n";
    let run = util::run(&["show", "--limit", "10"], input);
    assert_eq!(run.status, 0);
    let headings = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("Case 1, solution "))
        .count();
    assert_eq!(headings, 4);
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with("Case"))
        .collect();
    assert_eq!(rows.len(), 4 * 5);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.matches('Q').count(), 1, "{row}");
        let blocked = [Some(0), None, Some(2), None, Some(4)][i % 5];
        if let Some(col) = blocked {
            assert_eq!(&row[col..=col], "*", "{row}");
        }
    }
}

#[test]
fn show_draws_the_first_solutions_of_a_big_board_without_counting_them_all() {
    // Counting every solution of the 20 x 20 board takes hours; the first
    // one is found at once. A generous limit: the point is that it ends.
    let limit = crate::child::PATIENCE;
    for args in [
        &["show", "--n", "20", "--solutions", "1"][..],
        &["show", "--n", "20", "--ascii"],
    ] {
        let r = crate::child::run_limited(args, b"", std::process::Stdio::piped(), limit);
        assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
        assert!(r.stdout.starts_with("Case 1"), "{}", r.stdout);
        assert!(!r.stdout.contains("total"), "{}", r.stdout);
    }
}

/// The most CPU seconds a `show` of a big board may take.
const FAST: f64 = 10.0;

/// Runs `nqueens ARGS` on `stdin`: the run and the CPU seconds it used,
/// which a loaded machine does not inflate as it does wall time.
fn timed(args: &[&str], stdin: &[u8]) -> (util::Run, f64) {
    util::run_cpu(args, stdin)
}

/// The listed solutions of a `show --solutions` run on `board`: real
/// solutions, on free cells, and how the `Case 1` line read.
fn listed(run: &util::Run, board: &nqueens::base::board::Board) -> (String, Vec<Vec<usize>>) {
    assert_eq!(run.status, 0, "{}", run.stderr);
    let (header, rest) = run.stdout.split_once('\n').unwrap();
    let solutions: Vec<Vec<usize>> = rest
        .lines()
        .map(|l| {
            l.split(' ')
                .map(|c| c.parse::<usize>().unwrap() - 1)
                .collect()
        })
        .collect();
    for columns in &solutions {
        assert!(util::is_solution(columns), "{columns:?}");
        assert!(columns
            .iter()
            .enumerate()
            .all(|(r, &c)| board.is_free(r, c)));
    }
    (header.to_string(), solutions)
}

/// Every blank board up to 64, and big boards with a few blocked cells,
/// draw their first solution in well under a second (the lexicographic
/// search alone takes minutes at n = 64), and say the order is not
/// lexicographic. The bound checked is [`FAST`] seconds of CPU time: far
/// below minutes, and CPU time does not grow with the machine's load.
#[test]
fn show_answers_at_any_size_within_a_second() {
    use nqueens::base::board::Board;
    for n in (36..=64).step_by(4).chain([41, 47, 63]) {
        let (run, seconds) = timed(&["show", "--n", &n.to_string(), "--solutions", "3"], b"");
        assert!(seconds < FAST, "n={n}: {seconds} s");
        let (header, solutions) = listed(&run, &Board::blank(n));
        assert_eq!(header, "Case 1 (not in lexicographic order):");
        assert_eq!(solutions.len(), 3);
        assert!(solutions[0] != solutions[1] && solutions[1] != solutions[2]);
    }
    let mut rng = Rng::new(64);
    for n in [40, 50, 64] {
        let mut board = Board::blank(n);
        for _ in 0..n / 4 {
            board.set_free(
                rng.below(n as u64) as usize,
                rng.below(n as u64) as usize,
                false,
            );
        }
        let input = format!("{}0\n", util::case_text(&board));
        let (run, seconds) = timed(&["show", "--solutions", "1"], input.as_bytes());
        assert!(seconds < FAST, "n={n}: {seconds} s");
        let (header, solutions) = listed(&run, &board);
        assert_eq!(header, "Case 1 (not in lexicographic order):");
        assert_eq!(solutions.len(), 1);
        // Drawings say it in each heading.
        let run = util::run(&["show", "--ascii"], input.as_bytes());
        assert!(
            run.stdout
                .starts_with("Case 1, solution 1 (not in lexicographic order):\n"),
            "{}",
            run.stdout
        );
    }
}

/// Small boards keep lexicographic order, with the plain heading; so does
/// `--lexicographic` where the default would not.
#[test]
fn show_keeps_lexicographic_order_where_it_is_cheap_or_asked_for() {
    use nqueens::base::board::Board;
    let run = util::run(&["show", "--n", "24", "--solutions", "2"], b"");
    let (header, solutions) = listed(&run, &Board::blank(24));
    assert_eq!(header, "Case 1:");
    assert!(solutions[0] < solutions[1]);
    let run = util::run(
        &["show", "--n", "24", "--solutions", "2", "--lexicographic"],
        b"",
    );
    assert_eq!(listed(&run, &Board::blank(24)), (header, solutions));
}

/// The total reads `total: N` drawn as listed (issue 75: a drawing said
/// `Case 1: 92 solutions`, a listing `total: 92`); a case without
/// solutions says so, then its total.
#[test]
fn the_total_has_one_wording_drawn_or_listed() {
    let input = b"4\n....\n....\n....\n....\n3\n...\n...\n...\n0\n";
    let drawn = util::run(&["show", "--ascii", "--total"], input);
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
    assert_eq!(
        drawn.stdout,
        "Case 1, solution 1:\n.Q..\n...Q\nQ...\n..Q.\n\ntotal: 2\n\n\
         Case 2: no solutions\ntotal: 0\n\n"
    );
    let listed = util::run(&["show", "--solutions", "1", "--total"], input);
    assert_eq!(
        listed.stdout,
        "Case 1:\n2 4 1 3\ntotal: 2\nCase 2:\ntotal: 0\n"
    );
}

/// An empty input gets from `show` what judge mode gives it (issue 75:
/// `show` printed nothing at all): nothing on stdout, a note on stderr,
/// exit status 0; an input of only `0` no note.
#[test]
fn show_on_empty_input_says_so_as_judge_mode_does() {
    let note = "nqueens: no cases: the input is empty\n";
    for args in [&["show"][..], &["show", "--solutions", "2"], &[]] {
        for input in [&b""[..], b"\n \r\n"] {
            let r = util::run(args, input);
            assert_eq!(
                (r.status, r.stdout.as_str(), r.stderr.as_str()),
                (0, "", note),
                "{args:?} {input:?}"
            );
        }
        let r = util::run(args, b"0\n");
        assert_eq!(
            (r.status, r.stdout.as_str(), r.stderr.as_str()),
            (0, "", "")
        );
    }
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("issue-75-empty");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("empty.in");
    std::fs::write(&file, "").unwrap();
    let file = file.to_str().unwrap();
    let r = util::run(&["show", file], b"");
    assert_eq!(
        (r.status, r.stdout.as_str(), r.stderr),
        (0, "", format!("nqueens: no cases: '{file}' is empty\n"))
    );
}
