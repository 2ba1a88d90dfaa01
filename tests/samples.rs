//! Every file in `samples/` run through the binary, its stdout, stderr and
//! exit status snapshotted. A sample `NAME.in` is fed on stdin; the
//! arguments come from `NAME.args` beside it (one per line), none if absent.

use crate::util;

#[test]
fn samples() {
    insta::glob!("../samples", "*.in", |path| {
        let input = std::fs::read(path).unwrap();
        let args_text = std::fs::read_to_string(path.with_extension("args")).unwrap_or_default();
        let args: Vec<&str> = args_text.lines().filter(|l| !l.is_empty()).collect();
        let run = util::run(&args, &input);
        insta::assert_snapshot!(format!("args: {}\n{}", args.join(" "), run.report()));
    });
}
