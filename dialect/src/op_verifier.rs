//! The one C entry of the Rust op verifiers, [`layout_verify_op`]: the ODS trait
//! `Layout_RustVerifier` (td/LayoutOps.td) calls it for every op that carries the trait, after
//! the op's other traits (where a C++ `verify()` would run). It reads the op's name and hands
//! the op to the rules of its kind:
//!
//! - the ops on layout values: `layout.const` and `layout.make`
//!   ([`crate::value_constructors`]), `layout.crd2idx`, `layout.idx2crd` and
//!   `layout.linear_apply` ([`crate::application_ops`]), `layout.shape_leaf` and
//!   `layout.stride_leaf` ([`crate::leaf_ops`]), `layout.composition` (a warning only,
//!   [`crate::composition_reach`]), the index-valued ops of the algebra (`layout.size`, ...,
//!   `layout.linear_bank_conflicts`: [`crate::index_ops`]), `layout.apply` and `layout.inv`
//!   ([`crate::bijective_ops`]), and the relation ops `layout.equal`, `layout.is_injective`
//!   and `layout.is_bijective` ([`crate::relation_ops`]);
//! - the register-tensor memory ops ([`crate::memory_access`]);
//! - the kernel ops, the register-tensor ops and the tensors in memory ([`crate::kernel_ops`]).
//!
//! Every error is emitted at the op as `op->emitOpError()` would, in order; a panic in the
//! algebra is an internal error, never a crash.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::Context;
use mlir_sys::MlirOperation;

use crate::op_diagnostics::{emit_verifier_error, op_name};
use crate::{
    application_ops, bijective_ops, composition_reach, index_ops, kernel_ops, leaf_ops,
    memory_access, relation_ops, value_constructors,
};

/// Verify an op of the layout dialect (the module doc): true when valid, else false with its
/// errors emitted at it.
///
/// # Safety
/// `op` is a live op of the layout dialect.
#[no_mangle]
pub unsafe extern "C" fn layout_verify_op(op: MlirOperation) -> bool {
    // `op` is live for this call (the caller's contract), and so is its context; `to_ref`
    // points into the local `context` (melior's `ContextRef`), which lives until the call
    // returns, after every typed handle made here is dropped.
    let op = OperationRef::from_raw(op);
    let context = op.context();
    let ctx = context.to_ref();
    let name = op_name(&op);
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| verify(ctx, op, &name)))
        .unwrap_or_else(|_| Err(vec![panic_message(&name).into()]));
    match checked {
        Ok(()) => true,
        Err(messages) => {
            for message in &messages {
                emit_verifier_error(&op, message);
            }
            false
        }
    }
}

/// The error reported when the rules of the op `name` panic.
fn panic_message(name: &str) -> &'static str {
    if memory_access_op(name) {
        "internal error (panic) in the memory access checks"
    } else {
        "internal error: the layout algebra panicked"
    }
}

/// Whether `name` is one of the register-tensor memory ops.
fn memory_access_op(name: &str) -> bool {
    matches!(
        name,
        "layout.global_load"
            | "layout.global_store"
            | "layout.shared_load"
            | "layout.shared_store"
            | "layout.async_copy"
    )
}

/// The errors of `op` (named `name`) by the rules of its kind.
fn verify<'c>(ctx: &'c Context, op: OperationRef<'c, '_>, name: &str) -> Result<(), Vec<String>> {
    let checked = match name {
        "layout.const" => value_constructors::verify_const(op),
        "layout.make" => value_constructors::verify_make(op),
        "layout.crd2idx" => application_ops::verify_crd2idx(op),
        "layout.idx2crd" => application_ops::verify_idx2crd(op),
        "layout.linear_apply" => application_ops::verify_linear_apply(op),
        "layout.shape_leaf" => leaf_ops::verify_leaf(op, false),
        "layout.stride_leaf" => leaf_ops::verify_leaf(op, true),
        "layout.composition" => {
            composition_reach::warn_composition_reach(op);
            Ok(())
        }
        "layout.apply" => bijective_ops::verify_bijective_op(op, false),
        "layout.inv" => bijective_ops::verify_bijective_op(op, true),
        n if index_ops::is_index_op(n) => index_ops::verify_index_op(op, n),
        n if relation_ops::is_relation_op(n) => relation_ops::verify_relation_op(op, n),
        n if memory_access_op(n) => memory_access::verify(op),
        _ => return kernel_ops::verify(ctx, op),
    };
    checked.map_err(|e| vec![e])
}
