//! Other processes, found through `/proc` and signalled by pid: for tests
//! that kill what a scheduler started (a shard under GNU parallel, the
//! daemons and tasks of a test's own Slurm).
//!
//! Processes of other users, and ones that end while being read, are
//! skipped: what cannot be read is not ours.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A running process as `/proc` shows it.
pub struct Process {
    pub pid: u32,
    /// The arguments, the program first.
    pub args: Vec<String>,
    /// The environment, one `NAME=value` each.
    pub environment: Vec<String>,
    /// The working directory.
    pub cwd: Option<PathBuf>,
}

/// Every process whose `/proc` entries this user may read (not zombies:
/// they have no command line left), except this one.
pub fn all() -> Vec<Process> {
    let me = std::process::id();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != me)
        .filter_map(read)
        .collect()
}

fn read(pid: u32) -> Option<Process> {
    let dir = Path::new("/proc").join(pid.to_string());
    let split = |name: &str| -> Option<Vec<String>> {
        let bytes = std::fs::read(dir.join(name)).ok()?;
        Some(
            bytes
                .split(|&b| b == 0)
                .filter(|part| !part.is_empty())
                .map(|part| String::from_utf8_lossy(part).into_owned())
                .collect(),
        )
    };
    let args = split("cmdline")?;
    if args.is_empty() {
        return None;
    }
    Some(Process {
        pid,
        args,
        environment: split("environ").unwrap_or_default(),
        cwd: std::fs::read_link(dir.join("cwd")).ok(),
    })
}

impl Process {
    /// The value of the environment variable `name`, if set.
    pub fn var(&self, name: &str) -> Option<&str> {
        self.environment
            .iter()
            .find_map(|entry| entry.strip_prefix(name)?.strip_prefix('='))
    }
}

/// Sends SIGKILL to each of `pids` (those already gone are no error).
pub fn kill(pids: &[u32]) {
    if pids.is_empty() {
        return;
    }
    let _ = Command::new("kill")
        .arg("-KILL")
        .args(pids.iter().map(u32::to_string))
        .stderr(Stdio::null())
        .status();
}

/// Whether a process with this pid still runs. A zombie does not: it has
/// ended and only waits to be reaped, which under a container's first
/// process may never happen (a task that Slurm killed is re-parented to it).
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state (field 3) follows the command name in parentheses.
        Ok(stat) => stat
            .rfind(')')
            .and_then(|end| stat[end + 1..].split_whitespace().next())
            .is_some_and(|state| state != "Z" && state != "X"),
        Err(_) => false,
    }
}

/// The moment a process started (clock ticks after boot, field 22 of
/// `/proc/PID/stat`): with its pid, a name for it that a later process
/// reusing the pid does not share.
pub fn start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(19)?.parse().ok()
}
