//! Integer index math of the register-tensor and memory-tensor lowerings: `arith.constant` of
//! an integer type (and the zero vector a masked load fills its masked-off elements with), the
//! integer `arith` ops (add, sub, mul, and, or, xor, logical shift right, signed division and
//! remainder, unsigned division and remainder, signed minimum and maximum) the thread coordinates, shared-memory addresses, the shared stage of a reduction
//! and the TMA predicates are built from, `arith.cmpi`, `arith.index_cast` and
//! `arith.index_castui`, and the index constants of the memory-tensor resolution.
//! Inserted through the lowering's [`Builder`], like [`crate::build_llvm`]'s ops.

use melior::dialect::arith::CmpiPredicate;
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

/// `arith.constant v : i64`.
pub(crate) fn const_i64<'c>(b: &Builder<'c>, v: i64) -> Val<'c> {
    const_of(b, v, b.i64())
}

/// The integer arith ops of the index math.
#[derive(Clone, Copy)]
pub(crate) enum Arith {
    AddI,
    SubI,
    MulI,
    AndI,
    OrI,
    XOrI,
    ShLI,
    ShRUI,
    DivSI,
    RemSI,
    DivUI,
    RemUI,
    MinSI,
    MaxSI,
}

/// The arith op `kind` of `x` and `y`.
pub(crate) fn arith<'c>(b: &Builder<'c>, kind: Arith, x: Val<'c>, y: Val<'c>) -> Val<'c> {
    use melior::dialect::arith::{
        addi, andi, divsi, divui, maxsi, minsi, muli, ori, remsi, remui, shli, shrui, subi, xori,
    };
    let loc = b.location();
    b.insert_one(match kind {
        Arith::AddI => addi(x, y, loc),
        Arith::SubI => subi(x, y, loc),
        Arith::MulI => muli(x, y, loc),
        Arith::AndI => andi(x, y, loc),
        Arith::OrI => ori(x, y, loc),
        Arith::XOrI => xori(x, y, loc),
        Arith::ShLI => shli(x, y, loc),
        Arith::ShRUI => shrui(x, y, loc),
        Arith::DivSI => divsi(x, y, loc),
        Arith::RemSI => remsi(x, y, loc),
        Arith::DivUI => divui(x, y, loc),
        Arith::RemUI => remui(x, y, loc),
        Arith::MinSI => minsi(x, y, loc),
        Arith::MaxSI => maxsi(x, y, loc),
    })
}

/// `arith.cmpi predicate, x, y`.
pub(crate) fn cmpi<'c>(
    b: &Builder<'c>,
    predicate: CmpiPredicate,
    x: Val<'c>,
    y: Val<'c>,
) -> Val<'c> {
    b.insert_one(melior::dialect::arith::cmpi(
        b.context(),
        predicate,
        x,
        y,
        b.location(),
    ))
}

/// `arith.index_cast x : index to ty` (or back).
pub(crate) fn index_cast<'c>(b: &Builder<'c>, x: Val<'c>, ty: Type<'c>) -> Val<'c> {
    b.insert_one(melior::dialect::arith::index_cast(x, ty, b.location()))
}

/// `arith.index_castui x : index to ty` (or back): the unsigned cast.
pub(crate) fn index_castui<'c>(b: &Builder<'c>, x: Val<'c>, ty: Type<'c>) -> Val<'c> {
    b.insert_one(melior::dialect::arith::index_castui(x, ty, b.location()))
}

/// `arith.constant v : index`.
pub(crate) fn const_index<'c>(b: &Builder<'c>, v: i64) -> Val<'c> {
    const_of(b, v, Type::index(b.context()))
}
