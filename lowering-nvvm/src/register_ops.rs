//! The register-tensor ops whose lowering is Rust's: the bodies of the conversion patterns of
//! `--layout-lower-register-tensors` (cpp/RegisterTensors.cpp, `RegisterOpLowering`), which
//! hand over the op, its operands as the conversion remaps them (structs of the thread's
//! registers), its results' converted types (the struct `!llvm.struct<(T, ..., T)>` of a
//! register tensor, field r holding the element its `#layout.linear` gives register r) and
//! the target SM. Each op becomes:
//!
//! - a splat `arith.constant` register tensor: the scalar constant (an element LLVM has no
//!   type for, f8, as the integer of its bits) inserted into every register of an undefined
//!   struct; a constant that is not a register tensor, or not a splat, is not this pattern's;
//! - `layout.transpose`: nothing. Its verifier proved that the result's encoding gives every
//!   register of every thread the element the source's gives it (`linear::tensor_transpose`),
//!   so the result is the source's struct; a result struct of another type is an error;
//! - `layout.broadcast`: register i of the result is a copy of the source register of its row
//!   that `linear::reduce_plan::broadcast_plan` names (no instruction);
//! - `tensor.splat` into a register tensor: the scalar in every register;
//! - `layout.mma` (D = A B + C): one `nvvm.mma.sync` m16n8k16 (A row-major, B column-major,
//!   f32 accumulation) per accumulator tile of 16x8 and k step of 16, in the order of the plan
//!   of `hw::mma_sync::mma_sync_plan`. Each instruction's A fragment is four pairs of A
//!   registers, its B fragment two pairs of B registers (a pair: `vector<2xf16>`, bf16 pairs
//!   bitcast to i32), its accumulator the four C registers of its tile, then the four results
//!   of the previous k step; the last step's four results go back into the C struct at the
//!   tile's registers. A remark names the instruction count;
//! - `layout.coordinate` (dimension d): the thread's coordinate along d, the XOR of the
//!   coordinates of its set lane bits (lane = tid.x % 32) and warp bits (warp = tid.x / 32)
//!   that `linear::tensor_coordinates` gives, truncated to the element type, XOR each
//!   register's own constant coordinate;
//! - `layout.reduce` (dimension d, combiner `kind`): the plan of `linear::reduce_plan`. Per
//!   result register, its group of source registers combined in order in the thread; then
//!   per lane mask of the plan, each partial combined with the partial of lane `lane ^ mask`
//!   (`nvvm.shfl.sync bfly`; a 16-bit value travels in the low half of a 32-bit word, another
//!   non-32-bit one bitcast). When the rows span warps, the partials go through shared memory:
//!   the `threads` threads store partial s at word `tid * S + s` of a static buffer
//!   `__layout_reduce_scratch_<i>` of the gpu.module (one per op, i the first free), meet at
//!   barrier 0 with that thread count, and each combines the words of the threads whose tid
//!   differs from its own only in the reducing warp bits (tid bits 5 + k), in increasing order
//!   of those bits; a second barrier frees the buffer. A remark says what was chosen. The
//!   combiner is the LLVM op or intrinsic the arith op `kind` means (maxnumf: `llvm.maxnum`,
//!   no libdevice call).
//!
//! - `layout.shared_load` / `layout.shared_store`: see [`crate::shared_access`];
//! - `layout.async_copy`: see [`crate::async_copy`];
//! - `layout.global_load` / `layout.global_store`: see [`crate::global_access`];
//! - `builtin.unrealized_conversion_cast`: see [`crate::register_cast`];
//! - an elementwise `arith` / `math` op (the pattern on any op): see [`crate::elementwise`];
//! - `layout.convert_layout` / `layout.retile`: see [`crate::convert_layout_lowering`].
//!
//! Errors are the op's (`op->emitOpError()` in C++), with the algebra's text; no layout math
//! here.

use layout_algebra::hw::mma_sync::mma_sync_plan;
use layout_algebra::linear::reduce_plan::{broadcast_plan, reduce_plan};
use layout_algebra::linear::tensor_coordinates::tensor_coordinates;
use layout_dialect::op_access::{bit_width, integer_attribute, operand_type, result_type};
use layout_dialect::op_diagnostics::op_name;
use layout_dialect::op_diagnostics::{emit_op_remark, emit_verifier_error};
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::{
    Attribute, AttributeLike, DenseElementsAttribute, FloatAttribute, IntegerAttribute,
    StringAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{RankedTensorType, Type};
use melior::ir::RegionLike;
use melior::ir::{TypeLike, ValueLike};

use crate::build::{Builder, Val};
use crate::build_arith::{arith, const_i32, const_of, Arith};
use crate::combiner::combine;
use crate::convert_layout_lowering::RegisterConversion;
use crate::register_tensor::{
    encoding_of, llvm_has_float, register_count, register_encoding, thread_coordinates,
};

/// The kind of the first register-tensor op: the kinds below it are the hardware ops of
/// src/pass.rs (`HardwareOp`).
pub const FIRST_KIND: i32 = 100;

/// The register-tensor ops lowered here, numbered from [`FIRST_KIND`] in the order
/// cpp/RegisterTensors.cpp adds their patterns (`addRegisterOpLowerings`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RegisterOp {
    SplatConstant,
    Transpose,
    Broadcast,
    Splat,
    Mma,
    Coordinate,
    Reduce,
    SharedLoad,
    SharedStore,
    AsyncCopy,
    GlobalLoad,
    GlobalStore,
    Cast,
    Elementwise,
    ConvertLayout,
    Retile,
}

impl RegisterOp {
    const ALL: [RegisterOp; 16] = [
        RegisterOp::SplatConstant,
        RegisterOp::Transpose,
        RegisterOp::Broadcast,
        RegisterOp::Splat,
        RegisterOp::Mma,
        RegisterOp::Coordinate,
        RegisterOp::Reduce,
        RegisterOp::SharedLoad,
        RegisterOp::SharedStore,
        RegisterOp::AsyncCopy,
        RegisterOp::GlobalLoad,
        RegisterOp::GlobalStore,
        RegisterOp::Cast,
        RegisterOp::Elementwise,
        RegisterOp::ConvertLayout,
        RegisterOp::Retile,
    ];

    fn from_number(k: i32) -> Option<RegisterOp> {
        RegisterOp::ALL
            .get(usize::try_from(k.checked_sub(FIRST_KIND)?).ok()?)
            .copied()
    }
}

/// What a pattern did with its op.
enum Outcome {
    /// The op was replaced.
    Lowered,
    /// The op is not one the pattern lowers (a constant or splat of another type, an op that
    /// is not an elementwise one on register tensors).
    NotThisPattern,
}

/// Lower the register-tensor op `op` of kind `kind` (at least [`FIRST_KIND`]): `operands` are
/// its remapped operands, `results` its results' converted types, `sm` the target's SM. False when the op is not
/// the pattern's or cannot be lowered (the reason emitted as the op's error).
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: i32,
    operands: &[Val<'c>],
    results: &[Type<'c>],
    sm: i64,
) -> bool {
    let outcome = match RegisterOp::from_number(kind) {
        Some(kind) => lower_kind(b, op, kind, operands, results, sm),
        None => Err(format!("internal: no register-tensor op numbered {kind}")),
    };
    match outcome {
        Ok(Outcome::Lowered) => true,
        Ok(Outcome::NotThisPattern) => false,
        Err(e) => {
            emit_verifier_error(&op, &e);
            false
        }
    }
}

fn lower_kind<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: RegisterOp,
    operands: &[Val<'c>],
    results: &[Type<'c>],
    sm: i64,
) -> Result<Outcome, String> {
    let result = || {
        results
            .first()
            .copied()
            .ok_or_else(|| "internal: the op has no result".to_string())
    };
    let operand = |i: usize| {
        operands
            .get(i)
            .copied()
            .ok_or_else(|| format!("internal: no operand {i}"))
    };
    match kind {
        RegisterOp::SplatConstant => lower_splat_constant(b, op, result()?),
        RegisterOp::Transpose => {
            let src = operand(0)?;
            if src.r#type() != result()? {
                return Err(
                    "the transpose holds another number of registers than its source".into(),
                );
            }
            b.replace(op, &[src]);
            Ok(Outcome::Lowered)
        }
        RegisterOp::Broadcast => lower_broadcast(b, op, operand(0)?, result()?),
        RegisterOp::Splat => {
            if register_encoding(result_type(op)?).is_none() {
                return Ok(Outcome::NotThisPattern);
            }
            let out = splat_registers(b, operand(0)?, result()?)?;
            b.replace(op, &[out]);
            Ok(Outcome::Lowered)
        }
        RegisterOp::Mma => lower_mma(b, op, operands),
        RegisterOp::Coordinate => lower_coordinate(b, op, result()?),
        RegisterOp::Reduce => lower_reduce(b, op, operand(0)?, result()?),
        RegisterOp::SharedLoad | RegisterOp::SharedStore => {
            let store = kind == RegisterOp::SharedStore;
            crate::shared_access::lower(b, op, store, operands, results, sm)?;
            Ok(Outcome::Lowered)
        }
        RegisterOp::AsyncCopy => {
            crate::async_copy::lower(b, op, operands)?;
            Ok(Outcome::Lowered)
        }
        RegisterOp::GlobalLoad | RegisterOp::GlobalStore => {
            let store = kind == RegisterOp::GlobalStore;
            crate::global_access::lower(b, op, store, operands, results)?;
            Ok(Outcome::Lowered)
        }
        RegisterOp::Cast => {
            crate::register_cast::lower(b, op, operands, results)?;
            Ok(Outcome::Lowered)
        }
        RegisterOp::Elementwise => Ok(if crate::elementwise::lower(b, op, operands, results)? {
            Outcome::Lowered
        } else {
            Outcome::NotThisPattern
        }),
        RegisterOp::ConvertLayout | RegisterOp::Retile => {
            let conversion = if kind == RegisterOp::Retile {
                RegisterConversion::Retile
            } else {
                RegisterConversion::ConvertLayout
            };
            crate::convert_layout_lowering::lower(b, op, conversion, operands, results, sm)?;
            Ok(Outcome::Lowered)
        }
    }
}

/// An undefined struct of type `ty` whose every register is `scalar`.
fn splat_registers<'c>(b: &Builder<'c>, scalar: Val<'c>, ty: Type<'c>) -> Result<Val<'c>, String> {
    let mut out = b.undef(ty);
    for r in 0..register_count(ty)? {
        out = b.insert_value(out, scalar, r);
    }
    Ok(out)
}

/// The splat `arith.constant` register tensor: the scalar constant in every register.
fn lower_splat_constant<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    ty: Type<'c>,
) -> Result<Outcome, String> {
    if register_encoding(result_type(op)?).is_none() {
        return Ok(Outcome::NotThisPattern);
    }
    let Some(dense) = op
        .attribute("value")
        .ok()
        .and_then(|a| DenseElementsAttribute::try_from(a).ok())
        .filter(|d| d.is_splat())
    else {
        // Refused with a message before the conversion.
        return Ok(Outcome::NotThisPattern);
    };
    let value = stored_scalar(b, dense.splat_value())?;
    let scalar = b.insert_one(melior::dialect::arith::constant(
        b.context(),
        value,
        b.location(),
    ));
    let out = splat_registers(b, scalar, ty)?;
    b.replace(op, &[out]);
    Ok(Outcome::Lowered)
}

/// The scalar `value` as its register holds it: itself, or, for a float LLVM has no type for
/// (f8), the integer of its bits. The bits are found by MLIR's own reading: the one bit
/// pattern whose float (a one-element dense attribute of those bytes) is `value`.
fn stored_scalar<'c>(b: &Builder<'c>, value: Attribute<'c>) -> Result<Attribute<'c>, String> {
    let ty = value.r#type();
    if FloatAttribute::try_from(value).is_err() || llvm_has_float(ty) {
        return Ok(value);
    }
    let bits = ty.float_width();
    if bits > 8 {
        return Err(format!("internal: no register storage for {ty} constants"));
    }
    let one = Type::from(RankedTensorType::new(&[1], ty, None));
    (0..1u16 << bits)
        .map(|p| p as u8)
        .find(|p| DenseElementsAttribute::raw_buffer(one, &[*p]).splat_value() == value)
        .map(|p| IntegerAttribute::new(b.int(bits), p as i64).into())
        .ok_or_else(|| format!("internal: no bits of {value}"))
}

/// `layout.broadcast`: each result register copies its row's source register.
fn lower_broadcast<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    src: Val<'c>,
    ty: Type<'c>,
) -> Result<Outcome, String> {
    let dst = result_type(op)?;
    let shape = Tile::of(dst)
        .map(|t| t.shape)
        .ok_or_else(|| format!("internal: '{dst}' is not a ranked tensor"))?;
    let dim = usize::try_from(integer_attribute(op, "dim")?)
        .map_err(|_| "internal: a negative dimension".to_string())?;
    let map = broadcast_plan(
        &encoding_of(operand_type(op, 0)?)?,
        &encoding_of(dst)?,
        &shape,
        dim,
    )
    .map_err(|e| e.to_string())?;
    let mut out = b.undef(ty);
    for (i, &r) in map.iter().enumerate() {
        let x = b.extract_value(src, r)?;
        out = b.insert_value(out, x, i);
    }
    b.replace(op, &[out]);
    Ok(Outcome::Lowered)
}

/// `layout.mma`: the plan's `nvvm.mma.sync` per accumulator tile and k step.
fn lower_mma<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    operands: &[Val<'c>],
) -> Result<Outcome, String> {
    let [a, bm, c] = operands else {
        return Err("internal: layout.mma has three operands".into());
    };
    let (a_ty, c_ty) = (operand_type(op, 0)?, operand_type(op, 2)?);
    let tile = |ty: Type<'c>| {
        Tile::of(ty).ok_or_else(|| format!("internal: '{ty}' is not a ranked tensor"))
    };
    let (a_tile, c_tile) = (tile(a_ty)?, tile(c_ty)?);
    let extent = |t: &Tile, d: usize| {
        t.shape
            .get(d)
            .copied()
            .ok_or_else(|| "internal: an operand of rank below 2".to_string())
    };
    let plan = mma_sync_plan(
        &encoding_of(a_ty)?,
        &encoding_of(operand_type(op, 1)?)?,
        &encoding_of(c_ty)?,
        extent(&c_tile, 0)?,
        extent(&c_tile, 1)?,
        extent(&a_tile, 1)?,
    )
    .map_err(|e| e.to_string())?;
    emit_op_remark(&op, &format!("mma: {}", plan.summary()));
    let elem = a_tile.elem;
    let bf16 = elem.is_bf16();
    let pair_ty = b.vector(2, elem);
    let f32 = b.f32();
    let fragment = b.structure(&[f32, f32, f32, f32]);
    // Two 16-bit elements in one register: vector<2xf16> (NVVM's f16 operand type), bf16
    // pairs as i32 (its bf16 operand type).
    let pack = |regs: Val<'c>, r0: usize, r1: usize| -> Result<Val<'c>, String> {
        let mut v = b.undef(pair_ty);
        for (k, r) in [r0, r1].into_iter().enumerate() {
            let at = b.insert_one(melior::dialect::arith::constant(
                b.context(),
                IntegerAttribute::new(b.i32(), k as i64).into(),
                b.location(),
            ));
            let x = b.extract_value(regs, r)?;
            v = b.insert_element(v, x, at);
        }
        Ok(if bf16 { b.bitcast(v, b.i32()) } else { v })
    };
    let mut result = *c;
    for steps in &plan.tiles {
        let Some(first) = steps.first() else {
            continue;
        };
        let creg = first.c;
        let mut acc = creg
            .iter()
            .map(|&r| b.extract_value(*c, r))
            .collect::<Result<Vec<_>, _>>()?;
        for s in steps {
            let av = (0..8)
                .step_by(2)
                .map(|i| pack(*a, s.a[i], s.a[i + 1]))
                .collect::<Result<Vec<_>, _>>()?;
            let bv = (0..4)
                .step_by(2)
                .map(|i| pack(*bm, s.b[i], s.b[i + 1]))
                .collect::<Result<Vec<_>, _>>()?;
            let d = b.mma_sync_m16n8k16(fragment, &av, &bv, &acc, bf16);
            acc = (0..4)
                .map(|i| b.extract_value(d, i))
                .collect::<Result<Vec<_>, _>>()?;
        }
        for (i, v) in acc.into_iter().enumerate() {
            result = b.insert_value(result, v, creg[i]);
        }
    }
    b.replace(op, &[result]);
    Ok(Outcome::Lowered)
}

/// `layout.coordinate`: the thread's coordinate XOR each register's.
fn lower_coordinate<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    ty: Type<'c>,
) -> Result<Outcome, String> {
    let t = result_type(op)?;
    let tile = Tile::of(t).ok_or_else(|| format!("internal: '{t}' is not a ranked tensor"))?;
    let plan = tensor_coordinates(&encoding_of(t)?, &tile.shape).map_err(|e| e.to_string())?;
    let dim = usize::try_from(integer_attribute(op, "dim")?)
        .map_err(|_| "internal: a negative dimension".to_string())?;
    let mut thread = thread_coordinates(b, &plan.lane, &plan.warp, tile.rank())
        .get(dim)
        .copied()
        .ok_or_else(|| format!("internal: no dimension {dim}"))?;
    let elem = tile.elem;
    if elem != thread.r#type() {
        thread = b.insert_one(melior::dialect::arith::trunci(thread, elem, b.location()));
    }
    let mut out = b.undef(ty);
    for (k, register) in plan.registers.iter().enumerate() {
        let c = register.get(dim).copied().unwrap_or(0);
        let v = if c != 0 {
            let constant = const_of(b, c, elem);
            arith(b, Arith::XOrI, thread, constant)
        } else {
            thread
        };
        out = b.insert_value(out, v, k);
    }
    b.replace(op, &[out]);
    Ok(Outcome::Lowered)
}

/// The value `v` of lane `lane ^ mask` of the warp (`nvvm.shfl.sync bfly`, all lanes);
/// 16-bit values travel in the low half of a 32-bit word, other values that are not i32 or
/// f32 bitcast to i32.
fn butterfly<'c>(b: &Builder<'c>, v: Val<'c>, mask: i64) -> Val<'c> {
    let t = v.r#type();
    let (i16, i32) = (b.int(16), b.i32());
    let sixteen = bit_width(t) == Some(16);
    let word = if sixteen {
        let half = if t == i16 { v } else { b.bitcast(v, i16) };
        b.zext(half, i32)
    } else if t != i32 && !t.is_f32() {
        b.bitcast(v, i32)
    } else {
        v
    };
    let clamp = b.c32(31);
    let lane_mask = b.c32(mask);
    let all = b.c32(-1);
    let got = b.shfl_bfly(all, word, lane_mask, clamp);
    if sixteen {
        let half = b.trunc(got, i16);
        return if t == i16 { half } else { b.bitcast(half, t) };
    }
    if got.r#type() == t {
        got
    } else {
        b.bitcast(got, t)
    }
}

/// `layout.reduce`: in-thread combinations, butterfly shuffles, and the shared stage across
/// warps when the plan has one.
fn lower_reduce<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    src: Val<'c>,
    ty: Type<'c>,
) -> Result<Outcome, String> {
    let src_ty = operand_type(op, 0)?;
    let shape = Tile::of(src_ty)
        .map(|t| t.shape)
        .ok_or_else(|| format!("internal: '{src_ty}' is not a ranked tensor"))?;
    let dim = usize::try_from(integer_attribute(op, "dim")?)
        .map_err(|_| "internal: a negative dimension".to_string())?;
    let kind = op
        .attribute("kind")
        .ok()
        .and_then(|a| StringAttribute::try_from(a).ok())
        .map(|s| s.value().to_string())
        .ok_or_else(|| "internal: no string attribute 'kind'".to_string())?;
    let plan = reduce_plan(&encoding_of(src_ty)?, &shape, dim).map_err(|e| e.to_string())?;
    let dst = encoding_of(result_type(op)?)?;
    if dst != plan.result {
        use layout_dialect::ffi::linear_canonical;
        return Err(format!(
            "reduce: the result encoding must be the source's slice along dimension {dim}, #layout.linear<{}> (Triton's #ttg.slice<{{dim = {dim}, parent = ...}}>), found #layout.linear<{}>",
            linear_canonical(&plan.result),
            linear_canonical(&dst)
        ));
    }
    let mut acc = Vec::new();
    for group in &plan.groups {
        let (&first, rest) = group
            .split_first()
            .ok_or("internal: an empty register group")?;
        let mut v = b.extract_value(src, first)?;
        for &r in rest {
            let x = b.extract_value(src, r)?;
            v = combine(b, &kind, v, x)?;
        }
        acc.push(v);
    }
    for &mask in &plan.lane_masks {
        for v in acc.iter_mut() {
            let other = butterfly(b, *v, mask as i64);
            *v = combine(b, &kind, *v, other)?;
        }
    }
    if !plan.warp_masks.is_empty() {
        across_warps(b, op, &kind, &mut acc, plan.threads, &plan.warp_masks)?;
    }
    let mut out = b.undef(ty);
    for (s, v) in acc.iter().enumerate() {
        out = b.insert_value(out, *v, s);
    }
    emit_op_remark(&op, &format!("reduce: {}", plan.summary));
    b.replace(op, &[out]);
    Ok(Outcome::Lowered)
}

/// The shared-memory stage of a reduction whose rows span warps (see the module note): the
/// partials `acc` become the combination over the reducing warp bits `warp_masks` of the
/// `threads` threads.
fn across_warps<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: &str,
    acc: &mut [Val<'c>],
    threads: usize,
    warp_masks: &[u32],
) -> Result<(), String> {
    let module = std::iter::successors(op.parent_operation(), |p| p.parent_operation())
        .find(|p| op_name(p) == "gpu.module")
        .ok_or(
            "reduces across warps through shared memory: it must lie in a gpu.module, whose static shared memory holds the scratch buffer",
        )?;
    let body = module
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("internal: a gpu.module without a body")?;
    let elem = acc
        .first()
        .map(|v| v.r#type())
        .ok_or("internal: a reduction without results")?;
    let taken = |name: &str| {
        std::iter::successors(body.first_operation(), |o| o.next_in_block()).any(|o| {
            o.attribute("sym_name")
                .ok()
                .and_then(|a| StringAttribute::try_from(a).ok())
                .is_some_and(|s| s.value() == name)
        })
    };
    let name = (0..)
        .map(|i| format!("__layout_reduce_scratch_{i}"))
        .find(|n| !taken(n))
        .ok_or("internal: no free scratch name")?;
    let words = threads * acc.len();
    let array = melior::dialect::llvm::r#type::array(elem, words as u32);
    Builder::at_start(b.context(), op, body, b.rewriter()).internal_global(&name, array, 16, 3);
    let base = b.address_of(&name, b.ptr(3));
    let tid = b.thread_id_x();
    let count = const_i32(b, threads as i64);
    let zero = const_i32(b, 0);
    let s = acc.len() as i64;
    let word = |thread: Val<'c>, r: usize| {
        let cr = const_i32(b, r as i64);
        let cs = const_i32(b, s);
        let row = arith(b, Arith::MulI, thread, cs);
        let at = arith(b, Arith::AddI, row, cr);
        b.element_address(base, elem, at)
    };
    for (r, v) in acc.iter().enumerate() {
        let address = word(tid, r);
        b.store(*v, address, 0);
    }
    b.barrier_threads(zero, count);
    let mask = warp_masks.iter().fold(0i64, |m, &w| m | (w as i64) << 5);
    let not_mask = const_i32(b, !mask);
    let others = arith(b, Arith::AndI, tid, not_mask);
    for c in 0..1i64 << warp_masks.len() {
        let bits = warp_masks
            .iter()
            .enumerate()
            .filter(|(j, _)| c >> j & 1 == 1)
            .fold(0i64, |m, (_, &w)| m | (w as i64) << 5);
        let cb = const_i32(b, bits);
        let partner = arith(b, Arith::OrI, others, cb);
        for (r, v) in acc.iter_mut().enumerate() {
            let address = word(partner, r);
            let x = b.load(elem, address, 0);
            *v = if c == 0 { x } else { combine(b, kind, *v, x)? };
        }
    }
    b.barrier_threads(zero, count);
    Ok(())
}
