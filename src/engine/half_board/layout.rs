//! A join laid out before anything large is allocated (what messages call
//! planning it; the planner of `crate::plan` is another thing): the
//! column-set tasks, the *parts* that bound the memory, the work units and
//! what the price found for them.
//!
//! A part is a set of tasks whose quarter tables are built together. Most
//! boards are one part. When the tables of the whole board would not fit
//! the memory limit (blank n >= 21), tasks are split by pivot and by a hash
//! of the left and right column sets of the top half into `K x K` blocks:
//! a part then needs only the quarter buckets of its own column sets (the
//! top quarters' `S` and the bottom quarters' complements), about `1/K` of
//! each quarter. `K` is the smallest that brings the largest part within the
//! limit, computed from the bucket sizes alone. Units never straddle parts,
//! and they are listed part by part.
//!
//! # Constraints
//! `1 <= n <= MAX_N` (24): bucket tables of `2^(n/2 + n/2)` entries per
//! quarter must stay well within the limit.
//!
//! # Complexity
//! One counting walk per quarter, then every `h`-subset of the available
//! columns per pivot with `O(C(h, k))` bucket look-ups for the canonical
//! ones: about `C(n, n/2) * 2^(n/2) / 4` steps on blank boards.
//!
//! # Rooms
//! This file holds the layout ([`Layout`]) and its units ([`Unit`]); its
//! rooms, none of which imports it:
//! - `geometry`: what every layout of a board starts from (`Geometry`) and
//!   the sides each folding mode runs from ([`MinN`]);
//! - `buckets`: the counting walk, every quarter's bucket counts (some
//!   read off others' walks where the board's mirror or flip allows);
//! - `parts`: the parts that bound the memory ([`Part`], [`tables_bytes`])
//!   and the `K x K` split;
//! - `floor`: the fewest tasks a board can list, counted without listing;
//! - `kept`: a layout keeping only some units' tables (a shard's);
//! - `saved`: a layout as bytes and back ([`Layout::saved`]), for shards
//!   that share one layout.
//!
//! What a layout costs, and the choices made from it (the parts under a
//! memory limit, the chunk, the units cut to equal prices), are the price's:
//! [`crate::engine::half_board::price::layout`] lays a board out
//! (`Layout::new`) and prices it from samples (`Layout::price`).

mod buckets;
mod floor;
mod geometry;
mod kept;
mod parts;
mod saved;

pub(in crate::engine::half_board) use buckets::{Buckets, Images};
pub use floor::{tasks_floor, FLOOR_TO};
pub(in crate::engine::half_board) use geometry::Geometry;
pub use geometry::{
    symmetries, MinN, CROSS_MIN_N, DIAG_MIN_N, MAX_N, PAIR_MIN_N, PAIR_TRANSPOSE_MIN_N, PRICED_TO,
};
pub(in crate::engine::half_board) use parts::{split, MAX_SPLIT};
pub use parts::{tables_bytes, Part, Stored};

use std::ops::Range;

use crate::engine::half_board::column_sets::{Pivot, Symmetric, Task};
use crate::engine::half_board::matching::Shape;
use crate::engine::half_board::quarters::{QuarterShape, Visited};

/// A join laid out: everything but the quarter tables.
pub struct Layout {
    pub shape: Shape,
    /// The symmetries the work list folds.
    pub sym: Symmetric,
    pub free: Vec<u64>,
    pub quarter_shapes: [QuarterShape; 4],
    pub pivots: Vec<Pivot>,
    /// Tasks, part by part.
    pub tasks: Vec<Task>,
    pub parts: Vec<Part>,
    pub units: Vec<Unit>,
    /// Estimated ns on one core, all of it (planning, tables, joins).
    pub cost: f64,
    /// Of which laying it out (every process that runs a part of the layout,
    /// a shard's included, lays it out whole first).
    pub layout_ns: f64,
    /// Estimated bytes while planning, and while running on one thread.
    pub layout_bytes: usize,
    pub running_bytes: usize,
    /// Estimated scratch bytes per further thread.
    pub scratch_bytes: usize,
    /// Placements per column set of each quarter, and per quarter all the
    /// placements a whole walk visits (for pricing narrowed parts).
    pub mass: Vec<Vec<u64>>,
    pub walked: [u64; 4],
    /// Bytes of the task list.
    pub task_bytes: usize,
    /// The quarters' placements planning's walk kept, for the first build
    /// (see [`crate::engine::half_board::quarters::Quarter::build_with`]);
    /// none in a layout read back or narrowed.
    pub visited: [Option<Visited>; 4],
}

/// One work unit: consecutive tasks of one part.
#[derive(Clone, Debug)]
pub struct Unit {
    pub part: usize,
    pub tasks: Range<usize>,
    pub weight: f64,
}
