//! One-file submissions: the project's own modules stitched into a single
//! Rust source that a judge can compile with `rustc -O`, on any edition
//! (2015, plain `rustc`'s, 2018 or 2021) and Rust 1.63 or later.
//!
//! The binary carries the sources it needs (`include_str!`), so a bundle is
//! always made of the engine as it is now: a change to the kernel shows up
//! in the next bundle without anyone editing a copy. Each module is wrapped
//! as `mod NAME { ... }` at the top of the file, so the `crate::NAME::...`
//! paths inside the sources keep working unchanged; `#[cfg(test)]` items are
//! cut out ([`strip_test_items`]), and so are comments unless asked to keep
//! them ([`strip_comments`]: about 40% of the bytes, which keeps a bundle
//! well under the 50 KB of Luogu and the 64 KiB of Codeforces); a generated
//! `fn main` wires stdin and stdout to the problem's entry point.
//!
//! # Constraints
//! Only modules that are std only, thread-free and `unsafe`-free may be
//! bundled: `parallel` (threads) and the command line are left out, and
//! neither problem's entry point needs them. The tests check every bundle
//! for `unsafe`, `std::thread` and a size under [`MAX_BYTES`].
//!
//! The bundled sources must mean the same on every edition, without a
//! warning: no `into_iter()` on an array by method call (it yields
//! references before 2021), no `assert!` or `panic!` whose lone message
//! names a variable (`{n}`: not a format string before 2021). The tests
//! build every bundle on each edition with `-D warnings`, on the stable
//! rustc and Debian's 1.63.
//!
//! # Rooms
//! This file says what a bundle is made of and stitches it; cutting the
//! Rust sources as text is [`strip`]'s. The C++, Java and Python
//! submissions are files of their own under `bundle/`, carried as they are.

pub mod strip;

use std::fmt;

use crate::base::target::Target;
use strip::{strip_comments, strip_doc_examples, strip_items, strip_test_items};

/// The judges' usual source size limit: 64 KiB.
pub const MAX_BYTES: usize = 64 * 1024;

/// What each problem's Rust bundle is made of.
impl Target {
    /// The modules the target needs, each `(name, source)`, dependencies
    /// first. Invariant: every `crate::X` path in these sources names a
    /// module of the list.
    fn modules(self) -> Vec<(&'static str, &'static str)> {
        let core = [
            ("board", include_str!("../base/board.rs")),
            ("error", include_str!("../base/error.rs")),
            ("input", include_str!("../base/input.rs")),
            ("cases", include_str!("../base/cases.rs")),
            ("kernel", include_str!("../base/kernel.rs")),
            ("problem", include_str!("../base/problem.rs")),
            ("output", include_str!("../base/output.rs")),
        ];
        let top: &[(&str, &str)] = match self {
            Target::Uva11195 => &[
                ("uva11195", include_str!("../base/uva11195.rs")),
                ("index", include_str!("../base/index.rs")),
                ("constrained", include_str!("../base/constrained.rs")),
            ],
            Target::Checker => &[
                ("mirror", include_str!("../base/mirror.rs")),
                ("checker", include_str!("../base/checker.rs")),
            ],
        };
        core.iter().chain(top).copied().collect()
    }

    /// The items of [`Target::modules`] this target never uses, per module:
    /// each named by how its first line starts (after the indentation). They
    /// are cut ([`strip_items`]): with them the commented uva11195 bundle
    /// would not fit in the judges' 64 KiB. The tests check that each is
    /// found exactly once, and that every bundle builds without them.
    fn unused(self) -> &'static [(&'static str, &'static [&'static str])] {
        match self {
            Target::Uva11195 => &[
                (
                    "board",
                    &[
                        "pub fn is_free(",
                        "pub fn set_free(",
                        "pub fn obstacles(",
                        "impl fmt::Display for Board {",
                        "pub fn inverse(",
                    ],
                ),
                (
                    "input",
                    &["pub fn line(", "pub fn read_size<", "fn rest_of_line("],
                ),
                ("kernel", &["pub fn nodes(", "pub fn for_each_solution<"]),
                (
                    "problem",
                    &[
                        "pub fn n(",
                        "pub fn free(",
                        "pub fn queen(",
                        "pub fn is_dead(",
                        "pub fn place(",
                        "pub fn split(",
                        "pub fn nodes(",
                        "pub fn for_each_solution<",
                    ],
                ),
                ("output", &["pub fn columns_line("]),
                ("constrained", &["pub fn indexed("]),
                (
                    "uva11195",
                    &[
                        "fn solve_all(",
                        "pub struct PlainSolver;",
                        "impl Solver for PlainSolver {",
                        "pub fn run_to_string(",
                    ],
                ),
            ],
            Target::Checker => &[],
        }
    }

    /// The body of the generated `fn main`: read stdin, write stdout, and
    /// on bad input a message on stderr and exit status 2.
    fn main_body(self) -> &'static str {
        match self {
            Target::Uva11195 => {
                "    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = base::uva11195::run(stdin.lock(), stdout.lock(), &mut base::constrained::BundleSolver::default());
"
            }
            Target::Checker => {
                "    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = base::input::read_size(stdin.lock())
        .and_then(|n| base::checker::run(n, |n| Ok(base::mirror::count(n)), &mut out))
        .and_then(|()| std::io::Write::flush(&mut out).map_err(base::error::Error::Write));
"
            }
        }
    }
}

/// The language of a one-file submission.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lang {
    /// This program's own `base` modules stitched together (the default).
    Rust,
    /// `bundle/cpp/PROBLEM.cpp`: C++11, for UVa and ZeroJudge.
    Cpp,
    /// `bundle/java/PROBLEM/Main.java`: Java 8, class `Main`.
    Java,
    /// `bundle/python/PROBLEM.py`: Python 3 (CPython 3.6 and later).
    Python,
}

impl Lang {
    /// Every language, in the order `--help` lists them.
    pub const ALL: [Lang; 4] = [Lang::Rust, Lang::Cpp, Lang::Java, Lang::Python];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Rust => "rust",
            Lang::Cpp => "cpp",
            Lang::Java => "java",
            Lang::Python => "python",
        }
    }

    /// The language named `name` on the command line.
    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.name() == name)
    }
}

/// What `nqueens bundle` prints: a problem's one-file solution in a
/// language, for the judge's own input (stdin) or, with `usaco`, the USACO
/// training gateway's files (`checker.in` / `checker.out`, a header comment
/// naming the task; Java's class named after the task).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Request {
    pub target: Target,
    pub lang: Lang,
    pub usaco: bool,
    /// Whether a Rust bundle keeps its comments (`--keep-comments`).
    pub keep_comments: bool,
}

impl Request {
    /// Why this combination is not offered, if it is not: USACO training
    /// takes the checker problem, in C++, Java or Python.
    pub fn refusal(&self) -> Option<&'static str> {
        if !self.usaco {
            return None;
        }
        match (self.target, self.lang) {
            (Target::Uva11195, _) => Some(
                "--usaco is for 'bundle checker' (USACO training's problem is checker, \
                 not uva11195)",
            ),
            (Target::Checker, Lang::Rust) => Some(
                "--usaco is for 'bundle checker' in C++, Java or Python \
                 (USACO training takes no Rust): add --lang cpp, java or python",
            ),
            (Target::Checker, _) => None,
        }
    }
}

/// The source `request` asks for.
///
/// ```
/// use nqueens::{base::target::Target, tools::bundle::{source, Lang, Request}};
/// let cpp = source(&Request {
///     target: Target::Checker,
///     lang: Lang::Cpp,
///     usaco: true,
///     keep_comments: false,
/// });
/// assert!(cpp.starts_with("/*\nID: your_id_here\nLANG: C++\nTASK: checker\n*/\n"));
/// assert!(cpp.contains("#define USACO_FILE_IO 1"));
/// ```
pub fn source(request: &Request) -> String {
    let native = match (request.lang, request.target) {
        (Lang::Rust, target) => return bundle(target, request.keep_comments),
        (Lang::Cpp, Target::Uva11195) => include_str!("bundle/cpp/uva11195.cpp"),
        (Lang::Cpp, Target::Checker) => include_str!("bundle/cpp/checker.cpp"),
        (Lang::Java, Target::Uva11195) => include_str!("bundle/java/uva11195/Main.java"),
        (Lang::Java, Target::Checker) => include_str!("bundle/java/checker/Main.java"),
        (Lang::Python, Target::Uva11195) => include_str!("bundle/python/uva11195.py"),
        (Lang::Python, Target::Checker) => include_str!("bundle/python/checker.py"),
    };
    if !request.usaco {
        return native.to_string();
    }
    // The sources carry the switch; USACO wants the files, the header and
    // (Java) a class named after the task.
    let (lang, switches): (&str, &[(&str, &str)]) = match request.lang {
        Lang::Python => (
            "PYTHON3",
            &[("USACO_FILE_IO = False", "USACO_FILE_IO = True")],
        ),
        Lang::Java => (
            "JAVA",
            &[
                (
                    "    static final boolean FILE_IO = false;",
                    "    static final boolean FILE_IO = true;",
                ),
                ("public class Main {", "public class checker {"),
            ],
        ),
        _ => (
            "C++",
            &[("#define USACO_FILE_IO 0", "#define USACO_FILE_IO 1")],
        ),
    };
    let header = format!("ID: your_id_here\nLANG: {lang}\nTASK: checker\n");
    let mut out = if request.lang == Lang::Python {
        format!("\"\"\"\n{header}\"\"\"\n")
    } else {
        format!("/*\n{header}*/\n")
    };
    let mut text = native.to_string();
    for (from, to) in switches {
        text = text.replacen(from, to, 1);
    }
    out.push_str(&text);
    out
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The sizes of the Rust bundles as help states them, measured from the
/// bundles this binary makes: `uva11195 about A KB, checker about B KB`
/// (1 KB = 1000 bytes, rounded).
pub fn rust_size_in_words() -> String {
    let kb = |target| (bundle(target, false).len() as f64 / 1000.0).round();
    format!(
        "uva11195 about {} KB, checker about {} KB",
        kb(Target::Uva11195),
        kb(Target::Checker)
    )
}

/// The whole one-file program for `target`.
///
/// ```
/// use nqueens::{base::target::Target, tools::bundle::bundle};
/// let source = bundle(Target::Uva11195, false);
/// assert!(source.contains("pub mod kernel {"));
/// assert!(!source.contains("#[cfg(test)]"));
/// assert!(!source.contains("\n///"));
/// assert!(bundle(Target::Uva11195, true).contains("\n///"));
/// ```
pub fn bundle(target: Target, keep_comments: bool) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "// {target}: one-file solution generated by `nqueens bundle {target}` \
         (nqueens {}).\n// Std only, single-threaded. \
         Build: rustc -O main.rs (any edition)\n#![forbid(unsafe_code)]\n#![allow(dead_code, unused_imports)]\n\n",
        env!("CARGO_PKG_VERSION")
    ));
    out.push_str("fn main() {\n");
    out.push_str(target.main_body());
    out.push_str(
        "    if let Err(e) = result {
        if !e.is_broken_pipe() {
            eprintln!(\"error: {e}\");
            std::process::exit(2);
        }
    }
}
",
    );
    // The core folder as it is: `crate::base::X` paths inside the sources
    // resolve unchanged.
    out.push_str("\nmod base {\n");
    for (name, source) in target.modules() {
        out.push_str(&format!("\npub mod {name} {{\n"));
        let unused = target.unused().iter().find(|(module, _)| *module == name);
        let source = strip_items(&strip_test_items(source), unused.map_or(&[], |u| u.1));
        let source = if keep_comments {
            strip_doc_examples(&source)
        } else {
            strip_comments(&source)
        };
        out.push_str(source.trim_end());
        out.push_str(&format!("\n}} // mod {name}\n"));
    }
    out.push_str("} // mod base\n");
    out
}

#[cfg(test)]
mod tests {
    use super::strip::item_lines;
    use super::*;
    #[test]
    fn stripping_halves_the_bundles() {
        for target in Target::ALL {
            let (kept, stripped) = (bundle(target, true), bundle(target, false));
            assert!(
                stripped.len() * 10 < kept.len() * 7,
                "{target}: {} of {}",
                stripped.len(),
                kept.len()
            );
        }
    }

    #[test]
    fn every_unused_item_is_found_once() {
        for target in Target::ALL {
            for (module, starts) in target.unused() {
                let (_, source) = target
                    .modules()
                    .into_iter()
                    .find(|m| m.0 == *module)
                    .unwrap();
                let source = strip_test_items(source);
                for start in *starts {
                    let found = item_lines(&source, start).len();
                    assert_eq!(found, 1, "{target}: {module}: {start}");
                }
            }
        }
    }
    #[test]
    fn every_native_source_is_small_and_the_usaco_switches_exist() {
        for target in Target::ALL {
            for lang in [Lang::Cpp, Lang::Java, Lang::Python] {
                let plain = Request {
                    target,
                    lang,
                    usaco: false,
                    keep_comments: false,
                };
                assert!(source(&plain).len() < MAX_BYTES, "{target} {lang:?}");
            }
        }
        for lang in [Lang::Cpp, Lang::Java, Lang::Python] {
            let usaco = source(&Request {
                target: Target::Checker,
                lang,
                usaco: true,
                keep_comments: false,
            });
            let plain = source(&Request {
                target: Target::Checker,
                lang,
                usaco: false,
                keep_comments: false,
            });
            // Every switch was found: each changed one line of the source.
            let changed = plain
                .lines()
                .zip(usaco.lines().skip(5))
                .filter(|(a, b)| a != b);
            let want = if lang == Lang::Java { 2 } else { 1 };
            assert_eq!(changed.count(), want, "{lang:?}");
        }
    }

    #[test]
    fn every_bundle_is_test_free_thread_free_and_small() {
        for (target, keep) in Target::ALL
            .into_iter()
            .flat_map(|t| [(t, false), (t, true)])
        {
            let source = bundle(target, keep);
            assert!(!source.contains("cfg(test)"), "{target}");
            for word in ["unsafe {", "unsafe fn", "unsafe impl"] {
                assert!(!source.contains(word), "{target}: {word}");
            }
            assert!(source.contains("#![forbid(unsafe_code)]"));
            assert!(!source.contains("std::thread"), "{target}");
            assert!(!source.contains("crate::engine::parallel"), "{target}");
            for (name, module) in target.modules() {
                let module = strip_test_items(module);
                for (at, _) in module.match_indices("crate::") {
                    assert!(
                        module[at..].starts_with("crate::base::"),
                        "{target}: base/{name}.rs names something outside base: {}",
                        &module[at..(at + 40).min(module.len())]
                    );
                }
            }
            assert!(source.len() < MAX_BYTES, "{target}: {} bytes", source.len());
            for (name, _) in target.modules() {
                assert!(source.contains(&format!("\npub mod {name} {{\n")));
            }
        }
    }
}
