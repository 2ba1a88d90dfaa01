//! The counting methods: one type per method, each in its own file behind
//! the [`CountingMethod`] trait, and the [`registry`] that lists them once.
//!
//! A method says whether it applies to a board (and if not, why), what it
//! would cost, and which work units compute the answer; it owns its cost
//! constants and whatever it keeps between batches. The planner only
//! compares quotes, runs units and adds up slots: it knows no method by name.
//!
//! # Adding a method
//! Write `method/NAME.rs` with a type implementing [`CountingMethod`]
//! (imported from `method/interface.rs`, as every method does) and add
//! one line to [`registry`]: `--method`, `--help`, `--explain` and the
//! automatic choice pick it up from there.

mod credited;
mod half_board;
mod inclusion;
mod index;
mod interface;
mod most_constrained;
mod ordered;
mod plain;
mod scan;
mod symmetry;

pub use interface::{
    unprepared, About, Answer, Batch, Case, CountingMethod, Shared, Skip, Slot, Unit,
};

/// Every counting method, in the order the planner asks them for quotes
/// (on equal quotes the earlier one wins) and `--help` lists them. The
/// first applies to every board: a forced method falls back to it where it
/// does not apply.
pub fn registry() -> Vec<Box<dyn CountingMethod>> {
    vec![
        Box::new(plain::Plain),
        Box::new(ordered::Ordered::default()),
        Box::new(most_constrained::MostConstrained),
        Box::new(symmetry::Symmetry::default()),
        Box::new(inclusion::InclusionExclusion::default()),
        Box::new(scan::Scan),
        Box::new(index::Index::default()),
        Box::new(half_board::HalfBoard::default()),
        Box::new(credited::CreditedJoin::default()),
    ]
}
