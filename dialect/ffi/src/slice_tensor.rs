//! The plan of `layout.slice_tensor` (`layout_algebra::ops::slice_tensor`) over the C ABI: the
//! fixed modes and constant coordinates as integer arrays, the slice's layout as a value, the
//! kept modes as integers, and on error a stage with its integers (the C++ names the types in
//! its diagnostics).

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::ops::slice_tensor::{self, SliceTensorError};

use crate::abi::c_slice;
use crate::stored::Stored;
use crate::{from_error, owned, with_value, LayoutResult, STATUS_ALGEBRA_ERROR};

/// The algebra's message (or success).
pub const SLICE_TENSOR_ALGEBRA: i64 = 0;
/// With ring, fixed mode `info[1]` has no static extent.
pub const SLICE_TENSOR_RING_EXTENT: i64 = 1;
/// The layout has no rank.
pub const SLICE_TENSOR_NO_RANK: i64 = 2;
/// The fixed mode `info[2]` is not an increasing mode of the rank-`info[1]` layout.
pub const SLICE_TENSOR_MODE: i64 = 3;
/// Every mode is fixed.
pub const SLICE_TENSOR_ALL_FIXED: i64 = 4;
/// The coordinate `info[1]` of mode `info[2]` lies outside [0, `info[3]`).
pub const SLICE_TENSOR_OUTSIDE: i64 = 5;
/// Fixing a mode is not a translation (the message says why).
pub const SLICE_TENSOR_NOT_TRANSLATION: i64 = 6;

/// The plan of slicing the tensor layout `layout` at the fixed modes `modes[0..n]`, with the
/// coordinate `coords[i]` of mode `modes[i]` a constant when `constant[i]` is not 0, with or
/// without `ring`. On success the value is select(L, kept), `kept[0..*nkept]` the kept modes
/// (copied when they fit in `capacity`) and `info[1]` the rank; on error `info[0]` is the
/// stage (`SLICE_TENSOR_*`) and `info[1..4]` its integers, the message the algebra's (empty
/// for the stages the C++ words).
///
/// # Safety
/// `layout` must be null or live; `modes`, `coords` and `constant` must point to `n` integers,
/// `kept` to `capacity` writable integers, `nkept` to a writable size and `info` to 4 writable
/// integers.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn layout_ffi_slice_tensor(
    layout: Option<&Stored>,
    modes: *const i64,
    coords: *const i64,
    constant: *const i64,
    n: usize,
    ring: bool,
    kept: *mut i64,
    capacity: usize,
    nkept: *mut usize,
    info: *mut i64,
) -> LayoutResult {
    let l = layout.and_then(Stored::cute);
    let modes = c_slice(modes, n).to_vec();
    let given: Vec<Option<i64>> = c_slice(coords, n)
        .to_vec()
        .into_iter()
        .zip(c_slice(constant, n).to_vec())
        .map(|(c, k)| (k != 0).then_some(c))
        .collect();
    let r = catch_unwind(AssertUnwindSafe(|| match l {
        Some(l) => slice_tensor::slice_tensor(l, &modes, &given, ring),
        None => Err(SliceTensorError::NoRank),
    }));
    for i in 0..4 {
        *info.add(i) = 0;
    }
    *nkept = 0;
    let unnamed = || owned(STATUS_ALGEBRA_ERROR, 0, 0, String::new());
    let (stage, ints, result) = match r {
        Err(_) => (
            SLICE_TENSOR_ALGEBRA,
            [0; 3],
            owned(
                STATUS_ALGEBRA_ERROR,
                0,
                0,
                "internal error: the layout algebra panicked".into(),
            ),
        ),
        Ok(Ok(p)) => {
            *nkept = p.kept.len();
            if p.kept.len() <= capacity {
                for (i, &d) in p.kept.iter().enumerate() {
                    *kept.add(i) = d as i64;
                }
            }
            (
                SLICE_TENSOR_ALGEBRA,
                [p.rank as i64, 0, 0],
                with_value(Stored::Cute(p.layout)),
            )
        }
        Ok(Err(e)) => match e {
            SliceTensorError::RingExtent(d) => (SLICE_TENSOR_RING_EXTENT, [d, 0, 0], unnamed()),
            SliceTensorError::NoRank => (SLICE_TENSOR_NO_RANK, [0; 3], unnamed()),
            SliceTensorError::Mode { rank, mode } => {
                (SLICE_TENSOR_MODE, [rank as i64, mode, 0], unnamed())
            }
            SliceTensorError::AllFixed => (SLICE_TENSOR_ALL_FIXED, [0; 3], unnamed()),
            SliceTensorError::Outside {
                coord,
                mode,
                extent,
            } => (SLICE_TENSOR_OUTSIDE, [coord, mode, extent], unnamed()),
            SliceTensorError::NotTranslation(e) => {
                (SLICE_TENSOR_NOT_TRANSLATION, [0; 3], from_error(e))
            }
            SliceTensorError::Algebra(e) => (SLICE_TENSOR_ALGEBRA, [0; 3], from_error(e)),
        },
    };
    *info = stage;
    for (i, x) in ints.into_iter().enumerate() {
        *info.add(i + 1) = x;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout_result_free, KIND_LAYOUT, STATUS_OK};

    fn run(
        l: &str,
        modes: &[i64],
        coords: &[Option<i64>],
        ring: bool,
    ) -> (i32, String, Vec<i64>, [i64; 4]) {
        let v = Stored::parse(l, KIND_LAYOUT).unwrap();
        let h = Some(&v);
        let c: Vec<i64> = coords.iter().map(|c| c.unwrap_or(0)).collect();
        let k: Vec<i64> = coords.iter().map(|c| i64::from(c.is_some())).collect();
        let mut kept = [0i64; 8];
        let mut nkept = 0usize;
        let mut info = [9i64; 4];
        let mut r = unsafe {
            layout_ffi_slice_tensor(
                h,
                modes.as_ptr(),
                c.as_ptr(),
                k.as_ptr(),
                modes.len(),
                ring,
                kept.as_mut_ptr(),
                kept.len(),
                &mut nkept,
                info.as_mut_ptr(),
            )
        };
        let text = String::from_utf8_lossy(r.text()).into_owned();
        let status = r.status;
        layout_result_free(Some(&mut r));
        (status, text, kept[..nkept].to_vec(), info)
    }

    #[test]
    fn the_slice_and_its_stages() {
        assert_eq!(
            run("(64,32,4):(32,1,2048)", &[2], &[Some(1)], false),
            (STATUS_OK, "(64,32):(32,1)".into(), vec![0, 1], [0, 3, 0, 0])
        );
        assert_eq!(
            run("(64,32,4):(32,1,2048)", &[2], &[Some(4)], false).3,
            [SLICE_TENSOR_OUTSIDE, 4, 2, 4]
        );
        assert_eq!(
            run("(64,32,4):(32,1,2048)", &[5], &[None], false).3,
            [SLICE_TENSOR_MODE, 3, 5, 0]
        );
        assert_eq!(
            run("(64,?,4):(1,64,?)", &[1], &[None], true).3,
            [SLICE_TENSOR_RING_EXTENT, 1, 0, 0]
        );
    }
}
