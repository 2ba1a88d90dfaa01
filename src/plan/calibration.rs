//! Estimates fitted to the machine they run on: a short probe of the
//! search kernel, measured once per machine and build and kept in the
//! user's cache ([`cache`]), scales the cost model's nanoseconds (which
//! were fitted on another machine) by how fast this one runs the same
//! work.
//!
//! One probe is timed, on the calling thread's CPU clock
//! ([`crate::engine::cpu::thread_precise`], so a thread waiting for a core
//! adds nothing): the plain search of the blank 12 x 12 board, the
//! kernel's nodes. Every cost class's factor is that probe's CPU time over the
//! class's own reference ([`REFERENCE_NS`]): the probe's time on a
//! machine whose runs of that class the model prices right. So the
//! searches, the constellations and the methods priced from them, the
//! joins of blank boards (odd and even sides apart: an odd board's middle
//! row makes its halves unequal, and the model's error differs) and the
//! join of boards with blocked cells are all scaled by how fast this
//! machine runs the kernel's nodes, each with the model's error of its
//! own cost class.
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
//! cores) is priced with this machine's ratio between the cost classes. The
//! choice between methods compares the cost classes' factors
//! (`plan::planner::choice`), and with one probe their ratios are the
//! reference's everywhere (short of the clamp, [`MAX_FACTOR`]): the same
//! input is planned the same way on every machine.
//!
//! The factors are a value, a [`Speed`], resolved once with the run's
//! other settings ([`crate::tools::settings::Machine::this`], beside the
//! cores) and handed down to the planner and to the estimates' printers:
//! nothing here is global. The probe takes about 40 ms of CPU ([`ROUNDS`]
//! rounds, the least time kept), and runs only when a quote is about to be
//! shown or to decide something (a [`Speed`] has its factors the first
//! time they are asked for) and no earlier process of the same build on
//! the same CPU kept it ([`cache`]): kept, the factors are the same from
//! one process to the next.
//!
//! Quotes assume free cores: the CPU time is what the work takes; on a
//! busy machine the wall time on the threads is longer by the wait for a
//! core (the probe is timed on CPU, so a busy machine's slower caches are
//! in it, its queue is not).
//!
//! [`VARIABLE`] pins the factors instead (the tests set it to 1 so that
//! estimates print the same on any machine); it is read in one place,
//! where the run's settings are resolved ([`Speed::resolved`] makes the
//! speed of its value). The library's own callers pick theirs:
//! [`Speed::reference`] (the model as it is) or [`Speed::measured`] (this
//! machine's probe, kept nowhere).

pub mod cache;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use crate::base::board::Board;
use crate::base::problem::Problem;
use crate::engine::cpu;
pub use crate::tuning::planner::{MAX_FACTOR, REFERENCE_NS, ROUNDS};

/// The environment variable that pins the factors: a positive number (`1`:
/// the reference model as it is, no probe); anything else is ignored.
pub const VARIABLE: &str = "NQUEENS_CALIBRATION";

pub use crate::engine::pricing::{CostClass, COST_CLASSES};

/// Where the factors came from.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Source {
    /// [`VARIABLE`] set them.
    Pinned,
    /// The probe on this machine: measured now, or kept by an earlier
    /// process of the same build ([`cache`]).
    Measured,
    /// Timed on the work itself: some of a count's own join run on this
    /// machine against the model's price for it (`count --estimate
    /// --measure`, [`crate::engine::half_board::price::timed`]).
    Timed,
    /// Not measured: the reference model as it is, asked for
    /// ([`Speed::reference`]) or where the system has no thread CPU clock.
    Unmeasured,
}

/// The factors the model's nanoseconds are scaled by, per [`CostClass`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Calibration {
    pub factors: [f64; COST_CLASSES],
    pub source: Source,
}

impl Calibration {
    /// The reference model as it is: every factor 1 ([`Speed::reference`],
    /// or where nothing can be measured).
    pub fn reference() -> Calibration {
        Calibration {
            factors: [1.0; COST_CLASSES],
            source: Source::Unmeasured,
        }
    }

    /// Every factor `x`, as [`VARIABLE`] pins them.
    pub fn pinned(x: f64) -> Calibration {
        Calibration {
            factors: [x; COST_CLASSES],
            source: Source::Pinned,
        }
    }

    /// Every factor `x`, as timing a count's own work measured it (its CPU
    /// over the model's ns for it).
    ///
    /// ```
    /// use nqueens::plan::calibration::Calibration;
    /// assert_eq!(
    ///     Calibration::timed(1.25).words(),
    ///     "the speed the count's own units ran at here (1.25x the reference)"
    /// );
    /// ```
    pub fn timed(x: f64) -> Calibration {
        Calibration {
            factors: [x; COST_CLASSES],
            source: Source::Timed,
        }
    }

    /// The factors from the probe's CPU time `probe` (ns): per cost class,
    /// over its reference.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, CostClass, REFERENCE_NS};
    /// let search = REFERENCE_NS[CostClass::Search.index()];
    /// let twice = Calibration::from_probe(2.0 * search);
    /// assert_eq!(twice.factor(CostClass::Search), 2.0);
    /// let even = REFERENCE_NS[CostClass::JoinEven.index()];
    /// assert_eq!(twice.factor(CostClass::JoinEven), 2.0 * search / even);
    /// let absurd = Calibration::from_probe(100.0 * search);
    /// assert_eq!(absurd.factor(CostClass::JoinOdd), 4.0);
    /// ```
    pub fn from_probe(probe: f64) -> Calibration {
        Calibration {
            factors: REFERENCE_NS
                .map(|reference| (probe / reference).clamp(1.0 / MAX_FACTOR, MAX_FACTOR)),
            source: Source::Measured,
        }
    }

    /// The factor of `cost_class`.
    pub fn factor(&self, cost_class: CostClass) -> f64 {
        self.factors[cost_class.index()]
    }

    /// This machine's speed, one figure for every cost class: the probe's time
    /// over the reference machine's ([`SEARCH_NS`]: the search's factor).
    /// The other classes' factors differ from it by constants of the model,
    /// not of the machine (how far the reference model misprices each
    /// class on the reference machine, [`REFERENCE_NS`]), so this is the
    /// figure a person is shown, whichever class a line is priced for
    /// (issue 75: one `--estimate` showed `1.34x` on the searches' lines
    /// and `0.96x` on the join's, both from the one probe).
    pub fn machine(&self) -> f64 {
        self.factor(CostClass::Search)
    }

    /// The speed estimates are priced at, in words: this machine's as the
    /// probe measured it, or the one [`VARIABLE`] pins (each with the
    /// machine's factor, [`Calibration::machine`]: the same on every line
    /// of a run, whatever its cost class), or the reference machine's.
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, CostClass, REFERENCE_NS};
    /// assert_eq!(
    ///     Calibration::pinned(1.0).words(),
    ///     "the speed NQUEENS_CALIBRATION pins (1.00x the reference)"
    /// );
    /// let measured = Calibration::from_probe(1.34 * REFERENCE_NS[CostClass::Search.index()]);
    /// assert_eq!(measured.words(), "this machine's speed (1.34x the reference)");
    /// ```
    pub fn words(&self) -> String {
        self.words_with(String::new())
    }

    /// [`Calibration::words`] for a line priced in `cost_class`, and the
    /// factor its times were scaled by where that differs from the
    /// machine's (issue 101: a join's line said "1.15x the reference" and
    /// quoted 4 s where the docs' reference figure is 4.9 s: the join's
    /// factor was 0.82, not the one shown).
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, CostClass, REFERENCE_NS};
    /// let measured = Calibration::from_probe(1.34 * REFERENCE_NS[CostClass::Search.index()]);
    /// let join = measured.factor(CostClass::JoinEven);
    /// assert_eq!(
    ///     measured.words_for(CostClass::JoinEven),
    ///     format!("this machine's speed (1.34x the reference; this line's reference times x{join:.2})")
    /// );
    /// assert_eq!(measured.words_for(CostClass::Search), measured.words());
    /// ```
    pub fn words_for(&self, cost_class: CostClass) -> String {
        let (machine, applied) = (self.machine(), self.factor(cost_class));
        if format!("{machine:.2}") == format!("{applied:.2}") {
            self.words()
        } else {
            self.words_with(format!("; this line's reference times x{applied:.2}"))
        }
    }

    /// The words, `more` inside the parentheses after the machine's factor.
    fn words_with(&self, more: String) -> String {
        let factor = self.machine();
        match self.source {
            Source::Measured => format!("this machine's speed ({factor:.2}x the reference{more})"),
            Source::Pinned => {
                format!("the speed {VARIABLE} pins ({factor:.2}x the reference{more})")
            }
            Source::Timed => format!(
                "the speed the count's own units ran at here ({factor:.2}x the reference{more})"
            ),
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

/// The speed a run's quotes are priced at, as a value handed down: resolved
/// once with the run's other settings ([`crate::tools::settings::Machine::this`]
/// is the one place that reads [`VARIABLE`]), then passed to the planner
/// and to whatever prints or decides by an estimate.
///
/// Its factors are had the first time they are asked for
/// ([`Speed::calibration`]): fixed ones at once; a probe's by running it
/// then (about 40 ms of CPU), so that a run no quote is shown to or
/// decided by never probes. Clones share the one cell: however many
/// planners a run makes (one per round of `stress -j`), it probes at most
/// once, and every quote of the run is priced at the same speed.
///
/// ```
/// use nqueens::plan::calibration::{CostClass, Speed};
/// let reference = Speed::reference();
/// assert_eq!(reference.scale(2e9, CostClass::JoinOdd), 2e9);
/// // Far above or below a limit whatever the factor: nothing is probed.
/// let here = Speed::measured();
/// assert!(!here.above(1e6, CostClass::Search, 1e9));
/// assert_eq!(here.known(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Speed(Arc<Lazy>);

/// A [`Speed`]'s factors, had once.
#[derive(Debug)]
struct Lazy {
    origin: Origin,
    factors: OnceLock<Calibration>,
}

/// Where a [`Speed`]'s factors come from.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Origin {
    /// Given: pinned by [`VARIABLE`], or the reference.
    Fixed(Calibration),
    /// The probe, run on first use; read from and kept in the user's cache
    /// ([`cache`]) when `keep`.
    Probe { keep: bool },
}

impl Speed {
    /// Every quote priced at `calibration`'s factors: nothing is probed.
    pub fn fixed(calibration: Calibration) -> Speed {
        Speed(Arc::new(Lazy {
            origin: Origin::Fixed(calibration),
            factors: OnceLock::from(calibration),
        }))
    }

    /// The reference machine's speed (every factor 1): the cost model's
    /// nanoseconds as they are, the same on any machine, with no probe.
    pub fn reference() -> Speed {
        Speed::fixed(Calibration::reference())
    }

    /// This machine's speed, by the probe run in this process the first
    /// time it is asked for; no file of the user's is read or written (the
    /// library's default: tests, doctests, benches, other programs).
    pub fn measured() -> Speed {
        Speed::probed(false)
    }

    /// The speed a run resolves from the value of [`VARIABLE`]: the factors
    /// it pins ([`pinned_by`]), else this machine's, by the probe run the
    /// first time it is asked for; with `keep`, the probe is read from the
    /// user's cache ([`cache::path`]) for this build on this CPU, and kept
    /// there when measured (the `nqueens` binary's: the library alone
    /// keeps nothing).
    ///
    /// ```
    /// use nqueens::plan::calibration::{Calibration, CostClass, Speed};
    /// let pinned = Speed::resolved(Some("2"), true);
    /// assert_eq!(pinned, Speed::fixed(Calibration::pinned(2.0)));
    /// assert_eq!(pinned.factor(CostClass::Search), 2.0);
    /// assert_eq!(Speed::resolved(Some("fast"), false), Speed::measured());
    /// assert_eq!(Speed::resolved(None, false), Speed::measured());
    /// ```
    pub fn resolved(variable: Option<&str>, keep: bool) -> Speed {
        pinned_by(variable).map_or_else(|| Speed::probed(keep), Speed::fixed)
    }

    /// The same speed, its probe (if it has one) read from and kept in the
    /// user's cache ([`cache`]): what the `nqueens` binary prices at.
    ///
    /// ```
    /// use nqueens::plan::calibration::Speed;
    /// assert_eq!(Speed::reference().keeping_probe(), Speed::reference());
    /// assert_eq!(Speed::measured().keeping_probe(), Speed::resolved(None, true));
    /// ```
    pub fn keeping_probe(&self) -> Speed {
        match self.0.origin {
            Origin::Fixed(_) => self.clone(),
            Origin::Probe { .. } => Speed::probed(true),
        }
    }

    fn probed(keep: bool) -> Speed {
        Speed(Arc::new(Lazy {
            origin: Origin::Probe { keep },
            factors: OnceLock::new(),
        }))
    }

    /// The factors, had now if they were not yet: fixed, or the probe's
    /// (kept, or measured now and kept for the next process when the speed
    /// keeps its probe).
    pub fn calibration(&self) -> Calibration {
        *self.0.factors.get_or_init(|| match self.0.origin {
            Origin::Fixed(calibration) => calibration,
            Origin::Probe { keep } => {
                let path = if keep { cache::path() } else { None };
                kept_or_measured(path.as_deref())
            }
        })
    }

    /// The factors if they are had already (a probe not run yet: `None`).
    pub fn known(&self) -> Option<Calibration> {
        self.0.factors.get().copied()
    }

    /// The factor of `cost_class` ([`Speed::calibration`]).
    pub fn factor(&self, cost_class: CostClass) -> f64 {
        self.calibration().factor(cost_class)
    }

    /// `ns` of the model's, for `cost_class`, at this speed.
    pub fn scale(&self, ns: f64, cost_class: CostClass) -> f64 {
        ns * self.factor(cost_class)
    }

    /// Whether the model's `ns` for `cost_class`, at this speed, is above
    /// `limit_ns`; the factors are had (the probe run) only when the answer
    /// depends on them.
    pub fn above(&self, ns: f64, cost_class: CostClass, limit_ns: f64) -> bool {
        if ns * MAX_FACTOR <= limit_ns {
            return false;
        }
        if ns / MAX_FACTOR > limit_ns {
            return true;
        }
        self.scale(ns, cost_class) > limit_ns
    }
}

/// Two speeds are the same when they price alike: the same fixed factors,
/// or both this machine's probe, kept alike (whether run yet or not).
impl PartialEq for Speed {
    fn eq(&self, other: &Speed) -> bool {
        self.0.origin == other.0.origin
    }
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
        return Calibration::reference();
    };
    if let Some((path, key)) = kept {
        cache::write(path, key, probe);
    }
    Calibration::from_probe(probe)
}

/// The probe run now on this thread: factors from its CPU time, or the
/// reference model where the system has no thread clock.
pub fn measure() -> Calibration {
    probe().map_or_else(Calibration::reference, Calibration::from_probe)
}

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
    fn the_probe_runs_and_gives_every_cost_class_a_factor() {
        let Some(probe) = probe() else {
            return;
        };
        // Not a timing test: only that it ran and was measured.
        assert!(probe > 0.0, "{probe}");
        let calibration = Calibration::from_probe(probe);
        for cost_class in CostClass::ALL {
            let factor = calibration.factor(cost_class);
            assert!((1.0 / MAX_FACTOR..=MAX_FACTOR).contains(&factor));
        }
    }

    #[test]
    fn above_asks_the_probe_only_when_it_decides() {
        // Far below or far above the limit, whatever the factor.
        let speed = Speed::measured();
        assert!(!speed.above(1e9, CostClass::Search, 1e10));
        assert!(speed.above(1e11, CostClass::Search, 1e10));
        assert_eq!(speed.known(), None);
    }

    #[test]
    fn clones_of_a_speed_share_its_probe() {
        let speed = Speed::measured();
        let clone = speed.clone();
        let had = speed.calibration();
        assert_eq!(clone.known(), Some(had));
        // Another speed of the same origin is equal, with a cell of its own.
        let other = Speed::measured();
        assert_eq!(other, speed);
        assert_eq!(other.known(), None);
        assert_ne!(Speed::reference(), speed);
        assert_eq!(Speed::reference().calibration(), Calibration::reference());
    }
}
