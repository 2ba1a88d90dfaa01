//! Reliability of the binary as part of a pipeline: answers come out while
//! the input is still open, a reader that goes away ends the run quietly, a
//! failed write is an error, and an endless stream runs in flat memory.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::Stdio;
use std::thread;
use std::time::Instant;

use crate::child::{self, lines, next_line, peak_rss_kib, run_limited, spawn, wait_limited};
use crate::util::{case_text, random_board, slow_count, Rng, Run};

/// A case with answer 1.
const ONE: &[u8] = b"4\n.*..\n....\n....\n....\n";
/// A case with answer 10 (the blank 5 x 5 board).
const TEN: &[u8] = b"5\n.....\n.....\n.....\n.....\n.....\n";

#[test]
fn answers_are_flushed_while_input_stays_open() {
    let mut child = spawn(&[], Stdio::piped());
    let answers = lines(child.stdout.take().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(ONE).unwrap();
    stdin.flush().unwrap();
    assert_eq!(next_line(&answers, "case 1, stdin open"), "Case 1: 1");
    stdin.write_all(TEN).unwrap();
    stdin.flush().unwrap();
    assert_eq!(next_line(&answers, "case 2, stdin open"), "Case 2: 10");
    drop(stdin);
    let status = wait_limited(&mut child, child::PATIENCE);
    assert!(status.success(), "{status:?}");
    assert!(
        answers.recv_timeout(child::PATIENCE).is_err(),
        "no more lines"
    );
}

#[test]
fn answers_before_a_stall_are_flushed_even_mid_case() {
    // The second case is cut off mid-row; the first answer must not wait
    // for the rest of it.
    let mut child = spawn(&[], Stdio::piped());
    let answers = lines(child.stdout.take().unwrap());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(ONE).unwrap();
    stdin.write_all(&TEN[..9]).unwrap();
    stdin.flush().unwrap();
    assert_eq!(
        next_line(&answers, "case 1 with case 2 unfinished"),
        "Case 1: 1"
    );
    stdin.write_all(&TEN[9..]).unwrap();
    drop(stdin);
    assert_eq!(next_line(&answers, "case 2 after close"), "Case 2: 10");
    assert!(wait_limited(&mut child, child::PATIENCE).success());
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    // `nqueens | head -1`: far more answers than a pipe buffer holds, and a
    // reader that takes one line and closes the pipe.
    let mut child = spawn(&[], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let mut stdin = BufWriter::new(&mut stdin);
        for _ in 0..200_000 {
            if stdin.write_all(b"1\n.\n").is_err() {
                return; // the child has gone: EPIPE here is expected
            }
        }
        let _ = stdin.flush();
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    assert_eq!(first, "Case 1: 1\n");
    drop(stdout);
    let status = wait_limited(&mut child, child::PATIENCE);
    feeder.join().unwrap();
    let mut stderr = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr).unwrap();
    assert_eq!(stderr, "", "a closed stdout is not an error");
    assert_eq!(status.code(), Some(0));
}

/// Runs `nqueens ARGS` on `stdin` with its stdout on `/dev/full`.
pub fn run_on_full_disk(args: &[&str], stdin: &[u8]) -> Run {
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists");
    run_limited(args, stdin, Stdio::from(full), child::PATIENCE)
}

#[test]
fn a_full_disk_is_an_error() {
    for (args, stdin) in [
        (&[][..], ONE),
        (&["checker", "6"], b""),
        (&["--help"], b""),
        (&["--version"], b""),
    ] {
        let run = run_on_full_disk(args, stdin);
        assert_eq!(run.status, 2, "{args:?}");
        assert_eq!(
            run.stderr, "nqueens: error writing output: No space left on device\n",
            "{args:?}"
        );
    }
}

/// Pipes about `megabytes` MiB of a fixed set of small boards, repeated
/// (generated on the fly, never held whole), into `nqueens ARGS` with stdin
/// held open, checks every answer, then reads the child's peak resident
/// memory while it waits for more input and asserts it is below
/// `limit_kib`. Returns (input bytes, peak KiB).
fn stream_in_flat_memory(args: &[&str], megabytes: u64, limit_kib: u64) -> (u64, u64) {
    // Boards of n = 1..=8, a fifth of the cells blocked, each answered by
    // the slow solver once: the stream repeats them, so checking is cheap.
    let mut rng = Rng::new(0x5eed_0600);
    let boards: Vec<_> = (0..16)
        .map(|_| {
            let n = rng.between(1, 8);
            random_board(&mut rng, n, 20)
        })
        .collect();
    let cycle: String = boards.iter().map(case_text).collect();
    let counts: Vec<u128> = boards.iter().map(slow_count).collect();
    let cycle_len = cycle.len() as u64;
    let cycles = ((megabytes << 20) + cycle_len - 1) / cycle_len;
    let cases = cycles * boards.len() as u64;

    let start = Instant::now();
    let mut child = spawn(args, Stdio::piped());
    let pid = child.id();
    let stdin = child.stdin.take().unwrap();
    let writer = thread::spawn(move || {
        let mut out = BufWriter::with_capacity(1 << 16, stdin);
        for _ in 0..cycles {
            out.write_all(cycle.as_bytes()).expect("the child reads on");
        }
        out.flush().unwrap();
        // Stdin stays open: the child must answer everything without it.
        out.into_inner().map_err(|_| ()).unwrap()
    });
    let mut answers = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let mut line = String::new();
    let mut expected = String::new();
    for k in 1..=cases {
        line.clear();
        answers.read_line(&mut line).unwrap();
        expected.clear();
        let count = counts[((k - 1) % counts.len() as u64) as usize];
        std::fmt::Write::write_fmt(&mut expected, format_args!("Case {k}: {count}\n")).unwrap();
        assert_eq!(line, expected, "answer {k} of {cases}");
    }
    // Every answer is in and the child is alive, waiting for input: its
    // high-water mark now covers the whole run.
    let peak = peak_rss_kib(pid);
    drop(writer.join().unwrap());
    let status = wait_limited(&mut child, child::PATIENCE);
    assert!(status.success(), "{status:?}");
    line.clear();
    answers.read_line(&mut line).unwrap();
    assert_eq!(line, "", "no answer beyond the input");
    let bytes = cycles * cycle_len;
    println!(
        "streamed {bytes} bytes ({cases} cases) in {:.1?}: peak RSS {peak} KiB",
        start.elapsed()
    );
    assert!(
        peak < limit_kib,
        "peak RSS {peak} KiB for a {megabytes} MiB stream (limit {limit_kib} KiB)"
    );
    (bytes, peak)
}

#[test]
fn a_long_stream_runs_in_flat_memory() {
    // 40 MiB in, about 18 MiB out; the child peaks near 2.2 MiB, so holding
    // either the input or the output would break 8 MiB.
    stream_in_flat_memory(&[], 40, 8 << 10);
}

#[test]
fn a_stream_on_many_threads_runs_in_flat_memory() {
    // More threads than cores or than cases in a batch: still flat.
    stream_in_flat_memory(&["--threads", "16"], 10, 8 << 10);
}

#[test]
#[ignore = "a gigabyte stream: run with cargo test --release -- --ignored"]
fn a_gigabyte_stream_runs_in_flat_memory() {
    stream_in_flat_memory(&[], 1 << 10, 64 << 10);
}
