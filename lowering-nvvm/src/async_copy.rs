//! The lowering of `layout.async_copy` (a global tile to shared memory through `cp.async`,
//! the tile's threads laid out as a register tensor type), the body of its conversion pattern
//! in `--layout-lower-register-tensors` (see [`crate::register_ops`]). The plan is
//! `linear::async_copy`'s (a remark names it): per copy, one `nvvm.cp.async.shared.global` of
//! 4, 8 or 16 bytes (cache `cg` for 16, else `ca`)
//!
//! - from the global address of its first element: the thread's coordinate (the XOR of the
//!   coordinates of its set lane and warp bits, from tid.x) XOR the copy's, widened to i64,
//!   at `%src + (sum over d < n-1 of c_d * stride_d + c_{n-1})` elements (`%src` cast to a
//!   global pointer first when it is not one; [`crate::global_tile`]);
//! - to its shared address: `%dst + bytes * ((the thread's shared offset XOR x) + add)`, the
//!   thread's offset the XOR of those of its set lane and warp bits, the copy's split as in
//!   [`crate::shared_access`];
//! - in a partial tile (`bounds`), reading only the bytes inside (cp.async's src-size,
//!   `clamp(b_last - c_last, 0, vector) * bytes`, 0 when another coordinate is outside) and
//!   zero-filling the rest; a bound that is a constant no smaller than the tile's extent never
//!   fails and is not tested.

use layout_algebra::linear::async_copy::async_copy;
use layout_algebra::linear::shared_access::split_thread_xor;
use layout_dialect::ir::operand_group;
use layout_dialect::memory_access::shared_linear_layout;
use layout_dialect::op_access::integer_attribute;
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::TypeAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;

use crate::build::{Builder, Val};
use crate::build_arith::const_of;
use crate::global_tile::{access_coordinates, element_address, remapped_groups, TileBounds};
use crate::register_tensor::{encoding_of, llvm_element, thread_coordinates};
use crate::shared_access::{address, thread_offset};

/// `layout.async_copy`; `operands` are its remapped operands (groups src, strides, bounds,
/// dst, smem?).
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    operands: &[Val<'c>],
) -> Result<(), String> {
    let tile_ty = op
        .attribute("tile")
        .ok()
        .and_then(|a| TypeAttribute::try_from(a).ok())
        .map(|t| t.value())
        .ok_or("internal: no type attribute 'tile'")?;
    let tile = Tile::of(tile_ty).ok_or_else(|| format!("internal: '{tile_ty}' is not a tensor"))?;
    let rank = tile.rank();
    let groups = remapped_groups(op, operands, 5)?;
    let (src, strides, bounds, dst) = (
        *groups[0].first().ok_or("internal: no src operand")?,
        groups[1],
        groups[2],
        *groups[3].first().ok_or("internal: no dst operand")?,
    );
    let dst_ty = operand_group(op, 3)?
        .first()
        .map(|v| v.r#type())
        .ok_or("internal: no dst operand")?;
    let smem_operand = operand_group(op, 4)?.first().copied();
    let smem = shared_linear_layout(op, dst_ty, smem_operand, rank, "async_copy")?;
    let p = async_copy(
        &encoding_of(tile_ty)?,
        &tile.shape,
        tile.elem_bits()?,
        integer_attribute(op, "align")?,
        &smem,
    )
    .map_err(|e| e.to_string())?;
    emit_op_remark(&op, &format!("async_copy: {}", p.summary()));
    let g = &p.global;
    let elem = llvm_element(b, tile.elem);
    let thread = thread_coordinates(b, &g.lane, &g.warp, rank);
    let smem_thread = thread_offset(b, &p.smem_lane, &p.smem_warp);
    let global_ptr = b.ptr(1);
    let src = if src.r#type() != global_ptr {
        b.addrspacecast(src, global_ptr)
    } else {
        src
    };
    let bytes = p.bytes();
    let smem_bits: Vec<i64> = p.smem_lane.iter().chain(&p.smem_warp).copied().collect();
    let bounds = TileBounds::new(bounds, &tile.shape);
    for (a, &offset) in g.accesses.iter().zip(&p.smem_access) {
        let (x, add) = split_thread_xor(&smem_bits, offset);
        let coords = access_coordinates(b, &thread, &a.coord);
        let from = element_address(b, src, elem, strides, &coords);
        let to = address(b, dst, smem_thread, x, add, g.elem_bytes);
        let src_bytes = bounds
            .any()
            .then(|| copy_bytes(b, &bounds, &coords, g.vector as i64, g.elem_bytes));
        b.cp_async(to, from, bytes as i32, bytes == 16, src_bytes);
    }
    b.replace(op, &[]);
    Ok(())
}

/// The bytes of a copy of `vector` elements of `bytes` bytes at `c` that are inside the
/// bounds: `clamp(b_last - c_last, 0, vector) * bytes`, 0 when the row is outside (i32).
fn copy_bytes<'c>(
    b: &Builder<'c>,
    bounds: &TileBounds<'c>,
    c: &[Val<'c>],
    vector: i64,
    bytes: i64,
) -> Val<'c> {
    use melior::dialect::arith::{maxsi, minsi, select, subi, trunci};
    let (i64_ty, loc) = (b.i64(), b.location());
    let mut n = const_of(b, vector, i64_ty);
    if let (Some(bound), Some(&last)) = (bounds.last_tested(), c.last()) {
        let left = b.insert_one(subi(bound, last, loc));
        n = b.insert_one(minsi(n, left, loc));
        let zero = const_of(b, 0, i64_ty);
        n = b.insert_one(maxsi(n, zero, loc));
    }
    let cb = const_of(b, bytes, i64_ty);
    n = b.insert_one(melior::dialect::arith::muli(n, cb, loc));
    if let Some(row) = bounds.row_inside(b, c) {
        let zero = const_of(b, 0, i64_ty);
        n = b.insert_one(select(row, n, zero, loc));
    }
    b.insert_one(trunci(n, b.i32(), loc))
}
