//! UMMA (Blackwell `tcgen05.mma`) shared-memory matrix descriptors, derived from the operand's
//! layout the way CuTe's `make_umma_desc` derives them, every canonical-form rule checked.
//!
//! Descriptor bits (PTX ISA, tcgen05 "shared memory descriptor"):
//!
//! | bits  | field | value |
//! |-------|-------|-------|
//! | 0-13  | start address | bytes >> 4 |
//! | 16-29 | leading byte offset (LBO) | bytes >> 4 |
//! | 32-45 | stride byte offset (SBO) | bytes >> 4 |
//! | 46-48 | fixed constant | 0b001 |
//! | 49-51 | base offset | 0 (as CuTe) |
//! | 52    | LBO mode | 0 (relative offsets, as CuTe) |
//! | 61-63 | layout type | 0 none, 1 128B with 32B atoms, 2 128B, 4 64B, 6 32B |
//!
//! Method: the same canonical forms as the WGMMA descriptor (in 16-byte units, T elements per
//! unit, W = atom row width / 16 bytes):
//!
//! ```text
//! K-major   none           ((8,m),2):((1,SBO),LBO)
//!           32B/64B/128B   ((8,m),2):((W,SBO),1)          LBO field = 1 (CuTe)
//! MN-major  none           ((1,n),(8,k)):((X,SBO),(1,LBO))
//!           32B/64B/128B   ((W,n),(8,k)):((1,LBO),(W,SBO))
//!           128B, 32B atom ((8,n),(4,k)):((1,LBO),(8,SBO))   Sw<2,5,2> on bytes, MN-major only
//! ```
//!
//! The new mode, "128B with 32-byte atoms" (`SWIZZLE_128B_BASE32B`), swizzles 32-byte chunks
//! of 128-byte rows by the row in a repeat of 4 rows (512 bytes): CuTe's `Sw<2,5,2>` on bytes,
//! on elements `Sw<2, log2(32 bytes / element size), 2>`.
//!
//! Every derived descriptor is checked by evaluation: the address the descriptor gives each
//! element ([`umma_address`]) is the layout's.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::smem::{AnySmem, Smem};
use crate::hw::swizzle_modes::ByteSwizzle;
use crate::hw::wgmma_desc::{canonical_offsets, start_address, Atom, Major};
use crate::int;
use crate::layout::Layout;
use crate::swizzle::Swizzle;

/// The layout-type field (bits 61-63) of a UMMA shared-memory descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UmmaLayoutType {
    SwizzleNone = 0,
    Swizzle128BBase32B = 1,
    Swizzle128B = 2,
    Swizzle64B = 4,
    Swizzle32B = 6,
}

impl UmmaLayoutType {
    /// The 3-bit field value.
    pub fn field(self) -> u64 {
        self as u64
    }
    /// Short name: `none`, `128B_base32B`, `128B`, `64B`, `32B`.
    pub fn name(self) -> &'static str {
        match self {
            UmmaLayoutType::SwizzleNone => "none",
            UmmaLayoutType::Swizzle128BBase32B => "128B_base32B",
            UmmaLayoutType::Swizzle128B => "128B",
            UmmaLayoutType::Swizzle64B => "64B",
            UmmaLayoutType::Swizzle32B => "32B",
        }
    }
    /// The swizzle on byte addresses: `Sw<B,4,3>` of the Hopper modes, `Sw<2,5,2>` for the
    /// 32-byte atom.
    pub fn on_bytes(self) -> Swizzle {
        match self.hopper_mode() {
            Some(m) => m.on_bytes(),
            None => Swizzle { b: 2, m: 5, s: 2 },
        }
    }
    /// The Hopper swizzle mode of this layout type (`None` for the 32-byte-atom 128B swizzle,
    /// which Hopper does not have).
    pub fn hopper_mode(self) -> Option<ByteSwizzle> {
        match self {
            UmmaLayoutType::SwizzleNone => Some(ByteSwizzle::None),
            UmmaLayoutType::Swizzle32B => Some(ByteSwizzle::B32),
            UmmaLayoutType::Swizzle64B => Some(ByteSwizzle::B64),
            UmmaLayoutType::Swizzle128B => Some(ByteSwizzle::B128),
            UmmaLayoutType::Swizzle128BBase32B => None,
        }
    }
    /// The canonical-form atom: 16-byte units per atom row and K-rows per group.
    fn atom(self) -> Atom {
        match self.hopper_mode() {
            Some(m) => Atom {
                whole_k: true,
                ..Atom::of(m, OP)
            },
            None => Atom {
                op: OP,
                name: "128B with 32B atom",
                swizzled: true,
                w: 8,
                k_rows: 4,
                whole_k: true,
            },
        }
    }
    /// Recognize the swizzle (on element offsets of `elem`) of a shared-memory operand.
    pub fn from_element_swizzle(sw: &Swizzle, elem: Elem) -> Result<UmmaLayoutType> {
        let l = elem.log2_per_16_bytes() as i32;
        if sw.b == 2 && sw.s == 2 && sw.m == l + 1 {
            return Ok(UmmaLayoutType::Swizzle128BBase32B);
        }
        if sw.b == 2 && sw.s == 2 {
            return Err(Error::algebra(format!(
                "{OP}: Sw<2,{},2> is not the 128B swizzle with 32-byte atoms on {} elements: \
                 that is Sw<2,{},2> (Sw<2,5,2> on bytes)",
                sw.m,
                elem.name(),
                l + 1
            )));
        }
        Ok(ByteSwizzle::from_element_swizzle(sw, elem, OP)?.into())
    }
}

impl From<ByteSwizzle> for UmmaLayoutType {
    fn from(s: ByteSwizzle) -> UmmaLayoutType {
        match s {
            ByteSwizzle::None => UmmaLayoutType::SwizzleNone,
            ByteSwizzle::B32 => UmmaLayoutType::Swizzle32B,
            ByteSwizzle::B64 => UmmaLayoutType::Swizzle64B,
            ByteSwizzle::B128 => UmmaLayoutType::Swizzle128B,
        }
    }
}

const OP: &str = "umma_desc";

/// The fields of a UMMA shared-memory descriptor (offsets in bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UmmaDesc {
    pub start_address: i64,
    pub leading_byte_offset: i64,
    pub stride_byte_offset: i64,
    pub base_offset: i64,
    pub lbo_mode: i64,
    pub layout_type: UmmaLayoutType,
}

/// The fixed constant 0b001 of bits 46-48.
pub const UMMA_DESC_VERSION: u64 = 1;

impl UmmaDesc {
    /// The 64-bit descriptor.
    pub fn encode(&self) -> u64 {
        let f = |bytes: i64| ((bytes as u64) >> 4) & 0x3fff;
        f(self.start_address)
            | (f(self.leading_byte_offset) << 16)
            | (f(self.stride_byte_offset) << 32)
            | (UMMA_DESC_VERSION << 46)
            | (((self.base_offset as u64) & 7) << 49)
            | (((self.lbo_mode as u64) & 1) << 52)
            | (self.layout_type.field() << 61)
    }
    /// `0x%016x`.
    pub fn hex(&self) -> String {
        format!("0x{:016x}", self.encode())
    }
}

/// The descriptor of the UMMA operand block `smem` (layout (MN, K) of one instruction's K in
/// elements, swizzle included) at shared-memory byte address `byte_address`.
pub fn umma_desc(elem: Elem, major: Major, smem: &Func, byte_address: i64) -> Result<UmmaDesc> {
    check_umma_storage(elem)?;
    let s = split(smem, elem)?;
    if s.layout_type == UmmaLayoutType::Swizzle128BBase32B && major == Major::K {
        return Err(Error::algebra(format!(
            "{OP}: the 128B swizzle with 32-byte atoms (Sw<2,5,2> on bytes) exists only for \
             MN-major operands (PTX: SWIZZLE_128B_BASE32B is not valid for K-major)"
        )));
    }
    let (lbo, sbo) = canonical_offsets(s.layout_type.atom(), elem, major, &s.layout)?;
    let start = start_address(OP, elem, s.offset, byte_address)?;
    let d = UmmaDesc {
        start_address: start,
        leading_byte_offset: lbo,
        stride_byte_offset: sbo,
        base_offset: 0,
        lbo_mode: 0,
        layout_type: s.layout_type,
    };
    check_by_evaluation(&d, elem, major, &s, byte_address)?;
    Ok(d)
}

/// Descriptor of the operand block `k` (one instruction's K: 32 bytes) of a tile `(MN,
/// K_total)` at `byte_address`, and the per-k advance of the start address in bytes (0 when
/// the tile has no block k+1). The block is the tile's K columns `[k K_instr, (k+1) K_instr)`
/// (see `wgmma_k_block`; the same slicing, any UMMA swizzle).
pub fn umma_desc_k(
    elem: Elem,
    major: Major,
    tile: &Func,
    byte_address: i64,
    k: i64,
) -> Result<(UmmaDesc, i64)> {
    check_umma_storage(elem)?;
    split(tile, elem)?;
    let block = |k| crate::hw::wgmma_kblock::k_block(OP, elem, tile, k);
    let d = umma_desc(elem, major, &block(k)?, byte_address)?;
    let advance = match block(k + 1) {
        Ok(next) => umma_desc(elem, major, &next, byte_address)?.start_address - d.start_address,
        Err(_) => 0,
    };
    Ok((d, advance))
}

/// The element types a UMMA operand can have in shared memory (`f32` is not one: 32-bit
/// inputs are tf32; `b1` has no dense tcgen05.mma kind here).
pub fn check_umma_storage(elem: Elem) -> Result<()> {
    match elem {
        Elem::F32 => Err(Error::algebra(format!(
            "{OP}: f32 is not a tcgen05.mma operand type (use tf32 for 32-bit inputs)"
        ))),
        Elem::B1 => Err(Error::algebra(format!(
            "{OP}: b1 operands are not supported (no dense tcgen05.mma kind for b1 here)"
        ))),
        _ => Ok(()),
    }
}

/// A UMMA shared-memory operand: layout type, element offset, layout.
#[derive(Debug, Clone, PartialEq, Eq)]
struct UmmaSmem {
    layout_type: UmmaLayoutType,
    offset: i64,
    layout: Layout,
}

fn split(f: &Func, elem: Elem) -> Result<UmmaSmem> {
    let a = AnySmem::split(f, OP)?;
    let layout_type = match &a.swizzle {
        None => UmmaLayoutType::SwizzleNone,
        Some(sw) => UmmaLayoutType::from_element_swizzle(sw, elem)?,
    };
    // Keep the Hopper split's checks (e.g. the form `Sw o off o L`) for the Hopper modes.
    if layout_type != UmmaLayoutType::Swizzle128BBase32B {
        Smem::split(f, elem, OP)?;
    }
    Ok(UmmaSmem {
        layout_type,
        offset: a.offset,
        layout: a.layout,
    })
}

/// The byte address a descriptor gives element (mn, k) of the block (for elements narrower
/// than a byte, the byte holding it). With T elements per 16 bytes, `b` bits per element, W
/// 16-byte units per atom row, R K-rows per group (8; 4 for the 32-byte atom) and `sw` the
/// layout type's byte swizzle on the absolute address:
///
/// ```text
/// K-major   none      start + (mn%8)*16   + (mn/8)*SBO + (k/T)*LBO + (k%T)*b/8
///           swizzled  sw(start + (mn%8)*16W + (mn/8)*SBO + (k/T)*16  + (k%T)*b/8)
/// MN-major  none      start + (mn/T)*SBO + (k%8)*16  + (k/8)*LBO + (mn%T)*b/8
///           swizzled  sw(start + (u%W)*16 + (u/W)*LBO + (k%R)*16W + (k/R)*SBO + (mn%T)*b/8),
///                     u = mn/T
/// ```
pub fn umma_address(d: &UmmaDesc, elem: Elem, major: Major, mn: i64, k: i64) -> Result<i64> {
    let t = elem.per_16_bytes();
    let bits = elem.bits();
    let atom = d.layout_type.atom();
    let (w, r) = (atom.w, atom.k_rows);
    let (lbo, sbo) = (d.leading_byte_offset, d.stride_byte_offset);
    let (units, within) = match (major, atom.swizzled) {
        (Major::K, false) => ((mn % 8) * 16 + (mn / 8) * sbo + (k / t) * lbo, k % t),
        (Major::K, true) => ((mn % 8) * 16 * w + (mn / 8) * sbo + (k / t) * 16, k % t),
        (Major::MN, false) => ((mn / t) * sbo + (k % 8) * 16 + (k / 8) * lbo, mn % t),
        (Major::MN, true) => {
            let u = mn / t;
            (
                (u % w) * 16 + (u / w) * lbo + (k % r) * 16 * w + (k / r) * sbo,
                mn % t,
            )
        }
    };
    let at = int::add(d.start_address, int::add(units, within * bits / 8)?)?;
    Ok(d.layout_type.on_bytes().apply(at))
}

/// Post-condition: the addresses the descriptor denotes are the layout's, element by element
/// (the first 256 MN rows, the first instruction's K: the block the descriptor describes).
fn check_by_evaluation(
    d: &UmmaDesc,
    elem: Elem,
    major: Major,
    s: &UmmaSmem,
    byte_address: i64,
) -> Result<()> {
    let bits = elem.bits();
    let l = &s.layout;
    let (mn_n, k_n) = (l.mode(0)?.size()?, l.mode(1)?.size()?);
    let k_n = k_n.min(256 / bits);
    let m0 = l.mode(0)?.int_leaves(OP)?;
    let m1 = l.mode(1)?.int_leaves(OP)?;
    let sw = d.layout_type.on_bytes();
    for mn in 0..mn_n.min(256) {
        let a = crate::layout::eval_leaves(&m0, mn)?;
        for k in 0..k_n {
            let lk = int::add(int::add(a, crate::layout::eval_leaves(&m1, k)?)?, s.offset)?;
            let bit = int::add(int::mul(byte_address, 8)?, int::mul(lk, bits)?)?;
            let at = bit.div_euclid(8);
            let want = if at < 0 { at } else { sw.apply(at) };
            let got = umma_address(d, elem, major, mn, k)?;
            if got != want {
                return Err(Error::algebra(format!(
                    "{OP}: internal check failed: descriptor {} puts element ({mn},{k}) at byte \
                     {got}, the layout at byte {want} (please report this input)",
                    d.hex()
                )));
            }
        }
    }
    Ok(())
}
