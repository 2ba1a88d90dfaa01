//! Fuzzes `merge`'s record parser and the merge itself
//! (`nqueens::tools::shard::parse_records`, `nqueens::tools::campaign::merge`): any bytes as the text
//! of shard records.
//!
//! Invariants:
//! - no panic, whatever the numbers (K up to usize::MAX, totals near
//!   u128::MAX);
//! - a record line read prints back as the same record;
//! - a merge that succeeds saw one N, one K, one split, and each shard
//!   `1..=K` exactly once, and its counts are the records' sums (so no shard
//!   is added twice and none is left out);
//! - the same records with any one repeated never merge.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::tools::campaign::merge;
use nqueens::tools::shard::{parse_records, Record};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(records) = parse_records("fuzz", &text) else {
        return;
    };
    for record in &records {
        assert_eq!(Record::parse(&record.line()), Some(*record));
    }
    match merge(&records) {
        Ok((n, counts)) => {
            let first = records[0];
            assert_eq!(n, first.n);
            assert_eq!(records.len(), first.shard.of);
            let mut indices: Vec<usize> = records.iter().map(|r| r.shard.index).collect();
            indices.sort_unstable();
            assert!(indices.iter().copied().eq(1..=first.shard.of));
            assert!(records.iter().all(|r| r.n == n && r.split == first.split));
            let total = records.iter().map(|r| r.counts.total).sum::<u128>();
            let burnside = records.iter().map(|r| r.counts.burnside).sum::<u128>();
            assert_eq!((counts.total, counts.burnside), (total, burnside));
            assert_eq!(burnside % 8, 0, "merge refuses other Burnside sums");
            for doubled in 0..records.len().min(4) {
                let mut again = records.clone();
                again.push(records[doubled]);
                assert!(merge(&again).is_err(), "shard added twice");
            }
        }
        Err(e) => assert!(!e.to_string().contains('\n'), "one-line message: {e}"),
    }
});
