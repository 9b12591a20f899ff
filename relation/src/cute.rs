//! CuTe shape:stride layouts as relations (the paper's Section 3, with CuTe's semantics).
//!
//! For the flattened leaves (s_k, d_k) with colexicographic prefix products P_k = s_0...s_{k-1}
//! and size P, the coordinate mapping sends the integral coordinate c to the natural one,
//! c_k = floor(c / P_k) mod s_k (the last leaf takes floor(c / P_{n-1}) whole), and the index
//! mapping is the dot product with the strides. Their composition, the layout mapping, is
//!
//! ```text
//! { [c] -> [o] : o = sum_k d_k * (floor(c/P_k) mod s_k) and 0 <= c < P }
//! ```
//!
//! A hierarchical layout has the mapping of its flattening. The natural-coordinate form
//! (`Space::Coord`) is the index mapping `{ [c_0, ..., c_{n-1}] -> [sum_k d_k c_k] }` over the
//! box of the leaf extents; `Space::Modes` takes one integral coordinate per top-level mode.
//! The extended form (the outer function of a composed layout) lets the last leaf absorb every
//! coordinate past the size, as CuTe's evaluation does: its domain is `c >= 0`.
//! Dynamic leaves `?` are refused: a dynamic extent or stride would need a symbolic
//! multiplication, which quasi-affine relations cannot express.

use layout_algebra::{text, Error, Int, Layout, Result};

use crate::expr::{bounds, floor_div, modulo, prefix_products, vars, Sum};
use crate::isl::{Ctx, Map};

/// The (extent, stride) of every leaf, static integers only, with an error that names the
/// first leaf that is not.
pub fn static_leaves(l: &Layout) -> Result<Vec<(i64, i64)>> {
    let mut out = Vec::new();
    for (k, (s, d)) in l.leaf_modes().into_iter().enumerate() {
        let s = match s {
            Int::Lit(v) => v,
            Int::Dyn(_) => return Err(dynamic(l, k, "extent")),
        };
        if !d.is_int() {
            return Err(Error::algebra(format!(
                "relation of {}: leaf {k} has the scaled-basis stride {}; relations are built for integer strides",
                text::print_layout(l),
                text::print_stride(&d)
            )));
        }
        let d = match d.coef {
            Int::Lit(v) => v,
            Int::Dyn(_) => return Err(dynamic(l, k, "stride")),
        };
        out.push((s, d));
    }
    Ok(out)
}

fn dynamic(l: &Layout, k: usize, what: &str) -> Error {
    Error::algebra(format!(
        "relation of {}: leaf {k} has a dynamic {what} '?'; a relation is quasi-affine and cannot multiply by a symbolic value, so only static layouts have relations",
        text::print_layout(l)
    ))
}

/// The offset of the leaves at the integral coordinate `var` (text). The last leaf takes the
/// whole quotient, so past the size it absorbs the rest (CuTe's evaluation).
pub fn flat_offset(var: &str, leaves: &[(i64, i64)]) -> Result<String> {
    let extents: Vec<i64> = leaves.iter().map(|l| l.0).collect();
    let (prefix, _) = prefix_products(&extents, "layout relation")?;
    let mut sum = Sum::new();
    for (k, &(s, d)) in leaves.iter().enumerate() {
        let q = floor_div(var, prefix[k]);
        if k + 1 == leaves.len() {
            sum.add(d, &q);
        } else if s > 1 {
            sum.add(d, &modulo(&q, s));
        }
    }
    Ok(sum.text())
}

/// The layout mapping over the integral coordinate `[c]`: domain `[0, size)`, or `c >= 0`
/// when `extended`.
pub fn flat_map<'c>(ctx: &'c Ctx, l: &Layout, extended: bool) -> Result<Map<'c>> {
    let leaves = static_leaves(l)?;
    let extents: Vec<i64> = leaves.iter().map(|x| x.0).collect();
    let (_, size) = prefix_products(&extents, "layout relation")?;
    let dom = if extended {
        "c >= 0".to_string()
    } else {
        format!("0 <= c < {size}")
    };
    let o = flat_offset("c", &leaves)?;
    Map::parse(ctx, &format!("{{ [c] -> [o] : o = {o} and {dom} }}"))
}

/// The index mapping over the natural coordinate, one input per leaf: (variables, bounds,
/// offset expression).
pub fn coord_parts(l: &Layout) -> Result<(Vec<String>, String, String)> {
    let leaves = static_leaves(l)?;
    let cs = vars("c", leaves.len());
    let mut sum = Sum::new();
    for (v, &(_, d)) in cs.iter().zip(&leaves) {
        sum.add(d, v);
    }
    let extents: Vec<i64> = leaves.iter().map(|x| x.0).collect();
    Ok((cs.clone(), bounds(&cs, &extents), sum.text()))
}

/// The mapping over one integral coordinate per top-level mode: (variables, bounds, offset).
pub fn modes_parts(l: &Layout) -> Result<(Vec<String>, String, String)> {
    let modes = l.modes();
    let ms = vars("m", modes.len());
    let mut parts = Vec::with_capacity(modes.len());
    let mut sizes = Vec::with_capacity(modes.len());
    for (v, mode) in ms.iter().zip(&modes) {
        let leaves = static_leaves(mode)?;
        parts.push(format!("({})", flat_offset(v, &leaves)?));
        let extents: Vec<i64> = leaves.iter().map(|x| x.0).collect();
        sizes.push(prefix_products(&extents, "layout relation")?.1);
    }
    Ok((ms.clone(), bounds(&ms, &sizes), parts.join(" + ")))
}
