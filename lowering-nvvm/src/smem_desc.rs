//! A shared-memory matrix descriptor (wgmma, tcgen05.mma) as i64 IR, from the fields `derive`
//! computes: shared by the lowerings of `layout.wgmma_desc`, `layout.umma_desc` and
//! `layout.wgmma` (pass) and of `layout.tcgen05_mma` (tcgen05).

use crate::build::{Builder, Val};
use crate::derive::SmemDesc;

/// A shared-memory descriptor as i64 IR: the constant when the address and k are static;
/// else every field but the start address is the constant `hi` and
/// `start = ((ptrtoint base + start + k * advance) >> 4) & 0x3fff`.
pub(crate) fn emit_smem_desc<'c>(
    b: &Builder<'c>,
    d: &SmemDesc,
    base: Option<Val<'c>>,
    k: Option<Val<'c>>,
) -> Result<Val<'c>, String> {
    let bits = d.bits;
    if base.is_none() && k.is_none() {
        return Ok(b.c64(bits as i64));
    }
    let hi = b.c64((bits & !0x3fff) as i64);
    let mut start = b.c64(d.start);
    if let Some(p) = base {
        let p = b.ptrtoint(p);
        start = if d.start == 0 { p } else { b.add(p, start) };
    }
    if let Some(k) = k {
        let k64 = b.zext(k, b.i64());
        let advc = b.c64(d.advance);
        let koff = b.mul(k64, advc);
        start = b.add(start, koff);
    }
    let four = b.c64(4);
    let units = b.lshr(start, four);
    let mask = b.c64(0x3fff);
    let field = b.and(units, mask);
    Ok(b.or(hi, field))
}
