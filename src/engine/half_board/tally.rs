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
    /// Words of the buckets' tables built (`matching`'s buckets: per
    /// bucket piece, an entry per group and value of a top's rest).
    pub table_words: u64,
    /// (Top, bucket piece) pairs joined: each sets up its table entries
    /// and reads the piece's words.
    pub visits: u64,
    /// Top half placements joined with their bottoms, and the words read
    /// for them (what the sieve cuts: the words of the buckets they can
    /// fit).
    pub tops: u64,
    pub pair_words: u64,
    /// The words the AND + popcount loop would have read without the
    /// sieve, and the sieve's cut diagonals summed over the chunks (what
    /// the cost model's sieve term is fitted to).
    pub pair_full: u64,
    pub cut: u64,
    /// The pair words and the visits, each times its batch's groups (a
    /// word ANDs one table word per group, a visit finds one entry per
    /// group: `matching`'s buckets), so a price can follow the grouping.
    pub grouped_words: u64,
    pub grouped_visits: u64,
    /// The (top, bottom) pairs of one chunk, summed over the chunks: every
    /// pair the join can count is one of them.
    pub candidates: u64,
    /// An upper bound on the sum a plain (not credited) join of these
    /// units gives: each task's candidates times the most one pair can
    /// add to it (`matching::run`). A record carries its shard's, so that
    /// `merge` refuses a total no join could have counted. Saturates.
    pub bound: u64,
    /// Building the quarter tables.
    pub tables: Duration,
    /// Building the halves: bottoms, their sieve and transposition.
    pub halves: Duration,
    /// Joining: the tops listed and sorted, the buckets' tables, the AND +
    /// popcount loop.
    pub join: Duration,
}

impl Tally {
    /// Adds `other` to this tally.
    pub fn add(&mut self, other: &Tally) {
        *self = self.each_with(other, u64::saturating_add, |a, b| a + b);
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
            table_words: count(self.table_words, other.table_words),
            visits: count(self.visits, other.visits),
            tops: count(self.tops, other.tops),
            pair_words: count(self.pair_words, other.pair_words),
            pair_full: count(self.pair_full, other.pair_full),
            cut: count(self.cut, other.cut),
            grouped_words: count(self.grouped_words, other.grouped_words),
            grouped_visits: count(self.grouped_visits, other.grouped_visits),
            candidates: count(self.candidates, other.candidates),
            bound: count(self.bound, other.bound),
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
                table_words: next(),
                visits: next(),
                tops: next(),
                pair_words: next(),
                pair_full: next(),
                cut: next(),
                grouped_words: next(),
                grouped_visits: next(),
                candidates: next(),
                bound: next(),
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
