//! The shared-memory addresses a WGMMA descriptor denotes (the hardware's canonical layouts),
//! used to check every derived descriptor against its layout by evaluation.
//!
//! For element (mn, k) of the block, in bytes, with T elements per 16 bytes, W = swizzle width
//! / 16, `sw` the byte swizzle `Sw<B,4,3>` applied to the absolute address:
//!
//! ```text
//! K-major   interleave  start + (mn%8)*16   + (mn/8)*SBO + (k/T)*LBO + (k%T)*bytes
//!           swizzled    sw(start + (mn%8)*16W + (mn/8)*SBO + (k/T)*16  + (k%T)*bytes)
//! MN-major  interleave  start + (u)*SBO + (k%8)*16  + (k/8)*LBO + (mn%T)*bytes      u = mn/T
//!           swizzled    sw(start + (u%W)*16 + (u/W)*LBO + (k%8)*16W + (k/8)*SBO + (mn%T)*bytes)
//! ```

use crate::error::{Error, Result};
use crate::hw::elem::Elem;
use crate::hw::swizzle_modes::ByteSwizzle;
use crate::hw::wgmma_fields::{Major, WgmmaDesc};

/// The byte address of element (mn, k) under descriptor `d` (elements of at least 8 bits).
pub fn wgmma_address(d: &WgmmaDesc, elem: Elem, major: Major, mn: i64, k: i64) -> Result<i64> {
    if elem.bits() < 8 {
        return Err(Error::algebra(format!(
            "wgmma_address: {} elements share bytes; addresses are defined for 8-bit and wider \
             elements",
            elem.name()
        )));
    }
    let t = elem.per_16_bytes();
    let bytes = elem.bits() / 8;
    let sw: ByteSwizzle = d.layout_type.into();
    let w = sw.span_bytes() / 16;
    let (lbo, sbo) = (d.leading_byte_offset, d.stride_byte_offset);
    let pre = match (major, sw) {
        (Major::K, ByteSwizzle::None) => {
            (mn % 8) * 16 + (mn / 8) * sbo + (k / t) * lbo + (k % t) * bytes
        }
        (Major::K, _) => (mn % 8) * 16 * w + (mn / 8) * sbo + (k / t) * 16 + (k % t) * bytes,
        (Major::MN, ByteSwizzle::None) => {
            (mn / t) * sbo + (k % 8) * 16 + (k / 8) * lbo + (mn % t) * bytes
        }
        (Major::MN, _) => {
            let u = mn / t;
            (u % w) * 16 + (u / w) * lbo + (k % 8) * 16 * w + (k / 8) * sbo + (mn % t) * bytes
        }
    };
    Ok(sw.on_bytes().apply(d.start_address + pre))
}
