//! The largest vector two layouts share (CuTe's max_common_vector / max_common_layout).
//!
//! With R_B = right_inverse(B) and C = coalesce(A o R_B): when the first mode of C has a static
//! extent and the stride 1, it is the run of indices on which A and B agree with the identity:
//!   max_common_vector(A, B) = size of that mode (else 1);
//!   max_common_layout(A, B) = R_B o (that mode) (else 1:0).
//! Post-conditions: for 0 <= i < N (N the vector, resp. size(R)): A(R_B(i)) = i and
//! B(R_B(i)) = i (resp. A(R(i)) = i and B(R(i)) = i).
//!
//! With a swizzled side Sw o off o L (as CuTe; it assumes the offset leaves the low M bits
//! alone): the vector of the inner layouts, capped at 2^M (not capped when both sides carry the
//! same swizzle); the common layout of L and B truncated to 2^M elements. The post-conditions
//! are checked as f(x_i) = f(x_0) + i for both sides f, which fails (an error naming the
//! condition) when the offset breaks CuTe's assumption.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;
use crate::ops::composition::compose;
use crate::ops::inverse::right_inverse;
use crate::text::print_func;

/// The leading mode of C = coalesce(A o right_inverse(B)) when it is a static stride-1 run,
/// together with right_inverse(B).
fn common_run(a: &Layout, b: &Layout) -> Result<(Option<Layout>, Layout)> {
    let inv = right_inverse(b)?;
    let c = coalesce(&compose(a, &inv)?)?;
    let first = if c.shape.is_leaf() {
        c.clone()
    } else {
        c.mode(0)?
    };
    let (s, d) = first.leaf_modes()[0].clone();
    let run = match (s, d.is_int(), d.coef) {
        (Int::Lit(_), true, Int::Lit(1)) => Some(first),
        _ => None,
    };
    Ok((run, inv))
}

fn inner_layout<'a>(
    f: &'a Func,
    op: &str,
) -> Result<(&'a Layout, Option<(i64, crate::swizzle::Swizzle)>)> {
    match f {
        Func::Layout(l) => Ok((l, None)),
        Func::Composed(c) => match (&c.outer, &c.inner) {
            (Func::Swizzle(s), Func::Layout(l)) => Ok((l, Some((c.offset, *s)))),
            _ => Err(Error::algebra(format!(
                "{op}: only layouts and swizzled layouts Sw o off o L are supported, not {}",
                print_func(f)
            ))),
        },
        Func::Swizzle(_) => Err(Error::algebra(format!(
            "{op}: a swizzle alone has no domain (compose it with a layout first)"
        ))),
    }
}

/// Check f(x_i) = f(x_0) + i for i < n on both sides; for two sides with the same swizzle,
/// that they move together (A(x_i) - A(x_0) = B(x_i) - B(x_0)) over a permutation of [0, n).
fn check_run(op: &str, a: &Func, b: &Func, xs: &dyn Fn(i64) -> Result<i64>, n: i64) -> Result<()> {
    let n = n.min(1 << 16);
    if let (Func::Composed(x), Func::Composed(y)) = (a, b) {
        if x.outer == y.outer {
            let (a0, b0) = (a.apply(xs(0)?)?, b.apply(xs(0)?)?);
            let mut seen = vec![false; n as usize];
            for i in 0..n {
                let da = int::sub(a.apply(xs(i)?)?, a0)?;
                let db = int::sub(b.apply(xs(i)?)?, b0)?;
                if da != db || da < 0 || da >= n || seen[da as usize] {
                    return Err(Error::algebra(format!(
                        "{op}: {} and {} do not move together over the common vector at i = {i}",
                        print_func(a),
                        print_func(b)
                    )));
                }
                seen[da as usize] = true;
            }
            return Ok(());
        }
    }
    for f in [a, b] {
        let x0 = f.apply(xs(0)?)?;
        for i in 0..n {
            let got = f.apply(xs(i)?)?;
            if got != int::add(x0, i)? {
                return Err(Error::algebra(format!(
                    "{op}: {} is not contiguous over the common vector: at i = {i} it gives {got}, expected {} (a swizzle offset that changes the low bits breaks CuTe's assumption)",
                    print_func(f),
                    int::add(x0, i)?
                )));
            }
        }
    }
    Ok(())
}

/// Whether the post-conditions are checked by evaluation (check_run). With runtime leaves
/// and no swizzle they hold by construction and are not evaluated: the run is the static
/// stride-1 leading mode of C = coalesce(A o R_B), so A(R_B(i)) = C(i) = i for i below its
/// extent (composition's and coalesce's contracts, their runtime conditions recorded), and
/// B(R_B(i)) = i is right_inverse's contract. A swizzled side with runtime leaves is refused:
/// CuTe's assumption about its offset is checked by evaluation only.
fn evaluated(op: &str, la: &Layout, lb: &Layout, swizzled: bool) -> Result<bool> {
    if la.is_static() && lb.is_static() {
        return Ok(true);
    }
    if swizzled {
        return Err(Error::dynamic(format!(
            "{op} of a swizzled layout (its contiguity over the common vector is checked by evaluation)"
        )));
    }
    Ok(false)
}

pub fn max_common_vector(a: &Func, b: &Func) -> Result<i64> {
    let op = "max_common_vector";
    let (la, sa) = inner_layout(a, op)?;
    let (lb, sb) = inner_layout(b, op)?;
    let (run, inv) = common_run(la, lb)?;
    let mut n = match &run {
        Some(r) => r.size()?,
        None => 1,
    };
    match (sa, sb) {
        (Some((_, x)), Some((_, y))) if x == y => {}
        _ => {
            for (_, s) in sa.iter().chain(sb.iter()) {
                n = n.min(1i64 << s.m);
            }
        }
    }
    if evaluated(op, la, lb, sa.is_some() || sb.is_some())? {
        check_run(op, a, b, &|i| inv.eval(i), n)?;
    }
    Ok(n)
}

pub fn max_common_layout(a: &Func, b: &Func) -> Result<Layout> {
    let op = "max_common_layout";
    let (la, sa) = inner_layout(a, op)?;
    let (lb, sb) = inner_layout(b, op)?;
    if sa.is_some() && sb.is_some() {
        return Err(Error::algebra(format!(
            "{op}: both operands are swizzled; CuTe defines the common layout only against a plain layout"
        )));
    }
    let (run, inv) = common_run(la, lb)?;
    let mut r = match run {
        Some(m) => compose(&inv, &m)?,
        None => Layout::trivial(),
    };
    if let Some((_, s)) = sa.or(sb) {
        let base = 1i64 << s.m;
        if base < r.size()? {
            r = compose(&r, &Layout::leaf(base, 1))?;
        }
    }
    if evaluated(op, la, lb, sa.is_some() || sb.is_some())? {
        let n = r.size()?;
        check_run(op, a, b, &|i| r.eval(i), n)?;
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_func, print_layout};

    fn f(s: &str) -> Func {
        parse_func(s).unwrap()
    }

    /// Runtime leaves, as CuTe C++ answers (compiled on the host, CUTLASS 4.x, an `int` n):
    /// max_common_vector((8,n):(1,8), same) = _8, of (n,8):(8,1) = _1 (the leading mode of
    /// the common layout is not static), max_common_layout of (n,8):(8,1) = _1:_0.
    #[test]
    fn runtime_leaves() {
        assert_eq!(
            max_common_vector(&f("(8,?):(1,8)"), &f("(8,?):(1,8)")).unwrap(),
            8
        );
        assert_eq!(
            max_common_vector(&f("(?,8):(8,1)"), &f("(?,8):(8,1)")).unwrap(),
            1
        );
        assert_eq!(
            print_layout(&max_common_layout(&f("(?,8):(8,1)"), &f("(?,8):(8,1)")).unwrap()),
            "1:0"
        );
        let err = max_common_vector(&f("Sw<1,2,3> o 0 o (8,?):(1,8)"), &f("(8,?):(1,8)"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("max_common_vector of a swizzled layout"),
            "{err}"
        );
    }

    #[test]
    fn vectors() {
        assert_eq!(
            max_common_vector(&f("(8,4):(1,8)"), &f("(8,4):(1,8)")).unwrap(),
            32
        );
        assert_eq!(
            max_common_vector(&f("(8,4):(1,8)"), &f("(8,4):(4,1)")).unwrap(),
            1
        );
        assert_eq!(
            max_common_vector(&f("(8,4):(1,16)"), &f("32:1")).unwrap(),
            8
        );
        assert_eq!(
            max_common_vector(&f("(4,8):(8,1)"), &f("(4,8):(8,1)")).unwrap(),
            32
        );
        assert_eq!(
            max_common_vector(&f("(2,4):(4,1)"), &f("(2,4):(1,2)")).unwrap(),
            1
        );
        // Swizzled: capped at 2^M, unless both sides carry the same swizzle.
        let sw = f("Sw<3,4,3> o 0 o (8,64):(64,1)");
        assert_eq!(max_common_vector(&sw, &f("(8,64):(64,1)")).unwrap(), 16);
        assert_eq!(max_common_vector(&sw, &sw).unwrap(), 512);
    }

    #[test]
    fn layouts() {
        let mcl = |a: &str, b: &str| print_layout(&max_common_layout(&f(a), &f(b)).unwrap());
        assert_eq!(mcl("(8,4):(1,8)", "(8,4):(1,8)"), "32:1");
        assert_eq!(mcl("(8,4):(1,16)", "32:1"), "8:1");
        assert_eq!(mcl("(4,8):(8,1)", "(4,8):(8,1)"), "(8,4):(4,1)");
        assert_eq!(mcl("(8,4):(1,8)", "(8,4):(4,1)"), "1:0");
        assert_eq!(
            mcl("Sw<3,4,3> o 0 o (8,64):(64,1)", "(8,64):(64,1)"),
            "16:8"
        );
        // Post-condition by evaluation on a sweep.
        for (a, b) in [
            ("(4,(2,4)):(2,(1,8))", "(4,8):(2,1)"),
            ("(16,2):(1,32)", "32:1"),
        ] {
            let (fa, fb) = (f(a), f(b));
            let r = max_common_layout(&fa, &fb).unwrap();
            for i in 0..r.size().unwrap() {
                let x = r.eval(i).unwrap();
                assert_eq!(fa.apply(x).unwrap(), i, "{a} {b}");
                assert_eq!(fb.apply(x).unwrap(), i, "{a} {b}");
            }
        }
        assert!(max_common_layout(&f("Sw<1,0,1> o 0 o 4:1"), &f("Sw<1,0,1> o 0 o 4:1")).is_err());
    }
}
