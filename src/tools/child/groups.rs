//! The process groups of the runs under way, and the stop signals:
//! every run's group is registered, so that SIGINT, SIGTERM or SIGHUP kill
//! them all before this program exits (see [`super`]'s docs), and a
//! finished or abandoned run's group is killed and waited for until it is
//! gone ([`Running`]).

use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Once;
use std::thread;
use std::time::{Duration, Instant};

#[cfg(target_os = "linux")]
use super::sys::prctl;
use super::sys::{_exit, kill, signal, waitpid, WNOHANG};

/// The longest wait for a killed group's processes to be gone.
pub const REAP_LIMIT: Duration = Duration::from_secs(3);

/// `PR_SET_CHILD_SUBREAPER` (Linux).
#[cfg(target_os = "linux")]
const PR_SET_CHILD_SUBREAPER: i32 = 36;

/// `SIGKILL`: the same number on every Unix.
const SIGKILL: i32 = 9;

/// `SIGHUP`, `SIGINT`, `SIGTERM`: the same numbers on every Unix.
const STOP_SIGNALS: [i32; 3] = [1, 2, 15];

/// The process groups running now (0: a free slot). More than `-j`'s
/// largest value, so a slot is always free.
static GROUPS: [AtomicI32; 300] = {
    #[allow(clippy::declare_interior_mutable_const)]
    const FREE: AtomicI32 = AtomicI32::new(0);
    [FREE; 300]
};

/// Spawns under way: their groups exist (or are about to) but are not in
/// [`GROUPS`] yet, so a stop signal then cannot kill them.
pub(super) static SPAWNING: AtomicI32 = AtomicI32::new(0);

/// The stop signal caught while a spawn was under way (0: none); the
/// spawner kills its group and exits with it once its group is known.
static CAUGHT: AtomicI32 = AtomicI32::new(0);

/// Kills every running group, then exits once they are gone: the handler
/// of [`STOP_SIGNALS`]. While a spawn is under way it leaves the exit to
/// the spawner (see [`spawned`]), which alone can name the new group.
extern "C" fn stop(signal: i32) {
    CAUGHT.store(signal, Ordering::SeqCst);
    for group in &GROUPS {
        kill_group(group.load(Ordering::SeqCst) as u32);
    }
    if SPAWNING.load(Ordering::SeqCst) == 0 {
        reap_all_and_exit(signal);
    }
}

/// Waits (bounded) until every registered group is gone, then exits with
/// status 128 + `signal`, as a shell reports a death by that signal. Only
/// async-signal-safe calls: `kill`, `waitpid`, `nanosleep`,
/// `clock_gettime`, `_exit`.
fn reap_all_and_exit(signal: i32) -> ! {
    let deadline = Instant::now() + REAP_LIMIT;
    for group in &GROUPS {
        reap_group(group.load(Ordering::SeqCst) as u32, deadline);
    }
    // SAFETY: _exit(2) is async-signal-safe and ends the process at once.
    unsafe { _exit(128 + signal) }
}

/// Installs the handler of [`STOP_SIGNALS`], once, before the first spawn.
pub(super) fn install_handler() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        for signum in STOP_SIGNALS {
            // SAFETY: `stop` is an `extern "C" fn(i32)`, what signal(2)
            // takes; it touches only atomics and async-signal-safe calls.
            unsafe {
                signal(signum, stop);
            }
        }
        // SAFETY: prctl(2) with an option and an unsigned long touches no
        // memory of ours; a failure (an old kernel) only means orphans go
        // to init, and the bounded wait still ends.
        #[cfg(target_os = "linux")]
        unsafe {
            prctl(PR_SET_CHILD_SUBREAPER, 1 as std::os::raw::c_ulong);
        }
    });
}

/// After a spawn (`pgid` its group, when it succeeded): ends the spawn's
/// window, and if a stop signal came during it, kills the group and exits
/// as the handler would have.
pub(super) fn spawned(pgid: Option<u32>) {
    SPAWNING.fetch_sub(1, Ordering::SeqCst);
    let signal = CAUGHT.load(Ordering::SeqCst);
    if signal != 0 {
        if let Some(pgid) = pgid {
            kill_group(pgid);
            reap_group(pgid, Instant::now() + REAP_LIMIT);
        }
        reap_all_and_exit(signal);
    }
}

/// Registers `pgid` as running; returns its slot, freed when the group's
/// [`Running`] is dropped.
pub(super) fn register(pgid: u32) -> Option<&'static AtomicI32> {
    let pgid = i32::try_from(pgid).ok()?;
    GROUPS.iter().find(|slot| {
        slot.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

/// Kills every process of the group `pgid` (ignoring a group that is gone).
pub(super) fn kill_group(pgid: u32) {
    let Ok(pgid) = i32::try_from(pgid) else {
        return;
    };
    if pgid > 1 {
        // SAFETY: kill(2) takes two integers and touches no memory of ours;
        // a negative pid names the group (never 0 or -1, which would be our
        // own group or every process).
        unsafe {
            kill(-pgid, SIGKILL);
        }
    }
}

/// Waits until no process of the group `pgid` (killed) is left, or until
/// `deadline`: reaps those of them that are this process's children (the
/// orphans, where it is their subreaper; never the leader while it is
/// still to be waited for by [`run`](super::run), which drops [`Running`] only after),
/// and polls `kill(-pgid, 0)`, which fails once the group is empty.
fn reap_group(pgid: u32, deadline: Instant) {
    let Ok(pgid) = i32::try_from(pgid) else {
        return;
    };
    if pgid <= 1 {
        return;
    }
    loop {
        // SAFETY: waitpid(2) and kill(2) take integers and a null status
        // pointer (allowed: the status is not stored); a negative pid names
        // the group.
        unsafe {
            while waitpid(-pgid, std::ptr::null_mut(), WNOHANG) > 0 {}
            if kill(-pgid, 0) != 0 {
                return;
            }
        }
        if Instant::now() >= deadline {
            return;
        }
        thread::sleep(Duration::from_millis(1));
    }
}

/// A running group: killed, waited for until it is gone (see
/// [`reap_group`]), and its slot freed, when dropped (also on an early
/// return, always after the leader was waited for).
pub(super) struct Running {
    pub(super) pgid: u32,
    pub(super) slot: Option<&'static AtomicI32>,
}

impl Drop for Running {
    fn drop(&mut self) {
        kill_group(self.pgid);
        reap_group(self.pgid, Instant::now() + REAP_LIMIT);
        if let Some(slot) = self.slot {
            slot.store(0, Ordering::SeqCst);
        }
    }
}
