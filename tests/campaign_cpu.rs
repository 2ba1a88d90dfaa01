//! CPU time in a campaign's records (issue 78): `count --shard A..=B/K
//! --records DIR` writes `cpu=SECONDS` into each record line of its file, under its
//! seal; `merge --status` says what the records read spent and quotes what
//! the missing shards will (their mean, times the missing);
//! records without `cpu=` (older versions, stdout's lines) still read.

use std::path::{Path, PathBuf};

use nqueens::plan::estimate::human;
use nqueens::tools::shard::{Record, Shard};

use crate::util::{record_at, run, run_cpu};

/// A fresh, empty folder for one test, under cargo's target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "nqueens-campaign-cpu-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The `cpu=` of the record file of shard `index` of `of` in `dir`, in
/// milliseconds (the file must read back, sealed, and carry one).
fn cpu_of(dir: &Path, index: usize, of: usize) -> u64 {
    let (_, _, line) = record_at(dir, index, of).unwrap();
    assert!(line.contains(" cpu=") && line.contains(" crc="), "{line}");
    let (record, cpu) = Record::parse_timed(&line).unwrap_or_else(|| panic!("{line}"));
    assert_eq!(record.shard, Shard { index, of });
    cpu.unwrap()
}

/// The records' `cpu=` add up to no more than the run's CPU time, and to
/// some of it; stdout's lines carry none (they are the same on every run);
/// the status says the CPU spent, the mean, and the quote of the shards
/// missing; a rerun keeps the record files as they were, `cpu=` and all.
#[test]
fn records_carry_their_cpu_time_and_the_status_quotes_whats_left() {
    let dir = scratch("spent");
    let records = dir.join("records");
    let (n, of) = ("16", 40);
    let (first, cpu) = run_cpu(
        &[
            "count",
            n,
            "--threads",
            "1",
            "--shard",
            "1..=30/40",
            "--records",
            text(&records),
        ],
        b"",
    );
    assert_eq!(first.status, 0, "{}", first.report());
    assert!(!first.stdout.contains("cpu="), "{}", first.stdout);
    let spent: Vec<u64> = (1..=30).map(|index| cpu_of(&records, index, of)).collect();
    let sum: u64 = spent.iter().sum();
    // Each record is charged the process's CPU since the last one ended
    // (the first also its start and planning): they add up to what the
    // run spent but its end, and the count 16 of 30 shards takes some.
    assert!(sum > 0, "{spent:?}");
    assert!(
        sum as f64 / 1000.0 <= cpu + 0.01,
        "records {sum} ms, the run {cpu} s"
    );

    let status = run(&["merge", "--status", text(&records)], b"");
    assert_eq!(status.status, 0, "{}", status.report());
    let seconds = sum as f64 / 1000.0;
    let mean = seconds / 30.0;
    let want = format!(
        "cpu: spent {} ({seconds:.3} s) in 30 record(s) (mean {}); quoted left: {} for 10 \
         missing shard(s) (the mean times 10)\n",
        human(seconds),
        human(mean),
        human(mean * 10.0)
    );
    assert!(status.stdout.ends_with(&want), "{want}{}", status.stdout);

    let kept: Vec<String> = (1..=30)
        .map(|index| record_at(&records, index, of).unwrap().2)
        .collect();
    let all = run(
        &[
            "count",
            n,
            "--threads",
            "1",
            "--shard",
            "1..=40/40",
            "--records",
            text(&records),
        ],
        b"",
    );
    assert_eq!(all.status, 0, "{}", all.report());
    for (i, line) in kept.iter().enumerate() {
        let now = record_at(&records, i + 1, of).unwrap().2;
        assert_eq!(&now, line, "shard {} rewritten", i + 1);
    }
    let more: u64 = (31..=40).map(|index| cpu_of(&records, index, of)).sum();
    let status = run(&["merge", "--status", text(&records)], b"");
    let seconds = (sum + more) as f64 / 1000.0;
    let want = format!(
        "cpu: spent {} ({seconds:.3} s) in 40 record(s) (mean {}); none left\n",
        human(seconds),
        human(seconds / 40.0)
    );
    assert!(status.stdout.ends_with(&want), "{want}{}", status.stdout);
    // A copy of a record is counted once, but its CPU twice: what was
    // spent on a shard counted twice.
    let copy = records.join("copy-of-1.rec");
    std::fs::write(&copy, record_at(&records, 1, of).unwrap().2 + "\n").unwrap();
    let status = run(&["merge", "--status", text(&records)], b"");
    let seconds = (sum + more + spent[0]) as f64 / 1000.0;
    assert!(
        status.stdout.contains(&format!(
            "cpu: spent {} ({seconds:.3} s) in 41 record(s)",
            human(seconds)
        )),
        "{}",
        status.stdout
    );
    std::fs::remove_file(copy).unwrap();
    // stdout's lines merge the same as the files, and carry no cpu=.
    let merged = run(&["merge", text(&records)], b"");
    assert_eq!(merged.stdout, "14772512 1846955\n", "{}", merged.stderr);
    assert_eq!(run(&["merge"], all.stdout.as_bytes()).stdout, merged.stdout);
    let status = run(&["merge", "--status"], all.stdout.as_bytes());
    assert!(
        status
            .stdout
            .contains("cpu: not recorded (no record read carries cpu="),
        "{}",
        status.stdout
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A record as a run would seal it, with made-up counts, and `cpu=` if
/// `cpu_ms` is given.
fn record(index: usize, of: usize, total: u128, cpu_ms: Option<u64>) -> String {
    let record = Record {
        n: 12,
        shard: Shard { index, of },
        split: 0x5eed,
        counts: nqueens::engine::counter::Counts {
            total,
            burnside: total,
        },
        bound: None,
    };
    match cpu_ms {
        Some(ms) => record.timed_line(ms),
        None => record.line(),
    }
}

/// Records with and without `cpu=` read together: the status says how
/// many carry none and quotes from those that do; a `cpu=` edited under
/// the seal is refused like any other edit, and `merge` refuses it.
#[test]
fn old_records_without_cpu_still_read_and_an_edited_cpu_is_refused() {
    // Shard 1 holds n = 12's 14200 (burnside 8 * 1787 = 14296: the total
    // 14200 split as 14200 + 0 with burnside 14296 + 0).
    let one = Record {
        n: 12,
        shard: Shard { index: 1, of: 4 },
        split: 0x5eed,
        counts: nqueens::engine::counter::Counts {
            total: 14200,
            burnside: 14296,
        },
        bound: None,
    };
    let lines = [
        one.timed_line(1_500),
        record(2, 4, 0, Some(2_500)),
        record(3, 4, 0, None),
    ];
    let r = run(&["merge", "--status"], lines.join("\n").as_bytes());
    assert_eq!(r.status, 0, "{}", r.report());
    assert!(
        r.stdout.contains(
            "cpu: spent 4 s (4.000 s) in 2 record(s) (mean 2 s), and 1 record(s) without cpu=; \
             quoted left: 2 s for 1 missing shard(s)"
        ),
        "{}",
        r.stdout
    );
    let all = format!("{}\n{}\n", lines.join("\n"), record(4, 4, 0, Some(10)));
    let merged = run(&["merge"], all.as_bytes());
    assert_eq!(merged.stdout, "14200 1787\n", "{}", merged.stderr);

    let edited = all.replace("cpu=2.500", "cpu=0.500");
    assert_ne!(edited, all);
    let r = run(&["merge"], edited.as_bytes());
    assert_eq!(r.status, 2, "{}", r.report());
    assert!(
        r.stderr
            .starts_with("nqueens: stdin: line 2: the record's crc= does not match it"),
        "{}",
        r.stderr
    );
    let r = run(&["merge", "--status"], edited.as_bytes());
    assert!(
        r.stdout.contains("missing: 1 shard(s): 2")
            && r.stdout
                .contains("refused: stdin: line 2: the record's crc= does not match"),
        "{}",
        r.stdout
    );
}
