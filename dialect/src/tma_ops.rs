//! The verifiers of the TMA ops: `layout.tma_copy` (a tile between a tensor-map tensor and a
//! shared tensor), `layout.encode_tensor_map` (the host's encoding of a tensor map) and
//! `layout.tma_encodable` (whether the driver can encode one).
//!
//! - **tma_copy**: exactly one side is a `tma` tensor (a load `tma -> shared`, a store
//!   `shared -> tma`); the other is a shared tensor of the same element type with a static
//!   layout. A load completes on a barrier ring (`barrier(%ring[%k] : ...)`), a store takes
//!   none. Both tiles have the same static extent in each mode; the tile may have more modes
//!   than the shared tensor when each extra (trailing) one has extent 1 (a 2-D box of a tensor
//!   of heads or batches). With `multicast = n` (2 to 16; a load only) mode 0 of the shared
//!   tile is cut in n slices that are one slice moved (`ops::multicast_slice`: TMA swizzles by
//!   the shared address, so no swizzle may read a bit of the move): n must divide mode 0's
//!   extent, and the algebra's message says where the slices part otherwise.
//! - **encode_tensor_map**: the map is written through an `!llvm.ptr`; the tensor is in global
//!   memory; `smem` is a static CuTe layout (the shared tile of one TMA copy).
//! - **tma_encodable**: the tensor is in `tma` or `global` memory.
//!
//! The first failure, in that order per op, is the op's error.

use std::panic::AssertUnwindSafe;

use layout_algebra::ops::multicast_slice::{multicast_slice, MulticastError};
use layout_dialect_ffi::Stored;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{TypeLike, ValueLike};
use melior::Context;

use crate::barrier_ops::{barrier_ring, multicast};
use crate::ir::operand_group as group;
use crate::layout_modes::mode_sizes;
use crate::memory_tensor::{memory_tensor, tensor_in, MemorySpace};
use crate::op_access::operand_type as operand;
use crate::op_diagnostics::algebra_message;

/// Verify `layout.tma_copy` (the module doc).
pub fn verify_tma_copy<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let (src, dst) = (operand(op, 0)?, operand(op, 1)?);
    let in_tma = |t: Type<'_>| memory_tensor(t).is_some_and(|t| t.space == MemorySpace::Tma);
    let load = in_tma(src);
    if load == in_tma(dst) {
        return Err(format!(
            "copies between a tma tensor and a shared tensor (a load tma -> shared, a store shared -> tma), found '{src}' -> '{dst}'"
        ));
    }
    let (global, shared, shared_what) = if load {
        (src, dst, "destination")
    } else {
        (dst, src, "source")
    };
    let global = memory_tensor(global).ok_or("internal: the tma side is not a tensor")?;
    let shared = tensor_in(
        shared_what,
        shared,
        MemorySpace::Shared,
        Some(global.element),
    )?;
    let bars = group(op, 2)?.first().map(|v| v.r#type());
    if load != bars.is_some() {
        return Err(if load {
            "a TMA load completes on a barrier: barrier(%ring[%k] : ...)"
        } else {
            "a TMA store takes no barrier"
        }
        .into());
    }
    if let Some(bars) = bars {
        barrier_ring(ctx, bars)?;
    }
    let same_extents = match (mode_sizes(global.layout), mode_sizes(shared.layout)) {
        (Some(g), Some(s)) => {
            g.len() >= s.len() && g[..s.len()] == s[..] && g[s.len()..].iter().all(|&e| e == 1)
        }
        _ => false,
    };
    if !same_extents {
        return Err(format!(
            "the tile '{}' and the shared tensor '{}' must have the same static extent in each mode (modes of the tile past the shared tensor's of extent 1)",
            global.layout, shared.layout
        ));
    }
    if let Some(n) = multicast(op)? {
        if !load {
            return Err(
                "multicast is a property of TMA loads; a store writes its own CTA's tile".into(),
            );
        }
        multicast_slices(shared.layout, n)?;
    }
    Ok(())
}

/// The multicast rule of the module doc: the shared tile `shared` cut in `n` slices along
/// mode 0 (n in [2, 16]).
fn multicast_slices(shared: Type<'_>, n: u64) -> Result<(), String> {
    let value = crate::type_stored(shared).flatten().and_then(Stored::cute);
    let sliced = std::panic::catch_unwind(AssertUnwindSafe(|| match value {
        Some(s) => multicast_slice(s, n as i64).map(|_| ()),
        None => Err(MulticastError::NoRank),
    }))
    .map_err(|_| "internal error: the layout algebra panicked".to_string())?;
    sliced.map_err(|e| match e {
        // The shared tensor's layout is static with static mode sizes (checked above): the
        // C API leaves these messages to its caller, which shows none.
        MulticastError::NoRank | MulticastError::NotStatic(_) => String::new(),
        MulticastError::NotMultiple(extent) => format!(
            "multicast = {n} cuts mode 0 of the tile '{shared}' (extent {extent}) in {n} slices: the extent must be a multiple of {n}"
        ),
        MulticastError::NotTranslation(e) => format!(
            "multicast = {n} cuts mode 0 of the shared tile '{shared}' {}",
            algebra_message(e)
        ),
        MulticastError::Algebra(e) => algebra_message(e),
    })
}

/// Verify `layout.encode_tensor_map` (the module doc).
pub fn verify_encode_tensor_map(op: OperationRef<'_, '_>) -> Result<(), String> {
    let map = operand(op, 0)?;
    if !map.is_llvm_pointer_type() {
        return Err(format!(
            "writes the tensor map through a pointer (!llvm.ptr), found '{map}'"
        ));
    }
    tensor_in("tensor", operand(op, 1)?, MemorySpace::Global, None)?;
    let smem = op
        .attribute("smem")
        .map_err(|_| "internal: no attribute 'smem'".to_string())?;
    if crate::attr_mnemonic(smem) != Some("layout") {
        return Err(format!(
            "smem must be a CuTe layout (the shared tile of one TMA copy), found {smem}"
        ));
    }
    if !crate::attr_text(smem).is_some_and(|t| t != "*" && !t.contains('?')) {
        return Err(format!(
            "smem must be static (it lays out shared memory), found {smem}"
        ));
    }
    Ok(())
}

/// Verify `layout.tma_encodable` (the module doc).
pub fn verify_tma_encodable(op: OperationRef<'_, '_>) -> Result<(), String> {
    let t = memory_tensor(operand(op, 0)?).ok_or("internal: not a tensor in memory")?;
    if !matches!(t.space, MemorySpace::Tma | MemorySpace::Global) {
        return Err(format!(
            "asks whether a tensor map of a tma or global tensor can be encoded, found a tensor in {} memory",
            t.space.name()
        ));
    }
    Ok(())
}
