//! The one verifier entry of the tensor ops whose C++ `verify()` calls
//! [`layout_verify_tensor_op`]: the register-tensor ops (`layout.convert_layout`,
//! `layout.retile`, `layout.transpose`, `layout.coordinate`, `layout.reduce`,
//! `layout.broadcast`; their rules in [`crate::register_tensor_ops`]) and the tensors in memory
//! with their tiles and partitions (`layout.make_tensor`, `layout.local_tile`,
//! `layout.partition`, `layout.partition_mma`, `layout.copy`, `layout.slice_tensor`; their rules
//! in [`crate::tensor_partitions`]). The op's name picks its rules; every error they find is
//! emitted at the op, as `op->emitOpError()` would.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::Context;
use mlir_sys::MlirOperation;

use crate::op_diagnostics::{emit_verifier_error, op_name};

/// Why a verifier rejects an op: its errors, emitted in order (usually one; a check that reads
/// two operands independently reports each that fails).
pub(crate) struct Rejection(pub Vec<String>);

impl From<String> for Rejection {
    fn from(message: String) -> Self {
        Rejection(vec![message])
    }
}

impl From<&str> for Rejection {
    fn from(message: &str) -> Self {
        Rejection(vec![message.to_string()])
    }
}

/// Verify a tensor op (the module doc): true when valid, else false with its errors emitted
/// at it.
///
/// # Safety
/// `op` is a live `layout.convert_layout`, `retile`, `transpose`, `coordinate`, `reduce`,
/// `broadcast`, `make_tensor`, `local_tile`, `partition`, `partition_mma`, `copy` or
/// `slice_tensor`.
#[no_mangle]
pub unsafe extern "C" fn layout_verify_tensor_op(op: MlirOperation) -> bool {
    // SAFETY: `op` is live for this call (the caller's contract); the typed handles made here
    // are bound to it: `'c` is a borrow of the local `context` (melior's `ContextRef::to_ref`
    // points into the context `op` belongs to, which outlives the call).
    let op = OperationRef::from_raw(op);
    let context = op.context();
    let ctx = context.to_ref();
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| verify(ctx, op)))
        .unwrap_or_else(|_| Err("internal error: the layout algebra panicked".into()));
    match checked {
        Ok(()) => true,
        Err(Rejection(messages)) => {
            for message in &messages {
                emit_verifier_error(&op, message);
            }
            false
        }
    }
}

fn verify<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), Rejection> {
    let name = op_name(&op);
    match name.as_str() {
        "layout.convert_layout"
        | "layout.retile"
        | "layout.transpose"
        | "layout.coordinate"
        | "layout.reduce"
        | "layout.broadcast" => crate::register_tensor_ops::verify(op, &name),
        "layout.make_tensor"
        | "layout.local_tile"
        | "layout.partition"
        | "layout.partition_mma"
        | "layout.copy"
        | "layout.slice_tensor" => {
            crate::tensor_partitions::verify(ctx, op, &name).map_err(Rejection::from)
        }
        _ => Err(format!("internal: {name} is not a tensor op").into()),
    }
}
