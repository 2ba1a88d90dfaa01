//! The command line: what the user asked for, checked, before anything runs.
//!
//! Parsing is two steps. [`tokenize`] splits the arguments into options (one
//! table of every option, each known to take a value or not), positionals,
//! and whatever follows `--`; then [`parse`] picks the command from the first
//! positional and checks that it got only options it understands.
//!
//! Exit statuses, for scripts: 0 success, 2 any error (bad input, bad usage,
//! I/O failure). Results go to stdout, messages to stderr.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::board::MAX_N;
use crate::error::{Error, Result};
use crate::planner::Method;

/// The one-line usage shown with usage errors.
pub const USAGE: &str =
    "usage: nqueens [OPTIONS] [FILE]  |  nqueens checker [N]  (nqueens --help for more)";

/// The `--help` text.
pub const HELP: &str = "\
nqueens: counts ways to place n mutually non-attacking queens.

USAGE:
    nqueens [OPTIONS] [FILE]      judge mode (UVa 11195): FILE or stdin ('-')
    nqueens checker [N]           USACO 1.5.4 / Luogu P1219 (N from stdin if absent)

JUDGE MODE:
    Input: cases, each a line 'n' then n rows of n cells ('.' free, '*' blocked);
    a '0' ends the input. Output: 'Case k: N' per case, N the number of ways to
    place n queens on free cells, no two attacking. 1 <= n <= 64.

CHECKER MODE:
    Prints the first three solutions of the blank N x N board in lexicographic
    order (1-based columns, row by row), then the number of solutions.

OPTIONS:
    --threads T       worker threads (default: all cores)
    --method NAME     judge mode: force one counting method (default: auto,
                      the planner's choice per case): auto, plain, index,
                      inclusion-exclusion, symmetry, ordered,
                      most-constrained, scan
    --explain         judge mode: one line per case on stderr: the method
                      chosen, estimated and actual time
    -h, --help        print this help
    -V, --version     print the version

EXIT STATUS:
    0 success; 2 error (malformed input, bad usage, I/O failure).
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
    ("--method", true),
    ("--explain", false),
    ("--help", false),
    ("--version", false),
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
                        Method::NAMES
                    ))
                })?
            }
            ("--explain", _) => explain = true,
            _ => {}
        }
    }
    let mut positionals = tokens.positionals.into_iter();
    let first = positionals.next();
    let command = match first.as_ref().and_then(|a| a.to_str()) {
        Some("checker") => {
            if let Some((name, _)) = tokens
                .options
                .iter()
                .find(|(name, _)| matches!(*name, "--method" | "--explain"))
            {
                return Err(usage(format!("'{name}' applies to judge mode only")));
            }
            let n = match positionals.next() {
                Some(n) => Some(number_in(&n.to_string_lossy(), 1..=MAX_N, "N")?),
                None => None,
            };
            Command::Checker { n }
        }
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
    if let Some(extra) = tokens.trailing.first() {
        return Err(usage(format!(
            "unexpected argument '{}'",
            extra.to_string_lossy()
        )));
    }
    Ok(Cli { command, threads })
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
    fn method_and_explain_are_judge_options() {
        assert_eq!(
            parse_str(&["--method", "index", "--explain", "x.in"])
                .unwrap()
                .command,
            Command::Judge {
                input: Input::Path("x.in".into()),
                method: Method::Index,
                explain: true,
            }
        );
        let message = |args: &[&str]| parse_str(args).unwrap_err().to_string();
        assert_eq!(
            message(&["--method=fast"]),
            format!("--method must be one of {}, not 'fast'", Method::NAMES)
        );
        assert_eq!(
            message(&["checker", "--explain"]),
            "'--explain' applies to judge mode only"
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
