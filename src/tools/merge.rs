//! The `merge` command: adds up the records of `count --shard` runs read
//! from files, folders or stdin, once every shard `1..=K` of one count is
//! there, and prints `TOTAL UNIQUE`; with `--status`, the state of a
//! campaign instead (the records and their checks are
//! [`crate::tools::shard`]'s, reading them together
//! [`crate::tools::campaign`]'s).

use std::io::Write;
use std::path::PathBuf;

use crate::base::error::{Error, Result};
use crate::tools::campaign::{spot, Book};
use crate::tools::settings::Settings;

/// Runs `merge` on the texts `(source name, contents)` and writes
/// `TOTAL UNIQUE` to `out`.
pub fn run(inputs: &[(String, String)], out: &mut dyn Write) -> Result<()> {
    let mut book = Book::new(true);
    for (source, text) in inputs {
        book.add_text(source, text)?;
    }
    let (_, counts) = book.merged()?;
    writeln!(out, "{} {}", counts.total, counts.unique()).map_err(Error::Write)
}

/// `merge [--status] [--spot-check K] [FILES|DIRS]`: the records of
/// `paths` (a folder's every regular file, by name; stdin when there are
/// none) merged to `TOTAL UNIQUE` on `out`, or with `status` the
/// campaign's state; with `spot_check: Some(K)` after a spot check of `K`
/// shards ([`crate::tools::campaign::spot`]) on `settings`' threads, its
/// lines on stderr (the total printed only once it passes).
pub fn command(
    paths: &[PathBuf],
    status: bool,
    spot_check: Option<usize>,
    settings: &Settings,
    out: &mut dyn Write,
) -> Result<()> {
    let mut book = Book::new(!status);
    if paths.is_empty() {
        let text = crate::tools::campaign::read_text(std::io::stdin().lock(), "stdin")?;
        book.add_text("stdin", &text)?;
    }
    for path in paths {
        book.add_path(path)?;
    }
    let spot = spot_check.unwrap_or(0);
    let err = &mut std::io::stderr();
    if status {
        let sample = book.status_drawing(out, spot)?;
        return match spot {
            0 => Ok(()),
            _ => spot::check(&sample, settings, err),
        };
    }
    let (_, counts, sample) = book.merged_drawing(spot)?;
    if spot > 0 {
        spot::check(&sample, settings, err)?;
    }
    writeln!(out, "{} {}", counts.total, counts.unique()).map_err(Error::Write)
}
