//! The table walk: [`tokenize`] splits the arguments into options
//! (looked up in the option table), positionals and what follows `--`;
//! [`parse`] picks the command from the first positional, checks each
//! option against the commands the table says take it, and hands the
//! options to that command's builder (module `commands`).

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};

use super::commands::{
    parse_bundle, parse_count, parse_judge_mode, parse_show, parse_stress, parse_test,
};
use super::given::Given;
use super::size;
use super::suggest::nearest;
use super::table::{Cmd, Opt, COMMANDS, FLAGS};
use super::values::{malformed, number_in};
use crate::base::board::MAX_N;
use crate::base::error::{Error, Result};
use crate::tools::bundle::Request;
use crate::tools::count::CountOptions;
use crate::tools::generate::GenOptions;
use crate::tools::judge_mode::JudgeModeOptions;
use crate::tools::show::ShowOptions;
use crate::tools::stress::StressOptions;
use crate::tools::test::TestOptions;

pub use super::given::DEFAULT_TIMEOUT;

/// What to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// Judge mode: answer the cases of the inputs.
    JudgeMode(JudgeModeOptions),
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
    Count(CountOptions),
    /// Add up shard records from `files` (stdin when empty).
    Merge {
        /// The record files and folders.
        files: Vec<PathBuf>,
        /// `--status`: report the campaign's state instead.
        status: bool,
        /// `--spot-check K`: count K shards drawn from the records again.
        spot_check: Option<usize>,
    },
    /// Print the help of a command (the global help for judge mode).
    Help(Cmd),
    /// Print what `help` itself does (`nqueens help help`).
    HelpOnHelp,
    /// Print the version.
    Version,
}

/// A parsed command line: the command, and the options every command
/// that takes them means the same by, as given (resolved with the machine
/// into the run's settings by [`super::resolve`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Cli {
    /// The command.
    pub command: Command,
    /// `--threads`, if given.
    pub threads: Option<usize>,
    /// `--memory` in bytes, if given (judge, checker and count).
    pub memory: Option<usize>,
    /// `--progress`, if given.
    pub progress: bool,
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
        return Ok(Cmd::JudgeMode);
    };
    let topic = topic.to_string_lossy();
    if let Some(cmd) = Cmd::from_word(&topic) {
        return Ok(cmd);
    }
    // The usage line that follows lists the commands: not said twice.
    Err(malformed(match nearest(&topic, words()) {
        Some(near) => format!("help: unknown command '{topic}'; did you mean '{near}'?"),
        None => format!("help: unknown command '{topic}'"),
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
            // `help COMMAND...` means help: the global usage, which says
            // how to ask for it.
            let helping = args.iter().find(|a| !a.to_string_lossy().starts_with('-'));
            let meant = args
                .iter()
                .take_while(|a| *a != "--")
                .find_map(|a| a.to_str().and_then(Cmd::from_word))
                .filter(|_| !helping.is_some_and(|a| a == "help"));
            Error::Malformed {
                message,
                usage: super::help::usage_of(meant),
            }
        }
        other => other,
    })
}

fn parse_args(args: Vec<OsString>) -> Result<Cli> {
    let mut tokens = tokenize(args)?;
    let is_help = tokens.positionals.first().is_some_and(|w| w == "help");
    let cmd = command_of(tokens.positionals.first())?;
    let skip = usize::from(cmd.is_some() || is_help);
    let cmd = cmd.unwrap_or(Cmd::JudgeMode);
    // After `--` come words that are no options (`checker -- 6`, a FILE
    // named `-x`), except for the commands that run a COMMAND given there.
    if !matches!(cmd, Cmd::Stress | Cmd::Test) {
        tokens.positionals.append(&mut tokens.trailing);
    }
    let mut positionals = tokens.positionals.into_iter().skip(skip).peekable();
    let mut threads = None;
    let mut memory = None;
    let progress = tokens.options.iter().any(|(opt, _)| *opt == Opt::Progress);
    for (opt, value) in &tokens.options {
        match (opt, value) {
            (Opt::Help, _) => {
                return Ok(Cli {
                    command: match is_help {
                        true => Command::HelpOnHelp,
                        false => Command::Help(cmd),
                    },
                    threads,
                    memory,
                    progress,
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
                    progress,
                });
            }
            (Opt::Threads, Some(value)) => {
                threads = Some(number_in(&value.to_string_lossy(), 1..=1024, "--threads")?)
            }
            (Opt::Memory, Some(value)) => {
                memory = Some(size::bytes_in(&value.to_string_lossy(), "--memory")?);
            }
            _ => {}
        }
    }
    let options: Vec<(Opt, Option<OsString>)> = tokens
        .options
        .into_iter()
        .map(|(opt, value)| (opt.for_command(cmd), value))
        .collect();
    refuse_repeats(&options)?;
    let given = &Given(&options);
    let command = if is_help {
        let topic = positionals.next();
        let on_help = topic.as_ref().is_some_and(|t| t == "help");
        let word = topic.as_ref().map(|t| t.to_string_lossy().into_owned());
        let command = match on_help {
            true => Command::HelpOnHelp,
            false => Command::Help(help_topic(topic)?),
        };
        if let Some(extra) = positionals.next() {
            return Err(malformed(format!(
                "help takes one command, not '{}' after '{}'",
                extra.to_string_lossy(),
                word.unwrap_or_default()
            )));
        }
        command
    } else {
        command_with(cmd, given, &mut positionals, &tokens.trailing)?
    };
    refuse_leftovers(cmd, &options, positionals.next(), &tokens.trailing)?;
    Ok(Cli {
        command,
        threads,
        memory,
        progress,
    })
}

/// The command `cmd` built from its options (`given`), its words
/// (`positionals`) and what follows `--` (`trailing`).
fn command_with(
    cmd: Cmd,
    given: &Given,
    positionals: &mut impl Iterator<Item = OsString>,
    trailing: &[OsString],
) -> Result<Command> {
    Ok(match cmd {
        Cmd::JudgeMode => Command::JudgeMode(parse_judge_mode(given, positionals.by_ref())?),
        Cmd::Count => Command::Count(parse_count(given, positionals.next())?),
        Cmd::Merge => Command::Merge {
            files: positionals.by_ref().map(PathBuf::from).collect(),
            status: given.has(Opt::Status),
            spot_check: match given.has(Opt::SpotCheck) {
                true => Some(given.number(Opt::SpotCheck, 1..=usize::MAX, 1)?),
                false => None,
            },
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
        Cmd::Stress => Command::Stress(parse_stress(given, trailing)?),
        Cmd::Test => Command::Test(parse_test(given, positionals.by_ref(), trailing)?),
        Cmd::Show => Command::Show(parse_show(given, positionals.next())?),
    })
}

/// Refuses any option given more than once, switches as options with a
/// value (issue 75: `--unique --unique` passed while `--method plain
/// --method index` was refused): one of two values would be dropped
/// without a word, and a repeated switch is as likely a slip (a flag meant
/// for something else). No option is repeatable.
fn refuse_repeats(options: &[(Opt, Option<OsString>)]) -> Result<()> {
    for (at, (opt, value)) in options.iter().enumerate() {
        let Some((_, first)) = options[..at].iter().find(|(earlier, _)| earlier == opt) else {
            continue;
        };
        let text = |v: &Option<OsString>| v.as_ref().map(|v| v.to_string_lossy().into_owned());
        return Err(malformed(match (text(first), text(value)) {
            (Some(first), Some(value)) => format!(
                "option '{}' is given twice ('{first}', then '{value}'); give it once",
                opt.name()
            ),
            _ => format!("option '{}' is given twice; give it once", opt.name()),
        }));
    }
    Ok(())
}

/// Refuses what `cmd` left unread: a word more (`extra`), an option of
/// another command, or words after `--` where it runs no command.
fn refuse_leftovers(
    cmd: Cmd,
    options: &[(Opt, Option<OsString>)],
    extra: Option<OsString>,
    trailing: &[OsString],
) -> Result<()> {
    if let Some(extra) = extra {
        let extra = extra.to_string_lossy();
        return Err(malformed(match cmd {
            Cmd::Show => {
                format!("show reads one FILE (judge mode reads several), not also '{extra}'")
            }
            _ => format!("unexpected argument '{extra}'"),
        }));
    }
    for (opt, _) in options {
        if !opt.flag().scope.includes(cmd) {
            return Err(malformed(format!(
                "option '{}' does not apply to {}",
                opt.name(),
                cmd.label()
            )));
        }
    }
    let takes_command = matches!(cmd, Cmd::Stress | Cmd::Test);
    if let Some(extra) = trailing.first().filter(|_| !takes_command) {
        return Err(malformed(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    Ok(())
}
