//! Where a visit finds a top's rest cut into the batch's `G` groups of
//! `g` bits: cut once for the batch (`Precut`, when its tops visit many
//! pieces) or at each visit (`Uncut`). A room of its own: the join by
//! buckets (`super`) reads a run of tops' items as one slice and cuts each
//! with [`Cuts::cut`].
//!
//! # Complexity
//! `O(1)` a top; a run's bounds checked once.

use super::popcount::Piece;

/// Where a visit finds its top's rest cut into `G` groups (see
/// [`crate::tuning::sieve::PRECUT_VISITS`]): one item per top of the
/// sorted batch, a run's items iterated as a slice (its bounds checked
/// once a run: per top, the checks were 4% of a unit of 26) and each cut
/// by [`Cuts::cut`].
pub(super) trait Cuts<const G: usize> {
    type Item: Copy;
    fn items(&self) -> &[Self::Item];
    fn cut(&self, item: Self::Item) -> [u16; G];
}

/// The rests cut once for the batch, `G` values a top.
pub(super) struct Precut<'a, const G: usize>(&'a [[u16; G]]);

impl<'a, const G: usize> Precut<'a, G> {
    /// The cuts of `flat`, `G` values a top (a last part short of `G`
    /// dropped).
    pub(super) fn of(flat: &'a [u16]) -> Self {
        // SAFETY: `[u16; G]` has the size of `G` u16s and their alignment,
        // and `flat.len() / G` of them lie within `flat`.
        Precut(unsafe { std::slice::from_raw_parts(flat.as_ptr().cast(), flat.len() / G) })
    }
}

impl<const G: usize> Cuts<G> for Precut<'_, G> {
    type Item = [u16; G];

    #[inline(always)]
    fn items(&self) -> &[[u16; G]] {
        self.0
    }

    #[inline(always)]
    fn cut(&self, item: [u16; G]) -> [u16; G] {
        item
    }
}

/// The rests, cut `g` bits a group at each visit.
pub(super) struct Uncut<'a>(pub(super) &'a [u64], pub(super) usize);

impl<const G: usize> Cuts<G> for Uncut<'_> {
    type Item = u64;

    #[inline(always)]
    fn items(&self) -> &[u64] {
        self.0
    }

    #[inline(always)]
    fn cut(&self, item: u64) -> [u16; G] {
        Piece::<G>::cut(item, self.1)
    }
}
