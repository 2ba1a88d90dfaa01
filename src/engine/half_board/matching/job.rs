//! What a join works on and with: [`Shape`], the sizes every task of a
//! join shares; [`Job`], the quarter tables and pivots its tasks read; and
//! [`Scratch`], one thread's working memory, which the task loop
//! (`matching`) and its steps (`super::bottoms`, `super::buckets`) fill and
//! read.
//!
//! # Constraints
//! `2 * ovw <= 64`: a bottom's overlap diagonals fit one `u64` (see
//! `matching`).
//!
//! # Complexity
//! [`Shape::top_overlap`] is `O(1)`; a [`Scratch`] grows to the largest
//! chunk a thread joins, `O((largest group + table entries) * W_S)` words.

use crate::engine::half_board::column_sets::{Pivot, Task};
use crate::engine::half_board::quarters::{shared_diagonals, Quarter};
use crate::engine::half_board::sieve::Sieve;
use crate::engine::half_board::tally::Tally;

use super::Isa;

/// What every task of a join shares: the sizes and the longest-diagonal
/// masks of diagonal mode (0 outside it).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub n: usize,
    /// Rows per half; the bottom half starts at row `hb = n - h` (the rows
    /// between are the pivots' middle rows: none, one or two).
    pub h: usize,
    pub hb: usize,
    pub wl: usize,
    /// Overlap diagonals per direction (both halves can reach them).
    pub ovw: usize,
    /// The main diagonal, the anti-diagonal (top storage), both in bottom
    /// storage.
    pub diag_main: u64,
    pub diag_anti: u64,
    pub diag_bot: u64,
    /// Bottoms joined at a time (a multiple of 64): bounds the scratch.
    pub chunk: usize,
    /// Bottoms per sieve bucket, on average (see [`Sieve::cut_size`]).
    pub bucket_bottoms: usize,
    /// The most words of a bucket joined at a time
    /// ([`crate::engine::half_board::sieve::SLICE`] but in tests), and
    /// the tops listed at a time (`None`: [`super::top_batch`] of the
    /// chunk's words; tests make it small).
    pub slice: usize,
    pub batch: Option<usize>,
    /// The groups of rest diagonals every batch takes (`None`: each
    /// batch's cheaper, see [`super::Grouping`]; tests force each).
    pub groups: Option<usize>,
}

impl Shape {
    /// A top quarter placement's stored diagonals (from index `h`, see
    /// `quarters`) as an overlap mask in the bottoms' compact layout (bits
    /// from index `hb`; the top's diagonals `h..hb`, which no bottom
    /// reaches, are dropped).
    #[inline(always)]
    pub fn top_overlap(&self, v: u64) -> u64 {
        let gap = self.hb - self.h;
        let ovmask = (1u64 << self.ovw) - 1;
        ((v >> gap) & ovmask) | (((v >> 32) >> gap) & ovmask) << self.ovw
    }
}

/// A task's column sets and masks as the kernel sets them up, in one place
/// for the kernel (`matching`'s task loop, the listing in `buckets`, the
/// cut's samples in `bottoms`) and for its estimate (`estimate`): what
/// the kernel joins and what the estimate draws cannot drift apart.
#[derive(Clone, Copy, Debug)]
pub(super) struct TaskSets {
    /// The row sets of a half (`h` bits).
    pub hmask: u64,
    /// The column sets of the top quarters (left, right), each within its
    /// quarter: the task's set.
    pub top: (u64, u64),
    /// The column sets of the bottom quarters (left, right): the pivot's
    /// available columns outside the task's set.
    pub bottom: (u64, u64),
    /// The stored diagonals and marks the pivot blocks in the bottom
    /// quarters (left, right).
    pub bottom_blocks: (u64, u64),
    /// The pivot's tie mark (pair mode with the transpose, else 0).
    pub tie: u64,
    /// The bits of a left bottom word read against the right placements
    /// (see `quarters::shared_diagonals`).
    pub keep: u64,
    /// Overlap diagonals per direction, and their mask.
    ovw: usize,
    ovmask: u64,
}

impl TaskSets {
    #[inline(always)]
    pub(super) fn of(shape: &Shape, pivots: &[Pivot], t: &Task) -> TaskSets {
        let pv = pivots[t.pivot as usize];
        let s = u64::from(t.s);
        let sb = pv.avail ^ s;
        let lmask = (1u64 << shape.wl) - 1;
        let [_, _, left_block, block] = pv.blocks(shape.diag_bot, shape.n);
        TaskSets {
            hmask: (1u64 << shape.h) - 1,
            top: (s & lmask, s >> shape.wl),
            bottom: (sb & lmask, sb >> shape.wl),
            bottom_blocks: (left_block, block),
            tie: pv.tie,
            keep: shared_diagonals(shape.n),
            ovw: shape.ovw,
            ovmask: (1u64 << shape.ovw) - 1,
        }
    }

    /// A bottom placement's stored diagonals as an overlap mask in the
    /// bottoms' compact layout: direction-d bits in `0..ovw`, direction-a
    /// bits in `ovw..2 * ovw`. Compaction distributes over OR, so a
    /// bottom's mask is the OR of its quarters'.
    #[inline(always)]
    pub(super) fn compact(&self, v: u64) -> u64 {
        (v & self.ovmask) | ((v >> 32) & self.ovmask) << self.ovw
    }
}

/// Which top quarter placements a task lists (those clear of its pivot's
/// blocks) and which (left, right) pairs of them are tops it counts: the
/// two share no diagonal, and in diagonal mode, where another column set
/// of the orbit counts the clean part (`mult_clean == 0`), a top with no
/// queen on either longest diagonal is left to it. The one rule for the
/// kernel's listing (`buckets`), the cut's sample (`bottoms`) and the
/// estimate's draws (`estimate`), so the three count the same tops.
#[derive(Clone, Copy, Debug)]
pub(super) struct TopRule {
    block: u64,
    diag_main: u64,
    diag_anti: u64,
    skip_clean: bool,
    /// Pair mode with the transpose: the pivot's tie mark (a top without
    /// it weighs 2 against bottoms without it, see `buckets`).
    tie: u64,
}

impl TopRule {
    /// The rule of task `t`. One block serves both top quarters: a top
    /// word holds its diagonals below bit `n - 1` and its own marks above,
    /// and the marks a pivot refuses are the same on both sides in pair
    /// mode, on the right only in cross mode (where the left marks none).
    pub(super) fn of(shape: &Shape, pivots: &[Pivot], t: &Task) -> TopRule {
        let pv = pivots[t.pivot as usize];
        let [left, right, _, _] = pv.blocks(shape.diag_bot, shape.n);
        TopRule {
            block: left | right,
            diag_main: shape.diag_main,
            diag_anti: shape.diag_anti,
            skip_clean: t.mult_clean == 0,
            tie: pv.tie,
        }
    }

    /// The stored diagonals and marks a top quarter placement must avoid.
    pub(super) fn block(self) -> u64 {
        self.block
    }

    /// Whether a top quarter placement is clear of the pivot's block.
    #[inline(always)]
    pub(super) fn clear(self, v: u64) -> bool {
        v & self.block == 0
    }

    /// Whether `l`, `r` (each [`TopRule::clear`]) form a counted top.
    /// Without a short circuit: the kernel's listing appends without a
    /// branch on it.
    #[inline(always)]
    pub(super) fn counts(self, l: u64, r: u64) -> bool {
        (l & r == 0) & !(self.skip_clean & self.clean(l, r))
    }

    /// Whether a top has no queen on a longest diagonal.
    #[inline(always)]
    fn clean(self, l: u64, r: u64) -> bool {
        (l & self.diag_main) | (r & self.diag_anti) == 0
    }

    /// A counted top's weight class (below [`CLASSES`]), the log2 of its
    /// weight: in diagonal
    /// mode 1 for a queen on the longest diagonal of either top quarter, 2
    /// for both, 0 for the clean part; in pair mode with the transpose 1
    /// for a top without the tie mark (it weighs 1 against the tie
    /// buckets all the same, see `buckets`), else 0.
    #[inline(always)]
    pub(super) fn class(self, l: u64, r: u64) -> u8 {
        u8::from(r & self.diag_anti != 0)
            + u8::from(l & self.diag_main != 0)
            + u8::from((self.tie != 0) & ((l | r) & self.tie == 0))
    }

    /// Whether every top with a left placement among `left` is clean unless
    /// its right one is on the anti-diagonal, and clean tops are skipped:
    /// then only right placements on it can count (the estimate's prefilter).
    pub(super) fn needs_anti(self, left: &[u64]) -> bool {
        self.skip_clean && left.iter().all(|&x| x & self.diag_main == 0)
    }

    /// Whether a right placement lies on the anti-diagonal.
    #[inline(always)]
    pub(super) fn on_anti(self, r: u64) -> bool {
        r & self.diag_anti != 0
    }
}

/// What a join prices: `slice` (words of a bucket piece), `batch` (tops a
/// batch lists, `None`: [`super::top_batch`]) and `groups` (forced
/// grouping).
#[derive(Clone, Copy, Debug)]
pub(super) struct JoinSizes {
    pub slice: usize,
    pub batch: Option<usize>,
    pub groups: Option<usize>,
}

impl Shape {
    /// What the join's price of a chunk depends on (see `cut`).
    pub(super) fn join_sizes(&self) -> JoinSizes {
        JoinSizes {
            slice: self.slice,
            batch: self.batch,
            groups: self.groups,
        }
    }
}

/// How many weight classes a top may be of ([`TopRule::class`] adds three
/// marks).
pub(super) const CLASSES: usize = 4;

/// The most one fitting (top, bottom) pair adds to a plain join's weighted
/// sum: its top's weight, `2^class` with the class below [`CLASSES`].
pub(super) const MOST_PER_PAIR: u64 = 1 << (CLASSES - 1);

/// A top quarter placement as the join lists it: its stored diagonals, its
/// sieve key, the rest of its overlap diagonals (see `buckets`) and, in a
/// credited join, its hits (0 otherwise).
pub(super) type Placed = (u64, u16, u64, u8);

/// Per-thread working memory for one column set.
#[derive(Default)]
pub struct Scratch {
    pub(super) bot: Vec<u64>,
    pub(super) free_of: Vec<u64>,
    pub(super) valid: Vec<u64>,
    /// One row set's top quarter placements that avoid the pivot, left
    /// and right (see `buckets`).
    pub(super) left: Vec<Placed>,
    pub(super) right: Vec<Placed>,
    pub(super) blbuf: Vec<u64>,
    pub(super) brbuf: Vec<u64>,
    /// A credited join's hits of the placements in `blbuf`, `brbuf`.
    pub(super) blhits: Vec<u8>,
    pub(super) brhits: Vec<u8>,
    /// The chunk's cut; the room the sieve sorts `bot` through.
    pub(super) sieve: Sieve,
    pub(super) sorted: Vec<u64>,
    /// The listed tops' keys, rests and weight classes (the first `tops`
    /// of each: the lists only grow, see `buckets`); the same sorted by
    /// key (`gstart[u]..gstart[u + 1]` for key `u`; with a cut by class
    /// within a key) and how many can fit
    /// each bucket (by the complement of its key); one bucket piece's
    /// tables.
    pub(super) tops: usize,
    pub(super) tkey: Vec<u16>,
    pub(super) trest: Vec<u64>,
    pub(super) tclass: Vec<u8>,
    pub(super) grest: Vec<u64>,
    pub(super) gclass: Vec<u8>,
    /// The sorted rests cut into the batch's groups (`G` a top, see
    /// `buckets`).
    pub(super) gcut: Vec<u16>,
    /// A credited join's listed tops' images avoided (by the top and the
    /// pivot), as listed and sorted like the rests.
    pub(super) tavoid: Vec<u8>,
    pub(super) gavoid: Vec<u8>,
    pub(super) gstart: Vec<usize>,
    /// The sorted tops in runs of one key and one class: each run's first
    /// top and class, then `(tops, 0)` ending the last; key `u`'s runs are
    /// `key_runs[u]..key_runs[u + 1]` (see `buckets`). Both empty for a
    /// batch of one key, whose runs are found as its piece is visited.
    pub(super) runs: Vec<(usize, u8)>,
    pub(super) key_runs: Vec<usize>,
    /// Where the counting sort puts the next top of each key.
    pub(super) gnext: Vec<usize>,
    pub(super) reach: Vec<usize>,
    pub(super) tab: Vec<u64>,
    /// A bucket piece's split between its two parts (see `buckets`).
    pub(super) shifts: Vec<u64>,
    /// The samples a chunk's cut is priced from (see `cut`).
    pub(super) cut_bottoms: Vec<u64>,
    pub(super) cut_tops: Vec<(u64, f64)>,
    /// The pairs of top quarter placements tested so far and the tops
    /// among them (how the pair loop appends: see `buckets`).
    pub(super) fit: Fit,
    pub(super) tally: Tally,
    /// The instruction set the join's tables and visits run on (resolved
    /// once a run, see `super::run`).
    pub(super) isa: Isa,
}

/// How often a pair of top quarter placements has made a top, over this
/// thread's pairs so far.
#[derive(Default, Clone, Copy)]
pub(super) struct Fit {
    pub(super) pairs: u64,
    pub(super) tops: u64,
}

impl Fit {
    /// Whether a top is near a coin flip (between 1/8 and 7/8 of the
    /// pairs; nothing seen yet counts as one). Near it, a branch on the fit
    /// mispredicts a good share of the pairs and writing every pair wins
    /// (n = 15..=22: 0.23-0.50 of the pairs); far from it (3% at n = 26),
    /// the branch predicts well and writing every pair is the cost.
    #[inline(always)]
    pub(super) fn near_coin_flip(self) -> bool {
        (8 * self.tops >= self.pairs) & (8 * self.tops <= 7 * self.pairs)
    }

    /// Counts `pairs` more pairs, `tops` of them tops.
    #[inline(always)]
    pub(super) fn record(&mut self, pairs: usize, tops: usize) {
        self.pairs += pairs as u64;
        self.tops += tops as u64;
    }
}

/// One join: the shape its tasks share, the four quarters (top-left,
/// top-right, bottom-left, bottom-right) and the pivots, with each pivot's
/// hits in a credited join (empty otherwise).
pub(super) struct Job<'a> {
    pub(super) shape: &'a Shape,
    pub(super) quarters: [&'a Quarter; 4],
    pub(super) pivots: &'a [Pivot],
    pub(super) pivot_hits: &'a [u8],
}

/// Keeps the placements of `src` clear of `block` (those that avoid the
/// pivot's diagonals and refused marks), at the start of `dst` (grown to `src`'s length when
/// shorter, never shrunk); returns how many. Branch-free (always write,
/// advance on a keep): about two in five are blocked, no pattern a branch
/// predicts.
#[inline(always)]
pub(in crate::engine::half_board::matching) fn filter_into(
    dst: &mut Vec<u64>,
    src: &[u64],
    block: u64,
) -> usize {
    if dst.len() < src.len() {
        dst.resize(src.len(), 0);
    }
    let mut k = 0;
    for (&x, o) in src.iter().zip(0..) {
        dst[k.min(o)] = x;
        k += usize::from(x & block == 0);
    }
    k
}

/// [`filter_into`] for a credited join: the placements and their hits.
#[inline(always)]
pub(in crate::engine::half_board::matching) fn filter_hits_into(
    (dst, dst_hits): (&mut Vec<u64>, &mut Vec<u8>),
    (src, src_hits): (&[u64], &[u8]),
    block: u64,
) -> usize {
    if dst.len() < src.len() {
        dst.resize(src.len(), 0);
        dst_hits.resize(src.len(), 0);
    }
    let mut k = 0;
    for ((&x, &hit), o) in src.iter().zip(src_hits).zip(0..) {
        dst[k.min(o)] = x;
        dst_hits[k.min(o)] = hit;
        k += usize::from(x & block == 0);
    }
    k
}
