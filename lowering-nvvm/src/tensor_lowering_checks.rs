//! What `--layout-lower-tensors` checks of an op before it rewrites anything, beyond its
//! verifier (cpp/MemoryTensors.cpp's `checkLowering` asks [`layout_nvvm_check_tensor_lowering`]).
//! The rules, per op:
//!
//! - Every tensor in memory the op reads or writes can be resolved
//!   ([`crate::tensor_resolve::resolvable`]: it is made in its function by `layout.make_tensor`
//!   through tiles, slices, partitions and views); the first that cannot is the error.
//! - **`layout.copy`** between two partitions (`layout.partition`, `layout.partition_mma`) by
//!   the same thread value gives every element of every thread the same tile coordinate on both
//!   sides: all threads and elements are evaluated ([`crate::partition_coordinates`], bounded by
//!   the tiles' sizes), and the error names a thread, an element and both coordinates.
//!   Partitions by other thread values, of tiles of other ranks or without static extents are
//!   not compared.
//! - **`layout.copy`** of a tile that may reach past its tensor: only the source partition
//!   (`layout.partition`) of an async copy is predicated, cp.async zero-filling what lies
//!   outside. A tensor may reach past the tensor it is cut from when, along its chain of
//!   `local_tile`s (through partitions, slices and views), a tile extent other than 1 does not
//!   divide the static extent of the mode it tiles, or the mode has none.
//! - **`layout.copy`** that is async moves 4, 8 or 16 bytes per cp.async: its vector width
//!   ([`crate::copy_lowering`]) times the element's bytes is at least 4.
//! - **`layout.mbarrier_init`** initializes 1 to 256 barriers: its tensor has a static size in
//!   that range.
//! - **`layout.mma_tmem`** with `ctaGroup = 2` runs on a CTA pair: the kernel's cluster (the
//!   product of the `nvvm.cluster_dim` of the nearest enclosing op that has one) has an even
//!   number of CTAs.
//! - **`layout.mbarrier_arrive`** and **`layout.tma_copy`** with `multicast = n` reach the CTAs
//!   0..n-1 of a cluster of exactly n CTAs.
//! - **`layout.tensor_memory_load`** and **`layout.tensor_memory_store`** have a tcgen05.ld/st
//!   form ([`crate::tensor_memory_lowering`]).
//! - **`layout.mma_async`** and **`layout.mma_tmem`** (after the cluster of `ctaGroup = 2`):
//!   each operand A, B in shared memory is K- or MN-major ([`crate::operand_major`]), and
//!   MN-major only for 16-bit elements (the WGMMA transpose is for 16-bit types only: PTX ISA,
//!   wgmma, "Matrix Descriptor").
//! - **`layout.tma_copy`** (after the cluster of a multicast): the global tensor made by
//!   `layout.make_tensor` (through `local_tile`s) has TMA coordinates for the shared tile
//!   ([`crate::tma_steps`]).
//! - **`layout.encode_tensor_map`** encodes the tensor map of a whole tensor with a tensor map
//!   for its tiles ([`crate::tensor_map_lowering`]).
//! - **`layout.tma_encodable`** asks about a whole tensor whose modes are leaves
//!   ([`crate::tma_encodable_lowering`]).
//!
//! The first failure, in that order, is the op's error, emitted at it as `op->emitOpError()`
//! would.

use layout_algebra::hw::Major;
use layout_algebra::Value as AlgebraValue;
use layout_dialect::layout_modes::{static_mode_sizes, static_size};
use layout_dialect::memory_tensor::{memory_tensor, MemorySpace};
use layout_dialect::op_access::bit_width;
use layout_dialect::op_diagnostics::{emit_verifier_error, op_name};
use melior::ir::attribute::{DenseI32ArrayAttribute, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use mlir_sys::MlirOperation;

use crate::copy_lowering::check_cp_async_width;
use crate::kernel_checks::{algebra, defining_op};
use crate::operand_major::major_of;
use crate::partition_coordinates::{coordinate_text, PartitionCoordinates};
use crate::tensor_map_lowering::check_encode_tensor_map;
use crate::tensor_memory_lowering::tensor_memory_form;
use crate::tensor_resolve::{is_tensor, resolvable};
use crate::tma_encodable_lowering::encodable_plan;
use crate::tma_steps::tma_steps;

/// The checks of the module doc for `op`; its error emitted at it, true when there is none.
///
/// # Safety
/// `op` is a live operation, not modified during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_check_tensor_lowering(op: MlirOperation) -> bool {
    // SAFETY: the caller's contract: `op` is live for the call, and nothing read from it is
    // kept past it.
    let op = OperationRef::from_raw(op);
    match check_tensor_lowering(op) {
        Ok(()) => true,
        Err(message) => {
            emit_verifier_error(&op, &message);
            false
        }
    }
}

/// The first rule of the module doc that `op` breaks, as its error.
pub fn check_tensor_lowering(op: OperationRef<'_, '_>) -> Result<(), String> {
    for v in op.operands() {
        if is_tensor(v) {
            resolvable(v)?;
        }
    }
    match op_name(&op).as_str() {
        "layout.copy" => {
            check_correspondence(op)?;
            check_copy_in_bounds(op)?;
            check_cp_async_width(op)
        }
        "layout.mbarrier_init" => check_barrier_count(op),
        "layout.mma_tmem" => {
            check_cta_pair(op)?;
            check_operand_majors(op)
        }
        "layout.mma_async" => check_operand_majors(op),
        "layout.mbarrier_arrive" => check_multicast_cluster(op),
        "layout.tma_copy" => {
            check_multicast_cluster(op)?;
            check_tma_coordinates(op)
        }
        "layout.tensor_memory_load" => check_tensor_memory_form(op, true),
        "layout.tensor_memory_store" => check_tensor_memory_form(op, false),
        "layout.encode_tensor_map" => check_encode_tensor_map(op),
        "layout.tma_encodable" => encodable_plan(op).map(|_| ()),
        _ => Ok(()),
    }
}

/// The op that defines `v` when it is a partition.
fn partition_of<'c: 'a, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    defining_op(v).filter(|d| {
        matches!(
            op_name(d).as_str(),
            "layout.partition" | "layout.partition_mma"
        )
    })
}

/// A copy between two partitions by the same thread value copies each element between equal
/// tile coordinates.
fn check_correspondence(copy: OperationRef<'_, '_>) -> Result<(), String> {
    let mut operands = copy.operands();
    let (Some(src), Some(dst)) = (operands.next(), operands.next()) else {
        return Ok(());
    };
    let (Some(ps), Some(pd)) = (partition_of(src), partition_of(dst)) else {
        return Ok(());
    };
    if ps.operands().nth(1) != pd.operands().nth(1) {
        return Ok(());
    }
    let (Some(s), Some(d)) = (PartitionCoordinates::of(ps), PartitionCoordinates::of(pd)) else {
        return Ok(());
    };
    if s.modes() != d.modes() {
        return Ok(());
    }
    let threads = s.threads().min(d.threads());
    let elements = s.elements().min(d.elements());
    for t in 0..threads {
        for i in 0..elements {
            let (Some(from), Some(to)) = (s.at(t, i), d.at(t, i)) else {
                continue;
            };
            if from != to {
                return Err(format!(
                    "copies element {i} of thread {t} from coordinate {} of the source tile to {} \
                     of the destination tile: the partitions are of different tiled copies \
                     (source {}; destination {})",
                    coordinate_text(&from),
                    coordinate_text(&to),
                    s.tiling,
                    d.tiling
                ));
            }
        }
    }
    Ok(())
}

/// The static extents of the tile attribute of a `layout.local_tile` (a flat tuple, which its
/// verifier made it); none when it has none.
fn tile_extents(tile: OperationRef<'_, '_>) -> Vec<i64> {
    let Some(Ok(v)) = tile
        .attribute("tile")
        .ok()
        .and_then(layout_dialect::attr_value)
    else {
        return Vec::new();
    };
    algebra(|| match &*v {
        AlgebraValue::Tuple(t) => t.values("idx2crd").ok(),
        AlgebraValue::Ints(e) => Some(e.clone()),
        _ => None,
    })
    .unwrap_or_default()
}

/// Whether the `layout.local_tile` `tile` cuts tiles that may reach past its source: a tile
/// extent other than 1 that does not divide the static extent of its mode, or a mode without
/// one.
fn tile_may_reach_past(tile: OperationRef<'_, '_>) -> bool {
    let Some(source) = tile
        .operands()
        .next()
        .and_then(|t| memory_tensor(t.r#type()))
    else {
        return false;
    };
    let sizes = algebra(|| static_mode_sizes(source.layout)).unwrap_or_default();
    tile_extents(tile).iter().enumerate().any(|(d, &e)| {
        let size = sizes.get(d).copied().flatten();
        e != 1 && size.and_then(|s| s.checked_rem(e)) != Some(0)
    })
}

/// Whether a tile of `tensor`'s chain (through partitions, slices and views to its
/// `make_tensor`) may reach past the tensor.
fn may_reach_past<'c: 'a, 'a>(mut tensor: Value<'c, 'a>) -> bool {
    while let Some(d) = defining_op(tensor) {
        match op_name(&d).as_str() {
            "layout.local_tile" => {
                if tile_may_reach_past(d) {
                    return true;
                }
            }
            "layout.partition"
            | "layout.partition_mma"
            | "layout.slice_tensor"
            | "layout.select_tensor"
            | "layout.group_tensor"
            | "layout.recast_tensor" => {}
            _ => return false,
        }
        let Some(source) = d.operands().next() else {
            return false;
        };
        tensor = source;
    }
    false
}

/// Only the source partition of an async copy may reach past its tensor.
fn check_copy_in_bounds(copy: OperationRef<'_, '_>) -> Result<(), String> {
    let mut operands = copy.operands();
    let (Some(src), Some(dst)) = (operands.next(), operands.next()) else {
        return Ok(());
    };
    let (source, destination) = (may_reach_past(src), may_reach_past(dst));
    let asynchronous = copy.attribute("async").is_ok();
    let predicated = defining_op(src).is_some_and(|d| op_name(&d) == "layout.partition");
    if destination || (source && !asynchronous) || (source && !predicated) {
        return Err(format!(
            "the {} may reach past its tensor (a tile whose extents do not divide the tensor's): \
             layout.copy predicates only the source partition (layout.partition) of an async \
             copy, whose cp.async zero-fills what lies outside",
            if destination { "destination" } else { "source" }
        ));
    }
    Ok(())
}

/// mbarrier_init initializes 1 to 256 barriers.
fn check_barrier_count(init: OperationRef<'_, '_>) -> Result<(), String> {
    let Some(bars) = init.operands().next().map(|v| v.r#type()) else {
        return Ok(());
    };
    let Some(t) = memory_tensor(bars) else {
        return Ok(());
    };
    match algebra(|| static_size(t.layout)) {
        Some(n) if (1..=256).contains(&n) => Ok(()),
        n => Err(format!(
            "initializes 1 to 256 barriers, '{bars}' holds {}",
            n.map_or("?".to_string(), |n| n.to_string())
        )),
    }
}

/// The optional integer attribute `key` of `op`.
fn optional_integer(op: OperationRef<'_, '_>, key: &str) -> Option<i64> {
    op.attribute(key)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|i| i.value())
}

/// The CTAs of the cluster of the kernel around `op`: the product of the `nvvm.cluster_dim` of
/// the nearest enclosing op that has one; none when none declares it. Three i32 factors: the
/// product is exact in i128 (for up to four of them; past that it saturates).
fn cluster_ctas(op: OperationRef<'_, '_>) -> Option<i128> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        let dims = p
            .attribute("nvvm.cluster_dim")
            .ok()
            .and_then(|a| DenseI32ArrayAttribute::try_from(a).ok());
        if let Some(dims) = dims {
            let ctas = (0..dims.len())
                .filter_map(|i| dims.element(i).ok())
                .fold(1i128, |n, d| n.saturating_mul(i128::from(d)));
            return Some(ctas);
        }
        parent = p.parent_operation();
    }
    None
}

/// mma_tmem with ctaGroup = 2 runs in a cluster of an even number of CTAs.
fn check_cta_pair(mma: OperationRef<'_, '_>) -> Result<(), String> {
    if optional_integer(mma, "ctaGroup").unwrap_or(1) != 2 {
        return Ok(());
    }
    match cluster_ctas(mma) {
        Some(ctas) if ctas % 2 == 0 => Ok(()),
        ctas => Err(format!(
            "ctaGroup = 2 runs on a CTA pair (cluster ranks 2i, 2i+1), but the kernel declares {}",
            ctas.map_or("no cluster (nvvm.cluster_dim)".to_string(), |n| format!(
                "a cluster of {n} CTAs"
            ))
        )),
    }
}

/// `multicast = n` runs in a cluster of exactly n CTAs.
fn check_multicast_cluster(op: OperationRef<'_, '_>) -> Result<(), String> {
    // The accessor reads the 64-bit attribute as unsigned.
    let Some(n) = optional_integer(op, "multicast").map(|n| n as u64) else {
        return Ok(());
    };
    let ctas = cluster_ctas(op);
    if ctas == Some(i128::from(n)) {
        return Ok(());
    }
    let declared = match ctas {
        Some(c) => format!("declares a cluster of {c} CTAs (nvvm.cluster_dim)"),
        None => format!("declares no cluster (nvvm.cluster_dim = array<i32: {n}, 1, 1>)"),
    };
    Err(format!(
        "multicast = {n} reaches the CTAs 0..{} of a cluster of {n} CTAs, but the kernel {declared}",
        n.saturating_sub(1)
    ))
}

/// A tensor_memory_load (`load`) or tensor_memory_store has a tcgen05.ld/st form.
fn check_tensor_memory_form(op: OperationRef<'_, '_>, load: bool) -> Result<(), String> {
    let mut operands = op.operands();
    let (tmem, regs) = if load {
        (operands.next(), op.results().next().map(|r| r.r#type()))
    } else {
        let value = operands.next().map(|v| v.r#type());
        (operands.next(), value)
    };
    let (Some(tmem), Some(regs)) = (tmem, regs) else {
        return Ok(());
    };
    tensor_memory_form(op, tmem.r#type(), regs).map(|_| ())
}

/// Each shared operand (A, B) of an MMA is K- or MN-major, MN-major for 16-bit elements only.
fn check_operand_majors(mma: OperationRef<'_, '_>) -> Result<(), String> {
    for (name, v) in ["A", "B"].into_iter().zip(mma.operands()) {
        let Some(t) = memory_tensor(v.r#type()) else {
            continue; // A from registers (mma_async's RS form)
        };
        match major_of(t.layout) {
            None => {
                return Err(format!(
                    "neither mode of {name}'s shared layout '{}' is contiguous (stride 1): the \
                     MMA reads K- or MN-major tiles",
                    t.layout
                ))
            }
            Some(Major::MN) if bit_width(t.element) != Some(16) => {
                return Err(format!(
                    "{name}'s shared layout '{}' is MN-major, but '{}' operands are read K-major \
                     only (WGMMA transposes 16-bit types alone)",
                    t.layout, t.element
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The global tensor of a tma_copy, when `layout.make_tensor` makes it (through `local_tile`s),
/// has TMA coordinates for the shared tile.
fn check_tma_coordinates(copy: OperationRef<'_, '_>) -> Result<(), String> {
    let mut operands = copy.operands();
    let (Some(src), Some(dst)) = (operands.next(), operands.next()) else {
        return Ok(());
    };
    let load = memory_tensor(src.r#type()).is_some_and(|t| t.space == MemorySpace::Tma);
    let (mut global, shared) = if load { (src, dst) } else { (dst, src) };
    while let Some(tile) = defining_op(global).filter(|d| op_name(d) == "layout.local_tile") {
        let Some(parent) = tile.operands().next() else {
            return Ok(());
        };
        global = parent;
    }
    let Some(make) = defining_op(global).filter(|d| op_name(d) == "layout.make_tensor") else {
        return Ok(());
    };
    let Some(layout) = make.operands().nth(1) else {
        return Ok(());
    };
    tma_steps(layout.r#type(), shared.r#type()).map(|_| ())
}
