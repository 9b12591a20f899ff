//! Compiles the C++ entry point that calls MLIR's own `MlirOptMain`.

use std::env;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    let include =
        env::var("DEP_LAYOUT_DIALECT_CPP_INCLUDE").expect("layout-dialect exports its include dir");
    let gen_include = env::var("DEP_LAYOUT_DIALECT_CPP_GEN_INCLUDE")
        .expect("layout-dialect exports its generated headers");
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file(manifest.join("cpp/layout_opt_main.cpp"))
        .include(prefix.join("include"))
        .include(include)
        .include(gen_include)
        .include(manifest.join("cpp"))
        // As the system LLVM/MLIR is built (`llvm-config --assertion-mode`: OFF): the
        // header code compiled here (casts, attribute getters, DenseMap) skips the
        // assertion checks the libraries skip.
        .define("NDEBUG", None)
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .warnings(false)
        .compile("layout_opt_main");
    println!("cargo:rerun-if-changed={}", manifest.join("cpp").display());
    println!("cargo:rerun-if-changed=build.rs");
}
