//! `layout-opt`: MLIR's `MlirOptMain` with the `layout` dialect registered next to every
//! upstream dialect and pass. Flags, diagnostics and exit codes are mlir-opt's.

use std::ffi::{c_char, c_int, CString};

// Keep the dialect crate (and its C++ archive, which the entry point references) linked.
pub use layout_dialect;
// The Rust lowering passes, registered with MLIR's pass registry before MlirOptMain runs.
pub use layout_lowering;
// The NVGPU ops and `--layout-lower-to-nvvm` / `--lower-to-nvvm` (registered the same way).
pub use layout_lowering_nvvm;
// The proof passes (`--layout-prove-descriptors`), registered the same way.
pub use layout_passes;

extern "C" {
    fn layout_opt_main(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

/// Run the driver with `args` (including the program name); returns the process exit code.
pub fn run<I: IntoIterator<Item = String>>(args: I) -> i32 {
    let args: Vec<CString> = args
        .into_iter()
        .map(|a| CString::new(a).unwrap_or_else(|_| CString::new("<argument with NUL>").unwrap()))
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    layout_lowering::register_passes();
    layout_lowering_nvvm::register_passes();
    layout_passes::register_passes();
    unsafe { layout_opt_main(args.len() as c_int, argv.as_mut_ptr()) }
}
