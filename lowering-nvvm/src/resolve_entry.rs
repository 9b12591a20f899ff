//! The resolution of a memory tensor ([`crate::tensor_resolve`]) for the patterns of
//! `--layout-lower-tensors` that are still C++ (cpp/MemoryTensors.cpp: the TMA copy, the MMA
//! ops, the tensor-memory loads and stores, layout.copy): one C entry that resolves a tensor
//! before an op through the pattern's rewriter and hands back the values as handles, or, given
//! a ring position, the barrier of the position and the parity of its phase
//! ([`crate::mbarrier_lowering::ring_barrier`]). A tensor of more modes than the handles hold
//! is an internal error.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{TypeLike, Value, ValueLike};
use melior::RewriterBase;
use mlir_sys::{MlirOperation, MlirRewriterBase, MlirType, MlirValue};

use crate::algebra_inference::Emitted;
use crate::build::{Builder, PatternRewriter};
use crate::mbarrier_lowering::ring_barrier;
use crate::tensor_resolve::{op_error, resolve, Resolved};

/// The most top-level modes a resolved tensor hands back.
pub const MAX_MODES: usize = 16;

/// A resolved tensor as C++ reads it (`LayoutNvvmResolvedTensor` in include/LayoutNvvm.h); the
/// fields of [`Resolved`], the first `modes` entries of the arrays set. With a ring position,
/// `barrier` and `parity` instead.
#[repr(C)]
pub struct ResolvedTensor {
    pub ptr: MlirValue,
    pub layout: MlirValue,
    pub root: MlirType,
    pub per_thread: bool,
    /// The layout.partition of a thread's part (null otherwise).
    pub partition: MlirOperation,
    pub modes: usize,
    /// The modes with an origin (none for a thread's part).
    pub origins: usize,
    pub residue: [MlirValue; MAX_MODES],
    pub origin: [MlirValue; MAX_MODES],
    pub partial: [bool; MAX_MODES],
    pub tile_sizes: [i64; MAX_MODES],
    pub barrier: MlirValue,
    pub parity: MlirValue,
}

/// Fill `out` from `r`; an internal error at `at` when it has too many modes.
fn write(
    at: OperationRef<'_, '_>,
    r: &Resolved<'_>,
    out: &mut ResolvedTensor,
) -> Result<(), Emitted> {
    let n = r.residue.len();
    if n > MAX_MODES || r.origin.len() > n || r.partial.len() != n || r.tile_sizes.len() > MAX_MODES
    {
        return Err(op_error(
            at,
            "internal: a resolved tensor of too many modes",
        ));
    }
    out.ptr = r.ptr.to_raw();
    out.layout = r.layout.to_raw();
    out.root = r.root.to_raw();
    out.per_thread = r.per_thread;
    if let Some(p) = r.partition {
        out.partition = p.to_raw();
    }
    out.modes = n;
    out.origins = r.origin.len();
    for d in 0..n {
        out.residue[d] = r.residue[d].to_raw();
        out.partial[d] = r.partial[d];
    }
    for (o, v) in out.origin.iter_mut().zip(&r.origin) {
        *o = v.to_raw();
    }
    out.tile_sizes[..r.tile_sizes.len()].copy_from_slice(&r.tile_sizes);
    Ok(())
}

/// Resolve `tensor` before `at` through the pattern's `rewriter` into `out`, or, when
/// `position` is not null, the barrier of that ring position of the barrier ring `tensor` and
/// the parity of its phase (of the phase before it with `previous`). False, the error emitted
/// at `at`, when it cannot be resolved.
///
/// # Safety
/// `at` is a live op, `tensor` a live value and `position` null or a live value of its
/// context, `rewriter` the rewriter of the pattern that rewrites `at`; all stay alive during
/// the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_resolve_tensor(
    at: MlirOperation,
    tensor: MlirValue,
    rewriter: MlirRewriterBase,
    position: MlirValue,
    previous: bool,
    out: Option<&mut ResolvedTensor>,
) -> bool {
    // SAFETY: the caller's contract: the handles are live for this call; every typed handle
    // made here is bound to it (`'c` is a borrow of the locals `typed` and `context`, as in
    // `layout_nvvm_lower_op`), and `typed` is made from `rewriter`, as `PatternRewriter::new`
    // requires.
    let typed = RewriterBase::from_raw(rewriter);
    let at = OperationRef::from_raw(at);
    let context = at.context();
    let ctx = context.to_ref();
    let b = Builder::before(ctx, at, PatternRewriter::new(&typed, rewriter));
    let tensor = Value::from_raw(tensor);
    let position = (!position.ptr.is_null()).then(|| Value::from_raw(position));
    let Some(out) = out else {
        return false;
    };
    let done = match position {
        Some(k) => ring_barrier(&b, at, tensor, k, previous).map(|(bar, parity)| {
            out.barrier = bar.to_raw();
            out.parity = parity.to_raw();
        }),
        None => resolve(&b, at, tensor).and_then(|r| write(at, &r, out)),
    };
    done.is_ok()
}
