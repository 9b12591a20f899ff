//! Runs the lit suite of tests/lit with the layout-opt built by cargo; fails when lit fails.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn lit_suite() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_layout-opt"));
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/lit");
    let llvm_bin = std::env::var("LLVM_BIN_DIR").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into());
    let lit = PathBuf::from(&llvm_bin).join("lit");
    assert!(lit.exists(), "{} not found (install llvm-22-tools)", lit.display());
    let out = Command::new(&lit)
        .arg("-v")
        .arg(&root)
        .env("LAYOUT_OPT_DIR", exe.parent().unwrap())
        .env("LLVM_BIN_DIR", &llvm_bin)
        .output()
        .expect("runs lit");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    println!("{stdout}");
    eprintln!("{stderr}");
    assert!(out.status.success(), "lit failed");
    // Guard against an empty or misconfigured suite passing vacuously.
    assert!(stdout.contains("Passed"), "lit ran no test");
}
