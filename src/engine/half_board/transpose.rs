//! A 64 x 64 bit-matrix transpose: the matching kernel stores each chunk
//! of 64 bottoms transposed, one word per diagonal.
//!
//! # Constraints
//! Exactly 64 words.
//!
//! # Complexity
//! `6 x 32` word swaps (log2 64 rounds of 32 masked exchanges).

/// Transposes a 64x64 bit matrix in place: afterwards bit `i` of `a[j]` is
/// the old bit `j` of `a[i]`. Swaps ever smaller off-diagonal blocks: for
/// block size `j`, bits `j..2j` of row `k` trade places with bits `0..j` of
/// row `k + j` (for all `k` with bit `j` clear), under mask `m`.
#[inline(always)]
pub fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32usize;
    let mut m: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0usize;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & m;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        m ^= m << j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_matches_naive() {
        let mut rng = crate::base::rng::Rng::new(7);
        let mut a = [0u64; 64];
        for x in a.iter_mut() {
            *x = rng.next_u64();
        }
        let orig = a;
        transpose64(&mut a);
        for (i, &row) in orig.iter().enumerate() {
            for (j, &col) in a.iter().enumerate() {
                assert_eq!((col >> i) & 1, (row >> j) & 1);
            }
        }
    }
}
