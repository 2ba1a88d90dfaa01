//! A dry run of a whole campaign (issue 78) with the counting guide's
//! campaign recipes (`docs/COUNTING.md`, "Campaigns: ranges of shards, a
//! records folder, `merge --status`"), read from the guide itself so that
//! they cannot drift: `count 18` in as many shards as it has work units,
//! run as ranges of shards into a records folder, by GNU parallel (a task
//! killed mid-run, the same lines again with `--resume-failed`) and as a
//! Slurm job array on a one-node cluster of the test's own (a task killed
//! and submitted again, one requeued). Then the records folder is damaged
//! as a long campaign damages it (a record copied under another name, one
//! edited, two lost): `merge --status` names each, `merge` refuses until
//! it is repaired with the guide's by-hand line, and the total is OEIS's.
//!
//! No fault waits on the clock: a task is picked once its range has a
//! record and lacks another, and is stopped (SIGSTOP) before it is checked
//! again, so that it cannot finish between the check and the fault.
//! The same at n = 21 (the whole count, 659 shards: about half an hour of
//! CPU each) are ignored tests.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use nqueens::tools::shard::{records_file, Shards};

use super::recipes::{guide_command, oeis_line, run, shell};
use super::scratch;
use crate::one_node_slurm::Cluster;
use crate::processes;
use crate::util::{edit_record, have_tool, record_at, skip_unless_ci, Run};

/// A campaign: `count n` in `of` shards (its work units), tasks of `per`
/// shards, and how long a step may take before the test gives up (a
/// guard against a hang, never a wait on purpose).
#[derive(Clone, Copy)]
struct Campaign {
    n: usize,
    of: usize,
    per: usize,
    patience: Duration,
}

impl Campaign {
    /// `count n` in as many shards as it has work units on one thread, in
    /// `tasks` tasks or so.
    fn new(n: usize, tasks: usize, patience: Duration) -> Campaign {
        let of = units(n);
        Campaign {
            n,
            of,
            per: (of + tasks - 1) / tasks,
            patience,
        }
    }

    /// How many tasks the ranges make.
    fn tasks(self) -> usize {
        (self.of + self.per - 1) / self.per
    }

    /// The guide's values (`count 19`, `K=640 R=10`) replaced by ours in
    /// `line`.
    fn apply(self, line: &str) -> String {
        let line = line
            .replace("count 19", &format!("count {}", self.n))
            .replace("K=640 R=10", &format!("K={} R={}", self.of, self.per));
        assert!(!line.contains("640"), "the guide's recipe changed: {line}");
        line
    }
}

/// How many work units `count n --threads 1` has, as its note says for a
/// shard past them (`--shard I/K` with `K` above the units is one unit or
/// none, and the last of a million is none: nothing counted).
fn units(n: usize) -> usize {
    let r = crate::util::run(
        &[
            "count",
            &n.to_string(),
            "--threads",
            "1",
            "--shard",
            "1000000/1000000",
        ],
        b"",
    );
    assert_eq!(r.status, 0, "{}", r.report());
    let said = format!("count {n}'s ");
    let at = r
        .stderr
        .find(&said)
        .unwrap_or_else(|| panic!("{}", r.stderr))
        + said.len();
    r.stderr[at..].split(' ').next().unwrap().parse().unwrap()
}

/// How many of the shards of `range` its task has recorded in `records`:
/// the whole lines of its records file.
fn held(records: &Path, range: Shards) -> usize {
    let text = std::fs::read_to_string(records.join(records_file(range))).unwrap_or_default();
    text.split_inclusive('\n')
        .filter(|l| l.ends_with('\n') && !l.trim().is_empty())
        .count()
}

/// Whether `pid` is stopped (SIGSTOP): state `T` in `/proc/PID/stat`.
fn stopped(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rfind(')')
            .and_then(|end| stat[end + 1..].split_whitespace().next())
            == Some("T")
    })
}

fn signal(signal: &str, pid: u32) {
    let _ = Command::new("kill")
        .args([signal, &pid.to_string()])
        .stderr(Stdio::null())
        .status();
}

/// A task's `nqueens` in `dir` that has recorded some of its range into
/// `dir/records` and not all, stopped (SIGSTOP) so that it stays so:
/// its range, pid and the shards it recorded. Tasks whose first shard is
/// in `spared` are left alone.
fn task_mid_run(dir: &Path, campaign: Campaign, spared: &[usize]) -> (Shards, u32, usize) {
    let dir = dir.canonicalize().unwrap();
    let records = dir.join("records");
    let start = Instant::now();
    loop {
        for process in processes::all() {
            let is_nqueens = Path::new(&process.args[0]).file_name() == Some("nqueens".as_ref());
            if !is_nqueens || process.cwd.as_deref() != Some(dir.as_path()) {
                continue;
            }
            let Some(range) = process
                .args
                .iter()
                .skip_while(|a| *a != "--shard")
                .nth(1)
                .and_then(|s| Shards::parse(s))
            else {
                continue;
            };
            let mid = |done: usize| 0 < done && done < range.len();
            if spared.contains(&range.first) || !mid(held(&records, range)) {
                continue;
            }
            signal("-STOP", process.pid);
            let stop = Instant::now();
            while processes::alive(process.pid) && !stopped(process.pid) {
                assert!(stop.elapsed() < campaign.patience, "SIGSTOP never landed");
                thread::sleep(Duration::from_millis(1));
            }
            // Stopped, it records nothing more: checked again, it holds.
            let done = held(&records, range);
            if processes::alive(process.pid) && mid(done) {
                return (range, process.pid, done);
            }
            signal("-CONT", process.pid);
        }
        assert!(
            start.elapsed() < campaign.patience,
            "no task ran mid-range in {:?}",
            campaign.patience
        );
        thread::sleep(Duration::from_millis(10));
    }
}

/// Applies `fault` to a task stopped in mid-run ([`task_mid_run`]): its
/// `nqueens` must end by it. Returns its range and
/// how many shards of it were recorded when it was stopped.
fn fault_mid_run(
    dir: &Path,
    campaign: Campaign,
    spared: &[usize],
    fault: impl Fn(Shards, u32),
) -> (Shards, usize) {
    let (range, pid, done) = task_mid_run(dir, campaign, spared);
    fault(range, pid);
    let start = Instant::now();
    while processes::alive(pid) {
        assert!(
            start.elapsed() < campaign.patience,
            "task {} outlived its fault",
            range.text()
        );
        thread::sleep(Duration::from_millis(10));
    }
    let after = held(&dir.join("records"), range);
    assert!(done <= after, "{}: {done}, then {after}", range.text());
    (range, done)
}

/// Waits for `child` at most the campaign's patience.
fn wait(child: &mut Child, campaign: Campaign) -> i32 {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code().unwrap_or(-1);
        }
        if start.elapsed() > campaign.patience {
            let _ = child.kill();
            panic!("the recipe still ran after {:?}", campaign.patience);
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// The note a task rerun into `records` gives on the shards it keeps:
/// how many of `range`.
fn kept(stderr: &str, range: Shards) -> Option<usize> {
    let tail = format!(" of shards {} recorded already, kept; ", range.text());
    let line = stderr.lines().find(|l| l.contains(&tail))?;
    line.split(&tail).next()?.rsplit(' ').next()?.parse().ok()
}

/// `merge --status records` and `merge records`, the guide's lines, in
/// `dir` (by `shell`, or the cluster's shell).
fn merges(dir: &Path, sh: &dyn Fn(&str, &Path) -> Command) -> (Run, Run) {
    let status = run(sh(&guide_command("nqueens merge --status records"), dir));
    let merged = run(sh(&guide_command("nqueens merge records"), dir));
    (status, merged)
}

/// A finished campaign: the status complete, with the OEIS figures and
/// CPU spent, `merge` exact and quiet.
fn assert_complete(campaign: Campaign, (status, merged): (Run, Run)) {
    let oeis = oeis_line(campaign.n);
    let (total, unique) = oeis.trim().split_once(' ').unwrap();
    assert_eq!(status.status, 0, "{}", status.report());
    for line in [
        format!("done: {0} of {0} shards (100.0%)", campaign.of),
        format!("complete: total={total} unique={unique}"),
        format!(" in {} record(s) (mean ", campaign.of),
        "; none left".to_string(),
    ] {
        assert!(status.stdout.contains(&line), "{line}\n{}", status.stdout);
    }
    assert!(status.stdout.contains("cpu: spent "), "{}", status.stdout);
    assert_eq!(
        (
            merged.stdout.as_str(),
            merged.stderr.as_str(),
            merged.status
        ),
        (oeis.as_str(), "", 0)
    );
}

/// The guide's GNU parallel campaign: its two lines run in `dir`, a task
/// killed (SIGKILL) mid-run, so that `parallel` fails with the task in its
/// joblog; the same lines again (`--resume-failed`) rerun that task alone,
/// which keeps what it recorded. Returns the records folder.
fn parallel_campaign(campaign: Campaign, dir: &Path) -> PathBuf {
    let setup = campaign.apply(&guide_command("K=640 R=10;"));
    let recipe = campaign.apply(&guide_command("parallel -j 8 --joblog"));
    let recipe = recipe.replace("-j 8", "-j 2");
    assert!(
        recipe.contains("--resume-failed") && recipe.contains("--records records"),
        "{recipe}"
    );
    let script = format!("{setup}\n{recipe}");
    let mut first = shell(&script, dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (killed, done) = fault_mid_run(dir, campaign, &[], |_, pid| processes::kill(&[pid]));
    assert_ne!(
        wait(&mut first, campaign),
        0,
        "parallel reports the killed task"
    );
    let log = std::fs::read_to_string(dir.join("tasks.log")).unwrap();
    assert_eq!(log.lines().count(), 1 + campaign.tasks(), "{log}");

    let again = run(shell(&script, dir));
    assert_eq!(again.status, 0, "{}", again.report());
    // Only the killed task ran again, and kept what it had recorded.
    let log = std::fs::read_to_string(dir.join("tasks.log")).unwrap();
    assert_eq!(log.lines().count(), 2 + campaign.tasks(), "{log}");
    assert!(
        kept(&again.stderr, killed) >= Some(done),
        "task {} had {done} records: {}",
        killed.text(),
        again.stderr
    );
    eprintln!(
        "parallel: task {} killed with {done} of {} records, resumed",
        killed.text(),
        killed.len()
    );
    dir.join("records")
}

/// The records folder damaged (a record copied under another name, one
/// edited, two lost): `merge --status` names each, `merge` refuses until
/// the guide's by-hand line has counted the missing again and the extra
/// files are gone, then gives OEIS's total.
fn damage_and_repair(campaign: Campaign, dir: &Path, sh: &dyn Fn(&str, &Path) -> Command) {
    let of = campaign.of;
    let records = dir.join("records");
    let (copied, edited, lost) = (5, 9, 100);
    // Where each record is, by the name `merge` gives it.
    let at = |index| {
        let (file, line, text) = record_at(&records, index, of).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        (format!("records/{name}"), line, text)
    };
    let (copied_file, copied_line, copied_text) = at(copied);
    let (edited_file, edited_line, _) = at(edited);
    std::fs::write(records.join("copy-of-5.rec"), copied_text + "\n").unwrap();
    edit_record(&records, edited, of, |l| {
        Some(l.replacen("total=", "total=1", 1))
    });
    edit_record(&records, lost, of, |_| None);
    edit_record(&records, lost + 1, of, |_| None);
    let (status, merged) = merges(dir, sh);
    assert_eq!(status.status, 0, "{}", status.report());
    for line in [
        format!("done: {} of {of} shards", of - 3),
        format!("missing: 3 shard(s): {edited}, {lost}..={}", lost + 1),
        format!(
            "doubled: 1 shard(s) recorded more than once with the same counts, counted once: \
             {copied} ('records/copy-of-5.rec' line 1 and '{copied_file}' line {copied_line})"
        ),
        format!(
            "refused: {edited_file}: line {edited_line}: the record's crc= does not match it \
             (edited or damaged)"
        ),
        "for 3 missing shard(s)".to_string(),
    ] {
        assert!(status.stdout.contains(&line), "{line}\n{}", status.stdout);
    }
    assert_eq!((merged.status, merged.stdout.as_str()), (2, ""));
    assert!(
        merged.stderr.starts_with(&format!(
            "nqueens: {edited_file}: line {edited_line}: the record's crc= does not match it"
        )),
        "{}",
        merged.stderr
    );
    // The files the status names as extra or refused removed: still
    // refused, the missing shards named.
    std::fs::remove_file(records.join("copy-of-5.rec")).unwrap();
    edit_record(&records, edited, of, |_| None);
    let (_, merged) = merges(dir, sh);
    assert_eq!((merged.status, merged.stdout.as_str()), (2, ""));
    assert!(
        merged.stderr.starts_with(&format!(
            "nqueens: shards of n={} missing (of {of}): {edited}, {lost}..={}",
            campaign.n,
            lost + 1
        )),
        "{}",
        merged.stderr
    );
    // The missing ranges, as the status names them, counted by hand.
    let by_hand = guide_command("nqueens count 19 --threads 4 --shard 41..=44/640");
    for range in [format!("{edited}"), format!("{lost}..={}", lost + 1)] {
        let line = by_hand
            .replace("count 19", &format!("count {}", campaign.n))
            .replace("--threads 4", "--threads 1")
            .replace("41..=44/640", &format!("{range}/{of}"));
        let r = run(sh(&line, dir));
        assert_eq!(r.status, 0, "{line}\n{}", r.report());
    }
    assert_complete(campaign, merges(dir, sh));
}

fn parallel_dry_run(campaign: Campaign) {
    if !have_tool("parallel", "parallel") {
        return;
    }
    let begun = Instant::now();
    let dir = scratch(&format!("campaign-parallel-{}", campaign.n));
    parallel_campaign(campaign, &dir);
    assert_complete(campaign, merges(&dir, &shell));
    damage_and_repair(campaign, &dir, &shell);
    eprintln!(
        "parallel campaign of count {} in {} shards, {} tasks: {:.1?}",
        campaign.n,
        campaign.of,
        campaign.tasks(),
        begun.elapsed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The guide's Slurm job array of ranges on a one-node cluster: a task
/// killed (`scancel --signal=KILL`) and submitted again alone, as the
/// guide says (`--array=T`), another requeued (`scontrol requeue`, which
/// `--requeue` lets run again by itself); both keep what they recorded.
/// Then its records folder damaged and repaired as the guide says, the
/// repair counted on the cluster's node.
fn slurm_dry_run(campaign: Campaign) {
    if !have_tool("sbatch", "slurm-wlm") || !have_tool("/usr/sbin/munged", "munge") {
        return;
    }
    let begun = Instant::now();
    let cluster = match Cluster::start() {
        Ok(cluster) => cluster,
        Err(missing) => return skip_unless_ci(&missing),
    };
    let work = cluster.work();
    let submit = |array: &str| -> String {
        let recipe = campaign
            .apply(&guide_command("sbatch --requeue --array"))
            .replace("sbatch ", "sbatch --parsable ")
            .replace("--array=0-63%32", &format!("--array={array}"))
            .replace("--cpus-per-task=4", "--cpus-per-task=1")
            .replace("--threads 4", "--threads 1");
        assert!(recipe.contains(&format!("--array={array} ")), "{recipe}");
        let mut sh = cluster.command("sh");
        sh.args(["-c", &recipe]);
        let r = run(sh);
        assert_eq!(r.status, 0, "{recipe}\n{}{}", r.stderr, cluster.logs());
        // --parsable prints `JOBID` or `JOBID;CLUSTER`.
        r.stdout.trim().split(';').next().unwrap().to_string()
    };
    let job = submit(&format!("0-{}", campaign.tasks() - 1));
    let task_of = |range: Shards| (range.first - 1) / campaign.per;

    let (killed, killed_done) = fault_mid_run(&work, campaign, &[], |range, pid| {
        let task = format!("{job}_{}", task_of(range));
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
    let (requeued, requeued_done) =
        fault_mid_run(&work, campaign, &[killed.first], |range, pid| {
            let task = format!("{job}_{}", task_of(range));
            // A loaded slurmctld may time out a request: ask again.
            for _ in 0..5 {
                let requeue = cluster
                    .command("scontrol")
                    .args(["requeue", &task])
                    .status();
                if requeue.is_ok_and(|s| s.success()) {
                    break;
                }
                thread::sleep(Duration::from_secs(1));
            }
            // Slurm's SIGTERM ends a stopped task once it runs again (it
            // may record a shard more before: that is kept too).
            signal("-CONT", pid);
        });
    submit(&task_of(killed).to_string());

    cluster.wait_until_idle(campaign.patience);
    let sh = |script: &str, _: &Path| {
        let mut sh = cluster.command("sh");
        sh.args(["-c", script]);
        sh
    };
    assert_complete(campaign, merges(&work, &sh));
    for (range, done) in [(killed, killed_done), (requeued, requeued_done)] {
        let err = work.join(format!("task-{}.err", task_of(range)));
        let stderr = std::fs::read_to_string(err).unwrap_or_default();
        assert!(
            kept(&stderr, range) >= Some(done),
            "task {} did not keep its {done} records: {stderr}",
            range.text()
        );
    }
    damage_and_repair(campaign, &work, &sh);
    eprintln!(
        "slurm campaign of count {} in {} shards, {} tasks: task {} killed with {killed_done} \
         records, task {} requeued with {requeued_done}; all done in {:.1?}",
        campaign.n,
        campaign.of,
        campaign.tasks(),
        killed.text(),
        requeued.text(),
        begun.elapsed()
    );
}

/// At n = 18: 633 shards, a few seconds of CPU a task.
const SMALL: usize = 18;

/// A guard against a hang at n = 18 (it takes well under a minute).
const SMALL_PATIENCE: Duration = Duration::from_secs(600);

#[test]
fn a_campaign_by_the_guides_gnu_parallel_recipe_survives_kills_and_damaged_records() {
    parallel_dry_run(Campaign::new(SMALL, 16, SMALL_PATIENCE));
}

#[test]
fn a_campaign_by_the_guides_slurm_array_of_ranges_survives_a_kill_a_requeue_and_damaged_records() {
    slurm_dry_run(Campaign::new(SMALL, 16, SMALL_PATIENCE));
}

/// At n = 21, the whole count: 659 shards (its units on one thread).
const BIG: usize = 21;

/// A guard against a hang at n = 21.
const BIG_PATIENCE: Duration = Duration::from_secs(4 * 3600);

#[test]
#[ignore = "count 21 in 659 shards: about half an hour of CPU; cargo test --release -- --ignored"]
fn a_campaign_of_21_by_the_guides_gnu_parallel_recipe() {
    parallel_dry_run(Campaign::new(BIG, 16, BIG_PATIENCE));
}

#[test]
#[ignore = "count 21 in 659 shards: about half an hour of CPU; cargo test --release -- --ignored"]
fn a_campaign_of_21_by_the_guides_slurm_array_of_ranges() {
    slurm_dry_run(Campaign::new(BIG, 16, BIG_PATIENCE));
}
