//! The result type of a layout-dialect algebra op the lowering builds (`layout.get`,
//! `layout.tidfrg`, ...), inferred as the op infers it when it is parsed: the algebra's op of
//! the same name (without `layout.`) applied to the CuTe values the operand types hold, then
//! the mode indices as integers. The rules:
//!
//! - an operand of type `*` (unknown) makes the result `*`, and so does a result the runtime
//!   leaves leave open (the algebra's `Dynamic` answer);
//! - an operand that is not a layout-dialect value, or holds no CuTe value, and an algebra
//!   error (a panic read as one) are the error `'<op name>' op <message>` at the location of
//!   the op being lowered, as MLIR's inference emits it; the op is not built.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::{Error, Value as AlgebraValue};
use layout_dialect::ffi::Stored;
use layout_dialect::op_diagnostics::{algebra_message, emit_named_op_error};
use melior::ir::r#type::Type;
use melior::ir::ValueLike;

use crate::build::{Builder, Val};

/// An error already emitted at the op being lowered (or at its location).
#[derive(Debug)]
pub(crate) struct Emitted;

/// The layout-dialect type of the unknown value `*`.
pub(crate) fn unknown_type<'c>(b: &Builder<'c>) -> Result<Type<'c>, String> {
    Type::parse(b.context(), "!layout.layout<*>")
        .ok_or_else(|| "internal: no unknown layout type".to_string())
}

/// The layout-dialect type (and value) of the algebra's `value`.
pub(crate) fn type_of<'c>(b: &Builder<'c>, value: AlgebraValue) -> Type<'c> {
    layout_dialect::value_type(b.context(), Stored::Cute(value))
}

/// The type the algebra infers for the op `name` (`layout.get`, ...) of `operands` with the
/// mode indices `indices` (the module doc); the error emitted at the builder's location.
pub(crate) fn inferred<'c>(
    b: &Builder<'c>,
    name: &str,
    operands: &[Val<'c>],
    indices: &[i64],
) -> Result<Type<'c>, Emitted> {
    let fail = |message: String| {
        emit_named_op_error(b.location(), name, &message);
        Emitted
    };
    let mut values = Vec::with_capacity(operands.len() + indices.len());
    for v in operands {
        let ty = v.r#type();
        if !layout_dialect::is_layout_type(ty) {
            return Err(fail(format!("expects layout-dialect operands, got {ty}")));
        }
        if layout_dialect::type_text(ty) == Some("*") {
            return unknown_type(b).map_err(fail);
        }
        match layout_dialect::type_value(ty) {
            Some(Ok(value)) => values.push(AlgebraValue::clone(&value)),
            Some(Err(e)) => return Err(fail(algebra_message(e))),
            None => return Err(fail(format!("expects layout-dialect operands, got {ty}"))),
        }
    }
    values.extend(indices.iter().map(|&i| AlgebraValue::int(i)));
    let op = name.strip_prefix("layout.").unwrap_or(name);
    let result = catch_unwind(AssertUnwindSafe(|| layout_algebra::ops::call(op, &values)))
        .unwrap_or_else(|_| {
            Err(Error::algebra(
                "internal error: the layout algebra panicked",
            ))
        });
    match result {
        Ok(value) => Ok(type_of(b, value)),
        Err(Error::Dynamic(_)) => unknown_type(b).map_err(fail),
        Err(e) => Err(fail(algebra_message(e))),
    }
}
