//! The measuring helper: this same executable, started afresh, forks the
//! command, waits for it with `wait4` and reports its status, CPU time,
//! peak memory and time on a pipe (why, in [`super`]'s docs: the kernel's
//! peak of a process counts the one it was started from). [`serve`] is
//! both of its ends in the binary; [`spawn_helper`] starts it for a run,
//! [`read_report`] reads what it says.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::os::raw::c_int;
use std::os::unix::io::{AsRawFd, FromRawFd};
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::{mpsc, OnceLock};
use std::time::{Duration, Instant};

use super::sys::{dup2, fcntl, wait_for, FD_CLOEXEC, F_SETFD};

/// The environment variable that makes the binary the measuring helper
/// (see the docs of `tools::child`); its value is the report's descriptor.
const HELPER_ENV: &str = "NQUEENS_MEASURING_HELPER";

/// The descriptor the helper writes its report to.
const REPORT_FD: c_int = 3;

/// The measuring helper, when this process is the binary (see [`serve`]).
static HELPER: OnceLock<PathBuf> = OnceLock::new();

/// The helper's executable, when this process is the binary and [`serve`]
/// has run; `None` otherwise (the command is then started directly).
pub(super) fn path() -> Option<&'static PathBuf> {
    HELPER.get()
}

/// In the binary, first thing: when started as the measuring helper, runs
/// the command of its arguments, reports on it and exits; otherwise makes
/// this executable the helper of the runs to come (see the docs of `tools::child`).
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
pub(super) struct Ended {
    /// Its raw status (`None`: none was reported, the helper was killed).
    pub(super) status: Option<c_int>,
    pub(super) cpu: Option<Duration>,
    /// The kernel's peak, exact (`None` without the helper).
    pub(super) peak_kib: Option<u64>,
    /// The time the helper measured, from just before its fork.
    pub(super) time: Option<Duration>,
    /// When the wait returned.
    pub(super) at: Instant,
}

/// Starts the helper on `command` with the pipes of [`run`], in its own
/// process group; its report comes on the returned stream.
pub(super) fn spawn_helper(
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
pub(super) fn read_report(
    report: UnixStream,
    pids: &mpsc::Sender<u32>,
) -> io::Result<Option<Ended>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

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
