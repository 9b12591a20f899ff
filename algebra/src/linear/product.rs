//! Product `inner * outer` (Triton's `operator*`) and concatenation of in or out dimensions.
//!
//! In the product, `inner` is the minor part: an in dimension present in both gets `inner`'s
//! bases first, then `outer`'s; dimension orders are merged as Triton's `supremum` does; an
//! out dimension present in both has size
//! `size_inner * size_outer`, and `outer`'s components in it are shifted above `inner`'s.

use super::layout::{low_mask, InDim, LinearLayout, OutDim, MAX_BITS};
use crate::error::{Error, Result};

/// Merge two name orders into one (Triton's `supremum`): walk both lists; equal heads are
/// taken together, a head the other list lacks is taken at once, and otherwise the head whose
/// position in the other list comes first wins (ties: `x`'s).
pub fn supremum<'a>(x: &[&'a str], y: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::with_capacity(x.len() + y.len());
    let pos = |v: &[&str], n: &str| v.iter().position(|m| *m == n);
    let (mut i, mut j) = (0, 0);
    loop {
        while i < x.len() && out.contains(&x[i]) {
            i += 1;
        }
        while j < y.len() && out.contains(&y[j]) {
            j += 1;
        }
        if i >= x.len() && j >= y.len() {
            break;
        }
        if i < x.len() && j < y.len() && x[i] == y[j] {
            out.push(x[i]);
            i += 1;
            j += 1;
            continue;
        }
        let cand_x = if i < x.len() {
            pos(y, x[i]).filter(|&p| p >= j)
        } else {
            None
        };
        let cand_y = if j < y.len() {
            pos(x, y[j]).filter(|&p| p >= i)
        } else {
            None
        };
        if i < x.len() && cand_x.is_none() {
            out.push(x[i]);
            i += 1;
        } else if j < y.len() && cand_y.is_none() {
            out.push(y[j]);
            j += 1;
        } else if cand_x <= cand_y {
            out.push(x[i]);
            i += 1;
        } else {
            out.push(y[j]);
            j += 1;
        }
    }
    out
}

/// Move each out dimension of `src` to bit offset `dst[j]` (plus `extra[j]`) of a new packing.
#[inline]
fn repack(src: &LinearLayout, moves: &[(u32, u64, u32)], v: u64) -> u64 {
    let _ = src;
    super::layout::move_fields(moves, v)
}

/// `inner * outer`.
pub fn product(inner: &LinearLayout, outer: &LinearLayout) -> Result<LinearLayout> {
    let in_names = supremum(&inner.in_names(), &outer.in_names());
    let out_names = supremum(&inner.out_names(), &outer.out_names());
    let mut outs = Vec::with_capacity(out_names.len());
    for n in &out_names {
        let a = inner.out_index(n).map_or(0, |j| inner.outs()[j].log2);
        let b = outer.out_index(n).map_or(0, |j| outer.outs()[j].log2);
        outs.push(OutDim {
            name: n.to_string(),
            log2: a + b,
        });
    }
    let total_out: u32 = outs.iter().map(|d| d.log2).sum();
    if total_out > MAX_BITS {
        return Err(Error::algebra(format!(
            "product: the result would have {total_out} output bits; at most {MAX_BITS} are supported"
        )));
    }
    let total_in = inner.total_in_bits() + outer.total_in_bits();
    if total_in > MAX_BITS {
        return Err(Error::algebra(format!(
            "product: the result would have {total_in} input bits; at most {MAX_BITS} are supported"
        )));
    }
    let shift_of = |n: &str| -> u32 {
        let k = out_names.iter().position(|m| *m == n).unwrap();
        outs[..k].iter().map(|d| d.log2).sum()
    };
    let moves_inner: Vec<(u32, u64, u32)> = (0..inner.outs().len())
        .map(|j| {
            let d = &inner.outs()[j];
            (inner.out_shift(j), low_mask(d.log2), shift_of(&d.name))
        })
        .collect();
    let moves_outer: Vec<(u32, u64, u32)> = (0..outer.outs().len())
        .map(|j| {
            let d = &outer.outs()[j];
            let below = inner.out_index(&d.name).map_or(0, |k| inner.outs()[k].log2);
            (
                outer.out_shift(j),
                low_mask(d.log2),
                shift_of(&d.name) + below,
            )
        })
        .collect();
    let ins = in_names
        .iter()
        .map(|n| {
            let mut bases = Vec::new();
            if let Some(i) = inner.in_index(n) {
                bases.extend(
                    inner.ins()[i]
                        .bases
                        .iter()
                        .map(|&v| repack(inner, &moves_inner, v)),
                );
            }
            if let Some(i) = outer.in_index(n) {
                bases.extend(
                    outer.ins()[i]
                        .bases
                        .iter()
                        .map(|&v| repack(outer, &moves_outer, v)),
                );
            }
            InDim {
                name: n.to_string(),
                bases,
            }
        })
        .collect();
    let l = LinearLayout::from_parts(ins, outs);
    super::layout::check_dim_bits(&l, "product")?;
    Ok(l)
}

/// The in dimensions of `a` followed by those of `b`; both have the same out dimensions (names,
/// order and sizes) and no in dimension in common.
pub fn concat_ins(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    if a.outs() != b.outs() {
        return Err(Error::algebra(
            "concat_ins: the layouts have different out dimensions (names, order or sizes)",
        ));
    }
    if let Some(d) = b.ins().iter().find(|d| a.has_in(&d.name)) {
        return Err(Error::algebra(format!(
            "concat_ins: in dimension '{}' is in both layouts",
            d.name
        )));
    }
    if a.total_in_bits() + b.total_in_bits() > MAX_BITS {
        return Err(Error::algebra("concat_ins: more than 64 input bits"));
    }
    let mut ins = a.ins().to_vec();
    ins.extend(b.ins().iter().cloned());
    Ok(LinearLayout::from_parts(ins, a.outs().to_vec()))
}

/// The out dimensions of `a` followed by those of `b`; both have the same in dimensions (names,
/// order and sizes) and no out dimension in common.
pub fn concat_outs(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout> {
    let same_ins = a.ins().len() == b.ins().len()
        && a.ins()
            .iter()
            .zip(b.ins())
            .all(|(x, y)| x.name == y.name && x.bases.len() == y.bases.len());
    if !same_ins {
        return Err(Error::algebra(
            "concat_outs: the layouts have different in dimensions (names, order or sizes)",
        ));
    }
    if let Some(d) = b.outs().iter().find(|d| a.has_out(&d.name)) {
        return Err(Error::algebra(format!(
            "concat_outs: out dimension '{}' is in both layouts",
            d.name
        )));
    }
    let shift = a.total_out_bits();
    if shift + b.total_out_bits() > MAX_BITS {
        return Err(Error::algebra("concat_outs: more than 64 output bits"));
    }
    let ins = a
        .ins()
        .iter()
        .zip(b.ins())
        .map(|(x, y)| InDim {
            name: x.name.clone(),
            bases: x
                .bases
                .iter()
                .zip(&y.bases)
                .map(|(&p, &q)| if shift == 64 { p } else { p | (q << shift) })
                .collect(),
        })
        .collect();
    let mut outs = a.outs().to_vec();
    outs.extend(b.outs().iter().cloned());
    Ok(LinearLayout::from_parts(ins, outs))
}
