//! The Python bundles (`bundle --lang python`): run with the `python3` on the
//! PATH and with every older CPython 3.6..3.13 that pyenv keeps, they must
//! answer like the engine: every sample, random boards at all densities
//! (`stress`), blank boards against OEIS A000170, the checker's first three
//! solutions and count. A pyenv version that is absent is skipped with a
//! note; `python3` itself is a tool like g++ (see [`util::have_tool`]).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use nqueens::base::published::totals;

use crate::bundle::{agrees_on_the_samples, stress, stress_at, write_bundle};
use crate::util;

/// The CPython minor versions the bundles promise to run on.
const MINORS: std::ops::RangeInclusive<u32> = 6..=13;

/// One interpreter: the command that runs it and its `X.Y` version.
pub struct Python {
    pub program: String,
    version: String,
}

/// `program --version` as `X.Y`, if it runs.
fn version_of(program: &str) -> Option<String> {
    let out = Command::new(program).arg("--version").output().ok()?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    let number = text.trim().strip_prefix("Python ")?;
    let mut parts = number.split('.');
    Some(format!("{}.{}", parts.next()?, parts.next()?))
}

/// The `python3` on the PATH (none when missing, with a note), then every
/// other CPython 3.6..3.13 in `~/.pyenv/versions` (absent ones noted).
pub fn pythons() -> Vec<Python> {
    let mut found = Vec::new();
    if !util::have_tool("python3", "python3") {
        return found;
    }
    let version = version_of("python3").expect("python3 --version");
    let minor: u32 = version[2..].parse().expect("a 3.X version");
    assert!(
        version.starts_with("3.") && minor >= *MINORS.start(),
        "python3 is {version}"
    );
    found.push(Python {
        program: "python3".into(),
        version,
    });
    let home = std::env::var("HOME").unwrap_or_default();
    let versions = Path::new(&home).join(".pyenv/versions");
    let installed: Vec<String> = std::fs::read_dir(&versions)
        .map(|dir| {
            dir.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    for minor in MINORS {
        let prefix = format!("3.{minor}.");
        let Some(dir) = installed.iter().find(|v| v.starts_with(&prefix)) else {
            eprintln!(
                "note: CPython 3.{minor} not in {} (skipped)",
                versions.display()
            );
            continue;
        };
        let program = versions.join(dir).join("bin/python3");
        let program = program.to_string_lossy().into_owned();
        match version_of(&program) {
            Some(v) if found.iter().all(|p| p.version != v) => found.push(Python {
                program,
                version: v,
            }),
            Some(_) => {}
            None => eprintln!("note: {program} does not run (skipped)"),
        }
    }
    found
}

/// `nqueens bundle TARGET --lang python ARGS` in a folder of its own.
pub fn bundle_file(target: &str, args: &[&str], file: &str) -> PathBuf {
    // Once per test run: a test rewriting the file while another one's
    // python reads it would make that one fail.
    let key = format!("python {target} {args:?} {file}");
    crate::bundle::once(key, || write_python(target, args, file))
}

fn write_python(target: &str, args: &[&str], file: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("python-{target}"));
    let mut all = vec!["--lang", "python"];
    all.extend_from_slice(args);
    let path = write_bundle(target, &all, &dir, file);
    let text = std::fs::read_to_string(&path).unwrap();
    // Standard library only: the imports are these.
    let allowed = [
        "import sys",
        "from functools import reduce",
        "from operator import and_, itemgetter, or_",
    ];
    for line in text
        .lines()
        .filter(|l| l.starts_with("import ") || l.starts_with("from "))
    {
        assert!(allowed.contains(&line), "{target}: {line}");
    }
    path
}

fn command(python: &Python, file: &Path) -> Vec<String> {
    vec![python.program.clone(), file.to_string_lossy().into_owned()]
}

/// Runs `command` on `stdin`: its stdout.
fn output_of(command: &[String], stdin: &[u8]) -> String {
    let mut child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    std::io::Write::write_all(&mut pipe, stdin).unwrap();
    drop(pipe);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{command:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn python_uva11195_agrees_with_the_engine() {
    let file = bundle_file("uva11195", &[], "main.py");
    for (i, python) in pythons().iter().enumerate() {
        let command = command(python, &file);
        agrees_on_the_samples(&command);
        // The python3 of the machine gets the most boards; older ones fewer.
        let rounds = if i == 0 { 80 } else { 12 };
        stress(&command, "uva11195", "1..=11", rounds, 37 + i as u64);
        // Sparse boards of 10..13 by the dozen take the solution index
        // (constellations, turned boards) and the packed search.
        let rounds = if i == 0 { 8 } else { 1 };
        stress_at(
            &command,
            "uva11195",
            "10..=13",
            "0..=12",
            rounds,
            43 + i as u64,
        );
        if i == 0 {
            // Near-blank boards of 12..14 take the solution index.
            stress(&command, "uva11195", "12..=14", 2, 41);
        }
    }
}

/// The blank boards of 1..=`max` in one input, against OEIS A000170.
fn blank_boards_match_oeis(max: usize, every_python: bool) {
    let file = bundle_file("uva11195", &[], "main.py");
    let mut input = String::new();
    let mut want = String::new();
    for (i, total) in totals::<15>().iter().enumerate().take(max) {
        let n = i + 1;
        input.push_str(&format!("{n}\n"));
        for _ in 0..n {
            input.push_str(&".".repeat(n));
            input.push('\n');
        }
        want.push_str(&format!("Case {n}: {total}\n"));
    }
    input.push_str("0\n");
    for python in pythons()
        .iter()
        .take(if every_python { usize::MAX } else { 1 })
    {
        let got = output_of(&command(python, &file), input.as_bytes());
        assert_eq!(got, want, "{}", python.version);
    }
}

#[test]
fn python_blank_boards_to_12_match_oeis() {
    blank_boards_match_oeis(12, true);
}

#[test]
#[ignore = "slow: the blank boards of 13, 14 and 15 take a minute in CPython"]
fn python_blank_boards_to_15_match_oeis() {
    blank_boards_match_oeis(15, false);
}

#[test]
fn python_checker_agrees_with_the_engine() {
    let file = bundle_file("checker", &[], "main.py");
    for (i, python) in pythons().iter().enumerate() {
        let (sizes, rounds) = if i == 0 {
            ("1..=13", 20)
        } else {
            ("1..=11", 5)
        };
        stress(
            &command(python, &file),
            "checker",
            sizes,
            rounds,
            43 + i as u64,
        );
    }
}

#[test]
fn python_usaco_checker_reads_and_writes_the_task_files() {
    let Some(python) = pythons().into_iter().next() else {
        return;
    };
    let file = bundle_file("checker", &["--usaco"], "checker.py");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("\"\"\"\nID: your_id_here\nLANG: PYTHON3\nTASK: checker\n\"\"\"\n"));
    let dir = file.parent().unwrap();
    std::fs::write(dir.join("checker.in"), "8\n").unwrap();
    let _ = std::fs::remove_file(dir.join("checker.out"));
    let status = Command::new(&python.program)
        .arg(&file)
        .current_dir(dir)
        .stdin(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("checker.out")).unwrap(),
        util::run(&["checker", "8"], b"").stdout
    );
}

/// Runs `script` with `sh` in `dir`, the binary on the PATH as `nqueens`
/// (and `cargo run --release -q --` meaning it): its stdout.
fn sh_in(dir: &Path, script: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = script.replace("cargo run --release -q --", "nqueens");
    let out = crate::util::test_env(&mut Command::new("sh"))
        .args(["-c", &script])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The submitting guide's Python lines (`docs/SUBMITTING.md`), run as
/// written (in a scratch folder holding
/// the samples): every table row's `nqueens bundle ... > FILE` writes the
/// bundle, and the "Try one" lines answer the sample as judge mode does.
#[test]
fn the_submitting_guides_python_lines_work() {
    if pythons().is_empty() {
        return;
    }
    let guide = std::fs::read_to_string("docs/SUBMITTING.md").unwrap();
    let rows: Vec<&str> = guide
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains("--lang python"))
        .collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-readme");
    std::fs::create_dir_all(&dir).unwrap();
    let samples = dir.join("samples");
    if !samples.exists() {
        std::os::unix::fs::symlink(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
            &samples,
        )
        .unwrap();
    }
    for row in rows {
        let get = row.split('`').nth(1).unwrap();
        let file = get.split(" > ").nth(1).unwrap();
        let _ = std::fs::remove_file(dir.join(file));
        sh_in(&dir, get);
        let args: Vec<&str> = get
            .split(" > ")
            .next()
            .unwrap()
            .split_whitespace()
            .collect();
        assert_eq!(
            std::fs::read_to_string(dir.join(file)).unwrap(),
            util::run(&args[1..], b"").stdout,
            "{row}"
        );
    }
    let try_one = &guide[guide.find("Try one as the judge would:").unwrap()..];
    let lines: Vec<&str> = try_one
        .lines()
        .take_while(|l| !l.starts_with("The Rust bundles build"))
        .filter(|l| l.starts_with("    ") && (l.contains("python") || l.contains("main.py")))
        .map(str::trim)
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let input = std::fs::read("samples/uva11195.in").unwrap();
    assert_eq!(
        sh_in(&dir, &lines.join(" && ")),
        util::run(&[], &input).stdout
    );
}
