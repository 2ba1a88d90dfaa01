//! Checker mode (`nqueens checker N`) as the binary runs it: the first
//! solutions from [`crate::base::checker`], and the total counted by the
//! engine `count N` uses, with `count`'s words on stderr for a long one
//! and its progress.

use std::io::Write;
use std::sync::atomic::AtomicU64;

use crate::base::checker;
use crate::base::error::Result;
use crate::engine::counter::{self, Watch};
use crate::plan::estimate;
use crate::tools::progress;
use crate::tools::settings::Settings;

use super::advice::{shown_seconds, warn_if_long};

/// `nqueens checker N`: the first three solutions of the blank board, then
/// its total (see [`checker::answer`]), with the total's engine planned
/// for the settings' budget. A step still running after [`progress::QUIET_FOR`] (the
/// search for the first solutions takes minutes at N = 40..64, the count
/// minutes from N = 20) says so on stderr, terminal or not; a count
/// estimated above [`progress::LONG`] says so before it starts; with
/// progress on (`--progress`, or stderr is a terminal) the count reports
/// its share done, as `count` does.
///
/// ```
/// use nqueens::tools::{count::checker, settings::Settings};
/// let mut out = Vec::new();
/// checker(6, &Settings::quiet(1), &mut out).unwrap();
/// assert_eq!(out, b"2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
/// ```
///
/// # Errors
/// A failed write, or a worker thread failed.
pub fn checker(n: usize, settings: &Settings, out: &mut dyn Write) -> Result<()> {
    let (searching, _) = checker_words(n);
    let first = progress::say_if_slow(
        true,
        progress::QUIET_FOR,
        &searching,
        std::io::stderr(),
        || checker::first_solutions(n, checker::SHOWN),
    );
    checker::answer(&first, || checker_total(n, settings), out)
}

/// What a slow `checker n` says on a terminal: while it searches for its
/// first solutions, then while it counts them all.
///
/// ```
/// let (searching, counting) = nqueens::tools::count::checker_words(40);
/// assert_eq!(
///     searching,
///     "nqueens: checker 40: searching for the first 3 solutions in lexicographic \
///      order (a plain search: on a large board it can take minutes)..."
/// );
/// assert_eq!(counting, "nqueens: checker 40: counting all the solutions (this takes a while at this size)...");
/// ```
pub fn checker_words(n: usize) -> (String, String) {
    (
        format!(
            "nqueens: checker {n}: searching for the first {} solutions in lexicographic \
             order (a plain search: on a large board it can take minutes)...",
            checker::SHOWN
        ),
        format!(
            "nqueens: checker {n}: counting all the solutions (this takes a while at this size)..."
        ),
    )
}

/// The total of the blank board of side `n` for checker mode: the engine
/// `count n` uses, planned for the settings' budget, with `count`'s word on
/// stderr (at the settings' speed) when the count is estimated long or
/// above a day (`checker 27` would otherwise count for years without one);
/// with the settings' progress on, its progress on stderr; off, a line if
/// it takes more than
/// [`progress::QUIET_FOR`] and no word was said before.
///
/// # Errors
/// A worker thread failed.
pub fn checker_total(n: usize, settings: &Settings) -> Result<u128> {
    let (budget, progress) = (settings.budget, settings.progress);
    let choice = counter::choose(n, false, budget);
    let count_price = choice.price();
    let quote = estimate::of_price(&count_price, budget.threads);
    let said = warn_if_long(
        n,
        &format!("checker {n}: the count"),
        None,
        &count_price,
        &quote,
        settings.speed(),
        progress.on(),
    );
    let counter = choice.build(budget.threads, &AtomicU64::new(0))?;
    let all: Vec<usize> = (0..counter.units()).collect();
    let total = all.iter().map(|&unit| counter.weight(unit)).sum();
    let done = AtomicU64::new(0);
    let count = || counter.count_each(&all, budget.threads, Watch::done(&done));
    let counts = if progress.on() {
        let whole = Some(shown_seconds(&quote, settings.speed(), true));
        let label = format!("checker {n}: the count");
        progress::watch_estimated(progress, &label, total, &done, whole, count)?
    } else {
        let (_, counting) = checker_words(n);
        progress::say_if_slow(
            !said,
            progress::QUIET_FOR,
            &counting,
            std::io::stderr(),
            count,
        )?
    };
    Ok(counts.total)
}
