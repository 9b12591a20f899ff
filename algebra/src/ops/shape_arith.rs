//! Arithmetic on shapes (CuTe's ceil_div and shape_div on integers and integer tuples).
//!   ceil_div(a, b): integers: ceil(a / b); tuple / tuple: mode by mode (missing modes of b are
//!     1); tuple / integer: left to right, each mode takes what it can of b,
//!     (a_0, a_1, ...) -> (ceil_div(a_0, b), ceil_div(a_1, ceil_div(b, a_0)), ...);
//!     integer / tuple: ceil_div(a, product(b)).
//!   shape_div(a, b): the same folds with the integer rule "a / b when one divides the other,
//!     rounding away from zero" (neither dividing the other is an error: the shape divisibility
//!     condition); tuple / tuple needs equal ranks.
//! Post-conditions: ceil_div(a, b) * b >= a for integers; shape_div(a, b) * b = a when b
//! divides a; the result is congruent to a.

use crate::error::{Error, Result};
use crate::int;
use crate::text::print_int_tuple;
use crate::tuple::{IntTuple, Tree};

/// ceil_div of a (possibly tuple) shape by an integer, mode by mode (CuTe).
pub fn ceil_div_shape(a: &IntTuple, b: i64) -> Result<IntTuple> {
    match a {
        Tree::Leaf(x) => Ok(IntTuple::lit(int::ceil_div(x.get("ceil_div")?, b)?)),
        Tree::Node(v) => {
            let mut rest = b;
            let mut out = Vec::with_capacity(v.len());
            for ai in v {
                let ai_size = ai.product()?;
                out.push(ceil_div_shape(ai, rest)?);
                rest = int::ceil_div(rest, ai_size)?;
            }
            Ok(Tree::Node(out))
        }
    }
}

pub fn ceil_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    check_positive(a, "ceil_div")?;
    check_positive(b, "ceil_div")?;
    match (a, b) {
        (Tree::Node(av), Tree::Node(bv)) => {
            if bv.len() > av.len() {
                return Err(Error::algebra(format!(
                    "ceil_div: the divisor {} has more modes than {}",
                    print_int_tuple(b),
                    print_int_tuple(a)
                )));
            }
            let one = IntTuple::lit(1);
            av.iter()
                .enumerate()
                .map(|(i, x)| ceil_div(x, bv.get(i).unwrap_or(&one)))
                .collect::<Result<Vec<_>>>()
                .map(Tree::Node)
        }
        (Tree::Node(av), Tree::Leaf(_)) => {
            // Left to right: mode i takes what it can of the rest of b.
            let mut rest = b.product_int()?;
            let mut out = Vec::with_capacity(av.len());
            for x in av {
                out.push(ceil_div(x, &Tree::Leaf(rest.clone()))?);
                rest = rest.ceil_div(&x.product_int()?)?;
            }
            Ok(Tree::Node(out))
        }
        (Tree::Leaf(x), _) => Ok(Tree::Leaf(x.ceil_div(&b.product_int()?)?)),
    }
}

pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    check_positive(a, "shape_div")?;
    check_positive(b, "shape_div")?;
    let ctx = || format!("shape_div({}, {})", print_int_tuple(a), print_int_tuple(b));
    match (a, b) {
        (Tree::Node(av), Tree::Node(bv)) => {
            if av.len() != bv.len() {
                return Err(Error::algebra(format!(
                    "{}: the tuples have different ranks {} and {}",
                    ctx(),
                    av.len(),
                    bv.len()
                )));
            }
            av.iter()
                .zip(bv)
                .map(|(x, y)| shape_div(x, y))
                .collect::<Result<Vec<_>>>()
                .map(Tree::Node)
        }
        (Tree::Node(av), Tree::Leaf(_)) => {
            let mut rest = b.product_int()?;
            let mut out = Vec::with_capacity(av.len());
            for x in av {
                out.push(shape_div(x, &Tree::Leaf(rest.clone()))?);
                rest = rest.shape_div(&x.product_int()?, &ctx)?;
            }
            Ok(Tree::Node(out))
        }
        (Tree::Leaf(x), _) => Ok(Tree::Leaf(x.shape_div(&b.product_int()?, &ctx)?)),
    }
}

fn check_positive(t: &IntTuple, op: &str) -> Result<()> {
    for v in t.leaves().iter().filter_map(|x| x.get(op).ok()) {
        if v <= 0 {
            return Err(Error::algebra(format!(
                "{op}: extent {v} in {} is not positive",
                print_int_tuple(t)
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::parse_int_tuple;

    fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }
    fn cd(a: &str, b: &str) -> String {
        print_int_tuple(&ceil_div(&t(a), &t(b)).unwrap())
    }
    fn sd(a: &str, b: &str) -> std::result::Result<String, String> {
        shape_div(&t(a), &t(b))
            .map(|x| print_int_tuple(&x))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn ceil_div_cases() {
        assert_eq!(cd("10", "3"), "4");
        assert_eq!(cd("12", "4"), "3");
        assert_eq!(cd("(10,7)", "(3,2)"), "(4,4)");
        assert_eq!(cd("(10,7,5)", "(3,2)"), "(4,4,5)");
        assert_eq!(cd("(4,6)", "8"), "(1,3)");
        assert_eq!(cd("(3,6)", "8"), "(1,2)");
        assert_eq!(cd("100", "(3,4)"), "9");
        assert!(ceil_div(&t("(4,6)"), &t("(1,2,3)")).is_err());
        assert!(ceil_div(&t("4"), &t("0")).is_err());
        // Post-condition: ceil_div(a, b) * b >= a, and minimal.
        for a in 1..40 {
            for b in 1..12 {
                let q = ceil_div(&IntTuple::lit(a), &IntTuple::lit(b))
                    .unwrap()
                    .as_int()
                    .unwrap();
                assert!(q * b >= a && (q - 1) * b < a);
            }
        }
    }

    #[test]
    fn shape_div_cases() {
        assert_eq!(sd("12", "4").unwrap(), "3");
        assert_eq!(sd("4", "12").unwrap(), "1");
        assert_eq!(sd("(4,6)", "8").unwrap(), "(1,3)");
        assert_eq!(sd("(8,6)", "(2,3)").unwrap(), "(4,2)");
        assert_eq!(sd("((2,4),6)", "16").unwrap(), "((1,1),3)");
        assert_eq!(sd("6", "(2,3)").unwrap(), "1");
        assert!(sd("6", "4")
            .unwrap_err()
            .contains("neither 6 nor 4 divides"));
        assert!(sd("(4,6)", "(2,3,1)").is_err());
        // A runtime extent: C++'s (a + b - 1) / b, its divisibility condition recorded.
        assert_eq!(sd("(4,?)", "2").unwrap(), "(2,?)");
    }
}
