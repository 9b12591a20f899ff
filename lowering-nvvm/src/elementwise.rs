//! The elementwise `arith` and `math` ops on register tensors in `--layout-lower-register-tensors`
//! (cpp/RegisterTensors.cpp's pattern on any op, `RegisterOpLowering<AnyOp>`): an op of those
//! dialects without regions, other than `arith.constant` (src/register_ops.rs), whose operands
//! or results include a register tensor. Any other op is not this pattern's (no diagnostic).
//!
//! - Its register tensors share one `#layout.linear` encoding (else an error: give its operands
//!   one layout), and every result is a register tensor (else an error naming the result).
//! - An `arith.bitcast` between element types of one LLVM type (f8E4M3FN and i8) moves nothing:
//!   the result is the operand's struct.
//! - An `arith.truncf` of f32 registers to f8E4M3FN / f8E5M2 (whose registers are i8): one
//!   `nvvm.convert.f32x2.to.f8x2` (`cvt.rn.satfinite.{e4m3,e5m2}x2.f32`, its second operand in
//!   the low byte) per two registers; a value past the format's largest finite one saturates to
//!   it, as the hardware's only f32 -> fp8 conversion does.
//! - Any other op becomes the same op on each register: its register-tensor operands' register
//!   r (`llvm.extractvalue`; other operands as they are), the scalar op of the op's name and
//!   attributes on the element types, its results inserted at register r of undefined structs.
//!   Where the upstream lowering would call libdevice, the scalar op is the LLVM op NVPTX selects
//!   an instruction for: the float max/min (`arith.maxnumf` / `minnumf` / `maximumf` /
//!   `minimumf`: `llvm.intr.maxnum`, ..., layout.reduce's combiners), `math.exp2` on f32
//!   (`llvm.nvvm.ex2.approx`: ex2.approx.f32, as FlashAttention's softmax uses) and `math.log2`
//!   on f32 (`llvm.nvvm.lg2.approx.f`: the log-sum-exp of an attention epilogue).

use layout_dialect::op_diagnostics::op_name;
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::Attribute;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Identifier, TypeLike, ValueLike};

use crate::build::{Builder, Val};
use crate::combiner::combine;
use crate::register_tensor::register_count;

/// The float max/min ops, lowered as layout.reduce's combiners of the same name.
const FLOAT_MIN_MAX: [&str; 4] = ["maxnumf", "minnumf", "maximumf", "minimumf"];

/// The `#layout.linear` encoding attribute of the register tensor type `ty`; `None` for any
/// other type.
fn register_encoding_attribute(ty: Type<'_>) -> Option<Attribute<'_>> {
    Tile::of(ty)?
        .encoding
        .filter(|a| matches!(layout_dialect::attr_linear(*a), Some(Ok(_))))
}

/// Lower the elementwise op `op` (see the module note): `operands` are its remapped operands,
/// `results` its results' converted types. False when `op` is not an elementwise op on
/// register tensors (nothing done); an error, the op's, when it cannot be lowered.
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    operands: &[Val<'c>],
    results: &[Type<'c>],
) -> Result<bool, String> {
    let name = op_name(&op);
    let dialect = name.split('.').next().unwrap_or("");
    if !matches!(dialect, "arith" | "math")
        || name == "arith.constant"
        || op.region_count() != 0
        || op.result_count() == 0
    {
        return Ok(false);
    }
    let operand_types: Vec<Type<'c>> = op.operands().map(|v| v.r#type()).collect();
    let result_types: Vec<Type<'c>> = op.results().map(|v| v.r#type()).collect();
    let mut encoding = None;
    for &t in operand_types.iter().chain(&result_types) {
        let Some(e) = register_encoding_attribute(t) else {
            continue;
        };
        if encoding.is_some_and(|other| other != e) {
            return Err("mixes register tensors of different layouts: give its operands one layout (layout.convert_layout, or --layout-assign-layouts)".into());
        }
        encoding = Some(e);
    }
    if encoding.is_none() {
        return Ok(false);
    }
    if let Some(t) = result_types
        .iter()
        .find(|t| register_encoding_attribute(**t).is_none())
    {
        return Err(format!(
            "has a register tensor operand but the result '{t}' is not a register tensor"
        ));
    }
    let first = *results
        .first()
        .ok_or("internal: the op has no converted result")?;
    let source = operands.first().copied();
    if name == "arith.bitcast" {
        if let Some(src) = source.filter(|s| s.r#type() == first) {
            b.replace(op, &[src]);
            return Ok(true);
        }
    }
    let regs = register_count(first)?;
    if let (Some(e5m2), Some(src)) = (f32_to_fp8(&name, &operand_types, &result_types), source) {
        let out = truncate_to_fp8(b, src, first, regs, e5m2)?;
        b.replace(op, &[out]);
        return Ok(true);
    }
    let mut outs: Vec<Val<'c>> = results.iter().map(|&s| b.undef(s)).collect();
    let elems = result_types
        .iter()
        .map(|&t| Tile::of(t).map(|t| t.elem))
        .collect::<Option<Vec<_>>>()
        .ok_or("internal: a result that is not a ranked tensor")?;
    let attributes: Vec<(Identifier<'c>, Attribute<'c>)> = op.attributes().collect();
    for r in 0..regs {
        let scalars = operand_types
            .iter()
            .zip(operands)
            .map(|(&t, &now)| {
                if register_encoding_attribute(t).is_some() {
                    b.extract_value(now, r)
                } else {
                    Ok(now)
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(direct) = direct_scalar(b, &name, &scalars)? {
            outs[0] = b.insert_value(outs[0], direct, r);
            continue;
        }
        let scalar = b.insert(
            OperationBuilder::new(&name, b.location())
                .add_operands(&scalars)
                .add_results(&elems)
                .add_attributes(&attributes)
                .build()
                .map_err(|e| format!("internal: the scalar {name}: {e}"))?,
        );
        for (out, v) in outs.iter_mut().zip(scalar.results()) {
            *out = b.insert_value(*out, v.into(), r);
        }
    }
    b.replace(op, &outs);
    Ok(true)
}

/// Whether the op `name` of operands `operand_types` and results `result_types` is an
/// `arith.truncf` of f32 to f8E4M3FN (`Some(false)`) or f8E5M2 (`Some(true)`).
pub(crate) fn f32_to_fp8(
    name: &str,
    operand_types: &[Type<'_>],
    result_types: &[Type<'_>],
) -> Option<bool> {
    fn elem<'c>(ty: Option<&Type<'c>>) -> Option<Type<'c>> {
        Tile::of(*ty?).map(|t| t.elem)
    }
    if name != "arith.truncf" || !elem(operand_types.first())?.is_f32() {
        return None;
    }
    match elem(result_types.first())?.to_string().as_str() {
        "f8E4M3FN" => Some(false),
        "f8E5M2" => Some(true),
        _ => None,
    }
}

/// The `regs` f32 registers of `src` as the f8 (E5M2 when `e5m2`, else E4M3FN) bytes of a
/// struct of type `ty`: one conversion per two registers (the last alone converted with
/// itself).
fn truncate_to_fp8<'c>(
    b: &Builder<'c>,
    src: Val<'c>,
    ty: Type<'c>,
    regs: usize,
    e5m2: bool,
) -> Result<Val<'c>, String> {
    let (i8, i16) = (b.int(8), b.int(16));
    let mut out = b.undef(ty);
    let eight = b.const_int(8, i16);
    for r in (0..regs).step_by(2) {
        let lo = b.extract_value(src, r)?;
        let hi = if r + 1 < regs {
            b.extract_value(src, r + 1)?
        } else {
            lo
        };
        let pair = b.convert_f32x2_to_f8x2(hi, lo, e5m2);
        let low = b.trunc(pair, i8);
        out = b.insert_value(out, low, r);
        if r + 1 < regs {
            let shifted = b.lshr(pair, eight);
            let high = b.trunc(shifted, i8);
            out = b.insert_value(out, high, r + 1);
        }
    }
    Ok(out)
}

/// The scalar op of one register as the LLVM op NVPTX selects an instruction for, where the
/// upstream lowering would call libdevice (see the module note); `None` for any other op.
fn direct_scalar<'c>(
    b: &Builder<'c>,
    name: &str,
    scalars: &[Val<'c>],
) -> Result<Option<Val<'c>>, String> {
    if let (Some(kind), [x, y]) = (name.strip_prefix("arith."), scalars) {
        if FLOAT_MIN_MAX.contains(&kind) {
            return combine(b, kind, *x, *y).map(Some);
        }
    }
    let intrinsic = match name {
        "math.exp2" => "llvm.nvvm.ex2.approx",
        "math.log2" => "llvm.nvvm.lg2.approx.f",
        _ => return Ok(None),
    };
    match scalars {
        [x] if x.r#type().is_f32() => Ok(Some(b.call_intrinsic(x.r#type(), intrinsic, &[*x]))),
        _ => Ok(None),
    }
}
