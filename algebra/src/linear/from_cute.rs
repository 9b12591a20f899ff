//! CuTe layout -> linear layout, exactly. A CuTe layout `shape:stride` with power-of-two
//! extents and power-of-two (or zero) strides is linear over F2 when no two coordinate bits
//! map to the same offset bit (then the sum of offsets never carries and equals their XOR).
//! `Sw<B,M,S> o 0 o L` adds the swizzle, which is itself linear. An offset other than 0 is
//! affine, not linear, and is refused.

use super::layout::{log2_exact, InDim, LinearLayout, OutDim};
use crate::error::{Error, Result};
use crate::func::Func;
use crate::layout::Layout;

/// The default in-dimension names for `f`: `dim0, dim1, ...`, one per top-level mode.
pub fn default_in_names(f: &Func) -> Result<Vec<String>> {
    let rank = match f {
        Func::Swizzle(_) => 1,
        _ => f.domain_layout()?.rank().max(1),
    };
    Ok((0..rank).map(|i| format!("dim{i}")).collect())
}

/// Convert `f` to a linear layout. `in_names` has one name (the flat coordinate, colexicographic
/// as CuTe's `L(i)`) or one name per top-level mode; the single out dimension is `out_name`.
pub fn from_cute(f: &Func, in_names: &[&str], out_name: &str) -> Result<LinearLayout> {
    let (groups, images) = images(f)?;
    let groups: Vec<usize> = if in_names.len() == 1 {
        vec![groups.iter().sum()]
    } else if in_names.len() == groups.len() {
        groups
    } else {
        return Err(Error::algebra(format!(
            "from_cute: {} in-dimension names for a layout of rank {} (give one name, or one per top-level mode)",
            in_names.len(),
            groups.len()
        )));
    };
    let mut ins = Vec::with_capacity(groups.len());
    let mut it = images.into_iter();
    for (name, n) in in_names.iter().zip(groups) {
        ins.push(InDim {
            name: name.to_string(),
            bases: it.by_ref().take(n).collect(),
        });
    }
    let all = ins
        .iter()
        .flat_map(|d| d.bases.iter())
        .fold(0u64, |a, &b| a | b);
    let log2 = 64 - all.leading_zeros();
    super::layout::check_names(in_names.iter().copied(), "in")?;
    super::layout::check_names(std::iter::once(out_name), "out")?;
    let l = LinearLayout::from_parts(
        ins,
        vec![OutDim {
            name: out_name.to_string(),
            log2,
        }],
    );
    if l.total_in_bits() > super::layout::MAX_BITS {
        return Err(Error::algebra("from_cute: more than 64 coordinate bits"));
    }
    super::layout::check_dim_bits(&l, "from_cute")?;
    Ok(l)
}

/// Bits per top-level mode and the offset image of every coordinate bit.
fn images(f: &Func) -> Result<(Vec<usize>, Vec<u64>)> {
    match f {
        Func::Layout(l) => layout_images(l),
        Func::Swizzle(s) => {
            let n = (s.b + s.m + s.s.abs()) as usize;
            let imgs = (0..n).map(|k| s.apply(1i64 << k) as u64).collect();
            Ok((vec![n], imgs))
        }
        Func::Composed(c) => {
            if c.offset != 0 {
                return Err(Error::algebra(format!(
                    "from_cute: the composed layout adds the offset {}; a linear layout maps 0 to 0, so only offset 0 converts",
                    c.offset
                )));
            }
            let (groups, inner) = images(&c.inner)?;
            let mapped = match &c.outer {
                Func::Swizzle(s) => inner.iter().map(|&v| s.apply(v as i64) as u64).collect(),
                outer => {
                    let (_, oimg) = images(outer)?;
                    let mut out = Vec::with_capacity(inner.len());
                    for &v in &inner {
                        if v != 0 && 64 - v.leading_zeros() as usize > oimg.len() {
                            return Err(Error::algebra(format!(
                                "from_cute: the inner layout reaches offset {v}, outside the outer layout's domain of {} points",
                                1u128 << oimg.len()
                            )));
                        }
                        let mut acc = 0u64;
                        let mut x = v;
                        while x != 0 {
                            acc ^= oimg[x.trailing_zeros() as usize];
                            x &= x - 1;
                        }
                        out.push(acc);
                    }
                    out
                }
            };
            Ok((groups, mapped))
        }
    }
}

fn layout_images(l: &Layout) -> Result<(Vec<usize>, Vec<u64>)> {
    let modes = if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    };
    let mut groups = Vec::with_capacity(modes.len());
    let mut imgs: Vec<u64> = Vec::new();
    let mut owner: Vec<(usize, usize)> = Vec::new();
    for (mi, m) in modes.iter().enumerate() {
        let leaves = m.int_leaves("from_cute")?;
        let mut n = 0usize;
        for (li, (s, d)) in leaves.into_iter().enumerate() {
            let k = log2_exact(s, &format!("from_cute: mode {mi} leaf {li}"))?;
            if d < 0 || (d != 0 && d & (d - 1) != 0) {
                return Err(Error::algebra(format!(
                    "from_cute: mode {mi} leaf {li} has stride {d}, which is neither 0 nor a power of two, so the layout is not linear over F2"
                )));
            }
            for t in 0..k {
                let v = if d == 0 {
                    0
                } else {
                    let sh = d.trailing_zeros() + t;
                    if sh >= 62 {
                        return Err(Error::overflow(format!(
                            "from_cute: offset {d} * 2^{t} of mode {mi}"
                        )));
                    }
                    1u64 << sh
                };
                // Past 64 coordinate bits the layout cannot convert: stop before the
                // search below (at most 64 entries) could grow with the input.
                if imgs.len() >= super::layout::MAX_BITS as usize {
                    return Err(Error::algebra(format!(
                        "from_cute: more than {} coordinate bits (mode {mi} leaf {li} adds more)",
                        super::layout::MAX_BITS
                    )));
                }
                if v != 0 {
                    if let Some(p) = imgs.iter().position(|&w| w == v) {
                        let (pm, pl) = owner[p];
                        return Err(Error::algebra(format!(
                            "from_cute: mode {pm} leaf {pl} and mode {mi} leaf {li} both reach offset {v}; the offsets add with a carry, so the layout is not linear over F2"
                        )));
                    }
                }
                imgs.push(v);
                owner.push((mi, li));
                n += 1;
            }
        }
        groups.push(n);
    }
    Ok((groups, imgs))
}
