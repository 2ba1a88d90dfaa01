//! The join without a task list: work units named by a pivot and a range
//! of ranks of its column sets, priced from samples, each building the
//! quarter tables of its own tasks when it runs.
//!
//! Exact planning ([`crate::engine::half_board::layout`]) walks every
//! quarter placement into dense bucket counts (`4 x 2^(n/2 + n/2)`
//! entries) and lists and prices every canonical column set: past
//! [`crate::engine::half_board::MAX_N`] that is a GiB and more than ten
//! minutes before the first join, for every shard. Here nothing is listed:
//!
//! - the whole join is priced from samples
//!   ([`crate::engine::half_board::price::sampling`]): per pivot its joins and
//!   canonical tasks, per quarter the placements of one task's column set;
//! - a unit is `(pivot, ranks)`: the column sets of that pivot whose
//!   ranks among the `h`-subsets of its available columns fall in `ranks`
//!   ([`crate::engine::half_board::column_sets::tasks_in_ranks`] makes its
//!   canonical tasks when it runs). A pivot's ranks are cut into equal
//!   ranges, so a unit weighs its pivot's price times its share of the
//!   ranks;
//! - a running unit builds the tables of its own column sets only, by walks
//!   of those sets alone, joins its tasks and drops the tables: every thread
//!   holds one unit's tables and scratch, whatever the board's size.
//!
//! The ranks run through a pivot's sets in colex order, or in tiles
//! ([`crate::engine::half_board::column_sets::tiles`]) about as large as
//! a unit ([`Ranked::order`], where
//! [`crate::tuning::layout::TILE_OVER_ROOT`] is above 0). Colex
//! order varies the low columns fastest, so a unit's tasks share their
//! right quarters' column sets and each has a left one of its own: the
//! walks of a unit's sets were 55-60% of its time at 26. In tiles of side
//! `s` a unit of `U` ranks holds about `U / s + s` left parts and as many
//! right ones (in one tile, `U = s^2`, its tables cost 1.4 ms a task at 26
//! against 57 ms in colex order), and the tiles of every left size are
//! interleaved, so a unit holds the sets of each in their share and
//! units cut to equal ranks weigh the same, as in colex order. The price
//! counts the walks either way.
//!
//! The rooms: this file holds the units ([`Ranked`], [`RankedUnit`]);
//! `run` is a pivot's run, its ranks cut into units of equal size; `order`
//! names the sets of a pivot's ranks and finds a unit's ranges along them;
//! `units` counts a unit (its tables built, in pieces where they must be,
//! its tasks joined). The units are planned by their price (their sizes,
//! the scratch, the tasks per unit, each pivot's run) and priced on their
//! own (a shard's, some ranks) in [`crate::engine::half_board::price::ranked`].
//!
//! # Constraints
//! `n <= PRICED_TO` (28): what the sampled pricing and the quarters'
//! middle marks accept. A unit's tables must fit the memory: units are cut
//! finer until one per thread does, down to one column set, by the layout's
//! mean; a unit whose sets hold more (sizes are counted before anything
//! is stored) joins its tasks in pieces whose tables fit.
//!
//! # Complexity
//! A unit: its tasks' joins ([`crate::engine::half_board::matching`]), plus two walks of each
//! of its column sets.

mod order;
mod run;
mod units;

use std::ops::Range;

use crate::engine::half_board::layout::Geometry;
pub(in crate::engine::half_board) use run::Run;
use run::TILED_ORDER;

/// One work unit: the column sets of pivot `pivot` with ranks in `ranks`
/// (in [`Ranked::order`]), and its estimated ns on one core.
#[derive(Clone, Debug)]
pub struct RankedUnit {
    pub pivot: usize,
    pub ranks: Range<u64>,
    pub weight: f64,
}

/// A join planned as ranked units. The unit list is not stored (it may
/// hold tens of millions): unit `i` is computed from its pivot's `Run`.
#[derive(Clone)]
pub struct Ranked {
    /// The board, its folding and its sides.
    pub(in crate::engine::half_board) geo: Geometry,
    pub(in crate::engine::half_board) runs: Vec<Run>,
    /// Per pivot, the share of each quarter's placements its diagonals
    /// leave (the sampled pricing's, for pricing units on their own).
    pub(in crate::engine::half_board) passes: Vec<[f64; 4]>,
    /// Per pivot, the share of the join's words the sieve leaves (the
    /// sampled pricing's, likewise).
    pub(in crate::engine::half_board) keeps: Vec<f64>,
    /// Per pivot, the shares of candidate tops and bottoms their
    /// quarters' test leaves (likewise).
    pub(in crate::engine::half_board) apart: Vec<[f64; 2]>,
    /// The shares of a unit's tasks that bring their own left and their
    /// own right quarters' column sets (see `UnitSizes::sets`).
    pub(in crate::engine::half_board) shares: [f64; 2],
    /// The tiles' side over the square root of a unit's ranks
    /// ([`crate::tuning::layout::TILE_OVER_ROOT`]; 0 for colex order, benches' baseline).
    pub(in crate::engine::half_board) tile_over_root: f64,
    /// The number of units.
    pub units: usize,
    /// Estimated ns on one core of the units (joins and their tables).
    pub cost: f64,
    /// Where a shard's few sets were walked ([`Ranked::narrow`]), each of
    /// its units' own price in [`Ranked::cost`], by unit; empty where the
    /// cost is the units' weights (or descents priced like them).
    pub(in crate::engine::half_board) walked: Vec<(usize, f64)>,
    /// Estimated bytes each further thread adds: its unit's tables and its
    /// scratch.
    pub thread_bytes: usize,
    /// Of those, the unit's tables; and the unit list's.
    pub(in crate::engine::half_board) unit_bytes: usize,
    pub(in crate::engine::half_board) list_bytes: usize,
    /// What a thread may hold in tables, its scratch aside: a unit whose
    /// tables pass it runs in pieces ([`Ranked::count_ranks`]).
    pub(in crate::engine::half_board) table_budget: usize,
}

impl Ranked {
    /// Unit `i`: its pivot, its ranks and its weight.
    pub fn unit(&self, i: usize) -> RankedUnit {
        let p = self.runs.partition_point(|r| r.first <= i) - 1;
        let run = &self.runs[p];
        let j = (i - run.first) as u64;
        let ranks = run.cut(j)..run.cut(j + 1);
        let weight = run.price * (ranks.end - ranks.start) as f64 / run.ranks as f64;
        RankedUnit {
            pivot: p,
            ranks,
            weight,
        }
    }

    /// What identifies the unit list, in order (for fingerprints): in
    /// tiles, the order's revision and side factor; then per pivot its
    /// units and ranks (each unit's ranges and its tiles follow from them).
    pub fn unit_keys(&self) -> impl Iterator<Item = u64> + '_ {
        let tiled = self.tile_over_root > 0.0;
        let order = tiled.then_some([TILED_ORDER, self.tile_over_root.to_bits()]);
        order
            .into_iter()
            .flatten()
            .chain(self.runs.iter().flat_map(|r| [r.units, r.ranks]))
    }
}
