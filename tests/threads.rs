//! Output never depends on the thread count: every command, run with
//! `--threads` 1, 2, 3 and 16, gives the same stdout, stderr and status.

use crate::util::{case_text, planted_board, random_board, run, Rng};

/// The thread counts every command is tried with: one, a few, and more
/// threads than there are cores or work units.
pub const THREADS: [usize; 4] = [1, 2, 3, 16];

/// Runs `nqueens --threads T ARGS` on `stdin` for every `T` in [`THREADS`]
/// and asserts the runs agree; returns what they printed, for more checks.
pub fn assert_same_for_every_thread_count(args: &[&str], stdin: &[u8]) -> String {
    let mut first: Option<String> = None;
    for threads in THREADS {
        let threads = threads.to_string();
        let mut with_threads = vec!["--threads", &threads];
        with_threads.extend_from_slice(args);
        let report = run(&with_threads, stdin).report();
        match &first {
            None => first = Some(report),
            Some(first) => assert_eq!(&report, first, "--threads {threads} {args:?}"),
        }
    }
    first.unwrap()
}

/// Judge input: random boards of every size up to 12, and a searchable
/// 64 x 64 one.
fn judge_input() -> Vec<u8> {
    let mut rng = Rng::new(0x5eed_0605);
    let mut text = String::new();
    for n in 1..=12 {
        text.push_str(&case_text(&random_board(&mut rng, n, 15)));
    }
    text.push_str(&case_text(&planted_board(&mut rng, 64, 2, 0).0));
    text.push_str("0\n");
    text.into_bytes()
}

/// What a command must print on stdout, whatever the thread count.
enum Stdout {
    /// Exactly this.
    Exact(String),
    /// A line starting with this (a shard record's split fingerprint and
    /// counts are checked by the resume and count tests).
    Starts(&'static str),
}

/// Checker mode's output for `n`, from the plain mirror count.
fn checker_output(n: usize) -> String {
    let mut out = Vec::new();
    nqueens::base::checker::run(n, |n| Ok(nqueens::base::mirror::count(n)), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

/// Every command with an input that gives it work: `(arguments, stdin,
/// stdout)`, the stdout from single-threaded code of its own (the plain
/// search for judge mode) or known. A new command is one more line here.
/// (`bundle`, `gen` and `merge` use no threads and refuse `--threads`.)
fn commands() -> Vec<(Vec<&'static str>, Vec<u8>, Stdout)> {
    let judge = judge_input();
    let plain = nqueens::base::uva11195::run_to_string(&judge).unwrap();
    let eight = "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n1 7 4 6 8 2 5 3\n";
    vec![
        (vec![], judge, Stdout::Exact(plain)),
        // An error after an answer.
        (
            vec![],
            b"2\n..\n..\n3\n...\n".to_vec(),
            Stdout::Exact("Case 1: 0\n".into()),
        ),
        (
            vec!["checker", "8"],
            vec![],
            Stdout::Exact(checker_output(8)),
        ),
        (
            vec!["checker"],
            b"10\n".to_vec(),
            Stdout::Exact(checker_output(10)),
        ),
        (
            vec!["count", "12", "--unique"],
            vec![],
            Stdout::Exact("14200 1787\n".into()),
        ),
        (
            vec!["count", "11", "--unique", "--shard", "2/3"],
            vec![],
            Stdout::Starts("shard 2/3 n=11 split="),
        ),
        (
            vec!["show", "--n", "8", "--solutions", "3"],
            vec![],
            Stdout::Exact(format!("Case 1:\n{eight}")),
        ),
    ]
}

#[test]
fn every_command_prints_the_same_for_any_thread_count() {
    for (args, stdin, stdout) in commands() {
        let report = assert_same_for_every_thread_count(&args, &stdin);
        let printed = &report[report.find("--- stdout\n").unwrap() + 11..];
        let printed = &printed[..printed.find("--- stderr\n").unwrap()];
        match stdout {
            Stdout::Exact(want) => assert_eq!(printed, want, "{args:?}"),
            Stdout::Starts(start) => {
                assert!(printed.starts_with(start), "{args:?}: {printed}");
                assert_eq!(printed.lines().count(), 1, "{args:?}: {printed}");
            }
        }
    }
}
