//! The examples of the README and of the pages in `docs/` are the
//! program's real output: in each page, every `$ nqueens ...` (or `$ cargo run
//! --release -q -- ...`) line in a code block is run, and what follows it
//! in the block must be what it prints. A block after a `<!-- not
//! checked: WHY -->` line is skipped (its output is not deterministic); a
//! `...` line stands for any number of lines. Their links to each other
//! lead to files and headings that exist.

use std::path::Path;
use std::process::Command;

/// One example: its line on its page, the command, the output shown.
struct Example {
    line: usize,
    command: String,
    output: Vec<String>,
}

/// The examples of `readme`, and how many were marked not checked.
fn examples(readme: &str) -> (Vec<Example>, usize) {
    let mut found: Vec<Example> = Vec::new();
    let mut skipped = 0;
    let mut skip_block = false;
    let mut in_block = false;
    for (i, line) in readme.lines().enumerate() {
        if line.starts_with("<!-- not checked:") {
            skip_block = true;
            continue;
        }
        let code = line.strip_prefix("    ");
        match code {
            Some(code) => {
                in_block = true;
                if let Some(command) = code.strip_prefix("$ ") {
                    if skip_block {
                        skipped += 1;
                        continue;
                    }
                    found.push(Example {
                        line: i + 1,
                        command: command.to_string(),
                        output: Vec::new(),
                    });
                } else if let Some(example) = found.last_mut().filter(|_| !skip_block) {
                    if example.line + example.output.len() == i {
                        example.output.push(code.to_string());
                    }
                }
            }
            None if line.trim().is_empty() => {}
            None => {
                if in_block {
                    skip_block = false;
                }
                in_block = false;
            }
        }
    }
    (found, skipped)
}

/// Runs `command` with `sh` in the repository, with the binary on the
/// PATH as `nqueens` (and `cargo run --release -q --` meaning it).
fn run(command: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_nqueens")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = command.replace("cargo run --release -q --", "nqueens");
    // As the pages' estimates were made: the reference model's speed
    // (and no cache of the user's read or written).
    let output = crate::util::test_env(&mut Command::new("sh"))
        .args(["-c", &script])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        // As on the 2-core machine the pages' estimates were made on.
        .env("NQUEENS_CORES", "2")
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Whether `actual` lines match `shown` lines, a `...` line in `shown`
/// standing for any number of lines.
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            actual.first() == Some(&first.as_str()) && matches(rest, &actual[1..])
        }
    }
}

/// The pages whose examples are checked: `README.md`, then every
/// `docs/*.md` by name, each as (path, text).
fn pages() -> Vec<(String, String)> {
    let mut docs: Vec<String> = std::fs::read_dir("docs")
        .expect("a docs folder")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| path.display().to_string())
        .collect();
    docs.sort();
    std::iter::once("README.md".to_string())
        .chain(docs)
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            (path, text)
        })
        .collect()
}

/// The README and the docs as one text, for what must be said somewhere.
fn all_pages() -> String {
    pages().into_iter().map(|(_, text)| text).collect()
}

#[test]
fn every_deterministic_example_prints_what_its_page_shows() {
    let pages = pages();
    assert!(pages.len() >= 7, "{} pages", pages.len());
    let (mut checked, mut skipped_in_all) = (0, 0);
    for (page, text) in &pages {
        let (examples, skipped) = examples(text);
        if page == "README.md" {
            assert!(examples.len() >= 4, "README: {} examples", examples.len());
        }
        checked += examples.len();
        skipped_in_all += skipped;
        for example in &examples {
            let mut shown = example.output.clone();
            while shown.last().is_some_and(|l| l.trim().is_empty()) {
                shown.pop();
            }
            let printed = run(&example.command);
            let actual: Vec<&str> = printed.trim_end().lines().collect();
            assert!(
                matches(&shown, &actual),
                "{page} line {}: $ {}\n{page} shows:\n{}\nthe program prints:\n{}",
                example.line,
                example.command,
                shown.join("\n"),
                printed
            );
        }
    }
    assert!(checked >= 11, "{checked} examples found");
    assert!(skipped_in_all >= 4, "{skipped_in_all} skipped");
}

/// GitHub's anchor of a heading: lower case, spaces to `-`, and nothing
/// but letters, digits, `-` and `_` kept.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every relative link of the README and the docs (`[text](path#anchor)`)
/// leads to a file that exists and, with an anchor, to one of its
/// headings.
#[test]
fn every_link_between_the_pages_leads_somewhere() {
    let mut links = 0;
    for (page, text) in pages() {
        let dir = Path::new(&page).parent().unwrap().to_path_buf();
        for (i, line) in text.lines().enumerate() {
            for target in line.split("](").skip(1) {
                let Some(end) = target.find(')') else {
                    continue;
                };
                let target = &target[..end];
                if target.contains("://") {
                    continue;
                }
                links += 1;
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let file = if file.is_empty() {
                    Path::new(&page).to_path_buf()
                } else {
                    dir.join(file)
                };
                assert!(
                    file.exists(),
                    "{page} line {}: {target}: no such file",
                    i + 1
                );
                if !fragment.is_empty() {
                    let heads: Vec<String> = std::fs::read_to_string(&file)
                        .unwrap()
                        .lines()
                        .filter_map(|l| l.strip_prefix('#'))
                        .map(|l| anchor(l.trim_start_matches('#')))
                        .collect();
                    assert!(
                        heads.iter().any(|h| h == fragment),
                        "{page} line {}: {target}: no such heading in {heads:?}",
                        i + 1
                    );
                }
            }
        }
    }
    assert!(links >= 20, "{links} links");
}

/// Every option, command and method the program has is documented: the
/// README's usage names every command (and the bundle's options), every
/// option is in the README or a page of `docs/`, and the guide's list of
/// judge mode's options names every method.
#[test]
fn the_pages_name_every_option_command_and_method() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let all = all_pages();
    for (_, flag) in nqueens::cli::FLAGS {
        assert!(all.contains(flag.long), "no page names {}", flag.long);
    }
    for def in nqueens::cli::table::COMMANDS {
        assert!(
            readme.contains(&format!("    nqueens {}", def.word)),
            "README's usage lacks {}",
            def.word
        );
    }
    let usage = &readme[readme.find("## Use").unwrap()..];
    let usage = &usage[..usage.find("\n\n`nqueens help`").unwrap()];
    let bundle = usage
        .lines()
        .find(|l| l.contains("nqueens bundle"))
        .unwrap();
    for flag in ["--lang", "--usaco", "--keep-comments"] {
        assert!(bundle.contains(flag), "{bundle}");
    }
    let guide = std::fs::read_to_string("docs/GUIDE.md").unwrap();
    let judge = &guide[guide.find("Options for judge mode").unwrap()..];
    let judge = &judge[..judge.find("\n\n").unwrap()];
    for method in nqueens::plan::planner::MethodChoice::all() {
        assert!(
            judge.contains(&format!("`{}`", method.name())),
            "the --method list lacks {}",
            method.name()
        );
    }
}

/// Issue 101: the README's `cargo install --path .` built the release
/// binary a second time, in a folder of its own. Given the project's
/// `target`, it installs the build the set-up's first command made.
#[test]
fn the_readme_installs_the_release_build_already_made() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let flat = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    let installs: Vec<&str> = flat.matches("cargo install --path .").collect();
    assert!(!installs.is_empty(), "the README says how to install");
    assert_eq!(
        flat.matches("cargo install --path . --target-dir target")
            .count(),
        installs.len(),
        "every install in the README reuses target/"
    );
}
