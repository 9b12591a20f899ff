//! Overflow that is known at compile time. `layout-lower-to-index` refuses a `crd2idx` of a
//! fully static layout function when some point of its domain makes the algebra (and so the
//! folder) report an i64 overflow, with the algebra's own message, instead of emitting
//! arithmetic that wraps. With runtime values the question is open at compile time: see
//! docs/lowering.md for what the emitted code does then.
//!
//! A plain layout L = (s_k : d_k) reaches, over its domain, exactly
//! [sum_{d_k < 0} (s_k - 1) d_k, sum_{d_k > 0} (s_k - 1) d_k]: the coordinates are independent,
//! so both ends are attained, and every partial sum of the emitted terms lies between them.
//! Those two sums, computed with checked arithmetic, decide it exactly and in O(leaves).
//! Swizzled and composed layouts are evaluated point by point by the algebra (within its
//! evaluation limits; past them the question is left to run time).

use layout_algebra::{int, Error, Func};

/// The algebra's overflow message, when some point of `f`'s domain overflows.
pub fn static_overflow(f: &Func) -> Option<String> {
    match f {
        Func::Layout(l) => {
            let leaves = l.int_leaves("lowering").ok()?;
            let (mut hi, mut lo) = (0i64, 0i64);
            for (s, d) in leaves {
                let step = int::sub(s, 1).and_then(|k| int::mul(k, d)).and_then(|t| {
                    if t >= 0 {
                        int::add(hi, t).map(|v| hi = v)
                    } else {
                        int::add(lo, t).map(|v| lo = v)
                    }
                });
                if let Err(e) = step {
                    return Some(e.to_string());
                }
            }
            None
        }
        _ => match f.for_each_value(1 << 24, &mut |_| Ok(())) {
            Err(e @ Error::Overflow(_)) => Some(e.to_string()),
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::static_overflow;
    use layout_algebra::text::parse_func;

    #[test]
    fn exactly_the_domains_that_overflow() {
        let f = |t: &str| static_overflow(&parse_func(t).unwrap());
        assert_eq!(
            f("(2,2):(4611686018427387904,4611686018427387904)").as_deref(),
            Some("integer overflow: 4611686018427387904 + 4611686018427387904")
        );
        assert_eq!(
            f("(4,2):(4611686018427387904,1)").as_deref(),
            Some("integer overflow: 3 * 4611686018427387904")
        );
        // Mixed signs: each end fits, so nothing overflows.
        assert_eq!(f("(2,2):(4611686018427387904,-4611686018427387904)"), None);
        assert_eq!(f("(2,2):(4611686018427387903,4611686018427387904)"), None);
        assert_eq!(f("(8,64):(64,1)"), None);
        assert!(f("Sw<1,0,1> o 9223372036854775807 o (2,2):(1,2)").is_some());
        assert_eq!(f("Sw<3,4,3> o 0 o (8,64):(64,1)"), None);
    }
}
