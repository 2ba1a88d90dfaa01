//! Randomized mutation testing, std only: valid judge inputs (seeded random
//! boards) are damaged by bit flips, truncations, inserted whitespace and
//! junk, duplicated and deleted lines and changed digits, then judged.
//!
//! The oracle is independent of `src/input.rs`: [`reference`] reads the
//! format straight from its definition (split on ASCII whitespace, a size,
//! then that many rows), and every answer is checked against the slow
//! solver. Whatever the damage, the judge must answer exactly the cases the
//! format says are there, in order, and then either end cleanly or report
//! the first bad token's line, and must neither panic nor hang.

use nqueens::base::board::Board;
use nqueens::base::error::Error;
use nqueens::base::uva11195;

use crate::child::run_limited;
use crate::util::{case_text, random_board, slow_count, Rng};

/// Sizes above this are not solved by the slow solver here (a mutation
/// that builds one is skipped); mutations of the small boards below cannot
/// build one anyway without a full set of matching rows.
const MAX_CHECKED_N: usize = 10;

/// What the format says an input holds: the cases up to the first bad
/// token, and the line of that token (or, when a case is cut short, the
/// line after the last token read, where the missing row was due) if there
/// is one.
fn reference(input: &[u8]) -> (Vec<Board>, Option<u64>) {
    let mut tokens = Vec::new();
    let mut line = 1;
    let mut start = None;
    for (i, &byte) in input.iter().enumerate() {
        if byte.is_ascii_whitespace() {
            if let Some(s) = start.take() {
                tokens.push((line, &input[s..i]));
            }
            if byte == b'\n' {
                line += 1;
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        tokens.push((line, &input[s..]));
    }
    let mut boards = Vec::new();
    let mut tokens = tokens.into_iter();
    while let Some((size_line, size)) = tokens.next() {
        // A missing row was due on the line after the last token read.
        let mut last_line = size_line;
        // A size is 1 to 24 ASCII digits (longer tokens are refused unread)
        // worth at most 64; 0 ends the input.
        let n = match std::str::from_utf8(size)
            .ok()
            .and_then(|s| s.parse::<u128>().ok())
        {
            Some(n) if size.len() <= 24 && size.iter().all(u8::is_ascii_digit) && n <= 64 => {
                n as usize
            }
            _ => return (boards, Some(size_line)),
        };
        if n == 0 {
            return (boards, None);
        }
        let mut board = Board::blank(n);
        for row in 0..n {
            let Some((row_line, cells)) = tokens.next() else {
                return (boards, Some(last_line + 1));
            };
            last_line = row_line;
            if cells.len() != n || !cells.iter().all(|&c| c == b'.' || c == b'*') {
                return (boards, Some(row_line));
            }
            for (col, &cell) in cells.iter().enumerate() {
                board.set_free(row, col, cell == b'.');
            }
        }
        boards.push(board);
    }
    (boards, None)
}

/// A valid input: one to four random boards of side 1 to 7, the final `0`
/// present or not.
fn valid_input(rng: &mut Rng) -> Vec<u8> {
    let mut text = String::new();
    for _ in 0..rng.between(1, 4) {
        let n = rng.between(1, 7);
        let percent = rng.below(40);
        text.push_str(&case_text(&random_board(rng, n, percent)));
    }
    if rng.below(2) == 0 {
        text.push_str("0\n");
    }
    text.into_bytes()
}

/// The line starts of `input`, and its length as the last "start".
fn line_starts(input: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        input
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .map(|(i, _)| i + 1),
    );
    starts
}

/// Damages `input` in one random way.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>) {
    let at = |rng: &mut Rng, len: usize| rng.below(len as u64 + 1) as usize;
    match rng.below(9) {
        0 if !input.is_empty() => {
            let i = rng.below(input.len() as u64) as usize;
            input[i] ^= 1 << rng.below(8);
        }
        1 => {
            let i = at(rng, input.len());
            input.truncate(i);
        }
        2 => {
            let space: &[u8] =
                [&b" "[..], b"\t", b"\n", b"\r\n", b"\x0c", b"\n\n"][rng.below(6) as usize];
            let i = at(rng, input.len());
            input.splice(i..i, space.iter().copied());
        }
        3 => {
            let junk = rng.below(256) as u8;
            let i = at(rng, input.len());
            input.insert(i, junk);
        }
        4 | 5 => {
            let starts = line_starts(input);
            let line = rng.below(starts.len() as u64) as usize;
            let (from, to) = (
                starts[line],
                starts.get(line + 1).copied().unwrap_or(input.len()),
            );
            if rng.below(2) == 0 {
                let copy = input[from..to].to_vec();
                input.splice(to..to, copy);
            } else {
                input.drain(from..to);
            }
        }
        6 => {
            let digits: Vec<usize> = (0..input.len())
                .filter(|&i| input[i].is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                let i = digits[rng.below(digits.len() as u64) as usize];
                input[i] = b'0' + rng.below(10) as u8;
            }
        }
        7 => {
            let i = at(rng, input.len());
            let number = rng.below(100).to_string();
            input.splice(i..i, number.bytes());
        }
        _ => {
            // Swap a free and a blocked cell: still valid, a new answer.
            let cells: Vec<usize> = (0..input.len())
                .filter(|&i| input[i] == b'.' || input[i] == b'*')
                .collect();
            if !cells.is_empty() {
                let i = cells[rng.below(cells.len() as u64) as usize];
                input[i] = if input[i] == b'.' { b'*' } else { b'.' };
            }
        }
    }
}

/// The mutated inputs of a seed, with what the format says each holds;
/// inputs holding a board too big to check are skipped.
fn mutated_inputs(seed: u64, count: usize) -> Vec<(Vec<u8>, Vec<Board>, Option<u64>)> {
    let mut rng = Rng::new(seed);
    let mut inputs = Vec::new();
    while inputs.len() < count {
        let mut input = valid_input(&mut rng);
        for _ in 0..rng.between(1, 3) {
            mutate(&mut rng, &mut input);
        }
        let (boards, error_line) = reference(&input);
        if boards.iter().all(|b| b.n() <= MAX_CHECKED_N) {
            inputs.push((input, boards, error_line));
        }
    }
    inputs
}

/// The answers the format and the slow solver say `boards` get.
fn expected_answers(boards: &[Board]) -> String {
    boards
        .iter()
        .enumerate()
        .map(|(k, b)| format!("Case {}: {}\n", k + 1, slow_count(b)))
        .collect()
}

#[test]
fn the_reference_reader_agrees_on_valid_input() {
    let mut rng = Rng::new(0x5eed_0601);
    for _ in 0..200 {
        let input = valid_input(&mut rng);
        let (boards, error) = reference(&input);
        assert_eq!(error, None);
        assert_eq!(
            uva11195::run_to_string(&input).unwrap(),
            expected_answers(&boards)
        );
    }
}

/// Judges `count` mutated inputs of `seed` in process and checks each.
fn judge_mutated_inputs(seed: u64, count: usize) {
    let (mut clean, mut errors) = (0, 0);
    for (input, boards, error_line) in mutated_inputs(seed, count) {
        let shown = input.escape_ascii().to_string();
        let mut out = Vec::new();
        let result = uva11195::run(&input[..], &mut out, &mut uva11195::PlainSolver);
        let out = String::from_utf8(out).expect("answers are ASCII");
        assert_eq!(out, expected_answers(&boards), "input \"{shown}\"");
        match (result, error_line) {
            (Ok(()), None) => clean += 1,
            (Err(Error::Input { line, .. }), Some(expected)) => {
                assert_eq!(line, expected, "input \"{shown}\"");
                errors += 1;
            }
            (result, expected) => {
                panic!("input \"{shown}\": got {result:?}, format says error at {expected:?}")
            }
        }
    }
    // The mutations must exercise both outcomes, not just one.
    assert!(
        clean > count / 10 && errors > count / 10,
        "clean {clean}, errors {errors}"
    );
}

#[test]
fn mutated_input_gets_correct_answers_then_a_clean_error() {
    judge_mutated_inputs(0x5eed_0602, 3000);
}

#[test]
#[ignore = "long: run with cargo test --release -- --ignored"]
fn many_mutated_inputs_get_correct_answers_then_a_clean_error() {
    judge_mutated_inputs(0x5eed_0604, 300_000);
}

#[test]
fn mutated_input_through_the_binary_ends_cleanly_in_time() {
    for (input, boards, error_line) in mutated_inputs(0x5eed_0603, 60) {
        let shown = input.escape_ascii().to_string();
        // The limit guards against a hang only (each run takes milliseconds).
        let run = run_limited(
            &[],
            &input,
            std::process::Stdio::piped(),
            crate::child::PATIENCE,
        );
        assert_eq!(run.stdout, expected_answers(&boards), "input \"{shown}\"");
        match error_line {
            None => assert_eq!((run.status, run.stderr.as_str()), (0, ""), "\"{shown}\""),
            Some(line) => {
                assert_eq!(run.status, 2, "input \"{shown}\"");
                let prefix = format!("nqueens: line {line}: expected ");
                assert!(
                    run.stderr.starts_with(&prefix)
                        && run.stderr.contains(", found ")
                        && run.stderr.ends_with('\n')
                        && run.stderr.lines().count() == 1,
                    "input \"{shown}\": stderr {:?}",
                    run.stderr
                );
            }
        }
    }
}
