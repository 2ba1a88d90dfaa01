//! The two problems this program answers, as the commands name them
//! (`bundle uva11195`, `--problem checker`): UVa 11195 ([`super::uva11195`],
//! judge mode) and the checker ([`super::checker`], checker mode).
//!
//! Not bundled: a one-file submission solves one problem, named by its
//! generated `fn main`.

/// Which problem: what `bundle`, `gen`, `stress` and `test` are asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Target {
    /// UVa 11195 "Another n-Queen Problem" (judge mode).
    Uva11195,
    /// USACO 1.5.4 "Checker Challenge" / Luogu P1219 (checker mode).
    Checker,
}

impl Target {
    /// Every target, in the order `--help` lists them.
    pub const ALL: [Target; 2] = [Target::Uva11195, Target::Checker];

    /// The target named `name` on the command line.
    ///
    /// ```
    /// use nqueens::base::target::Target;
    /// assert_eq!(Target::from_name("checker"), Some(Target::Checker));
    /// assert_eq!(Target::from_name("p1219"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Target::Uva11195 => "uva11195",
            Target::Checker => "checker",
        }
    }
}
