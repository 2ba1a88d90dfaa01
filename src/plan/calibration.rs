//! Estimates fitted to the machine they run on: a short probe of the
//! kernels the quotes price, measured once per machine and build and kept
//! in the user's cache ([`cache`]), scales the cost model's nanoseconds
//! (which were fitted on another machine) by how fast this one runs the
//! same work.
//!
//! Each kernel gets a small fixed workload, timed on the calling thread's
//! CPU clock ([`crate::engine::cpu::thread_precise`], so a thread waiting
//! for a core adds nothing):
//! - the half-board join of blank boards, odd and even boards apart (an
//!   odd board's middle row makes its halves unequal, and the model's
//!   error differs: see [`REFERENCE_NS`]): the blank counts of n = 13 and
//!   n = 14 through the join, planning included;
//! - the join of a board with blocked cells (the judge's boards): the
//!   blank boards' joins fold the board's symmetries, which blocked cells
//!   take away, and the model prices the unfolded join a little low (real /
//!   model about 1.24 at n = 16..=18, 1.1 at even n, 1.45 at odd): the
//!   14 x 14 board with one blocked cell;
//! - the searches (the kernel's nodes, which the constellations, the
//!   searches' lanes and the other methods' quotes are priced from): the
//!   plain search of the blank 12 x 12 board.
//!
//! A kernel's factor is its probe's CPU time over [`REFERENCE_NS`], the
//! time the probe takes on a machine the model prices right (measured on
//! the machine the factors were last checked on, divided by how far that
//! machine's real runs were from the model there), clamped to
//! `1/`[`MAX_FACTOR`]`..=`[`MAX_FACTOR`]. The probes take about 0.5 s of
//! CPU ([`ROUNDS`] rounds, the least time of each kernel kept), and run
//! only when a quote is about to be shown or to decide something ([`get`]
//! is lazy) and no earlier process of the same build on the same CPU kept
//! its probes ([`cache`]); the factors steer no method's choice, which
//! stays the reference model's, so the same input is planned the same way
//! on every machine.
//!
//! Why kept: on a shared VM the speed a short probe sees comes and goes
//! with the other tenants' load (measured here: the joins' probes in two
//! states 1.5x apart, each lasting seconds to minutes; the least of a few
//! rounds does not escape a state that lasts), so consecutive processes
//! that each probed printed different quotes for the same input (0.92x,
//! then 1.28x the reference). Kept, the factors are the same from one
//! process to the next; [`REFERENCE_NS`] is set from the median of a
//! sitting's probes, so that a probe kept from either state prices within
//! about 1.5x.
//!
//! Quotes assume free cores: the CPU time is what the work takes; on a
//! busy machine the wall time on the threads is longer by the wait for a
//! core (the probe is timed on CPU, so a busy machine's slower caches are
//! in it, its queue is not).
//!
//! [`VARIABLE`] pins the factors instead (the tests set it to 1 so that
//! estimates print the same on any machine).

pub mod cache;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use crate::base::board::{full_row, Board};
use crate::base::problem::Problem;
use crate::engine::budget::Budget;
use crate::engine::counter::join::Prepared;
use crate::engine::counter::UnitCounter;
use crate::engine::cpu;

/// The environment variable that pins the factors: a positive number (`1`:
/// the reference model as it is, no probe); anything else is ignored.
pub const VARIABLE: &str = "NQUEENS_CALIBRATION";

/// No factor is taken beyond this (or below its inverse): a probe that a
/// preempted or throttled moment spoiled cannot make a quote absurd.
pub const MAX_FACTOR: f64 = 4.0;

pub use crate::engine::pricing::{Kernel, KERNELS};

/// The probes' CPU time, ns, on a machine the model prices right, per
/// [`Kernel`] (in its order): the development machine's probe (a shared
/// 2-vCPU VM, release build) over how far that machine's real one-thread
/// runs were from the model.
///
/// That VM's probes come in two states that last seconds to minutes (the
/// other tenants' load; see the module docs), 1.5x apart for the joins,
/// while its long runs change little: each reference is set from the
/// median of the probes taken in the sitting that measured its runs
/// (benches/NOTES.md, "The cost model refitted").
/// - join, even and odd: the join's constants were fitted to that
///   machine's blank units (N = 13..=23, odd and even together) and scaled
///   to the reference by the even probe (median 27.4 ms over 21.4 ms, the
///   even reference, kept from the model before: 30 ms over the 1.40 the
///   real runs were above it then); the odd probe's median was 19.2 ms in
///   the same sitting, so its reference is 19.2 / 1.28 = 15.0 ms;
/// - join of a board with blocked cells: probe median 90 ms; the real runs
///   1.24x the model (geometric mean of 7 boards, n = 16..=18 with 4..=10
///   blocked cells; 1.09x to 1.50x, odd n the higher): 72.6 ms. Since the
///   half-board method prices such a join's tasks too (`NS_BOARD_TASK` in
///   `plan/method/half_board.rs`), 92 ms: the probe's two states that
///   sitting were 78-80 ms and 123-131 ms, and in minutes of the fast one
///   the joins of six boards (n = 15..=17, 1..=12 blocked cells) ran
///   0.75-1.13x the model with the tasks (geometric mean 0.85), 78 / 0.85
///   (benches/NOTES.md, "Quotes: the last two boards");
/// - searches: probe 8.0 ms, the constellations' real runs 1.55x the model
///   (n = 15, 16); then 1.1x that: in three sittings the searches' runs
///   (41 runs of plain, ordered, most-constrained and scan on the quotes
///   bench's boards) took 0.69-0.82, 0.67-1.01 and 0.69-1.29 of their
///   quotes, the scans the lowest (0.63), the probe reading 1.45-1.67.
///
/// The join's three were then scaled by what the bucket-by-bucket join
/// (`matching`'s buckets) made of their probes: the `nqueens` binaries of
/// both (release profile) alternated three times, each writing its
/// probes to the cache (benches/NOTES.md, "The join by buckets"): even
/// 13.75 ms against 20.76 (0.662), odd 10.63 against 15.1 (0.704), the
/// board with a blocked cell 43.8 against 69.8 (0.627). So a machine's
/// factor is what it was (0.97 even, 1.01 odd on the machine that fitted
/// the join's constants on the new kernel, at 1.00).
///
/// And again for the kernel of n = 15's sparse boards (one walk per
/// quarter, the tops and bottoms without branches: 1df4862 -> ccbd08c),
/// which made the blank probes of 13 and 14 far faster than the joins the
/// constants of 20..28 price (a shard of 25 or 26 ran 1.0-1.1x, the probes
/// 0.77x even and 0.68x odd, eight alternated pairs of runs; benches/NOTES.md,
/// "The probes after the sparse boards of 15"): without this, `count 28
/// --shard` was quoted 37 min where it had been 52 and runs 54.
pub const REFERENCE_NS: [f64; KERNELS] = [
    30.0e6 / 1.40 * 0.662 * 0.77,
    15.0e6 * 0.704 * 0.68,
    92.0e6 * 0.627,
    8.0e6 / 1.55 * 1.1,
];

/// Where the factors came from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Source {
    /// [`VARIABLE`] set them.
    Pinned,
    /// The probes on this machine: measured now, or kept by an earlier
    /// process of the same build ([`cache`]).
    Measured,
    /// The system has no thread CPU clock: the reference model as it is.
    Unmeasured,
}

/// The factors the model's nanoseconds are scaled by, per [`Kernel`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Calibration {
    pub factors: [f64; KERNELS],
    pub source: Source,
}

impl Calibration {
    /// Every factor `x`.
    pub fn pinned(x: f64) -> Calibration {
        Calibration {
            factors: [x; KERNELS],
            source: Source::Pinned,
        }
    }

    /// The factors from the probes' CPU times `probes` (ns, per kernel).
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, Kernel, REFERENCE_NS};
    /// let twice = REFERENCE_NS.map(|ns| 2.0 * ns);
    /// assert_eq!(Calibration::from_probes(twice).factor(Kernel::Search), 2.0);
    /// let absurd = REFERENCE_NS.map(|ns| 100.0 * ns);
    /// assert_eq!(Calibration::from_probes(absurd).factor(Kernel::JoinOdd), 4.0);
    /// ```
    pub fn from_probes(probes: [f64; KERNELS]) -> Calibration {
        let mut factors = [1.0; KERNELS];
        for (factor, (probe, reference)) in factors.iter_mut().zip(probes.iter().zip(REFERENCE_NS))
        {
            *factor = (probe / reference).clamp(1.0 / MAX_FACTOR, MAX_FACTOR);
        }
        Calibration {
            factors,
            source: Source::Measured,
        }
    }

    /// The factor of `kernel`.
    pub fn factor(&self, kernel: Kernel) -> f64 {
        self.factors[kernel.index()]
    }

    /// The speed an estimate of `kernel` is priced at, in words: this
    /// machine's as the probes measured it, or the one [`VARIABLE`] pins
    /// (each with its factor), or the reference machine's.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, Kernel};
    /// assert_eq!(
    ///     Calibration::pinned(1.0).words(Kernel::Search),
    ///     "the speed NQUEENS_CALIBRATION pins (1.00x the reference)"
    /// );
    /// ```
    pub fn words(&self, kernel: Kernel) -> String {
        let factor = self.factor(kernel);
        match self.source {
            Source::Measured => format!("this machine's speed ({factor:.2}x the reference)"),
            Source::Pinned => format!("the speed {VARIABLE} pins ({factor:.2}x the reference)"),
            Source::Unmeasured => "the reference machine's speed".to_string(),
        }
    }
}

/// The calibration pinned by `value` (of [`VARIABLE`]), if it pins one.
///
/// ```
/// use nqueens::plan::calibration::{pinned_by, Calibration};
/// assert_eq!(pinned_by(Some("1")), Some(Calibration::pinned(1.0)));
/// assert_eq!(pinned_by(Some("1.5")), Some(Calibration::pinned(1.5)));
/// assert_eq!(pinned_by(Some("fast")), None);
/// assert_eq!(pinned_by(Some("0")), None);
/// assert_eq!(pinned_by(None), None);
/// ```
pub fn pinned_by(value: Option<&str>) -> Option<Calibration> {
    let x: f64 = value?.trim().parse().ok()?;
    (x.is_finite() && x > 0.0).then(|| Calibration::pinned(x))
}

/// Whether this process keeps its probes in the user's cache
/// ([`keep_probes`]).
static KEEP: AtomicBool = AtomicBool::new(false);

/// Lets this process read its probes from the user's cache and keep them
/// there ([`cache`]). The `nqueens` binary calls it first thing; without
/// it (the library's tests and doctests, the benches, another program
/// using the library) the probes are measured in the process and no file
/// of the user's is read or written.
pub fn keep_probes() {
    KEEP.store(true, Ordering::Relaxed);
}

/// This process's calibration, made the first time it is asked for:
/// pinned by [`VARIABLE`]; else, when the process keeps its probes
/// ([`keep_probes`]), the probes kept in the user's cache
/// ([`cache::path`]) for this build on this CPU; else the probes,
/// measured now (and kept there for the next process, if it keeps them).
pub fn get() -> Calibration {
    static CALIBRATION: OnceLock<Calibration> = OnceLock::new();
    *CALIBRATION.get_or_init(|| {
        pinned_by(std::env::var(VARIABLE).ok().as_deref()).unwrap_or_else(|| {
            let path = KEEP.load(Ordering::Relaxed).then(cache::path).flatten();
            kept_or_measured(path.as_deref())
        })
    })
}

/// The calibration from the probes kept at `path` for this build on this
/// CPU ([`cache::Key::here`]), or else from the probes run now, then kept
/// at `path`. Nothing at `path` (or `None`), a file of another build or
/// CPU, or one that does not read, means measuring; a file that cannot
/// be written is no error (the next process measures again).
pub fn kept_or_measured(path: Option<&Path>) -> Calibration {
    let key = path.and_then(|_| cache::Key::here());
    let kept = path.zip(key.as_ref());
    if let Some(probes) = kept.and_then(|(path, key)| cache::read(path, key)) {
        return Calibration::from_probes(probes);
    }
    let Some(probes) = probes() else {
        return unmeasured();
    };
    if let Some((path, key)) = kept {
        cache::write(path, key, probes);
    }
    Calibration::from_probes(probes)
}

/// The reference model as it is, where nothing can be measured.
fn unmeasured() -> Calibration {
    Calibration {
        factors: [1.0; KERNELS],
        source: Source::Unmeasured,
    }
}

/// `ns` of the model's, for `kernel`, at this machine's speed.
pub fn scale(ns: f64, kernel: Kernel) -> f64 {
    ns * get().factor(kernel)
}

/// Whether the model's `ns` for `kernel`, at this machine's speed, is
/// above `limit_ns`; the probes run only when the answer depends on them.
pub fn above(ns: f64, kernel: Kernel, limit_ns: f64) -> bool {
    if ns * MAX_FACTOR <= limit_ns {
        return false;
    }
    if ns / MAX_FACTOR > limit_ns {
        return true;
    }
    scale(ns, kernel) > limit_ns
}

/// The probes run now on this thread: factors from their CPU times, or
/// the reference model where the system has no thread clock.
pub fn measure() -> Calibration {
    probes().map_or_else(unmeasured, Calibration::from_probes)
}

/// The probes run this many rounds, each round every workload once (so a
/// moment on a busy core spoils one workload's time, not all of its
/// runs), and each workload's least time is kept: a neighbour's burst in
/// the shared caches, a page fault of the first run's tables, only ever
/// add time.
pub const ROUNDS: usize = 3;

/// The probes' CPU times, ns, per [`Kernel`]: each workload's least of
/// [`ROUNDS`] runs.
pub fn probes() -> Option<[f64; KERNELS]> {
    let join = |n: usize, blocked: Option<(usize, usize)>| {
        move || -> u128 {
            let mut rows = vec![full_row(n); n];
            if let Some((row, col)) = blocked {
                rows[row] &= !(1 << col);
            }
            let Some(prepared) = Prepared::of_board(&rows, Budget::new(256 << 20, 1)) else {
                return 0;
            };
            let join = prepared.build();
            (0..join.units()).map(|unit| join.count(unit).total).sum()
        }
    };
    // The blocked cell breaks every symmetry of the board.
    let (even, odd, board) = (join(14, None), join(13, None), join(14, Some((2, 5))));
    let search = || Problem::new(&Board::blank(12)).count();
    let mut best = [f64::INFINITY; KERNELS];
    for _ in 0..ROUNDS {
        let times = [cpu_ns(even)?, cpu_ns(odd)?, cpu_ns(board)?, cpu_ns(search)?];
        for (best, time) in best.iter_mut().zip(times) {
            *best = best.min(time);
        }
    }
    Some(best)
}

/// The CPU time `work` takes on this thread, ns (its result kept from the
/// optimiser).
fn cpu_ns<T>(work: impl FnOnce() -> T) -> Option<f64> {
    let start = cpu::thread_precise()?;
    std::hint::black_box(work());
    let end = cpu::thread_precise()?;
    Some((end.saturating_sub(start)).as_nanos() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_probes_count_right_and_take_tens_of_milliseconds() {
        let Some(probes) = probes() else {
            return;
        };
        // Not a timing test: only that they ran and were measured.
        assert!(probes.iter().all(|&ns| ns > 0.0), "{probes:?}");
        let calibration = Calibration::from_probes(probes);
        for kernel in Kernel::ALL {
            let factor = calibration.factor(kernel);
            assert!((1.0 / MAX_FACTOR..=MAX_FACTOR).contains(&factor));
        }
    }

    #[test]
    fn above_asks_the_probes_only_when_they_decide() {
        // Far below or far above the limit, whatever the factor.
        assert!(!above(1e9, Kernel::Search, 1e10));
        assert!(above(1e11, Kernel::Search, 1e10));
    }
}
