//! A drawn task's work in the cost model's terms, and per pivot the
//! joins its draws stand for: see [`super::Sampled::joins`] and
//! [`super::Sampled::relists`].

use super::board::Board;
use super::descents::Draw;
use super::sets::Priced;
use crate::engine::half_board::column_sets::binom;
use crate::engine::half_board::price::cost::{bottom_words, task_work, Regime, Relist, TaskWork};

/// What [`joins_of`] finds: see [`Sampled::joins`] and
/// [`Sampled::relists`].
pub(super) struct Joins {
    pub(super) joins: Vec<f64>,
    pub(super) relists: Vec<(f64, Relist)>,
}

/// Per pivot, its joins' ns; per drawn task, how many tasks it stands for and its
/// [`Relist`].
pub(super) fn joins_of(
    board: &Board,
    kept: &[Draw],
    draws: usize,
    (passes, keeps, apart): (&[[f64; 4]], &[f64], &[[f64; 2]]),
    regime: Regime,
) -> Joins {
    let mut joins = vec![0f64; board.pivots.len()];
    let mut relists = Vec::with_capacity(kept.len());
    for d in kept {
        let p = d.pivot;
        let avail = board.pivots[p].avail;
        let subsets = binom(avail.count_ones() as usize, board.shape.h) as f64;
        let priced = (passes[p], keeps[p], apart[p]);
        let (work, relist) = d.work_relisted(board, priced, regime);
        let stands_for = subsets / draws.max(1) as f64;
        let ns = regime.ns(&work) * stands_for;
        joins[p] += ns;
        relists.push((stands_for, relist));
    }
    Joins { joins, relists }
}

impl Draw {
    /// The task's work in the cost model's terms, for its pivot's
    /// `passes`, `keep` and `apart` ([`Sampled::keeps`],
    /// [`Sampled::apart`]; `apart` counts in the ranked regime only).
    pub(super) fn work(&self, board: &Board, priced: Priced, regime: Regime) -> TaskWork {
        self.work_relisted(board, priced, regime).0
    }

    /// [`Draw::work`], and what each further chunk of its bottoms costs.
    fn work_relisted(
        &self,
        board: &Board,
        (passes, keep, apart): Priced,
        regime: Regime,
    ) -> (TaskWork, Relist) {
        // The model's terms are counts: estimates are rounded to them, which
        // leaves their mean where it was up to a fraction of one.
        let round = |x: f64| x.round() as u64;
        // Exact pricing rounds a task's words up; the mean of a rounded-up
        // estimate is not the rounded-up mean (an estimate of 0 rounds to
        // nothing where the task it stands for fills a word), so half a
        // word, the mean the rounding adds, goes on instead, and at least
        // one word: on small boards most tasks hold under a word of
        // bottoms, which exact pricing rounds up to one (half a word on
        // those priced the joins of n = 12, 13 0.84-0.92x what planning
        // finds, once the set-up's per-word term was fitted at 28 ns).
        let [tops_apart, bottoms_apart] = regime.apart(apart);
        let words =
            (bottom_words(board.sym, passes, self.bottom_pairs, bottoms_apart) + 0.5).max(1.0);
        let work = task_work(
            board.shape,
            (passes, tops_apart.unwrap_or(1.0)),
            (round(self.top_pairs), round(self.top_items)),
            round(self.bottom_pairs),
            (words, keep),
            self.s,
            board.pivots[self.pivot].avail,
        );
        let relist = Relist::of(&work, self.top_pairs, words);
        (work, relist)
    }
}
