//! Results and operands of the hooks: a [`LayoutResult`] (a value with its canonical text and
//! kind, or an error with its message and offset) and the operands a call reads.

use std::sync::Arc;

use layout_algebra::Error;

use crate::abi::{LayoutStr, STATUS_ALGEBRA_ERROR, STATUS_DYNAMIC, STATUS_OK, STATUS_PARSE_ERROR};
use crate::stored::{text_and_kind, Handle, Stored};

/// Result of a call: on success `text` is the canonical text of the value and `kind` its kind,
/// and `value` the parsed value (a handle with one reference, null for results that are not
/// values of the dialect: integers in words, messages); on error `text` is the message and, for
/// parse errors, `offset` the byte offset. The text and the reference are owned by the
/// receiver: release both with [`layout_result_free`] (after taking `value` over, if it keeps
/// it: set the field to null).
///
/// Invariant (what makes [`LayoutResult::text`], [`LayoutResult::value`] and
/// [`layout_result_free`] safe): `text` is null or the pointer of a `Box<[u8]>` of `len` bytes
/// that this result owns, and `value` is null or a handle whose one strong reference this result
/// owns. The three fields are private to this module, whose constructors ([`owned`],
/// [`with_value`]) establish it; C++ may only read them, take `value` over by setting it to
/// null, and free the result once (its side of the contract, RustAlgebra.h).
#[repr(C)]
pub struct LayoutResult {
    pub status: i32,
    pub kind: i32,
    pub offset: usize,
    text: *mut u8,
    len: usize,
    value: Handle,
}

impl LayoutResult {
    /// The text of the result (empty once freed).
    pub fn text(&self) -> &[u8] {
        if self.text.is_null() {
            return &[];
        }
        // SAFETY: by the type's invariant `text` is a live `Box<[u8]>` of `len` bytes owned by
        // `self`, freed only through `&mut self`.
        unsafe { std::slice::from_raw_parts(self.text, self.len) }
    }

    /// The value of the result, borrowed for as long as the result holds its reference.
    pub fn value(&self) -> Option<&Stored> {
        // SAFETY: by the type's invariant `value` is null or a handle whose reference `self`
        // owns, released only through `&mut self`.
        unsafe { self.value.as_ref() }
    }

    /// The value's handle, still owned by the result (null when it has none).
    pub fn handle(&self) -> Handle {
        self.value
    }

    /// The value's handle, taken over by the caller (who then owns its reference).
    pub fn take_value(&mut self) -> Handle {
        std::mem::replace(&mut self.value, std::ptr::null())
    }
}

/// Release the text and the value of a [`LayoutResult`] (null: nothing; a freed result is
/// empty and may be freed again).
#[no_mangle]
pub extern "C" fn layout_result_free(r: Option<&mut LayoutResult>) {
    let Some(r) = r else { return };
    let value = r.take_value();
    if !value.is_null() {
        // SAFETY: by the type's invariant the result owned this reference (and no longer
        // holds the handle).
        drop(unsafe { Arc::from_raw(value) });
    }
    if r.text.is_null() {
        return;
    }
    let slice = std::ptr::slice_from_raw_parts_mut(r.text, r.len);
    r.text = std::ptr::null_mut();
    r.len = 0;
    // SAFETY: by the type's invariant `text`/`len` were a `Box<[u8]>` the result owned, and
    // the fields no longer refer to it.
    drop(unsafe { Box::from_raw(slice) });
}

/// An operand of a call: the canonical text of its attribute or type (for messages), its kind
/// and its parsed value (null for `*`).
///
/// C caller's contract (of the entry points that take an array of them): `text` as
/// [`LayoutStr`]'s, and `value` null or a live handle, for the duration of the call.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct LayoutOperand<'a> {
    pub text: LayoutStr<'a>,
    pub kind: i32,
    pub value: Option<&'a Stored>,
}

/// A [`LayoutOperand`] on the Rust side.
#[derive(Clone, Copy, Debug)]
pub struct Operand<'a> {
    pub text: &'a str,
    pub kind: i32,
    pub value: Option<&'a Stored>,
}

pub(crate) fn owned(status: i32, kind: i32, offset: usize, s: String) -> LayoutResult {
    let boxed: Box<[u8]> = s.into_bytes().into_boxed_slice();
    let len = boxed.len();
    let text = Box::into_raw(boxed) as *mut u8;
    LayoutResult {
        status,
        kind,
        offset,
        text,
        len,
        value: std::ptr::null(),
    }
}

/// A successful result carrying `v`: its canonical text, kind and a handle.
pub(crate) fn with_value(v: Stored) -> LayoutResult {
    let (t, kind) = text_and_kind(&v);
    let mut r = owned(STATUS_OK, kind, 0, t);
    r.value = v.into_handle();
    r
}

pub(crate) fn from_error(e: Error) -> LayoutResult {
    match e {
        Error::Parse { offset, message } => owned(STATUS_PARSE_ERROR, 0, offset, message),
        Error::Dynamic(_) => owned(STATUS_DYNAMIC, 0, 0, e.to_string()),
        e => owned(STATUS_ALGEBRA_ERROR, 0, 0, e.to_string()),
    }
}
