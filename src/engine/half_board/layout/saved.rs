//! A planned layout as bytes, and back: what shards of one count share so
//! that only the first of them plans (`count N --shard I/K --plan FILE`).
//!
//! The bytes hold what planning found, not what [`Geometry::of`] derives
//! again from the board in a moment (symmetries, shape, pivots, quarters):
//! the chunk, the tasks, the parts, the units, the prices and the placement
//! counts per column set. Reading derives the geometry from the board it
//! is given and takes the rest from the bytes, after checking that they
//! were written for the same board and that every index in them is in
//! range: damaged bytes are refused, never a panic. (They are not checked
//! against a fresh planning, which is what they save; the file that
//! carries them is sealed by a checksum, and the shards' records by the
//! fingerprint of the unit list, which `merge` compares.) A layout read
//! back is priced without its planning, which the run that wrote it paid.
//!
//! # The bytes
//! Little-endian `u64` words: [`TAG`]; `n` and the board's rows; the chunk
//! and the sieve's bottoms per bucket; the cost, the planning cost (both
//! `f64` bits), the planning, running, scratch and task bytes; the four
//! quarters' walked placements; per quarter the placements of each column
//! set (a length, then the values); the tasks (a length, then two words
//! each: `s | pivot << 32` and `mult | mult_clean << 16`); the parts (a
//! length, then per part 0 for the whole board or 1 and per quarter a
//! length and the words of its column-set bitmap); the units (a length,
//! then part, first and end task, and weight bits).
//!
//! # Complexity
//! `O(tasks + parts x 2^w + 2^w)` both ways: a few MB at n = 24.

use crate::engine::half_board::column_sets::{Pivot, Task};
use crate::engine::half_board::quarters::QuarterShape;

use super::{Geometry, Layout, MinN, Part, Unit, MAX_N};

/// The first word: what these bytes are, and their layout's version.
pub const TAG: u64 = u64::from_le_bytes(*b"nqlay\x00\x00\x01");

impl Layout {
    /// The layout as bytes (see the module doc), for [`Layout::from_saved`].
    pub fn saved(&self) -> Vec<u8> {
        let mut out = Out::default();
        out.word(TAG);
        out.list(&self.free);
        let numbers = [
            self.shape.chunk,
            self.shape.bucket_bottoms,
            self.layout_bytes,
            self.running_bytes,
            self.scratch_bytes,
            self.task_bytes,
        ];
        numbers.iter().for_each(|&x| out.word(x as u64));
        out.word(self.cost.to_bits());
        out.word(self.layout_ns.to_bits());
        self.walked.iter().for_each(|&w| out.word(w));
        self.mass.iter().for_each(|m| out.list(m));
        out.word(self.tasks.len() as u64);
        for t in &self.tasks {
            out.word(u64::from(t.s) | u64::from(t.pivot) << 32);
            out.word(u64::from(t.mult) | u64::from(t.mult_clean) << 16);
        }
        out.word(self.parts.len() as u64);
        for part in &self.parts {
            match part.sets() {
                None => out.word(0),
                Some(bits) => {
                    out.word(1);
                    bits.iter().for_each(|b| out.list(b));
                }
            }
        }
        out.word(self.units.len() as u64);
        for unit in &self.units {
            out.word(unit.part as u64);
            out.word(unit.tasks.start as u64);
            out.word(unit.tasks.end as u64);
            out.word(unit.weight.to_bits());
        }
        out.0
    }

    /// The layout [`Layout::saved`] wrote for the board of side `n` with
    /// rows `free`, planned with `min_n`. `None` when the bytes are of
    /// another board or version, cut off, too long, or hold an index out
    /// of range.
    pub fn from_saved(n: usize, free: &[u64], min_n: MinN, bytes: &[u8]) -> Option<Layout> {
        if n > MAX_N {
            return None;
        }
        let geo = Geometry::of(n, free, min_n)?;
        let (mut shape, quarter_shapes) = (geo.shape, geo.quarter_shapes);
        let mut input = In { bytes, at: 0 };
        if input.word()? != TAG || input.list()? != geo.free {
            return None;
        }
        let mut number = || input.word().and_then(|x| usize::try_from(x).ok());
        shape.chunk = number()?;
        shape.bucket_bottoms = number()?;
        let (_layout_bytes, running_bytes) = (number()?, number()?);
        let (scratch_bytes, task_bytes) = (number()?, number()?);
        if shape.chunk == 0 || shape.chunk % 64 != 0 {
            return None;
        }
        let cost = f64::from_bits(input.word()?);
        let layout_ns = f64::from_bits(input.word()?);
        let mut walked = [0u64; 4];
        for w in &mut walked {
            *w = input.word()?;
        }
        let mut mass = Vec::with_capacity(4);
        for q in &quarter_shapes {
            let m = input.list()?;
            if m.len() != 1 << q.w {
                return None;
            }
            mass.push(m);
        }
        let tasks = input.tasks(&geo.pivots, (1u64 << n) - 1)?;
        let parts = input.parts(&quarter_shapes)?;
        let units = input.units(parts.len(), tasks.len())?;
        if input.at != bytes.len() {
            return None;
        }
        // What the planning cost and held was paid by the run that wrote
        // the bytes, not by this one.
        Some(Layout {
            shape,
            sym: geo.sym,
            free: geo.free,
            quarter_shapes,
            pivots: geo.pivots,
            tasks,
            parts,
            units,
            cost: cost - layout_ns,
            layout_ns: 0.0,
            layout_bytes: 0,
            running_bytes,
            scratch_bytes,
            mass,
            walked,
            task_bytes,
            visited: Default::default(),
        })
    }
}

/// Words written one after another.
#[derive(Default)]
struct Out(Vec<u8>);

impl Out {
    fn word(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }

    /// A length, then the words.
    fn list(&mut self, xs: &[u64]) {
        self.word(xs.len() as u64);
        xs.iter().for_each(|&x| self.word(x));
    }
}

/// Words read one after another; `None` past the end.
struct In<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl In<'_> {
    fn word(&mut self) -> Option<u64> {
        let end = self.at.checked_add(8)?;
        let word = self.bytes.get(self.at..end)?;
        self.at = end;
        Some(u64::from_le_bytes(word.try_into().ok()?))
    }

    /// A length of items of at least `words` words each: refused when
    /// the bytes left cannot hold them (so a damaged length never
    /// allocates much).
    fn len(&mut self, words: usize) -> Option<usize> {
        let len = usize::try_from(self.word()?).ok()?;
        let left = (self.bytes.len() - self.at) / 8;
        (len.checked_mul(words)? <= left).then_some(len)
    }

    fn list(&mut self) -> Option<Vec<u64>> {
        (0..self.len(1)?).map(|_| self.word()).collect()
    }

    /// The tasks (each of a pivot among `pivots`, its set within the
    /// pivot's columns of the board's `full` row).
    fn tasks(&mut self, pivots: &[Pivot], full: u64) -> Option<Vec<Task>> {
        (0..self.len(2)?)
            .map(|_| {
                let (a, b) = (self.word()?, self.word()?);
                let task = Task {
                    s: a as u32,
                    pivot: (a >> 32) as u16,
                    mult: b as u16,
                    mult_clean: (b >> 16) as u16,
                };
                let fits = a >> 48 == 0 && b >> 32 == 0;
                let pivot = pivots.get(usize::from(task.pivot))?;
                (fits && u64::from(task.s) & !(pivot.avail & full) == 0).then_some(task)
            })
            .collect()
    }

    /// The parts, each the whole board or a bitmap of column sets per
    /// quarter of `quarter_shapes`.
    fn parts(&mut self, quarter_shapes: &[QuarterShape; 4]) -> Option<Vec<Part>> {
        let bitmap_words = quarter_shapes.map(|q| ((1usize << q.w) + 63) / 64);
        (0..self.len(1)?)
            .map(|_| match self.word()? {
                0 => Some(Part::whole()),
                1 => {
                    let mut bits: [Vec<u64>; 4] = Default::default();
                    for (q, b) in bits.iter_mut().enumerate() {
                        *b = self.list()?;
                        if b.len() != bitmap_words[q] {
                            return None;
                        }
                    }
                    Some(Part::of_sets(bits))
                }
                _ => None,
            })
            .collect()
    }

    /// The units, each of one of `parts` parts and a range of `tasks`
    /// tasks.
    fn units(&mut self, parts: usize, tasks: usize) -> Option<Vec<Unit>> {
        (0..self.len(4)?)
            .map(|_| {
                let part = usize::try_from(self.word()?).ok()?;
                let start = usize::try_from(self.word()?).ok()?;
                let end = usize::try_from(self.word()?).ok()?;
                let weight = f64::from_bits(self.word()?);
                let fits = part < parts && start <= end && end <= tasks;
                fits.then_some(Unit {
                    part,
                    tasks: start..end,
                    weight,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::budget::Budget;

    fn blank(n: usize) -> Vec<u64> {
        vec![(1u64 << n) - 1; n]
    }

    /// Everything of a layout but its planning's price and peak, which a
    /// layout read back has not paid.
    fn listing(l: &Layout) -> String {
        let planned = [l.shape.chunk, l.shape.bucket_bottoms, l.running_bytes];
        let more = (l.scratch_bytes, l.task_bytes, &l.walked, &l.mass);
        let work = (&l.tasks, &l.parts, &l.units, l.cost - l.layout_ns);
        format!("{planned:?} {more:?} {work:?}")
    }

    /// Reading what was written gives the same layout but for the
    /// planning's price, whole or split into parts, in every folding mode.
    #[test]
    fn a_layout_reads_back_as_it_was_written() {
        let mut split = 0;
        for (n, min_n) in [
            (9, MinN::both(8)),
            (12, MinN::both(8)),
            (13, MinN::both(8)),
            (12, MinN::pair(8)),
            (16, MinN::default()),
        ] {
            let free = blank(n);
            let whole = Layout::new(n, &free, Budget::default(), min_n).unwrap();
            let peak = whole.layout_bytes.max(whole.running_bytes);
            let tight = Budget::new(peak / 2 + crate::engine::budget::BASE_BYTES, 1);
            for layout in std::iter::once(whole).chain(Layout::new(n, &free, tight, min_n)) {
                split += usize::from(layout.parts.len() > 1);
                let back = Layout::from_saved(n, &free, min_n, &layout.saved()).unwrap();
                assert_eq!(listing(&back), listing(&layout), "n = {n}");
                assert!(layout.layout_ns > 0.0 && back.layout_ns == 0.0);
            }
        }
        assert!(split > 0, "no layout was split into parts");
    }

    /// Bytes of another board, cut off, lengthened or with any one word
    /// changed to a large value are refused or read without a panic.
    #[test]
    fn damaged_bytes_are_refused_without_a_panic() {
        let (n, min_n) = (11, MinN::both(8));
        let free = blank(n);
        let bytes = Layout::new(n, &free, Budget::default(), min_n)
            .unwrap()
            .saved();
        assert!(Layout::from_saved(n - 1, &blank(n - 1), min_n, &bytes).is_none());
        let mut holed = free.clone();
        holed[3] &= !4;
        assert!(Layout::from_saved(n, &holed, min_n, &bytes).is_none());
        for cut in (0..bytes.len()).step_by(8) {
            assert!(Layout::from_saved(n, &free, min_n, &bytes[..cut]).is_none());
        }
        let mut longer = bytes.clone();
        longer.extend_from_slice(&[0; 8]);
        assert!(Layout::from_saved(n, &free, min_n, &longer).is_none());
        for at in (0..bytes.len()).step_by(8) {
            for value in [u64::MAX, 1 << 40, 7] {
                let mut changed = bytes.clone();
                changed[at..at + 8].copy_from_slice(&value.to_le_bytes());
                let _ = Layout::from_saved(n, &free, min_n, &changed);
            }
        }
    }
}
