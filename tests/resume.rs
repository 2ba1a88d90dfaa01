//! `count --checkpoint`: runs killed at random moments resume to the OEIS
//! totals, shards resume too, files of other runs are refused; and the
//! counting guide's cluster recipes (`docs/COUNTING.md`) run under the real schedulers, with faults
//! (`recipes`), its campaign recipes too (`campaign`).

mod campaign;
mod recipes;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use nqueens::engine::counter;
use nqueens::tools::checkpoint::{self, Contents, Header};
use nqueens::tools::shard::Shard;

use crate::child::{spawn, wait_limited, PATIENCE};
use crate::util::{run, Rng, OEIS};

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-resume-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The header a run of `count n` (with `shard`) writes: the one interface
/// says which engine's units those are.
fn header(n: usize, shard: Option<Shard>, unique: bool) -> Header {
    let counter = counter::choose(n, unique, Default::default())
        .build(1, &Default::default())
        .unwrap();
    Header::new(n, counter.fingerprint(), counter.units(), shard, unique)
}

/// What the checkpoint at `path` holds now (nothing when it does not exist
/// yet: a kill before the header was renamed into place).
fn contents(path: &Path, header: &Header) -> Option<Contents> {
    let bytes = std::fs::read(path).ok()?;
    Some(checkpoint::read(&bytes, header).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

/// Runs `nqueens ARGS`, killing it (SIGKILL) after `delay` and once the
/// file at `path` has at least `lines` lines, unless it ended before;
/// returns whether it was killed.
fn run_and_kill(args: &[&str], delay: Duration, path: &Path, lines: usize) -> bool {
    let mut child = spawn(args, Stdio::null());
    let start = Instant::now();
    let lines_now = || std::fs::read(path).map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    while start.elapsed() < delay || lines_now() < lines {
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        assert!(start.elapsed() < PATIENCE, "no progress in {PATIENCE:?}");
        thread::sleep(Duration::from_micros(500));
    }
    let killed = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    wait_limited(&mut child, PATIENCE);
    killed
}

/// Kills a checkpointed `count n` `kills` times at seeded random moments,
/// checks after each
/// kill that the file reads cleanly (at most a cut-off tail) and that no
/// recorded unit was lost, then runs it to the end and compares with OEIS.
/// Returns the last run's stdout.
fn kill_and_resume(
    n: usize,
    shard: Option<Shard>,
    threads: usize,
    kills: usize,
    seed: u64,
) -> String {
    let name = format!("kill-{n}-{seed}");
    let dir = scratch(&name);
    let path = dir.join("count.ckpt");
    let path_text = path.to_str().unwrap().to_string();
    let threads = threads.to_string();
    let shard_text = shard.map(|s| format!("{}/{}", s.index, s.of));
    let mut args = ["count", &n.to_string()[..]]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>();
    args.extend([
        "--threads".into(),
        threads,
        "--checkpoint".into(),
        path_text,
    ]);
    if let Some(shard) = &shard_text {
        args.extend(["--shard".into(), shard.clone()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let header = header(n, shard, shard.is_some());
    let mine = (0..header.units).filter(|&p| header.owns(p)).count();

    // An uninterrupted run, without a checkpoint, for the time and result.
    let plain: Vec<&str> = args
        .iter()
        .copied()
        .filter(|a| !a.ends_with(".ckpt") && *a != "--checkpoint")
        .collect();
    let start = Instant::now();
    let whole = run(&plain, b"");
    let full = start.elapsed();
    assert_eq!(whole.status, 0, "{}", whole.stderr);

    // The first kill comes at a random time within the set-up (before or
    // after the header is in place); each later one at a random time
    // after a random share of the units left have been recorded (a
    // moment by progress, as the machine's speed varies).
    let mut rng = Rng::new(seed);
    let mut recorded = 0;
    let mut mid_run = 0;
    for kill in 0..kills {
        let (delay, lines) = if kill == 0 {
            (full.mul_f64(rng.between(0, 20) as f64 / 100.0), 0)
        } else {
            let step = (mine - recorded) / (kills - kill + 1);
            let more = rng.between(1, step.max(1));
            (
                Duration::from_micros(rng.between(0, 2000) as u64),
                1 + recorded + more,
            )
        };
        let killed = run_and_kill(&args, delay, &path, lines);
        let Some(now) = contents(&path, &header) else {
            assert!(killed, "a finished run leaves its checkpoint");
            continue;
        };
        assert!(now.damaged.is_empty(), "kill {kill}: damage in the middle");
        assert!(
            now.done.len() >= recorded,
            "kill {kill}: recorded units lost"
        );
        recorded = now.done.len();
        mid_run += usize::from(killed && recorded < mine);
    }
    assert!(
        mid_run + 1 >= kills,
        "only {mid_run} of {kills} kills hit a run in the middle"
    );
    let last = run(&args, b"");
    assert_eq!(last.status, 0, "{}", last.stderr);
    assert_eq!(
        last.stdout, whole.stdout,
        "resumed and uninterrupted runs differ"
    );
    if shard.is_none() {
        assert_eq!(last.stdout, format!("{}\n", OEIS[n - 1].1));
    }
    assert_eq!(contents(&path, &header).unwrap().done.len(), mine);
    eprintln!("n={n}: {kills} kills ({mid_run} mid-run), {recorded} of {mine} units recorded before the last run");
    std::fs::remove_dir_all(&dir).unwrap();
    last.stdout
}

#[test]
fn a_count_killed_at_random_moments_resumes_to_the_oeis_total() {
    kill_and_resume(15, None, 2, 5, 0x5eed_0001);
}

#[test]
#[ignore = "about 10 s: cargo test -- --ignored"]
fn a_count_of_16_killed_many_times_resumes_to_the_oeis_total() {
    let last = kill_and_resume(16, None, 3, 30, 0x5eed_0016);
    assert_eq!(last, "14772512\n");
}

#[test]
fn a_killed_shard_resumes_and_merges_to_the_oeis_total() {
    let (n, of) = (15, 3);
    let mut records = kill_and_resume(n, Some(Shard { index: 2, of }), 2, 4, 0x5eed_0002);
    for index in [1, 3] {
        let r = run(&["count", "15", "--shard", &format!("{index}/{of}")], b"");
        assert_eq!(r.status, 0, "{}", r.stderr);
        records.push_str(&r.stdout);
    }
    let merged = run(&["merge"], records.as_bytes());
    let (_, total, unique) = OEIS[n - 1];
    assert_eq!(merged.stdout, format!("{total} {unique}\n"), "{records}");
}

#[test]
fn a_finished_checkpoint_answers_at_once_and_a_cut_tail_is_recounted() {
    let dir = scratch("finished");
    let path = dir.join("c.ckpt");
    let file = path.to_str().unwrap();
    let first = run(&["count", "12", "--unique", "--checkpoint", file], b"");
    assert_eq!((first.stdout.as_str(), first.status), ("14200 1787\n", 0));
    assert!(first.stderr.is_empty(), "{}", first.stderr);
    let again = run(&["count", "12", "--unique", "--checkpoint", file], b"");
    assert_eq!(again.stdout, "14200 1787\n");
    assert!(
        again.stderr.contains("resuming:") && again.stderr.contains(", 0 to count"),
        "{}",
        again.stderr
    );
    // Cut the last record in half, as a kill mid-write would.
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 20]).unwrap();
    let cut = run(&["count", "12", "--unique", "--checkpoint", file], b"");
    assert_eq!(cut.stdout, "14200 1787\n");
    assert!(
        cut.stderr.contains("dropped a cut-off last record"),
        "{}",
        cut.stderr
    );
    assert!(cut.stderr.contains(", 1 to count"), "{}", cut.stderr);
    assert_eq!(
        std::fs::read(&path).unwrap().len(),
        bytes.len(),
        "the tail was cut and rewritten"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoints_of_other_runs_are_refused_with_exit_2() {
    let dir = scratch("refused");
    let path = dir.join("c.ckpt");
    let file = path.to_str().unwrap();
    assert_eq!(run(&["count", "11", "--checkpoint", file], b"").status, 0);
    let text = std::fs::read_to_string(&path).unwrap();
    let (head, records) = text.split_once('\n').unwrap();
    // The header as another version would have written it, checksum and all.
    let mut other = Header::parse(head).unwrap();
    other.version = "0.0.1".into();
    let other_version = format!("{}\n{records}", other.line());
    let damaged_header = format!("{}\n{records}", head.replacen("n=11", "n=12", 1));
    let bad_middle = text.replacen("unit ", "unit 9", 3);
    let cases: [(&[&str], Option<String>, &str); 6] = [
        (&["count", "12"], None, "is of n=11, not n=12"),
        (
            &["count", "11", "--unique"],
            None,
            "was made without --unique, this run is with it",
        ),
        (
            &["count", "11", "--shard", "1/2"],
            None,
            "is of the whole count, not shard 1/2",
        ),
        (
            &["count", "11"],
            Some(other_version),
            "was written by nqueens 0.0.1",
        ),
        (
            &["count", "11"],
            Some(damaged_header),
            "has a damaged header",
        ),
        (
            &["count", "11"],
            Some("2680\n".into()),
            "is not an nqueens checkpoint",
        ),
    ];
    for (args, contents, message) in cases {
        if let Some(contents) = &contents {
            std::fs::write(&path, contents).unwrap();
        }
        let mut args = args.to_vec();
        args.extend(["--checkpoint", file]);
        let r = run(&args, b"");
        assert_eq!((r.status, r.stdout.as_str()), (2, ""), "{args:?}");
        assert!(
            r.stderr
                .starts_with(&format!("nqueens: checkpoint '{file}' {message}")),
            "{args:?}: {}",
            r.stderr
        );
        let advice = match &contents {
            Some(other) if !other.starts_with("nqueens-checkpoint ") => {
                "left as it is; name another file"
            }
            _ => "use another file, or delete it to start over",
        };
        assert!(r.stderr.trim_end().ends_with(advice), "{}", r.stderr);
        let left = contents.unwrap_or_else(|| text.clone());
        let now = std::fs::read_to_string(&path).unwrap();
        assert_eq!(now, left, "a refused file is left as it was");
    }
    // Damage between valid records: dropped, reported, recounted.
    std::fs::write(&path, bad_middle).unwrap();
    let r = run(&["count", "11", "--checkpoint", file], b"");
    assert_eq!((r.status, r.stdout.as_str()), (0, "2680\n"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("dropped 3 damaged record(s) (line 2, 3, 4)"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A checkpoint of the join made without `--unique` and reused with it is
/// refused naming `--unique` (issue 34: unique counts add units of their
/// own, and the refusal spoke of "another unit list").
#[test]
fn a_checkpoint_without_unique_reused_with_it_names_unique() {
    let dir = scratch("unique");
    let path = dir.join("c.ckpt");
    let file = path.to_str().unwrap();
    assert_eq!(run(&["count", "16", "--checkpoint", file], b"").status, 0);
    let r = run(&["count", "16", "--unique", "--checkpoint", file], b"");
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.starts_with(&format!(
            "nqueens: checkpoint '{file}' was made without --unique, this run is with it"
        )),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A count whose checkpoint records every unit has nothing left to count,
/// so it says nothing of how long counting would take (it once said
/// "estimated at about 2.6 min", then "0 to count"); one whose checkpoint
/// records none still says so before it starts. `count 20`, at the
/// reference speed the tests pin, is above the minute that warns; the
/// records are written here (their counts are not the test's point), so
/// nothing of 20 is counted.
#[test]
fn a_finished_checkpoint_of_a_long_count_does_not_warn_of_its_length() {
    let dir = scratch("finished-long");
    let path = dir.join("c.ckpt");
    let file = path.to_str().unwrap();
    let header = header(20, None, false);
    let mut text = format!("{}\n", header.line());
    for unit in 0..header.units {
        let counts = counter::Counts::default();
        text.push_str(&format!("{}\n", checkpoint::Entry { unit, counts }.line()));
    }
    std::fs::write(&path, &text).unwrap();
    let again = run(&["count", "20", "--checkpoint", file], b"");
    assert_eq!(
        (again.stdout.as_str(), again.status),
        ("0\n", 0),
        "{}",
        again.stderr
    );
    assert!(again.stderr.contains(", 0 to count"), "{}", again.stderr);
    assert!(!again.stderr.contains("estimated at"), "{}", again.stderr);
    // The same count with only its header: all of it to count, so it warns
    // before it counts (its first line; the count is killed there).
    std::fs::write(&path, format!("{}\n", header.line())).unwrap();
    let mut child = spawn(&["count", "20", "--checkpoint", file], Stdio::null());
    let stderr = child.stderr.take().unwrap();
    let (send, first) = std::sync::mpsc::channel();
    thread::spawn(move || {
        let mut lines = std::io::BufRead::lines(std::io::BufReader::new(stderr));
        let _ = send.send(lines.find(|line| {
            line.as_ref()
                .map_or(true, |l| !l.starts_with("nqueens: resuming"))
        }));
    });
    let first = first.recv_timeout(PATIENCE).expect("a line on stderr");
    drop(child);
    let first = first.and_then(|line| line.ok()).unwrap_or_default();
    assert!(
        first.starts_with("nqueens: count 20 is estimated at about "),
        "{first}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
