//! The `extern "C"` parse of the bijective (LEGO) layout attribute: its value and canonical
//! text, or a parse error with its offset. The math is `layout_algebra::bijective`; the
//! verifiers and folders of `layout.apply` / `layout.inv` are the dialect's
//! (dialect/src/bijective_ops.rs).

use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::bijective::parse_chain;

use crate::abi::{utf8, LayoutStr, STATUS_ALGEBRA_ERROR};
use crate::result::{from_error, owned, with_value, LayoutResult};
use crate::stored::Stored;

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

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_str as s;

    fn take(r: LayoutResult) -> (i32, usize, String) {
        let (status, _, offset, text) = crate::take_result(r);
        (status, offset, text)
    }

    #[test]
    fn parse_is_canonical_and_errors_have_offsets() {
        let l = "OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])";
        let (st, _, t) = take(layout_ffi_parse_bijective(s(l)));
        assert_eq!(
            (st, t.as_str()),
            (
                crate::STATUS_OK,
                "OrderBy(RegP([2, 3, 2, 3], [1, 3, 2, 4])).GroupBy([6, 6])"
            )
        );
        let (st, off, _) = take(layout_ffi_parse_bijective(s(
            "OrderBy(RegP([2,3],[1,1])).GroupBy([6])",
        )));
        assert_eq!((st, off), (crate::STATUS_PARSE_ERROR, 19));
    }
}
