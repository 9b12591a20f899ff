//! Composition `compose(a, b) = b ∘ a` (Triton's `a.compose(b)`): `a`'s out dimensions are
//! `b`'s in dimensions (same names, any order, each no larger than `b`'s).

use super::layout::{InDim, LinearLayout};
use crate::error::{Error, Result};

/// `x -> b(a(x))`. The result has `a`'s in dimensions and `b`'s out dimensions.
pub fn compose(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    if a.outs().len() != b.ins().len() || a.outs().iter().any(|d| !b.has_in(&d.name)) {
        return Err(Error::algebra(format!(
            "compose: the out dimensions of the first layout [{}] are not the in dimensions of the second [{}]",
            a.out_names().join(", "),
            b.in_names().join(", ")
        )));
    }
    // Image under b of every bit of a's packed output.
    let mut img = [0u64; 64];
    let mut bit = 0usize;
    for (j, od) in a.outs().iter().enumerate() {
        let i = b.in_index(&od.name).expect("checked above");
        let bases = &b.ins()[i].bases;
        if od.log2 as usize > bases.len() {
            return Err(Error::algebra(format!(
                "compose: out dimension '{}' of the first layout has size {}, larger than the second layout's in dimension '{}' (size {})",
                od.name,
                a.out_size(j),
                od.name,
                b.in_size(i)
            )));
        }
        img[bit..bit + od.log2 as usize].copy_from_slice(&bases[..od.log2 as usize]);
        bit += od.log2 as usize;
    }
    let ins = a
        .ins()
        .iter()
        .map(|d| InDim {
            name: d.name.clone(),
            bases: d.bases.iter().map(|&v| apply_matrix(&img, v)).collect(),
        })
        .collect();
    Ok(LinearLayout::from_parts(ins, b.outs().to_vec()))
}

/// XOR of `img[k]` over the set bits `k` of `v`.
#[inline]
pub(crate) fn apply_matrix(img: &[u64; 64], mut v: u64) -> u64 {
    let mut acc = 0u64;
    while v != 0 {
        let k = v.trailing_zeros();
        acc ^= img[k as usize];
        v &= v - 1;
    }
    acc
}
