//! The plan of `layout.slice_tensor` (`layout_algebra::ops::slice_tensor`) over the C ABI: the
//! fixed modes and constant coordinates as integer arrays, the slice's layout as a value, the
//! kept modes as integers, and on error a stage with its integers (the C++ names the types in
//! its diagnostics).

use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::ops::slice_tensor::{self, SliceTensorError};

use crate::abi::write_all;
use crate::stored::Stored;
use crate::{
    from_error, owned, with_value, LayoutResult, LayoutSlice, LayoutSliceMut, STATUS_ALGEBRA_ERROR,
};

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

/// The plan of slicing the tensor layout `layout` at the fixed modes `modes`, with the
/// coordinate `coords[i]` of mode `modes[i]` a constant when `constant[i]` is not 0, with or
/// without `ring`. On success the value is select(L, kept), `kept[0..*nkept]` the kept modes
/// (copied when they fit in `kept`) and `info[1]` the rank; on error `info[0]` is the
/// stage (`SLICE_TENSOR_*`) and `info[1..4]` its integers, the message the algebra's (empty
/// for the stages the C++ words). `coords` and `constant` have one integer per fixed mode
/// (else an algebra error).
///
/// # C caller's contract
/// `layout` must be null or live; `modes`, `coords` and `constant` must be valid
/// [`LayoutSlice`]s, `kept` a valid [`LayoutSliceMut`], `nkept` null or a writable size and
/// `info` null or 4 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_slice_tensor(
    layout: Option<&Stored>,
    modes: LayoutSlice<i64>,
    coords: LayoutSlice<i64>,
    constant: LayoutSlice<i64>,
    ring: bool,
    kept: LayoutSliceMut<i64>,
    nkept: Option<&mut MaybeUninit<usize>>,
    info: Option<&mut [MaybeUninit<i64>; 4]>,
) -> LayoutResult {
    let l = layout.and_then(Stored::cute);
    let modes = modes.as_slice().to_vec();
    let (coords, constant) = (coords.as_slice(), constant.as_slice());
    let given: Vec<Option<i64>> = coords
        .iter()
        .zip(constant)
        .map(|(&c, &k)| (k != 0).then_some(c))
        .collect();
    let r = catch_unwind(AssertUnwindSafe(|| match l {
        Some(_) if coords.len() != modes.len() || constant.len() != modes.len() => Err(
            SliceTensorError::Algebra(layout_algebra::Error::algebra(format!(
                "slice_tensor: {} fixed modes, {} coordinates and {} constant flags",
                modes.len(),
                coords.len(),
                constant.len()
            ))),
        ),
        Some(l) => slice_tensor::slice_tensor(l, &modes, &given, ring),
        None => Err(SliceTensorError::NoRank),
    }));
    let mut kept_count = 0;
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
            kept_count = p.kept.len();
            if p.kept.len() <= kept.len() {
                let modes: Vec<i64> = p.kept.iter().map(|&d| d as i64).collect();
                kept.write(&modes);
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
    if let Some(nkept) = nkept {
        nkept.write(kept_count);
    }
    if let Some(info) = info {
        write_all(info, &[stage, ints[0], ints[1], ints[2]]);
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
        let mut nkept = MaybeUninit::new(0usize);
        let mut info = [MaybeUninit::new(9i64); 4];
        let mut r = layout_ffi_slice_tensor(
            h,
            modes.into(),
            c[..].into(),
            k[..].into(),
            ring,
            kept.as_mut_slice().into(),
            Some(&mut nkept),
            Some(&mut info),
        );
        let text = String::from_utf8_lossy(r.text()).into_owned();
        let status = r.status;
        layout_result_free(Some(&mut r));
        // SAFETY: both initialized above; the call only writes values over them.
        let (nkept, info) = unsafe { (nkept.assume_init(), info.map(|i| i.assume_init())) };
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
