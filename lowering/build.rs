//! Compiles the C++ of the pass `layout-lower-to-index` (MLIR's dialect conversion, whose
//! patterns call the Rust lowering), its registration with the pipeline `lower-to-index` in
//! MLIR's global pass registry (there is no C API for that), and the typed builders of the
//! arith ops the lowering emits (the C API builds ops by name only).

use std::env;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let prefix = PathBuf::from(
        env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into()),
    );
    // The layout dialect's headers (its op classes), exported by layout-dialect's build.
    let include = PathBuf::from(
        env::var("DEP_LAYOUT_DIALECT_CPP_INCLUDE").expect("layout-dialect exports its include dir"),
    );
    let gen_include = PathBuf::from(
        env::var("DEP_LAYOUT_DIALECT_CPP_GEN_INCLUDE")
            .expect("layout-dialect exports its generated headers"),
    );
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file(manifest.join("cpp/LowerToIndex.cpp"))
        .file(manifest.join("cpp/LowerToIndexRegistration.cpp"))
        .file(manifest.join("cpp/IndexOpBuilders.cpp"))
        .include(prefix.join("include"))
        .include(&include)
        .include(&gen_include)
        // As the system LLVM/MLIR is built (`llvm-config --assertion-mode`: OFF): the
        // header code compiled here (casts, attribute getters, DenseMap) skips the
        // assertion checks the libraries skip.
        .define("NDEBUG", None)
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag_if_supported("-Wno-unused-parameter")
        .warnings(false)
        .compile("layout_lowering_cpp");
    println!("cargo:rerun-if-changed={}", manifest.join("cpp").display());
    println!("cargo:rerun-if-changed=build.rs");
}
