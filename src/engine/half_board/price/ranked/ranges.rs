//! Ranked units priced on their own: a shard's units sampled within their
//! ranges or walked ([`Ranked::narrow`]), some ranks' price
//! ([`Ranked::price_ranks`]) and the kernel's estimate of its own tally on
//! their sets' tables ([`Ranked::estimate_ranks`]). A room of its own: it
//! reads the units and the kernel's shapes and prices them; counting a
//! unit ([`crate::engine::half_board::ranked`]) never reads it.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::{set_of_rank, tasks_in_ranks};
use crate::engine::half_board::matching;
use crate::engine::half_board::price::cost::{self, TaskWork};
use crate::engine::half_board::price::sampling::{self, SetPrice};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::tally::Tally;

use super::{RankPrice, SEED};
use crate::engine::half_board::ranked::Ranked;
use crate::tuning::sampling::{
    KEPT_QUARTERS, SHARD_DRAWS, UNIT_DRAWS, UNIT_PRICE_ROUNDS, WALKED_SETS,
};

impl Ranked {
    /// Keeps the price of `units` only (a shard's), priced on their own:
    /// the tasks of a rank range cost anything from nothing (column sets
    /// all on one side) to several times the mean, so a shard's units are
    /// sampled within their ranges ([`SHARD_DRAWS`] in all, at least
    /// [`UNIT_DRAWS`] each), or where the shard holds few sets, every set
    /// walked and its join estimated by the kernel ([`WALKED_SETS`],
    /// [`Ranked::price_ranks`]; then the largest unit's tables are known,
    /// and the shard's peak is priced from them). The others must
    /// not run afterwards (nothing is held for any unit, so nothing else
    /// changes).
    pub fn narrow(&mut self, units: &[usize]) {
        let mut rng = Rng::new(SEED ^ units.first().map_or(0, |&u| u as u64));
        let mut ranks_rng = Rng::new(rng.next_u64());
        let per = (SHARD_DRAWS / units.len().max(1)).max(UNIT_DRAWS) as u64;
        let sets: u64 = units
            .iter()
            .map(|&u| {
                let ranks = self.unit(u).ranks;
                ranks.end - ranks.start
            })
            .sum();
        let how = if sets <= WALKED_SETS {
            SetPrice::Walked
        } else {
            SetPrice::Descent
        };
        let mut total = 0.0;
        let mut tables = 0usize;
        self.walked.clear();
        for &u in units {
            let unit = self.unit(u);
            let rngs = (&mut rng, &mut ranks_rng);
            let price = self.price_ranks(unit.pivot, unit.ranks, per, how, rngs);
            total += price.joins + price.builds;
            tables = tables.max(price.table_bytes);
            if how == SetPrice::Walked {
                self.walked.push((u, price.joins + price.builds));
            }
        }
        self.walked.sort_unstable_by_key(|w| w.0);
        self.cost = total;
        // Walked, the largest of the shard's own units' tables is known,
        // where the layout assumed a multiple of the mean unit's (a unit past
        // the table budget runs in pieces within it).
        if how == SetPrice::Walked {
            let tables = tables.min(self.table_budget);
            let scratch = self.thread_bytes - self.unit_bytes;
            self.unit_bytes = tables;
            self.thread_bytes = tables + scratch;
        }
    }

    /// Unit `u`'s price on the yardstick of [`Ranked::cost`], ns (why this
    /// yardstick: `price/timed.rs`): its own walked price where a shard's
    /// sets were walked; else the mean of [`UNIT_PRICE_ROUNDS`] prices of
    /// its sets by sampled descents ([`UNIT_DRAWS`] sets a round where it
    /// holds more), drawn by `seed`.
    pub fn unit_price(&self, u: usize, seed: u64) -> f64 {
        if let Ok(i) = self.walked.binary_search_by_key(&u, |w| w.0) {
            return self.walked[i].1;
        }
        let unit = self.unit(u);
        let mut rng = Rng::new(seed);
        let mut ranks_rng = Rng::new(rng.next_u64());
        let draws = UNIT_DRAWS as u64;
        let total: f64 = (0..UNIT_PRICE_ROUNDS)
            .map(|_| {
                let rngs = (&mut rng, &mut ranks_rng);
                let ranks = unit.ranks.clone();
                let price = self.price_ranks(unit.pivot, ranks, draws, SetPrice::Descent, rngs);
                price.joins + price.builds
            })
            .sum();
        total / UNIT_PRICE_ROUNDS as f64
    }

    /// The price of the column sets of pivot `pivot` with ranks in
    /// `ranks`, on their own: their joins, the builds of their tables and
    /// the tables' bytes. Where there are at most `draws` ranks and `how`
    /// is [`SetPrice::Walked`], every set's tables are built and the
    /// kernel estimates its own work on them ([`Ranked::estimate_ranks`],
    /// priced by [`cost::sieved_ns`]); else from `draws` random ranks
    /// (drawn from `rngs.1`; the descents from `rngs.0`), or every rank,
    /// one descent each.
    pub fn price_ranks(
        &self,
        pivot: usize,
        ranks: Range<u64>,
        draws: u64,
        how: SetPrice,
        (rng, ranks_rng): (&mut Rng, &mut Rng),
    ) -> RankPrice {
        let (start, len) = (ranks.start, ranks.end - ranks.start);
        let draws = len.min(draws);
        if how == SetPrice::Walked && draws == len {
            let (tally, distinct) = self.estimate_ranks(pivot, ranks, rng);
            let ties = self.geo.sym.pair && self.geo.sym.transpose;
            return self.rank_price(cost::sieved_ns(&tally, ties), distinct);
        }
        let board = self.geo.board();
        let avail = self.geo.pivots[pivot].avail;
        let order = self.order(pivot);
        let sets = (0..draws).map(|i| {
            let rank = if draws == len {
                start + i
            } else {
                start + ranks_rng.below(len)
            };
            set_of_rank(avail, &order, rank)
        });
        let priced = (self.passes[pivot], self.keeps[pivot], self.apart[pivot]);
        let price = sampling::price_sets(&board, pivot, priced, sets, SetPrice::Descent, rng);
        let scale = len as f64 / draws.max(1) as f64;
        // The tables: a share of the tasks' left sets and of their right
        // ones (see `UnitSizes::sets`).
        let items = price.items.map(|x| x * scale);
        let tasks = price.tasks * scale;
        let distinct = [0, 1, 2, 3].map(|q| {
            let share = self.shares[q % 2];
            ((tasks * share).ceil() as u64, (items[q] * share) as u64)
        });
        self.rank_price(price.ns * scale, distinct)
    }

    /// The price of some ranks whose joins cost `joins` ns and whose
    /// tables hold, per quarter, `distinct` column sets and placements:
    /// the tables' bytes, and their builds (each placement walked twice
    /// and stored once).
    fn rank_price(&self, joins: f64, distinct: [(u64, u64); 4]) -> RankPrice {
        let walk_ns = 2.0 * cost::NS_SET_WALK_ITEM + cost::NS_BUILD_ITEM;
        let h = self.geo.shape.h;
        let table_bytes = (0..4)
            .map(|q| {
                let (sets, items) = distinct[q];
                Quarter::bytes(h, &self.geo.quarter_shapes[q], sets, items)
            })
            .sum();
        let placements: u64 = distinct.iter().map(|&(_, items)| items).sum();
        RankPrice {
            joins,
            builds: walk_ns * placements as f64,
            table_bytes,
        }
    }

    /// The cost model's terms ([`TaskWork`]) of the column sets of pivot
    /// `pivot` with ranks in `ranks`, each set walked (for fitting
    /// the model's constants to what such sets take).
    pub fn work_of_ranks(&self, pivot: usize, ranks: Range<u64>) -> TaskWork {
        let board = self.geo.board();
        let avail = self.geo.pivots[pivot].avail;
        let order = self.order(pivot);
        let sets = ranks.map(|rank| set_of_rank(avail, &order, rank));
        let priced = (self.passes[pivot], self.keeps[pivot], self.apart[pivot]);
        let mut rng = Rng::new(0);
        sampling::price_sets(&board, pivot, priced, sets, SetPrice::Walked, &mut rng).work
    }

    /// The tally a join of the column sets of pivot `pivot` with
    /// ranks in `ranks` would leave, estimated task by task from samples
    /// drawn by `rng` out of its sets' tables ([`matching::estimate`]; each
    /// quarter's set walked on its own, [`Quarter::of_set`], the last few
    /// kept: consecutive ranks share their right quarters' sets), and per
    /// quarter the distinct column sets the tasks use and their
    /// placements (what the unit's tables hold).
    pub fn estimate_ranks(
        &self,
        pivot: usize,
        ranks: Range<u64>,
        rng: &mut Rng,
    ) -> (Tally, [(u64, u64); 4]) {
        let (n, h, wl) = (self.geo.shape.n, self.geo.shape.h, self.geo.shape.wl);
        let pv = &self.geo.pivots[pivot];
        let lmask = (1u64 << wl) - 1;
        let mut kept: HashMap<(usize, u64), Quarter> = HashMap::new();
        let mut seen: HashSet<(usize, u64)> = HashSet::new();
        let mut distinct = [(0u64, 0u64); 4];
        let mut tally = Tally::default();
        let order = self.order(pivot);
        for task in tasks_in_ranks(n, pv, pivot, self.geo.sym, &order, ranks) {
            let s = u64::from(task.s);
            let sb = pv.avail ^ s;
            let cols = [s & lmask, s >> wl, sb & lmask, sb >> wl];
            if kept.len() > KEPT_QUARTERS {
                kept.clear();
            }
            for (q, &c) in cols.iter().enumerate() {
                let shape = self.geo.quarter_shapes[q];
                let table = kept
                    .entry((q, c))
                    .or_insert_with(|| Quarter::of_set(n, h, &self.geo.free, shape, c));
                if seen.insert((q, c)) {
                    distinct[q].0 += 1;
                    distinct[q].1 += table.placements();
                }
            }
            let quarters = [0, 1, 2, 3].map(|q| &kept[&(q, cols[q])]);
            let one = std::slice::from_ref(&task);
            let shape = &self.geo.shape;
            tally.add(&matching::estimate(
                shape,
                quarters,
                &self.geo.pivots,
                one,
                rng,
            ));
        }
        (tally, distinct)
    }
}

#[cfg(test)]
mod tests {
    use crate::base::rng::Rng;
    use crate::engine::budget::Budget;
    use crate::engine::half_board::layout::MinN;
    use crate::engine::half_board::matching::Isa;
    use crate::engine::half_board::ranked::Ranked;

    /// The kernel's estimate of its own tally ([`Ranked::estimate_ranks`])
    /// against the tally of the join itself, unit by unit, on blank boards
    /// and boards with blocked cells: the bottoms and tops it counts from
    /// the tables' sizes and the draws' shares, the pair words the sieve
    /// leaves, the bucket pieces its tops visit and the words of the
    /// buckets' tables from its samples (within 2% here, on every unit). Units
    /// too small for the draws to settle are not compared (a unit of a few
    /// hundred pair words is a sampling lottery, and costs nothing).
    #[test]
    fn estimated_tallies_follow_the_kernels_own() {
        let mut rng = Rng::new(7);
        let mut seen = 0;
        let mut worst = [1.0f64; 5];
        for round in 0..8 {
            let n = 16 + round / 2;
            let free = if round % 2 == 0 {
                vec![(1u64 << n) - 1; n]
            } else {
                let percent = 1 + rng.below(4);
                rng.board(n, percent).rows().to_vec()
            };
            let min_n = MinN::both(12).ranked_from(4);
            let Some(ranked) = Ranked::new(n, &free, Budget::default(), min_n) else {
                continue;
            };
            for i in (0..ranked.units).step_by(1 + ranked.units / 6) {
                let unit = ranked.unit(i);
                let (_, did) = ranked.run_unit(i, Isa::Auto);
                if did.pair_words < 1 << 20 {
                    continue;
                }
                let (est, _) =
                    ranked.estimate_ranks(unit.pivot, unit.ranks, &mut Rng::new(i as u64));
                let pairs = [
                    (est.bottoms, did.bottoms),
                    (est.tops, did.tops),
                    (est.pair_words, did.pair_words),
                    (est.visits, did.visits),
                    (est.table_words, did.table_words),
                ];
                for (w, (e, d)) in worst.iter_mut().zip(pairs) {
                    let r = e.max(1) as f64 / d.max(1) as f64;
                    *w = w.max(r).max(1.0 / r);
                }
                assert_eq!(est.sets, did.sets);
                assert_eq!(est.chunks, did.chunks);
                seen += 1;
            }
        }
        assert!(seen >= 10, "only {seen} units compared");
        assert!(worst[0] < 1.05 && worst[1] < 1.05, "{worst:?}");
        assert!(
            worst[2] < 1.1 && worst[3] < 1.1 && worst[4] < 1.1,
            "{worst:?}"
        );
    }
    /// The same in pair mode with the transpose, where a bucket's tie
    /// bottoms are laid out apart from a block of four words: in buckets
    /// of a few words that padding is a good share of what a top reads,
    /// and the estimate lays its sample out the same way. Summed over the
    /// units of blank boards of 16 and 18 cut into buckets of about two
    /// words (laid out without the tie parts, the estimate read 0.47x the
    /// pair words at 16).
    #[test]
    fn estimated_words_follow_the_kernels_own_with_tie_bottoms() {
        for n in [16, 18] {
            let free = vec![(1u64 << n) - 1; n];
            let min_n = MinN::pair(4).ranked_from(4);
            let mut ranked = Ranked::new(n, &free, Budget::default(), min_n).unwrap();
            assert!(ranked.geo.sym.pair && ranked.geo.sym.transpose);
            ranked.geo.shape.bucket_bottoms = 128;
            let (mut est, mut did) = ([0u64; 3], [0u64; 3]);
            for i in (0..ranked.units).step_by(1 + ranked.units / 12) {
                let unit = ranked.unit(i);
                let (_, d) = ranked.run_unit(i, Isa::Auto);
                let (e, _) = ranked.estimate_ranks(unit.pivot, unit.ranks, &mut Rng::new(i as u64));
                for (sum, x) in est.iter_mut().zip([e.pair_words, e.visits, e.table_words]) {
                    *sum += x;
                }
                for (sum, x) in did.iter_mut().zip([d.pair_words, d.visits, d.table_words]) {
                    *sum += x;
                }
            }
            for (e, d) in est.into_iter().zip(did) {
                let r = e as f64 / d.max(1) as f64;
                assert!((0.9..1.1).contains(&r), "n = {n}: {est:?} against {did:?}");
            }
        }
    }
}
