//! `nqueens show`: the listed solutions are real solutions of the board, in
//! lexicographic order, as many as asked; totals agree with judge mode; the
//! blank board agrees with checker mode.

use crate::util::{self, Rng};

/// Parses `show --solutions K` output: per case, the total and the
/// solutions as 0-based columns.
fn parse_listing(text: &str) -> Vec<(u128, Vec<Vec<usize>>)> {
    let mut cases: Vec<(u128, Vec<Vec<usize>>)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("Case ") {
            let total = rest.split_once(": ").unwrap().1.parse().unwrap();
            cases.push((total, Vec::new()));
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
    let listing = util::run(&["show", "--solutions", "4"], input.as_bytes());
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
        let listing = util::run(&["show", "--n", &n.to_string(), "--solutions", "3"], b"");
        let checker = util::run(&["checker", &n.to_string()], b"");
        let (first, rest) = listing.stdout.split_once('\n').unwrap();
        let total = checker.stdout.lines().last().unwrap();
        assert_eq!(first, format!("Case 1: {total}"));
        assert_eq!(
            rest,
            checker.stdout.strip_suffix(&format!("{total}\n")).unwrap()
        );
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
        .filter(|l| l.starts_with("Case 1, solution"))
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
