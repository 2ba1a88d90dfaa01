//! The command table: every command, the word that selects it, its usage
//! lines, its summary and what its help says about it ([`COMMANDS`]), and
//! [`Cmd`], the name the option table gives each command.

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
'shard I/K n=N split=F total=T burnside=B bound=X crc=C', for 'merge' to
add up (F: which unit list the shards were dealt from; B: 8 times the
shard's unique share; X: a bound on T no count of the shard's units can
pass, where the engine keeps one; C: a CRC-32 of the line, so that merge
refuses an edited record).
With --shard A..=B/K it counts shards A to B of K in turn, planning once,
and prints each one's record as it ends. With --records DIR each record is
also appended to the task's file DIR/shards-A-to-B-of-K.rec (a line per
shard, synced; with cpu=S before crc=, the CPU seconds the task spent on
that shard), and a rerun skips every shard with a record that reads back in
that file or another one of DIR whose range overlaps: a killed or requeued
task redoes only the shard it was in. A damaged or cut-off line there is
dropped and its shard counted again; a record of another split (version,
--threads, --memory) is refused.
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
        usage: &["merge [--status] [--spot-check K] [FILES|DIRS]"],
        summary: "adds up the shard records of FILES or DIRS (or stdin)",
        about: "\
Checks that shards 1..K of one N and one split F are all there, each
record's crc= matching it, and prints 'TOTAL UNIQUE'. A DIR is read whole:
its regular files by name (those named '.*' skipped), so a campaign of
millions of records needs no shell arguments. A shard recorded twice with
the same counts counts once (a note on stderr); with different counts it
is an error naming both. The sums must hold: the total a multiple of 4
from N = 6, Burnside's sum a multiple of 8 and within total..=8*total,
each record's burnside at least its total, and Burnside's sum less the
total equal to the solutions the turns fix, searched directly (exact to
N = 28; minutes at 28, said on stderr).
Records without crc= (older versions) are added up unchecked, with a note.
With --status it reports instead how far a campaign is: shards done of K,
the missing ones as ranges, doubled and conflicting records, records
refused (damaged, or of another N, K or split) with the reason, and the CPU
time: spent (the sum of the records' cpu=) and quoted for the shards missing
(the records' mean, times the missing).
With --spot-check K, K of the shards done (all of them if fewer), drawn
from a seed that is a hash of every record read (no node can know it before
the records exist; anyone can draw the same again), are counted again by an
independent method and each compared with its record: the join's column
sets by a plain search of both halves and every pair tested, their orbits
found again; the constellations by a plain search. It costs several times
the CPU the shards' records say (cpu=), more as N grows (quoted at 300
times until measured at 27 and 28): first a line says which shards and the
quote, then one line per shard as it ends, on stderr. A shard whose
counts differ is an error naming it and its file; TOTAL UNIQUE is printed
only once every one agrees. Give the campaign's --memory (and --threads,
unless it was 1): the split is planned again to find each shard's work.",
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
