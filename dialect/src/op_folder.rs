//! The one C entry of the Rust op folders, [`layout_fold_op`]: the C++ `fold` of
//! `layout.crd2idx`, `layout.idx2crd`, `layout.shape_leaf`, `layout.stride_leaf`,
//! `layout.apply`, `layout.inv` and the index-valued ops of the algebra hands it the op and the
//! integers its rules need (the constant coordinates, indices or offset, the mode path; none
//! for an index op), and builds the `OpFoldResult` from the plain answer: index constants, or
//! an existing value to forward. The rules are [`crate::application_ops`], [`crate::leaf_ops`],
//! [`crate::bijective_ops`] and [`crate::index_ops`].
//!
//! Folders run in every canonicalization, over whole modules: nothing here prints, and the op
//! is read through its operands and the values its types hold, never as text.

use std::mem::MaybeUninit;

use layout_dialect_ffi::{LayoutSlice, LayoutSliceMut};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::ValueLike;
use mlir_sys::{MlirOperation, MlirValue};

use crate::application_ops::{fold_crd2idx, fold_idx2crd};
use crate::bijective_ops::fold_bijective_op;
use crate::index_ops::{fold_index_op, is_index_op};
use crate::leaf_ops::{fold_leaf, LeafFold};

/// The answer of [`layout_fold_op`] when the op does not fold.
pub const NO_FOLD: i64 = -1;
/// The answer of [`layout_fold_op`] when the op folds to the value written to `forward`.
pub const FORWARD: i64 = -2;

/// Fold a `layout.crd2idx` (`ints`: its constant coordinates), `layout.idx2crd` (`ints`: its
/// constant index) or `layout.shape_leaf`/`layout.stride_leaf` (`ints`: its mode path): the
/// number of index constants written to the front of `out` (one per result), [`FORWARD`] with
/// the value written to `forward`, or [`NO_FOLD`].
///
/// # Safety
/// `op` is a live op of the layout dialect; `ints` and `out` follow the C caller's contract of
/// [`LayoutSlice`] and [`LayoutSliceMut`]; `forward` is null or points to a writable value.
#[no_mangle]
pub unsafe extern "C" fn layout_fold_op(
    op: MlirOperation,
    ints: LayoutSlice<i64>,
    out: LayoutSliceMut<i64>,
    forward: Option<&mut MaybeUninit<MlirValue>>,
) -> i64 {
    let op = OperationRef::from_raw(op);
    let ints = ints.as_slice();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        fold(op, ints, out, forward)
    }))
    .unwrap_or(NO_FOLD)
}

/// The answer of [`layout_fold_op`] by the rules of the op's kind.
fn fold(
    op: OperationRef<'_, '_>,
    ints: &[i64],
    out: LayoutSliceMut<i64>,
    forward: Option<&mut MaybeUninit<MlirValue>>,
) -> i64 {
    let constants = |values: &[i64]| {
        if values.len() > out.len() {
            return NO_FOLD;
        }
        out.write(values) as i64
    };
    let name = op.name();
    match name.as_string_ref().as_str() {
        Ok("layout.crd2idx") => fold_crd2idx(op, ints).map_or(NO_FOLD, |v| constants(&[v])),
        Ok("layout.idx2crd") => match ints {
            [idx] => fold_idx2crd(op, *idx).map_or(NO_FOLD, |leaves| constants(&leaves)),
            _ => NO_FOLD,
        },
        Ok(leaf @ ("layout.shape_leaf" | "layout.stride_leaf")) => {
            match fold_leaf(op, leaf == "layout.stride_leaf", ints) {
                Some(LeafFold::Constant(v)) => constants(&[v]),
                Some(LeafFold::Forward(v)) => match forward {
                    Some(f) => {
                        f.write(v.to_raw());
                        FORWARD
                    }
                    None => NO_FOLD,
                },
                None => NO_FOLD,
            }
        }
        Ok(bijective @ ("layout.apply" | "layout.inv")) => {
            fold_bijective_op(op, bijective == "layout.inv", ints)
                .map_or(NO_FOLD, |values| constants(&values))
        }
        Ok(n) if is_index_op(n) => fold_index_op(op, n).map_or(NO_FOLD, |v| constants(&[v])),
        _ => NO_FOLD,
    }
}
