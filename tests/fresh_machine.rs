//! A fresh machine with only Rust: the README's two commands, and tests
//! that need other programs skip (or, under `CI=true`, fail) when those
//! are missing.

use std::process::Command;

/// The `## Set up and run` section of the README.
fn setup_section() -> String {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme.find("## Set up and run").expect("a set-up section");
    let rest = &readme[start + 2..];
    rest[..rest.find("\n## ").unwrap_or(rest.len())].to_string()
}

/// The commands of a section: its indented code lines.
fn commands(section: &str) -> Vec<String> {
    section
        .lines()
        .filter_map(|line| line.strip_prefix("    "))
        .map(|line| line.trim().to_string())
        .filter(|line| !line.is_empty())
        .collect()
}

#[test]
fn the_readme_sets_up_with_two_commands_the_second_being_cis_last() {
    let section = setup_section();
    let commands = commands(&section);
    assert_eq!(commands.len(), 2, "{commands:?}");
    assert!(
        commands[0].starts_with("cargo run --release -- samples/"),
        "{commands:?}"
    );
    let ci = std::fs::read_to_string(".ci/run").unwrap();
    let last = ci.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
    assert_eq!(
        last.trim(),
        commands[1],
        ".ci/run ends with the test command"
    );
    assert!(ci.contains("export CI=true"), ".ci/run runs every test");
    // Every program a test may skip is listed, with its package.
    let flat = section.split_whitespace().collect::<Vec<_>>().join(" ");
    for named in [
        "`g++`",
        "`javac`",
        "`java`",
        "rustc` 1.63",
        "GNU `parallel`",
        "`sbatch`",
        "slurm-wlm munge",
        "skipped",
        "openjdk-17-jdk-headless",
        "`chromium`",
    ] {
        assert!(flat.contains(named), "the set-up lacks {named}: {flat}");
    }
}

/// Runs one test of this crate again, in a child with `PATH` leading
/// nowhere (so no g++, javac, parallel or sbatch) and Debian's rustc 1.63
/// looked for nowhere either, `CI` as given.
fn rerun_without_tools(test: &str, ci: Option<&str>) -> (bool, String) {
    rerun_with_rustc_1_63(test, ci, "/nonexistent/rustc")
}

/// [`rerun_without_tools`], Debian's rustc 1.63 looked for at `rustc`
/// (`NQUEENS_TEST_RUSTC_1_63`, by default `/usr/bin/rustc`).
fn rerun_with_rustc_1_63(test: &str, ci: Option<&str>, rustc: &str) -> (bool, String) {
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([test, "--exact", "--test-threads", "1"])
        .env("PATH", "/nonexistent")
        .env("NQUEENS_TEST_RUSTC_1_63", rustc)
        .env_remove("CI");
    if let Some(ci) = ci {
        command.env("CI", ci);
    }
    let output = command.output().expect("the test binary runs again");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains("1 passed") || text.contains("1 failed"),
        "{text}"
    );
    (output.status.success(), text)
}

#[test]
fn a_missing_tool_skips_its_test_and_names_the_package_but_fails_under_ci() {
    for (test, package) in [
        (
            "resume::recipes::the_guides_gnu_parallel_recipe_survives_a_killed_shard",
            "parallel",
        ),
        (
            "resume::recipes::the_guides_slurm_recipe_survives_a_killed_and_a_requeued_task",
            "slurm-wlm",
        ),
        (
            "stress::stress_shrinks_a_wrong_solution_to_one_blocked_cell",
            "g++",
        ),
        (
            "bundle::cpp_java::java_uva11195_agrees_with_the_engine",
            "openjdk-17-jdk-headless",
        ),
        ("svg::svg_pictures_render_in_a_headless_browser", "chromium"),
        // An absolute path: it was missing once and no line said so.
        (
            "bundle::rust::rust_bundles_build_on_debians_rustc_1_63",
            "rustc",
        ),
    ] {
        let (passed, text) = rerun_without_tools(test, None);
        assert!(passed, "{text}");
        assert!(text.contains("skipped"), "{text}");
        assert!(
            text.contains(&format!("Debian/Ubuntu package: {package}")),
            "{text}"
        );
        let (passed, text) = rerun_without_tools(test, Some("true"));
        assert!(!passed, "{text}");
        assert!(text.contains("CI=true"), "{text}");
    }
}

/// A `/usr/bin/rustc` that is not Debian's 1.63 (another Debian's, or a
/// link to rustup's) builds nothing that shows the bundles build on 1.63:
/// the test says which version it found and skips, or fails under `CI=true`.
#[test]
fn a_rustc_that_is_not_1_63_skips_the_1_63_test_but_fails_under_ci() {
    let test = "bundle::rust::rust_bundles_build_on_debians_rustc_1_63";
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("fake-rustc");
    std::fs::create_dir_all(&dir).unwrap();
    let rustc = dir.join("rustc");
    // Written whole, then renamed: never run half-written.
    let partial = dir.join("rustc.partial");
    std::fs::write(&partial, "#!/bin/sh\necho 'rustc 1.85.0 (Debian)'\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&partial, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::rename(&partial, &rustc).unwrap();
    let rustc = rustc.to_str().unwrap();
    let (passed, text) = rerun_with_rustc_1_63(test, None, rustc);
    assert!(passed, "{text}");
    assert!(text.contains("skipped"), "{text}");
    assert!(
        text.contains("is `rustc 1.85.0 (Debian)`, not Debian's rustc 1.63"),
        "{text}"
    );
    let (passed, text) = rerun_with_rustc_1_63(test, Some("true"), rustc);
    assert!(!passed, "{text}");
    assert!(text.contains("CI=true"), "{text}");
}

/// Logs of local runs stay out of the repository (two were committed
/// once by accident): git ignores them at the root.
#[test]
fn logs_at_the_root_are_ignored() {
    let ignore = std::fs::read_to_string(".gitignore").unwrap();
    assert!(ignore.lines().any(|l| l == "/*.log"), "{ignore}");
}

/// The tests' sources, `tests/**/*.rs`, with their paths.
fn test_sources(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            test_sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path.display().to_string(), text));
        }
    }
}

/// A fresh clone has nothing beside the checkout: no test reads a path
/// above the repository (issue 38: `tests/counter.rs` read a shared copy
/// of `oeis.md` from beside the checkout, and was skipped on every fresh
/// clone; the counts are in `tests/data/oeis.md`), and scratch
/// files go under cargo's target directory, not the system's temporary
/// one (the Slurm test excepted: its daemons' socket paths must be short).
#[test]
fn no_test_reads_outside_the_repository() {
    let mut sources = Vec::new();
    test_sources(std::path::Path::new("tests"), &mut sources);
    assert!(sources.len() > 20, "{} test files", sources.len());
    let up = ["../", "shared"].concat();
    let above = ["\"/", "..", "/"].concat();
    let temp = ["temp_", "dir()"].concat();
    for (path, text) in &sources {
        assert!(!text.contains(&up), "{path} reads {up}");
        assert!(
            !text.contains(&above),
            "{path} reads a path above the repository"
        );
        if !path.ends_with("one_node_slurm.rs") {
            assert!(
                !text.contains(&temp),
                "{path} uses the system's temporary directory"
            );
        }
    }
}
