//! The pass `layout-write-ptx` (only through `--lower-to-nvvm=ptx=<file>`): after
//! `gpu-module-to-binary{format=isa}` (LLVM's NVPTX backend, in process), write the PTX text of
//! every `gpu.binary` object to the file, or to stdout for `ptx=-`.

use std::ffi::CString;

use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};
use melior::ir::r#type::TypeId;
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::ContextRef;
use mlir_sys::*;

#[repr(align(8))]
struct PassId;
static WRITE_PTX_ID: PassId = PassId;

#[derive(Clone, Debug)]
struct WritePtx {
    path: String,
}

impl<'c> RunExternalPass<'c> for WritePtx {
    fn initialize(&mut self, _context: ContextRef<'c>) {}
    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        if let Err(e) = write(operation.to_raw(), &self.path) {
            let loc = unsafe { mlirOperationGetLocation(operation.to_raw()) };
            let t = CString::new(format!("lower-to-nvvm: {e}").replace('\0', " ")).unwrap();
            unsafe { mlirEmitError(loc, t.as_ptr()) };
            pass.signal_failure();
        }
    }
}

/// The PTX texts of the `gpu.binary` ops under `root` (one per object).
pub fn collect_ptx(root: MlirOperation) -> Vec<String> {
    let mut out = Vec::new();
    unsafe { OperationRef::from_raw(root) }.walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("gpu.binary") {
            let key = "objects";
            let name = MlirStringRef {
                data: key.as_ptr() as *const _,
                length: key.len(),
            };
            let objs = unsafe { mlirOperationGetAttributeByName(op.to_raw(), name) };
            if !objs.ptr.is_null() && unsafe { mlirAttributeIsAArray(objs) } {
                for i in 0..unsafe { mlirArrayAttrGetNumElements(objs) } {
                    let o = unsafe { mlirArrayAttrGetElement(objs, i) };
                    let s = unsafe { mlirGPUObjectAttrGetObject(o) };
                    let bytes =
                        unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
                    out.push(
                        String::from_utf8_lossy(bytes)
                            .trim_end_matches('\0')
                            .to_string(),
                    );
                }
            }
        }
        WalkResult::Advance
    });
    out
}

fn write(root: MlirOperation, path: &str) -> Result<(), String> {
    let ptx = collect_ptx(root);
    if ptx.is_empty() {
        return Err("no gpu.module to emit PTX for".into());
    }
    let text = ptx.join("\n");
    if path == STDOUT {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        return out
            .write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| format!("cannot write the PTX to stdout: {e}"));
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
}

/// The file name that stands for stdout: `--lower-to-nvvm="ptx=-"`.
pub const STDOUT: &str = "-";

/// A pass that writes the PTX of the module's `gpu.binary` ops to `path`.
pub fn create_write_ptx_pass(path: &str) -> Pass {
    create_external(
        WritePtx {
            path: path.to_string(),
        },
        TypeId::create(&WRITE_PTX_ID),
        "LayoutWritePtx",
        "layout-write-ptx",
        "Write the PTX text of every gpu.binary object to a file",
        "",
        &[],
    )
}
