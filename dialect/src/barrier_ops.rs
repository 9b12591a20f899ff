//! The verifiers of the ops that place shared tensors and drive mbarriers:
//! `layout.shared_alloc`, `layout.mbarrier_init`, `layout.mbarrier_wait` and
//! `layout.mbarrier_arrive`; and the rules on a ring of barriers and on `multicast = n` that
//! `layout.tma_copy` and `layout.mma_tmem` share with them.
//!
//! - **shared_alloc**: the base is a shared pointer (`!llvm.ptr<3>`); at least one result, each
//!   a tensor in shared memory with a static layout.
//! - **mbarrier_init**: the barriers are a shared tensor of i64 (static layout); `arrivals` per
//!   phase is in [1, 2^20 - 1].
//! - **A barrier ring** (mbarrier_wait's, mbarrier_arrive's, a TMA load's, an MMA commit's): a
//!   shared tensor of i64 with a static layout of rank 1 (barrier s at s).
//! - **multicast = n** (mbarrier_arrive, tma_copy): n names 2 to 16 CTAs of a cluster (read as
//!   the unsigned integer the op's accessor gives).
//!
//! The first failure, in that order per op, is the op's error.

use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::ValueLike;
use melior::Context;

use crate::ir::pointer_space;
use crate::layout_modes::rank;
use crate::memory_tensor::{tensor_in, MemorySpace};
use crate::op_access::{integer_attribute, operand_type as operand};

/// Verify `layout.shared_alloc` (the module doc).
pub fn verify_shared_alloc(op: OperationRef<'_, '_>) -> Result<(), String> {
    let base = operand(op, 0)?;
    if pointer_space(base) != Some(3) {
        return Err(format!(
            "the base must be a shared pointer (!llvm.ptr<3>), found '{base}'"
        ));
    }
    if op.result_count() == 0 {
        return Err("allocates at least one tensor".into());
    }
    for (i, r) in op.results().enumerate() {
        tensor_in(
            &format!("result #{i}"),
            r.r#type(),
            MemorySpace::Shared,
            None,
        )?;
    }
    Ok(())
}

/// Verify `layout.mbarrier_init` (the module doc).
pub fn verify_mbarrier_init<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    tensor_in(
        "barrier tensor",
        operand(op, 0)?,
        MemorySpace::Shared,
        Some(i64_type(ctx)),
    )?;
    let n = integer_attribute(op, "arrivals")?;
    if !(1..1 << 20).contains(&n) {
        return Err(format!(
            "an mbarrier expects 1 to 2^20 - 1 arrivals per phase, found {n}"
        ));
    }
    Ok(())
}

/// Verify `layout.mbarrier_wait` (the module doc).
pub fn verify_mbarrier_wait<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    barrier_ring(ctx, operand(op, 0)?)
}

/// Verify `layout.mbarrier_arrive` (the module doc).
pub fn verify_mbarrier_arrive<'c>(
    ctx: &'c Context,
    op: OperationRef<'c, '_>,
) -> Result<(), String> {
    multicast(op)?;
    barrier_ring(ctx, operand(op, 0)?)
}

/// The barrier ring rule of the module doc for the type `ty`.
pub fn barrier_ring<'c>(ctx: &'c Context, ty: Type<'c>) -> Result<(), String> {
    let t = tensor_in("barrier ring", ty, MemorySpace::Shared, Some(i64_type(ctx)))?;
    if rank(t.layout) != Some(1) {
        return Err(format!(
            "a barrier ring has a rank-1 layout (barrier s at s), found '{}'",
            t.layout
        ));
    }
    Ok(())
}

/// The op's `multicast = n` when it has one, checked by the rule of the module doc.
pub fn multicast(op: OperationRef<'_, '_>) -> Result<Option<u64>, String> {
    let Some(n) = op
        .attribute("multicast")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
    else {
        return Ok(None);
    };
    // The accessor reads the 64-bit attribute as unsigned.
    let n = n.value() as u64;
    if !(2..=16).contains(&n) {
        return Err(format!(
            "multicast names 2 to 16 CTAs of a cluster, found {n}"
        ));
    }
    Ok(Some(n))
}

/// The signless 64-bit integer type (a barrier's cell).
fn i64_type(ctx: &Context) -> Type<'_> {
    IntegerType::new(ctx, 64).into()
}
