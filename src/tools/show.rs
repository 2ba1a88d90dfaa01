//! Seeing solutions: `nqueens show` draws the first solutions of each case
//! as boards, or lists them as column vectors for scripts.
//!
//! Solutions are written (and flushed) as the search finds them, and the
//! search stops at the last one asked for: the first solutions of a big
//! board appear at once. The total, which takes the whole search, is
//! counted only with `--total` (by the planner, on the threads), and
//! written after the solutions.
//!
//! Drawings: for each case, a heading `Case k, solution i:` and the
//! board, one line per row: `Q` a queen, `*` an obstacle, `.` a free cell;
//! a case without solutions gets `Case k: no solutions`; with `--total`,
//! `Case k: N solutions` after its drawings. With
//! [`Style::Unicode`] (the default when stdout is a terminal whose locale is
//! UTF-8) queens are `♛`, obstacles `╳`, free squares light `□` and dark
//! `■` like a chessboard, cells separated by spaces so they look square.
//!
//! Listings (`--solutions K`): for each case a line `Case k:` followed by
//! up to `K` lines of 1-based columns, row by row (as checker mode prints
//! them); with `--total`, a last line `total: N`.
//!
//! Pictures (`--svg FILE`, [`svg`]): the same cases and solutions, drawn
//! as one SVG picture written to FILE when `show` ends (the text is written
//! to stdout as without it); `--svg -` writes the picture to stdout instead
//! of the text.
//!
//! Solutions come in lexicographic order of their column vectors (from
//! [`Problem::for_each_solution`]) when that search finds the first one
//! within [`LEXICOGRAPHIC_BUDGET`] nodes, as it does on small boards; beyond
//! (blank boards from n = 30 or so) in the order of a most-constrained-first
//! search, which finds the first solution of any blank board up to 64, or
//! of one with a few blocked cells, at once ([`Order`]). The headings say
//! when the order is not lexicographic. `--lexicographic` insists on that
//! order, with an estimate of the whole search on stderr when it is slow.

use std::io::{self, BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::input::CaseReader;
use crate::base::judge::Solver;
use crate::base::output;
use crate::base::problem::Problem;
use crate::engine::find::{self, Outcome};
use crate::plan::estimate;
use crate::plan::planner::{Method, Planner};
use crate::tools::files::{self, Input};
use crate::tools::progress;
use crate::tools::settings::Settings;

pub mod svg;
use svg::Picture;

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
    /// `--total`: count each case's solutions too (after its solutions).
    pub total: bool,
    /// `--lexicographic`: lexicographic order however long it takes.
    pub lexicographic: bool,
    /// `--svg FILE`: also draw the solutions as an SVG picture in FILE
    /// (`-`: on stdout, in place of the text).
    pub svg: Option<PathBuf>,
}

impl ShowOptions {
    /// The order solutions are shown in.
    pub fn order(&self) -> Order {
        match self.lexicographic {
            true => Order::Lexicographic,
            false => Order::Auto,
        }
    }

    /// How each case is written, as the options ask (drawn with Unicode
    /// glyphs only when `stdout_terminal`: see [`Style::for_stdout`]).
    pub fn mode(&self, stdout_terminal: bool) -> Mode {
        if self.list {
            Mode::List { limit: self.limit }
        } else {
            let style = if self.ascii {
                Style::Ascii
            } else {
                Style::for_stdout(stdout_terminal)
            };
            Mode::Draw {
                limit: self.limit,
                style,
            }
        }
    }
}

/// Runs `nqueens show` as `options` say, writing to `out`, totals on the
/// settings' threads; with progress on, on stderr (the case being searched,
/// and for how long) while a case takes longer than a second. With `--svg`, the picture is written at the end
/// (after an input error too: the cases before it).
pub fn command(options: &ShowOptions, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    // Created first: a path that cannot be written fails before the search.
    let destination = options.svg.as_deref().map(svg::Destination::open);
    let destination = destination.transpose()?;
    let mut picture = destination.as_ref().map(|_| Picture::new());
    let mut sink = io::sink();
    let text: &mut dyn Write = match destination {
        Some(svg::Destination::Stdout) => &mut sink,
        _ => &mut *out,
    };
    let shown = show_all(options, settings, text, picture.as_mut());
    if let (Some(destination), Some(picture)) = (destination, &picture) {
        destination.write(picture, out)?;
    }
    shown
}

/// [`command`] without the picture's destination: the text to `out`, the
/// cases and solutions to `picture`, if any.
fn show_all(
    options: &ShowOptions,
    settings: &Settings,
    out: &mut dyn Write,
    picture: Option<&mut Picture>,
) -> Result<()> {
    let (mode, order) = (
        options.mode(settings.machine.stdout_terminal),
        options.order(),
    );
    // The case being shown, and since when (ms after `start`).
    let (case, since, start) = (AtomicU64::new(0), AtomicU64::new(0), Instant::now());
    let mut planner = Planner::within(Method::Auto, settings.budget);
    // Each case's total, for the picture.
    let mut totals = Vec::new();
    let mut count = |board: &Board| -> Result<u128> {
        let total = planner.solve_all(std::slice::from_ref(board))?[0];
        totals.push((case.load(Ordering::Relaxed), total));
        Ok(total)
    };
    let mut total: Total = if options.total {
        Some(&mut count)
    } else {
        None
    };
    let status = || {
        let seconds = (start.elapsed().as_millis() as u64)
            .saturating_sub(since.load(Ordering::Relaxed))
            / 1000;
        (seconds >= 1).then(|| {
            format!(
                "show: case {}, searching for {seconds} s",
                case.load(Ordering::Relaxed)
            )
        })
    };
    let mut next = |k: u64| {
        case.store(k, Ordering::Relaxed);
        since.store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
    };
    let mut picture = picture;
    let shown = progress::watch_with(settings.progress, &status, || {
        let picture = picture.as_deref_mut();
        if let Some(n) = options.blank {
            let mut out = BufWriter::new(out);
            next(1);
            let board = Board::blank(n);
            return show_case(&mut out, 1, &board, mode, order, &mut total, picture)
                .and_then(|()| out.flush().map_err(Error::Write));
        }
        let cases = |input: &mut dyn Read| {
            run_counting(input, out, mode, order, &mut total, &mut next, picture)
        };
        match &options.input {
            Input::Stdin => cases(&mut io::stdin().lock()),
            Input::Path(path) => {
                cases(&mut files::open(path)?).map_err(|e| files::in_file(path, e))
            }
        }
    });
    if let Some(picture) = picture {
        for (case, total) in totals {
            picture.total(case, total);
        }
    }
    shown
}

/// How a case's total is counted, when it is shown at all.
pub type Total<'a> = Option<&'a mut dyn FnMut(&Board) -> Result<u128>>;

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
/// assert_eq!(out, b"Case 1:\n1\n");
/// ```
pub fn run<R: Read, W: Write>(input: R, output: W, mode: Mode) -> Result<()> {
    run_counting(
        input,
        output,
        mode,
        Order::Auto,
        &mut None,
        &mut |_| {},
        None,
    )
}

/// [`run`], in `order`, with totals counted by `total` (when given), and `starting(k)`
/// told as case `k` starts; each case and its solutions drawn in `picture`
/// too, if given.
pub fn run_counting<R: Read, W: Write>(
    input: R,
    output: W,
    mode: Mode,
    order: Order,
    total: &mut Total,
    starting: &mut dyn FnMut(u64),
    mut picture: Option<&mut Picture>,
) -> Result<()> {
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
        starting(case);
        show_case(
            &mut out,
            case,
            &board,
            mode,
            order,
            total,
            picture.as_deref_mut(),
        )?;
    }
    out.flush().map_err(Error::Write)
}

/// In which order `show` finds solutions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Order {
    /// Lexicographic when that search finds the first solution within
    /// [`LEXICOGRAPHIC_BUDGET`] nodes; otherwise the order of a
    /// most-constrained-first search ([`find::most_constrained`]; on a blank
    /// board, the closed formula's solution first), which the headings say.
    Auto,
    /// Lexicographic however long it takes (`--lexicographic`); a case
    /// that takes long gets an estimate on stderr.
    Lexicographic,
}

/// Search nodes the lexicographic search gets for a case's first solution
/// before [`Order::Auto`] turns to the most-constrained-first order (a
/// tenth of a second or so).
pub const LEXICOGRAPHIC_BUDGET: u64 = 1 << 22;

/// Search nodes the most-constrained-first search gets before `show` says
/// on stderr how far it got (it then goes on).
pub const MOST_CONSTRAINED_BUDGET: u64 = 1 << 22;

/// Writes one case in `mode`: each solution written and flushed as soon as
/// the search finds it, then (when `total` is given) the total. Solutions
/// come in `order`; where they are not in lexicographic order, the
/// headings say so (`Case k, solution i (not in lexicographic order):`, in
/// a listing `Case k (not in lexicographic order):`). The case and its
/// solutions are drawn in `picture` too, if given.
pub fn show_case(
    out: &mut dyn Write,
    case: u64,
    board: &Board,
    mode: Mode,
    order: Order,
    total: &mut Total,
    mut picture: Option<&mut Picture>,
) -> Result<()> {
    let limit = match mode {
        Mode::Draw { limit, .. } | Mode::List { limit } => limit,
    };
    if let Some(picture) = picture.as_deref_mut() {
        picture.case(case, board, limit > 0);
    }
    // Whether every solution has been visited (so found == all of them).
    let mut exhausted = false;
    let mut found = 0;
    if limit > 0 {
        let mut first = None;
        let started = Instant::now();
        let (outcome, _) = find::lexicographic(board, LEXICOGRAPHIC_BUDGET, |columns| {
            first = Some(columns.to_vec());
            ControlFlow::Break(())
        });
        let lexicographic = outcome != Outcome::OutOfBudget || order == Order::Lexicographic;
        if outcome == Outcome::OutOfBudget && order == Order::Lexicographic {
            note(&format!(
                "case {case}: the first solution in lexicographic order is not within the \
                 first {LEXICOGRAPHIC_BUDGET} search nodes ({}); {}; still searching \
                 (without --lexicographic, show answers at once)",
                estimate::human(started.elapsed().as_secs_f64()),
                whole_tree(board, LEXICOGRAPHIC_BUDGET, started.elapsed().as_secs_f64()),
            ));
        }
        let mut shown = Shown {
            out: &mut *out,
            case,
            board,
            mode,
            lexicographic,
            limit,
            found: 0,
            failed: None,
            picture,
        };
        if let Mode::List { .. } = mode {
            shown.header().map_err(Error::Write)?;
        }
        if lexicographic {
            exhausted = outcome == Outcome::Exhausted;
            if !exhausted {
                // The kernel gives the same order, faster.
                Problem::new(board).for_each_solution(|columns| shown.write(columns));
            }
        } else {
            exhausted = most_constrained_order(&mut shown);
        }
        if let Some(e) = shown.failed {
            return Err(Error::Write(e));
        }
        found = shown.found;
    } else if let Mode::List { .. } = mode {
        // No solutions asked for (`--solutions 0 --total`): the heading alone.
        writeln!(out, "Case {case}:").map_err(Error::Write)?;
    }
    // A search that visited every solution and found none has counted them.
    let none = exhausted && found == 0;
    let written = match (mode, total.as_mut()) {
        (Mode::Draw { .. }, _) if none => writeln!(out, "Case {case}: no solutions\n"),
        (Mode::Draw { .. }, Some(count)) => match count(board)? {
            0 => writeln!(out, "Case {case}: no solutions\n"),
            1 => writeln!(out, "Case {case}: 1 solution\n"),
            n => writeln!(out, "Case {case}: {n} solutions\n"),
        },
        (Mode::List { .. }, Some(_)) if none => writeln!(out, "total: 0"),
        (Mode::List { .. }, Some(count)) => writeln!(out, "total: {}", count(board)?),
        (_, None) => Ok(()),
    };
    written.and_then(|()| out.flush()).map_err(Error::Write)
}

/// One case's solutions as they are written.
struct Shown<'a> {
    out: &'a mut dyn Write,
    case: u64,
    board: &'a Board,
    mode: Mode,
    /// Whether they come in lexicographic order (the headings say if not).
    lexicographic: bool,
    limit: usize,
    found: usize,
    failed: Option<io::Error>,
    /// Where the solutions are drawn too, if anywhere.
    picture: Option<&'a mut Picture>,
}

impl Shown<'_> {
    /// A listing's `Case k:` line.
    fn header(&mut self) -> io::Result<()> {
        let case = self.case;
        match self.lexicographic {
            true => writeln!(self.out, "Case {case}:"),
            false => writeln!(self.out, "Case {case} (not in lexicographic order):"),
        }
    }

    /// Writes (and flushes) the next solution; `Break` after the last one
    /// asked for, or when writing failed.
    fn write(&mut self, columns: &[usize]) -> ControlFlow<()> {
        self.found += 1;
        let (case, found) = (self.case, self.found);
        let order = match self.lexicographic {
            true => "",
            false => " (not in lexicographic order)",
        };
        let written = match self.mode {
            Mode::Draw { style, .. } => writeln!(self.out, "Case {case}, solution {found}{order}:")
                .and_then(|()| draw(self.out, self.board, columns, style))
                .and_then(|()| writeln!(self.out)),
            Mode::List { .. } => output::columns_line(self.out, columns),
        };
        if let Some(picture) = self.picture.as_deref_mut() {
            picture.solution(columns, self.lexicographic);
        }
        if let Err(e) = written.and_then(|()| self.out.flush()) {
            self.failed = Some(e);
            return ControlFlow::Break(());
        }
        if self.found < self.limit {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }
}

/// Shows solutions in the most-constrained-first order (on a blank board,
/// the closed formula's solution first). When the search runs past its
/// budget short of the solutions asked for, says so on stderr and goes on.
/// Returns whether every solution was visited.
fn most_constrained_order(shown: &mut Shown) -> bool {
    let board = shown.board;
    let formula = if board.obstacles() == 0 {
        find::constructed(board.n())
    } else {
        None
    };
    if let Some(columns) = &formula {
        if shown.write(columns).is_break() {
            return false;
        }
    }
    // Solutions the budgeted search visited: the unbudgeted one skips them.
    let mut visited = 0;
    let started = Instant::now();
    for budget in [MOST_CONSTRAINED_BUDGET, u64::MAX] {
        let mut skip = visited;
        let (outcome, _) = find::most_constrained(board, budget, |columns| {
            if skip > 0 {
                skip -= 1;
                return ControlFlow::Continue(());
            }
            visited += 1;
            if formula.as_deref() == Some(columns) {
                return ControlFlow::Continue(());
            }
            shown.write(columns)
        });
        if outcome != Outcome::OutOfBudget {
            return outcome == Outcome::Exhausted;
        }
        let seconds = started.elapsed().as_secs_f64();
        note(&format!(
            "case {}: {} of {} solutions found in the first {MOST_CONSTRAINED_BUDGET} \
             nodes of a most-constrained-first search ({}), none in the first \
             {LEXICOGRAPHIC_BUDGET} of the lexicographic one; {}; still searching",
            shown.case,
            shown.found,
            shown.limit,
            estimate::human(seconds),
            whole_tree(board, MOST_CONSTRAINED_BUDGET, seconds),
        ));
    }
    false
}

/// What the random probes say of the whole (plain, row by row) search tree:
/// its size and, at the speed of a search that took `seconds` for `spent`
/// nodes, how long searching all of it would take.
fn whole_tree(board: &Board, spent: u64, seconds: f64) -> String {
    let nodes = crate::engine::estimate::nodes(&Problem::new(board).rows(), 200);
    let time = nodes / spent.max(1) as f64 * seconds;
    format!(
        "the whole search tree is estimated at {nodes:.1e} nodes (all of it: {})",
        estimate::human(time)
    )
}

/// A line on stderr, as the program's messages are written.
fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "nqueens: show: {message}");
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

    const DRAW: Mode = Mode::Draw {
        limit: 9,
        style: Style::Ascii,
    };

    #[test]
    fn cases_without_solutions_say_so() {
        let mut out = Vec::new();
        show_case(
            &mut out,
            3,
            &Board::blank(3),
            DRAW,
            Order::Auto,
            &mut None,
            None,
        )
        .unwrap();
        assert_eq!(out, b"Case 3: no solutions\n\n");
    }

    #[test]
    fn headings_name_the_case_and_the_rank_and_the_total_comes_after() {
        let mut out = Vec::new();
        let mut count = |board: &Board| Ok(Problem::new(board).count());
        show_case(
            &mut out,
            2,
            &Board::blank(4),
            DRAW,
            Order::Auto,
            &mut Some(&mut count),
            None,
        )
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "Case 2, solution 1:\n.Q..\n...Q\nQ...\n..Q.\n\n\
             Case 2, solution 2:\n..Q.\nQ...\n...Q\n.Q..\n\n\
             Case 2: 2 solutions\n\n"
        );
        let mut out = Vec::new();
        let list = Mode::List { limit: 1 };
        show_case(
            &mut out,
            1,
            &Board::blank(4),
            list,
            Order::Auto,
            &mut Some(&mut count),
            None,
        )
        .unwrap();
        assert_eq!(out, b"Case 1:\n2 4 1 3\ntotal: 2\n");
    }

    #[test]
    fn a_listing_of_no_solutions_keeps_its_heading() {
        let mut out = Vec::new();
        let mut count = |board: &Board| Ok(Problem::new(board).count());
        let list = Mode::List { limit: 0 };
        show_case(
            &mut out,
            1,
            &Board::blank(6),
            list,
            Order::Auto,
            &mut Some(&mut count),
            None,
        )
        .unwrap();
        assert_eq!(out, b"Case 1:\ntotal: 4\n");
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
