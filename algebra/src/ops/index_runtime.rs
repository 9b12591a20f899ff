//! crd2idx and idx2crd over runtime leaves: the index math of a layout with `?` extents or
//! strides, or at a `?` coordinate, as an expression over the input's runtime leaves
//! (crate::sym), with C++'s arithmetic on `int` leaves (crate::int). This is what the dialect
//! lowers to index math; here `layout eval`, `layout batch` and Python answer it symbolically
//! (a runtime result prints `?`, and `bind(EXPR, v0, ...)` gives its value).
//!
//! crd2idx(c, S, D), for a coordinate c of the shape S with strides D (integer strides):
//!
//!   leaf c, leaf (s, d):                   c * d
//!   leaf c, modes (s_0..s_k), (d_0..d_k):  r_0 = c; for i < k: c_i = r_i % size(s_i),
//!                                          r_{i+1} = r_i / size(s_i); c_k = r_k (the last
//!                                          mode absorbs the rest, as CuTe's crd2idx);
//!                                          sum_i crd2idx(c_i, s_i, d_i)
//!   congruent tuples (c_i), (s_i), (d_i):  sum_i crd2idx(c_i, s_i, d_i)
//!
//! idx2crd(x, S): the colexicographic coordinate of x in S: for the leaves s_0..s_k of S in
//! order, c_j = r_j % s_j and r_{j+1} = r_j / s_j, the last leaf taking r_k whole; nested as S.
//!
//! Domain: every leaf coordinate c against its (sub)shape s satisfies 0 <= c < size(s), and
//! an index x of idx2crd 0 <= x < size(S). For static values a violation is the error of the
//! static operations (crate::ops::slice); for runtime values the condition is recorded in the
//! result (`check`), so that binding values that break it is an error naming it, never an
//! index outside the layout.

use crate::error::{Error, Result};
use crate::int::Int;
use crate::stride::StrideTuple;
use crate::text::print_int_tuple;
use crate::tuple::{IntTuple, Tree};

/// v where 0 <= c < n (an error naming `what` for static values that break it, a recorded
/// condition for runtime ones).
fn in_range(v: Int, c: &Int, n: &Int, what: &'static str) -> Result<Int> {
    let msg = || format!("{what}: the coordinate or index is outside [0, size) of its shape");
    let lower = Int::Lit(0).le_cond(c)?;
    let upper = c.add(&Int::Lit(1))?.le_cond(n)?;
    v.check(&lower, &msg)?.check(&upper, &msg)
}

/// crd2idx(c, S, D) (module doc) with runtime leaves; the strides must be integers (scaled
/// bases go through crate::ops::basis).
pub fn crd2idx(crd: &IntTuple, shape: &IntTuple, stride: &StrideTuple) -> Result<Int> {
    let value = offset(crd, shape, stride)?;
    domain(value, crd, shape)
}

/// The domain conditions of `crd` in `shape`, attached to `v`.
fn domain(v: Int, crd: &IntTuple, shape: &IntTuple) -> Result<Int> {
    match (crd, shape) {
        (Tree::Leaf(c), s) => in_range(v, c, &s.product_int()?, "crd2idx"),
        (Tree::Node(cs), Tree::Node(ss)) if cs.len() == ss.len() => {
            cs.iter().zip(ss).try_fold(v, |v, (c, s)| domain(v, c, s))
        }
        _ => Err(not_congruent(crd, shape)),
    }
}

fn not_congruent(crd: &IntTuple, shape: &IntTuple) -> Error {
    Error::algebra(format!(
        "crd2idx: coordinate {} is not congruent to shape {}",
        print_int_tuple(crd),
        print_int_tuple(shape)
    ))
}

fn offset(crd: &IntTuple, shape: &IntTuple, stride: &StrideTuple) -> Result<Int> {
    match (crd, shape, stride) {
        (Tree::Leaf(c), Tree::Leaf(_), Tree::Leaf(d)) => {
            if !d.is_int() {
                return Err(Error::algebra(
                    "crd2idx: a scaled-basis stride has no integer offset",
                ));
            }
            c.mul(&d.coef)
        }
        (Tree::Leaf(c), Tree::Node(ss), Tree::Node(ds)) if ss.len() == ds.len() => {
            let mut rest = c.clone();
            let mut terms = Vec::with_capacity(ss.len());
            for (i, (s, d)) in ss.iter().zip(ds).enumerate() {
                let ci = if i + 1 == ss.len() {
                    rest.clone()
                } else {
                    let n = s.product_int()?;
                    let ci = rest.rem(&n)?;
                    rest = rest.div(&n)?;
                    ci
                };
                terms.push(offset(&Tree::Leaf(ci), s, d)?);
            }
            sum(terms)
        }
        (Tree::Node(cs), Tree::Node(ss), Tree::Node(ds))
            if cs.len() == ss.len() && ss.len() == ds.len() =>
        {
            let terms = cs
                .iter()
                .zip(ss)
                .zip(ds)
                .map(|((c, s), d)| offset(c, s, d))
                .collect::<Result<Vec<_>>>()?;
            sum(terms)
        }
        _ => Err(not_congruent(crd, shape)),
    }
}

/// The sum of the terms, left to right (0 for none): the first term starts the sum, so that
/// a runtime offset reads `a + b`, not `0 + a + b` (the same value).
fn sum(terms: Vec<Int>) -> Result<Int> {
    let mut it = terms.into_iter();
    let Some(first) = it.next() else {
        return Ok(Int::Lit(0));
    };
    it.try_fold(first, |acc, t| acc.add(&t))
}

/// idx2crd(x, S) (module doc) with runtime leaves: each leaf of the coordinate carries the
/// domain condition 0 <= x < size(S).
pub fn idx2crd(idx: &Int, shape: &IntTuple) -> Result<IntTuple> {
    fn go(rest: &Int, shape: &IntTuple, last: bool) -> Result<(IntTuple, Int)> {
        match shape {
            Tree::Leaf(_) if last => Ok((Tree::Leaf(rest.clone()), Int::Lit(0))),
            Tree::Leaf(s) => Ok((Tree::Leaf(rest.rem(s)?), rest.div(s)?)),
            Tree::Node(v) => {
                let mut out = Vec::with_capacity(v.len());
                let mut rest = rest.clone();
                for (i, m) in v.iter().enumerate() {
                    let (c, r) = go(&rest, m, last && i + 1 == v.len())?;
                    out.push(c);
                    rest = r;
                }
                Ok((Tree::Node(out), rest))
            }
        }
    }
    let n = shape.product_int()?;
    let crd = go(idx, shape, true)?.0;
    crd.try_map(&mut |c| in_range(c.clone(), idx, &n, "idx2crd"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_layout;

    fn dynamic(text: &str) -> crate::layout::Layout {
        parse_layout(text).unwrap()
    }

    /// crd2idx over runtime leaves, bound to values, equals the static crd2idx of the bound
    /// layout at every coordinate of its domain.
    #[test]
    fn crd2idx_binds_to_the_static_answer() {
        let l = dynamic("(?,(4,?)):(1,(?,64))");
        for (m, n, d) in [(3i64, 2i64, 5i64), (8, 3, 16), (1, 1, 7)] {
            let vars = [m, n, d];
            let bound = dynamic(&format!("({m},(4,{n})):(1,({d},64))"));
            for c in 0..bound.size().unwrap() {
                let got = crd2idx(&IntTuple::lit(c), &l.shape, &l.stride)
                    .unwrap()
                    .eval(&vars)
                    .unwrap();
                assert_eq!(got, bound.eval(c).unwrap(), "at {c} for {vars:?}");
            }
            // A runtime coordinate (the input's leaf 3) at each point.
            let c = Int::var(3);
            for x in 0..bound.size().unwrap() {
                let got = crd2idx(&Tree::Leaf(c.clone()), &l.shape, &l.stride)
                    .unwrap()
                    .eval(&[m, n, d, x])
                    .unwrap();
                assert_eq!(got, bound.eval(x).unwrap());
            }
            let past = crd2idx(&Tree::Leaf(c), &l.shape, &l.stride)
                .unwrap()
                .eval(&[m, n, d, bound.size().unwrap()]);
            assert!(past.unwrap_err().to_string().contains("outside [0, size)"));
        }
    }

    #[test]
    fn idx2crd_binds_to_the_static_answer() {
        let shape = dynamic("(?,(3,?)):(1,(1,1))").shape;
        for (m, n) in [(4i64, 2i64), (1, 5), (7, 1)] {
            let bound = dynamic(&format!("({m},(3,{n})):(1,(1,1))")).shape;
            let size = m * 3 * n;
            for x in 0..size {
                let sym = idx2crd(&Int::var(2), &shape).unwrap();
                let got = sym
                    .try_map(&mut |c| c.eval(&[m, n, x]).map(Int::Lit))
                    .unwrap();
                let want = crate::tuple::idx2crd(x, &bound).unwrap();
                assert_eq!(print_int_tuple(&got), print_int_tuple(&want));
            }
            let sym = idx2crd(&Int::var(2), &shape).unwrap();
            let err = sym
                .try_map(&mut |c| c.eval(&[m, n, size]).map(Int::Lit))
                .unwrap_err();
            assert!(err.to_string().contains("idx2crd"), "{err}");
        }
    }

    #[test]
    fn static_violations_are_errors_and_congruence_is_checked() {
        let l = dynamic("(?,4):(1,?)");
        assert!(crd2idx(&IntTuple::lit(-1), &l.shape, &l.stride).is_err());
        let crd = crate::text::parse_int_tuple("(1,2,3)").unwrap();
        let err = crd2idx(&crd, &l.shape, &l.stride).unwrap_err();
        assert!(err.to_string().contains("not congruent"), "{err}");
    }
}
