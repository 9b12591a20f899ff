//! The three encodings of the Hopper shared-memory swizzles, kept apart by type:
//!
//! | swizzle | CuTe `Sw<B,4,3>` on bytes: B | WGMMA descriptor layout type | `CUtensorMapSwizzle` |
//! |---------|------------------------------|------------------------------|----------------------|
//! | none    | 0                            | 0 (interleave)               | 0                    |
//! | 32B     | 1                            | 3                            | 1                    |
//! | 64B     | 2                            | 2                            | 2                    |
//! | 128B    | 3                            | 1                            | 3                    |
//!
//! [`ByteSwizzle`] is the mode itself (what CuTe writes as `Sw<B,4,3>` on byte addresses);
//! [`WgmmaLayoutType`] and [`TmaSwizzle`] are the two hardware fields. The only ways between
//! them are the `From` conversions below, so a field value can never be mistaken for another.

use crate::error::{Error, Result};
use crate::hw::elem::Elem;
use crate::swizzle::Swizzle;

/// A shared-memory swizzle mode: CuTe's `Sw<B,4,3>` on byte addresses, B = 0..3. It XORs the
/// 16-byte chunk index (address bits 4..4+B) with the row index (bits 7..7+B) inside a
/// repeat of 8 rows of `span` bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteSwizzle {
    None,
    B32,
    B64,
    B128,
}

impl ByteSwizzle {
    /// From CuTe's B of `Sw<B,4,3>`.
    pub fn from_cute_bits(b: i64) -> Result<ByteSwizzle> {
        Ok(match b {
            0 => ByteSwizzle::None,
            1 => ByteSwizzle::B32,
            2 => ByteSwizzle::B64,
            3 => ByteSwizzle::B128,
            _ => {
                return Err(Error::algebra(format!(
                    "Sw<{b},4,3> is not a hardware swizzle (B must be 0, 1, 2 or 3)"
                )))
            }
        })
    }
    /// CuTe's B of `Sw<B,4,3>`.
    pub fn cute_bits(self) -> i64 {
        match self {
            ByteSwizzle::None => 0,
            ByteSwizzle::B32 => 1,
            ByteSwizzle::B64 => 2,
            ByteSwizzle::B128 => 3,
        }
    }
    /// The swizzle width: bytes of one swizzled row (16 for none: one 16-byte chunk).
    pub fn span_bytes(self) -> i64 {
        16 << self.cute_bits()
    }
    /// Bytes after which the XOR pattern repeats (8 rows of the span; 128 for none).
    pub fn repeat_bytes(self) -> i64 {
        8 * self.span_bytes()
    }
    /// Short name: `none`, `32B`, `64B`, `128B`.
    pub fn name(self) -> &'static str {
        match self {
            ByteSwizzle::None => "none",
            ByteSwizzle::B32 => "32B",
            ByteSwizzle::B64 => "64B",
            ByteSwizzle::B128 => "128B",
        }
    }
    /// The swizzle on byte addresses, `Sw<B,4,3>`.
    pub fn on_bytes(self) -> Swizzle {
        Swizzle {
            b: self.cute_bits() as i32,
            m: 4,
            s: 3,
        }
    }
    /// The same swizzle on element offsets: `Sw<B, 4 - log2(bytes per element), 3>` (for f16
    /// the 128B swizzle `Sw<3,4,3>` on bytes is `Sw<3,3,3>` on elements).
    pub fn on_elements(self, elem: Elem) -> Swizzle {
        Swizzle {
            b: self.cute_bits() as i32,
            m: elem.log2_per_16_bytes() as i32,
            s: 3,
        }
    }
    /// Recognize a swizzle written on element offsets of `elem`. `Sw<0,M,S>` (the identity)
    /// is `None` for any M and S; otherwise the swizzle must be exactly
    /// [`ByteSwizzle::on_elements`] of a mode, and the error says which one was meant.
    pub fn from_element_swizzle(sw: &Swizzle, elem: Elem, op: &str) -> Result<ByteSwizzle> {
        if sw.b == 0 {
            return Ok(ByteSwizzle::None);
        }
        let want_m = elem.log2_per_16_bytes() as i32;
        let shown = format!("Sw<{},{},{}>", sw.b, sw.m, sw.s);
        if !(1..=3).contains(&sw.b) {
            return Err(Error::algebra(format!(
                "{op}: {shown} is not a hardware swizzle: the byte swizzles are Sw<B,4,3> with \
                 B = 1, 2, 3 (32B, 64B, 128B), on {} elements Sw<B,{want_m},3>",
                elem.name()
            )));
        }
        let mode = ByteSwizzle::from_cute_bits(sw.b as i64)?;
        if sw.m != want_m || sw.s != 3 {
            let hint = if sw.m == 4 && sw.s == 3 && want_m != 4 {
                " (Sw<B,4,3> is the swizzle on bytes; the layout is in elements)"
            } else {
                ""
            };
            return Err(Error::algebra(format!(
                "{op}: {shown} is not the {} swizzle on {} elements: that is Sw<{},{want_m},3> \
                 (Sw<{},4,3> on bytes, M = 4 - log2(bytes per element)){hint}",
                mode.name(),
                elem.name(),
                sw.b,
                sw.b
            )));
        }
        Ok(mode)
    }
}

/// The layout-type field (bits 62-63) of a WGMMA shared-memory matrix descriptor:
/// 0 = interleave (no swizzle), 1 = 128B, 2 = 64B, 3 = 32B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WgmmaLayoutType {
    Interleave = 0,
    B128 = 1,
    B64 = 2,
    B32 = 3,
}

impl WgmmaLayoutType {
    /// The 2-bit field value.
    pub fn field(self) -> u64 {
        self as u64
    }
    pub fn from_field(v: u64) -> Result<WgmmaLayoutType> {
        Ok(match v {
            0 => WgmmaLayoutType::Interleave,
            1 => WgmmaLayoutType::B128,
            2 => WgmmaLayoutType::B64,
            3 => WgmmaLayoutType::B32,
            _ => {
                return Err(Error::algebra(format!(
                    "{v} is not a WGMMA layout type (a 2-bit field: 0 interleave, 1 128B, 2 64B, 3 32B)"
                )))
            }
        })
    }
}

impl From<ByteSwizzle> for WgmmaLayoutType {
    fn from(s: ByteSwizzle) -> WgmmaLayoutType {
        match s {
            ByteSwizzle::None => WgmmaLayoutType::Interleave,
            ByteSwizzle::B32 => WgmmaLayoutType::B32,
            ByteSwizzle::B64 => WgmmaLayoutType::B64,
            ByteSwizzle::B128 => WgmmaLayoutType::B128,
        }
    }
}

impl From<WgmmaLayoutType> for ByteSwizzle {
    fn from(t: WgmmaLayoutType) -> ByteSwizzle {
        match t {
            WgmmaLayoutType::Interleave => ByteSwizzle::None,
            WgmmaLayoutType::B32 => ByteSwizzle::B32,
            WgmmaLayoutType::B64 => ByteSwizzle::B64,
            WgmmaLayoutType::B128 => ByteSwizzle::B128,
        }
    }
}

/// The CUDA driver's `CUtensorMapSwizzle`: 0 = none, 1 = 32B, 2 = 64B, 3 = 128B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TmaSwizzle {
    None = 0,
    B32 = 1,
    B64 = 2,
    B128 = 3,
}

impl TmaSwizzle {
    /// The enumerator value passed to `cuTensorMapEncodeTiled`.
    pub fn value(self) -> i64 {
        self as i64
    }
    pub fn from_value(v: i64) -> Result<TmaSwizzle> {
        Ok(match v {
            0 => TmaSwizzle::None,
            1 => TmaSwizzle::B32,
            2 => TmaSwizzle::B64,
            3 => TmaSwizzle::B128,
            _ => {
                return Err(Error::algebra(format!(
                    "{v} is not a CUtensorMapSwizzle handled here (0 none, 1 32B, 2 64B, 3 128B)"
                )))
            }
        })
    }
    /// The enumerator name.
    pub fn enumerator(self) -> &'static str {
        match self {
            TmaSwizzle::None => "CU_TENSOR_MAP_SWIZZLE_NONE",
            TmaSwizzle::B32 => "CU_TENSOR_MAP_SWIZZLE_32B",
            TmaSwizzle::B64 => "CU_TENSOR_MAP_SWIZZLE_64B",
            TmaSwizzle::B128 => "CU_TENSOR_MAP_SWIZZLE_128B",
        }
    }
}

impl From<ByteSwizzle> for TmaSwizzle {
    fn from(s: ByteSwizzle) -> TmaSwizzle {
        match s {
            ByteSwizzle::None => TmaSwizzle::None,
            ByteSwizzle::B32 => TmaSwizzle::B32,
            ByteSwizzle::B64 => TmaSwizzle::B64,
            ByteSwizzle::B128 => TmaSwizzle::B128,
        }
    }
}

impl From<TmaSwizzle> for ByteSwizzle {
    fn from(t: TmaSwizzle) -> ByteSwizzle {
        match t {
            TmaSwizzle::None => ByteSwizzle::None,
            TmaSwizzle::B32 => ByteSwizzle::B32,
            TmaSwizzle::B64 => ByteSwizzle::B64,
            TmaSwizzle::B128 => ByteSwizzle::B128,
        }
    }
}
