//! CuTe layouts with runtime leaves as relations: runtime extents as ISL parameters, runtime
//! strides as symbolic coefficients.
//!
//! A leaf `(s_k, d_k)` of mode `i` (prefix product `P_k` of the mode's extents before it) has
//! the coordinate `c_k = floor(m_i / P_k) mod s_k`, the last leaf of the mode the whole
//! quotient. A runtime extent `E` stays quasi-affine as an ISL parameter when it is the last
//! leaf of its mode: `0 <= floor(m_i / P_k) < E` is a static coefficient times `E`. Before
//! another leaf it would make `P_{k+1} = P_k * E` a product with the coordinate: refused.
//!
//! A runtime stride `S_j` multiplies a coordinate, which no quasi-affine relation can. The
//! offset is instead kept as its linear form in the runtime strides,
//!
//! ```text
//!     o = g + S_0 u_0 + ... + S_{k-1} u_{k-1},
//! ```
//!
//! and the relation maps the mode coordinates to `[g, u_0, .., u_{k-1}]` (`u_j` the coordinate
//! of the j-th runtime-stride leaf, in leaf order). Two such forms are equal for every value of
//! the strides (each taking at least two values) exactly when their coefficient vectors are,
//! so the relations compare as maps. `[E_0, ..] -> { [m_0, ..] -> [g, u_0, ..] : ... }`.

use layout_algebra::{text, Error, Int, Layout, Result};

use crate::expr::{floor_div, modulo, vars, Sum};

/// The relation of a layout with runtime leaves over one coordinate per top-level mode.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearForm {
    /// ISL text `[E..] -> { [m..] -> [g, u..] : .. }`.
    pub text: String,
    /// Names of the runtime extents (the ISL parameters), in leaf order.
    pub params: Vec<String>,
    /// Flat leaf index of each runtime stride `S_j` (the output `u_j`).
    pub stride_leaves: Vec<usize>,
}

/// The relation of `l` (see the module comment). With `bound_extents` false a runtime extent
/// bounds nothing (its mode runs on: the coordinates come from elsewhere, as a TMA box's do).
pub fn modes_linear_form(l: &Layout, bound_extents: bool) -> Result<LinearForm> {
    let modes = l.modes();
    let ms = vars("m", modes.len());
    let mut g = Sum::new();
    let mut us: Vec<String> = Vec::new();
    let mut stride_leaves = Vec::new();
    let mut params = Vec::new();
    let mut conds = Vec::new();
    let mut flat = 0usize;
    let name = || text::print_layout(l);
    for (i, (m, mode)) in ms.iter().zip(&modes).enumerate() {
        let leaves = mode.leaf_modes();
        let mut prefix: i64 = 1;
        let mut bounded = true;
        for (k, (s, d)) in leaves.iter().enumerate() {
            let last = k + 1 == leaves.len();
            let q = floor_div(m, prefix);
            let coord = match s {
                Int::Lit(v) if last => {
                    prefix = prefix
                        .checked_mul(*v)
                        .ok_or_else(|| Error::overflow("layout relation: mode size"))?;
                    q
                }
                Int::Lit(v) => {
                    let c = if *v > 1 { modulo(&q, *v) } else { "0".into() };
                    prefix = prefix
                        .checked_mul(*v)
                        .ok_or_else(|| Error::overflow("layout relation: mode size"))?;
                    c
                }
                Int::Dyn(_) if last => {
                    let e = format!("E{}", params.len());
                    if bound_extents {
                        conds.push(format!("{q} < {e}"));
                    }
                    params.push(e);
                    bounded = false;
                    q
                }
                Int::Dyn(_) => {
                    return Err(Error::algebra(format!(
                        "relation of {}: mode {i} leaf {k} has a runtime extent before leaf {}: \
                         the coordinate of that leaf divides by a runtime value, which a \
                         quasi-affine relation cannot",
                        name(),
                        k + 1
                    )))
                }
            };
            if !d.is_int() {
                return Err(Error::algebra(format!(
                    "relation of {}: leaf {flat} has the scaled-basis stride {}; relations are built for integer strides",
                    name(),
                    text::print_stride(d)
                )));
            }
            match d.coef {
                Int::Lit(v) => g.add(v, &coord),
                Int::Dyn(_) => {
                    us.push(coord);
                    stride_leaves.push(flat);
                }
            }
            flat += 1;
        }
        conds.push(format!("{m} >= 0"));
        if bounded {
            conds.push(format!("{m} < {prefix}"));
        }
    }
    let mut outs = vec![format!("g")];
    let mut eqs = vec![format!("g = {}", g.text())];
    for (j, u) in us.iter().enumerate() {
        outs.push(format!("u{j}"));
        eqs.push(format!("u{j} = {u}"));
    }
    eqs.extend(conds);
    let text = format!(
        "[{}] -> {{ [{}] -> [{}] : {} }}",
        params.join(", "),
        ms.join(", "),
        outs.join(", "),
        eqs.join(" and ")
    );
    Ok(LinearForm {
        text,
        params,
        stride_leaves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isl::{Ctx, Map};
    use layout_algebra::text::parse_layout;

    fn form(s: &str, bound: bool) -> LinearForm {
        modes_linear_form(&parse_layout(s).unwrap(), bound).unwrap()
    }

    #[test]
    fn row_major_with_a_runtime_leading_dimension() {
        let f = form("(?,?):(?,1)", true);
        assert_eq!(f.params, vec!["E0", "E1"]);
        assert_eq!(f.stride_leaves, vec![0]);
        let ctx = Ctx::new(crate::isl::DEFAULT_MAX_OPERATIONS).unwrap();
        let m = Map::parse(&ctx, &f.text).unwrap();
        let want = Map::parse(
            &ctx,
            "[E0, E1] -> { [m0, m1] -> [m1, m0] : 0 <= m0 < E0 and 0 <= m1 < E1 }",
        )
        .unwrap();
        assert!(m.is_equal(&want).unwrap(), "{}", f.text);
    }

    #[test]
    fn static_prefix_and_unbounded_extents() {
        // ((8,?),64):((64,?),1): leaf 1 (runtime stride) gets floor(m0/8); no extent bound.
        let f = form("((8,?),64):((64,?),1)", false);
        let ctx = Ctx::new(crate::isl::DEFAULT_MAX_OPERATIONS).unwrap();
        let m = Map::parse(&ctx, &f.text).unwrap();
        let want = Map::parse(
            &ctx,
            "[E0] -> { [m0, m1] -> [g, u0] : g = 64*(m0 mod 8) + m1 and u0 = floor(m0/8) and m0 >= 0 and 0 <= m1 < 64 }",
        )
        .unwrap();
        assert!(m.is_equal(&want).unwrap(), "{}", f.text);
        assert_eq!(f.stride_leaves, vec![1]);
    }

    #[test]
    fn a_runtime_extent_inside_a_mode_is_refused() {
        let e =
            modes_linear_form(&parse_layout("((?,8),4):((1,?),64)").unwrap(), true).unwrap_err();
        assert!(
            e.to_string()
                .contains("mode 0 leaf 0 has a runtime extent before leaf 1"),
            "{e}"
        );
    }
}
