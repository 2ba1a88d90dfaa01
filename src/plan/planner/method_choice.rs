//! What `--method` asks the planner for: its own choice per case, or one
//! method of the registry forced.

use crate::plan::method::registry;

/// A method of the registry, by its name. It is made only from the
/// registry ([`MethodChoice::parse`], [`MethodChoice::all`]), so a misspelled name is
/// refused where it is given (on the command line, or as a test's
/// `expect`) instead of falling back to another method.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Registered(&'static str);

impl Registered {
    /// The method's name, as `--method`, `--explain` and `--help` use it.
    pub fn name(self) -> &'static str {
        self.0
    }
}

/// Which method the planner uses: its own choice per case, or one method
/// of the registry forced (`--method NAME`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MethodChoice {
    /// The cheapest quote per case (the default).
    Auto,
    /// This registered method, wherever it applies.
    Forced(Registered),
}

impl MethodChoice {
    /// `auto`, then every registered method.
    pub fn all() -> Vec<MethodChoice> {
        let forced = registry()
            .into_iter()
            .map(|m| MethodChoice::Forced(Registered(m.about().name)));
        std::iter::once(MethodChoice::Auto).chain(forced).collect()
    }

    /// The command-line names, comma-separated.
    pub fn names() -> String {
        let names: Vec<&str> = MethodChoice::all()
            .into_iter()
            .map(MethodChoice::name)
            .collect();
        names.join(", ")
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            MethodChoice::Auto => "auto",
            MethodChoice::Forced(method) => method.name(),
        }
    }

    /// The method named `name`, if any: `auto` or a registered one.
    ///
    /// ```
    /// use nqueens::plan::planner::MethodChoice;
    /// assert_eq!(MethodChoice::parse("index").unwrap().name(), "index");
    /// assert!(matches!(MethodChoice::parse("index"), Some(MethodChoice::Forced(_))));
    /// assert_eq!(MethodChoice::parse("indx"), None);
    /// ```
    pub fn parse(name: &str) -> Option<MethodChoice> {
        MethodChoice::all().into_iter().find(|m| m.name() == name)
    }
}
