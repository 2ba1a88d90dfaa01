//! Where `show --svg` writes its picture: a file, created at the start,
//! or stdout.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::base::error::{words, Error, Result};

/// Where the picture goes: `-` is stdout (in place of the text), anything
/// else a file, created when `show` starts (so a path that cannot be
/// written fails before the search) and written when it ends.
pub enum Destination {
    /// `--svg -`.
    Stdout,
    /// `--svg FILE`: the file, created and empty until the end.
    File(PathBuf, File),
}

impl Destination {
    /// The destination `--svg PATH` names, its file created now.
    pub fn open(path: &Path) -> Result<Destination> {
        if path == Path::new("-") {
            return Ok(Destination::Stdout);
        }
        let file = File::create(path).map_err(|e| {
            Error::Unavailable(format!("cannot create '{}': {}", path.display(), words(&e)))
        })?;
        Ok(Destination::File(path.to_path_buf(), file))
    }

    /// Writes `svg` (a picture's text) here, or to `stdout` for `-`.
    pub fn write(self, svg: &str, stdout: &mut dyn Write) -> Result<()> {
        match self {
            Destination::Stdout => stdout
                .write_all(svg.as_bytes())
                .and_then(|()| stdout.flush())
                .map_err(Error::Write),
            Destination::File(path, mut file) => file
                .write_all(svg.as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(|e| {
                    Error::Unavailable(format!("cannot write '{}': {}", path.display(), words(&e)))
                }),
        }
    }
}
