//! A tile of a tensor in memory made from Rust: `layout.local_tile %t[coords] {tile}`, whose
//! type is the algebra's `ops::local_tile` of the tensor's layout by the flat tile (mode 0 of
//! zipped_divide(L, tile)), with the tensor's element type and memory space. There is none
//! when the tensor's layout is not an algebra value or the algebra refuses the tile.

use layout_algebra::ops::local_tile::local_tile as tile_plan;
use layout_algebra::Value;
use layout_dialect::ffi::Stored;
use layout_dialect::memory_tensor::{memory_tensor, memory_tensor_type};
use layout_dialect::{type_attr, type_value, value_type};
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_layout::local_tile;
use crate::kernel_checks::algebra;

/// `layout.local_tile %tensor[coords] {tile}` (the module doc); `None` when the algebra refuses
/// the tile.
pub(crate) fn tile_of<'c>(
    b: &Builder<'c>,
    tensor: Val<'c>,
    tile: &Value,
    coords: &[Val<'c>],
) -> Option<Val<'c>> {
    let ctx = b.context();
    let t = memory_tensor(tensor.r#type())?;
    let layout = type_value(t.layout)?.ok()?;
    let plan = algebra(|| tile_plan(&layout, tile).ok())?;
    let tile_attr = type_attr(value_type(ctx, Stored::Cute(tile.clone())))?;
    let tile_layout = value_type(ctx, Stored::Cute(plan.tile));
    let ty = memory_tensor_type(ctx, t.element, t.space, tile_layout)?;
    local_tile(b, tensor, coords, tile_attr, ty).ok()
}
