//! The verifiers of the views of a tensor in memory: `layout.select_tensor` (modes in another
//! order, or some of them), `layout.group_tensor` (modes `[begin, end)` as one) and
//! `layout.recast_tensor` (the bytes as elements of another type).
//!
//! - **Elements**: select and group keep the element type; recast reads integer or float
//!   elements as integer or float elements (their widths are the recast's).
//! - **Space**: a view of a `tma` tensor is refused (its tiles are addressed by tensor-map
//!   coordinates: one views the shared tile instead).
//! - **Layout**: the result is the tensor in the same space with the layout the algebra gives
//!   the view (`ops::tensor_view::view_layout` of the source's CuTe layout); the algebra's
//!   error (the rule the view breaks) otherwise.
//!
//! The first failure, in that order per op, is the op's error.

use layout_algebra::ops::tensor_view::{view_layout, TensorView};
use layout_algebra::Value;
use layout_dialect_ffi::Stored;
use melior::ir::attribute::DenseI64ArrayAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::Context;
use std::panic::AssertUnwindSafe;

use crate::memory_tensor::{memory_tensor, memory_tensor_type, MemorySpace, MemoryTensor};
use crate::op_access::{bit_width, integer_attribute, operand_type, result_type};
use crate::op_diagnostics::algebra_message;

/// Verify `layout.select_tensor` (the module doc).
pub fn verify_select_tensor<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let (source, result) = source_and_view(op)?;
    same_element(&source, &result)?;
    let modes = op
        .attribute("modes")
        .ok()
        .and_then(|a| DenseI64ArrayAttribute::try_from(a).ok())
        .ok_or("internal: no attribute 'modes'")?;
    let modes = (0..modes.len())
        .map(|i| modes.element(i).map_err(|e| format!("internal: {e}")))
        .collect::<Result<Vec<i64>, String>>()?;
    view(ctx, source, result, TensorView::Select(modes))
}

/// Verify `layout.group_tensor` (the module doc).
pub fn verify_group_tensor<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let (source, result) = source_and_view(op)?;
    same_element(&source, &result)?;
    let begin = integer_attribute(op, "begin")?;
    let end = integer_attribute(op, "end")?;
    view(ctx, source, result, TensorView::Group(begin, end))
}

/// Verify `layout.recast_tensor` (the module doc).
pub fn verify_recast_tensor<'c>(ctx: &'c Context, op: OperationRef<'c, '_>) -> Result<(), String> {
    let (source, result) = source_and_view(op)?;
    let (from, to) = (source.tensor.element, result.tensor.element);
    let (Some(old), Some(new)) = (bit_width(from), bit_width(to)) else {
        return Err(format!(
            "recasts integer or float elements, found '{from}' and '{to}'"
        ));
    };
    view(ctx, source, result, TensorView::Recast { old, new })
}

/// A tensor in memory: its type (printed in messages) and its parameters.
struct Tensor<'c> {
    ty: Type<'c>,
    tensor: MemoryTensor<'c>,
}

/// The viewed tensor (the op's operand) and the view (its result), which the ODS makes tensors
/// in memory.
fn source_and_view<'c>(op: OperationRef<'c, '_>) -> Result<(Tensor<'c>, Tensor<'c>), String> {
    let tensor = |ty: Type<'c>| {
        memory_tensor(ty)
            .map(|tensor| Tensor { ty, tensor })
            .ok_or_else(|| format!("internal: '{ty}' is not a tensor in memory"))
    };
    Ok((tensor(operand_type(op, 0)?)?, tensor(result_type(op)?)?))
}

/// The element rule of select and group.
fn same_element(source: &Tensor<'_>, result: &Tensor<'_>) -> Result<(), String> {
    if result.tensor.element != source.tensor.element {
        return Err(format!(
            "a view keeps the element type '{}' (layout.recast_tensor changes it)",
            source.tensor.element
        ));
    }
    Ok(())
}

/// The space and layout rules of the module doc for the view `v` of `source` as `result`.
fn view<'c>(
    ctx: &'c Context,
    source: Tensor<'c>,
    result: Tensor<'c>,
    v: TensorView,
) -> Result<(), String> {
    if source.tensor.space == MemorySpace::Tma {
        return Err(format!(
            "views '{}': a tma tensor's tiles are addressed by tensor-map coordinates (layout.local_tile); view the shared tile instead",
            source.ty
        ));
    }
    let Some(Value::Func(f)) = crate::type_stored(source.tensor.layout)
        .flatten()
        .and_then(Stored::cute)
    else {
        return Err("a view of a tensor: its layout is not a CuTe layout".into());
    };
    let layout = std::panic::catch_unwind(AssertUnwindSafe(|| view_layout(f, &v)))
        .map_err(|_| "tensor view: internal error (panic)".to_string())?
        .map_err(algebra_message)?;
    let layout = crate::value_type(ctx, Stored::Cute(Value::Func(layout)));
    let expected = memory_tensor_type(ctx, result.tensor.element, source.tensor.space, layout)
        .ok_or("internal: the view's layout is not a layout type")?;
    if result.ty != expected {
        return Err(format!(
            "the view of '{}' is '{expected}', not '{}'",
            source.ty, result.ty
        ));
    }
    Ok(())
}
