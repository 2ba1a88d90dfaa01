//! Blank boards against the published counts (OEIS A000170).

use nqueens::base::board::Board;
use nqueens::base::problem::Problem;

use crate::util::{case_text, run, OEIS};

#[test]
fn blank_counts_match_oeis_up_to_14() {
    for &(n, total, _) in OEIS.iter().filter(|row| row.0 <= 14) {
        assert_eq!(
            nqueens::engine::blank::BlankEngine::new(n).count(),
            total,
            "blank::count({n})"
        );
    }
}

#[test]
fn plain_search_on_blank_boards_matches_oeis_up_to_12() {
    for &(n, total, _) in OEIS.iter().filter(|row| row.0 <= 12) {
        assert_eq!(Problem::new(&Board::blank(n)).count(), total, "n = {n}");
    }
}

#[test]
fn judge_mode_on_blank_boards_matches_oeis() {
    let mut input = String::new();
    let mut expected = String::new();
    for (k, &(n, total, _)) in OEIS.iter().filter(|row| row.0 <= 13).enumerate() {
        input.push_str(&case_text(&Board::blank(n)));
        expected.push_str(&format!("Case {}: {total}\n", k + 1));
    }
    input.push_str("0\n");
    let r = run(&[], input.as_bytes());
    assert_eq!((r.stdout, r.status), (expected, 0));
}

#[test]
#[ignore = "minutes: run with cargo test --release -- --ignored"]
fn blank_counts_match_oeis_up_to_16() {
    for &(n, total, _) in OEIS.iter().filter(|row| row.0 <= 16) {
        assert_eq!(
            nqueens::engine::blank::BlankEngine::new(n).count(),
            total,
            "n = {n}"
        );
    }
}
