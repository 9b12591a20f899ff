//! The vector width of an element-by-element copy between two layouts: element i of the source
//! goes to element i of the destination, in domain (colexicographic) order, as CuTe's `copy`
//! of two partitions does.
//!
//! A width w (a power of two) is valid for a layout function F when every aligned run
//! [j w, (j+1) w) of the domain maps to w consecutive offsets, in order, starting at a multiple
//! of w (relative to F(0)). For a plain layout with leaves (s_0, d_0), (s_1, d_1), ... this
//! holds when the leading leaves form an identity run of R elements (d_0 = 1, d_1 = s_0, ...;
//! leaves of extent 1 are skipped) with w | R, and every other leaf's stride is a multiple of
//! w (a runtime stride is taken to be: its alignment is the caller's promise, as for a
//! pointer's). For `Sw<B,M,S> o off o L`, the swizzle reads and writes no bit below M, so
//! within an aligned run of w <= 2^M offsets it adds a constant: w must also divide 2^M and
//! off.
//!
//!   copy_vector(src, dst, max) = the largest power of two w <= max valid for both.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;

/// The largest power of two n <= `max` valid for the plain layout `l` (module comment).
fn layout_vector(l: &Layout, max: i64) -> i64 {
    let leaves = l.leaf_modes();
    let mut run: i64 = 1;
    let mut i = 0;
    // The identity run: each leaf's stride is the product of the extents before it.
    while i < leaves.len() {
        let (s, d) = &leaves[i];
        match (s, &d.coef) {
            (Int::Lit(1), _) => {}
            (Int::Lit(e), Int::Lit(c)) if *c == run && d.basis.is_empty() => {
                match run.checked_mul(*e) {
                    Some(r) => run = r,
                    None => break,
                }
            }
            _ => break,
        }
        i += 1;
    }
    let mut w = 1;
    while w * 2 <= max && run % (w * 2) == 0 {
        w *= 2;
    }
    for (s, d) in &leaves[i..] {
        if matches!(s, Int::Lit(1)) {
            continue;
        }
        if let Int::Lit(c) = d.coef {
            while c % w != 0 {
                w /= 2;
            }
        }
    }
    w
}

/// The largest power of two n <= `max` valid for the layout function `f`.
pub fn func_vector(f: &Func, max: i64) -> Result<i64> {
    match f {
        Func::Layout(l) => Ok(layout_vector(l, max)),
        Func::Composed(c) => {
            let mut w = func_vector(&c.inner, max)?;
            if let Func::Swizzle(s) = &c.outer {
                while w > 1 && (w > (1i64 << s.m.clamp(0, 62)) || c.offset % w != 0) {
                    w /= 2;
                }
                Ok(w)
            } else {
                Ok(1)
            }
        }
        Func::Swizzle(_) => Err(Error::algebra(
            "copy: a swizzle alone has no domain (compose it with a layout first)",
        )),
    }
}

/// The vector width of the copy src(i) -> dst(i) (module comment).
pub fn copy_vector(src: &Func, dst: &Func, max: i64) -> Result<i64> {
    if max < 1 {
        return Err(Error::algebra(format!(
            "copy: the widest vector must be at least one element, found {max}"
        )));
    }
    Ok(func_vector(src, max)?.min(func_vector(dst, max)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_func;

    fn w(a: &str, b: &str, max: i64) -> i64 {
        copy_vector(&parse_func(a).unwrap(), &parse_func(b).unwrap(), max).unwrap()
    }

    #[test]
    fn widths() {
        // A cp.async partition: 8 contiguous f16 per atom, runtime row stride.
        assert_eq!(
            w(
                "((8,1),4,1):((1,0),?,0)",
                "Sw<3,3,3> o 0 o ((8,1),4,1):((1,0),1024,0)",
                8
            ),
            8
        );
        // The swizzle of 4-element units: vectors of 4 at most.
        assert_eq!(
            w(
                "((8,1),4,1):((1,0),64,0)",
                "Sw<3,2,3> o 0 o ((8,1),4,1):((1,0),1024,0)",
                8
            ),
            4
        );
        // An identity run of 6: vectors of 2.
        assert_eq!(w("(6,4):(1,8)", "24:1", 8), 2);
        // Elements in another order than the offsets: no vector.
        assert_eq!(w("(4,2):(2,1)", "8:1", 8), 1);
        // A stride that breaks the alignment of the runs.
        assert_eq!(w("(8,4):(1,12)", "32:1", 8), 4);
        // Bounded by max.
        assert_eq!(w("32:1", "32:1", 4), 4);
        // A swizzle offset not a multiple of the vector.
        assert_eq!(w("8:1", "Sw<3,3,3> o 2 o 8:1", 8), 2);
    }

    /// The definition, checked by evaluation: every aligned run of w maps to w consecutive
    /// offsets starting at a multiple of w.
    #[test]
    fn valid_by_evaluation() {
        for (a, b) in [
            ("(8,4):(1,12)", "32:1"),
            ("(6,4):(1,8)", "24:1"),
            ("((2,4),2):((1,2),64)", "Sw<2,3,3> o 0 o (16):(1)"),
        ] {
            let n = w(a, b, 16);
            for t in [a, b] {
                let f = parse_func(t).unwrap();
                let size = f.size().unwrap();
                for j in (0..size).step_by(n as usize) {
                    let base = f.apply(j).unwrap();
                    assert_eq!(base % n, f.apply(0).unwrap() % n, "{t} run {j}");
                    for k in 0..n {
                        assert_eq!(f.apply(j + k).unwrap(), base + k, "{t} at {}", j + k);
                    }
                }
            }
        }
    }
}
