//! `cargo bench --bench blank -- --transpose [N...] [--units U] [--ranks R]`
//! (default 26 and 28, 12 units, 1024 ranks): pair mode with the transpose
//! (`8 pair`) against pair mode without it (`4 pair`, what `count N` runs)
//! on the same work, in one process, with each piece's work (seconds
//! building its quarter tables, the halves and joining them; tops, bottoms, AND + popcount
//! words and table words per column set).
//!
//! Both plans list the same pivots in the same order (the transpose only
//! adds marks), so a piece (a pivot and a range of its column-set ranks)
//! is the same work in both. Pieces: the first `R` ranks of `U` units
//! spread evenly over the four-fold plan's units (the units are cut to
//! equal prices, so an even spread weighs the pivots by their cost). Each
//! piece runs in both plans, in alternating order, and the thread's CPU
//! time is read around each; a piece builds its own quarter tables, as a
//! unit does. Printed per piece: its pivot's key (the distance of its
//! outermost queen from the edge), the seconds of each, their ratio and
//! the models' ratio; then the totals.

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::tally::Tally;
use nqueens::engine::half_board::{MinN, PreparedJoin};

pub fn transpose(sizes: &[usize], units: usize, ranks: u64) {
    let sizes = if sizes.is_empty() {
        &[26, 28][..]
    } else {
        sizes
    };
    println!("  N  piece  pivot key      8 pair s   4 pair s   real 8/4  model 8/4");
    for &n in sizes {
        let blank = vec![full_row(n); n];
        let budget = Budget::new(1 << 30, 1);
        let four = MinN {
            pair_transpose: 99,
            ..MinN::default()
        };
        let eight = MinN {
            pair_transpose: 0,
            ..MinN::default()
        };
        let (Some(eight), Some(four)) = (
            PreparedJoin::tuned(n, &blank, budget, eight, None),
            PreparedJoin::tuned(n, &blank, budget, four, None),
        ) else {
            println!("{n:>3} (no plan within 1 GiB)");
            continue;
        };
        if eight.fold() != "8 pair" || four.fold() != "4 pair" || !four.is_ranked() {
            println!("{n:>3} runs {} (not pair mode)", eight.fold());
            continue;
        }
        let pivots = four.ranked_pivots().unwrap_or_default();
        assert_eq!(eight.ranked_pivots().unwrap_or_default(), pivots);
        let step = (four.units() / units.max(1)).max(1);
        let ranks_of = |join: &PreparedJoin| -> u64 {
            (0..join.units())
                .filter_map(|i| join.ranked_unit(i))
                .map(|(_, r)| r.end - r.start)
                .sum()
        };
        println!(
            "{n:>3} units {} and {}, ranks a unit {:.0} and {:.0}",
            eight.units(),
            four.units(),
            ranks_of(&eight) as f64 / eight.units() as f64,
            ranks_of(&four) as f64 / four.units() as f64,
        );
        let (mut sums, mut models) = ([0f64; 2], [0f64; 2]);
        for (piece, i) in (step / 2..four.units()).step_by(step).enumerate() {
            let Some((p, r)) = four.ranked_unit(i) else {
                continue;
            };
            let r = r.start..r.end.min(r.start + ranks);
            let key = key_of(n, pivots[p]);
            let mut secs = [0f64; 2];
            let order = if piece % 2 == 0 { [0, 1] } else { [1, 0] };
            let mut tallies = [Default::default(); 2];
            for which in order {
                let join = [&eight, &four][which];
                let (before, tally) = (cpu::thread_precise(), join.tally());
                join.count_ranks(p, r.clone());
                tallies[which] = join.tally().since(&tally);
                secs[which] = match (before, cpu::thread_precise()) {
                    (Some(a), Some(b)) => (b - a).as_secs_f64(),
                    _ => f64::NAN,
                };
            }
            let model: Vec<f64> = [&eight, &four]
                .iter()
                .map(|join| {
                    join.ranks_ns(p, r.clone(), ranks, 7)
                        .map_or(f64::NAN, |(joins, builds)| joins + builds)
                })
                .collect();
            for k in 0..2 {
                sums[k] += secs[k];
                models[k] += model[k];
            }
            let per = |t: &Tally, x: u64| x as f64 / t.sets.max(1) as f64;
            let [a, b]: [Tally; 2] = tallies;
            println!(
                "{n:>3} {piece:>6} {p:>6} {key:>3} {:>12.2} {:>10.2} {:>10.2} {:>10.2}   \
                 tables s {:.2} {:.2} halves s {:.2} {:.2} join s {:.2} {:.2} tops/set {:.0} {:.0} bottoms/set {:.0} {:.0} \
                 words {:.0} {:.0} table words {:.0} {:.0}",
                secs[0],
                secs[1],
                secs[0] / secs[1],
                model[0] / model[1],
                a.tables.as_secs_f64(),
                b.tables.as_secs_f64(),
                a.halves.as_secs_f64(),
                b.halves.as_secs_f64(),
                a.join.as_secs_f64(),
                b.join.as_secs_f64(),
                per(&a, a.tops),
                per(&b, b.tops),
                per(&a, a.bottoms),
                per(&b, b.bottoms),
                per(&a, a.pair_words),
                per(&b, b.pair_words),
                per(&a, a.table_words),
                per(&b, b.table_words),
            );
        }
        println!(
            "{n:>3}  total             {:>12.2} {:>10.2} {:>10.2} {:>10.2}",
            sums[0],
            sums[1],
            sums[0] / sums[1],
            models[0] / models[1],
        );
    }
}

/// A pivot's key from its available columns (the board's columns but its
/// two queens'): how far its outermost queen is from the edge.
fn key_of(n: usize, avail: u64) -> usize {
    let taken = ((1u64 << n) - 1) & !avail;
    (0..n)
        .filter(|&c| (taken >> c) & 1 == 1)
        .map(|c| c.min(n - 1 - c))
        .min()
        .unwrap_or(0)
}
