//! Changing the element type under a layout (CuTe's upcast, downcast, recast_layout) and the
//! largest such change a layout allows (max_alignment).
//!
//! upcast(L, n): n old elements become one new element. Per leaf s:d: a static stride 0 stays;
//!   a static stride d becomes shape_div(s, shape_div(n, |d|)) : shape_div(d, n) (so a stride-1
//!   mode's extent is divided by n, other strides are divided by n); a dynamic stride is assumed
//!   to be a large multiple of n and stays dynamic. shape_div fails when neither number divides
//!   the other (the divisibility condition).
//!   Post-condition: {n·R(i)} = {L(j) - (L(j) mod n)} (R addresses the new elements that hold
//!   L's old ones).
//! downcast(L, n): one old element becomes n new ones: stride-±1 leaves get n times the extent,
//!   every other stride is multiplied by n. L needs a stride-1 leaf (adjacent elements). When
//!   several leaves have stride ±1, only those of extent > 1 grow (or the first one, if all have
//!   extent 1); the size-1 ones are scaled like the others (CuTe grows them all, which overlaps).
//!   Post-condition: image(R) = {n·L(j) + k : 0 <= k < n}.
//! recast(L, old_bits, new_bits): with new/old = p/q in lowest terms: L when p = q, downcast by q
//!   when p = 1, upcast by p when q = 1, otherwise an error.
//! For Sw o off o L each part is cast: upcast by n = 2^k gives Sw<B,M-k,S>, off / n (n must
//!   divide it) and upcast(L, n); a swizzle that reads or writes bits below k (inside a new
//!   element) is an error (CuTe truncates it to Sw<max(B+M-k,0),0,S>, which reorders the old
//!   elements inside a new one). downcast gives Sw<B,M+k,S>, off·n, downcast(L, n). The
//!   post-conditions above are checked on f.
//! max_alignment(L): the largest n for which upcast(L, n) passes the static divisibility checks
//!   (dynamic extents count as 1, dynamic strides as 0): with F the coalesced static part,
//!   P = logical_divide(F, right_inverse(F)), n = gcd(size(mode 0 of P), strides of mode 1 of P).
//!   For Sw o off o L: gcd(2^M, off, max_alignment(L)). Post-condition: upcast(L, n) succeeds.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;
use crate::ops::divide::logical_divide;
use crate::ops::inverse::right_inverse;
use crate::stride::Stride;
use crate::swizzle::Swizzle;
use crate::text::{print_func, print_layout};
use crate::tuple::Tree;
use crate::value::Value;

const CHECK_ALL: i64 = 1 << 16;

fn check_n(op: &str, n: i64) -> Result<()> {
    if n <= 0 {
        return Err(Error::algebra(format!(
            "{op}: the factor {n} is not positive"
        )));
    }
    Ok(())
}

fn leaf_upcast(s: &Int, d: &Stride, n: i64, l: &Layout) -> Result<(Int, Stride)> {
    if !d.is_int() {
        return Err(Error::algebra(format!(
            "upcast: {} has the scaled-basis stride {}; upcast needs integer strides",
            print_layout(l),
            crate::text::print_stride(d)
        )));
    }
    let ctx = || format!("upcast of {} by {n}", print_layout(l));
    match &d.coef {
        Int::Lit(0) => Ok((s.clone(), d.clone())),
        Int::Lit(dv) => {
            let k = int::shape_div(n, int::abs(*dv)?, &ctx)?;
            let new_s = s.shape_div(&Int::Lit(k), &ctx)?;
            Ok((new_s, Stride::int(int::shape_div(*dv, n, &ctx)?)))
        }
        Int::Dyn(_) => Ok((
            s.clone(),
            Stride {
                coef: d.coef.shape_div(&Int::Lit(n), &ctx)?,
                basis: Vec::new(),
            },
        )),
    }
}

fn map_leaves(
    l: &Layout,
    f: &mut dyn FnMut(&Int, &Stride) -> Result<(Int, Stride)>,
) -> Result<Layout> {
    let pairs: Vec<(Int, Stride)> = l
        .leaf_modes()
        .iter()
        .map(|(s, d)| f(s, d))
        .collect::<Result<_>>()?;
    let shapes: Vec<Int> = pairs.iter().map(|p| p.0.clone()).collect();
    let strides: Vec<Stride> = pairs.into_iter().map(|p| p.1).collect();
    Layout::new(
        Tree::unflatten(&shapes, &l.shape),
        Tree::unflatten(&strides, &l.stride),
    )
}

pub fn upcast_layout(l: &Layout, n: i64) -> Result<Layout> {
    check_n("upcast", n)?;
    map_leaves(l, &mut |s, d| leaf_upcast(s, d, n, l))
}

pub fn downcast_layout(l: &Layout, n: i64) -> Result<Layout> {
    check_n("downcast", n)?;
    let unit = |d: &Stride| d.is_int() && (d.coef == Int::Lit(1) || d.coef == Int::Lit(-1));
    let leaves = l.leaf_modes();
    if !leaves
        .iter()
        .any(|(_, d)| d.is_int() && d.coef == Int::Lit(1))
    {
        return Err(Error::algebra(format!(
            "downcast: {} has no stride-1 mode; downcast needs adjacent elements",
            print_layout(l)
        )));
    }
    // The stride-±1 leaves that grow: those of extent > 1, or else the first one. (CuTe grows
    // every stride-±1 leaf; a second, size-1 one would then overlap the first.)
    let grow: Vec<bool> = {
        let big: Vec<bool> = leaves
            .iter()
            .map(|(s, d)| unit(d) && *s != Int::Lit(1))
            .collect();
        if big.iter().any(|&b| b) {
            big
        } else {
            let first = leaves.iter().position(|(_, d)| unit(d));
            (0..leaves.len()).map(|i| Some(i) == first).collect()
        }
    };
    let mut k = 0usize;
    map_leaves(l, &mut |s, d| {
        let g = grow[k];
        k += 1;
        if g {
            Ok((s.mul(&Int::Lit(n))?, d.clone()))
        } else {
            Ok((s.clone(), d.scale(n)?))
        }
    })
}

fn log2_exact(op: &str, n: i64) -> Result<i64> {
    if n <= 0 || n & (n - 1) != 0 {
        return Err(Error::algebra(format!(
            "{op}: a swizzle can only be cast by a power of two, not {n}"
        )));
    }
    Ok(n.trailing_zeros() as i64)
}

fn swizzle_upcast(s: &Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_exact("upcast", n)?;
    if s.is_identity() {
        return Ok(*s);
    }
    // CuTe truncates the swizzle when it touches bits inside the new element (M < log2 n);
    // the old elements of one new element would then land in different places or orders.
    if (s.yyy_mask() | s.zzz_mask()) & (n - 1) != 0 {
        return Err(Error::algebra(format!(
            "upcast: Sw<{},{},{}> reads or writes offset bits below {k}, inside an element of {n}: the {n} old elements of a new element would not stay together in order (CuTe truncates the swizzle here)",
            s.b, s.m, s.s
        )));
    }
    Swizzle::new(s.b as i64, s.m as i64 - k, s.s as i64)
}

fn swizzle_downcast(s: &Swizzle, n: i64) -> Result<Swizzle> {
    let k = log2_exact("downcast", n)?;
    Swizzle::new(s.b as i64, s.m as i64 + k, s.s as i64)
}

fn cast_func(f: &Func, n: i64, up: bool) -> Result<Func> {
    let op = if up { "upcast" } else { "downcast" };
    match f {
        Func::Layout(l) => Ok(Func::Layout(if up {
            upcast_layout(l, n)?
        } else {
            downcast_layout(l, n)?
        })),
        Func::Swizzle(s) => Ok(Func::Swizzle(if up {
            swizzle_upcast(s, n)?
        } else {
            swizzle_downcast(s, n)?
        })),
        Func::Composed(c) => {
            let off = if up {
                if c.offset % n != 0 {
                    return Err(Error::algebra(format!(
                        "upcast: the offset {} of {} is not a multiple of {n}",
                        c.offset,
                        print_func(f)
                    )));
                }
                c.offset / n
            } else {
                int::mul(c.offset, n)?
            };
            let _ = op;
            Ok(Func::composed(
                cast_func(&c.outer, n, up)?,
                off,
                cast_func(&c.inner, n, up)?,
            ))
        }
    }
}

fn image(f: &Func) -> Result<Option<std::collections::BTreeSet<i64>>> {
    let n = match f.size() {
        Ok(n) => n,
        Err(_) => return Ok(None),
    };
    if n > CHECK_ALL {
        return Ok(None);
    }
    match f.table(CHECK_ALL) {
        Ok(t) => Ok(Some(t.into_iter().collect())),
        Err(Error::Dynamic(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

fn check_cast(f: &Func, r: &Func, n: i64, up: bool) -> Result<()> {
    if let Func::Layout(l) = f {
        if !l.is_static() || l.stride.has_basis() {
            return Ok(());
        }
    }
    let (Some(old), Some(new)) = (image(f)?, image(r)?) else {
        return Ok(());
    };
    let ok = if up {
        let want: std::collections::BTreeSet<i64> = old
            .iter()
            .map(|x| int::sub(*x, x.rem_euclid(n)))
            .collect::<Result<_>>()?;
        let got: std::collections::BTreeSet<i64> =
            new.iter().map(|x| int::mul(*x, n)).collect::<Result<_>>()?;
        want == got
    } else {
        let mut want = std::collections::BTreeSet::new();
        for x in &old {
            for k in 0..n {
                want.insert(int::add(int::mul(*x, n)?, k)?);
            }
        }
        want == new
    };
    if !ok {
        return Err(Error::algebra(format!(
            "{}: {} by {n} gives {}, which does not address the same memory (the post-condition on the images fails: negative strides, or a swizzle whose bits fall inside an element)",
            if up { "upcast" } else { "downcast" },
            print_func(f),
            print_func(r)
        )));
    }
    Ok(())
}

pub fn upcast(f: &Func, n: i64) -> Result<Func> {
    check_n("upcast", n)?;
    let r = cast_func(f, n, true)?;
    check_cast(f, &r, n, true)?;
    Ok(r)
}

pub fn downcast(f: &Func, n: i64) -> Result<Func> {
    check_n("downcast", n)?;
    let r = cast_func(f, n, false)?;
    check_cast(f, &r, n, false)?;
    Ok(r)
}

pub fn recast(f: &Func, old_bits: i64, new_bits: i64) -> Result<Func> {
    if old_bits <= 0 || new_bits <= 0 {
        return Err(Error::algebra(format!(
            "recast: element sizes {old_bits} and {new_bits} bits must be positive"
        )));
    }
    let g = int::gcd(old_bits, new_bits);
    let (p, q) = (new_bits / g, old_bits / g);
    if p == q {
        Ok(f.clone())
    } else if p == 1 {
        downcast(f, q)
    } else if q == 1 {
        upcast(f, p)
    } else {
        Err(Error::algebra(format!(
            "recast: from {old_bits}-bit to {new_bits}-bit elements is the ratio {p}/{q}; only integral ratios (one size a multiple of the other) are supported"
        )))
    }
}

pub fn max_alignment_layout(l: &Layout) -> Result<i64> {
    let flat = coalesce(l)?;
    let pairs: Vec<(i64, i64)> = flat
        .leaf_modes()
        .iter()
        .map(|(s, d)| {
            let s = match s {
                Int::Lit(v) => *v,
                Int::Dyn(_) => 1,
            };
            let d = if !d.is_int() {
                0
            } else {
                match d.coef {
                    Int::Lit(v) => v,
                    Int::Dyn(_) => 0,
                }
            };
            (s, d)
        })
        .collect();
    let st: Vec<i64> = pairs.iter().map(|p| p.0).collect();
    let sd: Vec<i64> = pairs.iter().map(|p| p.1).collect();
    let filt = Layout::flat(&st, &sd);
    let inv = right_inverse(&filt)?;
    let permuted = logical_divide(&filt, &Value::layout(inv))?;
    let size0 = permuted.mode(0)?.size()?;
    let mut g = size0;
    for d in permuted.mode(1)?.stride.values("max_alignment")? {
        g = int::gcd(g, d);
    }
    let g = g.max(1);
    // Post-condition: upcast by g passes the divisibility checks.
    upcast_layout(l, g).map_err(|e| {
        Error::algebra(format!(
            "max_alignment: internal check failed: upcast by {g} fails: {e}"
        ))
    })?;
    Ok(g)
}

pub fn max_alignment(f: &Func) -> Result<i64> {
    match f {
        Func::Layout(l) => max_alignment_layout(l),
        Func::Swizzle(s) => Ok(1i64 << s.m),
        Func::Composed(c) => match (&c.outer, &c.inner) {
            (Func::Swizzle(s), inner) => {
                let a = int::gcd(1i64 << s.m, c.offset);
                Ok(int::gcd(a, max_alignment(inner)?))
            }
            _ => Ok(1), // CuTe: not attempted for general composed layouts
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_func, print_func};

    fn up(f: &str, n: i64) -> std::result::Result<String, String> {
        upcast(&parse_func(f).unwrap(), n)
            .map(|x| print_func(&x))
            .map_err(|e| e.to_string())
    }
    fn down(f: &str, n: i64) -> std::result::Result<String, String> {
        downcast(&parse_func(f).unwrap(), n)
            .map(|x| print_func(&x))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn upcasts() {
        assert_eq!(up("(8,4):(1,16)", 2).unwrap(), "(4,4):(1,8)");
        assert_eq!(up("(4,8):(8,1)", 4).unwrap(), "(4,2):(2,1)");
        assert_eq!(up("8:4", 8).unwrap(), "4:1");
        assert_eq!(up("(4,2):(0,1)", 2).unwrap(), "(4,1):(0,1)");
        assert_eq!(up("(8,?):(1,?)", 2).unwrap(), "(4,?):(1,?)");
        assert!(up("4:3", 2).unwrap_err().contains("neither"));
        assert!(up("(3,4):(1,3)", 2).is_err());
        assert_eq!(
            up("Sw<3,4,3> o 0 o (8,64):(64,1)", 8).unwrap(),
            "Sw<3,1,3> o 0 o (8,8):(8,1)"
        );
        assert!(up("Sw<3,4,3> o 4 o (8,64):(64,1)", 8)
            .unwrap_err()
            .contains("offset"));
    }

    #[test]
    fn downcasts() {
        assert_eq!(down("(4,2):(1,8)", 2).unwrap(), "(8,2):(1,16)");
        assert_eq!(down("(4,8):(8,1)", 2).unwrap(), "(4,16):(16,1)");
        assert!(down("(4,2):(2,8)", 2).unwrap_err().contains("stride-1"));
        // Size-1 stride-1 leaves do not grow next to a real one (CuTe: (2,8):(1,1), overlapping).
        assert_eq!(down("(1,4):(1,1)", 2).unwrap(), "(1,8):(2,1)");
        assert_eq!(down("(1,1):(1,1)", 2).unwrap(), "(2,1):(1,2)");
        assert_eq!(down("1:1", 4).unwrap(), "4:1");
        assert_eq!(
            down("Sw<3,1,3> o 0 o (8,8):(8,1)", 8).unwrap(),
            "Sw<3,4,3> o 0 o (8,64):(64,1)"
        );
        // Round trip.
        let l = "(4,(2,3)):(1,(4,8))";
        assert_eq!(up(&down(l, 4).unwrap(), 4).unwrap(), l);
    }

    #[test]
    fn recasts() {
        let f = parse_func("(8,4):(1,8)").unwrap();
        assert_eq!(print_func(&recast(&f, 16, 16).unwrap()), "(8,4):(1,8)");
        assert_eq!(print_func(&recast(&f, 16, 32).unwrap()), "(4,4):(1,4)");
        assert_eq!(print_func(&recast(&f, 32, 8).unwrap()), "(32,4):(1,32)");
        assert!(recast(&f, 16, 24).is_err());
        assert!(recast(&f, 0, 8).is_err());
    }

    #[test]
    fn alignments() {
        let ma = |s: &str| max_alignment(&parse_func(s).unwrap()).unwrap();
        assert_eq!(ma("8:1"), 8);
        assert_eq!(ma("(8,4):(1,8)"), 32);
        assert_eq!(ma("(8,4):(1,16)"), 8);
        assert_eq!(ma("(4,8):(8,1)"), 32); // compact: upcast by 32 passes (CuTe)
        assert_eq!(ma("(6,4):(1,6)"), 24);
        assert_eq!(ma("(6,4):(1,8)"), 2);
        assert_eq!(ma("8:2"), 1);
        assert_eq!(ma("Sw<3,4,3> o 0 o (8,64):(64,1)"), 16);
        assert_eq!(ma("Sw<3,4,3> o 8 o (8,64):(64,1)"), 8);
        // Post-condition: upcast by the alignment works.
        for s in ["(6,4):(1,8)", "(4,8):(8,1)", "((2,4),3):((1,2),16)"] {
            let f = parse_func(s).unwrap();
            upcast(&f, max_alignment(&f).unwrap()).unwrap();
        }
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn downcast_then_upcast_is_the_identity(
            s in proptest::collection::vec(1i64..=5, 1..=3),
            gaps in proptest::collection::vec(1i64..=3, 3),
            n in prop_oneof![Just(2i64), Just(4), Just(8)],
        ) {
            // A layout with a stride-1 first mode and larger strides after it.
            let mut strides = vec![1i64];
            let mut span = s[0];
            for (k, &e) in s.iter().enumerate().skip(1) {
                let d = span * gaps[k - 1];
                strides.push(d);
                span = d * e;
            }
            let l = Layout::flat(&s, &strides);
            let d = downcast_layout(&l, n).unwrap();
            prop_assert_eq!(upcast_layout(&d, n).unwrap(), l.clone());
            // And the checked forms agree.
            let f = Func::Layout(l.clone());
            prop_assert_eq!(upcast(&downcast(&f, n).unwrap(), n).unwrap(), f);
            prop_assert!(max_alignment_layout(&l).unwrap() >= 1);
        }
    }
}
