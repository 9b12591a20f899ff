//! composition R = A o B: R(c) = A(B(c)) for every c in the domain of B, and R is compatible
//! with B (same shape profile, each integer mode of B refined into a sub-tuple).
//! A is evaluated past its size along its last mode (CuTe's extension).
//!
//! Per integer mode s:d of B (B distributes: (B0,B1) -> (A o B0, A o B1)), with A coalesced to
//! flat modes (s_i:d_i), walk the modes of A but the last with the rest (q, r) = (s, d):
//!   the stride r skips ceil(s_i/|r|) usable elements of mode i (r must be a multiple of s_i
//!   or smaller than it: the stride divisibility condition), r' = ceil(|r|/s_i)·sign(r);
//!   take t = min(ceil(s_i/|r|), q) of them with stride r·d_i (t must divide q: the shape
//!   divisibility condition), q' = q/t;
//! the last mode of A takes q : r·d_last (it absorbs any overflow). The modes are coalesced
//! and the result is checked against A(B(c)).
//!
//! The check is a proof when the walk is exact: with every step either skipping mode i
//! (s_i | r), taking whole periods (r | s_i) or ending inside it (q <= ceil(s_i/r)), k·e has
//! digit m·r in mode i for the m-th element taken, so R_j(k) = A(k e_j); and when the digit
//! maxima summed over the leaves j of B stay below every radix s_i, the digits of
//! B(c) = sum_j c_j e_j add without carry, so A(B(c)) = sum_j R_j(c_j) = R(c). Otherwise R
//! is checked point by point.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::coalesce::{coalesce_leaf_modes, coalesce_x, Mode};
use crate::ops::tiler::by_mode_form;
use crate::stride::{Stride, StrideTuple};
use crate::tuple::{IntTuple, Tree};
use crate::value::Value;

/// Largest domain checked point by point; bigger domains are checked on a sample.
const CHECK_ALL: i64 = 1 << 16;

/// A o B for shape:stride layouts.
pub fn compose(a: &Layout, b: &Layout) -> Result<Layout> {
    if a.has_runtime_leaf() || b.has_runtime_leaf() {
        return crate::ops::composition_runtime::compose_runtime(a, b);
    }
    let flat_a = if b.stride.has_basis() {
        None
    } else {
        Some(coalesce_x(a)?)
    };
    // Digit maxima summed over B's leaves, one per mode of flat A but the last; None once a
    // step is not exact (see the module comment).
    let mut digits = flat_a
        .as_ref()
        .map(|f| vec![0i64; f.len().saturating_sub(1)]);
    let r =
        b.map_leaf_modes(&mut |k, s, d| compose_leaf(a, flat_a.as_deref(), s, d, k, &mut digits))?;
    if let (Some(f), Some(sums)) = (&flat_a, &digits) {
        let below = |(&m, (s, _)): (&i64, &Mode)| m == 0 || matches!(s, Int::Lit(x) if m < *x);
        if sums.iter().zip(f.iter()).all(below) {
            return Ok(r); // proven: the walk was exact and the digits never carry
        }
    }
    check_composition(a, b, &r)?;
    Ok(r)
}

/// A composed with B's leaf mode number `k`, s:d (a scaled-basis stride d@path composes the
/// sub-layout of A at that path).
fn compose_leaf(
    a: &Layout,
    flat_a: Option<&[Mode]>,
    s: &Int,
    d: &Stride,
    k: usize,
    digits: &mut Option<Vec<i64>>,
) -> Result<Layout> {
    let s = s.get("composition")?;
    if d.is_int() {
        let d = d.coef.get("composition")?;
        match flat_a {
            Some(f) => compose_mode(f, s, d, k, digits),
            None => compose_mode(&coalesce_x(a)?, s, d, k, &mut None),
        }
    } else {
        let path: Vec<usize> = d.basis.iter().map(|&m| m as usize).collect();
        let sub = sub_layout(a, &path)?;
        let d = d.coef.get("composition")?;
        compose_mode(&coalesce_x(&sub)?, s, d, k, &mut None)
    }
}

fn sub_layout(a: &Layout, path: &[usize]) -> Result<Layout> {
    match (a.shape.at_path(path), a.stride.at_path(path)) {
        (Some(s), Some(d)) => Ok(Layout::raw(s.clone(), d.clone())),
        _ => Err(Error::algebra(format!(
            "composition: the basis stride of B names mode {:?}, which A = {} does not have",
            path,
            crate::text::print_layout(a)
        ))),
    }
}

/// A (as flat modes) composed with the single mode s:d of B (B's leaf number `k`). Adds
/// the largest digit k·d reaches in each mode of A but the last to `digits`, or sets it to
/// None when a step is not exact (the module comment).
fn compose_mode(
    flat: &[Mode],
    s: i64,
    d: i64,
    k: usize,
    digits: &mut Option<Vec<i64>>,
) -> Result<Layout> {
    if d == 0 {
        return Ok(Layout::leaf(s, 0));
    }
    let (last, init) = flat
        .split_last()
        .expect("coalesce_x returns at least one mode");
    last.0.get("composition")?;
    if init.is_empty() {
        // An integral A: s : d * d_A.
        return Ok(Layout::raw(IntTuple::lit(s), Tree::Leaf(last.1.scale(d)?)));
    }
    if d < 0 {
        *digits = None; // digits of negative offsets: left to the point check
    }
    let ctx = |i: usize, sh: i64, cond: &str| {
        format!("composition: mode {k} of B ({s}:{d}) meets mode {i} of coalesced A (extent {sh}): {cond}")
    };
    let mut rest_shape = s;
    let mut rest_stride = d;
    let mut modes: Vec<Mode> = Vec::with_capacity(init.len() + 1);
    for (i, (si, di)) in init.iter().enumerate() {
        let (si, ad) = (si.get("composition")?, int::abs(rest_stride)?);
        if rest_stride % si != 0 && ad >= si {
            return Err(Error::algebra(ctx(
                i,
                si,
                &format!("stride {rest_stride} is neither a multiple of {si} nor smaller than it (stride divisibility condition)"),
            )));
        }
        let next_shape = int::ceil_div(si, ad)?;
        let next_stride = int::ceil_div(ad, si)? * int::signum(rest_stride);
        if next_shape == 1 || rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if rest_shape % new_shape != 0 {
            return Err(Error::algebra(ctx(
                i,
                si,
                &format!("the remaining extent {rest_shape} is not a multiple of the {new_shape} elements this mode provides (shape divisibility condition)"),
            )));
        }
        if let Some(m) = digits {
            // Here |r| < s_i: exact when r | s_i or the walk ends in this mode. The largest
            // digit (new_shape - 1)·|r| is below s_i; a sum past i64 just stays unproven.
            let sum = m[i].checked_add((new_shape - 1) * ad);
            match sum {
                Some(v) if si % ad == 0 || rest_shape == new_shape => m[i] = v,
                _ => *digits = None,
            }
        }
        modes.push((Int::Lit(new_shape), di.scale(rest_stride)?));
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    let mut all = modes;
    all.push((Int::Lit(rest_shape), last.1.scale(rest_stride)?));
    coalesce_leaf_modes(&all)
}

/// Check R(c) = A(B(c)) on B's domain (all points up to CHECK_ALL, else a sample), mode by
/// mode first so that a failure names the mode of B.
pub(crate) fn check_composition(a: &Layout, b: &Layout, r: &Layout) -> Result<()> {
    if b.stride.has_basis() {
        return Ok(()); // B selects sub-layouts of A; checked by the sub-layout compositions
    }
    if a.stride.has_basis() {
        return crate::ops::basis::check_composition(a, b, r, &check_composition);
    }
    let n = b.size()?;
    if r.size()? != n {
        return Err(Error::algebra(format!(
            "composition: result {} has size {} but B has size {n} (the result must be compatible with B)",
            crate::text::print_layout(r),
            r.size()?
        )));
    }
    let al = a.int_leaves("composition")?;
    let bl = b.int_leaves("composition")?;
    let rl = r.int_leaves("composition")?;
    let ev = crate::layout::eval_leaves;
    if modes_compose_without_carry(a, b, r)? {
        return Ok(());
    }

    let points: Box<dyn Iterator<Item = i64>> = if n <= CHECK_ALL {
        Box::new(0..n)
    } else {
        let step = (n / 4096).max(1);
        Box::new((0..n).step_by(step as usize).chain((n - 64).max(0)..n))
    };
    for c in points {
        let bc = ev(&bl, c)?;
        let want = ev(&al, bc)?;
        let got = ev(&rl, c)?;
        if want != got {
            let crd = crate::tuple::idx2crd(c, &b.shape)?;
            return Err(Error::algebra(format!(
                "composition: no layout R with R(c) = A(B(c)) from CuTe's rule: at c = {} (B(c) = {bc}) it gives {got}, A(B(c)) = {want}; A = {} and B = {} violate the divisibility conditions across modes",
                crate::text::print_int_tuple(&crd),
                crate::text::print_layout(a),
                crate::text::print_layout(b)
            )));
        }
    }
    Ok(())
}

/// The exact fast path of the check: R(c) = sum_j R_j(c_j) over the leaves j of B, so when
/// (1) every R_j(k) = A(k e_j) for k < t_j, and (2) adding the contributions k e_j never
/// carries between the mixed-radix digits of A (coalesced, the last mode absorbing), then
/// A(B(c)) = sum_j A(c_j e_j) = R(c) for every c. Costs sum_j t_j instead of prod_j t_j.
/// Returns false when (2) cannot be shown (the caller then enumerates).
fn modes_compose_without_carry(a: &Layout, b: &Layout, r: &Layout) -> Result<bool> {
    let mut pieces = Vec::new();
    if !per_leaf(&b.shape, &b.stride, &r.shape, &r.stride, &mut pieces) {
        return Ok(false);
    }
    // A as mixed-radix digits x = sum_i g_i P_i (radices s_i; the last digit unbounded) with
    // A(x) = sum_i g_i d_i: stepping x by e is a digit-wise add with carries, no division.
    let modes: Vec<(i64, i64)> = coalesce_x(a)?
        .iter()
        .map(|(s, d)| Ok((s.get("composition")?, d.value("composition")?)))
        .collect::<Result<_>>()?;
    let n = modes.len();
    let mut sum = vec![0i64; n];
    for (t, e, rj) in &pieces {
        if *e < 0 || *t > CHECK_ALL {
            return Ok(false);
        }
        let rt = crate::layout::table_leaves(rj, *t)?;
        // digits of e
        let mut step = vec![0i64; n];
        let mut rest = *e;
        for (i, &(s, _)) in modes.iter().enumerate() {
            step[i] = if i + 1 == n { rest } else { rest % s };
            rest /= s;
        }
        let mut g = vec![0i64; n];
        let mut maxd = vec![0i64; n];
        for (k, &got) in rt.iter().enumerate() {
            if k > 0 {
                let mut carry = 0;
                for i in 0..n {
                    g[i] = int::add(g[i], int::add(step[i], carry)?)?;
                    carry = 0;
                    if i + 1 < n && g[i] >= modes[i].0 {
                        g[i] -= modes[i].0;
                        carry = 1;
                    }
                }
            }
            let mut want = 0i64;
            for (i, &(_, d)) in modes.iter().enumerate() {
                want = int::add(want, int::mul(g[i], d)?)?;
                maxd[i] = maxd[i].max(g[i]);
            }
            if got != want {
                return Ok(false); // let the enumeration name the failing coordinate
            }
        }
        for (acc, m) in sum.iter_mut().zip(maxd) {
            *acc += m;
        }
    }
    let digits: Vec<i64> = modes[..n.saturating_sub(1)].iter().map(|m| m.0).collect();
    Ok(sum.iter().zip(&digits).all(|(&m, &s)| m < s))
}

/// Pair each leaf (t_j : e_j) of B with the integer leaves of its part R_j of R.
fn per_leaf(
    bs: &IntTuple,
    bd: &StrideTuple,
    rs: &IntTuple,
    rd: &StrideTuple,
    out: &mut Vec<(i64, i64, Vec<(i64, i64)>)>,
) -> bool {
    match (bs, bd) {
        (Tree::Leaf(t), Tree::Leaf(e)) => {
            let (Ok(t), Ok(e)) = (t.get("composition"), e.value("composition")) else {
                return false;
            };
            let Ok(rj) = Layout::raw(rs.clone(), rd.clone()).int_leaves("composition") else {
                return false;
            };
            out.push((t, e, rj));
            true
        }
        (Tree::Node(bss), Tree::Node(bds)) => match (rs, rd) {
            (Tree::Node(rss), Tree::Node(rds))
                if rss.len() == bss.len() && rds.len() == bds.len() =>
            {
                bss.iter()
                    .zip(bds)
                    .zip(rss.iter().zip(rds))
                    .all(|((s, d), (x, y))| per_leaf(s, d, x, y, out))
            }
            _ => false,
        },
        _ => false,
    }
}

/// A o T for a tiler value: a layout, an integer n (= A o n:1), `_` (A itself) or a by-mode
/// tiler [T0, T1, ...] or integer tuple (T0, T1, ...) (mode i of A composed with T_i; modes of A
/// past the tiler are dropped, as in CuTe; ops/tiler.rs).
pub fn compose_tiler(a: &Layout, t: &Value) -> Result<Layout> {
    match by_mode_form(t).as_ref() {
        Value::All => Ok(a.clone()),
        Value::Tuple(Tree::Leaf(n)) => compose(a, &crate::ops::tiler::leaf_tile(n, "composition")?),
        Value::Func(Func::Layout(b)) => compose(a, b),
        Value::Tiler(items) => {
            let modes = crate::ops::tiler::modes_of(a);
            if items.len() > modes.len() {
                return Err(Error::algebra(format!(
                    "composition: tiler of rank {} has more modes than A (rank {})",
                    items.len(),
                    modes.len()
                )));
            }
            let out = items
                .iter()
                .zip(&modes)
                .map(|(t, m)| compose_tiler(m, t))
                .collect::<Result<Vec<_>>>()?;
            Ok(Layout::from_modes(out))
        }
        other => Err(Error::algebra(format!(
            "composition: cannot use {} as the right operand",
            other.kind()
        ))),
    }
}

/// The range [size(A), max B(c)] of indices past A's domain that A o B reads (CuTe extends A
/// along its last mode there), or None when B's image stays inside [0, size(A)).
pub fn reads_past_domain(a: &Layout, b: &Layout) -> Result<Option<(i64, i64)>> {
    let mut hi = 0i64;
    for (s, d) in b.int_leaves("composition")? {
        if d > 0 {
            hi = int::add(hi, int::mul(s - 1, d)?)?;
        }
    }
    let n = a.size()?;
    Ok((hi >= n).then_some((n, hi)))
}
