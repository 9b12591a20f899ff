//! Results and operands of the hooks: a [`LayoutResult`] (a value with its canonical text and
//! kind, or an error with its message and offset) and the operands a call reads.

use layout_algebra::Error;

use crate::abi::{LayoutStr, STATUS_ALGEBRA_ERROR, STATUS_DYNAMIC, STATUS_OK, STATUS_PARSE_ERROR};
use crate::stored::{text_and_kind, Handle, Stored};

/// Result of a call: on success `text` is the canonical text of the value and `kind` its kind,
/// and `value` the parsed value (a handle with one reference, null for results that are not
/// values of the dialect: integers in words, messages); on error `text` is the message and, for
/// parse errors, `offset` the byte offset. The text and the reference are owned by the
/// receiver: release both with [`layout_result_free`](crate::layout_result_free) (after taking `value` over, if it keeps
/// it: set the field to null).
#[repr(C)]
pub struct LayoutResult {
    pub status: i32,
    pub kind: i32,
    pub offset: usize,
    pub text: *mut u8,
    pub len: usize,
    pub value: Handle,
}

/// An operand of a call: the canonical text of its attribute or type (for messages), its kind
/// and its parsed value (null for `*`).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct LayoutOperand {
    pub text: LayoutStr,
    pub kind: i32,
    pub value: Handle,
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
