//! Shared test helpers: running the binary, random boards, and an
//! independent slow solver that uses no bit tricks at all.

#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use nqueens::base::board::Board;

/// What a run of the binary produced.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub status: i32,
}

impl Run {
    /// stdout, stderr and exit status in one text, for snapshots.
    pub fn report(&self) -> String {
        format!(
            "status: {}\n--- stdout\n{}--- stderr\n{}",
            self.status, self.stdout, self.stderr
        )
    }
}

/// Runs `nqueens ARGS` with `stdin` as standard input.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_with(Command::new(env!("CARGO_BIN_EXE_nqueens")), args, stdin)
}

/// [`run`] as on a machine of `cores` cores (`NQUEENS_CORES`): for output
/// that names the machine's cores (estimates for more threads than it has).
pub fn run_on_cores(cores: usize, args: &[&str], stdin: &[u8]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_nqueens"));
    command.env("NQUEENS_CORES", cores.to_string());
    run_with(command, args, stdin)
}

/// [`run`] and the CPU time (user and system, seconds) the run used, as
/// the shell's `times` reports it for its children: unlike wall time, it
/// does not grow on a loaded machine, so a bound on it holds there too.
pub fn run_cpu(args: &[&str], stdin: &[u8]) -> (Run, f64) {
    let mut command = Command::new("sh");
    command.args([
        "-c",
        "\"$@\"; status=$?; times >&2; exit $status",
        "sh",
        env!("CARGO_BIN_EXE_nqueens"),
    ]);
    let mut run = run_with(command, args, stdin);
    // `times` prints two lines, the shell's then its children's user and
    // system time, each as `0m1.250s`.
    let lines: Vec<&str> = run.stderr.lines().collect();
    let children = lines.last().copied().unwrap_or_default();
    let seconds = |t: &str| -> Option<f64> {
        let (minutes, rest) = t.split_once('m')?;
        Some(minutes.parse::<f64>().ok()? * 60.0 + rest.strip_suffix('s')?.parse::<f64>().ok()?)
    };
    let cpu: Option<f64> = children.split_whitespace().map(seconds).sum();
    let cpu = cpu.unwrap_or_else(|| panic!("no times in {}", run.stderr));
    run.stderr = lines[..lines.len().saturating_sub(2)]
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    (run, cpu)
}

/// The environment variable that pins the estimates' speed, and the
/// value the tests pin it to: the reference model's own figures, the same
/// on any machine (no probe of this one's kernels, and no read or write
/// of the probes kept in the user's cache).
pub const CALIBRATION: (&str, &str) = ("NQUEENS_CALIBRATION", "1");

/// The user's cache directory (`XDG_CACHE_HOME`) as the runs of the binary
/// here see it: a folder under cargo's target directory, so that no run
/// reads or writes the user's own cache (where the probes are kept)
/// should it calibrate after all.
pub fn scratch_cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("xdg-cache")
}

/// `command` with the environment every run of the binary here gets,
/// itself or under a shell, `stress` or a recipe: estimates pinned
/// ([`CALIBRATION`]) and the cache directory [`scratch_cache`].
pub fn test_env(command: &mut Command) -> &mut Command {
    command
        .env(CALIBRATION.0, CALIBRATION.1)
        .env("XDG_CACHE_HOME", scratch_cache())
}

/// `command ARGS` with `stdin` as standard input, in the tests'
/// environment ([`test_env`]: estimates pinned to the reference model).
fn run_with(mut command: Command, args: &[&str], stdin: &[u8]) -> Run {
    let mut child = test_env(&mut command)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the nqueens binary starts");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Feed stdin from a thread so a large input cannot deadlock on a full pipe.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let output = child.wait_with_output().expect("nqueens runs");
    feeder.join().unwrap();
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code().unwrap_or(-1),
    }
}

/// A solution that never ends and uses all the CPU time it is given.
pub const BUSY_LOOP: &str = "while :; do :; done";

/// Runs `nqueens ARGS -- sh -c SCRIPT` on empty stdin: `stress` or `test`
/// (with their options in ARGS) on a solution written as a shell script.
pub fn run_script(args: &[&str], script: &str) -> Run {
    let mut all = args.to_vec();
    all.extend(["--", "sh", "-c", script]);
    run(&all, b"")
}

/// Whether a program that some tests need besides Rust is installed:
/// `program` is a name looked up on the `PATH` (`g++`, `javac`, `parallel`)
/// or an absolute path (`/usr/bin/rustc`); `package` is the Debian package
/// that provides it.
///
/// When it is missing, the test that asked should return at once and pass:
/// this says on the terminal (past the test harness's capture) that it is
/// skipped and what to install. Under `CI=true` a missing program fails
/// the test instead, so CI always runs these tests (`.ci/run` installs the
/// packages).
pub fn have_tool(program: &str, package: &str) -> bool {
    if tool_found(program) {
        return true;
    }
    skip_unless_ci(&format!(
        "`{program}` is not installed (Debian/Ubuntu package: {package}; \
         apt-get install {package}, as .ci/run does)"
    ));
    false
}

/// Skips the calling test for the reason `what` (something this machine
/// lacks), as [`have_tool`] does: a note on the terminal, or under
/// `CI=true` a failure. The caller returns at once after it.
pub fn skip_unless_ci(what: &str) {
    let ci = std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "0" | "false"));
    assert!(!ci, "{what}, and CI=true: this test may not be skipped");
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    // Written to the stream itself: libtest captures only print! and eprint!.
    let _ = writeln!(std::io::stderr(), "skipped {test}: {what}");
}

/// `program` as the shell would find it: a path that exists, or an
/// executable file in a folder of the `PATH`.
fn tool_found(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let executable = |path: &Path| {
        path.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        return executable(Path::new(program));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).any(|dir| executable(&dir.join(program)))
}

/// The seeded generator the program itself uses for `gen` (SplitMix64).
pub use nqueens::base::rng::Rng;

/// A random board, each cell blocked with probability `percent`/100.
pub use nqueens::tools::generate::random_board;

/// `board` with every cell blocked whose left-right or top-bottom mirror
/// image is blocked: a board the symmetric paths take.
pub fn symmetrized(board: &Board) -> Board {
    let n = board.n();
    let rows: Vec<u64> = (0..n)
        .map(|r| {
            let both = board.rows()[r] & board.rows()[n - 1 - r];
            both & (both.reverse_bits() >> (64 - n))
        })
        .collect();
    Board::from_free_rows(rows)
}

/// A board as judge input text (without the terminating 0).
pub fn case_text(board: &Board) -> String {
    format!("{}\n{}", board.n(), board)
}

/// The slow solver: a board as a grid of booleans, queens placed row by row,
/// each candidate checked against every queen already placed. No masks, no
/// symmetry, nothing clever; it is the definition of the problem.
pub fn slow_count(board: &Board) -> u128 {
    let n = board.n();
    let free: Vec<Vec<bool>> = (0..n)
        .map(|r| (0..n).map(|c| board.is_free(r, c)).collect())
        .collect();
    fn place(free: &[Vec<bool>], queens: &mut Vec<usize>) -> u128 {
        let row = queens.len();
        if row == free.len() {
            return 1;
        }
        let mut total = 0;
        for col in 0..free.len() {
            if !free[row][col] {
                continue;
            }
            let attacked = queens
                .iter()
                .enumerate()
                .any(|(r, &c)| c == col || row - r == c.abs_diff(col));
            if !attacked {
                queens.push(col);
                total += place(free, queens);
                queens.pop();
            }
        }
        total
    }
    place(&free, &mut Vec::new())
}

/// Published blank-board counts: OEIS A000170 (total) and A002562 (unique up
/// to rotation and reflection), n = 1..=18, as `(n, total, unique)`.
pub use nqueens::base::published::BLANK_COUNTS as OEIS;

/// OEIS A000170 beyond the program's table, n = 19..=27, as `(n, total)`:
/// for the runs and shards that only ignored tests can wait for.
pub const OEIS_TOTALS_BEYOND: [(usize, u128); 9] = [
    (19, 4_968_057_848),
    (20, 39_029_188_884),
    (21, 314_666_222_712),
    (22, 2_691_008_701_644),
    (23, 24_233_937_684_440),
    (24, 227_514_171_973_736),
    (25, 2_207_893_435_808_352),
    (26, 22_317_699_616_364_044),
    (27, 234_907_967_154_122_528),
];

/// The published total of the blank board of side `n` (1..=27).
pub fn oeis_total(n: usize) -> u128 {
    published(
        n,
        OEIS.iter().map(|row| (row.0, row.1)),
        &OEIS_TOTALS_BEYOND,
        "total",
    )
}

/// The count of side `n` in the program's table (`rows`), else in the
/// tests' own rows beyond it (`beyond`).
fn published(
    n: usize,
    rows: impl Iterator<Item = (usize, u128)>,
    beyond: &[(usize, u128)],
    what: &str,
) -> u128 {
    rows.chain(beyond.iter().copied())
        .find(|row| row.0 == n)
        .unwrap_or_else(|| panic!("no published {what} for n = {n} here"))
        .1
}

/// OEIS A002562 beyond the program's table, n = 19..=21, as `(n, unique)`:
/// for the campaigns of 21 that only ignored tests run.
pub const OEIS_UNIQUE_BEYOND: [(usize, u128); 3] =
    [(19, 621_012_754), (20, 4_878_666_808), (21, 39_333_324_973)];

/// The published unique count of the blank board of side `n` (1..=21).
pub fn oeis_unique(n: usize) -> u128 {
    let rows = OEIS.iter().map(|row| (row.0, row.2));
    published(n, rows, &OEIS_UNIQUE_BEYOND, "unique count")
}

/// Whether `columns` (one queen per row) is a solution of the blank board.
pub fn is_solution(columns: &[usize]) -> bool {
    columns.iter().enumerate().all(|(row, &col)| {
        col < columns.len()
            && columns[..row]
                .iter()
                .enumerate()
                .all(|(r, &c)| c != col && row - r != c.abs_diff(col))
    })
}

/// Known solutions of the blank `n x n` board from textbook constructions
/// (linear "modular" queens and the even-n staircase), with their images
/// under the eight symmetries: a way to plant solutions on big boards.
pub fn constructed_solutions(n: usize) -> Vec<Vec<usize>> {
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut candidates: Vec<Vec<usize>> = Vec::new();
    for a in [2, 3] {
        for b in 0..n {
            candidates.push((0..n).map(|i| (a * i + b) % n).collect());
        }
    }
    let half = n / 2;
    candidates.push(
        (0..n)
            .map(|i| if i < half { 2 * i + 1 } else { 2 * (i - half) })
            .collect(),
    );
    for columns in candidates.into_iter().filter(|c| is_solution(c)) {
        for symmetry in nqueens::base::board::Symmetry::ALL {
            let mut image = vec![0; n];
            for (row, &col) in columns.iter().enumerate() {
                let (r, c) = symmetry.apply(n, row, col);
                image[r] = c;
            }
            if !found.contains(&image) {
                found.push(image);
            }
        }
    }
    found
}

/// A big board whose free cells are up to `planted` constructed solutions
/// plus `noise` percent random free cells: large, yet quick to search.
pub fn planted_board(rng: &mut Rng, n: usize, planted: usize, noise: u64) -> (Board, usize) {
    let mut solutions = constructed_solutions(n);
    solutions.truncate(planted);
    let mut board = Board::from_free_rows(vec![0; n]);
    for columns in &solutions {
        for (row, &col) in columns.iter().enumerate() {
            board.set_free(row, col, true);
        }
    }
    for row in 0..n {
        for col in 0..n {
            if rng.below(100) < noise {
                board.set_free(row, col, true);
            }
        }
    }
    (board, solutions.len())
}

/// The sum of `unit(i)` over `0..units`, even units on one thread and odd
/// ones on another at the same time (so units of one plan run concurrently
/// and out of order).
pub fn interleaved_on_two_threads(units: usize, unit: impl Fn(usize) -> u128 + Sync) -> u128 {
    std::thread::scope(|s| {
        let halves = [0, 1].map(|half| {
            let unit = &unit;
            s.spawn(move || (half..units).step_by(2).map(unit).sum::<u128>())
        });
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    })
}

/// Runs `command` (a program and its arguments) on `stdin`, fed from a
/// thread so a large input cannot block on a full pipe: (stdout, stderr, exit status).
pub fn run_command(command: &[String], stdin: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &input);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Where a records folder holds shard `index` of `of`: the file, the
/// line's number (1-based) and the line, the first of the folder's files
/// by name that holds it (`count --records` appends a task's records to
/// one file).
pub fn record_at(records: &Path, index: usize, of: usize) -> Option<(PathBuf, usize, String)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .collect();
    files.sort();
    let start = format!("shard {index}/{of} ");
    files.into_iter().find_map(|file| {
        let text = std::fs::read_to_string(&file).ok()?;
        let (at, line) = text
            .lines()
            .enumerate()
            .find(|(_, l)| l.starts_with(&start))?;
        Some((file.clone(), at + 1, line.to_string()))
    })
}

/// Replaces the line of shard `index` of `of` in a records folder (see
/// [`record_at`]) by `edit` of it, or removes it where `edit` gives
/// `None`.
pub fn edit_record(records: &Path, index: usize, of: usize, edit: impl Fn(&str) -> Option<String>) {
    let (file, at, _) = record_at(records, index, of).expect("the shard's record");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        let line = match i + 1 == at {
            true => edit(line),
            false => Some(line.to_string()),
        };
        if let Some(line) = line {
            out += &line;
            out.push('\n');
        }
    }
    std::fs::write(&file, out).unwrap();
}

/// `count N --threads 2 --shard RANGE --records RECORDS`: one task of a
/// campaign.
pub fn count_task(n: usize, range: &str, records: &Path) -> Run {
    let n = n.to_string();
    let records = records.to_str().unwrap();
    let args = [
        "count",
        &n,
        "--threads",
        "2",
        "--shard",
        range,
        "--records",
        records,
    ];
    run(&args, b"")
}
