//! The innermost loop of the join by buckets: one top's entries ANDed
//! four words at a time and the bits counted, plain or weighted by the
//! images a credited top avoids. A room of its own: the few lines every
//! (top, bucket) pair runs, each kept one inlined body.

use crate::engine::half_board::images::IMAGES;

use super::tables::SUMS;

/// One bucket piece's tables as the tops read them: `G` groups of
/// `2^g` entries of `stride` words each, group `i`'s entry `v` at `(i *
/// 2^g + v) * stride`. The one place the join reads table words without a
/// bounds check per word: [`Piece::new`] checks once per piece that the
/// slice holds every entry, [`Piece::count`] computes each entry's start
/// from the top's rest masked to `g` bits (so it names an entry of that
/// group) and reads whole blocks below `stride`. Checked per word, the
/// checks and the entries' set-up were about a third of the join at 28
/// (benches/NOTES.md, "A visit's set-up and its sums").
#[derive(Clone, Copy)]
pub(super) struct Piece<'t, const G: usize> {
    tab: &'t [u64],
    g: usize,
    stride: usize,
}

impl<'t, const G: usize> Piece<'t, G> {
    /// The tables `tab` of `G` groups of `2^g` entries of `stride` words
    /// (a multiple of 4, as [`super::tables::build_tables`] pads them).
    ///
    /// # Panics
    /// When `tab` is shorter than the entries, `g` is above 16 (the most
    /// a grouping of a 64-bit rest in 4 groups takes), or `stride` is not
    /// a multiple of 4 below 2^23 (a part's sum must fit its 32 bits).
    #[inline(always)]
    pub(super) fn new(tab: &'t [u64], g: usize, stride: usize) -> Self {
        assert!(g <= 16 && stride % 4 == 0 && stride < 1 << 23);
        assert!(tab.len() >= (G << g) * stride, "a piece's tables cut short");
        Piece { tab, g, stride }
    }

    /// A top's rest cut into its groups' values, `g` bits each: the
    /// entries it reads in every piece of a batch grouped so, cut once per
    /// batch and not on every visit (benches/NOTES.md, "A run of tops in
    /// registers").
    #[inline(always)]
    pub(super) fn cut(rest: u64, g: usize) -> [u16; G] {
        let mask = (1u64 << g) - 1;
        std::array::from_fn(|j| ((rest >> (j * g)) & mask) as u16)
    }

    /// `count` with a top added over the piece's words, the top's rest cut
    /// into `cut` ([`Piece::cut`]): its `G` entries ANDed four words at a
    /// time, each word to the part `split` files it under. A run of tops
    /// adds to one count, in registers, and reads its parts once (see
    /// [`Piece::most_tops`]).
    ///
    /// Both parts are summed in one pass without a branch on the split:
    /// a bucket's piece is a few blocks (13 words a visit at 28), and a
    /// branch taken a different number of times on every visit was
    /// mispredicted about once a visit (benches/NOTES.md, "The tie split
    /// in one pass", and "A visit's set-up and its sums"). A piece without
    /// ties (every piece of the cross and diagonal modes) takes a loop
    /// without the split's shifts: the branch between the two is the
    /// same for every top of a piece.
    ///
    /// # Panics
    /// When `split`'s shifts are fewer than the piece's words.
    #[inline(always)]
    pub(super) fn count<C: Count>(&self, cut: &[u16; G], count: C, split: Split<'_>) -> C {
        // Masked to `g` bits, whatever `cut` holds: each start names an
        // entry of its group (the bounds argument of `blocks`).
        let mask = (1usize << self.g) - 1;
        let starts: [usize; G] =
            std::array::from_fn(|j| ((j << self.g) + (usize::from(cut[j]) & mask)) * self.stride);
        match split.0 {
            None => self.blocks::<false, C>(&starts, count, &[]),
            Some(shifts) => {
                assert!(
                    shifts.len() >= self.stride,
                    "a split shorter than its piece"
                );
                self.blocks::<true, C>(&starts, count, shifts)
            }
        }
    }

    /// The blocks of the entries at `starts` ANDed and added to `count`,
    /// each word shifted by its entry of `shifts` where `SPLIT` (else all
    /// to the first part): the loop of [`Piece::count`], inlined twice.
    #[inline(always)]
    fn blocks<const SPLIT: bool, C: Count>(
        &self,
        starts: &[usize; G],
        mut count: C,
        shifts: &[u64],
    ) -> C {
        // Cut to the piece's words, so that a block's shifts are read
        // without a check.
        let shifts = if SPLIT {
            &shifts[..self.stride]
        } else {
            shifts
        };
        let mut i = 0;
        while i + 4 <= self.stride {
            let mut x = [!0u64; 4];
            for &start in starts {
                // SAFETY: `start` is `(j * 2^g + v) * stride` with `j < G`
                // and `v < 2^g`, so `start + i + 4 <= (G * 2^g) * stride`,
                // which `new` checked `tab` holds; a block is 4 words
                // below `stride`.
                let w = unsafe { &*(self.tab.as_ptr().add(start + i) as *const [u64; 4]) };
                for k in 0..4 {
                    x[k] &= w[k];
                }
            }
            if SPLIT {
                count.add(x, i, shifts[i..i + 4].try_into().unwrap());
            } else {
                count.add_first(x, i);
            }
            i += 4;
        }
        count
    }

    /// The most tops one count may add up before its parts are read: a
    /// lane's part must stay below 2^32, and a top adds at most
    /// `C::WEIGHT` per bit of the lane's `stride / 4` words.
    #[inline(always)]
    pub(super) fn most_tops<C: Count>(&self) -> usize {
        let per_top = C::WEIGHT as usize * 64 * (self.stride / 4).max(1);
        ((1usize << 32) - 1) / per_top
    }
}

/// Which part of a count each of a piece's words goes to: all to the
/// first, or by a shift per word, 0 to the first part
/// and 32 to the second (see [`part_shift`]), read with the word's block.
/// Worked out once per piece: computed per block of every visit, the
/// lanes' compare and masked shift were about a tenth of the join at 28
/// (benches/NOTES.md, "A split's shifts per piece").
#[derive(Clone, Copy)]
pub(super) struct Split<'s>(Option<&'s [u64]>);

impl<'s> Split<'s> {
    /// The words of a piece of `words` words (padded to `stride`) before
    /// `at` to the first part, those from it to the second (a bucket's tie
    /// bottoms, see [`crate::engine::half_board::sieve`]; `at >= words`:
    /// none), the shifts written to `buffer`.
    pub(super) fn at(buffer: &'s mut Vec<u64>, at: usize, (words, stride): (usize, usize)) -> Self {
        if at >= words {
            return Split(None);
        }
        buffer.clear();
        buffer.extend((0..stride).map(|w| part_shift(w, at)));
        Split(Some(buffer))
    }
}

/// What a top's words add up to: plain, a bit per fitting bottom
/// ([`Plain`]), or in a credited join the images each avoids with the top
/// ([`Avoiding`]). Fed the AND of the top's entries a block of four words
/// at a time, in two parts: the words before a split and those from it.
pub(super) trait Count: Copy {
    /// The most a fitting bottom adds to a part.
    const WEIGHT: u64;
    /// The count ready for top `i` of the sorted batch (its credits),
    /// what it has added so far kept.
    fn for_top(self, i: usize) -> Self;
    /// Adds the block `x` of the top's ANDed entries, words `i..i + 4`,
    /// word `i + k`'s count shifted by `shifts[k]` (see [`Split`]).
    fn add(&mut self, x: [u64; 4], i: usize, shifts: [u64; 4]);
    /// Adds the block `x`, words `i..i + 4`, to the first part.
    fn add_first(&mut self, x: [u64; 4], i: usize);
    /// The two parts' sums.
    fn parts(&self) -> (u64, u64);
}

/// The shift that files word `w`'s count under its part when the second
/// part starts at word `split`: the second part's counts go 32 bits up,
/// so one lane holds both parts and a run of visits sums one register
/// (a lane's part below 2^32: see [`Piece::most_tops`]).
fn part_shift(w: usize, split: usize) -> u64 {
    if w >= split {
        32
    } else {
        0
    }
}

/// A lanes' sum split into its two parts (see [`part_shift`]).
#[inline(always)]
fn unpack(sum: u64) -> (u64, u64) {
    (sum & 0xffff_ffff, sum >> 32)
}

/// A bit per fitting bottom, four lanes in registers, each holding both
/// parts.
#[derive(Clone, Copy, Default)]
pub(super) struct Plain([u64; 4]);

impl Count for Plain {
    const WEIGHT: u64 = 1;

    #[inline(always)]
    fn for_top(self, _: usize) -> Self {
        self
    }

    #[inline(always)]
    fn add(&mut self, x: [u64; 4], _: usize, shifts: [u64; 4]) {
        for ((c, w), s) in self.0.iter_mut().zip(x).zip(shifts) {
            *c += u64::from(w.count_ones()) << s;
        }
    }

    #[inline(always)]
    fn add_first(&mut self, x: [u64; 4], _: usize) {
        for (c, w) in self.0.iter_mut().zip(x) {
            *c += u64::from(w.count_ones());
        }
    }

    #[inline(always)]
    fn parts(&self) -> (u64, u64) {
        unpack(self.0.iter().sum())
    }
}

/// A credited join's count: each fitting bottom once per image the top
/// avoids (bit `i` of its `avoids`) that it avoids too, from the bitsets
/// of the bottoms avoiding each image (the `i`-th `stride` words of
/// `planes`): the pairs' credits (see
/// [`crate::engine::half_board::images`]). A top that avoids seven or
/// eight images reads the bottoms' numbers of images avoided instead (the
/// [`SUMS`] rows after the images'), less the ones it hits: four or five
/// popcounts a word where the images' rows take seven or eight.
#[derive(Clone, Copy)]
pub(super) struct Avoiding<'a> {
    planes: &'a [u64],
    stride: usize,
    /// The images each top of the sorted batch avoids.
    avoids: &'a [u8],
    by_sums: bool,
    images: u8,
    add: [u64; 4],
    less: [u64; 4],
}

impl<'a> Avoiding<'a> {
    /// A count of nothing yet over a piece's `planes` of `stride` words,
    /// for tops avoiding the images `avoids` (per top of the batch).
    #[inline(always)]
    pub(super) fn new(planes: &'a [u64], stride: usize, avoids: &'a [u8]) -> Self {
        Avoiding {
            planes,
            stride,
            avoids,
            by_sums: false,
            images: 0,
            add: [0; 4],
            less: [0; 4],
        }
    }
}

impl Count for Avoiding<'_> {
    // A bottom avoids at most every image.
    const WEIGHT: u64 = IMAGES as u64;

    #[inline(always)]
    fn for_top(mut self, i: usize) -> Self {
        let avoids = self.avoids[i];
        self.by_sums = avoids.count_ones() >= 7;
        self.images = if self.by_sums { !avoids } else { avoids };
        self
    }

    #[inline(always)]
    fn add(&mut self, x: [u64; 4], i: usize, shifts: [u64; 4]) {
        let (planes, stride) = (self.planes, self.stride);
        if self.by_sums {
            let sums = &planes[IMAGES as usize * stride..];
            for b in 0..SUMS {
                let w = &sums[b * stride + i..][..4];
                for k in 0..4 {
                    let c = u64::from((x[k] & w[k]).count_ones()) << b;
                    self.add[k] += c << shifts[k];
                }
            }
        }
        let mut left = self.images;
        while left != 0 {
            let image = left.trailing_zeros() as usize;
            left &= left - 1;
            let w = &planes[image * stride + i..][..4];
            for k in 0..4 {
                let c = u64::from((x[k] & w[k]).count_ones()) << shifts[k];
                if self.by_sums {
                    self.less[k] += c;
                } else {
                    self.add[k] += c;
                }
            }
        }
    }

    #[inline(always)]
    fn add_first(&mut self, x: [u64; 4], i: usize) {
        self.add(x, i, [0; 4]);
    }

    #[inline(always)]
    fn parts(&self) -> (u64, u64) {
        // Each part's credits less its hits: both are per bottom, so
        // neither part's difference is negative.
        let (add, less) = (
            unpack(self.add.iter().sum()),
            unpack(self.less.iter().sum()),
        );
        (add.0 - less.0, add.1 - less.1)
    }
}

#[cfg(test)]
mod tests {
    use super::{Count, Piece, Plain, Split};
    use crate::base::rng::Rng;

    /// The two parts of a top's count against its entries' words ANDed
    /// and counted one by one, for random rests, at every split of a few
    /// strides: inside a block, on its edges, at 0 and past the end.
    #[test]
    fn a_split_count_adds_each_word_to_its_side() {
        let mut rng = Rng::new(11);
        for (stride, g) in [(4, 1), (8, 2), (16, 3), (28, 2)] {
            let tab: Vec<u64> = (0..(6 << g) * stride + 5)
                .map(|_| rng.next_u64() | rng.next_u64())
                .collect();
            let piece = Piece::<6>::new(&tab, g, stride);
            let mut shifts = Vec::new();
            for _ in 0..8 {
                let rest = rng.next_u64();
                let word = |w: usize| {
                    let and = (0..6).fold(!0u64, |x, i| {
                        let v = (rest >> (i * g)) as usize & ((1 << g) - 1);
                        x & tab[((i << g) + v) * stride + w]
                    });
                    u64::from(and.count_ones())
                };
                for split in (0..=stride + 1).chain([usize::MAX]) {
                    let want_before: u64 = (0..stride.min(split)).map(word).sum();
                    let want_after: u64 = (split.min(stride)..stride).map(word).sum();
                    let split_at = Split::at(&mut shifts, split, (stride, stride));
                    let cut = Piece::<6>::cut(rest, g);
                    let got = piece.count(&cut, Plain::default(), split_at).parts();
                    assert_eq!(
                        got,
                        (want_before, want_after),
                        "stride {stride} split {split}"
                    );
                }
            }
        }
        // Two tops' counts add up in one.
        let tab: Vec<u64> = (0..(6 << 2) * 8).map(|_| rng.next_u64()).collect();
        let mut shifts = Vec::new();
        let split = Split::at(&mut shifts, 5, (8, 8));
        let piece = Piece::<6>::new(&tab, 2, 8);
        let (a, b) = (rng.next_u64(), rng.next_u64());
        let (a, b) = (Piece::<6>::cut(a, 2), Piece::<6>::cut(b, 2));
        let one = |r| piece.count(&r, Plain::default(), split).parts();
        let both = piece.count(&b, piece.count(&a, Plain::default(), split), split);
        assert_eq!(both.parts(), (one(a).0 + one(b).0, one(a).1 + one(b).1));
        // A count's parts are its lanes' sums, the second from the split.
        let mut p = Plain::default();
        p.add([1, 3, 7, 15], 0, [0, 0, 32, 32]);
        assert_eq!(p.parts(), (1 + 2, 3 + 4));
    }

    /// A piece whose tables are shorter than its entries is refused
    /// before anything is read.
    #[test]
    #[should_panic(expected = "cut short")]
    fn a_piece_cut_short_is_refused() {
        let tab = vec![0u64; (6 << 2) * 8 - 1];
        let _ = Piece::<6>::new(&tab, 2, 8);
    }

    /// A split whose shifts are fewer than the piece's words is refused
    /// before anything is read.
    #[test]
    #[should_panic(expected = "shorter than its piece")]
    fn a_split_shorter_than_its_piece_is_refused() {
        let tab = vec![0u64; (6 << 2) * 8];
        let mut shifts = Vec::new();
        let split = Split::at(&mut shifts, 2, (4, 4));
        let _ = Piece::<6>::new(&tab, 2, 8).count(&[0; 6], Plain::default(), split);
    }
}
