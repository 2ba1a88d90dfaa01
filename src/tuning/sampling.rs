//! The sample and draw sizes of the join's prices from samples (Knuth's
//! estimator: [`crate::engine::half_board::price::sampling`], the sampled layout,
//! ranked units' pricing, the kernel's estimate of a task's tally in
//! `matching/estimate.rs`, the half-board method's floor), and the spreads
//! they allow for.

use super::row::{Provenance::*, IN_NOTE};

tunables! {
    /// Draws per pivot by default: enough for a few percent (the tests compare
    /// with exact pricing at n = 12..=20).
    DRAWS: usize = 40_000, "draws per pivot",
        Chosen("a few percent against exact pricing at n = 12..=20 (the tests check it); not swept");
    /// Draws per pivot for a rough price (the memory a join needs, asked of
    /// many budgets): a sixty-fourth of [`DRAWS`], whose draws are held at
    /// once. Measured: at a sixteenth, `count 18 --memory 8MiB` priced its
    /// advice past its limit (8.3 MiB); at a sixty-fourth it stays under (7.9
    /// MiB) and names the same `--memory` at 17, 18 and 20.
    ROUGH_DRAWS: usize = DRAWS / 64, "draws per pivot",
        Measured {
            how: "count 18 --memory 8MiB, and the --memory advice at 17, 18 and 20",
            when: "2026-12-04",
            notes: IN_NOTE,
        };
    /// Draws of all pivots together at most: past it each pivot gets its
    /// share. Every draw is held until the last pivot's are made (88 bytes
    /// each, and a relisting each after): pair mode's 175 pivots of 28 at
    /// [`DRAWS`] each held 7 million draws, 740 MiB, the peak of every shard
    /// of 28 (1.8x its quote) and 15 of its 17 s of planning. At this cap a
    /// pivot of 28 still gets about 6,800 draws (a few percent), and every
    /// board of at most 30 pivots (odd sides, the diagonal mode) its
    /// [`DRAWS`]. Chosen, not measured beyond that.
    TOTAL_DRAWS: usize = 1_200_000, "draws of all pivots",
        Chosen("a cap that leaves every board of at most 30 pivots its DRAWS (the peak it cuts is in \
                benches/NOTES.md, \"Pair mode from 26\"); not swept");
    /// Descents of each whole quarter for its size.
    QUARTER_DRAWS: usize = 20_000, "descents per quarter",
        Chosen("half of DRAWS: a quarter's size matters less than the tasks' spread; not measured");
    /// The most candidate bottoms of one task over their mean (measured at
    /// n = 14..=21: 2.0-2.6). A single descent's estimate is too spread to
    /// take the largest.
    BOTTOMS_OVER_MEAN: f64 = 2.6, "largest task's bottoms over the mean",
        Measured {
            how: "exact plans of n = 14..=21: the largest task's candidate bottoms over their mean",
            when: "2026-11-26",
            notes: IN_NOTE,
        };
    /// The largest ranked unit's tables over the mean unit's (their column
    /// sets' placements vary; measured spread of one task's bottoms:
    /// 2.0-2.6x).
    TABLES_OVER_MEAN: f64 = 2.6, "largest unit's tables over the mean",
        Measured {
            how: "as BOTTOMS_OVER_MEAN: one task's bottoms over the mean at n = 14..=21",
            when: "2026-11-26",
            notes: IN_NOTE,
        };

    /// Candidate bottoms drawn per chunk by the kernel's estimate of a
    /// task's tally (`matching/estimate.rs`).
    BOTTOM_DRAWS: usize = 4096, "bottoms per chunk",
        Chosen("a sample a few ms long that the sieved constants were fitted on; not swept");
    /// Candidate tops drawn per task by the kernel's estimate.
    TOP_DRAWS: usize = 4096, "tops per task",
        Chosen("as BOTTOM_DRAWS; not swept");
    /// Candidate bottoms of a task that are all tested rather than drawn.
    EXACT_CANDIDATES: u64 = 1 << 16, "candidate bottoms",
        Chosen("where testing every candidate costs about as much as the draws; not measured");

    /// Quarter sets a ranked unit's estimate keeps walked at most (then it
    /// starts afresh): a set's table holds its directory, tens of KB.
    KEPT_QUARTERS: usize = 64, "quarter sets",
        Chosen("a few MB of directories at most; not measured");
    /// Draws pricing a shard's units on their own (`Ranked::narrow`), in
    /// all.
    SHARD_DRAWS: usize = 20_000, "draws per shard",
        Chosen("half of DRAWS, for a shard's few units; not measured");
    /// Draws pricing a shard's units on their own, at least per unit.
    UNIT_DRAWS: usize = 64, "draws per unit",
        Chosen("a floor so that no unit goes unpriced; not measured");
    /// Rounds of descents a timed ranked unit is priced by (`--measure`'s
    /// yardstick, `Ranked::unit_price`), averaged: one round (a descent of
    /// each of its sets, or of [`UNIT_DRAWS`] of them) spread 0.2-0.8 of its
    /// mean over seeds at 25 to 28 (cv; 1.3 on a unit of 26 its descents
    /// priced at 1.5 s), so 256 rounds about 0.02-0.05, at 20-200 us a
    /// round: under 0.05 s a unit, whose run takes seconds to minutes.
    UNIT_PRICE_ROUNDS: usize = 256, "rounds per timed unit",
        Measured {
            how: "32 seeds of Ranked::unit_price on 5 to 10 units each of 25..28 (a throwaway example)",
            when: "2026-12-07",
            notes: "A timed unit priced by many descents",
        };
    /// A shard of at most this many column sets prices them from walks of
    /// each (`SetPrice::Walked`: the kernel's estimate of its own tally on
    /// the sets' tables, `Ranked::estimate_ranks`): one descent per set is
    /// heavy-tailed, and past 25 a shard holds a few sets (a shard of 26 whose
    /// descents priced it at 15 s ran 15 min). Walks cost about a third of the
    /// sets' builds: a shard of more sets is priced from descents, whose sum
    /// is close.
    WALKED_SETS: u64 = 1024, "column sets per shard",
        Chosen("walks a third of the builds' time on the shards seen; the bound itself not swept");

    /// How much more than `1 / K` of each quarter the largest part of a
    /// `K x K` split holds (the hash spreads column sets, not placements),
    /// in the sampled layout's memory (`price/layout/sampled.rs`).
    SPLIT_SLACK: f64 = 1.0, "share of 1 / K",
        Chosen("twice the even share, a safe bound of the hash's spread; not measured");
    /// The largest side the half-board method's floor is computed for (the
    /// searches grow as `C(n, n / 2)`; past it, planning is priced in
    /// seconds anyway; `layout/floor.rs`).
    FLOOR_TO: usize = 19, "board side",
        Chosen("where the floor's searches stop being cheap against planning; not measured");
    /// Nodes the floor's search may visit for one column set before it
    /// gives up (`layout/floor.rs`'s `NODES`).
    NODES: u32 = 4096, "nodes per column set",
        Chosen("a few microseconds a set; not measured");
}
