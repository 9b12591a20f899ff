//! The `extern "C"` calls of the bijective (LEGO) layout attribute and of `layout.apply` /
//! `layout.inv`: parse (canonical text or a parse error with its offset), the operand-count
//! check of the verifiers, and constant folding. The math is `layout_algebra::bijective`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::bijective::{parse_chain, Chain};
use layout_algebra::Error;

use crate::abi::{utf8, LayoutSlice, LayoutStr, STATUS_ALGEBRA_ERROR, STATUS_OK};
use crate::result::{from_error, owned, with_value, LayoutResult};
use crate::stored::Stored;

fn guarded_text(f: impl FnOnce() -> Result<String, Error>, kind: i32) -> LayoutResult {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(s)) => owned(STATUS_OK, kind, 0, s),
        Ok(Err(e)) => from_error(e),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// Parse and verify a bijective layout (GenP bijectivity included); on success its value and
/// canonical text with kind [`KIND_BIJECTIVE`](crate::abi::KIND_BIJECTIVE).
///
#[no_mangle]
pub extern "C" fn layout_ffi_parse_bijective(text: LayoutStr) -> LayoutResult {
    let bytes = text.bytes();
    match catch_unwind(AssertUnwindSafe(|| parse_chain(utf8(bytes)?))) {
        Ok(Ok(c)) => with_value(Stored::Bijective(c)),
        Ok(Err(e)) => from_error(e),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// The chain behind `h`, or the error of an operand that is not a bijective layout.
fn chain(h: Option<&Stored>) -> Result<&Chain, Error> {
    match h {
        Some(Stored::Bijective(c)) => Ok(c),
        _ => Err(Error::algebra("expects a bijective layout")),
    }
}

/// The verifier check of `layout.apply` (`inv == false`: `n` index operands, one per logical
/// dim) and `layout.inv` (`inv == true`: `n` results, one per logical dim). Ok with an empty
/// text when the count fits, else the message.
///
/// # C caller's contract
/// `layout` must be null or a live handle.
#[no_mangle]
pub extern "C" fn layout_ffi_bijective_check(
    layout: Option<&Stored>,
    n: usize,
    inv: bool,
) -> LayoutResult {
    guarded_text(
        || {
            let c = chain(layout)?;
            let dims = c.dims();
            if dims.len() == n {
                return Ok(String::new());
            }
            let what = if inv { "result" } else { "index operand" };
            Ok(format!(
                "expects one {what} per logical dim of the bijective layout: {} dim{} {dims:?}, got {n}",
                dims.len(),
                if dims.len() == 1 { "" } else { "s" },
            ))
        },
        0,
    )
}

/// Fold `layout.apply` (`inv == false`, `values` the constant indices) or `layout.inv`
/// (`inv == true`, `values[0]` the constant offset): the results as decimal integers
/// separated by `,`. An input outside the domain is an error (the op is then not folded).
///
/// # C caller's contract
/// `layout` must be null or a live handle; `values` must be a valid [`LayoutSlice`].
#[no_mangle]
pub extern "C" fn layout_ffi_bijective_fold(
    layout: Option<&Stored>,
    values: LayoutSlice<i64>,
    inv: bool,
) -> LayoutResult {
    let vals: Vec<i64> = values.as_slice().to_vec();
    guarded_text(
        || {
            let c = chain(layout)?;
            let out = if inv {
                match vals.as_slice() {
                    [x] => c.inv(*x)?,
                    _ => return Err(Error::algebra("layout.inv takes one offset")),
                }
            } else {
                vec![c.apply(&vals)?]
            };
            let parts: Vec<String> = out.iter().map(i64::to_string).collect();
            Ok(parts.join(","))
        },
        0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::KIND_BIJECTIVE;

    use crate::test_str as s;

    fn take(r: LayoutResult) -> (i32, usize, String) {
        let (status, _, offset, text) = crate::take_result(r);
        (status, offset, text)
    }

    #[test]
    fn parse_check_fold() {
        let l = "OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])";
        let (st, _, t) = take(layout_ffi_parse_bijective(s(l)));
        assert_eq!(
            (st, t.as_str()),
            (
                STATUS_OK,
                "OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4])).GroupBy([6, 6])"
            )
        );
        let (st, off, _) = take(layout_ffi_parse_bijective(s(
            "OrderBy(RegP([2,3],[1,1])).GroupBy([6])",
        )));
        assert_eq!((st, off), (crate::STATUS_PARSE_ERROR, 19));
        let ops = crate::TestOperands::new(&[(l, KIND_BIJECTIVE)]);
        let h = ops.value(0);
        assert!(h.is_some());
        assert_eq!(take(layout_ffi_bijective_check(h, 2, false)).2, "");
        assert_eq!(
            take(layout_ffi_bijective_check(h, 3, true)).2,
            "expects one result per logical dim of the bijective layout: 2 dims [6, 6], got 3"
        );
        let v = [4i64, 2];
        assert_eq!(
            take(layout_ffi_bijective_fold(h, v[..].into(), false)).2,
            "23"
        );
        let x = [23i64];
        assert_eq!(
            take(layout_ffi_bijective_fold(h, x[..].into(), true)).2,
            "4,2"
        );
        let bad = [6i64, 0];
        assert_eq!(
            take(layout_ffi_bijective_fold(h, bad[..].into(), false)).0,
            STATUS_ALGEBRA_ERROR
        );
    }
}
