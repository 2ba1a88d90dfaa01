//! The option table: every option ([`Opt`]) with its one definition
//! ([`FLAGS`]: its names, its value, the commands that take it, its help).
//! What an option's help says for a command that uses it differently is
//! `super::per_command`'s.

use super::commands::Cmd;

/// Which commands take an option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    /// Every command (`--help`, `--version`).
    Every,
    /// Only these.
    Only(&'static [Cmd]),
}

impl Scope {
    /// Whether `cmd` takes the option.
    pub fn includes(self, cmd: Cmd) -> bool {
        match self {
            Scope::Every => true,
            Scope::Only(cmds) => cmds.contains(&cmd),
        }
    }
}

/// One option: its whole definition.
pub struct Flag {
    /// The long name, with its dashes.
    pub long: &'static str,
    /// The short name, if any (`-h`).
    pub short: Option<char>,
    /// The name of its value in help, or `None` for a switch.
    pub value: Option<&'static str>,
    /// The commands that take it.
    pub scope: Scope,
    /// Its help: lines of at most 54 columns.
    pub help: &'static str,
}

/// Declares [`Opt`], one variant per option, and [`FLAGS`], each option's
/// one definition, from the same list: an option cannot exist without a
/// definition, nor be looked up by a misspelled name.
macro_rules! options {
    ($($(#[$doc:meta])* $opt:ident => $flag:expr,)*) => {
        /// Every option, as parsing hands it on.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum Opt {
            $($(#[$doc])* $opt,)*
        }

        /// Every option with its definition, in the order help lists them.
        pub const FLAGS: &[(Opt, Flag)] = &[$((Opt::$opt, $flag),)*];
    };
}

const JUDGE_MODE: Scope = Scope::Only(&[Cmd::JudgeMode]);
const COUNT: Scope = Scope::Only(&[Cmd::Count]);
const MERGE: Scope = Scope::Only(&[Cmd::Merge]);
const GEN_STRESS: Scope = Scope::Only(&[Cmd::Gen, Cmd::Stress]);
const GEN_STRESS_TEST: Scope = Scope::Only(&[Cmd::Gen, Cmd::Stress, Cmd::Test]);
const STRESS: Scope = Scope::Only(&[Cmd::Stress]);
const SHOW: Scope = Scope::Only(&[Cmd::Show]);
const BUNDLE: Scope = Scope::Only(&[Cmd::Bundle]);
/// The commands that can run long: they report `--progress`.
const LONG_RUNS: Scope = Scope::Only(&[
    Cmd::JudgeMode,
    Cmd::Checker,
    Cmd::Count,
    Cmd::Show,
    Cmd::Stress,
    Cmd::Test,
]);
/// The commands that take `--threads`: the same ones, and `merge`, whose
/// spot check counts shards again (it tells each shard as it ends, with
/// no progress line).
const THREADED: Scope = Scope::Only(&[
    Cmd::JudgeMode,
    Cmd::Checker,
    Cmd::Count,
    Cmd::Show,
    Cmd::Stress,
    Cmd::Test,
    Cmd::Merge,
]);
const ESTIMATES: Scope = Scope::Only(&[Cmd::JudgeMode, Cmd::Count]);
/// The commands that take `--memory`: those that count, and `merge`,
/// whose spot check plans the records' split again.
const COUNTING: Scope = Scope::Only(&[Cmd::JudgeMode, Cmd::Checker, Cmd::Count, Cmd::Merge]);

options! {
    /// `--method NAME`.
    Method => Flag {
        long: "--method",
        short: None,
        value: Some("NAME"),
        scope: JUDGE_MODE,
        help: "force one counting method (see METHODS;\n\
               default: auto, the planner's choice per case)",
    },
    /// `--explain`.
    Explain => Flag {
        long: "--explain",
        short: None,
        value: None,
        scope: JUDGE_MODE,
        help: "one line per case on stderr as it is answered:\n\
               the method chosen, estimated time, actual (wall)\n\
               time and CPU time (not with --estimate, which\n\
               answers no case)",
    },
    /// `--estimate`.
    Estimate => Flag {
        long: "--estimate",
        short: None,
        value: None,
        scope: ESTIMATES,
        help: "print the estimated work, time on the threads and\n\
               peak memory (per case in judge mode), without\n\
               searching",
    },
    /// `--measure SECONDS`.
    Measure => Flag {
        long: "--measure",
        short: None,
        value: Some("SECONDS"),
        scope: COUNT,
        help: "with --estimate, for the join: run about SECONDS\n\
               of CPU of the count's own units, drawn at random,\n\
               and price it at the speed they ran at against\n\
               their quote (in place of the machine's probe)",
    },
    /// `--max-time SECONDS`.
    MaxTime => Flag {
        long: "--max-time",
        short: None,
        value: Some("SECONDS"),
        scope: JUDGE_MODE,
        help: "skip each case estimated above SECONDS (the\n\
               figure --estimate prints): 'Case k: skipped (...)'\n\
               instead of its count, every other case answered;\n\
               exit status 3 if any was (with --estimate: says\n\
               which would be)",
    },
    /// `--lang LANG`.
    Lang => Flag {
        long: "--lang",
        short: None,
        value: Some("LANG"),
        scope: BUNDLE,
        help: "rust (default), cpp (C++11), java (Java 8, class Main)\n\
               or python (Python 3.6+)",
    },
    /// `--usaco`.
    Usaco => Flag {
        long: "--usaco",
        short: None,
        value: None,
        scope: BUNDLE,
        help: "checker for USACO training: checker.in/checker.out\n\
               and its header (cpp, java or python)",
    },
    /// `--unique`.
    Unique => Flag {
        long: "--unique",
        short: None,
        value: None,
        scope: COUNT,
        help: "also print the unique count",
    },
    /// `--progress`.
    Progress => Flag {
        long: "--progress",
        short: None,
        value: None,
        scope: LONG_RUNS,
        help: "progress on stderr (default: when stderr is a\n\
               terminal)",
    },
    /// `--shard I/K`.
    Shard => Flag {
        long: "--shard",
        short: None,
        value: Some("I/K"),
        scope: COUNT,
        help: "compute only shard I of K (1-based), one record;\n\
               A..=B/K: shards A to B of K in turn, planned\n\
               once, each record printed as it ends",
    },
    /// `--records DIR`.
    Records => Flag {
        long: "--records",
        short: None,
        value: Some("DIR"),
        scope: COUNT,
        help: "with --shard: also append each shard's record to\n\
               DIR/shards-A-to-B-of-K.rec, and skip the shards\n\
               recorded there already (a rerun resumes)",
    },
    /// `--status`.
    Status => Flag {
        long: "--status",
        short: None,
        value: None,
        scope: MERGE,
        help: "report the campaign's state instead of merging:\n\
               shards done, missing (as ranges), doubled,\n\
               conflicting and refused records",
    },
    /// `--spot-check K`.
    SpotCheck => Flag {
        long: "--spot-check",
        short: None,
        value: Some("K"),
        scope: MERGE,
        help: "also count K shards drawn at random again, by an\n\
               independent method (a plain search), and compare\n\
               each with its record (several times the join's\n\
               time per shard: the quote comes first);\n\
               the draw's seed is a hash of every record read",
    },
    /// `--checkpoint FILE`.
    Checkpoint => Flag {
        long: "--checkpoint",
        short: None,
        value: Some("FILE"),
        scope: COUNT,
        help: "record finished work in FILE; rerun with the same\n\
               FILE to resume a killed count (one N only;\n\
               not with --estimate)",
    },
    /// `--plan FILE`.
    Plan => Flag {
        long: "--plan",
        short: None,
        value: Some("FILE"),
        scope: COUNT,
        help: "read the join's planning from FILE, or plan and\n\
               write it there (shards of one count plan once;\n\
               one N only)",
    },
    /// `--problem P`.
    Problem => Flag {
        long: "--problem",
        short: None,
        value: Some("P"),
        scope: GEN_STRESS_TEST,
        help: "uva11195 (default) or checker (input: one N)",
    },
    /// `--seed S`.
    Seed => Flag {
        long: "--seed",
        short: None,
        value: Some("S"),
        scope: GEN_STRESS,
        help: "seed of the first input (default: from the clock)",
    },
    /// `--cases C`.
    Cases => Flag {
        long: "--cases",
        short: None,
        value: Some("C"),
        scope: GEN_STRESS,
        help: "cases per input (default 4)",
    },
    /// `--n A..=B` of gen and stress.
    N => Flag {
        long: "--n",
        short: None,
        value: Some("A..=B"),
        scope: GEN_STRESS,
        help: "board sides, or the values of N (default 1..=14,\n\
               checker 6..=13); a single number A means A..=A;\n\
               sides are skewed small (the smaller of two draws;\n\
               by default n >= 10 in 1 case of 8)",
    },
    /// `--density P`.
    Density => Flag {
        long: "--density",
        short: None,
        value: Some("P"),
        scope: GEN_STRESS,
        help: "percent of cells blocked, or a range A..=B\n\
               (default 0..=40)",
    },
    /// `--rounds R`.
    Rounds => Flag {
        long: "--rounds",
        short: None,
        value: Some("R"),
        scope: STRESS,
        help: "inputs to try (default 100)",
    },
    /// `--timeout SECS`.
    Timeout => Flag {
        long: "--timeout",
        short: None,
        value: Some("SECS"),
        scope: Scope::Only(&[Cmd::Stress, Cmd::Test]),
        help: "CPU time limit per run (default 10); the run's\n\
               whole process group is killed at it, or after\n\
               4 times it and a second of wall time (a hang)",
    },
    /// `-j N`, `--jobs N`.
    Jobs => Flag {
        long: "--jobs",
        short: Some('j'),
        value: Some("N"),
        scope: STRESS,
        help: "rounds run at once (default 1); the failure\n\
               reported is the lowest failing round either way",
    },
    /// `--no-shrink`.
    NoShrink => Flag {
        long: "--no-shrink",
        short: None,
        value: None,
        scope: STRESS,
        help: "report the failing input as generated",
    },
    /// `--save DIR`.
    Save => Flag {
        long: "--save",
        short: None,
        value: Some("DIR"),
        scope: STRESS,
        help: "write the failing input and the expected output\n\
               to DIR/failing.in and DIR/failing.out",
    },
    /// `--n N` of show: the same name as [`Opt::N`], another meaning.
    ShowN => Flag {
        long: "--n",
        short: None,
        value: Some("N"),
        scope: SHOW,
        help: "show the blank N x N board instead of reading input",
    },
    /// `--limit K`.
    Limit => Flag {
        long: "--limit",
        short: None,
        value: Some("K"),
        scope: SHOW,
        help: "solutions drawn per case (default 1)",
    },
    /// `--solutions K`.
    Solutions => Flag {
        long: "--solutions",
        short: None,
        value: Some("K"),
        scope: SHOW,
        help: "list instead: 'Case k:', then up to K solutions\n\
               as 1-based columns, one per line (for scripts)",
    },
    /// `--total`.
    Total => Flag {
        long: "--total",
        short: None,
        value: None,
        scope: SHOW,
        help: "also count each case's solutions (the whole\n\
               search), printed after its solutions as\n\
               'total: N'",
    },
    /// `--ascii`.
    Ascii => Flag {
        long: "--ascii",
        short: None,
        value: None,
        scope: SHOW,
        help: "plain ASCII even on a terminal",
    },
    /// `--lexicographic`.
    Lexicographic => Flag {
        long: "--lexicographic",
        short: None,
        value: None,
        scope: SHOW,
        help: "solutions in lexicographic order however long\n\
               that takes (default: only where it is quick)",
    },
    /// `--svg FILE`.
    Svg => Flag {
        long: "--svg",
        short: None,
        value: Some("FILE"),
        scope: SHOW,
        help: "also draw the boards and solutions as one SVG\n\
               picture in FILE ('-': stdout, instead of text)",
    },
    /// `--keep-comments`.
    KeepComments => Flag {
        long: "--keep-comments",
        short: None,
        value: None,
        scope: BUNDLE,
        help: "keep the sources' comments (default: stripped,\n\
               string and character literals untouched)",
    },
    /// `--memory SIZE`.
    Memory => Flag {
        long: "--memory",
        short: None,
        value: Some("SIZE"),
        scope: COUNTING,
        help: "peak memory of the whole run, all threads' work\n\
               included (512MiB, 4GiB; default 1GiB): tables\n\
               are split to keep it",
    },
    /// `--threads T`.
    Threads => Flag {
        long: "--threads",
        short: None,
        value: Some("T"),
        scope: THREADED,
        help: "worker threads (default: all cores)",
    },
    /// `-h`, `--help`.
    Help => Flag {
        long: "--help",
        short: Some('h'),
        value: None,
        scope: Scope::Every,
        help: "print this help",
    },
    /// `-V`, `--version`.
    Version => Flag {
        long: "--version",
        short: Some('V'),
        value: None,
        scope: Scope::Every,
        help: "print the version",
    },
}

impl Opt {
    /// The option's definition.
    pub fn flag(self) -> &'static Flag {
        &FLAGS
            .iter()
            .find(|(opt, _)| *opt == self)
            .expect("every option is in the table")
            .1
    }

    /// The option of the same name that `cmd` takes (options of different
    /// commands may share a name, as `--n` does), or `self`.
    pub fn for_command(self, cmd: Cmd) -> Opt {
        let name = self.name();
        FLAGS
            .iter()
            .find(|(_, flag)| flag.long == name && flag.scope.includes(cmd))
            .map_or(self, |(opt, _)| *opt)
    }

    /// Its long name, as messages show it.
    pub fn name(self) -> &'static str {
        self.flag().long
    }
}
