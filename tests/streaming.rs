//! Long runs that talk: judge mode answers each case as soon as it and the
//! cases before it are known (a kill loses only unfinished cases), progress
//! goes to stderr only, estimates come before any search, and `show` draws
//! without counting first.

use std::io::Write;
use std::process::Stdio;

use crate::child::{lines, next_line, spawn};

/// Two instant cases, then a near-blank 18 x 18 board (two cells blocked)
/// that takes minutes of CPU on this machine's cores (measured: not done
/// after 60 s on 2 threads, with the debug profile the tests use).
fn quick_then_slow() -> String {
    let mut text = String::from("4\n.*..\n....\n....\n....\n1\n.\n18\n");
    for row in 0..18 {
        let mut cells = vec!['.'; 18];
        if row == 0 {
            cells[1] = '*';
        }
        if row == 3 {
            cells[5] = '*';
        }
        text.extend(cells);
        text.push('\n');
    }
    text.push_str("0\n");
    text
}

#[test]
fn answers_leave_before_a_slow_case_of_the_same_batch_ends() {
    for threads in ["1", "2"] {
        let mut child = spawn(&["--threads", threads], Stdio::piped());
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(quick_then_slow().as_bytes()).unwrap();
        // The input is whole (it ends with 0); the batch holds all three.
        drop(stdin);
        let out = lines(child.stdout.take().unwrap());
        let first = next_line(&out, "case 1 while case 3 runs");
        let second = next_line(&out, "case 2 while case 3 runs");
        let still_running = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        assert_eq!(
            (first.as_str(), second.as_str()),
            ("Case 1: 1", "Case 2: 1")
        );
        assert!(still_running, "the slow case was meant to be still running");
        // Killed mid-way: nothing more, and what was out stays out.
        assert!(out.recv().is_err(), "no third answer after the kill");
    }
}
