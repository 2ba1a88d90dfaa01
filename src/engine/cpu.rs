//! CPU time, as the operating system counts it: the calling thread's, for
//! `--explain`'s `cpu=` (summed over the units a case ran).
//!
//! Std has no CPU clock, and the crate takes no `libc` dependency, so
//! `getrusage(2)` is declared here: std already links the C library.
//! `RUSAGE_THREAD` is Linux's; elsewhere the thread's time is unknown
//! (`None`).

use std::time::Duration;

/// The CPU time (user and system) the calling thread has used so far;
/// `None` where the system does not say (not Linux).
///
/// ```
/// use std::time::Duration;
/// let before = nqueens::engine::cpu::thread().unwrap();
/// std::thread::sleep(Duration::from_millis(200));
/// // Asleep, the thread used (next to) no CPU time.
/// assert!(nqueens::engine::cpu::thread().unwrap() - before < Duration::from_millis(100));
/// ```
pub fn thread() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        linux::thread()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::os::raw::{c_int, c_long};
    use std::time::Duration;

    /// `struct timeval`: seconds and microseconds (`time_t` and
    /// `suseconds_t` are both a C `long` on Linux).
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Timeval {
        seconds: c_long,
        micros: c_long,
    }

    /// `struct rusage`: user and system time, then 14 `long` counters this
    /// module does not read.
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Rusage {
        user: Timeval,
        system: Timeval,
        rest: [c_long; 14],
    }

    extern "C" {
        fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    }

    /// `RUSAGE_THREAD`: the calling thread.
    const RUSAGE_THREAD: c_int = 1;

    /// The calling thread's user and system time together.
    pub fn thread() -> Option<Duration> {
        let mut usage = Rusage::default();
        // SAFETY: getrusage writes one `struct rusage`, which `Rusage` lays
        // out (repr(C), the same fields and size), into memory we own.
        let status = unsafe { getrusage(RUSAGE_THREAD, &mut usage) };
        let time = |t: Timeval| {
            Duration::from_secs(t.seconds.max(0) as u64)
                + Duration::from_micros(t.micros.max(0) as u64)
        };
        (status == 0).then(|| time(usage.user) + time(usage.system))
    }
}
