//! `layout-opt`: the command line (the work is in the library, `src/lib.rs`).
//!
//! Memory allocator: mimalloc, and not only for Rust. The crate's `override` feature defines
//! `malloc`, `free`, `realloc`, `posix_memalign` ... in this executable, so the C++ of MLIR
//! (operator new, the storage uniquer, every op and block) allocates from it as well: glibc
//! resolves those names to the executable's definitions first, which is how glibc documents
//! replacing its malloc. MLIR allocates and frees millions of small objects (ops, attributes,
//! types, blocks), from several threads when the pass manager runs functions in parallel;
//! mimalloc serves those faster than glibc's malloc (`make bench` measures layout-opt beside
//! stock mlir-opt-22 with the plugin, which uses glibc's). Version 2 of mimalloc (feature `v2`)
//! is chosen because version 3 held more memory at peak on the fold benchmark.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::os::unix::ffi::OsStringExt;

fn main() {
    let args = std::env::args_os().map(|a| String::from_utf8_lossy(&a.into_vec()).into_owned());
    std::process::exit(layout_opt::run(args));
}
