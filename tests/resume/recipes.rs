//! The counting guide's shard recipes (`docs/COUNTING.md`, "Shards for
//! clusters") under the real schedulers, with the faults a
//! cluster makes: a shard killed mid-run and run again, a task requeued.
//! Each ends with the merged total against OEIS, and with every shard's
//! checkpoint read back: each unit recorded once, in one shard (so no unit
//! was counted twice, nor skipped).
//!
//! GNU parallel at n = 17 in 16 shards; Slurm at n = 18 in 16 shards, on a
//! one-node cluster the test brings up itself (`one_node_slurm`), which
//! needs root: CI runs as root.

use std::cell::RefCell;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use nqueens::tools::checkpoint;
use nqueens::tools::shard::Shard;

use super::{header, scratch};
use crate::one_node_slurm::Cluster;
use crate::processes;
use crate::util::{have_tool, oeis_total, oeis_unique, skip_unless_ci, Run};

/// A fault lands once the shard has recorded this many units.
const RECORDED_BEFORE_FAULT: usize = 3;

/// How long a recipe may take in all, on a loaded machine.
const RECIPE_LIMIT: Duration = Duration::from_secs(100);

/// The counting guide's lines from the one that starts with `start`
/// (after the indent), with its continuation lines, as one shell command.
pub(super) fn guide_command(start: &str) -> String {
    let guide = include_str!("../../docs/COUNTING.md");
    let mut lines = guide
        .lines()
        .skip_while(|l| !l.trim_start().starts_with(start));
    let mut command = String::new();
    for line in lines.by_ref() {
        let line = line.trim();
        match line.strip_suffix('\\') {
            Some(part) => command.push_str(part),
            None => {
                command.push_str(line);
                return command;
            }
        }
    }
    panic!("docs/COUNTING.md has no command starting with '{start}'");
}

/// `sh -c SCRIPT` in `dir`, with the binary first on the PATH as `nqueens`.
pub(super) fn shell(script: &str, dir: &Path) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("sh");
    crate::util::test_env(&mut command)
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", path);
    command
}

pub(super) fn run(mut command: Command) -> Run {
    let output = command.output().expect("sh runs");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        status: output.status.code().unwrap_or(-1),
    }
}

/// OEIS's `TOTAL UNIQUE` for the blank `n x n` board, as `merge` prints it.
pub(super) fn oeis_line(n: usize) -> String {
    format!("{} {}\n", oeis_total(n), oeis_unique(n))
}

/// Units recorded in `dir/shard-I.ckpt` (the header line not counted).
fn recorded(dir: &Path, index: usize) -> usize {
    std::fs::read(dir.join(format!("shard-{index}.ckpt"))).map_or(0, |b| {
        b.split(|&c| c == b'\n')
            .skip(1)
            .filter(|l| l.starts_with(b"unit "))
            .count()
    })
}

/// How many units shard `index` of `of` of `count n` has.
fn units_of(n: usize, index: usize, of: usize) -> usize {
    let header = header(n, Some(Shard { index, of }), true);
    (0..header.units).filter(|&p| header.owns(p)).count()
}

/// Waits until the `nqueens` of some shard not in `spared` runs in `dir`
/// with at least [`RECORDED_BEFORE_FAULT`] units recorded; returns the
/// shard and the pid.
fn shard_mid_run(dir: &Path, spared: &[usize]) -> (usize, u32) {
    let dir = dir.canonicalize().unwrap();
    let start = Instant::now();
    loop {
        for process in processes::all() {
            let is_nqueens = Path::new(&process.args[0]).file_name() == Some("nqueens".as_ref());
            if !is_nqueens || process.cwd.as_deref() != Some(dir.as_path()) {
                continue;
            }
            let shard = process
                .args
                .iter()
                .skip_while(|a| *a != "--shard")
                .nth(1)
                .and_then(|s| s.split('/').next()?.parse().ok());
            if let Some(index) = shard {
                if !spared.contains(&index) && recorded(&dir, index) >= RECORDED_BEFORE_FAULT {
                    return (index, process.pid);
                }
            }
        }
        assert!(
            start.elapsed() < RECIPE_LIMIT,
            "no shard ran with {RECORDED_BEFORE_FAULT} units recorded in {RECIPE_LIMIT:?}"
        );
        thread::sleep(Duration::from_millis(10));
    }
}

/// Applies `fault` to a shard in mid-run (its `nqueens` must end by it),
/// retrying on another shard if the first had finished before the fault
/// landed; returns the shard and its units recorded when it ended.
fn fault_mid_run(dir: &Path, n: usize, of: usize, fault: impl Fn(usize, u32)) -> (usize, usize) {
    let mut spared = Vec::new();
    for _ in 0..5 {
        let (index, pid) = shard_mid_run(dir, &spared);
        fault(index, pid);
        let start = Instant::now();
        while processes::alive(pid) {
            assert!(
                start.elapsed() < RECIPE_LIMIT,
                "shard {index} outlived its fault: /proc/{pid}/stat {:?}",
                std::fs::read_to_string(format!("/proc/{pid}/stat"))
            );
            thread::sleep(Duration::from_millis(10));
        }
        let done = recorded(dir, index);
        if done < units_of(n, index, of) {
            return (index, done);
        }
        spared.push(index);
    }
    panic!("5 shards in a row finished before their fault landed");
}

/// Checks the checkpoints `shard-1.ckpt` ... `shard-OF.ckpt` in `dir` of
/// a finished `count n`: each reads cleanly, records each of its units
/// once (a run after a fault counted no recorded unit again), no unit is
/// in two shards, every unit is somewhere, and they add up to OEIS.
fn audit_checkpoints(dir: &Path, n: usize, of: usize) {
    let mut seen = std::collections::BTreeSet::new();
    let mut sum = 0;
    let mut units = 0;
    for index in 1..=of {
        let header = header(n, Some(Shard { index, of }), true);
        units = header.units;
        let path = dir.join(format!("shard-{index}.ckpt"));
        let bytes = std::fs::read(&path).unwrap();
        let contents =
            checkpoint::read(&bytes, &header).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            contents.damaged.is_empty() && !contents.tail,
            "{}: damaged",
            path.display()
        );
        assert_eq!(
            recorded(dir, index),
            contents.done.len(),
            "shard {index}: a unit recorded twice (counted again after a fault)"
        );
        for entry in contents.done {
            assert!(
                header.owns(entry.unit),
                "shard {index}: unit {}",
                entry.unit
            );
            assert!(seen.insert(entry.unit), "unit {} in two shards", entry.unit);
            sum += entry.counts.total;
        }
    }
    assert_eq!(seen.len(), units, "units never counted");
    assert_eq!(format!("{sum}"), oeis_line(n).split(' ').next().unwrap());
}

/// The number in `resuming: R units recorded` that `nqueens` says on
/// stderr about `shard-I.ckpt`, if it does.
fn resumed_with(stderr: &str, index: usize) -> Option<usize> {
    let line = stderr
        .lines()
        .find(|l| l.contains(&format!("'shard-{index}.ckpt': resuming: ")))?;
    line.split("resuming: ")
        .nth(1)?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

/// Waits for `child` at most [`RECIPE_LIMIT`].
fn wait(child: &mut Child) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if start.elapsed() > RECIPE_LIMIT {
            let _ = child.kill();
            panic!("the recipe still ran after {RECIPE_LIMIT:?}");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// The counting guide's GNU parallel recipe at n = 17 in 16 shards: one shard is
/// killed (SIGKILL) mid-run, so `parallel` fails and its record is
/// missing; the same line run again resumes every shard from its
/// checkpoint, and the merge is exact.
#[test]
fn the_guides_gnu_parallel_recipe_survives_a_killed_shard() {
    if !have_tool("parallel", "parallel") {
        return;
    }
    let (n, of) = (17, 16);
    let recipe = guide_command("parallel -j 8 ")
        .replace("count 19", &format!("count {n}"))
        .replace("/64", &format!("/{of}"))
        .replace("seq 64", &format!("seq {of}"));
    assert!(
        recipe.contains(&format!("--shard {{}}/{of}")) && recipe.contains(&format!("seq {of}")),
        "{recipe}"
    );
    let merge = guide_command("nqueens merge shards.txt");
    let dir = scratch("parallel");

    let mut first = shell(&recipe, &dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (killed, done) = fault_mid_run(&dir, n, of, |_, pid| processes::kill(&[pid]));
    assert_ne!(wait(&mut first), 0, "parallel reports the killed shard");
    let records = std::fs::read_to_string(dir.join("shards.txt")).unwrap();
    assert_eq!(records.lines().count(), of - 1, "{records}");
    assert!(
        !records.contains(&format!("shard {killed}/{of} ")),
        "{records}"
    );

    let again = run(shell(&format!("{recipe} && {merge}"), &dir));
    assert_eq!(
        (again.stdout.as_str(), again.status),
        (oeis_line(n).as_str(), 0),
        "{}",
        again.stderr
    );
    let resumed = resumed_with(&again.stderr, killed);
    assert!(resumed >= Some(done), "shard {killed}: {}", again.stderr);
    audit_checkpoints(&dir, n, of);
    eprintln!("parallel: shard {killed} killed after {done} of its units, resumed");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The counting guide's Slurm job-array recipe at n = 18 in 16 shards, on a
/// one-node Slurm of the test's own. Two faults land on running tasks:
/// one is killed (`scancel --signal=KILL`) and run again by submitting the
/// recipe for its index alone; one is requeued (`scontrol requeue`) and
/// runs again by itself. Both resume from their checkpoints; `merge` of
/// the outputs is exact.
#[test]
fn the_guides_slurm_recipe_survives_a_killed_and_a_requeued_task() {
    if !have_tool("sbatch", "slurm-wlm") || !have_tool("/usr/sbin/munged", "munge") {
        return;
    }
    let begun = Instant::now();
    let cluster = match Cluster::start() {
        Ok(cluster) => cluster,
        Err(missing) => return skip_unless_ci(&missing),
    };
    let up = begun.elapsed();
    let (n, of) = (18, 16);
    let work = cluster.work();
    let submit = |array: &str| -> String {
        let recipe = guide_command("sbatch --array")
            .replace("sbatch ", "sbatch --parsable ")
            .replace("1-64", array)
            .replace("--cpus-per-task=4", "--cpus-per-task=1")
            .replace("--threads 4", "--threads 1")
            .replace("count 19", &format!("count {n}"))
            .replace("/64", &format!("/{of}"));
        assert!(recipe.contains(&format!("/{of} ")), "{recipe}");
        let mut sh = cluster.command("sh");
        sh.args(["-c", &recipe]);
        let r = run(sh);
        assert_eq!(r.status, 0, "{recipe}\n{}{}", r.stderr, cluster.logs());
        // --parsable prints `JOBID` or `JOBID;CLUSTER`.
        r.stdout.trim().split(';').next().unwrap().to_string()
    };
    let job = submit(&format!("1-{of}"));

    let (killed, killed_done) = fault_mid_run(&work, n, of, |index, pid| {
        let task = format!("{job}_{index}");
        // A loaded slurmctld may time out a request: ask again while the
        // task runs and scancel says it did not get through.
        for _ in 0..5 {
            let sent = cluster
                .command("scancel")
                .args(["--signal=KILL", &task])
                .status()
                .is_ok_and(|s| s.success());
            if sent || !processes::alive(pid) {
                break;
            }
            thread::sleep(Duration::from_secs(1));
        }
    });
    let held = RefCell::new(Vec::new());
    let (requeued, requeued_done) = fault_mid_run(&work, n, of, |index, _| {
        // A task that ended just before may refuse: the next try takes
        // another shard.
        let task = format!("{job}_{index}");
        let requeue = cluster
            .command("scontrol")
            .args(["requeue", &task])
            .status();
        if requeue.is_ok_and(|s| s.success()) {
            held.borrow_mut().push(task);
        }
    });
    // Slurm holds a requeued job back (2 minutes on 22.05) before it may
    // start again: let it start now, as if that time had passed.
    for task in held.take() {
        cluster.query(
            "scontrol",
            &["update", &format!("JobId={task}"), "StartTime=now"],
        );
    }
    assert_ne!(killed, requeued);
    let output = |index| std::fs::read_to_string(work.join(format!("shard-{index}.txt")));
    assert!(
        !output(killed).unwrap_or_default().contains("shard "),
        "the killed task printed its record"
    );
    submit(&killed.to_string());

    cluster.wait_until_idle(RECIPE_LIMIT);

    let mut merge = cluster.command("sh");
    merge.args(["-c", &guide_command("nqueens merge shard-")]);
    let merged = run(merge);
    assert_eq!(
        (merged.stdout.as_str(), merged.status),
        (oeis_line(n).as_str(), 0),
        "{}",
        merged.stderr
    );
    for (index, done) in [(killed, killed_done), (requeued, requeued_done)] {
        let stderr =
            std::fs::read_to_string(work.join(format!("shard-{index}.err"))).unwrap_or_default();
        assert!(
            resumed_with(&stderr, index) >= Some(done),
            "shard {index} did not resume from its {done} units: {stderr}"
        );
    }
    audit_checkpoints(&work, n, of);
    eprintln!(
        "slurm: cluster up in {up:.1?}; shard {killed} killed after {killed_done} units, \
         shard {requeued} requeued after {requeued_done}; all done in {:.1?}",
        begun.elapsed()
    );
}
