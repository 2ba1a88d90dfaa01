//! Counting keys of a table larger than the caches, a key at a time in no
//! order: [`ScatterCounts`].
//!
//! A walk hands out its placements' bucket keys `cols << h | rows` in depth
//! first order, where the next key differs from the last in its high
//! (column) bits as often as not: added straight into a table of `2^(w +
//! h)` counters (16 MiB at n = 22), nearly every increment missed the
//! caches, and planning `count 22` spent most of its time on them. Here a
//! key first goes to the buffer of its region of the table ([`REGION`]
//! counters, one buffer per region, appended in order), and a full buffer is added to
//! its region at once, while that region is in the cache.
//!
//! # Complexity
//! `O(1)` amortised a key, `O(len)` for the table; the buffers hold at
//! most [`BUFFER`] keys per region of [`REGION`] counters.

pub use crate::tuning::layout::{BUFFER, REGION};

/// Counts of the keys `0..len` added ([`ScatterCounts::add`]); a table
/// of at most one region counts directly.
///
/// ```
/// use nqueens::engine::half_board::quarters::ScatterCounts;
/// let mut counts = ScatterCounts::new(1 << 20);
/// for key in [5, 1 << 19, 5, (1 << 20) - 1] {
///     counts.add(key);
/// }
/// let counts = counts.finish();
/// assert_eq!((counts[5], counts[1 << 19], counts[(1 << 20) - 1]), (2, 1, 1));
/// assert_eq!(counts.iter().sum::<u32>(), 4);
/// ```
pub struct ScatterCounts {
    counts: Vec<u32>,
    /// Per region its buffered keys (none when the table is one region).
    buffers: Vec<Vec<u32>>,
}

impl ScatterCounts {
    /// A table of `len` zero counts.
    ///
    /// # Panics
    /// When `len` passes `u32::MAX` (keys are buffered as `u32`).
    pub fn new(len: usize) -> ScatterCounts {
        assert!(len <= u32::MAX as usize, "{len} counters");
        let regions = if len > REGION {
            (len + REGION - 1) / REGION
        } else {
            0
        };
        ScatterCounts {
            counts: vec![0; len],
            buffers: (0..regions).map(|_| Vec::with_capacity(BUFFER)).collect(),
        }
    }

    /// Counts `key` once.
    #[inline(always)]
    pub fn add(&mut self, key: usize) {
        if self.buffers.is_empty() {
            self.counts[key] += 1;
            return;
        }
        let region = key / REGION;
        let buffer = &mut self.buffers[region];
        buffer.push(key as u32);
        if buffer.len() == BUFFER {
            Self::drain(&mut self.counts, buffer);
        }
    }

    fn drain(counts: &mut [u32], buffer: &mut Vec<u32>) {
        for &key in buffer.iter() {
            counts[key as usize] += 1;
        }
        buffer.clear();
    }

    /// The counts, every key added.
    pub fn finish(mut self) -> Vec<u32> {
        for buffer in &mut self.buffers {
            Self::drain(&mut self.counts, buffer);
        }
        self.counts
    }
}
