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
    /// Words the bitsets' shared row levels ANDed, and their final ANDs
    /// (on the buckets a placement can fit).
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
        self.sets += other.sets;
        self.chunks += other.chunks;
        self.bottoms += other.bottoms;
        self.bottom_pairs += other.bottom_pairs;
        self.bottom_raw += other.bottom_raw;
        self.bitsets += other.bitsets;
        self.bitset_words += other.bitset_words;
        self.level_words += other.level_words;
        self.final_words += other.final_words;
        self.spans += other.spans;
        self.tops += other.tops;
        self.pair_words += other.pair_words;
        self.pair_full += other.pair_full;
        self.cut += other.cut;
        self.tables += other.tables;
        self.halves += other.halves;
        self.join += other.join;
    }
}
