//! A campaign's records read together: what `merge` adds up and what
//! `merge --status` reports, from files, folders (every regular file in
//! them, by name) or stdin.
//!
//! Records are read one at a time and kept small (a shard's index, its
//! counts, and where it was read: the names of millions of files are kept
//! in one string), grouped by the count and split they belong to
//! ([`Key`]). Doubled and missing shards are found by one sort of the
//! indices, so reading 4.1 million records is linear but for that sort.
//!
//! Checks a wrong total cannot pass unnoticed, on the sum of a whole
//! split ([`check_sum`]): the total divisible by 4 from `n = 6` (every
//! solution's orbit under the board's symmetries has 8, 4 or 2 elements,
//! and orbits of 2 only exist below 6; Nielsen, arXiv 2601.05856; true of
//! every published total from 6 to 27), Burnside's sum a multiple of 8
//! (it is 8 times the unique count), and `total <= burnside <= 8 * total`
//! (an orbit has at most 8 solutions and at least one). Every record's
//! counts are whole numbers `>= 0` by its format: a `-` is refused.
//!
//! Burnside's sum less the total is what the symmetries besides the
//! identity fix: twice the quarter turn's fixed solutions and the half
//! turn's (the reflections fix none from `n = 2`). Those are searched
//! directly ([`crate::engine::counter::fixed`]), independently of the
//! count, and `merge` checks the difference equals them ([`check_fixed`]):
//! the join deals the fixed points out as units of their own (7 per
//! first-row column, `total=0`, each shard some), its other units carry
//! `burnside = total`, and the constellations' units carry both at once,
//! so a damaged share of the fixed points, or a record whose total and
//! Burnside share disagree, shows; and Burnside's sum a multiple of 8 pins
//! the total modulo 8. A share of the total miscounted with its Burnside
//! share alike (the join's units are counted once for both) is beyond any
//! check short of counting again.
//!
//! And each record alone: its Burnside share at least its total's
//! ([`check_record`]), true of every unit (a join unit's is its total or,
//! for a fixed-point unit, more than its total of 0; a constellation's is
//! 8 per orbit found against the orbit's at most 8 solutions); and its
//! total at most its `bound=` ([`check_bound`]), the join's weighted
//! (top, bottom) pairs of the shard's units, which no count of them can
//! pass: a number damaged high on a node before its record was sealed
//! (a bit flipped past the bound's) is refused where it is read.
//!
//! # Rooms
//! This file: [`merge`] of records in memory. Beside it: `book` (the
//! records as read: [`Key`], [`Book`], its reading of files and folders
//! and of text, [`read_text`]), `report` (what they come to:
//! [`Book::merged`] and [`Book::status`]) and `checks` ([`check_sum`],
//! [`check_fixed`], [`check_record`]), and `spot` (the spot check: a
//! sample of shards drawn from a seed the records make, counted again by
//! an independent method).

mod book;
mod checks;
mod report;
pub mod spot;

pub use book::{read_text, Book, Key};
pub use checks::{
    check_bound, check_fixed, check_record, check_sum, FIXED_CHECK_TO, QUARTER_CHECK_TO,
};
pub use spot::{draw, seed_of, Sample};

use crate::base::error::Result;
use crate::engine::counter::Counts;
use crate::tools::shard::Record;

/// Adds up the records of one complete split: one `N`, one `K`, one unit
/// list, and every shard `1..=K` (a shard recorded twice with the same
/// counts counts once; with different counts it is an error), with sums
/// that pass [`check_sum`] and [`check_fixed`], each record
/// [`check_record`]. Returns `N` and the counts.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::merge, tools::shard::{Record, Shard}};
/// let half = |index| Record {
///     n: 8,
///     shard: Shard { index, of: 2 },
///     split: 7,
///     counts: Counts { total: 46, burnside: 48 },
///     bound: None,
/// };
/// let (n, counts) = merge(&[half(2), half(1)]).unwrap();
/// assert_eq!((n, counts.total, counts.unique()), (8, 92, 12));
/// assert!(merge(&[half(1)]).is_err());
/// ```
pub fn merge(records: &[Record]) -> Result<(usize, Counts)> {
    let mut book = Book::new(true);
    let source = book.source("records");
    for (i, record) in records.iter().enumerate() {
        book.add_record(record, source, i + 1)?;
    }
    book.merged()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::shard::Shard;

    #[test]
    fn merge_never_overflows_nor_allocates_per_shard() {
        let record = |index, of, total| Record {
            n: 8,
            shard: Shard { index, of },
            split: 7,
            counts: Counts {
                total,
                burnside: total,
            },
            bound: None,
        };
        let err = merge(&[record(1, 2, u128::MAX), record(2, 2, 1)]).unwrap_err();
        assert!(err.to_string().contains("add up to more than"), "{err}");
        let err = merge(&[record(2, usize::MAX, 1)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "shards of n=8 missing (of {}): 1, 3..={}",
                usize::MAX,
                usize::MAX
            )
        );
        let err = merge(&[record(3, 4, 1), record(1, 4, 1)]).unwrap_err();
        assert_eq!(err.to_string(), "shards of n=8 missing (of 4): 2, 4");
    }
}
