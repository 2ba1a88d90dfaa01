//! What a join did: counts of its work and where its time went, summed
//! over the units that ran. The growth bench prints them per N, so that a
//! change to the join shows as a number that falls.
//!
//! # Complexity
//! Counting costs a few additions per chunk and per top pair, and two clock
//! reads per chunk: nothing next to the words each of them reads.

use std::time::Duration;

/// Work and time of the units run so far (see the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Column sets (tasks) joined.
    pub sets: u64,
    /// Chunks of bottoms joined (at least one per set with bottoms).
    pub chunks: u64,
    /// Bottom half placements that fit their set (before the sieve's
    /// padding), the candidate pairs of bottom quarter placements they
    /// were tested from (those the pivot leaves), and the pairs before the
    /// pivot's filter (what planning's bucket counts see).
    pub bottoms: u64,
    pub bottom_pairs: u64,
    pub bottom_raw: u64,
    /// Quarter-placement bitsets built (`X_l`, `Y_r`) and their words.
    pub bitsets: u64,
    pub bitset_words: u64,
    /// Quarter placements read as their table rows instead of a bitset
    /// (their partners read few of the words a bitset would hold).
    pub row_reads: u64,
    /// Words the bitsets' shared row levels ANDed, and their final ANDs
    /// (on the buckets a placement can fit; for a placement read as its
    /// rows, the ANDs of its rows on the buckets of each pair).
    pub level_words: u64,
    pub final_words: u64,
    /// Word ranges (runs of sieve buckets) the loops above stepped through.
    pub spans: u64,
    /// Top half placements ANDed with their bottoms, and the words read
    /// for them (what the sieve cuts).
    pub tops: u64,
    pub pair_words: u64,
    /// The words the AND + popcount loop would have read without the
    /// sieve, and the sieve's cut diagonals summed over the chunks (what
    /// the cost model's sieve term is fitted to).
    pub pair_full: u64,
    pub cut: u64,
    /// Building the quarter tables.
    pub tables: Duration,
    /// Building the halves: bottoms, their transposition and sieve, the
    /// row-group tables.
    pub halves: Duration,
    /// Joining: the quarter-placement bitsets and the AND + popcount loop.
    pub join: Duration,
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: &Tally) {
        *self = self.each_with(other, |a, b| a + b, |a, b| a + b);
    }

    /// What was tallied since `before` (an earlier reading of the same
    /// tally): each field's difference.
    pub fn since(&self, before: &Tally) -> Tally {
        self.each_with(before, u64::saturating_sub, Duration::saturating_sub)
    }

    /// Each field of this tally with the same field of `other`: counts by
    /// `count`, times by `time`. The one list of the fields.
    fn each_with(
        &self,
        other: &Tally,
        count: impl Fn(u64, u64) -> u64,
        time: impl Fn(Duration, Duration) -> Duration,
    ) -> Tally {
        Tally {
            sets: count(self.sets, other.sets),
            chunks: count(self.chunks, other.chunks),
            bottoms: count(self.bottoms, other.bottoms),
            bottom_pairs: count(self.bottom_pairs, other.bottom_pairs),
            bottom_raw: count(self.bottom_raw, other.bottom_raw),
            bitsets: count(self.bitsets, other.bitsets),
            bitset_words: count(self.bitset_words, other.bitset_words),
            row_reads: count(self.row_reads, other.row_reads),
            level_words: count(self.level_words, other.level_words),
            final_words: count(self.final_words, other.final_words),
            spans: count(self.spans, other.spans),
            tops: count(self.tops, other.tops),
            pair_words: count(self.pair_words, other.pair_words),
            pair_full: count(self.pair_full, other.pair_full),
            cut: count(self.cut, other.cut),
            tables: time(self.tables, other.tables),
            halves: time(self.halves, other.halves),
            join: time(self.join, other.join),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tally read before and after more was added gives back what was
    /// added, every field of it.
    #[test]
    fn since_undoes_add() {
        let mut before = Tally::default();
        let mut k = 1;
        let mut next = || {
            k = k * 7 % 1009;
            k
        };
        let mut fill = |t: &mut Tally| {
            *t = Tally {
                sets: next(),
                chunks: next(),
                bottoms: next(),
                bottom_pairs: next(),
                bottom_raw: next(),
                bitsets: next(),
                bitset_words: next(),
                row_reads: next(),
                level_words: next(),
                final_words: next(),
                spans: next(),
                tops: next(),
                pair_words: next(),
                pair_full: next(),
                cut: next(),
                tables: Duration::from_nanos(next()),
                halves: Duration::from_nanos(next()),
                join: Duration::from_nanos(next()),
            }
        };
        fill(&mut before);
        let mut more = Tally::default();
        fill(&mut more);
        let mut after = before;
        after.add(&more);
        assert_eq!(after.since(&before), more);
        assert_eq!(before.since(&after), Tally::default());
    }
}
