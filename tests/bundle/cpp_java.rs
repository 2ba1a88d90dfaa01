//! The C++ and Java bundles agree with the engine on the samples and under
//! `nqueens stress`, and their USACO variants read and write the task's
//! files. Each test is skipped where its compiler is missing (not under
//! CI).

use std::path::Path;
use std::process::Command;

use super::build::{compile, cpp, have_gpp, have_jdk, java, write_bundle};
use super::check::{agrees_on_the_samples, stress};
use crate::util;

#[test]
fn cpp_uva11195_agrees_with_the_engine() {
    for std in ["c++11", "c++17"] {
        let Some(command) = cpp("uva11195", std) else {
            return;
        };
        agrees_on_the_samples(&command);
        stress(&command, "uva11195", "1..=11", 60, 13);
    }
    // Near-blank boards up to 15 take the solution index.
    let command = cpp("uva11195", "c++11").unwrap();
    stress(&command, "uva11195", "12..=15", 2, 17);
}

#[test]
fn java_uva11195_agrees_with_the_engine() {
    let Some(command) = java("uva11195") else {
        return;
    };
    agrees_on_the_samples(&command);
    stress(&command, "uva11195", "1..=11", 40, 19);
    stress(&command, "uva11195", "12..=15", 2, 23);
}

#[test]
fn cpp_and_java_checkers_agree_with_the_engine() {
    if let Some(cpp) = cpp("checker", "c++11") {
        stress(&cpp, "checker", "1..=13", 40, 29);
    }
    if let Some(java) = java("checker") {
        stress(&java, "checker", "1..=13", 20, 31);
    }
}

#[test]
fn usaco_variants_read_and_write_the_task_files() {
    let want = util::run(&["checker", "8"], b"").stdout;
    for (lang, file) in [("cpp", "checker.cpp"), ("java", "checker.java")] {
        let installed = match lang {
            "cpp" => have_gpp(),
            _ => have_jdk(),
        };
        if !installed {
            continue;
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("usaco-{lang}"));
        let source = write_bundle("checker", &["--lang", lang, "--usaco"], &dir, file);
        let text = std::fs::read_to_string(&source).unwrap();
        assert!(text.starts_with("/*\nID: your_id_here\nLANG: "), "{lang}");
        assert!(text.contains("TASK: checker\n*/\n"), "{lang}");
        let dir_str = dir.to_str().unwrap();
        let run: Vec<String> = if lang == "cpp" {
            let binary = dir.join("checker");
            compile(
                "g++",
                &[
                    "-std=c++11",
                    "-O2",
                    "-o",
                    binary.to_str().unwrap(),
                    source.to_str().unwrap(),
                ],
            );
            vec![binary.to_string_lossy().into_owned()]
        } else {
            compile(
                "javac",
                &["--release", "8", "-d", dir_str, source.to_str().unwrap()],
            );
            ["java", "-cp", dir_str, "checker"]
                .map(String::from)
                .to_vec()
        };
        std::fs::write(dir.join("checker.in"), "8\n").unwrap();
        let _ = std::fs::remove_file(dir.join("checker.out"));
        let status = Command::new(&run[0])
            .args(&run[1..])
            .current_dir(&dir)
            .status()
            .unwrap();
        assert!(status.success(), "{lang}");
        assert_eq!(
            std::fs::read_to_string(dir.join("checker.out")).unwrap(),
            want,
            "{lang}"
        );
    }
}
