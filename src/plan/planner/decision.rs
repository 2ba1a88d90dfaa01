//! How one case of a batch is answered: known without searching, the
//! repeat of an earlier case, by a method at an estimated cost, or not at
//! all (`--max-time`); and what the run hands over for it.

/// How one case is answered.
pub(super) enum Decision {
    /// Known without searching: this count, for the reason given.
    Known { count: u128, why: &'static str },
    /// The same board, up to symmetry, as an earlier case of the batch.
    Repeat(usize),
    /// By the method at this place of the registry, at this estimated cost
    /// (ns), with this note for `--explain`.
    By {
        method: usize,
        cost: f64,
        note: String,
    },
    /// Not counted: its estimate is over `--max-time` (a repeat of such a
    /// case too). Its method's quote (ns, 0 for a repeat) for `--explain`,
    /// and its estimated wall time on the threads at this machine's
    /// speed, seconds.
    Skipped { cost: f64, seconds: f64 },
}

/// What the run hands over for one case: its count, or that it was
/// skipped by `--max-time` (with its estimate: wall time on the threads at
/// this machine's speed, seconds).
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Verdict {
    /// The number of solutions.
    Count(u128),
    /// Not counted: estimated above `--max-time`.
    Skipped { seconds: f64 },
}

impl Decision {
    /// By `method` at `cost`, without a note.
    pub(super) fn by(method: usize, cost: f64) -> Decision {
        Decision::By {
            method,
            cost,
            note: String::new(),
        }
    }
}
