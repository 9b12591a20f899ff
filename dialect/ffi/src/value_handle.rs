//! The C entry points of value handles: the storage of an attribute or type of the dialect
//! parses its canonical text once into a new handle (`layout_ffi_value_new`, which also says
//! whether the text is canonical and, for a verifier, what is wrong with it), adopts an algebra
//! result's handle (`layout_ffi_value_retain`) and drops its reference when the context is
//! destroyed (`layout_ffi_value_release`). The value itself is `stored::Stored`.

use std::mem::MaybeUninit;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use layout_algebra::Error;

use crate::abi::{LayoutStr, STATUS_OK};
use crate::result::{from_error, owned, LayoutResult};
use crate::stored::{text_and_kind, Handle, Stored};

/// The value of the canonical `text` of kind `kind`, as a new handle (one reference, owned by
/// the caller), or null when the text has no value (`*`) or does not parse. `*canonical` is set
/// to whether `text` is the value's canonical text and kind (what the parse hooks always
/// produce; a text given to an attribute or type getter directly may not be). `*note` (unless
/// `note` is null) receives what a verifier says of a text that is not a canonical value: the
/// parse error, or the canonical text of the value (status OK; an empty text when the text is
/// canonical or `*`). The caller frees it with `layout_result_free`.
///
/// # C caller's contract
/// `text` must be a valid [`LayoutStr`]; `canonical` must be null or point to a writable bool;
/// `note` must be null or point to a writable [`LayoutResult`].
#[no_mangle]
pub extern "C" fn layout_ffi_value_new(
    text: LayoutStr,
    kind: i32,
    canonical: Option<&mut MaybeUninit<bool>>,
    note: Option<&mut MaybeUninit<LayoutResult>>,
) -> Handle {
    let bytes = text.bytes();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let t = std::str::from_utf8(bytes).map_err(|e| Error::parse(0, e.to_string()))?;
        if t == "*" {
            return Ok(None);
        }
        let v = Stored::parse(t, kind)?;
        let (printed, printed_kind) = text_and_kind(&v);
        let canonical = printed == t && printed_kind == kind;
        Ok(Some((v, canonical, printed)))
    }))
    .unwrap_or_else(|_| Err(Error::algebra("the value's parse panicked")));
    if let Some(canonical) = canonical {
        canonical.write(matches!(r, Ok(Some((_, true, _)))));
    }
    if let Some(note) = note {
        note.write(match &r {
            Err(e) => from_error(e.clone()),
            Ok(Some((_, false, printed))) => owned(STATUS_OK, 0, 0, printed.clone()),
            Ok(_) => owned(STATUS_OK, 0, 0, String::new()),
        });
    }
    match r {
        Ok(Some((v, _, _))) => v.into_handle(),
        _ => std::ptr::null(),
    }
}

/// Take one more reference to `h` (null: nothing).
///
/// # Safety
/// `h` must be null or a live handle.
#[no_mangle]
pub unsafe extern "C" fn layout_ffi_value_retain(h: Handle) {
    if !h.is_null() {
        Arc::increment_strong_count(h);
    }
}

/// Drop one reference to `h` (null: nothing).
///
/// # Safety
/// `h` must be null or a handle whose reference the caller owns.
#[no_mangle]
pub unsafe extern "C" fn layout_ffi_value_release(h: Handle) {
    if !h.is_null() {
        drop(Arc::from_raw(h));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::KIND_LINEAR;
    use crate::stored::shared;
    use layout_algebra::text;

    use crate::test_str as s;

    fn new(t: &str, kind: i32) -> (Handle, bool) {
        let mut canonical = MaybeUninit::new(false);
        let h = layout_ffi_value_new(s(t), kind, Some(&mut canonical), None);
        (h, unsafe { canonical.assume_init() })
    }

    #[test]
    fn handles_count_references() {
        let (h, canonical) = new("(4,8):(8,1)", 0);
        assert!(canonical);
        assert!(!h.is_null());
        let a = unsafe { shared(h) }.unwrap();
        assert_eq!(Arc::strong_count(&a), 2);
        unsafe { layout_ffi_value_retain(h) };
        assert_eq!(Arc::strong_count(&a), 3);
        unsafe { layout_ffi_value_release(h) };
        unsafe { layout_ffi_value_release(h) };
        assert_eq!(Arc::strong_count(&a), 1);
        assert_eq!(
            text::print(a.cute().unwrap()),
            "(4,8):(8,1)",
            "the handle holds the parsed value"
        );
    }

    #[test]
    fn no_value_for_unknown_or_bad_text() {
        assert!(new("*", 0).0.is_null());
        assert!(new("(4,8):(8,", 0).0.is_null());
        assert!(new("(128,64):(1,128) o x", KIND_LINEAR).0.is_null());
    }

    /// The note a verifier reports: the parse error of a bad text, the canonical text of a
    /// non-canonical one, nothing for a canonical text.
    #[test]
    fn the_note_says_what_is_wrong() {
        let note = |t: &str| {
            let mut r = MaybeUninit::new(owned(STATUS_OK, 0, 0, String::new()));
            let h = layout_ffi_value_new(s(t), 0, None, Some(&mut r));
            let (status, _, _, text) = crate::take_result(unsafe { r.assume_init() });
            unsafe { layout_ffi_value_release(h) };
            (status, text)
        };
        assert_eq!(note("(4,8):(8,1)"), (STATUS_OK, String::new()));
        assert_eq!(note("(_4,8):(8,1)"), (STATUS_OK, "(4,8):(8,1)".to_string()));
        let (status, text) = note("(4,8):(8,");
        assert_ne!(status, STATUS_OK);
        assert!(!text.is_empty());
    }

    #[test]
    fn canonical_text_is_recognized() {
        let (h, canonical) = new("(_4,8):(8,1)", 0);
        assert!(!h.is_null() && !canonical);
        unsafe { layout_ffi_value_release(h) };
        // The right text under the wrong kind is not canonical either.
        let (h, canonical) = new("Sw<3,4,3>", 0);
        assert!(!h.is_null() && !canonical);
        unsafe { layout_ffi_value_release(h) };
    }
}
