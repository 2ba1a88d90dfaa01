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
use crate::engine::constellations::scan::Frames;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::counter::UnitCounter;
use crate::engine::index::SolutionIndex;
use crate::engine::{most_constrained, tree_size};
use crate::tuning::planner::{
    MIN_PART_NODES, PARTS_PER_LANE, PART_PROBES, SPLIT_NODES, SPLIT_PROBES,
    SPLIT_SMALL_N as SMALL_N,
};

/// A big search is split into about this many parts per thread: a worker
/// runs up to [`kernel::LANES`] parts at once, so when the last parts run
/// the others are idle for at most a few parts' time, a few percent.
const PARTS_PER_THREAD: usize = PARTS_PER_LANE * kernel::LANES;

/// One engine operation, whose result is a count.
#[derive(Clone, Debug)]
pub enum Work {
    /// The solutions of a problem, by the kernel.
    Count(Problem),
    /// The completions of constellation `.2` of the constellation engine `.1` for
    /// side `.0` (an index into its units), times the size of its orbit.
    Completions(usize, Arc<ConstellationEngine>, usize),
    /// The solutions of a board (seen through its frames `.0`) among the
    /// completions of constellation `.2` of the constellation engine `.1` and their
    /// images.
    Scan(Arc<Frames>, Arc<ConstellationEngine>, usize),
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
    /// The estimated size of a search unit from `probes` probes: kernel
    /// nodes, or node-rows of the most-constrained search (what its time
    /// is proportional to); `None` for units that are no search.
    fn size(&self, probes: u32) -> Option<f64> {
        match self {
            Work::Count(problem) => Some(tree_size::nodes(&problem.rows(), probes)),
            Work::CountMostConstrained(board) => {
                let (nodes, rows) = most_constrained::estimate(board, probes);
                Some(nodes * rows)
            }
            _ => None,
        }
    }

    /// The side of the board a search unit searches.
    fn side(&self) -> usize {
        match self {
            Work::Count(problem) => problem.n(),
            Work::CountMostConstrained(board) => board.n(),
            _ => 0,
        }
    }

    /// One level of parts whose results add up to this unit's: searches
    /// split by their own rules ([`Problem::split`],
    /// [`most_constrained::split`]), anything else whole.
    fn split_once(self) -> Vec<Work> {
        match self {
            Work::Count(problem) => problem.split().into_iter().map(Work::Count).collect(),
            Work::CountMostConstrained(board) => most_constrained::split(&board)
                .into_iter()
                .map(Work::CountMostConstrained)
                .collect(),
            other => vec![other],
        }
    }

    /// Parts whose results add up to this unit's, for `threads` threads: a
    /// big search is cut into about [`PARTS_PER_THREAD`] parts per thread,
    /// but no part below [`MIN_PART_NODES`] ([`Work::split_into`]). Anything
    /// else, and searches too small to be worth it, are their own only part.
    pub fn split_for(self, threads: usize) -> Vec<Work> {
        match self.size(SPLIT_PROBES) {
            Some(total) if self.side() > SMALL_N && total > SPLIT_NODES => {
                let most = threads.max(1) * PARTS_PER_THREAD;
                let wanted = (total / MIN_PART_NODES) as usize;
                self.split_into(wanted.clamp(1, most))
            }
            _ => vec![self],
        }
    }

    /// Parts whose results add up to this unit's, about `wanted` of them
    /// for a search: it is split by its own rules ([`Problem::split`],
    /// [`most_constrained::split`]), then its biggest part (by the search's
    /// own estimator) again and again, until no part is above `1/wanted` of
    /// the estimated whole. A unit that is no search is its own only part.
    /// The biggest parts come first, so that the small ones fill the
    /// threads' last gaps.
    ///
    /// ```
    /// use nqueens::base::{board::Board, problem::Problem};
    /// use nqueens::plan::work::Work;
    /// let parts = Work::Count(Problem::new(&Board::blank(10))).split_into(50);
    /// assert!(parts.len() >= 50);
    /// ```
    pub fn split_into(self, wanted: usize) -> Vec<Work> {
        let Some(total) = self.size(PART_PROBES) else {
            return vec![self];
        };
        let wanted = wanted.max(1);
        let mut open = std::collections::BinaryHeap::new();
        let mut sum = total;
        open.push(Part(total, self));
        let mut done = Vec::new();
        // Each split places one more queen, so this ends; the cap keeps a
        // badly estimated tree from being cut into needlessly many parts.
        let cap = 4 * wanted;
        while let Some(Part(size, work)) = open.pop() {
            if size <= sum / wanted as f64 || open.len() + done.len() >= cap {
                open.push(Part(size, work));
                break;
            }
            let parts = work.split_once();
            if parts.len() == 1 {
                done.extend(parts.into_iter().map(|part| Part(size, part)));
                continue;
            }
            sum -= size;
            for part in parts {
                let size = part.size(PART_PROBES).unwrap_or(0.0);
                sum += size;
                open.push(Part(size, part));
            }
        }
        done.extend(open);
        done.sort_by(|a, b| b.cmp(a));
        done.into_iter().map(|Part(_, work)| work).collect()
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

/// A part of a split with its estimated size, ordered by size.
struct Part(f64, Work);

impl PartialEq for Part {
    fn eq(&self, other: &Self) -> bool {
        self.0.total_cmp(&other.0).is_eq()
    }
}

impl Eq for Part {}

impl PartialOrd for Part {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Part {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A group of units searched together in the kernel's interleaved lanes:
/// its kind of [`Work`] and what its units share, named by the first one
/// (the constellation engine of a blank count, the board and engine of a scan).
#[derive(Clone, Copy, Debug)]
pub enum LaneGroup<'a> {
    Count,
    Completions(&'a ConstellationEngine),
    Scan(&'a Frames, &'a ConstellationEngine),
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
/// calls `out(index, (value, cpu))` for each as soon as it ends, `cpu` the
/// CPU time this thread spent on it ([`crate::engine::cpu::thread`]; zero
/// where the system does not say): units that the kernel can interleave
/// run in lane groups with the units drawn after them that
/// `joins(first, other)` allows; a group's time goes to its first unit to
/// end. Times are measured only when `timing` is set (reading the clock
/// costs about as much as a tiny board's search).
pub fn run_units<W: AsRef<Work>>(
    units: &[W],
    ids: &mut dyn Iterator<Item = usize>,
    timing: bool,
    joins: impl Fn(usize, usize) -> bool,
    out: &mut dyn FnMut(usize, (u128, std::time::Duration)),
) {
    use std::time::Duration;
    // CPU time, not wall time: a thread that waits for a core (more
    // threads than cores, a loaded machine) is not working.
    let clock = || timing.then(|| crate::engine::cpu::thread().unwrap_or_default());
    let spent = |since: Option<Duration>, to: Option<Duration>| match (since, to) {
        (Some(since), Some(to)) => to.saturating_sub(since),
        _ => Duration::ZERO,
    };
    let mut ids = ids.peekable();
    while let Some(first) = ids.next() {
        let start = clock();
        let lanes = match LaneGroup::of(units[first].as_ref()) {
            Some(lanes) => lanes,
            None => {
                let value = units[first].as_ref().run_alone();
                out(first, (value, spent(start, clock())));
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
            let now = clock();
            let time = spent(since, now);
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
                for wanted in [1, 2, 7, 60] {
                    let parts = work.clone().split_into(wanted);
                    let sum: u128 = parts.iter().map(Work::run_alone).sum();
                    assert_eq!(sum, whole, "{board} in {wanted}");
                }
            }
        }
    }
}
