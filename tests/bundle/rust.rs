//! The Rust bundles, with comments stripped (the default) and kept
//! (`--keep-comments`): each answers like the main binary (the samples,
//! random boards, malformed input), builds without a warning on every
//! edition with the stable rustc and Debian's rustc 1.63, and its index
//! and solver, run in this process, agree with the slow solver.

use std::path::Path;

use nqueens::base::board::{Board, Symmetry};
use nqueens::base::constrained::BundleSolver;
use nqueens::base::index::Index;
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::Solver;

use super::build::{build_rust, compiled, debian_rustc, stable_rustc, write_bundle, EDITIONS};
use super::check::same_as_main_binary;
use crate::util::{self, planted_board, random_board, slow_count, symmetrized, Rng};

#[test]
fn bundle_uva11195_answers_like_the_binary() {
    uva11195_like_the_binary(compiled("uva11195", false));
}

#[test]
fn bundle_uva11195_with_comments_answers_like_the_binary() {
    uva11195_like_the_binary(compiled("uva11195", true));
}

fn uva11195_like_the_binary(binary: &Path) {
    for sample in [
        "uva11195",
        "obstacles",
        "blank-1-to-12",
        "crlf-and-spaces",
        "bad-cell",
        "no-final-zero",
    ] {
        let input = std::fs::read(format!("samples/{sample}.in")).unwrap();
        same_as_main_binary(binary, &[], &input);
    }
    let mut rng = Rng::new(11195);
    let mut input = String::new();
    for _ in 0..200 {
        let n = rng.between(1, 10);
        let percent = rng.below(50);
        input.push_str(&util::case_text(&util::random_board(&mut rng, n, percent)));
    }
    input.push_str("0\n");
    same_as_main_binary(binary, &[], input.as_bytes());
}

/// A random board of side `n`: any density up to 70%, a third of them
/// made symmetric.
fn any_board(rng: &mut Rng, n: usize) -> Board {
    let percent = rng.below(71);
    let board = random_board(rng, n, percent);
    if rng.below(3) == 0 {
        symmetrized(&board)
    } else {
        board
    }
}

#[test]
fn the_rust_bundles_index_agrees_with_the_slow_solver() {
    let mut rng = Rng::new(4101);
    for n in 1..=14 {
        let index = Index::new(n);
        let blank = Board::blank(n);
        assert_eq!(index.count(blank.rows()), util::oeis_total(n), "n = {n}");
        let boards = if n <= 10 { 400 } else { 60 };
        for _ in 0..boards {
            let mut board = any_board(&mut rng, n);
            if n > 11 && board.obstacles() * 10 < n * n {
                // Sparse and big: the slow solver would take minutes.
                let want = Problem::new(&board).count();
                assert_eq!(index.count(board.rows()), want, "{board}");
                let percent = 15 + rng.below(50);
                board = symmetrized(&random_board(&mut rng, n, percent));
            }
            assert_eq!(index.count(board.rows()), slow_count(&board), "{board}");
        }
        // A few blocked cells: the index's own case.
        for blocked in 1..=6 {
            let mut board = Board::blank(n);
            for _ in 0..blocked {
                let (r, c) = (rng.between(0, n - 1), rng.between(0, n - 1));
                board.set_free(r, c, false);
            }
            let want = Problem::new(&board).count();
            assert_eq!(index.count(board.rows()), want, "{board}");
        }
    }
}

#[test]
fn the_rust_bundles_solver_agrees_with_the_slow_solver() {
    // Batches of boards with repeats under the 8 symmetries, near-blank
    // boards of 10..=13 by the dozen (their index pays), and big boards with
    // planted solutions; the solver keeps its indexes from batch to batch.
    let mut rng = Rng::new(4102);
    let mut solver = BundleSolver::default();
    let mut indexed = Vec::new();
    for batch in 0..12 {
        let mut boards = Vec::new();
        for _ in 0..60 {
            let n = rng.between(1, 11);
            let board = any_board(&mut rng, n);
            let image = board.transformed(Symmetry::ALL[rng.below(8) as usize]);
            boards.extend([board, image]);
        }
        let n = 10 + batch % 4;
        for _ in 0..12 {
            let mut board = Board::blank(n);
            for _ in 0..rng.below(4) {
                board.set_free(rng.between(0, n - 1), rng.between(0, n - 1), false);
            }
            boards.push(board);
        }
        for _ in 0..3 {
            let n = rng.between(16, 40);
            boards.push(planted_board(&mut rng, n, 3, 1).0);
        }
        let got = solver.solve_all(&boards).unwrap();
        for (board, count) in boards.iter().zip(got) {
            let want = if board.n() > 11 {
                Problem::new(board).count()
            } else {
                slow_count(board)
            };
            assert_eq!(count, want, "{board}");
        }
        indexed = solver.indexed();
    }
    assert_eq!(indexed, [10, 11, 12, 13], "the sizes with an index");
}

#[test]
fn the_rust_bundles_solver_builds_its_index_from_batches_of_one() {
    // Input that arrives a case at a time is answered a board per batch: no
    // one board of 10 is worth an index, a dozen are, so the searches of
    // earlier batches must count (they did not: every board was searched).
    let mut rng = Rng::new(4104);
    let mut solver = BundleSolver::default();
    for _ in 0..12 {
        let mut board = Board::blank(10);
        board.set_free(rng.between(0, 9), rng.between(0, 9), false);
        let got = solver.solve_all(std::slice::from_ref(&board)).unwrap();
        assert_eq!(got, [slow_count(&board)], "{board}");
    }
    assert_eq!(solver.indexed(), [10], "the sizes with an index");
}

#[test]
fn bundle_uva11195_with_its_index_answers_like_the_binary() {
    // Over 256 cases (two of the judge's batches), near-blank boards of
    // n = 10..=15 among random ones of every size and density, each also
    // turned: the index is built, kept, and answers every near-blank board.
    let mut rng = Rng::new(4103);
    let mut input = String::new();
    for _ in 0..300 {
        let n = rng.between(1, 15);
        let board = if n >= 10 && rng.below(2) == 0 {
            let percent = rng.below(4);
            random_board(&mut rng, n, percent)
        } else {
            any_board(&mut rng, n.min(12))
        };
        let image = board.transformed(Symmetry::ALL[rng.below(8) as usize]);
        input.push_str(&util::case_text(&board));
        input.push_str(&util::case_text(&image));
    }
    input.push_str("0\n");
    same_as_main_binary(compiled("uva11195", false), &[], input.as_bytes());
}

#[test]
fn bundle_checker_answers_like_the_binary() {
    for keep_comments in [false, true] {
        let binary = compiled("checker", keep_comments);
        for n in 1..=11 {
            same_as_main_binary(binary, &["checker"], format!("{n}\n").as_bytes());
        }
        same_as_main_binary(binary, &["checker"], b"x\n");
    }
}

/// Every Rust bundle, comments stripped and kept, builds with the stable
/// rustc on every edition (2015 is plain `rustc -O`'s, which many judges
/// run; a bundle once failed there: arrays' `into_iter` yields references
/// before 2021) with warnings as errors, and answers. Edition 2021's
/// binaries are [`compiled`]'s, shared with the tests above.
#[test]
fn rust_bundles_build_on_every_edition_without_warnings() {
    every_edition(&stable_rustc(), "stable", &[false, true]);
}

/// The same on Debian's rustc 1.63, the oldest real compiler a judge might
/// run, with comments stripped (what is submitted; the comments change no
/// code, and the stable rustc builds the commented bundles).
#[test]
fn rust_bundles_build_on_debians_rustc_1_63() {
    if let Some(rustc) = debian_rustc() {
        every_edition(&rustc, "rustc-1.63", &[false]);
    }
}

/// Builds each Rust bundle (`keep_comments` as listed) with `rustc` on each
/// of [`EDITIONS`], warnings as errors, into the folder `label`; each binary
/// must answer a sample like the main binary.
fn every_edition(rustc: &str, label: &str, keep_comments: &[bool]) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(label);
    let sample = std::fs::read("samples/uva11195.in").unwrap();
    for target in ["uva11195", "checker"] {
        for &keep in keep_comments {
            let args: &[&str] = if keep { &["--keep-comments"] } else { &[] };
            let name = format!("{target}{}", if keep { "-commented" } else { "" });
            let mut source = None;
            for edition in EDITIONS {
                let binary = if label == "stable" && edition == "2021" {
                    compiled(target, keep).to_path_buf()
                } else {
                    let source = source.get_or_insert_with(|| {
                        write_bundle(target, args, &dir, &format!("{name}.rs"))
                    });
                    let binary = dir.join(format!("{name}-{edition}"));
                    build_rust(rustc, edition, source, &binary);
                    binary
                };
                if target == "checker" {
                    same_as_main_binary(&binary, &["checker"], b"8\n");
                } else {
                    same_as_main_binary(&binary, &[], &sample);
                }
            }
        }
    }
}
