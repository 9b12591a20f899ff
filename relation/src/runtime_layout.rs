//! CuTe layouts with runtime leaves as relations: runtime extents as ISL parameters, runtime
//! strides as symbolic coefficients.
//!
//! A leaf `(s_k, d_k)` of mode `i` (prefix product `P_k` of the mode's extents before it) has
//! the coordinate `c_k = floor(m_i / P_k) mod s_k`, the last leaf of the mode the whole
//! quotient. A runtime extent `E` stays quasi-affine as an ISL parameter when it is the last
//! leaf of its mode: `0 <= floor(m_i / P_k) < E` is a static coefficient times `E`. Before
//! another leaf it would make `P_{k+1} = P_k * E` a product with the coordinate: refused.
//!
//! A runtime stride `S` multiplies a coordinate, which no quasi-affine relation can. The
//! offset is instead kept as its linear form in the runtime values,
//!
//! ```text
//!     o = g + R_0 s_0 + ... + R_{n-1} s_{n-1},
//! ```
//!
//! and the relation maps the mode coordinates to `[g, s_0, .., s_{n-1}]` (`s_i` the sum of the
//! coordinates of the leaves whose stride is the runtime value `R_i`). Two such forms are equal
//! for every value of the `R_i` (each taking at least two values) exactly when their
//! coefficient vectors are, so the relations compare as maps. The runtime values are named by
//! the caller (`symbol`: the runtime leaf's expression -> its index i < n), so that two leaves
//! holding one value share it; the extents are the parameters `R_i`:
//! `[R_0, ..] -> { [m_0, ..] -> [g, s_0, ..] : ... }`.

use layout_algebra::sym::{Expr, Sym};
use layout_algebra::{text, Error, Int, Layout, Result};

use crate::expr::{floor_div, modulo, vars, Sum};

/// The relation of a layout with runtime leaves over one coordinate per top-level mode.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearForm {
    /// ISL text `[R_0..] -> { [m..] -> [g, s_0..] : .. }`.
    pub text: String,
    /// (flat leaf index, runtime value index) of each leaf with a runtime stride.
    pub stride_leaves: Vec<(usize, usize)>,
}

/// The index of a runtime leaf that is the i-th runtime input `$i` itself (a layout parsed from
/// its text, or a type): `i`. A leaf computed from inputs is an error.
pub fn input_index(s: &Sym) -> Result<usize> {
    match s.expr() {
        Expr::Var(i) => Ok(*i as usize),
        _ => Err(Error::algebra(format!(
            "the runtime leaf {} is computed from runtime values; only leaves that are runtime values themselves are related",
            s.text()
        ))),
    }
}

/// The relation of `l` (see the module comment) with `count` runtime values, `symbol` naming
/// each runtime leaf's. With `bound_extents` false a runtime extent bounds nothing (its mode
/// runs on: the coordinates come from elsewhere, as a TMA box's do).
pub fn modes_linear_form(
    l: &Layout,
    bound_extents: bool,
    count: usize,
    symbol: &dyn Fn(&Sym) -> Result<usize>,
) -> Result<LinearForm> {
    let modes = l.modes();
    let ms = vars("m", modes.len());
    let mut g = Sum::new();
    let mut slots: Vec<Sum> = vec![Sum::new(); count];
    let mut stride_leaves = Vec::new();
    let mut conds = Vec::new();
    let mut flat = 0usize;
    let name = || text::print_layout(l);
    let index = |x: &Sym| -> Result<usize> {
        let i = symbol(x)?;
        if i >= count {
            return Err(Error::algebra(format!(
                "relation of {}: runtime value {i} of {count}",
                name()
            )));
        }
        Ok(i)
    };
    for (i, (m, mode)) in ms.iter().zip(&modes).enumerate() {
        let leaves = mode.leaf_modes();
        let mut prefix: i64 = 1;
        let mut bounded = true;
        for (k, (s, d)) in leaves.iter().enumerate() {
            let last = k + 1 == leaves.len();
            let q = floor_div(m, prefix);
            let coord = match s {
                Int::Lit(v) => {
                    let c = if last {
                        q
                    } else if *v > 1 {
                        modulo(&q, *v)
                    } else {
                        "0".into()
                    };
                    prefix = prefix
                        .checked_mul(*v)
                        .ok_or_else(|| Error::overflow("layout relation: mode size"))?;
                    c
                }
                Int::Dyn(e) if last => {
                    let r = index(e)?;
                    if bound_extents {
                        conds.push(format!("{q} < R{r}"));
                    }
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
            match &d.coef {
                Int::Lit(v) => g.add(*v, &coord),
                Int::Dyn(e) => {
                    let r = index(e)?;
                    slots[r].add(1, &coord);
                    stride_leaves.push((flat, r));
                }
            }
            flat += 1;
        }
        conds.push(format!("{m} >= 0"));
        if bounded {
            conds.push(format!("{m} < {prefix}"));
        }
    }
    let mut outs = vec!["g".to_string()];
    let mut eqs = vec![format!("g = {}", g.text())];
    for (r, sum) in slots.iter().enumerate() {
        outs.push(format!("s{r}"));
        eqs.push(format!("s{r} = {}", sum.text()));
    }
    eqs.extend(conds);
    let params: Vec<String> = (0..count).map(|r| format!("R{r}")).collect();
    let text = format!(
        "[{}] -> {{ [{}] -> [{}] : {} }}",
        params.join(", "),
        ms.join(", "),
        outs.join(", "),
        eqs.join(" and ")
    );
    Ok(LinearForm {
        text,
        stride_leaves,
    })
}

/// The relation of [`modes_linear_form`]`(l, false, count, symbol)` at the mode coordinates
/// `m`, by the same formula evaluated at one point: `Some((g, [s_0, ..]))`, or None where `m`
/// lies outside the relation's domain (a negative coordinate, or one past a mode whose extents
/// are all static). For proofs by enumeration of a finite set of coordinates.
pub fn eval_modes_linear_form(
    l: &Layout,
    count: usize,
    symbol: &dyn Fn(&Sym) -> Result<usize>,
    m: &[i64],
) -> Result<Option<(i64, Vec<i64>)>> {
    let modes = l.modes();
    if m.len() != modes.len() {
        return Err(Error::algebra(format!(
            "a point of rank {} for a layout of rank {}",
            m.len(),
            modes.len()
        )));
    }
    let overflow = || Error::overflow("layout relation: point value");
    let index = |x: &Sym| -> Result<usize> {
        let i = symbol(x)?;
        if i >= count {
            return Err(Error::algebra(format!("runtime value {i} of {count}")));
        }
        Ok(i)
    };
    let mut g: i64 = 0;
    let mut slots = vec![0i64; count];
    for (&x, mode) in m.iter().zip(&modes) {
        if x < 0 {
            return Ok(None);
        }
        let leaves = mode.leaf_modes();
        let mut prefix: i64 = 1;
        let mut bounded = true;
        for (k, (s, d)) in leaves.iter().enumerate() {
            let last = k + 1 == leaves.len();
            let q = x / prefix;
            let coord = match s {
                Int::Lit(v) => {
                    let c = if last {
                        q
                    } else if *v > 1 {
                        q % v
                    } else {
                        0
                    };
                    prefix = prefix.checked_mul(*v).ok_or_else(overflow)?;
                    c
                }
                Int::Dyn(_) if last => {
                    bounded = false;
                    q
                }
                Int::Dyn(_) => {
                    return Err(Error::algebra(
                        "a runtime extent before another leaf of its mode",
                    ))
                }
            };
            if !d.is_int() {
                return Err(Error::algebra("a scaled-basis stride"));
            }
            match &d.coef {
                Int::Lit(v) => {
                    g = v
                        .checked_mul(coord)
                        .and_then(|t| g.checked_add(t))
                        .ok_or_else(overflow)?
                }
                Int::Dyn(e) => {
                    let r = index(e)?;
                    slots[r] = slots[r].checked_add(coord).ok_or_else(overflow)?;
                }
            }
        }
        if bounded && x >= prefix {
            return Ok(None);
        }
    }
    Ok(Some((g, slots)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isl::{Ctx, Map};
    use layout_algebra::text::parse_layout;

    fn form(s: &str, bound: bool) -> LinearForm {
        let l = parse_layout(s).unwrap();
        let n = s.matches('?').count();
        modes_linear_form(&l, bound, n, &input_index).unwrap()
    }

    fn ctx() -> Ctx {
        Ctx::new(crate::isl::DEFAULT_MAX_OPERATIONS).unwrap()
    }

    #[test]
    fn row_major_with_a_runtime_leading_dimension() {
        // (?,?):(?,1): R0, R1 the extents, R2 the row stride.
        let f = form("(?,?):(?,1)", true);
        assert_eq!(f.stride_leaves, vec![(0, 2)]);
        let ctx = ctx();
        let m = Map::parse(&ctx, &f.text).unwrap();
        let want = Map::parse(
            &ctx,
            "[R0, R1, R2] -> { [m0, m1] -> [m1, 0, 0, m0] : 0 <= m0 < R0 and 0 <= m1 < R1 }",
        )
        .unwrap();
        assert!(m.is_equal(&want).unwrap(), "{}", f.text);
    }

    #[test]
    fn static_prefix_and_unbounded_extents() {
        // ((8,?),64):((64,?),1): leaf 1 (runtime stride R1) gets floor(m0/8); no extent bound.
        let f = form("((8,?),64):((64,?),1)", false);
        let ctx = ctx();
        let m = Map::parse(&ctx, &f.text).unwrap();
        let want = Map::parse(
            &ctx,
            "[R0, R1] -> { [m0, m1] -> [g, 0, s1] : g = 64*(m0 mod 8) + m1 and s1 = floor(m0/8) and m0 >= 0 and 0 <= m1 < 64 }",
        )
        .unwrap();
        assert!(m.is_equal(&want).unwrap(), "{}", f.text);
        assert_eq!(f.stride_leaves, vec![(1, 1)]);
    }

    #[test]
    fn one_value_in_two_leaves_shares_its_slot() {
        // (4,4):(?,?) with both strides the same runtime value 0: s0 = m0's two leaves summed.
        let l = parse_layout("((4,4)):((?,?))").unwrap();
        let f = modes_linear_form(&l, true, 1, &|_| Ok(0)).unwrap();
        let ctx = ctx();
        let m = Map::parse(&ctx, &f.text).unwrap();
        let want = Map::parse(
            &ctx,
            "[R0] -> { [m0] -> [0, s] : s = (m0 mod 4) + floor(m0/4) and 0 <= m0 < 16 }",
        )
        .unwrap();
        assert!(m.is_equal(&want).unwrap(), "{}", f.text);
    }

    #[test]
    fn a_runtime_extent_inside_a_mode_is_refused() {
        let l = parse_layout("((?,8),4):((1,?),64)").unwrap();
        let e = modes_linear_form(&l, true, 2, &input_index).unwrap_err();
        assert!(
            e.to_string()
                .contains("mode 0 leaf 0 has a runtime extent before leaf 1"),
            "{e}"
        );
    }

    #[test]
    fn point_evaluation_matches_the_relation() {
        let c = ctx();
        for (text, rank) in [
            ("(8,?):(?,1)", 2),
            ("((2,4),?):((1,?),16)", 2),
            ("(16,8):(8,1)", 2),
            ("((4,2),(2,?)):((1,64),(4,?))", 2),
        ] {
            let l = parse_layout(text).unwrap();
            let n = text.matches('?').count();
            let f = modes_linear_form(&l, false, n, &input_index).unwrap();
            let rel = Map::parse(&c, &f.text).unwrap();
            for x in -1..20i64 {
                for y in -1..5i64 {
                    let p = [x, y];
                    let got = eval_modes_linear_form(&l, n, &input_index, &p[..rank]).unwrap();
                    let image = crate::props::image_at(&rel, &p[..rank]).unwrap();
                    let want = image.map(|v| (v[0], v[1..].to_vec()));
                    assert_eq!(got, want, "{text} at {p:?}");
                }
            }
        }
    }
}
