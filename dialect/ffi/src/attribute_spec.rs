//! The text of the dialect's attributes and types, `#layout.<mnemonic><body>` and
//! `!layout.<mnemonic><body>`, read in one place: the mnemonic names the kind (`layout`,
//! `swizzle`, `tiler`, `tuple`, `linear`, `bijective`), the body is that kind's text, and the
//! result is the canonical text, the kind and the value that the attribute or type stores. The
//! dialect's C++ parser hands over the full symbol spec and reports an error at the byte offset
//! this returns (counted from the start of the spec); it never looks into the body.
//!
//! - `swizzle<B,M,S>` is CuTe's `Sw<B,M,S>`; `layout<...>` also holds a swizzle (a function);
//! - `linear<...>` is a linear layout (its JSON or Triton's text), `bijective<...>` a LEGO chain,
//!   optionally quoted (`bijective<"...">`: a GenP's `->`, `<` and `>` would unbalance MLIR's
//!   `<...>` lexing);
//! - `layout<*>` is the unknown layout of a type (`allow_unknown`), with no value.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::abi::{
    LayoutStr, KIND_BIJECTIVE, KIND_LAYOUT, KIND_LINEAR, KIND_SWIZZLE, KIND_TILER, KIND_TUPLE,
    STATUS_ALGEBRA_ERROR, STATUS_OK, STATUS_PARSE_ERROR,
};
use crate::result::{owned, LayoutResult};

/// The kind a mnemonic names.
fn mnemonic_kind(m: &str) -> Option<i32> {
    Some(match m {
        "layout" => KIND_LAYOUT,
        "swizzle" => KIND_SWIZZLE,
        "tiler" => KIND_TILER,
        "tuple" => KIND_TUPLE,
        "linear" => KIND_LINEAR,
        "bijective" => KIND_BIJECTIVE,
        _ => return None,
    })
}

/// What a kind is, in messages.
fn kind_noun(k: i32) -> &'static str {
    match k {
        KIND_LAYOUT => "a layout",
        KIND_SWIZZLE => "a swizzle",
        KIND_TILER => "a tiler",
        KIND_TUPLE => "an integer tuple or coordinate",
        KIND_LINEAR => "a linear layout",
        KIND_BIJECTIVE => "a bijective layout",
        _ => "a value",
    }
}

/// A parse error at byte `at` of the spec.
fn error_at(at: usize, message: String) -> LayoutResult {
    owned(STATUS_PARSE_ERROR, 0, at, message)
}

/// `r` (a result of one of the body parsers, whose offsets count from `start` of the spec
/// less `shift` bytes the parser saw before the body) with its error offset moved into the
/// spec and clipped to the body's `len` bytes; an error without an offset points at the body.
fn within(mut r: LayoutResult, start: usize, shift: usize, len: usize) -> LayoutResult {
    match r.status {
        STATUS_OK => r,
        STATUS_PARSE_ERROR => {
            r.offset = start + r.offset.saturating_sub(shift).min(len);
            r
        }
        _ => {
            r.status = STATUS_PARSE_ERROR;
            r.offset = start;
            r
        }
    }
}

/// Parse the full symbol spec of an attribute or type (`what`: "attribute" or "type", for the
/// message of an unknown mnemonic); `allow_unknown` accepts `layout<*>` (types). On success the
/// canonical text, the kind and the value (none for `layout<*>`, whose text is `*`); else a
/// parse error whose offset counts bytes from the start of `spec`.
///
/// # C caller's contract
/// `spec` and `what` must be valid [`LayoutStr`]s.
#[no_mangle]
pub extern "C" fn layout_ffi_parse_spec(
    spec: LayoutStr,
    allow_unknown: bool,
    what: LayoutStr,
) -> LayoutResult {
    let (spec, what) = (spec.bytes(), what.bytes());
    let parsed = catch_unwind(AssertUnwindSafe(|| {
        match (std::str::from_utf8(spec), std::str::from_utf8(what)) {
            (Ok(s), Ok(w)) => parse_spec(s, allow_unknown, w),
            _ => error_at(0, "the text is not UTF-8".into()),
        }
    }));
    parsed.unwrap_or_else(|_| {
        owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        )
    })
}

fn parse_spec(spec: &str, allow_unknown: bool, what: &str) -> LayoutResult {
    let lt = spec.find('<');
    let mnemonic = &spec[..lt.unwrap_or(spec.len())];
    let Some(kind) = mnemonic_kind(mnemonic) else {
        return error_at(
            0,
            format!(
                "unknown layout {what} '{mnemonic}': expected one of layout, swizzle, tiler, tuple, linear, bijective{}",
                if allow_unknown { "" } else { ", major" }
            ),
        );
    };
    let Some(lt) = lt.filter(|_| spec.ends_with('>')) else {
        return error_at(mnemonic.len(), format!("expected '<' after '{mnemonic}'"));
    };
    let (start, body) = (lt + 1, &spec[lt + 1..spec.len() - 1]);
    match kind {
        KIND_LINEAR => {
            let r = crate::layout_ffi_parse_linear(LayoutStr::from(body));
            within(r, start, 0, body.len())
        }
        KIND_BIJECTIVE => {
            let trimmed = body.trim();
            let lead = body.len() - body.trim_start().len();
            let (text, at) = match trimmed.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
                Some(inner) if trimmed.len() >= 2 => (inner, start + lead + 1),
                _ => (trimmed, start + lead),
            };
            let r = crate::bijective::layout_ffi_parse_bijective(LayoutStr::from(text));
            within(r, at, 0, text.len())
        }
        _ if allow_unknown && kind == KIND_LAYOUT && body.trim() == "*" => {
            owned(STATUS_OK, KIND_LAYOUT, 0, "*".into())
        }
        _ => {
            // `swizzle<B,M,S>` is `Sw<B,M,S>` in CuTe text.
            let (source, shift) = if kind == KIND_SWIZZLE {
                (format!("Sw<{body}>"), 3)
            } else {
                (body.to_string(), 0)
            };
            let r = within(
                crate::layout_ffi_parse(LayoutStr::from(source.as_str())),
                start,
                shift,
                body.len(),
            );
            if r.status != STATUS_OK {
                return r;
            }
            let got = r.kind;
            if got == kind || (kind == KIND_LAYOUT && got == KIND_SWIZZLE) {
                return r;
            }
            let message = format!(
                "expected {} in '{mnemonic}<...>', got {} '{}'",
                kind_noun(kind),
                kind_noun(got),
                String::from_utf8_lossy(r.text())
            );
            error_at(start, message)
        }
    }
}

/// Errors rendered as the C++ parser reports them: `(offset, message)` or the canonical text
/// and kind.
#[cfg(test)]
mod tests {
    use super::*;

    fn parse(spec: &str, unknown: bool) -> Result<(String, i32), (usize, String)> {
        let r = parse_spec(spec, unknown, "attribute");
        let text = String::from_utf8_lossy(r.text()).into_owned();
        if r.status == STATUS_OK {
            Ok((text, r.kind))
        } else {
            Err((r.offset, text))
        }
    }

    #[test]
    fn kinds_bodies_and_canonical_text() {
        assert_eq!(parse("layout<(2,4):(1,2)>", false).unwrap().1, KIND_LAYOUT);
        assert_eq!(
            parse("swizzle<3,4,3>", false).unwrap(),
            ("Sw<3,4,3>".into(), KIND_SWIZZLE)
        );
        assert_eq!(parse("layout<Sw<1,2,3>>", false).unwrap().1, KIND_SWIZZLE);
        assert_eq!(parse("tuple<(2,(3,4))>", false).unwrap().1, KIND_TUPLE);
        assert_eq!(parse("layout<*>", true).unwrap(), ("*".into(), KIND_LAYOUT));
        assert!(parse("layout<*>", false).is_err());
    }

    #[test]
    fn errors_point_into_the_spec() {
        let (at, m) = parse("shape<(2,4)>", false).unwrap_err();
        assert_eq!(at, 0);
        assert!(m.ends_with("linear, bijective, major"), "{m}");
        assert_eq!(
            parse("layout", false).unwrap_err(),
            (6, "expected '<' after 'layout'".into())
        );
        // An error inside the body is at its byte of the spec ...
        let (at, _) = parse("layout<(2,4):(1,x)>", false).unwrap_err();
        assert_eq!(&"layout<(2,4):(1,x)>"[at..at + 1], "x");
        // ... in a swizzle's body too (its `Sw<` is not in the spec).
        let (at, _) = parse("swizzle<3,x,3>", false).unwrap_err();
        assert_eq!(&"swizzle<3,x,3>"[at..at + 1], "x");
        let (at, m) = parse("tuple<(2,4):(1,2)>", false).unwrap_err();
        assert_eq!(at, 6);
        assert!(
            m.starts_with("expected an integer tuple or coordinate in 'tuple<...>', got a layout"),
            "{m}"
        );
    }
}
