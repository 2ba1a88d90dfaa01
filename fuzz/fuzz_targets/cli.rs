//! Fuzzes the command-line parser (`nqueens::cli::parse`): any bytes as an
//! argument vector. Only parses; no command is run.
//!
//! The bytes are split on NUL when they hold one (so that an argument may
//! hold a newline, as a real one can), else on newlines. Arguments need not
//! be UTF-8.
//!
//! Invariants: no panic; the parse gives a command or an error whose
//! message is one non-empty line (`main` prints it behind `nqueens: `); the
//! same arguments parse the same again.

#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use libfuzzer_sys::fuzz_target;
use nqueens::cli::parse;

fuzz_target!(|data: &[u8]| {
    let separator = if data.contains(&0) { 0 } else { b'\n' };
    let args: Vec<OsString> = if data.is_empty() {
        Vec::new()
    } else {
        (data.split(|&b| b == separator))
            .map(|arg| OsString::from_vec(arg.to_vec()))
            .collect()
    };
    match parse(args.clone()) {
        Ok(cli) => {
            let again = parse(args).expect("the same arguments parse again");
            assert_eq!(again, cli);
        }
        Err(e) => {
            let message = e.to_string();
            assert!(!message.is_empty(), "an empty message: {e:?}");
            assert!(!message.contains(['\n', '\r']), "{message:?}");
            let again = parse(args).expect_err("the same arguments fail again");
            assert_eq!(again.to_string(), message);
        }
    }
});
