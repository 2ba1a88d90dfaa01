//! Quotes as the user reads them (issue 38): shard advice about the shard
//! asked for, estimates timed on this machine (pinned here by
//! `NQUEENS_CALIBRATION`), notes on stderr for long work off a terminal,
//! and progress that starts with each long case.

use crate::util::run;

/// The shard count of the command an advice line names
/// (`` `nqueens count N --shard J/K` ``).
fn advised_shards(line: &str) -> Option<usize> {
    let (_, advice) = line.split_once("`nqueens count ")?;
    let (_, rest) = advice.split_once("--shard ")?;
    let (_, rest) = rest.split_once('/')?;
    rest.split('`').next()?.parse().ok()
}

#[test]
fn a_shard_of_one_work_unit_is_not_advised_a_coarser_split() {
    // 57 days of CPU in about one work unit of 28's 41000: the finest split.
    let line = run(&["count", "28", "--shard", "1/40000", "--estimate"], b"").stdout;
    assert!(line.contains("cannot be split further"), "{line}");
    assert_eq!(advised_shards(&line), None, "{line}");
}

#[test]
fn a_long_shard_is_advised_the_finer_shards_it_is_made_of() {
    // A hundredth of count 25: about 20 days of CPU, in 260 units.
    let line = run(&["count", "25", "--shard", "3/100", "--estimate"], b"").stdout;
    let finer = advised_shards(&line).unwrap_or_else(|| panic!("{line}"));
    assert_eq!(finer % 100, 0, "{line}");
    assert!(finer > 100, "{line}");
    assert!(line.contains("shards 3, 103, ..., "), "{line}");
    // Each of them is what its own estimate says: about an hour.
    let one = run(
        &["count", "25", "--shard", &format!("3/{finer}"), "--estimate", "--threads", "1"],
        b"",
    )
    .stdout;
    assert!(!one.contains("more than a day"), "{one}");
    let hours = one.contains(" min on 1 thread") || one.contains(" h on 1 thread");
    assert!(hours, "{one}");
}
