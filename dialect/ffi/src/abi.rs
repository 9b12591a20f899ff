//! The plain values of the C ABI of the hooks: borrowed strings, the statuses of a result,
//! the kinds of values (which mnemonic prints a value).

use layout_algebra::{Error, Func, Value};

/// A borrowed UTF-8 (or arbitrary byte) string from C++.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct LayoutStr {
    pub data: *const u8,
    pub len: usize,
}

impl LayoutStr {
    /// # Safety
    /// `data` must point to `len` readable bytes (or be null with `len == 0`).
    pub(crate) unsafe fn bytes<'a>(self) -> &'a [u8] {
        if self.len == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(self.data, self.len)
        }
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
