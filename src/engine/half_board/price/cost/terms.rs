//! The join's cost model in terms: the work of a column set counted per
//! kind ([`TaskWork`]) and the regimes whose constants price it
//! ([`Regime`]).

use crate::tuning::join::{
    NS_JOIN, NS_PAIR_KEPT, NS_PAIR_WORD, NS_TASK, NS_TOP, NS_XY_KEPT, NS_XY_WORD,
};

use super::ranked::ranked_ns;

/// The work of one column set (or a sum of them), in the model's terms.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct TaskWork {
    /// Candidate quarter pairs of both halves.
    pub pairs: f64,
    /// Words of `X`/`Y` bitsets at full width, and those the sieve leaves.
    pub xy_words: f64,
    pub xy_kept: f64,
    /// Words of AND+popcount at full width, and those the sieve leaves.
    pub pair_words: f64,
    pub pair_kept: f64,
    /// Top placements ANDed with their bottoms.
    pub tops: f64,
    /// Row-set combinations plus cell-table words.
    pub setup: f64,
}

impl TaskWork {
    /// The terms' names, in the order of [`TaskWork::terms`].
    pub const NAMES: [&'static str; 7] = [
        "pairs",
        "xy_words",
        "xy_kept",
        "pair_words",
        "pair_kept",
        "tops",
        "setup",
    ];

    /// The model's ns for each term, in the order of [`TaskWork::terms`].
    pub const NS: [f64; 7] = [
        NS_JOIN,
        NS_XY_WORD,
        NS_XY_KEPT,
        NS_PAIR_WORD,
        NS_PAIR_KEPT,
        NS_TOP,
        NS_TASK,
    ];

    /// The terms as a vector (for fitting their constants).
    pub fn terms(&self) -> [f64; 7] {
        [
            self.pairs,
            self.xy_words,
            self.xy_kept,
            self.pair_words,
            self.pair_kept,
            self.tops,
            self.setup,
        ]
    }

    /// Every term times `k` (a sample's sum scaled to the whole).
    pub fn scaled(self, k: f64) -> TaskWork {
        TaskWork {
            pairs: self.pairs * k,
            xy_words: self.xy_words * k,
            xy_kept: self.xy_kept * k,
            pair_words: self.pair_words * k,
            pair_kept: self.pair_kept * k,
            tops: self.tops * k,
            setup: self.setup * k,
        }
    }

    /// The estimated nanoseconds of the column set on one core, in the
    /// listed regime ([`Regime::Listed`]).
    pub fn ns(&self) -> f64 {
        Regime::Listed.ns(self)
    }
}

/// How a join runs, for its price: each regime has its constants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Regime {
    /// A listed layout (N <= 24, and boards with blocked cells): the tables
    /// built once for many tasks, a chunk's bottoms mostly within the
    /// caches. Its tops are the candidate pairs the pivot leaves
    /// ([`TaskWork::NS`]).
    Listed,
    /// Ranked units (past 24, [`crate::engine::half_board::ranked`]): each
    /// unit builds its own sets' tables, a chunk holds millions of bottoms
    /// and its words come from memory. Its tops and bottoms are those
    /// that also pass the test between their quarters, measured per pivot
    /// by the sampled pricing's descents, where the listed regime takes a
    /// constant share (bottoms, [`BOTTOM_PASS`]) or leaves it to its
    /// constants (tops): at 27 the bottoms' share ran from 5% to 15% on
    /// single sets against the constant's 47% ([`super::RANKED_PAIR_WORD_NS`]). Its
    /// constant depends on the size `n` and on whether the join is in pair
    /// mode, and folds the transpose there ([`ranked_ns`]).
    Ranked {
        n: usize,
        pair: bool,
        transpose: bool,
    },
}

impl Regime {
    /// The regime's constants, in the order of [`TaskWork::terms`].
    pub fn constants(self) -> [f64; 7] {
        match self {
            Regime::Listed => TaskWork::NS,
            Regime::Ranked { n, pair, transpose } => ranked_ns(n, pair, transpose),
        }
    }

    /// The shares of candidate tops and bottoms apart (see
    /// [`Regime::Ranked`]) this regime prices with: the measured ones
    /// `apart` where it takes them, `None` where it does not.
    pub fn apart(self, apart: [f64; 2]) -> [Option<f64>; 2] {
        match self {
            Regime::Listed => [None, None],
            Regime::Ranked { .. } => apart.map(Some),
        }
    }

    /// The estimated nanoseconds of `work` on one core in this regime.
    pub fn ns(self, work: &TaskWork) -> f64 {
        work.terms()
            .iter()
            .zip(self.constants())
            .map(|(t, c)| t * c)
            .sum()
    }
}

impl std::ops::AddAssign for TaskWork {
    fn add_assign(&mut self, o: TaskWork) {
        self.pairs += o.pairs;
        self.xy_words += o.xy_words;
        self.xy_kept += o.xy_kept;
        self.pair_words += o.pair_words;
        self.pair_kept += o.pair_kept;
        self.tops += o.tops;
        self.setup += o.setup;
    }
}
