//! The workflow commands (stress, show, bundle, count, merge, gen): their
//! options, and the usage errors of each.

use super::util::parse_str;
use crate::base::target::Target;
use crate::cli::Command;
use crate::tools::bundle::{Lang, Request};
use crate::tools::files::Input;
use crate::tools::shard::Shard;

#[test]
fn workflow_commands_and_their_options() {
    let Command::Stress(stress) = parse_str(&[
        "stress",
        "--seed",
        "5",
        "--n",
        "2..=4",
        "--density",
        "30%",
        "--timeout",
        "0.5",
        "--",
        "./mine",
        "--fast",
    ])
    .unwrap()
    .command
    else {
        panic!("stress")
    };
    assert_eq!(stress.gen.seed, Some(5));
    assert_eq!(stress.gen.n, 2..=4);
    assert_eq!(stress.gen.density, 30..=30);
    assert_eq!(stress.timeout, std::time::Duration::from_millis(500));
    assert_eq!(stress.command, ["./mine", "--fast"]);
    let Command::Show(show) = parse_str(&["show", "--solutions", "3", "x.in"])
        .unwrap()
        .command
    else {
        panic!("show")
    };
    assert!(show.list);
    assert_eq!(show.limit, 3);
    assert_eq!(show.input, Input::Path("x.in".into()));
    assert_eq!(
        parse_str(&["bundle", "checker"]).unwrap().command,
        Command::Bundle(Request {
            target: Target::Checker,
            lang: Lang::Rust,
            usaco: false,
            keep_comments: false,
        })
    );
}

#[test]
fn count_takes_one_size_or_a_range() {
    let cli = parse_str(&["count", "12", "--unique", "--threads", "3"]).unwrap();
    assert_eq!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            from: 12,
            to: 12,
            table: false,
            unique: true,
            estimate: false,
            shard: None,
            shards: None,
            records: None,
            checkpoint: None,
            plan: None,
            measure: None,
        })
    );
    assert_eq!(cli.threads, Some(3));
    let cli = parse_str(&["count", "4..=9", "--progress"]).unwrap();
    assert!(matches!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            from: 4,
            to: 9,
            table: true,
            ..
        })
    ));
    assert!(cli.progress);
    let cli = parse_str(&["count", "17", "--checkpoint", "run.ckpt"]).unwrap();
    let Command::Count(job) = cli.command else {
        panic!("count")
    };
    assert_eq!(job.checkpoint, Some("run.ckpt".into()));
    let cli = parse_str(&["count", "17", "--shard=2/8"]).unwrap();
    assert!(matches!(
        cli.command,
        Command::Count(crate::tools::count::CountOptions {
            shard: Some(Shard { index: 2, of: 8 }),
            shards: None,
            ..
        })
    ));
    // A range, or one shard kept in a records folder, runs shard by shard.
    for (args, first, last) in [
        (&["count", "17", "--shard", "3..=5/8"][..], 3, 5),
        (
            &["count", "17", "--shard", "2/8", "--records", "d"][..],
            2,
            2,
        ),
    ] {
        let Command::Count(job) = parse_str(args).unwrap().command else {
            panic!("count")
        };
        let range = crate::tools::shard::Shards { first, last, of: 8 };
        assert_eq!((job.shard, job.shards), (None, Some(range)), "{args:?}");
    }
}

#[test]
fn count_and_merge_usage_errors() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(message(&["count"]), "count needs N or a range A..=B");
    assert_eq!(
        message(&["count", "9..=4"]),
        "empty range 9..=4; did you mean '4..=9'?"
    );
    assert_eq!(
        message(&["count", "65"]),
        "N must be a whole number from 1 to 64, not '65'"
    );
    assert_eq!(
        message(&["count", "8", "--shard", "3/2"]),
        "--shard must be I/K with 1 <= I <= K, not '3/2'"
    );
    assert_eq!(
        message(&["count", "4..=8", "--shard", "1/2"]),
        "--shard takes one N, not a range"
    );
    assert_eq!(
        message(&["count", "4..=8", "--checkpoint", "f"]),
        "--checkpoint takes one N, not a range"
    );
    assert_eq!(
        message(&["count", "8", "--checkpoint"]),
        "option '--checkpoint' needs a value"
    );
    assert_eq!(
        message(&["checker", "--unique"]),
        "option '--unique' does not apply to checker"
    );
    assert_eq!(
        parse_str(&["merge", "a", "b"]).unwrap().command,
        Command::Merge {
            files: vec!["a".into(), "b".into()],
            status: false,
            spot_check: None,
        }
    );
    assert_eq!(
        parse_str(&["merge", "--status", "dir"]).unwrap().command,
        Command::Merge {
            files: vec!["dir".into()],
            status: true,
            spot_check: None,
        }
    );
    assert_eq!(
        parse_str(&["merge", "--spot-check", "20", "dir"])
            .unwrap()
            .command,
        Command::Merge {
            files: vec!["dir".into()],
            status: false,
            spot_check: Some(20),
        }
    );
    assert!(message(&["merge", "--spot-check", "0", "dir"]).contains("--spot-check"));
    assert_eq!(
        message(&["count", "8", "--shard", "3..=2/4"]),
        "--shard must be a range A..=B/K with 1 <= A <= B <= K, not '3..=2/4'"
    );
    assert_eq!(
        message(&["count", "8", "--records", "d"]),
        "--records DIR keeps the records of shards: give --shard I/K or A..=B/K too"
    );
    assert!(
        message(&["count", "8", "--shard", "1..=2/4", "--checkpoint", "f"])
            .starts_with("--checkpoint takes one shard without --records")
    );
    assert!(message(&["count", "8", "--shard", "1..=2/4", "--estimate"])
        .starts_with("--estimate prices one shard at a time"));
}

#[test]
fn workflow_options_belong_to_their_commands() {
    let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
    assert_eq!(
        message(&["--seed", "1"]),
        "option '--seed' does not apply to judge mode"
    );
    assert_eq!(
        message(&["show", "--rounds", "1"]),
        "option '--rounds' does not apply to show"
    );
    assert_eq!(
        message(&["gen", "--n", "9..=3"]),
        "empty range 9..=3; did you mean '3..=9'?"
    );
    assert_eq!(
        message(&["show", "--limit", "2", "--solutions", "2"]),
        "show: --limit and --solutions cannot be combined"
    );
    assert_eq!(message(&["gen", "--", "x"]), "unexpected argument 'x'");
}
