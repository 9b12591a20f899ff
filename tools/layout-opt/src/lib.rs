//! `layout-opt`: MLIR's `MlirOptMain` with the `layout` dialect registered next to every
//! upstream dialect and pass. Flags, diagnostics, exit codes and output are mlir-opt's: the
//! entry point (`cpp/layout_opt_main.cpp`) registers our dialects and passes and calls
//! `MlirOptMain`.

use std::ffi::{c_char, c_int, CString};

// Keep the dialect crate (and its C++ archive, which the entry point references) linked.
pub use layout_dialect;
// The Rust lowering passes, registered with MLIR's pass registry before MlirOptMain runs.
pub use layout_lowering;
// The NVGPU ops and `--layout-lower-to-nvvm` / `--lower-to-nvvm` (registered the same way).
pub use layout_lowering_nvvm;
// The proof passes (`--layout-prove-descriptors`, `--layout-prove-lowering`), registered the same way.
pub use layout_passes;

extern "C" {
    fn layout_opt_main(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

/// Whether the arguments ask for the PTX on stdout (`--lower-to-nvvm="ptx=-"`, also inside
/// `--pass-pipeline=...`) without naming an output file for the module (`-o`).
fn ptx_to_stdout_only(args: &[String]) -> bool {
    let ptx_dash = |a: &String| {
        a.contains("lower-to-nvvm")
            && a.split(['{', '=', ' ', ',', '}', '"'])
                .collect::<Vec<_>>()
                .windows(2)
                .any(|w| w[0] == "ptx" && w[1] == "-")
    };
    let names_output = |a: &String| a == "-o" || a.starts_with("-o=") || a.starts_with("--o=");
    args.iter().skip(1).any(ptx_dash) && !args.iter().skip(1).any(names_output)
}

/// Run the driver with `args` (including the program name); returns the process exit code.
/// With `--lower-to-nvvm="ptx=-"` and no `-o`, stdout carries the PTX alone (the lowered
/// module is not printed after it).
pub fn run<I: IntoIterator<Item = String>>(args: I) -> i32 {
    let mut args: Vec<String> = args.into_iter().collect();
    if ptx_to_stdout_only(&args) {
        args.extend(["-o".to_string(), "/dev/null".to_string()]);
    }
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

#[cfg(test)]
mod tests {
    use super::ptx_to_stdout_only;

    fn v(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ptx_dash_without_output_file() {
        assert!(ptx_to_stdout_only(&v(&[
            "layout-opt",
            "k.mlir",
            "--lower-to-nvvm=ptx=-"
        ])));
        assert!(ptx_to_stdout_only(&v(&[
            "layout-opt",
            "--lower-to-nvvm=chip=sm_90a ptx=-",
            "k.mlir"
        ])));
        assert!(ptx_to_stdout_only(&v(&[
            "layout-opt",
            "--pass-pipeline=builtin.module(lower-to-nvvm{ptx=-})",
        ])));
        assert!(!ptx_to_stdout_only(&v(&[
            "layout-opt",
            "--lower-to-nvvm=ptx=-",
            "-o",
            "x"
        ])));
        assert!(!ptx_to_stdout_only(&v(&[
            "layout-opt",
            "--lower-to-nvvm=ptx=k.ptx"
        ])));
        assert!(!ptx_to_stdout_only(&v(&[
            "layout-opt",
            "--lower-to-nvvm=ptx=-x"
        ])));
        assert!(!ptx_to_stdout_only(&v(&["layout-opt", "--lower-to-nvvm"])));
    }
}
