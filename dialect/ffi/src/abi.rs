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

/// A borrowed read-only C array from C++ (`Layout*Slice` of RustAlgebra.h: `LayoutI64Slice`,
/// `LayoutOperandSlice`, `LayoutHandleSlice`), passed by value.
///
/// The fields are private: safe Rust makes one only from a slice that outlives `'a` (`From`),
/// so every `LayoutSlice` that Rust code holds is valid for `'a`, and one that C++ passes is
/// valid by the C caller's contract below. That is what lets the entry points that take one
/// be safe functions.
///
/// C caller's contract: `data` points to `len` initialized, properly aligned values of `T`
/// that stay unchanged for the duration of the call (or `len == 0`, when `data` may be
/// anything, null included).
#[repr(C)]
pub struct LayoutSlice<'a, T> {
    data: *const T,
    len: usize,
    _borrow: PhantomData<&'a [T]>,
}

// Not derived: a derive would ask `T: Clone`, and the array is a shared borrow whatever `T` is.
impl<T> Clone for LayoutSlice<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for LayoutSlice<'_, T> {}

impl<'a, T> LayoutSlice<'a, T> {
    /// The values of the array.
    pub fn as_slice(self) -> &'a [T] {
        if self.len == 0 {
            return &[];
        }
        // SAFETY: a `LayoutSlice` made in Rust comes from a `&'a [T]` (the fields are
        // private); one made in C++ points to `len` initialized, aligned values of `T` that
        // stay unchanged for the call by the C caller's contract (type doc), and `'a` is then
        // the call's (the entry point's parameter).
        unsafe { std::slice::from_raw_parts(self.data, self.len) }
    }

    /// The number of values.
    pub fn len(self) -> usize {
        self.len
    }

    /// Whether the array is empty.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// The empty array.
impl<T> Default for LayoutSlice<'_, T> {
    fn default() -> Self {
        LayoutSlice::from(&[][..])
    }
}

impl<'a, T> From<&'a [T]> for LayoutSlice<'a, T> {
    fn from(s: &'a [T]) -> LayoutSlice<'a, T> {
        LayoutSlice {
            data: s.as_ptr(),
            len: s.len(),
            _borrow: PhantomData,
        }
    }
}

/// A borrowed writable C array from C++ (`LayoutI64SliceMut` of RustAlgebra.h), passed by
/// value: the out-array of an entry point, whose places C++ need not have initialized.
///
/// The fields are private and the array can only be written (never read, never given an
/// uninitialized value): safe Rust makes one only from a mutable slice that outlives `'a`
/// (`From`), of `T` or of `MaybeUninit<T>`, and one that C++ passes is valid by the C
/// caller's contract below. That is what lets the entry points that take one be safe
/// functions. It is not `Copy`: an entry point holds the one mutable borrow.
///
/// C caller's contract: `data` points to `len` properly aligned places for `T`, writable and
/// not accessed otherwise for the duration of the call (or `len == 0`, when `data` may be
/// anything, null included). They may be uninitialized.
#[repr(C)]
pub struct LayoutSliceMut<'a, T> {
    data: *mut T,
    len: usize,
    _borrow: PhantomData<&'a mut [MaybeUninit<T>]>,
}

impl<T> LayoutSliceMut<'_, T> {
    /// The number of places.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the array has no places.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl<'a, T: Copy> LayoutSliceMut<'a, T> {
    /// Write `values` to the front of the array, as many as it holds (the rest is left as it
    /// is); the number written.
    pub fn write(self, values: &[T]) -> usize {
        let places = self.places();
        for (o, v) in places.iter_mut().zip(values) {
            o.write(*v);
        }
        places.len().min(values.len())
    }

    /// The places, for [`LayoutSliceMut::write`] only: a place given `MaybeUninit::uninit()`
    /// would leave a `&mut [T]` the array was made from uninitialized.
    fn places(self) -> &'a mut [MaybeUninit<T>] {
        if self.len == 0 {
            return &mut [];
        }
        // SAFETY: a `LayoutSliceMut` made in Rust comes from a `&'a mut [T]` or a
        // `&'a mut [MaybeUninit<T>]` (the fields are private; `MaybeUninit<T>` has the layout of
        // `T`), whose borrow `self` holds and gives up here; one made in C++ points to `len`
        // aligned places for `T`, writable and not accessed otherwise for the call, by the C
        // caller's contract (type doc), and `'a` is then the call's. The places are only
        // written with values of `T` ([`LayoutSliceMut::write`]), so a `[T]` stays initialized.
        unsafe { std::slice::from_raw_parts_mut(self.data.cast::<MaybeUninit<T>>(), self.len) }
    }
}

impl<'a, T: Copy> From<&'a mut [T]> for LayoutSliceMut<'a, T> {
    fn from(s: &'a mut [T]) -> LayoutSliceMut<'a, T> {
        LayoutSliceMut {
            data: s.as_mut_ptr(),
            len: s.len(),
            _borrow: PhantomData,
        }
    }
}

impl<'a, T: Copy> From<&'a mut [MaybeUninit<T>]> for LayoutSliceMut<'a, T> {
    fn from(s: &'a mut [MaybeUninit<T>]) -> LayoutSliceMut<'a, T> {
        LayoutSliceMut {
            data: s.as_mut_ptr().cast::<T>(),
            len: s.len(),
            _borrow: PhantomData,
        }
    }
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

/// The type `!layout.<mnemonic><text>` as the dialect prints it.
pub(crate) fn type_text(text: &str, kind: i32) -> String {
    match kind {
        KIND_LAYOUT => format!("!layout.layout<{text}>"),
        KIND_SWIZZLE => {
            let b = text
                .strip_prefix("Sw<")
                .and_then(|t| t.strip_suffix('>'))
                .unwrap_or(text);
            format!("!layout.swizzle<{b}>")
        }
        KIND_TILER => format!("!layout.tiler<{text}>"),
        KIND_TUPLE => format!("!layout.tuple<{text}>"),
        KIND_LINEAR => format!("!layout.linear<{text}>"),
        _ => text.to_string(),
    }
}

/// A mode of no static size in `layout_ffi_mode_sizes`.
pub const FLAT_DYNAMIC: i64 = i64::MIN;

pub(crate) fn utf8(b: &[u8]) -> Result<&str, Error> {
    std::str::from_utf8(b).map_err(|e| Error::parse(e.valid_up_to(), "invalid UTF-8"))
}
