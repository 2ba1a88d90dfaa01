//! Where a join's memory goes under a limit: to each thread's scratch
//! (larger chunks of bottoms, see [`cost::chunk`]) or to the quarter
//! tables (fewer parts, see `parts`). Both cost time when short: every
//! chunk past a task's first lists its tops again ([`cost::Relist`]), and
//! every part past the first walks every quarter placement twice more.
//! [`cheapest`] tries a few shares of the limit for the scratch and keeps
//! the one whose extra work is least, so a tight `--memory` is priced as
//! it runs and never leaves a thread joining 64 bottoms at a time while a
//! few more parts would do (issue 75: `count 18 --memory 16MiB` on two
//! threads took chunks of 64 and 63 s of CPU; with the tables split
//! further it takes about what one thread does).
//!
//! # Complexity
//! At most [`SHARES`] tries, each the parts' own split (see `parts`);
//! one try where the bottoms of every task fit a chunk and the tables
//! fit whole (every count at the default memory limit to N = 24).

use crate::engine::budget::Budget;
use crate::engine::half_board::price::cost::{self, SCRATCH_BUDGET};
pub(super) use crate::tuning::layout::SHARES;

/// One way to spend the limit: the chunk, each thread's scratch, the
/// parts (as the caller splits them) and the extra work they cause.
pub(super) struct Fit<P> {
    pub(super) chunk: usize,
    pub(super) scratch_bytes: usize,
    pub(super) parts: P,
    /// How many parts.
    pub(super) count: usize,
    /// The ns the chunks past each task's first and the parts past the
    /// first add (relistings and rebuilds).
    pub(super) extra_ns: f64,
}

/// The cheapest [`Fit`] within `budget` for a layout holding `held` bytes
/// (its planning peak) beside its threads' scratch: per share of
/// [`SHARES`], the largest chunk whose scratch fits it
/// ([`cost::chunk`]); `split(fixed)` gives the parts whose largest
/// tables fit beside `fixed` bytes (the task list and every thread's
/// scratch) and how many there are, or `None`; `relist(chunk)` the ns the
/// chunks past each task's first add; `rebuild_ns` what each part past the
/// first adds. `None` where no share fits.
#[allow(clippy::too_many_arguments)]
pub(super) fn cheapest<P>(
    budget: &Budget,
    held: usize,
    (max_bottoms, max_group): (u64, u64),
    ovw: usize,
    task_bytes: usize,
    rebuild_ns: f64,
    relist: &dyn Fn(usize) -> f64,
    split: &mut dyn FnMut(usize) -> Option<(usize, P)>,
) -> Option<Fit<P>> {
    let room = budget.engine_bytes().saturating_sub(held) / budget.threads.max(1);
    let mut best: Option<Fit<P>> = None;
    let mut tried = Vec::new();
    for (num, den) in SHARES {
        let share = SCRATCH_BUDGET
            .min(budget.engine_bytes() / den * num / budget.threads.max(1))
            .min(room);
        let chunk = cost::chunk(max_bottoms, max_group, ovw, share);
        if tried.contains(&chunk) {
            continue;
        }
        tried.push(chunk);
        let scratch_bytes = cost::scratch_bytes(chunk, max_group, ovw);
        if !budget.fits(held, scratch_bytes) {
            continue;
        }
        let Some((count, parts)) = split(task_bytes + scratch_bytes * budget.threads) else {
            continue;
        };
        let extra_ns = relist(chunk) + rebuild_ns * count.saturating_sub(1) as f64;
        if best.as_ref().map_or(true, |b| extra_ns < b.extra_ns) {
            best = Some(Fit {
                chunk,
                scratch_bytes,
                parts,
                count,
                extra_ns,
            });
        }
        if extra_ns == 0.0 {
            break;
        }
    }
    best
}
