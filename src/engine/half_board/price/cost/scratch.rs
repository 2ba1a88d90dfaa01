//! What a thread holds for a column set's bottoms and what that costs:
//! the scratch budget, the chunk of bottoms joined at a time within it
//! ([`chunk`], [`scratch_bytes`]) and the price of each further chunk's
//! listing ([`Relist`]). A room of its own: the memory side of the model,
//! read by planning's memory shares and by ranked units.

use crate::engine::half_board::matching::{top_batch, Grouping};
use crate::engine::half_board::sieve::{MAX_CUT, SLICE};

use super::terms::TaskWork;
use crate::tuning::join::{NS_JOIN, NS_TOP};

pub use crate::tuning::join::SCRATCH_BUDGET;

/// Bottoms joined at a time (a multiple of 64): as many as the largest
/// column set has (`max_bottoms`), unless the scratch for that many
/// ([`scratch_bytes`]) would pass `budget` bytes (at most
/// [`SCRATCH_BUDGET`], less where the memory limit shared by the threads
/// asks for less): then the most whose scratch fits.
pub fn chunk(max_bottoms: u64, max_group: u64, ovw: usize, budget: usize) -> usize {
    let most = (max_bottoms as usize + 63) / 64 * 64;
    let fits = |chunk: usize| scratch_bytes(chunk, max_group, ovw) <= budget;
    if fits(most) {
        return most.max(64);
    }
    // The scratch grows with the chunk: the largest multiple of 64 that
    // fits, by bisection over words (`lo` fits or is the floor of one word).
    let (mut lo, mut hi) = (1usize, most / 64);
    while lo + 1 < hi {
        let mid = lo + (hi - lo) / 2;
        if fits(mid * 64) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo * 64
}

/// Per-thread scratch bytes for chunks of `chunk` bottoms and quarter
/// groups of at most `max_group` placements: bottoms (sorted and not),
/// transposed rows and `valid`, the quarter buffers, a batch of listed
/// tops (listed and sorted by key) and one bucket piece's tables (see
/// `matching`'s buckets).
pub fn scratch_bytes(chunk: usize, max_group: u64, ovw: usize) -> usize {
    // Bitsets are padded to a multiple of 4 words.
    let words = (chunk / 64 + 3) / 4 * 4;
    let group = max_group as usize;
    let tops = top_batch(words) * 2 * (2 + 8 + 1) + 2 * (8 << MAX_CUT);
    let tables = Grouping::most_entries(2 * ovw) * SLICE.min(words) * 8;
    2 * (chunk + group + 64) * 8 + (2 * ovw + 1) * words * 8 + tops + tables + 8 * group * 16
}

/// What a task's chunks past the first cost: the kernel joins a task's
/// bottoms a chunk at a time ([`chunk`]) and lists its tops again for each
/// chunk (their candidate pairs tested, each top stepped through the
/// buckets), while the words, the bottoms and the tables are shared out
/// among the chunks and cost the same in one or many. So a task of `b`
/// bottoms in chunks of `c` pays `ceil(b / c) - 1` listings more: nothing
/// where its bottoms fit one chunk (every task at the default memory limit
/// to N = 24), but under a tight `--memory` a chunk of 64 bottoms made a
/// count of 18 on two threads take 63 s of CPU for an 8 s quote (issue
/// 75). Priced with the join's own constants for a candidate pair
/// ([`NS_JOIN`]) and a top ([`NS_TOP`]).
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Relist {
    /// The task's bottoms (fitted ones, what fills a chunk).
    pub bottoms: f32,
    /// The ns of listing its tops once.
    pub ns: f32,
}

impl Relist {
    /// The relisting of a task with `work`'s terms, `top_pairs` candidate
    /// top pairs and `words` words of bottoms.
    pub fn of(work: &TaskWork, top_pairs: f64, words: f64) -> Relist {
        Relist {
            bottoms: (words * 64.0) as f32,
            ns: (top_pairs * NS_JOIN + work.tops * NS_TOP) as f32,
        }
    }

    /// The ns the task's chunks past the first add in chunks of `chunk`
    /// bottoms.
    pub fn ns_in(&self, chunk: usize) -> f64 {
        let chunks = (f64::from(self.bottoms) / chunk.max(1) as f64).ceil();
        (chunks - 1.0).max(0.0) * f64::from(self.ns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A task whose bottoms fit one chunk is listed once; one of three
    /// chunks' bottoms lists its tops twice more.
    #[test]
    fn relistings_are_the_chunks_past_the_first() {
        let relist = Relist {
            bottoms: 3000.0,
            ns: 10.0,
        };
        assert_eq!(relist.ns_in(3000), 0.0);
        assert_eq!(relist.ns_in(1 << 20), 0.0);
        assert_eq!(relist.ns_in(1000), 20.0);
        assert_eq!(relist.ns_in(1024), 20.0);
        assert_eq!(relist.ns_in(64), 460.0);
    }

    /// A chunk's scratch fits its budget and 64 bottoms more would not
    /// (unless the largest set's bottoms all fit); past the fixed part of
    /// the scratch (a batch of tops, a bucket's tables) the chunk grows
    /// with the budget.
    #[test]
    fn chunks_are_the_largest_whose_scratch_fits() {
        let ovw = 25;
        for budget in [1 << 20, 16 << 20, 96 << 20, 256 << 20, 1 << 30] {
            for max_bottoms in [100u64, 1 << 20, 1 << 24, 1 << 30] {
                for max_group in [0u64, 5000] {
                    let c = chunk(max_bottoms, max_group, ovw, budget);
                    assert_eq!(c % 64, 0);
                    let most = (max_bottoms as usize + 63) / 64 * 64;
                    assert!(c <= most.max(64));
                    if c > 64 {
                        assert!(scratch_bytes(c, max_group, ovw) <= budget);
                    }
                    if c < most {
                        assert!(scratch_bytes(c + 64, max_group, ovw) > budget);
                    }
                }
            }
        }
        let big = |budget| chunk(1 << 30, 0, ovw, budget);
        assert!(
            big(1 << 30) > 3 * big(256 << 20),
            "{} {}",
            big(1 << 30),
            big(256 << 20)
        );
    }
}
