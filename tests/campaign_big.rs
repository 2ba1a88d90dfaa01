//! `merge` and `merge --status` at the size of Q(28)'s campaign: 4.1
//! million records (issue 78). Their own work is linear but for one sort;
//! what else a folder of 4.1 million files costs is the filesystem's
//! (opening and reading each: minutes of kernel time, see
//! `docs/COUNTING.md`), so the test packs the records 4,100 a file, as a
//! task's range would, to measure `merge` itself in a few seconds. The
//! records are of a made-up campaign of n = 22: `merge` checks a complete
//! campaign's Burnside sum against the solutions the turns fix, searched
//! directly, which takes a second at 22 and twenty minutes at 28.

use std::path::Path;
use std::process::Command;

use nqueens::engine::counter::fixed::besides_identity;
use nqueens::engine::counter::Counts;
use nqueens::tools::shard::{Record, Shard};

/// Shards in all, and records a file.
const SHARDS: usize = 4_100_000;
const A_FILE: usize = 4_100;

/// Peak memory `merge` may take on them, in KiB (it took 196 MB).
const MEMORY_KIB: u64 = 400 * 1024;

/// The side of the made-up campaign.
const N: usize = 22;

/// Each shard's total but the first's, and the first's extra total and
/// Burnside share: the sums must pass `merge`'s checks (the total a
/// multiple of 4, Burnside's sum of 8, and that less the total the
/// solutions the turns fix, `fixed`; Burnside's lemma makes `fixed` a
/// multiple of 4).
const TOTAL: u128 = 660_000_000_000;
fn first_shard(fixed: u128) -> Counts {
    let extra = (8 - fixed % 8) % 8;
    Counts {
        total: TOTAL + extra,
        burnside: TOTAL + extra + fixed,
    }
}

/// Writes the records of shards `1..=SHARDS` of a made-up n = 22 (each
/// `total=660000000000` with its Burnside share the same, but the first,
/// [`first_shard`]; a `cpu=` of about 50 minutes each) into `dir`,
/// `A_FILE` a file.
fn synthetic(dir: &Path, fixed: u128) {
    std::fs::create_dir_all(dir).unwrap();
    for first in (1..=SHARDS).step_by(A_FILE) {
        let mut text = String::with_capacity(A_FILE * 120);
        for index in first..first + A_FILE {
            let counts = if index == 1 {
                first_shard(fixed)
            } else {
                Counts {
                    total: TOTAL,
                    burnside: TOTAL,
                }
            };
            let record = Record {
                n: N,
                shard: Shard { index, of: SHARDS },
                split: 0x5eed,
                counts,
                bound: None,
            };
            text += &record.timed_line(3_000_000 + (index % 1000) as u64);
            text.push('\n');
        }
        std::fs::write(dir.join(format!("task-{first}.rec")), text).unwrap();
    }
}

/// `nqueens ARGS` under `/usr/bin/time`: stdout, and the wall time, CPU
/// time (seconds) and peak memory (KiB) it reports.
fn timed(args: &[&str]) -> (String, f64, f64, u64) {
    let output = crate::util::test_env(&mut Command::new("/usr/bin/time"))
        .args(["-f", "time: %e %U %S %M", env!("CARGO_BIN_EXE_nqueens")])
        .args(args)
        .output()
        .expect("/usr/bin/time runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("time: "))
        .unwrap();
    let figures: Vec<f64> = line.split(' ').map(|f| f.parse().unwrap()).collect();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (
        stdout,
        figures[0],
        figures[1] + figures[2],
        figures[3] as u64,
    )
}

/// `merge DIR` and `merge --status DIR` on 4.1 million records (1,000
/// files of 4,100) stay within 400 MiB, with the right sums; prints what
/// they took (2.8 s of CPU and 196 MB each, release build).
#[test]
#[ignore = "4.1 million records (470 MB on disk): about a minute in a debug build; cargo test --release -- --ignored"]
fn merge_reads_the_records_of_q28s_campaign() {
    if !crate::util::have_tool("/usr/bin/time", "time") {
        return;
    }
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nqueens-campaign-4100k-22");
    let last = dir.join(format!("task-{}.rec", SHARDS - A_FILE + 1));
    let fixed = besides_identity(N, 2);
    if !last.exists() {
        let _ = std::fs::remove_dir_all(&dir);
        synthetic(&dir, fixed);
    }
    let folder = dir.to_str().unwrap();
    let first = first_shard(fixed);
    let total = TOTAL * (SHARDS as u128 - 1) + first.total;
    let unique = (TOTAL * (SHARDS as u128 - 1) + first.burnside) / 8;
    let (merged, wall, cpu, memory) = timed(&["merge", folder]);
    assert_eq!(merged, format!("{total} {unique}\n"));
    eprintln!("merge: {wall} s, {cpu:.2} s of CPU, {memory} KiB");
    assert!(memory < MEMORY_KIB, "merge took {memory} KiB");
    let (status, wall, cpu, memory) = timed(&["merge", "--status", folder]);
    for line in [
        format!("done: {SHARDS} of {SHARDS} shards (100.0%)"),
        format!("complete: total={total} unique={unique}"),
        format!("in {SHARDS} record(s) (mean 50 min); none left"),
    ] {
        assert!(status.contains(&line), "{line}\n{status}");
    }
    eprintln!("merge --status: {wall} s, {cpu:.2} s of CPU, {memory} KiB");
    assert!(memory < MEMORY_KIB, "merge --status took {memory} KiB");
}
