//! `layout-opt`: the command line (the work is in the library, `src/lib.rs`).
//!
//! Memory allocator: mimalloc, and not only for Rust. The crate's `override` feature defines
//! `malloc`, `free`, `realloc`, `posix_memalign` ... in this executable, so the C++ of MLIR
//! (operator new, the storage uniquer, every op and block) allocates from it as well: glibc
//! resolves those names to the executable's definitions first, which is how glibc documents
//! replacing its malloc. MLIR allocates and frees millions of small objects from several
//! threads (the parallel parse, rewrite and print of layout-opt's driver); with mimalloc the
//! fold benchmark of 100k compositions takes about a quarter less CPU time than with glibc's
//! malloc at the same peak memory, and `--lower-to-index` of 1M crd2idx ops about an eighth
//! less wall time (docs/dialect.md, docs/lowering.md: the figures of the benchmarks). Version
//! 2 of mimalloc (feature `v2`) keeps the peak resident memory of those runs at or below
//! glibc's; version 3 held about a fifth more on the fold benchmark.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::os::unix::ffi::OsStringExt;

fn main() {
    let args = std::env::args_os().map(|a| String::from_utf8_lossy(&a.into_vec()).into_owned());
    std::process::exit(layout_opt::run(args));
}
