//! right_inverse and left_inverse when L has runtime leaves: C++'s steps on static and runtime
//! values (crate::int). With coalesce(L) = (s_i:d_i) and the prefix products p_i of the s_i:
//!   right_inverse: C++ follows only static strides: in increasing order, a mode whose static
//!     stride equals the running stride (from 1) is taken as s_i : p_i and the running stride
//!     becomes s_i·d_i (a runtime value, after which no static stride can equal it);
//!     R = coalesce((1, taken...) : (0, p...)). L(R(i)) = i by construction.
//!   left_inverse: needs static strides (C++: "Left inverse requires static strides"); in
//!     increasing order each nonzero stride d gives (d / n) : p_i with n the size so far, d a
//!     multiple of n (the left inverse divisibility condition: an error for static values,
//!     recorded for runtime ones), and the last sorted mode keeps its extent. A negative stride
//!     on an extent above 1 maps outside every layout's domain (refused, or recorded when the
//!     extent is a runtime value).

use crate::error::{Error, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;
use crate::stride::Stride;
use crate::text::print_layout;
use crate::tuple::Tree;

/// coalesce(L)'s integer modes and the prefix products of their extents.
fn flat_modes(l: &Layout) -> Result<(Vec<(Int, Int)>, Vec<Int>)> {
    let mut modes = Vec::new();
    for (s, d) in coalesce(l)?.leaf_modes() {
        if !d.is_int() {
            return Err(Error::algebra(format!(
                "the inverses of {} with runtime leaves need integer strides",
                print_layout(l)
            )));
        }
        modes.push((s, d.coef));
    }
    let mut pre = vec![Int::Lit(1)];
    for (s, _) in &modes {
        let next = pre.last().unwrap().mul(s)?;
        pre.push(next);
    }
    Ok((modes, pre))
}

/// The static strides' indices in CuTe's SortByKey order.
fn sorted(modes: &[(Int, Int)]) -> Vec<usize> {
    let keyed: Vec<(usize, i64)> = modes
        .iter()
        .enumerate()
        .filter_map(|(i, (_, d))| d.get("").ok().map(|v| (i, v)))
        .collect();
    let keys: Vec<i64> = keyed.iter().map(|k| k.1).collect();
    sorted_by_key(&keys)
        .into_iter()
        .map(|j| keyed[j].0)
        .collect()
}

/// The indices of `keys` in CuTe's SortByKey order (its exchange sort is not stable: ops/inverse.rs).
pub(crate) fn sorted_by_key(keys: &[i64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    for i in 0..idx.len() {
        for j in i + 1..idx.len() {
            if keys[idx[j]] < keys[idx[i]] {
                idx.swap(i, j);
            }
        }
    }
    idx
}

fn build(shapes: Vec<Int>, strides: Vec<Int>) -> Result<Layout> {
    coalesce(&Layout::raw(
        Tree::Node(shapes.into_iter().map(Tree::Leaf).collect()),
        Tree::Node(
            strides
                .into_iter()
                .map(|d| {
                    Tree::Leaf(Stride {
                        coef: d,
                        basis: Vec::new(),
                    })
                })
                .collect(),
        ),
    ))
}

pub fn right_inverse_runtime(l: &Layout) -> Result<Layout> {
    let (modes, pre) = flat_modes(l)?;
    let mut shapes = vec![Int::Lit(1)];
    let mut strides = vec![Int::Lit(0)];
    let mut curr = Int::Lit(1);
    for i in sorted(&modes) {
        let (s, d) = &modes[i];
        if curr.is_static() && *d == curr {
            shapes.push(s.clone());
            strides.push(pre[i].clone());
            curr = s.mul(d)?;
        }
    }
    build(shapes, strides)
}

pub fn left_inverse_runtime(l: &Layout) -> Result<Layout> {
    let (modes, pre) = flat_modes(l)?;
    if let Some((s, d)) = modes.iter().find(|(_, d)| !d.is_static()) {
        return Err(Error::algebra(format!(
            "left_inverse: L = {} has the runtime stride {} (on extent {}); a left inverse needs static strides (as in C++)",
            print_layout(l),
            d.sym().text(),
            s.sym().text()
        )));
    }
    // A negative stride on an extent that may exceed 1 maps coordinate 1 outside the domain
    // of every layout (as the static path refuses it); its quotient by the extent covered
    // below it would also be a negative extent of the result.
    for (k, (s, d)) in modes.iter().enumerate() {
        let d = d.get("left_inverse")?;
        if d < 0 && !matches!(s, Int::Lit(x) if *x <= 1) {
            return Err(Error::algebra(format!(
                "left_inverse: mode {k} ({}:{d}) of coalesce(L) for L = {} has a negative stride on an extent that may exceed 1, which maps outside the domain of every layout: a left inverse needs non-negative strides",
                s.sym().text(),
                print_layout(l)
            )));
        }
    }
    let mut conds = Vec::new();
    let order = sorted(&modes);
    let mut shapes = Vec::new();
    let mut strides = vec![Int::Lit(0)];
    let mut size = Int::Lit(1);
    for &i in &order {
        let d = &modes[i].1;
        if d.is_const(0) {
            continue;
        }
        conds.push((
            d.rem(&size)?.eq_cond(&Int::Lit(0))?,
            format!(
                "left_inverse: L = {} is not injective or not invertible on its image: a stride is not a multiple of the extent covered by the smaller strides (left inverse divisibility condition)",
                print_layout(l)
            ),
        ));
        let s = d.div(&size)?;
        size = size.mul(&s)?;
        shapes.push(s);
        strides.push(pre[i].clone());
    }
    let last = *order.last().expect("coalesce gives at least one mode");
    shapes.push(modes[last].0.clone());
    build(shapes, strides)?.with_conditions(conds, "left_inverse")
}
