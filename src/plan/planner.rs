//! The planner: for each case of a batch, the cheapest exact method.
//!
//! Every method gives the exact count; they differ only in cost, and which is
//! cheapest depends on the board and on the batch around it:
//!
//! - **index** ([`crate::engine::index`]): one enumeration of the blank board, then a
//!   few bitset passes per board. Built for a size `n` only when the boards of
//!   that size (in this batch and the earlier ones) would save more than it
//!   costs; kept for the run.
//! - **inclusion-exclusion** ([`crate::engine::inclusion`]): the blank count plus a
//!   small search per independent set of blocked cells; for near-blank boards
//!   where no index pays. Blank counts and terms are kept for the run, keyed
//!   up to symmetry, so a later board reuses them.
//! - **scan** ([`crate::engine::blank::scan`]): search the blank engine's constellations
//!   and keep the completions whose every image avoids the blocked cells;
//!   for one near-blank board on its own. Its work units are the
//!   constellations, shared by the threads.
//! - **symmetry** ([`crate::engine::symmetry`]): mirror-symmetric boards by halves.
//! - **most-constrained** ([`crate::engine::most_constrained`]): the row with the fewest
//!   choices first, at every node; pays on boards with many obstacles.
//! - **ordered** ([`crate::engine::ordering`]): the orientation with the smallest tree.
//! - **plain**: the kernel on the board as given.
//! - **blank**: a board without obstacles is the blank count.
//!
//! Costs are estimated in nanoseconds from the tree-size estimator
//! ([`crate::engine::estimate`]) and a few per-operation constants measured on the
//! development machine; they only steer the choice. Boards equal up to
//! rotation and reflection are solved once per batch. Boards whose plain
//! search is tiny skip planning altogether, so planning never costs more than
//! a small fraction of the work.
//!
//! All searching happens in one list of work units run by
//! [`crate::engine::parallel::map`]: a big search is split into one unit per free
//! cell of its first open row when there are threads to share it. Answers are
//! sums of unit results in a fixed order, so they never depend on the thread
//! count.
//!
//! # Constraints
//! Boards up to 64 x 64. Indexes only up to n = 15, inclusion-exclusion up
//! to n = 18, scans up to n = 16 (beyond, the blank board is too big).
//! Counts are exact `u128`; inclusion-exclusion sums in `i128` (a partial sum
//! is at most the number of terms times the blank count, far inside it).
//!
//! # Complexity
//! Planning a board is `O(n^2)` transforms plus a few hundred estimator
//! probes; the rest is the chosen method's cost.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::base::board::{Board, Symmetry};
use crate::base::error::Result;
use crate::base::judge::Solver;
use crate::base::kernel::{self, Counter};
use crate::base::problem::Problem;
use crate::engine::blank;
use crate::engine::blank::constellation::Constellation;
use crate::engine::blank::scan::{self, Frames};
use crate::engine::estimate;
use crate::engine::inclusion::{self, Cell};
use crate::engine::index::{query_passes, SolutionIndex, MAX_INDEX_N};
use crate::engine::most_constrained;
use crate::engine::ordering;
use crate::engine::parallel;
use crate::engine::symmetry;

/// Nanoseconds per kernel node (measured: 8 to 10 on the development machine).
const NS_PER_NODE: f64 = 9.0;
/// The same, for estimates of boards with obstacles from a few dozen probes:
/// their trees are lopsided, so most probes die early and the estimate
/// tends to come out low (measured with `--explain`: actual/estimate about
/// 1.5-2 for the kernel, 1-1.3 for the most-constrained search).
const NS_PER_BOARD_NODE: f64 = NS_PER_NODE * 1.5;
/// Nanoseconds per open row of a node of the most-constrained-first search
/// (measured: 5 to 12, against 6 to 16 per kernel node in the same runs).
const NS_PER_DYNAMIC_ROW: f64 = 6.0;
/// Nanoseconds per 64-bit word of an index pass (measured: about 0.3).
const NS_PER_WORD: f64 = 0.35;
/// The blank engine's count ([`blank::count`]) costs this fraction of the
/// plain blank search as priced here (blank nodes x [`NS_PER_NODE`]):
/// measured 19 ms at n = 14 against a price of 246 ms (the engine's lanes
/// run 5-6x faster than the mirror-symmetric search, itself half the plain
/// one; benches/blank.rs). Blank counts and scans are priced through it.
const BLANK_ENGINE_SHARE: f64 = 0.08;
/// The blank engine's enumeration ([`blank::for_each_solution`]: the count's
/// search, plus every solution mapped through its images): measured 30 ms
/// at n = 14, a 0.12 share. Index builds are priced through it.
const ENUMERATION_SHARE: f64 = 0.12;
/// Building an index adds this fraction of a plain blank search to the
/// enumeration, for the bit writes and the transpose (measured: 10 ms at
/// n = 14, 0.04).
const INDEX_WRITE_SHARE: f64 = 0.045;
/// A scan adds this fraction of a plain blank search to the count, for
/// checking each solution against the board's images (measured: one
/// near-blank board at n = 14 scans in 19-20 ms, about the count's time).
const SCAN_CHECK_SHARE: f64 = 0.01;
/// Below this many estimated nodes (about 0.2 ms), the plain search runs
/// without any planning.
const SMALL_NODES: f64 = 20_000.0;
/// Boards up to this side run the plain search without any planning.
const SMALL_N: usize = 9;
/// Estimator probes for a quick first look and for a real plan.
const QUICK_PROBES: u32 = 4;
const PLAN_PROBES: u32 = 24;
/// Inclusion-exclusion is considered for at most this many terms, and for
/// boards no larger than this (the blank count must be affordable).
const MAX_TERMS: usize = 4096;
const MAX_IE_N: usize = 18;
/// A batch estimated below this (1 ms) runs on one thread.
const MIN_PARALLEL_NS: f64 = 1e6;
/// The most inclusion-exclusion terms kept between batches (about 100 MiB
/// at worst).
const MAX_CACHED_TERMS: usize = 1 << 20;
/// The largest board a scan is considered for.
const MAX_SCAN_N: usize = 16;
/// Blank-tree nodes per blank solution, for sizing an index not built yet.
const NODES_PER_SOLUTION: f64 = 60.0;
/// Searches estimated above this many nodes are split for the threads.
const SPLIT_NODES: f64 = 200_000.0;

/// The methods, as named on the command line (`--method NAME`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Method {
    /// Let the planner choose per case (the default).
    Auto,
    /// The kernel on the board as given.
    Plain,
    /// The solution index.
    Index,
    /// Inclusion-exclusion over blocked cells.
    InclusionExclusion,
    /// Mirror-symmetric boards by halves.
    Symmetry,
    /// The best of the eight orientations.
    Ordered,
    /// The row with the fewest choices first, at every node.
    MostConstrained,
    /// The blank board's solutions filtered by the board.
    Scan,
}

impl Method {
    /// Every method, in the order of [`Method::NAMES`].
    pub const ALL: [Method; 8] = [
        Method::Auto,
        Method::Plain,
        Method::Index,
        Method::InclusionExclusion,
        Method::Symmetry,
        Method::Ordered,
        Method::MostConstrained,
        Method::Scan,
    ];

    /// The command-line names.
    pub const NAMES: &'static str =
        "auto, plain, index, inclusion-exclusion, symmetry, ordered, most-constrained, scan";

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Plain => "plain",
            Method::Index => "index",
            Method::InclusionExclusion => "inclusion-exclusion",
            Method::Symmetry => "symmetry",
            Method::Ordered => "ordered",
            Method::MostConstrained => "most-constrained",
            Method::Scan => "scan",
        }
    }

    /// The method named `name`, if any.
    ///
    /// ```
    /// use nqueens::plan::planner::Method;
    /// assert_eq!(Method::parse("index"), Some(Method::Index));
    /// assert_eq!(Method::parse("magic"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// How one case is answered.
#[derive(Clone, Debug)]
enum Plan {
    /// The answer is known without searching (a row or column without free
    /// cells); the text says why.
    Known(u128, &'static str),
    /// The same board, up to symmetry, as an earlier case of the batch.
    Repeat(usize),
    /// The sum of the weighted results of this case's work units.
    Units(&'static str),
    /// A query of the index for this `n`.
    Index,
    /// The blank count of this `n` plus signed terms (keys into the term
    /// cache); empty terms for a blank board.
    Inclusion(Vec<((usize, Vec<Cell>), i128)>),
}

/// One piece of search work, run on some thread.
#[derive(Clone, Debug)]
enum Work {
    /// Count a problem with the kernel.
    Count(Problem),
    /// Count one work unit of the blank engine for side `n`: entry `.1` of
    /// the constellations `.0` (so threads share a blank count evenly).
    BlankUnit(usize, Arc<Vec<Constellation>>, usize),
    /// Count the blank solutions of one constellation (entry `.2` of `.1`)
    /// that use only free cells of the case's board (seen through `.0`).
    ScanUnit(Arc<Frames>, Arc<Vec<Constellation>>, usize),
    /// Count a board (the case's, or a part of it) most constrained row
    /// first.
    MostConstrained(Board),
    /// Answer the case's board from the index.
    Query,
}

/// A group of units searched together in the kernel's interleaved lanes:
/// its kind of [`Work`] and what its units share, named by the first one
/// (the board side of a blank count, the board of a scan).
#[derive(Clone, Copy, Debug)]
enum LaneGroup<'a> {
    Count,
    Blank(usize),
    Scan(&'a Frames),
}

impl<'a> LaneGroup<'a> {
    fn of(work: &'a Work) -> Option<LaneGroup<'a>> {
        match work {
            Work::Count(_) => Some(LaneGroup::Count),
            Work::BlankUnit(n, ..) => Some(LaneGroup::Blank(*n)),
            Work::ScanUnit(frames, ..) => Some(LaneGroup::Scan(frames)),
            Work::MostConstrained(_) | Work::Query => None,
        }
    }

    /// Whether `work` can join a group of this kind.
    fn takes(self, work: &Work) -> bool {
        match (self, work) {
            (LaneGroup::Count, Work::Count(_)) => true,
            (LaneGroup::Blank(n), Work::BlankUnit(side, ..)) => n == *side,
            (LaneGroup::Scan(frames), Work::ScanUnit(theirs, ..)) => {
                std::ptr::eq(frames, &**theirs)
            }
            _ => false,
        }
    }

    /// Counts the units `group` (indexes into `units`, all taken by this
    /// kind), drawn lazily as lanes free up, and returns `(index, value)`
    /// for each, in no particular order.
    fn run(self, units: &[Unit], group: impl Iterator<Item = usize>) -> Vec<(usize, u128)> {
        let mut out = Vec::new();
        let constellation = |i: usize| match &units[i].work {
            Work::BlankUnit(_, all, k) | Work::ScanUnit(_, all, k) => &all[*k],
            _ => unreachable!("only blank and scan units have constellations"),
        };
        match self {
            LaneGroup::Count => {
                let problems = group.map(|i| match &units[i].work {
                    Work::Count(problem) => (i, problem.rows(), Counter::default()),
                    _ => unreachable!("a count group takes only counts"),
                });
                kernel::search_each(problems, |i, counter| out.push((i, counter.total.into())));
            }
            LaneGroup::Blank(n) => {
                let members = group.map(|i| (i, constellation(i)));
                blank::completions_each(n, members, |i, completions| {
                    out.push((i, constellation(i).orbit.len() as u128 * completions));
                });
            }
            LaneGroup::Scan(frames) => {
                let members = group.map(|i| (i, constellation(i)));
                scan::count_each_on(frames, members, |i, count| out.push((i, count)));
            }
        }
        out
    }
}

/// Where a unit's result goes. Results of one target are summed in unit
/// order, so a search split into parts adds up to the whole.
#[derive(Clone, Debug)]
enum Target {
    /// Into the case's answer, times this weight.
    Case(i128),
    /// Into the cached term of inclusion-exclusion.
    Term((usize, Vec<Cell>)),
    /// Into the cached blank count of this side.
    Blank(usize),
}

#[derive(Clone, Debug)]
struct Unit {
    /// The case (index into the batch) the unit works for; its time is
    /// reported with that case.
    case: usize,
    work: Work,
    target: Target,
}

/// A case's best plan without an index, before the batch decides on
/// indexes.
struct Candidate {
    case: usize,
    units: Vec<Unit>,
    plan: Plan,
    /// Its estimated cost (ns).
    cost: f64,
    /// The estimated cost (ns) of an index query, where an index could exist.
    query: Option<f64>,
}

/// The planner, as the judge's [`Solver`].
pub struct Planner {
    method: Method,
    threads: usize,
    explain: Option<Box<dyn Write + Send>>,
    indexes: HashMap<usize, SolutionIndex>,
    blank_counts: HashMap<usize, u128>,
    blank_nodes: HashMap<usize, f64>,
    /// The blank engine's work units per board side, made once per run.
    constellations: HashMap<usize, Arc<Vec<Constellation>>>,
    terms: HashMap<(usize, Vec<Cell>), u128>,
    /// Per board size without an index: what one would have saved so far.
    index_savings: HashMap<usize, f64>,
    cases_done: usize,
}

impl Planner {
    /// A planner that uses `method` (or chooses, for [`Method::Auto`]) on
    /// `threads` threads.
    ///
    /// ```
    /// use nqueens::{base::board::Board, base::judge::Solver, plan::planner::{Method, Planner}};
    /// let mut planner = Planner::new(Method::Auto, 2);
    /// let mut board = Board::blank(8);
    /// board.set_free(0, 0, false);
    /// assert_eq!(planner.solve(&[board, Board::blank(8)]).unwrap(), [88, 92]);
    /// ```
    pub fn new(method: Method, threads: usize) -> Planner {
        Planner {
            method,
            threads: threads.max(1),
            explain: None,
            indexes: HashMap::new(),
            blank_counts: HashMap::new(),
            blank_nodes: HashMap::new(),
            constellations: HashMap::new(),
            terms: HashMap::new(),
            index_savings: HashMap::new(),
            cases_done: 0,
        }
    }

    /// Writes one line per case (method, estimated and actual time) to
    /// `out`, and one per index built.
    pub fn explain_to(mut self, out: Box<dyn Write + Send>) -> Planner {
        self.explain = Some(out);
        self
    }

    /// The estimated nodes of the plain blank search of side `n`.
    fn blank_nodes(&mut self, n: usize) -> f64 {
        *self
            .blank_nodes
            .entry(n)
            .or_insert_with(|| estimate::nodes(&Problem::new(&Board::blank(n)).rows(), 256))
    }

    /// The estimated cost (ns) of the blank count of side `n`: nothing once
    /// it is known.
    fn blank_cost(&mut self, n: usize) -> f64 {
        if self.blank_counts.contains_key(&n) {
            0.0
        } else {
            self.blank_nodes(n) * NS_PER_NODE * BLANK_ENGINE_SHARE
        }
    }

    /// The estimated cost (ns) of building the index of side `n`, and
    /// whether the threaded build (kernel parts on every thread) beats the
    /// blank engine on one.
    fn index_build_cost(&mut self, n: usize) -> (f64, bool) {
        let nodes = self.blank_nodes(n) * NS_PER_NODE;
        let engine = nodes * (ENUMERATION_SHARE + INDEX_WRITE_SHARE);
        // On threads the enumeration is shared, but the set-up and the
        // writes stay on one thread and the solutions pass through a buffer
        // first (measured at n = 14: 37 ms on 2 threads, 40 ms on one).
        let threaded = nodes * (ENUMERATION_SHARE / self.threads as f64 + INDEX_WRITE_SHARE * 3.0);
        if self.threads > 1 && threaded < engine {
            (threaded, true)
        } else {
            (engine, false)
        }
    }

    /// Cost (ns) of the inclusion-exclusion plan of `board`, if it has one.
    fn inclusion_plan(&mut self, board: &Board) -> Option<(Plan, f64)> {
        let n = board.n();
        if n > MAX_IE_N {
            return None;
        }
        let sets = inclusion::terms(board, MAX_TERMS)?;
        let blank_nodes = self.blank_nodes(n);
        let mut cost = self.blank_cost(n);
        let mut terms = Vec::with_capacity(sets.len());
        for cells in sets {
            let key = inclusion::term_key(n, &cells);
            if !self.terms.contains_key(&key) {
                // A forced queen keeps about 1/n of the tree, per queen.
                cost += blank_nodes * NS_PER_NODE / (n as f64).powi(cells.len() as i32);
            }
            terms.push((key, inclusion::sign(&cells)));
        }
        Some((Plan::Inclusion(terms), cost))
    }

    /// The plan of one board under a forced method, with its units.
    fn forced_plan(
        &mut self,
        case: usize,
        board: &Board,
        units: &mut Vec<Unit>,
    ) -> Result<(Plan, f64, &'static str)> {
        let n = board.n();
        let plain = |units: &mut Vec<Unit>, why| {
            units.push(count_unit(case, Problem::new(board), 1));
            (Plan::Units("plain"), 0.0, why)
        };
        Ok(match self.method {
            Method::Auto | Method::Plain => plain(units, ""),
            // Built beforehand, by `build_forced_indexes`.
            Method::Index if n <= MAX_INDEX_N => {
                units.push(query_unit(case));
                (Plan::Index, 0.0, "")
            }
            Method::Index => plain(units, " (no index above n = 15)"),
            Method::InclusionExclusion => match self.inclusion_plan(board) {
                Some((plan, cost)) => (plan, cost, ""),
                None => plain(units, " (too many terms)"),
            },
            Method::Symmetry => match symmetry::halves(board, QUICK_PROBES) {
                Some((parts, _)) => {
                    for (problem, weight) in parts {
                        units.push(count_unit(case, problem, weight as i128));
                    }
                    (Plan::Units("symmetry"), 0.0, "")
                }
                None => plain(units, " (board not mirror-symmetric)"),
            },
            Method::Ordered => {
                if ordering::has_empty_line(board) {
                    return Ok((Plan::Known(0, "empty-line"), 0.0, ""));
                }
                let (s, _) = ordering::best(board, PLAN_PROBES);
                units.push(count_unit(case, Problem::new(&board.transformed(s)), 1));
                (Plan::Units("ordered"), 0.0, "")
            }
            Method::MostConstrained => {
                units.push(Unit {
                    case,
                    work: Work::MostConstrained(board.clone()),
                    target: Target::Case(1),
                });
                (Plan::Units("most-constrained"), 0.0, "")
            }
            Method::Scan if n <= MAX_SCAN_N => {
                self.push_scan_units(case, board, units)?;
                (Plan::Units("scan"), 0.0, "")
            }
            Method::Scan => plain(units, " (no scan above n = 16)"),
        })
    }

    /// Builds the indexes a forced index method needs for `boards` (on the
    /// threads when there are several, so both builds get tested).
    fn build_forced_indexes(&mut self, boards: &[Board]) -> Result<()> {
        for board in boards {
            let n = board.n();
            if n <= MAX_INDEX_N && !self.indexes.contains_key(&n) {
                let index = if self.threads > 1 {
                    SolutionIndex::build_on_threads(n, self.threads)?
                } else {
                    SolutionIndex::build(n)
                };
                self.indexes.insert(n, index);
            }
        }
        Ok(())
    }

    /// Plans a batch in auto mode: the cheapest method per case, indexes
    /// built where the batch pays for them.
    fn auto_plans(&mut self, boards: &[Board], units: &mut Vec<Unit>) -> Result<Vec<(Plan, f64)>> {
        let mut plans: Vec<Option<(Plan, f64)>> = vec![None; boards.len()];
        // The best plan without an index, and the query cost where an index
        // could answer, for every case that needs real planning.
        let mut candidates: Vec<Candidate> = Vec::new();
        let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
        for (case, board) in boards.iter().enumerate() {
            let n = board.n();
            if ordering::has_empty_line(board) {
                plans[case] = Some((Plan::Known(0, "empty-line"), 0.0));
                continue;
            }
            // Up to n = 9 even the blank board is a few thousand nodes: not
            // worth an estimate.
            let quick = if n <= SMALL_N {
                0.0
            } else {
                ordering::plain_nodes(board, QUICK_PROBES)
            };
            if quick < SMALL_NODES {
                // Too small to plan, but turning its most constrained side
                // to the top is free and pays for the checks above.
                let (problem, name) = match ordering::first_lines_first(board) {
                    Symmetry::Identity => (Problem::new(board), "plain"),
                    turn => (Problem::new(&board.transformed(turn)), "turned"),
                };
                units.push(count_unit(case, problem, 1));
                plans[case] = Some((Plan::Units(name), quick * NS_PER_NODE));
                continue;
            }
            let canonical = canonical_rows(board);
            if let Some(&first) = seen.get(&canonical) {
                plans[case] = Some((Plan::Repeat(first), 0.0));
                continue;
            }
            seen.insert(canonical, case);

            let mut best: (Vec<Unit>, Plan, f64);
            if board.obstacles() == 0 {
                let cost = self.blank_cost(n);
                best = (Vec::new(), Plan::Inclusion(Vec::new()), cost);
            } else {
                let (s, nodes) = ordering::best(board, PLAN_PROBES);
                let name = if s == Symmetry::Identity {
                    "plain"
                } else {
                    "ordered"
                };
                let problem = Problem::new(&board.transformed(s));
                best = (
                    vec![count_unit(case, problem, 1)],
                    Plan::Units(name),
                    nodes * NS_PER_BOARD_NODE,
                );
                let (nodes, rows) = most_constrained::estimate(board, PLAN_PROBES);
                let cost = nodes * rows * NS_PER_DYNAMIC_ROW;
                if cost < best.2 {
                    let unit = Unit {
                        case,
                        work: Work::MostConstrained(board.clone()),
                        target: Target::Case(1),
                    };
                    best = (vec![unit], Plan::Units("most-constrained"), cost);
                }
                if let Some((parts, nodes)) = symmetry::halves(board, PLAN_PROBES) {
                    if nodes * NS_PER_BOARD_NODE < best.2 {
                        let units = parts
                            .into_iter()
                            .map(|(p, w)| count_unit(case, p, w as i128))
                            .collect();
                        best = (units, Plan::Units("symmetry"), nodes * NS_PER_BOARD_NODE);
                    }
                }
                // Each obstacle adds terms of about 1/n of the blank search,
                // on top of the blank count: past n/2 obstacles the plain
                // search is always cheaper, so do not even list the terms.
                if board.obstacles() <= n / 2 {
                    if let Some((plan, cost)) = self.inclusion_plan(board) {
                        if cost < best.2 {
                            best = (Vec::new(), plan, cost);
                        }
                    }
                }
                if n <= MAX_SCAN_N {
                    // A scan is shared by the threads, unit by unit.
                    let share = (BLANK_ENGINE_SHARE + SCAN_CHECK_SHARE) / self.threads as f64;
                    let cost = self.blank_nodes(n) * NS_PER_NODE * share;
                    if cost < best.2 {
                        // Its units are made only if it is chosen: on
                        // threads they need the blank engine's set-up.
                        best = (Vec::new(), Plan::Units("scan"), cost);
                    }
                }
            }
            let query = (n <= MAX_INDEX_N).then(|| {
                // Before an index exists its size is unknown; the blank tree
                // has 50 to 75 nodes per solution for n = 10..=14.
                let words = self.blank_nodes(n) / NODES_PER_SOLUTION / 64.0 + 1.0;
                query_passes(board) as f64 * words * NS_PER_WORD
            });
            candidates.push(Candidate {
                case,
                units: best.0,
                plan: best.1,
                cost: best.2,
                query,
            });
        }
        // Which indexes pay for themselves: what the boards of each size
        // would save with an index, summed over this batch and the earlier
        // ones (so an index also gets built when boards come in small
        // batches; as in renting skis until the rent paid would have bought
        // them, the run never pays more than twice the better choice).
        let savings = &mut self.index_savings;
        for candidate in &candidates {
            let board = &boards[candidate.case];
            if let Some(query) = candidate.query {
                let query = match self.indexes.get(&board.n()) {
                    Some(index) => index.query_words(board) as f64 * NS_PER_WORD,
                    None => query,
                };
                *savings.entry(board.n()).or_insert(0.0) += (candidate.cost - query).max(0.0);
            }
        }
        let mut savings: Vec<(usize, f64)> = savings.iter().map(|(&n, &s)| (n, s)).collect();
        savings.sort_by_key(|&(n, _)| n);
        for (n, saving) in savings {
            let (build, on_threads) = self.index_build_cost(n);
            if !self.indexes.contains_key(&n) && saving > build {
                let start = Instant::now();
                let index = if on_threads {
                    SolutionIndex::build_on_threads(n, self.threads)?
                } else {
                    SolutionIndex::build(n)
                };
                let line = format!(
                    "index n={n}: {} solutions, {:.1} MiB, est={} actual={}",
                    index.total(),
                    index.bytes() as f64 / (1 << 20) as f64,
                    ms(build),
                    ms_of(start.elapsed())
                );
                self.say(&line);
                self.indexes.insert(n, index);
            }
        }
        for Candidate {
            case,
            units: case_units,
            plan,
            cost,
            ..
        } in candidates
        {
            let board = &boards[case];
            let via_index = self
                .indexes
                .get(&board.n())
                .map(|index| index.query_words(board) as f64 * NS_PER_WORD)
                .filter(|&query| query < cost);
            plans[case] = Some(match via_index {
                Some(query) => {
                    units.push(query_unit(case));
                    (Plan::Index, query)
                }
                None => {
                    if matches!(plan, Plan::Units("scan")) {
                        self.push_scan_units(case, board, units)?;
                    } else {
                        units.extend(case_units);
                    }
                    (plan, cost)
                }
            });
        }
        Ok(plans
            .into_iter()
            .map(|p| p.unwrap_or((Plan::Known(0, "empty-line"), 0.0)))
            .collect())
    }

    /// The blank engine's work units for side `n`, made on first use (their
    /// set-up on all threads).
    fn constellations(&mut self, n: usize) -> Result<Arc<Vec<Constellation>>> {
        if let Some(all) = self.constellations.get(&n) {
            return Ok(all.clone());
        }
        let all = Arc::new(blank::units_on(n, self.threads)?);
        self.constellations.insert(n, all.clone());
        Ok(all)
    }

    /// A scan of the case's board: one unit per constellation of the blank
    /// engine (see [`scan::count_each_on`]), so threads share it evenly.
    fn push_scan_units(&mut self, case: usize, board: &Board, units: &mut Vec<Unit>) -> Result<()> {
        let all = self.constellations(board.n())?;
        let frames = Arc::new(Frames::new(board));
        units.extend((0..all.len()).map(|i| Unit {
            case,
            work: Work::ScanUnit(frames.clone(), all.clone(), i),
            target: Target::Case(1),
        }));
        Ok(())
    }

    /// The units of a blank count: one per constellation of the blank
    /// engine, as for a scan.
    fn push_blank_units(&mut self, case: usize, n: usize, units: &mut Vec<Unit>) -> Result<()> {
        let all = self.constellations(n)?;
        // Sides without constellations (n = 2, 3) have no solution.
        self.blank_counts.insert(n, 0);
        units.extend((0..all.len()).map(|i| Unit {
            case,
            work: Work::BlankUnit(n, all.clone(), i),
            target: Target::Blank(n),
        }));
        Ok(())
    }

    /// Writes an explain line, if explaining.
    fn say(&mut self, line: &str) {
        if let Some(out) = self.explain.as_mut() {
            let _ = writeln!(out, "{line}");
        }
    }
}

/// The rows of the smallest of the board's eight images: equal for boards
/// equal up to rotation and reflection.
fn canonical_rows(board: &Board) -> Vec<u64> {
    Symmetry::ALL
        .into_iter()
        .map(|s| board.transformed(s).rows().to_vec())
        .min()
        .unwrap_or_default()
}

fn count_unit(case: usize, problem: Problem, weight: i128) -> Unit {
    Unit {
        case,
        work: Work::Count(problem),
        target: Target::Case(weight),
    }
}

fn query_unit(case: usize) -> Unit {
    Unit {
        case,
        work: Work::Query,
        target: Target::Case(1),
    }
}

/// Splits a big count into one unit per free cell of its first open row, so
/// that threads can share it. The parts partition its solutions.
fn split(unit: Unit, units: &mut Vec<Unit>) {
    if let Work::MostConstrained(board) = &unit.work {
        // The row with the fewest free cells (at least two), restricted to
        // each of them in turn: the parts' solutions partition the board's.
        let row = (0..board.n())
            .filter(|&r| board.rows()[r].count_ones() >= 2)
            .min_by_key(|&r| board.rows()[r].count_ones());
        let Some(row) = row else {
            units.push(unit);
            return;
        };
        let mut cells = board.rows()[row];
        while cells != 0 {
            let cell = cells & cells.wrapping_neg();
            cells ^= cell;
            let mut rows = board.rows().to_vec();
            rows[row] = cell;
            units.push(Unit {
                case: unit.case,
                work: Work::MostConstrained(Board::from_free_rows(rows)),
                target: unit.target.clone(),
            });
        }
        return;
    }
    let Work::Count(problem) = &unit.work else {
        units.push(unit);
        return;
    };
    let open = (0..problem.n()).find(|&row| problem.queen(row).is_none());
    let Some(row) = open.filter(|_| !problem.is_dead()) else {
        units.push(unit);
        return;
    };
    let mut cells = problem.free(row);
    while cells != 0 {
        let col = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        let mut part = problem.clone();
        part.place(row, col);
        units.push(Unit {
            case: unit.case,
            work: Work::Count(part),
            target: unit.target.clone(),
        });
    }
}

fn ms(ns: f64) -> String {
    format!("{:.3}ms", ns / 1e6)
}

fn ms_of(duration: Duration) -> String {
    ms(duration.as_nanos() as f64)
}

impl Solver for Planner {
    fn solve(&mut self, boards: &[Board]) -> Result<Vec<u128>> {
        let mut units = Vec::new();
        let plans: Vec<(Plan, f64, &'static str)> = if self.method == Method::Auto {
            self.auto_plans(boards, &mut units)?
                .into_iter()
                .map(|(plan, cost)| (plan, cost, ""))
                .collect()
        } else {
            if self.method == Method::Index {
                self.build_forced_indexes(boards)?;
            }
            let mut plans = Vec::with_capacity(boards.len());
            for (case, board) in boards.iter().enumerate() {
                plans.push(self.forced_plan(case, board, &mut units)?);
            }
            plans
        };
        // The blank counts and terms that inclusion-exclusion plans still
        // need, each once.
        let mut wanted: Vec<(usize, Vec<Cell>)> = Vec::new();
        let mut blanks: Vec<usize> = Vec::new();
        for (case, (plan, _, _)) in plans.iter().enumerate() {
            if let Plan::Inclusion(terms) = plan {
                let n = boards[case].n();
                if !self.blank_counts.contains_key(&n) && !blanks.contains(&n) {
                    blanks.push(n);
                    self.push_blank_units(case, n, &mut units)?;
                }
                for (key, _) in terms {
                    if !self.terms.contains_key(key) && !wanted.contains(key) {
                        wanted.push(key.clone());
                        units.push(Unit {
                            case,
                            work: Work::Count(inclusion::term_problem(key.0, &key.1)),
                            target: Target::Term(key.clone()),
                        });
                    }
                }
            }
        }
        // Starting threads costs tens of microseconds: a batch of tiny work
        // runs on this one (when the planner chose; forced methods always use
        // the threads asked for, so tests reach every path).
        let estimated: f64 = plans.iter().map(|(_, cost, _)| cost.max(1e3)).sum();
        let threads = if self.method == Method::Auto && estimated < MIN_PARALLEL_NS {
            1
        } else {
            self.threads
        };
        if threads > 1 {
            let whole = std::mem::take(&mut units);
            for unit in whole {
                let big = match &unit.work {
                    // Small boards are never worth splitting (nor estimating).
                    Work::Count(problem) => {
                        problem.n() > SMALL_N
                            && estimate::nodes(&problem.rows(), QUICK_PROBES) > SPLIT_NODES
                    }
                    Work::MostConstrained(board) => {
                        board.n() > SMALL_N && {
                            let (nodes, rows) = most_constrained::estimate(board, QUICK_PROBES);
                            nodes * rows > SPLIT_NODES
                        }
                    }
                    _ => false,
                };
                if big {
                    split(unit, &mut units);
                } else {
                    units.push(unit);
                }
            }
        }

        let indexes = &self.indexes;
        // Clock reads cost about as much as a tiny board's search: only
        // taken when explaining.
        let timing = self.explain.is_some();
        let results = parallel::deal(units.len(), threads, |ids| {
            let mut ids = ids.peekable();
            let mut out = Vec::new();
            while let Some(first) = ids.next() {
                let start = timing.then(Instant::now);
                let unit = &units[first];
                let Some(lanes) = LaneGroup::of(&unit.work) else {
                    let value = match &unit.work {
                        Work::MostConstrained(board) => most_constrained::count(board),
                        _ => {
                            let board = &boards[unit.case];
                            indexes
                                .get(&board.n())
                                .map_or(0, |index| index.count(board))
                        }
                    };
                    out.push((
                        first,
                        (value, start.map_or(Duration::ZERO, |s| s.elapsed())),
                    ));
                    continue;
                };
                // The units after this one that the same lanes can take, as
                // the workers deal them: of the same kind, and of any case
                // (a batch of small boards is searched eight at a time),
                // unless each case's time is wanted.
                let same = |i: &usize| {
                    lanes.takes(&units[*i].work) && (!timing || units[*i].case == unit.case)
                };
                let group = std::iter::once(first).chain(std::iter::from_fn(|| ids.next_if(same)));
                let counted = lanes.run(&units, group);
                // Interleaved units have no time of their own: the group's
                // time goes to one of them, and so to their case.
                let mut time = start.map_or(Duration::ZERO, |s| s.elapsed());
                for (i, value) in counted {
                    out.push((i, (value, std::mem::take(&mut time))));
                }
            }
            out
        })?;

        let mut sums = vec![0i128; boards.len()];
        let mut spent = vec![Duration::ZERO; boards.len()];
        for (unit, (value, time)) in units.iter().zip(results) {
            spent[unit.case] += time;
            // Terms and blank counts were not cached before this batch, so
            // their parts add up from zero.
            match &unit.target {
                Target::Case(weight) => sums[unit.case] += weight * value as i128,
                Target::Term(key) => *self.terms.entry(key.clone()).or_insert(0) += value,
                Target::Blank(n) => *self.blank_counts.entry(*n).or_insert(0) += value,
            }
        }
        let mut answers = Vec::with_capacity(boards.len());
        let mut lines = Vec::new();
        for (case, (plan, cost, note)) in plans.iter().enumerate() {
            let board = &boards[case];
            let (answer, method) = match plan {
                Plan::Known(answer, why) => (*answer, why.to_string()),
                Plan::Repeat(first) => (
                    answers[*first],
                    format!("repeat of case {}", self.cases_done + first + 1),
                ),
                Plan::Units(name) => (sums[case] as u128, name.to_string()),
                Plan::Index => (sums[case] as u128, "index".to_string()),
                Plan::Inclusion(terms) => {
                    let mut total = self.blank_counts[&board.n()] as i128;
                    for (key, sign) in terms {
                        total += sign * self.terms[key] as i128;
                    }
                    let name = if terms.is_empty() {
                        "blank".to_string()
                    } else {
                        format!("inclusion-exclusion ({} terms)", terms.len())
                    };
                    (total as u128, name)
                }
            };
            answers.push(answer);
            if self.explain.is_some() {
                lines.push(format!(
                    "case {}: n={} obstacles={} method={method}{note} est={} actual={}",
                    self.cases_done + case + 1,
                    board.n(),
                    board.obstacles(),
                    ms(*cost),
                    ms_of(spent[case])
                ));
            }
        }
        for line in lines {
            self.say(&line);
        }
        self.cases_done += boards.len();
        // Terms are small, but a long run of distinct near-blank boards
        // without an index could pile up millions: start afresh instead.
        if self.terms.len() > MAX_CACHED_TERMS {
            self.terms.clear();
        }
        Ok(answers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::judge::PlainSolver;

    fn boards(seed: u64, count: usize, max_n: usize) -> Vec<Board> {
        let mut rng = crate::base::rng::Rng::new(seed);
        (0..count)
            .map(|_| {
                let n = rng.between(1, max_n);
                let percent = rng.below(61);
                crate::tools::generate::random_board(&mut rng, n, percent)
            })
            .collect()
    }

    #[test]
    fn every_method_agrees_with_the_plain_search() {
        let boards = boards(7, 300, 9);
        let expected = PlainSolver.solve(&boards).unwrap();
        for method in Method::ALL {
            for threads in [1, 3] {
                let got = Planner::new(method, threads).solve(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn explaining_changes_no_answer() {
        // With --explain, lane groups keep to one case (so that each case
        // gets its time): another grouping than without, same answers.
        let boards = boards(13, 200, 11);
        let expected = PlainSolver.solve(&boards).unwrap();
        for method in Method::ALL {
            for threads in [1, 3] {
                let mut planner =
                    Planner::new(method, threads).explain_to(Box::new(std::io::sink()));
                let got = planner.solve(&boards).unwrap();
                assert_eq!(got, expected, "{method:?} on {threads} threads");
            }
        }
    }

    #[test]
    fn split_parts_add_up_to_the_whole() {
        for board in boards(11, 40, 10) {
            let whole = Problem::new(&board).count();
            for work in [
                Work::Count(Problem::new(&board)),
                Work::MostConstrained(board.clone()),
            ] {
                let mut parts = Vec::new();
                let unit = Unit {
                    case: 0,
                    work,
                    target: Target::Case(1),
                };
                split(unit, &mut parts);
                let sum: u128 = parts
                    .iter()
                    .map(|part| match &part.work {
                        Work::Count(problem) => problem.count(),
                        Work::MostConstrained(board) => most_constrained::count(board),
                        _ => unreachable!("split makes only searches"),
                    })
                    .sum();
                assert_eq!(sum, whole, "{board}");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for method in Method::ALL {
            assert_eq!(Method::parse(method.name()), Some(method));
            assert!(Method::NAMES.contains(method.name()));
        }
    }
}
