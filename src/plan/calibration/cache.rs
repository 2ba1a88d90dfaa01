//! The probe kept from one process to the next: a small text file in
//! the user's cache directory, `$XDG_CACHE_HOME/nqueens/calibration`
//! (or `$HOME/.cache/nqueens/calibration`), holding the probe's CPU
//! time with what it was measured by and on: the program's
//! version, its build (the executable's size and modification time,
//! since the version stays the same from one build to the next while
//! the kernels change) and the CPU's model (`/proc/cpuinfo`). A file
//! whose key is not this process's (another build, another CPU: a
//! cluster node of another model sharing the home directory) or that
//! does not read is measured again and replaced; deleting it measures
//! again. Reading and writing never fail a run: at worst every
//! process measures, as with no cache.
//!
//! Only the `nqueens` binary uses it (its speed keeps its probe,
//! [`super::Speed::keeping_probe`]): the library's own tests, its
//! doctests and the benches never read or write the user's cache. The binary's tests pin the factors
//! ([`super::VARIABLE`]), which reads and writes nothing, and give it
//! a cache directory under cargo's target directory besides.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The file's first line, saying what it is.
const HEADER: &str =
    "nqueens calibration: the search probe's CPU time on this machine, ns (delete to measure again)";

/// What a kept probe was measured by and on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Key {
    /// The program's version.
    pub version: String,
    /// The executable's size and modification time (ns since 1970).
    pub build: String,
    /// The CPU's model name.
    pub cpu: String,
}

impl Key {
    /// This process's: `None` where its executable cannot be looked
    /// at (then nothing is kept: another build could not be told
    /// apart).
    pub fn here() -> Option<Key> {
        let exe = std::env::current_exe().ok()?;
        let meta = std::fs::metadata(exe).ok()?;
        let modified = meta.modified().ok()?;
        let since = modified.duration_since(std::time::UNIX_EPOCH).ok()?;
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        Some(Key {
            version: env!("CARGO_PKG_VERSION").to_string(),
            build: format!("{} {}", meta.len(), since.as_nanos()),
            cpu: cpu_model(&cpuinfo),
        })
    }
}

/// The CPU's model from the text of `/proc/cpuinfo`: its first `model
/// name` (x86), else its first `CPU implementer` and `CPU part`
/// (ARM); `unknown` when it has none of them.
///
/// ```
/// use nqueens::plan::calibration::cache::cpu_model;
/// let x86 = "processor\t: 0\nmodel name\t: AMD EPYC\nprocessor\t: 1\nmodel name\t: AMD EPYC\n";
/// assert_eq!(cpu_model(x86), "AMD EPYC");
/// let arm = "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd0c\n";
/// assert_eq!(cpu_model(arm), "0x41 0xd0c");
/// assert_eq!(cpu_model(""), "unknown");
/// ```
pub fn cpu_model(cpuinfo: &str) -> String {
    let first = |name: &str| {
        cpuinfo.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_string())
        })
    };
    if let Some(model) = first("model name") {
        return model;
    }
    let arm: Vec<String> = ["CPU implementer", "CPU part"]
        .iter()
        .filter_map(|name| first(name))
        .collect();
    if arm.is_empty() {
        "unknown".to_string()
    } else {
        arm.join(" ")
    }
}

/// The probe's line starts with this.
const PROBE: &str = "search ";

/// The cache file, from the environment; `None` where neither variable
/// names an absolute directory.
pub fn path() -> Option<PathBuf> {
    path_from(std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"))
}

/// The cache file for these values of `XDG_CACHE_HOME` and `HOME`: the
/// first's `nqueens/calibration` when it is an absolute path (the XDG
/// rule: a relative one is ignored), else the second's
/// `.cache/nqueens/calibration`.
///
/// ```
/// use std::path::Path;
/// use nqueens::plan::calibration::cache::path_from;
/// let home = Some("/home/ada".into());
/// assert_eq!(path_from(None, home.clone()).unwrap(), Path::new("/home/ada/.cache/nqueens/calibration"));
/// assert_eq!(path_from(Some("/c".into()), home.clone()).unwrap(), Path::new("/c/nqueens/calibration"));
/// assert_eq!(path_from(Some("rel".into()), home).unwrap(), Path::new("/home/ada/.cache/nqueens/calibration"));
/// assert_eq!(path_from(Some("".into()), Some("".into())), None);
/// ```
pub fn path_from(xdg_cache_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let absolute = |dir: Option<OsString>| dir.map(PathBuf::from).filter(|d| d.is_absolute());
    let base = absolute(xdg_cache_home).or_else(|| absolute(home).map(|h| h.join(".cache")))?;
    Some(base.join("nqueens").join("calibration"))
}

/// The file's text for `probe` (ns) measured under `key`: the key's
/// lines, then the probe's, `search` and its time.
pub fn format(key: &Key, probe: f64) -> String {
    format!(
        "{HEADER}\nversion {}\nbuild {}\ncpu {}\n{PROBE}{probe:.0}\n",
        key.version, key.build, key.cpu
    )
}

/// The probe in `text` when it was written under `key`: `None` for
/// another key or a text [`format`] does not make.
///
/// ```
/// use nqueens::plan::calibration::cache::{format, parse, Key};
/// let key = Key { version: "1.0".into(), build: "5 7".into(), cpu: "AMD EPYC".into() };
/// let text = format(&key, 7e6);
/// assert!(text.ends_with("\nbuild 5 7\ncpu AMD EPYC\nsearch 7000000\n"));
/// assert_eq!(parse(&text, &key), Some(7e6));
/// let other = Key { cpu: "Intel Xeon".into(), ..key.clone() };
/// assert_eq!(parse(&text, &other), None);
/// assert_eq!(parse(&text.replace("search 7000000", "search -1"), &key), None);
/// assert_eq!(parse(&text.replace("search", "join-even"), &key), None);
/// assert_eq!(parse(&text[..text.len() - 9], &key), None);
/// assert_eq!(parse(&(text.clone() + "search 1\n"), &key), None);
/// assert_eq!(parse("", &key), None);
/// ```
pub fn parse(text: &str, key: &Key) -> Option<f64> {
    let mut lines = text.lines();
    for expected in [
        HEADER.to_string(),
        format!("version {}", key.version),
        format!("build {}", key.build),
        format!("cpu {}", key.cpu),
    ] {
        if lines.next()? != expected {
            return None;
        }
    }
    let ns: f64 = lines.next()?.strip_prefix(PROBE)?.parse().ok()?;
    (ns.is_finite() && ns > 0.0 && lines.next().is_none()).then_some(ns)
}

/// The probe kept at `path` under `key`, if any.
pub fn read(path: &Path, key: &Key) -> Option<f64> {
    parse(&std::fs::read_to_string(path).ok()?, key)
}

/// Keeps `probe` at `path` under `key`, if it can: written beside it
/// and renamed into place, so that a process reading at the same time
/// sees the old file or the new one, whole. Failures are ignored.
pub fn write(path: &Path, key: &Key, probe: f64) {
    let Some(dir) = path.parent() else {
        return;
    };
    let fresh = dir.join(format!(".calibration.{}", std::process::id()));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&fresh, format(key, probe)))
        .and_then(|()| std::fs::rename(&fresh, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&fresh);
    }
}
