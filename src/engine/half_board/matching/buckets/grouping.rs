//! How a batch of tops groups its rest diagonals for the join by buckets:
//! the [`Grouping`] it chooses by price (few groups make the joins cheap
//! and the tables dear), and how many tops a batch lists ([`top_batch`]).
//! A room of its own because the cut (`super::super::cut`) and the
//! estimate (`super::super::estimate`) price batches by the same rule the
//! join chooses by.

use crate::tuning::sieve::{MOST_ENTRIES, TABLE_WORD, VISIT};

/// How a batch's rest diagonals are grouped: `groups` groups of `bits`
/// bits (the last ones may be short), one table of `2^bits` entries a
/// group. A top ANDs one entry per group and word; a tabulated word costs
/// `groups * 2^bits` table words. Few groups make the joins cheap and the
/// tables dear: at 22 a chunk's buckets hold few words that many tops read
/// (4 groups: 0.86x the time of 8), where small buckets read by few tops
/// pay more for 4 groups' tables than they save (1.03x at unit 0 of 22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grouping {
    pub groups: usize,
    pub bits: usize,
}

/// The groupings a batch chooses from (each a monomorphised join), few
/// groups first.
const CHOICES: [usize; 3] = [4, 6, 8];

impl Grouping {
    /// `groups` groups for `rest` rest diagonals: all of them, at least one
    /// bit a group.
    pub fn of(groups: usize, rest: usize) -> Grouping {
        let bits = ((rest + groups - 1) / groups).max(1);
        Grouping { groups, bits }
    }

    /// Table words per tabulated bucket word.
    pub fn entries(self) -> usize {
        self.groups << self.bits
    }

    /// The cheaper grouping for a batch, `priced = (tabulated, read,
    /// visits)`: its tables cover `tabulated` words and its tops read
    /// `read` words in `visits` visits (a top on a bucket piece): per group, a table word costs about
    /// [`TABLE_WORD`] words ANDed into a top's count (a load from L2, an
    /// AND, a store, against a load from L1 and an AND) and a visit
    /// [`VISIT`] (finding its entry), so `groups * (2^bits * TABLE_WORD *
    /// tabulated + read + VISIT * visits)`. `forced` (tests, benches)
    /// picks that many groups (one of [`CHOICES`], 8 otherwise) even past
    /// [`MOST_ENTRIES`] (its tables grow
    /// as needed; only the priced peak assumes the cap).
    pub fn choose(rest: usize, priced: (f64, f64, f64), forced: Option<usize>) -> Grouping {
        if let Some(groups) = forced {
            let groups = if CHOICES.contains(&groups) { groups } else { 8 };
            return Grouping::of(groups, rest);
        }
        CHOICES
            .iter()
            .map(|&groups| Grouping::of(groups, rest))
            .filter(|g| g.groups == 8 || g.entries() <= MOST_ENTRIES)
            .min_by(|a, b| a.price(priced).total_cmp(&b.price(priced)))
            .unwrap_or(Grouping::of(8, rest))
    }

    /// What a batch costs in this grouping (see [`Grouping::choose`]), in
    /// words ANDed for one group.
    pub fn price(self, (tabulated, read, visits): (f64, f64, f64)) -> f64 {
        let joins = read + VISIT * visits;
        self.groups as f64 * ((1u64 << self.bits) as f64 * TABLE_WORD * tabulated + joins)
    }

    /// The most table words a tabulated word can take for `rest` rest
    /// diagonals, whichever grouping a batch chooses.
    pub fn most_entries(rest: usize) -> usize {
        CHOICES
            .iter()
            .map(|&groups| Grouping::of(groups, rest).entries())
            .filter(|&e| e <= MOST_ENTRIES)
            .chain([Grouping::of(8, rest).entries()])
            .max()
            .unwrap_or(0)
    }
}

/// Tops listed before they are joined, for a chunk of `words` words: a
/// bound on the list's memory (about 22 bytes a top, listed and sorted)
/// that grows with the chunk, so that each batch's tables (up to
/// [`Grouping::most_entries`] a word) stay a small share of its joins (a
/// top reads tens to hundreds of words).
#[inline(always)]
pub fn top_batch(words: usize) -> usize {
    (32 * words).max(1 << 16)
}
