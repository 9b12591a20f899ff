//! domain_distribute(A, n): a layout that picks n elements (or as many as the shape allows)
//! spread over the modes of shape(A), taking from each flat mode in order the gcd of its
//! extent and what is still needed: result shape (g_0, g_1, ...), strides the column-major
//! strides of flatten(shape(A)), coalesced (CuTe).
//! Post-conditions: size(R) divides n; each g_i divides the extent of its mode; R is strictly
//! increasing (surjective onto its image and ordered).

use crate::error::{Error, Result};
use crate::int;
use crate::layout::{compact_strides, Layout};
use crate::ops::coalesce::coalesce;
use crate::stride::StrideTuple;
use crate::tuple::{IntTuple, Tree};

pub fn domain_distribute(shape: &IntTuple, n: i64) -> Result<Layout> {
    if n <= 0 {
        return Err(Error::algebra(format!(
            "domain_distribute: the count {n} is not positive"
        )));
    }
    let flat = shape.values("domain_distribute")?;
    let mut rest = n;
    let mut out = Vec::with_capacity(flat.len());
    for &a in &flat {
        if a <= 0 {
            return Err(Error::algebra(format!(
                "domain_distribute: extent {a} is not positive"
            )));
        }
        let g = int::gcd(a, rest);
        out.push(g);
        rest /= g;
    }
    let flat_shape = Tree::Node(flat.iter().map(|&a| IntTuple::lit(a)).collect());
    let strides: StrideTuple = compact_strides(&flat_shape, 1)?;
    let r = coalesce(&Layout::raw(
        Tree::Node(out.iter().map(|&g| IntTuple::lit(g)).collect()),
        strides,
    ))?;
    // Post-conditions.
    let size = r.size()?;
    if n % size != 0 {
        return Err(Error::algebra(format!(
            "domain_distribute: internal check failed: size {size} does not divide {n}"
        )));
    }
    if size <= 1 << 16 {
        let t = r.table(1 << 16)?;
        if t.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Error::algebra(
                "domain_distribute: internal check failed: the result is not increasing",
            ));
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_int_tuple, print_layout};

    fn dd(s: &str, n: i64) -> String {
        print_layout(&domain_distribute(&parse_int_tuple(s).unwrap(), n).unwrap())
    }

    #[test]
    fn cute_cases() {
        assert_eq!(dd("((64,3),(8,8))", 128), "(64,2):(1,192)");
        assert_eq!(dd("(192,(8,8))", 128), "(64,2):(1,192)");
        assert_eq!(dd("((64,3),(8,8))", 1024), "(64,16):(1,192)");
        assert_eq!(dd("(192,(8,8))", 1024), "(64,16):(1,192)");
        assert_eq!(dd("((64,3))", 128), "64:1");
        // CuTe's doc example: 6 elements of (15,14).
        assert_eq!(dd("(15,14)", 6), "(3,2):(1,15)");
    }

    #[test]
    fn post_conditions_and_errors() {
        for (s, n) in [("(4,6,10)", 60), ("(7,9)", 5), ("12", 8), ("(2,2,2)", 16)] {
            let r = domain_distribute(&parse_int_tuple(s).unwrap(), n).unwrap();
            let size = r.size().unwrap();
            assert_eq!(n % size, 0, "{s} {n}");
            let t = r.table(1 << 16).unwrap();
            assert!(t.windows(2).all(|w| w[0] < w[1]), "{s} {n}");
        }
        assert!(domain_distribute(&parse_int_tuple("(4,?)").unwrap(), 8).is_err());
        assert!(domain_distribute(&parse_int_tuple("(4,4)").unwrap(), 0).is_err());
    }
}
