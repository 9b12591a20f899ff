//! A tensor in memory resolved at an op that reads or writes it (`--layout-lower-tensors`):
//! its first element, its layout value and, per top-level mode, the residue, whether it needs
//! a predicate and the coordinate of its origin in the tensor made by `layout.make_tensor`,
//! built before the op from the chain that made the tensor. The rules, per op of the chain:
//!
//! - **`layout.make_tensor(p, L)`**: the pointer p and the layout L; per mode d of L, the
//!   residue size(L_d) (`layout.get`, `layout.size`), no predicate, origin 0. A layout without
//!   rank is an error.
//! - **`layout.local_tile(T, t, c)`**: CuTe's mode 0 of zipped_divide(L, t) at the rest
//!   coordinate c (`ops::local_tile`, the verifier's plan): the pointer moves by rest(c)
//!   elements (not for a tma tensor, whose pointer is its tensor map: its tiles are addressed by
//!   their origin's coordinates), the layout is mode 0; per mode the origin moves and the
//!   residue shrinks by c_d t_d, and the mode needs a predicate when the parent's does or the
//!   tile extent does not divide the mode's static extent.
//! - **`layout.slice_tensor`**: the element at c (the given coordinates in the fixed modes,
//!   a ring position taken modulo the mode's static extent, 0 elsewhere) is the first; the
//!   other modes remain, with their residues, predicates and origins, laid out by
//!   select(L, kept) (`ops::slice_tensor`).
//! - **`layout.partition`**: R = tidfrg(L, thr, val, vector); thread t's part starts at
//!   R(t, 0, 0) and is laid out by slice(c, R), c the algebra's coordinate of thread 0's part.
//!   It keeps the tile's residues and predicates, and the partition with the tile's static mode
//!   sizes (what layout.copy predicates a partial tile by).
//! - **`layout.partition_mma`**: R = thrfrg(L, atom_tv, tile, grid[, permutation]) of the tiled
//!   MMA (`ops::partition_plan::mma_tiling`); the thread's part starts at R at its mode-0
//!   coordinate (the tiling's thread-coordinate layout at the thread index).
//! - A partition of a partition is an error.
//! - **The views** (`select_tensor`, `group_tensor`, `recast_tensor`): the parent's pointer and
//!   the view's layout (the result type's: a `layout.const` when static, else `layout.select` or
//!   `layout.group_modes` of the parent's layout); a view of a tile that may reach past its
//!   tensor in a mode it groups, recasts or drops is refused (the predicates are per mode of
//!   the tile), and a recast of a layout with runtime leaves is not lowered. A select keeps the
//!   residues, predicates and origins of its modes; another view has whole modes.
//!
//! A tensor that is not made in its function by these ops (a block argument, a value passed
//! through `scf.for`) cannot be resolved: [`resolvable`] is the error at its use, checked
//! before any rewrite.

use layout_algebra::ops::local_tile::{local_tile, LocalTileError};
use layout_algebra::ops::partition_plan::{copy_coordinate, mma_coordinate, rank_of};
use layout_algebra::ops::slice_tensor::{slice_tensor, SliceTensorError};
use layout_algebra::Value as AlgebraValue;
use layout_dialect::layout_modes::static_mode_sizes;
use layout_dialect::memory_tensor::{memory_tensor, MemorySpace};
use layout_dialect::op_access::{i64_array_attribute, integer_attribute};
use layout_dialect::op_diagnostics::{algebra_message, emit_verifier_error, op_name};
use layout_dialect::tensor_partitions::tiled_mma;
use melior::ir::attribute::Attribute;
use melior::ir::block::BlockArgument;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::algebra_inference::{inferred, type_of, Emitted};
use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_index, index_cast, Arith};
use crate::build_layout::{algebra_op, constant, crd2idx, indexed_op, size};
use crate::kernel_checks::defining_op;
use crate::register_tensor::llvm_element;

/// A tensor resolved at a use (the module doc).
pub(crate) struct Resolved<'c> {
    /// The first element (a tma tensor's tensor map).
    pub ptr: Val<'c>,
    /// The layout value.
    pub layout: Val<'c>,
    /// Per top-level mode: the residue (index), whether it needs a predicate, and the
    /// coordinate (index) of the first element in the mode of the tensor made by make_tensor.
    pub residue: Vec<Val<'c>>,
    pub partial: Vec<bool>,
    pub origin: Vec<Val<'c>>,
    /// The layout type of the tensor made by make_tensor (a tma tensor's TMA coordinates).
    pub root: Type<'c>,
    /// One thread's partition (layout.partition, layout.partition_mma): only layout.copy reads
    /// it.
    pub per_thread: bool,
    /// The layout.partition, and the static mode sizes of the tile it partitions (-1 where
    /// not static).
    pub partition: Option<OperationRef<'c, 'c>>,
    pub tile_sizes: Vec<i64>,
}

/// The error `message` of the op being lowered, `at` (as `op->emitOpError()`).
pub(crate) fn op_error(at: OperationRef<'_, '_>, message: &str) -> Emitted {
    emit_verifier_error(&at, message);
    Emitted
}

/// An internal error (an op the verifier would have refused) at `at`.
pub(crate) fn internal<'c>(at: OperationRef<'c, 'c>) -> impl Fn(String) -> Emitted + 'c {
    move |message| op_error(at, &message)
}

/// Whether `v` is a tensor in memory.
pub(crate) fn is_tensor(v: Val<'_>) -> bool {
    memory_tensor(v.r#type()).is_some()
}

/// Whether `v` is a tensor in tma memory.
pub(crate) fn is_tma(v: Val<'_>) -> bool {
    memory_tensor(v.r#type()).is_some_and(|t| t.space == MemorySpace::Tma)
}

/// Whether `op` is one of the views of a memory tensor.
fn is_view(op: OperationRef<'_, '_>) -> bool {
    matches!(
        op_name(&op).as_str(),
        "layout.select_tensor" | "layout.group_tensor" | "layout.recast_tensor"
    )
}

/// Operand 0 of `op` (the tensor of a tile, slice, partition or view).
fn first_operand<'c>(op: OperationRef<'c, 'c>) -> Result<Val<'c>, String> {
    op.operands()
        .next()
        .ok_or_else(|| format!("internal: {} has no operand", op_name(&op)))
}

/// Whether `tensor` is made in its function by make_tensor (or shared_alloc) through tiles,
/// slices, partitions and views (the module doc); else the error at its use `at`.
pub(crate) fn resolvable<'c>(tensor: Val<'c>) -> Result<(), String> {
    let mut tensor = tensor;
    while let Some(op) = defining_op(tensor) {
        let name = op_name(&op);
        match name.as_str() {
            "layout.local_tile" | "layout.partition" | "layout.partition_mma" => {}
            "layout.slice_tensor" => {
                let parent = first_operand(op)?;
                if is_tma(parent) {
                    return Err(format!(
                        "reads a slice of the tma tensor '{}': a tma tensor's tiles are addressed by TMA coordinates, so it is tiled by layout.local_tile only",
                        parent.r#type()
                    ));
                }
            }
            _ if is_view(op) => {}
            "layout.make_tensor" | "layout.shared_alloc" => return Ok(()),
            _ => break,
        }
        tensor = first_operand(op)?;
    }
    let what = if BlockArgument::try_from(tensor).is_ok() {
        "block argument"
    } else {
        "value of another op"
    };
    Err(format!(
        "reads a tensor that is not made in its function by layout.make_tensor, layout.local_tile, layout.slice_tensor and views (a {what}): its pointer and layout cannot be resolved"
    ))
}

/// The number of elements of each top-level mode of the layout type `l` (-1 where not static),
/// or none when it is not a layout.
fn mode_sizes(l: Type<'_>) -> Option<Vec<i64>> {
    static_mode_sizes(l).map(|m| m.into_iter().map(|s| s.unwrap_or(-1)).collect())
}

/// The static number of elements of mode `d` of the layout type `l`.
fn static_mode_size(l: Type<'_>, d: usize) -> Option<i64> {
    mode_sizes(l)?.get(d).copied().filter(|&n| n >= 0)
}

/// The CuTe value of the layout-dialect type `ty`.
fn cute_of(ty: Type<'_>) -> Option<AlgebraValue> {
    layout_dialect::type_value(ty)?
        .ok()
        .map(|v| AlgebraValue::clone(&v))
}

/// The CuTe value of the layout-dialect attribute `attr`.
fn cute_of_attr(attr: Attribute<'_>) -> Option<AlgebraValue> {
    layout_dialect::attr_value(attr)?
        .ok()
        .map(|v| AlgebraValue::clone(&v))
}

/// `layout.const` of the algebra's `value`.
fn const_of_value<'c>(b: &Builder<'c>, value: AlgebraValue) -> Result<Val<'c>, String> {
    let ty = type_of(b, value);
    let attr = layout_dialect::type_attr(ty).ok_or("internal: a constant of no layout type")?;
    constant(b, attr, ty)
}

/// `layout.const` of the layout-dialect attribute `attr` (a CuTe value).
fn const_of_attr<'c>(b: &Builder<'c>, attr: Attribute<'c>) -> Result<Val<'c>, String> {
    let value = cute_of_attr(attr).ok_or("internal: a constant that is not a CuTe value")?;
    constant(b, attr, type_of(b, value))
}

/// The layout type of the layout value `l`.
fn layout_type<'c>(l: Val<'c>) -> Type<'c> {
    l.r#type()
}

/// Mode `d` of the layout value `l` (`layout.get`).
fn mode_of<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    l: Val<'c>,
    d: i64,
) -> Result<Val<'c>, Emitted> {
    let ty = inferred(b, "layout.get", &[l], &[d])?;
    indexed_op(b, "layout.get", l, &[d], ty).map_err(internal(at))
}

/// Per mode `d < n` of the layout value `l`: the residue size(l_d), no predicate, origin 0.
fn whole_modes<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    r: &mut Resolved<'c>,
    l: Val<'c>,
    n: usize,
) -> Result<(), Emitted> {
    for d in 0..n {
        let mode = mode_of(b, at, l, d as i64)?;
        r.residue.push(size(b, mode).map_err(internal(at))?);
        r.partial.push(false);
        r.origin.push(const_index(b, 0));
    }
    Ok(())
}

/// `base` moved by the index `offset` elements of the tensor `tensor`'s element type.
fn moved<'c>(
    b: &Builder<'c>,
    tensor: Val<'c>,
    base: Val<'c>,
    offset: Val<'c>,
) -> Result<Val<'c>, String> {
    let t = memory_tensor(tensor.r#type()).ok_or("internal: not a tensor in memory")?;
    let offset64 = index_cast(b, offset, b.i64());
    Ok(b.element_address(base, llvm_element(b, t.element), offset64))
}

/// A resolution that starts with `parent`'s root and nothing else.
fn from_root<'c>(parent: &Resolved<'c>, ptr: Val<'c>, layout: Val<'c>) -> Resolved<'c> {
    Resolved {
        ptr,
        layout,
        residue: Vec::new(),
        partial: Vec::new(),
        origin: Vec::new(),
        root: parent.root,
        per_thread: false,
        partition: None,
        tile_sizes: Vec::new(),
    }
}

/// Resolve `tensor` (resolvable) before the op `at`, through `b` (the module doc).
pub(crate) fn resolve<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
) -> Result<Resolved<'c>, Emitted> {
    let op = defining_op(tensor).ok_or_else(|| op_error(at, "internal: an unresolvable tensor"))?;
    let name = op_name(&op);
    let chain = matches!(
        name.as_str(),
        "layout.slice_tensor" | "layout.partition" | "layout.partition_mma" | "layout.local_tile"
    );
    if name == "layout.make_tensor" {
        return resolve_make_tensor(b, at, op);
    }
    if !chain && !is_view(op) {
        return Err(op_error(
            at,
            &format!("internal: cannot resolve a tensor made by {name}"),
        ));
    }
    // Every other op of the chain starts from its tensor, resolved first.
    let parent = resolve(b, at, first_operand(op).map_err(internal(at))?)?;
    let step = Step {
        at,
        tensor,
        op,
        parent,
    };
    match name.as_str() {
        "layout.slice_tensor" => resolve_slice(b, step),
        "layout.partition" => resolve_partition(b, step),
        "layout.partition_mma" => resolve_partition_mma(b, step),
        "layout.local_tile" => resolve_local_tile(b, step),
        _ => resolve_view(b, step),
    }
}

/// One op of the chain after make_tensor: the op being lowered `at`, the tensor `tensor` that
/// `op` makes, and its operand tensor resolved (`parent`).
struct Step<'c> {
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
    op: OperationRef<'c, 'c>,
    parent: Resolved<'c>,
}

/// layout.make_tensor (the module doc).
fn resolve_make_tensor<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    make: OperationRef<'c, 'c>,
) -> Result<Resolved<'c>, Emitted> {
    let mut operands = make.operands();
    let (Some(ptr), Some(layout)) = (operands.next(), operands.next()) else {
        return Err(op_error(at, "internal: make_tensor without its operands"));
    };
    let ty = layout_type(layout);
    let mut r = Resolved {
        ptr,
        layout,
        residue: Vec::new(),
        partial: Vec::new(),
        origin: Vec::new(),
        root: ty,
        per_thread: false,
        partition: None,
        tile_sizes: Vec::new(),
    };
    let Some(modes) = mode_sizes(ty) else {
        return Err(op_error(
            at,
            &format!("cannot read the rank of the tensor's layout '{ty}'"),
        ));
    };
    whole_modes(b, at, &mut r, layout, modes.len())?;
    Ok(r)
}

/// layout.slice_tensor (the module doc).
fn resolve_slice<'c>(b: &Builder<'c>, step: Step<'c>) -> Result<Resolved<'c>, Emitted> {
    let Step {
        at,
        tensor,
        op: slice,
        parent,
    } = step;
    let modes = i64_array_attribute(slice, "modes").map_err(internal(at))?;
    let ring = slice.attribute("ring").is_ok();
    let zero = const_index(b, 0);
    let mut coord = vec![zero; parent.residue.len()];
    let parent_type = layout_type(parent.layout);
    for (&d, c) in modes.iter().zip(slice.operands().skip(1)) {
        let Some(slot) = usize::try_from(d).ok().and_then(|d| coord.get_mut(d)) else {
            return Err(op_error(at, "internal: a slice mode past the tensor's"));
        };
        *slot = c;
        // A ring position k fixes the mode at k mod its extent (static: verified).
        if ring {
            if let Some(n) = static_mode_size(parent_type, d as usize) {
                let n = const_index(b, n);
                *slot = arith(b, Arith::RemUI, c, n);
            }
        }
    }
    let offset = crd2idx(b, parent.layout, &coord).map_err(internal(at))?;
    let ptr = moved(b, tensor, parent.ptr, offset).map_err(internal(at))?;
    let mut r = from_root(&parent, ptr, parent.layout);
    for d in 0..parent.residue.len() {
        if !modes.contains(&(d as i64)) {
            r.residue.push(parent.residue[d]);
            r.partial.push(parent.partial[d]);
            // A thread's part has no origins.
            r.origin.extend(parent.origin.get(d));
        }
    }
    // The remaining modes' layout (`layout.select`, the result type's: the verifier's plan).
    let plan = match cute_of(parent_type) {
        Some(l) => slice_tensor(&l, &modes, &vec![None; modes.len()], ring).map_err(|e| match e {
            SliceTensorError::NotTranslation(e) | SliceTensorError::Algebra(e) => {
                algebra_message(e)
            }
            _ => String::new(),
        }),
        None => Err(String::new()),
    };
    let plan = plan.map_err(|m| op_error(at, &m))?;
    let kept: Vec<i64> = plan.kept.iter().map(|&d| d as i64).collect();
    let ty = type_of(b, plan.layout);
    r.layout = indexed_op(b, "layout.select", parent.layout, &kept, ty).map_err(internal(at))?;
    Ok(r)
}

/// The parent of a partition: an error when it is itself one thread's partition.
fn not_nested<'c>(at: OperationRef<'c, 'c>, parent: &Resolved<'c>) -> Result<(), Emitted> {
    if parent.per_thread {
        return Err(op_error(at, "reads a partition of a partition"));
    }
    Ok(())
}

/// The thread operand (operand 1) of a partition.
fn thread_of<'c>(part: OperationRef<'c, 'c>) -> Result<Val<'c>, String> {
    part.operands()
        .nth(1)
        .ok_or_else(|| "internal: a partition without its thread".to_string())
}

/// layout.partition (the module doc).
fn resolve_partition<'c>(b: &Builder<'c>, step: Step<'c>) -> Result<Resolved<'c>, Emitted> {
    let Step {
        at,
        tensor,
        op: part,
        parent,
    } = step;
    not_nested(at, &parent)?;
    let attr = |name: &str| {
        part.attribute(name)
            .map_err(|_| op_error(at, &format!("internal: no attribute '{name}'")))
    };
    let vector = integer_attribute(part, "vector").map_err(internal(at))?;
    let thr = const_of_attr(b, attr("thr")?).map_err(internal(at))?;
    let val = const_of_attr(b, attr("val")?).map_err(internal(at))?;
    let vec = const_of_value(b, AlgebraValue::int(vector)).map_err(internal(at))?;
    let operands = [parent.layout, thr, val, vec];
    let ty = inferred(b, "layout.tidfrg", &operands, &[])?;
    let r = algebra_op(b, "layout.tidfrg", &operands, ty).map_err(internal(at))?;
    let zero = const_index(b, 0);
    let thread = thread_of(part).map_err(internal(at))?;
    let mut p = thread_part(b, at, tensor, &parent, r, &[thread, zero, zero], false)?;
    p.partition = Some(part);
    let parent_type = layout_type(parent.layout);
    p.tile_sizes = (0..parent.residue.len())
        .map(|d| static_mode_size(parent_type, d).unwrap_or(-1))
        .collect();
    Ok(p)
}

/// layout.partition_mma (the module doc).
fn resolve_partition_mma<'c>(b: &Builder<'c>, step: Step<'c>) -> Result<Resolved<'c>, Emitted> {
    let Step {
        at,
        tensor,
        op: part,
        parent,
    } = step;
    not_nested(at, &parent)?;
    let tiling = tiled_mma(part)
        .map_err(internal(at))?
        .map_err(|e| op_error(at, &algebra_message(e)))?;
    let atom_tv =
        const_of_value(b, AlgebraValue::layout(tiling.atom_tv.clone())).map_err(internal(at))?;
    let tile = const_of_value(b, tiling.tile_value()).map_err(internal(at))?;
    let grid = const_of_value(b, tiling.grid_value()).map_err(internal(at))?;
    let thread_coord = const_of_value(b, AlgebraValue::layout(tiling.thread_coord.clone()))
        .map_err(internal(at))?;
    let mut operands = vec![parent.layout, atom_tv, tile, grid];
    if let Some(perm) = &tiling.permutation {
        operands.push(const_of_value(b, perm.clone()).map_err(internal(at))?);
    }
    let ty = inferred(b, "layout.thrfrg", &operands, &[])?;
    let r = algebra_op(b, "layout.thrfrg", &operands, ty).map_err(internal(at))?;
    let thread = thread_of(part).map_err(internal(at))?;
    let mode0 = crd2idx(b, thread_coord, &[thread]).map_err(internal(at))?;
    let zero = const_index(b, 0);
    thread_part(b, at, tensor, &parent, r, &[mode0, zero], true)
}

/// Thread t's part of the tensor `tensor` whose tile `parent` is partitioned by R (tidfrg, or
/// thrfrg when `mma`; `at0` the thread's mode-0 coordinate and 0 in the other modes): the
/// pointer moved by R(at0) and the layout slice(c, R), c the algebra's coordinate of thread
/// 0's part.
fn thread_part<'c>(
    b: &Builder<'c>,
    at: OperationRef<'c, 'c>,
    tensor: Val<'c>,
    parent: &Resolved<'c>,
    r: Val<'c>,
    at0: &[Val<'c>],
    mma: bool,
) -> Result<Resolved<'c>, Emitted> {
    let offset = crd2idx(b, r, at0).map_err(internal(at))?;
    let offset64 = index_cast(b, offset, b.i64());
    let rank = cute_of(layout_type(parent.layout))
        .as_ref()
        .and_then(rank_of)
        .unwrap_or(1);
    let c = AlgebraValue::Coord(if mma {
        mma_coordinate(rank)
    } else {
        copy_coordinate(rank)
    });
    let coord = const_of_value(b, c).map_err(internal(at))?;
    let ty = inferred(b, "layout.slice", &[coord, r], &[])?;
    let t = memory_tensor(tensor.r#type()).ok_or_else(|| op_error(at, "internal: not a tensor"))?;
    let ptr = b.element_address(parent.ptr, llvm_element(b, t.element), offset64);
    let mut p = from_root(parent, ptr, parent.layout);
    p.per_thread = true;
    p.residue = parent.residue.clone();
    p.partial = parent.partial.clone();
    p.layout = algebra_op(b, "layout.slice", &[coord, r], ty).map_err(internal(at))?;
    Ok(p)
}

/// A view of a memory tensor (the module doc).
fn resolve_view<'c>(b: &Builder<'c>, step: Step<'c>) -> Result<Resolved<'c>, Emitted> {
    let Step {
        at,
        op: view,
        parent,
        ..
    } = step;
    let ty = view
        .results()
        .next()
        .map(|r| r.r#type())
        .ok_or_else(|| op_error(at, "internal: a view without result"))?;
    let layout_ty = memory_tensor(ty)
        .ok_or_else(|| op_error(at, "internal: a view that is not a tensor"))?
        .layout;
    let name = op_name(&view);
    let select = match name.as_str() {
        "layout.select_tensor" => Some(i64_array_attribute(view, "modes").map_err(internal(at))?),
        _ => None,
    };
    for (d, &partial) in parent.partial.iter().enumerate() {
        if partial && !select.as_ref().is_some_and(|m| m.contains(&(d as i64))) {
            return Err(op_error(
                at,
                &format!(
                    "reads the view '{ty}' of a tile that may reach past its tensor in mode {d}: the predicates of a partial tile are per mode; view a whole tile, or select the partial modes in another order"
                ),
            ));
        }
    }
    let layout = if layout_dialect::type_is_static(layout_ty) {
        let attr = layout_dialect::type_attr(layout_ty)
            .ok_or_else(|| op_error(at, "internal: a view of no layout type"))?;
        constant(b, attr, layout_ty).map_err(internal(at))?
    } else if let Some(modes) = &select {
        indexed_op(b, "layout.select", parent.layout, modes, layout_ty).map_err(internal(at))?
    } else if name == "layout.group_tensor" {
        let begin = integer_attribute(view, "begin").map_err(internal(at))?;
        let end = integer_attribute(view, "end").map_err(internal(at))?;
        indexed_op(
            b,
            "layout.group_modes",
            parent.layout,
            &[begin, end],
            layout_ty,
        )
        .map_err(internal(at))?
    } else {
        return Err(op_error(
            at,
            &format!(
                "reads the recast '{ty}' of a layout with runtime leaves, which is not lowered"
            ),
        ));
    };
    let mut r = from_root(&parent, parent.ptr, layout);
    if let Some(modes) = select {
        for m in modes {
            let Some(m) = usize::try_from(m)
                .ok()
                .filter(|&m| m < parent.residue.len())
            else {
                return Err(op_error(at, "internal: a selected mode past the tensor's"));
            };
            r.residue.push(parent.residue[m]);
            r.partial.push(parent.partial[m]);
            // A thread's part has no origins.
            r.origin.extend(parent.origin.get(m));
        }
        return Ok(r);
    }
    let n = mode_sizes(layout_ty).map_or(0, |m| m.len());
    whole_modes(b, at, &mut r, layout, n)?;
    Ok(r)
}

/// layout.local_tile (the module doc).
fn resolve_local_tile<'c>(b: &Builder<'c>, step: Step<'c>) -> Result<Resolved<'c>, Emitted> {
    let Step {
        at,
        tensor,
        op: tile,
        parent,
    } = step;
    let tiler_attr = tile
        .attribute("tile")
        .map_err(|_| op_error(at, "internal: no attribute 'tile'"))?;
    // The tile's layout and its origin's offset (ops::local_tile: the modes of
    // zipped_divide(L, tile), the verifier's plan).
    let plan = match (
        cute_of(layout_type(parent.layout)),
        cute_of_attr(tiler_attr),
    ) {
        (Some(l), Some(t)) => local_tile(&l, &t).map_err(|e| match e {
            LocalTileError::Algebra(e) | LocalTileError::NotTranslation(e) => algebra_message(e),
            _ => String::new(),
        }),
        _ => Err(String::new()),
    };
    let plan = plan.map_err(|m| op_error(at, &m))?;
    let tiler = const_of_attr(b, tiler_attr).map_err(internal(at))?;
    let divided_ty = type_of(b, plan.divided.clone());
    let divided = algebra_op(
        b,
        "layout.zipped_divide",
        &[parent.layout, tiler],
        divided_ty,
    )
    .map_err(internal(at))?;
    let inner = indexed_op(
        b,
        "layout.get",
        divided,
        &[0],
        type_of(b, plan.tile.clone()),
    )
    .map_err(internal(at))?;
    let rest = indexed_op(
        b,
        "layout.get",
        divided,
        &[1],
        type_of(b, plan.rest.clone()),
    )
    .map_err(internal(at))?;
    let coords: Vec<Val<'c>> = tile.operands().skip(1).collect();
    // A tma tensor's pointer is its tensor map: the tile is addressed by its origin's
    // coordinates instead.
    let mut ptr = parent.ptr;
    if !is_tma(tensor) {
        let offset = crd2idx(b, rest, &coords).map_err(internal(at))?;
        ptr = moved(b, tensor, parent.ptr, offset).map_err(internal(at))?;
    }
    let mut r = from_root(&parent, ptr, inner);
    for (d, &c) in coords.iter().enumerate() {
        let (Some(&extent), Some(&whole), Some(&origin), Some(&residue), Some(&partial)) = (
            plan.extents.get(d),
            plan.whole.get(d),
            parent.origin.get(d),
            parent.residue.get(d),
            parent.partial.get(d),
        ) else {
            return Err(op_error(
                at,
                "internal: a tile coordinate past the tile's modes",
            ));
        };
        let extent = const_index(b, extent);
        let start = arith(b, Arith::MulI, c, extent);
        r.origin.push(arith(b, Arith::AddI, origin, start));
        r.residue.push(arith(b, Arith::SubI, residue, start));
        r.partial.push(partial || !whole);
    }
    Ok(r)
}
