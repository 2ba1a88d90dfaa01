//! Fuzzes the checkpoint reader (`nqueens::tools::checkpoint::read`).
//!
//! The first byte picks a mode:
//! - even: the rest is a whole file, after a valid header (so the fuzzer
//!   need not forge the header's checksum) when the second byte is odd;
//! - odd: the rest describes records that are written as a valid file, then
//!   damaged (cut at an offset, or one bit flipped); the damage must lose at
//!   most the records it touched, and a cut exactly the records it cut.
//!
//! Invariants of every read that is not refused: each unit appears once,
//! units are sorted, every unit is one of the run's (inside the list, in the
//! shard), `keep` ends a line within the file, and reading `keep` bytes again
//! gives the same units with no tail and nothing damaged after the last.

#![no_main]

use libfuzzer_sys::fuzz_target;
use nqueens::engine::constellations::Counts;
use nqueens::tools::checkpoint::{read, Contents, Entry, Header};
use nqueens::tools::shard::Shard;

fn header(shard_byte: u8) -> Header {
    let shard = match shard_byte % 4 {
        0 => None,
        k => Some(Shard {
            index: usize::from(shard_byte / 4) % usize::from(k) + 1,
            of: usize::from(k),
        }),
    };
    Header::new(11, 0x5eed_cafe, 64, shard, shard_byte & 0x80 != 0)
}

fn check(bytes: &[u8], header: &Header, contents: &Contents) {
    assert!(contents.done.windows(2).all(|w| w[0].unit < w[1].unit));
    assert!(contents.done.iter().all(|e| header.owns(e.unit)));
    assert!(contents.keep <= bytes.len() && bytes[contents.keep - 1] == b'\n');
    assert_eq!(contents.tail, contents.keep < bytes.len());
    let again = read(&bytes[..contents.keep], header).expect("the kept part reads");
    assert_eq!(again.done, contents.done);
    assert!(!again.tail);
    assert_eq!(again.damaged, contents.damaged);
    // Every unit read was written as such a line.
    let text = String::from_utf8_lossy(bytes);
    for entry in &contents.done {
        assert!(text.contains(&format!("\n{}\n", entry.line())));
    }
}

/// The counts a unit's record carries in mode "odd": a function of the
/// unit, so duplicates agree.
fn entry(unit: usize) -> Entry {
    Entry {
        unit,
        counts: Counts {
            total: (unit as u128) * 1_000_003 + 7,
            burnside: unit as u128,
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let header = header(mode >> 1);
    if mode & 1 == 0 {
        let mut bytes = Vec::new();
        if rest.first().map_or(false, |b| b & 1 == 1) {
            bytes.extend_from_slice(format!("{}\n", header.line()).as_bytes());
        }
        bytes.extend_from_slice(rest.get(1..).unwrap_or(&[]));
        if let Ok(contents) = read(&bytes, &header) {
            check(&bytes, &header, &contents);
        }
        return;
    }
    // A valid file: the header, then one record per byte of units.
    let (damage, units) = rest.split_at(rest.len().min(3));
    let units: Vec<usize> = (units.iter())
        .map(|&b| usize::from(b) % 64)
        .filter(|&u| header.owns(u))
        .collect();
    let mut bytes = format!("{}\n", header.line()).into_bytes();
    let mut ends = vec![bytes.len()];
    for &unit in &units {
        bytes.extend_from_slice(format!("{}\n", entry(unit).line()).as_bytes());
        ends.push(bytes.len());
    }
    let written = |lines: std::ops::Range<usize>| -> Vec<usize> {
        let mut u = units[lines].to_vec();
        u.sort();
        u.dedup();
        u
    };
    let all = written(0..units.len());
    let at = usize::from(u16::from_le_bytes([
        damage.first().copied().unwrap_or(0),
        damage.get(1).copied().unwrap_or(0),
    ])) % (bytes.len() + 1);
    let kind = damage.get(2).copied().unwrap_or(0);
    if kind & 1 == 0 {
        // Cut: a kill mid-write.
        let cut = &bytes[..at];
        let result = read(cut, &header);
        if at < ends[0] {
            assert!(result.is_err(), "a cut-off header is refused");
            return;
        }
        let contents = result.expect("a cut file is never refused");
        check(cut, &header, &contents);
        let complete = ends.iter().filter(|&&end| end <= at).count() - 1;
        let got: Vec<usize> = contents.done.iter().map(|e| e.unit).collect();
        assert_eq!(got, written(0..complete));
        assert!(contents.damaged.is_empty());
    } else {
        // One bit flipped.
        let at = at.min(bytes.len() - 1);
        let mut flipped = bytes.clone();
        flipped[at] ^= 1 << (kind >> 1 & 7);
        let Ok(contents) = read(&flipped, &header) else {
            assert!(at < ends[0], "only a damaged header is refused");
            return;
        };
        check(&flipped, &header, &contents);
        assert!(contents.done.iter().all(|e| *e == entry(e.unit)));
        let line = ends.iter().position(|&end| at < end).unwrap();
        let newline = bytes[at] == b'\n' || flipped[at] == b'\n';
        let hit = if newline {
            line - 1..(line + 1).min(units.len())
        } else {
            line - 1..line
        };
        for unit in all {
            let found = contents.done.iter().any(|e| e.unit == unit);
            // A unit may have other, undamaged records too.
            assert!(
                found || units[hit.clone()].contains(&unit),
                "lost unit {unit}"
            );
        }
    }
});
