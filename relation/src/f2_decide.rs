//! Injectivity, bijectivity and equality of layouts of any kind decided over F2, without ISL,
//! when they are linear (a linear layout, or a CuTe layout, swizzle or composed layout that
//! `from_cute` converts exactly); the F2 algebra itself is crate::linear.

use layout_algebra::linear::LinearLayout;
use layout_algebra::Result;

use crate::kinds::AnyLayout;
use crate::linear::{f2_bijectivity, f2_injectivity, flat_columns, MAX_RELATION_BITS};
use crate::props::Failure;

/// Injectivity (or bijectivity onto the layout's codomain) of `l` decided over F2 when `l` is
/// linear: `Some(answer)` for a linear layout (exact either way: [`f2_injectivity`],
/// [`f2_bijectivity`]); for a CuTe layout, swizzle or composed layout that is exactly linear
/// (`from_cute`: power-of-two extents and strides whose offset bits never carry, a swizzle,
/// offset 0), `Some(None)` when the F2 map proves the property, and `None` otherwise, so that
/// ISL finds the witness in the layout's own coordinates. Proof: such a layout maps its flat
/// coordinate `c < 2^n` (n coordinate bits, `2^n = size`, and a swizzle alone is on
/// `[0, 2^(B+M+|S|))`, the relation layer's domains) to `M c` over F2; it is injective iff
/// `M` has rank n, and bijective onto `[0, size)` iff moreover every image has fewer than n
/// bits (then the image, of `2^n` points inside `[0, 2^n)`, is all of it). The cost is
/// Gaussian elimination on at most 64 columns: bounded by the layout's size, so folders may
/// use it.
pub fn f2_decision(l: &AnyLayout, bijective: bool) -> Result<Option<Option<Failure>>> {
    let decide = |lin: &LinearLayout| {
        if bijective {
            f2_bijectivity(lin)
        } else {
            f2_injectivity(lin)
        }
    };
    match l {
        AnyLayout::Linear(lin) => decide(lin).map(Some),
        _ => {
            let Some(lin) = exact_f2_form(l) else {
                return Ok(None);
            };
            Ok(match decide(&lin)? {
                None => Some(None),
                Some(_) => None,
            })
        }
    }
}

/// The exact F2 form of `l` over its flat coordinate when it has one: a linear layout itself,
/// or a CuTe layout, swizzle or composed layout that `from_cute` converts exactly (its flat
/// coordinate's bits map to offsets by XOR, on the relation layer's domain `[0, 2^n)`).
fn exact_f2_form(l: &AnyLayout) -> Option<LinearLayout> {
    let lin = match l {
        AnyLayout::Linear(lin) => lin.clone(),
        AnyLayout::Func(f) => {
            layout_algebra::linear::from_cute::from_cute(f, &["c"], "offset").ok()?
        }
        _ => return None,
    };
    (lin.total_in_bits() <= MAX_RELATION_BITS && lin.total_out_bits() <= MAX_RELATION_BITS)
        .then_some(lin)
}

/// Whether `a` and `b` are proven equal over their flat coordinates without ISL: both have an
/// exact F2 form (a linear layout, or a layout `from_cute` converts exactly) with as many
/// coordinate bits (the same domain `[0, 2^n)`) and the same offset of every coordinate bit
/// (then, by linearity, the same offset of every coordinate). `false` means "not proven":
/// ISL decides and finds the witness. Cost: one pass over at most 64 columns per operand.
pub fn f2_proves_equal(a: &AnyLayout, b: &AnyLayout) -> bool {
    let (Some(x), Some(y)) = (exact_f2_form(a), exact_f2_form(b)) else {
        return false;
    };
    let (Ok(cx), Ok(cy)) = (flat_columns(&x), flat_columns(&y)) else {
        return false;
    };
    x.total_in_bits() == y.total_in_bits() && cx == cy
}
