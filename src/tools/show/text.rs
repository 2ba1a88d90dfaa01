//! The boards as text: ASCII, or chess glyphs on light and dark squares
//! where stdout is a terminal whose locale is UTF-8.

use std::io::{self, Write};

use crate::base::board::Board;

/// How boards are drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// `Q`, `*` and `.`, one character per cell.
    Ascii,
    /// Chess glyphs on light and dark squares.
    Unicode,
}

impl Style {
    /// Unicode when stdout is a terminal (`stdout_terminal`) and the
    /// locale says UTF-8, else ASCII.
    pub fn for_stdout(stdout_terminal: bool) -> Style {
        if stdout_terminal && locale_is_utf8(|name| std::env::var(name).ok()) {
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
