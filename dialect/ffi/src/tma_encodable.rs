//! The predicate of `layout.tma_encodable` (`layout_algebra::hw::tma_encodable`, the driver's
//! limits of `hw::tma_limits`) over the C ABI: the modes to test as integer arrays and the
//! limits as integers; the C++ lowering turns them into index math on the layout's leaves.

use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::tma_encodable::{self, EncodableError};

use crate::abi::write_all;
use crate::stored::Stored;
use crate::{owned, LayoutResult, LayoutSliceMut, STATUS_ALGEBRA_ERROR, STATUS_OK};

/// The layout has no modes (not a layout function).
pub const ENCODABLE_NO_MODES: i64 = 1;
/// Mode `info[1]` of the plain layout is not a single leaf.
pub const ENCODABLE_NOT_LEAF: i64 = 2;

/// The predicate of layout.tma_encodable on a tensor of layout `layout` and `bits`-bit
/// elements. On success `out` holds per mode to test: 1 when it is the contiguous mode (no
/// stride condition) else 0, the depth of its path, the path (`*length` integers, copied
/// when they fit in `out`), and `limits[0..4]` = the least and the largest extent, the
/// exclusive bound on a stride in elements, and the multiple of bits a stride times `bits`
/// must be. On error `info[0]` says why ([`ENCODABLE_NO_MODES`], [`ENCODABLE_NOT_LEAF`] with
/// the mode in `info[1]`); the C++ writes the message.
///
/// # C caller's contract
/// `layout` must be null or a live handle; `out` must be a valid [`LayoutSliceMut`], `length`
/// null or a writable size, `limits` null or 4 and `info` null or 2 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_tma_encodable(
    layout: Option<&Stored>,
    bits: i64,
    out: LayoutSliceMut<i64>,
    length: Option<&mut MaybeUninit<usize>>,
    limits: Option<&mut [MaybeUninit<i64>; 4]>,
    info: Option<&mut [MaybeUninit<i64>; 2]>,
) -> LayoutResult {
    let l = layout.and_then(Stored::cute);
    let r = catch_unwind(AssertUnwindSafe(|| match l {
        Some(l) => tma_encodable::tma_encodable(l, bits),
        None => Err(EncodableError::NoModes),
    }));
    let (stage, mode) = match &r {
        Ok(Err(EncodableError::NoModes)) => (ENCODABLE_NO_MODES, 0),
        Ok(Err(EncodableError::NotLeaf(d))) => (ENCODABLE_NOT_LEAF, *d as i64),
        _ => (0, 0),
    };
    if let Some(info) = info {
        write_all(info, &[stage, mode]);
    }
    match r {
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
        Ok(Err(_)) => owned(STATUS_ALGEBRA_ERROR, 0, 0, String::new()),
        Ok(Ok(p)) => {
            let mut flat = Vec::new();
            for leaf in &p.leaves {
                flat.push(i64::from(leaf.contiguous));
                flat.push(leaf.path.len() as i64);
                flat.extend(leaf.path.iter().map(|&d| d as i64));
            }
            if let Some(length) = length {
                length.write(flat.len());
            }
            if flat.len() <= out.len() {
                out.write(&flat);
            }
            if let Some(limits) = limits {
                write_all(
                    limits,
                    &[
                        p.extent_min,
                        p.extent_max,
                        p.stride_limit,
                        p.stride_multiple_bits,
                    ],
                );
            }
            owned(STATUS_OK, 0, 0, String::new())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{layout_result_free, KIND_LAYOUT};

    fn run(text: &str, bits: i64) -> (i32, Vec<i64>, [i64; 4], [i64; 2]) {
        let v = Stored::parse(text, KIND_LAYOUT).unwrap();
        let h = Some(&v);
        let mut out = [0i64; 16];
        let mut length = MaybeUninit::new(0usize);
        let mut limits = [MaybeUninit::new(0i64); 4];
        let mut info = [MaybeUninit::new(9i64); 2];
        let mut r = layout_ffi_tma_encodable(
            h,
            bits,
            out.as_mut_slice().into(),
            Some(&mut length),
            Some(&mut limits),
            Some(&mut info),
        );
        let status = r.status;
        layout_result_free(Some(&mut r));
        // SAFETY: all initialized above; the call only writes values over them.
        let (length, limits, info) = unsafe {
            (
                length.assume_init(),
                limits.map(|x| x.assume_init()),
                info.map(|x| x.assume_init()),
            )
        };
        (status, out[..length].to_vec(), limits, info)
    }

    #[test]
    fn modes_and_limits() {
        assert_eq!(
            run("(?,?):(?,1)", 16),
            (
                STATUS_OK,
                vec![0, 1, 0, 1, 1, 1],
                [1, 1 << 32, 1 << 39, 128],
                [0, 0]
            )
        );
        assert_eq!(run("?:1", 8).1, vec![1, 0]);
    }

    #[test]
    fn a_nested_mode_is_named() {
        let (status, _, _, info) = run("((2,?),?):((1,2),?)", 16);
        assert_eq!(
            (status, info),
            (STATUS_ALGEBRA_ERROR, [ENCODABLE_NOT_LEAF, 0])
        );
    }
}
