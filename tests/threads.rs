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

/// Every command with an input that gives it work: `(arguments, stdin)`.
/// A new command is one more line here. (`bundle`, `gen` and `merge` use
/// no threads and refuse `--threads`.)
fn commands() -> Vec<(Vec<&'static str>, Vec<u8>)> {
    vec![
        (vec![], judge_input()),
        (vec![], b"2\n..\n..\n3\n...\n".to_vec()), // an error after an answer
        (vec!["checker", "8"], vec![]),
        (vec!["checker"], b"10\n".to_vec()),
        (vec!["count", "12", "--unique"], vec![]),
        (vec!["count", "11", "--unique", "--shard", "2/3"], vec![]),
        (vec!["show", "--n", "8", "--solutions", "3"], vec![]),
    ]
}

#[test]
fn every_command_prints_the_same_for_any_thread_count() {
    for (args, stdin) in commands() {
        let report = assert_same_for_every_thread_count(&args, &stdin);
        assert!(
            report.contains("--- stdout\n") && report.len() > 30,
            "{report}"
        );
    }
}
