//! Writing a checkpoint: a new file created whole and renamed, then one
//! appended record per finished unit, synced from a thread of its own (see
//! the module [`super`], "Writing").

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::format::{Entry, Header, MAGIC};
use super::reader::{read, Contents};
use crate::base::error::{words, Error, Result};

/// The longest time between a record's write and its `fsync`.
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// An open checkpoint that records finished units.
pub struct Checkpoint {
    path: PathBuf,
    file: Mutex<File>,
    /// A second handle of the same file, for `fsync` without the lock.
    sync: File,
    /// Set when a record was written since the last `fsync`.
    dirty: AtomicBool,
    /// The first write error, reported when the count ends.
    failed: Mutex<Option<io::Error>>,
}

/// The error for `path` with `message`.
fn refused(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::Checkpoint(format!("checkpoint '{}' {message}", path.display()))
}

impl Checkpoint {
    /// Opens `path` for a run whose header is `header`: creates it when it
    /// does not exist (or is empty), else reads what it recorded (see
    /// [`read`]) and cuts off a damaged tail. Returns the checkpoint and
    /// what it held.
    ///
    /// # Errors
    /// The file cannot be read, written or created, or is refused.
    pub fn open(path: &Path, header: &Header) -> Result<(Checkpoint, Contents)> {
        let bytes = match fs::read(path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(refused(path, format_args!("cannot be read: {}", words(&e)))),
        };
        let contents = if bytes.is_empty() {
            create(path, header)
                .map_err(|e| refused(path, format_args!("cannot be created: {}", words(&e))))?;
            Contents {
                done: Vec::new(),
                keep: header.line().len() + 1,
                damaged: Vec::new(),
                tail: false,
            }
        } else {
            read(&bytes, header).map_err(|why| {
                // Deleting is advice for checkpoints only: the name may be
                // a slip for some precious file.
                let advice = if bytes.starts_with(format!("{MAGIC} ").as_bytes()) {
                    "use another file, or delete it to start over"
                } else {
                    "left as it is; name another file"
                };
                refused(path, format_args!("{why}: {advice}"))
            })?
        };
        let cannot_write =
            |e: io::Error| refused(path, format_args!("cannot be written: {}", words(&e)));
        let file = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(cannot_write)?;
        if contents.tail {
            file.set_len(contents.keep as u64).map_err(cannot_write)?;
            file.sync_data().map_err(cannot_write)?;
        }
        let sync = file.try_clone().map_err(cannot_write)?;
        let checkpoint = Checkpoint {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            sync,
            dirty: AtomicBool::new(false),
            failed: Mutex::new(None),
        };
        Ok((checkpoint, contents))
    }

    /// Appends `entry`'s record (one `write`); it reaches the disk within
    /// [`SYNC_EVERY`] while [`Checkpoint::syncing`] runs. A failure is kept
    /// for [`Checkpoint::finish`].
    pub fn record(&self, entry: Entry) {
        let mut line = entry.line();
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(line.as_bytes()) {
            self.fail(e);
        }
        self.dirty.store(true, Ordering::Release);
    }

    fn fail(&self, e: io::Error) {
        let mut failed = self.failed.lock().unwrap_or_else(|e| e.into_inner());
        failed.get_or_insert(e);
    }

    fn sync_now(&self) {
        if self.dirty.swap(false, Ordering::AcqRel) {
            if let Err(e) = self.sync.sync_data() {
                self.fail(e);
            }
        }
    }

    /// Runs `work` while a thread `fsync`s the records written, at most
    /// [`SYNC_EVERY`] apart; then syncs the rest. Returns what `work`
    /// returns.
    pub fn syncing<T>(&self, work: impl FnOnce() -> T) -> T {
        let stop = (Mutex::new(false), Condvar::new());
        let result = thread::scope(|scope| {
            scope.spawn(|| {
                let (lock, wake) = &stop;
                let mut stopped = lock.lock().unwrap_or_else(|e| e.into_inner());
                let mut next = Instant::now() + SYNC_EVERY;
                while !*stopped {
                    let wait = next.saturating_duration_since(Instant::now());
                    stopped = wake
                        .wait_timeout(stopped, wait)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                    if Instant::now() >= next {
                        self.sync_now();
                        next = Instant::now() + SYNC_EVERY;
                    }
                }
            });
            // Stops the syncing thread even if `work` panics.
            struct Stop<'a>(&'a (Mutex<bool>, Condvar));
            impl Drop for Stop<'_> {
                fn drop(&mut self) {
                    *self.0 .0.lock().unwrap_or_else(|e| e.into_inner()) = true;
                    self.0 .1.notify_all();
                }
            }
            let _stop = Stop(&stop);
            work()
        });
        self.sync_now();
        result
    }

    /// The first error writing or syncing a record, if any.
    ///
    /// # Errors
    /// Some record may not have been recorded.
    pub fn finish(self) -> Result<()> {
        match self.failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(e) => Err(refused(
                &self.path,
                format_args!(
                    "cannot be written: {} (the count is complete, but a rerun would not \
                     resume all of it)",
                    words(&e)
                ),
            )),
            None => Ok(()),
        }
    }
}

/// Writes a new checkpoint with `header` at `path`: whole, elsewhere, then
/// renamed, so `path` never holds a partial header.
fn create(path: &Path, header: &Header) -> io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(format!(".tmp-{}", std::process::id()));
    let temporary = PathBuf::from(temporary);
    let written = (|| {
        let mut file = File::create(&temporary)?;
        file.write_all(format!("{}\n", header.line()).as_bytes())?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    written?;
    // The rename itself is durable once the folder is synced.
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if let Ok(folder) = File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}
