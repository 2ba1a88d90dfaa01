//! Seeing solutions: `nqueens show` draws the first solutions of each case
//! as boards, or lists them as column vectors for scripts.
//!
//! Drawings: for each case, a heading `Case k, solution i of N:` and the
//! board, one line per row: `Q` a queen, `*` an obstacle, `.` a free cell;
//! a case without solutions gets `Case k: no solutions`. With
//! [`Style::Unicode`] (the default when stdout is a terminal whose locale is
//! UTF-8) queens are `♛`, obstacles `╳`, free squares light `□` and dark
//! `■` like a chessboard, cells separated by spaces so they look square.
//!
//! Listings (`--solutions K`): for each case a line `Case k: N` (as judge
//! mode prints it) followed by up to `K` lines of 1-based columns, row by
//! row (as checker mode prints them).
//!
//! Solutions come in lexicographic order of their column vectors, from
//! [`Problem::for_each_solution`]; the total from [`Problem::count`].

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;

use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::input::CaseReader;
use crate::base::output;
use crate::base::problem::Problem;
use crate::tools::files::{self, Input};

/// What `nqueens show` was asked to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ShowOptions {
    /// Where the cases come from (ignored when `blank` is set).
    pub input: Input,
    /// `--n N`: show the blank `N x N` board instead of reading cases.
    pub blank: Option<usize>,
    /// How many solutions per case.
    pub limit: usize,
    /// `--solutions K`: list column vectors instead of drawing.
    pub list: bool,
    /// `--ascii`: never draw with Unicode glyphs.
    pub ascii: bool,
}

impl ShowOptions {
    /// How each case is written, as the options ask.
    pub fn mode(&self) -> Mode {
        if self.list {
            Mode::List { limit: self.limit }
        } else {
            let style = if self.ascii {
                Style::Ascii
            } else {
                Style::for_stdout()
            };
            Mode::Draw {
                limit: self.limit,
                style,
            }
        }
    }
}

/// Runs `nqueens show` as `options` say, writing to `out`.
pub fn command(options: &ShowOptions, out: &mut dyn Write) -> Result<()> {
    let mode = options.mode();
    if let Some(n) = options.blank {
        let mut out = BufWriter::new(out);
        return show_case(&mut out, 1, &Board::blank(n), mode)
            .and_then(|()| out.flush())
            .map_err(Error::Write);
    }
    match &options.input {
        Input::Stdin => run(io::stdin().lock(), out, mode),
        Input::Path(path) => {
            run(files::open(path)?, out, mode).map_err(|e| files::in_file(path, e))
        }
    }
}

/// How each case is written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Up to `limit` drawings per case.
    Draw {
        /// Solutions per case.
        limit: usize,
        /// The glyphs.
        style: Style,
    },
    /// `Case k: N` and up to `limit` column vectors per case.
    List {
        /// Solutions per case.
        limit: usize,
    },
}

/// Shows every case of judge-format `input`. On malformed input the cases
/// before the bad one are shown, then the error is returned.
///
/// ```
/// use nqueens::tools::show::{run, Mode};
/// let mut out = Vec::new();
/// run(&b"1\n.\n0\n"[..], &mut out, Mode::List { limit: 1 }).unwrap();
/// assert_eq!(out, b"Case 1: 1\n1\n");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, mode: Mode) -> Result<()> {
    let mut out = BufWriter::new(output);
    let mut cases = CaseReader::new(input);
    let mut case = 0;
    loop {
        let board = match cases.next_case(&mut || out.flush().map_err(Error::Write)) {
            Ok(Some(board)) => board,
            Ok(None) => break,
            Err(e) => {
                out.flush().map_err(Error::Write)?;
                return Err(e);
            }
        };
        case += 1;
        show_case(&mut out, case, &board, mode).map_err(Error::Write)?;
    }
    out.flush().map_err(Error::Write)
}

/// Writes one case in `mode`.
pub fn show_case(out: &mut dyn Write, case: u64, board: &Board, mode: Mode) -> io::Result<()> {
    match mode {
        Mode::Draw { limit, style } => draw_case(out, case, board, limit, style),
        Mode::List { limit } => list_case(out, case, board, limit),
    }
}

/// How boards are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// `Q`, `*` and `.`, one character per cell.
    Ascii,
    /// Chess glyphs on light and dark squares.
    Unicode,
}

impl Style {
    /// Unicode when stdout is a terminal and the locale says UTF-8, else
    /// ASCII.
    pub fn for_stdout() -> Style {
        use std::io::IsTerminal;
        if io::stdout().is_terminal() && locale_is_utf8(|name| std::env::var(name).ok()) {
            Style::Unicode
        } else {
            Style::Ascii
        }
    }
}

/// Whether the locale (the first of `LC_ALL`, `LC_CTYPE`, `LANG` that is
/// set and not empty, as C programs look them up) names UTF-8.
///
/// ```
/// use nqueens::tools::show::locale_is_utf8;
/// assert!(locale_is_utf8(|n| (n == "LANG").then(|| "en_US.UTF-8".to_string())));
/// assert!(!locale_is_utf8(|n| (n == "LC_ALL").then(|| "C".to_string())));
/// ```
pub fn locale_is_utf8(var: impl Fn(&str) -> Option<String>) -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|name| var(name).filter(|value| !value.is_empty()))
        .map(|value| {
            let value = value.to_ascii_lowercase();
            value.contains("utf-8") || value.contains("utf8")
        })
        .unwrap_or(false)
}

/// The first `limit` solutions of `board` in lexicographic order, as
/// 0-based columns.
pub fn first_solutions(board: &Board, limit: usize) -> Vec<Vec<usize>> {
    let mut found = Vec::new();
    if limit == 0 {
        return found;
    }
    Problem::new(board).for_each_solution(|columns| {
        found.push(columns.to_vec());
        if found.len() < limit {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    });
    found
}

/// Writes `board` with queens at `columns` (one per row) in `style`.
///
/// ```
/// use nqueens::{base::board::Board, tools::show::{draw, Style}};
/// let mut board = Board::blank(4);
/// board.set_free(0, 0, false);
/// let mut out = Vec::new();
/// draw(&mut out, &board, &[1, 3, 0, 2], Style::Ascii).unwrap();
/// assert_eq!(out, b"*Q..\n...Q\nQ...\n..Q.\n");
/// ```
pub fn draw(out: &mut dyn Write, board: &Board, columns: &[usize], style: Style) -> io::Result<()> {
    for (row, &queen) in columns.iter().enumerate() {
        let mut line = String::new();
        for col in 0..board.n() {
            let cell = match (style, col == queen, board.is_free(row, col)) {
                (Style::Ascii, true, _) => "Q",
                (Style::Ascii, false, true) => ".",
                (Style::Ascii, false, false) => "*",
                (Style::Unicode, true, _) => "\u{265b}",
                (Style::Unicode, false, false) => "\u{2573}",
                (Style::Unicode, false, true) if (row + col) % 2 == 0 => "\u{25a1}",
                (Style::Unicode, false, true) => "\u{25a0}",
            };
            if style == Style::Unicode && col > 0 {
                line.push(' ');
            }
            line.push_str(cell);
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// Writes case `case` as drawings: up to `limit` solutions, each under a
/// heading with its rank and the total, a blank line after each.
pub fn draw_case(
    out: &mut dyn Write,
    case: u64,
    board: &Board,
    limit: usize,
    style: Style,
) -> io::Result<()> {
    let total = Problem::new(board).count();
    if total == 0 {
        return writeln!(out, "Case {case}: no solutions\n");
    }
    for (rank, columns) in first_solutions(board, limit).iter().enumerate() {
        writeln!(out, "Case {case}, solution {} of {total}:", rank + 1)?;
        draw(out, board, columns, style)?;
        writeln!(out)?;
    }
    Ok(())
}

/// Writes case `case` as a listing: `Case k: N`, then up to `limit`
/// solutions as 1-based columns.
///
/// ```
/// use nqueens::{base::board::Board, tools::show::list_case};
/// let mut out = Vec::new();
/// list_case(&mut out, 1, &Board::blank(4), 5).unwrap();
/// assert_eq!(out, b"Case 1: 2\n2 4 1 3\n3 1 4 2\n");
/// ```
pub fn list_case(out: &mut dyn Write, case: u64, board: &Board, limit: usize) -> io::Result<()> {
    output::case_line(out, case, Problem::new(board).count())?;
    for columns in first_solutions(board, limit) {
        output::columns_line(out, &columns)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_boards_alternate_squares_and_mark_obstacles() {
        let mut board = Board::blank(4);
        board.set_free(3, 3, false);
        let mut out = Vec::new();
        draw(&mut out, &board, &[1, 3, 0, 2], Style::Unicode).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ ╳\n"
        );
    }

    #[test]
    fn cases_without_solutions_say_so() {
        let mut out = Vec::new();
        draw_case(&mut out, 3, &Board::blank(3), 1, Style::Ascii).unwrap();
        assert_eq!(out, b"Case 3: no solutions\n\n");
    }

    #[test]
    fn headings_name_the_case_the_rank_and_the_total() {
        let mut out = Vec::new();
        draw_case(&mut out, 2, &Board::blank(4), 9, Style::Ascii).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Case 2, solution 1 of 2:\n.Q..\n...Q\nQ...\n..Q.\n\n\
             Case 2, solution 2 of 2:\n..Q.\nQ...\n...Q\n.Q..\n\n"
        );
    }

    #[test]
    fn locale_lookup_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert!(!locale_is_utf8(env(&[])));
        assert!(locale_is_utf8(env(&[
            ("LC_ALL", ""),
            ("LANG", "de_DE.utf8")
        ])));
        assert!(!locale_is_utf8(env(&[
            ("LC_CTYPE", "POSIX"),
            ("LANG", "C.UTF-8")
        ])));
    }
}
