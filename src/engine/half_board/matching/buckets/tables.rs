//! A bucket piece's tables (step 4 of the join by buckets): per group of
//! rest diagonals, the ANDs of the bottoms' diagonal rows for every subset
//! of the group, padded to blocks of four words and aligned on 64-byte
//! lines; in a credited join the images' rows and their bit-sliced sums
//! after them. A room of its own: what is built per bucket, apart from
//! how a top reads it (`super::popcount`).

use crate::engine::half_board::images::IMAGES;

use super::listing::Rest;

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
pub(super) fn build_tables<const G: usize>(
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
pub(super) fn aligned(tab: &[u64]) -> &[u64] {
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

/// Bit-sliced rows of the number of images a bottom avoids (0..=8).
pub(super) const SUMS: usize = 4;
