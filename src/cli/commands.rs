//! The per-command checks: each command's options struct built from the
//! options given and its positionals, with the checks that span options
//! (`--shard` takes one N, `--limit` and `--solutions` exclude each other).

use std::ffi::OsString;
use std::path::PathBuf;

use super::given::Given;
use super::table::Opt;
use super::values::{malformed, problem_named, sizes_in, usage};
use crate::base::board::MAX_N;
use crate::base::error::Result;
use crate::base::target::Target;
use crate::tools::bundle::Request;
use crate::tools::count::CountOptions;
use crate::tools::files::Input;
use crate::tools::judge_mode::JudgeModeOptions;
use crate::tools::shard::Shard;
use crate::tools::show::ShowOptions;
use crate::tools::stress::StressOptions;
use crate::tools::test::TestOptions;

/// `[--method NAME] [--explain] [--progress] [--estimate] [--max-time
/// SECONDS] [FILE...]`: several FILEs are one stream.
pub(super) fn parse_judge_mode(
    given: &Given,
    files: impl Iterator<Item = OsString>,
) -> Result<JudgeModeOptions> {
    let mut inputs: Vec<Input> = files.map(Input::from_arg).collect();
    if inputs.is_empty() {
        inputs.push(Input::Stdin);
    }
    // Stdin read to its end once has nothing left for a second '-'.
    let stdins = inputs.iter().filter(|i| **i == Input::Stdin).count();
    if stdins > 1 {
        return Err(malformed(format!(
            "'-' (stdin) is given {stdins} times; it can be read only once"
        )));
    }
    // `--estimate` answers no case, so `--explain` (a line per case as it
    // is answered) would say nothing: refused, not dropped (issue 75).
    if given.has(Opt::Explain) && given.has(Opt::Estimate) {
        return Err(usage(
            "--estimate answers no case, so --explain would explain nothing (each \
             estimate line names the method chosen already): give one of them",
        ));
    }
    Ok(JudgeModeOptions {
        inputs,
        method: given.method()?,
        explain: given.has(Opt::Explain),
        estimate: given.has(Opt::Estimate),
        max_time: given.max_time()?,
    })
}

/// `count N|A..=B [--unique] [--progress] [--estimate] [--shard I/K]
/// [--checkpoint FILE] [--plan FILE]`.
pub(super) fn parse_count(given: &Given, sizes: Option<OsString>) -> Result<CountOptions> {
    let Some(sizes) = sizes else {
        return Err(malformed("count needs N or a range A..=B"));
    };
    let (from, to, table) = sizes_in(&sizes.to_string_lossy())?;
    let shards = given.shard()?;
    if shards.is_some() && table {
        return Err(usage("--shard takes one N, not a range"));
    }
    let records = given.path(Opt::Records);
    if records.is_some() && shards.is_none() {
        return Err(usage(
            "--records DIR keeps the records of shards: give --shard I/K or A..=B/K too",
        ));
    }
    let estimate = given.has(Opt::Estimate);
    if records.is_some() && estimate {
        return Err(usage(
            "--estimate counts nothing, so it writes no --records: give one of them",
        ));
    }
    // One shard without a records folder runs as it always has; a range,
    // or any shard with --records, runs shard after shard.
    let (shard, shards) = match shards {
        Some(range) if range.len() == 1 && records.is_none() => (
            Some(Shard {
                index: range.first,
                of: range.of,
            }),
            None,
        ),
        other => (None, other),
    };
    if shards.is_some_and(|range| range.len() > 1) && estimate {
        return Err(usage(
            "--estimate prices one shard at a time: give --shard I/K (shards of one count \
             are alike within a few percent up to N = 25)",
        ));
    }
    let checkpoint = given.path(Opt::Checkpoint);
    if checkpoint.is_some() && table {
        return Err(usage("--checkpoint takes one N, not a range"));
    }
    if checkpoint.is_some() && shards.is_some() {
        return Err(usage(
            "--checkpoint takes one shard without --records: a range resumes from its \
             --records DIR, shard by shard",
        ));
    }
    if checkpoint.is_some() && estimate {
        return Err(usage(
            "--estimate counts nothing, so it records nothing in a --checkpoint: give one of them",
        ));
    }
    let measure = given.measure()?;
    if measure.is_some() && !estimate {
        return Err(usage(
            "--measure times some of the count to price the rest: give --estimate too",
        ));
    }
    let plan = given.path(Opt::Plan);
    if plan.is_some() && table {
        return Err(usage("--plan takes one N, not a range"));
    }
    Ok(CountOptions {
        from,
        to,
        table,
        unique: given.has(Opt::Unique),
        estimate,
        shard,
        shards,
        records,
        checkpoint,
        plan,
        measure,
    })
}

/// `bundle [uva11195|checker] [--lang LANG] [--usaco] [--keep-comments]`:
/// UVa 11195 in Rust by default.
pub(super) fn parse_bundle(given: &Given, target: Option<OsString>) -> Result<Request> {
    let target = match target {
        None => Target::Uva11195,
        Some(name) => problem_named(&name.to_string_lossy(), "bundle's PROBLEM")?,
    };
    let request = Request {
        target,
        lang: given.lang()?,
        usaco: given.has(Opt::Usaco),
        keep_comments: given.has(Opt::KeepComments),
    };
    match request.refusal() {
        Some(why) => Err(usage(why)),
        None => Ok(request),
    }
}

/// `stress [OPTIONS] -- COMMAND [ARGS...]`.
pub(super) fn parse_stress(given: &Given, trailing: &[OsString]) -> Result<StressOptions> {
    if trailing.is_empty() {
        return Err(malformed(
            "stress: no command to test (give it after '--', e.g. stress -- ./mine)",
        ));
    }
    Ok(StressOptions {
        gen: given.gen()?,
        rounds: given.number(Opt::Rounds, 1..=100_000_000, 100)? as u64,
        timeout: given.timeout()?,
        command: trailing.to_vec(),
        jobs: given.number(Opt::Jobs, 1..=256, 1)?,
        shrink: !given.has(Opt::NoShrink),
        save: given.path(Opt::Save),
    })
}

/// `test [--problem P] [--timeout SECS] [DIR|FILE...] -- COMMAND [ARGS...]`.
pub(super) fn parse_test(
    given: &Given,
    paths: impl Iterator<Item = OsString>,
    trailing: &[OsString],
) -> Result<TestOptions> {
    if trailing.is_empty() {
        return Err(malformed(
            "test: no command to test (give it after '--', e.g. test -- ./mine)",
        ));
    }
    Ok(TestOptions {
        paths: paths.map(PathBuf::from).collect(),
        problem: given.problem()?,
        timeout: given.timeout()?,
        command: trailing.to_vec(),
    })
}

/// `show [--limit K | --solutions K] [--total] [--ascii] [--lexicographic]
/// [--svg FILE] [--progress] [--n N | FILE]`.
pub(super) fn parse_show(given: &Given, file: Option<OsString>) -> Result<ShowOptions> {
    let list = given.has(Opt::Solutions);
    if list && given.has(Opt::Limit) {
        return Err(malformed(
            "show: --limit and --solutions cannot be combined",
        ));
    }
    let limit = match list {
        true => given.number(Opt::Solutions, 1..=1_000_000, 1)?,
        false => given.number(Opt::Limit, 1..=1_000_000, 1)?,
    };
    let blank = match given.has(Opt::ShowN) {
        true => Some(given.number(Opt::ShowN, 1..=MAX_N, 1)?),
        false => None,
    };
    if blank.is_some() && file.is_some() {
        return Err(malformed("show: give --n N or FILE, not both"));
    }
    Ok(ShowOptions {
        input: file.map_or(Input::Stdin, Input::from_arg),
        blank,
        limit,
        list,
        ascii: given.has(Opt::Ascii),
        total: given.has(Opt::Total),
        lexicographic: given.has(Opt::Lexicographic),
        svg: given.path(Opt::Svg),
    })
}
