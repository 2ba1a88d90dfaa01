//! Estimates fitted to the machine they run on: a short probe of the
//! search kernel, measured once per machine and build and kept in the
//! user's cache ([`cache`]), scales the cost model's nanoseconds (which
//! were fitted on another machine) by how fast this one runs the same
//! work.
//!
//! One probe is timed, on the calling thread's CPU clock
//! ([`crate::engine::cpu::thread_precise`], so a thread waiting for a core
//! adds nothing): the plain search of the blank 12 x 12 board, the
//! kernel's nodes. Every kernel's factor is that probe's CPU time over the
//! kernel's own reference ([`REFERENCE_NS`]): the probe's time on a
//! machine whose runs of that kernel the model prices right. So the
//! searches, the constellations and the methods priced from them, the
//! joins of blank boards (odd and even sides apart: an odd board's middle
//! row makes its halves unequal, and the model's error differs) and the
//! join of boards with blocked cells are all scaled by how fast this
//! machine runs the kernel's nodes, each with the model's error of its
//! own kernel.
//!
//! Why one probe, when the joins have workloads of their own: on a shared
//! VM the joins' short probes come in two states 1.5x apart, each lasting
//! seconds (the other tenants' load; measured: even 9.8 and 15 ms, odd 6.9
//! and 10.5 ms, flipping within a minute), and a probe cannot tell which a
//! run will see; yet the joins' runs of 0.2-3 s took the same CPU in three
//! sittings whose join probes read 0.86 and 1.34 (even), 0.96 and 1.61
//! (odd), while the search's probe read 1.32-1.45 throughout
//! (benches/NOTES.md, "One probe"). A join priced from its own probe was
//! off by the state the probe caught (cpu/quote 0.43-0.70 in a slow
//! sitting, 0.73-1.15 in a fast one); priced from the search's it is the
//! same in both. The cost: a machine whose joins run relatively faster or
//! slower than this one's (a bigger or smaller cache against the same
//! cores) is priced with this machine's ratio between the kernels. The
//! choice between methods compares the kernels' factors
//! (`plan::planner::choice`), and with one probe their ratios are the
//! reference's everywhere (short of the clamp, [`MAX_FACTOR`]): the same
//! input is planned the same way on every machine.
//!
//! The probe takes about 40 ms of CPU ([`ROUNDS`] rounds, the least time
//! kept), and runs only when a quote is about to be shown or to decide
//! something ([`get`] is lazy) and no earlier process of the same build on
//! the same CPU kept it ([`cache`]): kept, the factors are the same from
//! one process to the next.
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

use crate::base::board::Board;
use crate::base::problem::Problem;
use crate::engine::cpu;

/// The environment variable that pins the factors: a positive number (`1`:
/// the reference model as it is, no probe); anything else is ignored.
pub const VARIABLE: &str = "NQUEENS_CALIBRATION";

/// No factor is taken beyond this (or below its inverse): a probe that a
/// preempted or throttled moment spoiled cannot make a quote absurd.
pub const MAX_FACTOR: f64 = 4.0;

pub use crate::engine::pricing::{Kernel, KERNELS};

/// The search probe's CPU time, ns, on a machine whose runs the model
/// prices right (the searches' reference): on the development machine (a
/// shared 2-vCPU VM, release build) the probe took 8.0 ms and the
/// constellations' real runs 1.55x the model (n = 15, 16); then 1.1x that:
/// in three sittings the searches' runs (41 runs of plain, ordered,
/// most-constrained and scan on the quotes bench's boards) took 0.69-0.82,
/// 0.67-1.01 and 0.69-1.29 of their quotes; then 1.15x that: priced from
/// the search probe alone (least of five runs), the searches' runs took
/// 0.74-1.12 of their quotes in four sittings, 0.75-0.89 on the 22 boards
/// of most-constrained (benches/NOTES.md, "One probe").
const SEARCH_NS: f64 = 8.0e6 / 1.55 * 1.1 * 1.15;

/// The search probe's CPU time, ns, on a machine whose runs of each
/// [`Kernel`] (in its order) the model prices right: the searches'
/// reference ([`SEARCH_NS`]) times how much further from the model the
/// development VM runs the kernel than the searches.
///
/// The joins' multipliers are the search's factor over the join's own
/// probe's factor in the two sittings whose join probes caught the state
/// that priced the joins' runs right (cpu/quote 0.73-1.15, geometric means
/// of the two; the joins' runs took the same CPU in a third sitting whose
/// join probes were 1.5x slower): search 1.32 and 1.45; even 0.86 and 0.86
/// (1.61); odd 0.96 and 0.96 (1.44); the board with one blocked cell 0.47
/// and 0.46 (2.98); each over 1.15 since, as [`SEARCH_NS`] rose by that.
/// Those factors were over the joins' own references of
/// the time (the last measured after the kernel for n = 15's sparse boards,
/// which put `count 28 --shard` at 48-49 min against a 54 min run;
/// benches/NOTES.md, "The probes after the sparse boards of 15" and "One
/// probe").
pub const REFERENCE_NS: [f64; KERNELS] = [
    SEARCH_NS * 1.61 / 1.15,
    SEARCH_NS * 1.44 / 1.15,
    SEARCH_NS * 2.98 / 1.15,
    SEARCH_NS,
];

/// Where the factors came from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Source {
    /// [`VARIABLE`] set them.
    Pinned,
    /// The probe on this machine: measured now, or kept by an earlier
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

    /// The factors from the probe's CPU time `probe` (ns): per kernel,
    /// over its reference.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, Kernel, REFERENCE_NS};
    /// let search = REFERENCE_NS[Kernel::Search.index()];
    /// let twice = Calibration::from_probe(2.0 * search);
    /// assert_eq!(twice.factor(Kernel::Search), 2.0);
    /// let even = REFERENCE_NS[Kernel::JoinEven.index()];
    /// assert_eq!(twice.factor(Kernel::JoinEven), 2.0 * search / even);
    /// let absurd = Calibration::from_probe(100.0 * search);
    /// assert_eq!(absurd.factor(Kernel::JoinOdd), 4.0);
    /// ```
    pub fn from_probe(probe: f64) -> Calibration {
        Calibration {
            factors: REFERENCE_NS
                .map(|reference| (probe / reference).clamp(1.0 / MAX_FACTOR, MAX_FACTOR)),
            source: Source::Measured,
        }
    }

    /// The factor of `kernel`.
    pub fn factor(&self, kernel: Kernel) -> f64 {
        self.factors[kernel.index()]
    }

    /// This machine's speed, one figure for every kernel: the probe's time
    /// over the reference machine's ([`SEARCH_NS`]: the search's factor).
    /// The other kernels' factors differ from it by constants of the model,
    /// not of the machine (how far the reference model misprices each
    /// kernel on the reference machine, [`REFERENCE_NS`]), so this is the
    /// figure a person is shown, whichever kernel a line is priced for
    /// (issue 75: one `--estimate` showed `1.34x` on the searches' lines
    /// and `0.96x` on the join's, both from the one probe).
    pub fn machine(&self) -> f64 {
        self.factor(Kernel::Search)
    }

    /// The speed estimates are priced at, in words: this machine's as the
    /// probe measured it, or the one [`VARIABLE`] pins (each with the
    /// machine's factor, [`Calibration::machine`]: the same on every line
    /// of a run, whatever its kernel), or the reference machine's.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, Kernel, REFERENCE_NS};
    /// assert_eq!(
    ///     Calibration::pinned(1.0).words(),
    ///     "the speed NQUEENS_CALIBRATION pins (1.00x the reference)"
    /// );
    /// let measured = Calibration::from_probe(1.34 * REFERENCE_NS[Kernel::Search.index()]);
    /// assert_eq!(measured.words(), "this machine's speed (1.34x the reference)");
    /// ```
    pub fn words(&self) -> String {
        let factor = self.machine();
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

/// Whether this process keeps its probe in the user's cache
/// ([`keep_probe`]).
static KEEP: AtomicBool = AtomicBool::new(false);

/// Lets this process read its probe from the user's cache and keep it
/// there ([`cache`]). The `nqueens` binary calls it first thing; without
/// it (the library's tests and doctests, the benches, another program
/// using the library) the probe is measured in the process and no file
/// of the user's is read or written.
pub fn keep_probe() {
    KEEP.store(true, Ordering::Relaxed);
}

/// This process's calibration, made the first time it is asked for:
/// pinned by [`VARIABLE`]; else, when the process keeps its probe
/// ([`keep_probe`]), the probe kept in the user's cache
/// ([`cache::path`]) for this build on this CPU; else the probe,
/// measured now (and kept there for the next process, if it keeps it).
pub fn get() -> Calibration {
    static CALIBRATION: OnceLock<Calibration> = OnceLock::new();
    *CALIBRATION.get_or_init(|| {
        pinned_by(std::env::var(VARIABLE).ok().as_deref()).unwrap_or_else(|| {
            let path = KEEP.load(Ordering::Relaxed).then(cache::path).flatten();
            kept_or_measured(path.as_deref())
        })
    })
}

/// The calibration from the probe kept at `path` for this build on this
/// CPU ([`cache::Key::here`]), or else from the probe run now, then kept
/// at `path`. Nothing at `path` (or `None`), a file of another build or
/// CPU, or one that does not read, means measuring; a file that cannot
/// be written is no error (the next process measures again).
pub fn kept_or_measured(path: Option<&Path>) -> Calibration {
    let key = path.and_then(|_| cache::Key::here());
    let kept = path.zip(key.as_ref());
    if let Some(probe) = kept.and_then(|(path, key)| cache::read(path, key)) {
        return Calibration::from_probe(probe);
    }
    let Some(probe) = probe() else {
        return unmeasured();
    };
    if let Some((path, key)) = kept {
        cache::write(path, key, probe);
    }
    Calibration::from_probe(probe)
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
/// above `limit_ns`; the probe runs only when the answer depends on it.
pub fn above(ns: f64, kernel: Kernel, limit_ns: f64) -> bool {
    if ns * MAX_FACTOR <= limit_ns {
        return false;
    }
    if ns / MAX_FACTOR > limit_ns {
        return true;
    }
    scale(ns, kernel) > limit_ns
}

/// The probe run now on this thread: factors from its CPU time, or the
/// reference model where the system has no thread clock.
pub fn measure() -> Calibration {
    probe().map_or_else(unmeasured, Calibration::from_probe)
}

/// The probe runs this many times and its least time is kept: a
/// neighbour's burst in the shared caches, a preempted moment, only ever
/// add time.
pub const ROUNDS: usize = 5;

/// The probe's CPU time, ns: the least of [`ROUNDS`] plain searches of
/// the blank 12 x 12 board.
pub fn probe() -> Option<f64> {
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        best = best.min(cpu_ns(|| Problem::new(&Board::blank(12)).count())?);
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
    fn the_probe_runs_and_gives_every_kernel_a_factor() {
        let Some(probe) = probe() else {
            return;
        };
        // Not a timing test: only that it ran and was measured.
        assert!(probe > 0.0, "{probe}");
        let calibration = Calibration::from_probe(probe);
        for kernel in Kernel::ALL {
            let factor = calibration.factor(kernel);
            assert!((1.0 / MAX_FACTOR..=MAX_FACTOR).contains(&factor));
        }
    }

    #[test]
    fn above_asks_the_probe_only_when_it_decides() {
        // Far below or far above the limit, whatever the factor.
        assert!(!above(1e9, Kernel::Search, 1e10));
        assert!(above(1e11, Kernel::Search, 1e10));
    }
}
