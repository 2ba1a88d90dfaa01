//! The cost table (`src/tuning/`): every tuned number of the engines and
//! the planner has its row there, with a unit, what it prices and where it
//! came from (measured: how, when and the section of `benches/NOTES.md`
//! with the figures; or chosen, and why), and no numeric constant of
//! `src/engine` or `src/plan` outside it is a tuned number unless this
//! file knows it as a definition.
//!
//! How the sources are read: every item `const NAME: TYPE = VALUE;` (any
//! visibility, the value up to its `;`) whose type is a number, or an
//! array or tuple of numbers, and whose value has a digit in it (tests'
//! constants too). `src/base` is not
//! read: the bundles carry it alone, so it cannot import the table.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use nqueens::tuning::{self, Provenance, IN_NOTE};

/// The numeric constants of `src/engine` and `src/plan` that are not tuned
/// numbers: (file under `src/`, name, why). A constant found that is in
/// neither this list nor the table fails the test.
const DEFINITIONS: &[(&str, &str, &str)] = &[
    (
        "engine/half_board/recount.rs",
        "A000170",
        "its tests' published totals (OEIS), not a tuned number",
    ),
    (
        "engine/pricing.rs",
        "COST_CLASSES",
        "how many cost classes are priced apart",
    ),
    (
        "engine/counter.rs",
        "JOIN_TO",
        "as far as the join's pricing and the quarters' marks go",
    ),
    ("engine/counter.rs", "MIB", "a unit: bytes in a MiB"),
    (
        "engine/half_board/matching/buckets/popcount.rs",
        "WEIGHT",
        "the most a fitting bottom adds to a count: 1, or one per image",
    ),
    (
        "engine/half_board/matching/job.rs",
        "CLASSES",
        "how many weight classes a top may be of: a sum of three marks",
    ),
    (
        "engine/half_board/matching/job.rs",
        "MOST_PER_PAIR",
        "the weight of a top of the highest class, 2^(CLASSES - 1): a bound's factor",
    ),
    (
        "engine/half_board/quarters/walk.rs",
        "ONES",
        "a 1 in every nibble: the zero-nibble test's constant",
    ),
    (
        "engine/half_board/sieve.rs",
        "TIE",
        "which bit of a bottom's mask marks a tie: above every diagonal",
    ),
    (
        "engine/budget.rs",
        "DEFAULT_BYTES",
        "--memory's documented default",
    ),
    (
        "engine/counter/join.rs",
        "CROSS_MARKS_REVISION",
        "a fingerprint's revision mark",
    ),
    ("engine/counter/unit.rs", "PRIME", "the FNV hash's prime"),
    (
        "engine/half_board/ranked/run.rs",
        "TILED_ORDER",
        "a fingerprint's revision mark",
    ),
    (
        "engine/cpu.rs",
        "CLOCK_THREAD_CPUTIME_ID",
        "a Linux constant",
    ),
    ("engine/cpu.rs", "RUSAGE_THREAD", "a Linux constant"),
    ("engine/cpu.rs", "RUSAGE_SELF", "a Linux constant"),
    (
        "engine/half_board/matching/buckets/grouping.rs",
        "CHOICES",
        "the groupings compiled (each a monomorphised join)",
    ),
    (
        "engine/half_board/matching/buckets/tables.rs",
        "ALIGN_WORDS",
        "a 64-byte cache line in words",
    ),
    (
        "engine/half_board/matching/buckets/tables.rs",
        "SUMS",
        "bits to count 0..=8 images",
    ),
    (
        "engine/half_board/layout/geometry.rs",
        "MAX_N",
        "the largest side the join plans exactly (its tables' layout)",
    ),
    (
        "engine/half_board/layout/geometry.rs",
        "PRICED_TO",
        "the largest side the quarters' marks have room for",
    ),
    (
        "engine/half_board/price/layout/sampled.rs",
        "SEED",
        "a seed: the same board priced the same",
    ),
    (
        "engine/half_board/layout/saved.rs",
        "TAG",
        "a file format's tag",
    ),
    (
        "engine/half_board/price/ranked.rs",
        "SEED",
        "a seed: the same board planned the same",
    ),
    ("engine/half_board/images.rs", "IMAGES", "the 8 symmetries"),
    (
        "engine/half_board/quarters/table.rs",
        "NO_SLOT",
        "a sentinel",
    ),
    (
        "engine/half_board/quarters/visited.rs",
        "ONES",
        "a bit mask",
    ),
    ("engine/half_board/quarters/visited.rs", "LOW", "a bit mask"),
    ("engine/half_board/quarters/shape.rs", "LOW", "a bit mask"),
    ("engine/half_board/quarters/walk.rs", "LOW", "a bit mask"),
    ("plan/estimate.rs", "DAY", "a unit: seconds in a day"),
    ("plan/estimate.rs", "YEAR", "a unit: seconds in a year"),
];

const NUMBERS: &[&str] = &[
    "f32", "f64", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128",
    "isize", "c_int",
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A type made only of numbers: `f64`, `[f64; 4]`, `[(usize, usize); 3]`.
fn numeric(ty: &str) -> bool {
    let words: Vec<&str> = ty
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    !words.is_empty() && words.iter().all(|w| NUMBERS.contains(w))
}

/// The numeric constants of one file's text: (line, name, value).
fn constants(text: &str) -> Vec<(usize, String, String)> {
    let mut found = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let mut rest = line.trim_start();
        if rest.starts_with("pub") {
            rest = rest.split_once(' ').map_or("", |(_, r)| r);
        }
        let Some(item) = rest.strip_prefix("const ") else {
            continue;
        };
        let Some((name, item)) = item.split_once(':') else {
            continue;
        };
        let Some((ty, _)) = item.split_once('=') else {
            continue;
        };
        if !numeric(ty) {
            continue;
        }
        let start: usize = text.lines().take(at).map(|l| l.len() + 1).sum::<usize>() + line.len();
        let tail = &text[start - line.len()..];
        let after = &tail[tail.find('=').unwrap() + 1..];
        let value = after[..after.find(';').unwrap()].trim();
        if value.chars().any(|c| c.is_ascii_digit()) {
            found.push((at + 1, name.trim().to_string(), value.to_string()));
        }
    }
    found
}

/// Every numeric constant of `src/engine` and `src/plan` is in
/// [`DEFINITIONS`] (and every definition listed is still there): a tuned
/// number goes into `src/tuning/` with its provenance.
#[test]
fn no_tuned_number_outside_the_table() {
    let mut files = Vec::new();
    rust_files(&src().join("engine"), &mut files);
    rust_files(&src().join("plan"), &mut files);
    files.sort();
    let mut seen = BTreeSet::new();
    let mut stray = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(src())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).unwrap();
        for (line, name, value) in constants(&text) {
            if DEFINITIONS.iter().any(|(f, n, _)| *f == rel && *n == name) {
                seen.insert((rel.clone(), name));
            } else {
                stray.push(format!("src/{rel}:{line}: const {name} = {value}"));
            }
        }
    }
    assert!(
        stray.is_empty(),
        "numeric constants outside the cost table: move each tuned number into src/tuning/ \
         with its unit and provenance (measured: how, when, benches/NOTES.md section; or \
         chosen, not measured, and why), or list a definition (a bit width, a format's \
         number) in DEFINITIONS of tests/tuning.rs with why it is not tuned:\n{}",
        stray.join("\n")
    );
    let stale: Vec<_> = DEFINITIONS
        .iter()
        .filter(|(f, n, _)| !seen.contains(&(f.to_string(), n.to_string())))
        .collect();
    assert!(
        stale.is_empty(),
        "DEFINITIONS names constants that are gone: {stale:?}"
    );
}

/// Every row has a name (unique over the tables), a type, a value, a unit,
/// what it prices (its documentation) and a provenance of an accepted form.
#[test]
fn every_entry_has_its_provenance() {
    let notes =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/NOTES.md"))
            .unwrap();
    let headings: Vec<&str> = notes
        .lines()
        .filter_map(|l| l.strip_prefix("## ").or_else(|| l.strip_prefix("### ")))
        .collect();
    let mut names = BTreeSet::new();
    let mut wrong = Vec::new();
    for (table, row) in tuning::all() {
        let at = format!("tuning::{table}::{}", row.name);
        if !names.insert(row.name) {
            wrong.push(format!("{at}: a second entry of that name"));
        }
        for (field, text) in [
            ("type", row.ty),
            ("value", row.value),
            ("unit", row.unit),
            ("what", row.what),
        ] {
            if text.trim().is_empty() {
                wrong.push(format!("{at}: no {field}"));
            }
        }
        match row.provenance {
            Provenance::Measured { how, when, notes } => {
                if how.trim().is_empty() {
                    wrong.push(format!("{at}: measured, but not said how"));
                }
                let date = when.len() == 10
                    && when.char_indices().all(|(i, c)| {
                        if i == 4 || i == 7 {
                            c == '-'
                        } else {
                            c.is_ascii_digit()
                        }
                    });
                if !date {
                    wrong.push(format!("{at}: when {when:?} is not YYYY-MM-DD"));
                }
                if notes != IN_NOTE && !headings.iter().any(|h| h.starts_with(notes)) {
                    wrong.push(format!(
                        "{at}: notes {notes:?} starts no heading of benches/NOTES.md \
                         (IN_NOTE where the entry's documentation holds the figures)"
                    ));
                }
                if notes.trim().is_empty() {
                    wrong.push(format!("{at}: measured, but no notes"));
                }
            }
            Provenance::Chosen(why) => {
                if why.trim().is_empty() {
                    wrong.push(format!("{at}: chosen, but not said why"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "cost table rows without provenance:\n{}",
        wrong.join("\n")
    );
}

/// Every row is read by the code: its name appears in some source file
/// outside `src/tuning/` (where its old home imports it).
#[test]
fn every_entry_is_used() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let text: String = files
        .iter()
        .filter(|p| !p.starts_with(src().join("tuning")) && !p.ends_with("tuning.rs"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    let is_word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let unused: Vec<_> = tuning::all()
        .filter(|(_, row)| {
            !text.match_indices(row.name).any(|(i, _)| {
                let before = text[..i].chars().next_back().map_or(true, |c| !is_word(c));
                let after = text[i + row.name.len()..]
                    .chars()
                    .next()
                    .map_or(true, |c| !is_word(c));
                before && after
            })
        })
        .map(|(table, row)| format!("tuning::{table}::{}", row.name))
        .collect();
    assert!(
        unused.is_empty(),
        "cost table rows nothing reads: {unused:?}"
    );
}

/// The table's count, as the docs give it.
#[test]
fn the_tables_hold_what_they_say() {
    let rows = tuning::all().count();
    let measured = tuning::all()
        .filter(|(_, r)| matches!(r.provenance, Provenance::Measured { .. }))
        .count();
    assert!(rows > 0 && measured > 0);
    eprintln!(
        "cost table: {rows} rows, {measured} measured, {} chosen",
        rows - measured
    );
}
