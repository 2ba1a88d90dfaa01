//! A prepared join: its [`Layout`] and the quarter tables of the part being
//! counted, built when a unit of that part first runs.
//!
//! The rooms: this file holds a prepared join (listed, ranked or credited)
//! and answers what it is; `running` runs its units on their tables. It is
//! planned (`PreparedJoin::new`, `credited`, `narrow`) and says what it will
//! cost in time and memory in [`crate::engine::half_board::price`].
//!
//! # Constraints
//! Units of a prepared join with several parts should run part by part (as they are
//! listed): a thread that needs another part waits until no unit of the
//! current one is running, so that one part's tables are in memory at a
//! time.
//!
//! # Complexity
//! A part's tables cost two walks of every quarter placement; a unit costs
//! its tasks' joins ([`crate::engine::half_board::matching`]).

mod running;

use std::sync::{Arc, Condvar, Mutex};

use crate::engine::half_board::images::{Images, IMAGES};
use crate::engine::half_board::layout::{Layout, MinN};
use crate::engine::half_board::quarters::{Quarter, Visited};
use crate::engine::half_board::ranked::Ranked;
use crate::engine::half_board::tally::Tally;

/// A prepared count: the layout, and the tables of one part at a time;
/// or ranked units, each building its own tables.
pub struct PreparedJoin {
    pub(in crate::engine::half_board) work: Work,
    /// A credited join's images (see [`PreparedJoin::credited`]).
    pub(in crate::engine::half_board) images: Option<Images>,
    held: Mutex<Held>,
    released: Condvar,
    /// What the units run so far took (see [`PreparedJoin::tally`]).
    tally: Mutex<Tally>,
}

/// How the work is planned.
pub(in crate::engine::half_board) enum Work {
    /// Every task listed, in parts that share tables (up to `MAX_N`).
    Listed(Layout),
    /// Units named by rank ranges (past `MAX_N`).
    Ranked(Ranked),
}

/// The part whose tables are in memory, and the placements planning's
/// walk kept until the first build reads them.
struct Held {
    part: usize,
    tables: Option<Arc<[Quarter; 4]>>,
    visited: [Option<Visited>; 4],
}

impl std::fmt::Debug for PreparedJoin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "half_board::PreparedJoin(n={}, units={}, parts={})",
            self.n(),
            self.units(),
            self.parts()
        )
    }
}

impl PreparedJoin {
    /// The join whose layout [`PreparedJoin::saved`] wrote for the board `free` of side `n`
    /// (planned with the default modes), without planning it again.
    /// `None` when the bytes are not such a layout's (see
    /// [`Layout::from_saved`]).
    pub fn from_saved(n: usize, free: &[u64], bytes: &[u8]) -> Option<PreparedJoin> {
        let layout = Layout::from_saved(n, free, MinN::default(), bytes)?;
        Some(PreparedJoin::of(Work::Listed(layout)))
    }

    /// The same join again, whole and without tables (what a second
    /// [`PreparedJoin::within`] would give, without planning again): listed units
    /// read back from [`PreparedJoin::saved`]'s bytes, ranked ones copied. A range
    /// of shards plans once and narrows a copy per shard. `None` for a
    /// join already narrowed or credited, which no shard copies.
    pub fn again(&self) -> Option<PreparedJoin> {
        if self.images.is_some() {
            return None;
        }
        match &self.work {
            Work::Listed(layout) => {
                PreparedJoin::from_saved(self.n(), &layout.free, &layout.saved())
            }
            Work::Ranked(ranked) => Some(PreparedJoin::of(Work::Ranked(ranked.clone()))),
        }
    }

    /// What planning found, as bytes for [`PreparedJoin::from_saved`]: for listed
    /// units only (`None` for ranked ones, which plan from samples in about
    /// a second). Call it before [`PreparedJoin::narrow`]: a narrowed join's
    /// bytes are the narrowed layout's.
    pub fn saved(&self) -> Option<Vec<u8>> {
        match &self.work {
            Work::Listed(layout) => Some(layout.saved()),
            Work::Ranked(_) => None,
        }
    }

    /// Whether the units sum credits ([`PreparedJoin::credited`]).
    pub fn is_credited(&self) -> bool {
        self.images.is_some()
    }

    /// The count of a credited join's board from the sum of its units'
    /// results: the sum over [`IMAGES`], exact.
    ///
    /// # Panics
    /// When the sum is not a multiple of [`IMAGES`] (a fault of the join).
    pub fn credited_count(sum: u128) -> u128 {
        let images = u128::from(IMAGES);
        assert!(
            sum % images == 0,
            "a credited join summed {sum}, not a multiple of {images}"
        );
        sum / images
    }

    pub(in crate::engine::half_board) fn of(mut work: Work) -> PreparedJoin {
        let visited = match &mut work {
            Work::Listed(layout) => std::mem::take(&mut layout.visited),
            Work::Ranked(_) => Default::default(),
        };
        PreparedJoin {
            work,
            images: None,
            held: Mutex::new(Held {
                part: 0,
                tables: None,
                visited,
            }),
            released: Condvar::new(),
            tally: Mutex::new(Tally::default()),
        }
    }

    /// Sieve buckets of `bottoms` bottoms on average instead of
    /// [`crate::engine::half_board::sieve::BUCKET_BOTTOMS`]: tests cut small
    /// boards into many buckets with it (`usize::MAX`: no cut).
    #[doc(hidden)]
    pub fn sieve_buckets_of(&mut self, bottoms: usize) {
        match &mut self.work {
            Work::Listed(layout) => layout.shape.bucket_bottoms = bottoms,
            Work::Ranked(ranked) => ranked.geo.shape.bucket_bottoms = bottoms,
        }
    }

    /// Joins a bucket at most `slice` words at a time and lists at most
    /// `batch` tops at a time (see `matching`'s buckets): tests make both
    /// small, so that small boards run every path of the join.
    #[doc(hidden)]
    pub fn join_in_pieces(&mut self, slice: usize, batch: usize) {
        let shape = match &mut self.work {
            Work::Listed(layout) => &mut layout.shape,
            Work::Ranked(ranked) => &mut ranked.geo.shape,
        };
        shape.slice = slice.max(1);
        shape.batch = Some(batch.max(1));
    }

    /// Joins every batch of tops in `groups` groups of rest diagonals (4,
    /// 6 or 8; any other number joins in 8) instead of each batch's
    /// cheaper: tests run every join on every board.
    #[doc(hidden)]
    pub fn join_in_groups(&mut self, groups: usize) {
        let shape = match &mut self.work {
            Work::Listed(layout) => &mut layout.shape,
            Work::Ranked(ranked) => &mut ranked.geo.shape,
        };
        shape.groups = Some(groups);
    }

    /// The bottoms a task joins at a time: each chunk past its first lists
    /// its tops again (see the layout's memory).
    pub fn chunk(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => layout.shape.chunk,
            Work::Ranked(ranked) => ranked.geo.shape.chunk,
        }
    }

    /// Board size.
    pub fn n(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => layout.shape.n,
            Work::Ranked(ranked) => ranked.geo.shape.n,
        }
    }

    /// The symmetries the work list folds (see
    /// [`crate::engine::half_board::column_sets::Symmetric::fold`]).
    pub fn fold(&self) -> &'static str {
        match &self.work {
            Work::Listed(layout) => layout.sym.fold(),
            Work::Ranked(ranked) => ranked.geo.sym.fold(),
        }
    }

    /// For ranked units: their ranks in tiles of `factor` times the square
    /// root of a unit's ranks, or colex order for 0 (see
    /// [`crate::engine::half_board::ranked::Ranked::order`]; benches'
    /// baselines). Nothing for listed units.
    #[doc(hidden)]
    pub fn set_tile_over_root(&mut self, factor: f64) {
        if let Work::Ranked(ranked) = &mut self.work {
            ranked.set_tile_over_root(factor);
        }
    }

    /// Whether the units are ranked (each building its own tables) rather
    /// than listed in parts.
    pub fn is_ranked(&self) -> bool {
        matches!(self.work, Work::Ranked(_))
    }

    /// Number of tasks (column sets with their pivot) the units join, all
    /// parts; `None` for ranked units, which are not listed.
    pub fn tasks(&self) -> Option<usize> {
        match &self.work {
            Work::Listed(layout) => Some(layout.tasks.len()),
            Work::Ranked(_) => None,
        }
    }

    /// Number of independent work units.
    pub fn units(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => layout.units.len(),
            Work::Ranked(ranked) => ranked.units,
        }
    }

    /// Number of parts (table sets built one after another; ranked units
    /// each build their own, and count as one part).
    pub fn parts(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => layout.parts.len(),
            Work::Ranked(_) => 1,
        }
    }

    /// What identifies the unit list, in order: per listed unit its number
    /// of column sets, then each set with its pivot; per ranked unit its
    /// pivot and ranks, after a marker (for fingerprints).
    pub fn unit_keys(&self) -> Box<dyn Iterator<Item = u64> + '_> {
        // A credited join's units are its images' as well.
        let n = std::iter::once(self.n() as u64).chain(
            self.images
                .iter()
                .flat_map(|images| images.keys())
                .chain(self.images.as_ref().map(|_| u64::from(b'c'))),
        );
        match &self.work {
            Work::Listed(layout) => Box::new(n.chain(layout.units.iter().flat_map(move |unit| {
                std::iter::once(unit.tasks.len() as u64).chain(
                    layout.tasks[unit.tasks.clone()]
                        .iter()
                        .map(|t| u64::from(t.s) | u64::from(t.pivot) << 32),
                )
            }))),
            Work::Ranked(ranked) => Box::new(
                n.chain(std::iter::once(u64::from(b'r')))
                    .chain(ranked.unit_keys()),
            ),
        }
    }
}
