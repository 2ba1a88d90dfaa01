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

/// The CPU time (user and system) the whole process has used so far, all
/// its threads (not its children); `None` where the system does not say.
/// For benches that time work spread over threads.
///
/// ```
/// let before = nqueens::engine::cpu::process().unwrap();
/// let work = std::thread::spawn(|| {
///     let mut x = 0u64;
///     for i in 0..20_000_000u64 { x = std::hint::black_box(x ^ i.wrapping_mul(0x9e37)); }
/// });
/// work.join().unwrap();
/// // The spawned thread's time counts.
/// assert!(nqueens::engine::cpu::process().unwrap() > before);
/// ```
pub fn process() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        linux::usage(linux::RUSAGE_SELF)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The calling thread's CPU time as [`thread`] gives it, but read from
/// the thread's own scheduler clock (`clock_gettime(2)`'s
/// `CLOCK_THREAD_CPUTIME_ID`, to the nanosecond) where `getrusage`'s may
/// count in scheduler ticks (4 ms on some kernels): for timing work of a
/// few milliseconds (the calibration probes,
/// `crate::plan::calibration`). `None` where the system does not say.
///
/// ```
/// let before = nqueens::engine::cpu::thread_precise().unwrap();
/// let mut x = 0u64;
/// for i in 0..2_000_000u64 { x = std::hint::black_box(x ^ i.wrapping_mul(0x9e37)); }
/// assert!(nqueens::engine::cpu::thread_precise().unwrap() > before);
/// ```
pub fn thread_precise() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        linux::thread_precise()
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
        fn clock_gettime(clock: c_int, time: *mut Timespec) -> c_int;
    }

    /// `struct timespec`: seconds and nanoseconds (`time_t` and `long`,
    /// both a C `long` on Linux).
    #[repr(C)]
    #[derive(Clone, Copy, Default)]
    struct Timespec {
        seconds: c_long,
        nanos: c_long,
    }

    /// `CLOCK_THREAD_CPUTIME_ID`: the calling thread's CPU time.
    const CLOCK_THREAD_CPUTIME_ID: c_int = 3;

    /// The calling thread's CPU time from its scheduler clock.
    pub fn thread_precise() -> Option<Duration> {
        let mut time = Timespec::default();
        // SAFETY: clock_gettime writes one `struct timespec`, which
        // `Timespec` lays out (repr(C), two C longs), into memory we own.
        let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
        (status == 0).then(|| {
            Duration::from_secs(time.seconds.max(0) as u64)
                + Duration::from_nanos(time.nanos.max(0) as u64)
        })
    }

    /// `RUSAGE_THREAD`: the calling thread.
    const RUSAGE_THREAD: c_int = 1;

    /// `RUSAGE_SELF`: every thread of the process.
    pub const RUSAGE_SELF: c_int = 0;

    /// The calling thread's user and system time together.
    pub fn thread() -> Option<Duration> {
        usage(RUSAGE_THREAD)
    }

    /// The user and system time together of `who` (`RUSAGE_*`).
    pub fn usage(who: c_int) -> Option<Duration> {
        let mut usage = Rusage::default();
        // SAFETY: getrusage writes one `struct rusage`, which `Rusage` lays
        // out (repr(C), the same fields and size), into memory we own.
        let status = unsafe { getrusage(who, &mut usage) };
        let time = |t: Timeval| {
            Duration::from_secs(t.seconds.max(0) as u64)
                + Duration::from_micros(t.micros.max(0) as u64)
        };
        (status == 0).then(|| time(usage.user) + time(usage.system))
    }
}
