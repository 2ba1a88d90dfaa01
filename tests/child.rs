//! The binary as a child process under watch: a time limit on every wait,
//! output read line by line on a thread, and peak memory read from `/proc`.
//!
//! Every wait here has a deadline, so a test that finds a hang fails with a
//! message instead of hanging the suite; a child still running at the
//! deadline is killed.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use crate::util::Run;

/// How long any single wait on the child may take before the test fails:
/// a guard against hangs only, never a bound on speed. Every wait it
/// limits ends in well under a second of CPU time; five minutes of wall
/// time is far beyond what any load makes of that, so only a hang (or a
/// run that never ends) reaches it.
pub const PATIENCE: Duration = Duration::from_secs(300);

/// Starts `nqueens ARGS` with stdin and stderr piped and stdout as given.
pub fn spawn(args: &[&str], stdout: Stdio) -> Running {
    Running(
        crate::util::test_env(&mut Command::new(env!("CARGO_BIN_EXE_nqueens")))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the nqueens binary starts"),
    )
}

/// A child that is killed when dropped: a failing test must not leave a
/// hopeless count running.
pub struct Running(Child);

/// Any child (another program's, as `script(1)` running the binary on a
/// pseudo-terminal), killed when dropped.
impl From<Child> for Running {
    fn from(child: Child) -> Running {
        Running(child)
    }
}

impl std::ops::Deref for Running {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Running {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits for `child` at most `limit`; kills it and panics past that.
pub fn wait_limited(child: &mut Child, limit: Duration) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("try_wait works") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("nqueens still running after {limit:?}: killed");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `nqueens ARGS` on `stdin` with stdout sent to `stdout` (read back
/// only when it is a pipe), failing the test if it runs longer than `limit`.
pub fn run_limited(args: &[&str], stdin: &[u8], stdout: Stdio, limit: Duration) -> Run {
    let mut child = spawn(args, stdout);
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // The child may stop reading early (an error, a final 0): ignore EPIPE.
    let feeder = thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.stdout.take().map(read_all_on_thread);
    let err = read_all_on_thread(child.stderr.take().unwrap());
    let status = wait_limited(&mut child, limit);
    feeder.join().unwrap();
    Run {
        stdout: out.map(|t| t.join().unwrap()).unwrap_or_default(),
        stderr: err.join().unwrap(),
        status: status.code().unwrap_or(-1),
    }
}

fn read_all_on_thread<R: Read + Send + 'static>(mut source: R) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = source.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// The child's stdout as a channel of lines (without the newline), read on
/// a thread so the test can wait for a line with a deadline.
pub fn lines(stdout: ChildStdout) -> Receiver<String> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// The next line from `lines`, failing the test after [`PATIENCE`].
pub fn next_line(lines: &Receiver<String>, waiting_for: &str) -> String {
    lines
        .recv_timeout(PATIENCE)
        .unwrap_or_else(|e| panic!("no output line within {PATIENCE:?} ({e}): {waiting_for}"))
}

/// The peak resident memory (`VmHWM`) of a live process, in KiB.
pub fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .expect("/proc/PID/status of a live child is readable");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a live process has a VmHWM line")
}
