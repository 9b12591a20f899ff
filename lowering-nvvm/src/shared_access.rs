//! The lowering of `layout.shared_load` and `layout.shared_store` (a register tensor from or
//! to shared memory laid out by a CuTe or linear layout), the bodies of their conversion
//! patterns in `--layout-lower-register-tensors` (see [`crate::register_ops`]). The plan is
//! `linear::shared_access`'s (a remark names it):
//!
//! - the thread's shared offset, in elements, is the XOR of the offsets of its set lane bits
//!   (lane = tid.x % 32) and warp bits (warp = tid.x / 32);
//! - each access of the plan is at `(thread XOR x) + add` elements, its register offset split
//!   by `split_thread_xor` into the bits a thread can set (`x`) and a constant (`add`, an
//!   address offset that accesses share the address register across); its address is
//!   `%base + bytes * (thread XOR x)`, then `+ bytes * add`;
//! - without a matrix form, a load is one vector load per access (of the plan's width, aligned
//!   to its bytes) whose element k fills register `g + k` of each of its register groups `g`;
//!   a store is one vector store per access of registers `g .. g + vector` of its first group;
//! - with the ldmatrix / stmatrix form (8x8 matrices of 16-bit elements), lane l supplies the
//!   address of its row: the thread's offset is that of its lane's row bits and its warp bits,
//!   and each instruction of the plan moves `num` 32-bit registers, register j holding the
//!   pair of elements of registers `first + 2j` and `first + 2j + 1`.

use layout_algebra::hw::MatrixForm;
use layout_algebra::linear::shared_access::{shared_access, split_thread_xor};
use layout_dialect::memory_access::shared_linear_layout;
use layout_dialect::op_access::{operand_type, result_type};
use layout_dialect::op_diagnostics::emit_op_remark;
use layout_dialect::register_tile::Tile;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, Arith};
use crate::register_tensor::{encoding_of, gather, llvm_element, scatter};

/// `layout.shared_load` (`store` false) or `layout.shared_store` for the target `sm`:
/// `operands` are the op's remapped operands, `results` its results' converted types.
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    store: bool,
    operands: &[Val<'c>],
    results: &[Type<'c>],
    sm: i64,
) -> Result<(), String> {
    // shared_load: base, smem? -> result; shared_store: value, base, smem?
    let first = usize::from(store);
    let all: Vec<Value> = op.operands().collect();
    let tile_ty = if store {
        operand_type(op, 0)?
    } else {
        result_type(op)?
    };
    let tile = Tile::of(tile_ty).ok_or_else(|| format!("internal: '{tile_ty}' is not a tensor"))?;
    let what = if store { "shared_store" } else { "shared_load" };
    let smem = shared_linear_layout(
        op,
        operand_type(op, first)?,
        all.get(first + 1).copied(),
        tile.rank(),
        what,
    )?;
    let p = shared_access(
        &encoding_of(tile_ty)?,
        &tile.shape,
        tile.elem_bits()?,
        &smem,
        store,
        sm,
    )
    .map_err(|e| e.to_string())?;
    emit_op_remark(
        &op,
        &format!("{what}: {}", p.summary(if store { "st" } else { "ld" })),
    );
    let base = operands
        .get(first)
        .copied()
        .ok_or("internal: no base operand")?;
    let elem = llvm_element(b, tile.elem);
    let bytes = p.elem_bytes;
    let thread_bits: Vec<i64> = p.lane.iter().chain(&p.warp).copied().collect();
    let access_ty = if p.vector == 1 {
        elem
    } else {
        b.vector(p.vector, elem)
    };
    let pair = b.vector(2, elem);
    let matrix = p.matrix.as_ref().filter(|m| m.num > 0);
    if store {
        let value = operands
            .first()
            .copied()
            .ok_or("internal: no value operand")?;
        if let Some(m) = matrix {
            let rows = thread_offset(b, &m.lane_rows, &p.warp);
            let row_bits: Vec<i64> = m.lane_rows.iter().chain(&p.warp).copied().collect();
            for &(offset, first) in &m.instructions {
                let (x, add) = split_thread_xor(&row_bits, offset);
                let ptr = address(b, base, rows, x, add, bytes);
                let regs = (0..m.num)
                    .map(|j| {
                        let g = gather(b, value, pair, 2, first + 2 * j)?;
                        Ok(b.bitcast(g, b.i32()))
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                b.stmatrix(ptr, &regs, m.trans, MatrixForm::M8n8B16);
            }
        } else {
            let thread = thread_offset(b, &p.lane, &p.warp);
            for a in &p.accesses {
                let (x, add) = split_thread_xor(&thread_bits, a.offset);
                let ptr = address(b, base, thread, x, add, bytes);
                let group = *a
                    .registers
                    .first()
                    .ok_or("internal: an access without registers")?;
                let v = gather(b, value, access_ty, p.vector, group)?;
                b.store(v, ptr, (p.vector as i64 * bytes) as u32);
            }
        }
        b.replace(op, &[]);
        return Ok(());
    }
    let ty = results.first().copied().ok_or("internal: no result")?;
    let mut result = b.undef(ty);
    if let Some(m) = matrix {
        let rows = thread_offset(b, &m.lane_rows, &p.warp);
        let row_bits: Vec<i64> = m.lane_rows.iter().chain(&p.warp).copied().collect();
        let regs_ty = if m.num == 1 {
            b.i32()
        } else {
            b.structure(&vec![b.i32(); m.num])
        };
        for &(offset, first) in &m.instructions {
            let (x, add) = split_thread_xor(&row_bits, offset);
            let ptr = address(b, base, rows, x, add, bytes);
            let loaded = b.ldmatrix(ptr, m.num as u32, m.trans, MatrixForm::M8n8B16, regs_ty);
            for j in 0..m.num {
                let r = if m.num == 1 {
                    loaded
                } else {
                    b.extract_value(loaded, j)?
                };
                let v = b.bitcast(r, pair);
                for h in 0..2 {
                    let at = const_i32(b, h as i64);
                    let e = b.extract_element(v, at);
                    result = b.insert_value(result, e, first + 2 * j + h);
                }
            }
        }
    } else {
        let thread = thread_offset(b, &p.lane, &p.warp);
        for a in &p.accesses {
            let (x, add) = split_thread_xor(&thread_bits, a.offset);
            let ptr = address(b, base, thread, x, add, bytes);
            let v = b.load(access_ty, ptr, (p.vector as i64 * bytes) as u32);
            result = scatter(b, result, v, p.vector, &a.registers);
        }
    }
    b.replace(op, &[result]);
    Ok(())
}

/// The thread's shared offset in elements: the XOR of the offsets `lane` of its set lane bits
/// and `warp` of its set warp bits (i32, from tid.x).
pub(crate) fn thread_offset<'c>(b: &Builder<'c>, lane: &[i64], warp: &[i64]) -> Val<'c> {
    let tid = b.thread_id_x();
    let mut offset = const_i32(b, 0);
    let mut add_bits = |id: Val<'c>, offsets: &[i64]| {
        for (i, &o) in offsets.iter().enumerate() {
            if o == 0 {
                continue;
            }
            let one = const_i32(b, 1);
            let shift = const_i32(b, i as i64);
            let shifted = arith(b, Arith::ShRUI, id, shift);
            let bit = arith(b, Arith::AndI, shifted, one);
            let co = const_i32(b, o);
            let term = arith(b, Arith::MulI, bit, co);
            offset = arith(b, Arith::XOrI, offset, term);
        }
    };
    let c31 = const_i32(b, 31);
    let lane_id = arith(b, Arith::AndI, tid, c31);
    add_bits(lane_id, lane);
    let c5 = const_i32(b, 5);
    let warp_id = arith(b, Arith::ShRUI, tid, c5);
    add_bits(warp_id, warp);
    offset
}

/// `base + bytes * (thread XOR x)`, then `+ bytes * add` when `add` is not 0 (getelementptr
/// over bytes, in `base`'s pointer type).
pub(crate) fn address<'c>(
    b: &Builder<'c>,
    base: Val<'c>,
    thread: Val<'c>,
    x: i64,
    add: i64,
    bytes: i64,
) -> Val<'c> {
    let off = if x != 0 {
        let cx = const_i32(b, x);
        arith(b, Arith::XOrI, thread, cx)
    } else {
        thread
    };
    let cb = const_i32(b, bytes);
    let byte_offset = arith(b, Arith::MulI, off, cb);
    let ptr = b.byte_offset(base, byte_offset, base.r#type());
    if add == 0 {
        return ptr;
    }
    b.const_byte_offset(ptr, add * bytes, base.r#type())
}
