//! The line an estimate is printed as, by `--estimate` (judge mode and
//! `count`) and by the notes before long work: its figures (time on the
//! threads, CPU time, engine, peak memory), what it assumes (a free core
//! per thread, at the speed its calibration says), and, priced for more
//! threads than the machine has cores, the time on the cores there are.

use crate::plan::estimate::{about, human, Quote, DAY};

/// An estimate in words: [`figures`], then "hopeless" above a day (said of
/// the judge's boards, which have no shards; `count` names shards instead),
/// with what it [`assumes`] between them.
///
/// ```
/// use nqueens::{engine::counter::Engine, plan::estimate::Quote};
/// use nqueens::plan::calibration::{Calibration, CostClass};
/// let e = Quote {
///     engine: Some(Engine::Join), cpu_ns: 4e9, wall_ns: 2e9, bytes: 3.5 * 1048576.0, threads: 2,
///     cost_class: CostClass::JoinEven, calibration: Some(Calibration::pinned(1.0)),
/// };
/// assert_eq!(
///     nqueens::tools::estimate_line::describe(&e),
///     "about 2 s on 2 threads (4 s of CPU; engine: half-board join), \
///      peak memory about 3.5 MiB, with a free core per thread at the speed \
///      NQUEENS_CALIBRATION pins (1.00x the reference)"
/// );
/// ```
pub fn describe(quote: &Quote) -> String {
    let hopeless = if quote.wall_ns / 1e9 > DAY {
        ": hopeless (more than a day)"
    } else {
        ""
    };
    format!("{}{}{hopeless}", figures(quote), assumes(quote))
}

/// What an estimate assumes, to end its line: a free core for each thread
/// (the times are CPU time; on a busy machine the wall time is longer by
/// each thread's wait for a core), at the speed its calibration says
/// ([`crate::plan::calibration`]).
pub fn assumes(quote: &Quote) -> String {
    let speed = match &quote.calibration {
        Some(calibration) => calibration.words_for(quote.cost_class),
        None => "the reference machine's speed".to_string(),
    };
    format!(", with a free core per thread at {speed}")
}

/// What follows an estimate priced for more threads than the machine
/// has `cores`: that it is, and the time on the cores there are (each
/// thread then waits for a core); nothing otherwise. `--estimate` prices the
/// threads asked for (a shard may be priced here for a bigger node) and
/// says so.
///
/// ```
/// use nqueens::{plan::estimate::Quote, tools::estimate_line::beyond_cores};
/// use nqueens::plan::calibration::CostClass;
/// let e = Quote {
///     engine: None, cpu_ns: 480e9, wall_ns: 60e9, bytes: 0.0, threads: 8,
///     cost_class: CostClass::Search, calibration: None,
/// };
/// assert_eq!(
///     beyond_cores(&e, 2),
///     "; priced for 8 threads, this machine has 2 cores (about 4 min on them)"
/// );
/// assert_eq!(beyond_cores(&e, 8), "");
/// ```
pub fn beyond_cores(quote: &Quote, cores: usize) -> String {
    let cores = cores.max(1);
    if quote.threads <= cores {
        return String::new();
    }
    format!(
        "; priced for {} threads, this machine has {cores} core{} ({} on them)",
        quote.threads,
        if cores == 1 { "" } else { "s" },
        about(quote.cpu_ns / cores as f64 / 1e9)
    )
}

/// An estimate's figures: time on the threads, CPU time, the engine it
/// prices (for blank counts), peak memory.
pub fn figures(quote: &Quote) -> String {
    let tree = match quote.engine {
        Some(engine) => format!("; engine: {}", engine.name()),
        None => String::new(),
    };
    let wall = quote.wall_ns / 1e9;
    format!(
        "{} on {} thread{} ({} of CPU{tree}), peak memory about {}",
        about(wall),
        quote.threads,
        if quote.threads == 1 { "" } else { "s" },
        human(quote.cpu_ns / 1e9),
        bytes(quote.bytes)
    )
}

/// Bytes in MiB, GiB or TiB.
pub fn bytes(amount: f64) -> String {
    let mib = amount / (1024.0 * 1024.0);
    if mib < 1024.0 {
        format!("{mib:.1} MiB")
    } else if mib < 1024.0 * 1024.0 {
        format!("{:.1} GiB", mib / 1024.0)
    } else {
        format!("{:.1} TiB", mib / (1024.0 * 1024.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::counter::Engine;
    use crate::plan::calibration::{Calibration, CostClass, REFERENCE_NS};

    /// Issue 75: one `--estimate` showed two speed factors, `1.34x` on a
    /// search's line and `0.96x` on a join's, and read as a contradiction.
    /// Every line of a run states the machine's one factor; issue 101: a
    /// line whose times were scaled by another (its cost class's) says
    /// which, so that its figures can be checked against the reference's.
    #[test]
    fn lines_of_every_cost_class_state_one_speed_and_the_factor_applied() {
        let calibration = Calibration::from_probe(1.34 * REFERENCE_NS[CostClass::Search.index()]);
        let line = |cost_class: CostClass, engine: Option<Engine>| {
            let quote = Quote {
                engine,
                cpu_ns: 4e9,
                wall_ns: 2e9,
                bytes: 1048576.0,
                threads: 2,
                cost_class,
                calibration: None,
            };
            let speed = crate::plan::calibration::Speed::fixed(calibration);
            let calibrated = quote.calibrated(&speed);
            (describe(&calibrated), calibrated.cpu_ns / quote.cpu_ns)
        };
        let (search, _) = line(CostClass::Search, None);
        assert!(
            search.ends_with(
                ", with a free core per thread at this machine's speed (1.34x the reference)"
            ),
            "{search}"
        );
        for cost_class in CostClass::ALL {
            let (text, applied) = line(cost_class, Some(Engine::Join));
            assert!(text.contains("(1.34x the reference"), "{text}");
            if format!("{applied:.2}") != "1.34" {
                assert!(
                    text.ends_with(&format!("; this line's reference times x{applied:.2})")),
                    "{cost_class:?}: {text}"
                );
            }
        }
    }

    /// Issue 75: `about 0 us on 2 threads (0 us of CPU)`, `about inf
    /// years`: the figures take the one form of durations.
    #[test]
    fn figures_say_under_a_millisecond_and_forever_in_words() {
        let quote = |ns: f64| Quote {
            engine: None,
            cpu_ns: 2.0 * ns,
            wall_ns: ns,
            bytes: 4.1 * 1048576.0,
            threads: 2,
            cost_class: CostClass::Search,
            calibration: None,
        };
        assert_eq!(
            figures(&quote(0.0)),
            "under 1 ms on 2 threads (under 1 ms of CPU), peak memory about 4.1 MiB"
        );
        assert_eq!(
            figures(&quote(504.9e6)),
            "about 505 ms on 2 threads (1 s of CPU), peak memory about 4.1 MiB"
        );
        assert!(
            describe(&quote(f64::INFINITY))
                .starts_with("forever on 2 threads (forever of CPU), peak memory"),
            "{}",
            describe(&quote(f64::INFINITY))
        );
    }
}
