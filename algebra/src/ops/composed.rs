//! Swizzles and composed layouts `outer o offset o inner` (f(x) = outer(offset + inner(x)))
//! in the algebra.
//!
//! composition R = A o B with a swizzle or composed layout on either side:
//!   Sw o L                  = Sw o 0 o L (Sw<0,..> is the identity: L itself)
//!   (F o off o L) o B       = F o off o (L o B)        (B any tiler of L)
//!   A o (F o 0 o B)         = (A o F) o B              (CuTe needs offset 0 here)
//!   L o Sw                  = Sw' o 0 o L: the swizzle is transferred through L, with
//!                             Sw' = make_swizzle(L(yyy), L(zzz)) (L evaluated on the masks of
//!                             the bits Sw reads and writes); an error when those images are not
//!                             the masks of a swizzle (L does not map the swizzle's bits to bits).
//!   Sw0 o Sw1               = the swizzle with masks yyy0^yyy1, zzz0^zzz1 (same shift only).
//! Post-condition: R(c) = A(B(c)) for every c in the domain of B (for L o Sw, the domain of L),
//! checked by evaluation (every point up to 2^16, a sample beyond).
//!
//! right_inverse / left_inverse of F o 0 o L: rinv(L) o rinv(F) (a swizzle is its own
//! inverse), transferred as above. Post-conditions, checked by evaluation:
//!   right: f(R(i)) = i for i < size(R);  left: R(f(i)) = i for i < size(f).
//! A nonzero offset is an error (CuTe would return R o -off o Sw, which has no domain).
//!
//! Operations that only restructure the domain (divides, products, tile_to_shape, coalesce,
//! flatten, mode selection, ...) apply to the inner layout and keep outer and offset; slicing adds
//! the slice offset inner(c with `_` = 0) to the offset.
//!
//! crd2idx(c, F o off o L) = F(off + L(c)), each coordinate leaf inside its extent.
//!
//! swizzle(Sw, x) = x ^ ((x & yyy) >> S) for an offset x >= 0.

use crate::error::{Error, Result};
use crate::func::{Composed, Func};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::{composition, inverse, slice, swizzle_slice};
use crate::swizzle::Swizzle;
use crate::text::{print_func, print_layout};
use crate::tuple::Tree;
use crate::value::{Coord, CrdLeaf, Value};

/// Largest domain checked point by point; bigger domains are checked on a sample.
const CHECK_ALL: i64 = 1 << 16;

/// Operations that act on the domain of a composed layout only: they apply to the inner
/// layout and keep `outer o offset` (CuTe's ComposedLayout overloads).
pub const LIFTED_OPS: &[&str] = &[
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "tile_to_shape",
    "tidfrg",
    "thrfrg",
    "coalesce",
    "flatten",
    "get",
    "take",
    "select",
    "group_modes",
    "append",
    "filter",
];

/// Queries answered by the inner layout (the domain): shape, rank, depth.
pub const DOMAIN_QUERIES: &[&str] = &["shape", "rank", "depth"];

/// Whether a value is a swizzle or a composed layout.
pub fn is_swizzled(v: &Value) -> bool {
    matches!(
        v,
        Value::Func(Func::Swizzle(_)) | Value::Func(Func::Composed(_))
    )
}

/// CuTe's make_swizzle<Y, Z>: the swizzle whose read mask is `y` and written mask is `z`;
/// `None` for y = z = 0 (the identity). An error when the masks are not those of a swizzle.
pub fn make_swizzle(y: i64, z: i64) -> Result<Option<Swizzle>> {
    if y == 0 && z == 0 {
        return Ok(None);
    }
    let bad = |why: &str| {
        Err(Error::algebra(format!(
            "the bit masks {y:#b} (read) and {z:#b} (written) are not those of a swizzle: {why}"
        )))
    };
    if y < 0 || z < 0 {
        return bad("a mask is negative");
    }
    let (by, bz) = (y.count_ones(), z.count_ones());
    if by != bz {
        return bad(&format!(
            "{by} bits are read but {bz} bits are written (the counts must match)"
        ));
    }
    let (ty, tz) = (y.trailing_zeros() as i64, z.trailing_zeros() as i64);
    let sw = match Swizzle::new(by as i64, ty.min(tz), ty - tz) {
        Ok(s) => s,
        Err(e) => return bad(&e.to_string()),
    };
    if sw.yyy_mask() != y || sw.zzz_mask() != z {
        return bad("the bits of each mask must be contiguous");
    }
    Ok(Some(sw))
}

fn sw_text(s: &Swizzle) -> String {
    format!("Sw<{},{},{}>", s.b, s.m, s.s)
}

/// Points of a domain of size n to check: all of them up to CHECK_ALL, else a sample that
/// includes both ends.
fn points(n: i64) -> Box<dyn Iterator<Item = i64>> {
    if n <= CHECK_ALL {
        Box::new(0..n.max(0))
    } else {
        let step = (n / 4096).max(1) as usize;
        Box::new((0..n).step_by(step).chain((n - 64).max(0)..n))
    }
}

/// L o Sw = Sw' o 0 o L with Sw' the image of Sw's masks under L (unchecked: the caller checks
/// the whole result by evaluation).
fn transfer_swizzle(l: &Layout, s: &Swizzle) -> Result<Func> {
    if s.is_identity() {
        return Ok(Func::Layout(l.clone()));
    }
    let (y, z) = (l.eval(s.yyy_mask())?, l.eval(s.zzz_mask())?);
    match make_swizzle(y, z).map_err(|e| {
        Error::algebra(format!(
            "composition: cannot transfer {} through the layout {}: it maps the swizzle's read bits {:#b} to {y} and its written bits {:#b} to {z}; {e}",
            sw_text(s),
            print_layout(l),
            s.yyy_mask(),
            s.zzz_mask()
        ))
    })? {
        None => Ok(Func::Layout(l.clone())),
        Some(t) => Ok(Func::composed(Func::Swizzle(t), 0, Func::Layout(l.clone()))),
    }
}

/// Sw0 o Sw1 for swizzles of the same shift (CuTe): masks XORed.
fn compose_swizzles(s0: &Swizzle, s1: &Swizzle) -> Result<Func> {
    if s0.is_identity() {
        return Ok(Func::Swizzle(*s1));
    }
    if s1.is_identity() {
        return Ok(Func::Swizzle(*s0));
    }
    if s0.s != s1.s {
        return Err(Error::algebra(format!(
            "composition: {} o {} have different shifts; only swizzles of the same shift merge into one swizzle",
            sw_text(s0),
            sw_text(s1)
        )));
    }
    let y = s0.yyy_mask() ^ s1.yyy_mask();
    let z = s0.zzz_mask() ^ s1.zzz_mask();
    let r = make_swizzle(y, z).map_err(|e| {
        Error::algebra(format!(
            "composition: {} o {} is not a swizzle: {e}",
            sw_text(s0),
            sw_text(s1)
        ))
    })?;
    let r = r
        .map(Func::Swizzle)
        .unwrap_or(Func::Swizzle(Swizzle { b: 0, m: 0, s: 0 }));
    // Swizzles are linear over GF(2): checking every bit checks every offset.
    for k in 0..62 {
        let x = 1i64 << k;
        if r.apply(x)? != s0.apply(s1.apply(x)) {
            return Err(Error::algebra(format!(
                "composition: {} o {} is not a single swizzle (differs at offset {x})",
                sw_text(s0),
                sw_text(s1)
            )));
        }
    }
    Ok(r)
}

/// A o B without the final check.
fn compose_unchecked(a: &Func, b: &Func) -> Result<Func> {
    match (a, b) {
        (Func::Layout(x), Func::Layout(y)) => Ok(Func::Layout(composition::compose(x, y)?)),
        (Func::Swizzle(s), Func::Layout(_)) | (Func::Swizzle(s), Func::Composed(_)) => {
            if s.is_identity() {
                Ok(b.clone())
            } else {
                Ok(Func::composed(a.clone(), 0, b.clone()))
            }
        }
        (Func::Swizzle(s0), Func::Swizzle(s1)) => compose_swizzles(s0, s1),
        (Func::Composed(c), _) => Ok(Func::composed(
            c.outer.clone(),
            c.offset,
            compose_unchecked(&c.inner, b)?,
        )),
        (Func::Layout(l), Func::Swizzle(s)) => transfer_swizzle(l, s),
        (Func::Layout(_), Func::Composed(c)) => {
            if c.offset != 0 {
                return Err(Error::algebra(format!(
                    "composition: the right operand {} has the offset {}; a layout composes with a composed layout only at offset 0 (as in CuTe)",
                    print_func(b),
                    c.offset
                )));
            }
            let left = compose_unchecked(a, &c.outer)?;
            compose_unchecked(&left, &c.inner)
        }
    }
}

/// Check R(c) = A(B(c)) on the domain of B (or of R when B is a bare swizzle).
fn check_composition(a: &Func, b: &Func, r: &Func) -> Result<()> {
    let n = match b.size() {
        Ok(n) => {
            let rn = r.size()?;
            if rn != n {
                return Err(Error::algebra(format!(
                    "composition: the result {} has size {rn} but B = {} has size {n}",
                    print_func(r),
                    print_func(b)
                )));
            }
            n
        }
        Err(_) => match r.size() {
            Ok(n) => n,
            Err(_) => return Ok(()), // swizzle o swizzle: checked on every bit
        },
    };
    for c in points(n) {
        let got = r.apply(c);
        let want = b.apply(c).and_then(|x| a.apply(x));
        match (got, want) {
            (Ok(g), Ok(w)) if g == w => {}
            (g, w) => {
                let show = |v: Result<i64>| match v {
                    Ok(x) => x.to_string(),
                    Err(e) => format!("undefined ({e})"),
                };
                return Err(Error::algebra(format!(
                    "composition: {} o {} has no representation as {}: at c = {c} it gives {} but A(B(c)) = {}",
                    print_func(a),
                    print_func(b),
                    print_func(r),
                    show(g),
                    show(w)
                )));
            }
        }
    }
    Ok(())
}

/// A o B for layout functions, checked by evaluation.
pub fn compose(a: &Func, b: &Func) -> Result<Func> {
    let r = compose_unchecked(a, b)?;
    check_composition(a, b, &r).map_err(|e| {
        if matches!(a, Func::Layout(_)) && !matches!(b, Func::Layout(_)) {
            Error::algebra(format!(
                "{e}; the layout does not carry the swizzle's paired bits onto a swizzle (CuTe's transfer of the bit masks would return this wrong result)"
            ))
        } else {
            e
        }
    })?;
    Ok(r)
}

/// A o T where A or T is a swizzle or composed layout; T may also be a tiler value
/// (an integer, a shape or a by-mode tiler) of a composed A.
pub fn composition(a: &Func, t: &Value) -> Result<Func> {
    match (a, t) {
        (_, Value::Func(b)) => compose(a, b),
        (Func::Composed(c), _) => {
            let inner = match &c.inner {
                Func::Layout(l) => Func::Layout(composition::compose_tiler(l, t)?),
                other => composition(other, t)?,
            };
            Ok(Func::composed(c.outer.clone(), c.offset, inner))
        }
        (Func::Swizzle(_), Value::Tuple(shape)) => {
            let l = match shape {
                Tree::Leaf(Int::Lit(n)) if *n > 0 => Layout::leaf(*n, 1),
                _ => Layout::compact(shape)?,
            };
            compose(a, &Func::Layout(l))
        }
        (_, other) => Err(Error::algebra(format!(
            "composition: cannot compose {} with {}",
            print_func(a),
            other.kind()
        ))),
    }
}

fn inverse_unchecked(f: &Func, right: bool) -> Result<Func> {
    let name = if right {
        "right_inverse"
    } else {
        "left_inverse"
    };
    match f {
        Func::Layout(l) => Ok(Func::Layout(if right {
            inverse::right_inverse(l)?
        } else {
            inverse::left_inverse(l)?
        })),
        Func::Swizzle(s) => Ok(Func::Swizzle(*s)),
        Func::Composed(c) => {
            if c.offset != 0 {
                return Err(Error::algebra(format!(
                    "{name}: {} has the offset {}; the inverse of a composed layout is defined here only at offset 0 (CuTe's R o -offset o Sw has no domain of its own)",
                    print_func(f),
                    c.offset
                )));
            }
            let inner = inverse_unchecked(&c.inner, right)?;
            let outer = inverse_unchecked(&c.outer, right)?;
            compose_unchecked(&inner, &outer).map_err(|e| Error::algebra(format!("{name}: {e}")))
        }
    }
}

/// right_inverse of a layout function: f(R(i)) = i for i < size(R).
pub fn right_inverse(f: &Func) -> Result<Func> {
    let r = inverse_unchecked(f, true)?;
    let n = r.size()?;
    for i in points(n) {
        let back = r.apply(i).and_then(|x| f.apply(x));
        if back.as_ref().ok() != Some(&i) {
            return Err(Error::algebra(format!(
                "right_inverse: {} is not a right inverse of {}: f(R({i})) = {} (the swizzle cannot be transferred through the inverse of the inner layout)",
                print_func(&r),
                print_func(f),
                back.map(|x| x.to_string()).unwrap_or_else(|e| e.to_string())
            )));
        }
    }
    Ok(r)
}

/// left_inverse of an injective layout function: R(f(i)) = i for i < size(f).
pub fn left_inverse(f: &Func) -> Result<Func> {
    let r = inverse_unchecked(f, false)?;
    let n = f.size()?;
    for i in points(n) {
        let back = f.apply(i).and_then(|x| r.apply(x));
        if back.as_ref().ok() != Some(&i) {
            return Err(Error::algebra(format!(
                "left_inverse: {} is not a left inverse of {}: R(f({i})) = {} (f is not injective, or the swizzle cannot be transferred through the inverse of the inner layout)",
                print_func(&r),
                print_func(f),
                back.map(|x| x.to_string()).unwrap_or_else(|e| e.to_string())
            )));
        }
    }
    Ok(r)
}

/// Split a composed layout into (outer, offset, inner).
fn parts(f: &Func) -> Option<&Composed> {
    match f {
        Func::Composed(c) => Some(c),
        _ => None,
    }
}

/// Apply a domain operation to the inner layout of a composed first argument and keep
/// `outer o offset` (or return the query's answer for shape/rank/depth); `call` runs the
/// operation on the inner layout (the dispatch passes itself: it sits above this file).
pub fn lift_call(
    op: &str,
    args: &[Value],
    call: &dyn Fn(&str, &[Value]) -> Result<Value>,
) -> Result<Value> {
    let Some(Value::Func(f)) = args.first() else {
        return Err(Error::algebra(format!("{op}: expected a composed layout")));
    };
    let Some(c) = parts(f) else {
        return Err(Error::algebra(format!(
            "{op}: a swizzle alone has no domain (compose it with a layout first)"
        )));
    };
    let mut inner_args = args.to_vec();
    inner_args[0] = Value::Func(c.inner.clone());
    let r = call(op, &inner_args)?;
    if DOMAIN_QUERIES.contains(&op) {
        return Ok(r);
    }
    match r {
        Value::Func(inner) => Ok(Value::Func(Func::composed(
            c.outer.clone(),
            c.offset,
            inner,
        ))),
        other => Err(Error::algebra(format!(
            "{op}: the inner layout gave {}, not a layout",
            other.kind()
        ))),
    }
}

/// slice(c, F o off o L) = F o (off + L(c with `_` = 0)) o slice(c, L).
pub fn slice_composed(crd: &Coord, f: &Func) -> Result<Func> {
    let c = parts(f).ok_or_else(|| {
        Error::algebra("slice: a swizzle alone has no domain (compose it with a layout first)")
    })?;
    match &c.inner {
        Func::Layout(l) => {
            let off = slice::slice_offset(crd, l)?;
            let s = slice::slice(crd, l)?;
            // CuTe's form for a swizzle (ops/swizzle_slice.rs), kept when it checks out.
            if let Func::Swizzle(sw) = &c.outer {
                if swizzle_slice::selects_nothing(crd) {
                    return Err(Error::algebra(format!(
                        "slice: the coordinate has no '_', so it selects no mode of the swizzled layout {} (CuTe does not define it; crd2idx gives the offset)",
                        print_func(f)
                    )));
                }
                if swizzle_slice::applies(crd, sw) {
                    if let Ok((r, ptr)) = swizzle_slice::decay(crd, sw, c.offset, l) {
                        if check_slice(crd, f, l, &s, &r, ptr).is_ok() {
                            return Ok(r);
                        }
                    }
                }
            }
            let new_off = int::add(c.offset, off)?;
            let r = Func::composed(c.outer.clone(), new_off, Func::Layout(s.clone()));
            check_slice(crd, f, l, &s, &r, 0)?;
            Ok(r)
        }
        inner @ Func::Composed(_) => Ok(Func::composed(
            c.outer.clone(),
            c.offset,
            slice_composed(crd, inner)?,
        )),
        Func::Swizzle(_) => Err(Error::algebra(
            "slice: the inner function is a bare swizzle, which has no domain",
        )),
    }
}

/// Check the slice by evaluation: R(i) + ptr = f(c_i) (ptr: the part of the offset CuTe moves
/// to the pointer, 0 for the exact form) where c_i fills the `_` positions of the
/// coordinate with the i-th coordinate of the sliced layout.
fn check_slice(crd: &Coord, f: &Func, l: &Layout, s: &Layout, r: &Func, ptr: i64) -> Result<()> {
    let n = s.size()?;
    let c = parts(f).expect("composed");
    let flat_shape: Vec<i64> = s
        .shape
        .leaves()
        .iter()
        .map(|x| x.get("slice"))
        .collect::<Result<_>>()?;
    for i in points(n) {
        // Coordinates of the sliced modes, in order, filled into the `_` leaves of crd.
        let mut rest = i;
        let mut vals: Vec<i64> = Vec::with_capacity(flat_shape.len());
        for (k, e) in flat_shape.iter().enumerate() {
            if k + 1 == flat_shape.len() {
                vals.push(rest);
            } else {
                vals.push(rest % e);
                rest /= e;
            }
        }
        let full = fill_coord(crd, &mut vals.into_iter(), &l.shape)?;
        let want = c.outer.apply(int::add(c.offset, l.eval_crd(&full)?)?)?;
        let got = int::add(r.apply(i)?, ptr)?;
        if want != got {
            return Err(Error::algebra(format!(
                "slice: internal check failed at i = {i}: {got} != {want}"
            )));
        }
    }
    Ok(())
}

/// Replace each `_` of crd by the whole-mode coordinates taken from `vals` (one per leaf of the
/// mode at that position).
fn fill_coord(
    crd: &Coord,
    vals: &mut dyn Iterator<Item = i64>,
    shape: &crate::tuple::IntTuple,
) -> Result<crate::tuple::IntTuple> {
    match (crd, shape) {
        (Tree::Leaf(CrdLeaf::All), s) => Ok(s.map(&mut |_| Int::Lit(vals.next().unwrap_or(0)))),
        (Tree::Leaf(CrdLeaf::Int(i)), _) => Ok(Tree::Leaf(i.clone())),
        (Tree::Node(cs), Tree::Node(ss)) if cs.len() == ss.len() => Ok(Tree::Node(
            cs.iter()
                .zip(ss)
                .map(|(c, s)| fill_coord(c, vals, s))
                .collect::<Result<_>>()?,
        )),
        _ => Err(Error::algebra(
            "slice: coordinate is not congruent to the shape",
        )),
    }
}

/// crd2idx on a composed layout: F(off + L(c)) for a coordinate c of the inner layout (each
/// coordinate leaf inside its extent; c may be linear in any mode).
pub fn crd2idx_composed(crd: &crate::tuple::IntTuple, f: &Func) -> Result<i64> {
    match f {
        Func::Composed(c) => {
            let x = match &c.inner {
                Func::Layout(l) => {
                    slice::check_coord_in_domain(crd, &l.shape)?;
                    l.eval_crd(crd)?
                }
                inner => crd2idx_composed(crd, inner)?,
            };
            c.outer.apply(int::add(c.offset, x)?)
        }
        Func::Layout(l) => {
            slice::check_coord_in_domain(crd, &l.shape)?;
            l.eval_crd(crd)
        }
        Func::Swizzle(_) => Err(Error::algebra(
            "crd2idx: a swizzle alone has no coordinates (compose it with a layout first)",
        )),
    }
}

/// The `swizzle` operation: Sw applied to one offset x >= 0.
pub fn swizzle_offset(s: &Swizzle, x: i64) -> Result<i64> {
    Func::Swizzle(*s).apply(x)
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::text::print_func;
    use proptest::prelude::*;

    /// (2,2,...,2):(2^p0, 2^p1, ...): a permutation of the k offset bits.
    fn bit_permutation(k: usize) -> impl Strategy<Value = Layout> {
        Just((0..k as i64).collect::<Vec<_>>())
            .prop_shuffle()
            .prop_map(move |p| {
                let strides: Vec<i64> = p.iter().map(|&b| 1i64 << b).collect();
                Layout::flat(&vec![2; k], &strides)
            })
    }

    fn swizzle(k: i64) -> impl Strategy<Value = Swizzle> {
        (1..=3i64, 0..=3i64, 1..=4i64, any::<bool>()).prop_filter_map(
            "fits in k bits",
            move |(b, m, s, neg)| {
                let s = s.max(b);
                (b + m + s <= k).then(|| Swizzle::new(b, m, if neg { -s } else { s }).unwrap())
            },
        )
    }

    fn case() -> impl Strategy<Value = (Layout, Layout, Swizzle)> {
        (4usize..=8).prop_flat_map(|k| (bit_permutation(k), bit_permutation(k), swizzle(k as i64)))
    }

    proptest! {
        #[test]
        fn layout_after_swizzled_layout((l, l2, s) in case()) {
            let b = Func::composed(Func::Swizzle(s), 0, Func::Layout(l.clone()));
            match compose(&Func::Layout(l2.clone()), &b) {
                Ok(r) => {
                    for c in 0..l.size().unwrap() {
                        let want = l2.eval(s.apply(l.eval(c).unwrap())).unwrap();
                        prop_assert_eq!(r.apply(c).unwrap(), want, "{}", print_func(&r));
                    }
                }
                Err(e) => prop_assert!(e.to_string().contains("swizzle"), "{}", e),
            }
        }

        #[test]
        fn inverses_of_swizzled_bit_permutations((l, _l2, s) in case()) {
            let f = Func::composed(Func::Swizzle(s), 0, Func::Layout(l.clone()));
            let n = l.size().unwrap();
            match right_inverse(&f) {
                Ok(r) => {
                    prop_assert_eq!(r.size().unwrap(), n);
                    for i in 0..n {
                        prop_assert_eq!(f.apply(r.apply(i).unwrap()).unwrap(), i);
                    }
                }
                Err(e) => prop_assert!(e.to_string().contains("swizzle"), "{}", e),
            }
            match left_inverse(&f) {
                Ok(r) => {
                    for i in 0..n {
                        prop_assert_eq!(r.apply(f.apply(i).unwrap()).unwrap(), i);
                    }
                }
                Err(e) => prop_assert!(e.to_string().contains("swizzle"), "{}", e),
            }
            // With the identity bit order the transfer always works.
            let id = Func::composed(Func::Swizzle(s), 0, Func::Layout(Layout::leaf(n, 1)));
            prop_assert!(right_inverse(&id).is_ok());
            prop_assert!(left_inverse(&id).is_ok());
        }
    }
}
