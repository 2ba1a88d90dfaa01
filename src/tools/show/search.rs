//! One case's solutions: searched for in the order asked (lexicographic,
//! or most-constrained first when that is slow), each written and flushed
//! as it is found, then the case's total when asked for.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use super::svg::Picture;
use super::text::{draw, Style};
use crate::base::board::Board;
use crate::base::error::{Error, Result};
use crate::base::output;
use crate::base::problem::Problem;
use crate::engine::find::{self, Outcome};
use crate::plan::estimate;

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
    // The total is `total: N` drawn or listed, one wording (issue 75: a
    // drawing said `Case k: N solutions`); a drawing's case whose search
    // found nothing says so first, total or not.
    let total = match total.as_mut() {
        Some(_) if none => Some(0),
        Some(count) => Some(count(board)?),
        None => None,
    };
    let written = match (mode, total) {
        (Mode::Draw { .. }, total) => {
            let mut text = String::new();
            if none || total == Some(0) {
                text += &format!("Case {case}: no solutions\n");
            }
            if let Some(total) = total {
                text += &format!("total: {total}\n");
            }
            if !text.is_empty() {
                text.push('\n');
            }
            out.write_all(text.as_bytes())
        }
        (Mode::List { .. }, Some(total)) => writeln!(out, "total: {total}"),
        (Mode::List { .. }, None) => Ok(()),
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
    let nodes = crate::engine::tree_size::nodes(&Problem::new(board).rows(), 200);
    let time = nodes / spent.max(1) as f64 * seconds;
    format!(
        "the whole search tree is estimated at {nodes:.1e} nodes (all of it: {})",
        estimate::about(time)
    )
}

/// A line on stderr, as the program's messages are written.
fn note(message: &str) {
    let _ = writeln!(io::stderr().lock(), "nqueens: show: {message}");
}
