//! What a counting method is to the planner: the [`CountingMethod`]
//! trait and what it trades in (a [`Case`] to quote, the [`Shared`] state
//! of a run, the [`Batch`] of work units, the [`Answer`] slots they add
//! up to). Each method's file implements it from here, apart from the
//! [`registry`](super::registry) that lists the methods, so that none of
//! them imports the folder's top.

use std::collections::HashMap;
use std::sync::Arc;

use crate::base::board::Board;
use crate::base::error::Result;
use crate::base::problem::Problem;
use crate::engine::budget::Budget;
use crate::engine::constellations::ConstellationEngine;
use crate::engine::counter::join::Prepared;
use crate::engine::counter::{self, Choice, CountPrice, Engine, UnitCounter};
use crate::engine::tree_size;
use crate::plan::calibration::{CostClass, Speed};
use crate::plan::work::Work;

/// The error of a method asked to plan a case it did not prepare in
/// [`CountingMethod::applies`]: the planner always asks that first, so this
/// is a bug, reported instead of a wrong count.
pub fn unprepared(method: &str) -> crate::base::error::Error {
    crate::base::error::Error::Worker(format!("{method}: a case planned before it was prepared"))
}

/// A method's name, as `--method` takes it and `--explain` prints it, one
/// line on what it does and where it applies, for `--help`.
#[derive(Clone, Copy, Debug)]
pub struct About {
    pub name: &'static str,
    pub help: &'static str,
    /// The boards it applies to, as `--help` says it (`""`: every board):
    /// what [`CountingMethod::applies`] checks, in one line. A forced
    /// method leaves the other boards to the registry's first.
    pub applies: &'static str,
}

/// A case of the batch: its place in the batch and its board.
#[derive(Clone, Copy, Debug)]
pub struct Case<'a> {
    pub index: usize,
    pub board: &'a Board,
}

/// Why a method does not apply to a board, as `--explain` says it.
pub type Skip = &'static str;

/// One counting method.
///
/// The planner calls, per batch: [`applies`](Self::applies) and
/// [`quote`](Self::quote) for the cases it plans; [`weigh`](Self::weigh) and [`invest`](Self::invest) so that
/// methods with a shared investment (an index) decide on it; then
/// [`plan`](Self::plan) for each case the method won; and after the units
/// ran, [`absorb`](Self::absorb) with every slot's value.
pub trait CountingMethod: Send {
    /// Its name and what it does.
    fn about(&self) -> About;

    /// A quote made without planning, for a board too small to be worth
    /// planning: the planner takes the first method that gives one and asks
    /// no other. `None` (the default) when the board is not that small, or
    /// the method does not do quick quotes.
    fn quick(&mut self, _case: Case, _shared: &mut Shared) -> Option<f64> {
        None
    }

    /// A lower bound of the method's quote (and of its refinement) for
    /// `case`, asked before [`applies`](Self::applies) and cheap to give:
    /// the planner does not plan a method whose floor loses to a quote it
    /// already has, where planning it could take longer than the case
    /// (inclusion-exclusion plans a join per term: 30-50 ms of a 0.16 s
    /// run of n = 15 with 5 blocked cells). `0.0` (the default): no bound,
    /// always planned.
    fn floor(&mut self, _case: Case, _shared: &mut Shared) -> f64 {
        0.0
    }

    /// Whether the method applies to case `case`, `board`, and if not, why.
    /// The method may prepare its plan here, for [`quote`](Self::quote) and
    /// [`plan`](Self::plan) in the same batch.
    fn applies(&mut self, _case: Case, _shared: &mut Shared) -> std::result::Result<(), Skip> {
        Ok(())
    }

    /// The estimated cost (ns) of answering a case the method applies to.
    /// Asked only when the planner chooses (a forced method is not quoted).
    fn quote(&mut self, case: Case, shared: &mut Shared) -> f64;

    /// [`quote`](Self::quote), or, once the method finds its quote above
    /// `bound`, any value above `bound`: a method whose pricing plans (as
    /// inclusion-exclusion plans a join per term) stops there. Asked by the
    /// planner of methods with a [`floor`](Self::floor), `bound` being the
    /// quote to beat; the default is `quote` itself.
    fn quote_within(&mut self, case: Case, shared: &mut Shared, _bound: f64) -> f64 {
        self.quote(case, shared)
    }

    /// A finer quote than [`quote`](Self::quote) (asked right after it), for
    /// a case whose quote is within reach of the cheapest: it may cost
    /// milliseconds (a stratified estimate of a search tree). The default
    /// is `quote` itself.
    fn refine(&mut self, _case: Case, _shared: &mut Shared, quote: f64) -> f64 {
        quote
    }

    /// Whether [`quote`](Self::quote) is the wall time on the threads (the
    /// method's units share them, and its quote says so); otherwise it is
    /// the time on one thread. For estimates only.
    fn quotes_on_threads(&self) -> bool {
        false
    }

    /// The memory (bytes) the method holds to answer a case it applies to,
    /// beyond the board itself: the constellation engine's units, an index, join
    /// tables. For estimates only; the default is nothing worth counting (a
    /// search's stack).
    fn memory(&mut self, _case: Case, _shared: &mut Shared) -> f64 {
        0.0
    }

    /// The blank counter's engine, when answering the case runs a blank
    /// count ([`Shared::blank_count_units`]): estimates name it as
    /// `count N --estimate` does. For estimates only.
    fn engine(&mut self, _case: Case, _shared: &mut Shared) -> Option<Engine> {
        None
    }

    /// The cost class whose speed its quote for `board` is priced at
    /// ([`crate::plan::calibration`]): the searches', unless it says.
    fn cost_class(&self, _board: &Board) -> CostClass {
        CostClass::Search
    }

    /// Whether this is the method that hands a board without blocked cells
    /// to the blank counter (the engine `count N` uses): the planner gives
    /// it every such board that is not too small to plan.
    fn counts_blank(&self) -> bool {
        false
    }

    /// Told the cheapest quote of every other method for a board: a method
    /// with a shared investment records what it would save (`best` is
    /// infinite when this method is forced).
    fn weigh(&mut self, _board: &Board, _best: f64, _shared: &mut Shared) {}

    /// Makes the shared investments that pay for themselves (all of those
    /// weighed, when `forced`); true when that may have lowered quotes.
    fn invest(&mut self, _shared: &mut Shared, _forced: bool) -> Result<bool> {
        Ok(false)
    }

    /// The work that answers case `case` (quoted before, or forced): units
    /// pushed to `batch`, and the answer as a sum of their slots.
    fn plan(&mut self, case: Case, shared: &mut Shared, batch: &mut Batch) -> Result<Answer>;

    /// After the batch ran: every slot's value, for what the method keeps
    /// between batches. Whatever it prepared for the batch is dropped.
    fn absorb(&mut self, _values: &[i128]) {}
}

/// What all methods share within a run: the memory limit and threads, the
/// speed quotes are priced at, the constellation engine's work units per side,
/// estimates of blank trees, and the lines for `--explain` that are not
/// about one case.
pub struct Shared {
    /// The memory limit of the whole run (`--memory`) on the threads
    /// units will run on.
    budget: Budget,
    /// The run's speed: what its cost classes' factors are (the probe run when
    /// a quote first needs them).
    speed: Speed,
    blank_nodes: HashMap<usize, f64>,
    constellations: HashMap<usize, Arc<ConstellationEngine>>,
    /// Blank counters per side: chosen (and priced), then built on first use.
    blank_choices: HashMap<usize, (CountPrice, Option<Choice>)>,
    blank_counters: HashMap<usize, Arc<dyn UnitCounter>>,
    notes: Vec<String>,
}

impl Shared {
    /// Nothing known yet, for a run within `budget` priced at `speed`.
    pub fn new(budget: Budget, speed: Speed) -> Shared {
        Shared {
            budget,
            speed,
            blank_nodes: HashMap::new(),
            constellations: HashMap::new(),
            blank_choices: HashMap::new(),
            blank_counters: HashMap::new(),
            notes: Vec::new(),
        }
    }

    /// The run's memory limit on its threads: engines plan their tables
    /// and every thread's scratch within it.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The threads units will run on.
    pub fn threads(&self) -> usize {
        self.budget.threads
    }

    /// The speed the run's quotes are priced at.
    pub fn speed(&self) -> &Speed {
        &self.speed
    }

    /// The estimated nodes of the plain blank search of side `n`.
    pub fn blank_nodes(&mut self, n: usize) -> f64 {
        *self
            .blank_nodes
            .entry(n)
            .or_insert_with(|| tree_size::nodes(&Problem::new(&Board::blank(n)).rows(), 256))
    }

    /// The constellation engine's work units for side `n`, made on first use (their
    /// set-up on all threads).
    pub fn constellations(&mut self, n: usize) -> Result<Arc<ConstellationEngine>> {
        if let Some(all) = self.constellations.get(&n) {
            return Ok(all.clone());
        }
        // The blank count's engine, when it is the constellations.
        if let Some(all) = self.blank_counters.get(&n).and_then(|c| c.constellations()) {
            let all = all.clone();
            self.constellations.insert(n, all.clone());
            return Ok(all);
        }
        let all = Arc::new(ConstellationEngine::on_threads(n, self.threads())?);
        self.constellations.insert(n, all.clone());
        Ok(all)
    }

    /// The engine counting the blank board of side `n`, chosen by
    /// [`counter::choose`] once per run.
    fn blank_choice(&mut self, n: usize) -> &mut (CountPrice, Option<Choice>) {
        let budget = self.budget();
        self.blank_choices.entry(n).or_insert_with(|| {
            let choice = counter::choose(n, false, budget);
            (choice.price(), Some(choice))
        })
    }

    /// The estimated cost (ns, on the threads) of the blank count of side
    /// `n` by [`Shared::blank_count_units`].
    pub fn blank_count_cost(&mut self, n: usize) -> f64 {
        self.blank_choice(n).0.cpu_ns / self.threads() as f64
    }

    /// What the blank count of side `n` will cost, as `count N --estimate`
    /// prices it: the same engine, chosen for the same memory limit and
    /// threads ([`counter::choose`]).
    pub fn blank_count_price(&mut self, n: usize) -> CountPrice {
        self.blank_choice(n).0
    }

    /// The blank count of side `n` as work units whose results add up to
    /// it, from the chosen engine (constellations as the kernel's lane
    /// units).
    pub fn blank_count_units(&mut self, n: usize) -> Result<Vec<Work>> {
        let counter = match self.blank_counters.get(&n) {
            Some(counter) => counter.clone(),
            None => {
                let threads = self.threads();
                let choice = self.blank_choice(n).1.take();
                let budget = self.budget();
                let choice = choice.unwrap_or_else(|| counter::choose(n, false, budget));
                // Scans may have set up the constellations already.
                let made = self.constellations.get(&n).cloned();
                let counter = choice.build_reusing(threads, &Default::default(), made)?;
                self.blank_counters.insert(n, counter.clone());
                counter
            }
        };
        Ok(match counter.constellations() {
            Some(engine) => (0..counter.units())
                .map(|i| Work::Completions(n, engine.clone(), i))
                .collect(),
            None => (0..counter.units())
                .map(|i| Work::Units(counter.clone(), i))
                .collect(),
        })
    }

    /// Records a line for `--explain` (an index built, say).
    pub fn note(&mut self, line: String) {
        self.notes.push(line);
    }

    /// The lines recorded since the last call.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }
}

/// Where units' results are summed: one per search a method needs the
/// value of (a case's count, a blank count, an inclusion-exclusion term).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slot(usize);

impl Slot {
    /// The slot's value among the batch's slot values.
    pub fn value(self, values: &[i128]) -> i128 {
        values[self.0]
    }

    /// The slot's place among the batch's slot values.
    pub fn index(self) -> usize {
        self.0
    }
}

/// One unit of a batch: its work, the case it works for (its time is
/// reported with that case), and the slot its result goes into, times a
/// weight.
#[derive(Clone, Debug)]
pub struct Unit {
    pub case: usize,
    pub work: Work,
    pub slot: Slot,
    pub weight: i128,
}

impl AsRef<Work> for Unit {
    fn as_ref(&self) -> &Work {
        &self.work
    }
}

/// A batch's units and slots, as the methods plan them.
#[derive(Default, Debug)]
pub struct Batch {
    pub units: Vec<Unit>,
    slots: usize,
}

impl Batch {
    /// A new slot, zero until units add to it.
    pub fn slot(&mut self) -> Slot {
        self.slots += 1;
        Slot(self.slots - 1)
    }

    /// The number of slots made so far.
    pub fn slots(&self) -> usize {
        self.slots
    }

    /// A unit of case `case` adding `weight` times its result to `slot`.
    pub fn push(&mut self, case: usize, slot: Slot, weight: i128, work: Work) {
        self.units.push(Unit {
            case,
            work,
            slot,
            weight,
        });
    }

    /// Splits every big search among the units into parts for `threads`
    /// threads ([`Work::split_for`]), each part adding to the same slot.
    pub fn split_for(&mut self, threads: usize) {
        for unit in std::mem::take(&mut self.units) {
            let (case, slot, weight) = (unit.case, unit.slot, unit.weight);
            for part in unit.work.split_for(threads) {
                self.push(case, slot, weight, part);
            }
        }
    }

    /// A new slot holding the sum of `parts`' results, each times its
    /// weight: the usual way a case's own searches are planned.
    pub fn sum(&mut self, case: usize, parts: impl IntoIterator<Item = (Work, i128)>) -> Answer {
        let slot = self.slot();
        for (work, weight) in parts {
            self.push(case, slot, weight, work);
        }
        Answer::of(slot)
    }
}

/// The joins a join method ([`super::half_board`], [`super::credited`])
/// planned for the cases of one batch it applies to: kept in
/// [`CountingMethod::applies`], priced by `memory` and `quote`, summed into
/// an answer by `plan`, dropped by `absorb`. Each method keeps its own
/// price on top of the join's model ([`JoinPlans::quote`]).
#[derive(Default)]
pub struct JoinPlans(HashMap<usize, Prepared>);

impl JoinPlans {
    /// Keeps `case`'s plan when its tables fit in memory at once, else
    /// skips with `in_parts`: the units of a batch run in any order, and a
    /// plan in parts would rebuild its tables over and over.
    pub fn keep(
        &mut self,
        case: usize,
        plan: Prepared,
        in_parts: Skip,
    ) -> std::result::Result<(), Skip> {
        if plan.parts() > 1 {
            return Err(in_parts);
        }
        self.0.insert(case, plan);
        Ok(())
    }

    /// The peak bytes of `case`'s join on the run's threads (0 when it
    /// was not kept).
    pub fn memory(&self, case: Case, shared: &Shared) -> f64 {
        (self.0.get(&case.index)).map_or(0.0, |plan| plan.price().bytes_on(shared.threads()))
    }

    /// `ns(plan)`, the method's price of `case`'s join on one thread, on
    /// the run's threads (as many as the join has units); infinite when it
    /// was not kept.
    pub fn quote(&self, case: Case, shared: &Shared, ns: impl Fn(&Prepared) -> f64) -> f64 {
        self.0.get(&case.index).map_or(f64::INFINITY, |plan| {
            ns(plan) / shared.threads().min(plan.units()).max(1) as f64
        })
    }

    /// `case`'s join built and its units (each of weight 1) summed into
    /// one new slot; `method` names the method in the error of a case
    /// never kept ([`unprepared`]).
    pub fn answer(&mut self, case: Case, batch: &mut Batch, method: &str) -> Result<Answer> {
        let plan = self
            .0
            .remove(&case.index)
            .ok_or_else(|| unprepared(method))?;
        let counter: Arc<dyn UnitCounter> = Arc::new(plan.build());
        let units = (0..counter.units()).map(|i| (Work::Units(counter.clone(), i), 1));
        Ok(batch.sum(case.index, units))
    }

    /// Drops the batch's plans.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

/// A case's answer: a known constant plus signed multiples of slots, over
/// a divisor (1 when `None`; a credited join's sum is 8 times its count).
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub constant: i128,
    pub slots: Vec<(Slot, i128)>,
    pub divisor: Option<u32>,
    /// What `--explain` adds to the method's name (the number of terms, say).
    pub note: String,
}

impl Answer {
    /// The value of one slot.
    pub fn of(slot: Slot) -> Answer {
        Answer {
            slots: vec![(slot, 1)],
            ..Answer::default()
        }
    }

    /// A value known without any work.
    pub fn known(value: u128) -> Answer {
        Answer {
            constant: value as i128,
            ..Answer::default()
        }
    }

    /// The same answer over `divisor`, which must divide it.
    pub fn over(mut self, divisor: u32) -> Answer {
        self.divisor = Some(divisor);
        self
    }

    /// The same answer with an `--explain` note.
    pub fn noted(mut self, note: String) -> Answer {
        self.note = note;
        self
    }

    /// The answer, given every slot's value.
    ///
    /// # Panics
    /// When the divisor does not divide the sum (a fault of the method
    /// that set it).
    pub fn value(&self, values: &[i128]) -> u128 {
        let total = self.constant
            + self
                .slots
                .iter()
                .map(|&(slot, sign)| sign * slot.value(values))
                .sum::<i128>();
        let divisor = i128::from(self.divisor.unwrap_or(1));
        assert!(total % divisor == 0, "an answer of {total} over {divisor}");
        (total / divisor) as u128
    }
}
