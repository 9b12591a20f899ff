//! The verifiers of the ops that move a register tensor to or from memory: `layout.global_load`,
//! `layout.global_store`, `layout.shared_load`, `layout.shared_store` and `layout.async_copy`
//! (reached through the one C entry of the op verifiers, `op_verifier.rs`).
//!
//! Each op moves a tile: a ranked tensor of integers or floats encoded by a register layout
//! (`#layout.linear`, dimensions `register`, `lane`, `warp` to the tile's), and each side of it
//! is checked as follows.
//!
//! - **Global side** (`base` of global_load/global_store, `src` of async_copy), against a tile
//!   of rank r: either a `!layout.tensor` in global memory of the tile's element type, whose
//!   layout flattens to one mode (extent, stride) per dimension, extent_d = the tile's dimension
//!   d, stride_{r-1} = 1, then only modes of extent 1 (a tile of one head or batch), with no
//!   stride operands; or an `!llvm.ptr`/`!llvm.ptr<1>` with r - 1 i64 strides (the last is 1).
//!   `bounds` is empty or one per dimension. Every stride the verifier sees (static in the
//!   layout, or a constant operand) keeps the promised alignment: stride * bits / 8 is a multiple
//!   of `align` bytes (`linear::global_access::check_stride_alignment`).
//! - **Shared side** (`base` of shared_load/shared_store, `dst` of async_copy): an
//!   `!llvm.ptr<3>`, or a shared tensor of the tile's element type.
//! - **Shared layout**: the tensor's own layout (static, and then no `smem` attribute or
//!   operand), else exactly one of the attribute `smem` or the operand `smem(%l)` (a static
//!   layout); a CuTe layout or a linear layout.
//! - **The plan**: the access plan of the algebra exists for the tile's encoding, shape and
//!   element width (`linear::global_access`, `linear::shared_access`, `linear::async_copy`):
//!   the widths and alignment the layouts allow; its error otherwise.
//!
//! The first failure, in that order per op, is the op's error.

use layout_dialect_ffi::Stored;
use melior::ir::attribute::{Attribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::ir::{operand_group as group, pointer_space};
use crate::layout_modes::{flat_modes, Flat};
use crate::memory_tensor::{memory_tensor, MemorySpace};
use crate::op_access::{
    bit_width, constant_int, integer_attribute, operand_type as operand, result_type as result,
};
use crate::op_diagnostics::op_name;
use crate::register_tile::{tile_of, Tile};

/// The error of a register-tensor memory op (the module doc), if any.
pub(crate) fn verify(op: OperationRef<'_, '_>) -> Result<(), String> {
    let name = op_name(&op);
    match name.as_str() {
        "layout.global_load" | "layout.global_store" => {
            let store = name == "layout.global_store";
            // global_load: base, strides, bounds -> result; global_store: value, base, ...
            let first = usize::from(store);
            let tile = if store {
                tile_of(operand(op, 0)?)?
            } else {
                tile_of(result(op)?)?
            };
            let l = tile.encoding(if store { "value" } else { "result" })?;
            let bits = tile.elem_bits()?;
            let base = group(op, first)?;
            let base = base.first().ok_or("internal: no base operand")?.r#type();
            let strides = group(op, first + 1)?;
            let bounds = group(op, first + 2)?.len();
            let align = integer_attribute(op, "align")?;
            verify_global_side(&tile, "base", base, &strides, bounds, align)?;
            layout_algebra::linear::global_access::global_access(&l, &tile.shape, bits, align)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        "layout.shared_load" | "layout.shared_store" => {
            let store = name == "layout.shared_store";
            // shared_load: base, smem? -> result; shared_store: value, base, smem?
            let operands: Vec<Value> = op.operands().collect();
            let (tile, base, smem_operand) = if store {
                (
                    tile_of(operand(op, 0)?)?,
                    operand(op, 1)?,
                    operands.get(2).copied(),
                )
            } else {
                (
                    tile_of(result(op)?)?,
                    operand(op, 0)?,
                    operands.get(1).copied(),
                )
            };
            let smem = shared_layout_param(op, base, smem_operand)?;
            verify_shared_side(&tile, "base", base)?;
            let l = tile.encoding(if store { "value" } else { "result" })?;
            let bits = tile.elem_bits()?;
            let smem = shared_layout_kind(smem)?;
            let op_name = if store { "shared_store" } else { "shared_load" };
            let s = layout_dialect_ffi::shared_layout(smem, tile.rank(), op_name)
                .map_err(|e| e.to_string())?;
            layout_algebra::linear::shared_access::shared_access(
                &l,
                &tile.shape,
                bits,
                &s,
                store,
                0,
            )
            .map(|_| ())
            .map_err(|e| e.to_string())
        }
        "layout.async_copy" => {
            let tile_type = TypeAttribute::try_from(
                op.attribute("tile")
                    .map_err(|_| "internal: no attribute 'tile'".to_string())?,
            )
            .map_err(|_| "internal: 'tile' is not a type".to_string())?
            .value();
            let tile = Tile::of(tile_type).ok_or_else(|| {
                format!(
                    "the tile must be a ranked tensor type with a register layout (#layout.linear) encoding, found '{tile_type}'"
                )
            })?;
            let l = tile.encoding("tile")?;
            let bits = tile.elem_bits()?;
            // src, strides, bounds, dst, smem?
            let src = group(op, 0)?;
            let src = src.first().ok_or("internal: no source operand")?.r#type();
            let strides = group(op, 1)?;
            let bounds = group(op, 2)?.len();
            let dst = group(op, 3)?;
            let dst = dst
                .first()
                .ok_or("internal: no destination operand")?
                .r#type();
            let smem_operand = group(op, 4)?.first().copied();
            let align = integer_attribute(op, "align")?;
            verify_global_side(&tile, "source", src, &strides, bounds, align)?;
            verify_shared_side(&tile, "destination", dst)?;
            let smem = shared_layout_kind(shared_layout_param(op, dst, smem_operand)?)?;
            let s = layout_dialect_ffi::shared_layout(smem, tile.rank(), "async_copy")
                .map_err(|e| e.to_string())?;
            layout_algebra::linear::async_copy::async_copy(&l, &tile.shape, bits, align, &s)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        _ => Err(format!("internal: {name} is not a memory access op")),
    }
}

/// The global side of the module doc, against the tile `tile`; `what` names the operand.
fn verify_global_side(
    tile: &Tile<'_>,
    what: &str,
    base: Type<'_>,
    stride_values: &[Value<'_, '_>],
    bounds: usize,
    align: i64,
) -> Result<(), String> {
    let rank = tile.rank();
    let strides = stride_values.len();
    let check_strides = |known: &[Option<i64>]| {
        layout_algebra::linear::global_access::check_stride_alignment(
            known,
            bit_width(tile.elem).unwrap_or(0),
            align,
        )
        .map_err(|e| format!("the {what}'s strides break the alignment: {e}"))
    };
    if bounds != 0 && bounds != rank {
        return Err(format!(
            "takes one i64 bound per dimension ({rank}) or none, found {bounds}"
        ));
    }
    if let Some(tensor) = memory_tensor(base) {
        if tensor.space != MemorySpace::Global {
            return Err(format!(
                "the {what} tensor must be in global memory, found '{base}'"
            ));
        }
        if tensor.element != tile.elem {
            return Err(format!(
                "the {what} tensor holds '{}', the tile '{}'",
                tensor.element, tile.elem
            ));
        }
        if strides != 0 {
            return Err(format!(
                "a tensor operand carries its strides: no stride operands, found {strides}"
            ));
        }
        let layout = tensor.layout;
        let modes = flat_modes(layout);
        if modes.len() < rank {
            return Err(format!(
                "the {what} tensor's layout '{layout}' must have one mode per dimension of the '{}' tile ({rank}), then only modes of extent 1",
                tile.ty
            ));
        }
        // Trailing modes past the tile's dimensions hold one element each: the tile of one head.
        for (d, (extent, _)) in modes.iter().enumerate().skip(rank) {
            if *extent != Flat::Int(1) {
                return Err(format!(
                    "mode {d} of the {what} tensor's layout '{layout}' is past the {rank} dimensions of the '{}' tile and has extent {}: modes past the tile's must have extent 1",
                    tile.ty,
                    extent.text()
                ));
            }
        }
        for (d, (extent, stride)) in modes.iter().enumerate().take(rank) {
            if *extent == Flat::Nested || *stride == Flat::Nested {
                return Err(format!(
                    "mode {d} of the {what} tensor's layout '{layout}' is not a single extent and stride"
                ));
            }
            if *extent != Flat::Int(tile.shape[d]) {
                return Err(format!(
                    "mode {d} of the {what} tensor's layout '{layout}' has extent {}, the tile {}",
                    extent.text(),
                    tile.shape[d]
                ));
            }
        }
        if modes[rank - 1].1 != Flat::Int(1) {
            return Err(format!(
                "the last mode of the {what} tensor's layout '{layout}' must have stride 1 (its elements are consecutive)"
            ));
        }
        let known: Vec<Option<i64>> = modes[..rank - 1].iter().map(|(_, s)| s.int()).collect();
        return check_strides(&known);
    }
    if !matches!(pointer_space(base), Some(0 | 1)) {
        return Err(format!(
            "the {what} must be a global !layout.tensor, !llvm.ptr<1> (global) or !llvm.ptr, found '{base}'"
        ));
    }
    if strides + 1 != rank {
        return Err(format!(
            "takes one i64 stride per dimension but the last: {} expected, found {strides}",
            rank as i64 - 1
        ));
    }
    let known: Vec<Option<i64>> = stride_values.iter().map(|v| constant_int(*v)).collect();
    check_strides(&known)
}

/// The shared side of the module doc: an `!llvm.ptr<3>` or a shared tensor of the tile's
/// element type.
fn verify_shared_side(tile: &Tile<'_>, what: &str, base: Type<'_>) -> Result<(), String> {
    if let Some(tensor) = memory_tensor(base) {
        if tensor.element != tile.elem {
            return Err(format!(
                "the {what} tensor holds '{}', the tile '{}'",
                tensor.element, tile.elem
            ));
        }
        return Ok(());
    }
    if pointer_space(base) != Some(3) {
        return Err(format!(
            "the {what} must be !llvm.ptr<3> (shared memory) or a shared tensor, found '{base}'"
        ));
    }
    Ok(())
}

/// A shared layout: the attribute (printed in messages) or the type (of the tensor or the
/// operand) that holds it.
#[derive(Clone, Copy)]
enum SharedLayout<'c> {
    Attribute(Attribute<'c>),
    Type(Type<'c>),
}

/// The shared layout of a verified shared_load, shared_store or async_copy `op` (named `what`
/// in errors) as a linear layout over `rank` dimensions, read as its verifier reads it (the
/// module doc): from the shared tensor `base`, else the attribute `smem` or the operand
/// `smem(%l)`.
pub fn shared_linear_layout<'c>(
    op: OperationRef<'c, '_>,
    base: Type<'c>,
    operand: Option<Value<'c, '_>>,
    rank: usize,
    what: &str,
) -> Result<layout_algebra::linear::LinearLayout, String> {
    let smem = shared_layout_kind(shared_layout_param(op, base, operand)?)?;
    layout_dialect_ffi::shared_layout(smem, rank, what).map_err(|e| e.to_string())
}

/// The shared layout of the module doc: from the shared tensor `base`, or from the attribute
/// `smem` or the operand `smem(%l)`.
fn shared_layout_param<'c>(
    op: OperationRef<'c, '_>,
    base: Type<'c>,
    operand: Option<Value<'c, '_>>,
) -> Result<SharedLayout<'c>, String> {
    let attr = op.attribute("smem").ok();
    if let Some(tensor) = memory_tensor(base) {
        if tensor.space != MemorySpace::Shared {
            return Err(format!(
                "the shared-memory tensor must be in shared memory, found '{base}'"
            ));
        }
        if attr.is_some() || operand.is_some() {
            return Err("a shared tensor carries its layout: no smem attribute or operand".into());
        }
        if !crate::type_is_static(tensor.layout) {
            return Err(format!(
                "the shared tensor's layout must be static, found '{}'",
                tensor.layout
            ));
        }
        return Ok(SharedLayout::Type(tensor.layout));
    }
    match (attr, operand) {
        (Some(_), Some(_)) => Err(
            "takes the shared layout as the attribute smem or as the operand smem(...), not both"
                .into(),
        ),
        (None, None) => Err(
            "requires the shared layout: an attribute smem = #layout.layout<...> or an operand smem(%l : !layout.layout<...>)"
                .into(),
        ),
        (None, Some(v)) => {
            let t = v.r#type();
            if !crate::type_is_static(t) {
                return Err(format!(
                    "the shared layout operand must be a static layout, found '{t}'"
                ));
            }
            Ok(SharedLayout::Type(t))
        }
        (Some(a), None) => Ok(SharedLayout::Attribute(a)),
    }
}

/// The value of a shared layout that is a CuTe layout or a linear layout; the error otherwise.
fn shared_layout_kind(smem: SharedLayout<'_>) -> Result<Option<&Stored>, String> {
    let (kind, stored) = match smem {
        SharedLayout::Attribute(a) => (crate::attr_mnemonic(a), crate::attr_stored(a).flatten()),
        SharedLayout::Type(t) => (crate::type_mnemonic(t), crate::type_stored(t).flatten()),
    };
    if matches!(kind, Some("layout" | "linear")) {
        return Ok(stored);
    }
    let shown = match smem {
        SharedLayout::Attribute(a) => a,
        SharedLayout::Type(t) => crate::type_attr(t).ok_or("internal: not a layout type")?,
    };
    Err(format!(
        "the shared layout must be a CuTe layout or a linear layout, found {shown}"
    ))
}
