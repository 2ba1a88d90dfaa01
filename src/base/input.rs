//! The input reader: whitespace-separated tokens, read as sizes and rows
//! (made into cases by [`crate::base::cases`]).
//!
//! Judge input is a sequence of cases, each a size token `n` followed by `n`
//! row tokens of exactly `n` cells (`.` free, `*` blocked); a size of `0`
//! ends the input and nothing after it is read. Tokens may be separated by
//! any ASCII whitespace, so CRLF, tabs and blank lines are all fine, but a
//! row is one token: a row split by a space reads as a short row (and the
//! message says so). A UTF-8 byte-order mark before the first token is
//! skipped.
//!
//! Messages quote what was found as it was written (`found '65'`,
//! `found 'x' at cell 2`), and give counts bare (`found 2`: cells).
//!
//! The reader holds one fixed buffer and one board at a time, so memory is
//! flat however long the stream. Before it blocks on a read it calls an
//! *idle* hook, which the judge uses to flush the answers computed so far:
//! nothing computed waits behind a stalled input.
//!
//! # Constraints
//! Sizes from 1 to [`MAX_N`]; anything else is an [`Error::Input`] naming
//! the line. A token is never stored whole: an endless token is cut off after
//! [`MAX_TOKEN`] bytes and reported, so no input can make it hang or
//! allocate without bound.
//!
//! # Complexity
//! `O(1)` per input byte.

use std::io::{self, Read};

use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};

/// The longest token the reader follows before it reports it as too long.
pub const MAX_TOKEN: u64 = 1 << 20;

/// What a size token must be, as error messages say it.
const SIZE_EXPECTED: &str = "a board size from 1 to 64 (or 0 to end the input)";

/// A byte stream cut into whitespace-separated tokens, with line numbers.
pub struct Tokens<R> {
    source: R,
    buffer: Box<[u8]>,
    start: usize,
    end: usize,
    /// The line of the next unread byte, from 1.
    line: u64,
    at_eof: bool,
    /// The last byte consumed (0 before the first).
    last: u8,
    /// No token has been read yet (a byte-order mark may come first).
    first: bool,
    /// The line of the last token read (0 before the first).
    last_token_line: u64,
}

/// The UTF-8 byte-order mark some editors put at the start of a text file.
const BYTE_ORDER_MARK: [u8; 3] = [0xef, 0xbb, 0xbf];

/// A token's first bytes (enough to show in a message) and its length.
struct Token {
    line: u64,
    head: Vec<u8>,
    len: u64,
}

/// How many bytes of a token error messages show.
const SHOWN: usize = 24;

impl<R: Read> Tokens<R> {
    /// Tokens of `source`, read through a 64 KiB buffer.
    pub fn new(source: R) -> Tokens<R> {
        Tokens {
            source,
            buffer: vec![0; 1 << 16].into_boxed_slice(),
            start: 0,
            end: 0,
            line: 1,
            at_eof: false,
            last: 0,
            first: true,
            last_token_line: 0,
        }
    }

    /// The line of the next unread byte.
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The line where the input ended, at its end: the last line that has
    /// anything, not the empty one after a final line break.
    fn end_line(&self) -> u64 {
        if self.last == b'\n' && self.line > 1 {
            self.line - 1
        } else {
            self.line
        }
    }

    /// The next byte without consuming it; `None` at the end of input.
    /// Calls `idle` before it has to wait for the source.
    fn peek(&mut self, idle: &mut dyn FnMut() -> Result<()>) -> Result<Option<u8>> {
        if self.start == self.end {
            if self.at_eof {
                return Ok(None);
            }
            idle()?;
            loop {
                match self.source.read(&mut self.buffer) {
                    Ok(0) => {
                        self.at_eof = true;
                        return Ok(None);
                    }
                    Ok(read) => {
                        self.start = 0;
                        self.end = read;
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(Error::Read(e)),
                }
            }
        }
        Ok(Some(self.buffer[self.start]))
    }

    fn bump(&mut self) {
        self.last = self.buffer[self.start];
        if self.last == b'\n' {
            self.line += 1;
        }
        self.start += 1;
    }

    /// Skips whitespace; `false` at the end of input.
    fn skip_space(&mut self, idle: &mut dyn FnMut() -> Result<()>) -> Result<bool> {
        while let Some(byte) = self.peek(idle)? {
            if !byte.is_ascii_whitespace() {
                return Ok(true);
            }
            self.bump();
        }
        Ok(false)
    }

    /// The next token, each of its bytes passed to `cell` (with its 0-based
    /// index) as it goes by; `None` at the end of input. A byte-order mark
    /// that begins the input is no part of its first token (a size token,
    /// whose `cell` looks at nothing).
    fn token(
        &mut self,
        idle: &mut dyn FnMut() -> Result<()>,
        cell: &mut dyn FnMut(u64, u8),
    ) -> Result<Option<Token>> {
        let first = self.first;
        self.first = false;
        let mut token = match self.raw_token(idle, cell)? {
            Some(token) => token,
            None => return Ok(None),
        };
        if first && token.head.starts_with(&BYTE_ORDER_MARK) {
            token.head.drain(..BYTE_ORDER_MARK.len());
            token.len -= BYTE_ORDER_MARK.len() as u64;
            if token.len == 0 {
                return self.raw_token(idle, cell);
            }
        }
        Ok(Some(token))
    }

    /// The next token as it is, byte-order mark or not.
    fn raw_token(
        &mut self,
        idle: &mut dyn FnMut() -> Result<()>,
        cell: &mut dyn FnMut(u64, u8),
    ) -> Result<Option<Token>> {
        if !self.skip_space(idle)? {
            return Ok(None);
        }
        let mut token = Token {
            line: self.line,
            head: Vec::new(),
            len: 0,
        };
        self.last_token_line = self.line;
        while let Some(byte) = self.peek(idle)? {
            if byte.is_ascii_whitespace() || token.len > MAX_TOKEN {
                break;
            }
            if token.head.len() < SHOWN {
                token.head.push(byte);
            }
            cell(token.len, byte);
            token.len += 1;
            self.bump();
        }
        Ok(Some(token))
    }

    /// Reads a board size: `Ok(None)` at a clean end of input, `Ok(Some(0))`
    /// for the terminating `0`, else a size in `1..=MAX_N`.
    pub fn size(&mut self, idle: &mut dyn FnMut() -> Result<()>) -> Result<Option<usize>> {
        let token = match self.token(idle, &mut |_, _| {})? {
            Some(token) => token,
            None => return Ok(None),
        };
        let digits = token.len <= SHOWN as u64 && token.head.iter().all(u8::is_ascii_digit);
        let value = token
            .head
            .iter()
            .filter(|d| d.is_ascii_digit())
            .fold(0u64, |v, &d| {
                v.saturating_mul(10).saturating_add(u64::from(d - b'0'))
            });
        if !digits || value > MAX_N as u64 {
            let found = if digits {
                format!("'{}'", value_text(&token.head))
            } else {
                show(&token)
            };
            return Err(Error::input(token.line, SIZE_EXPECTED, found));
        }
        Ok(Some(value as usize))
    }

    /// Reads row `row` (0-based) of an `n`-wide board as a free mask.
    pub fn row(
        &mut self,
        n: usize,
        row: usize,
        idle: &mut dyn FnMut() -> Result<()>,
    ) -> Result<u64> {
        let mut free = 0u64;
        let mut bad: Option<(u64, u8)> = None;
        let mut cell = |index: u64, byte: u8| match byte {
            b'.' if index < n as u64 => free |= 1 << index,
            b'.' | b'*' => {}
            _ => {
                bad.get_or_insert((index, byte));
            }
        };
        let expected = format!("{} of '.' or '*'", cells(n));
        let token = match self.token(idle, &mut cell)? {
            Some(token) => token,
            // The row was due on the line after the last one read (the
            // size's or the previous row's), not on that line itself.
            None => {
                return Err(Error::input(
                    self.last_token_line + 1,
                    format!("row {} of {n} ({expected})", row + 1),
                    "end of input",
                ))
            }
        };
        if let Some((index, byte)) = bad {
            let found = format!("{} at cell {}", show_byte(byte), index + 1);
            return Err(Error::input(token.line, expected, found));
        }
        if token.len != n as u64 {
            let mut found = if token.len > MAX_TOKEN {
                format!("more than {MAX_TOKEN}")
            } else {
                token.len.to_string()
            };
            // A short row that a space or tab ends, on its line: most likely
            // one row written with spaces between its cells.
            if token.len < n as u64 && matches!(self.peek(idle)?, Some(b' ' | b'\t')) {
                found.push_str(" (a row is one token: no spaces between its cells)");
            }
            return Err(Error::input(token.line, expected, found));
        }
        Ok(free)
    }

    /// Skips spaces and tabs up to the end of the line: what else is there,
    /// if anything, as a token.
    fn rest_of_line(&mut self) -> Result<Option<Token>> {
        let mut idle = || Ok(());
        while let Some(byte) = self.peek(&mut idle)? {
            if byte == b'\n' || !byte.is_ascii_whitespace() {
                break;
            }
            self.bump();
        }
        match self.peek(&mut idle)? {
            Some(byte) if byte != b'\n' => self.raw_token(&mut idle, &mut |_, _| {}),
            _ => Ok(None),
        }
    }
}

/// `n` cells, in words: "1 cell", "8 cells".
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

/// A size that parsed but is out of range, shown without leading zeros.
fn value_text(digits: &[u8]) -> String {
    let text = String::from_utf8_lossy(digits);
    let trimmed = text.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".to_string()
    } else {
        trimmed.to_string()
    }
}

/// A token as error messages show it: quoted, escaped, cut short.
fn show(token: &Token) -> String {
    let mut text: String = token.head.escape_ascii().to_string();
    if token.len > token.head.len() as u64 {
        text.push_str("...");
    }
    format!("'{text}'")
}

/// One byte as error messages show it.
fn show_byte(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("'{}'", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

/// Reads a lone N (checker mode's input), which must be `1..=64` and alone
/// on its line. Errors name the line of the token (or of the end of
/// input). Lines after N's are not read: on a terminal that would wait for
/// the end of input.
pub fn read_size<R: Read>(source: R) -> Result<usize> {
    // Unlike judge input, a 0 ends nothing here, so messages do not offer it.
    const EXPECTED: &str = "N from 1 to 64";
    let mut tokens = Tokens::new(source);
    let size = tokens.size(&mut || Ok(())).map_err(|e| match e {
        Error::Input { line, found, .. } => Error::input(line, EXPECTED, found),
        other => other,
    })?;
    match size {
        Some(n) if n > 0 => match tokens.rest_of_line()? {
            None => Ok(n),
            Some(extra) => Err(Error::input(
                extra.line,
                "N alone on its line",
                show(&extra),
            )),
        },
        // A token never spans lines and the reader stops right after it, so
        // the line of the next unread byte is the line of the `0`.
        Some(_) => Err(Error::input(tokens.line(), EXPECTED, "'0'")),
        None => Err(Error::input(tokens.end_line(), EXPECTED, "end of input")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_size_takes_the_first_token() {
        assert_eq!(read_size(&b" 6\n"[..]).unwrap(), 6);
        assert!(read_size(&b""[..]).is_err());
        assert!(read_size(&b"0"[..]).is_err());
    }

    #[test]
    fn read_size_errors_name_the_line_and_offer_no_zero() {
        let message = |input: &[u8]| read_size(input).unwrap_err().to_string();
        assert_eq!(
            message(b"\n\n0\n"),
            "line 3: expected N from 1 to 64, found '0'"
        );
        assert_eq!(
            message(b"\nsix"),
            "line 2: expected N from 1 to 64, found 'six'"
        );
        assert_eq!(
            message(b"65"),
            "line 1: expected N from 1 to 64, found '65'"
        );
    }

    #[test]
    fn read_size_wants_n_alone_on_its_line() {
        assert_eq!(read_size(&b"6 \t\r\n7\n"[..]).unwrap(), 6);
        assert_eq!(
            read_size(&b"\n6 7\n"[..]).unwrap_err().to_string(),
            "line 2: expected N alone on its line, found '7'"
        );
        // One line, empty: its end is on line 1.
        assert_eq!(
            read_size(&b"\n"[..]).unwrap_err().to_string(),
            "line 1: expected N from 1 to 64, found end of input"
        );
    }
}
