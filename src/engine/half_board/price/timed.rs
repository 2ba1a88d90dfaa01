//! A join's price measured on this machine: some of its own work run and
//! timed against what the cost model quotes for that work, so that a
//! quote's speed comes from the join itself rather than from a probe of
//! another kernel (issue 76, item 3).
//!
//! The model still says *where* the work is (which units are dear, how
//! they compare): it is the yardstick the sample is read against. What is
//! measured is its scale on this machine, the CPU the sampled work took
//! over the model's nanoseconds for it at the reference speed. The whole
//! count's quote is then the model's total times that ratio (a ratio
//! estimator: its spread is the spread of the work's real-to-model ratios,
//! not of the work's sizes, which differ 20-fold between a cheap and a
//! dear unit of 28).
//!
//! What is timed is whole units, drawn at random without repeats, each as
//! a count runs it, and set against its share of the price being scaled
//! (the count's, or the shard's):
//! - a listed join's unit (up to 24) on its part's tables, built before
//!   its clock starts (a count builds them once for many units), against
//!   its weight (its joins' ns in the model);
//! - a ranked join's unit (past 24) on tables of its own, against its
//!   sets priced by sampled descents as the plan's weights were (its
//!   joins and its tables' builds), or where a shard walked its few sets,
//!   against its walked price. Not single column sets: a set alone builds
//!   tables a unit's sets share (at 26 two sets alone took 14 s, their
//!   unit of 28 sets 15 s), so its time would be mostly builds.
//!
//! The yardstick must be the price's own. The first version read every
//! ranked unit against its walked price, closest to its CPU, while a whole
//! count is the sum of the plan's weights, and walked over weights is a
//! factor of its own per size and fold (0.76 at 27, 1.92 at 26 in pair
//! mode with the transpose, on 30 units each), which the quote then
//! carried (2026-12-07: `count 26 --measure` in pair mode read 0.79
//! CPU-years that way, 1.9x low). A unit's weight spreads its pivot's
//! price evenly over the pivot's ranks; its own sets' descents are drawn
//! as the weights were and are what a large shard's price adds up, so they
//! are the yardstick, in many rounds (`UNIT_PRICE_ROUNDS`: one round
//! spreads 0.2-0.8 of its mean), so that a unit's price is the model's and
//! not its draws'. The units' CPU still follows those prices loosely, about
//! as loosely as one round's: that spread is the model's own error on each
//! unit. 121 units of 28 ran 0.16-3.65x their prices (a quote +- 7% after
//! an hour), 17 of 26 0.15-1.63x (+- 15% after half an hour). The walked
//! price tracks a unit's CPU far closer (0.8-1.2x) but costs a third of
//! the unit's run and would need the walked-over-descents factor measured
//! on many units; so the standard error is printed, and a quote to plan a
//! campaign by wants an hour of units.
//!
//! The sample stops once its CPU reaches the time asked for (after at least
//! one unit), or when every unit has run.
//!
//! # Complexity
//! The CPU asked for, plus one unit and the units' prices.

use crate::base::rng::Rng;
use crate::engine::cpu;
use crate::engine::half_board::prepared::Work;
use crate::engine::half_board::PreparedJoin;

/// What [`PreparedJoin::timed`] measured: each unit run, its thread CPU
/// and the model's ns for it at the reference speed.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Timed {
    pub runs: Vec<(f64, f64)>,
}

impl Timed {
    /// The units run.
    pub fn units(&self) -> usize {
        self.runs.len()
    }

    /// Their CPU, ns.
    pub fn cpu_ns(&self) -> f64 {
        self.runs.iter().map(|r| r.0).sum()
    }

    /// The model's ns for them.
    pub fn model_ns(&self) -> f64 {
        self.runs.iter().map(|r| r.1).sum()
    }

    /// This machine's speed on the join against the model's reference: CPU
    /// over model ns. `None` if nothing was timed.
    ///
    /// ```
    /// use nqueens::engine::half_board::price::timed::Timed;
    /// let t = Timed { runs: vec![(1.2e9, 1e9), (1.8e9, 1e9)] };
    /// assert_eq!(t.factor(), Some(1.5));
    /// assert_eq!(Timed::default().factor(), None);
    /// ```
    pub fn factor(&self) -> Option<f64> {
        let (cpu, model) = (self.cpu_ns(), self.model_ns());
        (model > 0.0 && cpu > 0.0).then(|| cpu / model)
    }

    /// The least and the most of the units' own CPU over model ns.
    pub fn spread(&self) -> (f64, f64) {
        let ratios = self.runs.iter().filter(|r| r.1 > 0.0).map(|r| r.0 / r.1);
        let low = ratios.clone().fold(f64::INFINITY, f64::min);
        (low, ratios.fold(0.0, f64::max))
    }

    /// The standard error of [`Timed::factor`], relative to it: the ratio
    /// estimator's, `sqrt(sum (c - R m)^2 / (k (k - 1))) / mean m` over the
    /// `k` units' CPU `c` and price `m` (`R` the factor). `None` below two
    /// units. The units are drawn without repeats from a finite list, so
    /// this is a little high where most of the list ran.
    ///
    /// ```
    /// use nqueens::engine::half_board::price::timed::Timed;
    /// let even = Timed { runs: vec![(2e9, 1e9), (4e9, 2e9)] };
    /// assert_eq!(even.error(), Some(0.0));
    /// let apart = Timed { runs: vec![(1e9, 1e9), (3e9, 1e9)] };
    /// assert_eq!(apart.error(), Some(0.5));
    /// assert_eq!(Timed { runs: vec![(1e9, 1e9)] }.error(), None);
    /// ```
    pub fn error(&self) -> Option<f64> {
        let k = self.units();
        let factor = self.factor()?;
        if k < 2 {
            return None;
        }
        let squares: f64 = self
            .runs
            .iter()
            .map(|&(c, m)| (c - factor * m).powi(2))
            .sum();
        let mean = self.model_ns() / k as f64;
        Some((squares / (k * (k - 1)) as f64).sqrt() / mean / factor)
    }
}

impl PreparedJoin {
    /// Runs some of `units` (positions in its unit list; a shard's), drawn
    /// at random without repeats by `seed`, and times each against its
    /// price, until their CPU reaches `cpu_ns` or every unit has run.
    /// `None` where the system has no thread CPU clock.
    ///
    /// ```
    /// use nqueens::base::board::full_row;
    /// use nqueens::engine::{budget::Budget, half_board::PreparedJoin};
    /// let join = PreparedJoin::within(14, &vec![full_row(14); 14], Budget::new(1 << 30, 1)).unwrap();
    /// let all: Vec<usize> = (0..join.units()).collect();
    /// let timed = join.timed(&all, 1e7, 7).unwrap();
    /// assert!(timed.units() >= 1 && timed.factor().unwrap() > 0.0);
    /// ```
    pub fn timed(&self, units: &[usize], cpu_ns: f64, seed: u64) -> Option<Timed> {
        let clock = || cpu::thread_precise().map(|d| d.as_nanos() as f64);
        clock()?;
        let mut rng = Rng::new(seed);
        let mut timed = Timed::default();
        let mut cpu = 0.0;
        let mut order = units.to_vec();
        for i in 0..order.len() {
            if cpu >= cpu_ns {
                break;
            }
            let j = i + rng.below((order.len() - i) as u64) as usize;
            order.swap(i, j);
            let unit = order[i];
            let model_ns = self.unit_price(unit, rng.next_u64())?;
            if model_ns <= 0.0 {
                // A unit of sets the fold does not list: nothing to time.
                continue;
            }
            // A listed unit's part's tables are built before its clock
            // starts: a count builds them once for many units, and its
            // price has them apart from the units' weights.
            self.prepare(unit);
            let start = clock()?;
            std::hint::black_box(self.run_unit(unit));
            let took = clock()? - start;
            cpu += took;
            timed.runs.push((took, model_ns));
        }
        Some(timed)
    }

    /// Unit `unit`'s price at the reference speed, ns, on the yardstick of
    /// the price being scaled ([`PreparedJoin::cost`], chosen as the
    /// module's documentation says): a listed unit's weight (its joins); a
    /// ranked unit's sets priced by sampled descents, or in a shard whose
    /// few sets were walked, its walked price (`Ranked::unit_price`).
    #[doc(hidden)]
    pub fn unit_price(&self, unit: usize, seed: u64) -> Option<f64> {
        Some(match &self.work {
            Work::Listed(layout) => layout.units[unit].weight,
            Work::Ranked(ranked) => ranked.unit_price(unit, seed),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::board::full_row;
    use crate::engine::half_board::MinN;

    /// A sample runs at least one unit and prices it, and with no limit runs
    /// every unit of a listed join once (drawn without repeats); the units
    /// still count as before, run or not.
    #[test]
    fn a_listed_sample_runs_each_unit_once_and_counts_stay() {
        let n = 12;
        let join = PreparedJoin::new(n, &vec![full_row(n); n], 1 << 30).unwrap();
        assert!(!join.is_ranked());
        let all: Vec<usize> = (0..join.units()).collect();
        // It stops at the first unit its clock saw take any time (one,
        // with a clock finer than a unit).
        let one = join.timed(&all, 1.0, 1).unwrap();
        let (last, before) = one.runs.split_last().expect("a unit at least");
        assert!(last.0 > 0.0 && before.iter().all(|r| r.0 == 0.0), "{one:?}");
        let every = join.timed(&all, f64::INFINITY, 2).unwrap();
        assert_eq!(every.units(), all.len(), "{every:?}");
        let priced: f64 = all.iter().map(|&u| join.unit_weight(u)).sum();
        assert!(
            (every.model_ns() - priced).abs() <= 1e-6 * priced,
            "{every:?}"
        );
        assert!(every.factor().is_some_and(|f| f > 0.0), "{every:?}");
        let counted: u128 = all.iter().map(|&u| join.run_unit(u)).sum();
        assert_eq!(counted, crate::base::published::totals::<14>()[n - 1]);
    }

    /// A ranked join is timed unit by unit too, each priced as a shard of
    /// it alone is, and only the units asked for.
    #[test]
    fn a_ranked_sample_times_the_units_asked_for() {
        let n = 13;
        let blank = vec![full_row(n); n];
        let min_n = MinN::both(4).ranked_from(4);
        let join = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
        assert!(join.is_ranked());
        let count = |u: usize| {
            let (pivot, ranks) = join.ranked_unit(u).unwrap();
            join.count_ranks(pivot, ranks).unwrap()
        };
        let full = (0..join.units()).find(|&u| count(u) > 0).unwrap();
        let none = join.timed(&[], f64::INFINITY, 3).unwrap();
        assert_eq!((none.units(), none.factor()), (0, None), "{none:?}");
        let timed = join.timed(&[full, full + 1], f64::INFINITY, 3).unwrap();
        assert_eq!(timed.units(), 2, "{timed:?}");
        assert!(timed.model_ns() > 0.0, "{timed:?}");
        // Its yardstick is the price it scales: every unit timed, the
        // model's ns add up to the join's cost (the weights: the same
        // descents, drawn again), and in a shard whose few sets were
        // walked, exactly the shard's (their walked prices).
        let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b && b > 0.0;
        let all: Vec<usize> = (0..join.units()).collect();
        let every = join.timed(&all, f64::INFINITY, 4).unwrap();
        let ratio = every.model_ns() / join.cost();
        assert!((0.9..1.1).contains(&ratio), "{ratio}: {every:?}");
        let mine = [full, full + 1];
        let mut shard = PreparedJoin::tuned(n, &blank, Default::default(), min_n, None).unwrap();
        shard.narrow(&mine);
        let walked = shard.timed(&mine, f64::INFINITY, 5).unwrap();
        assert!(same(walked.model_ns(), shard.cost()), "{walked:?}");
        assert!(
            !same(walked.model_ns(), timed.model_ns()),
            "walked, not weighed"
        );
        let counted: u128 = (0..join.units()).map(|u| join.run_unit(u)).sum();
        assert_eq!(counted, crate::base::published::totals::<14>()[n - 1]);
    }
}
