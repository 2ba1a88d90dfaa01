//! `cargo bench --bench blank -- --growth [N...]` (default 16..=23): how the
//! join's cost grows with N, and where its time goes.
//!
//! Per N, one thread: the whole count up to N = 19, beyond it a round-robin
//! part of the units (every K-th, K in the `part` column) so that a size
//! takes a minute or so; its tables are narrowed to that part, as a shard's
//! are. Columns: the symmetries folded (`8 cross` at odd N, `8 diagonal` at
//! even N from 18); solutions of what ran; its seconds of CPU (the
//! thread's, so that a busy machine changes them little); nanoseconds per
//! solution and its growth over the previous N (`x prev`); what ran over
//! the cost model's price of it (`real/mdl`: the model's nanoseconds at
//! the reference speed, not scaled to this machine; its units and the
//! builds of their tables, not the planning made before the clock
//! starts, which a shard's quote adds), and past 24 the same
//! for the joins alone (`join r/m`, the time out of the quarter tables
//! over the model's joins); bit pairs the
//! AND + popcount loop read per solution (64 per word, after the sieve's
//! cut); tops per solution; words of the buckets' tables per solution
//! (`tab/sol`); (top, bucket piece) visits per solution (`vis/sol`) and
//! the words a visit reads (`w/vis`); the share of the
//! AND + popcount loop's words the sieve leaves (`keep`) and its cut
//! diagonals a chunk (`cut`); the share of the time in the quarter
//! tables, building the halves (bottoms, sieve, transposition) and the
//! join (tops listed, buckets' tables, AND + popcount).
//!
//! `--kernel popcnt` (or `portable`, `avx2`) runs the join compiled for one
//! instruction set ([`Isa`]) instead of the best this CPU has; `--part K` runs every
//! K-th unit at every N instead of the default parts (from unit F with
//! `--offset F`: `--part 1024 --offset 512` runs what `count 22 --shard
//! 513/1024` runs); past N = 24 (ranked
//! units of ten minutes each) only the first 256 column-set ranks of each
//! unit run (`--ranks L`: L), priced on their own, in the auto kernel.
//! `--chunk B` joins at most `B` bottoms at a time (a multiple of 64; the
//! plan's chunk otherwise) and `--bucket B` sorts them into sieve buckets of
//! `B` bottoms on average (1024 otherwise): the two knobs of the join's
//! memory traffic, for measuring the kernel against them.
//!
//! `--growth --measure S [N...]` ([`measured`], default 16..=28) prints
//! issue 77's table instead: per N the fold, the CPU of the whole count
//! (run to 20; past it the model's price scaled by `S` seconds of the
//! count's own random units), ns per solution and each even N's ratio to
//! its odd neighbours.
//!
//! Against the public quarter-board counter: time its parts by hand in the
//! same sitting (`../shared/tools/versus-public.sh`); its build is never
//! part of this repository.

use std::time::Instant;

use nqueens::base::board::full_row;
use nqueens::engine::budget::Budget;
use nqueens::engine::cpu;
use nqueens::engine::half_board::layout::{symmetries, MinN};
use nqueens::engine::half_board::{Isa, PreparedJoin};

/// Every K-th unit of N runs: about a minute a size on one core (past 24,
/// four units' first ranks instead).
fn part_of(n: usize) -> usize {
    match n {
        0..=19 => 1,
        20 => 8,
        21 => 64,
        22 => 1024,
        23 => 16384,
        _ => 262_144,
    }
}

/// The value after `flag` in `args`, parsed.
fn value<T: std::str::FromStr>(args: &[String], flag: &str) -> Option<T> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1)?.parse().ok()
}

pub fn growth(sizes: &[usize]) {
    // `--kernel popcnt` (or `portable`, `avx2`, `avx512`): one instruction set.
    let args: Vec<String> = std::env::args().collect();
    let isa = match args.iter().position(|a| a == "--kernel") {
        Some(i) => {
            let name = args.get(i + 1).map_or("", String::as_str);
            Isa::from_name(name)
                .unwrap_or_else(|| panic!("--kernel {name}: not an instruction set"))
        }
        None => Isa::Auto,
    };
    // `--part K`: every K-th unit at every N instead of `part_of`.
    let part = value::<usize>(&args, "--part");
    // `--offset F`: the units F, F + K, ... (shard F + 1 of K's).
    let offset = value::<usize>(&args, "--offset").unwrap_or(0);
    // `--ranks L`: past 24, the first L ranks of each unit.
    let ranks = value::<u64>(&args, "--ranks").unwrap_or(256);
    // `--chunk B`, `--bucket B`: the join's chunk and sieve buckets.
    let chunk = value::<usize>(&args, "--chunk");
    let bucket = value::<usize>(&args, "--bucket");
    // `--groups G`: every batch joined in G groups (4, 6 or 8).
    let groups = value::<usize>(&args, "--groups");
    let sizes: Vec<usize> = if sizes.is_empty() {
        (16..=23).collect()
    } else {
        sizes.to_vec()
    };
    println!(
        "{:>3} {:>10} {:>7} {:>15} {:>8} {:>8} {:>6} {:>8} {:>8} {:>10} {:>8} {:>8} {:>8} {:>6} {:>6} {:>5} {:>7} {:>7} {:>6}",
        "N",
        "fold",
        "part",
        "solutions",
        "seconds",
        "ns/sol",
        "x prev",
        "real/mdl",
        "join r/m",
        "bits/sol",
        "tops/sol",
        "tab/sol",
        "vis/sol",
        "w/vis",
        "keep",
        "cut",
        "tables",
        "halves",
        "join"
    );
    let mut prev: Option<(usize, f64)> = None;
    for &n in &sizes {
        let blank = vec![full_row(n); n];
        let Some(mut join) = PreparedJoin::tuned(
            n,
            &blank,
            Budget::new(1 << 30, 1),
            Default::default(),
            chunk,
        ) else {
            println!("{n:>3} (the join does not plan N = {n} within 1 GiB)");
            continue;
        };
        if let Some(b) = bucket {
            join.sieve_buckets_of(b);
        }
        if let Some(g) = groups {
            join.join_in_groups(g);
        }
        // Ranked units: four, spread over the list.
        let default = if join.is_ranked() {
            join.units() / 4
        } else {
            part_of(n)
        };
        let k = part.unwrap_or(default).clamp(1, join.units());
        let units: Vec<usize> = (offset.min(join.units() - 1)..join.units())
            .step_by(k)
            .collect();
        // Ranked units (past 24) run ten minutes each: only the first
        // `ranks` column-set ranks of each, priced on their own.
        let pieces: Option<Vec<(usize, std::ops::Range<u64>)>> = join.is_ranked().then(|| {
            units
                .iter()
                .filter_map(|&i| join.ranked_unit(i))
                .map(|(p, r)| (p, r.start..r.end.min(r.start + ranks)))
                .collect()
        });
        // The model's ns for what runs, and for its joins alone where it
        // says (ranked pieces: their tables' walks weigh far more in a
        // piece than in a whole unit, whose sets share them).
        let (model_ns, model_joins) = match &pieces {
            Some(pieces) => {
                let priced = pieces
                    .iter()
                    .filter_map(|(p, r)| join.ranks_ns(*p, r.clone(), ranks, 7));
                let (joins, builds) = priced.fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
                (joins + builds, Some(joins))
            }
            // A narrowed plan's cost includes its planning, which ran
            // before the clock starts: what runs is its units and builds.
            None => {
                join.narrow(&units);
                (join.cost() - join.layout_ns(), None)
            }
        };
        let start = Instant::now();
        let cpu = cpu::thread();
        let solutions: u128 = match &pieces {
            Some(pieces) => pieces
                .iter()
                .map(|(p, r)| join.count_ranks(*p, r.clone()).unwrap_or(0))
                .sum(),
            None => units.iter().map(|&i| join.run_unit_with(i, isa)).sum(),
        };
        // The thread's CPU time where the system says it, else the clock's.
        let wall = start.elapsed().as_secs_f64();
        let secs = match (cpu, cpu::thread()) {
            (Some(a), Some(b)) => (b - a).as_secs_f64(),
            _ => wall,
        };
        let t = join.tally();
        let sol = solutions.max(1) as f64;
        let ns = secs * 1e9 / sol;
        let growth = match prev {
            Some((m, p)) if m + 1 == n => format!("{:.2}", ns / p),
            _ => "-".to_string(),
        };
        prev = Some((n, ns));
        // The tally's times are the clock's, so their shares are of the
        // clock's time too.
        let share = |d: std::time::Duration| format!("{:.0}%", 100.0 * d.as_secs_f64() / wall);
        println!(
            "{n:>3} {:>10} {:>7} {solutions:>15} {secs:>8.2} {ns:>8.2} {growth:>6} {:>8.2} {:>8} {:>10.1} {:>8.3} {:>8.3} {:>8.3} {:>6.1} {:>6.3} {:>5.2} {:>7} {:>7} {:>6}",
            join.fold(),
            format!("1/{k}"),
            secs * 1e9 / model_ns.max(1.0),
            model_joins.map_or("-".to_string(), |joins| {
                // The tally's times are the clock's: the joins' share of it.
                let tables = t.tables.as_secs_f64() / wall.max(1e-9);
                format!("{:.2}", secs * (1.0 - tables) * 1e9 / joins.max(1.0))
            }),
            t.pair_words as f64 * 64.0 / sol,
            t.tops as f64 / sol,
            t.table_words as f64 / sol,
            t.visits as f64 / sol,
            t.pair_words as f64 / t.visits.max(1) as f64,
            t.pair_words as f64 / t.pair_full.max(1) as f64,
            t.cut as f64 / t.chunks.max(1) as f64,
            share(t.tables),
            share(t.halves),
            share(t.join),
        );
    }
}

/// The published totals of the blank board (OEIS A000170), by `n`, read
/// from the repository's copy (`tests/data/oeis.md`).
fn published_totals() -> Vec<(usize, f64)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/oeis.md");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let mut cells = line.trim_matches('|').split('|').map(str::trim);
            let n = cells.next()?.parse().ok()?;
            let total: f64 = cells.next()?.parse().ok()?;
            Some((n, total))
        })
        .collect()
}

/// The total of `n` in `totals` ([`published_totals`]), and whether it is
/// a guess: past the table (Q(28)), the next term of the ratio of the last
/// two, `Q(n - 1)^2 / Q(n - 2)`.
fn total_of(totals: &[(usize, f64)], n: usize) -> Option<(f64, bool)> {
    let q = |m: usize| totals.iter().find(|&&(k, _)| k == m).map(|&(_, t)| t);
    match q(n) {
        Some(t) => Some((t, false)),
        None => Some((q(n - 1)? * q(n - 1)? / q(n - 2)?, true)),
    }
}

/// The symmetries `count N` folds: the planner's own rule on the blank
/// board (`layout::symmetries`), not a copy of it.
fn fold_of(n: usize) -> &'static str {
    symmetries(n, &vec![full_row(n); n], MinN::default()).fold()
}

/// `--growth --quotes [N...]` (default 16..=28): per N, the fold `count N`
/// runs, its whole quote on one thread at the reference speed (the sampled
/// price `count N --estimate` prints, without this machine's factor), the
/// quote per solution against the published total, and for each even N
/// the ratio to the mean of its odd neighbours' (issue 77's target: at
/// most 1.2). Q(28) is unpublished: it is taken as Q(27) times Q(27) /
/// Q(26), marked `~`. Quotes, not runs: the units' real CPU against their
/// quotes is measured apart (benches/NOTES.md).
pub fn quotes(sizes: &[usize]) {
    let sizes: Vec<usize> = if sizes.is_empty() {
        (16..=28).collect()
    } else {
        sizes.to_vec()
    };
    let totals = published_totals();
    let total_of = |n: usize| total_of(&totals, n);
    let mut per_solution: Vec<(usize, f64)> = Vec::new();
    let mut rows = Vec::new();
    for &n in &sizes {
        let blank = vec![full_row(n); n];
        let Some(price) = PreparedJoin::price(n, &blank, Budget::new(1 << 30, 1)) else {
            rows.push(format!("{n:>3} (no plan within 1 GiB)"));
            continue;
        };
        let Some((total, guessed)) = total_of(n) else {
            rows.push(format!("{n:>3} (no published total)"));
            continue;
        };
        let ns = price.cost / total;
        per_solution.push((n, ns));
        let years = price.cost / 1e9 / (365.25 * 86400.0);
        rows.push(format!(
            "{n:>3} {:>10} {years:>12.3e} {:>1}{total:>9.3e} {ns:>8.2}",
            fold_of(n),
            if guessed { "~" } else { "" },
        ));
    }
    println!(
        "{:>3} {:>10} {:>12} {:>10} {:>8} {:>9}",
        "N", "fold", "CPU-years", "solutions", "ns/sol", "even/odd"
    );
    let ns_of = |m: usize| per_solution.iter().find(|p| p.0 == m).map(|p| p.1);
    for (row, &n) in rows.iter().zip(&sizes) {
        let ratio = match (n % 2, ns_of(n), ns_of(n - 1), ns_of(n + 1)) {
            (0, Some(e), Some(a), Some(b)) => format!("{:.2}", e / ((a + b) / 2.0)),
            (0, Some(e), Some(a), None) => format!("{:.2} (of {})", e / a, n - 1),
            _ => "-".to_string(),
        };
        println!("{row} {ratio:>9}");
    }
}

/// `--growth --measure S [N...]` (default 16..=28, issue 77's growth
/// table): per N on one thread, the fold `count N` runs and its CPU per
/// solution measured, not quoted: up to N = 20 the whole count run
/// (planning included, its total checked against the published one); past
/// it the whole count's price times the speed its own random units ran at
/// here (`count N --estimate --measure S`'s way: units drawn without
/// repeats for about `S` seconds of CPU, at least one, see
/// `price::timed`), with how many units ran and the standard error of
/// their ratio. For each even N, the ratio to the mean of its odd
/// neighbours' (the target: at most 1.2). Q(28) is taken as in
/// [`quotes`] (marked `~`). `--diagonal` or `--eight` plans the even N past
/// 20 in that fold (as `--sieved`), to set two folds side by side.
pub fn measured(sizes: &[usize], seconds: f64, mode: &str) {
    use crate::shard::min_n_of;
    use nqueens::engine::counter;
    let sizes: Vec<usize> = if sizes.is_empty() {
        (16..=28).collect()
    } else {
        sizes.to_vec()
    };
    let totals = published_totals();
    println!(
        "{:>3} {:>10} {:>6} {:>12} {:>10} {:>8} {:>9} {:>14}",
        "N", "fold", "units", "CPU", "solutions", "ns/sol", "even/odd", "units' r/m"
    );
    let mut per_solution: Vec<(usize, f64)> = Vec::new();
    let mut rows: Vec<(usize, String, String)> = Vec::new();
    for &n in &sizes {
        let budget = Budget::new(nqueens::engine::budget::DEFAULT_BYTES, 1);
        let Some((total, guessed)) = total_of(&totals, n) else {
            rows.push((n, format!("{n:>3} (no published total)"), String::new()));
            continue;
        };
        let blank = vec![full_row(n); n];
        let mut fold = fold_of(n);
        let (units, cpu_ns, note) = if n <= 20 {
            let before = cpu::process();
            let counts = counter::count_blank(n, false, budget).expect("count");
            let cpu_ns = match (before, cpu::process()) {
                (Some(a), Some(b)) => (b - a).as_secs_f64() * 1e9,
                _ => f64::NAN,
            };
            // A whole count that disagrees with OEIS measures nothing.
            assert_eq!(counts.total as f64, total, "count {n}");
            ("all".to_string(), cpu_ns, "whole count".to_string())
        } else {
            let Some(join) = PreparedJoin::tuned(n, &blank, budget, min_n_of(mode), None) else {
                rows.push((n, format!("{n:>3} (no plan within 1 GiB)"), String::new()));
                continue;
            };
            fold = join.fold();
            let all: Vec<usize> = (0..join.units()).collect();
            // No thread clock: nothing timed.
            let timed = join
                .timed(&all, seconds * 1e9, n as u64)
                .unwrap_or_default();
            let Some(factor) = timed.factor() else {
                rows.push((n, format!("{n:>3} (nothing timed)"), String::new()));
                continue;
            };
            let price = join.cost();
            let error = timed
                .error()
                .map_or(String::new(), |e| format!(" +-{:.0}%", 100.0 * e));
            let note = format!("{factor:.2}x{error}");
            (timed.units().to_string(), price * factor, note)
        };
        let ns = cpu_ns / total;
        per_solution.push((n, ns));
        let row = format!(
            "{n:>3} {fold:>10} {units:>6} {:>12} {:>1}{total:>9.3e} {ns:>8.2}",
            nqueens::plan::estimate::human(cpu_ns / 1e9),
            if guessed { "~" } else { "" },
        );
        // As it goes, on stderr: the table waits for every size.
        eprintln!("{row} {note}");
        rows.push((n, row, note));
    }
    let ns_of = |m: usize| per_solution.iter().find(|p| p.0 == m).map(|p| p.1);
    for (n, row, note) in rows {
        let ratio = match (n % 2, ns_of(n), ns_of(n - 1), ns_of(n + 1)) {
            (0, Some(e), Some(a), Some(b)) => format!("{:.2}", e / ((a + b) / 2.0)),
            (0, Some(e), Some(a), None) => format!("{:.2} of {}", e / a, n - 1),
            _ => "-".to_string(),
        };
        println!("{row} {ratio:>9} {note:>14}");
    }
}
