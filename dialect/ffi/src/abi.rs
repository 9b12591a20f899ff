//! The plain values of the C ABI of the hooks: borrowed strings, the statuses of a result,
//! the kinds of values (which mnemonic prints a value).

use std::marker::PhantomData;
use std::mem::MaybeUninit;

use layout_algebra::{Error, Func, Value};

/// A borrowed UTF-8 (or arbitrary byte) string from C++ (`LayoutStr` of RustAlgebra.h).
///
/// The fields are private: safe Rust makes one only from a byte slice that outlives `'a`
/// ([`LayoutStr::new`]), so every `LayoutStr` that Rust code holds is valid for `'a`, and one
/// that C++ passes is valid by the C caller's contract below. That is what lets the entry points
/// that take one by value be safe functions.
///
/// C caller's contract: `data` points to `len` readable bytes that stay unchanged for the
/// duration of the call (or `len == 0`, when `data` may be anything, null included).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct LayoutStr<'a> {
    data: *const u8,
    len: usize,
    _borrow: PhantomData<&'a [u8]>,
}

impl<'a> LayoutStr<'a> {
    /// The string of the bytes `b`.
    pub fn new(b: &'a [u8]) -> LayoutStr<'a> {
        LayoutStr {
            data: b.as_ptr(),
            len: b.len(),
            _borrow: PhantomData,
        }
    }

    /// The bytes of the string.
    pub fn bytes(self) -> &'a [u8] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: a `LayoutStr` made in Rust comes from a `&'a [u8]` (the fields are private);
        // one made in C++ points to `len` readable bytes for the call by the C caller's
        // contract (type doc), and `'a` is then the call's (the entry point's parameter).
        unsafe { std::slice::from_raw_parts(self.data, self.len) }
    }
}

impl<'a> From<&'a str> for LayoutStr<'a> {
    fn from(s: &'a str) -> LayoutStr<'a> {
        LayoutStr::new(s.as_bytes())
    }
}

/// The `n` values at `p`, borrowed: how an entry point that receives a C array (a pointer and
/// a count, as separate arguments) reads it. The single place where the crate turns a C array
/// into a slice.
///
/// # Safety
/// When `n > 0`, `p` must point to `n` initialized, properly aligned values of `T` that are
/// not written for `'a` (the C caller's contract of every entry point with an array argument);
/// when `n == 0`, `p` may be anything (null included).
pub(crate) unsafe fn c_slice<'a, T>(p: *const T, n: usize) -> &'a [T] {
    if n == 0 {
        return &[];
    }
    // SAFETY: the caller's contract above.
    unsafe { std::slice::from_raw_parts(p, n) }
}

/// The `n` writable places at `p`, borrowed as uninitialized values (C++ may pass storage it
/// has not initialized): how an entry point writes a C out-array.
///
/// # Safety
/// When `n > 0`, `p` must point to `n` properly aligned places for `T`, writable and not
/// accessed otherwise for `'a`; when `n == 0`, `p` may be anything (null included).
pub(crate) unsafe fn c_out<'a, T>(p: *mut T, n: usize) -> &'a mut [MaybeUninit<T>] {
    if n == 0 {
        return &mut [];
    }
    // SAFETY: the caller's contract above; `MaybeUninit<T>` has the layout of `T`.
    unsafe { std::slice::from_raw_parts_mut(p.cast::<MaybeUninit<T>>(), n) }
}

/// Write `values` to the front of `out` (which must hold them).
pub(crate) fn write_all<T: Copy>(out: &mut [MaybeUninit<T>], values: &[T]) {
    for (o, v) in out.iter_mut().zip(values) {
        o.write(*v);
    }
}

/// Status of a [`LayoutResult`](crate::LayoutResult).
pub const STATUS_OK: i32 = 0;
pub const STATUS_PARSE_ERROR: i32 = 1;
pub const STATUS_ALGEBRA_ERROR: i32 = 2;
pub const STATUS_DYNAMIC: i32 = 3;

/// Kind of value, selecting the attribute/type mnemonic.
pub const KIND_LAYOUT: i32 = 0;
pub const KIND_SWIZZLE: i32 = 1;
pub const KIND_TILER: i32 = 2;
pub const KIND_TUPLE: i32 = 3;

/// Kind of a linear layout (`#layout.linear<...>`).
pub const KIND_LINEAR: i32 = 4;

/// Kind of a bijective layout value (`mlir::layout::ValueKind::Bijective`).
pub const KIND_BIJECTIVE: i32 = 5;

/// The kind of a value (which mnemonic prints it).
pub fn kind_of(v: &Value) -> i32 {
    match v {
        Value::Func(Func::Swizzle(_)) => KIND_SWIZZLE,
        Value::Func(_) => KIND_LAYOUT,
        Value::Tiler(_) => KIND_TILER,
        _ => KIND_TUPLE,
    }
}

pub(crate) fn utf8(b: &[u8]) -> Result<&str, Error> {
    std::str::from_utf8(b).map_err(|e| Error::parse(e.valid_up_to(), "invalid UTF-8"))
}
