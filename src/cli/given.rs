//! The options given to one command, each converted, checked and defaulted.

use std::ffi::OsString;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use super::table::Opt;
use super::values::{number_in, one_of, problem_named, range_in, usage};
use crate::base::board::MAX_N;
use crate::base::error::Result;
use crate::base::target::Target;
use crate::plan::planner::MethodChoice;
use crate::tools::bundle::Lang;
use crate::tools::generate::GenOptions;
use crate::tools::shard::Shards;

/// Default of `--timeout` (stress, test).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// The options given to one command. Each option's value is converted,
/// checked and defaulted in one method here, whichever command takes it;
/// values stay `OsStr` until then, so paths (`--save`, `--checkpoint`)
/// reach the command exactly as given, even when they are not UTF-8.
pub(super) struct Given<'a>(pub(super) &'a [(Opt, Option<OsString>)]);

impl<'a> Given<'a> {
    /// Whether `opt` was given.
    pub(super) fn has(&self, opt: Opt) -> bool {
        self.0.iter().any(|(o, _)| *o == opt)
    }

    /// The last value given for `opt`, if any.
    pub(super) fn raw(&self, opt: Opt) -> Option<&'a OsString> {
        self.0
            .iter()
            .rev()
            .find(|(o, _)| *o == opt)
            .and_then(|(_, v)| v.as_ref())
    }

    /// The last value of `opt` as text (for numbers and names; anything
    /// not UTF-8 is refused by their checks with the lossy text shown).
    pub(super) fn text(&self, opt: Opt) -> Option<String> {
        self.raw(opt).map(|v| v.to_string_lossy().into_owned())
    }

    /// The last value of `opt` as a path, exactly as given.
    pub(super) fn path(&self, opt: Opt) -> Option<PathBuf> {
        self.raw(opt).map(PathBuf::from)
    }

    /// The last value of `opt`, a whole number in `range`, or `default`.
    pub(super) fn number(
        &self,
        opt: Opt,
        range: RangeInclusive<usize>,
        default: usize,
    ) -> Result<usize> {
        match self.text(opt) {
            Some(text) => number_in(&text, range, opt.name()),
            None => Ok(default),
        }
    }

    /// `--method NAME`: `auto` (the default) or a registered method.
    pub(super) fn method(&self) -> Result<MethodChoice> {
        match self.text(Opt::Method) {
            None => Ok(MethodChoice::Auto),
            Some(name) => {
                let names: Vec<(&'static str, MethodChoice)> = MethodChoice::all()
                    .into_iter()
                    .map(|m| (m.name(), m))
                    .collect();
                one_of(&name, &names, "--method")
            }
        }
    }

    /// `--problem P` (default: uva11195), for gen, stress and test.
    pub(super) fn problem(&self) -> Result<Target> {
        match self.text(Opt::Problem) {
            None => Ok(Target::Uva11195),
            Some(name) => problem_named(&name, "--problem"),
        }
    }

    /// `--lang LANG` (default: rust).
    pub(super) fn lang(&self) -> Result<Lang> {
        match self.text(Opt::Lang) {
            None => Ok(Lang::Rust),
            Some(name) => {
                let names: Vec<(&'static str, Lang)> =
                    Lang::ALL.into_iter().map(|l| (l.name(), l)).collect();
                one_of(&name, &names, "--lang")
            }
        }
    }

    /// `--max-time SECONDS`, if given: a number of seconds above 0 (a
    /// fraction too), as a whole number of nanoseconds.
    pub(super) fn max_time(&self) -> Result<Option<Duration>> {
        let Some(text) = self.text(Opt::MaxTime) else {
            return Ok(None);
        };
        let seconds = text.trim().parse::<f64>().ok();
        let parsed = seconds
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .filter(|d| !d.is_zero());
        parsed.map(Some).ok_or_else(|| {
            usage(format!(
                "--max-time must be a number of seconds above 0 (e.g. 60 or 0.5), not '{text}'"
            ))
        })
    }

    /// `--measure SECONDS`, if given: a number of seconds above 0 (a
    /// fraction too), at most a day.
    pub(super) fn measure(&self) -> Result<Option<Duration>> {
        let Some(text) = self.text(Opt::Measure) else {
            return Ok(None);
        };
        let seconds = text.trim().parse::<f64>().ok();
        let parsed = seconds
            .filter(|s| *s <= 86_400.0)
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .filter(|d| !d.is_zero());
        parsed.map(Some).ok_or_else(|| {
            usage(format!(
                "--measure must be a number of seconds above 0 and at most a day (e.g. 10), \
                 not '{text}'"
            ))
        })
    }

    /// `--timeout SECS`: seconds above 0, at most a day (default
    /// [`DEFAULT_TIMEOUT`]).
    pub(super) fn timeout(&self) -> Result<Duration> {
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
    pub(super) fn seed(&self) -> Result<Option<u64>> {
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

    /// `--shard I/K` or `--shard A..=B/K`, if given.
    pub(super) fn shard(&self) -> Result<Option<Shards>> {
        let Some(value) = self.text(Opt::Shard) else {
            return Ok(None);
        };
        Shards::parse(&value).map(Some).ok_or_else(|| {
            usage(match value.contains("..") {
                false => format!("--shard must be I/K with 1 <= I <= K, not '{value}'"),
                true => {
                    format!("--shard must be a range A..=B/K with 1 <= A <= B <= K, not '{value}'")
                }
            })
        })
    }

    /// The generator options of gen and stress: `--problem`, `--seed`,
    /// `--cases`, `--n`, `--density`, each defaulted for the problem.
    pub(super) fn gen(&self) -> Result<GenOptions> {
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
