//! The pass `layout-write-ptx` (only through `--lower-to-nvvm=ptx=<file>`): after
//! `gpu-module-to-binary{format=isa}` (LLVM's NVPTX backend, in process), write the PTX text of
//! every `gpu.binary` object to the file, or to stdout for `ptx=-`.

use std::ffi::CString;

use melior::ir::attribute::ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder, WalkResult};
use melior::ir::r#type::TypeId;
use melior::ir::{Attribute, AttributeLike};
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
        if let Err(e) = write(&operation, &self.path) {
            let loc = operation.location();
            let t = CString::new(format!("lower-to-nvvm: {e}").replace('\0', " ")).unwrap();
            // SAFETY: `loc` is a live location of the pass's context and `t` a NUL-terminated
            // string that outlives the call (MLIR copies the message).
            unsafe { mlirEmitError(loc.to_raw(), t.as_ptr()) };
            pass.signal_failure();
        }
    }
}

/// The PTX texts of the `gpu.binary` ops under `root` (one per object).
pub fn collect_ptx<'c: 'a, 'a>(root: &impl OperationLike<'c, 'a>) -> Vec<String> {
    let mut out = Vec::new();
    root.walk(WalkOrder::PreOrder, |op| {
        if op.name().as_string_ref().as_str() == Ok("gpu.binary") {
            let objs = op.attribute("objects").ok();
            if let Some(objs) = objs.and_then(|a| ArrayAttribute::try_from(a).ok()) {
                for o in (0..objs.len()).filter_map(|i| objs.element(i).ok()) {
                    out.push(
                        String::from_utf8_lossy(&gpu_object_bytes(o))
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

/// The bytes of a `#gpu.object` attribute (the PTX text for `format=isa`), copied; none for
/// another attribute.
fn gpu_object_bytes(object: Attribute) -> Vec<u8> {
    // SAFETY: `object` is a live attribute (melior's `Attribute` of the context), checked to be
    // a `#gpu.object` before its object is read; the returned string is owned by the
    // attribute's storage (it lives as long as the context) and is copied before returning.
    unsafe {
        if !mlirAttributeIsAGPUObjectAttr(object.to_raw()) {
            return Vec::new();
        }
        let s = mlirGPUObjectAttrGetObject(object.to_raw());
        if s.length == 0 {
            return Vec::new();
        }
        std::slice::from_raw_parts(s.data as *const u8, s.length).to_vec()
    }
}

fn write<'c: 'a, 'a>(root: &impl OperationLike<'c, 'a>, path: &str) -> Result<(), String> {
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
