//! Runs the lit suite of tests/lit twice and fails when lit fails:
//! 1. with the layout-opt built by cargo;
//! 2. with Debian's mlir-opt-22 loading the plugin built from cmake/ (cmake + ninja; the build
//!    directory is target/layout-plugin). Set LAYOUT_SKIP_PLUGIN=1 to skip this run, or
//!    LAYOUT_PLUGIN=<path> to use a plugin built elsewhere.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn llvm_bin() -> PathBuf {
    PathBuf::from(std::env::var("LLVM_BIN_DIR").unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into()))
}

/// Run lit on tests/lit with `envs` and `params`; true when every test passed.
fn lit(name: &str, envs: &[(&str, &Path)], params: &[&str]) -> bool {
    let lit = llvm_bin().join("lit");
    assert!(
        lit.exists(),
        "{} not found (install llvm-22-tools)",
        lit.display()
    );
    let mut cmd = Command::new(&lit);
    cmd.arg("-v").arg(root().join("tests/lit"));
    for p in params {
        cmd.arg("--param").arg(p);
    }
    cmd.env("LLVM_BIN_DIR", llvm_bin())
        .env("LIT_EXEC_ROOT", root().join("target/lit").join(name));
    for (k, v) in envs {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("runs lit");
    let stdout = String::from_utf8_lossy(&out.stdout);
    println!("--- lit ({name}) ---\n{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&out.stderr));
    // Guard against an empty or misconfigured suite passing vacuously.
    out.status.success() && stdout.contains("Passed")
}

/// Configure and build the mlir-opt plugin with CMake; its path.
fn build_plugin() -> PathBuf {
    if let Ok(p) = std::env::var("LAYOUT_PLUGIN") {
        return PathBuf::from(p);
    }
    let build = root().join("target/layout-plugin");
    let run = |args: &[&str]| {
        let st = Command::new("cmake")
            .args(args)
            .current_dir(root())
            .status()
            .expect("cmake runs (install cmake and ninja-build, or set LAYOUT_SKIP_PLUGIN=1)");
        assert!(st.success(), "cmake {args:?} failed");
    };
    if !build.join("build.ninja").exists() {
        run(&["-S", "cmake", "-B", build.to_str().unwrap(), "-G", "Ninja"]);
    }
    run(&["--build", build.to_str().unwrap()]);
    build.join("liblayout_plugin.so")
}

#[test]
fn lit_suite() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_layout-opt"));
    let opt_ok = lit(
        "layout-opt",
        &[("LAYOUT_OPT_DIR", exe.parent().unwrap())],
        &[],
    );

    let plugin_ok = if std::env::var("LAYOUT_SKIP_PLUGIN").is_ok_and(|v| v == "1") {
        eprintln!("LAYOUT_SKIP_PLUGIN=1: the mlir-opt-22 plugin run is skipped");
        true
    } else {
        let plugin = build_plugin();
        assert!(plugin.exists(), "{} was not built", plugin.display());
        lit("plugin", &[("LAYOUT_PLUGIN", &plugin)], &["driver=plugin"])
    };
    assert!(opt_ok, "lit failed with layout-opt");
    assert!(plugin_ok, "lit failed with mlir-opt-22 and the plugin");
}

/// `layout-opt --lower-to-nvvm="ptx=-"` without `-o`: stdout holds the PTX alone (the output
/// IR is not printed after it), the same PTX as `ptx=<file>` writes. (A layout-opt rule: under
/// mlir-opt-22 with the plugin, `-o` names where the IR goes, as the lit test does.)
#[test]
fn ptx_dash_writes_the_ptx_alone_to_stdout() {
    let exe = env!("CARGO_BIN_EXE_layout-opt");
    let input = root().join("tests/lit/nvvm/ptx.mlir");
    let file = std::env::temp_dir().join(format!("layout-opt-ptx-{}.ptx", std::process::id()));
    let out = Command::new(exe)
        .arg(&input)
        .arg("--lower-to-nvvm=ptx=-")
        .output()
        .expect("runs layout-opt");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains(".target sm_90a"), "{stdout}");
    assert!(
        !stdout.contains("gpu.binary") && !stdout.contains("module"),
        "{stdout}"
    );
    let st = Command::new(exe)
        .arg(&input)
        .arg(format!("--lower-to-nvvm=ptx={}", file.display()))
        .arg("-o")
        .arg("/dev/null")
        .status()
        .expect("runs layout-opt");
    assert!(st.success());
    let written = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_file(&file);
    assert_eq!(stdout, written);
}
