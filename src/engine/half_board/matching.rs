//! The matching kernel, the join's hot loop: for one column set `S`, how
//! many (top, bottom) half placements share no diagonal.
//!
//! 1. All bottom placements `b` are built from their quarter pairs, sorted
//!    into the buckets of a sieve (by the few overlap diagonals that skip
//!    the most, [`crate::engine::half_board::sieve`]) and stored
//!    *transposed*: for every overlap diagonal `p` a bitset over the
//!    bottoms, bit `j` set when bottom `j` does **not** use `p`
//!    (`free_of[p]`).
//! 2. Every counted top (a pair of top quarter placements with
//!    complementary rows) is listed with its sieve key and the rest of its
//!    overlap diagonals.
//! 3. Per bucket, the ANDs of the `free_of` rows over each small group of
//!    rest diagonals are tabulated on the bucket's words; every top whose
//!    key the bucket allows ANDs one entry per group and counts the bits
//!    (`buckets`).
//!
//! So 64 (top, bottom) pairs cost one AND per group and one popcount, and
//! a top reads only the buckets it can fit, from tables in the cache.
//!
//! # Constraints
//! The overlap has `2 * ovw <= 64` bits (one 64 x 64 transpose per 64
//! bottoms); quarters as [`crate::engine::half_board::quarters`] builds them.
//!
//! # Complexity
//! With `T_S`, `B_S` the top and bottom placements of `S` and
//! `W_S = B_S / 64`: `O(B_S * n / 64)` to build, sieve and transpose the
//! bottoms; `O(T_S)` to list the tops; per top, `G` ANDs and a
//! popcount per word of the buckets it can fit (the hot loop, a few
//! hundredths of `W_S` past 24); `G * 2^g * W_S` table words (a batch's
//! [`Grouping`]: `G` groups of `g` bits).
//! Scratch: `O(B_S)` words and a batch of tops per thread.
//!
//! # Rooms
//! This file holds the kernel's entry ([`run`], the instruction set [`Isa`]) and the task
//! loop: building a task's bottoms (step 1) and handing them to the join a
//! chunk at a time. Its rooms, none of which imports it:
//! - `job`: what a join works on and with ([`Shape`], the tables and
//!   pivots, a thread's [`Scratch`]);
//! - `bottoms`: preparing a chunk's bottoms for the join (the sieve and the
//!   transposition: step 1's end);
//! - `cut`: how deep a chunk's sieve cuts, by the join's price of each
//!   depth (for the kernel and its estimate alike);
//! - `buckets`: listing the tops and joining them bucket by bucket (steps
//!   2 and 3, the hot loop);
//! - `estimate`: the tally a task's join would leave, from samples put
//!   through the same tests and sieve (for pricing, not counting).

mod bottoms;
mod buckets;
mod cut;
mod estimate;
mod job;

pub use buckets::{top_batch, Grouping};
pub use estimate::estimate;
pub use job::{Scratch, Shape};

use std::time::Instant;

use crate::engine::half_board::column_sets::{combinations, Pivot, Task};
use crate::engine::half_board::images::{Images, IMAGES};
use crate::engine::half_board::quarters::Quarter;
use crate::engine::half_board::tally::Tally;
use bottoms::transpose_bottoms;
use job::{filter_hits_into, filter_into, Job, TaskSets, MOST_PER_PAIR};

/// Which instruction set the join's inner loop is compiled for (its
/// instantiation that runs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Isa {
    /// Best available on this CPU (checked at run time).
    Auto,
    /// No target features beyond the build's (software popcount on baseline x86-64).
    #[default]
    Portable,
    /// x86-64 with the `popcnt` instruction.
    Popcnt,
    /// x86-64 with `avx2` + `popcnt` (lets LLVM vectorise the popcount loop).
    Avx2,
    /// x86-64 with AVX-512's `vpopcntdq` on 256-bit registers (`avx512vl`):
    /// a block's four popcounts are one instruction where AVX2 spends about
    /// six on nibble lookups. Needs a compiler that has AVX-512 target
    /// features (Rust 1.89; older builds fall back to [`Isa::Avx2`], see
    /// `build.rs`).
    Avx512,
}

/// The sum over `tasks` of their weighted counts, with the instruction set `isa`
/// (the four quarters: top-left, top-right, bottom-left, bottom-right),
/// and what it took. With `images` (a credited join: the quarters built
/// with their hits of them, see [`crate::engine::half_board::images`]),
/// the sum of the solutions' credits instead, [`IMAGES`] times the count
/// of the board the images are of, summed over every task.
///
/// # Panics
/// When `isa` asks for CPU features this machine lacks.
pub fn run(
    shape: &Shape,
    quarters: &[Quarter; 4],
    pivots: &[Pivot],
    tasks: &[Task],
    isa: Isa,
    images: Option<&Images>,
) -> (u128, Tally) {
    let [a, b, c, d] = quarters;
    let pivot_hits: Vec<u8> = match images {
        Some(images) => pivots.iter().map(|p| p.hits(images)).collect(),
        None => Vec::new(),
    };
    let job = Job {
        shape,
        quarters: [a, b, c, d],
        pivots,
        pivot_hits: &pivot_hits,
    };
    let mut sc = Scratch {
        isa: resolve(isa),
        ..Scratch::default()
    };
    let count = match (sc.isa, images.is_some()) {
        // SAFETY: `resolve` returns these instruction sets only when the CPU has the
        // features they are compiled for (checked at run time).
        #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
        (Isa::Avx512, false) => unsafe { job.run_avx512::<false>(tasks, &mut sc) },
        #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
        (Isa::Avx512, true) => unsafe { job.run_avx512::<true>(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Avx2, false) => unsafe { job.run_avx2::<false>(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Avx2, true) => unsafe { job.run_avx2::<true>(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Popcnt, false) => unsafe { job.run_popcnt::<false>(tasks, &mut sc) },
        #[cfg(target_arch = "x86_64")]
        (Isa::Popcnt, true) => unsafe { job.run_popcnt::<true>(tasks, &mut sc) },
        (_, false) => job.run_body::<false>(tasks, &mut sc),
        (_, true) => job.run_body::<true>(tasks, &mut sc),
    };
    sc.tally.sets = tasks.len() as u64;
    (count, sc.tally)
}

impl Job<'_> {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    unsafe fn run_popcnt<const CREDIT: bool>(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body::<CREDIT>(tasks, sc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn run_avx2<const CREDIT: bool>(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body::<CREDIT>(tasks, sc)
    }

    #[cfg(all(target_arch = "x86_64", nqueens_avx512))]
    #[target_feature(enable = "avx2,popcnt,avx512f,avx512vl,avx512vpopcntdq")]
    unsafe fn run_avx512<const CREDIT: bool>(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        self.run_body::<CREDIT>(tasks, sc)
    }

    /// The one kernel; instantiated per target-feature set by the callers
    /// above (inline(always) makes it inherit their features), and per
    /// kind of sum: `CREDIT` sums the credits of a credited join, where
    /// every pair of halves counts the images neither part hits (see
    /// [`crate::engine::half_board::images`]). Its tables and visits are
    /// functions of their own per set and grouping (`buckets`): inlined
    /// here too, they made each copy of this loop one function that LLVM's
    /// loop passes spent most of the release build on.
    #[inline(always)]
    fn run_body<const CREDIT: bool>(&self, tasks: &[Task], sc: &mut Scratch) -> u128 {
        // A plain loop, no closures: a closure is its own function, which
        // LLVM may leave out of line, compiled without this kernel's CPU
        // features (the hot loop then counts bits without `popcnt`).
        let mut sum = 0u128;
        for t in tasks {
            let candidates = sc.tally.candidates;
            let (dirty, clean) = self.run_task::<CREDIT>(t, sc);
            sum += u128::from(dirty) * u128::from(t.mult)
                + u128::from(clean) * u128::from(t.mult_clean);
            // Each candidate pair that fits adds once, to the weighted sum
            // (times its top's weight, at most 2^(CLASSES - 1), see
            // `TopRule::class`) or to the plain one (times 1): at most
            // `MOST_PER_PAIR * mult` or `mult_clean` to the task's sum.
            if !CREDIT {
                let pairs = sc.tally.candidates - candidates;
                let most = (MOST_PER_PAIR * u64::from(t.mult)).max(u64::from(t.mult_clean));
                sc.tally.bound = sc.tally.bound.saturating_add(pairs.saturating_mul(most));
            }
        }
        sum
    }

    #[inline(always)]
    fn run_task<const CREDIT: bool>(&self, t: &Task, sc: &mut Scratch) -> (u64, u64) {
        let task = TaskSets::of(self.shape, self.pivots, t);
        let mut chunk = Chunk::default();
        if task.tie == 0 {
            self.list_bottoms::<CREDIT, false>(t, &task, sc, &mut chunk);
        } else {
            self.list_bottoms::<CREDIT, true>(t, &task, sc, &mut chunk);
        }
        if chunk.nb > 0 {
            self.add_chunk::<CREDIT>(t, &task, sc, &mut chunk);
        }
        chunk.sums
    }

    /// Step 1: every fitting pair of bottom quarter placements clear of
    /// the pivot's blocks appended to the chunk in `sc.bot`, a full chunk
    /// joined and its sums added. In pair mode with the transpose (`TIES`)
    /// a bottom with the pivot's tie mark (in one quarter or the other: it
    /// stands for one row) is marked with the sieve's [`TIE`] bit: a top
    /// weighs 2 against the others and 1 against it, and the sieve keeps
    /// it apart in its bucket.
    ///
    /// [`TIE`]: crate::engine::half_board::sieve::TIE
    #[inline(always)]
    fn list_bottoms<const CREDIT: bool, const TIES: bool>(
        &self,
        t: &Task,
        task: &TaskSets,
        sc: &mut Scratch,
        chunk: &mut Chunk,
    ) {
        let Shape { h, ovw, .. } = *self.shape;
        let hmask = task.hmask;
        let [_, _, bl, br] = self.quarters;

        // Bottom placements as compact overlap masks: direction-d bits in
        // 0..ovw, direction-a bits in ovw..2*ovw, joined with the tops a
        // chunk of at most `chunk` bottoms at a time (so the bitsets stay
        // within the scratch budget at any n). A credited join keeps a
        // bottom's hits in the [`IMAGES`] bits above them: transposed,
        // they become the bitsets of the bottoms that avoid each image
        // (`2 * ovw + 8 <= 64` at every n the join plans).
        let (sbl, sbr) = task.bottom;
        let (left_keep, right_keep) = task.bottom_blocks;
        // The tie mark moved to bit 63 (`x << shift` when `x` is the mark).
        let tie = task.tie;
        let shift = if tie == 0 { 0 } else { tie.leading_zeros() };
        // A left bottom word is read as its shared bits against the right
        // placements too (see `quarters::shared_diagonals`).
        let keep = task.keep;
        let compact = |v: u64| task.compact(v);
        let (bl, br) = (bl.set(sbl), br.set(sbr));
        for a in combinations(h, sbl.count_ones()) {
            let (left, right) = (bl.group_hits(a), br.group_hits(hmask ^ a));
            if left.0.is_empty() || right.0.is_empty() {
                continue;
            }
            let (nl, len) = if CREDIT {
                (
                    filter_hits_into((&mut sc.blbuf, &mut sc.blhits), left, left_keep),
                    filter_hits_into((&mut sc.brbuf, &mut sc.brhits), right, right_keep),
                )
            } else {
                (
                    filter_into(&mut sc.blbuf, left.0, left_keep),
                    filter_into(&mut sc.brbuf, right.0, right_keep),
                )
            };
            sc.tally.bottom_raw += (left.0.len() * right.0.len()) as u64;
            sc.tally.bottom_pairs += (nl * len) as u64;
            for xi in 0..nl {
                let x = sc.blbuf[xi] & keep;
                let xt = sc.blbuf[xi] & tie;
                if chunk.nb > 0 && chunk.nb + len > self.shape.chunk {
                    self.add_chunk::<CREDIT>(t, task, sc, chunk);
                }
                let nb = chunk.nb;
                if sc.bot.len() < nb + len {
                    sc.bot.resize(2 * (nb + len), 0);
                }
                let out = &mut sc.bot[nb..nb + len];
                let cx = compact(x);
                let xh = if CREDIT { sc.blhits[xi] } else { 0 };
                let mut k = 0usize;
                // Branch-free append: always write, advance only on a fit
                // (the fit test is close to a coin flip, a branch would
                // mispredict constantly). Compaction distributes over OR.
                for (j, &y) in sc.brbuf[..len].iter().enumerate() {
                    let hits = if CREDIT {
                        u64::from(xh | sc.brhits[j]) << (2 * ovw)
                    } else {
                        0
                    };
                    // The tie mark's term only where a pivot has one (`TIES`):
                    // in the loop it cost 4% of `count 18`.
                    let tied = if TIES { (xt | (y & tie)) << shift } else { 0 };
                    out[k] = cx | compact(y) | hits | tied;
                    k += usize::from(x & y == 0);
                }
                chunk.nb += k;
            }
        }
    }

    /// Joins the chunk's bottoms, adds its sums and empties it.
    #[inline(always)]
    fn add_chunk<const CREDIT: bool>(
        &self,
        t: &Task,
        task: &TaskSets,
        sc: &mut Scratch,
        chunk: &mut Chunk,
    ) {
        let (d, c) = self.join_chunk::<CREDIT>(t, (chunk.nb, task.tie != 0), sc);
        chunk.sums.0 += d;
        chunk.sums.1 += c;
        chunk.nb = 0;
    }

    /// Steps 2 and 3 for the first `nb` bottoms in `sc.bot` (some marked
    /// with the sieve's tie bit when `ties`): how many (top, bottom) pairs
    /// fit, weighted (diagonal mode) and plain.
    #[inline(always)]
    fn join_chunk<const CREDIT: bool>(
        &self,
        t: &Task,
        (nb, ties): (usize, bool),
        sc: &mut Scratch,
    ) -> (u64, u64) {
        let start = Instant::now();
        sc.tally.chunks += 1;
        sc.tally.bottoms += nb as u64;
        let tops = sc.tally.tops;
        let padded = self.sieve_bottoms(t, (nb, ties), sc);
        let images = if CREDIT { IMAGES as usize } else { 0 };
        transpose_bottoms(padded, nb, 2 * self.shape.ovw + images, sc);
        let built = Instant::now();
        let sums = self.join_by_buckets::<CREDIT>(t, sc);
        // Every pair the chunk can count is one of its tops and one of its
        // `nb` bottoms (the sieve's padding never fits).
        let pairs = (sc.tally.tops - tops).saturating_mul(nb as u64);
        sc.tally.candidates = sc.tally.candidates.saturating_add(pairs);
        sc.tally.halves += built - start;
        sc.tally.join += built.elapsed();
        sums
    }
}

/// The chunk a task's bottoms are listed into: its first `nb` bottoms in
/// `sc.bot`, and the task's sums so far (weighted, plain).
#[derive(Default)]
struct Chunk {
    nb: usize,
    sums: (u64, u64),
}

/// Whether this build has the [`Isa::Avx512`] kernel (`build.rs`).
fn avx512_built() -> bool {
    cfg!(nqueens_avx512)
}

impl Isa {
    /// Every instruction set the kernel can be compiled for, the portable
    /// one first.
    pub const ALL: [Isa; 4] = [Isa::Portable, Isa::Popcnt, Isa::Avx2, Isa::Avx512];

    /// The word benches and tests name `self` by (`auto`, `portable`,
    /// `popcnt`, `avx2`, `avx512`).
    pub fn name(self) -> &'static str {
        match self {
            Isa::Auto => "auto",
            Isa::Portable => "portable",
            Isa::Popcnt => "popcnt",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
        }
    }

    /// The instruction set [`Isa::name`] calls `name`, if any: the one
    /// list of names, so a new instruction set is named where it is added.
    ///
    /// ```
    /// use nqueens::engine::half_board::Isa;
    /// assert_eq!(Isa::from_name("avx2"), Some(Isa::Avx2));
    /// assert_eq!(Isa::from_name("auto"), Some(Isa::Auto));
    /// assert_eq!(Isa::from_name("sse9"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Isa> {
        std::iter::once(Isa::Auto)
            .chain(Isa::ALL)
            .find(|isa| isa.name() == name)
    }

    /// Whether this build on this CPU can run `self` ([`Isa::Auto`]
    /// always): what a test that runs every kernel asks before it does.
    pub fn available(self) -> bool {
        match self {
            Isa::Auto | Isa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Isa::Popcnt => is_x86_feature_detected!("popcnt"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => is_x86_feature_detected!("popcnt") && is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                avx512_built()
                    && is_x86_feature_detected!("avx2")
                    && is_x86_feature_detected!("popcnt")
                    && is_x86_feature_detected!("avx512f")
                    && is_x86_feature_detected!("avx512vl")
                    && is_x86_feature_detected!("avx512vpopcntdq")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

fn resolve(isa: Isa) -> Isa {
    #[cfg(target_arch = "x86_64")]
    {
        let popcnt = Isa::Popcnt.available();
        let avx2 = Isa::Avx2.available();
        let avx512 = Isa::Avx512.available();
        match isa {
            Isa::Auto if avx512 => Isa::Avx512,
            Isa::Auto if avx2 => Isa::Avx2,
            Isa::Auto if popcnt => Isa::Popcnt,
            Isa::Auto => Isa::Portable,
            Isa::Popcnt => {
                assert!(popcnt, "popcnt not available");
                Isa::Popcnt
            }
            Isa::Avx2 => {
                assert!(avx2, "avx2 not available");
                Isa::Avx2
            }
            Isa::Avx512 => {
                assert!(
                    avx512,
                    "avx512vpopcntdq not available (or not in this build)"
                );
                Isa::Avx512
            }
            Isa::Portable => Isa::Portable,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = isa;
        Isa::Portable
    }
}
