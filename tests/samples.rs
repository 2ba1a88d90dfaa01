//! Every file in `samples/` run through the binary, its stdout, stderr and
//! exit status snapshotted. A sample `NAME.in` is fed on stdin; the
//! arguments come from `NAME.args` beside it (one per line), none if absent;
//! each runs as on a 2-core machine (`NQUEENS_CORES=2`).
//! Measured times (`0.012s`) are shown as `#.###s`, so snapshots are stable.

use crate::util;

#[test]
fn samples() {
    insta::glob!("../samples", "*.in", |path| {
        let input = std::fs::read(path).unwrap();
        let args_text = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
        let args: Vec<&str> = args_text.lines().filter(|l| !l.is_empty()).collect();
        // As on a 2-core machine: estimates name cores beyond `--threads`.
        let run = Timeless(util::run_on_cores(2, &args, &input));
        insta::assert_snapshot!(format!("args: {}\n{}", args.join(" "), run.report()));
    });
}

/// A run whose report hides measured times.
struct Timeless(util::Run);

impl Timeless {
    fn report(&self) -> String {
        without_times(&self.0.report())
    }
}

/// `text` with each measured time, digits `.` three digits `s`, as `#.###s`.
fn without_times(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        let rest = &bytes[i + digits..];
        let is_time = starts_word
            && digits > 0
            && rest.len() >= 5
            && rest[0] == b'.'
            && rest[1..4].iter().all(u8::is_ascii_digit)
            && rest[4] == b's'
            && !rest.get(5).is_some_and(u8::is_ascii_alphanumeric);
        if is_time {
            out.push_str("#.###s");
            i += digits + 5;
        } else {
            let len = digits.max(1);
            out.push_str(&text[i..i + len]);
            i += len;
        }
    }
    out
}

#[test]
fn times_are_hidden_from_snapshots() {
    assert_eq!(
        without_times("time: this run 0.012s, the slowest 12.500s; 3.5s 1.234sx"),
        "time: this run #.###s, the slowest #.###s; 3.5s 1.234sx"
    );
}
