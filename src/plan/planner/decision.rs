//! How one case of a batch is answered: known without searching, the
//! repeat of an earlier case, or by a method at an estimated cost.

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
