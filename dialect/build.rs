//! Runs mlir-tblgen on the ODS files in td/ and compiles the C++ hooks in cpp/ against MLIR 22.
//! The MLIR libraries themselves are linked by mlir-sys (statically).

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn llvm_prefix() -> PathBuf {
    PathBuf::from(env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()))
}

fn tblgen(prefix: &Path, td: &Path, gen: &str, extra: &[&str], out: &Path) {
    let exe = {
        let p = prefix.join("bin/mlir-tblgen");
        if p.exists() {
            p
        } else {
            PathBuf::from("mlir-tblgen-22")
        }
    };
    let status = Command::new(&exe)
        .arg(format!("-gen-{gen}"))
        .args(extra)
        .arg("-I")
        .arg(prefix.join("include"))
        .arg("-I")
        .arg(td.parent().unwrap())
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
    let prefix = llvm_prefix();
    let td = manifest.join("td");

    let ops = td.join("LayoutOps.td");
    let attrs = td.join("LayoutAttrs.td");
    let types = td.join("LayoutTypes.td");
    tblgen(
        &prefix,
        &ops,
        "dialect-decls",
        &["-dialect=layout"],
        &out.join("LayoutDialect.h.inc"),
    );
    tblgen(
        &prefix,
        &ops,
        "dialect-defs",
        &["-dialect=layout"],
        &out.join("LayoutDialect.cpp.inc"),
    );
    tblgen(&prefix, &ops, "op-decls", &[], &out.join("LayoutOps.h.inc"));
    tblgen(
        &prefix,
        &ops,
        "op-defs",
        &[],
        &out.join("LayoutOps.cpp.inc"),
    );
    tblgen(
        &prefix,
        &attrs,
        "attrdef-decls",
        &["-attrdefs-dialect=layout"],
        &out.join("LayoutAttrs.h.inc"),
    );
    tblgen(
        &prefix,
        &attrs,
        "attrdef-defs",
        &["-attrdefs-dialect=layout"],
        &out.join("LayoutAttrs.cpp.inc"),
    );
    let enums = td.join("LayoutEnums.td");
    tblgen(
        &prefix,
        &enums,
        "enum-decls",
        &[],
        &out.join("LayoutEnums.h.inc"),
    );
    tblgen(
        &prefix,
        &enums,
        "enum-defs",
        &[],
        &out.join("LayoutEnums.cpp.inc"),
    );
    tblgen(
        &prefix,
        &types,
        "typedef-decls",
        &["-typedefs-dialect=layout"],
        &out.join("LayoutTypes.h.inc"),
    );
    tblgen(
        &prefix,
        &types,
        "typedef-defs",
        &["-typedefs-dialect=layout"],
        &out.join("LayoutTypes.cpp.inc"),
    );

    let sources = [
        "cpp/LayoutDialect.cpp",
        "cpp/LayoutOps.cpp",
        "cpp/LayoutCanonicalize.cpp",
        "cpp/CAPI.cpp",
    ];
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .files(sources.iter().map(|s| manifest.join(s)))
        .include(prefix.join("include"))
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
        .compile("layout_dialect_cpp");

    for dir in ["td", "cpp", "include"] {
        println!("cargo:rerun-if-changed={}", manifest.join(dir).display());
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:include={}", manifest.join("include").display());
    println!("cargo:gen_include={}", out.display());
    // The ODS of the dialect, for crates that extend it (layout-lowering-nvvm includes it).
    println!("cargo:td={}", td.display());
}
