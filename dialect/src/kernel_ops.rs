//! The verifier of the kernel ops (reached through the one C entry of the op verifiers,
//! `op_verifier.rs`): it reads the op's name and hands the op to the rules of its kind, each
//! in a file of its own: [`crate::mma_ops`] (`layout.mma`, `mma_async`,
//! `mma_tmem`), [`crate::tensor_views`] (`select_tensor`, `group_tensor`, `recast_tensor`),
//! [`crate::barrier_ops`] (`shared_alloc`, `mbarrier_init`, `mbarrier_wait`,
//! `mbarrier_arrive`), [`crate::tma_ops`] (`tma_copy`, `encode_tensor_map`, `tma_encodable`)
//! and [`crate::tensor_memory_ops`] (`tensor_memory_load`, `tensor_memory_store`,
//! `tensor_ptr`). Every error it returns is emitted at the op as `op->emitOpError()` would.

use melior::ir::operation::OperationRef;
use melior::Context;

use crate::op_diagnostics::op_name;
use crate::{barrier_ops, mma_ops, tensor_memory_ops, tensor_views, tma_ops};

/// The errors of `op` by the rules of its kind (one, or several for `layout.mma`).
pub(crate) fn verify<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), Vec<String>> {
    let name = op_name(&op);
    let checked = match name.as_str() {
        "layout.mma" => return mma_ops::verify_mma(op),
        "layout.mma_async" => mma_ops::verify_mma_async(op),
        "layout.mma_tmem" => mma_ops::verify_mma_tmem(ctx, op),
        "layout.select_tensor" => tensor_views::verify_select_tensor(ctx, op),
        "layout.group_tensor" => tensor_views::verify_group_tensor(ctx, op),
        "layout.recast_tensor" => tensor_views::verify_recast_tensor(ctx, op),
        "layout.shared_alloc" => barrier_ops::verify_shared_alloc(op),
        "layout.mbarrier_init" => barrier_ops::verify_mbarrier_init(ctx, op),
        "layout.mbarrier_wait" => barrier_ops::verify_mbarrier_wait(ctx, op),
        "layout.mbarrier_arrive" => barrier_ops::verify_mbarrier_arrive(ctx, op),
        "layout.tma_copy" => tma_ops::verify_tma_copy(ctx, op),
        "layout.encode_tensor_map" => tma_ops::verify_encode_tensor_map(op),
        "layout.tma_encodable" => tma_ops::verify_tma_encodable(op),
        "layout.tensor_memory_load" => tensor_memory_ops::verify_tensor_memory_load(op),
        "layout.tensor_memory_store" => tensor_memory_ops::verify_tensor_memory_store(op),
        "layout.tensor_ptr" => tensor_memory_ops::verify_tensor_ptr(op),
        // The register-tensor ops and the tensors in memory share this one C entry.
        _ => return crate::tensor_op_verifier::verify(ctx, op).map_err(|r| r.0),
    };
    checked.map_err(|e| vec![e])
}
