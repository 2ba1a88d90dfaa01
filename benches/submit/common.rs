//! What the submission benchmarks share: timing a child's CPU (`wait4`),
//! building, and the judge-like input classes.

#![allow(dead_code)]

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{exit, Command, Stdio};
use std::time::Instant;

use nqueens::base::rng::Rng;

pub const NQUEENS: &str = env!("CARGO_BIN_EXE_nqueens");
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");
pub const TMP: &str = env!("CARGO_TARGET_TMPDIR");

/// `struct timeval` and `struct rusage` of Linux (64-bit): the two times
/// first, then 14 longs this bench does not read.
#[repr(C)]
#[derive(Default)]
struct Timeval {
    sec: i64,
    usec: i64,
}

#[repr(C)]
#[derive(Default)]
struct Rusage {
    utime: Timeval,
    stime: Timeval,
    rest: [i64; 14],
}

extern "C" {
    fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
}

/// One run's output, CPU seconds (user + sys) and wall seconds.
pub struct Run {
    pub out: Vec<u8>,
    pub cpu: f64,
    pub wall: f64,
}

/// Runs `cmd` with the file `input` on stdin and reaps it with `wait4`
/// (hence the allow: clippy does not see that call reap the child).
#[allow(unknown_lints, clippy::zombie_processes)]
pub fn run(cmd: &[String], input: &Path) -> Run {
    let start = Instant::now();
    let mut child = Command::new(&cmd[0])
        .args(&cmd[1..])
        .stdin(File::open(input).expect("open input"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| fail(&format!("cannot start {}: {e}", cmd[0])));
    let mut out = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut out)
        .expect("read output");
    let mut status = 0;
    let mut usage = Rusage::default();
    // SAFETY: `child` is our own, not yet reaped child (std's `Child` is never
    // waited on afterwards); `status` and `usage` are valid for writes and
    // `Rusage` has the kernel's layout on 64-bit Linux.
    let pid = unsafe { wait4(child.id() as i32, &mut status, 0, &mut usage) };
    let wall = start.elapsed().as_secs_f64();
    if pid < 0 || status != 0 {
        fail(&format!("{} failed (wait status {status})", cmd.join(" ")));
    }
    let secs = |t: &Timeval| t.sec as f64 + t.usec as f64 * 1e-6;
    Run {
        out,
        cpu: secs(&usage.utime) + secs(&usage.stime),
        wall,
    }
}

pub fn fail(message: &str) -> ! {
    eprintln!("submit bench: {message}");
    exit(2)
}

/// Runs a build step; its failure ends the bench.
pub fn build(program: &str, args: &[&str]) {
    let status = Command::new(program)
        .args(args)
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot start {program}: {e}")));
    if !status.success() {
        fail(&format!("{program} {} failed", args.join(" ")));
    }
}

/// Whether `tool flag` runs and exits with 0 (output discarded).
fn runs(tool: &str, flag: &str) -> bool {
    Command::new(tool)
        .arg(flag)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Ends the bench (status 2) when one of `tools` is missing: each
/// `(program, version flag, Debian package)`.
pub fn check_tools(tools: &[(&str, &str, &str)]) {
    let mut missing = Vec::new();
    for (tool, flag, package) in tools {
        let found = runs(tool, flag);
        if !found {
            missing.push(format!("{tool} (apt-get install {package})"));
        }
    }
    if !missing.is_empty() {
        fail(&format!("missing: {}", missing.join(", ")));
    }
}

/// Whether `tool` runs (`tool flag` exits with 0); when it does not, says
/// so on stdout with the Debian package to install and what is left out
/// (the bench goes on without those rows).
pub fn have(tool: &str, flag: &str, package: &str, left_out: &str) -> bool {
    let found = runs(tool, flag);
    if !found {
        println!("missing: {tool} (apt-get install {package}): {left_out} left out");
    }
    found
}

/// The interpreter `python` runs as (not a wrapper such as pyenv's shim,
/// a shell script whose start-up would be charged to every run); `None`
/// when it does not run (said so, see [`have`]).
pub fn python_interpreter(python: &str, left_out: &str) -> Option<String> {
    if !have(python, "--version", "python3", left_out) {
        return None;
    }
    let resolved = Command::new(python)
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty());
    Some(resolved.unwrap_or_else(|| python.to_string()))
}

/// The blank board of side `n`, one case.
pub fn blank(n: usize) -> Vec<u8> {
    let mut text = format!("{n}\n");
    for _ in 0..n {
        text.push_str(&".".repeat(n));
        text.push('\n');
    }
    text.push_str("0\n");
    text.into_bytes()
}

/// `nqueens gen ARGS`: a judge input.
pub fn gen(args: &str) -> Vec<u8> {
    let out = Command::new(NQUEENS)
        .arg("gen")
        .args(args.split_whitespace())
        .output()
        .expect("run nqueens gen");
    assert!(out.status.success(), "nqueens gen {args} failed");
    out.stdout
}

/// `cases` boards of side `n`, each with `lo..=hi` distinct blocked cells.
pub fn few_blocked(seed: u64, cases: usize, n: usize, lo: usize, hi: usize) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    for _ in 0..cases {
        let mut cells = vec![b'.'; n * n];
        let blocked = rng.between(lo, hi);
        let mut placed = 0;
        while placed < blocked {
            let cell = rng.below((n * n) as u64) as usize;
            if cells[cell] == b'.' {
                cells[cell] = b'*';
                placed += 1;
            }
        }
        text.push_str(&format!("{n}\n"));
        for row in cells.chunks(n) {
            text.push_str(std::str::from_utf8(row).unwrap());
            text.push('\n');
        }
    }
    text.push_str("0\n");
    text.into_bytes()
}

/// `count` random boards of n = 20..=47 with 30-85% blocked (seeded), each
/// its own input, kept when `nqueens --estimate` puts it at 2 s or less on
/// one thread (and not answered without a search): `(name, input)`.
pub fn big_boards(count: usize) -> Vec<(String, Vec<u8>)> {
    let mut rng = Rng::new(4733);
    let mut kept = Vec::new();
    while kept.len() < count {
        let n = rng.between(20, 47);
        let percent = rng.between(30, 85) as u64;
        let board = nqueens::tools::generate::random_board(&mut rng, n, percent);
        let text = format!("{n}\n{board}0\n");
        let out = Command::new(NQUEENS)
            .args(["--threads", "1", "--estimate"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .and_then(|mut child| {
                std::io::Write::write_all(&mut child.stdin.take().unwrap(), text.as_bytes())?;
                child.wait_with_output()
            })
            .expect("run nqueens --estimate");
        if estimated_seconds(&String::from_utf8_lossy(&out.stdout)) <= 2.0 {
            let name = format!("n={n} {percent}% ({})", board.obstacles());
            kept.push((name, text.into_bytes()));
        }
    }
    kept
}

/// The seconds of a line of `nqueens --estimate` ('about 1.2 ms on 1
/// thread'); 0 for a board with an empty line ('none': no search at all;
/// kept, since a bundle that searched such boards anyway ran for minutes),
/// infinite when no time is read.
fn estimated_seconds(line: &str) -> f64 {
    if line.contains("none") {
        return 0.0;
    }
    let Some(at) = line.find("about ") else {
        return f64::INFINITY;
    };
    let mut words = line[at + 6..].split_whitespace();
    let value: f64 = words
        .next()
        .and_then(|v| v.parse().ok())
        .unwrap_or(f64::INFINITY);
    let unit = match words.next() {
        Some("ns") => 1e-9,
        Some("us") => 1e-6,
        Some("ms") => 1e-3,
        Some("s") => 1.0,
        Some("min") => 60.0,
        _ => f64::INFINITY,
    };
    value * unit
}

pub fn classes() -> Vec<(&'static str, Vec<u8>)> {
    // Sides uniform in 4..=14 (gen's own draw is skewed small, as suits
    // stress; a judge's batch is not).
    let mix = |seed: u64, cases: usize| {
        let mut rng = Rng::new(seed);
        let mut text = String::new();
        for _ in 0..cases {
            let n = rng.between(4, 14);
            let percent = rng.below(26);
            let board = nqueens::tools::generate::random_board(&mut rng, n, percent);
            text.push_str(&format!("{n}\n{board}"));
        }
        text.push_str("0\n");
        text.into_bytes()
    };
    vec![
        ("near: 10 x n=14, 0-3 blocked", few_blocked(7, 10, 14, 0, 3)),
        (
            "near: 10 x n=14, gen 0..=1%",
            gen("--seed 101 --cases 10 --n 14 --density 0..=1"),
        ),
        ("mix A: 10 x n=4..14, 0-25%", mix(202, 10)),
        ("mix B: 10 x n=4..14, 0-25%", mix(203, 10)),
        ("mix C: 10 x n=4..14, 0-25%", mix(204, 10)),
        ("mix D: 10 x n=4..14, 0-25%", mix(205, 10)),
        ("mix E: 10 x n=4..14, 0-25%", mix(206, 10)),
        ("mix F: 40 x n=4..14, 0-25%", mix(402, 40)),
        ("mix G: 40 x n=4..14, 0-25%", mix(403, 40)),
        (
            "dense: 10 x n=14, 30-60%",
            gen("--seed 303 --cases 10 --n 14 --density 30..=60"),
        ),
        (
            "dense: 10 x n=14, 20-30%",
            gen("--seed 304 --cases 10 --n 14 --density 20..=30"),
        ),
    ]
}
