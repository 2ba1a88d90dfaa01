//! Work units: the engine operations a batch's answers are made of, run on
//! the threads by the planner.
//!
//! A unit names an engine operation (count a problem in the kernel, count a
//! constellation's completions, scan one, count most constrained row first,
//! query an index), never a method: methods are what decide which units a
//! case needs. Units of one kind that the kernel can interleave are run
//! together in its lanes ([`LaneGroup`]).

use std::sync::Arc;

use crate::base::board::Board;
use crate::base::kernel::{self, Counter};
use crate::base::problem::Problem;
use crate::engine::blank::scan::Frames;
use crate::engine::blank::BlankEngine;
use crate::engine::counter::UnitCounter;
use crate::engine::index::SolutionIndex;
use crate::engine::{estimate, most_constrained};

/// Boards up to this side are never worth splitting (nor estimating).
const SMALL_N: usize = 9;
/// Searches estimated above this many nodes are split for the threads.
const SPLIT_NODES: f64 = 200_000.0;
/// Probes for the estimate that decides on splitting.
const SPLIT_PROBES: u32 = 4;

/// One engine operation, whose result is a count.
#[derive(Clone, Debug)]
pub enum Work {
    /// The solutions of a problem, by the kernel.
    Count(Problem),
    /// The completions of constellation `.2` of the blank engine `.1` for
    /// side `.0` (an index into its units), times the size of its orbit.
    Completions(usize, Arc<BlankEngine>, usize),
    /// The solutions of a board (seen through its frames `.0`) among the
    /// completions of constellation `.2` of the blank engine `.1` and their
    /// images.
    Scan(Arc<Frames>, Arc<BlankEngine>, usize),
    /// The solutions of a board, most constrained row first at every node.
    CountMostConstrained(Board),
    /// A board's count from a solution index of its side.
    Query(Arc<SolutionIndex>, Board),
    /// Unit `.1` of a unit counter (the half-board join of a board); its
    /// total.
    Units(Arc<dyn UnitCounter>, usize),
}

impl AsRef<Work> for Work {
    fn as_ref(&self) -> &Work {
        self
    }
}

impl Work {
    /// Whether the unit is a big search worth splitting for the threads.
    pub fn is_big(&self) -> bool {
        match self {
            Work::Count(problem) => {
                problem.n() > SMALL_N
                    && estimate::nodes(&problem.rows(), SPLIT_PROBES) > SPLIT_NODES
            }
            Work::CountMostConstrained(board) => {
                board.n() > SMALL_N && {
                    let (nodes, rows) = most_constrained::estimate(board, SPLIT_PROBES);
                    nodes * rows > SPLIT_NODES
                }
            }
            _ => false,
        }
    }

    /// Parts whose results add up to this unit's: searches split by their
    /// own rules ([`Problem::split`], [`most_constrained::split`]), anything
    /// else whole.
    pub fn split(self) -> Vec<Work> {
        match self {
            Work::Count(problem) => problem.split().into_iter().map(Work::Count).collect(),
            Work::CountMostConstrained(board) => most_constrained::split(&board)
                .into_iter()
                .map(Work::CountMostConstrained)
                .collect(),
            other => vec![other],
        }
    }

    /// The result of a unit that runs on its own (outside any lane group).
    fn run_alone(&self) -> u128 {
        match self {
            Work::CountMostConstrained(board) => most_constrained::count(board),
            Work::Query(index, board) => index.count(board),
            Work::Units(counter, unit) => counter.count(*unit).total,
            Work::Count(problem) => problem.count(),
            Work::Completions(..) | Work::Scan(..) => {
                let mut value = 0;
                if let Some(group) = LaneGroup::of(self) {
                    let alone = std::slice::from_ref(self);
                    group.run(alone, std::iter::once(0), &mut |_, v| value = v);
                }
                value
            }
        }
    }
}

/// A group of units searched together in the kernel's interleaved lanes:
/// its kind of [`Work`] and what its units share, named by the first one
/// (the blank engine of a blank count, the board and engine of a scan).
#[derive(Clone, Copy, Debug)]
pub enum LaneGroup<'a> {
    Count,
    Completions(&'a BlankEngine),
    Scan(&'a Frames, &'a BlankEngine),
}

impl<'a> LaneGroup<'a> {
    /// The group `work` starts, if its kind runs in lanes.
    pub fn of(work: &'a Work) -> Option<LaneGroup<'a>> {
        match work {
            Work::Count(_) => Some(LaneGroup::Count),
            Work::Completions(_, engine, _) => Some(LaneGroup::Completions(engine)),
            Work::Scan(frames, engine, _) => Some(LaneGroup::Scan(frames, engine)),
            Work::CountMostConstrained(_) | Work::Query(..) | Work::Units(..) => None,
        }
    }

    /// Whether `work` can join a group of this kind.
    pub fn takes(self, work: &Work) -> bool {
        match (self, work) {
            (LaneGroup::Count, Work::Count(_)) => true,
            (LaneGroup::Completions(engine), Work::Completions(side, ..)) => engine.n() == *side,
            (LaneGroup::Scan(frames, _), Work::Scan(theirs, ..)) => std::ptr::eq(frames, &**theirs),
            _ => false,
        }
    }

    /// Counts the units `group` (indexes into `units`, all taken by this
    /// kind), drawn lazily as lanes free up, and calls `out(index, value)`
    /// as each ends, in no particular order.
    pub fn run<W: AsRef<Work>>(
        self,
        units: &[W],
        group: impl Iterator<Item = usize>,
        out: &mut dyn FnMut(usize, u128),
    ) {
        let constellation = |i: usize| match units[i].as_ref() {
            Work::Completions(_, all, k) | Work::Scan(_, all, k) => &all.units()[*k],
            _ => unreachable!("only blank and scan units have constellations"),
        };
        match self {
            LaneGroup::Count => {
                let problems = group.map(|i| match units[i].as_ref() {
                    Work::Count(problem) => (i, problem.rows(), Counter::default()),
                    _ => unreachable!("a count group takes only counts"),
                });
                kernel::search_each(problems, |i, counter| out(i, counter.total.into()));
            }
            LaneGroup::Completions(engine) => {
                let members = group.map(|i| (i, constellation(i)));
                engine.completions_each(members, |i, completions| {
                    out(i, constellation(i).orbit.len() as u128 * completions);
                });
            }
            LaneGroup::Scan(frames, engine) => {
                let members = group.map(|i| (i, constellation(i)));
                engine.scan_each(frames, members, out);
            }
        }
    }
}

/// Runs the units `ids` (indexes into `units`, as a worker draws them) and
/// calls `out(index, (value, time))` for each as soon as it ends: units
/// that the kernel can interleave run in lane groups with the units drawn
/// after them that `joins(first, other)` allows; a group's time goes to
/// its first unit to end. Times are measured only when `timing` is set (a
/// clock read costs about as much as a tiny board's search).
pub fn run_units<W: AsRef<Work>>(
    units: &[W],
    ids: &mut dyn Iterator<Item = usize>,
    timing: bool,
    joins: impl Fn(usize, usize) -> bool,
    out: &mut dyn FnMut(usize, (u128, std::time::Duration)),
) {
    use std::time::{Duration, Instant};
    let mut ids = ids.peekable();
    while let Some(first) = ids.next() {
        let start = timing.then(Instant::now);
        let elapsed = |start: Option<Instant>| start.map_or(Duration::ZERO, |s| s.elapsed());
        let lanes = match LaneGroup::of(units[first].as_ref()) {
            Some(lanes) => lanes,
            None => {
                let value = units[first].as_ref().run_alone();
                out(first, (value, elapsed(start)));
                continue;
            }
        };
        let same = |i: &usize| lanes.takes(units[*i].as_ref()) && joins(first, *i);
        let group = std::iter::once(first).chain(std::iter::from_fn(|| ids.next_if(same)));
        // Interleaved units have no time of their own: the group's time
        // goes to one of them (the first to end takes the time so far, the
        // others what passed since).
        let mut since = start;
        lanes.run(units, group, &mut |i, value| {
            let now = since.map(|_| Instant::now());
            let time = match (since, now) {
                (Some(s), Some(n)) => n - s,
                _ => Duration::ZERO,
            };
            since = now;
            out(i, (value, time));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_parts_add_up_to_the_whole() {
        let mut rng = crate::base::rng::Rng::new(11);
        for _ in 0..40 {
            let n = rng.between(1, 10);
            let percent = rng.below(61);
            let board = rng.board(n, percent);
            let whole = Problem::new(&board).count();
            for work in [
                Work::Count(Problem::new(&board)),
                Work::CountMostConstrained(board.clone()),
            ] {
                let parts = work.split();
                let sum: u128 = parts.iter().map(Work::run_alone).sum();
                assert_eq!(sum, whole, "{board}");
            }
        }
    }
}
