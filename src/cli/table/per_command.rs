//! What an option's help says for a command that uses it differently
//! (`--progress`, `--threads`, `--memory`): beside the option table, whose
//! one help line per option is the default.

use super::commands::Cmd;
use super::options::Opt;

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
            (Opt::Memory, Cmd::Merge) => {
                "the campaign's --memory (default 1GiB): the split\n\
                 --spot-check plans again to find each shard's work"
            }
            (Opt::Threads, Cmd::Merge) => {
                "worker threads for --spot-check's counts (default:\n\
                 all cores); the split is planned with them, or\n\
                 with one thread, whichever deals the records'"
            }
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
}
