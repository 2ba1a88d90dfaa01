//! Campaigns (issue 78): `count --shard A..=B/K --records DIR` runs a range
//! of shards and resumes from its records, `merge DIR` and `merge --status
//! DIR` read folders of records, and the sums' arithmetic refuses a
//! corrupted record that is correctly sealed.

use std::path::{Path, PathBuf};

use nqueens::engine::counter::Counts;
use nqueens::tools::shard::{records_file, Record, Shard, Shards};

use crate::util::{count_task, edit_record, oeis_total, record_at, run, OEIS};

/// A fresh, empty folder for one test, under cargo's target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-campaign-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Ranges of shards merge to OEIS, their records are those of single
/// shards, and a rerun keeps the records that read back and recounts only
/// the missing and damaged ones.
#[test]
fn ranges_merge_to_oeis_and_a_rerun_redoes_only_missing_or_damaged_records() {
    let dir = scratch("ranges");
    let records = dir.join("records");
    let (n, of) = (16, 24);
    let mut printed = String::new();
    for range in ["1..=10/24", "11..=23/24", "24/24"] {
        let r = count_task(16, range, &records);
        assert_eq!(r.status, 0, "{}", r.report());
        printed += &r.stdout;
    }
    assert_eq!(printed.lines().count(), of);
    // The same lines as single shards print.
    let single = run(&["count", "16", "--threads", "2", "--shard", "11/24"], b"");
    assert_eq!(printed.lines().nth(10).unwrap(), single.stdout.trim_end());
    let (_, total, unique) = OEIS[n - 1];
    let want = format!("{total} {unique}\n");
    assert_eq!(run(&["merge", text(&records)], b"").stdout, want);
    assert_eq!(run(&["merge"], printed.as_bytes()).stdout, want);

    // Each task wrote one file, its records in order.
    let own = records.join(records_file(Shards {
        first: 1,
        last: 10,
        of,
    }));
    let lines: Vec<String> = (1..=10)
        .map(|i| record_at(&records, i, of).unwrap().2)
        .collect();
    assert_eq!(
        std::fs::read_to_string(&own).unwrap(),
        lines.join("\n") + "\n"
    );
    assert_eq!(std::fs::read_dir(&records).unwrap().count(), 3);

    // Shard 3's record lost, shard 5's damaged (one digit changed, its
    // crc= no longer matching), shard 10's, the last, cut in half by a
    // kill. The others' lines, and the other tasks' files, are kept as
    // they are.
    edit_record(&records, 3, of, |_| None);
    edit_record(&records, 5, of, |l| {
        Some(l.replacen("total=", "total=9", 1))
    });
    let whole = std::fs::read_to_string(&own).unwrap();
    std::fs::write(&own, &whole[..whole.len() - lines[9].len() / 2]).unwrap();
    let others = |dir: &Path| {
        [(11, 23), (24, 24)].map(|(first, last)| {
            std::fs::read_to_string(dir.join(records_file(Shards { first, last, of }))).unwrap()
        })
    };
    let before = others(&records);
    let status = run(&["merge", "--status", text(&records)], b"");
    assert_eq!(status.status, 0, "{}", status.report());
    assert!(
        status.stdout.contains("done: 21 of 24 shards")
            && status.stdout.contains("missing: 3 shard(s): 3, 5, 10"),
        "{}",
        status.stdout
    );
    assert!(
        status
            .stdout
            .contains("shards-1-to-10-of-24.rec: line 4: the record's crc= does not match"),
        "{}",
        status.stdout
    );
    let r = count_task(16, "1..=10/24", &records);
    assert_eq!(r.status, 0, "{}", r.report());
    assert_eq!(
        r.stdout,
        printed
            .lines()
            .take(10)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    for note in [
        "7 of shards 1..=10/24 recorded already, kept; 3 to count",
        "shards-1-to-10-of-24.rec' line 4 has a crc= that does not match it: dropped",
        "shards-1-to-10-of-24.rec' line 9 is cut off (no newline): dropped",
    ] {
        assert!(r.stderr.contains(note), "{note}\n{}", r.stderr);
    }
    // Counting notes only for the shards counted.
    for index in [1, 2, 4, 6, 7, 8, 9] {
        assert!(
            !r.stderr.contains(&format!("shard {index}/24:")),
            "{}",
            r.stderr
        );
    }
    // The kept lines as they were, the three counted again appended.
    let kept = [1, 2, 4, 6, 7, 8, 9].map(|i| lines[i - 1].clone());
    let now = std::fs::read_to_string(&own).unwrap();
    let now: Vec<&str> = now.lines().collect();
    assert_eq!(
        now[..7],
        kept.iter().map(String::as_str).collect::<Vec<_>>()
    );
    let shards_of = |l: &str| l.split(' ').nth(1).unwrap().to_string();
    assert_eq!(
        now[7..].iter().map(|l| shards_of(l)).collect::<Vec<_>>(),
        ["3/24", "5/24", "10/24"]
    );
    assert_eq!(others(&records), before);
    assert_eq!(run(&["merge", text(&records)], b"").stdout, want);
    assert!(
        !std::fs::read_dir(&records).unwrap().any(|e| e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with('.')),
        "no temporary file left"
    );
    // A task of another range resumes from the files its range overlaps:
    // shards 9..=12 all recorded, nothing counted, no file of its own.
    let r = count_task(16, "9..=12/24", &records);
    assert_eq!(r.status, 0, "{}", r.report());
    assert!(
        r.stderr
            .contains("4 of shards 9..=12/24 recorded already, kept; 0 to count"),
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stdout.lines().collect::<Vec<_>>(),
        printed.lines().skip(8).take(4).collect::<Vec<_>>()
    );
    assert_eq!(std::fs::read_dir(&records).unwrap().count(), 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// OEIS A033148 at side `n`, from `tests/data/symmetric.md`.
fn quarter_turn(n: usize) -> u128 {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/symmetric.md");
    let text = std::fs::read_to_string(path).unwrap();
    let row = format!("| {n} | ");
    let line = text.lines().find(|l| l.starts_with(&row)).unwrap();
    line[row.len()..]
        .split('|')
        .next()
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// A record as a run would seal it, with made-up counts.
fn record(n: usize, index: usize, of: usize, total: u128, burnside: u128) -> String {
    Record {
        n,
        shard: Shard { index, of },
        split: 0x5eed,
        counts: Counts { total, burnside },
        bound: None,
    }
    .line()
}

/// The file `synthetic` writes shard `index` of `of` to.
fn one_file(index: usize, of: usize) -> String {
    format!("shard-{index}-of-{of}.rec")
}

/// `records` synthetic records of n = 12 (total 14200, Burnside's sum
/// 8 * 1787) written one a file into `dir`: `records - 1` shards of 0
/// (symmetric ones, say), and the last holding it all.
fn synthetic(dir: &Path, of: usize) {
    std::fs::create_dir_all(dir).unwrap();
    for index in 1..=of {
        let (total, burnside) = match index == of {
            true => (14200, 8 * 1787),
            false => (0, 0),
        };
        let line = record(12, index, of, total, burnside);
        std::fs::write(dir.join(one_file(index, of)), line + "\n").unwrap();
    }
}

/// `merge --status` names what is missing (as ranges), doubled,
/// conflicting and refused; `merge` refuses a conflict naming both files.
#[test]
fn the_status_of_a_campaign_names_missing_doubled_conflicting_and_refused_records() {
    let dir = scratch("status");
    let of = 2000;
    synthetic(&dir, of);
    let full = run(&["merge", text(&dir)], b"");
    assert_eq!(
        (full.stdout.as_str(), full.status),
        ("14200 1787\n", 0),
        "{}",
        full.stderr
    );
    let shard = |index| dir.join(one_file(index, of));
    for index in (3..=7).chain([12, 2000]) {
        std::fs::remove_file(shard(index)).unwrap();
    }
    std::fs::write(dir.join("copy-of-8.rec"), record(12, 8, of, 0, 0)).unwrap();
    std::fs::write(dir.join("other-n.rec"), record(13, 9, of, 0, 0)).unwrap();
    std::fs::write(dir.join("other-k.rec"), record(12, 9, 1000, 0, 0)).unwrap();
    std::fs::write(dir.join(".shard-1-of-2000.rec.123"), "half a rec").unwrap();
    let r = run(&["merge", "--status", text(&dir)], b"");
    assert_eq!(r.status, 0, "{}", r.report());
    for line in [
        "campaign: n=12 in 2000 shards, split=0000000000005eed",
        "done: 1993 of 2000 shards (99.7%)",
        "missing: 7 shard(s): 3..=7, 12, 2000",
        "doubled: 1 shard(s) recorded more than once with the same counts, counted once: 8",
        "refused: 1 record(s) of n=13, not n=12 (another count)",
        "refused: 1 record(s) of n=12 in 1000 shards, not 2000 (another split of the count)",
        "so far: total=0 burnside=0",
    ] {
        assert!(r.stdout.contains(line), "{line}\n{}", r.stdout);
    }
    // Shard 9 twice with different totals: an error naming both files.
    std::fs::write(dir.join("shard-9-again.rec"), record(12, 9, of, 4, 8)).unwrap();
    for args in [&["merge", "--status"][..], &["merge"][..]] {
        if args.len() == 1 {
            // Plain merge refuses other splits first: those are gone.
            std::fs::remove_file(dir.join("other-n.rec")).unwrap();
            std::fs::remove_file(dir.join("other-k.rec")).unwrap();
        }
        let mut args = args.to_vec();
        args.push(text(&dir));
        let r = run(&args, b"");
        assert_eq!(r.status, 2, "{}", r.report());
        let message = format!(
            "nqueens: shard 9/2000 of n=12 is recorded twice with different counts: '{}' line 1 has total=4 burnside=8, '{}' line 1 has total=0 burnside=0",
            text(&dir.join("shard-9-again.rec")),
            text(&shard(9))
        );
        if args[1] == "--status" {
            assert!(
                r.stdout
                    .contains("conflict: shard 9 recorded with different counts"),
                "{}",
                r.stdout
            );
        }
        assert!(r.stderr.starts_with(&message), "{}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each arithmetic check refuses a corrupted record that is sealed
/// correctly (a bit flipped before the seal was made).
#[test]
fn the_sums_arithmetic_refuses_corrupted_but_sealed_records() {
    let good = [record(12, 1, 2, 7100, 7148), record(12, 2, 2, 7100, 7148)];
    let merged = run(&["merge"], good.join("\n").as_bytes());
    assert_eq!(merged.stdout, "14200 1787\n", "{}", merged.stderr);
    let cases = [
        // Total off by 2: not a multiple of 4.
        (
            record(12, 2, 2, 7102, 7148),
            "a total of 14202, not a multiple of 4",
        ),
        // Burnside's sum off by 4: not a multiple of 8.
        (
            record(12, 2, 2, 7100, 7152),
            "a Burnside sum of 14300, not a multiple of 8",
        ),
        // Burnside's sum more than 8 times the total.
        (
            record(12, 2, 2, 7100, 800_004),
            "outside total <= burnside <= 8 * total",
        ),
        // Burnside's sum 8 too high (a multiple of 8, within the bounds):
        // less the total it is not what the symmetries fix, 2 * 8 + 80.
        (
            record(12, 2, 2, 7100, 7156),
            "Burnside's sum less the total, 104, should be 96, the solutions the \
             symmetries besides the identity fix (2 * 8 for the quarter turns + 80 for \
             the half turn + 0 for the reflections, searched directly)",
        ),
        // The total 8 too low, Burnside's sum as it was.
        (
            record(12, 2, 2, 7092, 7148),
            "Burnside's sum less the total, 104, should be 96",
        ),
    ];
    for (bad, message) in cases {
        let r = run(&["merge"], format!("{}\n{bad}\n", good[0]).as_bytes());
        assert_eq!((r.status, r.stdout.as_str()), (2, ""), "{bad}");
        assert!(
            r.stderr
                .starts_with("nqueens: the records of n=12 (from 1 file(s)) give ")
                && r.stderr.contains(message),
            "{bad}: {}",
            r.stderr
        );
    }
    // One record's Burnside share below its total (the sum's would be too):
    // refused as the record it is.
    let r = run(
        &["merge"],
        format!("{}\n{}\n", good[0], record(12, 2, 2, 7100, 4)).as_bytes(),
    );
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.starts_with(
            "nqueens: stdin: line 2: shard 2/2 of n=12 has burnside=4 below its total=7100"
        ),
        "{}",
        r.stderr
    );
    // A negative share, sealed: named as such.
    let body = "shard 2/2 n=12 split=0000000000005eed total=-4 burnside=7148";
    let negative = nqueens::tools::seal::sealed(body);
    let r = run(&["merge"], format!("{}\n{negative}\n", good[0]).as_bytes());
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.starts_with(
            "nqueens: stdin: line 2: expected counts that are whole numbers >= 0, found 'total=-4'"
        ),
        "{}",
        r.stderr
    );
    // Past the sides whose half turn merge searches, the quarter turns'
    // fixed points (OEIS A033148, 43776 at n = 29) are a floor for
    // Burnside's sum less the total: 3 * 43776 = 131328 passes, 8 less not.
    const _: () = assert!(nqueens::tools::campaign::FIXED_CHECK_TO < 29);
    const _: () = assert!(nqueens::tools::campaign::QUARTER_CHECK_TO >= 29);
    let quarter_29 = quarter_turn(29);
    let made_up = |besides: u128| {
        let total = 1_000_000;
        [1, 2].map(|index| record(29, index, 2, total / 2, (total + besides) / 2))
    };
    let passes = run(&["merge"], made_up(3 * quarter_29).join("\n").as_bytes());
    assert_eq!(passes.status, 0, "{}", passes.report());
    let r = run(
        &["merge"],
        made_up(3 * quarter_29 - 8).join("\n").as_bytes(),
    );
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.contains(&format!(
            "Burnside's sum less the total, {}, should be at least 3 * {quarter_29}",
            3 * quarter_29 - 8
        )),
        "{}",
        r.stderr
    );
    // The published totals from 6 on are multiples of 4.
    for n in 6..=27 {
        assert_eq!(oeis_total(n) % 4, 0, "n = {n}");
    }
}

/// `merge DIR` and `merge --status DIR` on 200,000 records, one a file
/// (4.1 million at Q(28): time and memory scale linearly). Prints what it
/// took; `/usr/bin/time -f "%e s %M KB" nqueens merge DIR` on the release
/// build measures the same.
#[test]
#[ignore = "200,000 files: about a minute in a debug build; cargo test --release -- --ignored"]
fn merge_reads_two_hundred_thousand_records_in_a_folder() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("nqueens-campaign-200k");
    let of = 200_000;
    let last = dir.join(one_file(of, of));
    if !last.exists() {
        let _ = std::fs::remove_dir_all(&dir);
        synthetic(&dir, of);
    }
    let start = std::time::Instant::now();
    let r = run(&["merge", text(&dir)], b"");
    assert_eq!(
        (r.stdout.as_str(), r.status),
        ("14200 1787\n", 0),
        "{}",
        r.stderr
    );
    let merge = start.elapsed();
    let start = std::time::Instant::now();
    let r = run(&["merge", "--status", text(&dir)], b"");
    assert!(
        r.stdout.contains("done: 200000 of 200000 shards"),
        "{}",
        r.stdout
    );
    eprintln!(
        "merge: {merge:?}, merge --status: {:?} on {of} records in {}",
        start.elapsed(),
        dir.display()
    );
}

/// The join's records carry `bound=`, a bound on the shard's total no
/// count of its units can pass; a record whose total was raised high
/// before it was sealed (its Burnside share alike, so that every sum's
/// check passes) is refused by `merge` and `merge --status`, naming the
/// shard, while the same forgery without `bound=` passes `merge`: the
/// bound is what catches it.
#[test]
fn a_total_above_its_records_bound_is_refused() {
    let (n, of) = (16, 24);
    let r = run(
        &["count", "16", "--threads", "2", "--shard", "1..=24/24"],
        b"",
    );
    assert_eq!(r.status, 0, "{}", r.report());
    let records: Vec<Record> = r
        .stdout
        .lines()
        .map(|l| Record::parse(l).unwrap())
        .collect();
    assert_eq!(records.len(), of);
    for record in &records {
        let bound = record
            .bound
            .unwrap_or_else(|| panic!("no bound= in {record:?}"));
        assert!(record.counts.total <= bound, "{record:?}");
    }
    let (_, total, unique) = OEIS[n - 1];
    let merged = run(&["merge"], r.stdout.as_bytes());
    assert_eq!(merged.stdout, format!("{total} {unique}\n"));
    // Shard 7 raised by 2^50, total and Burnside share alike: a multiple of
    // 8, so the sums' arithmetic and the fixed points all pass.
    let forged = |bound: bool| -> String {
        let mut lines: Vec<String> = records.iter().map(Record::line).collect();
        let mut seven = records[6];
        seven.counts.total += 1 << 50;
        seven.counts.burnside += 1 << 50;
        if !bound {
            seven.bound = None;
        }
        lines[6] = seven.line();
        lines.join("\n")
    };
    let raised = format!("{} {}\n", total + (1 << 50), unique + (1 << 47));
    let unbounded = run(&["merge"], forged(false).as_bytes());
    assert_eq!(unbounded.stdout, raised, "{}", unbounded.stderr);
    let refused = run(&["merge"], forged(true).as_bytes());
    assert_eq!((refused.status, refused.stdout.as_str()), (2, ""));
    let said = format!(
        "nqueens: stdin: line 7: shard 7/24 of n=16 has total={} above its bound={}",
        records[6].counts.total + (1 << 50),
        records[6].bound.unwrap()
    );
    assert!(refused.stderr.starts_with(&said), "{}", refused.stderr);
    let status = run(&["merge", "--status"], forged(true).as_bytes());
    assert_eq!(status.status, 0, "{}", status.report());
    assert!(
        status.stdout.contains("missing: 1 shard(s): 7") && status.stdout.contains(&said[9..]),
        "{}",
        status.stdout
    );
}
