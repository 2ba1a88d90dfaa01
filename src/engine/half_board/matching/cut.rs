//! How deep a chunk's sieve cuts, chosen by the join's own price: the
//! kernel (`super::bottoms`) and its estimate (`super::estimate`) both ask
//! [`choose_cut`], from a sample of the chunk's bottoms and of its tops.
//!
//! Why not from the bottoms alone: a deeper cut leaves each top fewer
//! words to read but costs more buckets (padding, tables, visits and the
//! keys a bucket steps through), and which wins depends on how many tops
//! read the chunk. One heavy set of 28 (a chunk of millions of bottoms
//! that tens of millions of tops read) ran in 0.66x the time priced so
//! (12.3 diagonals on average, 11 before), four spread sets of 28 in
//! 0.76x, where light sets of 26 and 27 cut 13 deep took 1.1-1.25x and
//! priced so, the same (benches/NOTES.md, "Deeper cuts past 24", "The cut
//! priced per chunk").
//!
//! The candidates are nested: [`Sieve::choose_by`] orders the diagonals by
//! what they skip and a cut of `k` takes the first `k`, so one key of the
//! deepest candidate gives every shallower one (its low bits), and one
//! histogram of the bottoms' deepest keys gives every cut's buckets by
//! folding its high bits away.
//!
//! # Constraints
//! `lo <= hi <= MAX_CUT`; overlap masks of at most 64 bits.
//!
//! # Complexity
//! `O(bottoms sampled * hi + tops sampled * (hi + hi - lo) + 2^hi * hi)`.

use crate::engine::half_board::sieve::{subset_sums, Sieve};

use super::buckets::{top_batch, Grouping};
use super::job::JoinSizes;
use crate::tuning::sieve::{DEEPEST, KEY_STEP, PRICED_FROM, SHALLOWEST};

/// The cuts worth pricing for a chunk of `nb` bottoms whose buckets hold
/// `bucket_bottoms` on average (unpriced, the cut it takes), up to
/// [`DEEPEST`] times fewer.
pub(super) fn cut_range(nb: usize, bucket_bottoms: usize) -> (usize, usize) {
    if nb < PRICED_FROM.saturating_mul(bucket_bottoms) {
        let k = Sieve::cut_size(nb, bucket_bottoms);
        return (k, k);
    }
    let lo = Sieve::cut_size(nb, bucket_bottoms).min(SHALLOWEST);
    (lo, Sieve::cut_size(nb, (bucket_bottoms / DEEPEST).max(1)))
}

/// Chooses the cut of a chunk: `lo..=hi` diagonals, the one the join
/// prices cheapest. `bottoms` are sampled overlap masks of the chunk's
/// bottoms, each standing for `per_bottom` of them; `tops` sampled tops'
/// overlap masks with the tops each stands for; `order` yields overlap
/// masks whose bit shares rank the diagonals (see [`Sieve::choose_by`]).
/// Leaves the cut in `sieve` (no buckets laid out). Never inlined (cold,
/// see `super::bottoms`).
#[inline(never)]
pub(super) fn choose_cut(
    sieve: &mut Sieve,
    (lo, hi): (usize, usize),
    nbits: usize,
    (bottoms, per_bottom): (&[u64], f64),
    tops: &[(u64, f64)],
    order: impl Iterator<Item = u64>,
    sizes: JoinSizes,
) {
    sieve.choose_by(hi, nbits, bottoms.iter().copied(), order);
    let hi = sieve.k();
    if lo >= hi || tops.is_empty() {
        sieve.truncate(lo);
        return;
    }
    let mut count = vec![0f64; 1 << hi];
    let mut used = vec![0f64; hi];
    for &m in bottoms {
        let key = sieve.key(m);
        count[key] += per_bottom;
        for (i, u) in used.iter_mut().enumerate() {
            *u += (key >> i & 1) as f64;
        }
    }
    let share: Vec<f64> = used.iter().map(|&u| u / bottoms.len() as f64).collect();
    let all = per_bottom * bottoms.len() as f64;
    let keys: Vec<(usize, f64)> = tops.iter().map(|&(m, w)| (sieve.key(m), w)).collect();
    let mut best = (f64::INFINITY, hi);
    let mut k = hi;
    loop {
        let bottoms = (&count[..1 << k], &share[..k], all);
        let price = price_cut(k, bottoms, &keys, nbits - k, sizes);
        if price < best.0 {
            best = (price, k);
        }
        if k == lo {
            break;
        }
        // Fold key bit k - 1 away: the buckets of the cut one shallower.
        k -= 1;
        let half = 1 << k;
        for b in 0..half {
            count[b] += count[b + half];
        }
    }
    sieve.truncate(best.1);
}

/// The join's price of a chunk cut `k` deep with `count[b]` bottoms in
/// bucket `b` (from a sample: 0 for a bucket it missed), `share[i]` of them
/// using cut diagonal `i`, `all` in all, read by tops of keys `keys` (the
/// low `k` bits count): per batch of tops, its grouping's price of the
/// tables, reads and visits (as `super::buckets` prices a batch) and the
/// walk over the keys.
fn price_cut(
    k: usize,
    (count, share, all): (&[f64], &[f64], f64),
    keys: &[(usize, f64)],
    rest: usize,
    sizes: JoinSizes,
) -> f64 {
    let full = (1usize << k) - 1;
    // Expected sizes, not the sample's: a deep cut has thousands of
    // buckets, most of which a sample of a few thousand bottoms misses
    // though they hold some (their padding words and visits priced at
    // nothing made the deepest cut look cheapest). A bucket the sample
    // missed is taken to hold its share with the cut diagonals used apart
    // from each other; a bucket is nonempty with the chance its expected
    // bottoms give, and pads half a word.
    let (mut words, mut pieces) = (vec![0f64; 1 << k], vec![0f64; 1 << k]);
    for (b, (w, p)) in words.iter_mut().zip(pieces.iter_mut()).enumerate() {
        let expected = if count[b] > 0.0 {
            count[b]
        } else {
            let of = |(i, &q): (usize, &f64)| if b >> i & 1 == 1 { q } else { 1.0 - q };
            all * share.iter().enumerate().map(of).product::<f64>()
        };
        let nonempty = 1.0 - (-expected).exp();
        *w = expected / 64.0 + 0.5 * nonempty;
        *p = nonempty + *w / sizes.slice as f64;
    }
    let total: f64 = words.iter().sum();
    // Each piece walks the keys that may read it: the subsets of its
    // bucket's complement.
    let steps: f64 = pieces
        .iter()
        .enumerate()
        .map(|(b, &p)| p * (1u64 << (k - b.count_ones() as usize)) as f64)
        .sum();
    let mut within = words;
    subset_sums(&mut within, k);
    subset_sums(&mut pieces, k);
    let (mut tops, mut read, mut visits) = (0.0, 0.0, 0.0);
    for &(u, w) in keys {
        let fit = full & !u;
        tops += w;
        read += w * within[fit];
        visits += w * pieces[fit];
    }
    let batch = sizes.batch.unwrap_or(top_batch(total as usize)) as f64;
    let batches = (tops / batch).ceil().max(1.0);
    let priced = (total, read / batches, visits / batches);
    let grouping = Grouping::choose(rest, priced, sizes.groups);
    batches * (grouping.price(priced) + KEY_STEP * steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many tops reading a chunk cut it deeper than few do, and the cut
    /// stays within its bounds.
    #[test]
    fn busy_chunks_are_cut_deeper() {
        let mut rng = crate::base::rng::Rng::new(7);
        let nbits = 40;
        let mask = (1u64 << nbits) - 1;
        let mut draw = || rng.next_u64() & rng.next_u64() & mask;
        let bottoms: Vec<u64> = (0..4096).map(|_| draw()).collect();
        let top_masks: Vec<u64> = (0..4096).map(|_| draw()).collect();
        let sizes = JoinSizes {
            slice: 128,
            batch: None,
            groups: None,
        };
        let cut = |per_top: f64| {
            let mut sieve = Sieve::default();
            let tops: Vec<(u64, f64)> = top_masks.iter().map(|&m| (m, per_top)).collect();
            let order = top_masks.iter().copied();
            choose_cut(
                &mut sieve,
                (4, 13),
                nbits,
                (&bottoms, 1024.0),
                &tops,
                order,
                sizes,
            );
            sieve.k()
        };
        let (few, many) = (cut(1.0), cut(1e5));
        assert!((4..=13).contains(&few) && (4..=13).contains(&many));
        assert!(few < many, "few tops cut {few}, many {many}");
    }
}
