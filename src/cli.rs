//! The command line: what the user asked for, checked, before anything runs.
//!
//! Parsing is two steps. [`tokenize`] splits the arguments into options (one
//! table of every option, each known to take a value or not), positionals,
//! and whatever follows `--`; then [`parse`] picks the command from the first
//! positional and checks that it got only options it understands.
//!
//! Exit statuses, for scripts: 0 success, 1 `stress` found a failing input, 2 any
//! error (bad input, bad usage, I/O failure). Results go to stdout, messages to stderr.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};
use crate::plan::planner::Method;
use crate::tools::bundle::Target;
use crate::tools::generate::GenOptions;
use crate::tools::shard::Shard;
use crate::tools::show::ShowOptions;
use crate::tools::stress::StressOptions;

/// The one-line usage shown with usage errors.
pub const USAGE: &str = "usage: nqueens [OPTIONS] [FILE]  |  nqueens COMMAND [ARGS]  \
(commands: checker count merge bundle gen stress show; nqueens --help for more)";

/// The `--help` text.
pub const HELP: &str = "\
nqueens: counts ways to place n mutually non-attacking queens.

USAGE:
    nqueens [OPTIONS] [FILE]      judge mode (UVa 11195): FILE or stdin ('-')
    nqueens checker [N]           USACO 1.5.4 / Luogu P1219 (N from stdin if absent)
    nqueens bundle [PROBLEM]      one-file Rust solution (uva11195 or checker)
    nqueens gen [OPTIONS]         print a random input
    nqueens stress [OPTIONS] -- COMMAND [ARGS...]
                                  test another solution on random inputs
    nqueens show [OPTIONS] [FILE] draw the solutions of each case (or --n N)
    nqueens count N [--unique]    solutions of the blank N x N board
    nqueens count A..=B           a table for N = A..=B: N, total, unique, seconds
    nqueens count N --shard I/K   shard I of K (1-based) of the work, one record line
    nqueens merge [FILES]         adds up the shard records of FILES (or stdin)

JUDGE MODE:
    Input: cases, each a line 'n' then n rows of n cells ('.' free, '*' blocked);
    a '0' ends the input. Output: 'Case k: N' per case, N the number of ways to
    place n queens on free cells, no two attacking. 1 <= n <= 64.

CHECKER MODE:
    Prints the first three solutions of the blank N x N board in lexicographic
    order (1-based columns, row by row), then the number of solutions.

BUNDLE:
    Prints one self-contained Rust source (std only, single-threaded, under
    64 KiB) made from this program's own modules, that reads the problem's
    input from stdin and writes its answer to stdout. PROBLEM is uva11195
    (the default) or checker. Build it as a judge does:
        nqueens bundle uva11195 > main.rs && rustc --edition 2021 -O main.rs

GEN AND STRESS:
    gen prints one random input; stress runs COMMAND on --rounds of them
    (input on stdin) and compares its stdout with this program's answers, line
    by line (trailing spaces and blank lines ignored). The first wrong answer,
    crash (non-zero exit, signal) or time-out is shrunk to a minimal failing
    input (fewer cases, smaller boards, fewer free cells), which is printed
    with the expected and actual output and the seed that reproduces it.
    --problem P       uva11195 (default) or checker (input: one N)
    --seed S          seed of the first input (default: from the clock);
                      round r uses seed S+r, which 'gen --seed S+r' reprints
    --cases C         cases per input (default 4)
    --n A..=B         board sides, or the values of N (default 1..=8,
                      checker 1..=10); a single number A means A..=A
    --density P       percent of cells blocked, or a range A..=B (default 0..=40)
    --rounds R        stress: inputs to try (default 100)
    --timeout SECS    stress: time limit per run, killed after it (default 10)
    Exit status of stress: 0 all passed, 1 a failing input was found,
    2 usage or other errors (e.g. COMMAND cannot be started).

SHOW:
    For each case of judge input (FILE or stdin), draws up to K solutions in
    lexicographic order under a heading 'Case k, solution i of N:': Q a queen,
    * an obstacle, . a free cell. Chess glyphs when stdout is a UTF-8 terminal.
    --n N             show the blank N x N board instead of reading input
    --limit K         solutions drawn per case (default 1)
    --solutions K     list instead: 'Case k: N', then up to K solutions as
                      1-based columns, one per line (for scripts)
    --ascii           plain ASCII even on a terminal
COUNT AND MERGE:
    'count N' prints the total, with --unique 'TOTAL UNIQUE' (UNIQUE counts
    solutions up to rotation and reflection). Shard records read
    'shard I/K n=N split=F total=T unique=U' (F: which unit list the shards
    were dealt from); merge checks that shards 1..K of one N and one F are
    all there, once each, and prints 'TOTAL UNIQUE'. Results never depend on
    --threads.

OPTIONS:
    --threads T       worker threads (default: all cores)
    --method NAME     judge mode: force one counting method (default: auto,
                      the planner's choice per case): auto, plain, index,
                      inclusion-exclusion, symmetry, ordered,
                      most-constrained, scan
    --explain         judge mode: one line per case on stderr: the method
                      chosen, estimated and actual time
    --unique          count: also print the unique count
    --progress        count: show progress on stderr (default: when stderr
                      is a terminal)
    --shard I/K       count: compute only shard I of K
    -h, --help        print this help
    -V, --version     print the version

EXIT STATUS:
    0 success; 1 stress found a failing input; 2 error (malformed input,
    bad usage, I/O failure).
    Errors go to stderr as one line naming the input line at fault;
    every case before a malformed one is still answered.
";

/// Where input comes from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Input {
    /// Standard input (no FILE, or `-`).
    Stdin,
    /// A file.
    Path(PathBuf),
}

/// What to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Judge mode: answer the cases of `input`.
    Judge {
        /// Where the cases come from.
        input: Input,
        /// `--method`: how to count (the planner chooses for `Auto`).
        method: Method,
        /// `--explain`: describe each case's method on stderr.
        explain: bool,
    },
    /// Checker mode for board side `n` (read from stdin when `None`).
    Checker {
        /// The board side, if given on the command line.
        n: Option<usize>,
    },
    /// Print a one-file solution of `target` (see [`crate::tools::bundle`]).
    Bundle {
        /// The problem the file solves.
        target: Target,
    },
    /// Print a random input.
    Gen(GenOptions),
    /// Stress-test a command against this program's answers.
    Stress(StressOptions),
    /// Draw or list solutions.
    Show(ShowOptions),
    /// Count the blank boards of sides `from..=to`.
    Count {
        /// The smallest side.
        from: usize,
        /// The largest side (`from` when one N was given).
        to: usize,
        /// Whether a range `A..=B` was asked for (a table even when `A == B`).
        table: bool,
        /// `--unique`.
        unique: bool,
        /// `--progress`.
        progress: bool,
        /// `--shard I/K`.
        shard: Option<Shard>,
    },
    /// Add up shard records from `files` (stdin when empty).
    Merge {
        /// The record files.
        files: Vec<PathBuf>,
    },
    /// Print the help.
    Help,
    /// Print the version.
    Version,
}

/// A parsed command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cli {
    /// The command.
    pub command: Command,
    /// `--threads`, if given.
    pub threads: Option<usize>,
}

/// Every option the program knows, and whether it takes a value.
const OPTIONS: &[(&str, bool)] = &[
    ("--threads", true),
    ("--help", false),
    ("--version", false),
    // judge mode:
    ("--method", true),
    ("--explain", false),
    // count:
    ("--unique", false),
    ("--progress", false),
    ("--shard", true),
    // gen, stress, show:
    ("--seed", true),
    ("--problem", true),
    ("--cases", true),
    ("--n", true),
    ("--density", true),
    ("--rounds", true),
    ("--timeout", true),
    ("--limit", true),
    ("--solutions", true),
    ("--ascii", false),
];

/// Arguments split into options, positionals and what follows `--`.
#[derive(Default, Debug)]
pub struct Tokens {
    /// `(name, value)` in order; short forms expanded to long names.
    pub options: Vec<(&'static str, Option<String>)>,
    /// Arguments that are not options, in order.
    pub positionals: Vec<OsString>,
    /// Everything after a `--`.
    pub trailing: Vec<OsString>,
}

fn usage(message: impl Into<String>) -> Error {
    Error::Usage(message.into())
}

/// Splits `args` (without the program name) into options and positionals.
pub fn tokenize(args: impl IntoIterator<Item = OsString>) -> Result<Tokens> {
    let mut tokens = Tokens::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy().into_owned();
        if text == "--" {
            tokens.trailing.extend(args);
            break;
        }
        if text == "-" || !text.starts_with('-') {
            tokens.positionals.push(arg);
            continue;
        }
        let text = match text.as_str() {
            "-h" => "--help".to_string(),
            "-V" => "--version".to_string(),
            _ => text,
        };
        let (name, inline) = match text.split_once('=') {
            Some((name, value)) => (name.to_string(), Some(value.to_string())),
            None => (text, None),
        };
        let Some(&(known, takes_value)) = OPTIONS.iter().find(|(o, _)| *o == name) else {
            return Err(usage(format!("unknown option '{name}'")));
        };
        let value = match (takes_value, inline) {
            (true, Some(value)) => Some(value),
            (true, None) => match args.next() {
                Some(value) => Some(value.to_string_lossy().into_owned()),
                None => return Err(usage(format!("option '{known}' needs a value"))),
            },
            (false, None) => None,
            (false, Some(_)) => return Err(usage(format!("option '{known}' takes no value"))),
        };
        tokens.options.push((known, value));
    }
    Ok(tokens)
}

/// Parses a whole number in `range`, for option `what`.
pub fn number_in(text: &str, range: std::ops::RangeInclusive<usize>, what: &str) -> Result<usize> {
    match text.parse::<usize>() {
        Ok(value) if range.contains(&value) => Ok(value),
        _ => Err(usage(format!(
            "{what} must be a whole number from {} to {}, not '{text}'",
            range.start(),
            range.end()
        ))),
    }
}

/// Parses `N` or `A..=B` (sides in `1..=64`, `A <= B`) into
/// `(from, to, is_range)`.
fn sizes_in(text: &str) -> Result<(usize, usize, bool)> {
    match text.split_once("..=") {
        None => {
            let n = number_in(text, 1..=MAX_N, "N")?;
            Ok((n, n, false))
        }
        Some((from, to)) => {
            let from = number_in(from, 1..=MAX_N, "A")?;
            let to = number_in(to, 1..=MAX_N, "B")?;
            if from > to {
                return Err(usage(format!("empty range {from}..={to}")));
            }
            Ok((from, to, true))
        }
    }
}

/// Parses the command line (without the program name).
///
/// ```
/// use nqueens::cli::{parse, Command};
/// let cli = parse(["checker", "6"].map(Into::into)).unwrap();
/// assert_eq!(cli.command, Command::Checker { n: Some(6) });
/// ```
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli> {
    let tokens = tokenize(args)?;
    let mut threads = None;
    let mut method = Method::Auto;
    let mut explain = false;
    for (name, value) in &tokens.options {
        match (*name, value) {
            ("--help", _) => {
                return Ok(Cli {
                    command: Command::Help,
                    threads,
                })
            }
            ("--version", _) => {
                return Ok(Cli {
                    command: Command::Version,
                    threads,
                })
            }
            ("--threads", Some(value)) => threads = Some(number_in(value, 1..=1024, "--threads")?),
            ("--method", Some(value)) => {
                method = Method::parse(value).ok_or_else(|| {
                    usage(format!(
                        "--method must be one of {}, not '{value}'",
                        Method::names()
                    ))
                })?
            }
            ("--explain", _) => explain = true,
            _ => {}
        }
    }
    let has = |option: &str| tokens.options.iter().any(|(name, _)| *name == option);
    let mut positionals = tokens.positionals.into_iter();
    let first = positionals.next();
    let name = first.as_ref().and_then(|a| a.to_str());
    let command = match name {
        Some("count") => {
            let Some(sizes) = positionals.next() else {
                return Err(usage("count needs N or a range A..=B"));
            };
            let (from, to, table) = sizes_in(&sizes.to_string_lossy())?;
            let shard = match tokens.options.iter().find(|(o, _)| *o == "--shard") {
                Some((_, Some(value))) => Some(Shard::parse(value).ok_or_else(|| {
                    usage(format!(
                        "--shard must be I/K with 1 <= I <= K, not '{value}'"
                    ))
                })?),
                _ => None,
            };
            if shard.is_some() && table {
                return Err(usage("--shard takes one N, not a range"));
            }
            Command::Count {
                from,
                to,
                table,
                unique: has("--unique"),
                progress: has("--progress"),
                shard,
            }
        }
        Some("merge") => Command::Merge {
            files: positionals.by_ref().map(PathBuf::from).collect(),
        },
        Some("checker") => {
            let n = match positionals.next() {
                Some(n) => Some(number_in(&n.to_string_lossy(), 1..=MAX_N, "N")?),
                None => None,
            };
            Command::Checker { n }
        }
        Some("bundle") => parse_bundle(positionals.next())?,
        Some("gen") => Command::Gen(parse_gen("gen", &tokens.options)?),
        Some("stress") => Command::Stress(parse_stress(&tokens.options, &tokens.trailing)?),
        Some("show") => Command::Show(parse_show(&tokens.options, positionals.next())?),
        _ => Command::Judge {
            input: match first {
                None => Input::Stdin,
                Some(path) if path == "-" => Input::Stdin,
                Some(path) => Input::Path(path.into()),
            },
            method,
            explain,
        },
    };
    if let Some(extra) = positionals.next() {
        return Err(usage(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    check_option_owners(&command, &tokens.options)?;
    if let Some(extra) = tokens
        .trailing
        .first()
        .filter(|_| !matches!(command, Command::Stress(_)))
    {
        return Err(usage(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    Ok(Cli { command, threads })
}

/// `bundle [uva11195|checker]`: the target defaults to UVa 11195.
fn parse_bundle(target: Option<OsString>) -> Result<Command> {
    let Some(name) = target else {
        return Ok(Command::Bundle {
            target: Target::Uva11195,
        });
    };
    let name = name.to_string_lossy();
    match Target::from_name(&name) {
        Some(target) => Ok(Command::Bundle { target }),
        None => Err(usage(format!(
            "bundle: unknown problem '{name}' (expected uva11195 or checker)"
        ))),
    }
}

/// The options that belong to some commands only, and which take each
/// (`--threads`, `--help`, `--version` go with every command).
const COMMAND_OPTIONS: &[(&str, &[&str])] = &[
    ("--method", &["judge mode"]),
    ("--explain", &["judge mode"]),
    ("--unique", &["count"]),
    ("--progress", &["count"]),
    ("--shard", &["count"]),
    ("--seed", &["gen", "stress"]),
    ("--problem", &["gen", "stress"]),
    ("--cases", &["gen", "stress"]),
    ("--n", &["gen", "stress", "show"]),
    ("--density", &["gen", "stress"]),
    ("--rounds", &["stress"]),
    ("--timeout", &["stress"]),
    ("--limit", &["show"]),
    ("--solutions", &["show"]),
    ("--ascii", &["show"]),
];

/// Rejects an option given to a command that does not take it.
fn check_option_owners(
    command: &Command,
    options: &[(&'static str, Option<String>)],
) -> Result<()> {
    let name = match command {
        Command::Gen(_) => "gen",
        Command::Stress(_) => "stress",
        Command::Show(_) => "show",
        Command::Bundle { .. } => "bundle",
        Command::Checker { .. } => "checker",
        Command::Count { .. } => "count",
        Command::Merge { .. } => "merge",
        _ => "judge mode",
    };
    for (option, _) in options {
        if let Some((_, takers)) = COMMAND_OPTIONS.iter().find(|(o, _)| o == option) {
            if !takers.contains(&name) {
                return Err(usage(format!("option '{option}' does not apply to {name}")));
            }
        }
    }
    Ok(())
}

/// Parses `A..=B`, `A..B` (`B` excluded) or a single `A`, within `limits`.
///
/// ```
/// use nqueens::cli::range_in;
/// assert_eq!(range_in("3..=5", 1..=64, "--n").unwrap(), 3..=5);
/// assert_eq!(range_in("3..5", 1..=64, "--n").unwrap(), 3..=4);
/// assert_eq!(range_in("7", 1..=64, "--n").unwrap(), 7..=7);
/// assert!(range_in("5..=3", 1..=64, "--n").is_err());
/// ```
pub fn range_in(
    text: &str,
    limits: std::ops::RangeInclusive<usize>,
    what: &str,
) -> Result<std::ops::RangeInclusive<usize>> {
    let bad = || {
        usage(format!(
            "{what} must be a number or a range A..=B within {}..={}, not '{text}'",
            limits.start(),
            limits.end()
        ))
    };
    let number = |t: &str| t.parse::<usize>().ok().filter(|v| limits.contains(v));
    let (low, high) = if let Some((a, b)) = text.split_once("..=") {
        (number(a), number(b))
    } else if let Some((a, b)) = text.split_once("..") {
        let high = b.parse::<usize>().ok().and_then(|v| v.checked_sub(1));
        (number(a), high.filter(|v| limits.contains(v)))
    } else {
        (number(text), number(text))
    };
    match (low, high) {
        (Some(low), Some(high)) if low <= high => Ok(low..=high),
        _ => Err(bad()),
    }
}

/// The options of `gen` (and the generator options of `stress`).
fn parse_gen(command: &str, options: &[(&'static str, Option<String>)]) -> Result<GenOptions> {
    let value = |name: &str| {
        options
            .iter()
            .rev()
            .find(|(o, _)| *o == name)
            .and_then(|(_, v)| v.as_deref())
    };
    let problem = match value("--problem") {
        None => Target::Uva11195,
        Some(name) => Target::from_name(name).ok_or_else(|| {
            usage(format!(
                "{command}: unknown problem '{name}' (expected uva11195 or checker)"
            ))
        })?,
    };
    let mut gen = GenOptions::defaults(problem);
    if let Some(seed) = value("--seed") {
        gen.seed = Some(seed.parse().map_err(|_| {
            usage(format!(
                "--seed must be a whole number from 0 to {}, not '{seed}'",
                u64::MAX
            ))
        })?);
    }
    if let Some(cases) = value("--cases") {
        gen.cases = number_in(cases, 1..=100_000, "--cases")?;
    }
    if let Some(n) = value("--n") {
        gen.n = range_in(n, 1..=MAX_N, "--n")?;
    }
    if let Some(density) = value("--density") {
        gen.density = range_in(density.trim_end_matches('%'), 0..=100, "--density")?;
    }
    Ok(gen)
}

/// `stress [OPTIONS] -- COMMAND [ARGS...]`.
fn parse_stress(
    options: &[(&'static str, Option<String>)],
    trailing: &[OsString],
) -> Result<StressOptions> {
    let gen = parse_gen("stress", options)?;
    let mut stress = StressOptions {
        gen,
        rounds: 100,
        timeout: std::time::Duration::from_secs(10),
        command: trailing.to_vec(),
    };
    for (name, value) in options {
        match (*name, value.as_deref()) {
            ("--rounds", Some(rounds)) => {
                stress.rounds = number_in(rounds, 1..=100_000_000, "--rounds")? as u64;
            }
            ("--timeout", Some(secs)) => {
                let parsed = secs
                    .parse::<f64>()
                    .ok()
                    .filter(|s| *s > 0.0 && *s <= 86_400.0);
                let secs = parsed.ok_or_else(|| {
                    usage(format!(
                        "--timeout must be a number of seconds above 0, not '{secs}'"
                    ))
                })?;
                stress.timeout = std::time::Duration::from_secs_f64(secs);
            }
            _ => {}
        }
    }
    if stress.command.is_empty() {
        return Err(usage(
            "stress: no command to test (give it after '--', e.g. stress -- ./mine)",
        ));
    }
    Ok(stress)
}

/// `show [--limit K | --solutions K] [--ascii] [--n N | FILE]`.
fn parse_show(
    options: &[(&'static str, Option<String>)],
    file: Option<OsString>,
) -> Result<ShowOptions> {
    let mut show = ShowOptions {
        input: match file {
            None => Input::Stdin,
            Some(path) if path == "-" => Input::Stdin,
            Some(path) => Input::Path(path.into()),
        },
        blank: None,
        limit: 1,
        list: false,
        ascii: false,
    };
    let mut limit_given = false;
    for (name, value) in options {
        match (*name, value.as_deref()) {
            ("--limit", Some(k)) => {
                show.limit = number_in(k, 0..=1_000_000, "--limit")?;
                limit_given = true;
            }
            ("--solutions", Some(k)) => {
                show.limit = number_in(k, 0..=1_000_000, "--solutions")?;
                show.list = true;
            }
            ("--n", Some(n)) => show.blank = Some(number_in(n, 1..=MAX_N, "--n")?),
            ("--ascii", _) => show.ascii = true,
            _ => {}
        }
    }
    if limit_given && show.list {
        return Err(usage("show: --limit and --solutions cannot be combined"));
    }
    if show.blank.is_some() && show.input != Input::Stdin {
        return Err(usage("show: give --n N or FILE, not both"));
    }
    Ok(show)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(args: &[&str]) -> Result<Cli> {
        parse(args.iter().map(|a| OsString::from(*a)))
    }

    #[test]
    fn judge_is_the_default() {
        assert_eq!(
            parse_str(&[]).unwrap().command,
            Command::Judge {
                input: Input::Stdin,
                method: Method::Auto,
                explain: false,
            }
        );
        assert_eq!(
            parse_str(&["-"]).unwrap().command,
            Command::Judge {
                input: Input::Stdin,
                method: Method::Auto,
                explain: false,
            }
        );
        assert_eq!(
            parse_str(&["x.in"]).unwrap().command,
            Command::Judge {
                input: Input::Path("x.in".into()),
                method: Method::Auto,
                explain: false,
            }
        );
    }

    #[test]
    fn options_anywhere_and_in_both_forms() {
        let cli = parse_str(&["checker", "--threads=3", "8"]).unwrap();
        assert_eq!(cli.threads, Some(3));
        assert_eq!(cli.command, Command::Checker { n: Some(8) });
        assert_eq!(parse_str(&["--threads", "2"]).unwrap().threads, Some(2));
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
        assert_eq!(message(&["--frobnicate"]), "unknown option '--frobnicate'");
        assert_eq!(message(&["--threads"]), "option '--threads' needs a value");
        assert_eq!(
            message(&["checker", "0"]),
            "N must be a whole number from 1 to 64, not '0'"
        );
        assert_eq!(message(&["a", "b"]), "unexpected argument 'b'");
        assert_eq!(
            message(&["--threads", "x"]),
            "--threads must be a whole number from 1 to 1024, not 'x'"
        );
    }

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
            Command::Bundle {
                target: Target::Checker
            }
        );
    }

    #[test]
    fn count_takes_one_size_or_a_range() {
        let cli = parse_str(&["count", "12", "--unique", "--threads", "3"]).unwrap();
        assert_eq!(
            cli.command,
            Command::Count {
                from: 12,
                to: 12,
                table: false,
                unique: true,
                progress: false,
                shard: None
            }
        );
        assert_eq!(cli.threads, Some(3));
        let cli = parse_str(&["count", "4..=9", "--progress"]).unwrap();
        assert!(matches!(
            cli.command,
            Command::Count {
                from: 4,
                to: 9,
                table: true,
                progress: true,
                ..
            }
        ));
        let cli = parse_str(&["count", "17", "--shard=2/8"]).unwrap();
        assert!(matches!(
            cli.command,
            Command::Count {
                shard: Some(Shard { index: 2, of: 8 }),
                ..
            }
        ));
    }

    #[test]
    fn count_and_merge_usage_errors() {
        let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
        assert_eq!(message(&["count"]), "count needs N or a range A..=B");
        assert_eq!(message(&["count", "9..=4"]), "empty range 9..=4");
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
            message(&["checker", "--unique"]),
            "option '--unique' does not apply to checker"
        );
        assert_eq!(
            parse_str(&["merge", "a", "b"]).unwrap().command,
            Command::Merge {
                files: vec!["a".into(), "b".into()]
            }
        );
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
            "--n must be a number or a range A..=B within 1..=64, not '9..=3'"
        );
        assert_eq!(
            message(&["show", "--limit", "2", "--solutions", "2"]),
            "show: --limit and --solutions cannot be combined"
        );
        assert_eq!(message(&["gen", "--", "x"]), "unexpected argument 'x'");
    }

    #[test]
    fn method_and_explain_are_judge_options() {
        assert_eq!(
            parse_str(&["--method", "index", "--explain", "x.in"])
                .unwrap()
                .command,
            Command::Judge {
                input: Input::Path("x.in".into()),
                method: Method::Forced("index"),
                explain: true,
            }
        );
        let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
        assert_eq!(
            message(&["--method=fast"]),
            format!("--method must be one of {}, not 'fast'", Method::names())
        );
        assert_eq!(
            message(&["checker", "--explain"]),
            "option '--explain' does not apply to checker"
        );
    }

    #[test]
    fn help_wins_over_everything_else() {
        assert_eq!(
            parse_str(&["checker", "99", "--help"]).unwrap().command,
            Command::Help
        );
    }
}
