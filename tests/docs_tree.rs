//! Docs that cannot drift: the source tree in `docs/HOW-IT-WORKS.md` names
//! every file under `src/` and nothing else, and the module maps of
//! `src/lib.rs` and `src/engine/half_board.rs` name every module they
//! declare.
//!
//! How the tree is read (the code block after "## The source tree"):
//! - its first line is `src/`; every other line is either an *entry* or
//!   the continuation of the entry above;
//! - an entry's first word is a path ending in `.rs` or `/`, and the rest
//!   of the line is its description; a continuation line is any other line,
//!   indented past the path above it (into the description's column);
//! - an entry's path is relative to the folder line it is indented under:
//!   the last `folder/` line with no description and less indentation (so
//!   `    half_board/quarters/shape.rs` under `  engine/` is
//!   `src/engine/half_board/quarters/shape.rs`);
//! - a `folder/` line with a description names files instead of opening a
//!   folder: its description starts with them, comma-separated and relative
//!   to the folder, ended by a colon (`bundle/cpp/  uva11195.cpp,
//!   checker.cpp: C++11 submissions`).
//!
//! Every file under `src/` (Rust or not, tests included) must be named by
//! an entry or a folder line's list, and every path named must exist.
//!
//! A module map names a module `m` as an intra-doc link, `` [`m`] ``, in
//! the file's `//!` comment; every `mod m;` the file declares must be there.

use std::collections::BTreeSet;
use std::path::Path;

/// What the tree names: files and folders (paths from the repository, `/`
/// separated, folders ending in `/`), each with the block's line naming it.
#[derive(Default)]
struct Named {
    files: Vec<(String, usize)>,
    folders: Vec<(String, usize)>,
}

/// One entry of the tree while it is read: where it is, its path, its
/// indentation and the width of its first word, its description so far.
struct Entry {
    line: usize,
    path: String,
    indent: usize,
    word: usize,
    description: String,
}

/// The source tree's code block of `page`: its lines with their line
/// numbers on the page.
fn tree_block(page: &str) -> Vec<(usize, &str)> {
    let mut lines = page.lines().enumerate();
    lines
        .by_ref()
        .find(|(_, line)| line.trim() == "## The source tree")
        .expect("docs/HOW-IT-WORKS.md has a \"## The source tree\" section");
    lines
        .by_ref()
        .find(|(_, line)| line.starts_with("```"))
        .expect("the source tree section has a code block");
    lines
        .take_while(|(_, line)| !line.starts_with("```"))
        .map(|(i, line)| (i + 1, line))
        .collect()
}

/// The tree read by the rules at the top, or the lines it could not read.
fn parse_tree(block: &[(usize, &str)]) -> Result<Named, Vec<String>> {
    let mut errors = Vec::new();
    let mut lines = block.iter();
    match lines.next() {
        Some((_, first)) if first.trim_end() == "src/" => {}
        other => {
            return Err(vec![format!(
                "the tree's first line must be `src/`, not {other:?}"
            )])
        }
    }
    // The open folders: (indentation, path).
    let mut folders: Vec<(usize, String)> = vec![(0, "src/".to_string())];
    let mut entries: Vec<Entry> = Vec::new();
    for &(line, text) in lines {
        if text.trim().is_empty() {
            continue;
        }
        let indent = text.len() - text.trim_start().len();
        let body = text.trim();
        let word = body.split_whitespace().next().unwrap_or_default();
        let rest = body[word.len()..].trim();
        if !(word.ends_with(".rs") || word.ends_with('/')) {
            match entries.last_mut() {
                Some(last) if indent > last.indent + last.word => {
                    last.description.push(' ');
                    last.description.push_str(body);
                }
                _ => errors.push(format!(
                    "line {line}: neither a path (ending in .rs or /) nor a \
                     description continued past the path above: {text:?}"
                )),
            }
            continue;
        }
        while folders.last().is_some_and(|(open, _)| *open >= indent) {
            folders.pop();
        }
        let Some((_, parent)) = folders.last() else {
            errors.push(format!("line {line}: outside `src/`: {text:?}"));
            continue;
        };
        let path = format!("{parent}{word}");
        if word.ends_with('/') && rest.is_empty() {
            folders.push((indent, path.clone()));
        }
        entries.push(Entry {
            line,
            path,
            indent,
            word: word.len(),
            description: rest.to_string(),
        });
    }
    let mut named = Named::default();
    for entry in entries {
        if !entry.path.ends_with('/') {
            named.files.push((entry.path, entry.line));
            continue;
        }
        named.folders.push((entry.path.clone(), entry.line));
        if entry.description.is_empty() {
            continue;
        }
        let Some((list, _)) = entry.description.split_once(':') else {
            errors.push(format!(
                "line {}: folder {} has a description but no list of its \
                 files ended by a colon",
                entry.line, entry.path
            ));
            continue;
        };
        for file in list.split(',').map(str::trim) {
            named
                .files
                .push((format!("{}{file}", entry.path), entry.line));
        }
    }
    if errors.is_empty() {
        Ok(named)
    } else {
        Err(errors)
    }
}

/// Every file and folder under `dir`, as paths from `root` (folders ending
/// in `/`).
fn walk(root: &Path, dir: &Path, files: &mut BTreeSet<String>, folders: &mut BTreeSet<String>) {
    let relative = |path: &Path| {
        let parts: Vec<String> = path
            .strip_prefix(root)
            .expect("walked paths are under the root")
            .components()
            .map(|part| part.as_os_str().to_string_lossy().into_owned())
            .collect();
        parts.join("/")
    };
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("src/ is readable").path();
        if path.is_dir() {
            folders.insert(format!("{}/", relative(&path)));
            walk(root, &path, files, folders);
        } else {
            files.insert(relative(&path));
        }
    }
}

/// What is wrong between the tree of `page` and the files under
/// `root/src`: one line per problem.
fn tree_problems(page: &str, root: &Path) -> Vec<String> {
    let named = match parse_tree(&tree_block(page)) {
        Ok(named) => named,
        Err(errors) => return errors,
    };
    let mut files = BTreeSet::new();
    let mut folders = BTreeSet::new();
    walk(root, &root.join("src"), &mut files, &mut folders);
    folders.insert("src/".to_string());

    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    for (path, line) in &named.files {
        if !seen.insert(path.as_str()) {
            problems.push(format!("named twice (line {line}): {path}"));
        }
        if !files.contains(path) {
            problems.push(format!("named but does not exist (line {line}): {path}"));
        }
    }
    for (path, line) in &named.folders {
        if !folders.contains(path) {
            problems.push(format!(
                "folder named but does not exist (line {line}): {path}"
            ));
        }
    }
    for file in files.iter().filter(|file| !seen.contains(file.as_str())) {
        problems.push(format!("missing from the tree: {file}"));
    }
    problems
}

#[test]
fn the_source_tree_names_every_file_under_src() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/HOW-IT-WORKS.md"))
        .expect("docs/HOW-IT-WORKS.md is readable");
    let problems = tree_problems(&page, root);
    assert!(
        problems.is_empty(),
        "docs/HOW-IT-WORKS.md, \"The source tree\" (line numbers are the \
         page's), disagrees with src/:\n  {}",
        problems.join("\n  ")
    );
}

/// The modules `source` declares from files (`mod m;`, any visibility).
fn declared_modules(source: &str) -> Vec<&str> {
    source
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let line = match line.strip_prefix("pub") {
                // `pub mod`, `pub(crate) mod`, ...
                Some(rest) => rest.split_once("mod ").map_or("", |(_, name)| name),
                None => line.strip_prefix("mod ").unwrap_or(""),
            };
            line.strip_suffix(';')
                .filter(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'))
                .filter(|name| !name.is_empty())
        })
        .collect()
}

#[test]
fn the_module_maps_name_every_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut problems = Vec::new();
    for file in ["src/lib.rs", "src/engine/half_board.rs"] {
        let source = std::fs::read_to_string(root.join(file)).expect("the source is readable");
        let map: String = source
            .lines()
            .filter_map(|line| line.trim_start().strip_prefix("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        let modules = declared_modules(&source);
        assert!(
            !modules.is_empty(),
            "{file} declares no modules: is the parser stale?"
        );
        for module in modules {
            if !map.contains(&format!("[`{module}`]")) {
                problems.push(format!("{file}: mod {module} is not in its module map"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "module maps (the `//!` comment) must name each declared module as [`name`]:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn the_tree_reader_follows_its_rules() {
    let page = "## The source tree\n\n```\nsrc/\n  a.rs      one\n  a/\n    b.rs    two,\n            wrapped\n    c/d.rs  deep\n    e/      x.cpp, y/Main.java: files\n  f.rs      back out\n```\n";
    let named = parse_tree(&tree_block(page)).expect("the example reads");
    let files: Vec<&str> = named.files.iter().map(|(path, _)| path.as_str()).collect();
    assert_eq!(
        files,
        [
            "src/a.rs",
            "src/a/b.rs",
            "src/a/c/d.rs",
            "src/a/e/x.cpp",
            "src/a/e/y/Main.java",
            "src/f.rs"
        ]
    );
    let folders: Vec<&str> = named
        .folders
        .iter()
        .map(|(path, _)| path.as_str())
        .collect();
    assert_eq!(folders, ["src/a/", "src/a/e/"]);
    assert_eq!(named.files[1].1, 7, "line numbers are the page's");

    let stray = "## The source tree\n```\nsrc/\n  a.rs  one\n  stray words\n```\n";
    assert!(parse_tree(&tree_block(stray)).is_err());
    assert_eq!(
        declared_modules("pub mod a;\nmod b;\n#[cfg(test)]\npub(crate) mod c;\nmod d {\n"),
        ["a", "b", "c"]
    );
}
