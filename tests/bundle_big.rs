//! Every UVa 11195 bundle (Rust, C++, Java, Python) on big boards: each
//! takes every board the binary takes (n up to 64), answers like judge
//! mode, and at a board past 64 says so on stderr and exits non-zero after
//! every earlier answer. `tests/data/big-boards.in` holds n = 20, 28 and
//! 33..=64 (planted solutions and a few free cells, so quick), left-right
//! symmetric boards of 40, 63 and 64, and two of 64 without a solution.
//! A missing g++, JDK or python3 skips its language with a note (a failure
//! under CI=true), as in the other bundle tests.

use std::path::Path;

use crate::bundle::{compiled, cpp, java, stress_at};
use crate::bundle_python::{bundle_file, pythons};
use crate::util;

const BIG_BOARDS: &str = "tests/data/big-boards.in";

/// Each bundle that can run here: its language and command.
fn bundles() -> Vec<(&'static str, Vec<String>)> {
    let mut found = vec![(
        "rust",
        vec![compiled("uva11195", false).to_string_lossy().into_owned()],
    )];
    if let Some(command) = cpp("uva11195", "c++11") {
        found.push(("cpp", command));
    }
    if let Some(command) = java("uva11195") {
        found.push(("java", command));
    }
    if let Some(python) = pythons().into_iter().next() {
        let file = bundle_file("uva11195", &[], "main.py");
        found.push((
            "python",
            vec![python.program, file.to_string_lossy().into_owned()],
        ));
    }
    found
}

#[test]
fn every_bundle_answers_big_boards_like_the_binary() {
    let input = std::fs::read(BIG_BOARDS).unwrap();
    let want = util::run(&[], &input);
    assert_eq!(want.status, 0, "{}", want.stderr);
    assert_eq!(want.stdout.lines().count(), 39);
    for (lang, command) in bundles() {
        let (got, stderr, status) = util::run_command(&command, &input);
        assert_eq!(got, want.stdout, "{lang}: {stderr}");
        assert_eq!(status, 0, "{lang}: {stderr}");
    }
}

/// The first `count` cases of `input` (judge text), without the final 0.
fn first_cases(input: &str, count: usize) -> String {
    let mut lines = input.lines();
    let mut out = String::new();
    for _ in 0..count {
        let n: usize = lines.next().unwrap().trim().parse().unwrap();
        out.push_str(&format!("{n}\n"));
        for _ in 0..n {
            out.push_str(lines.next().unwrap());
            out.push('\n');
        }
    }
    out
}

#[test]
fn a_board_past_64_is_an_error_after_every_earlier_answer() {
    let big = std::fs::read_to_string(BIG_BOARDS).unwrap();
    let mut input = first_cases(&big, 3);
    input.push_str("65\n");
    for _ in 0..65 {
        input.push_str(&".".repeat(65));
        input.push('\n');
    }
    input.push_str("1\n.\n0\n");
    let want = util::run(&[], input.as_bytes());
    assert_eq!(want.status, 2);
    assert_eq!(want.stdout.lines().count(), 3);
    for (lang, command) in bundles() {
        let (got, stderr, status) = util::run_command(&command, input.as_bytes());
        assert_eq!(got, want.stdout, "{lang}: every earlier answer");
        assert_ne!(status, 0, "{lang}");
        assert!(stderr.contains("65"), "{lang}: {stderr}");
    }
}

#[test]
fn every_bundle_passes_stress_on_wide_boards() {
    // n = 33..=64, 90-97% blocked: mostly boards without a solution, read
    // and planned at every width the 64-bit masks hold.
    for (lang, command) in bundles() {
        let rounds = if lang == "python" { 1 } else { 3 };
        stress_at(&command, "uva11195", "33..=64", "90..=97", rounds, 64);
    }
}

#[test]
#[ignore = "minutes: stress on big boards with obstacles, every bundle"]
fn every_bundle_passes_stress_on_big_obstacle_boards() {
    for (lang, command) in bundles() {
        let rounds = if lang == "python" { 4 } else { 20 };
        stress_at(&command, "uva11195", "16..=22", "40..=60", rounds, 65);
        stress_at(&command, "uva11195", "33..=64", "88..=97", rounds, 66);
    }
    assert!(Path::new(BIG_BOARDS).exists());
}
