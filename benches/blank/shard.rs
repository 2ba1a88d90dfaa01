//! `cargo bench --bench blank -- --shard N I/K`: one shard of `count N`
//! (ranked plans, past 24) unit by unit, its quote against what it takes,
//! so that a shard priced far from its time says where: the joins or the
//! tables' builds.
//!
//! The units are the shard's (`count N --shard I/K`: every K-th unit from
//! the I-th, at the default memory limit on one thread). Per unit, one
//! thread: its column sets, its quote's joins and builds (every set walked
//! when the shard holds at most 1024 sets, as the shard's own quote does;
//! seconds at this machine's speed by the calibration probe), its thread
//! CPU seconds, the tables' share of them (the tally's clock), and real
//! over quote for the whole and for the joins alone. Then the sums.
//!
//! With `--rows` each unit whose quote passes 30 s is also printed as
//! `fit.rs` prints a row (`row N NS TERMS... | TALLY...`: the model's terms
//! from a walk of every set of the unit, its thread CPU less its tables'
//! build): `--fit --rows FILE` fits such rows with the others. A unit's
//! sets share their tables as in a real shard, so its row is what a shard
//! pays, where a set run alone pays for tables of its own.

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::{MinN, PreparedJoin};
use nqueens::engine::pricing::CostClass;
use nqueens::tools::settings::Machine;
use nqueens::tuning::sampling::{SHARD_DRAWS, UNIT_DRAWS, WALKED_SETS};

use crate::fit::print_row;

pub fn shard(n: usize, index: usize, of: usize) {
    let blank = vec![full_row(n); n];
    let Some(mut join) = PreparedJoin::within(n, &blank, Budget::new(1 << 30, 1)) else {
        println!("the join does not plan N = {n} within 1 GiB");
        return;
    };
    if !join.is_ranked() || index == 0 || index > of {
        println!("N = {n} plans listed units (or I/K is not a shard): nothing to show");
        return;
    }
    let speed = Machine::this().speed.factor(CostClass::join(n));
    // `--price`: the units' estimated tallies only (`est` lines), nothing run.
    let price_only = std::env::args().any(|a| a == "--price");
    let units: Vec<usize> = (index - 1..join.units()).step_by(of).collect();
    let sets: u64 = units
        .iter()
        .filter_map(|&u| join.ranked_unit(u))
        .map(|(_, r)| r.end - r.start)
        .sum();
    let draws = shard_draws(sets, units.len());
    let whole = join.cost();
    join.narrow(&units);
    println!(
        "quote of the whole: {:.1} s; of the shard (narrowed as `count` does): {:.1} s",
        whole * speed / 1e9,
        join.cost() * speed / 1e9
    );
    println!(
        "count {n} --shard {index}/{of}: {} units, {sets} column sets, probe {speed:.2}x the reference",
        units.len()
    );
    println!(
        "{:>9} {:>6} {:>6} {:>10} {:>10} {:>10} {:>8} {:>9} {:>9}",
        "unit", "pivot", "sets", "q joins", "q builds", "real s", "tables", "real/q", "join r/q"
    );
    let (mut qj, mut qb, mut real, mut tables) = (0.0, 0.0, 0.0, 0.0);
    for &u in &units {
        let Some((pivot, ranks)) = join.ranked_unit(u) else {
            continue;
        };
        let len = ranks.end - ranks.start;
        let (joins, builds) = join
            .ranks_ns(pivot, ranks.clone(), draws.min(len), u as u64)
            .expect("ranked plans price their ranks");
        let (joins, builds) = (joins * speed / 1e9, builds * speed / 1e9);
        let row = price_only || (std::env::args().any(|a| a == "--rows") && joins + builds > 30.0);
        let work = row.then(|| {
            join.work_of_ranks(pivot, ranks.clone())
                .expect("ranked plans have works")
        });
        if let Some(work) = &work {
            let est = join
                .estimate_ranks(pivot, ranks.clone(), u as u64)
                .expect("ranked plans estimate their ranks");
            println!(
                "est {n} {} | {}",
                work.terms()[3],
                crate::fit::tally_line(&est)
            );
            if price_only {
                continue;
            }
        }
        let before = join.tally();
        let start = cpu::thread_precise().expect("thread CPU time");
        std::hint::black_box(join.count_ranks(pivot, ranks));
        let secs = (cpu::thread_precise().expect("thread CPU time") - start).as_secs_f64();
        let did = join.tally().since(&before);
        let t = did.tables.as_secs_f64().min(secs);
        if let Some(work) = work {
            print_row(n, (secs - t) * 1e9, &work, &did);
        }
        println!(
            "{u:>9} {pivot:>6} {len:>6} {joins:>10.1} {builds:>10.1} {secs:>10.1} {t:>8.1} {:>9} {:>9}",
            ratio(secs, joins + builds),
            ratio(secs - t, joins)
        );
        (qj, qb, real, tables) = (qj + joins, qb + builds, real + secs, tables + t);
    }
    println!(
        "{:>9} {:>6} {sets:>6} {qj:>10.1} {qb:>10.1} {real:>10.1} {tables:>8.1} {:>9} {:>9}",
        "all",
        "",
        ratio(real, qj + qb),
        ratio(real - tables, qj)
    );
}

/// `--costliest N [SEED]`: a shard "from the costliest tenth" (issue 77)
/// of `count N` (ranked plans, at the default memory limit on one
/// thread). The plan cuts units to about one planned weight (the 90th
/// percentile is printed against the mean), so the tenth is taken by each
/// unit's own price instead: 100 units drawn (seeded), each priced as
/// `--measure` prices it (many rounds of descents of its sets, a fraction
/// of a second; walking its sets as a shard's quote does costs a third of
/// running it, an hour for 100 units of 26), the costliest ten printed,
/// costliest first, each with the `--shard I/K` that runs it alone (`K`
/// the units: shard `I` is unit `I - 1`), which prints its walked quote.
pub fn costliest(n: usize, seed: u64) {
    let blank = vec![full_row(n); n];
    let Some(join) = PreparedJoin::within(n, &blank, Budget::new(1 << 30, 1)) else {
        println!("the join does not plan N = {n} within 1 GiB");
        return;
    };
    if !join.is_ranked() {
        println!("N = {n} plans listed units: nothing to show");
        return;
    }
    let speed = Machine::this().speed.factor(CostClass::join(n));
    let units = join.units();
    // f32 weights: 97 million units of 28 in 390 MB.
    let mut weights: Vec<f32> = (0..units).map(|u| join.unit_weight(u) as f32).collect();
    let mean = weights.iter().map(|&w| f64::from(w)).sum::<f64>() / units as f64;
    let tenth = (units - units / 10).min(units - 1);
    let (_, &mut from, _) = weights.select_nth_unstable_by(tenth, f32::total_cmp);
    println!(
        "count {n}: {units} units; planned weight: mean {mean:.3e}, 90th percentile {:.2}x the mean",
        f64::from(from) / mean
    );
    let mut rng = nqueens::base::rng::Rng::new(seed ^ n as u64);
    let mut quoted: Vec<(f64, usize)> = (0..100)
        .filter_map(|_| {
            let u = rng.below(units as u64) as usize;
            let ns = join.unit_price(u, rng.next_u64())?;
            Some((ns * speed / 1e9, u))
        })
        .collect();
    quoted.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mean_quote = quoted.iter().map(|q| q.0).sum::<f64>() / quoted.len().max(1) as f64;
    println!(
        "{} units drawn (seed {seed}), priced {mean_quote:.1} s on average; the costliest tenth:",
        quoted.len()
    );
    for &(secs, u) in quoted.iter().take((quoted.len() + 9) / 10) {
        println!(
            "unit {u}: priced {secs:.1} s ({:.2}x the drawn mean): cargo bench --bench blank -- --shard {n} {}/{units}",
            secs / mean_quote,
            u + 1
        );
    }
}

/// The draws per unit a shard of `units` units and `sets` column sets is
/// quoted with (`Ranked::narrow`'s rule): every set walked where it holds
/// at most [`WALKED_SETS`], else [`SHARD_DRAWS`] shared out, at least
/// [`UNIT_DRAWS`] each.
fn shard_draws(sets: u64, units: usize) -> u64 {
    if sets <= WALKED_SETS {
        u64::MAX
    } else {
        (SHARD_DRAWS / units.max(1)).max(UNIT_DRAWS) as u64
    }
}

/// `real / quote`, or `-` where nothing was quoted.
fn ratio(real: f64, quote: f64) -> String {
    if quote > 0.0 {
        format!("{:.2}", real / quote)
    } else {
        "-".to_string()
    }
}

/// `--sieved N K`: `K` units of `count N` drawn at random (seeded), each
/// priced as the plan weighs it (sampled descents, the ranked regime's
/// constant per N) and as a shard that walks its sets prices it (the
/// kernel's estimate of its own tally, the sieved regime), nothing run;
/// then the pooled ratio, which is what the ranked constant of N would be
/// multiplied by for the plan's total to agree with the kernel's
/// estimates (the two regimes' constants are fitted on the same whole
/// units, so the ratio also says how far the plan's total is from what
/// its units' sieves leave).
///
/// `mode` forces a fold where the size allows it: `"diagonal"` (no pair
/// mode), `"eight"` (pair mode with the transpose), anything else the
/// default.
/// The fold an even N is planned in by `mode`: `diagonal` where it
/// would take pair mode, `eight` pair mode with the transpose, anything
/// else the default.
pub fn min_n_of(mode: &str) -> MinN {
    match mode {
        "diagonal" => MinN {
            pair: 99,
            ..MinN::default()
        },
        "eight" => MinN {
            pair: 0,
            pair_transpose: 0,
            ..MinN::default()
        },
        _ => MinN::default(),
    }
}

pub fn sieved(n: usize, k: usize, mode: &str, tiles: f64) {
    let blank = vec![full_row(n); n];
    let budget = Budget::new(1 << 30, 1);
    let Some(mut join) = PreparedJoin::tuned(n, &blank, budget, min_n_of(mode), None) else {
        println!("the join does not plan N = {n} within 1 GiB");
        return;
    };
    join.set_tile_over_root(tiles);
    if !join.is_ranked() {
        println!("N = {n} plans listed units: nothing to compare");
        return;
    }
    let mut rng = nqueens::base::rng::Rng::new(0x51e7ed ^ n as u64);
    println!(
        "count {n}: {} units, {}; {k} drawn (reference ns, one core)",
        join.units(),
        join.fold()
    );
    println!(
        "{:>9} {:>6} {:>6} {:>12} {:>12} {:>8}",
        "unit", "pivot", "sets", "weight s", "sieved s", "ratio"
    );
    let (mut weights, mut sieved, mut builds_sum) = (0.0, 0.0, 0.0);
    for _ in 0..k {
        let u = rng.below(join.units() as u64) as usize;
        let Some((pivot, ranks)) = join.ranked_unit(u) else {
            continue;
        };
        let len = ranks.end - ranks.start;
        let weight = join.unit_weight(u);
        let (joins, builds) = join
            .ranks_ns(pivot, ranks, len, u as u64)
            .expect("ranked plans price their ranks");
        weights += weight;
        sieved += joins + builds;
        builds_sum += builds;
        println!(
            "{u:>9} {pivot:>6} {len:>6} {:>12.1} {:>12.1} {:>8}",
            weight / 1e9,
            (joins + builds) / 1e9,
            ratio(joins + builds, weight)
        );
    }
    println!(
        "pooled sieved / weight: {}; whole plan by weights {:.1} CPU-years",
        ratio(sieved, weights),
        join.cost() / 1e9 / 3.156e7
    );
    // The builds are priced alike both ways (each placement walked), so
    // what a constant on the joins must scale by is the rest's ratio.
    println!(
        "builds {:.1} s of it; joins alone, sieved / weight: {}",
        builds_sum / 1e9,
        ratio(sieved - builds_sum, weights - builds_sum)
    );
}
