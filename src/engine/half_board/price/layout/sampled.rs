//! Pricing a join from samples ([`Price`]): what exact planning would find
//! (the cost, the peak memory, the units), within a few percent, in about
//! a second at any size, without counting a quarter or listing a task.
//!
//! # Constraints
//! `n <= MAX_N` (24) here, as exact planning; the samples themselves reach
//! `PRICED_TO` (28).
//!
//! # Complexity
//! The sampling's draws (`sampling::DRAWS` descents), then `O(pivots * K)`
//! for the split's `K`.

use crate::engine::budget::Budget;
use crate::engine::half_board::column_sets::{binom, Task};
use crate::engine::half_board::price::cost::{Regime, Relist};
use crate::engine::half_board::price::sampling::Sampled;
use crate::engine::half_board::quarters::Visited;

use super::exact::{counting_bytes, layout_cost, rebuild_ns, total_cost, UNITS};
use super::memory;
use crate::engine::half_board::layout::{
    tables_bytes, Geometry, Images, MinN, Stored, MAX_N, MAX_SPLIT,
};
use crate::tuning::sampling::SPLIT_SLACK;

/// What a planned join would cost, priced from samples
/// (`Layout::price`).
#[derive(Clone, Copy, Debug)]
pub struct Price {
    /// Estimated ns on one core, all of it (as `Layout::cost`).
    pub cost: f64,
    /// Estimated peak bytes on one thread, and per further thread.
    pub peak_bytes: usize,
    pub scratch_bytes: usize,
    /// The work units planning would make, about.
    pub units: f64,
}

/// The sampling's seed: the same board is priced the same every time.
pub(super) const SEED: u64 = 0x5eed;

/// What `Layout::new` would plan for the same arguments, priced from
/// samples in about a second where planning takes minutes: the cost, the
/// peak memory, the units. The parts are sized as `new` sizes them, from
/// the sampled quarters with [`SPLIT_SLACK`]. `None` where `new` would
/// refuse (sizes, or a memory limit no split keeps).
pub(super) fn price(
    n: usize,
    free: &[u64],
    budget: Budget,
    min_n: MinN,
    draws: usize,
) -> Option<Price> {
    if n > MAX_N {
        return None;
    }
    let g = Geometry::of(n, free, min_n)?;
    let sampled = g.sample(draws, SEED, Regime::Listed);
    let (shape, h) = (&g.shape, g.shape.h);
    let Held {
        layout_bytes,
        task_bytes,
        visited_bytes,
    } = Held::of(&g, &sampled);
    if !budget.fits(layout_bytes, 0) {
        return None;
    }
    let max_bottoms = sampled.max_bottoms as u64;
    let whole: Stored =
        [0, 1, 2, 3].map(|q| (1u64 << g.quarter_shapes[q].w, sampled.placements[q] as u64));
    let table_bytes = |stored: Stored| tables_bytes(h, &g.quarter_shapes, stored);
    let limit = budget.engine_bytes();
    let part = |k: usize| largest_part(&g, &sampled, whole, k);
    let mut split_within = |fixed: usize| {
        if fixed + table_bytes(whole) <= limit {
            return Some((1, table_bytes(whole)));
        }
        let k = (2..=MAX_SPLIT).find(|&k| fixed + part(k) <= limit)?;
        Some((g.pivots.len() * k * k, part(k)))
    };
    let walked = sampled.placements.iter().sum::<f64>() as u64;
    let fit = memory::cheapest(
        &budget,
        layout_bytes,
        (max_bottoms, 0),
        shape.ovw,
        task_bytes,
        rebuild_ns(walked),
        &|chunk| sampled.relist_ns(chunk),
        &mut split_within,
    )?;
    let (scratch_bytes, largest, parts) = (fit.scratch_bytes, fit.parts, fit.count);
    let scanned: u64 = g
        .pivots
        .iter()
        .map(|p| binom(p.avail.count_ones() as usize, h))
        .sum();
    // Planning walks only the quarters not read off others' walks, each
    // against the pivots once per quarter it counts for.
    let images = Images::of(
        n,
        h,
        &g.free,
        &g.quarter_shapes,
        g.shape.diag_bot,
        &g.pivots,
    );
    let (counted, walk_pivots) = (
        walked * images.walks() as u64 / 4,
        g.pivots.len() * 4 / images.walks(),
    );
    let joins = sampled.joins_ns() + sampled.relist_ns(fit.chunk);
    Some(Price {
        cost: total_cost(
            layout_cost(counted, walk_pivots, scanned),
            joins,
            whole,
            walked,
            parts,
        ),
        peak_bytes: layout_bytes.max(largest + task_bytes + scratch_bytes + visited_bytes),
        scratch_bytes,
        units: UNITS.max(parts as f64 * 16.0) + parts as f64,
    })
}

/// What planning holds, priced from samples as `Layout::new` holds it:
/// the bucket counts, the task list, the placements kept for the first
/// build and each task's relisting (`layout_bytes`, all of it).
struct Held {
    layout_bytes: usize,
    task_bytes: usize,
    visited_bytes: usize,
}

impl Held {
    fn of(g: &Geometry, sampled: &Sampled) -> Held {
        let counting_bytes = counting_bytes(&g.quarter_shapes, g.shape.h);
        let task_bytes = (sampled.task_count() * (std::mem::size_of::<Task>() + 8) as f64) as usize;
        // The quarters' placements, when few enough to keep for the first
        // build (a quarter read off another's walk has as many as it).
        let visited_bytes: usize = (0..4)
            .map(|q| Visited::bytes_of(sampled.placements[q].round() as u64))
            .sum();
        // As `Layout::new` holds them: each task's relisting too, while it
        // plans.
        let relist_bytes = (sampled.task_count() * std::mem::size_of::<Relist>() as f64) as usize;
        Held {
            layout_bytes: counting_bytes + task_bytes + visited_bytes + relist_bytes,
            task_bytes,
            visited_bytes,
        }
    }
}

/// The tables' bytes of the largest part of a `K x K` split (`whole`: the
/// whole board's tables). A part holds `1 / K` of the column sets its
/// pivot leaves, in each quarter; the largest part is the pivot's that
/// leaves most.
fn largest_part(g: &Geometry, sampled: &Sampled, whole: Stored, k: usize) -> usize {
    let table_bytes = |stored: Stored| tables_bytes(g.shape.h, &g.quarter_shapes, stored);
    let share = SPLIT_SLACK / k as f64;
    // Its directories: the column sets within the pivot's columns
    // only (a share of them, as of the placements).
    let wl = g.shape.wl;
    let of_pivot = |p: usize| {
        let avail = g.pivots[p].avail;
        let cols = [avail & ((1u64 << wl) - 1), avail >> wl];
        table_bytes([0, 1, 2, 3].map(|q| {
            let (_, items) = whole[q];
            let within = sampled.within[p][q];
            let sets = 1u64 << cols[q % 2].count_ones();
            (
                (sets as f64 * share) as u64,
                (items as f64 * within * share) as u64,
            )
        }))
    };
    (0..g.pivots.len()).map(of_pivot).max().unwrap_or(0)
}
