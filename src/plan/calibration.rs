//! Estimates fitted to the machine they run on: a short probe of the
//! kernels the quotes price, measured once per process, scales the cost
//! model's nanoseconds (which were fitted on another machine) by how fast
//! this one runs the same work.
//!
//! Each kernel gets a small fixed workload, timed on the calling thread's
//! CPU clock ([`crate::engine::cpu::thread_precise`], so a thread waiting
//! for a core adds nothing):
//! - the half-board join, odd and even boards apart (an odd board's middle
//!   row makes its halves unequal, and the model's error differs: measured
//!   here real / model about 2.0 at n = 17, 19 and a shard of 21, 1.5 at
//!   n = 16 and 18): the blank counts of n = 13 and n = 14 through the
//!   join, planning included;
//! - the searches (the kernel's nodes, which the constellations, the
//!   searches' lanes and the other methods' quotes are priced from): the
//!   plain search of the blank 12 x 12 board.
//!
//! A kernel's factor is its probe's CPU time over [`REFERENCE_NS`], the
//! time the probe takes on a machine the model prices right (measured on
//! the machine the factors were last checked on, divided by how far that
//! machine's real runs were from the model there), clamped to
//! `1/`[`MAX_FACTOR`]`..=`[`MAX_FACTOR`]. The probes take about 130 ms of
//! CPU (each run twice, the least kept), once, and only when a quote is about to be shown or to decide
//! something ([`get`] is lazy); the factors steer no method's choice,
//! which stays the reference model's, so the same input is planned the
//! same way on every machine.
//!
//! Quotes assume free cores: the CPU time is what the work takes; on a
//! busy machine the wall time on the threads is longer by the wait for a
//! core (the probe is timed on CPU, so a busy machine's slower caches are
//! in it, its queue is not).
//!
//! [`VARIABLE`] pins the factors instead (the tests set it to 1 so that
//! estimates print the same on any machine).

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

/// The kernels priced apart.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kernel {
    /// The half-board join of a board of even side.
    JoinEven,
    /// The half-board join of a board of odd side.
    JoinOdd,
    /// The searches: the kernel's nodes, in lanes or not, and the methods
    /// priced from them.
    Search,
}

impl Kernel {
    /// The join's kernel for side `n`.
    pub fn join(n: usize) -> Kernel {
        if n % 2 == 0 {
            Kernel::JoinEven
        } else {
            Kernel::JoinOdd
        }
    }

    fn index(self) -> usize {
        match self {
            Kernel::JoinEven => 0,
            Kernel::JoinOdd => 1,
            Kernel::Search => 2,
        }
    }
}

/// The probes' CPU time, ns, on a machine the model prices right, per
/// [`Kernel`] (in its order). Measured on the development machine (a
/// shared 2-vCPU VM, load 3-7) with the release build, the least of
/// [`RUNS`]: join n = 14 about 36.5 ms, n = 13 about 25.7 ms, blank 12
/// search about 8.0 ms; that machine's
/// real one-thread runs were then 1.45x the model at even n (16, 18),
/// 1.95x at odd n (17, 19, `count 21 --shard 1/128`) and 1.55x for the
/// constellations (n = 15, 16).
pub const REFERENCE_NS: [f64; 3] = [36.5e6 / 1.45, 25.7e6 / 1.95, 8.0e6 / 1.55];

/// Where the factors came from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Source {
    /// [`VARIABLE`] set them.
    Pinned,
    /// The probes on this machine.
    Measured,
    /// The system has no thread CPU clock: the reference model as it is.
    Unmeasured,
}

/// The factors the model's nanoseconds are scaled by, per [`Kernel`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Calibration {
    pub factors: [f64; 3],
    pub source: Source,
}

impl Calibration {
    /// Every factor `x`.
    pub fn pinned(x: f64) -> Calibration {
        Calibration {
            factors: [x; 3],
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
    pub fn from_probes(probes: [f64; 3]) -> Calibration {
        let mut factors = [1.0; 3];
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

/// This process's calibration: pinned by [`VARIABLE`], or the probes,
/// measured the first time it is asked for.
pub fn get() -> Calibration {
    static CALIBRATION: OnceLock<Calibration> = OnceLock::new();
    *CALIBRATION
        .get_or_init(|| pinned_by(std::env::var(VARIABLE).ok().as_deref()).unwrap_or_else(measure))
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
    match probes() {
        Some(probes) => Calibration::from_probes(probes),
        None => Calibration {
            factors: [1.0; 3],
            source: Source::Unmeasured,
        },
    }
}

/// Each probe's workload runs this many times, its least time kept: a
/// moment on a busy core (a neighbour's burst in the shared caches) only
/// ever adds time.
pub const RUNS: usize = 2;

/// The probes' CPU times, ns, per [`Kernel`]: each workload's least of
/// [`RUNS`] runs.
pub fn probes() -> Option<[f64; 3]> {
    let join = |n: usize| {
        least(|| {
            let rows = vec![full_row(n); n];
            let Some(prepared) = Prepared::of_board(&rows, Budget::new(256 << 20, 1)) else {
                return 0;
            };
            let join = prepared.build();
            (0..join.units()).map(|unit| join.count(unit).total).sum()
        })
    };
    let even = join(14)?;
    let odd = join(13)?;
    let search = least(|| Problem::new(&Board::blank(12)).count())?;
    Some([even, odd, search])
}

/// The least CPU time of [`RUNS`] runs of `work` on this thread, ns.
fn least<T>(work: impl Fn() -> T) -> Option<f64> {
    let mut best = f64::INFINITY;
    for _ in 0..RUNS {
        best = best.min(cpu_ns(&work)?);
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
        for kernel in [Kernel::JoinEven, Kernel::JoinOdd, Kernel::Search] {
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
