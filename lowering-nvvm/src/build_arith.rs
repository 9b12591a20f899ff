//! Integer index math of the register-tensor lowerings: `arith.constant` of an integer type
//! (and the zero vector a masked load fills its masked-off elements with) and the integer
//! `arith` ops (add, mul, and, or, xor, logical shift right) the thread
//! coordinates, shared-memory addresses and the shared stage of a reduction are built from.
//! Inserted through the lowering's [`Builder`], like [`crate::build_llvm`]'s ops.

use melior::ir::attribute::{Attribute, DenseElementsAttribute, FloatAttribute, IntegerAttribute};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::TypeLike;

use crate::build::{Builder, Val};

/// `arith.constant v : i32`.
pub(crate) fn const_i32<'c>(b: &Builder<'c>, v: i64) -> Val<'c> {
    const_of(b, v, b.i32())
}

/// `arith.constant v : ty` of the integer type `ty`.
pub(crate) fn const_of<'c>(b: &Builder<'c>, v: i64, ty: Type<'c>) -> Val<'c> {
    b.insert_one(melior::dialect::arith::constant(
        b.context(),
        IntegerAttribute::new(ty, v).into(),
        b.location(),
    ))
}

/// `arith.constant dense<0> : vector<n x elem>` of the integer or float type `elem` (as C++'s
/// `getZeroAttr` of the vector type makes it).
pub(crate) fn const_zero_vector<'c>(
    b: &Builder<'c>,
    n: usize,
    elem: Type<'c>,
) -> Result<Val<'c>, String> {
    let zero: Attribute<'c> = if IntegerType::try_from(elem).is_ok() {
        IntegerAttribute::new(elem, 0).into()
    } else if elem.is_float() {
        FloatAttribute::new(b.context(), elem, 0.0).into()
    } else {
        return Err(format!("internal: no zero of '{elem}'"));
    };
    let value = DenseElementsAttribute::new(b.vector(n, elem), &[zero])
        .map_err(|e| format!("internal: the zero vector of '{elem}': {e}"))?;
    Ok(b.insert_one(melior::dialect::arith::constant(
        b.context(),
        value.into(),
        b.location(),
    )))
}

/// The integer arith ops the thread coordinates and the shared stage of a reduction use.
#[derive(Clone, Copy)]
pub(crate) enum Arith {
    AddI,
    MulI,
    AndI,
    OrI,
    XOrI,
    ShRUI,
}

/// The arith op `kind` of `x` and `y`.
pub(crate) fn arith<'c>(b: &Builder<'c>, kind: Arith, x: Val<'c>, y: Val<'c>) -> Val<'c> {
    use melior::dialect::arith::{addi, andi, muli, ori, shrui, xori};
    let loc = b.location();
    b.insert_one(match kind {
        Arith::AddI => addi(x, y, loc),
        Arith::MulI => muli(x, y, loc),
        Arith::AndI => andi(x, y, loc),
        Arith::OrI => ori(x, y, loc),
        Arith::XOrI => xori(x, y, loc),
        Arith::ShRUI => shrui(x, y, loc),
    })
}
