//! Every tuned number of the engines and the planner, in one place: what
//! an operation costs, how many samples and draws a price takes, where one
//! method or mode takes over from another, how big a chunk, a region or a
//! unit is. As CaDiCaL keeps its options in one table (`options.hpp`), a
//! reader finds every knob here, with its value, its unit, what it prices
//! or controls, and where it came from.
//!
//! A tuned number only steers choices: a wrong one costs time or memory,
//! or a quote that misses, never a count. Numbers fixed by the problem or
//! a format (bit widths, `MAX_N`s the data structures are built for,
//! seeds, file tags) are definitions and stay with their code;
//! `tests/tuning.rs` lists those it knows and fails on any other numeric
//! constant of `src/engine` or `src/plan` outside this table.
//!
//! One table per subsystem, each a module of its own; [`TABLES`] lists
//! them:
//! - [`join`]: the half-board join's cost model: ns per term of its work,
//!   its tables' builds, planning's walks, the ranked regime's fits;
//! - [`sieve`]: how the join's hot loop cuts and groups: the sieve's
//!   buckets, the cut's price, the groupings' prices;
//! - [`sampling`]: the sample and draw sizes of the join's sampled prices,
//!   and the spreads they allow for;
//! - [`layout`]: where the join takes over and which mode it runs in, its
//!   units, parts and quarter tables;
//! - [`engines`]: the other engines: the search's price per node, the
//!   constellation engine, the index, orientations, the memory every run takes;
//! - [`planner`]: the planner: the searches' prices, probes and refined
//!   estimates, splitting a search, the calibration's references;
//! - [`methods`]: each counting method's own prices and limits.
//!
//! The constants are used from here (their old homes import them), so a
//! value is defined once. Names are unique over all the tables; where two
//! files used one name, the entry carries its method's or room's name and
//! the file imports it under the old one.
//!
//! # An entry
//! ```text
//! /// What it prices or controls, and the notes of its measurements.
//! NAME: type = value, "unit",
//!     Measured { how: "the bench or run", when: "YYYY-MM-DD", notes: "..." };
//! ```
//! generates `pub const NAME: type = value;` with that documentation, and
//! a row of the module's `TABLE` ([`Tunable`]).

// The row and its macro first, so that every table's module sees it.
#[macro_use]
mod row;
pub mod engines;
pub mod join;
pub mod layout;
pub mod methods;
pub mod planner;
pub mod sampling;
pub mod sieve;

pub use row::{Provenance, Tunable, IN_NOTE};

/// Every table, by its module's name.
pub const TABLES: &[(&str, &[Tunable])] = &[
    ("join", join::TABLE),
    ("sieve", sieve::TABLE),
    ("sampling", sampling::TABLE),
    ("layout", layout::TABLE),
    ("engines", engines::TABLE),
    ("planner", planner::TABLE),
    ("methods", methods::TABLE),
];

/// Every entry of every table, in [`TABLES`]' order.
pub fn all() -> impl Iterator<Item = (&'static str, &'static Tunable)> {
    TABLES
        .iter()
        .flat_map(|(table, rows)| rows.iter().map(move |row| (*table, row)))
}
