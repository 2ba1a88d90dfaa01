//! Some column sets of one pivot priced (ranked units' ranges): each
//! set's figures found as [`SetPrice`] says, by a descent or a walk, and
//! priced in the ranked regime with its pivot's shares from a
//! [`super::Sampled`] of the board. A room of its own: the whole board's
//! sampled price (`super::sample`) and a few sets' price share only the
//! draws and the model.

use std::collections::HashMap;

use crate::base::rng::Rng;
use crate::engine::half_board::column_sets::task_of;
use crate::engine::half_board::price::cost::{Regime, TaskWork};

use super::board::Board;
use super::descents::{draw, walked};

/// How [`price_sets`] finds a column set's terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetPrice {
    /// One random descent per figure: microseconds, and unbiased, but one
    /// set's figure is heavy-tailed (mostly low, now and then hundreds of
    /// times high), so only a sum over many sets is close.
    Descent,
    /// The set's four quarters walked and counted per row set: the exact
    /// terms, for a walk of the set's placements (what its tables' build
    /// walks anyway). Ranked units whose sets are all walked are priced
    /// from the kernel's estimate of its work instead
    /// ([`crate::engine::half_board::ranked::Ranked::price_ranks`]); these
    /// terms are what the model's constants are fitted to.
    Walked,
}

/// What [`price_sets`] finds for some column sets.
#[derive(Clone, Copy, Debug, Default)]
pub struct SetsPrice {
    /// The canonical tasks among them.
    pub tasks: f64,
    /// Their joins, ns, and the cost model's terms they sum.
    pub ns: f64,
    pub work: TaskWork,
    /// Per quarter, the placements of each task's column set in it, summed
    /// over the tasks (a set shared by several tasks counted each time).
    pub items: [f64; 4],
    /// Walked ([`SetPrice::Walked`]) only: per quarter, the distinct column
    /// sets the tasks use and their placements (what tables of just these
    /// tasks hold).
    pub distinct: Option<[(u64, u64); 4]>,
}

/// A pivot's shares from a [`Sampled`] of its board: each quarter's
/// placements its diagonals leave, the words the sieve leaves, the
/// candidate tops and bottoms that pass their quarters' test.
pub type Priced = ([f64; 4], f64, [f64; 2]);

/// The joins (ns, in the ranked regime: [`price_sets`] prices ranked
/// units) and the placements per quarter of the tasks whose column sets
/// `sets` yields, for pivot `pi` with the shares `priced` (from a
/// [`Sampled`] of the same board), each set's terms found as `how` says:
/// column sets that are not canonical price 0.
pub fn price_sets(
    board: &Board,
    pi: usize,
    priced: Priced,
    sets: impl Iterator<Item = u64>,
    how: SetPrice,
    rng: &mut Rng,
) -> SetsPrice {
    let pv = &board.pivots[pi];
    let mut bottoms_rng = Rng::new(rng.next_u64());
    // Walked quarter sets, by (quarter, columns): consecutive ranks share
    // their right quarters' sets.
    let mut walked_rows: HashMap<(usize, u64), Vec<u32>> = HashMap::new();
    let mut price = SetsPrice::default();
    for s in sets {
        if task_of(board.shape.n, pv, pi, board.sym, s).is_none() {
            continue;
        }
        let d = match how {
            SetPrice::Descent => draw(board, pi, s, rng, &mut bottoms_rng),
            SetPrice::Walked => walked(board, pi, s, &mut walked_rows),
        };
        price.tasks += 1.0;
        let regime = Regime::Ranked {
            n: board.shape.n,
            pair: board.sym.pair,
            transpose: board.sym.transpose,
        };
        let work = d.work(board, priced, regime);
        price.ns += regime.ns(&work);
        price.work += work;
        for (sum, item) in price.items.iter_mut().zip(d.items) {
            *sum += item;
        }
    }
    if how == SetPrice::Walked {
        let mut distinct = [(0u64, 0u64); 4];
        for ((q, _), rows) in &walked_rows {
            distinct[*q].0 += 1;
            distinct[*q].1 += rows.iter().map(|&x| u64::from(x)).sum::<u64>();
        }
        price.distinct = Some(distinct);
    }
    price
}
