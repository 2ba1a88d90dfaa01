//! The README's examples are the program's real output: every `$ nqueens
//! ...` (or `$ cargo run --release -q -- ...`) line in a code block is run,
//! and what follows it in the block must be what it prints. A block after
//! a `<!-- not checked: WHY -->` line is skipped (its output is not
//! deterministic); a `...` line stands for any number of lines.

use std::path::Path;
use std::process::Command;

/// One example: its README line, the command, the output shown.
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
    // As the README's estimates were made: the reference model's speed
    // (and no cache of the user's read or written).
    let output = crate::util::test_env(&mut Command::new("sh"))
        .args(["-c", &script])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        // As on the 2-core machine the README's estimates were made on.
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

#[test]
fn every_deterministic_readme_example_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let (examples, skipped) = examples(&readme);
    assert!(examples.len() >= 7, "{} examples found", examples.len());
    assert!(skipped >= 4, "{skipped} skipped");
    for example in &examples {
        let mut shown = example.output.clone();
        while shown.last().is_some_and(|l| l.trim().is_empty()) {
            shown.pop();
        }
        let printed = run(&example.command);
        let actual: Vec<&str> = printed.trim_end().lines().collect();
        assert!(
            matches(&shown, &actual),
            "README line {}: $ {}\nREADME shows:\n{}\nthe program prints:\n{}",
            example.line,
            example.command,
            shown.join("\n"),
            printed
        );
    }
}

/// Every option, command and method the program has is in the README.
#[test]
fn the_readme_names_every_option_command_and_method() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    for (_, flag) in nqueens::cli::FLAGS {
        assert!(readme.contains(flag.long), "README lacks {}", flag.long);
    }
    for def in nqueens::cli::table::COMMANDS {
        assert!(
            readme.contains(&format!("    nqueens {}", def.word)),
            "README's usage lacks {}",
            def.word
        );
    }
    let usage = &readme[readme.find("## Use").unwrap()..];
    let usage = &usage[..usage.find("\n\n**").unwrap()];
    let bundle = usage
        .lines()
        .find(|l| l.contains("nqueens bundle"))
        .unwrap();
    for flag in ["--lang", "--usaco", "--keep-comments"] {
        assert!(bundle.contains(flag), "{bundle}");
    }
    let judge = &readme[readme.find("Options for judge mode").unwrap()..];
    let judge = &judge[..judge.find("\n\n").unwrap()];
    for method in nqueens::plan::planner::Method::all() {
        assert!(
            judge.contains(&format!("`{}`", method.name())),
            "the --method list lacks {}",
            method.name()
        );
    }
}
