//! The edges of the size range: 64 x 64 boards work end to end, 65 is
//! refused, and counts wider than 64 bits are printed whole.

use nqueens::base::board::Board;
use nqueens::base::error::Result;
use nqueens::base::uva11195::{self, Solver};

use crate::threads::assert_same_for_every_thread_count;
use crate::util::{case_text, planted_board, run, slow_count, Rng};

#[test]
fn a_64_by_64_board_works_end_to_end() {
    let mut rng = Rng::new(0x5eed_0606);
    let (board, planted) = planted_board(&mut rng, 64, 2, 0);
    let count = slow_count(&board);
    assert!(count >= planted as u128);
    let input = format!("{}{}0\n", case_text(&board), case_text(&board));
    let report = assert_same_for_every_thread_count(&[], input.as_bytes());
    assert_eq!(
        report,
        format!("status: 0\n--- stdout\nCase 1: {count}\nCase 2: {count}\n--- stderr\n")
    );
}

#[test]
fn size_65_is_refused_even_with_65_good_rows() {
    let row = ".".repeat(65);
    let input = format!("65\n{}", format!("{row}\n").repeat(65));
    let result = run(&[], input.as_bytes());
    assert_eq!(result.status, 2);
    assert_eq!(
        result.stderr,
        "nqueens: line 1: expected a board size from 1 to 64 (or 0 to end the input), found '65'\n"
    );
    assert_eq!(result.stdout, "");
}

/// A solver with made-up answers, to push huge counts through the judge.
struct Huge(Vec<u128>);

impl Solver for Huge {
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        let counts: Vec<u128> = self.0.drain(..boards.len()).collect();
        answered(&counts)
    }
}

#[test]
fn counts_beyond_64_bits_are_printed_whole() {
    // No board is searchable to 2^64 solutions in any reasonable time, so
    // the search cannot be made to produce one; what can be checked is that
    // nothing between the solver and the output narrows the count.
    let counts = vec![u64::MAX as u128, u64::MAX as u128 + 1, u128::MAX];
    let mut out = Vec::new();
    let input = b"1\n.\n1\n.\n1\n.\n0\n";
    uva11195::run(&input[..], &mut out, &mut Huge(counts)).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "Case 1: 18446744073709551615\n\
         Case 2: 18446744073709551616\n\
         Case 3: 340282366920938463463374607431768211455\n"
    );
}
