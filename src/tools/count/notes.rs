//! What a count says on stderr beside its result: a checkpoint resumed
//! ([`report_resume`]), a shard holding one unit or none
//! ([`shard_units`]), a shard whose total of 0 is right ([`zero_total`],
//! from the units it holds, [`Held`]), and a count sent from the join to
//! the constellations by its memory limit ([`engine_switch`]).

use std::io::Write;

use crate::engine::counter::{self, Counts};
use crate::plan::estimate;
use crate::tools::estimate_line;
use crate::tools::settings::Settings;
use crate::tools::shard::Shard;

/// The units a shard holds, as its notes tell them: how many, and whether
/// they are all symmetric units (past the join's first `join` units).
#[derive(Clone, Copy, Debug)]
pub struct Held {
    /// How many units.
    pub units: usize,
    /// Whether every one is a symmetric unit (total 0 by design).
    pub symmetric_only: bool,
}

impl Held {
    /// The units at `positions` of a list whose first `join` units are the
    /// join's (the rest symmetric), or of the constellations (`None`).
    pub fn of(positions: &[usize], join: Option<usize>) -> Held {
        Held {
            units: positions.len(),
            symmetric_only: join.is_some_and(|join| positions.iter().all(|&p| p >= join)),
        }
    }
}

/// One line on stderr when a checkpoint held work or damage.
pub(super) fn report_resume(
    path: &std::path::Path,
    contents: &crate::tools::checkpoint::Contents,
    left: usize,
) {
    let mut notes = Vec::new();
    if !contents.done.is_empty() {
        notes.push(format!(
            "resuming: {} units recorded, {left} to count",
            contents.done.len()
        ));
    }
    if contents.tail {
        notes.push("dropped a cut-off last record".to_string());
    }
    if !contents.damaged.is_empty() {
        let lines: Vec<String> = contents
            .damaged
            .iter()
            .take(10)
            .map(|l| l.to_string())
            .collect();
        notes.push(format!(
            "dropped {} damaged record(s) (line {}{}), their units are counted again",
            contents.damaged.len(),
            lines.join(", "),
            if contents.damaged.len() > 10 {
                ", ..."
            } else {
                ""
            }
        ));
    }
    if !notes.is_empty() {
        // A courtesy: a failed write to stderr must not end the run.
        let _ = writeln!(
            std::io::stderr().lock(),
            "nqueens: checkpoint '{}': {}",
            path.display(),
            notes.join("; ")
        );
    }
}

/// What a shard says when its count has fewer units than shards, so that
/// it holds one unit or none (issue 75: `count 16 --shard 1/1000` printed
/// `total=0` beside a note that "shards 478..=1000 hold none", counting
/// only the join's units: it held one, whose total is 0). `all` is the
/// length of the unit list the shards are dealt from; its first `join`
/// units are the join's, the rest the symmetric units of the unique count
/// (`None`: the constellations, whose units are all alike). A shard
/// holding none plans, then prints an empty record, which `merge` needs.
///
/// ```
/// use nqueens::tools::{count::shard_units, shard::Shard};
/// let note = |index, of| shard_units(16, Shard { index, of }, 589, Some(477));
/// assert!(note(1, 1000).unwrap().contains("shard 1/1000 holds 1 unit of count 16's 589 units"));
/// assert!(note(500, 1000).unwrap().contains("unit 500, a symmetric one"));
/// assert!(note(600, 1000).unwrap().contains("shard 600/1000 holds no unit"));
/// assert!(note(600, 1000).unwrap().contains("shards 590..=1000 hold none"));
/// assert_eq!(note(3, 589), None);
/// ```
pub fn shard_units(n: usize, shard: Shard, all: usize, join: Option<usize>) -> Option<String> {
    if shard.of <= all {
        return None;
    }
    let list = match join {
        Some(join) if join < all => format!(
            "{all} units ({join} of the join, then {} symmetric ones that count only the \
             solutions a symmetry fixes, for the unique count)",
            all - join
        ),
        _ => format!("{all} units"),
    };
    let what = format!("shard {}/{}", shard.index, shard.of);
    let holds = match join {
        _ if shard.index > all => format!(
            "{what} holds no unit of count {n}'s {list}: its record is empty (total=0 \
             burnside=0), and merge needs it"
        ),
        Some(join) if shard.index > join => format!(
            "{what} holds 1 unit of count {n}'s {list}: unit {}, a symmetric one",
            shard.index
        ),
        _ => format!(
            "{what} holds 1 unit of count {n}'s {list}: unit {}",
            shard.index
        ),
    };
    Some(format!(
        "nqueens: note: {holds}; shards {}..={} hold none; --shard I/K with K <= {all} \
         gives every shard a unit",
        all + 1,
        shard.of
    ))
}

/// What a shard that holds units says when their total is 0, which looks
/// like a lost count and is not: its units hold no solution, or are all
/// symmetric units (for the unique count only).
///
/// ```
/// use nqueens::{engine::counter::Counts, tools::{count::{zero_total, Held}, shard::Shard}};
/// let shard = Shard { index: 1, of: 1000 };
/// let held = Held { units: 1, symmetric_only: false };
/// let zero = Counts { total: 0, burnside: 0 };
/// assert!(zero_total(shard, held, zero).unwrap().contains("its unit holds no solution"));
/// assert_eq!(zero_total(shard, held, Counts { total: 2, burnside: 2 }), None);
/// assert_eq!(zero_total(shard, Held { units: 0, symmetric_only: true }, zero), None);
/// ```
pub fn zero_total(shard: Shard, held: Held, counts: Counts) -> Option<String> {
    if held.units == 0 || counts.total != 0 {
        return None;
    }
    let what = format!("shard {}/{}", shard.index, shard.of);
    let units = match held.units {
        1 => "its unit".to_string(),
        units => format!("its {units} units"),
    };
    let one = held.units == 1;
    Some(match held.symmetric_only {
        true => format!(
            "nqueens: note: {what}: total=0 is right: {units} only {} the solutions a \
             symmetry fixes, for the unique count (burnside={})",
            if one { "counts" } else { "count" },
            counts.burnside
        ),
        false => format!(
            "nqueens: note: {what}: total=0 is right: {units} {} no solution",
            if one { "holds" } else { "hold" }
        ),
    })
}

/// What a count says on stderr when its memory limit sends it from the
/// half-board join to the constellations (`count_price` is the chosen
/// engine's): which engine it runs on, what each costs, and the
/// `--memory` that keeps the join ([`counter::join_memory`]). `None`
/// where it runs on the join, or the join does not count side `n`.
pub fn engine_switch(
    n: usize,
    unique: bool,
    settings: &Settings,
    count_price: &counter::CountPrice,
) -> Option<String> {
    if count_price.engine != counter::Engine::Constellations {
        return None;
    }
    let (bytes, join) = counter::join_memory(n, unique, settings.budget)?;
    let threads = settings.threads();
    let cpu = |count_price: &counter::CountPrice| {
        let quote = estimate::of_price(count_price, threads).calibrated(settings.speed());
        crate::plan::estimate::human(quote.cpu_ns / 1e9)
    };
    Some(format!(
        "nqueens: count {n} does not fit the half-board join within --memory {} on {threads} \
         thread{}: it runs on the constellations instead (about {} of CPU against the join's \
         {}); --memory {}MiB or more keeps the join",
        estimate_line::bytes(settings.budget.bytes as f64),
        if threads == 1 { "" } else { "s" },
        cpu(count_price),
        cpu(&join),
        bytes >> 20
    ))
}
