//! Conversion between bijective chains and CuTe shape:stride layouts.
//!
//! Both are functions of a multi-index: the chain's apply takes one index per GroupBy dim,
//! the CuTe layout one (linear) coordinate per top-level mode, in the same order.
//!
//! **To CuTe** (`to_cute`), for a static chain of at most [`TABLE_LIMIT`] elements: the chain
//! is strided exactly when `apply(i) = sum_k f_k(i_k)` with `f_k(t) = apply(0..t..0)` and each
//! `f_k` is a CuTe mode. A mode is found from the values of `f_k`: its first leaf is `m:s`
//! with `s = f(1)` and `m` the largest divisor of the extent with `f(t) = t*s` for `t < m`
//! for which `f(t*m + u) = f(t*m) + f(u)` holds; the rest is the mode of `t -> f(t*m)`. The
//! result is checked against the chain at every index; a chain that is not strided (a GenP
//! such as the anti-diagonal, or a GroupBy whose reshape is not a refinement) gets an error
//! with the first index where the stride form fails.
//!
//! **From CuTe** (`from_cute`): a static layout that is a bijection onto `[0, size)` (its
//! non-trivial leaves, sorted by stride, have strides 1, n_1, n_1*n_2, ...) becomes
//! `OrderBy(RegP(leaves, sigma)).GroupBy([mode sizes])`: GroupBy's row-major flattening of
//! the mode coordinates, unflattened with each mode's leaves from the last (most significant in
//! CuTe's colexicographic order) to the first, then the digits laid out by decreasing stride.

use super::chain::{Chain, OrderBy, Piece};
use super::verify::{for_each_index, table, TABLE_LIMIT};
use crate::error::{Error, Result};
use crate::layout::Layout;
use crate::stride::StrideTuple;
use crate::tuple::{IntTuple, Tree};

/// The CuTe layout of a strided chain.
pub fn to_cute(c: &Chain) -> Result<Layout> {
    let dims = c.dims();
    let t = table(c)?;
    // Row-major rank strides of the logical index.
    let mut rank = vec![1i64; dims.len()];
    for k in (0..dims.len().saturating_sub(1)).rev() {
        rank[k] = rank[k + 1] * dims[k + 1];
    }
    let f: Vec<Vec<i64>> = (0..dims.len())
        .map(|k| (0..dims[k]).map(|v| t[(v * rank[k]) as usize]).collect())
        .collect();
    // Separability.
    let mut r = 0usize;
    for_each_index(&dims, |i| {
        let s: i64 = i.iter().enumerate().map(|(k, &v)| f[k][v as usize]).sum();
        if s != t[r] {
            return Err(Error::algebra(format!(
                "lego_to_cute: the layout is not strided: apply{i:?} = {} but the per-dim \
                 offsets sum to {s}",
                t[r]
            )));
        }
        r += 1;
        Ok(())
    })?;
    let mut modes = Vec::with_capacity(dims.len());
    for (k, fk) in f.iter().enumerate() {
        let leaves = decompose(fk).ok_or_else(|| {
            Error::algebra(format!(
                "lego_to_cute: the layout is not strided: dim {k} maps 0..{} to {:?}, which \
                 no shape:stride mode gives",
                dims[k],
                &fk[..fk.len().min(16)]
            ))
        })?;
        modes.push(mode(&leaves));
    }
    // One dim with one leaf is that leaf (`24:1`); otherwise a tuple of modes, so that a
    // single hierarchical dim stays rank 1 (`((2,12)):((12,1))`).
    let l = if modes.len() == 1 && modes[0].shape.is_leaf() {
        modes
            .pop()
            .ok_or_else(|| Error::algebra("lego_to_cute: no dims"))?
    } else {
        Layout::from_modes(modes)
    };
    // Post-condition: the CuTe layout is the chain at every index.
    let mut r = 0usize;
    for_each_index(&dims, |i| {
        let crd = if i.len() == 1 {
            IntTuple::lit(i[0])
        } else {
            Tree::Node(i.iter().map(|&v| IntTuple::lit(v)).collect())
        };
        let y = l.eval_crd(&crd)?;
        if y != t[r] {
            return Err(Error::algebra(format!(
                "lego_to_cute: internal check failed at {i:?}: {y} != {}",
                t[r]
            )));
        }
        r += 1;
        Ok(())
    })?;
    Ok(l)
}

fn mode(leaves: &[(i64, i64)]) -> Layout {
    if leaves.len() == 1 {
        Layout::leaf(leaves[0].0, leaves[0].1)
    } else {
        let s: Vec<i64> = leaves.iter().map(|x| x.0).collect();
        let d: Vec<i64> = leaves.iter().map(|x| x.1).collect();
        Layout::flat(&s, &d)
    }
}

/// Leaves `(extent, stride)` (first fastest) of a mode whose values are `f`, if any.
fn decompose(f: &[i64]) -> Option<Vec<(i64, i64)>> {
    if f.len() == 1 {
        return (f[0] == 0).then(|| vec![(1, 0)]);
    }
    if f.first() != Some(&0) {
        return None;
    }
    let mut g = f.to_vec();
    let mut leaves = Vec::new();
    while g.len() > 1 {
        let n = g.len();
        let s = g[1];
        let prefix = (0..n).take_while(|&t| g[t] == t as i64 * s).count();
        let m = (2..=prefix)
            .rev()
            .filter(|m| n % m == 0)
            .find(|&m| (0..n / m).all(|t| (0..m).all(|u| g[t * m + u] == g[t * m] + g[u])))?;
        leaves.push((m as i64, s));
        g = (0..n / m).map(|t| g[t * m]).collect();
    }
    Some(leaves)
}

/// The chain of a static CuTe layout that is a bijection onto `[0, size)`.
pub fn from_cute(l: &Layout) -> Result<Chain> {
    let modes = l.modes();
    let modes = if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        modes
    };
    if modes.is_empty() {
        // `():()` has no mode: a chain needs at least one logical dim (the syntax has no
        // empty tile), so there is nothing to convert it to.
        return Err(Error::algebra(
            "lego_from_cute: the layout has no mode; a bijective layout has at least one dim",
        ));
    }
    let mut groups = Vec::with_capacity(modes.len());
    let mut digits: Vec<(i64, i64)> = Vec::new(); // (extent, stride), row-major digit order
    for (k, m) in modes.iter().enumerate() {
        let leaves = m.int_leaves("lego_from_cute")?;
        groups.push(m.size()?);
        let nontrivial: Vec<(i64, i64)> = leaves.into_iter().filter(|x| x.0 != 1).collect();
        for &(e, s) in nontrivial.iter().rev() {
            if s <= 0 {
                return Err(Error::algebra(format!(
                    "lego_from_cute: mode {k} has leaf {e}:{s}; a bijection onto [0, size) \
                     needs positive strides"
                )));
            }
            digits.push((e, s));
        }
    }
    if digits.is_empty() {
        return Ok(Chain {
            orders: Vec::new(),
            groups: vec![groups],
        });
    }
    let mut order: Vec<usize> = (0..digits.len()).collect();
    order.sort_by_key(|&j| std::cmp::Reverse(digits[j].1));
    let mut expect = 1i64;
    for &j in order.iter().rev() {
        let (e, s) = digits[j];
        if s != expect {
            return Err(Error::algebra(format!(
                "lego_from_cute: the layout is not a bijection onto [0, size): leaf {e}:{s} \
                 has stride {s} where the compact stride is {expect}"
            )));
        }
        expect = expect
            .checked_mul(e)
            .ok_or_else(|| Error::overflow("lego_from_cute: the layout size"))?;
    }
    let c = Chain {
        orders: vec![OrderBy {
            pieces: vec![Piece::RegP {
                dims: digits.iter().map(|x| x.0).collect(),
                perm: order,
            }],
        }],
        groups: vec![groups],
    };
    super::verify::check_chain(&c)?;
    Ok(c)
}

/// A layout from a shape and integer strides (for tests and callers holding plain lists).
pub fn flat_layout(shape: &[i64], stride: &[i64]) -> Result<Layout> {
    Layout::new(
        Tree::Node(shape.iter().map(|&s| IntTuple::lit(s)).collect()),
        StrideTuple::ints(stride),
    )
}

/// Largest chain `to_cute` converts (it enumerates the table).
pub const TO_CUTE_LIMIT: i64 = TABLE_LIMIT;
