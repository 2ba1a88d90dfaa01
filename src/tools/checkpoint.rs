//! Checkpoints: `count N --checkpoint FILE` records each finished work unit
//! in FILE, and a rerun with the same FILE counts only the units not yet
//! recorded, so a killed or crashed count resumes where it stopped.
//!
//! # The format (version 2)
//! A text file of lines, each ending in `\n`, each ending in its own
//! checksum: ` crc=C`, `C` the CRC-32 (IEEE, as `zlib`'s `crc32`) of the
//! line's bytes before ` crc=`, as 8 lowercase hex digits. The first line is
//! the header, naming the run the units belong to:
//!
//! ```text
//! nqueens-checkpoint 2 version=0.1.0 n=17 split=ae1bea4b6042f4c6 units=4319 shard=whole unique=0 crc=6c055d14
//! ```
//!
//! `2` is the format version, `version` the program's, `split` the
//! [`crate::tools::shard::fingerprint`] of the whole cost-sorted unit list,
//! `units` its length, `shard` `I/K` or `whole`, `unique` `1` when unique
//! counts are recorded (always for shards). Every later line is one
//! finished unit, by its 0-based position in that list (a shard's units keep
//! their positions in the whole list):
//!
//! ```text
//! unit 7 total=31616 burnside=0 crc=aa747d84
//! ```
//!
//! `total` and `burnside` are the unit's shares of the total and of
//! Burnside's sum, 8 times the unique count ([`crate::engine::counts`];
//! `burnside=0` when unique counts are not recorded). Every line must be exactly as this program writes it (no
//! extra spaces, leading zeros or upper-case hex): a line is valid when it
//! is the canonical form of what it parses to and its checksum matches.
//!
//! # Writing
//! A new file is written whole elsewhere (`FILE.tmp-PID`: the header, then
//! `fsync`) and renamed to FILE, so FILE never holds a partial header (a
//! kill in between may leave `FILE.tmp-PID` behind, to be deleted). Each
//! finished unit appends its line with one `write` as soon as it ends: a
//! killed process (even `kill -9`) loses only the units that were running.
//! The data reach the disk (`File::sync_data`) at most [`SYNC_EVERY`] after
//! they are written, from a thread of their own, and once more at the end: a
//! crash of the whole machine loses at most that last second's units too.
//! (An `fsync` per unit costs 0.2-3.5 ms here; `count 16` finishes a few
//! thousand units in about a second, so that would cost far more than 2%.)
//!
//! # Cost
//! One formatted line, one CRC-32 and one `write` per unit, and an `fsync`
//! a second: at n = 16 (3206 units, about 1.2-1.3 s of one core) that is
//! 3207 `write`s and 2-4 `fdatasync`s, about 1.7% of the time by a
//! profile. The measurements, and the commands to repeat them, are with
//! the benchmarks: `benches/NOTES.md`.
//!
//! # Reading (resuming)
//! - A header that is cut off, damaged (checksum), or of another format,
//!   program version, `n`, unit list, shard or `unique` is refused with a
//!   message saying which (exit status 2): those units would not add up to
//!   this run's count. Another file or deleting this one starts afresh.
//! - A damaged last record (cut off by a kill, or garbage a crash left) is
//!   dropped, and so is every damaged line after the last valid record; the
//!   file is truncated after that record before new records are appended.
//!   The dropped units are counted again.
//! - A damaged record between valid ones (which no kill produces: a disk
//!   error or an edit) is dropped too, reported on stderr, and its unit
//!   counted again; it stays in the file and is dropped again on every read.
//! - Two valid records of the same unit with the same counts are one; with
//!   different counts the file is refused (one of them is wrong, and which
//!   is unknowable). A valid record of a unit that is not in the list (or
//!   not in the shard) is refused likewise.
//!
//! So a damaged file either is refused or yields a subset of the records
//! written, each once: never a wrong total (but for CRC-32's 2^-32 chance
//! of passing a damaged line).

mod format;
mod reader;
mod writer;

pub use format::{Entry, Header, FORMAT, MAGIC};
pub use reader::{read, Contents};
pub use writer::{Checkpoint, SYNC_EVERY};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::counter::Counts;
    use crate::tools::seal::sealed;
    use crate::tools::shard::Shard;
    use std::fs::{self, OpenOptions};
    use std::io::Write;

    fn header() -> Header {
        Header::new(12, 0x0123_4567_89ab_cdef, 40, None, true)
    }

    fn entry(unit: usize) -> Entry {
        Entry {
            unit,
            counts: Counts {
                total: 8 * unit as u128 + 3,
                burnside: unit as u128,
            },
        }
    }

    /// A valid file with `header` and the records of `units`, in order; and
    /// the byte offset where each line ends (after its newline).
    fn file(header: &Header, units: &[usize]) -> (Vec<u8>, Vec<usize>) {
        let mut text = format!("{}\n", header.line());
        let mut ends = vec![text.len()];
        for &unit in units {
            text.push_str(&entry(unit).line());
            text.push('\n');
            ends.push(text.len());
        }
        (text.into_bytes(), ends)
    }

    fn units_of(contents: &Contents) -> Vec<usize> {
        contents.done.iter().map(|e| e.unit).collect()
    }

    const UNITS: [usize; 7] = [5, 0, 39, 17, 2, 30, 11];

    #[test]
    fn a_valid_file_reads_back_sorted() {
        let (bytes, _) = file(&header(), &UNITS);
        let contents = read(&bytes, &header()).unwrap();
        let mut sorted = UNITS.to_vec();
        sorted.sort();
        assert_eq!(units_of(&contents), sorted);
        assert!(contents.done.iter().all(|e| *e == entry(e.unit)));
        assert_eq!((contents.keep, contents.tail), (bytes.len(), false));
        assert!(contents.damaged.is_empty());
    }

    #[test]
    fn a_file_cut_at_any_byte_keeps_exactly_its_complete_records() {
        let (bytes, ends) = file(&header(), &UNITS);
        for cut in 0..=bytes.len() {
            let result = read(&bytes[..cut], &header());
            if cut < ends[0] {
                // The header itself is written whole (by a rename) and
                // never cut: a cut-off header is refused.
                assert!(result.is_err(), "cut at {cut}");
                continue;
            }
            let contents = result.unwrap();
            let complete = ends.iter().filter(|&&end| end <= cut).count() - 1;
            let mut expected = UNITS[..complete].to_vec();
            expected.sort();
            assert_eq!(units_of(&contents), expected, "cut at {cut}");
            assert_eq!(contents.keep, ends[complete], "cut at {cut}");
            assert_eq!(contents.tail, cut != ends[complete], "cut at {cut}");
            assert!(contents.damaged.is_empty());
        }
    }

    #[test]
    fn every_flipped_bit_is_refused_or_loses_only_the_damaged_records() {
        let (bytes, ends) = file(&header(), &UNITS);
        for at in 0..bytes.len() {
            for bit in 0..8 {
                let mut damaged = bytes.clone();
                damaged[at] ^= 1 << bit;
                let Ok(contents) = read(&damaged, &header()) else {
                    // Only the header's damage may be refused.
                    assert!(at < ends[0], "byte {at} bit {bit} refused");
                    continue;
                };
                // The line hit, and the next one when its newline was.
                let line = ends.iter().position(|&end| at < end).unwrap();
                let hit = line - 1..(line + 1).min(UNITS.len());
                let lost: &[usize] = if damaged[at] == b'\n' || bytes[at] == b'\n' {
                    &UNITS[hit]
                } else {
                    &UNITS[line - 1..line]
                };
                for unit in UNITS {
                    let found = contents.done.iter().any(|e| e.unit == unit);
                    assert!(
                        found || lost.contains(&unit),
                        "byte {at} bit {bit}: lost {unit}"
                    );
                }
                assert!(contents.done.iter().all(|e| *e == entry(e.unit)));
                assert!(contents.done.windows(2).all(|w| w[0].unit < w[1].unit));
            }
        }
    }

    #[test]
    fn damage_in_the_middle_is_dropped_and_reported() {
        let (mut bytes, ends) = file(&header(), &UNITS);
        bytes[ends[2] + 3] = b'X';
        let contents = read(&bytes, &header()).unwrap();
        assert_eq!(contents.damaged, [4]);
        assert!(!contents.tail);
        assert_eq!(contents.keep, bytes.len());
        assert_eq!(contents.done.len(), UNITS.len() - 1);
        assert!(!contents.done.iter().any(|e| e.unit == UNITS[2]));
    }

    #[test]
    fn garbage_after_the_last_record_is_a_tail() {
        let (bytes, _) = file(&header(), &UNITS);
        for garbage in [
            &b"\0\0\0\0"[..],
            b"unit 3 total=27 burnside=3 crc=00000000\n",
            b"\n\n",
        ] {
            let mut damaged = bytes.clone();
            damaged.extend_from_slice(garbage);
            let contents = read(&damaged, &header()).unwrap();
            assert!(contents.tail && contents.damaged.is_empty());
            assert_eq!(contents.keep, bytes.len());
            assert_eq!(contents.done.len(), UNITS.len());
        }
    }

    #[test]
    fn a_header_of_another_run_is_refused_with_the_reason() {
        let theirs = |change: &dyn Fn(&mut Header)| {
            let mut other = header();
            change(&mut other);
            let (bytes, _) = file(&other, &[1, 2]);
            read(&bytes, &header()).unwrap_err()
        };
        assert_eq!(
            theirs(&|h| h.n = 13),
            "is of n=12, not n=12".replace("12, not", "13, not")
        );
        assert!(theirs(&|h| h.version = "0.0.1".into()).starts_with("was written by nqueens 0.0.1"));
        assert!(theirs(&|h| h.split ^= 1).starts_with("was dealt from another unit list"));
        assert!(theirs(&|h| h.units = 41).starts_with("was dealt from another unit list"));
        assert_eq!(
            theirs(&|h| h.shard = Some(Shard { index: 1, of: 2 })),
            "is of shard 1/2, not the whole count"
        );
        assert_eq!(
            theirs(&|h| h.unique = false),
            "was made without --unique, this run is with it"
        );
        let (bytes, _) = file(&header(), &[1]);
        let text = String::from_utf8(bytes).unwrap();
        let other_format = text.replacen("checkpoint 2 ", "checkpoint 1 ", 1);
        assert_eq!(
            read(other_format.as_bytes(), &header()).unwrap_err(),
            "is of checkpoint format '1'; this nqueens reads format 2"
        );
        let damaged = text.replacen("n=12", "n=13", 1);
        assert!(read(damaged.as_bytes(), &header())
            .unwrap_err()
            .starts_with("has a damaged header"));
        assert_eq!(
            read(b"14200\n", &header()).unwrap_err(),
            "is not an nqueens checkpoint"
        );
        assert!(read(b"", &header()).is_err());
    }

    #[test]
    fn duplicates_are_one_when_equal_and_refused_when_not() {
        let (bytes, _) = file(&header(), &[3, 4, 3, 3]);
        let contents = read(&bytes, &header()).unwrap();
        assert_eq!(units_of(&contents), [3, 4]);
        let (mut bytes, _) = file(&header(), &[3, 4]);
        let mut other = entry(3);
        other.counts.total += 8;
        bytes.extend_from_slice(format!("{}\n", other.line()).as_bytes());
        assert_eq!(
            read(&bytes, &header()).unwrap_err(),
            "line 4: unit 3 is recorded twice with different counts"
        );
    }

    #[test]
    fn a_unit_outside_the_run_is_refused() {
        let (bytes, _) = file(&header(), &[3, 40]);
        assert!(read(&bytes, &header())
            .unwrap_err()
            .contains("unit 40, which is not among"));
        let shard = Header {
            shard: Some(Shard { index: 2, of: 3 }),
            ..header()
        };
        let (bytes, _) = file(&shard, &[1, 4, 5]);
        assert!(read(&bytes, &shard)
            .unwrap_err()
            .starts_with("line 4: records unit 5"));
    }

    #[test]
    fn only_canonical_lines_are_valid() {
        let good = entry(7).line();
        assert_eq!(Entry::parse(&good), Some(entry(7)));
        for body in [
            "unit 07 total=59 burnside=7",
            "unit +7 total=59 burnside=7",
            "unit 7 total=59  burnside=7",
        ] {
            assert_eq!(Entry::parse(&sealed(body)), None, "{body}");
        }
        assert_eq!(Entry::parse(&good.to_uppercase()), None);
        let line = header().line();
        assert_eq!(Header::parse(&line.replace("split=01", "split=1")), None);
    }

    #[test]
    fn open_creates_resumes_and_cuts_the_tail() {
        let dir = std::env::temp_dir().join(format!("nqueens-ckpt-unit-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ckpt");
        let _ = fs::remove_file(&path);
        let (checkpoint, contents) = Checkpoint::open(&path, &header()).unwrap();
        assert!(contents.done.is_empty());
        checkpoint.syncing(|| {
            checkpoint.record(entry(5));
            checkpoint.record(entry(9));
        });
        checkpoint.finish().unwrap();
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"unit 1 tot").unwrap();
        let (checkpoint, contents) = Checkpoint::open(&path, &header()).unwrap();
        assert_eq!(units_of(&contents), [5, 9]);
        assert!(contents.tail);
        checkpoint.record(entry(1));
        checkpoint.finish().unwrap();
        let contents = read(&fs::read(&path).unwrap(), &header()).unwrap();
        assert_eq!(units_of(&contents), [1, 5, 9]);
        assert!(!contents.tail);
        let other = Header { n: 13, ..header() };
        let message = Checkpoint::open(&path, &other).err().unwrap().to_string();
        assert!(message.contains("is of n=12, not n=13"), "{message}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
