//! Python submission benchmark (issue #26): the one-file Python solution of
//! UVa 11195 (`src/tools/bundle/python/uva11195.py`) against a plain Python
//! bitmask DFS (`benches/baseline/plain.py`), one run each, same interpreter,
//! same input; beside them the C++ bundle and the plain C-style DFS
//! (`benches/baseline/plain.cpp`, `g++ -std=c++11 -O2`).
//!
//! `cargo bench --bench python` (or `-- PYTHON` for another interpreter than
//! `python3`; the interpreter it resolves to is run directly). Inputs: the submit bench's judge mix (every class, and their
//! sum) and single blank boards of n = 13, 14 and 15. Every output is checked
//! against `nqueens`'s judge mode, byte for byte. Columns: CPU seconds (user +
//! sys of the child) of plain Python, ours, the C++ bundle and plain C; then
//! plain Python / ours (the speed-up), ours / C++ and ours / plain C (how far
//! CPython stays behind). The plain Python runs take minutes in all.
//!
//! `PYTHON_BUNDLE=FILE` times that Python file instead of the bundle (an
//! older one, for a before and after).
//!
//! A missing `g++` or interpreter is reported, and the bench exits with
//! status 2.

#[path = "submit/common.rs"]
mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{blank, build, check_tools, classes, fail, run, NQUEENS, ROOT, TMP};

fn main() {
    let python = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "python3".to_string());
    check_tools(&[
        ("g++", "--version", "g++"),
        (&python, "--version", "python3"),
    ]);
    // The interpreter itself, not a wrapper such as pyenv's shim (a shell
    // script whose start-up would be charged to every run).
    let python = Command::new(&python)
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|p| !p.is_empty())
        .unwrap_or(python);
    let dir = PathBuf::from(TMP).join("python-bench");
    fs::create_dir_all(&dir).expect("create bench dir");
    let bundle = Path::new(ROOT).join("src/tools/bundle");
    let baseline = Path::new(ROOT).join("benches/baseline");
    let path = |p: PathBuf| p.to_str().expect("UTF-8 path").to_string();
    let out = |name: &str| path(dir.join(name));
    for (binary, source) in [
        ("plain", baseline.join("plain.cpp")),
        ("ours", bundle.join("cpp/uva11195.cpp")),
    ] {
        build(
            "g++",
            &["-std=c++11", "-O2", "-o", &out(binary), &path(source)],
        );
    }
    let programs: [Vec<String>; 4] = [
        vec![python.clone(), path(baseline.join("plain.py"))],
        vec![
            python.clone(),
            std::env::var("PYTHON_BUNDLE")
                .unwrap_or_else(|_| path(bundle.join("python/uva11195.py"))),
        ],
        vec![out("ours")],
        vec![out("plain")],
    ];

    let version = Command::new(&python)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("{version}; one run each; CPU = user+sys seconds of the child");
    println!(
        "{:<30} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "class", "plain py", "ours py", "C++", "plain C", "py x", "/C++", "/plain C"
    );
    let mut inputs: Vec<(String, Vec<u8>)> = classes()
        .into_iter()
        .map(|(name, data)| (name.to_string(), data))
        .collect();
    let mix = inputs.len();
    for n in [13, 14, 15] {
        inputs.push((format!("blank n={n}"), blank(n)));
    }
    let input = dir.join("input.txt");
    let mut mix_total = [0.0f64; 4];
    for (k, (name, data)) in inputs.iter().enumerate() {
        fs::write(&input, data).expect("write input");
        let expected = Command::new(NQUEENS)
            .arg(&input)
            .output()
            .expect("run nqueens");
        assert!(expected.status.success(), "nqueens failed on {name}");
        let mut cpu = [0.0f64; 4];
        for (i, cmd) in programs.iter().enumerate() {
            let r = run(cmd, &input);
            if r.out != expected.stdout {
                fail(&format!("WRONG OUTPUT: {} on {name}", cmd.join(" ")));
            }
            cpu[i] = r.cpu.max(1e-3);
        }
        print_row(name, &cpu);
        if k < mix {
            for i in 0..4 {
                mix_total[i] += cpu[i];
            }
        }
        if k + 1 == mix {
            print_row("judge mix: all classes above", &mix_total);
        }
    }
    println!("all outputs identical to nqueens (judge mode)");
}

fn print_row(name: &str, cpu: &[f64; 4]) {
    let [plain, ours, cpp, c] = *cpu;
    println!(
        "{name:<30} {plain:>9.3} {ours:>8.3} {cpp:>8.3} {c:>8.3} {:>7.1}x {:>7.1}x {:>7.1}x",
        plain / ours,
        ours / cpp,
        ours / c
    );
}
