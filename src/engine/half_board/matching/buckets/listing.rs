//! Step 3 of the join by buckets: the tops listed, each with its sieve
//! key, the rest of its overlap diagonals packed ([`Rest`]) and its class
//! (and, in a credited join, the images it avoids). A room of its own: the
//! listing reads the quarter tables and the sieve's key, the join after it
//! only the lists.

use crate::engine::half_board::sieve::Sieve;

use super::super::job::{Placed, Scratch, Shape, TopRule};

/// The overlap diagonals outside a chunk's cut, in order: bit `i` of a
/// top's rest is diagonal `pos[i]`; the cut's diagonals, highest first;
/// and how many overlap diagonals there are (a credited join's images'
/// rows follow them).
pub(super) struct Rest {
    pub(super) pos: [u8; 64],
    pub(super) len: usize,
    cut_down: [u8; 64],
    cuts: usize,
    pub(super) nbits: usize,
}

impl Rest {
    pub(super) fn of(cut: u64, nbits: usize) -> Rest {
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
/// Appends the tops left placement `l` makes with the first `nr` right
/// ones in `sc.right` to the listed tops (after the first `sc.tops`);
/// returns the new count. The lists are made long enough for every pair:
/// they only grow, `sc.tops` says how much of them is listed. With
/// `ALWAYS` every pair is written at the next slot and the slot advances
/// on a top (branch-free, for a fit near a coin flip, where a branch
/// mispredicts constantly); without, only the tops are written (a branch
/// that predicts well when tops are rare: [`super::job::Fit`]).
#[inline(always)]
pub(super) fn append_tops<const ALWAYS: bool, const CREDIT: bool>(
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
pub(super) fn list_side<const CREDIT: bool>(
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
