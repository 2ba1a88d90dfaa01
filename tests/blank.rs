//! Blank boards against the published counts (OEIS A000170).

use nqueens::base::board::Board;
use nqueens::base::problem::Problem;

use crate::util::{case_text, run, OEIS};

#[test]
fn blank_counts_match_oeis_up_to_14() {
    for &(n, total, _) in OEIS.iter().filter(|row| row.0 <= 14) {
        assert_eq!(
            nqueens::engine::constellations::ConstellationEngine::new(n).count(),
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
            nqueens::engine::constellations::ConstellationEngine::new(n).count(),
            total,
            "n = {n}"
        );
    }
}

/// The figures of an estimate line: what follows its `: ` before "about".
fn figures(line: &str) -> &str {
    let at = line
        .find(": about ")
        .unwrap_or_else(|| panic!("no figures in {line:?}"));
    &line[at + 2..]
}

/// Judge mode hands a board without blocked cells to the blank counter:
/// its `--estimate` prices the engine `count N --estimate` prices, with the
/// same time, CPU, engine and peak memory, under the same `--memory` and
/// threads (issue 34: a blank 20 x 20 board was priced as a search of
/// 7.6 MiB while `count 20` said 534 MiB by the join).
#[test]
fn judge_mode_quotes_a_blank_board_as_count_does() {
    for (n, memory) in [(20, "1GiB"), (20, "256MiB"), (13, "1GiB")] {
        let side = n.to_string();
        let options = ["--estimate", "--threads", "2", "--memory", memory];
        let count = run(&[&["count", &side][..], &options].concat(), b"");
        let input = format!("{}0\n", case_text(&Board::blank(n)));
        let judge = run(&options, input.as_bytes());
        assert_eq!(
            (count.status, judge.status),
            (0, 0),
            "{}{}",
            count.stderr,
            judge.stderr
        );
        let judged = judge.stdout.trim_end();
        assert!(
            judged.starts_with(&format!(
                "Case 1: n={n} obstacles=0 method=inclusion-exclusion (blank): "
            )),
            "{judged}"
        );
        assert_eq!(
            figures(judged),
            figures(count.stdout.trim_end()),
            "n = {n}, --memory {memory}"
        );
        if n == 20 {
            assert!(judged.contains("engine: half-board join"), "{judged}");
        }
    }
}

/// A blank board's `--explain` line names the blank counter's engine.
#[test]
fn explain_names_the_blank_counters_engine() {
    let input = format!("{}0\n", case_text(&Board::blank(16)));
    let r = run(&["--explain", "--threads", "2"], input.as_bytes());
    assert_eq!(r.stdout, "Case 1: 14772512\n");
    assert!(
        r.stderr
            .contains("method=inclusion-exclusion (blank: half-board join) "),
        "{}",
        r.stderr
    );
}
