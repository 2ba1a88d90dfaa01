//! What a count may use: the memory of the whole process (`--memory`) and
//! the threads it runs on. Engines plan *for* a budget: tables shared by
//! the threads plus one scratch per thread, all known before anything
//! large is allocated, so a run on 64 threads keeps the same limit as a
//! run on one.
//!
//! # Constraints
//! `threads >= 1`; `bytes` is the whole process: the program itself takes
//! [`base_bytes`] of it, engines plan within [`Budget::engine_bytes`].
//!
//! # Examples
//! ```
//! use nqueens::engine::budget::{base_bytes, Budget, BASE_BYTES, THREAD_BYTES};
//! let laptop = Budget::new(512 << 20, 8);
//! assert_eq!(base_bytes(8), BASE_BYTES + 7 * THREAD_BYTES);
//! assert_eq!(laptop.engine_bytes(), (512 << 20) - base_bytes(8));
//! assert_eq!(laptop.scratch_share(96 << 20), laptop.engine_bytes() / 32);
//! assert!(laptop.fits(laptop.engine_bytes() / 2, laptop.engine_bytes() / 16));
//! ```

/// The memory limit when none is given: 1 GiB.
pub const DEFAULT_BYTES: usize = 1 << 30;

pub use crate::tuning::engines::{BASE_BYTES, THREAD_BYTES};

/// The memory a run on `threads` threads takes besides an engine's tables:
/// [`BASE_BYTES`] and [`THREAD_BYTES`] for each thread past the first.
pub fn base_bytes(threads: usize) -> usize {
    BASE_BYTES + THREAD_BYTES * threads.max(1).saturating_sub(1)
}

/// The memory limit of a run and the threads it plans for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Peak memory of the whole process, bytes.
    pub bytes: usize,
    /// Threads that run units at once, each with its own scratch.
    pub threads: usize,
}

impl Default for Budget {
    /// 1 GiB on one thread.
    fn default() -> Budget {
        Budget::new(DEFAULT_BYTES, 1)
    }
}

impl Budget {
    /// `bytes` for the whole process, on `threads` threads (at least one).
    pub fn new(bytes: usize, threads: usize) -> Budget {
        Budget {
            bytes,
            threads: threads.max(1),
        }
    }

    /// The same memory on `threads` threads.
    pub fn on_threads(self, threads: usize) -> Budget {
        Budget::new(self.bytes, threads)
    }

    /// What an engine may hold: the limit less the program's own
    /// [`base_bytes`] on these threads.
    pub fn engine_bytes(&self) -> usize {
        self.bytes.saturating_sub(base_bytes(self.threads))
    }

    /// The scratch one thread may hold: at most `wanted`, and all threads'
    /// scratch together at most a quarter of [`Budget::engine_bytes`], so
    /// that tables keep most of the memory whatever the thread count.
    pub fn scratch_share(&self, wanted: usize) -> usize {
        wanted.min(self.engine_bytes() / 4 / self.threads)
    }

    /// Whether `bytes` of tables plus `per_thread` bytes on each thread fit.
    pub fn fits(&self, bytes: usize, per_thread: usize) -> bool {
        bytes.saturating_add(per_thread.saturating_mul(self.threads)) <= self.engine_bytes()
    }
}
