//! The memory accesses of `--layout-lower-tensors` whose tensor operands are resolved
//! ([`crate::tensor_resolve`]) into the pointer form the register-tensor lowering takes:
//!
//! - a tile in global memory becomes its pointer, one i64 stride per dimension but the last
//!   (`layout.stride_leaf` of its layout) and, when a mode of the tile may reach past the
//!   tensor, one i64 bound per dimension (the residue of a partial mode, the static tile extent
//!   of a whole one). A mode past the tile's dimensions (of extent 1) that may reach past the
//!   tensor is an error: the bounds are one per dimension of the copied tile.
//! - a tile in shared memory becomes its pointer and its (static) layout as the `smem`
//!   attribute.
//! - one thread's partition (`layout.partition`) read as a tile of every thread is an error:
//!   partitions are copied by layout.copy.
//!
//! The ops: `layout.async_copy` (a global source, a shared destination, either or both
//! tensors), `layout.global_load`, `layout.global_store`, `layout.shared_load`,
//! `layout.shared_store` taking a tensor are rebuilt on the resolved operands (an op without
//! tensor operands is not this pattern's); `layout.tensor_ptr` becomes the tensor's pointer,
//! cast to the result's address space when it differs.

use layout_dialect::ir::{operand_group, ranked_shape};
use layout_dialect::op_diagnostics::op_name;
use melior::ir::attribute::{Attribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::algebra_inference::Emitted;
use crate::build::{Builder, Val};
use crate::build_arith::{const_i64, index_cast};
use crate::build_layout::{leaf, op_of, segments, Leaf};
use crate::tensor_resolve::{internal, is_tensor, op_error, resolve};

/// The operands that address a tile in global memory: pointer, strides and bounds.
struct GlobalOperands<'c> {
    ptr: Val<'c>,
    strides: Vec<Val<'c>>,
    bounds: Vec<Val<'c>>,
}

/// The error of a partition read as a tile of every thread.
const PER_THREAD: &str = "reads one thread's partition (layout.partition) as a tile of every thread: copy partitions with layout.copy";

/// The global tile `tensor` of the shape `tile` resolved before `at` (the module doc).
fn global_operands<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
    tile: &[i64],
) -> Result<GlobalOperands<'c>, Emitted> {
    let r = resolve(b, at, tensor)?;
    if r.per_thread {
        return Err(op_error(at, PER_THREAD));
    }
    let rank = tile.len();
    let mut strides = Vec::new();
    for d in 0..rank.saturating_sub(1) {
        let s = leaf(b, Leaf::Stride, r.layout, &[d as i64]).map_err(internal(at))?;
        strides.push(index_cast(b, s, b.i64()));
    }
    // Modes past the tile's dimensions have extent 1 (verified): the tile of one head, at a
    // coordinate inside the tensor (a tile extent of 1 is whole, ops::local_tile).
    for d in rank..r.partial.len() {
        if r.partial[d] {
            return Err(op_error(
                at,
                &format!(
                    "mode {d} of the tile, past its {rank} dimensions, may reach past the tensor: the bounds of a partial tile are one per dimension of the copied tile"
                ),
            ));
        }
    }
    let mut bounds = Vec::new();
    if r.partial.iter().take(rank).any(|&p| p) {
        for (d, &extent) in tile.iter().enumerate() {
            bounds.push(match (r.partial.get(d), r.residue.get(d)) {
                (Some(true), Some(&residue)) => index_cast(b, residue, b.i64()),
                _ => const_i64(b, extent),
            });
        }
    }
    Ok(GlobalOperands {
        ptr: r.ptr,
        strides,
        bounds,
    })
}

/// The shared tile `tensor` resolved before `at`: its pointer and its layout as the `smem`
/// attribute.
pub(crate) fn shared_operands<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
) -> Result<(Val<'c>, Attribute<'c>), Emitted> {
    let r = resolve(b, at, tensor)?;
    if r.per_thread {
        return Err(op_error(at, PER_THREAD));
    }
    let layout = layout_dialect::memory_tensor::memory_tensor(tensor.r#type())
        .and_then(|t| layout_dialect::type_attr(t.layout))
        .ok_or_else(|| op_error(at, "internal: a shared tile of no layout"))?;
    Ok((r.ptr, layout))
}

/// The shape of the ranked tensor type `ty`.
fn shape_of(ty: Type<'_>) -> Result<Vec<i64>, String> {
    ranked_shape(ty)
        .map(|(_, shape)| shape)
        .ok_or_else(|| format!("internal: '{ty}' is not a ranked tensor"))
}

/// The attribute `name` of `op`, if it has one.
fn attribute<'c>(op: OperationRef<'c, 'c>, name: &str) -> Option<Attribute<'c>> {
    op.attribute(name).ok()
}

/// The attribute `name` of `op`, which the verifier made it have.
fn required<'c>(op: OperationRef<'c, 'c>, name: &str) -> Result<Attribute<'c>, String> {
    attribute(op, name).ok_or_else(|| format!("internal: no attribute '{name}'"))
}

/// Operand group `g` of `op`.
fn group<'c>(op: OperationRef<'c, 'c>, g: usize) -> Result<Vec<Val<'c>>, String> {
    operand_group(op, g)
}

/// Operand `i` of `op`.
fn operand<'c>(op: OperationRef<'c, 'c>, i: usize) -> Result<Val<'c>, String> {
    op.operands()
        .nth(i)
        .ok_or_else(|| format!("internal: {} has no operand {i}", op_name(&op)))
}

/// The result type of `op`.
fn result_type<'c>(op: OperationRef<'c, 'c>) -> Result<Type<'c>, String> {
    op.results()
        .next()
        .map(|r| r.r#type())
        .ok_or_else(|| format!("internal: {} has no result", op_name(&op)))
}

/// Rewrite the memory access or `layout.tensor_ptr` `op` on its resolved tensors (the module
/// doc); false when it takes no tensor (not this pattern's op).
pub(crate) fn resolve_access<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
) -> Result<bool, Emitted> {
    let name = op_name(&op);
    match name.as_str() {
        "layout.async_copy" => async_copy(b, op),
        "layout.global_load" | "layout.global_store" => global_access(b, op, &name),
        "layout.shared_load" | "layout.shared_store" => shared_access(b, op, &name),
        "layout.tensor_ptr" => tensor_ptr(b, op).map(|()| true),
        _ => Err(op_error(
            op,
            &format!("internal: {name} is not a memory access"),
        )),
    }
}

/// layout.async_copy (the module doc).
fn async_copy<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<bool, Emitted> {
    let at = op;
    let src = operand(op, 0).map_err(internal(at))?;
    let dst_group = group(op, 3).map_err(internal(at))?;
    let Some(&dst) = dst_group.first() else {
        return Err(op_error(at, "internal: async_copy without destination"));
    };
    if !is_tensor(src) && !is_tensor(dst) {
        return Ok(false);
    }
    let mut g = GlobalOperands {
        ptr: src,
        strides: group(op, 1).map_err(internal(at))?,
        bounds: group(op, 2).map_err(internal(at))?,
    };
    let tile = required(op, "tile").map_err(internal(at))?;
    if is_tensor(src) {
        let shape = TypeAttribute::try_from(tile)
            .map_err(|_| "internal: the tile is not a type".to_string())
            .and_then(|t| shape_of(t.value()))
            .map_err(internal(at))?;
        g = global_operands(b, at, src, &shape)?;
    }
    let smem_layout = group(op, 4).map_err(internal(at))?;
    let mut smem = attribute(op, "smem");
    let mut dst = dst;
    if is_tensor(dst) {
        let (ptr, layout) = shared_operands(b, at, dst)?;
        dst = ptr;
        smem = Some(layout);
    }
    let mut operands = vec![g.ptr];
    operands.extend(&g.strides);
    operands.extend(&g.bounds);
    operands.push(dst);
    operands.extend(&smem_layout);
    let sizes = segments(
        b,
        &[1, g.strides.len(), g.bounds.len(), 1, smem_layout.len()],
    )
    .map_err(internal(at))?;
    let mut attrs = vec![("tile", tile)];
    attrs.extend(smem.map(|s| ("smem", s)));
    attrs.push(("align", required(op, "align").map_err(internal(at))?));
    attrs.push(("operandSegmentSizes", sizes));
    op_of(b, "layout.async_copy", &operands, &attrs, &[]).map_err(internal(at))?;
    b.replace(op, &[]);
    Ok(true)
}

/// layout.global_load and layout.global_store (the module doc).
fn global_access<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    name: &str,
) -> Result<bool, Emitted> {
    let at = op;
    let load = name == "layout.global_load";
    // The stored value comes first in a store.
    let base_at = usize::from(!load);
    let base = operand(op, base_at).map_err(internal(at))?;
    if !is_tensor(base) {
        return Ok(false);
    }
    let tile_type = if load {
        result_type(op)
    } else {
        operand(op, 0).map(|v| v.r#type())
    }
    .map_err(internal(at))?;
    let shape = shape_of(tile_type).map_err(internal(at))?;
    let g = global_operands(b, at, base, &shape)?;
    let mut operands = Vec::new();
    if !load {
        operands.push(operand(op, 0).map_err(internal(at))?);
    }
    operands.push(g.ptr);
    operands.extend(&g.strides);
    operands.extend(&g.bounds);
    let mut groups = vec![1, g.strides.len(), g.bounds.len()];
    if !load {
        groups.insert(0, 1);
    }
    let sizes = segments(b, &groups).map_err(internal(at))?;
    let attrs = [
        ("align", required(op, "align").map_err(internal(at))?),
        ("operandSegmentSizes", sizes),
    ];
    let results = if load { vec![tile_type] } else { Vec::new() };
    let new = op_of(b, name, &operands, &attrs, &results).map_err(internal(at))?;
    let values: Vec<Val<'c>> = new.results().map(Into::into).collect();
    b.replace(op, &values);
    Ok(true)
}

/// layout.shared_load and layout.shared_store (the module doc).
fn shared_access<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    name: &str,
) -> Result<bool, Emitted> {
    let at = op;
    let load = name == "layout.shared_load";
    let base = operand(op, usize::from(!load)).map_err(internal(at))?;
    if !is_tensor(base) {
        return Ok(false);
    }
    let (ptr, smem) = shared_operands(b, at, base)?;
    let mut operands = Vec::new();
    if !load {
        operands.push(operand(op, 0).map_err(internal(at))?);
    }
    operands.push(ptr);
    let results = if load {
        vec![result_type(op).map_err(internal(at))?]
    } else {
        Vec::new()
    };
    let new = op_of(b, name, &operands, &[("smem", smem)], &results).map_err(internal(at))?;
    let values: Vec<Val<'c>> = new.results().map(Into::into).collect();
    b.replace(op, &values);
    Ok(true)
}

/// layout.tensor_ptr (the module doc).
fn tensor_ptr<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), Emitted> {
    let tensor = operand(op, 0).map_err(internal(op))?;
    let r = resolve(b, op, tensor)?;
    let ty = result_type(op).map_err(internal(op))?;
    let mut p = r.ptr;
    if p.r#type() != ty {
        p = b.addrspacecast(p, ty);
    }
    b.replace(op, &[p]);
    Ok(())
}
