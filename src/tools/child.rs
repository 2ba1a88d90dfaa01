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
//! times the limit, kills it. Where there is no `/proc` (not Linux) the
//! limit is on wall time, as before.
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

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::os::raw::{c_int, c_long};
use std::os::unix::io::{AsRawFd, FromRawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{mpsc, Once, OnceLock};
use std::thread;
use std::time::{Duration, Instant};

/// The most output kept from one run (the rest is drained and dropped).
const OUTPUT_CAP: usize = 1 << 24;

/// The longest pause between two readings of the child's CPU time (and
/// samples of its peak memory).
pub const SAMPLE_EVERY: Duration = Duration::from_millis(10);

/// The wall-clock backstop is this many times the CPU time limit ...
pub const WALL_FACTOR: u32 = 4;

/// ... plus this much.
pub const WALL_SLACK: Duration = Duration::from_secs(1);

/// The environment variable that makes the binary the measuring helper
/// (see the module docs); its value is the report's descriptor.
const HELPER_ENV: &str = "NQUEENS_MEASURING_HELPER";

/// The descriptor the helper writes its report to.
const REPORT_FD: c_int = 3;

/// How long to wait for output still held open by a stopped group.
const GRACE: Duration = Duration::from_millis(500);

/// The longest wait for a killed group's processes to be gone.
pub const REAP_LIMIT: Duration = Duration::from_secs(3);

/// Which limit a run reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// Its CPU time reached the time limit (it was killed there, or ended
    /// just past it).
    Cpu,
    /// It ran [`wall_limit`] of wall time, with less CPU time: it hung (or
    /// the machine gave it almost no CPU); killed.
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
// `wait4(2)` gives the waited-for process's status with its resource use
// (CPU time, peak memory: see the module docs); `sysconf(3)` the clock
// ticks `/proc/PID/stat` counts in; `dup2(2)` and `fcntl(2)` put the
// helper's report pipe at its descriptor, inherited by the helper alone.
extern "C" {
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut Rusage) -> i32;
    fn sysconf(name: c_int) -> c_long;
    fn dup2(old: c_int, new: c_int) -> c_int;
    fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    fn kill(pid: i32, signal: i32) -> i32;
    fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    fn _exit(status: i32) -> !;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    #[cfg(target_os = "linux")]
    fn prctl(option: i32, ...) -> i32;
}

/// `WNOHANG`: the same value on Linux, the BSDs and macOS.
const WNOHANG: i32 = 1;

/// `EINTR`: the same value on Linux, the BSDs and macOS.
const EINTR: i32 = 4;

/// `F_SETFD` and `FD_CLOEXEC`: the same values on Linux, the BSDs, macOS.
const F_SETFD: c_int = 2;
const FD_CLOEXEC: c_int = 1;

/// `_SC_CLK_TCK` (Linux; only `/proc` is read in its ticks).
const SC_CLK_TCK: c_int = 2;

/// `struct timeval`: seconds and microseconds (both a C `long` on Linux
/// and the BSDs' 64-bit ABIs).
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Timeval {
    seconds: c_long,
    micros: c_long,
}

impl Timeval {
    fn duration(self) -> Duration {
        Duration::from_secs(self.seconds.max(0) as u64)
            + Duration::from_micros(self.micros.max(0) as u64)
    }
}

/// `struct rusage`: user and system time, the peak resident set
/// (`ru_maxrss`: KiB on Linux and the BSDs, bytes on macOS), then 13
/// `long` counters not read here.
#[repr(C)]
#[derive(Clone, Copy, Default)]
struct Rusage {
    user: Timeval,
    system: Timeval,
    maxrss: c_long,
    rest: [c_long; 13],
}

impl Rusage {
    fn cpu(&self) -> Duration {
        self.user.duration() + self.system.duration()
    }

    fn peak_kib(&self) -> u64 {
        let maxrss = self.maxrss.max(0) as u64;
        if cfg!(target_os = "macos") {
            maxrss / 1024
        } else {
            maxrss
        }
    }
}

/// Waits for the child `pid`: its raw status and resource use.
fn wait_for(pid: u32) -> io::Result<(c_int, Rusage)> {
    let pid = i32::try_from(pid).map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    loop {
        let mut status = 0;
        let mut usage = Rusage::default();
        // SAFETY: wait4 writes one int and one `struct rusage` (which
        // `Rusage` lays out: repr(C), the same fields and size) into
        // memory we own.
        let waited = unsafe { wait4(pid, &mut status, 0, &mut usage) };
        if waited == pid {
            return Ok((status, usage));
        }
        let error = io::Error::last_os_error();
        if error.raw_os_error() != Some(EINTR) {
            return Err(error);
        }
    }
}

/// The CPU time that process `pid` and everything it started and has not
/// waited for yet (a shell running the solution as its child) have used so
/// far: [`cpu_of`] each, down the tree of `/proc/PID/task/TID/children`.
/// What was waited for is in its parent's figure already.
fn tree_cpu(pid: u32) -> Option<Duration> {
    let own = cpu_of(pid)?;
    let mut total = own;
    let mut stack = children_of(pid);
    let mut seen = 0;
    while let Some(child) = stack.pop() {
        // A bound on a runaway fork: the tree's first thousand suffice.
        seen += 1;
        if seen > 1000 {
            break;
        }
        if let Some(cpu) = cpu_of(child) {
            total += cpu;
            stack.extend(children_of(child));
        }
    }
    Some(total)
}

/// The children of process `pid`, from each of its threads' `children`
/// (Linux 3.5 and later; none where it cannot be read).
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// The CPU time (user and system, its waited-for children's included) that
/// process `pid` has used so far, from `/proc/PID/stat`.
fn cpu_of(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command name (which may hold spaces and ')'):
    // state is field 3, utime, stime, cutime, cstime fields 14 to 17.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    let ticks: u64 = fields
        .get(11..15)?
        .iter()
        .map(|f| f.parse::<u64>().ok())
        .sum::<Option<u64>>()?;
    static PER_SECOND: OnceLock<u64> = OnceLock::new();
    // SAFETY: sysconf takes an integer and touches no memory of ours.
    let per_second = *PER_SECOND.get_or_init(|| unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64);
    Some(Duration::from_secs_f64(ticks as f64 / per_second as f64))
}

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

/// The measuring helper, when this process is the binary (see [`serve`]).
static HELPER: OnceLock<PathBuf> = OnceLock::new();

/// In the binary, first thing: when started as the measuring helper, runs
/// the command of its arguments, reports on it and exits; otherwise makes
/// this executable the helper of the runs to come (see the module docs).
pub fn serve() {
    if std::env::var_os(HELPER_ENV).is_none() {
        if let Ok(me) = std::env::current_exe() {
            let _ = HELPER.set(me);
        }
        return;
    }
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    // Marked close-on-exec first, so that only the helper holds it: when
    // the helper is killed, the parent sees the pipe's end.
    // SAFETY: fcntl takes integers and touches no memory of ours.
    let open = unsafe { fcntl(REPORT_FD, F_SETFD, FD_CLOEXEC) } != -1;
    if args.is_empty() || !open {
        // Not started by `run`: the variable came from elsewhere.
        let _ = writeln!(
            io::stderr(),
            "nqueens: {HELPER_ENV} is set, but this is no run of stress or test: unset it"
        );
        std::process::exit(2);
    }
    // SAFETY: the parent put the report's pipe at REPORT_FD (see
    // `spawn_helper`; it is open, as fcntl just found) and nothing else of
    // this process uses it.
    let mut report = unsafe { File::from_raw_fd(REPORT_FD) };
    let started = Instant::now();
    let mut command = Command::new(&args[0]);
    command.args(&args[1..]).env_remove(HELPER_ENV);
    // SAFETY: the hook does nothing; it makes std fork (a copy of this
    // small process) instead of sharing this process's memory until the
    // exec, which would count its peak as the command's.
    unsafe {
        command.pre_exec(|| Ok(()));
    }
    let child = match command.spawn() {
        Ok(child) => child,
        Err(e) => {
            let _ = writeln!(report, "error {} {e}", e.raw_os_error().unwrap_or(0));
            std::process::exit(0);
        }
    };
    let _ = writeln!(report, "pid {}", child.id());
    let line = match wait_for(child.id()) {
        Ok((status, usage)) => format!(
            "end {status} {} {} {}",
            usage.cpu().as_nanos(),
            usage.peak_kib(),
            started.elapsed().as_nanos()
        ),
        Err(e) => format!("error {} {e}", e.raw_os_error().unwrap_or(0)),
    };
    let _ = writeln!(report, "{line}");
    std::process::exit(0);
}

/// How the measured process ended, as the helper reports it or as a
/// direct wait finds it.
struct Ended {
    /// Its raw status (`None`: none was reported, the helper was killed).
    status: Option<c_int>,
    cpu: Option<Duration>,
    /// The kernel's peak, exact (`None` without the helper).
    peak_kib: Option<u64>,
    /// The time the helper measured, from just before its fork.
    time: Option<Duration>,
    /// When the wait returned.
    at: Instant,
}

/// Starts the helper on `command` with the pipes of [`run`], in its own
/// process group; its report comes on the returned stream.
fn spawn_helper(
    helper: &PathBuf,
    command: &[OsString],
) -> io::Result<(std::process::Child, UnixStream)> {
    let (ours, theirs) = UnixStream::pair()?;
    let fd = theirs.as_raw_fd();
    let mut spawn = Command::new(helper);
    spawn
        .args(command)
        .env(HELPER_ENV, REPORT_FD.to_string())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // SAFETY: dup2 and fcntl are async-signal-safe and touch only the
    // descriptor table of the forked child: the report's end (made
    // close-on-exec by std, so no other child inherits it) goes to
    // REPORT_FD, without close-on-exec.
    unsafe {
        spawn.pre_exec(move || {
            let done = if fd == REPORT_FD {
                fcntl(REPORT_FD, F_SETFD, 0)
            } else {
                dup2(fd, REPORT_FD)
            };
            match done {
                -1 => Err(io::Error::last_os_error()),
                _ => Ok(()),
            }
        });
    }
    let child = spawn.spawn()?;
    drop(theirs);
    Ok((child, ours))
}

/// Reads the helper's report to its end, posting the measured process's
/// pid on `pids` as soon as it is known; an error when the command could
/// not be started.
fn read_report(report: UnixStream, pids: &mpsc::Sender<u32>) -> io::Result<Option<Ended>> {
    let mut ended = None;
    for line in BufReader::new(report).lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split(' ').collect();
        match words[..] {
            ["pid", pid] => {
                if let Ok(pid) = pid.parse() {
                    let _ = pids.send(pid);
                }
            }
            ["end", status, cpu, peak, time] => {
                let nanos = |t: &str| t.parse::<u64>().ok().map(Duration::from_nanos);
                ended = Some(Ended {
                    status: status.parse().ok(),
                    cpu: nanos(cpu),
                    peak_kib: peak.parse().ok(),
                    time: nanos(time),
                    at: Instant::now(),
                });
            }
            _ => {
                if let Some(rest) = line.strip_prefix("error ") {
                    let (code, message) = rest.split_once(' ').unwrap_or((rest, ""));
                    return Err(match code.parse() {
                        Ok(code) if code != 0 => io::Error::from_raw_os_error(code),
                        _ => io::Error::new(io::ErrorKind::Other, message.to_string()),
                    });
                }
            }
        }
    }
    Ok(ended)
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
    // A Ctrl-C between the spawn and the registration must still kill the
    // new group: the handler is in place first, and leaves that group to
    // `spawned`.
    install_handler();
    SPAWNING.fetch_add(1, Ordering::SeqCst);
    let helped = HELPER
        .get()
        .and_then(|helper| spawn_helper(helper, command).ok());
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
    let (mut child, report) = match spawn {
        Ok(spawned) => spawned,
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
    // The process measured: the command, started by the helper or by us.
    let (pids, measured) = mpsc::channel();
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
    let wall = wall_limit(timeout);
    let deadline = started + wall;
    let mut target = None;
    let mut peak = None;
    let mut cpu = None;
    let mut pause = Duration::from_millis(1);
    let (result, limit) = loop {
        if let Ok(pid) = measured.try_recv() {
            target = Some(pid);
        }
        let now = Instant::now();
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
    let ended = result?;
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
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        status,
        time,
        cpu: ended.cpu.or(cpu),
        peak_kib: ended.peak_kib.or(peak),
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

    #[test]
    fn the_helpers_report_is_read() {
        let (pids, pid) = mpsc::channel();
        let (mut ours, theirs) = UnixStream::pair().unwrap();
        ours.write_all(b"pid 42\nend 256 1500000000 2048 2000000000\n")
            .unwrap();
        drop(ours);
        let ended = read_report(theirs, &pids).unwrap().unwrap();
        assert_eq!(pid.recv().unwrap(), 42);
        assert_eq!(ExitStatus::from_raw(ended.status.unwrap()).code(), Some(1));
        assert_eq!(ended.cpu, Some(Duration::from_millis(1500)));
        assert_eq!(ended.peak_kib, Some(2048));
        assert_eq!(ended.time, Some(Duration::from_secs(2)));
        let (mut ours, theirs) = UnixStream::pair().unwrap();
        ours.write_all(b"error 2 No such file or directory\n")
            .unwrap();
        drop(ours);
        let error = read_report(theirs, &pids).map(|_| ()).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
    }
}
