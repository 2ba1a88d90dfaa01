//! Running another program (the solution under test) with a time limit:
//! its own process group, killed whole at the deadline, its time and its
//! peak memory measured. Used by `stress` and `test`.
//!
//! The child is spawned with piped stdin, stdout and stderr, as the leader
//! of a new process group (`CommandExt::process_group(0)`), so everything it
//! starts (`sh -c '...'`, a JVM's helpers) can be killed with one signal to
//! the group. One thread feeds stdin (so a child that does not read cannot
//! deadlock us), two drain its output, one waits for it (and notes when it
//! ended, so the time is exact); the calling thread samples the peak memory
//! and kills the group at the deadline. When the leader has ended, the rest
//! of its group is killed too: nothing the run started outlives it.
//!
//! A killed group is also waited for: [`run`] returns (and a stop signal
//! exits) only once every process of the group is gone, not merely sent
//! `SIGKILL` (which takes effect when the process is next scheduled, later
//! on a busy machine), so a script that checks for leftovers right after
//! `stress` or `test` finds none. On Linux this program makes itself the
//! "child subreaper" of what it runs (`prctl(PR_SET_CHILD_SUBREAPER)`): a
//! killed leader's orphans become its children rather than init's, so it
//! can reap them itself instead of waiting for an init that may never reap
//! (as in some containers, where a killed orphan stays a zombie, still in
//! its group, forever). The wait is bounded by [`REAP_LIMIT`].
//!
//! A group of its own also means the terminal's Ctrl-C no longer reaches
//! the child (it is not in the foreground group). So while runs are under
//! way, SIGINT, SIGTERM and SIGHUP are caught: the handler kills every
//! running group and exits with status 128 + the signal, as a shell would
//! report it; nothing is left running after a Ctrl-C either.
//!
//! # Peak memory
//! Std only, so no `getrusage`/`wait4`: the child's `VmHWM` (peak resident
//! set) is read from `/proc/PID/status` right after the start and then at
//! least every [`SAMPLE_EVERY`] while it runs. The last sample is the peak up
//! to then, so the value can miss what a run allocates in its last few
//! milliseconds; `None` where there is no `/proc` (not Linux).

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{mpsc, Once};
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept from one run (the rest is drained and dropped).
const OUTPUT_CAP: usize = 1 << 24;

/// The longest pause between two samples of the child's peak memory.
pub const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// How long to wait for output still held open by a stopped group.
const GRACE: Duration = Duration::from_millis(500);

/// The longest wait for a killed group's processes to be gone.
pub const REAP_LIMIT: Duration = Duration::from_secs(3);

/// What one run of the command did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// How it ended; `None` when it was killed at the time limit.
    pub status: Option<ExitStatus>,
    /// From its start to its end (or to the kill at the deadline).
    pub time: Duration,
    /// Its peak resident memory in KiB, as last sampled (see the module
    /// docs), if it could be read.
    pub peak_kib: Option<u64>,
}

// `kill(2)` with a negative pid signals a whole process group. std has no
// such call (`Child::kill` signals the leader only), and the crate takes no
// `libc` dependency, so it is declared here: std already links the C
// library, and the signature is POSIX's (`pid_t` is a 32-bit int on Linux
// and the BSDs). Preferred to running `kill -KILL -PGID` as a program: that
// would need a `kill` binary on the PATH and a fork at the very moment a
// runaway solution may have exhausted the process limit.
// `signal(2)` and `_exit(2)` for the same reason, to catch Ctrl-C (see the
// module docs): both are in every C library, and the handler calls only
// async-signal-safe functions (`kill`, `_exit`) and atomic loads.
// `waitpid(2)` (async-signal-safe too) reaps what of a killed group is
// ours; `prctl(2)`, Linux only, makes the orphans of a group ours (see the
// module docs).
extern "C" {
    fn kill(pid: i32, signal: i32) -> i32;
    fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    fn _exit(status: i32) -> !;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    #[cfg(target_os = "linux")]
    fn prctl(option: i32, ...) -> i32;
}

/// `WNOHANG`: the same value on Linux, the BSDs and macOS.
const WNOHANG: i32 = 1;

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
static SPAWNING: AtomicI32 = AtomicI32::new(0);

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
fn install_handler() {
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
fn spawned(pgid: Option<u32>) {
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
fn register(pgid: u32) -> Option<&'static AtomicI32> {
    let pgid = i32::try_from(pgid).ok()?;
    GROUPS.iter().find(|slot| {
        slot.compare_exchange(0, pgid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

/// Kills every process of the group `pgid` (ignoring a group that is gone).
fn kill_group(pgid: u32) {
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
/// still to be waited for by [`run`], which drops [`Running`] only after),
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
struct Running {
    pgid: u32,
    slot: Option<&'static AtomicI32>,
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

/// The peak resident memory (`VmHWM`) of process `pid` in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Runs `command` with `input` on stdin, killing its whole process group
/// after `timeout`.
///
/// # Errors
/// The command cannot be started (the error of `spawn`).
pub fn run(command: &[OsString], input: &[u8], timeout: Duration) -> io::Result<Outcome> {
    // From before the spawn: the child may run (and sleep) before `spawn`
    // returns, and its time must not come out short.
    let started = Instant::now();
    // A Ctrl-C between the spawn and the registration must still kill the
    // new group: the handler is in place first, and leaves that group to
    // `spawned`.
    install_handler();
    SPAWNING.fetch_add(1, Ordering::SeqCst);
    let spawn = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match spawn {
        Ok(child) => child,
        Err(e) => {
            spawned(None);
            return Err(e);
        }
    };
    let pid = child.id();
    let running = Running {
        pgid: pid,
        slot: register(pid),
    };
    spawned(Some(pid));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // A child that exits without reading makes this write fail: that is fine.
    let feeder = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = drain(child.stdout.take().expect("stdout is piped"));
    let stderr = drain(child.stderr.take().expect("stderr is piped"));
    let (ended, waited) = mpsc::channel();
    thread::spawn(move || {
        let status = child.wait();
        let _ = ended.send((status, Instant::now()));
    });
    let deadline = started + timeout;
    let mut peak = peak_kib(pid);
    let mut pause = Duration::from_millis(1);
    let (status, time) = loop {
        let now = Instant::now();
        if now >= deadline {
            kill_group(pid);
            let (status, _) = waited.recv().expect("the waiter reports");
            status?;
            break (None, timeout);
        }
        match waited.recv_timeout(pause.min(deadline - now)) {
            Ok((status, at)) => break (Some(status?), at - started),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                peak = peak_kib(pid).or(peak);
                pause = (pause * 2).min(SAMPLE_EVERY);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => unreachable!("the waiter reports"),
        }
    };
    // Whatever the leader left running (background jobs) ends with it.
    drop(running);
    let _ = feeder.join();
    let stdout = stdout.recv_timeout(GRACE).unwrap_or_default();
    let stderr = stderr.recv_timeout(GRACE).unwrap_or_default();
    Ok(Outcome {
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status,
        time,
        peak_kib: peak,
    })
}

/// Reads `pipe` to its end on a thread; the first [`OUTPUT_CAP`] bytes
/// arrive on the returned channel.
fn drain(mut pipe: impl Read + Send + 'static) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut chunk = [0u8; 1 << 14];
        loop {
            match pipe.read(&mut chunk) {
                Ok(0) => break,
                Ok(read) => {
                    let room = OUTPUT_CAP.saturating_sub(kept.len());
                    kept.extend_from_slice(&chunk[..read.min(room)]);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = sender.send(kept);
    });
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<OsString> {
        ["sh", "-c", script].iter().map(OsString::from).collect()
    }

    /// Whether a process whose command line contains `marker` still runs.
    fn running(marker: &str) -> bool {
        std::fs::read_dir("/proc").unwrap().flatten().any(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .map(|c| String::from_utf8_lossy(&c).contains(marker))
                .unwrap_or(false)
        })
    }

    #[test]
    fn a_time_out_kills_the_whole_group_at_the_limit() {
        // Distinct sleep lengths mark this test's grandchildren.
        let started = Instant::now();
        let outcome = run(
            &sh("sleep 101.5 & sleep 101.5; echo never"),
            b"",
            Duration::from_millis(300),
        )
        .unwrap();
        assert_eq!(outcome.status, None);
        assert_eq!(outcome.time, Duration::from_millis(300));
        // Far below the sleeps, far above the limit: a busy machine passes.
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(!running("sleep\x00101.5"), "a sleep survived");
    }

    #[test]
    fn background_jobs_end_with_the_leader() {
        let started = Instant::now();
        let outcome = run(&sh("sleep 102.5 & echo hi"), b"", Duration::from_secs(10)).unwrap();
        assert_eq!(outcome.stdout, "hi\n");
        assert!(outcome.status.unwrap().success());
        // Far below the background sleep, below the limit.
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(!running("sleep\x00102.5"), "a sleep survived");
    }

    #[test]
    fn time_and_memory_are_measured() {
        let outcome = run(&sh("sleep 0.2"), b"", Duration::from_secs(10)).unwrap();
        assert!(outcome.time >= Duration::from_millis(200), "{outcome:?}");
        assert!(outcome.time < Duration::from_millis(1500), "{outcome:?}");
        if std::path::Path::new("/proc/self/status").exists() {
            assert!(outcome.peak_kib.unwrap() > 0);
        }
    }
}
