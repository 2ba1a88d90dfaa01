//! docs/RECORD.md's command lines for Q(27) and Q(28) (issue 78): each
//! Slurm array and GNU parallel line, run through `sh` with `nqueens` a
//! function that prints its arguments, deals every shard `1..=K` once, in
//! ranges of one count, with `K` the shards the guide's cost table names,
//! and a Slurm array within its default `MaxArraySize` (1001). The same
//! recipes at n = 18 run for real in `tests/resume/campaign.rs`.

use std::process::Command;

use nqueens::tools::shard::Shards;

const GUIDE: &str = include_str!("../docs/RECORD.md");

/// Slurm's default `MaxArraySize`: array indices run below it.
const MAX_ARRAY_SIZE: usize = 1001;

/// The guide's commands (indented code, `\` continuations joined) that
/// start with `start`.
fn commands(start: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut lines = GUIDE.lines().peekable();
    while let Some(line) = lines.next() {
        if !(line.starts_with("    ") && line.trim_start().starts_with(start)) {
            continue;
        }
        let mut command = String::new();
        let mut line = line.trim();
        while let Some(part) = line.strip_suffix('\\') {
            command.push_str(part);
            line = lines.next().expect("a continued line").trim();
        }
        command.push_str(line);
        found.push(command);
    }
    found
}

/// The cost table's row of count `n`: its shards and a shard's peak
/// memory in MiB.
fn table(n: usize) -> (usize, f64) {
    let row = GUIDE
        .lines()
        .find(|l| l.starts_with(&format!("| {n} ")))
        .unwrap_or_else(|| panic!("no row of {n} in the cost table"));
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let shards = cells[3].split(' ').next().unwrap().replace(',', "");
    let memory = cells[4]
        .trim_start_matches("about ")
        .trim_end_matches(" MiB");
    (shards.parse().unwrap(), memory.parse().unwrap())
}

/// The `nqueens` lines `script` runs, `nqueens` a shell function that
/// prints its arguments.
fn dealt(script: &str) -> Vec<String> {
    let script = format!("nqueens() {{ echo \"$@\"; }}\n{script}");
    let output = crate::util::test_env(&mut Command::new("sh"))
        .args(["-c", &script])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success() && stderr.is_empty(), "{stderr}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Checks that `lines` count `n` in ranges that deal shards `1..=K` once,
/// in order, each task on one thread with the records folder, and `K` the
/// table's.
fn deals_every_shard_once(n: usize, lines: &[String]) {
    let (shards, _) = table(n);
    let mut next = 1;
    for line in lines {
        let words: Vec<&str> = line.split(' ').collect();
        let [count, side, "--threads", "1", "--shard", range, "--records", "records"] = words[..]
        else {
            panic!("not a task of the guide: {line}");
        };
        assert_eq!((count, side), ("count", n.to_string().as_str()), "{line}");
        let range = Shards::parse(range).unwrap_or_else(|| panic!("{line}"));
        assert_eq!((range.first, range.of), (next, shards), "{line}");
        next = range.last + 1;
    }
    assert_eq!(next, shards + 1, "the last task ends at K");
}

/// The part of `command` between `open` and the next `close`.
fn between<'a>(command: &'a str, open: &str, close: &str) -> &'a str {
    let start = command.find(open).unwrap_or_else(|| panic!("{command}")) + open.len();
    let end = command[start..]
        .find(close)
        .unwrap_or_else(|| panic!("{command}"));
    &command[start..start + end]
}

#[test]
fn the_guides_slurm_arrays_deal_every_shard_of_27_and_28_once() {
    let arrays = commands("sbatch --requeue --array=");
    let mut sides: Vec<usize> = Vec::new();
    for command in &arrays {
        let wrap = between(command, "--wrap '", "'");
        let n: usize = between(wrap, "nqueens count ", " ").parse().unwrap();
        let last: usize = between(command, "--array=0-", " ").parse().unwrap();
        assert!(last < MAX_ARRAY_SIZE, "{command}");
        // Slurm's `M` is MiB; a quarter to spare over the quoted peak.
        let memory: f64 = between(command, "--mem=", "M ").parse().unwrap();
        let (_, peak) = table(n);
        assert!(memory >= peak * 1.25, "{command}");
        let script = format!("for SLURM_ARRAY_TASK_ID in $(seq 0 {last}); do {wrap}; done");
        let lines = dealt(&script);
        assert_eq!(lines.len(), last + 1, "one range a task: {command}");
        deals_every_shard_once(n, &lines);
        sides.push(n);
    }
    sides.sort_unstable();
    assert_eq!(sides, [27, 28]);
}

#[test]
fn the_guides_parallel_lines_deal_every_shard_of_27_and_28_once() {
    let mut sides: Vec<usize> = Vec::new();
    for setup in commands("K=") {
        let at = GUIDE.find(&setup).unwrap() + setup.len();
        let command = GUIDE[at..]
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with("parallel "))
            .unwrap();
        assert!(command.ends_with("::: $(seq 1 $R $K)"), "{command}");
        let task = between(command, "'", "'").replace(" > /dev/null", "");
        let n: usize = between(&task, "nqueens count ", " ").parse().unwrap();
        let script = format!(
            "{setup}\nfor a in $(seq 1 $R $K); do {}; done",
            task.replace("{}", "$a")
        );
        deals_every_shard_once(n, &dealt(&script));
        sides.push(n);
    }
    sides.sort_unstable();
    assert_eq!(sides, [27, 28]);
}
