//! The verifiers of the ops on register tensors (ranked tensors encoded by a register layout,
//! `#layout.linear` from `register`, `lane`, `warp` to the tensor's dimensions), called through
//! [`crate::tensor_op_verifier`]:
//!
//! - **`layout.convert_layout`**: the source and the result are register tensors, whose
//!   encodings lay out the source's extents over the same CTA: the same dimensions and warps
//!   (`linear::tensor_encoding::check_same_cta`).
//! - **`layout.retile`**: as convert_layout, and the result encoding reads the registers the
//!   source encoding gives each thread: no data moves (`linear::retile`).
//! - **`layout.transpose`**: both register tensors, the result encoding the transpose by
//!   `order` of the source's (`linear::tensor_transpose`: the same registers).
//! - **`layout.coordinate`**: the result is a register tensor; `dim` is one of its dimensions;
//!   its elements are integers of 1 to 32 bits that hold every coordinate along `dim`
//!   (0 .. extent - 1); its encoding places each element at a coordinate
//!   (`linear::tensor_coordinates`).
//! - **`layout.reduce`**: `kind` combines the elements (floats: addf, mulf, maxnumf, minnumf,
//!   maximumf, minimumf; integers: addi, muli, maxsi, minsi, maxui, minui, andi, ori, xori),
//!   which have 16 or 32 bits; the source and the result are register tensors (each one that
//!   is not is an error), and the result encoding is the source's slice along `dim`
//!   (`linear::reduce_plan`).
//! - **`layout.broadcast`**: both register tensors, the source's encoding the slice along
//!   `dim` of the result's, over the result's extents (`linear::reduce_plan::broadcast_plan`).
//!
//! The first failure, in that order per op, is the op's error; the algebra's message as is.

use layout_algebra::linear::LinearLayout;
use layout_algebra::Error;
use melior::ir::operation::OperationRef;
use melior::ir::r#type::IntegerType;
use melior::ir::TypeLike;

use crate::op_access::{
    bit_width, i64_array_attribute, integer_attribute, operand_type, result_type, string_attribute,
};
use crate::op_rejection::Rejection;
use crate::register_tile::tile_of;

/// The arith ops layout.reduce combines floats with.
const FLOAT_COMBINERS: [&str; 6] = ["addf", "mulf", "maxnumf", "minnumf", "maximumf", "minimumf"];
/// The arith ops layout.reduce combines integers with.
const INT_COMBINERS: [&str; 9] = [
    "addi", "muli", "maxsi", "minsi", "maxui", "minui", "andi", "ori", "xori",
];

/// Verify the register-tensor op `op` named `name` (the module doc).
pub(crate) fn verify(op: OperationRef<'_, '_>, name: &str) -> Result<(), Rejection> {
    use layout_algebra::linear::{reduce_plan, retile, tensor_encoding, tensor_transpose};
    match name {
        "layout.convert_layout" => register_pair(op, |src, dst, shape| {
            tensor_encoding::check_same_cta(src, dst, shape)
        }),
        "layout.retile" => register_pair(op, |src, dst, shape| {
            retile::retile_registers(src, dst, shape).map(|_| ())
        }),
        "layout.transpose" => {
            let order = i64_array_attribute(op, "order")?;
            register_pair(op, |src, dst, shape| {
                tensor_transpose::check_transpose(src, dst, shape, &order)
            })
        }
        "layout.broadcast" => {
            let dim = integer_attribute(op, "dim")? as usize;
            let extents = tile_of(result_type(op)?)?.shape;
            register_pair(op, |src, dst, _| {
                reduce_plan::broadcast_plan(src, dst, &extents, dim).map(|_| ())
            })
        }
        "layout.coordinate" => coordinate(op),
        "layout.reduce" => reduce(op),
        _ => Err(format!("internal: {name} is not a register-tensor op").into()),
    }
}

/// An op from one register tensor (the operand) to another (the result): both encoded by
/// linear layouts, which `check` accepts with the source's extents.
fn register_pair(
    op: OperationRef<'_, '_>,
    check: impl FnOnce(&LinearLayout, &LinearLayout, &[i64]) -> Result<(), Error>,
) -> Result<(), Rejection> {
    let src = tile_of(operand_type(op, 0)?)?;
    let dst = tile_of(result_type(op)?)?;
    let from = src.encoding("source")?;
    let to = dst.encoding("result")?;
    check(&from, &to, &src.shape).map_err(|e| e.to_string().into())
}

/// layout.coordinate (the module doc).
fn coordinate(op: OperationRef<'_, '_>) -> Result<(), Rejection> {
    let t = tile_of(result_type(op)?)?;
    let encoding = t.encoding("result")?;
    let dim = integer_attribute(op, "dim")?;
    let rank = t.rank() as i64;
    if dim < 0 || dim >= rank {
        return Err(format!("dim {dim} is not a dimension of the rank-{rank} tensor").into());
    }
    let last = t.shape[dim as usize].wrapping_sub(1);
    let holds = IntegerType::try_from(t.elem)
        .is_ok_and(|i| (1..=32).contains(&i.width()) && (1i64 << (i.width() - 1)) > last);
    if !holds {
        return Err(format!(
            "the coordinates along dimension {dim} (0 .. {last}) are held in a signless integer type of at most 32 bits that holds them, found '{}'",
            t.elem
        )
        .into());
    }
    layout_algebra::linear::tensor_coordinates::tensor_coordinates(&encoding, &t.shape)
        .map(|_| ())
        .map_err(|e| e.to_string().into())
}

/// layout.reduce (the module doc).
fn reduce(op: OperationRef<'_, '_>) -> Result<(), Rejection> {
    let src = tile_of(operand_type(op, 0)?)?;
    let elem = src.elem;
    let kind = string_attribute(op, "kind")?;
    let known = if elem.is_float() {
        FLOAT_COMBINERS.contains(&kind)
    } else {
        IntegerType::try_from(elem).is_ok() && INT_COMBINERS.contains(&kind)
    };
    if !known {
        return Err(format!(
            "kind \"{kind}\" is not a combiner of '{elem}' (floats: {}; integers: {})",
            FLOAT_COMBINERS.join(", "),
            INT_COMBINERS.join(", ")
        )
        .into());
    }
    if !matches!(bit_width(elem), Some(16 | 32)) {
        return Err(format!(
            "reduces elements of 16 or 32 bits (shuffled as 32-bit words), found '{elem}'"
        )
        .into());
    }
    let dst = tile_of(result_type(op)?)?;
    // Both encodings are read before either error is reported: each one missing is an error.
    let (from, to) = match (src.encoding("source"), dst.encoding("result")) {
        (Ok(from), Ok(to)) => (from, to),
        (from, to) => {
            return Err(Rejection(
                [from.err(), to.err()].into_iter().flatten().collect(),
            ))
        }
    };
    let dim = integer_attribute(op, "dim")? as usize;
    layout_dialect_ffi::reduce_plan_into(&from, &to, &src.shape, dim)
        .map(|_| ())
        .map_err(|e| e.to_string().into())
}
