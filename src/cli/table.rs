//! The two tables the command line is made of: every command, and every
//! option with the commands that take it. Parsing checks options against
//! them and the help text is printed from them, so an option exists, is
//! accepted and is documented in one place.

/// A command, as the option table names the commands that take an option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cmd {
    /// The default: UVa 11195 cases from FILEs or stdin.
    JudgeMode,
    /// `checker [N]`.
    Checker,
    /// `count N|A..=B`.
    Count,
    /// `merge [FILES]`.
    Merge,
    /// `bundle [PROBLEM]`.
    Bundle,
    /// `gen`.
    Gen,
    /// `stress -- COMMAND`.
    Stress,
    /// `test [DIR|FILE...] -- COMMAND`.
    Test,
    /// `show [FILE]`.
    Show,
}

/// One command: the word that names it, its usage lines, a one-line
/// summary, and what its help says about it.
pub struct CommandDef {
    /// The command.
    pub cmd: Cmd,
    /// The word that selects it (empty for judge mode, the default).
    pub word: &'static str,
    /// Usage lines, each after `nqueens `.
    pub usage: &'static [&'static str],
    /// One line for the global help.
    pub summary: &'static str,
    /// Its help's description, lines of at most 76 columns.
    pub about: &'static str,
}

/// Every command, in the order help and usage list them.
pub const COMMANDS: &[CommandDef] = &[
    CommandDef {
        cmd: Cmd::JudgeMode,
        word: "",
        usage: &["[OPTIONS] [FILE...]"],
        summary: "judge mode (UVa 11195): FILEs or stdin ('-')",
        about: "\
Input: cases, each a line 'n' then n rows of n cells ('.' free, '*' blocked);
a '0' ends the input. Output: 'Case k: N' per case, N the number of ways to
place n queens on free cells, no two attacking. 1 <= n <= 64.
Several FILEs are read in order as one stream of cases: each ends at its own
'0' (or its end), and case numbers run on from one file to the next. '-' is
stdin, which can be read once: '-' given twice is refused.
Each answer is written as soon as it and every answer before it are known.
Malformed input is reported as 'FILE:LINE: ...' ('line L: ...' on stdin);
every case before it is still answered.
A first word that is no command, no existing file, has no '.' or '/' and is
within 2 edits of a command is taken for a misspelled command.",
    },
    CommandDef {
        cmd: Cmd::Checker,
        word: "checker",
        usage: &["checker [N]"],
        summary: "USACO 1.5.4 / Luogu P1219 (N from stdin if absent)",
        about: "\
Prints the first three solutions of the blank N x N board in lexicographic
order (1-based columns, row by row), then the number of solutions.",
    },
    CommandDef {
        cmd: Cmd::Count,
        word: "count",
        usage: &[
            "count N [--unique] [--shard I/K] [--checkpoint FILE] [--plan FILE]",
            "count N --shard A..=B/K [--records DIR] [--plan FILE]",
            "count A..=B",
        ],
        summary: "solutions of the blank N x N board (a table for A..=B)",
        about: "\
'count N' prints the total, with --unique 'TOTAL UNIQUE' (UNIQUE counts
solutions up to rotation and reflection). 'count A..=B' prints a table for
N = A..=B: N, total, unique, seconds. With --shard I/K it prints one record,
'shard I/K n=N split=F total=T burnside=B crc=C', for 'merge' to add up (F:
which unit list the shards were dealt from; B: 8 times the shard's unique
share; C: a CRC-32 of the line, so that merge refuses an edited record).
With --shard A..=B/K it counts shards A to B of K in turn, planning once,
and prints each one's record as it ends. With --records DIR each record is
also written to DIR/shard-I-of-K.rec (whole, then renamed into place; with
cpu=S before crc=, the CPU seconds the task spent on that shard), and
a rerun skips every shard whose record there reads back: a killed or
requeued task redoes only the shard it was in. A damaged record there is
counted again; one of another split (version, --threads, --memory) is
refused.
Results never depend on --threads.
With --checkpoint FILE each finished work unit is recorded in FILE (made if
absent); a rerun with the same FILE counts only what is not recorded, so a
killed count resumes. A FILE of another N, shard, --unique, unit list or
version is refused; a cut-off last record is dropped and counted again.
With --plan FILE the join's planning (a minute at N = 23, the same for every
shard) is read from FILE, or done and written to FILE when it is absent: the
shards of one count then plan once. A FILE of another N, --memory, --threads
or version is refused. Where the count plans nothing slow (the constellations,
N past 24) FILE is neither read nor written.

--estimate prints the estimated time, CPU time and peak memory instead. A
count estimated above a day says so (on stderr too when it starts), and how
many shards of about an hour on one thread to run instead, on a cluster.",
    },
    CommandDef {
        cmd: Cmd::Merge,
        word: "merge",
        usage: &["merge [--status] [FILES|DIRS]"],
        summary: "adds up the shard records of FILES or DIRS (or stdin)",
        about: "\
Checks that shards 1..K of one N and one split F are all there, each
record's crc= matching it, and prints 'TOTAL UNIQUE'. A DIR is read whole:
its regular files by name (those named '.*' skipped), so a campaign of
millions of records needs no shell arguments. A shard recorded twice with
the same counts counts once (a note on stderr); with different counts it
is an error naming both. The sums must hold: the total a multiple of 4
from N = 6, Burnside's sum a multiple of 8 and within total..=8*total.
Records without crc= (older versions) are added up unchecked, with a note.
With --status it reports instead how far a campaign is: shards done of K,
the missing ones as ranges, doubled and conflicting records, records
refused (damaged, or of another N, K or split) with the reason, and the CPU
time: spent (the sum of the records' cpu=) and quoted for the shards missing
(the records' mean, times the missing).",
    },
    CommandDef {
        cmd: Cmd::Bundle,
        word: "bundle",
        usage: &["bundle [PROBLEM] [--lang rust|cpp|java|python] [--usaco] [--keep-comments]"],
        summary: "one-file solution to submit (uva11195 or checker)",
        about: "\
Prints one self-contained source (standard library only, single-threaded,
under 64 KiB) that reads the problem's input from stdin and writes its
answer to stdout. PROBLEM is uva11195 (the default) or checker. Rust is made
from this program's own modules, comments stripped unless --keep-comments
(this binary's: {RUST_SIZE});
C++, Java and Python are the project's own files.
Build them as the judges do:
    nqueens bundle uva11195 > main.rs && rustc --edition 2021 -O main.rs
    nqueens bundle uva11195 --lang cpp > main.cpp && g++ -std=c++11 -O2 main.cpp
    nqueens bundle uva11195 --lang java > Main.java && javac --release 8 Main.java
    nqueens bundle uva11195 --lang python > main.py && python3 main.py < input",
    },
    CommandDef {
        cmd: Cmd::Gen,
        word: "gen",
        usage: &["gen [OPTIONS]"],
        summary: "print a random input",
        about: "\
Prints one random input, as stress makes them: 'gen --seed S' reprints the
input of a stress round that used seed S.",
    },
    CommandDef {
        cmd: Cmd::Stress,
        word: "stress",
        usage: &["stress [OPTIONS] -- COMMAND [ARGS...]"],
        summary: "test another solution on random inputs",
        about: "\
Runs COMMAND on --rounds random inputs (input on stdin) and compares its
stdout with this program's answers, line by line (trailing spaces and blank
lines ignored). The first wrong answer, crash (non-zero exit, signal) or
time-out (CPU time) is shrunk to a minimal input that fails the same way
(fewer cases, smaller boards, fewer free cells), which is printed with the
expected and actual output and the seed that reproduces it, and the runs'
times. Round r uses seed S+r.
Exit status: 0 all passed, 1 a failing input was found, 2 usage or other
errors (e.g. COMMAND cannot be started).",
    },
    CommandDef {
        cmd: Cmd::Test,
        word: "test",
        usage: &["test [OPTIONS] [DIR|FILE...] -- COMMAND [ARGS...]"],
        summary: "run another solution on stored inputs (like oj test)",
        about: "\
Runs COMMAND on each input file (on stdin): the *.in files of each DIR,
sorted, and each FILE; without any, the folder 'test' (as 'oj download'
makes it), an error when there is none. The expected output of X.in is
X.out beside it or, when there is none, this program's answer (judge mode;
checker mode with --problem checker). Prints per file a verdict (AC, WA
wrong answer, RE non-zero exit or signal, TLE past the CPU time limit or
hung), the time and the peak memory (the kernel's figure), the first
differing line on WA, then a summary. Outputs are compared as stress does.
Exit status: 0 all accepted, 1 some failed, 2 errors (an input without .out
that is not valid input, COMMAND cannot be started).",
    },
    CommandDef {
        cmd: Cmd::Show,
        word: "show",
        usage: &["show [OPTIONS] [FILE]"],
        summary: "draw the solutions of each case (or --n N)",
        about: "\
For each case of judge input (FILE or stdin), draws up to K solutions under
a heading 'Case k, solution i:': Q a queen, * an obstacle, . a free cell.
Chess glyphs when stdout is a UTF-8 terminal. Solutions come in
lexicographic order when its search finds the first one quickly; otherwise
(big boards) from a most-constrained-first search, and the heading says
'(not in lexicographic order)'. Each solution is drawn as soon as it is
found; the search stops after the K-th. The total takes the whole search:
it is counted only with --total, and printed after the case's solutions
as 'total: N', drawn or listed. An empty input prints nothing and says so
on stderr (exit status 0), as judge mode does.",
    },
];

impl Cmd {
    /// The command's entry in [`COMMANDS`].
    pub fn def(self) -> &'static CommandDef {
        COMMANDS
            .iter()
            .find(|def| def.cmd == self)
            .expect("every command is in the table")
    }

    /// How messages name the command: its word, or `judge mode`.
    pub fn label(self) -> &'static str {
        match self.def().word {
            "" => "judge mode",
            word => word,
        }
    }

    /// The command a word names, if any.
    pub fn from_word(word: &str) -> Option<Cmd> {
        COMMANDS
            .iter()
            .find(|def| !def.word.is_empty() && def.word == word)
            .map(|def| def.cmd)
    }
}

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
/// The commands that take `--threads`: the same ones, by definition and
/// not by a second list that could drift from the first. Work that can
/// run long is spread over threads, and a command with threads to use is
/// one whose work can run long.
const THREADED: Scope = LONG_RUNS;
const ESTIMATES: Scope = Scope::Only(&[Cmd::JudgeMode, Cmd::Count]);
const COUNTING: Scope = Scope::Only(&[Cmd::JudgeMode, Cmd::Checker, Cmd::Count]);

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
        help: "with --shard: also write each shard's record to\n\
               DIR/shard-I-of-K.rec, and skip the shards whose\n\
               record is there already (a rerun resumes)",
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
    /// What the option does for `cmd`, as its help says: the table's text,
    /// or for options that do something different per command
    /// (`--progress`, `--threads`), that command's own.
    pub fn help_for(self, cmd: Cmd) -> &'static str {
        match (self, cmd) {
            (Opt::Progress, Cmd::JudgeMode) => {
                "each case that runs past a second, on stderr:\n\
                 share done, elapsed, time left (default: when\n\
                 stderr is a terminal)"
            }
            (Opt::Progress, Cmd::Checker) => {
                "the count's share done, elapsed, time left on\n\
                 stderr (default: when stderr is a terminal)"
            }
            (Opt::Progress, Cmd::Count) => {
                "share done, elapsed, time left on stderr, from\n\
                 the first second (default: when stderr is a\n\
                 terminal)"
            }
            (Opt::Progress, Cmd::Stress) => {
                "rounds done, then shrinking runs, on stderr\n\
                 every 10 s (redrawn when stderr is a terminal,\n\
                 the default there)"
            }
            (Opt::Progress, Cmd::Show) => {
                "names the case being searched on stderr once it\n\
                 has taken a second (default: when stderr is a\n\
                 terminal)"
            }
            (Opt::Progress, Cmd::Test) => {
                "while an expected output is computed, its long\n\
                 cases on stderr as judge mode shows them\n\
                 (default: when stderr is a terminal)"
            }
            (Opt::Threads, Cmd::JudgeMode | Cmd::Count) => {
                "worker threads (default: all cores); the output\n\
                 never depends on it"
            }
            (Opt::Threads, Cmd::Checker) => "worker threads for the total (default: all cores)",
            (Opt::Threads, Cmd::Show) => "worker threads for --total (default: all cores)",
            (Opt::Threads, Cmd::Stress) => {
                "worker threads computing the expected answers,\n\
                 shared by the -j rounds (default: all cores)"
            }
            (Opt::Threads, Cmd::Test) => {
                "worker threads computing missing expected\n\
                 outputs, as judge mode (default: all cores)"
            }
            _ => self.flag().help,
        }
    }

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
