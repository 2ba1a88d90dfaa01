//! Blank-board counts and the `count` / `merge` commands: totals and
//! unique counts against OEIS, enumeration against the plain search, shards
//! merged back against whole counts, and the exact output formats.

use std::ops::ControlFlow;

use nqueens::base::board::Board;
use nqueens::base::problem::Problem;
use nqueens::engine::constellations::ConstellationEngine;

use crate::util::{run, OEIS};

#[test]
fn totals_and_unique_match_oeis_up_to_13() {
    for &(n, total, unique) in OEIS.iter().filter(|row| row.0 <= 13) {
        let counts = ConstellationEngine::new(n).counts(2, true).unwrap();
        assert_eq!((counts.total, counts.unique()), (total, unique), "n = {n}");
        assert_eq!(
            ConstellationEngine::new(n).count(),
            total,
            "blank::count({n})"
        );
    }
}

#[test]
#[ignore = "a few seconds in release: cargo test --release -- --ignored"]
fn totals_and_unique_match_oeis_up_to_16() {
    for &(n, total, unique) in OEIS.iter().filter(|row| (14..=16).contains(&row.0)) {
        let threads = nqueens::tools::settings::Machine::this().cores;
        let counts = ConstellationEngine::on_threads(n, threads)
            .unwrap()
            .counts(threads, true)
            .unwrap();
        assert_eq!((counts.total, counts.unique()), (total, unique), "n = {n}");
    }
}

#[test]
fn engine_agrees_with_the_plain_kernel_and_the_mirror_baseline() {
    for n in 1..=11 {
        let plain = Problem::new(&Board::blank(n)).count();
        assert_eq!(ConstellationEngine::new(n).count(), plain, "n = {n}");
        assert_eq!(nqueens::base::mirror::count(n), plain, "n = {n}");
    }
}

#[test]
fn enumeration_yields_every_solution_exactly_once() {
    for n in 1..=10 {
        let mut engine = Vec::new();
        ConstellationEngine::new(n).for_each_solution(|cols| engine.push(cols.to_vec()));
        let mut plain = Vec::new();
        Problem::new(&Board::blank(n)).for_each_solution(|cols| {
            plain.push(cols.to_vec());
            ControlFlow::Continue(())
        });
        engine.sort();
        assert_eq!(engine, plain, "n = {n}");
    }
}

/// Runs every shard of `count n` split `of` ways through the binary.
fn shard_records(n: usize, of: usize) -> String {
    let mut records = String::new();
    for index in 1..=of {
        let r = run(
            &["count", &n.to_string(), "--shard", &format!("{index}/{of}")],
            b"",
        );
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert!(r
            .stdout
            .starts_with(&format!("shard {index}/{of} n={n} split=")));
        records.push_str(&r.stdout);
    }
    records
}

#[test]
fn merged_shards_equal_the_whole_count() {
    for (n, of) in [(1, 3), (6, 2), (8, 1), (8, 5), (11, 4), (12, 7), (13, 3)] {
        let (_, total, unique) = OEIS[n - 1];
        let merged = run(&["merge"], shard_records(n, of).as_bytes());
        assert_eq!(
            (merged.stdout, merged.status),
            (format!("{total} {unique}\n"), 0),
            "n = {n}, {of} shards"
        );
    }
}

#[test]
fn merge_reads_files_in_any_order() {
    let records = shard_records(10, 3);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut paths = Vec::new();
    for (i, line) in records.lines().rev().enumerate() {
        let path = dir.join(format!("part{i}.txt"));
        std::fs::write(&path, format!("{line}\n")).unwrap();
        paths.push(path.to_string_lossy().into_owned());
    }
    let mut args = vec!["merge"];
    args.extend(paths.iter().map(String::as_str));
    let r = run(&args, b"");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!((r.stdout, r.status), ("724 92\n".to_string(), 0));
}

/// A binary file given to `merge` is an error naming the file and the
/// line, as every other error does (issue 38: "stream did not contain
/// valid UTF-8", nothing more).
#[test]
fn merge_names_the_file_and_line_of_bytes_that_are_not_text() {
    let records = shard_records(10, 2);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("merge-binary");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("records.bin");
    let mut bytes = records.into_bytes();
    bytes.extend_from_slice(b"\x7fELF\x02\x01\x01\x00\xff\n");
    std::fs::write(&path, bytes).unwrap();
    let name = path.to_str().unwrap();
    let r = run(&["merge", name], b"");
    assert_eq!((r.status, r.stdout.as_str()), (2, ""));
    assert!(
        r.stderr.starts_with(&format!(
            "nqueens: {name}: line 3: not text (bytes that are not UTF-8)"
        )),
        "{}",
        r.stderr
    );
    let r = run(&["merge"], b"\xff");
    assert!(
        r.stderr.starts_with("nqueens: stdin: line 1: not text"),
        "{}",
        r.stderr
    );
}

/// The `split=` field of a record line.
fn split_of(line: &str) -> String {
    let start = line.find("split=").expect("a split field") + "split=".len();
    line[start..start + 16].to_string()
}

/// A record line changed as a program would have written it: its `crc=`
/// made anew.
fn resealed(line: &str) -> String {
    let body = line.rsplit_once(" crc=").map_or(line, |(body, _)| body);
    let crc = nqueens::tools::seal::crc32(body.as_bytes());
    format!("{body} crc={crc:08x}")
}

#[test]
fn merge_refuses_incomplete_or_mixed_splits() {
    let records = shard_records(9, 3);
    let lines: Vec<&str> = records.lines().collect();
    let other_k = shard_records(9, 2);
    let other_n = shard_records(8, 3);
    let cases = [
        (
            format!("{}\n{}\n", lines[0], lines[2]),
            "shards of n=9 missing (of 3): 2",
        ),
        (
            // Shard 2 again with another total (a flipped bit, sealed).
            format!(
                "{records}{}\n",
                resealed(&lines[1].replace(" total=", " total=1"))
            ),
            "shard 2/3 of n=9 is recorded twice with different counts: 'stdin' line 2 has total=",
        ),
        (
            format!("{}{}", records, other_k.lines().next().unwrap()),
            "records of different splits",
        ),
        (
            format!("{}{}", records, other_n.lines().next().unwrap()),
            "records of different splits",
        ),
        (
            // Shard 2 as another unit list would have dealt it.
            format!(
                "{}\n{}\n{}\n",
                lines[0],
                resealed(&lines[1].replace(&split_of(lines[1]), "0123456789abcdef")),
                lines[2]
            ),
            "records of different splits: shards 1 and 2 of n=9 were dealt from different unit lists",
        ),
        (
            format!("{records}352\n"),
            "stdin: line 4: expected 'shard I/K",
        ),
        (String::new(), "no shard records to merge"),
    ];
    for (input, message) in cases {
        let r = run(&["merge"], input.as_bytes());
        assert_eq!(r.status, 2, "{input}");
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        assert!(
            r.stderr.starts_with(&format!("nqueens: {message}")),
            "{}",
            r.stderr
        );
    }
}

#[test]
fn output_formats_are_exact() {
    assert_eq!(run(&["count", "8"], b"").stdout, "92\n");
    assert_eq!(run(&["count", "8", "--unique"], b"").stdout, "92 12\n");
    let table = run(&["count", "4..=6"], b"").stdout;
    let (header, table) = table.split_once('\n').unwrap();
    assert_eq!(
        header, " N              total            unique    seconds",
        "a header aligned with the rows"
    );
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 3, "{table}");
    for (row, expected) in rows
        .iter()
        .zip([["4", "2", "1"], ["5", "10", "2"], ["6", "4", "1"]])
    {
        assert_eq!(&row[..3], expected);
        assert!(row[3].parse::<f64>().is_ok(), "{table}");
    }
}

#[test]
fn every_thread_count_gives_the_same_output() {
    let first_columns = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            .collect()
    };
    let mut outputs = Vec::new();
    for threads in ["1", "2", "3", "16"] {
        let single = run(&["count", "12", "--unique", "--threads", threads], b"");
        let table = run(&["count", "1..=11", "--threads", threads], b"");
        let shard = run(
            &["count", "11", "--shard", "2/3", "--threads", threads],
            b"",
        );
        outputs.push((single.stdout, first_columns(&table.stdout), shard.stdout));
    }
    assert_eq!(outputs[0].0, "14200 1787\n");
    assert!(outputs.windows(2).all(|w| w[0] == w[1]), "{outputs:?}");
}

#[test]
fn progress_never_reaches_stdout() {
    let r = run(&["count", "13", "--progress", "--unique"], b"");
    assert_eq!((r.stdout, r.status), ("73712 9233\n".to_string(), 0));
}

#[test]
fn count_usage_errors_exit_2_with_counts_usage_only_when_malformed() {
    for (args, malformed) in [
        (&["count"][..], true),
        (&["count", "8", "--bogus"], true),
        (&["count", "0"], false),
        (&["count", "x..=3"], false),
        (&["count", "5", "--shard", "0/2"], false),
        (&["count", "3..=5", "--shard", "1/2"], false),
    ] {
        let r = run(args, b"");
        assert_eq!(r.status, 2, "{args:?}");
        assert_eq!(
            r.stderr.contains("\nusage: nqueens count N"),
            malformed,
            "{args:?}: {}",
            r.stderr
        );
        assert_eq!(r.stderr.lines().count(), 1 + usize::from(malformed));
    }
    // An option of another command: judge mode's, the global usage.
    let r = run(&["--unique"], b"");
    assert!(
        r.stderr.contains("\nusage: nqueens [OPTIONS]"),
        "{}",
        r.stderr
    );
}

/// `count --shard I/K --plan FILE`: the first shard plans and writes FILE,
/// the others read it and print the same records as shards that plan for
/// themselves, which merge to OEIS; a FILE made for other options, or
/// damaged, is refused before anything is printed; where nothing slow is
/// planned (the constellations) no FILE is written.
#[test]
fn shards_sharing_a_plan_file_merge_to_oeis_and_foreign_files_are_refused() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("nqueens-plan-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let plan = dir.join("plan16");
    let plan = plan.to_str().unwrap();
    let (n, of) = (16, 3);
    let mut records = String::new();
    for index in 1..=of {
        let shard = format!("{index}/{of}");
        let args = ["count", "16", "--shard", &shard, "--threads", "2"];
        let shared = run(&[&args[..], &["--plan", plan]].concat(), b"");
        assert_eq!(shared.status, 0, "{}", shared.stderr);
        assert!(
            std::path::Path::new(plan).exists(),
            "shard {shard} wrote no plan"
        );
        assert_eq!(shared.stdout, run(&args, b"").stdout, "shard {shard}");
        records.push_str(&shared.stdout);
    }
    let (_, total, unique) = OEIS[n - 1];
    let merged = run(&["merge"], records.as_bytes());
    assert_eq!(merged.stdout, format!("{total} {unique}\n"));

    let other = run(
        &[
            "count",
            "16",
            "--shard",
            "1/3",
            "--threads",
            "1",
            "--plan",
            plan,
        ],
        b"",
    );
    assert_eq!((other.status, other.stdout.as_str()), (2, ""));
    assert!(
        other
            .stderr
            .contains("--threads 2', not 'count 16 --memory 1GiB --threads 1'"),
        "{}",
        other.stderr
    );
    let mut bytes = std::fs::read(plan).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x40;
    std::fs::write(plan, &bytes).unwrap();
    let damaged = run(
        &[
            "count",
            "16",
            "--shard",
            "1/3",
            "--threads",
            "2",
            "--plan",
            plan,
        ],
        b"",
    );
    assert_eq!((damaged.status, damaged.stdout.as_str()), (2, ""));
    assert!(damaged.stderr.contains("is damaged"), "{}", damaged.stderr);

    let small = dir.join("plan12");
    let r = run(&["count", "12", "--plan", small.to_str().unwrap()], b"");
    assert_eq!((r.stdout.as_str(), r.status), ("14200\n", 0));
    assert!(!small.exists(), "the constellations wrote a plan");
    let range = run(&["count", "8..=9", "--plan", plan], b"");
    assert_eq!(range.status, 2, "{}", range.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shard of a count with fewer units than shards holds one unit or
/// none, and says which on stderr, its record on stdout unchanged; a
/// total of 0 is explained (issue 75: `count 16 --shard 1/1000` printed
/// `total=0` beside a note that shards 478..=1000 held none, counting the
/// join's units only: it held one, which has no solution).
#[test]
fn a_shard_says_which_units_it_holds_and_why_its_total_is_0() {
    use nqueens::tools::shard::Record;
    let shard = |n: usize, index: usize| {
        let spec = format!("{index}/1000");
        let r = run(
            &["count", &n.to_string(), "--threads", "2", "--shard", &spec],
            b"",
        );
        assert_eq!(r.status, 0, "{}", r.stderr);
        let record = Record::parse(r.stdout.trim_end()).expect("one record on stdout");
        assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
        (record, r.stderr)
    };
    // The join (n = 16): its units, then the symmetric ones.
    let (record, stderr) = shard(16, 1);
    let number = |after: &str| -> usize {
        let at = stderr
            .find(after)
            .unwrap_or_else(|| panic!("{after}: {stderr}"))
            + after.len();
        let digits: String = stderr[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().unwrap()
    };
    let all = number("holds 1 unit of count 16's ");
    let join = number(&format!("count 16's {all} units ("));
    assert_eq!(all, join + 7 * 16, "{stderr}");
    assert!(all < 1000, "{stderr}");
    let tail = format!(
        "shards {}..=1000 hold none; --shard I/K with K <= {all} gives every shard a unit\n",
        all + 1
    );
    assert_eq!(record.counts.total, 0);
    assert_eq!(
        stderr,
        format!(
            "nqueens: note: shard 1/1000 holds 1 unit of count 16's {all} units ({join} of \
             the join, then {} symmetric ones that count only the solutions a symmetry \
             fixes, for the unique count): unit 1; {tail}\
             nqueens: note: shard 1/1000: total=0 is right: its unit holds no solution\n",
            all - join
        )
    );
    let (record, stderr) = shard(16, 2);
    assert!(record.counts.total > 0);
    assert!(stderr.contains(": unit 2; shards "), "{stderr}");
    assert!(!stderr.contains("total=0"), "{stderr}");
    let symmetric = join + 1;
    let (record, stderr) = shard(16, symmetric);
    assert_eq!(record.counts.total, 0);
    assert!(
        stderr.contains(&format!(": unit {symmetric}, a symmetric one; {tail}")),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(&format!(
            "nqueens: note: shard {symmetric}/1000: total=0 is right: its unit only counts \
             the solutions a symmetry fixes, for the unique count (burnside={})\n",
            record.counts.burnside
        )),
        "{stderr}"
    );
    let (record, stderr) = shard(16, all + 1);
    assert_eq!((record.counts.total, record.counts.burnside), (0, 0));
    assert!(
        stderr.starts_with(&format!(
            "nqueens: note: shard {}/1000 holds no unit of count 16's {all} units (",
            all + 1
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with(&format!(
            "): its record is empty (total=0 burnside=0), and merge needs it; {tail}"
        )),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // The constellations (n = 8): units of one kind.
    let (_, stderr) = shard(8, 1000);
    assert!(
        stderr.starts_with("nqueens: note: shard 1000/1000 holds no unit of count 8's "),
        "{stderr}"
    );
    assert!(!stderr.contains("of the join"), "{stderr}");
}

/// Issue 101: `--memory 1TiB` or `9999999GiB` was taken without a word.
/// Above the machine's memory it is still taken (a count may be planned
/// here for a bigger node), with a note on stderr; the answer is the same.
#[test]
fn a_memory_limit_above_the_machine_is_noted() {
    let has = std::fs::read_to_string("/proc/meminfo").is_ok();
    let r = run(&["count", "8", "--memory", "9999999GiB"], b"");
    assert_eq!((r.stdout.as_str(), r.status), ("92\n", 0), "{}", r.stderr);
    // Where the system tells its memory (Linux): 9.5 PiB is more.
    if has {
        assert!(
            r.stderr
                .starts_with("nqueens: --memory 9765.6 TiB is more than this machine's "),
            "{}",
            r.stderr
        );
    }
    let within = run(&["count", "8", "--memory", "64MiB"], b"");
    assert_eq!(
        (within.stdout.as_str(), within.stderr.as_str()),
        ("92\n", "")
    );
}
