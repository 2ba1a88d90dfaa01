//! `cargo bench --bench blank -- --order [N...] [--units U] [--factors F,...] [--kernel NAME]
//! [--diagonal | --eight]`
//! (default 26, 6 units, factors 0, 0.5, 1 and 2): the same ranked units
//! of the plan `count N` runs, their ranks naming column sets in colex
//! order (factor 0, the baseline) and in tiles of `F` times the square
//! root of a unit's ranks (`column_sets/tiles.rs`), in one process.
//!
//! A unit's ranks name other sets in each order, so two orders' units are
//! not the same work: each order's `U` units, spread evenly over the
//! plan, sample its whole count. Printed per unit and order: the thread's
//! CPU seconds, its tasks and the seconds of its tables, halves and join
//! (the tally's); then per order the totals, the seconds per task of
//! each part, and the ratio of seconds per task to colex order's (the
//! joins' share of a task is the same in any order on average; the tables'
//! is what the order changes). Last, per order, the join's work per
//! solution the units found (tops, visits, pair words, candidate pairs
//! over 64), the CPU per solution, the join's seconds per word and per
//! visit, and the sieve's cut diagonals per chunk: the terms to set one
//! size or fold against another (`--units 4 --factors 0`).

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::tally::Tally;
use nqueens::engine::half_board::{Isa, PreparedJoin};

use crate::shard::min_n_of;

pub fn order(sizes: &[usize], units: usize, factors: &[f64], isa: Isa, mode: &str) {
    let sizes = if sizes.is_empty() { &[26][..] } else { sizes };
    for &n in sizes {
        let blank = vec![full_row(n); n];
        let budget = Budget::new(1 << 30, 1);
        let plans: Option<Vec<PreparedJoin>> = factors
            .iter()
            .map(|&f| {
                let mut join = PreparedJoin::tuned(n, &blank, budget, min_n_of(mode), None)?;
                join.set_tile_over_root(f);
                Some(join)
            })
            .collect();
        let Some(plans) = plans.filter(|p| p[0].is_ranked()) else {
            println!("{n:>3} (not ranked units within 1 GiB)");
            continue;
        };
        let step = (plans[0].units() / units.max(1)).max(1);
        println!(
            "{n:>3} {} units, {}; every {step}th run in each order",
            plans[0].units(),
            plans[0].fold()
        );
        println!("  N   unit  factor     cpu s   tasks   tables s   halves s   join s");
        let mut sums = vec![(0f64, Tally::default()); factors.len()];
        let mut found = vec![0u128; factors.len()];
        for (k, i) in (step / 2..plans[0].units()).step_by(step).enumerate() {
            for j in 0..factors.len() {
                // Rotate which order goes first.
                let which = (j + k) % factors.len();
                let join = &plans[which];
                let (before, tally) = (cpu::thread_precise(), join.tally());
                found[which] += join.run_unit_with(i, isa);
                let did = join.tally().since(&tally);
                let secs = match (before, cpu::thread_precise()) {
                    (Some(a), Some(b)) => (b - a).as_secs_f64(),
                    _ => f64::NAN,
                };
                println!(
                    "{n:>3} {i:>6} {:>7.2} {secs:>9.2} {:>7} {:>10.2} {:>10.2} {:>8.2}",
                    factors[which],
                    did.sets,
                    did.tables.as_secs_f64(),
                    did.halves.as_secs_f64(),
                    did.join.as_secs_f64(),
                );
                sums[which].0 += secs;
                sums[which].1.add(&did);
            }
        }
        println!("  N  factor   cpu s   tasks  ms/task  tables  halves    join  x colex");
        let per_task = |(secs, t): &(f64, Tally)| 1e3 * secs / t.sets.max(1) as f64;
        for (j, sum) in sums.iter().enumerate() {
            let t = &sum.1;
            let ms = |d: std::time::Duration| 1e3 * d.as_secs_f64() / t.sets.max(1) as f64;
            println!(
                "{n:>3} {:>7.2} {:>7.1} {:>7} {:>8.2} {:>7.2} {:>7.2} {:>7.2} {:>8.2}",
                factors[j],
                sum.0,
                t.sets,
                per_task(sum),
                ms(t.tables),
                ms(t.halves),
                ms(t.join),
                per_task(sum) / per_task(&sums[0]),
            );
        }
        // The model's terms per solution the units found (their counts as
        // the whole count adds them), and the join's seconds per term: the
        // figures to set one size against another.
        println!("  N  factor  tops/sol visits/sol words/sol cand/sol  ns/sol  ns/word  ns/visit  cut/chunk");
        for (j, (secs, t)) in sums.iter().enumerate() {
            let sol = found[j].max(1) as f64;
            let per = |x: u64| x as f64 / sol;
            println!(
                "{n:>3} {:>7.2} {:>9.4} {:>10.4} {:>9.4} {:>8.3} {:>7.3} {:>8.3} {:>9.2} {:>10.2}",
                factors[j],
                per(t.tops),
                per(t.visits),
                per(t.pair_words),
                per(t.candidates) / 64.0,
                1e9 * secs / sol,
                1e9 * t.join.as_secs_f64() / t.pair_words.max(1) as f64,
                1e9 * t.join.as_secs_f64() / t.visits.max(1) as f64,
                t.cut as f64 / t.chunks.max(1) as f64,
            );
        }
    }
}
