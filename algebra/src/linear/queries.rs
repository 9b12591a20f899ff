//! Queries: vector width (`num_consecutive_in_out`) and free-variable masks.

use super::gauss::Echelon;
use super::layout::LinearLayout;

/// Triton's `getNumConsecutiveInOut`: the largest power of two V such that in-dimension 0's
/// values 0..V map to out-dimension 0's values 0..V with every other out component zero and no
/// other basis touching those low bits: the vector width of a register layout.
pub fn num_consecutive_in_out(l: &LinearLayout) -> i64 {
    if l.ins().is_empty() || l.outs().is_empty() {
        return 1;
    }
    let first = &l.ins()[0].bases;
    let w0 = l.outs()[0].log2;
    let mut consec = 0usize;
    while consec < first.len() && (consec as u32) < w0 && first[consec] == 1u64 << consec {
        consec += 1;
    }
    let mask0 = super::layout::low_mask(w0);
    let mut other = 0u64;
    for (i, d) in l.ins().iter().enumerate() {
        for (k, &v) in d.bases.iter().enumerate() {
            if i != 0 || k >= consec {
                other |= v & mask0;
            }
        }
    }
    let tz = if other != 0 {
        other.trailing_zeros() as usize
    } else {
        31
    };
    1i64 << consec.min(tz)
}

/// For each in dimension, the mask of its bits that are free variables (bits whose image is a
/// combination of the images of earlier bits, so they do not change the result's information).
pub fn free_variable_masks(l: &LinearLayout) -> Vec<(String, i64)> {
    let mut ech = Echelon::new();
    let mut out = Vec::with_capacity(l.ins().len());
    let mut c = 0u32;
    for d in l.ins() {
        let mut mask = 0i64;
        for (k, &v) in d.bases.iter().enumerate() {
            if !ech.insert(c, v) {
                mask |= 1 << k;
            }
            c += 1;
        }
        out.push((d.name.clone(), mask));
    }
    out
}
