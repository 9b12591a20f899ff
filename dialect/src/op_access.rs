//! Reading an op for its verifier through melior's typed API: the type of an operand or of the
//! one result, a required integer, string or i64 array attribute, the integer a constant op
//! defines, and the bit width of an integer or float type. Each miss is an `internal:` error
//! (the ODS rules out what it names), never a panic; no lookup prints the op (melior's
//! `operand(i)`/`result(i)` print the whole module on a miss).

use melior::ir::attribute::{DenseI64ArrayAttribute, IntegerAttribute, StringAttribute};
use melior::ir::operation::{OperationLike, OperationRef, OperationResult};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::{TypeLike, Value, ValueLike};

use crate::op_diagnostics::op_name;

/// The type of operand `i`.
pub fn operand_type<'c>(op: OperationRef<'c, '_>, i: usize) -> Result<Type<'c>, String> {
    op.operands()
        .nth(i)
        .map(|v| v.r#type())
        .ok_or_else(|| format!("internal: no operand {i}"))
}

/// The type of the op's one result.
pub fn result_type<'c>(op: OperationRef<'c, '_>) -> Result<Type<'c>, String> {
    op.results()
        .next()
        .map(|r| r.r#type())
        .ok_or_else(|| "internal: the op has no result".to_string())
}

/// The integer attribute `key` the ODS makes required.
pub fn integer_attribute(op: OperationRef<'_, '_>, key: &str) -> Result<i64, String> {
    op.attribute(key)
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|i| i.value())
        .ok_or_else(|| format!("internal: no integer attribute '{key}'"))
}

/// The string attribute `key` the ODS makes required.
pub fn string_attribute<'c>(op: OperationRef<'c, '_>, key: &str) -> Result<&'c str, String> {
    op.attribute(key)
        .ok()
        .and_then(|a| StringAttribute::try_from(a).ok())
        .map(|s| s.value())
        .ok_or_else(|| format!("internal: no string attribute '{key}'"))
}

/// The integers of the dense i64 array attribute `key` the ODS makes required.
pub fn i64_array_attribute(op: OperationRef<'_, '_>, key: &str) -> Result<Vec<i64>, String> {
    let missing = || format!("internal: no i64 array attribute '{key}'");
    let array = op
        .attribute(key)
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or_else(missing)?;
    (0..array.len())
        .map(|i| array.element(i).map_err(|_| missing()))
        .collect()
}

/// The integer a constant op defines `v` as (`arith.constant`, `llvm.mlir.constant`,
/// `index.constant`), sign-extended; `None` for any other value.
pub fn constant_int(v: Value<'_, '_>) -> Option<i64> {
    let def = OperationResult::try_from(v).ok()?.owner();
    if !matches!(
        op_name(&def).as_str(),
        "arith.constant" | "llvm.mlir.constant" | "index.constant"
    ) {
        return None;
    }
    IntegerAttribute::try_from(def.attribute("value").ok()?)
        .ok()
        .map(|i| i.value())
}

/// The width of an integer or float type; `None` for another type.
pub fn bit_width(t: Type<'_>) -> Option<i64> {
    if let Ok(i) = IntegerType::try_from(t) {
        return Some(i.width() as i64);
    }
    // SAFETY: `t` is a live type, checked to be a float type first.
    t.is_float()
        .then(|| unsafe { mlir_sys::mlirFloatTypeGetWidth(t.to_raw()) } as i64)
}
