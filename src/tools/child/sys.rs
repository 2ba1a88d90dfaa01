//! What the operating system tells of a process and does to it, without
//! a `libc` dependency: the C calls the runs need, declared by hand, the
//! resource use `wait4(2)` reports, and the CPU time and peak memory of a
//! running process as `/proc` shows them. The rest of [`super`] (process
//! groups and signals, the measuring helper, the run itself) is written
//! over these.

use std::io;
use std::os::raw::{c_int, c_long};
use std::sync::OnceLock;
use std::time::Duration;

// `kill(2)` with a negative pid signals a whole process group. std has no
// such call (`Child::kill` signals the leader only), and the crate takes no
// `libc` dependency, so it is declared here: std already links the C
// library, and the signature is POSIX's (`pid_t` is a 32-bit int on Linux
// and the BSDs). Preferred to running `kill -KILL -PGID` as a program: that
// would need a `kill` binary on the PATH and a fork at the very moment a
// runaway solution may have exhausted the process limit.
// `signal(2)` and `_exit(2)` for the same reason, to catch Ctrl-C (see the
// docs of `tools::child`): both are in every C library, and the handler calls only
// async-signal-safe functions (`kill`, `_exit`) and atomic loads.
// `waitpid(2)` (async-signal-safe too) reaps what of a killed group is
// ours; `prctl(2)`, Linux only, makes the orphans of a group ours (see the
// docs of `tools::child`).
// `wait4(2)` gives the waited-for process's status with its resource use
// (CPU time, peak memory: see the docs of `tools::child`); `sysconf(3)` the clock
// ticks `/proc/PID/stat` counts in; `dup2(2)` and `fcntl(2)` put the
// helper's report pipe at its descriptor, inherited by the helper alone.
extern "C" {
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut Rusage) -> i32;
    fn sysconf(name: c_int) -> c_long;
    pub(super) fn dup2(old: c_int, new: c_int) -> c_int;
    pub(super) fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    pub(super) fn kill(pid: i32, signal: i32) -> i32;
    pub(super) fn signal(signum: i32, handler: extern "C" fn(i32)) -> usize;
    pub(super) fn _exit(status: i32) -> !;
    pub(super) fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    #[cfg(target_os = "linux")]
    pub(super) fn prctl(option: i32, ...) -> i32;
}

/// `WNOHANG`: the same value on Linux, the BSDs and macOS.
pub(super) const WNOHANG: i32 = 1;

/// `EINTR`: the same value on Linux, the BSDs and macOS.
const EINTR: i32 = 4;

/// `F_SETFD` and `FD_CLOEXEC`: the same values on Linux, the BSDs, macOS.
pub(super) const F_SETFD: c_int = 2;
pub(super) const FD_CLOEXEC: c_int = 1;

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
    pub(super) fn duration(self) -> Duration {
        Duration::from_secs(self.seconds.max(0) as u64)
            + Duration::from_micros(self.micros.max(0) as u64)
    }
}

/// `struct rusage`: user and system time, the peak resident set
/// (`ru_maxrss`: KiB on Linux and the BSDs, bytes on macOS), then 13
/// `long` counters not read here.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub(super) struct Rusage {
    user: Timeval,
    system: Timeval,
    maxrss: c_long,
    rest: [c_long; 13],
}

impl Rusage {
    pub(super) fn cpu(&self) -> Duration {
        self.user.duration() + self.system.duration()
    }

    pub(super) fn peak_kib(&self) -> u64 {
        let maxrss = self.maxrss.max(0) as u64;
        if cfg!(target_os = "macos") {
            maxrss / 1024
        } else {
            maxrss
        }
    }
}

/// Waits for the child `pid`: its raw status and resource use.
pub(super) fn wait_for(pid: u32) -> io::Result<(c_int, Rusage)> {
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
pub(super) fn tree_cpu(pid: u32) -> Option<Duration> {
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

/// How long the threads of process `pid` and everything it started and
/// still runs have waited for a CPU (runnable, not running), the longest
/// of them: `/proc/PID/task/TID/schedstat`'s second field, in ns. The
/// wall-clock backstop does not count this time (see the module docs of
/// [`super`]): a busy program that a loaded machine keeps waiting is not
/// hung. `None` where no thread's figure can be read.
pub(super) fn tree_wait(pid: u32) -> Option<Duration> {
    let mut longest: Option<u64> = None;
    let mut stack = vec![pid];
    let mut seen = 0;
    while let Some(p) = stack.pop() {
        // The same bound on a runaway fork as the CPU time's.
        seen += 1;
        if seen > 1000 {
            break;
        }
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{p}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let waited = std::fs::read_to_string(task.path().join("schedstat"))
                .ok()
                .and_then(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok());
            if let Some(ns) = waited {
                longest = Some(longest.map_or(ns, |l| l.max(ns)));
            }
        }
        stack.extend(children_of(p));
    }
    longest.map(Duration::from_nanos)
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
pub(super) fn cpu_of(pid: u32) -> Option<Duration> {
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

/// The peak resident memory (`VmHWM`) of process `pid` in KiB.
pub(super) fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}
