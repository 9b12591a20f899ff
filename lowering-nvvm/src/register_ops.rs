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
//!   tile's registers. A remark names the instruction count.
//!
//! Errors are the op's (`op->emitOpError()` in C++), with the algebra's text; no layout math
//! here.

use layout_algebra::hw::mma_sync::mma_sync_plan;
use layout_algebra::linear::reduce_plan::broadcast_plan;
use layout_algebra::linear::LinearLayout;
use layout_dialect::op_access::{integer_attribute, operand_type, result_type};
use layout_dialect::op_diagnostics::{emit_op_remark, emit_verifier_error};
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::{
    Attribute, AttributeLike, DenseElementsAttribute, FloatAttribute, IntegerAttribute,
};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{RankedTensorType, Type};
use melior::ir::{TypeLike, ValueLike};

use crate::build::{Builder, Val};
use crate::build_llvm::struct_body;

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
}

impl RegisterOp {
    const ALL: [RegisterOp; 5] = [
        RegisterOp::SplatConstant,
        RegisterOp::Transpose,
        RegisterOp::Broadcast,
        RegisterOp::Splat,
        RegisterOp::Mma,
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
    /// The op is not one the pattern lowers (a constant or splat of another type).
    NotThisPattern,
}

/// Lower the register-tensor op `op` of kind `kind` (at least [`FIRST_KIND`]): `operands` are
/// its remapped operands, `results` its results' converted types. False when the op is not
/// the pattern's or cannot be lowered (the reason emitted as the op's error).
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: i32,
    operands: &[Val<'c>],
    results: &[Type<'c>],
) -> bool {
    let outcome = match RegisterOp::from_number(kind) {
        Some(kind) => lower_kind(b, op, kind, operands, results),
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
    }
}

/// The linear layout encoding the register tensor type `ty`; `None` for any other type.
fn register_encoding(ty: Type<'_>) -> Option<LinearLayout> {
    Tile::of(ty)?
        .encoding
        .and_then(layout_dialect::attr_linear)?
        .ok()
}

/// The encoding of the register tensor type `ty`, which the op's verifier made one.
fn encoding_of(ty: Type<'_>) -> Result<LinearLayout, String> {
    register_encoding(ty).ok_or_else(|| format!("internal: '{ty}' is not a register tensor"))
}

/// The number of registers of the struct type `ty` (a converted register tensor).
fn register_count(ty: Type<'_>) -> Result<usize, String> {
    struct_body(ty)
        .map(|fields| fields.len())
        .ok_or_else(|| format!("internal: '{ty}' is not the struct of a register tensor"))
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

/// Whether the float type `ty` is one LLVM has (f16, bf16, f32, f64, f80, f128).
fn llvm_has_float(ty: Type<'_>) -> bool {
    ty.is_f16()
        || ty.is_bf16()
        || ty.is_f32()
        || ty.is_f64()
        || matches!(ty.to_string().as_str(), "f80" | "f128")
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
