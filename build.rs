//! Build-time choices the compiler decides, std only. AVX-512 target
//! features (`#[target_feature(enable = "avx512vpopcntdq")]`) are stable
//! from Rust 1.89; the crate keeps building on 1.70, so the join's AVX-512
//! kernel is compiled only where the compiler has them (`nqueens_avx512`).

use std::env;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let minor = rustc_minor().unwrap_or(0);
    if minor >= 80 {
        println!("cargo:rustc-check-cfg=cfg(nqueens_avx512)");
    }
    if minor >= 89 {
        println!("cargo:rustc-cfg=nqueens_avx512");
    }
}

/// The minor version of the compiler cargo runs (`1.MINOR.x`).
fn rustc_minor() -> Option<u32> {
    let rustc = env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let out = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    let mut parts = version.split('.');
    if parts.next()? != "1" {
        return None;
    }
    parts.next()?.parse().ok()
}
