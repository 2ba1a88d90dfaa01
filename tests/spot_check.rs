//! The spot check of a campaign's records (issue 78, `merge --spot-check
//! K`): shards drawn from a seed the records make, counted again by an
//! independent method, each compared with its record. It passes on honest
//! campaigns of every engine and mode a campaign uses at small sizes
//! (constellations at 14, the join's plain fold at 16, cross mode at 17,
//! diagonal mode at 18), and names a record whose total was changed by 8
//! and sealed again (what a bit flipped on a node before sealing makes,
//! and `merge`'s arithmetic lets through), its shard and its file.

use std::path::{Path, PathBuf};

use nqueens::engine::counter::Counts;
use nqueens::tools::campaign::{draw, seed_of};
use nqueens::tools::shard::{Record, Shard};

use crate::util::{edit_record, record_at, run, OEIS};

/// A fresh, empty folder for one test, under cargo's target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-spot-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs shards `range` of `count n` in `of` on two threads into `records`.
fn campaign(n: usize, range: &str, records: &Path) {
    let r = crate::util::count_task(n, range, records);
    assert_eq!(r.status, 0, "{}", r.report());
}

/// Shard `index`'s record line in `records` rewritten with its total and
/// Burnside's share `by` more, sealed again as a node would have sealed
/// it, its `cpu=` set to `cpu_ms` (which moves the seed). Returns the
/// file and the line's number.
fn forge(records: &Path, shard: Shard, by: u128, cpu_ms: u64) -> (PathBuf, usize) {
    edit_record(records, shard.index, shard.of, |line| {
        let (mut record, _) = Record::parse_timed(line).unwrap();
        record.counts = Counts {
            total: record.counts.total + by,
            burnside: record.counts.burnside + by,
        };
        Some(record.timed_line(cpu_ms))
    });
    let (path, at, _) = record_at(records, shard.index, shard.of).unwrap();
    (path, at)
}

/// The sealed lines of the records in `records`.
fn lines(records: &Path) -> Vec<String> {
    let mut lines: Vec<String> = std::fs::read_dir(records)
        .unwrap()
        .flat_map(|e| {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            text.lines().map(str::to_string).collect::<Vec<_>>()
        })
        .collect();
    lines.sort();
    lines
}

/// A whole campaign of 16 in 24 shards: every shard drawn and counted
/// again agrees, and `merge` prints OEIS's counts. Then shard 5's total and
/// Burnside share are raised by 8 and its record sealed again: `merge`'s
/// arithmetic passes it (a multiple of 8, the fixed points untouched), and
/// the spot check names shard 5 and its file, prints no total and exits 2.
#[test]
fn a_spot_check_of_every_shard_passes_an_honest_campaign_and_names_a_forged_one() {
    let dir = scratch("forged");
    let records = dir.join("records");
    let (n, of) = (16, 24);
    campaign(n, "1..=24/24", &records);
    let (_, total, unique) = OEIS[n - 1];
    let want = format!("{total} {unique}\n");
    let honest = run(
        &[
            "merge",
            "--spot-check",
            "24",
            "--threads",
            "2",
            text(&records),
        ],
        b"",
    );
    assert_eq!(
        (honest.status, honest.stdout.as_str()),
        (0, want.as_str()),
        "{}",
        honest.report()
    );
    assert!(
        honest
            .stderr
            .contains("spot check: 24 of the 24 shards done of n=16"),
        "{}",
        honest.stderr
    );
    assert!(
        honest.stderr.contains("all 24 shard(s) agree"),
        "{}",
        honest.stderr
    );
    let five = Shard { index: 5, of };
    let forged = forge(&records, five, 8, 1234);
    let merged = run(&["merge", text(&records)], b"");
    let raised = format!("{} {}\n", total + 8, unique + 1);
    assert_eq!(
        (merged.status, merged.stdout.as_str()),
        (0, raised.as_str()),
        "{}",
        merged.report()
    );
    let checked = run(
        &[
            "merge",
            "--spot-check",
            "100",
            "--threads",
            "2",
            text(&records),
        ],
        b"",
    );
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (2, ""),
        "{}",
        checked.report()
    );
    let named = format!(
        "shard 5/24 ('{}' line {}) has total=",
        forged.0.display(),
        forged.1
    );
    assert!(checked.stderr.contains(&named), "{}", checked.stderr);
    assert!(
        checked
            .stderr
            .contains("1 of 24 shard(s) counted again disagree"),
        "{}",
        checked.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The sample is drawn from the records alone: a campaign of 17 (cross
/// mode) in 64 shards, shard 9's total raised by 16 and sealed again with
/// one `cpu=` after another until the records' seed draws it as the one
/// shard of `--spot-check 1` (the library's [`seed_of`] and [`draw`] say
/// so before the run; other `cpu=` drew other shards: the draw moves with
/// any record). The check draws it too and names it.
#[test]
fn a_spot_check_of_one_shard_draws_from_the_records_and_catches_the_forged_one_it_draws() {
    let dir = scratch("drawn");
    let records = dir.join("records");
    let (n, of) = (17, 64);
    campaign(n, "1..=64/64", &records);
    let (path, at, line) = record_at(&records, 9, of).unwrap();
    let (mut forged, _) = Record::parse_timed(&line).unwrap();
    forged.counts.total += 16;
    forged.counts.burnside += 16;
    let mut draws = Vec::new();
    let mut cpu_ms = 1000;
    let seed = loop {
        edit_record(&records, 9, of, |_| Some(forged.timed_line(cpu_ms)));
        let seed = seed_of(lines(&records).iter().map(|l| l.trim()));
        let shard = draw(of, 1, seed)[0] + 1;
        draws.push(shard);
        if shard == 9 {
            break seed;
        }
        cpu_ms += 1;
        assert!(cpu_ms < 3000, "no cpu= drew shard 9: {draws:?}");
    };
    draws.dedup();
    assert!(
        draws.len() > 1 || cpu_ms == 1000,
        "the draw moves with a record: {draws:?}"
    );
    let checked = run(
        &[
            "merge",
            "--spot-check",
            "1",
            "--threads",
            "2",
            text(&records),
        ],
        b"",
    );
    assert_eq!(
        (checked.status, checked.stdout.as_str()),
        (2, ""),
        "{}",
        checked.report()
    );
    let said =
        format!("1 of the 64 shards done of n=17 in 64 (seed {seed:016x}, from the records): 9;");
    assert!(checked.stderr.contains(&said), "{}", checked.stderr);
    let named = format!("shard 9/64 ('{}' line {at}) has total=", path.display());
    assert!(checked.stderr.contains(&named), "{}", checked.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Partial campaigns (`merge --status --spot-check`): the shards done of
/// 14 (the constellations) and of 18 (diagonal mode) agree; at 18 a
/// forged one among them is named.
#[test]
fn a_spot_check_of_a_partial_campaign_checks_the_shards_done() {
    for (n, range, of) in [(14, "1..=6/40", 40), (18, "1..=4/507", 507)] {
        let dir = scratch(&format!("partial-{n}"));
        let records = dir.join("records");
        campaign(n, range, &records);
        let args = [
            "merge",
            "--status",
            "--spot-check",
            "10",
            "--threads",
            "2",
            text(&records),
        ];
        let honest = run(&args, b"");
        assert_eq!(honest.status, 0, "{}", honest.report());
        let done = range
            .split("..=")
            .nth(1)
            .unwrap()
            .split('/')
            .next()
            .unwrap();
        let said = format!("spot check: {done} of the {done} shards done of n={n} in {of}");
        assert!(honest.stderr.contains(&said), "{}", honest.stderr);
        assert!(
            honest.stderr.contains("agree with their records"),
            "{}",
            honest.stderr
        );
        if n == 18 {
            let forged = forge(&records, Shard { index: 2, of }, 8, 1);
            let checked = run(&args, b"");
            assert_eq!(checked.status, 2, "{}", checked.report());
            let named = format!(
                "shard 2/507 ('{}' line {}) has total=",
                forged.0.display(),
                forged.1
            );
            assert!(checked.stderr.contains(&named), "{}", checked.stderr);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
