//! Joining the tops with a chunk's bottoms bucket by bucket (steps 3 and 4
//! of `matching`): every counted top is listed once, with its sieve key and
//! the rest of its overlap diagonals; then per bucket of the sieve the ANDs
//! of the bottoms' diagonal bitsets over small groups of diagonals are
//! tabulated on that bucket's words alone, and every top that can fit the
//! bucket ANDs one entry per group and counts the bits.
//!
//! Why by bucket: a chunk's words are read by a top only in the buckets
//! its key allows, a few hundredths of them past 24. Per top, the tables
//! of the bucket at hand are read from the L1 or L2 (a few tens of KB);
//! nothing is built per quarter placement. The kernel before this one
//! built a bitset per top quarter placement on every bucket the placement
//! could fit, and most of those words were never read by a pair: at 27 a
//! top cost about 550 ns, four fifths of it the bitsets and the scattered
//! reads (benches/NOTES.md, "The join by buckets").
//!
//! Why dropping the cut diagonals is right: in bucket `b` every bottom
//! uses exactly the cut diagonals of `b`, and a top of key `u` visits `b`
//! only when `u & b == 0`, so none of them can be shared; the tables cover
//! the other diagonals (the top's *rest*) only.
//!
//! # Constraints
//! The bottoms sieved and transposed (`super::bottoms`); a top's overlap
//! in the bottoms' compact layout ([`Shape::top_overlap`]), at most 64
//! bits.
//!
//! # Complexity
//! Per chunk: its tops listed and sorted by key (`O(tops + 2^k)`, a batch of
//! [`top_batch`] at a time); per batch a [`Grouping`] of `G` groups of `g`
//! bits (`G` of 4, 6, 8, `g` = rest diagonals / `G`, rounded up), per
//! bucket `G * 2^g` table entries of its words, per (top, bucket) it can
//! fit `G` ANDs and a popcount per word of the bucket. Scratch: the batch,
//! and one bucket piece's tables
//! ([`crate::engine::half_board::sieve::SLICE`] words at most each).

use crate::engine::half_board::column_sets::{combinations, Task};

use crate::engine::half_board::images::IMAGES;
use crate::engine::half_board::sieve::{subset_sums, Sieve, SLICE};

use super::job::{Job, Placed, Scratch, Shape, TopRule};

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

/// What a table word and a visit cost per group, in words ANDed: fitted
/// to units 1 and 513 of 22's 1024 on one thread (4, 6 and 8 groups
/// each; 0.65 ns a table word, 0.066 ns a word and group, 1.2 ns a visit
/// and group), where they pick the fastest of the three.
const TABLE_WORD: f64 = 10.0;
const VISIT: f64 = 18.0;

/// The most table words a tabulated word may take: a piece's tables
/// (`SLICE` words a table) stay within 768 KiB, under the L2 of the
/// machines measured, and a thread's scratch small at small N (4 groups
/// of 8 bits at 16 made the estimated peak 1.3x the real one). Past it
/// a grouping is not chosen; 8 groups always can be (at most `8 * 2^8`
/// entries, past 48 rest diagonals).
const MOST_ENTRIES: usize = 768 * 1024 / (SLICE * 8);

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

/// The overlap diagonals outside a chunk's cut, in order: bit `i` of a
/// top's rest is diagonal `pos[i]`; the cut's diagonals, highest first;
/// and how many overlap diagonals there are (a credited join's images'
/// rows follow them).
struct Rest {
    pos: [u8; 64],
    len: usize,
    cut_down: [u8; 64],
    cuts: usize,
    nbits: usize,
}

impl Rest {
    fn of(cut: u64, nbits: usize) -> Rest {
        let (mut pos, mut cut_down) = ([0u8; 64], [0u8; 64]);
        let (mut len, mut cuts) = (0, 0);
        for p in 0..nbits {
            if cut >> p & 1 == 0 {
                pos[len] = p as u8;
                len += 1;
            }
        }
        for p in (0..nbits).rev().filter(|&p| cut >> p & 1 != 0) {
            cut_down[cuts] = p as u8;
            cuts += 1;
        }
        Rest {
            pos,
            len,
            cut_down,
            cuts,
            nbits,
        }
    }

    /// The rest bits of overlap mask `m`, packed (OR-linear: the rest of a
    /// top is the OR of its quarters' rests). Each cut diagonal `p` is
    /// squeezed out by moving the bits above it down one, highest first
    /// (so the positions below stay where they were): a few shifts a
    /// placement where testing each rest bit took one step per overlap
    /// diagonal (the listing was a fifth of `count 15`'s time).
    #[inline(always)]
    fn of_mask(&self, m: u64) -> u64 {
        let mut r = if self.nbits == 64 {
            m
        } else {
            m & ((1u64 << self.nbits) - 1)
        };
        for &p in &self.cut_down[..self.cuts] {
            let below = (1u64 << p) - 1;
            r = (r & below) | ((r >> 1) & !below);
        }
        r
    }
}

impl Job<'_> {
    /// Steps 3 and 4 for task `t`, the chunk's bottoms sieved and
    /// transposed in `sc`: how many (top, bottom) pairs fit, weighted
    /// (diagonal mode) and plain.
    ///
    /// In a credited join (`CREDIT`) a pair counts the images neither half
    /// nor the pivot hits: a top lists the images it and the pivot avoid
    /// (one with none is left out), and the bottoms' bitsets of those
    /// images are ANDed into its words one at a time.
    #[inline(always)]
    pub(super) fn join_by_buckets<const CREDIT: bool>(
        &self,
        t: &Task,
        sc: &mut Scratch,
    ) -> (u64, u64) {
        let Shape { h, wl, ovw, .. } = *self.shape;
        let s = u64::from(t.s);
        let hmask = (1u64 << h) - 1;
        let (sl, sr) = (s & ((1u64 << wl) - 1), s >> wl);
        let [tl, tr, _, _] = self.quarters;
        // Which placements are listed, which pairs are tops, and their
        // weights (the clean part may be left to another column set).
        let rule = TopRule::of(self.shape, self.pivots, t);
        let rest = Rest::of(sc.sieve.cut_mask(), 2 * ovw);
        let batch = self.shape.batch.unwrap_or(top_batch(sc.valid.len()));
        let pieces = (self.shape.slice, self.shape.groups);
        let mut by_class = [0u64; 3];
        let pivot_avoids = if CREDIT {
            !self.pivot_hits[t.pivot as usize]
        } else {
            0
        };
        sc.tops = 0;
        let (tl, tr) = (tl.set(sl), tr.set(sr));
        for a in combinations(h, sl.count_ones()) {
            let (left, right) = (tl.group_hits(a), tr.group_hits(hmask ^ a));
            if left.0.is_empty() || right.0.is_empty() {
                continue;
            }
            // Key, rest and hits per quarter placement: a top's are their
            // ORs.
            let at = (&sc.sieve, &rest, rule, self.shape);
            let nl = list_side::<CREDIT>(&mut sc.left, at, left);
            let nr = list_side::<CREDIT>(&mut sc.right, at, right);
            // The left list is taken out while a full batch is joined
            // (`join_batch` borrows the whole scratch).
            let left = std::mem::take(&mut sc.left);
            for &l in &left[..nl] {
                let at = (nr, rule, pivot_avoids);
                let k = if sc.fit.near_coin_flip() {
                    append_tops::<true, CREDIT>(sc, l, at)
                } else {
                    append_tops::<false, CREDIT>(sc, l, at)
                };
                sc.fit.record(nr, k - sc.tops);
                sc.tops = k;
                if sc.tops >= batch {
                    join_batch::<CREDIT>(sc, &rest, pieces, &mut by_class);
                }
            }
            sc.left = left;
        }
        if sc.tops > 0 {
            join_batch::<CREDIT>(sc, &rest, pieces, &mut by_class);
        }
        (2 * by_class[1] + 4 * by_class[2], by_class[0])
    }
}

/// Appends the tops left placement `l` makes with the first `nr` right
/// ones in `sc.right` to the listed tops (after the first `sc.tops`);
/// returns the new count. The lists are made long enough for every pair:
/// they only grow, `sc.tops` says how much of them is listed. With
/// `ALWAYS` every pair is written at the next slot and the slot advances
/// on a top (branch-free, for a fit near a coin flip, where a branch
/// mispredicts constantly); without, only the tops are written (a branch
/// that predicts well when tops are rare: [`super::job::Fit`]).
#[inline(always)]
fn append_tops<const ALWAYS: bool, const CREDIT: bool>(
    sc: &mut Scratch,
    (l, lk, lr, lh): Placed,
    (nr, rule, pivot_avoids): (usize, TopRule, u8),
) -> usize {
    // Without a cut every key is 0: none is listed.
    let keyed = sc.sieve.cuts();
    let need = sc.tops + nr;
    room_for(&mut sc.trest, need);
    room_for(&mut sc.tclass, need);
    if keyed {
        room_for(&mut sc.tkey, need);
    }
    if CREDIT {
        room_for(&mut sc.tavoid, need);
    }
    let mut k = sc.tops;
    for &(r, rk, rr, rh) in &sc.right[..nr] {
        let avoids = pivot_avoids & !(lh | rh);
        let top = rule.counts(l, r) & (!CREDIT | (avoids != 0));
        if ALWAYS || top {
            if keyed {
                sc.tkey[k] = lk | rk;
            }
            sc.trest[k] = lr | rr;
            sc.tclass[k] = rule.class(l, r);
            if CREDIT {
                sc.tavoid[k] = avoids;
            }
        }
        k += usize::from(top);
    }
    k
}

/// `v` at least `need` long: grown to twice that when shorter (the
/// listing's lists only grow).
#[inline(always)]
fn room_for<T: Copy + Default>(v: &mut Vec<T>, need: usize) {
    if v.len() < need {
        v.resize(2 * need, T::default());
    }
}

/// One quarter group's placements clear of the pivot at the start of
/// `side` (which only grows), each with its key, rest and hits; returns
/// how many (a plain function, not a closure: a closure was left out of
/// line, a call per group).
#[inline(always)]
fn list_side<const CREDIT: bool>(
    side: &mut Vec<Placed>,
    at: (&Sieve, &Rest, TopRule, &Shape),
    group: (&[u64], &[u8]),
) -> usize {
    room_for(side, group.0.len());
    if at.0.cuts() {
        list_clear::<true, CREDIT>(side, at, group)
    } else {
        list_clear::<false, CREDIT>(side, at, group)
    }
}

/// [`list_side`]'s loop, one copy per `CUTS` (whether the sieve cuts: the
/// same for the whole group). Without a cut every placement is written
/// and the slot advanced on a clear one (branch-free: the rest costs a
/// few operations, less than a mispredicted branch); with one, the branch
/// spares the key's gather.
#[inline(always)]
fn list_clear<const CUTS: bool, const CREDIT: bool>(
    side: &mut [Placed],
    (sieve, rest, rule, shape): (&Sieve, &Rest, TopRule, &Shape),
    (group, hits): (&[u64], &[u8]),
) -> usize {
    let mut k = 0;
    for (i, &v) in group.iter().enumerate() {
        let clear = rule.clear(v);
        if !CUTS || clear {
            let m = shape.top_overlap(v);
            let key = if CUTS { sieve.key(m) as u16 } else { 0 };
            let hit = if CREDIT { hits[i] } else { 0 };
            side[k] = (v, key, rest.of_mask(m), hit);
        }
        k += usize::from(clear);
    }
    k
}

/// Joins the listed tops (the first `sc.tops` of `sc.tkey`, `sc.trest`,
/// `sc.tclass`) with every bucket they can fit, adds their counts per
/// class to `by_class` and empties the list. A bucket is joined `slice` words at a time, in the
/// batch's cheaper [`Grouping`].
#[inline(always)]
fn join_batch<const CREDIT: bool>(
    sc: &mut Scratch,
    rest: &Rest,
    (slice, forced): (usize, Option<usize>),
    by_class: &mut [u64; 3],
) {
    let Scratch {
        tops,
        tkey,
        trest,
        tclass,
        tavoid,
        grest,
        gclass,
        gavoid,
        gstart,
        gnext: next,
        reach,
        sieve,
        valid,
        tally,
        ..
    } = sc;
    let buckets = sieve.full() + 1;
    let words = valid.len();
    // The tops sorted by key (a counting sort): key `u`'s are
    // `gstart[u]..gstart[u + 1]`.
    let n = std::mem::take(tops);
    gstart.clear();
    gstart.resize(buckets + 1, 0);
    if buckets == 1 {
        gstart[1] = n;
    } else {
        for &k in &tkey[..n] {
            gstart[k as usize + 1] += 1;
        }
        for i in 0..buckets {
            gstart[i + 1] += gstart[i];
        }
    }
    if buckets == 1 {
        // One key: the tops are sorted as listed.
        std::mem::swap(grest, trest);
        std::mem::swap(gclass, tclass);
        std::mem::swap(gavoid, tavoid);
    } else {
        grest.resize(n, 0);
        gclass.resize(n, 0);
        gavoid.resize(if CREDIT { n } else { 0 }, 0);
        next.clear();
        next.extend_from_slice(&gstart[..buckets]);
        let listed = tkey[..n].iter().zip(&trest[..n]).zip(&tclass[..n]);
        for (i, ((&k, &r), &c)) in listed.enumerate() {
            let at = &mut next[k as usize];
            grest[*at] = r;
            gclass[*at] = c;
            if CREDIT {
                gavoid[*at] = tavoid[i];
            }
            *at += 1;
        }
    }
    tally.tops += n as u64;
    tally.pair_full += (n * words) as u64;
    // `reach[m]`: the tops whose keys are subsets of `m` (subset sums, one
    // key bit at a time): a bucket no top can fit gets no tables.
    reach.clear();
    reach.extend(gstart.windows(2).map(|w| w[1] - w[0]));
    subset_sums(reach, sieve.k());
    // What the batch will tabulate, read and visit, per grouping's price.
    let (mut tabulated, mut read, mut visits) = (0usize, 0usize, 0usize);
    for (_, (from, to), fit) in sieve.reached(reach) {
        tabulated += to - from;
        read += fit * (to - from);
        visits += fit * ((to - from + slice - 1) / slice);
    }
    let priced = (tabulated as f64, read as f64, visits as f64);
    let grouping = Grouping::choose(rest.len, priced, forced);
    match grouping.groups {
        4 => join_buckets::<4, CREDIT>(sc, rest, slice, grouping.bits, by_class),
        6 => join_buckets::<6, CREDIT>(sc, rest, slice, grouping.bits, by_class),
        _ => join_buckets::<8, CREDIT>(sc, rest, slice, grouping.bits, by_class),
    }
}

/// The join of a sorted batch (`join_batch`) in `G` groups of `g` bits:
/// per bucket some top can fit, its tables a piece at a time, and every
/// top whose key allows the bucket.
#[inline(always)]
fn join_buckets<const G: usize, const CREDIT: bool>(
    sc: &mut Scratch,
    rest: &Rest,
    slice: usize,
    g: usize,
    by_class: &mut [u64; 3],
) {
    let Scratch {
        grest,
        gclass,
        gavoid,
        gstart,
        reach,
        tab,
        sieve,
        free_of,
        valid,
        tally,
        ..
    } = sc;
    let words = valid.len();
    let entries = 1usize << g;
    let gmask = (entries - 1) as u64;
    for (b, (start, end), _) in sieve.reached(reach) {
        let comp = sieve.full() & !b;
        // A bucket's words a piece of at most `slice` at a time, so that
        // its tables stay within the L2 whatever the bucket's size.
        let mut from = start;
        while from < end {
            let to = end.min(from + slice);
            let bw = to - from;
            // Padded to whole blocks of four words (zeros in group 0's
            // entries: never counted).
            let stride = (bw + 3) / 4 * 4;
            let planes = if CREDIT { Some(rest.nbits) } else { None };
            build_tables::<G>(tab, (free_of, valid, words), rest, (from, to), (g, planes));
            let tab = aligned(tab);
            // A credited join's bitsets of the bottoms avoiding each image,
            // after the groups' tables.
            let avoiding = &tab[G * entries * stride..];
            tally.table_words += (G * entries * bw) as u64;
            // Every key `u` with `u & b == 0`: the subsets of `comp`.
            let mut u = comp;
            loop {
                let (lo, hi) = (gstart[u], gstart[u + 1]);
                if lo < hi {
                    tally.visits += (hi - lo) as u64;
                    tally.pair_words += ((hi - lo) * bw) as u64;
                    tally.grouped_visits += (G * (hi - lo)) as u64;
                    tally.grouped_words += (G * (hi - lo) * bw) as u64;
                    for (i, (&r, &c)) in grest[lo..hi].iter().zip(&gclass[lo..hi]).enumerate() {
                        let mut e: [&[u64]; G] = [&[]; G];
                        for (i, e) in e.iter_mut().enumerate() {
                            let v = ((r >> (i * g)) & gmask) as usize;
                            *e = &tab[(i * entries + v) * stride..][..stride];
                        }
                        by_class[usize::from(c)] += if CREDIT {
                            and_popcount_avoiding(&e, (avoiding, gavoid[lo + i]), stride)
                        } else {
                            and_popcount(&e, stride)
                        };
                    }
                }
                if u == 0 {
                    break;
                }
                u = (u - 1) & comp;
            }
            from = to;
        }
    }
}

/// The tables of words `from..to` of the transposed bottoms (`free_of`
/// rows of `words` words, `valid`): group `i`'s entry `v` (at `(i * 2^g +
/// v) * stride`) is the AND of the rows of the rest diagonals its bits
/// name, group 0's also with `valid` (padding is never counted, even by a
/// top with no rest diagonal); each entry is one AND of an entry built
/// before it. With `planes` (a credited join), the [`IMAGES`] rows from
/// `planes` on follow the tables, padded with zeros, and then [`SUMS`]
/// rows: bit `b` of each bottom's number of images avoided (the rows'
/// sum, bit-sliced).
#[inline(always)]
fn build_tables<const G: usize>(
    buffer: &mut Vec<u64>,
    (free_of, valid, words): (&[u64], &[u64], usize),
    rest: &Rest,
    (from, to): (usize, usize),
    (g, planes): (usize, Option<usize>),
) {
    let bw = to - from;
    let stride = (bw + 3) / 4 * 4;
    let entries = 1usize << g;
    let images = if planes.is_some() {
        IMAGES as usize + SUMS
    } else {
        0
    };
    let need = (G * entries + images) * stride;
    if buffer.len() < need + ALIGN_WORDS {
        buffer.resize(need + ALIGN_WORDS, 0);
    }
    let tab = aligned_mut(buffer);
    for i in 0..G {
        let group = &mut tab[i * entries * stride..][..entries * stride];
        let (first, _) = group.split_at_mut(stride);
        if i == 0 {
            put_padded(first, &valid[from..to], 0);
        } else {
            put_padded(first, &[], !0);
        }
        // Entries `2^j..2^(j + 1)` are entries `0..2^j` ANDed with the row
        // of the group's bit `j`: a block at a time, its row read once.
        for j in 0..g {
            let half = stride << j;
            let (done, next) = group.split_at_mut(half);
            let next = &mut next[..half];
            match rest.pos[..rest.len].get(i * g + j) {
                Some(&p) => {
                    let row = &free_of[p as usize * words + from..][..bw];
                    if stride == 4 {
                        // One block an entry (every chunk of n = 15): the
                        // row padded with ones once, each entry one AND.
                        let mut block = [!0u64; 4];
                        put_padded(&mut block, row, !0);
                        for (dst, below) in next.chunks_exact_mut(4).zip(done.chunks_exact(4)) {
                            for k in 0..4 {
                                dst[k] = below[k] & block[k];
                            }
                        }
                    } else {
                        for (dst, below) in
                            next.chunks_exact_mut(stride).zip(done.chunks_exact(stride))
                        {
                            for ((o, a), x) in dst.iter_mut().zip(below).zip(row) {
                                *o = a & x;
                            }
                            // An entry's padding is its first entry's.
                            dst[bw..].copy_from_slice(&below[bw..]);
                        }
                    }
                }
                // Past the rest's last bit: no top's rest has it.
                None => next.copy_from_slice(done),
            }
        }
    }
    if let Some(first) = planes {
        let base = G * entries * stride;
        for image in 0..IMAGES as usize {
            let dst = &mut tab[base + image * stride..][..stride];
            let row = &free_of[(first + image) * words + from..][..bw];
            put_padded(dst, row, 0);
        }
        let (rows, sums) = tab[base..].split_at_mut(IMAGES as usize * stride);
        for w in 0..stride {
            // A ripple-carry add of the eight rows' bits, word by word.
            let mut sum = [0u64; SUMS];
            for image in 0..IMAGES as usize {
                let mut carry = rows[image * stride + w];
                for bit in sum.iter_mut() {
                    let next = *bit & carry;
                    *bit ^= carry;
                    carry = next;
                }
            }
            for (b, bit) in sum.iter().enumerate() {
                sums[b * stride + w] = *bit;
            }
        }
    }
}

/// `src` into `dst`, the words past it set to `pad`. Within a block (at
/// most 4 words) word by word: as a slice copy and fill they were calls of
/// the C library's `memmove` and `memset`, a tenth of the tables' time at
/// n = 15, whose chunks hold two words; longer ones are such calls.
#[inline(always)]
fn put_padded(dst: &mut [u64], src: &[u64], pad: u64) {
    if dst.len() <= 4 {
        for k in 0..4 {
            if let Some(o) = dst.get_mut(k) {
                *o = src.get(k).copied().unwrap_or(pad);
            }
        }
    } else {
        let (head, tail) = dst.split_at_mut(src.len());
        head.copy_from_slice(src);
        tail.fill(pad);
    }
}

/// Words of slack in a table buffer, so that its tables can start on a
/// 64-byte line.
const ALIGN_WORDS: usize = 8;

/// The words of `tab` from its first on a 64-byte line. Why: every table
/// entry is a whole number of 4-word blocks from the start, so from a
/// line's start no 32-byte load of the AND + popcount loop straddles two
/// lines; from the allocator's 16-byte alignment half of them did, and
/// which one a run got depended on what was allocated before it (one set
/// of 26: 1.11x the time, the same words read, in builds that differed in
/// code the join never ran).
#[inline(always)]
fn aligned(tab: &[u64]) -> &[u64] {
    &tab[align_offset(tab)..]
}

#[inline(always)]
fn aligned_mut(tab: &mut [u64]) -> &mut [u64] {
    let off = align_offset(tab);
    &mut tab[off..]
}

#[inline(always)]
fn align_offset(tab: &[u64]) -> usize {
    let lead = (tab.as_ptr() as usize / 8) % ALIGN_WORDS;
    (ALIGN_WORDS - lead) % ALIGN_WORDS
}

/// The AND of the `G` entries `e` over their four words from `i` (one
/// block of [`and_popcount`] and [`and_popcount_avoiding`]).
#[inline(always)]
fn and_block<const G: usize>(e: &[&[u64]; G], i: usize) -> [u64; 4] {
    let mut x = [!0u64; 4];
    for s in e.iter() {
        let w = &s[i..i + 4];
        for k in 0..4 {
            x[k] &= w[k];
        }
    }
    x
}

/// `popcount` of the AND of the `G` entries `e` over their first `stride`
/// words (a multiple of 4): four words at a time, in registers. Over
/// blocks of four (one bounds check per entry and block, no tail), with
/// `G` a constant the loop over the entries unrolls; it must stay one
/// inlined body, compiled with the kernel's CPU features (count 17: a
/// loop LLVM split between scalar and SSE popcounts took 1/0.88 the time).
#[inline(always)]
fn and_popcount<const G: usize>(e: &[&[u64]; G], stride: usize) -> u64 {
    let mut cnt = [0u64; 4];
    let mut i = 0;
    while i + 4 <= stride {
        let x = and_block(e, i);
        for k in 0..4 {
            cnt[k] += u64::from(x[k].count_ones());
        }
        i += 4;
    }
    cnt.iter().sum()
}

/// Bit-sliced rows of the number of images a bottom avoids (0..=8).
const SUMS: usize = 4;

/// [`and_popcount`] in a credited join: each word's AND counted once per
/// image the top avoids (bit `i` of `avoids`), ANDed with the bitset of
/// the bottoms avoiding that image (the `i`-th `stride` words of
/// `planes`): the pairs' credits (see
/// [`crate::engine::half_board::images`]). A top that avoids seven or
/// eight images reads the bottoms' numbers of images avoided instead (the
/// [`SUMS`] rows after the images'), less the one it hits: four or five
/// popcounts a word where the images' rows take seven or eight.
#[inline(always)]
fn and_popcount_avoiding<const G: usize>(
    e: &[&[u64]; G],
    (planes, avoids): (&[u64], u8),
    stride: usize,
) -> u64 {
    let by_sums = avoids.count_ones() >= 7;
    let images = if by_sums { !avoids } else { avoids };
    let sums = &planes[IMAGES as usize * stride..];
    let (mut add, mut less) = ([0u64; 4], [0u64; 4]);
    let mut i = 0;
    while i + 4 <= stride {
        let x = and_block(e, i);
        if by_sums {
            for b in 0..SUMS {
                let w = &sums[b * stride + i..][..4];
                for k in 0..4 {
                    add[k] += u64::from((x[k] & w[k]).count_ones()) << b;
                }
            }
        }
        let mut left = images;
        while left != 0 {
            let image = left.trailing_zeros() as usize;
            left &= left - 1;
            let w = &planes[image * stride + i..][..4];
            for k in 0..4 {
                let c = u64::from((x[k] & w[k]).count_ones());
                if by_sums {
                    less[k] += c;
                } else {
                    add[k] += c;
                }
            }
        }
        i += 4;
    }
    add.iter().sum::<u64>() - less.iter().sum::<u64>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::rng::Rng;

    /// A top's rest packs the bits of its mask outside the cut in order:
    /// the shifts that squeeze the cut out give what testing each rest
    /// position gives, for any cut of up to 13 of up to 64 diagonals.
    #[test]
    fn squeezing_the_cut_out_packs_the_rest_in_order() {
        let mut rng = Rng::new(0x5e57);
        for _ in 0..20_000 {
            let nbits = 1 + rng.below(64) as usize;
            let mut cut = 0u64;
            for _ in 0..rng.below(14) {
                cut |= 1 << rng.below(nbits as u64);
            }
            let rest = Rest::of(cut, nbits);
            let m = rng.next_u64();
            let mut want = 0u64;
            for (i, p) in (0..nbits).filter(|&p| cut >> p & 1 == 0).enumerate() {
                want |= (m >> p & 1) << i;
            }
            assert_eq!(rest.of_mask(m), want, "cut {cut:#x} of {nbits}, m {m:#x}");
        }
    }
}
