//! The lowering of `layout.global_load` and `layout.global_store` (a register tensor from or
//! to a row-major tile in global memory), the bodies of their conversion patterns in
//! `--layout-lower-register-tensors` (see [`crate::register_ops`]). The plan is
//! `linear::global_access`'s at the op's `align` (a remark names it: the widest vector the
//! layout and the alignment allow, and why not wider):
//!
//! - the thread's coordinates are the XOR of the coordinates of its set lane bits (lane =
//!   tid.x % 32) and warp bits (warp = tid.x / 32); each access of the plan is at the thread's
//!   coordinates XOR the access's, widened to i64, at `%base + (sum over d < n-1 of c_d *
//!   stride_d + c_{n-1})` elements ([`crate::global_tile`]);
//! - a load is one vector load per access (of the plan's width, aligned to `align`, at most the
//!   access's bytes) whose element k fills register `g + k` of each of its register groups `g`;
//!   a store is one vector store per access of registers `g .. g + vector` of its first group;
//! - in a partial tile (`bounds`, some bound tested), the accesses sit in an `scf.if` on
//!   whether the whole tile is inside: unmasked in its then-branch (the tiles inside the tensor
//!   pay nothing), masked in its else-branch (`llvm.intr.masked.load` of the elements inside,
//!   zero for the others; `llvm.intr.masked.store` of the elements inside), the mask one i1 per
//!   element of the access; a load's branches yield its registers;
//! - a store whose plan has replicas (threads holding the same elements) runs under an `scf.if`
//!   on `tid.x & (lane_replicas | warp_replicas << 5) == 0`: one thread of each set stores.

use layout_algebra::linear::global_access::{global_access, GlobalAccess};
use layout_dialect::op_access::{integer_attribute, operand_type, result_type};
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::register_tile::Tile;
use melior::dialect::arith::CmpiPredicate;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, BlockRef, Region, RegionLike};

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_zero_vector, Arith};
use crate::global_tile::{access_coordinates, element_address, remapped_groups, TileBounds};
use crate::register_tensor::{encoding_of, gather, llvm_element, scatter, thread_coordinates};

/// What every access of one global load or store shares.
struct Accesses<'a, 'c> {
    plan: &'a GlobalAccess,
    /// The thread's coordinates (i32).
    thread: &'a [Val<'c>],
    base: Val<'c>,
    strides: &'a [Val<'c>],
    bounds: &'a TileBounds<'c>,
    /// The type of one register.
    elem: Type<'c>,
    /// The alignment of one access: the promised one, at most the access's bytes.
    align: u32,
}

/// `layout.global_load` (`store` false) or `layout.global_store`: `operands` are the op's
/// remapped operands (global_load: base, strides, bounds; global_store: value, base, strides,
/// bounds), `results` its results' converted types.
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    store: bool,
    operands: &[Val<'c>],
    results: &[Type<'c>],
) -> Result<(), String> {
    let tile_ty = if store {
        operand_type(op, 0)?
    } else {
        result_type(op)?
    };
    let tile = Tile::of(tile_ty).ok_or_else(|| format!("internal: '{tile_ty}' is not a tensor"))?;
    let align = integer_attribute(op, "align")?;
    let plan = global_access(
        &encoding_of(tile_ty)?,
        &tile.shape,
        tile.elem_bits()?,
        align,
    )
    .map_err(|e| e.to_string())?;
    let (what, kind) = if store {
        ("global_store", "st")
    } else {
        ("global_load", "ld")
    };
    emit_op_remark(&op, &format!("{what}: {}", plan.summary(kind)));
    let first = usize::from(store);
    let groups = remapped_groups(op, operands, first + 3)?;
    let base = *groups[first].first().ok_or("internal: no base operand")?;
    let access_bytes = plan.vector as i64 * plan.elem_bytes;
    let align = u32::try_from(align.min(access_bytes))
        .map_err(|_| format!("internal: an alignment of {align} bytes"))?;
    let elem = llvm_element(b, tile.elem);
    let thread = thread_coordinates(b, &plan.lane, &plan.warp, tile.rank());
    let bounds = TileBounds::new(groups[first + 2], &tile.shape);
    let accesses = Accesses {
        plan: &plan,
        thread: &thread,
        base,
        strides: groups[first + 1],
        bounds: &bounds,
        elem,
        align,
    };
    if !store {
        let ty = results.first().copied().ok_or("internal: no result")?;
        let loaded = split_on_whole_tile(b, op, &bounds, &tile.shape, &[ty], |b, masked| {
            Ok(vec![load(b, &accesses, ty, masked)?])
        })?;
        b.replace(op, &loaded);
        return Ok(());
    }
    let value = *groups[0].first().ok_or("internal: no value operand")?;
    let body = |b: &Builder<'c>, masked| {
        store_registers(b, &accesses, value, masked)?;
        Ok(Vec::new())
    };
    if plan.lane_replicas != 0 || plan.warp_replicas != 0 {
        // One thread of each set holding the same elements stores them.
        let tid = b.thread_id_x();
        let mask = const_i32(b, plan.lane_replicas | plan.warp_replicas << 5);
        let zero = const_i32(b, 0);
        let replica_bits = arith(b, Arith::AndI, tid, mask);
        let owner = b.insert_one(melior::dialect::arith::cmpi(
            b.context(),
            CmpiPredicate::Eq,
            replica_bits,
            zero,
            b.location(),
        ));
        let guard = b.insert(melior::dialect::scf::r#if(
            owner,
            &[],
            region_of_one_block(),
            Region::new(),
            b.location(),
        ));
        let then = first_block(guard, 0)?;
        let end = Builder::at_start(b.context(), op, then, b.rewriter());
        end.insert(melior::dialect::scf::r#yield(&[], b.location()));
        let inside = Builder::at_start(b.context(), op, then, b.rewriter());
        split_on_whole_tile(&inside, op, &bounds, &tile.shape, &[], body)?;
    } else {
        split_on_whole_tile(b, op, &bounds, &tile.shape, &[], body)?;
    }
    b.replace(op, &[]);
    Ok(())
}

/// The registers (a struct of type `ty`) the accesses load, masked by the bounds or not.
fn load<'c>(
    b: &Builder<'c>,
    a: &Accesses<'_, 'c>,
    ty: Type<'c>,
    masked: bool,
) -> Result<Val<'c>, String> {
    let p = a.plan;
    let mut result = b.undef(ty);
    for access in &p.accesses {
        let c = access_coordinates(b, a.thread, &access.coord);
        let ptr = element_address(b, a.base, a.elem, a.strides, &c);
        let v = if masked {
            let vec = b.vector(p.vector, a.elem);
            let zero = const_zero_vector(b, p.vector, a.elem)?;
            let mask = a.bounds.mask(b, &c, p.vector);
            let v = b.masked_load(vec, ptr, mask, zero, a.align);
            if p.vector == 1 {
                let at = const_i32(b, 0);
                b.extract_element(v, at)
            } else {
                v
            }
        } else {
            b.load(access_type(b, p, a.elem), ptr, a.align)
        };
        result = scatter(b, result, v, p.vector, &access.registers);
    }
    Ok(result)
}

/// The accesses' stores of the registers of the struct `value`, masked by the bounds or not.
fn store_registers<'c>(
    b: &Builder<'c>,
    a: &Accesses<'_, 'c>,
    value: Val<'c>,
    masked: bool,
) -> Result<(), String> {
    let p = a.plan;
    for access in &p.accesses {
        let c = access_coordinates(b, a.thread, &access.coord);
        let ptr = element_address(b, a.base, a.elem, a.strides, &c);
        let group = *access
            .registers
            .first()
            .ok_or("internal: an access without registers")?;
        if masked {
            let vec = b.vector(p.vector, a.elem);
            let mut v = gather(b, value, vec, p.vector, group)?;
            if p.vector == 1 {
                let at = const_i32(b, 0);
                let undef = b.undef(vec);
                v = b.insert_element(undef, v, at);
            }
            let mask = a.bounds.mask(b, &c, p.vector);
            b.masked_store(v, ptr, mask, a.align);
        } else {
            let v = gather(b, value, access_type(b, p, a.elem), p.vector, group)?;
            b.store(v, ptr, a.align);
        }
    }
    Ok(())
}

/// The type of one access: the element, or a vector of the plan's width.
fn access_type<'c>(b: &Builder<'c>, p: &GlobalAccess, elem: Type<'c>) -> Type<'c> {
    if p.vector == 1 {
        elem
    } else {
        b.vector(p.vector, elem)
    }
}

/// The accesses of `body(builder, masked)` for a tile of extents `shape` with `bounds`:
/// unmasked at `b` when no bound is tested; else an `scf.if` of results `types` on whether the
/// whole tile is inside, `body` unmasked in its then-branch and masked in its else-branch, each
/// yielding the values `body` gives. The values `body` gives, or the `scf.if`'s results.
fn split_on_whole_tile<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    bounds: &TileBounds<'c>,
    shape: &[i64],
    types: &[Type<'c>],
    body: impl Fn(&Builder<'c>, bool) -> Result<Vec<Val<'c>>, String>,
) -> Result<Vec<Val<'c>>, String> {
    let Some(whole) = bounds.whole_tile(b, shape) else {
        return body(b, false);
    };
    let branch = b.insert(melior::dialect::scf::r#if(
        whole,
        types,
        region_of_one_block(),
        region_of_one_block(),
        b.location(),
    ));
    for (region, masked) in [(0, false), (1, true)] {
        let block = first_block(branch, region)?;
        let inside = Builder::at_start(b.context(), op, block, b.rewriter());
        let yielded = body(&inside, masked)?;
        inside.insert(melior::dialect::scf::r#yield(&yielded, b.location()));
    }
    Ok(branch.results().map(Into::into).collect())
}

/// A region of one empty block (without arguments).
fn region_of_one_block<'c>() -> Region<'c> {
    let region = Region::new();
    region.append_block(Block::new(&[]));
    region
}

/// The first block of region `index` of `op`.
fn first_block<'c>(op: OperationRef<'c, 'c>, index: usize) -> Result<BlockRef<'c, 'c>, String> {
    op.region(index)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| "internal: an scf.if without its block".to_string())
}
