//! The verifiers of the ops that make a tensor in memory (`!layout.tensor<T, space, L>`), cut
//! it into tiles, slices and thread partitions, and copy it, called through
//! [`crate::tensor_op_verifier`]:
//!
//! - **`layout.make_tensor`**: a tma tensor is made from its tensor map, an `!llvm.ptr`, and its
//!   layout is a plain layout of 1 to 5 modes (`hw::tma_limits::tensor_map_rank`); any other
//!   tensor from an `!llvm.ptr` of its space's address space (a global one also from the
//!   generic `!llvm.ptr`).
//! - **`layout.local_tile`**: the tile attribute is a flat tuple of positive extents, one per
//!   mode of L; one coordinate per tile mode; the tiles of L are one tile moved; the result is
//!   the tensor of the tile's layout, mode 0 of zipped_divide(L, tile) (`ops::local_tile`).
//! - **`layout.partition`** (`thr` and `val` layouts, `vector`) and **`layout.partition_mma`**
//!   (`atom`, `operand`, `atoms`, `permutation`): a tensor in global or shared memory; the
//!   result is the tensor of thread 0's part of L under the tiled copy or MMA, whose thread
//!   partitions are one partition moved (`ops::partition_plan`; a part the runtime leaves leave
//!   open is `*`).
//! - **`layout.copy`**: source and destination in global or shared memory, of the same element
//!   type of whole bytes; `align` a power of two of at least one element; both static sizes,
//!   equal, at most 4096 elements; `async` copies global to shared memory.
//! - **`layout.slice_tensor`**: the fixed `modes` (each with a static extent under `ring`)
//!   are increasing modes of L, one coordinate each, and leave at least one mode; a constant
//!   coordinate lies in its mode's extent unless `ring`; the result is the tensor of
//!   select(L, kept) (`ops::slice_tensor`).
//!
//! The first failure, in that order per op, is the op's error.
//!
//! The tiled copy or MMA a partition's attributes name ([`tiled_copy`], [`tiled_mma`]) is what
//! lowering-nvvm's checks of `layout.copy` read as well.

use layout_algebra::ops::local_tile::LocalTileError;
use layout_algebra::ops::partition_plan::{self, MmaTiling, PartError, ThreadPart};
use layout_algebra::ops::slice_tensor::{slice_tensor as slice_plan, SliceTensorError};
use layout_algebra::{Error, Value};
use layout_dialect_ffi::Stored;
use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::Context;

use crate::ir::pointer_space;
use crate::memory_tensor::{memory_tensor, memory_tensor_type, MemorySpace, MemoryTensor};
use crate::op_access::{
    bit_width, constant_int, i64_array_attribute, integer_attribute, operand_type, result_type,
    string_attribute,
};

/// Verify the memory-tensor op `op` named `name` (the module doc).
pub(crate) fn verify<'c>(
    ctx: &'c Context,
    op: OperationRef<'c, '_>,
    name: &str,
) -> Result<(), String> {
    match name {
        "layout.make_tensor" => make_tensor(op),
        "layout.local_tile" => local_tile(ctx, op),
        "layout.partition" | "layout.partition_mma" => thread_part(ctx, op, name),
        "layout.copy" => copy(op),
        "layout.slice_tensor" => slice_tensor(ctx, op),
        _ => Err(format!("internal: {name} is not a memory-tensor op")),
    }
}

/// The parameters of the memory tensor type `ty` (the ODS makes it one).
fn tensor_of(ty: Type<'_>) -> Result<MemoryTensor<'_>, String> {
    memory_tensor(ty).ok_or_else(|| format!("internal: '{ty}' is not a tensor in memory"))
}

/// The value a layout-dialect type holds (none for `*` or a type of another dialect).
fn stored_of(ty: Type<'_>) -> Option<&Stored> {
    crate::type_stored(ty).flatten()
}

/// The text of an algebra error as the C results carry it: a parse error's message alone.
fn error_text(e: Error) -> String {
    match e {
        Error::Parse { message, .. } => message,
        e => e.to_string(),
    }
}

/// The tensor of `element` in `space` laid out by the algebra's `layout`.
fn tensor_type<'c>(
    ctx: &'c Context,
    element: Type<'c>,
    space: MemorySpace,
    layout: Value,
) -> Result<Type<'c>, String> {
    let layout = crate::value_type(ctx, Stored::Cute(layout));
    memory_tensor_type(ctx, element, space, layout)
        .ok_or_else(|| "internal: a layout that is not a layout type".to_string())
}

/// layout.make_tensor (the module doc).
fn make_tensor(op: OperationRef<'_, '_>) -> Result<(), String> {
    let tensor = tensor_of(result_type(op)?)?;
    let ptr = operand_type(op, 0)?;
    let p = pointer_space(ptr);
    if tensor.space == MemorySpace::Tma {
        if p != Some(0) {
            return Err(format!(
                "a tma tensor is made from its tensor map, an !llvm.ptr, found '{ptr}'"
            ));
        }
        let rank = stored_of(tensor.layout)
            .and_then(Stored::cute)
            .and_then(layout_algebra::hw::tma_limits::tensor_map_rank);
        if rank.is_none() {
            return Err(format!(
                "a tma tensor's layout is a plain layout of 1 to 5 modes (the tensor map's dimensions), found '{}'",
                tensor.layout
            ));
        }
        return Ok(());
    }
    let space = tensor.space.address_space();
    let global = tensor.space == MemorySpace::Global;
    let generic = global && p == Some(0);
    if p.is_none() || (p != Some(space) && !generic) {
        return Err(format!(
            "a tensor in {} memory is made from an !llvm.ptr<{space}>{}, found '{ptr}'",
            tensor.space.name(),
            if global { " or !llvm.ptr" } else { "" }
        ));
    }
    Ok(())
}

/// layout.local_tile (the module doc).
fn local_tile<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let source_type = operand_type(op, 0)?;
    let source = tensor_of(source_type)?;
    let result = result_type(op)?;
    let layout = source.layout;
    let tile = op
        .attribute("tile")
        .map_err(|_| "internal: no attribute 'tile'".to_string())?;
    if crate::attr_mnemonic(tile) != Some("tuple") {
        return Err(format!(
            "the tile must be a flat tuple of extents (#layout.tuple<(64,32)>), found {tile}"
        ));
    }
    let (tile_rank, plan) =
        layout_dialect_ffi::local_tile_of(stored_of(layout), crate::attr_stored(tile).flatten());
    let plan = match plan {
        Err(LocalTileError::NotFlat) => {
            return Err(format!(
                "the tile must be a flat tuple of positive extents, found {tile}"
            ))
        }
        Err(LocalTileError::Rank { layout: rank, .. }) => {
            return Err(format!(
                "the tile {tile} has {tile_rank} modes, the tensor's layout '{layout}' {}: one tile extent per mode",
                rank.map_or("?".to_string(), |r| r.to_string())
            ))
        }
        plan => plan,
    };
    let coords = op.operand_count().saturating_sub(1);
    if coords as i64 != tile_rank {
        return Err(format!(
            "takes one coordinate per tile mode ({tile_rank}), found {coords}"
        ));
    }
    // The tile at c is the tile at 0 moved by rest(c): a swizzle must read no bit of the move
    // together with the tile's own offsets (mode 1 of the divided layout against mode 0).
    let plan = match plan {
        Ok(plan) => plan,
        Err(LocalTileError::NotTranslation(e)) => {
            return Err(format!(
                "the tiles of '{layout}' are not one tile moved: {}",
                error_text(e)
            ))
        }
        Err(LocalTileError::Algebra(e)) => return Err(error_text(e)),
        Err(_) => return Err("internal: a local_tile error checked before".into()),
    };
    let expected = tensor_type(ctx, source.element, source.space, plan.tile)?;
    if result != expected {
        return Err(format!(
            "the tile of '{source_type}' by {tile} is '{expected}', not '{result}'"
        ));
    }
    Ok(())
}

/// layout.partition and layout.partition_mma (the module doc).
fn thread_part<'c>(ctx: &'c Context, op: OperationRef<'c, '_>, name: &str) -> Result<(), String> {
    let source_type = operand_type(op, 0)?;
    let source = tensor_of(source_type)?;
    let result = result_type(op)?;
    if !matches!(source.space, MemorySpace::Global | MemorySpace::Shared) {
        return Err(format!(
            "partitions a tensor in global or shared memory, found '{source_type}' (a tma tensor is copied by layout.tma_copy, a tmem tensor by its own instructions)"
        ));
    }
    let layout = source.layout;
    let part = if name == "layout.partition" {
        copy_part(op, layout)?
    } else {
        mma_part(op, layout)?
    };
    let part_type = match part {
        Ok(p) => crate::value_type(ctx, Stored::Cute(p.part)),
        Err(e) => thread_part_error(ctx, layout, e)?,
    };
    let expected = memory_tensor_type(ctx, source.element, source.space, part_type)
        .ok_or("internal: a partition that is not a layout type")?;
    if result != expected {
        return Err(format!(
            "thread partitions of '{source_type}' are '{expected}', not '{result}'"
        ));
    }
    Ok(())
}

/// The CuTe value of a handle, or the algebra's error naming `what`.
fn cute<'a>(h: Option<&'a Stored>, what: &str) -> Result<&'a Value, PartError> {
    h.and_then(Stored::cute)
        .ok_or_else(|| PartError::Algebra(Error::algebra(format!("{what}: expected a CuTe value"))))
}

/// The tiled copy of a layout.partition (CuTe's `make_tiled_copy(atom, thr, val)` of an atom
/// of `vector` values): its `thr` and `val` layouts and `vector`.
pub struct TiledCopy<'c> {
    pub thr: &'c Value,
    pub val: &'c Value,
    pub vector: i64,
}

/// The tiled copy of the layout.partition `op`, read from its attributes: an error when `thr`
/// or `val` is not a layout attribute, the algebra's when one holds no CuTe value.
pub fn tiled_copy<'c>(
    op: OperationRef<'c, '_>,
) -> Result<Result<TiledCopy<'c>, PartError>, String> {
    let mut attrs: Vec<Attribute> = Vec::new();
    for name in ["thr", "val"] {
        let a = op
            .attribute(name)
            .map_err(|_| format!("internal: no attribute '{name}'"))?;
        if crate::attr_mnemonic(a) != Some("layout") {
            return Err(format!(
                "`{name}` must be a layout (#layout.layout<...>), found {a}"
            ));
        }
        attrs.push(a);
    }
    let vector = integer_attribute(op, "vector")?;
    let (thr, val) = (attrs[0], attrs[1]);
    Ok((|| {
        let thr = cute(crate::attr_stored(thr).flatten(), "partition")?;
        let val = cute(crate::attr_stored(val).flatten(), "partition")?;
        Ok(TiledCopy { thr, val, vector })
    })())
}

/// The tiled MMA of the layout.partition_mma `op` (`mma_tiling_of` its `atom`, `operand`,
/// `atoms` and `permutation`); the algebra's error when it has none.
pub fn tiled_mma(op: OperationRef<'_, '_>) -> Result<Result<MmaTiling, Error>, String> {
    let atom = string_attribute(op, "atom")?;
    let operand = string_attribute(op, "operand")?;
    let atoms = i64_array_attribute(op, "atoms")?;
    let permutation = op
        .attribute("permutation")
        .ok()
        .and_then(|a| crate::attr_stored(a).flatten());
    Ok(layout_dialect_ffi::mma_tiling_of(
        atom,
        operand,
        &atoms,
        permutation,
    ))
}

/// Thread 0's part of `layout` under the tiled copy of a layout.partition: slice((0, _,
/// repeat<rank(L)>(_)), tidfrg(L, thr, val, vector)), CuTe's (CPY, CPY_M, CPY_N, ...).
fn copy_part(
    op: OperationRef<'_, '_>,
    layout: Type<'_>,
) -> Result<Result<ThreadPart, PartError>, String> {
    let copy = tiled_copy(op)?;
    Ok((|| {
        let l = cute(stored_of(layout), "partition")?;
        let c = copy?;
        partition_plan::copy_partition(l, c.thr, c.val, c.vector)
    })())
}

/// Thread 0's part of `layout` under the tiled MMA of a layout.partition_mma:
/// slice(((0,(0,0)), (_,(_,...))), thrfrg(L, ...)).
fn mma_part(
    op: OperationRef<'_, '_>,
    layout: Type<'_>,
) -> Result<Result<ThreadPart, PartError>, String> {
    let tiling = tiled_mma(op)?;
    Ok((|| {
        let tiling = tiling.map_err(PartError::Algebra)?;
        let l = cute(stored_of(layout), "partition_mma")?;
        partition_plan::mma_partition(l, &tiling)
    })())
}

/// The partition of a failed thread part: `*` when the runtime leaves leave it open, else the
/// error that says why (fixing the thread is not a translation, the layout has no rank, or the
/// algebra's message).
fn thread_part_error<'c>(
    ctx: &'c Context,
    layout: Type<'c>,
    e: PartError,
) -> Result<Type<'c>, String> {
    let not_moved =
        |why: String| format!("thread partitions of '{layout}' are not one partition moved: {why}");
    match e {
        PartError::Slice(Error::Dynamic(_)) | PartError::NotTranslation(Error::Dynamic(_)) => {
            Type::parse(ctx, "!layout.layout<*>")
                .ok_or_else(|| "internal: no unknown layout type".to_string())
        }
        // Runtime leaves the algebra cannot partition: no layout, so no translation.
        PartError::Algebra(Error::Dynamic(_)) => Err(not_moved("expected a CuTe layout".into())),
        PartError::NotTranslation(e) => Err(not_moved(error_text(e))),
        PartError::NoRank => Err(format!("cannot read the rank of '{layout}'")),
        PartError::Algebra(e) | PartError::Slice(e) => Err(error_text(e)),
    }
}

/// layout.copy (the module doc).
fn copy(op: OperationRef<'_, '_>) -> Result<(), String> {
    let (src_type, dst_type) = (operand_type(op, 0)?, operand_type(op, 1)?);
    let (src, dst) = (tensor_of(src_type)?, tensor_of(dst_type)?);
    for (name, t, ty) in [("source", src, src_type), ("destination", dst, dst_type)] {
        if !matches!(t.space, MemorySpace::Global | MemorySpace::Shared) {
            return Err(format!(
                "the {name} must be in global or shared memory, found '{ty}'"
            ));
        }
    }
    let elem = src.element;
    if elem != dst.element {
        return Err(format!(
            "copies '{elem}' to '{}': the element types must be the same",
            dst.element
        ));
    }
    let bits = bit_width(elem).ok_or("internal: a tensor element of no width")?;
    if bits % 8 != 0 {
        return Err(format!("copies whole bytes: '{elem}' has {bits} bits"));
    }
    let align = integer_attribute(op, "align")?;
    if align < bits / 8 || !(align as u64).is_power_of_two() {
        return Err(format!(
            "align must be a power of two of at least one element ({} bytes), found {align}",
            bits / 8
        ));
    }
    let n = layout_dialect_ffi::static_size(stored_of(src.layout));
    let m = layout_dialect_ffi::static_size(stored_of(dst.layout));
    let (Some(n), Some(m)) = (n, m) else {
        return Err(format!(
            "copies a static number of elements: the size of '{}' is not static",
            if n.is_none() { src.layout } else { dst.layout }
        ));
    };
    if n != m {
        return Err(format!(
            "the source holds {n} elements, the destination {m}"
        ));
    }
    if n > 4096 {
        return Err(format!(
            "copies at most 4096 elements per thread (one access per run is unrolled), found {n}"
        ));
    }
    let async_copy = op.attribute("async").is_ok();
    if async_copy && (src.space != MemorySpace::Global || dst.space != MemorySpace::Shared) {
        return Err(format!(
            "async (cp.async) copies global to shared memory, found {} to {}",
            src.space.name(),
            dst.space.name()
        ));
    }
    Ok(())
}

/// layout.slice_tensor (the module doc).
fn slice_tensor<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let source_type = operand_type(op, 0)?;
    let source = tensor_of(source_type)?;
    let result = result_type(op)?;
    let layout = source.layout;
    let modes = i64_array_attribute(op, "modes")?;
    let coords: Vec<_> = op.operands().skip(1).collect();
    let ring = op.attribute("ring").is_ok();
    // The constant coordinates (none are read when their count is not the modes').
    let given: Vec<Option<i64>> = if coords.len() == modes.len() {
        coords.iter().map(|&c| constant_int(c)).collect()
    } else {
        vec![None; modes.len()]
    };
    let plan = match stored_of(layout).and_then(Stored::cute) {
        Some(l) => slice_plan(l, &modes, &given, ring),
        None => Err(SliceTensorError::NoRank),
    };
    let plan = match plan {
        Err(SliceTensorError::RingExtent(d)) => {
            return Err(format!(
                "with ring, each fixed mode must have a static extent (the ring's length): mode {d} of '{source_type}' has none"
            ))
        }
        Err(SliceTensorError::NoRank) => {
            return Err(format!(
                "cannot read the rank of the tensor's layout '{layout}'"
            ))
        }
        plan => plan,
    };
    if modes.len() != coords.len() {
        return Err(format!(
            "takes one coordinate per fixed mode ({}), found {}",
            modes.len(),
            coords.len()
        ));
    }
    let plan = match plan {
        Ok(plan) => plan,
        Err(SliceTensorError::Mode { rank, mode }) => {
            return Err(format!(
                "the fixed modes must be increasing modes of the rank-{rank} layout '{layout}', found mode {mode}"
            ))
        }
        Err(SliceTensorError::AllFixed) => {
            return Err(format!(
                "fixes every mode of '{layout}': at least one mode must remain"
            ))
        }
        // A constant coordinate of a mode of static extent lies inside it (with `ring`, the
        // coordinate is a position in the ring and wraps).
        Err(SliceTensorError::Outside {
            coord,
            mode,
            extent,
        }) => {
            return Err(format!(
                "coordinate {coord} of mode {mode} is outside the mode's extent [0, {extent}) of '{layout}': the slice would start past the tensor (with `ring`, a position in the ring wraps)"
            ))
        }
        Err(SliceTensorError::NotTranslation(e) | SliceTensorError::Algebra(e)) => {
            return Err(error_text(e))
        }
        Err(SliceTensorError::RingExtent(_) | SliceTensorError::NoRank) => {
            return Err("internal: a slice_tensor error checked before".into())
        }
    };
    let expected = tensor_type(ctx, source.element, source.space, plan.layout)?;
    if result != expected {
        let modes: Vec<String> = modes.iter().map(|m| m.to_string()).collect();
        return Err(format!(
            "the slice of '{source_type}' at modes [{}] is '{expected}', not '{result}'",
            modes.join(", ")
        ));
    }
    Ok(())
}
