//! The checks of a campaign's records (see the module doc of
//! [`super`]): of a whole split's sum ([`check_sum`], [`check_fixed`]),
//! of each record alone ([`check_record`]), and the error of records
//! that add up past `u128`.

use crate::base::error::{Error, Result};
use crate::engine::counter::Counts;
use crate::tools::shard::Record;

/// The error of records that add up past `u128`.
pub(super) fn overflow(n: usize) -> Error {
    Error::Shards(format!(
        "the records of n={n} add up to more than {} (damaged records?)",
        u128::MAX
    ))
}

/// The checks the sum of a whole split must pass (see the module doc);
/// `files` is how many files it was read from, for the message.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_sum};
/// assert!(check_sum(8, Counts { total: 92, burnside: 96 }, 1).is_ok());
/// let off = check_sum(8, Counts { total: 94, burnside: 96 }, 1).unwrap_err();
/// assert!(off.to_string().contains("not a multiple of 4"), "{off}");
/// assert!(check_sum(8, Counts { total: 92, burnside: 100 }, 1).is_err());
/// assert!(check_sum(8, Counts { total: 92, burnside: 88 }, 1).is_err());
/// assert!(check_sum(4, Counts { total: 2, burnside: 8 }, 1).is_ok());
/// ```
pub fn check_sum(n: usize, sum: Counts, files: usize) -> Result<()> {
    let fail = |what: String| {
        Err(Error::Shards(format!(
            "the records of n={n} (from {files} file(s)) give {what} (damaged records?)"
        )))
    };
    let Counts { total, burnside } = sum;
    if n >= 6 && total % 4 != 0 {
        return fail(format!(
            "a total of {total}, not a multiple of 4 as every count from n = 6 is"
        ));
    }
    if burnside % 8 != 0 {
        return fail(format!("a Burnside sum of {burnside}, not a multiple of 8"));
    }
    if burnside < total || burnside / 8 > total {
        return fail(format!(
            "a Burnside sum of {burnside} against a total of {total}, outside \
             total <= burnside <= 8 * total"
        ));
    }
    Ok(())
}

/// Up to this side [`check_fixed`] searches the half turn's fixed points:
/// minutes at n = 28 (the times by side are in `docs/COUNTING.md`), once,
/// when a campaign of CPU-years is complete (`merge`, not `merge
/// --status`, which runs often): worth it. Past it the search grows about
/// eightfold per two sides.
pub const FIXED_CHECK_TO: usize = 28;

/// Up to this side [`check_fixed`] searches the quarter turn's fixed
/// points where the half turn's are out of reach (milliseconds at n = 28,
/// 26 s at 41 on a busy 2-core VM; see `docs/COUNTING.md`).
pub const QUARTER_CHECK_TO: usize = 41;

/// The threads of [`check_fixed`]'s searches: the machine's.
pub(super) fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks Burnside's sum less the total of a whole split of side `n`
/// against the solutions the symmetries besides the identity fix,
/// searched directly on `threads` threads (see the module doc): equal up
/// to [`FIXED_CHECK_TO`]; up to [`QUARTER_CHECK_TO`] at least three times
/// the quarter turn's (twice for the two quarter turns, and the half turn
/// fixes every solution a quarter turn does); nothing past it. Call it
/// after [`check_sum`] (the sum within `total..=8 * total`).
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_fixed};
/// // The 8 x 8 board: 92 solutions, 12 unique, 4 fixed by the half turn.
/// assert!(check_fixed(8, Counts { total: 92, burnside: 96 }, 1, 1).is_ok());
/// let off = check_fixed(8, Counts { total: 84, burnside: 96 }, 1, 1).unwrap_err();
/// assert!(off.to_string().contains("less the total, 12, should be 4"), "{off}");
/// ```
pub fn check_fixed(n: usize, sum: Counts, files: usize, threads: usize) -> Result<()> {
    use crate::base::board::Symmetry;
    use crate::engine::counter::fixed::{besides_identity, fixed_all_on};
    let Counts { total, burnside } = sum;
    let Some(besides) = burnside.checked_sub(total) else {
        return Ok(()); // check_sum's to refuse
    };
    let fail = |what: String| {
        Err(Error::Shards(format!(
            "the records of n={n} (from {files} file(s)) give a Burnside sum of {burnside} \
             against a total of {total}: {what} (damaged records?)"
        )))
    };
    if n <= FIXED_CHECK_TO {
        let fixed = besides_identity(n, threads);
        if besides != fixed {
            let quarter = fixed_all_on(n, Symmetry::Rotate90, threads);
            let half = fixed_all_on(n, Symmetry::Rotate180, threads);
            let reflections = fixed - 2 * quarter - half;
            return fail(format!(
                "Burnside's sum less the total, {besides}, should be {fixed}, the solutions \
                 the symmetries besides the identity fix (2 * {quarter} for the quarter \
                 turns + {half} for the half turn + {reflections} for the reflections, \
                 searched directly)"
            ));
        }
    } else if n <= QUARTER_CHECK_TO {
        let quarter = fixed_all_on(n, Symmetry::Rotate90, threads);
        if besides < 3 * quarter {
            return fail(format!(
                "Burnside's sum less the total, {besides}, should be at least 3 * {quarter}, \
                 the solutions the quarter turns fix (searched directly) twice, and the half \
                 turn's, which include those"
            ));
        }
    }
    Ok(())
}

/// Checks one record alone: its share of Burnside's sum at least its
/// share of the total (see the module doc); `source` and `line` name where
/// it was read.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_record, tools::shard::{Record, Shard}};
/// let mut record = Record {
///     n: 8,
///     shard: Shard { index: 1, of: 2 },
///     split: 7,
///     counts: Counts { total: 46, burnside: 48 },
///     bound: None,
/// };
/// assert!(check_record(&record, "stdin", 1).is_ok());
/// record.counts.burnside = 40;
/// assert!(check_record(&record, "stdin", 1).is_err());
/// ```
pub fn check_record(record: &Record, source: &str, line: usize) -> Result<()> {
    let Counts { total, burnside } = record.counts;
    if burnside < total {
        return Err(Error::Shards(format!(
            "{source}: line {line}: shard {}/{} of n={} has burnside={burnside} below its \
             total={total}, which no unit's share can be (damaged record?)",
            record.shard.index, record.shard.of, record.n
        )));
    }
    Ok(())
}

/// Checks one record's total against its bound (`bound=`, where its engine
/// keeps one: [`crate::engine::counter::UnitCounter::bound`]): a total
/// above it was damaged on its node before the record was sealed (a bit
/// flipped high), since no join of the shard's units could count it.
/// `source` and `line` name where it was read.
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::campaign::check_bound, tools::shard::{Record, Shard}};
/// let mut record = Record {
///     n: 8,
///     shard: Shard { index: 1, of: 2 },
///     split: 7,
///     counts: Counts { total: 46, burnside: 48 },
///     bound: Some(400),
/// };
/// assert!(check_bound(&record, "stdin", 1).is_ok());
/// record.counts.total += 1 << 40;
/// let error = check_bound(&record, "stdin", 1).unwrap_err();
/// assert!(error.to_string().contains("above its bound=400"), "{error}");
/// record.bound = None;
/// assert!(check_bound(&record, "stdin", 1).is_ok());
/// ```
pub fn check_bound(record: &Record, source: &str, line: usize) -> Result<()> {
    match record.bound {
        Some(bound) if record.counts.total > bound => Err(Error::Shards(format!(
            "{source}: line {line}: shard {}/{} of n={} has total={} above its bound={bound}, \
             more than its units could count (damaged on its node before the record was \
             sealed?): count that shard again",
            record.shard.index, record.shard.of, record.n, record.counts.total
        ))),
        _ => Ok(()),
    }
}
