//! `nqueens bundle`: each one-file solution, with comments stripped (the
//! default) and kept (`--keep-comments`), is compiled once with `rustc
//! --edition 2021 -O` (into cargo's temporary directory for integration tests) and
//! must answer exactly like the main binary: the samples, random boards,
//! malformed input.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::util::{self, Rng};

/// Builds `nqueens bundle [--keep-comments] TARGET` with rustc, once per
/// test run.
fn compiled(target: &str, keep_comments: bool) -> &'static Path {
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
            assert!(!source.contains("\n///") && source.len() < 32 * 1024);
            target.to_string()
        };
        let file = dir.join(format!("{name}.rs"));
        std::fs::write(&file, &source).unwrap();
        let binary = dir.join(name);
        let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
        let output = Command::new(rustc)
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(&file)
            .output()
            .expect("rustc runs");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        binary
    })
}

/// Runs a compiled bundle on `stdin`: (stdout, exit status).
fn run_bundle(binary: &Path, stdin: &[u8]) -> (String, i32) {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut pipe, &input);
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code().unwrap_or(-1),
    )
}

fn same_as_main_binary(binary: &Path, args: &[&str], stdin: &[u8]) {
    let want = util::run(args, stdin);
    let (got, status) = run_bundle(binary, stdin);
    assert_eq!(
        got,
        want.stdout,
        "input:\n{}",
        String::from_utf8_lossy(stdin)
    );
    assert_eq!(status, want.status);
}

#[test]
fn bundle_uva11195_answers_like_the_binary() {
    uva11195_like_the_binary(compiled("uva11195", false));
}

#[test]
fn bundle_uva11195_with_comments_answers_like_the_binary() {
    uva11195_like_the_binary(compiled("uva11195", true));
}

fn uva11195_like_the_binary(binary: &Path) {
    for sample in [
        "uva11195",
        "obstacles",
        "blank-1-to-12",
        "crlf-and-spaces",
        "bad-cell",
        "no-final-zero",
    ] {
        let input = std::fs::read(format!("samples/{sample}.in")).unwrap();
        same_as_main_binary(binary, &[], &input);
    }
    let mut rng = Rng::new(11195);
    let mut input = String::new();
    for _ in 0..200 {
        let n = rng.between(1, 10);
        let percent = rng.below(50);
        input.push_str(&util::case_text(&util::random_board(&mut rng, n, percent)));
    }
    input.push_str("0\n");
    same_as_main_binary(binary, &[], input.as_bytes());
}

#[test]
fn bundle_checker_answers_like_the_binary() {
    for keep_comments in [false, true] {
        let binary = compiled("checker", keep_comments);
        for n in 1..=11 {
            same_as_main_binary(binary, &["checker"], format!("{n}\n").as_bytes());
        }
        same_as_main_binary(binary, &["checker"], b"x\n");
    }
}

#[test]
fn bundle_rejects_an_unknown_problem() {
    let run = util::run(&["bundle", "p1219"], b"");
    assert_eq!(run.status, 2);
    assert!(run.stdout.is_empty());
}
