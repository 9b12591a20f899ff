//! Integer index math of the register-tensor lowerings: `arith.constant` of an integer type
//! and the integer `arith` ops (add, mul, and, or, xor, logical shift right) the thread
//! coordinates, shared-memory addresses and the shared stage of a reduction are built from.
//! Inserted through the lowering's [`Builder`], like [`crate::build_llvm`]'s ops.

use melior::ir::attribute::IntegerAttribute;
use melior::ir::r#type::Type;

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
