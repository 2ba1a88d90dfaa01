//! The counts of a blank board, or of a share of its work units.
//!
//! A share carries its part of the total and of *Burnside's sum*: over the
//! 8 symmetries of the square, the solutions each one fixes. That sum is 8
//! times the number of solutions unique up to symmetry (Burnside's lemma),
//! so both parts add up over units, shards and checkpoints, and a whole
//! count's sum that is not a multiple of 8 betrays damaged records.
//!
//! A count's units report as they end through a [`Watch`], whichever
//! engine counts them.

use std::sync::atomic::{AtomicU64, Ordering};

/// A share of the counts of a blank board: adds up over disjoint shares.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct Counts {
    /// Solutions (OEIS A000170).
    pub total: u128,
    /// Burnside's sum (see the module doc): 8 times the unique solutions;
    /// zero when unique counts were not asked for.
    pub burnside: u128,
}

impl Counts {
    /// The solutions unique up to rotation and reflection (OEIS A002562),
    /// for a whole count.
    pub fn unique(&self) -> u128 {
        self.burnside / 8
    }
}

/// Who watches a count's units end: `finished(i, counts)` is called for
/// the `i`-th unit counted, on the worker thread, once per unit, in no
/// particular order (for checkpoints); then `done` grows by its weight
/// (for progress).
#[derive(Clone, Copy)]
pub struct Watch<'a> {
    /// The work done so far, in the units' weights.
    pub done: &'a AtomicU64,
    /// Called as each unit ends, before `done` grows.
    pub finished: &'a (dyn Fn(usize, Counts) + Sync),
}

impl<'a> Watch<'a> {
    /// Watching the work done only.
    pub fn done(done: &'a AtomicU64) -> Watch<'a> {
        fn ignore(_: usize, _: Counts) {}
        Watch {
            done,
            finished: &ignore,
        }
    }

    /// The `i`-th unit ended with `counts`, `weight` of the work.
    pub fn ended(&self, i: usize, counts: Counts, weight: u64) {
        (self.finished)(i, counts);
        self.done.fetch_add(weight, Ordering::Relaxed);
    }
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, other: Counts) -> Counts {
        Counts {
            total: self.total + other.total,
            burnside: self.burnside + other.burnside,
        }
    }
}
