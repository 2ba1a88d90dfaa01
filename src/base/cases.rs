//! Judge input, case by case, from [`Tokens`].

use std::io::Read;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::input::Tokens;

/// Judge input, one case at a time.
pub struct CaseReader<R> {
    tokens: Tokens<R>,
    finished: bool,
}

impl<R: Read> CaseReader<R> {
    /// Cases read from `source`.
    pub fn new(source: R) -> CaseReader<R> {
        CaseReader {
            tokens: Tokens::new(source),
            finished: false,
        }
    }

    /// The next case; `Ok(None)` after the terminating `0` or at a clean end
    /// of input between cases. `idle` runs before every wait for input.
    ///
    /// ```
    /// use nqueens::base::cases::CaseReader;
    /// let mut cases = CaseReader::new(&b"2\n.*\n..\n0\ngarbage"[..]);
    /// let board = cases.next_case(&mut || Ok(())).unwrap().unwrap();
    /// assert_eq!(board.rows(), &[0b01, 0b11]);
    /// assert!(cases.next_case(&mut || Ok(())).unwrap().is_none());
    /// ```
    pub fn next_case(&mut self, idle: &mut dyn FnMut() -> Result<()>) -> Result<Option<Board>> {
        if self.finished {
            return Ok(None);
        }
        let n = match self.tokens.size(idle) {
            Ok(Some(n)) if n > 0 => n,
            Ok(_) => {
                self.finished = true;
                return Ok(None);
            }
            Err(e) => {
                self.finished = true;
                return Err(e);
            }
        };
        let mut free = Vec::with_capacity(n);
        for row in 0..n {
            match self.tokens.row(n, row, idle) {
                Ok(mask) => free.push(mask),
                Err(e) => {
                    self.finished = true;
                    return Err(e);
                }
            }
        }
        Ok(Some(Board::from_free_rows(free)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::input::read_size;

    fn cases(input: &str) -> Vec<Result<Board>> {
        let mut reader = CaseReader::new(input.as_bytes());
        let mut out = Vec::new();
        loop {
            match reader.next_case(&mut || Ok(())) {
                Ok(Some(board)) => out.push(Ok(board)),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e));
                    return out;
                }
            }
        }
    }

    fn error_of(input: &str) -> String {
        match cases(input).pop() {
            Some(Err(e)) => e.to_string(),
            other => panic!("no error: {other:?}"),
        }
    }

    #[test]
    fn any_whitespace_separates_tokens() {
        let read = cases("\r\n 2\t\r\n.*\r\n\r\n..  \n1 . 0 junk");
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].as_ref().unwrap().rows(), &[0b01, 0b11]);
        assert_eq!(read[1].as_ref().unwrap().rows(), &[0b1]);
    }

    #[test]
    fn end_of_input_between_cases_is_a_clean_end() {
        assert_eq!(cases("").len(), 0);
        assert_eq!(cases("  \n\n").len(), 0);
        assert_eq!(cases("1\n.\n").len(), 1);
    }

    #[test]
    fn messages_name_the_line_and_what_was_expected() {
        assert_eq!(
            error_of("3\n...\n..\n"),
            "line 3: expected 3 cells of '.' or '*', found 2"
        );
        assert_eq!(
            error_of("3\n...\n....\n"),
            "line 3: expected 3 cells of '.' or '*', found 4"
        );
        assert_eq!(
            error_of("3\n...\n.x.\n"),
            "line 3: expected 3 cells of '.' or '*', found 'x' at cell 2"
        );
        assert_eq!(
            error_of("3\n...\n"),
            "line 3: expected row 2 of 3 (3 cells of '.' or '*'), found end of input"
        );
        assert_eq!(
            error_of("abc"),
            "line 1: expected a board size from 1 to 64 (or 0 to end the input), found 'abc'"
        );
        assert_eq!(
            error_of("\n-3"),
            "line 2: expected a board size from 1 to 64 (or 0 to end the input), found '-3'"
        );
        assert_eq!(
            error_of("065"),
            "line 1: expected a board size from 1 to 64 (or 0 to end the input), found '65'"
        );
        assert_eq!(
            error_of("2\n.\u{1}\n"),
            "line 2: expected 2 cells of '.' or '*', found byte 0x01 at cell 2"
        );
    }

    #[test]
    fn an_endless_token_is_cut_off() {
        let long = "9".repeat(100);
        assert!(error_of(&long).ends_with("found '999999999999999999999999...'"));
        let row = format!("1\n{}", ".".repeat(3 << 20));
        assert_eq!(
            error_of(&row),
            "line 2: expected 1 cell of '.' or '*', found more than 1048576"
        );
    }

    #[test]
    fn idle_runs_before_each_wait() {
        let mut calls = 0;
        let mut reader = CaseReader::new(&b"1\n.\n"[..]);
        reader
            .next_case(&mut || {
                calls += 1;
                Ok(())
            })
            .unwrap();
        assert!(calls >= 1);
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let read = cases("\u{feff}2\n.*\n..\n0\n");
        assert_eq!(read[0].as_ref().unwrap().rows(), &[0b01, 0b11]);
        assert_eq!(cases("\u{feff}\n1\n.\n").len(), 1);
        assert_eq!(read_size("\u{feff}8\n".as_bytes()).unwrap(), 8);
        // Only at the start of the input.
        assert!(error_of("1\n.\n\u{feff}1\n.\n").contains("found '\\xef\\xbb\\xbf1'"));
    }

    #[test]
    fn a_row_split_by_a_space_gets_a_hint() {
        assert_eq!(
            error_of("3\n. ..\n"),
            "line 2: expected 3 cells of '.' or '*', found 1 (a row is one token: \
             no spaces between its cells)"
        );
        assert_eq!(
            error_of("3\n..\n"),
            "line 2: expected 3 cells of '.' or '*', found 2"
        );
    }

    #[test]
    fn a_one_cell_row_says_cell() {
        assert_eq!(
            error_of("1\n..\n"),
            "line 2: expected 1 cell of '.' or '*', found 2"
        );
    }
}
