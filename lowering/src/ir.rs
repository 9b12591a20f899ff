//! Reading the IR: the op that defines an SSA value, the operands of an op, and what the type
//! of a layout-dialect value holds (its mnemonic and canonical text, its parsed value).

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use mlir_sys::{MlirOperation, MlirValue};

/// The mnemonic (`!layout.layout`, `!layout.swizzle`, ...) and the canonical CuTe text of a
/// layout-dialect value's type, read from the type's storage (a swizzle's text is `Sw<B,M,S>`).
pub(crate) fn type_text(v: MlirValue) -> Result<(String, String), String> {
    let ty = unsafe { Value::from_raw(v) }.r#type();
    match (
        layout_dialect::type_mnemonic(ty),
        layout_dialect::type_text(ty),
    ) {
        (Some(m), Some(t)) => Ok((format!("!layout.{m}"), t.to_string())),
        _ => Err(format!("not a layout value type: {ty}")),
    }
}

/// The parsed value a layout-dialect value's type holds.
pub(crate) fn type_value(v: MlirValue) -> Result<layout_dialect::CuteRef, String> {
    let ty = unsafe { Value::from_raw(v) }.r#type();
    match layout_dialect::type_value(ty) {
        Some(r) => r.map_err(|e| e.to_string()),
        None => Err(format!("not a layout value type: {ty}")),
    }
}

pub(crate) fn defining_op(v: MlirValue) -> Option<MlirOperation> {
    unsafe {
        if mlir_sys::mlirValueIsAOpResult(v) {
            Some(mlir_sys::mlirOpResultGetOwner(v))
        } else {
            None
        }
    }
}

pub(crate) fn operands(op: MlirOperation) -> Vec<MlirValue> {
    let r = unsafe { OperationRef::from_raw(op) };
    r.operands().map(|v| v.to_raw()).collect()
}
