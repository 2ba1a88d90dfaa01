//! Fuzzes judge mode end to end: any bytes as judge input.
//!
//! Invariants checked on every input:
//! - no panic, and a bounded amount of work (see [`BUDGET`]);
//! - the output is exactly one `Case k: N` line per board handed to the
//!   solver, `k` counting from 1, `N` the count the solver gave;
//! - a board's count equals the count of each of its 8 symmetric images
//!   (a check of the search that needs no second search loop);
//! - the run ends cleanly or with an `Error::Input` whose line exists in the
//!   input and whose message is one line;
//! - the boards read, printed back as judge input, read back the same and
//!   are answered the same, cleanly (the reader and `Board`'s display agree).

#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::base::board::{Board, Symmetry};
use nqueens::base::error::{Error, Result};
use nqueens::base::problem::Problem;
use nqueens::base::uva11195::{self, Solver};

/// The largest search a board may cost, as the product over its rows of the
/// free cells in the row (a bound on the leaves of the search tree). Boards
/// above it are recorded but not searched (answered 0), so no input can run
/// long: a fuzzer can easily write a 64 x 64 blank board.
const BUDGET: u128 = 1 << 14;

/// Records every board, counts those within [`BUDGET`] and checks them
/// against their symmetric images.
#[derive(Default)]
struct Checked {
    boards: Vec<Board>,
    counts: Vec<u128>,
}

fn within_budget(board: &Board) -> bool {
    let mut leaves: u128 = 1;
    for &row in board.rows() {
        leaves = leaves.saturating_mul(u128::from(row.count_ones()));
    }
    leaves <= BUDGET
}

impl Solver for Checked {
    /// Each board answered as soon as it is counted, as a streaming solver
    /// does: the judge must write every answer in order all the same.
    fn solve(
        &mut self,
        boards: &[Board],
        answered: &mut dyn FnMut(&[u128]) -> Result<()>,
    ) -> Result<()> {
        assert!(!boards.is_empty(), "the solver is never handed no boards");
        for board in boards {
            let count = if within_budget(board) {
                let count = Problem::new(board).count();
                for symmetry in Symmetry::ALL {
                    let image = board.transformed(symmetry);
                    assert_eq!(Problem::new(&image).count(), count, "{symmetry:?}\n{board}");
                }
                count
            } else {
                0
            };
            self.boards.push(board.clone());
            self.counts.push(count);
            answered(&[count])?;
        }
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let mut solver = Checked::default();
    let mut out = Vec::new();
    let result = uva11195::run(data, &mut out, &mut solver);

    let expected: String = solver
        .counts
        .iter()
        .enumerate()
        .map(|(k, count)| format!("Case {}: {count}\n", k + 1))
        .collect();
    assert_eq!(String::from_utf8(out).unwrap(), expected);

    match result {
        Ok(()) => {}
        Err(e @ Error::Input { .. }) => {
            let Error::Input { line, .. } = &e else {
                unreachable!()
            };
            let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            assert!((1..=lines).contains(line), "line {line} of {lines}");
            let message = e.to_string();
            assert!(!message.contains('\n'), "{message:?}");
            assert!(message.contains(": expected ") && message.contains(", found "));
        }
        Err(other) => panic!("reading bytes can only fail on the input: {other:?}"),
    }

    // Round trip: the boards read, written back out, read the same.
    let mut text = String::new();
    for board in &solver.boards {
        text.push_str(&format!("{}\n{board}", board.n()));
    }
    text.push_str("0\n");
    let mut again = Checked::default();
    let mut out = Vec::new();
    uva11195::run(text.as_bytes(), &mut out, &mut again).expect("printed boards read back");
    assert_eq!(again.boards, solver.boards);
    assert_eq!(String::from_utf8(out).unwrap(), expected);
});
