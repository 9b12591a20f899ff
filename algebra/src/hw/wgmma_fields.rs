//! The WGMMA shared-memory matrix descriptor as data: its fields (`WgmmaDesc`, offsets in
//! bytes) and their 64-bit encoding, and the operand's major (`Major`). wgmma_desc.rs derives
//! the fields from a layout; wgmma_addr.rs gives the addresses they denote.
//!
//! Descriptor bits: start address (0-13, bytes >> 4), leading byte offset LBO (16-29, >> 4),
//! stride byte offset SBO (32-45, >> 4), base offset (49-51), layout type (62-63:
//! 0 interleave, 1 128B, 2 64B, 3 32B).

use crate::error::{Error, Result};
use crate::hw::swizzle_modes::WgmmaLayoutType;

/// Which dimension of the operand is contiguous in 16-byte core-matrix rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Major {
    K,
    MN,
}

impl Major {
    pub fn parse(name: &str) -> Result<Major> {
        match name {
            "K" => Ok(Major::K),
            "MN" => Ok(Major::MN),
            _ => Err(Error::algebra(format!(
                "unknown major '{name}' (expected K or MN)"
            ))),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Major::K => "K",
            Major::MN => "MN",
        }
    }
}

/// Largest byte value a 14-bit `>> 4` field holds.
pub const FIELD_MAX_BYTES: i64 = ((1 << 14) - 1) << 4;

/// The fields of a descriptor (offsets in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WgmmaDesc {
    pub start_address: i64,
    pub leading_byte_offset: i64,
    pub stride_byte_offset: i64,
    pub base_offset: i64,
    pub layout_type: WgmmaLayoutType,
}

impl WgmmaDesc {
    /// The 64-bit descriptor.
    pub fn encode(&self) -> u64 {
        let f = |bytes: i64| ((bytes as u64) >> 4) & 0x3fff;
        f(self.start_address)
            | (f(self.leading_byte_offset) << 16)
            | (f(self.stride_byte_offset) << 32)
            | (((self.base_offset as u64) & 7) << 49)
            | (self.layout_type.field() << 62)
    }
    /// `0x%016x`.
    pub fn hex(&self) -> String {
        format!("0x{:016x}", self.encode())
    }
}
