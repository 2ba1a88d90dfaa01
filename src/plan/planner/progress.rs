//! The long case being searched, posted for a watcher thread that reports
//! its progress on stderr.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::plan::calibration::CostClass;
pub use crate::tuning::planner::PROGRESS_NS;

/// How far the long case being searched is, for a progress report: shared
/// with a watcher thread (see
/// [`crate::plan::planner::Planner::progress_to`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CaseProgress {
    /// The case number (1-based, counted over the whole run).
    pub case: u64,
    /// The board side.
    pub n: usize,
    /// The method's name.
    pub method: String,
    /// The estimated (wall) time on the threads, ns, at the reference
    /// machine's speed.
    pub estimate: f64,
    /// The cost class that estimate is priced at (to scale it to the run's
    /// speed, [`crate::plan::calibration::Speed`]).
    pub cost_class: CostClass,
    /// Its work done, of `units`: its units' weights (their estimated
    /// cost where the method knows it, the join's; else one each), so
    /// that a heavy first unit does not speak for the light rest.
    pub done: u64,
    /// Its work, in the same units.
    pub units: u64,
    /// Since when its units run.
    pub started: Instant,
}

/// Where the planner posts the long case it is searching (none when it
/// searches no long case).
pub type ProgressBoard = Arc<Mutex<Option<CaseProgress>>>;

/// The board's lock, even if a watcher panicked while holding it.
pub(super) fn lock(board: &ProgressBoard) -> MutexGuard<'_, Option<CaseProgress>> {
    board
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
