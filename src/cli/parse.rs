//! From arguments to a [`Cli`]: [`tokenize`] splits them into options
//! (looked up in the option table), positionals and what follows `--`;
//! [`parse`] picks the command from the first positional, checks each
//! option against the commands the table says take it, and builds that
//! command's options struct.

use std::ffi::OsString;
use std::ops::RangeInclusive;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::size;
use super::suggest::nearest;
use super::table::{Cmd, Opt, COMMANDS, FLAGS};
use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};
use crate::engine::budget::DEFAULT_BYTES;
use crate::engine::parallel;
use crate::plan::planner::Method;
use crate::tools::bundle::{Lang, Request, Target};
use crate::tools::count::Job;
use crate::tools::files::Input;
use crate::tools::generate::GenOptions;
use crate::tools::judge::JudgeOptions;
use crate::tools::shard::Shard;
use crate::tools::show::ShowOptions;
use crate::tools::stress::StressOptions;
use crate::tools::test::TestOptions;

/// What to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Judge mode: answer the cases of the inputs.
    Judge(JudgeOptions),
    /// Checker mode for board side `n` (read from stdin when `None`).
    Checker {
        /// The board side, if given on the command line.
        n: Option<usize>,
    },
    /// Print a one-file solution (see [`crate::tools::bundle`]).
    Bundle(Request),
    /// Print a random input.
    Gen(GenOptions),
    /// Stress-test a command against this program's answers.
    Stress(StressOptions),
    /// Run a command on stored inputs.
    Test(TestOptions),
    /// Draw or list solutions.
    Show(ShowOptions),
    /// Count blank boards.
    Count(Job),
    /// Add up shard records from `files` (stdin when empty).
    Merge {
        /// The record files.
        files: Vec<PathBuf>,
    },
    /// Print the help of a command (the global help for judge mode).
    Help(Cmd),
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
    /// `--memory` in bytes (default 1 GiB): judge, checker and count.
    pub memory: usize,
}

/// Arguments split into options, positionals and what follows `--`.
#[derive(Default, Debug)]
pub struct Tokens {
    /// Options with their values, in order.
    pub options: Vec<(Opt, Option<OsString>)>,
    /// Arguments that are not options, in order.
    pub positionals: Vec<OsString>,
    /// Everything after a `--`.
    pub trailing: Vec<OsString>,
}

/// A value on the command line that cannot be used: one line.
fn usage(message: impl Into<String>) -> Error {
    Error::Usage(message.into())
}

/// A malformed command line: the message, then (filled in by [`parse`])
/// the usage of the command that was meant.
fn malformed(message: impl Into<String>) -> Error {
    Error::Malformed {
        message: message.into(),
        usage: String::new(),
    }
}

/// `what` (an option's value, a name) `name`, one of `names`, or an
/// error listing them, with a suggestion when one is near.
fn one_of<T: Copy>(name: &str, names: &[(&'static str, T)], what: &str) -> Result<T> {
    if let Some((_, value)) = names.iter().find(|(n, _)| *n == name) {
        return Ok(*value);
    }
    let list: Vec<&str> = names.iter().map(|(n, _)| *n).collect();
    let mut message = format!("{what} must be one of {}, not '{name}'", list.join(", "));
    if let Some(near) = nearest(name, list.iter().copied()) {
        message.push_str(&format!("; did you mean '{near}'?"));
    }
    Err(usage(message))
}

/// A problem's name (`--problem`, bundle's PROBLEM).
fn problem_named(name: &str, what: &str) -> Result<Target> {
    let names: Vec<(&'static str, Target)> =
        Target::ALL.into_iter().map(|t| (t.name(), t)).collect();
    one_of(name, &names, what)
}

/// The option `-x` or `--name` names, or an error (with a suggestion when
/// a known option is near).
fn lookup(name: &str) -> Result<Opt> {
    let found = FLAGS
        .iter()
        .find(|(_, flag)| flag.long == name || flag.short.is_some_and(|c| name == format!("-{c}")));
    match found {
        Some((opt, _)) => Ok(*opt),
        None => Err(malformed(
            match nearest(name, FLAGS.iter().map(|(_, flag)| flag.long)) {
                Some(near) => format!("unknown option '{name}'; did you mean '{near}'?"),
                None => format!("unknown option '{name}'"),
            },
        )),
    }
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
        // `-3` is a (bad) number, not an option: the command says why.
        let negative = text
            .strip_prefix('-')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        if text == "-" || !text.starts_with('-') || negative {
            tokens.positionals.push(arg);
            continue;
        }
        // `--name=VALUE`: the value's bytes as given (a path need not be
        // UTF-8).
        let bytes = arg.as_bytes();
        let (name, inline) = match bytes.iter().position(|&b| b == b'=') {
            Some(at) => (
                String::from_utf8_lossy(&bytes[..at]).into_owned(),
                Some(OsString::from_vec(bytes[at + 1..].to_vec())),
            ),
            None => (text.clone(), None),
        };
        let opt = lookup(&name)?;
        let value = match (opt.flag().value.is_some(), inline) {
            (true, Some(value)) => Some(value),
            (true, None) => match args.next() {
                Some(value) => Some(value),
                None => {
                    return Err(malformed(format!("option '{}' needs a value", opt.name())));
                }
            },
            (false, None) => None,
            (false, Some(_)) => {
                return Err(malformed(format!("option '{}' takes no value", opt.name())))
            }
        };
        tokens.options.push((opt, value));
    }
    Ok(tokens)
}

/// Parses a whole number in `range`, for option `what`.
pub fn number_in(text: &str, range: RangeInclusive<usize>, what: &str) -> Result<usize> {
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
/// `(from, to, is_range)`. `A..B` is refused with the `..=` form suggested.
fn sizes_in(text: &str) -> Result<(usize, usize, bool)> {
    match text.split_once("..=") {
        None => {
            if let Some((from, to)) = text.split_once("..") {
                if !from.is_empty() && !to.is_empty() {
                    // `10..5` meant the range from 5 to 10.
                    let (low, high) = match (from.parse::<usize>(), to.parse::<usize>()) {
                        (Ok(a), Ok(b)) if a > b => (to, from),
                        _ => (from, to),
                    };
                    return Err(usage(format!(
                        "count takes N or a range A..=B (both ends included), \
                         not '{text}'; did you mean '{low}..={high}'?"
                    )));
                }
            }
            let n = number_in(text, 1..=MAX_N, "N")?;
            Ok((n, n, false))
        }
        Some((from, to)) => {
            let from = number_in(from, 1..=MAX_N, "A")?;
            let to = number_in(to, 1..=MAX_N, "B")?;
            if from > to {
                return Err(usage(format!(
                    "empty range {from}..={to}; did you mean '{to}..={from}'?"
                )));
            }
            Ok((from, to, true))
        }
    }
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
    limits: RangeInclusive<usize>,
    what: &str,
) -> Result<RangeInclusive<usize>> {
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

/// The command a first word names. A word that names no command is judge
/// mode's first FILE, unless it is no existing file, has no `.` or `/`, and
/// is within 2 edits of a command: then it is reported as a misspelling.
fn command_of(word: Option<&OsString>) -> Result<Option<Cmd>> {
    let Some(text) = word.and_then(|w| w.to_str()) else {
        return Ok(None);
    };
    if text == "help" {
        return Ok(None);
    }
    if let Some(cmd) = Cmd::from_word(text) {
        return Ok(Some(cmd));
    }
    if !text.contains(['.', '/', '\\']) && !Path::new(text).exists() {
        if let Some(near) = nearest(text, words()) {
            return Err(malformed(format!(
                "unknown command '{text}'; did you mean '{near}'?"
            )));
        }
    }
    Ok(None)
}

/// The words of the commands.
fn words() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .map(|def| def.word)
        .filter(|w| !w.is_empty())
}

/// `help [COMMAND]`: the command whose help is asked for.
fn help_topic(topic: Option<OsString>) -> Result<Cmd> {
    let Some(topic) = topic else {
        return Ok(Cmd::Judge);
    };
    let topic = topic.to_string_lossy();
    if let Some(cmd) = Cmd::from_word(&topic) {
        return Ok(cmd);
    }
    Err(malformed(match nearest(&topic, words()) {
        Some(near) => format!("unknown command '{topic}'; did you mean '{near}'?"),
        None => format!(
            "unknown command '{topic}' (commands: {})",
            words().collect::<Vec<_>>().join(" ")
        ),
    }))
}

/// Parses the command line (without the program name). A malformed one
/// ([`Error::Malformed`]) carries the usage of the command that was meant:
/// the first argument that names a command, else the global usage.
///
/// ```
/// use nqueens::cli::{parse, Command};
/// let cli = parse(["checker", "6"].map(Into::into)).unwrap();
/// assert_eq!(cli.command, Command::Checker { n: Some(6) });
/// ```
pub fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli> {
    let args: Vec<OsString> = args.into_iter().collect();
    parse_args(args.clone()).map_err(|e| match e {
        Error::Malformed { message, .. } => {
            let meant = args
                .iter()
                .take_while(|a| *a != "--")
                .find_map(|a| a.to_str().and_then(Cmd::from_word));
            Error::Malformed {
                message,
                usage: super::help::usage_of(meant),
            }
        }
        other => other,
    })
}

fn parse_args(args: Vec<OsString>) -> Result<Cli> {
    let tokens = tokenize(args)?;
    let mut positionals = tokens.positionals.into_iter().peekable();
    let is_help = positionals.peek().is_some_and(|w| w == "help");
    let cmd = command_of(positionals.peek())?;
    if cmd.is_some() || is_help {
        positionals.next();
    }
    let cmd = cmd.unwrap_or(Cmd::Judge);
    let mut threads = None;
    let mut memory = DEFAULT_BYTES;
    for (opt, value) in &tokens.options {
        match (opt, value) {
            (Opt::Help, _) => {
                return Ok(Cli {
                    command: Command::Help(cmd),
                    threads,
                    memory,
                })
            }
            (Opt::Version, _) => {
                if let Some(extra) = positionals.peek().or(tokens.trailing.first()) {
                    return Err(malformed(format!(
                        "unexpected argument '{}' ('--version' takes none)",
                        extra.to_string_lossy()
                    )));
                }
                return Ok(Cli {
                    command: Command::Version,
                    threads,
                    memory,
                });
            }
            (Opt::Threads, Some(value)) => {
                threads = Some(number_in(&value.to_string_lossy(), 1..=1024, "--threads")?)
            }
            (Opt::Memory, Some(value)) => {
                memory = size::bytes_in(&value.to_string_lossy(), "--memory")?;
            }
            _ => {}
        }
    }
    let options: Vec<(Opt, Option<OsString>)> = tokens
        .options
        .into_iter()
        .map(|(opt, value)| (opt.for_command(cmd), value))
        .collect();
    let given = &Given(&options);
    let command = if is_help {
        Command::Help(help_topic(positionals.next())?)
    } else {
        match cmd {
            Cmd::Judge => {
                let mut options = parse_judge(given, positionals.by_ref(), threads)?;
                options.memory = memory;
                Command::Judge(options)
            }
            Cmd::Count => {
                let mut job = parse_count(given, positionals.next(), threads)?;
                job.memory = memory;
                Command::Count(job)
            }
            Cmd::Merge => Command::Merge {
                files: positionals.by_ref().map(PathBuf::from).collect(),
            },
            Cmd::Checker => {
                let n = match positionals.next() {
                    Some(n) => Some(number_in(&n.to_string_lossy(), 1..=MAX_N, "N")?),
                    None => None,
                };
                Command::Checker { n }
            }
            Cmd::Bundle => Command::Bundle(parse_bundle(given, positionals.next())?),
            Cmd::Gen => Command::Gen(given.gen()?),
            Cmd::Stress => Command::Stress(parse_stress(given, &tokens.trailing, threads)?),
            Cmd::Test => Command::Test(parse_test(
                given,
                positionals.by_ref(),
                &tokens.trailing,
                threads,
            )?),
            Cmd::Show => Command::Show(parse_show(given, positionals.next(), threads)?),
        }
    };
    if let Some(extra) = positionals.next() {
        return Err(malformed(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    for (opt, _) in &options {
        if !opt.flag().scope.includes(cmd) {
            return Err(malformed(format!(
                "option '{}' does not apply to {}",
                opt.name(),
                cmd.label()
            )));
        }
    }
    let takes_command = matches!(cmd, Cmd::Stress | Cmd::Test);
    if let Some(extra) = tokens.trailing.first().filter(|_| !takes_command) {
        return Err(malformed(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    Ok(Cli {
        command,
        threads,
        memory,
    })
}

/// Default of `--timeout` (stress, test).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The options given to one command. Each option's value is converted,
/// checked and defaulted in one method here, whichever command takes it;
/// values stay `OsStr` until then, so paths (`--save`, `--checkpoint`)
/// reach the command exactly as given, even when they are not UTF-8.
struct Given<'a>(&'a [(Opt, Option<OsString>)]);

impl<'a> Given<'a> {
    /// Whether `opt` was given.
    fn has(&self, opt: Opt) -> bool {
        self.0.iter().any(|(o, _)| *o == opt)
    }

    /// The last value given for `opt`, if any.
    fn raw(&self, opt: Opt) -> Option<&'a OsString> {
        self.0
            .iter()
            .rev()
            .find(|(o, _)| *o == opt)
            .and_then(|(_, v)| v.as_ref())
    }

    /// The last value of `opt` as text (for numbers and names; anything
    /// not UTF-8 is refused by their checks with the lossy text shown).
    fn text(&self, opt: Opt) -> Option<String> {
        self.raw(opt).map(|v| v.to_string_lossy().into_owned())
    }

    /// The last value of `opt` as a path, exactly as given.
    fn path(&self, opt: Opt) -> Option<PathBuf> {
        self.raw(opt).map(PathBuf::from)
    }

    /// The last value of `opt`, a whole number in `range`, or `default`.
    fn number(&self, opt: Opt, range: RangeInclusive<usize>, default: usize) -> Result<usize> {
        match self.text(opt) {
            Some(text) => number_in(&text, range, opt.name()),
            None => Ok(default),
        }
    }

    /// `--method NAME`: `auto` (the default) or a registered method.
    fn method(&self) -> Result<Method> {
        match self.text(Opt::Method) {
            None => Ok(Method::Auto),
            Some(name) => {
                let names: Vec<(&'static str, Method)> =
                    Method::all().into_iter().map(|m| (m.name(), m)).collect();
                one_of(&name, &names, "--method")
            }
        }
    }

    /// `--problem P` (default: uva11195), for gen, stress and test.
    fn problem(&self) -> Result<Target> {
        match self.text(Opt::Problem) {
            None => Ok(Target::Uva11195),
            Some(name) => problem_named(&name, "--problem"),
        }
    }

    /// `--lang LANG` (default: rust).
    fn lang(&self) -> Result<Lang> {
        match self.text(Opt::Lang) {
            None => Ok(Lang::Rust),
            Some(name) => {
                let names: Vec<(&'static str, Lang)> =
                    Lang::ALL.into_iter().map(|l| (l.name(), l)).collect();
                one_of(&name, &names, "--lang")
            }
        }
    }

    /// `--timeout SECS`: seconds above 0, at most a day (default
    /// [`DEFAULT_TIMEOUT`]).
    fn timeout(&self) -> Result<Duration> {
        let Some(secs) = self.text(Opt::Timeout) else {
            return Ok(DEFAULT_TIMEOUT);
        };
        let parsed = secs
            .parse::<f64>()
            .ok()
            .filter(|s| *s > 0.0 && *s <= 86_400.0);
        let secs = parsed.ok_or_else(|| {
            usage(format!(
                "--timeout must be a number of seconds above 0, not '{secs}'"
            ))
        })?;
        Ok(Duration::from_secs_f64(secs))
    }

    /// `--seed S`, if given.
    fn seed(&self) -> Result<Option<u64>> {
        let Some(seed) = self.text(Opt::Seed) else {
            return Ok(None);
        };
        seed.parse().map(Some).map_err(|_| {
            usage(format!(
                "--seed must be a whole number from 0 to {}, not '{seed}'",
                u64::MAX
            ))
        })
    }

    /// `--shard I/K`, if given.
    fn shard(&self) -> Result<Option<Shard>> {
        let Some(value) = self.text(Opt::Shard) else {
            return Ok(None);
        };
        Shard::parse(&value).map(Some).ok_or_else(|| {
            usage(format!(
                "--shard must be I/K with 1 <= I <= K, not '{value}'"
            ))
        })
    }

    /// The generator options of gen and stress: `--problem`, `--seed`,
    /// `--cases`, `--n`, `--density`, each defaulted for the problem.
    fn gen(&self) -> Result<GenOptions> {
        let mut gen = GenOptions::defaults(self.problem()?);
        gen.seed = self.seed()?;
        gen.cases = self.number(Opt::Cases, 1..=100_000, gen.cases)?;
        if let Some(n) = self.text(Opt::N) {
            gen.n = range_in(&n, 1..=MAX_N, "--n")?;
        }
        if let Some(density) = self.text(Opt::Density) {
            gen.density = range_in(density.trim_end_matches('%'), 0..=100, "--density")?;
        }
        Ok(gen)
    }
}

/// `[--method NAME] [--explain] [--progress] [--estimate] [FILE...]`:
/// several FILEs are one stream.
fn parse_judge(
    given: &Given,
    files: impl Iterator<Item = OsString>,
    threads: Option<usize>,
) -> Result<JudgeOptions> {
    let mut inputs: Vec<Input> = files.map(Input::from_arg).collect();
    if inputs.is_empty() {
        inputs.push(Input::Stdin);
    }
    Ok(JudgeOptions {
        inputs,
        method: given.method()?,
        explain: given.has(Opt::Explain),
        progress: given.has(Opt::Progress),
        estimate: given.has(Opt::Estimate),
        threads: parallel::threads(threads),
        memory: DEFAULT_BYTES,
    })
}

/// `count N|A..=B [--unique] [--progress] [--estimate] [--shard I/K]
/// [--checkpoint FILE]`.
fn parse_count(given: &Given, sizes: Option<OsString>, threads: Option<usize>) -> Result<Job> {
    let Some(sizes) = sizes else {
        return Err(malformed("count needs N or a range A..=B"));
    };
    let (from, to, table) = sizes_in(&sizes.to_string_lossy())?;
    let shard = given.shard()?;
    if shard.is_some() && table {
        return Err(usage("--shard takes one N, not a range"));
    }
    let checkpoint = given.path(Opt::Checkpoint);
    if checkpoint.is_some() && table {
        return Err(usage("--checkpoint takes one N, not a range"));
    }
    Ok(Job {
        from,
        to,
        table,
        unique: given.has(Opt::Unique),
        progress: given.has(Opt::Progress),
        estimate: given.has(Opt::Estimate),
        shard,
        threads: parallel::threads(threads),
        checkpoint,
        memory: DEFAULT_BYTES,
    })
}

/// `bundle [uva11195|checker] [--lang LANG] [--usaco] [--keep-comments]`:
/// UVa 11195 in Rust by default.
fn parse_bundle(given: &Given, target: Option<OsString>) -> Result<Request> {
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
fn parse_stress(
    given: &Given,
    trailing: &[OsString],
    threads: Option<usize>,
) -> Result<StressOptions> {
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
        progress: given.has(Opt::Progress),
        threads: parallel::threads(threads),
    })
}

/// `test [--problem P] [--timeout SECS] [DIR|FILE...] -- COMMAND [ARGS...]`.
fn parse_test(
    given: &Given,
    paths: impl Iterator<Item = OsString>,
    trailing: &[OsString],
    threads: Option<usize>,
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
        threads: parallel::threads(threads),
        progress: given.has(Opt::Progress),
    })
}

/// `show [--limit K | --solutions K] [--total] [--ascii] [--lexicographic]
/// [--progress] [--n N | FILE]`.
fn parse_show(
    given: &Given,
    file: Option<OsString>,
    threads: Option<usize>,
) -> Result<ShowOptions> {
    let list = given.has(Opt::Solutions);
    if list && given.has(Opt::Limit) {
        return Err(malformed(
            "show: --limit and --solutions cannot be combined",
        ));
    }
    let limit = match list {
        true => given.number(Opt::Solutions, 0..=1_000_000, 1)?,
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
        progress: given.has(Opt::Progress),
        threads: parallel::threads(threads),
    })
}
