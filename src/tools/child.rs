//! Running another program (the solution under test) with a time limit:
//! its own process group, killed whole at a limit, its time, CPU time and
//! peak memory measured. Used by `stress` and `test`.
//!
//! The child (the measuring helper, see below, or the command itself) is
//! spawned with piped stdin, stdout and stderr, as the leader of a new
//! process group (`CommandExt::process_group(0)`), so everything it starts
//! (`sh -c '...'`, a JVM's helpers) can be killed with one signal to the
//! group. One thread feeds stdin (so a child that does not read cannot
//! deadlock us), two drain its output, one waits for it (reading the
//! helper's report); the calling thread reads the CPU time, samples the
//! peak memory and kills the group at a limit. When the leader has ended,
//! the rest of its group is killed too: nothing the run started outlives
//! it.
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
//! # Time limit
//! The limit is on CPU time, as judges count it: a loaded machine slows a
//! solution's wall time, not its CPU time, so it gives no false time-outs.
//! The measured process's CPU time (user and system), with that of the
//! processes it started (running: down `/proc/PID/task/TID/children`;
//! waited for: in its own figure), is read from `/proc/PID/stat` at least
//! every [`SAMPLE_EVERY`], and the group is killed once it reaches the limit; a
//! run that ends just past it (between two readings) is a time-out too,
//! from the kernel's final count. A program that hangs (sleeps, waits for
//! input) uses no CPU: a wall-clock backstop, [`wall_limit`], several
//! times the limit, kills it. The backstop does not count the time the
//! run's processes waited for a CPU (runnable but not running, from
//! `/proc/PID/task/TID/schedstat`, the longest waiting thread's): on a
//! machine loaded past its cores a busy loop may get a tenth of a core,
//! and it must still reach the CPU time limit rather than the backstop
//! (under two busy loops and builds, a 200 ms loop had used 164 ms when
//! a plain 1.8 s backstop killed it). A sleeping program waits for no
//! CPU, so for it the backstop is plain wall time. Where there is no
//! `/proc` (not Linux) the limit is on wall time, as before.
//!
//! # Peak memory
//! Measured by the kernel, exactly: the `ru_maxrss` that `wait4(2)` gives
//! for the waited-for process. That figure also counts the memory of the
//! process it was started from (the kernel keeps the larger of the two
//! across `exec`: a child spawned straight from this program would show
//! this program's own peak, its expected answers included). So in the
//! binary (see [`serve`]) the command is started through a small helper,
//! this same executable run afresh: the helper forks the command (the
//! copy holds only the helper's few hundred KiB of private pages, and a
//! fork does not count the executable's own pages), waits for it with
//! `wait4` and reports its status, CPU time, peak memory and time on a
//! pipe. Without the helper (the library's own tests, or where it cannot
//! start) the command is started directly, its CPU time still from
//! `wait4`, its peak memory sampled from `/proc/PID/status` (`VmHWM`)
//! while it runs, which can miss its last milliseconds (`None`: not
//! sampled). A run killed at a limit has no report: its peak is as last
//! sampled.
//!
//! # Rooms
//! This file is the run itself ([`run`]: spawn, feed, drain, watch, kill
//! at a limit) and what it returns. Beside it: [`sys`] (the C calls and
//! `/proc`), [`groups`] (the running process groups and the stop signals)
//! and [`helper`] (the measuring helper, [`serve`]).

mod groups;
mod helper;
mod sys;

pub use groups::REAP_LIMIT;
pub use helper::serve;

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::Ordering;
use std::sync::{mpsc, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

use groups::{install_handler, kill_group, register, spawned, Running, SPAWNING};
use helper::{read_report, spawn_helper, Ended};
use sys::{cpu_of, peak_kib, tree_cpu, tree_wait, wait_for};

/// The most output kept from one run (the rest is drained and dropped).
const OUTPUT_CAP: usize = 1 << 24;

/// The longest pause between two readings of the child's CPU time (and
/// samples of its peak memory).
pub const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// The wall-clock backstop is this many times the CPU time limit ...
pub const WALL_FACTOR: u32 = 4;

/// ... plus this much.
pub const WALL_SLACK: Duration = Duration::from_secs(1);

/// How long to wait for output still held open by a stopped group.
const GRACE: Duration = Duration::from_millis(500);

/// Which limit a run reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// Its CPU time reached the time limit (it was killed there, or ended
    /// just past it).
    Cpu,
    /// It ran [`wall_limit`] of wall time (not counting its waits for a
    /// CPU), with less CPU time: it hung; killed.
    Wall,
}

/// What one run of the command did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
    /// How it ended; `None` when it was killed at a limit.
    pub status: Option<ExitStatus>,
    /// Wall time from its start to its end (or to the kill).
    pub time: Duration,
    /// Its CPU time, user and system, its waited-for children included:
    /// the kernel's count when it ended, the last reading when it was
    /// killed; `None` when it could not be read.
    pub cpu: Option<Duration>,
    /// Its peak resident memory in KiB: the kernel's, or as last sampled
    /// (see the module docs); `None` when it could not be read.
    pub peak_kib: Option<u64>,
    /// The limit it reached, if any: then it failed by time.
    pub limit: Option<Limit>,
}

/// The wall-clock backstop of a run limited to `timeout` of CPU time:
/// `WALL_FACTOR` times it plus `WALL_SLACK`; `timeout` itself where CPU
/// time cannot be watched (no `/proc`), so the limit is on wall time there.
///
/// ```
/// use std::time::Duration;
/// use nqueens::tools::child::wall_limit;
/// if std::path::Path::new("/proc/self/stat").exists() {
///     assert_eq!(wall_limit(Duration::from_secs(10)), Duration::from_secs(41));
/// }
/// ```
pub fn wall_limit(timeout: Duration) -> Duration {
    if cpu_watched() {
        timeout * WALL_FACTOR + WALL_SLACK
    } else {
        timeout
    }
}

/// Whether a running process's CPU time can be read (`/proc`).
fn cpu_watched() -> bool {
    static WATCHED: OnceLock<bool> = OnceLock::new();
    *WATCHED.get_or_init(|| cpu_of(std::process::id()).is_some())
}

/// Runs `command` with `input` on stdin, limited to `timeout` of CPU time
/// (and [`wall_limit`] of wall time), killing its whole process group at
/// a limit.
///
/// # Errors
/// The command cannot be started (the error of `spawn`).
pub fn run(command: &[OsString], input: &[u8], timeout: Duration) -> io::Result<Outcome> {
    // From before the spawn: the child may run (and sleep) before `spawn`
    // returns, and its time must not come out short.
    let started = Instant::now();
    let (mut child, report) = spawn(command)?;
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
    // The process measured: the command, started by the helper or by us.
    let (pids, measured) = mpsc::channel();
    let waited = wait_in_background(child, report, pids);
    let wall = wall_limit(timeout);
    let mut deadline = started + wall;
    let mut target = None;
    let mut peak = None;
    let mut cpu = None;
    let mut pause = Duration::from_millis(1);
    let (result, limit) = loop {
        if let Ok(pid) = measured.try_recv() {
            target = Some(pid);
        }
        let mut now = Instant::now();
        if now >= deadline {
            // Time spent waiting for a CPU does not count (module docs):
            // read it when the deadline comes, push the deadline by it.
            if let Some(waited) = tree_wait(pid) {
                deadline = started + wall + waited;
                now = Instant::now();
            }
        }
        let limit = if cpu.is_some_and(|cpu| cpu >= timeout) {
            Some(Limit::Cpu)
        } else if now >= deadline {
            Some(if cpu_watched() {
                Limit::Wall
            } else {
                Limit::Cpu
            })
        } else {
            None
        };
        if let Some(limit) = limit {
            kill_group(pid);
            let result = waited.recv().expect("the waiter reports");
            break (result, Some(limit));
        }
        match waited.recv_timeout(pause.min(deadline - now)) {
            Ok(result) => break (result, None),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Some(target) = target {
                    peak = peak_kib(target).or(peak);
                    cpu = tree_cpu(target).or(cpu);
                }
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
    let readings = Readings { cpu, peak };
    outcome(
        result?,
        limit,
        (started, wall, timeout),
        readings,
        (stdout, stderr),
    )
}

/// Spawns `command` in a process group of its own, under the measuring
/// helper where there is one, its pipes ready. The Ctrl-C handler is in
/// place first; the caller registers the new group and then calls
/// `spawned` (see `groups`), which this does itself only when the spawn
/// failed.
fn spawn(command: &[OsString]) -> io::Result<(Child, Option<UnixStream>)> {
    // A Ctrl-C between the spawn and the registration must still kill the
    // new group: the handler is in place first, and leaves that group to
    // `spawned`.
    install_handler();
    SPAWNING.fetch_add(1, Ordering::SeqCst);
    let helped = helper::path().and_then(|helper| spawn_helper(helper, command).ok());
    let spawn = match helped {
        Some((child, report)) => Ok((child, Some(report))),
        None => Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map(|child| (child, None)),
    };
    // Registered by the caller, which then calls `spawned` (see `groups`).
    spawn.map_err(|e| {
        spawned(None);
        e
    })
}

/// Waits for `child` (the helper, reporting over `report`, or the command
/// itself) on a thread of its own; the measured process's pid goes to
/// `pids` once known, and how it ended to the returned channel.
fn wait_in_background(
    mut child: Child,
    report: Option<UnixStream>,
    pids: mpsc::Sender<u32>,
) -> mpsc::Receiver<io::Result<Ended>> {
    let pid = child.id();
    let (ended, waited) = mpsc::channel();
    thread::spawn(move || {
        let result = match report {
            Some(report) => {
                let ended = read_report(report, &pids);
                let helper = child.wait();
                // No report of the command's end: the helper itself was
                // killed (at a limit, or by the command signalling its
                // whole group); its status is the run's.
                ended.map(|ended| {
                    ended.or_else(|| {
                        helper.ok().map(|status| Ended {
                            status: Some(status.into_raw()),
                            cpu: None,
                            peak_kib: None,
                            time: None,
                            at: Instant::now(),
                        })
                    })
                })
            }
            None => {
                let _ = pids.send(pid);
                wait_for(pid).map(|(status, usage)| {
                    Some(Ended {
                        status: Some(status),
                        cpu: Some(usage.cpu()),
                        peak_kib: None,
                        time: None,
                        at: Instant::now(),
                    })
                })
            }
        };
        let _ = ended.send(result.map(|e| {
            e.unwrap_or(Ended {
                status: None,
                cpu: None,
                peak_kib: None,
                time: None,
                at: Instant::now(),
            })
        }));
    });
    waited
}

/// What `run` read of the process tree while it ran, for a child that
/// ended before a report of its own could say.
struct Readings {
    cpu: Option<Duration>,
    peak: Option<u64>,
}

/// The run's outcome from how it `ended`, the `limit` that stopped it
/// (if one did), the times (`started`, the `wall` limit, the CPU
/// `timeout`), the last readings and the captured output.
fn outcome(
    ended: Ended,
    limit: Option<Limit>,
    (started, wall, timeout): (Instant, Duration, Duration),
    readings: Readings,
    output: (Vec<u8>, Vec<u8>),
) -> io::Result<Outcome> {
    let (status, time, limit) = match (limit, ended.status) {
        (Some(Limit::Wall), _) => (None, wall, Some(Limit::Wall)),
        (Some(Limit::Cpu), _) => (None, ended.at - started, Some(Limit::Cpu)),
        (None, Some(raw)) => {
            let time = ended.time.unwrap_or(ended.at - started);
            // Ended between two readings, past the limit: a time-out.
            let over = ended.cpu.is_some_and(|cpu| cpu > timeout);
            (
                Some(ExitStatus::from_raw(raw)),
                time,
                over.then_some(Limit::Cpu),
            )
        }
        (None, None) => {
            return Err(io::Error::new(
                io::ErrorKind::Other,
                "the measuring helper ended without a report (killed from outside?)",
            ))
        }
    };
    Ok(Outcome {
        stdout: String::from_utf8_lossy(&output.0).into_owned(),
        stderr: String::from_utf8_lossy(&output.1).into_owned(),
        status,
        time,
        cpu: ended.cpu.or(readings.cpu),
        peak_kib: ended.peak_kib.or(readings.peak),
        limit,
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
    fn a_hung_group_is_killed_whole_at_the_wall_clock_backstop() {
        // Distinct sleep lengths mark this test's grandchildren.
        let limit = Duration::from_millis(300);
        let outcome = run(&sh("sleep 101.5 & sleep 101.5; echo never"), b"", limit).unwrap();
        assert_eq!(outcome.status, None);
        // Asleep: no CPU time, so the backstop killed it, at its time.
        assert_eq!(outcome.limit, Some(Limit::Wall));
        assert_eq!(outcome.time, wall_limit(limit));
        assert!(!running("sleep\x00101.5"), "a sleep survived");
    }

    /// The time limit is on CPU time: a busy loop is killed once it has
    /// used it, however long the (loaded) machine took to give it that.
    #[test]
    fn a_busy_loop_is_killed_at_the_cpu_time_limit() {
        if !cpu_watched() {
            return;
        }
        let limit = Duration::from_millis(200);
        let outcome = run(&sh("while :; do :; done"), b"", limit).unwrap();
        assert_eq!(outcome.status, None);
        assert_eq!(outcome.limit, Some(Limit::Cpu), "{outcome:?}");
        assert!(outcome.cpu.unwrap() >= limit, "{outcome:?}");
    }

    #[test]
    fn background_jobs_end_with_the_leader() {
        // Had the run waited for the background sleep, the wall-clock
        // backstop (4 min for a minute of CPU time, a guard and no bound
        // on speed: `echo` takes milliseconds) would have killed it.
        let outcome = run(&sh("sleep 302.5 & echo hi"), b"", Duration::from_secs(60)).unwrap();
        assert_eq!(outcome.stdout, "hi\n");
        assert!(outcome.status.unwrap().success());
        assert_eq!(outcome.limit, None, "{outcome:?}");
        assert!(!running("sleep\x00302.5"), "a sleep survived");
    }

    /// A solution run by a shell as its child is watched too: the CPU
    /// time of what the measured process started and still runs counts.
    #[test]
    fn a_busy_grandchild_is_killed_at_the_cpu_time_limit() {
        if !cpu_watched() {
            return;
        }
        let limit = Duration::from_millis(200);
        let script = "sh -c 'while :; do :; done'; echo after";
        let outcome = run(&sh(script), b"", limit).unwrap();
        assert_eq!(outcome.limit, Some(Limit::Cpu), "{outcome:?}");
    }

    /// Without the binary's helper (these are the library's tests), the
    /// time and CPU time still come from the kernel; asleep, a run uses
    /// (next to) no CPU time, and does not reach the limit however long
    /// a loaded machine keeps it waiting.
    #[test]
    fn time_and_cpu_time_are_measured() {
        // A limit of a minute of CPU time, 4 min of wall time: a loaded
        // machine may take far longer than 0.2 s to start and end the
        // sleep, and no load takes minutes.
        let outcome = run(&sh("sleep 0.2"), b"", Duration::from_secs(60)).unwrap();
        assert!(outcome.status.unwrap().success(), "{outcome:?}");
        assert_eq!(outcome.limit, None, "{outcome:?}");
        assert!(outcome.time >= Duration::from_millis(200), "{outcome:?}");
        assert!(
            outcome.cpu.unwrap() < Duration::from_millis(100),
            "{outcome:?}"
        );
    }
}
