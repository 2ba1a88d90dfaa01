//! One row of the cost table ([`Tunable`]), where it came from
//! ([`Provenance`]), and the macro that writes a table's constants and its
//! rows from one list. A room of its own, beneath the tables, so that they
//! import it and the table's index ([`super`]) only imports them.

/// One tuned number: a row of a table.
#[derive(Clone, Copy, Debug)]
pub struct Tunable {
    /// Its constant's name, unique over [`super::TABLES`].
    pub name: &'static str,
    /// Its Rust type, as written.
    pub ty: &'static str,
    /// Its value, as written (an expression may name other entries).
    pub value: &'static str,
    /// What one of it is: "ns per candidate pair", "draws per pivot".
    pub unit: &'static str,
    /// What it prices or controls: the constant's documentation, with the
    /// notes of how it was measured.
    pub what: &'static str,
    /// Where it came from.
    pub provenance: Provenance,
}

/// Where a tuned number came from.
#[derive(Clone, Copy, Debug)]
pub enum Provenance {
    /// Measured or fitted.
    Measured {
        /// How: the bench command or the runs that measured it.
        how: &'static str,
        /// When, `YYYY-MM-DD`: the measurement's date where its note gives
        /// one, otherwise the day the value entered the code (`git log -S`).
        when: &'static str,
        /// Where the figures are: the start of a section heading of
        /// `benches/NOTES.md` (without its `## `), or [`IN_NOTE`] where the
        /// entry's own documentation holds them.
        notes: &'static str,
    },
    /// Chosen, not measured, and why this value.
    Chosen(&'static str),
}

/// [`Provenance::Measured`]'s `notes` where the entry's own documentation
/// holds the figures (no section of `benches/NOTES.md` has them).
pub const IN_NOTE: &str = "in the note";

/// A table's constants and its `TABLE` from one list of entries (see the
/// module's documentation): each constant is written once, and its row
/// takes the name, type, value and documentation from the same tokens.
macro_rules! tunables {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident : $ty:ty = $value:expr, $unit:literal, $provenance:expr;
    )*) => {
        $(
            $(#[doc = $doc])*
            pub const $name: $ty = $value;
        )*

        /// This table's rows, in the order of their constants.
        pub const TABLE: &[$crate::tuning::row::Tunable] = &[$(
            $crate::tuning::row::Tunable {
                name: stringify!($name),
                ty: stringify!($ty),
                value: stringify!($value),
                unit: $unit,
                what: concat!($($doc, "\n",)*),
                provenance: $provenance,
            },
        )*];
    };
}
