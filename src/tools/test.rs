//! `nqueens test [DIR|FILE...] -- COMMAND`: runs a solution on stored
//! inputs, as `oj test` does, with a verdict, time and peak memory per file.
//!
//! The inputs are the `*.in` files of each DIR (sorted by name) and each
//! FILE given; without any, the directory `test` (where `oj download` puts a
//! problem's samples). The expected output of `X.in` is `X.out` beside it,
//! or, when there is none, this program's own answer (judge mode, or checker
//! mode under `--problem checker`). Outputs are compared as `stress` does
//! (trailing whitespace and blank lines ignored).
//!
//! Verdicts: `AC` accepted, `WA` wrong answer (with the first differing
//! line), `RE` a non-zero exit or a signal, `TLE` killed at the time limit
//! (CPU time), or hung past the wall-clock backstop.
//! Each run goes through [`crate::tools::child`] (its own process group,
//! time, and the peak memory the kernel measured). An input whose expected output
//! cannot be had (no `.out` and not valid input) is an error: it is reported
//! and the others still run.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::base::error::{words, Error, Result};
use crate::base::target::Target;
use crate::tools::child::{self, Limit, Outcome};
use crate::tools::failure::Failure;
use crate::tools::files;
use crate::tools::generate::TestInput;
use crate::tools::judge_mode::Answerer;
use crate::tools::settings::Settings;

/// The directory read when no DIR or FILE is given.
pub const DEFAULT_DIR: &str = "test";

/// What `nqueens test` was asked to do.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TestOptions {
    /// Directories and files, as given (empty: [`DEFAULT_DIR`]).
    pub paths: Vec<PathBuf>,
    /// Which problem the inputs are of (for computed expected outputs).
    pub problem: Target,
    /// The time limit of one run.
    pub timeout: Duration,
    /// The command and its arguments; never empty.
    pub command: Vec<OsString>,
}

/// How the whole run went, for the exit status.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Summary {
    /// Every input was accepted.
    AllPassed,
    /// Some input failed (and none was an error).
    Failed,
    /// Some input could not be judged.
    Errors,
}

/// The input files: `*.in` of each directory (sorted), each file as given.
///
/// # Errors
/// A path that cannot be read, no input at all, or (without paths) no
/// folder [`DEFAULT_DIR`].
pub fn inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let default = [PathBuf::from(DEFAULT_DIR)];
    let paths = if paths.is_empty() {
        // Only a folder: a file named `test` (a compiled solution, say) is
        // no input. Without one, say what was looked for and how to give
        // inputs (issue 75: "cannot open 'test'").
        if !default[0].is_dir() {
            return Err(Error::Usage(format!(
                "test: no DIR or FILE given, and no folder '{DEFAULT_DIR}' here (the default, \
                 where 'oj download' puts a problem's samples): give a folder of *.in files \
                 or the files themselves before '--', e.g. 'nqueens test samples -- ./mine' \
                 or 'nqueens test a.in b.in -- ./mine'"
            )));
        }
        &default[..]
    } else {
        paths
    };
    let mut found = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files::open(path)?;
            found.push(path.clone());
            continue;
        }
        let entries = std::fs::read_dir(path).map_err(|e| {
            Error::Unavailable(format!("cannot read '{}': {}", path.display(), words(&e)))
        })?;
        let mut ins: Vec<PathBuf> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter(|p| p.extension().is_some_and(|e| e == "in") && p.is_file())
            .collect();
        if ins.is_empty() {
            return Err(Error::Usage(format!(
                "test: no inputs (*.in) in '{}'",
                path.display()
            )));
        }
        ins.sort();
        found.extend(ins);
    }
    Ok(found)
}

/// The expected output of `input` (the file `path`): `X.out` beside it,
/// else computed. The flag says whether it was computed.
fn expected(
    path: &Path,
    input: &[u8],
    problem: Target,
    answerer: &mut Answerer,
) -> Result<(String, bool)> {
    let stored = path.with_extension("out");
    if stored.is_file() {
        let text = std::fs::read(&stored).map_err(|e| files::in_file(&stored, Error::Read(e)))?;
        return Ok((String::from_utf8_lossy(&text).into_owned(), false));
    }
    let computed = match problem {
        Target::Uva11195 => answerer.answers(input),
        Target::Checker => crate::base::input::read_size(input)
            .and_then(|n| TestInput::Checker(n).expected(answerer)),
    };
    computed.map(|text| (text, true)).map_err(|e| {
        let e = files::in_file(path, e);
        // A lone number is what a P1219 (checker) input looks like.
        let text = String::from_utf8_lossy(input);
        let lone_number =
            !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit());
        match problem {
            Target::Uva11195 if lone_number => Error::Usage(format!(
                "{e} (a lone number: if this is a checker input, give --problem checker)"
            )),
            _ => e,
        }
    })
}

/// A run's peak memory as shown: MiB with one decimal. The kernel measures
/// every run that ends; only a run killed before its memory could be
/// sampled (or one started without the binary's helper, in the library's
/// tests) says so rather than `0.0 MiB`.
fn memory(kib: Option<u64>) -> String {
    match kib.filter(|&kib| kib > 0) {
        Some(kib) => format!("{:.1} MiB", (kib as f64 / 1024.0).max(0.1)),
        None => "memory not sampled".to_string(),
    }
}

/// Line `line` (1-based) of `text` as a judge compares it, or a note that
/// the output ended before it.
fn line_of(text: &str, line: usize) -> String {
    match text.lines().nth(line - 1) {
        Some(l) => format!("'{}'", l.trim_end()),
        None => "(end of output)".to_string(),
    }
}

/// A run's verdict, in the order the summary lists them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimit,
}

impl Verdict {
    const ALL: [Verdict; 4] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::RuntimeError,
        Verdict::TimeLimit,
    ];

    /// The verdict of a run that failed so (or passed, for `None`).
    fn of(failure: &Option<Failure>) -> Verdict {
        match failure {
            None => Verdict::Accepted,
            Some(Failure::WrongAnswer { .. }) => Verdict::WrongAnswer,
            Some(Failure::Crash(_)) => Verdict::RuntimeError,
            Some(Failure::Timeout(_)) => Verdict::TimeLimit,
        }
    }

    /// `AC`, `WA`, `RE` or `TLE`.
    fn name(self) -> &'static str {
        ["AC", "WA", "RE", "TLE"][self as usize]
    }
}

/// The runs so far, for the summary line.
#[derive(Default)]
struct Tally {
    /// Runs per verdict, in [`Verdict::ALL`]'s order.
    counts: [usize; 4],
    /// Inputs that could not be judged.
    errors: usize,
    slowest: Duration,
    /// The most peak memory of a run, KiB, if any was read.
    most: Option<u64>,
}

impl Tally {
    fn add(&mut self, verdict: Verdict, outcome: &Outcome) {
        self.counts[verdict as usize] += 1;
        self.slowest = self.slowest.max(outcome.time);
        self.most = self.most.max(outcome.peak_kib);
    }

    /// `test: P of T passed (AC a, WA w, ...); slowest S, most memory M`.
    fn line(&self, total: usize) -> String {
        let passed = self.counts[Verdict::Accepted as usize];
        let mut tally: Vec<String> = (Verdict::ALL.iter().zip(self.counts))
            .filter(|&(_, count)| count > 0)
            .map(|(verdict, count)| format!("{} {count}", verdict.name()))
            .collect();
        if self.errors > 0 {
            tally.push(format!("ERR {}", self.errors));
        }
        let peak = match self.most.filter(|&kib| kib > 0) {
            Some(_) => format!("most memory {}", memory(self.most)),
            None => "memory not sampled".to_string(),
        };
        format!(
            "test: {passed} of {total} passed ({}); slowest {:.3}s, {peak}\n",
            tally.join(", "),
            self.slowest.as_secs_f64()
        )
    }

    fn summary(&self) -> Summary {
        let failed = self.counts.iter().sum::<usize>() - self.counts[Verdict::Accepted as usize];
        if self.errors > 0 {
            Summary::Errors
        } else if failed > 0 {
            Summary::Failed
        } else {
            Summary::AllPassed
        }
    }
}

/// The lines under a failed run's verdict: what differs or how it ended,
/// then the first lines of its stderr.
fn detail(failure: &Failure, expected: &str, outcome: &Outcome, timeout: Duration) -> String {
    let mut text = match failure {
        Failure::WrongAnswer { line } => format!(
            "     line {line}: expected {}\n     {:width$} actual   {}\n",
            line_of(expected, *line),
            "",
            line_of(&outcome.stdout, *line),
            width = line.to_string().len() + 6,
        ),
        Failure::Crash(status) => format!("     {status}\n"),
        Failure::Timeout(Limit::Cpu) => format!("     killed after {timeout:?} of CPU time\n"),
        Failure::Timeout(Limit::Wall) => format!(
            "     killed after {:?} of wall time, with less than {timeout:?} of CPU time (hung?)\n",
            child::wall_limit(timeout)
        ),
    };
    for line in outcome.stderr.lines().take(3) {
        text.push_str(&format!("     stderr: {line}\n"));
    }
    text
}

/// The input at `path` and its expected output (with whether it was
/// computed).
fn prepare(
    path: &Path,
    problem: Target,
    answerer: &mut Answerer,
) -> Result<(Vec<u8>, (String, bool))> {
    let input = std::fs::read(path).map_err(|e| files::in_file(path, Error::Read(e)))?;
    let expected = expected(path, &input, problem, answerer)?;
    Ok((input, expected))
}

/// Runs the command on every input, writing one line per file (and the
/// difference on failure), then a summary line. Expected outputs are
/// computed on the settings' threads, with progress on stderr while a long
/// one is computed when progress is on.
///
/// # Errors
/// No inputs, a command that cannot be started, output that cannot be
/// written. An input whose expected output cannot be had is counted as an
/// error in the summary instead.
pub fn run(options: &TestOptions, settings: &Settings, out: &mut dyn Write) -> Result<Summary> {
    let paths = inputs(&options.paths)?;
    let speed = settings.speed().clone();
    let mut answerer = Answerer::new(settings.budget, settings.progress, speed);
    let width = paths
        .iter()
        .map(|p| p.display().to_string().len())
        .max()
        .unwrap_or(0);
    let mut tally = Tally::default();
    let mut write = |text: String| out.write_all(text.as_bytes()).map_err(Error::Write);
    for path in &paths {
        let name = path.display().to_string();
        let (input, (expected, computed)) = match prepare(path, options.problem, &mut answerer) {
            Ok(prepared) => prepared,
            Err(e) => {
                tally.errors += 1;
                write(format!("ERR  {name:width$}  {e}\n"))?;
                continue;
            }
        };
        let outcome = child::run(&options.command, &input, options.timeout).map_err(|e| {
            Error::Unavailable(format!(
                "test: cannot run '{}': {}",
                options.command[0].to_string_lossy(),
                words(&e)
            ))
        })?;
        let failure = Failure::of(&expected, &outcome);
        let verdict = Verdict::of(&failure);
        tally.add(verdict, &outcome);
        let note = if computed {
            "  (no .out: expected output computed)"
        } else {
            ""
        };
        write(format!(
            "{:<3}  {name:width$}  {:.3}s  {}{note}\n",
            verdict.name(),
            outcome.time.as_secs_f64(),
            memory(outcome.peak_kib)
        ))?;
        if let Some(failure) = &failure {
            write(detail(failure, &expected, &outcome, options.timeout))?;
        }
    }
    write(tally.line(paths.len()))?;
    Ok(tally.summary())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_never_shows_zero_or_a_question_mark() {
        assert_eq!(memory(Some(3584)), "3.5 MiB");
        assert_eq!(memory(Some(20)), "0.1 MiB");
        assert_eq!(memory(Some(0)), "memory not sampled");
        assert_eq!(memory(None), "memory not sampled");
        let mut tally = Tally::default();
        assert!(tally.line(0).ends_with(", memory not sampled\n"));
        tally.most = Some(2048);
        assert!(tally.line(0).ends_with(", most memory 2.0 MiB\n"));
    }

    #[test]
    fn lines_are_shown_quoted_or_as_the_end() {
        assert_eq!(line_of("a\nb \r\n", 2), "'b'");
        assert_eq!(line_of("a\n", 2), "(end of output)");
    }

    #[test]
    fn a_missing_path_is_an_error() {
        let error = inputs(&[PathBuf::from("/nonexistent/x.in")]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "cannot open '/nonexistent/x.in': No such file or directory"
        );
    }
}
