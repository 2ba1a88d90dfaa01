//! What a long count says before it starts, on stderr, terminal or not: a
//! count estimated above [`progress::LONG`] that it will take that long,
//! and one above a day what to do instead: so many shards of about an hour
//! each (or, for a shard, the finer shards it is made of), or that it is
//! hopeless. Used by `count` and by checker mode's total.

use crate::engine::counter::{CountPrice, Engine};
use crate::plan::calibration::{Speed, MAX_FACTOR};
use crate::plan::estimate::{about, Quote, DAY};
use crate::tools::progress;
use crate::tools::shard::Shard;

/// Says on stderr, before any work on a side, terminal or not, when the
/// cost model puts its count above a day, and what to do instead (a run
/// of `count 30` should not be left to find that out); or above
/// [`progress::LONG`], that it will take that long, and how to watch it
/// when it is not watched (`watched`: progress is on). `what` names the
/// count of side `n` (`count 22`, `checker 20: the count`); the times are
/// at the run's `speed`. Returns whether it said anything.
pub(super) fn warn_if_long(
    n: usize,
    what: &str,
    shard: Option<Shard>,
    count_price: &CountPrice,
    quote: &Quote,
    speed: &Speed,
    watched: bool,
) -> bool {
    // The probes run only when they decide.
    if !speed.above(quote.wall_ns, quote.cost_class, progress::LONG * 1e9) {
        return false;
    }
    let quote = &quote.calibrated(speed);
    let threads = format!(
        "{} thread{}",
        quote.threads,
        if quote.threads == 1 { "" } else { "s" }
    );
    if let Some(way) = over_a_day(n, shard, count_price, quote) {
        eprintln!(
            "nqueens: this count is estimated at {} on {threads}, more than a \
             day{way}; it will run until stopped",
            about(quote.wall_ns / 1e9),
        );
    } else if quote.wall_ns / 1e9 > progress::LONG {
        let watch = if watched {
            ""
        } else {
            "; --progress shows how far it is"
        };
        eprintln!(
            "nqueens: {what} is estimated at {} on {threads}{watch}",
            about(quote.wall_ns / 1e9),
        );
    } else {
        return false;
    }
    true
}

/// The seconds of `estimate` (on its threads) a progress line may show:
/// at the run's `speed` when `shown` and long enough for the probes to
/// matter (a run estimated far below a second is over before a line
/// could show it: the reference model's figure, no probe).
pub(super) fn shown_seconds(quote: &Quote, speed: &Speed, shown: bool) -> f64 {
    if shown && quote.wall_ns * MAX_FACTOR > 1e9 {
        quote.calibrated(speed).wall_ns / 1e9
    } else {
        quote.wall_ns / 1e9
    }
}

/// The longest a shard should take on one thread, in seconds: an hour, a
/// task any cluster takes.
const SHARD_SECONDS: f64 = 3600.0;

/// When `estimate` (of `count n`, or of `shard` of it, by an engine of
/// this `count_price`) is above a day, the way to do it instead, to follow
/// "more than a day": so many shards that each takes about an hour on one
/// thread, to run by the recipes of `docs/COUNTING.md` (fewer when there are fewer
/// units than that); or, when even one unit a shard leaves a shard over a
/// day, that it is hopeless.
///
/// For a shard, the advice is about that shard: it is split into finer
/// shards of the same count (shard `I/K` is shards `I, I+K, ...` of
/// `M*K`, each about an hour), or, where it is about one work unit
/// already (the finest split), it says that it cannot be split further.
pub(super) fn over_a_day(
    n: usize,
    shard: Option<Shard>,
    count_price: &CountPrice,
    quote: &Quote,
) -> Option<String> {
    if quote.wall_ns / 1e9 <= DAY {
        return None;
    }
    // This run's CPU on one thread, and the whole count's.
    let cpu = quote.cpu_ns / 1e9;
    let of = shard.map_or(1, |shard| shard.of);
    let whole = cpu * of as f64;
    let finest = round_down(count_price.units);
    // A shard runs whole units: with `units / K` not a whole number some
    // shards hold one unit more than the mean, so K is also at least the
    // units over as many as an hour holds (measured: 2200 shards of count
    // 24 averaged 60 min, but shard 1 held 8 units of 8.4 min, 67 min).
    let unit = whole / count_price.units.max(1.0);
    let per_shard = (SHARD_SECONDS / unit).floor().max(1.0);
    let wanted = round_up((whole / SHARD_SECONDS).max(count_price.units / per_shard));
    let (shards, finest_note) = if wanted <= finest {
        (wanted, "")
    } else {
        (finest, " (about one work unit each, the finest split)")
    };
    // The split depends on the threads (and the memory): each thread holds
    // one unit's tables, so the units are cut to fit them. The command
    // names the threads this estimate was made for, and every shard must
    // run with them (`merge` refuses records of another split).
    let threads = quote.threads;
    if let Some(shard) = shard {
        return Some(finer_shards(
            n,
            shard,
            threads,
            cpu,
            count_price.units,
            shards,
        ));
    }
    // Where the join plans every unit (minutes at N = 24), the shards
    // share one planning through a plan file.
    let listed = count_price.engine == Engine::Join && n <= crate::engine::half_board::MAX_N;
    let plan = if listed { " --plan shards.plan" } else { "" };
    let each = about(whole / shards);
    if whole / shards > DAY {
        return Some(format!(
            "; hopeless even in shards: with one work unit each ({shards} shards), \
             {each} each"
        ));
    }
    Some(format!(
        "; in {shards} shards instead{finest_note}, {each} each on one thread: `nqueens count {n} \
         --threads {threads} --shard I/{shards}{plan}` for I = 1..={shards}, all with the same --threads and \
         --memory (the split depends on them), as in \"Shards for clusters\" in docs/COUNTING.md"
    ))
}

/// The advice for `shard` of `count n` on `threads` threads over a day
/// (`cpu` seconds on one thread) when the whole count has `units` work units and would be best
/// split into `shards`: the shard split `M` ways into shards of `M*K`
/// (those it is made of), or, when it holds about one work unit, that it
/// cannot be split further.
fn finer_shards(
    n: usize,
    shard: Shard,
    threads: usize,
    cpu: f64,
    units: f64,
    shards: f64,
) -> String {
    let of = shard.of as f64;
    // Each shard of `M*K` holds about `units / (M*K)` units: no finer
    // than one unit each.
    let ways = (shards / of).min(units / of).floor();
    if ways < 2.0 {
        let hopeless = if cpu > DAY { ": hopeless" } else { "" };
        let step = significance(units);
        return format!(
            "; this shard is about one of count {n}'s {} work units (the finest split), \
             so it cannot be split further{hopeless}",
            (units / step).round() * step
        );
    }
    let ways = ways as usize;
    let finer = ways * shard.of;
    let each = cpu / ways as f64;
    let verdict = if each > DAY {
        " (still more than a day each: hopeless even split finest)"
    } else {
        ""
    };
    let (first, second, last) = (
        shard.index,
        shard.index + shard.of,
        shard.index + (ways - 1) * shard.of,
    );
    let list = if ways == 2 {
        format!("{first} and {last}")
    } else {
        format!("{first}, {second}, ..., {last}")
    };
    format!(
        "; this shard is shards {list} of {finer} (its units, dealt {ways} ways), {} \
         each on one thread{verdict}: `nqueens count {n} --threads {threads} --shard J/{finer}` \
         for those J",
        about(each)
    )
}

/// `x` (at least 1) rounded up to two significant digits: 5599.2 -> 5600.
fn round_up(x: f64) -> f64 {
    let step = significance(x);
    ((x / step).ceil() * step).max(1.0)
}

/// `x` (at least 1) rounded down to two significant digits: 27115 -> 27000.
fn round_down(x: f64) -> f64 {
    let step = significance(x);
    ((x / step).floor() * step).max(1.0)
}

/// The place of `x`'s second significant digit (1 below 100).
fn significance(x: f64) -> f64 {
    10f64.powi((x.max(1.0).log10().floor() as i32 - 1).max(0))
}
