//! Runs the lit suite of tests/lit twice and fails when lit fails:
//! 1. with the layout-opt built by cargo;
//! 2. with Debian's mlir-opt-22 loading the plugin built from cmake/ (cmake + ninja; the build
//!    directory is target/layout-plugin-test, its Rust archive in cargo's dev profile: the
//!    release plugin of target/layout-plugin is for users and `make bench`). Set
//!    LAYOUT_SKIP_PLUGIN=1 to skip this run, or LAYOUT_PLUGIN=<path> to use a plugin built
//!    elsewhere. This run leaves out what cannot differ between the drivers and costs the most:
//!    the emulator runs of the example kernels (`UNSUPPORTED: plugin-driver`);
//!    tests/lit/driver/plugin_same_ptx.mlir checks instead that both drivers emit the same PTX
//!    and host functions, byte for byte.
//!
//! The same CMake build makes liblayout-c.so; it is installed into target/layout-c and the C and
//! C++ embedding examples (examples/embed) are built against the installed package
//! (pkg-config, CMake config) into target/embed, whose programs tests/lit/embed and
//! tests/lit/nvvm/embed_ptx.mlir run in both lit runs (LAYOUT_EMBED_DIR). The installed
//! library is checked to hold no copy of MLIR or LLVM ([`check_one_copy_of_mlir`]).
//!
//! The crate's other tests live here too, to keep one test binary.

use std::collections::HashSet;
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
    cmd.arg("-v")
        .arg("--time-tests")
        .arg(root().join("tests/lit"));
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

fn cmake(args: &[&str]) {
    let st = Command::new("cmake")
        .args(args)
        .current_dir(root())
        .status()
        .expect("cmake runs (install cmake and ninja-build, or set LAYOUT_SKIP_PLUGIN=1)");
    assert!(st.success(), "cmake {args:?} failed");
}

/// Configure (once) and build the CMake project `source` in `build`.
fn cmake_build(source: &Path, build: &Path, extra: &[&str]) {
    if !build.join("build.ninja").exists() {
        let mut args = vec![
            "-S",
            source.to_str().unwrap(),
            "-B",
            build.to_str().unwrap(),
            "-G",
            "Ninja",
        ];
        args.extend_from_slice(extra);
        cmake(&args);
    }
    cmake(&["--build", build.to_str().unwrap()]);
}

/// Build liblayout-c.so and the mlir-opt plugin with CMake, install them into target/layout-c
/// and build the embedding examples against that install; the plugin's path and the directory
/// of the example programs (None when the plugin comes from LAYOUT_PLUGIN).
fn build_native() -> (PathBuf, Option<PathBuf>) {
    if let Ok(p) = std::env::var("LAYOUT_PLUGIN") {
        let embed = std::env::var("LAYOUT_EMBED_DIR").ok().map(PathBuf::from);
        return (PathBuf::from(p), embed);
    }
    let build = root().join("target/layout-plugin-test");
    cmake_build(
        &root().join("cmake"),
        &build,
        &["-DLAYOUT_CARGO_PROFILE=dev"],
    );
    let prefix = root().join("target/layout-c");
    cmake(&[
        "--install",
        build.to_str().unwrap(),
        "--prefix",
        prefix.to_str().unwrap(),
    ]);
    check_one_copy_of_mlir(&prefix.join("lib/liblayout-c.so"));
    let embed = root().join("target/embed");
    let prefix_arg = format!("-DCMAKE_PREFIX_PATH={}", prefix.display());
    cmake_build(&root().join("examples/embed"), &embed, &[&prefix_arg]);
    (build.join("liblayout_plugin.so"), Some(embed))
}

/// The dynamic symbols `lib` defines (`nm -D --defined-only`); with `strong`, only those that
/// are not weak or unique (template instances shared by definition are weak).
fn defined_symbols(lib: &Path, strong: bool) -> HashSet<String> {
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(lib)
        .output()
        .expect("nm runs (binutils)");
    assert!(out.status.success(), "nm {} failed", lib.display());
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let mut f = line.split_whitespace();
            let (_addr, kind, name) = (f.next()?, f.next()?, f.next()?);
            let weak = matches!(kind, "W" | "V" | "u" | "w" | "v");
            (!strong || !weak).then(|| name.to_string())
        })
        .collect()
}

/// liblayout-c.so links Debian's shared libMLIR.so / libLLVM.so and carries no code of them:
/// no strong symbol is defined both in it and in either library (two copies of MLIR's statics,
/// TypeIDs among them, break dialect registration). It defines our C API and the upstream C
/// API (which libMLIR.so does not export).
fn check_one_copy_of_mlir(lib: &Path) {
    let ours = defined_symbols(lib, true);
    let llvm_lib = PathBuf::from(
        std::env::var("LLVM_LIB_DIR").unwrap_or_else(|_| "/usr/lib/llvm-22/lib".into()),
    );
    for shared in ["libMLIR.so", "libLLVM.so"] {
        let theirs = defined_symbols(&llvm_lib.join(shared), false);
        let mut both: Vec<&String> = ours.intersection(&theirs).collect();
        both.sort();
        assert!(
            both.is_empty(),
            "{} defines {} symbols that {shared} defines too, e.g. {:?}",
            lib.display(),
            both.len(),
            &both[..both.len().min(5)]
        );
    }
    for sym in [
        "mlirGetDialectHandle__layout__",
        "mlirLayoutRegisterDialects",
        "mlirLayoutRegisterAllPasses",
        "mlirLayoutCreateLowerToIndexPass",
        "mlirLayoutCreateLowerToNvvmPass",
        "mlirContextCreate",
        "mlirParsePassPipeline",
        "mlirRegisterAllDialects",
    ] {
        assert!(
            ours.contains(sym),
            "{} does not export {sym}",
            lib.display()
        );
    }
}

/// Run `f` and note how long it took in target/test-phases.txt (the phase list of `make test`,
/// scripts/phase.sh) and on stderr.
fn timed<T>(what: &str, f: impl FnOnce() -> T) -> T {
    use std::io::Write;
    let start = std::time::Instant::now();
    let out = f();
    let line = format!(
        "make test:   {what}: {} s",
        start.elapsed().as_secs_f64().round()
    );
    eprintln!("{line}");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(root().join("target/test-phases.txt"))
    {
        let _ = writeln!(file, "{line}");
    }
    out
}

#[test]
fn lit_suite() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_layout-opt"));
    let native = if std::env::var("LAYOUT_SKIP_PLUGIN").is_ok_and(|v| v == "1") {
        eprintln!("LAYOUT_SKIP_PLUGIN=1: the mlir-opt-22 plugin run and the embedding examples are skipped");
        None
    } else {
        let (plugin, embed) = timed(
            "lit: plugin, liblayout-c and embedding examples built",
            build_native,
        );
        assert!(plugin.exists(), "{} was not built", plugin.display());
        Some((plugin, embed))
    };
    let embed = native.as_ref().and_then(|(_, e)| e.as_deref());

    let mut envs: Vec<(&str, &Path)> = vec![("LAYOUT_OPT_DIR", exe.parent().unwrap())];
    envs.extend(embed.map(|dir| ("LAYOUT_EMBED_DIR", dir)));
    let opt_ok = timed("lit: suite with layout-opt", || {
        lit("layout-opt", &envs, &[])
    });

    let plugin_ok = match &native {
        None => true,
        Some((plugin, _)) => {
            let mut envs: Vec<(&str, &Path)> = vec![
                ("LAYOUT_PLUGIN", plugin),
                ("LAYOUT_OPT_DIR", exe.parent().unwrap()),
            ];
            envs.extend(embed.map(|dir| ("LAYOUT_EMBED_DIR", dir)));
            timed("lit: suite with mlir-opt-22 + plugin", || {
                lit("plugin", &envs, &["driver=plugin"])
            })
        }
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
