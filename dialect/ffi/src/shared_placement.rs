//! The placement of `layout.shared_alloc` (`layout_algebra::hw::shared_placement`, with the
//! per-chip capacity of `hw::smem_capacity`) over the C ABI: the tensors' layouts as handles
//! and their element bits, the placement as integers.

use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::hw::shared_placement::shared_placement;
use layout_algebra::hw::smem_capacity::max_shared_bytes;

use crate::abi::write_all;
use crate::stored::Stored;
use crate::{LayoutSlice, LayoutSliceMut};

/// The placement of the `n` tensors of layouts `layouts[0..n]` and element bits `bits[0..n]`
/// of a shared_alloc: per tensor `out[3i..3i+3]` = its offset, bytes and alignment in bytes
/// (as many as `out` holds); `totals[0..5]` = the end of the last tensor, the largest
/// alignment, the bytes needed from a 16-byte aligned base, the bytes needed from a base
/// aligned to `base_align` bytes, and the most shared memory of a CTA of `sm_<sm>` (-1 when
/// unknown). Returns -1, or the index of the first tensor that cannot be placed (one without
/// a CuTe layout or without its bits; nothing is written then).
///
/// # C caller's contract
/// `layouts` and `bits` must be valid [`LayoutSlice`]s (of handles, each null or live, and of
/// integers), `out` a valid [`LayoutSliceMut`] and `totals` null or 5 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_shared_placement(
    layouts: LayoutSlice<Option<&Stored>>,
    bits: LayoutSlice<i64>,
    base_align: i64,
    sm: i64,
    out: LayoutSliceMut<i64>,
    totals: Option<&mut [MaybeUninit<i64>; 5]>,
) -> i64 {
    let (handles, bits) = (layouts.as_slice(), bits.as_slice());
    if handles.is_empty() {
        return 0;
    }
    let mut values = Vec::with_capacity(handles.len());
    for (i, h) in handles.iter().enumerate() {
        match (h.and_then(Stored::cute), bits.get(i)) {
            (Some(v), Some(&b)) => values.push((v, b)),
            _ => return i as i64,
        }
    }
    let r = catch_unwind(AssertUnwindSafe(|| shared_placement(&values)));
    match r {
        Err(_) => 0,
        Ok(Err(i)) => i as i64,
        Ok(Ok(p)) => {
            let placed: Vec<i64> = p
                .tensors
                .iter()
                .flat_map(|t| [t.offset, t.bytes, t.align])
                .collect();
            out.write(&placed);
            let most = max_shared_bytes(sm).unwrap_or(-1);
            if let Some(totals) = totals {
                write_all(
                    totals,
                    &[p.end, p.align, p.needs(), p.needs_from(base_align), most],
                );
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
        let mut totals = [MaybeUninit::new(0i64); 5];
        let r = layout_ffi_shared_placement(
            layouts[..].into(),
            bits[..].into(),
            16,
            90,
            out.as_mut_slice().into(),
            Some(&mut totals),
        );
        assert_eq!(r, -1);
        assert_eq!(out, [0, 32, 16, 2048, 8192, 2048]);
        // SAFETY: initialized above; the call only writes integers over them.
        let totals = totals.map(|t| unsafe { t.assume_init() });
        assert_eq!(totals, [10240, 2048, 12272, 12272, 232448]);
        let bad = [h("(4):(1)"), h("(?):(1)")];
        let r = layout_ffi_shared_placement(
            bad[..].into(),
            bits[..].into(),
            16,
            7,
            out.as_mut_slice().into(),
            None,
        );
        assert_eq!(r, 1);
        // A tensor without its bits cannot be placed.
        let r = layout_ffi_shared_placement(
            layouts[..].into(),
            bits[..1].into(),
            16,
            7,
            out.as_mut_slice().into(),
            None,
        );
        assert_eq!(r, 1);
    }
}
