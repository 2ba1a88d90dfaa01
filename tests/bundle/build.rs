//! How the tests build the bundles: each Rust one with rustc, warnings as
//! errors (once per run on edition 2021 for the tests of its answers, and
//! on every edition of [`EDITIONS`], stable and Debian's rustc 1.63, in
//! `rust`), the C++ one with `g++` (warnings are errors), the Java one
//! with `javac --release 8`, each built once however many tests ask for it
//! at the same time; and whether g++, a JDK and Debian's rustc 1.63 are
//! installed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

use crate::util;

/// The editions every Rust bundle must build on, without a warning:
/// 2015 is what plain `rustc -O` (and many judges) compile with.
pub const EDITIONS: [&str; 3] = ["2015", "2018", "2021"];

/// The stable rustc the tests build with: `RUSTC`, or `rustc` on the `PATH`.
pub(super) fn stable_rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// Debian's rustc 1.63 (package `rustc` of Debian 12): the oldest compiler
/// the Rust bundles must build on, at `/usr/bin/rustc` (or where
/// `NQUEENS_TEST_RUSTC_1_63` says). `None` when it is missing, or is
/// another version: either way the test is skipped with a line that says
/// so, and fails under `CI=true` ([`util::have_tool`]).
pub(super) fn debian_rustc() -> Option<String> {
    let rustc =
        std::env::var("NQUEENS_TEST_RUSTC_1_63").unwrap_or_else(|_| "/usr/bin/rustc".to_string());
    if !util::have_tool(&rustc, "rustc") {
        return None;
    }
    let output = Command::new(&rustc).arg("--version").output();
    let version = output.map_or_else(
        |e| e.to_string(),
        |o| String::from_utf8_lossy(&o.stdout).trim().to_string(),
    );
    if !version.starts_with("rustc 1.63.") {
        util::skip_unless_ci(&format!(
            "`{rustc}` is `{version}`, not Debian's rustc 1.63 \
             (Debian 12's package rustc)"
        ));
        return None;
    }
    Some(rustc)
}

/// Builds `nqueens bundle [--keep-comments] TARGET` with the stable rustc
/// on edition 2021, warnings as errors, once per test run. Its source is
/// beside the binary, as `BINARY.rs`.
pub fn compiled(target: &str, keep_comments: bool) -> &'static Path {
    static CELLS: [OnceLock<PathBuf>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let cell = &CELLS[usize::from(target == "checker") * 2 + usize::from(keep_comments)];
    cell.get_or_init(|| {
        let mut args = vec!["bundle", target];
        if keep_comments {
            args.push("--keep-comments");
        }
        let bundle = util::run(&args, b"");
        assert_eq!(bundle.status, 0, "{}", bundle.stderr);
        let source = bundle.stdout;
        assert!(source.len() < 64 * 1024, "{} bytes", source.len());
        assert!(!source.contains("std::thread") && !source.contains("unsafe {"));
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bundle");
        std::fs::create_dir_all(&dir).unwrap();
        let name = if keep_comments {
            format!("{target}-commented")
        } else {
            assert!(!source.contains("\n///") && source.len() < 40 * 1024);
            target.to_string()
        };
        let file = dir.join(format!("{name}.rs"));
        std::fs::write(&file, &source).unwrap();
        let binary = dir.join(name);
        build_rust(&stable_rustc(), "2021", &file, &binary);
        binary
    })
}

/// Builds the Rust file `source` into `binary` with `rustc --edition
/// EDITION -O -D warnings`: an error or a warning fails the test.
pub(super) fn build_rust(rustc: &str, edition: &str, source: &Path, binary: &Path) {
    compile(
        rustc,
        &[
            "--edition",
            edition,
            "-O",
            "-D",
            "warnings",
            "-o",
            binary.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
    );
}

/// Whether g++ is installed (see [`util::have_tool`]).
pub(super) fn have_gpp() -> bool {
    util::have_tool("g++", "g++")
}

/// Whether a JDK is installed: javac to build, java to run.
pub(super) fn have_jdk() -> bool {
    util::have_tool("javac", "openjdk-17-jdk-headless")
        && util::have_tool("java", "openjdk-17-jdk-headless")
}

/// Runs a compiler; its errors fail the test.
pub(super) fn compile(program: &str, args: &[&str]) {
    let output = Command::new(program).args(args).output().expect(program);
    assert!(
        output.status.success(),
        "{program} {args:?}:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `nqueens bundle TARGET ARGS` written to `dir/file`.
pub fn write_bundle(target: &str, args: &[&str], dir: &Path, file: &str) -> PathBuf {
    let mut all = vec!["bundle", target];
    all.extend_from_slice(args);
    let bundle = util::run(&all, b"");
    assert_eq!(bundle.status, 0, "{}", bundle.stderr);
    assert!(
        bundle.stdout.len() < 64 * 1024,
        "{} bytes",
        bundle.stdout.len()
    );
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, &bundle.stdout).unwrap();
    path
}

/// What `build` makes for `key`, built once per test run: tests that ask
/// for the same bundle at the same time share one build, made under a
/// lock (each building its own into the same folder, one ran a binary
/// another was still writing: `Permission denied`).
pub fn once<T: Clone + std::any::Any + Send>(key: String, build: impl FnOnce() -> T) -> T {
    static BUILT: Mutex<BTreeMap<String, Box<dyn std::any::Any + Send>>> =
        Mutex::new(BTreeMap::new());
    let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
    built
        .entry(key)
        .or_insert_with(|| Box::new(build()))
        .downcast_ref::<T>()
        .expect("one type per key")
        .clone()
}

/// The C++ bundle of `target` built with `g++ -std=STD -O2` (warnings are
/// errors), once per test run: the command that runs it (none when g++
/// is missing).
pub fn cpp(target: &str, std: &str) -> Option<Vec<String>> {
    if !have_gpp() {
        return None;
    }
    once(format!("cpp {target} {std}"), || build_cpp(target, std))
}

fn build_cpp(target: &str, std: &str) -> Option<Vec<String>> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cpp-{std}"));
    let source = write_bundle(target, &["--lang", "cpp"], &dir, &format!("{target}.cpp"));
    let binary = dir.join(target);
    let flag = format!("-std={std}");
    compile(
        "g++",
        &[
            &flag,
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-o",
            binary.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
    );
    Some(vec![binary.to_string_lossy().into_owned()])
}

/// The Java bundle of `target` built with `javac --release 8`, once per
/// test run: the command that runs it (none without a JDK).
pub fn java(target: &str) -> Option<Vec<String>> {
    if !have_jdk() {
        return None;
    }
    once(format!("java {target}"), || build_java(target))
}

fn build_java(target: &str) -> Option<Vec<String>> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("java-{target}"));
    let source = write_bundle(target, &["--lang", "java"], &dir, "Main.java");
    compile(
        "javac",
        &[
            "--release",
            "8",
            "-Xlint:all",
            "-Werror",
            "-d",
            dir.to_str().unwrap(),
            source.to_str().unwrap(),
        ],
    );
    Some(
        ["java", "-Xss64m", "-cp", dir.to_str().unwrap(), "Main"]
            .map(String::from)
            .to_vec(),
    )
}
