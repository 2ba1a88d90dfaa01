//! `show --svg FILE`: the boards and solutions `show` finds, as one
//! standalone SVG picture (std only: the XML is written here by hand).
//!
//! Each case is a block of boards side by side, wrapped to rows of at most
//! [`ROW_WIDTH`] pixels: one board per solution found, captioned `Case k,
//! solution i`, or for a case without solutions drawn its bare board,
//! captioned `Case k` (`Case k: no solutions` when the search found none).
//! A heading above a case's boards says what the captions do not: its
//! total (`--total`), and that the solutions are not in lexicographic
//! order when they are not.
//!
//! A board is drawn in cell units (cell `(row, col)` is the unit square at
//! `x = col`, `y = row`) inside a group scaled to the case's cell size
//! ([`cell_size`]: 40 pixels on small boards, down to 10 at n = 64), so that
//! a queen is a `<circle class="queen">` centred at `(col + 0.5, row + 0.5)`
//! and a blocked cell a unit square of the case's `blocked` path. Light and
//! dark squares as on a chessboard (the top-left one light), grid lines of
//! one pixel, every 8th a heavier one on boards of 16 and more; what every
//! board of one size shares is drawn once, in `<defs>`.

use std::fmt::Write as _;

use crate::base::board::Board;

mod destination;
mod xml;
pub use destination::Destination;
pub use xml::escape;
use xml::number;

/// Pixels around the picture.
const MARGIN: usize = 16;
/// Pixels between boards, and between rows of boards.
const GAP: usize = 24;
/// Pixels above a board for its caption (14 px text).
const CAPTION: usize = 22;
/// Pixels above a case's boards for its heading (16 px bold text).
const HEADING: usize = 26;
/// The widest a row of boards gets before it wraps (unless one board is
/// wider).
pub const ROW_WIDTH: usize = 1400;

/// Queens, blocked cells, squares and lines.
const QUEEN: &str = "#c62828";
const BLOCKED: &str = "#4d4d4d";
const LIGHT: &str = "#f3e9d2";
const DARK: &str = "#d9c39a";
const LINE: &str = "#8c7853";
const BORDER: &str = "#333333";

/// Pixels per cell on an `n x n` board: 40 on small boards, about 512
/// pixels a board from n = 13, never below 10 (640 pixels at n = 64).
///
/// ```
/// use nqueens::tools::show::svg::cell_size;
/// assert_eq!((cell_size(8), cell_size(20), cell_size(64)), (40, 25, 10));
/// ```
pub fn cell_size(n: usize) -> usize {
    (512 / n.max(1)).clamp(10, 40)
}

/// The most boards one picture draws (a case without solutions is one
/// board): past them, cases and solutions are counted, not kept, so that
/// `--limit 1000000` or a judge file of 100 000 cases keeps memory and the
/// file small. A line under the boards says what was left out.
pub const MAX_BOARDS: usize = 1000;

/// The cases `show` went through, with the solutions it found, as they
/// are to be drawn.
#[derive(Default, Debug)]
pub struct Picture {
    cases: Vec<Case>,
    /// Boards kept, at most [`MAX_BOARDS`].
    boards: usize,
    /// Whether the case being shown was left out.
    leaving_out: bool,
    /// Cases and solutions left out.
    cases_left_out: u64,
    solutions_left_out: u64,
}

/// One case of a [`Picture`].
#[derive(Debug)]
struct Case {
    number: u64,
    board: Board,
    /// Whether solutions were searched for (not so with `--solutions 0`).
    searched: bool,
    /// Whether the solutions came in lexicographic order.
    lexicographic: bool,
    solutions: Vec<Vec<usize>>,
    total: Option<u128>,
}

impl Picture {
    /// A picture of no cases yet.
    pub fn new() -> Picture {
        Picture::default()
    }

    /// Case `number`, on `board`, starts; `searched`: whether its
    /// solutions are searched for.
    pub fn case(&mut self, number: u64, board: &Board, searched: bool) {
        self.leaving_out = self.boards >= MAX_BOARDS;
        if self.leaving_out {
            self.cases_left_out += 1;
            return;
        }
        self.boards += 1;
        self.cases.push(Case {
            number,
            board: board.clone(),
            searched,
            lexicographic: true,
            solutions: Vec::new(),
            total: None,
        });
    }

    /// The case being shown has the solution `columns` (one per row), in
    /// lexicographic order or not.
    pub fn solution(&mut self, columns: &[usize], lexicographic: bool) {
        if let Some(case) = self.cases.last_mut().filter(|_| !self.leaving_out) {
            // The case's first solution takes the place of its bare board.
            if !case.solutions.is_empty() {
                if self.boards >= MAX_BOARDS {
                    self.solutions_left_out += 1;
                    return;
                }
                self.boards += 1;
            }
            case.lexicographic &= lexicographic;
            case.solutions.push(columns.to_vec());
        }
    }

    /// Case `number` has `total` solutions in all (`--total`).
    pub fn total(&mut self, number: u64, total: u128) {
        if let Some(case) = self.cases.iter_mut().find(|c| c.number == number) {
            case.total = Some(total);
        }
    }

    /// The picture as a standalone SVG document.
    ///
    /// ```
    /// use nqueens::{base::board::Board, tools::show::svg::Picture};
    /// let mut picture = Picture::new();
    /// picture.case(1, &Board::blank(4), true);
    /// picture.solution(&[1, 3, 0, 2], true);
    /// let svg = picture.render();
    /// assert!(svg.starts_with("<?xml"));
    /// assert!(svg.contains(r#"<circle class="queen" cx="1.5" cy="0.5" r="0.36"/>"#));
    /// assert!(svg.contains(">Case 1, solution 1</text>"));
    /// ```
    pub fn render(&self) -> String {
        let mut body = String::new();
        let mut defs = String::new();
        let mut sizes_defined: Vec<usize> = Vec::new();
        let (mut y, mut width) = (MARGIN, 0);
        for case in &self.cases {
            let n = case.board.n();
            if !sizes_defined.contains(&n) {
                sizes_defined.push(n);
                define_size(&mut defs, n);
            }
            if case.board.obstacles() > 0 {
                define_blocked(&mut defs, case);
            }
            let (w, h) = draw_case(&mut body, case, y);
            width = width.max(w);
            y += h;
        }
        if self.cases_left_out + self.solutions_left_out > 0 {
            let parts: Vec<String> = [
                (
                    self.solutions_left_out,
                    "more solution",
                    " of the cases above",
                ),
                (self.cases_left_out, "more case", ""),
            ]
            .iter()
            .filter(|(k, ..)| *k > 0)
            .map(|&(k, what, of)| match k {
                1 => format!("1 {what}{of}"),
                k => format!("{k} {what}s{of}"),
            })
            .collect();
            let note = format!(
                "Not drawn (a picture holds at most {MAX_BOARDS} boards): {}",
                parts.join(", ")
            );
            let _ = writeln!(
                body,
                r#"<text class="note" x="{MARGIN}" y="{}" font-size="14">{}</text>"#,
                y + 15,
                escape(&note)
            );
            width = width.max(text_width(&note, 8));
            y += CAPTION + GAP;
        }
        if self.cases.is_empty() {
            let _ = writeln!(
                body,
                r#"<text x="{MARGIN}" y="{}" font-size="14">no cases</text>"#,
                MARGIN + 15
            );
            (width, y) = (80, MARGIN + CAPTION + GAP);
        }
        let (width, height) = (width + 2 * MARGIN, y - GAP + MARGIN);
        let cases = match self.cases.len() {
            1 => "1 case".to_string(),
            k => format!("{k} cases"),
        };
        let mut svg = String::new();
        let _ = write!(
            svg,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <svg xmlns=\"http://www.w3.org/2000/svg\" \
             xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" \
             width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
             font-family=\"DejaVu Sans, Verdana, sans-serif\">\n\
             <title>nqueens show: {cases}</title>\n\
             <defs>\n{defs}</defs>\n\
             <rect width=\"{width}\" height=\"{height}\" fill=\"#ffffff\"/>\n\
             {body}</svg>\n"
        );
        svg
    }
}

/// A solution's rank in its case and its columns, or none (a bare board).
type Numbered<'a> = Option<(usize, &'a [usize])>;

/// Draws `case` from `top`: its heading, if it has one, then its boards
/// in rows. Returns the block's width, and its height with the gap after
/// it.
fn draw_case(out: &mut String, case: &Case, top: usize) -> (usize, usize) {
    let k = case.number;
    let mut notes = Vec::new();
    match case.total {
        Some(1) => notes.push("1 solution".to_string()),
        Some(total) if total > 0 => notes.push(format!("{total} solutions")),
        Some(_) => notes.push("no solutions".to_string()),
        None if case.searched && case.solutions.is_empty() => {
            notes.push("no solutions".to_string())
        }
        None => {}
    }
    if !case.lexicographic {
        notes.push("solutions not in lexicographic order".to_string());
    }
    let notes = notes.join("; ");
    let mut boards: Vec<(String, Numbered)> = case
        .solutions
        .iter()
        .zip(1..)
        .map(|(columns, i)| (format!("Case {k}, solution {i}"), Some((i, &columns[..]))))
        .collect();
    let (mut y, mut width) = (top, 0);
    if boards.is_empty() {
        let caption = match notes.is_empty() {
            true => format!("Case {k}"),
            false => format!("Case {k}: {notes}"),
        };
        boards.push((caption, None));
    } else if !notes.is_empty() {
        let heading = format!("Case {k}: {notes}");
        let _ = writeln!(
            out,
            r#"<text class="heading" x="{MARGIN}" y="{}" font-size="16" font-weight="bold">{}</text>"#,
            y + 18,
            escape(&heading)
        );
        width = text_width(&heading, 10);
        y += HEADING;
    }
    let n = case.board.n();
    let side = n * cell_size(n);
    let slot = boards
        .iter()
        .map(|(caption, _)| text_width(caption, 8))
        .fold(side, usize::max);
    let per_row = ((ROW_WIDTH + GAP) / (slot + GAP)).max(1);
    for row in boards.chunks(per_row) {
        for (j, (caption, columns)) in row.iter().enumerate() {
            let x = MARGIN + j * (slot + GAP);
            let _ = writeln!(
                out,
                r#"<text class="caption" x="{x}" y="{}" font-size="14">{}</text>"#,
                y + 15,
                escape(caption)
            );
            draw_board(out, case, caption, *columns, x, y + CAPTION);
        }
        width = width.max(row.len() * (slot + GAP) - GAP);
        y += CAPTION + side + GAP;
    }
    (width, y - top)
}

/// Draws one board of `case` at `(x, y)`; for its solution `i`, given as
/// `(i, columns)`, with queens at `columns` (one per row).
fn draw_board(
    out: &mut String,
    case: &Case,
    caption: &str,
    solution: Numbered,
    x: usize,
    y: usize,
) {
    let (k, n) = (case.number, case.board.n());
    let (rank, columns) = match solution {
        Some((i, columns)) => (format!(" data-solution=\"{i}\""), Some(columns)),
        None => (String::new(), None),
    };
    let _ = writeln!(
        out,
        r#"<g class="board" data-case="{k}"{rank} data-n="{n}" transform="translate({x} {y}) scale({})">"#,
        cell_size(n)
    );
    let title = match columns {
        Some(columns) => {
            let list: Vec<String> = columns.iter().map(|c| (c + 1).to_string()).collect();
            format!("{caption}: columns {}", list.join(" "))
        }
        None => caption.to_string(),
    };
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, r##"<use xlink:href="#squares-{n}"/>"##);
    if case.board.obstacles() > 0 {
        let _ = writeln!(out, r##"<use xlink:href="#blocked-{k}"/>"##);
    }
    let _ = writeln!(out, r##"<use xlink:href="#lines-{n}"/>"##);
    if let Some(columns) = columns {
        let _ = writeln!(
            out,
            r##"<g fill="{QUEEN}" stroke="#ffffff" stroke-width="{}">"##,
            number(1.5 / cell_size(n) as f64)
        );
        for (row, col) in columns.iter().enumerate() {
            let _ = writeln!(
                out,
                r#"<circle class="queen" cx="{col}.5" cy="{row}.5" r="0.36"/>"#
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// The parts every `n x n` board shares: `squares-n`, light and dark
/// squares; `lines-n`, the grid and the border.
fn define_size(defs: &mut String, n: usize) {
    let mut dark = String::new();
    for row in 0..n {
        for col in (1 - row % 2..n).step_by(2) {
            let _ = write!(dark, "M{col} {row}h1v1h-1z");
        }
    }
    let _ = writeln!(
        defs,
        r#"<g id="squares-{n}"><rect width="{n}" height="{n}" fill="{LIGHT}"/><path fill="{DARK}" d="{dark}"/></g>"#
    );
    let pixel = 1.0 / cell_size(n) as f64;
    let lines = |every: usize| {
        let mut d = String::new();
        for i in (every..n).step_by(every) {
            let _ = write!(d, "M0 {i}H{n}M{i} 0V{n}");
        }
        d
    };
    let _ = write!(
        defs,
        r#"<g id="lines-{n}" fill="none"><path stroke="{LINE}" stroke-width="{}" d="{}"/>"#,
        number(pixel),
        lines(1)
    );
    if n >= 16 {
        let _ = write!(
            defs,
            r#"<path stroke="{BORDER}" stroke-width="{}" d="{}"/>"#,
            number(1.5 * pixel),
            lines(8)
        );
    }
    let _ = writeln!(
        defs,
        r#"<rect width="{n}" height="{n}" stroke="{BORDER}" stroke-width="{}"/></g>"#,
        number(2.0 * pixel)
    );
}

/// `blocked-k`: the blocked cells of case `k`, one unit square each.
fn define_blocked(defs: &mut String, case: &Case) {
    let n = case.board.n();
    let mut d = String::new();
    for row in 0..n {
        for col in 0..n {
            if !case.board.is_free(row, col) {
                let _ = write!(d, "M{col} {row}h1v1h-1z");
            }
        }
    }
    let _ = writeln!(
        defs,
        r#"<path id="blocked-{}" class="blocked" fill="{BLOCKED}" d="{d}"/>"#,
        case.number
    );
}

/// About how many pixels `text` takes at `per_char` pixels a character.
fn text_width(text: &str, per_char: usize) -> usize {
    text.chars().count() * per_char
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_wrap_into_rows_within_the_row_width() {
        let mut picture = Picture::new();
        picture.case(1, &Board::blank(64), true);
        for _ in 0..3 {
            picture.solution(&[0; 64], false);
        }
        let svg = picture.render();
        // 640-pixel boards: two a row, two rows.
        let width = 2 * MARGIN + 2 * 640 + GAP;
        assert!(svg.contains(&format!("width=\"{width}\"")), "{svg}");
        let height = 2 * MARGIN + HEADING + 2 * (CAPTION + 640) + GAP;
        assert!(svg.contains(&format!("height=\"{height}\"")), "{svg}");
        assert!(svg.contains(">Case 1: solutions not in lexicographic order</text>"));
    }

    #[test]
    fn pictures_keep_at_most_max_boards() {
        let mut picture = Picture::new();
        picture.case(1, &Board::blank(1), true);
        for _ in 0..MAX_BOARDS + 3 {
            picture.solution(&[0], true);
        }
        picture.case(2, &Board::blank(1), true);
        picture.solution(&[0], true);
        let svg = picture.render();
        assert_eq!(svg.matches("<circle").count(), MAX_BOARDS);
        assert!(svg.contains("boards): 3 more solutions of the cases above, 1 more case</text>"));
    }

    #[test]
    fn a_case_without_solutions_is_its_bare_board() {
        let mut picture = Picture::new();
        let mut board = Board::blank(3);
        board.set_free(1, 1, false);
        picture.case(2, &board, true);
        picture.case(3, &board, false);
        picture.total(3, 0);
        picture.case(4, &board, false);
        let svg = picture.render();
        assert!(svg.contains(">Case 2: no solutions</text>"));
        assert!(svg.contains(">Case 3: no solutions</text>"));
        assert!(svg.contains(">Case 4</text>"));
        assert!(svg.contains(
            r##"<path id="blocked-2" class="blocked" fill="#4d4d4d" d="M1 1h1v1h-1z"/>"##
        ));
        assert!(!svg.contains("<circle"));
    }
}
