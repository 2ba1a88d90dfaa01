//! `cargo bench --bench blank -- --fit [N...]` (default 18..=23): fits the
//! join's cost-model constants (each [`Regime`]'s) to what its units take
//! on this machine, term by term.
//!
//! Per N, one thread: units spread over the plan (about `--seconds S`, 60,
//! of CPU per N by the current model, and at least four), each run on its own and timed by
//! its thread's CPU clock, beside the model's work for it
//! ([`PreparedJoin::unit_works`]); their tables are built before the clock starts
//! (the fit is of the joins; the thread's scheduler clock, exact to the
//! nanosecond: the tick-counted CPU time moves in 4 ms steps, which left the
//! small units of N <= 17 read as 0 or 4 ms). Then a non-negative least-squares fit of
//! the units' times on their terms, every N weighing the same (one
//! equation per N, its units' sums, see `nnls_pooled`), and per N
//! the real time over the current model's price and over the fitted one
//! (both at this machine's speed: what matters is how flat each is in N). Prints the fitted constants to paste into
//! `src/engine/half_board/price/cost.rs`, scaled to the reference speed by the
//! calibration probe given as `--speed X` (this machine's time over the
//! reference's; 1 by default). Each unit's row is printed as it is
//! measured (`row N NS TERMS... | TALLY...`, the tally's sets, chunks,
//! bottoms, table words, visits, tops, pair words, pair
//! words at full width, cut diagonals, candidate bottom pairs and those
//! before the pivot's filter); `--rows FILE` fits the rows of such an
//! output again instead of measuring; `--offset F` (0 to 1) starts the
//! spread units F of the way into their step, other units than a fit's
//! (an out-of-sample check). Past 24 (ranked plans) the rows are
//! single column sets spread over the unit list (see `fit_ranked`), and
//! they are fitted apart, per N: the ranked regime's constant ([`nqueens::engine::half_board::price::cost::RANKED_PAIR_WORD_NS`]).
//! Each such row is followed by an `est N PIVOT RANK TALLY` line, the
//! kernel's estimate of the same set (what a shard's quote prices), and
//! the sieved regime is also fitted pooled over N, on what the kernel did
//! and on what it estimated, with the pair words and visits plain or
//! weighed by their batches' groups; `--rows FILE --reestimate` estimates
//! the rows' sets again with this build (a change to the estimate judged on
//! the same timed rows).

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::layout::{PAIR_MIN_N, PAIR_TRANSPOSE_MIN_N};
use nqueens::engine::half_board::price::cost::{self, Regime, TaskWork};
use nqueens::engine::half_board::tally::Tally;
use nqueens::engine::half_board::{Isa, PreparedJoin, MAX_N};

/// One unit run: its N, its model terms, its CPU ns, and the sieved
/// terms of the tally it left ([`cost::sieved_terms`]).
pub struct Row {
    n: usize,
    terms: [f64; 7],
    ns: f64,
    sieved: [f64; 5],
    grouped: [f64; 5],
    /// The kernel's estimate of the same work, both models' terms (rows
    /// of single column sets since the estimate was printed beside them).
    est: Option<([f64; 5], [f64; 5])>,
    /// The set's pivot and rank (rows with an `est` line).
    set: Option<(usize, u64)>,
}

/// Rows of sets that took less than this (ns, tables aside) are left out
/// of the sieved fits: each row's error is relative to its own time, so a
/// set whose join took nothing next to its tables' build would weigh
/// without bound.
const MIN_ROW_NS: f64 = 1e6;

/// A row's terms under one model.
type Terms = fn(&Row) -> [f64; 5];

/// [`cost::sieved_terms`] with the pair words and visits weighed by their
/// batches' groups over 8 (a word in 4 groups ANDs half the table words
/// of one in 8): the candidate model the fit compares with the plain one.
fn grouped_terms(t: &Tally) -> [f64; 5] {
    let mut terms = cost::sieved_terms(t);
    terms[0] = t.grouped_words as f64 / 8.0;
    terms[3] = t.grouped_visits as f64 / 8.0;
    terms
}

fn arg<T: std::str::FromStr>(name: &str) -> Option<T> {
    let args: Vec<String> = std::env::args().collect();
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1)?.parse().ok()
}

pub fn fit(sizes: &[usize]) {
    let seconds: f64 = arg("--seconds").unwrap_or(60.0);
    let speed: f64 = arg("--speed").unwrap_or(1.0);
    let sizes: Vec<usize> = if sizes.is_empty() {
        (18..=23).collect()
    } else {
        sizes.to_vec()
    };
    // `--rows FILE`: fit an earlier run's rows instead of measuring.
    let rows_file = arg::<String>("--rows");
    let mut rows = rows_file.as_deref().map_or_else(Vec::new, read_rows);
    let sizes: Vec<usize> = if rows_file.is_some() {
        let mut seen: Vec<usize> = rows.iter().map(|r| r.n).collect();
        seen.sort_unstable();
        seen.dedup();
        seen
    } else {
        sizes
    };
    // `--reestimate`: the rows' sets estimated again by this build (a
    // change to the estimate judged on the same timed rows).
    if std::env::args().any(|a| a == "--reestimate") {
        for &n in &sizes {
            let blank = vec![full_row(n); n];
            let Some(join) = PreparedJoin::within(n, &blank, Budget::new(1 << 30, 1)) else {
                continue;
            };
            for row in rows.iter_mut().filter(|r| r.n == n) {
                if let Some(set) = row.set {
                    reestimate(row, &join, set);
                }
            }
        }
    }
    let measure = if rows_file.is_some() {
        &[][..]
    } else {
        &sizes[..]
    };
    for &n in measure {
        let blank = vec![full_row(n); n];
        let Some(mut join) = PreparedJoin::within(n, &blank, Budget::new(1 << 30, 1)) else {
            println!("{n:>3}: the join does not plan N = {n} within 1 GiB");
            continue;
        };
        if join.is_ranked() {
            fit_ranked(n, &join, seconds, &mut rows);
            continue;
        }
        // Every k-th unit, about `seconds` of CPU at twice the model's price.
        let budget = seconds * 1e9 / 2.0;
        // At least four units, however long.
        let k = ((join.cost() / budget).ceil() as usize).clamp(1, (join.units() / 4).max(1));
        // `--offset F` (0 to 1): from F of the way into the first step,
        // other units than an earlier fit's (an out-of-sample check).
        let offset: f64 = arg("--offset").unwrap_or(0.0);
        let first = (offset.clamp(0.0, 1.0) * k as f64) as usize;
        let units: Vec<usize> = (first.min(k - 1)..join.units()).step_by(k).collect();
        join.narrow(&units);
        let works = join.unit_works(&units).expect("listed plans have works");
        let mut kept = 0;
        for (&u, work) in units.iter().zip(&works) {
            join.prepare(u);
            let before = join.tally();
            let start = cpu::thread_precise().expect("thread CPU time");
            std::hint::black_box(join.run_unit_with(u, Isa::Auto));
            let ns = (cpu::thread_precise().expect("thread CPU time") - start).as_secs_f64() * 1e9;
            kept += 1;
            // Each row as it comes, so that a long run stopped early
            // leaves what it measured (`--rows FILE` fits those again).
            // Then what the unit did by the tally (the model's terms are
            // estimates of these).
            let did = join.tally().since(&before);
            rows.push(print_row(n, ns, work, &did));
        }
        println!(
            "{n:>3}: {kept} of {} units (every {k}-th of {})",
            units.len(),
            join.units()
        );
    }
    // Each regime has its constants (listed plans to 24, ranked past it):
    // fitted on its own rows.
    let listed: Vec<&Row> = rows.iter().filter(|r| r.n <= MAX_N).collect();
    if !listed.is_empty() {
        let fitted = nnls_pooled(&listed, |r| r.terms);
        let now = Regime::Listed.constants();
        println!();
        println!("Listed regime");
        println!(
            "{:>3} {:>6} {:>10} {:>10} {:>10}",
            "N", "units", "seconds", "real/now", "real/fit"
        );
        for &n in sizes.iter().filter(|&&n| n <= MAX_N) {
            let of_n: Vec<&&Row> = listed.iter().filter(|r| r.n == n).collect();
            if of_n.is_empty() {
                continue;
            }
            let real: f64 = of_n.iter().map(|r| r.ns).sum();
            let price = |c: &[f64]| -> f64 { of_n.iter().map(|r| priced(r, c)).sum() };
            println!(
                "{n:>3} {:>6} {:>10.2} {:>10.3} {:>10.3}",
                of_n.len(),
                real / 1e9,
                real / price(&now),
                real / price(&fitted)
            );
        }
        println!();
        println!("{:<12} {:>12} {:>12}", "term", "now ns", "fitted ns");
        for ((name, now), fitted) in TaskWork::NAMES.iter().zip(now).zip(fitted) {
            println!("{name:<12} {now:>12.4} {:>12.4}", fitted / speed);
        }
    }
    // The ranked regime: one term (the pair words at full width), its
    // constant per N the pooled ratio of real time to those words, so
    // that the units of a shard add up to its time (see `RANKED_PAIR_WORD_NS`).
    let ranked_sizes: Vec<usize> = sizes.iter().copied().filter(|&n| n > MAX_N).collect();
    if ranked_sizes.iter().any(|&n| rows.iter().any(|r| r.n == n)) {
        println!();
        println!("Ranked regime (pair words at full width, ns per word per N)");
        println!(
            "{:>3} {:>6} {:>10} {:>10} {:>10} {:>10} {:>14}",
            "N", "units", "seconds", "now ns", "fitted ns", "real/now", "rows real/fit"
        );
        for n in ranked_sizes {
            let of_n: Vec<&Row> = rows.iter().filter(|r| r.n == n).collect();
            if of_n.is_empty() {
                continue;
            }
            let real: f64 = of_n.iter().map(|r| r.ns).sum();
            let words: f64 = of_n.iter().map(|r| r.terms[3]).sum();
            // Rows of an even N from pair mode's minimum on are of pair
            // mode (rows files older than 2026-12-05 are not), with the
            // transpose from its own.
            let pair = n % 2 == 0 && n >= PAIR_MIN_N;
            let transpose = pair && n >= PAIR_TRANSPOSE_MIN_N;
            let now = Regime::Ranked { n, pair, transpose }.constants();
            let fitted = real / words.max(1.0);
            let (lo, hi) = of_n
                .iter()
                .filter(|r| r.terms[3] > 0.0)
                .map(|r| r.ns / (r.terms[3] * fitted))
                .fold((f64::MAX, 0f64), |(lo, hi), x| (lo.min(x), hi.max(x)));
            println!(
                "{n:>3} {:>6} {:>10.2} {:>10.4} {:>10.4} {:>10.3} {:>6.2}-{:<7.2}",
                of_n.len(),
                real / 1e9,
                now[3],
                fitted / speed,
                real / of_n.iter().map(|r| priced(r, &now)).sum::<f64>(),
                lo,
                hi
            );
        }
        // The sieved regime: the tallies' terms per N (see
        // `cost::SIEVED_NS`), each row's real over fitted.
        println!();
        println!(
            "Sieved regime (ns per pair word, table word, bottom, visit, top per N; real/fitted per row)"
        );
        for n in sizes.iter().copied().filter(|&n| n > MAX_N) {
            let of_n: Vec<&Row> = rows
                .iter()
                .filter(|r| r.n == n && r.sieved[0] > 0.0 && r.ns >= MIN_ROW_NS)
                .collect();
            if of_n.is_empty() {
                continue;
            }
            let fitted = nnls(&of_n, |r| r.sieved, true);
            let now = cost::SIEVED_NS;
            let at =
                |r: &Row, c: &[f64; 5]| -> f64 { r.sieved.iter().zip(c).map(|(t, c)| t * c).sum() };
            let ratios: Vec<String> = of_n
                .iter()
                .map(|r| format!("{:.2}", r.ns / at(r, &fitted)))
                .collect();
            let real: f64 = of_n.iter().map(|r| r.ns).sum();
            let at_now: f64 = of_n.iter().map(|r| at(r, &now)).sum::<f64>() * speed;
            println!(
                "{n:>3} {:>3} units, fitted {} (now {}, real/now {:.2}): {}",
                of_n.len(),
                fitted.map(|c| format!("{:.4}", c / speed)).join(" "),
                now.map(|c| format!("{c:.4}")).join(" "),
                real / at_now,
                ratios.join(" ")
            );
        }
        // One set of constants for every N, per model: the plain terms
        // and the groups-weighed ones (`grouped_terms`), each with its
        // spread (the rows' real over fitted: geometric sd, range) and
        // each N's pooled real over fitted.
        let ranked: Vec<&Row> = rows
            .iter()
            .filter(|r| r.n > MAX_N && r.sieved[0] > 0.0 && r.ns >= MIN_ROW_NS)
            .collect();
        if !ranked.is_empty() {
            println!();
            println!("Sieved regime pooled over N (fitted ns; rows' real/fit: geometric sd, range; per N)");
            // Each model fitted to what the kernel did, then to what its
            // estimates said it would do (rows printed with an `est` line:
            // what a quote prices), and the estimates priced at each fit.
            let with_est: Vec<&Row> = ranked.iter().copied().filter(|r| r.est.is_some()).collect();
            let models: [(&str, Terms, &[&Row]); 4] = [
                ("plain", |r| r.sieved, &ranked),
                ("grouped", |r| r.grouped, &ranked),
                ("est plain", |r| r.est.map_or([0.0; 5], |e| e.0), &with_est),
                ("est grp", |r| r.est.map_or([0.0; 5], |e| e.1), &with_est),
            ];
            for (name, of, ranked) in models {
                if ranked.is_empty() {
                    continue;
                }
                let fitted = nnls(ranked, of, true);
                let at = |r: &Row| -> f64 { of(r).iter().zip(&fitted).map(|(t, c)| t * c).sum() };
                let logs: Vec<f64> = ranked.iter().map(|r| (r.ns / at(r)).ln()).collect();
                let mean = logs.iter().sum::<f64>() / logs.len() as f64;
                let sd = (logs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / logs.len() as f64)
                    .sqrt();
                let (lo, hi) = logs
                    .iter()
                    .fold((f64::MAX, f64::MIN), |(lo, hi), &x| (lo.min(x), hi.max(x)));
                let per_n: Vec<String> = sizes
                    .iter()
                    .filter_map(|&n| {
                        let of_n: Vec<&&Row> = ranked.iter().filter(|r| r.n == n).collect();
                        let real: f64 = of_n.iter().map(|r| r.ns).sum();
                        let fit: f64 = of_n.iter().map(|r| at(r)).sum();
                        (!of_n.is_empty()).then(|| format!("{n}: {:.2}", real / fit))
                    })
                    .collect();
                println!(
                    "{name:<8} {} | sd x{:.2}, {:.2}-{:.2} | {}",
                    fitted.map(|c| format!("{:.4}", c / speed)).join(" "),
                    sd.exp(),
                    lo.exp(),
                    hi.exp(),
                    per_n.join(", ")
                );
            }
        }
    }
}

/// The model's ns for `row` with the constants `c`.
fn priced(row: &Row, c: &[f64]) -> f64 {
    row.terms.iter().zip(c).map(|(t, c)| t * c).sum()
}

/// Ranked plans (past 24): single column sets, the first rank of units
/// spread over the list (`--pieces P` of them, 24 by default, those with a
/// set; `--offset F` moves them), each timed by its thread's CPU clock less its tables' build (the
/// tally's clock time of it: a piece builds its own tables), beside the
/// model's terms for it from a walk of the set ([`PreparedJoin::work_of_ranks`]);
/// stops past `seconds` of CPU.
fn fit_ranked(n: usize, join: &PreparedJoin, seconds: f64, rows: &mut Vec<Row>) {
    let pieces: usize = arg("--pieces").unwrap_or(24);
    // `--offset F` (0 to 1): start F of the way into the first step, for
    // sets other than an earlier fit's (an out-of-sample check).
    let offset: f64 = arg("--offset").unwrap_or(0.0);
    let k = (join.units() / pieces).max(1);
    let first = k + (offset.clamp(0.0, 1.0) * k as f64) as usize;
    let (mut spent, mut kept) = (0.0, 0);
    for u in (first..join.units()).step_by(k) {
        if spent > seconds {
            break;
        }
        let Some((pivot, ranks)) = join.ranked_unit(u) else {
            continue;
        };
        let Some((row, all)) = set_row(n, join, pivot, ranks.start) else {
            continue;
        };
        spent += all;
        kept += 1;
        rows.push(row);
    }
    println!(
        "{n:>3}: {kept} sets (the first of every {k}-th unit of {})",
        join.units()
    );
}

/// The column set of rank `rank` of pivot `pivot` on its own, as a fit
/// row (printed as it is measured): its thread CPU less its tables' build
/// (the tally's clock time of it: a set run alone builds its own tables),
/// beside the model's terms for it from a walk of the set
/// ([`PreparedJoin::work_of_ranks`]); with the whole CPU seconds it took. `None`
/// for a set with nothing to join.
fn set_row(n: usize, join: &PreparedJoin, pivot: usize, rank: u64) -> Option<(Row, f64)> {
    let one = rank..rank + 1;
    let work = join
        .work_of_ranks(pivot, one.clone())
        .expect("ranked plans have works");
    if work.pairs == 0.0 {
        return None;
    }
    let before = join.tally();
    let start = cpu::thread_precise().expect("thread CPU time");
    std::hint::black_box(join.count_ranks(pivot, one));
    let all = (cpu::thread_precise().expect("thread CPU time") - start).as_secs_f64();
    let did = join.tally().since(&before);
    let ns = (all - did.tables.as_secs_f64()).max(0.0) * 1e9;
    let mut row = print_row(n, ns, &work, &did);
    reestimate(&mut row, join, (pivot, rank));
    Some((row, all))
}

/// What the kernel's estimate of set `(pivot, rank)` says it would do (what
/// a shard's quote prices) into `row`, printed as an `est` line.
fn reestimate(row: &mut Row, join: &PreparedJoin, (pivot, rank): (usize, u64)) {
    let est = join
        .estimate_ranks(pivot, rank..rank + 1, rank ^ (pivot as u64) << 48)
        .expect("ranked plans estimate");
    println!("est {} {pivot} {rank} {}", row.n, tally_line(&est));
    row.est = Some((cost::sieved_terms(&est), grouped_terms(&est)));
    row.set = Some((pivot, rank));
}

/// A row of `ns` for the model's `work`, printed as it is measured with
/// what the join did (`did`, a tally's difference).
pub fn print_row(n: usize, ns: f64, work: &TaskWork, did: &Tally) -> Row {
    let terms: Vec<String> = work.terms().iter().map(|t| format!("{t:e}")).collect();
    println!("row {n} {ns:e} {} | {}", terms.join(" "), tally_line(did));
    Row {
        n,
        terms: work.terms(),
        ns,
        sieved: cost::sieved_terms(did),
        grouped: grouped_terms(did),
        est: None,
        set: None,
    }
}

/// What a run did (a tally's difference, [`Tally::since`]), as a row prints it (see the
/// module's doc).
pub fn tally_line(d: &Tally) -> String {
    let did = [
        d.sets,
        d.chunks,
        d.bottoms,
        d.table_words,
        d.visits,
        d.tops,
        d.pair_words,
        d.pair_full,
        d.cut,
        d.bottom_pairs,
        d.bottom_raw,
    ];
    let did: Vec<String> = did.iter().map(|d| d.to_string()).collect();
    format!(
        "{} | {} {}",
        did.join(" "),
        d.grouped_words,
        d.grouped_visits
    )
}

/// The tally a row printed ([`tally_line`]'s fields, in its order).
fn tally_of(did: &[u64], grouped: Option<(u64, u64)>) -> Option<Tally> {
    let &[sets, chunks, bottoms, table_words, visits, tops, pair_words, pair_full, cut, bottom_pairs, bottom_raw] =
        did
    else {
        return None;
    };
    // Rows before the grouped words and visits were printed take them as 8
    // groups (what the join in groups began from).
    let (grouped_words, grouped_visits) = grouped.unwrap_or((8 * pair_words, 8 * visits));
    Some(Tally {
        sets,
        chunks,
        bottoms,
        table_words,
        visits,
        tops,
        pair_words,
        pair_full,
        cut,
        bottom_pairs,
        bottom_raw,
        grouped_words,
        grouped_visits,
        ..Tally::default()
    })
}

/// The `row N NS TERMS... | TALLY...` lines of an earlier run's output.
fn read_rows(path: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(path).expect("reads the rows file");
    // `TALLY [| GROUPED_WORDS GROUPED_VISITS]`, as `tally_line` prints it.
    let tally = |text: &str| -> Option<Tally> {
        let mut parts = text.split('|');
        let did = parts
            .next()?
            .split_whitespace()
            .map(|x| x.parse().ok())
            .collect::<Option<Vec<u64>>>()?;
        let grouped = parts.next().and_then(|g| {
            let mut g = g.split_whitespace().map(|x| x.parse::<u64>().ok());
            Some((g.next()??, g.next()??))
        });
        tally_of(&did, grouped)
    };
    let mut rows: Vec<Row> = Vec::new();
    for line in text.lines() {
        // `est N PIVOT RANK TALLY`: the estimate of the row before.
        if let Some(rest) = line.strip_prefix("est ") {
            let fields: Vec<&str> = rest.splitn(4, ' ').collect();
            if let (Some(row), [_, pivot, rank, t]) = (rows.last_mut(), fields.as_slice()) {
                row.est = tally(t).map(|t| (cost::sieved_terms(&t), grouped_terms(&t)));
                row.set = pivot.parse().ok().zip(rank.parse().ok());
            }
            continue;
        }
        // `row N NS TERMS | TALLY`.
        let Some(rest) = line.strip_prefix("row ") else {
            continue;
        };
        let Some((head, did)) = rest.split_once('|') else {
            continue;
        };
        let mut f = head.split_whitespace();
        let (Some(Ok(n)), Some(Ok(ns))) = (f.next().map(str::parse), f.next().map(str::parse))
        else {
            continue;
        };
        let mut terms = [0.0; 7];
        if terms.iter_mut().any(|t| {
            f.next()
                .and_then(|x| x.parse().ok())
                .map(|x| *t = x)
                .is_none()
        }) {
            continue;
        }
        // Rows of the kernel before the join by buckets (13 tally fields)
        // keep their model terms, not their sieved ones.
        let did = tally(did);
        rows.push(Row {
            n,
            terms,
            ns,
            sieved: did.map_or([0.0; 5], |t| cost::sieved_terms(&t)),
            grouped: did.map_or([0.0; 5], |t| grouped_terms(&t)),
            est: None,
            set: None,
        });
    }
    rows
}

/// Non-negative least squares of `ns` on the terms `of(row)`, each row's
/// error relative to the time of all rows of its N (within an N the long
/// units weigh more than the short ones; an N of few rows weighs more
/// than one of many), or with `per_row` to its own time (every unit weighs
/// the same: a shard of one short unit is priced as closely as one of a
/// long unit). See [`nnls_equations`].
fn nnls<const K: usize>(rows: &[&Row], of: impl Fn(&Row) -> [f64; K], per_row: bool) -> [f64; K] {
    let mut total = std::collections::HashMap::new();
    for r in rows {
        *total.entry(r.n).or_insert(0.0) += r.ns;
    }
    let equations: Vec<([f64; K], f64)> = rows
        .iter()
        .map(|r| {
            let scale = if per_row { r.ns.max(1.0) } else { total[&r.n] };
            (of(r).map(|t| t / scale), r.ns / scale)
        })
        .collect();
    nnls_equations(&equations)
}

/// The listed regime's fit: one equation per N, the sums of its rows'
/// terms against the sum of their times, relative to that sum (what a
/// whole count or a shard is priced by: its units' sum), so that every N
/// weighs the same however many rows it has; beside them each row's own
/// equation, relative to its time and weighed `1 / sqrt(rows of its N)`
/// (each N's rows together weigh about as its sum), which keeps terms
/// the few sums cannot tell apart from drifting. (Each row relative to
/// its N's total instead, [`nnls`], let the N of four or five long units
/// outweigh those of hundreds: on the rows of 16..=24 it left 16 at 0.81
/// and 19 at 1.24 of the fit, where this leaves every N within 0.96-1.09.)
fn nnls_pooled<const K: usize>(rows: &[&Row], of: impl Fn(&Row) -> [f64; K]) -> [f64; K] {
    let mut sums: std::collections::BTreeMap<usize, ([f64; K], f64, usize)> = Default::default();
    for r in rows {
        let (terms, ns, count) = sums.entry(r.n).or_insert(([0.0; K], 0.0, 0));
        for (t, x) in terms.iter_mut().zip(of(r)) {
            *t += x;
        }
        *ns += r.ns;
        *count += 1;
    }
    let mut equations: Vec<([f64; K], f64)> = sums
        .values()
        .map(|(terms, ns, _)| (terms.map(|t| t / ns.max(1.0)), 1.0))
        .collect();
    for r in rows {
        let weight = 1.0 / (sums[&r.n].2 as f64).sqrt();
        let scale = r.ns.max(1.0) / weight;
        equations.push((of(r).map(|t| t / scale), weight));
    }
    nnls_equations(&equations)
}

/// Non-negative least squares of equations `terms . x = b`: least squares
/// on the active terms, dropping the most negative coefficient until none
/// is.
fn nnls_equations<const K: usize>(equations: &[([f64; K], f64)]) -> [f64; K] {
    // Terms that are zero in every equation cannot be fitted.
    let mut active: [bool; K] = std::array::from_fn(|j| equations.iter().any(|e| e.0[j] > 0.0));
    loop {
        let idx: Vec<usize> = (0..K).filter(|&j| active[j]).collect();
        let m = idx.len();
        let mut ata = vec![vec![0.0; m]; m];
        let mut atb = vec![0.0; m];
        for (terms, b) in equations {
            let x: Vec<f64> = idx.iter().map(|&j| terms[j]).collect();
            for a in 0..m {
                atb[a] += x[a] * b;
                for c in 0..m {
                    ata[a][c] += x[a] * x[c];
                }
            }
        }
        let sol = solve(ata, atb);
        let worst = (0..m)
            .filter(|&a| sol[a] < 0.0)
            .min_by(|&a, &b| sol[a].total_cmp(&sol[b]));
        match worst {
            Some(a) => active[idx[a]] = false,
            None => {
                let mut out = [0.0; K];
                for (a, &j) in idx.iter().enumerate() {
                    out[j] = sol[a];
                }
                return out;
            }
        }
    }
}

/// Gaussian elimination with partial pivoting (a tiny ridge keeps
/// collinear terms solvable).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let m = b.len();
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += 1e-12 * row[i].abs().max(1e-30);
    }
    for c in 0..m {
        let p = (c..m)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap();
        a.swap(c, p);
        b.swap(c, p);
        if a[c][c].abs() < 1e-300 {
            continue;
        }
        let (top, rest) = a.split_at_mut(c + 1);
        let pivot = &top[c];
        for (r, row) in rest.iter_mut().enumerate() {
            let f = row[c] / pivot[c];
            for (x, p) in row[c..].iter_mut().zip(&pivot[c..]) {
                *x -= f * p;
            }
            b[c + 1 + r] -= f * b[c];
        }
    }
    let mut x = vec![0.0; m];
    for c in (0..m).rev() {
        let s: f64 = (c + 1..m).map(|k| a[c][k] * x[k]).sum();
        x[c] = if a[c][c].abs() < 1e-300 {
            0.0
        } else {
            (b[c] - s) / a[c][c]
        };
    }
    x
}
