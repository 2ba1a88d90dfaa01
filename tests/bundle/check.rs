//! How a built bundle is held against the main binary: the same input,
//! the same output and exit status; the judge's samples; `nqueens stress`
//! over random boards.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::util;

/// Runs a compiled bundle on `stdin`: (stdout, exit status).
fn run_bundle(binary: &Path, stdin: &[u8]) -> (String, i32) {
    let (stdout, _, status) = util::run_command(&[binary.display().to_string()], stdin);
    (stdout, status)
}

pub(super) fn same_as_main_binary(binary: &Path, args: &[&str], stdin: &[u8]) {
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

/// `command` agrees with the engine on every valid judge sample.
pub fn agrees_on_the_samples(command: &[String]) {
    let binary = Path::new(&command[0]);
    for sample in [
        "uva11195",
        "obstacles",
        "blank-1-to-12",
        "crlf-and-spaces",
        "no-final-zero",
        "text-after-zero",
        "empty",
    ] {
        let input = std::fs::read(format!("samples/{sample}.in")).unwrap();
        let want = util::run(&[], &input);
        let output = Command::new(binary)
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                let mut pipe = child.stdin.take().unwrap();
                std::io::Write::write_all(&mut pipe, &input)?;
                drop(pipe);
                child.wait_with_output()
            })
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            want.stdout,
            "{sample} with {command:?}"
        );
    }
}

/// `nqueens stress` passes `command` on `rounds` rounds of 25 boards each
/// of sides `sizes` at every density.
pub fn stress(command: &[String], problem: &str, sizes: &str, rounds: u32, seed: u64) {
    stress_at(command, problem, sizes, "0..=60", rounds, seed);
}

/// [`stress`] with boards `density` percent blocked.
pub fn stress_at(
    command: &[String],
    problem: &str,
    sizes: &str,
    density: &str,
    rounds: u32,
    seed: u64,
) {
    let (rounds, seed) = (rounds.to_string(), seed.to_string());
    let mut args = vec![
        "stress",
        "--problem",
        problem,
        "--rounds",
        &rounds,
        "--seed",
        &seed,
        "--n",
        sizes,
        "--timeout",
        "60",
    ];
    if problem == "uva11195" {
        args.extend(["--cases", "25", "--density", density]);
    }
    args.push("--");
    args.extend(command.iter().map(String::as_str));
    let run = util::run(&args, b"");
    assert_eq!(run.status, 0, "{}{}", run.stdout, run.stderr);
}
