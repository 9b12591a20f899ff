//! `builtin.unrealized_conversion_cast` in `--layout-lower-register-tensors`: the boundary
//! between register tensors and struct-level code (cpp/RegisterTensors.cpp,
//! `RegisterOpLowering<UnrealizedConversionCastOp>`). With its operands remapped (a register
//! tensor as the struct of its registers) and its results' types converted:
//!
//! - a cast of a one-dimensional vector to the struct of a register tensor whose registers are
//!   as many as the vector's elements and of its element type (e.g. the result of a
//!   `tcgen05.ld`) fills the struct element by element: register r = element r;
//! - a cast of such a struct to such a vector (e.g. for a `tcgen05.st`) reads it: element r =
//!   register r;
//! - a cast whose operands already have the converted result types folds away: its results are
//!   its operands;
//! - any other cast is an error naming the registers wanted and the type given.

use layout_dialect::ir::ranked_shape;
use melior::ir::operation::OperationRef;
use melior::ir::r#type::Type;
use melior::ir::{TypeLike, ValueLike};

use crate::build::{Builder, Val};
use crate::build_arith::const_i32;
use crate::build_llvm::struct_body;

/// Whether `vector` is a one-dimensional vector of as many elements as the struct `st` has
/// fields, each of the vector's element type.
fn holds_registers_of(vector: Type<'_>, st: Type<'_>) -> bool {
    let (Some((elem, dims)), Some(fields)) = (
        vector.is_vector().then(|| ranked_shape(vector)).flatten(),
        struct_body(st),
    ) else {
        return false;
    };
    dims == [fields.len() as i64] && fields.iter().all(|&f| f == elem)
}

/// Lower the cast `op` (see the module note): `operands` are its remapped operands, `results`
/// its results' converted types; an error, the op's, when it cannot be lowered.
pub(crate) fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    operands: &[Val<'c>],
    results: &[Type<'c>],
) -> Result<(), String> {
    if let ([v], [want]) = (operands, results) {
        let given = v.r#type();
        if holds_registers_of(given, *want) {
            let mut regs = b.undef(*want);
            for r in 0..struct_body(*want).map_or(0, |f| f.len()) {
                let at = const_i32(b, r as i64);
                let e = b.extract_element(*v, at);
                regs = b.insert_value(regs, e, r);
            }
            b.replace(op, &[regs]);
            return Ok(());
        }
        if holds_registers_of(*want, given) {
            let mut vector = b.poison(*want);
            for r in 0..struct_body(given).map_or(0, |f| f.len()) {
                let e = b.extract_value(*v, r)?;
                let at = const_i32(b, r as i64);
                vector = b.insert_element(vector, e, at);
            }
            b.replace(op, &[vector]);
            return Ok(());
        }
    }
    if !operands
        .iter()
        .map(|v| v.r#type())
        .eq(results.iter().copied())
    {
        let (Some(want), Some(given)) = (results.first(), operands.first()) else {
            return Err("internal: a cast without operands or results".into());
        };
        return Err(format!(
            "casts to a register tensor whose registers are '{want}', from '{}'",
            given.r#type()
        ));
    }
    b.replace(op, operands);
    Ok(())
}
