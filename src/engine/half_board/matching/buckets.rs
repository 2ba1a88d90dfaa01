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
//!
//! The rooms, in the order a batch runs: `grouping` (how a batch groups
//! its rest diagonals, chosen by price), `listing` (the tops listed),
//! `tables` (a bucket piece's tables), `cuts` (where a visit finds a top's
//! rest cut into groups) and `popcount` (a top's entries ANDed and
//! counted); this file joins them bucket by bucket.

mod cuts;
mod grouping;
mod listing;
mod popcount;
mod tables;

pub use grouping::{top_batch, Grouping};

use crate::engine::half_board::column_sets::{combinations, Task};
use crate::engine::half_board::sieve::subset_sums;
use crate::engine::half_board::tally::Tally;

use super::job::{Job, Scratch, Shape, TaskSets, TopRule, CLASSES};
use super::Isa;
use cuts::{Cuts, Precut, Uncut};
use listing::{append_tops, list_side, Rest};
use popcount::{Avoiding, Count, Piece, Plain, Split};
use tables::{aligned, build_tables};

use crate::tuning::sieve::PRECUT_VISITS;

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
        let Shape { h, ovw, .. } = *self.shape;
        let TaskSets {
            hmask,
            top: (sl, sr),
            ..
        } = TaskSets::of(self.shape, self.pivots, t);
        let [tl, tr, _, _] = self.quarters;
        // Which placements are listed, which pairs are tops, and their
        // weights (the clean part may be left to another column set).
        let rule = TopRule::of(self.shape, self.pivots, t);
        let rest = Rest::of(sc.sieve.cut_mask(), 2 * ovw);
        let batch = self.shape.batch.unwrap_or(top_batch(sc.valid.len()));
        let pieces = (self.shape.slice, self.shape.groups);
        let mut sums = (0u64, 0u64);
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
                    join_batch::<CREDIT>(sc, &rest, pieces, &mut sums);
                }
            }
            sc.left = left;
        }
        if sc.tops > 0 {
            join_batch::<CREDIT>(sc, &rest, pieces, &mut sums);
        }
        sums
    }
}

/// Joins the listed tops (the first `sc.tops` of `sc.tkey`, `sc.trest`,
/// `sc.tclass`) with every bucket they can fit, adds their weighted and
/// plain counts to `sums` (see [`add_visit`]) and empties the list. A bucket is joined `slice` words at a time, in the
/// batch's cheaper [`Grouping`].
#[inline(always)]
fn join_batch<const CREDIT: bool>(
    sc: &mut Scratch,
    rest: &Rest,
    (slice, forced): (usize, Option<usize>),
    sums: &mut (u64, u64),
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
        runs,
        key_runs,
        reach,
        sieve,
        valid,
        tally,
        ..
    } = sc;
    let buckets = sieve.full() + 1;
    let words = valid.len();
    // The tops sorted by key (a counting sort): key `u`'s are
    // `gstart[u]..gstart[u + 1]`. With a cut, by class within a key too
    // (the key's slots `u * classes + c`, a class's run in registers, see
    // `join_buckets`); only the classes the batch holds get slots: at odd N
    // every top is of class 0. Without a cut the tops are left as listed
    // (a sort by class alone cost more than its runs saved at 18), in runs
    // of a class as they come.
    let n = std::mem::take(tops);
    let keyed = buckets > 1;
    let classes = if keyed {
        tclass[..n].iter().max().map_or(1, |&c| usize::from(c) + 1)
    } else {
        1
    };
    debug_assert!(classes <= CLASSES);
    let slots = buckets * classes;
    gstart.clear();
    gstart.resize(buckets + 1, 0);
    runs.clear();
    key_runs.clear();
    if !keyed {
        // One key: the tops are sorted as listed, in runs of a class as
        // they come, found as the piece is visited (`runs` stays empty).
        gstart[1] = n;
        std::mem::swap(grest, trest);
        std::mem::swap(gclass, tclass);
        std::mem::swap(gavoid, tavoid);
    } else {
        let slot = |i: usize| tkey[i] as usize * classes + tclass[i] as usize;
        next.clear();
        next.resize(slots + 1, 0);
        for i in 0..n {
            next[slot(i) + 1] += 1;
        }
        for i in 0..slots {
            next[i + 1] += next[i];
        }
        for u in 0..=buckets {
            gstart[u] = next[u * classes];
        }
        // The slots that hold tops are the runs (a key's in class order).
        for u in 0..buckets {
            key_runs.push(runs.len());
            for c in 0..classes {
                let s = u * classes + c;
                if next[s] < next[s + 1] {
                    runs.push((next[s], c as u8));
                }
            }
        }
        grest.resize(n, 0);
        gclass.resize(n, 0);
        gavoid.resize(if CREDIT { n } else { 0 }, 0);
        for (i, &r) in trest[..n].iter().enumerate() {
            let at = &mut next[slot(i)];
            grest[*at] = r;
            gclass[*at] = tclass[i];
            if CREDIT {
                gavoid[*at] = tavoid[i];
            }
            *at += 1;
        }
        key_runs.push(runs.len());
        runs.push((n, 0));
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
    // Tops that visit many pieces have their rests cut once.
    let at = (slice, visits as f64 >= PRECUT_VISITS * n as f64);
    match grouping.groups {
        4 => join_buckets_on::<4, CREDIT>(sc, rest, at, grouping.bits, sums),
        6 => join_buckets_on::<6, CREDIT>(sc, rest, at, grouping.bits, sums),
        _ => join_buckets_on::<8, CREDIT>(sc, rest, at, grouping.bits, sums),
    }
}

/// [`join_buckets`] for the scratch's instruction set, each instantiation
/// a function of its own (`#[inline(never)]`). The join's loop around it is
/// compiled per instruction set too (`super::run`), and inlined there, the
/// six groupings' tables and visits made each copy of that loop one
/// function of about 30 loops; LLVM's loop passes, superlinear in a
/// function's size, took 300 of the release build's 385 s of CPU over the
/// eight copies (`-Z llvm-time-trace`; apart, about 30 s in all).
#[inline(always)]
fn join_buckets_on<const G: usize, const CREDIT: bool>(
    sc: &mut Scratch,
    rest: &Rest,
    at: (usize, bool),
    g: usize,
    sums: &mut (u64, u64),
) {
    // SAFETY: `sc.isa` is the resolved instruction set (`super::run`),
    // which is one of these only when the CPU has its features (checked at
    // run time).
    match sc.isa {
        #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
        Isa::Avx512 => unsafe { join_buckets_avx512::<G, CREDIT>(sc, rest, at, g, sums) },
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { join_buckets_avx2::<G, CREDIT>(sc, rest, at, g, sums) },
        #[cfg(target_arch = "x86_64")]
        Isa::Popcnt => unsafe { join_buckets_popcnt::<G, CREDIT>(sc, rest, at, g, sums) },
        _ => join_buckets_portable::<G, CREDIT>(sc, rest, at, g, sums),
    }
}

/// One `#[inline(never)]` instantiation point of [`join_buckets`] per
/// instruction set: the attributes given (a `#[target_feature]`, whose
/// functions are `unsafe` to call) and the body inherited by inline(always).
macro_rules! join_buckets_for {
    ($(#[$attr:meta])* $name:ident, $($unsafe:ident)?) => {
        $(#[$attr])*
        #[inline(never)]
        $($unsafe)? fn $name<const G: usize, const CREDIT: bool>(
            sc: &mut Scratch,
            rest: &Rest,
            at: (usize, bool),
            g: usize,
            sums: &mut (u64, u64),
        ) {
            join_buckets::<G, CREDIT>(sc, rest, at, g, sums)
        }
    };
}

join_buckets_for!(join_buckets_portable,);
join_buckets_for!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    join_buckets_popcnt,
    unsafe
);
join_buckets_for!(
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    join_buckets_avx2,
    unsafe
);
join_buckets_for!(
    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    #[target_feature(enable = "avx2,popcnt,avx512f,avx512vl,avx512vpopcntdq")]
    join_buckets_avx512,
    unsafe
);

/// The join of a sorted batch (`join_batch`) in `G` groups of `g` bits:
/// per bucket some top can fit, its tables a piece at a time, and every
/// top whose key allows the bucket, in runs of a class; with `precut`,
/// the tops' rests cut into groups once for the batch.
#[inline(always)]
fn join_buckets<const G: usize, const CREDIT: bool>(
    sc: &mut Scratch,
    rest: &Rest,
    (slice, precut): (usize, bool),
    g: usize,
    sums: &mut (u64, u64),
) {
    let Scratch {
        grest,
        gcut,
        gclass,
        gavoid,
        gstart,
        runs,
        key_runs,
        reach,
        tab,
        sieve,
        free_of,
        valid,
        shifts,
        tally,
        ..
    } = sc;
    let words = valid.len();
    let entries = 1usize << g;
    // The batch's tops (the rests may be longer: see `join_batch`).
    let n = gstart[gstart.len() - 1];
    gcut.clear();
    if precut {
        gcut.resize(n * G, 0);
        for (cut, &r) in gcut.chunks_exact_mut(G).zip(&grest[..n]) {
            cut.copy_from_slice(&Piece::<G>::cut(r, g));
        }
    }
    let (pre, uncut) = (Precut::<G>::of(gcut), Uncut(grest, g));
    for (b, (start, end), _) in sieve.reached(reach) {
        let comp = sieve.full() & !b;
        // Against the bucket's tie bottoms every top weighs 1 (class 0).
        let ties = sieve.tie_from(b);
        // A bucket's words a piece of at most `slice` at a time, so that
        // its tables stay within the L2 whatever the bucket's size.
        let mut from = start;
        while from < end {
            let to = end.min(from + slice);
            let bw = to - from;
            // Padded to whole blocks of four words (zeros in group 0's
            // entries: never counted).
            let stride = (bw + 3) / 4 * 4;
            // The piece's words before its tie bottoms to the first part.
            let split = Split::at(shifts, ties.clamp(from, to) - from, (bw, stride));
            let planes = if CREDIT { Some(rest.nbits) } else { None };
            build_tables::<G>(tab, (free_of, valid, words), rest, (from, to), (g, planes));
            let tab = aligned(tab);
            let piece = Piece::<G>::new(tab, g, stride);
            // A credited join's bitsets of the bottoms avoiding each image,
            // after the groups' tables.
            let avoiding = &tab[G * entries * stride..];
            tally.table_words += (G * entries * bw) as u64;
            let keys = (
                comp,
                Sorted {
                    gstart,
                    gclass,
                    runs,
                    key_runs,
                },
            );
            let at = (split, bw);
            // Which count and which cuts: chosen once a piece.
            if CREDIT {
                let zero = Avoiding::new(avoiding, stride, gavoid);
                if precut {
                    visit_keys(&piece, at, zero, &pre, keys, (sums, tally));
                } else {
                    visit_keys(&piece, at, zero, &uncut, keys, (sums, tally));
                }
            } else if precut {
                visit_keys(&piece, at, Plain::default(), &pre, keys, (sums, tally));
            } else {
                visit_keys(&piece, at, Plain::default(), &uncut, keys, (sums, tally));
            }
            from = to;
        }
    }
}

/// A sorted batch's keys, classes and runs (`Scratch`'s `gstart`,
/// `gclass`, `runs` and `key_runs`; no runs for a batch of one key).
#[derive(Clone, Copy)]
struct Sorted<'a> {
    gstart: &'a [usize],
    gclass: &'a [u8],
    runs: &'a [(usize, u8)],
    key_runs: &'a [usize],
}

/// Every key `u` of the sorted batch (`gstart`, its runs) that may fit
/// the piece's bucket, `u & b == 0` (the subsets of `comp`), its tops
/// visiting `piece` of `bw` words in runs of one class each (see
/// [`visit_run`]), counted from `zero`, their rests cut by `cuts`.
#[inline(always)]
fn visit_keys<const G: usize, C: Count, S: Cuts<G>>(
    piece: &Piece<'_, G>,
    (split, bw): (Split<'_>, usize),
    zero: C,
    cuts: &S,
    (comp, sorted): (usize, Sorted<'_>),
    (sums, tally): (&mut (u64, u64), &mut Tally),
) {
    let Sorted {
        gstart,
        gclass,
        runs,
        key_runs,
    } = sorted;
    // The most tops a run sums at once (a division: once a piece).
    let most = piece.most_tops::<C>();
    let mut u = comp;
    loop {
        let key = (gstart[u], gstart[u + 1]);
        if key.0 < key.1 {
            let n = key.1 - key.0;
            tally.visits += n as u64;
            tally.pair_words += (n * bw) as u64;
            tally.grouped_visits += (G * n) as u64;
            tally.grouped_words += (G * n * bw) as u64;
            if key_runs.is_empty() {
                // One key, one piece: its runs found as they come.
                let mut lo = key.0;
                while lo < key.1 {
                    let c = gclass[lo];
                    let hi = lo + gclass[lo..key.1].iter().take_while(|&&x| x == c).count();
                    visit_run(piece, (split, most), zero, cuts, ((lo, hi), c), sums);
                    lo = hi;
                }
            } else {
                // The runs were found once a batch (a scan of the classes
                // at every piece was 6% of a unit of 26).
                for r in key_runs[u]..key_runs[u + 1] {
                    let ((lo, c), (hi, _)) = (runs[r], runs[r + 1]);
                    visit_run(piece, (split, most), zero, cuts, ((lo, hi), c), sums);
                }
            }
        }
        if u == 0 {
            break;
        }
        u = (u - 1) & comp;
    }
}

/// The tops `lo..hi` of the sorted batch, of one key and class `c`,
/// visiting `piece`, their rests cut into groups by `cuts`: their counts
/// added up in `zero`'s registers, at most `most` at a time (see
/// [`Piece::most_tops`]), and each sum's parts added to `sums` (see
/// [`add_visit`]). Summed per top, the lanes' sum and the class's
/// weighting were a fifth of a visit at 28 (benches/NOTES.md, "A run of
/// tops in registers").
#[inline(always)]
fn visit_run<const G: usize, C: Count, S: Cuts<G>>(
    piece: &Piece<'_, G>,
    (split, most): (Split<'_>, usize),
    zero: C,
    cuts: &S,
    ((lo, hi), c): ((usize, usize), u8),
    sums: &mut (u64, u64),
) {
    let mut from = lo;
    while from < hi {
        let to = hi.min(from + most);
        let mut count = zero;
        for (i, &item) in (from..to).zip(&cuts.items()[from..to]) {
            count = piece.count(&cuts.cut(item), count.for_top(i), split);
        }
        add_visit(sums, count.parts(), c);
        from = to;
    }
}

/// A run's two parts (before the piece's tie bottoms, and from them)
/// added to the join's `sums` (weighted, plain) for tops of class `c`
/// (`TopRule::class`, the log2 of its weight): a top of class 0 adds both
/// parts to the plain sum; one above adds its first part times `2^c` to
/// the weighted sum and its second, the tie bottoms it weighs 1 against,
/// to the plain one. Without a branch on the class: the classes of a key's
/// tops are mixed, and an array indexed by class went through memory.
#[inline(always)]
fn add_visit(sums: &mut (u64, u64), (first, second): (u64, u64), c: u8) {
    let weighted = 0u64.wrapping_sub(u64::from(c != 0));
    sums.0 += (first << c) & weighted;
    sums.1 += second + (first & !weighted);
}
