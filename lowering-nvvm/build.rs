//! Runs mlir-tblgen on td/LayoutNvgpuOps.td (the hardware ops of the `layout` dialect, added to
//! the dialect by a registry extension) and compiles cpp/ (op verifiers calling Rust, the
//! extension, the pass/pipeline registration, the typed NVVM op builders of the lowering)
//! against MLIR 22.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn tblgen(prefix: &Path, td: &Path, incs: &[PathBuf], gen: &str, out: &Path) {
    let exe = {
        let p = prefix.join("bin/mlir-tblgen");
        if p.exists() {
            p
        } else {
            PathBuf::from("mlir-tblgen-22")
        }
    };
    let mut c = Command::new(&exe);
    c.arg(format!("-gen-{gen}"))
        .arg("-I")
        .arg(prefix.join("include"));
    for i in incs {
        c.arg("-I").arg(i);
    }
    let status = c
        .arg(td)
        .arg("-o")
        .arg(out)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
    assert!(
        status.success(),
        "mlir-tblgen -gen-{gen} {} failed",
        td.display()
    );
}

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let include = PathBuf::from(
        env::var("DEP_LAYOUT_DIALECT_CPP_INCLUDE").expect("layout-dialect exports its include dir"),
    );
    let gen_include = PathBuf::from(
        env::var("DEP_LAYOUT_DIALECT_CPP_GEN_INCLUDE")
            .expect("layout-dialect exports its generated headers"),
    );
    let dialect_td = PathBuf::from(
        env::var("DEP_LAYOUT_DIALECT_CPP_TD").expect("layout-dialect exports its ODS dir"),
    );
    let td = manifest.join("td/LayoutNvgpuOps.td");
    let incs = [dialect_td, manifest.join("td")];
    tblgen(
        &prefix,
        &td,
        &incs,
        "op-decls",
        &out.join("LayoutNvgpuOps.h.inc"),
    );
    tblgen(
        &prefix,
        &td,
        &incs,
        "op-defs",
        &out.join("LayoutNvgpuOps.cpp.inc"),
    );
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file(manifest.join("cpp/LayoutNvgpuOps.cpp"))
        .file(manifest.join("cpp/LowerToNvvmRegistration.cpp"))
        .file(manifest.join("cpp/RegisterTensors.cpp"))
        .file(manifest.join("cpp/MemoryTensors.cpp"))
        .file(manifest.join("cpp/HardwareOpLowering.cpp"))
        .file(manifest.join("cpp/NvvmOpBuilders.cpp"))
        .include(prefix.join("include"))
        .include(&include)
        .include(&gen_include)
        .include(manifest.join("include"))
        .include(&out)
        // As the system LLVM/MLIR is built (`llvm-config --assertion-mode`: OFF): the
        // header code compiled here (casts, attribute getters, DenseMap) skips the
        // assertion checks the libraries skip.
        .define("NDEBUG", None)
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-deprecated-declarations")
        .warnings(false)
        .compile("layout_nvvm_cpp");
    for dir in ["td", "cpp", "include"] {
        println!("cargo:rerun-if-changed={}", manifest.join(dir).display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:include={}", manifest.join("include").display());
}
