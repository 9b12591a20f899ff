//! The placement of `layout.shared_alloc` (`layout_algebra::hw::shared_placement`, with the
//! per-chip capacity of `hw::smem_capacity`) over the C ABI: the tensors' layouts as handles
//! and their element bits, the placement as integers.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::shared_placement::shared_placement;
use layout_algebra::hw::smem_capacity::max_shared_bytes;

use crate::abi::c_slice;
use crate::stored::Stored;

/// The placement of the `n` tensors of layouts `layouts[0..n]` and element bits `bits[0..n]`
/// of a shared_alloc: per tensor `out[3i..3i+3]` = its offset, bytes and alignment in bytes;
/// `totals[0..5]` = the end of the last tensor, the largest alignment, the bytes needed from
/// a 16-byte aligned base, the bytes needed from a base aligned to `base_align` bytes, and
/// the most shared memory of a CTA of `sm_<sm>` (-1 when unknown). Returns -1, or the index
/// of the first tensor that cannot be placed (nothing is written then).
///
/// # Safety
/// `layouts` and `bits` must point to `n` handles (null or live) and integers, `out` to `3 n`
/// and `totals` to 5 writable integers.
#[no_mangle]
pub unsafe extern "C" fn layout_ffi_shared_placement(
    layouts: *const Option<&Stored>,
    bits: *const i64,
    n: usize,
    base_align: i64,
    sm: i64,
    out: *mut i64,
    totals: *mut i64,
) -> i64 {
    if n == 0 {
        return 0;
    }
    let handles = c_slice(layouts, n);
    let bits = c_slice(bits, n);
    let mut values = Vec::with_capacity(n);
    for (i, h) in handles.iter().enumerate() {
        match h.and_then(Stored::cute) {
            Some(v) => values.push((v, bits[i])),
            None => return i as i64,
        }
    }
    let r = catch_unwind(AssertUnwindSafe(|| shared_placement(&values)));
    match r {
        Err(_) => 0,
        Ok(Err(i)) => i as i64,
        Ok(Ok(p)) => {
            for (i, t) in p.tensors.iter().enumerate() {
                *out.add(3 * i) = t.offset;
                *out.add(3 * i + 1) = t.bytes;
                *out.add(3 * i + 2) = t.align;
            }
            let most = max_shared_bytes(sm).unwrap_or(-1);
            for (i, x) in [p.end, p.align, p.needs(), p.needs_from(base_align), most]
                .into_iter()
                .enumerate()
            {
                *totals.add(i) = x;
            }
            -1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KIND_LAYOUT;

    #[test]
    fn placement_and_capacity() {
        let h = |t: &str| {
            Some(&*Box::leak(Box::new(
                Stored::parse(t, KIND_LAYOUT).unwrap(),
            )))
        };
        let layouts = [h("(4):(1)"), h("Sw<3,4,3> o 0 o (64,64):(64,1)")];
        let bits = [64i64, 16];
        let mut out = [0i64; 6];
        let mut totals = [0i64; 5];
        let r = unsafe {
            layout_ffi_shared_placement(
                layouts.as_ptr(),
                bits.as_ptr(),
                2,
                16,
                90,
                out.as_mut_ptr(),
                totals.as_mut_ptr(),
            )
        };
        assert_eq!(r, -1);
        assert_eq!(out, [0, 32, 16, 2048, 8192, 2048]);
        assert_eq!(totals, [10240, 2048, 12272, 12272, 232448]);
        let bad = [h("(4):(1)"), h("(?):(1)")];
        let r = unsafe {
            layout_ffi_shared_placement(
                bad.as_ptr(),
                bits.as_ptr(),
                2,
                16,
                7,
                out.as_mut_ptr(),
                totals.as_mut_ptr(),
            )
        };
        assert_eq!(r, 1);
    }
}
