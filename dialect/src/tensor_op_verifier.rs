//! The verifier of the tensor ops that [`crate::kernel_ops`] hands here: the register-tensor ops (`layout.convert_layout`,
//! `layout.retile`, `layout.transpose`, `layout.coordinate`, `layout.reduce`,
//! `layout.broadcast`; their rules in [`crate::register_tensor_ops`]) and the tensors in memory
//! with their tiles and partitions (`layout.make_tensor`, `layout.local_tile`,
//! `layout.partition`, `layout.partition_mma`, `layout.copy`, `layout.slice_tensor`; their rules
//! in [`crate::tensor_partitions`]). The op's name picks its rules; every error they find is
//! emitted at the op, as `op->emitOpError()` would.

use melior::ir::operation::OperationRef;
use melior::Context;

use crate::op_diagnostics::op_name;
use crate::op_rejection::Rejection;

/// The errors of a tensor op (the module doc) by the rules of its kind; the C entry is
/// `layout_verify_op` (`op_verifier.rs`).
pub(crate) fn verify<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), Rejection> {
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
