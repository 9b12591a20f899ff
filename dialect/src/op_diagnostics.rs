//! Diagnostics of the Rust passes on a raw MLIR operation: its name, and an error at its
//! location in MLIR's own form `'<name>' op <message>` (what `op->emitError()` prints in C++).
//! Shared by the lowering, NVVM lowering and proof passes.

use std::ffi::CString;

use melior::ir::operation::OperationLike;
use melior::ir::OperationRef;
use mlir_sys::MlirOperation;

/// The operation's name (`layout.crd2idx`); empty if MLIR gives no UTF-8 name.
pub fn op_name(op: MlirOperation) -> String {
    unsafe { OperationRef::from_raw(op) }
        .name()
        .as_string_ref()
        .as_str()
        .unwrap_or("")
        .to_string()
}

/// Emit `'<name>' op <message>` as an error at the operation's location. A NUL byte in the
/// message (which a C string cannot hold) is printed as a space.
pub fn emit_op_error(op: MlirOperation, message: &str) {
    let loc = unsafe { OperationRef::from_raw(op) }.location();
    let text = format!("'{}' op {message}", op_name(op)).replace('\0', " ");
    let text = CString::new(text).expect("NUL bytes were replaced");
    unsafe { mlir_sys::mlirEmitError(loc.to_raw(), text.as_ptr()) };
}
