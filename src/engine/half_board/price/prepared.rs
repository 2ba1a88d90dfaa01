//! A prepared join planned by its price (listed, ranked or credited, and
//! narrowed to a shard's units), and what it predicts before it runs: its
//! time (ns on one core, in all and per unit), its memory (the peak, what
//! each further thread adds), a join priced from samples without planning
//! it, and a ranked join's ranges priced or estimated. Running a unit
//! ([`crate::engine::half_board::prepared`]) never reads it.

use crate::engine::budget::{Budget, BASE_BYTES};
use crate::engine::half_board::images::Images;
use crate::engine::half_board::layout::{Layout, MinN};
use crate::engine::half_board::price::cost::TaskWork;
use crate::engine::half_board::price::layout::Price;
use crate::engine::half_board::price::sampling::SetPrice;
use crate::engine::half_board::ranked::Ranked;
use crate::engine::half_board::tally::Tally;

use crate::engine::half_board::prepared::{PreparedJoin, Work};

impl PreparedJoin {
    /// Plans a count of `n` queens on the board whose row `r` has free
    /// columns `free[r]`, on one thread, the engine holding at most about
    /// `memory_limit` bytes (see [`PreparedJoin::peak_bytes`]). `None` when `n` is
    /// outside `1..=MAX_N`, `free.len() != n`, or no split of the work
    /// fits. Only counting passes and the task list are allocated here.
    pub fn new(n: usize, free: &[u64], memory_limit: usize) -> Option<PreparedJoin> {
        Self::within(n, free, Budget::new(memory_limit + BASE_BYTES, 1))
    }

    /// [`PreparedJoin::new`] for `budget`: the whole process within its bytes on
    /// its threads, each thread's scratch counted.
    pub fn within(n: usize, free: &[u64], budget: Budget) -> Option<PreparedJoin> {
        Self::tuned(n, free, budget, MinN::default(), None)
    }

    /// [`PreparedJoin::new`] with the smallest `n` for the diagonal and cross
    /// modes and the bottoms joined at a time (a multiple of 64) given:
    /// tests use them to exercise those modes and chunking on small boards.
    #[doc(hidden)]
    pub fn tuned(
        n: usize,
        free: &[u64],
        budget: Budget,
        min_n: MinN,
        chunk: Option<usize>,
    ) -> Option<PreparedJoin> {
        let mut work = if n >= min_n.ranked {
            Work::Ranked(Ranked::new(n, free, budget, min_n)?)
        } else {
            Work::Listed(Layout::new(n, free, budget, min_n)?)
        };
        if let Some(chunk) = chunk {
            match &mut work {
                Work::Listed(layout) => layout.shape.chunk = chunk,
                Work::Ranked(ranked) => ranked.geo.shape.chunk = chunk,
            }
        }
        Some(PreparedJoin::of(work))
    }

    /// The join of the blank board of side `n` crediting each solution
    /// with the images of `free`'s blocked cells it avoids (see
    /// [`crate::engine::half_board::images`]): its units' results sum to
    /// [`crate::engine::half_board::images::IMAGES`] times the count of the board `free`, which
    /// [`PreparedJoin::credited_count`] divides out. `None` where the blank board
    /// does not plan within `budget` as listed units (past `MAX_N`).
    pub fn credited(free: &[u64], budget: Budget) -> Option<PreparedJoin> {
        Self::credited_tuned(free, budget, MinN::default(), None)
    }

    /// [`PreparedJoin::credited`] with the modes and chunks of [`PreparedJoin::tuned`].
    #[doc(hidden)]
    pub fn credited_tuned(
        free: &[u64],
        budget: Budget,
        min_n: MinN,
        chunk: Option<usize>,
    ) -> Option<PreparedJoin> {
        let n = free.len();
        if n == 0 || n >= min_n.ranked {
            return None;
        }
        let blank = vec![(1u64 << n) - 1; n];
        let mut join = Self::tuned(n, &blank, budget, min_n, chunk)?;
        join.images = Some(Images::of(free));
        Some(join)
    }

    /// Keeps only what `units` need (see [`Layout::narrow`]): the other
    /// units must not run afterwards. Cost and peak become theirs.
    pub fn narrow(&mut self, units: &[usize]) {
        match &mut self.work {
            Work::Listed(layout) => layout.narrow(units),
            Work::Ranked(ranked) => ranked.narrow(units),
        }
    }

    /// What [`PreparedJoin::within`] would plan, priced from samples in about a
    /// second (see [`Layout::price`]): where planning takes a minute,
    /// `--estimate` asks this instead.
    pub fn price(n: usize, free: &[u64], budget: Budget) -> Option<Price> {
        Self::priced_by(n, free, budget, Layout::price)
    }

    /// [`PreparedJoin::price`] from fewer samples where they are the listed join's
    /// ([`Layout::price_roughly`]): for advice that prices many budgets.
    pub fn price_roughly(n: usize, free: &[u64], budget: Budget) -> Option<Price> {
        Self::priced_by(n, free, budget, Layout::price_roughly)
    }

    fn priced_by(
        n: usize,
        free: &[u64],
        budget: Budget,
        listed: fn(usize, &[u64], Budget, MinN) -> Option<Price>,
    ) -> Option<Price> {
        let min_n = MinN::default();
        if n < min_n.ranked {
            return listed(n, free, budget, min_n);
        }
        let ranked = Ranked::new(n, free, budget, min_n)?;
        Some(Price {
            cost: ranked.cost,
            peak_bytes: ranked.peak_bytes(),
            scratch_bytes: ranked.thread_bytes,
            units: ranked.units as f64,
        })
    }

    /// Estimated peak memory in bytes of a run on one thread (planning, or
    /// one part's tables plus one scratch, whichever is more); each further
    /// concurrent thread adds [`PreparedJoin::scratch_bytes`].
    pub fn peak_bytes(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => {
                let running = layout.running_bytes + self.hits_bytes(layout);
                layout.layout_bytes.max(running)
            }
            Work::Ranked(ranked) => ranked.peak_bytes(),
        }
    }

    /// The bytes of a credited join's hits: one beside each stored
    /// placement ([`Quarter::bytes`] prices its eight bytes of diagonals,
    /// not these). Every placement of the whole tables: the planner runs a
    /// credited join in one part, and for one in parts this is an upper
    /// bound. 0 for a plain join.
    fn hits_bytes(&self, layout: &Layout) -> usize {
        if !self.is_credited() {
            return 0;
        }
        layout.mass.iter().flatten().sum::<u64>() as usize
    }

    /// Estimated bytes each further thread adds: its scratch (and for
    /// ranked units its unit's tables).
    pub fn scratch_bytes(&self) -> usize {
        match &self.work {
            Work::Listed(layout) => layout.scratch_bytes,
            Work::Ranked(ranked) => ranked.thread_bytes,
        }
    }

    /// Estimated total work in nanoseconds on one core (popcnt kernel).
    pub fn cost(&self) -> f64 {
        match &self.work {
            Work::Listed(layout) => layout.cost,
            Work::Ranked(ranked) => ranked.cost,
        }
    }

    /// The share of [`PreparedJoin::cost`] that prices the planning itself (exact
    /// planning's walks, ns; listed plans: a shard's cost includes it, as
    /// a shard plans before its units; 0 for ranked ones). Benches that
    /// time the units of a join made before their clock starts take it
    /// out of the price.
    #[doc(hidden)]
    pub fn layout_ns(&self) -> f64 {
        match &self.work {
            Work::Listed(layout) => layout.layout_ns,
            Work::Ranked(_) => 0.0,
        }
    }

    /// The cost model's work of each of `units`, term by term (listed
    /// joins; `None` for ranked ones): see [`Layout::unit_works`]. Walks
    /// the quarters again: for benches.
    #[doc(hidden)]
    pub fn unit_works(&self, units: &[usize]) -> Option<Vec<TaskWork>> {
        match &self.work {
            Work::Listed(layout) => Some(layout.unit_works(units)),
            Work::Ranked(_) => None,
        }
    }

    /// Estimated relative cost of unit `i`.
    pub fn unit_weight(&self, i: usize) -> f64 {
        match &self.work {
            Work::Listed(layout) => layout.units[i].weight,
            Work::Ranked(ranked) => ranked.unit(i).weight,
        }
    }

    /// The cost model's ns for what [`PreparedJoin::count_ranks`] does with the
    /// same arguments, its joins and its tables' builds, priced from every
    /// rank (each set walked: at most `draws` of them, else that many
    /// random ones, one descent each, seeded by `seed`). `None` for listed
    /// units.
    pub fn ranks_ns(
        &self,
        pivot: usize,
        ranks: std::ops::Range<u64>,
        draws: u64,
        seed: u64,
    ) -> Option<(f64, f64)> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => {
                let mut rng = crate::base::rng::Rng::new(seed);
                let mut ranks_rng = crate::base::rng::Rng::new(rng.next_u64());
                let how = SetPrice::Walked;
                let rngs = (&mut rng, &mut ranks_rng);
                let price = ranked.price_ranks(pivot, ranks, draws, how, rngs);
                Some((price.joins, price.builds))
            }
        }
    }

    /// The tally [`PreparedJoin::count_ranks`] would leave with the same
    /// arguments, estimated from samples seeded by `seed` (see
    /// [`crate::engine::half_board::matching::estimate`]). `None` for
    /// listed units.
    pub fn estimate_ranks(
        &self,
        pivot: usize,
        ranks: std::ops::Range<u64>,
        seed: u64,
    ) -> Option<Tally> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => {
                let mut rng = crate::base::rng::Rng::new(seed);
                Some(ranked.estimate_ranks(pivot, ranks, &mut rng).0)
            }
        }
    }

    /// The cost model's terms of what [`PreparedJoin::count_ranks`] joins with the
    /// same arguments, every set walked (for benches: a walk of each set).
    /// `None` for listed units.
    pub fn work_of_ranks(&self, pivot: usize, ranks: std::ops::Range<u64>) -> Option<TaskWork> {
        match &self.work {
            Work::Listed(_) => None,
            Work::Ranked(ranked) => Some(ranked.work_of_ranks(pivot, ranks)),
        }
    }
}
