//! Decoding a shared-memory matrix descriptor (WGMMA or UMMA) back into the addresses it
//! denotes, written from the PTX ISA ("Matrix Descriptor Format" of wgmma and of tcgen05) and
//! apart from the encoders of `layout_algebra::hw`.
//!
//! Fields (bytes are the field value << 4):
//!
//! | bits | WGMMA | UMMA (tcgen05) |
//! |------|-------|----------------|
//! | 0-13 | start address | start address |
//! | 16-29 | leading byte offset (LBO) | LBO |
//! | 32-45 | stride byte offset (SBO) | SBO |
//! | 46-48 | - | fixed 0b001 |
//! | 49-51 | base offset | base offset |
//! | 52 | - | LBO mode (0: relative) |
//! | 62-63 / 61-63 | layout type 0 none, 1 128B, 2 64B, 3 32B | 0 none, 1 128B with 32B atoms, 2 128B, 4 64B, 6 32B |
//!
//! Addressing (the canonical layouts): a core matrix is 8 rows of 16 bytes; T = 128 / bits
//! elements fill a 16-byte row; a swizzled layout has atoms of 8 rows (4 for the 32-byte atom)
//! of W x 16 bytes (W = 8, 4, 2 for 128B, 64B, 32B; 8 for the 32-byte atom). Element (mn, k)
//! of the block, with `e(x) = floor(x * bits / 8)` the byte of element x inside a row:
//!
//! ```text
//! K-major,  none:     start + (mn%8)*16  + (mn/8)*SBO + (k/T)*LBO + e(k%T)
//! K-major,  swizzled: start + (mn%8)*16W + (mn/8)*SBO + (k/T)*16  + e(k%T)
//! MN-major, none:     start + (mn/T)*SBO + (k%8)*16  + (k/8)*LBO + e(mn%T)
//! MN-major, swizzled: start + (u%W)*16 + (u/W)*LBO + (k%R)*16W + (k/R)*SBO + e(mn%T), u = mn/T
//! ```
//!
//! then the layout type's XOR swizzle on the absolute byte address ([`XorSwizzle`]). A base
//! offset other than 0 (a swizzle pattern not aligned to its repeat) and the absolute LBO mode
//! are not modeled: decoding them is an error that says so, never a guess.

use layout_algebra::hw::Major;
use layout_relation::affine_f2::{AffineF2, NoCarrySum};

use crate::isl_text::{box_bounds, Constraints};
use crate::xor_swizzle::XorSwizzle;

/// Which descriptor format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescFormat {
    Wgmma,
    Umma,
}

/// The fields of a descriptor, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecodedDesc {
    pub start: i64,
    pub lbo: i64,
    pub sbo: i64,
    /// The swizzle and its atom: None for no swizzle; else (swizzle, W, R).
    pub swizzle: Option<(XorSwizzle, i64, i64)>,
    pub layout_name: &'static str,
}

fn field(bits: u64, at: u32) -> i64 {
    (((bits >> at) & 0x3fff) << 4) as i64
}

/// Read the fields of `bits`; an unknown or unmodeled field value is an error.
pub fn decode(format: DescFormat, bits: u64) -> Result<DecodedDesc, String> {
    let base_offset = (bits >> 49) & 7;
    if base_offset != 0 {
        return Err(format!(
            "descriptor {bits:#018x}: base offset {base_offset} (a swizzle pattern not aligned \
             to its repeat) is not modeled by the decoder"
        ));
    }
    let (sw, name) = match format {
        DescFormat::Wgmma => {
            if bits & (0x3 << 14 | 0x3 << 30 | 0x7 << 46 | 0x3ff << 52) != 0 {
                return Err(format!(
                    "descriptor {bits:#018x}: reserved WGMMA descriptor bits are set"
                ));
            }
            match bits >> 62 {
                0 => (None, "interleave (none)"),
                1 => (Some((XorSwizzle::B128, 8, 8)), "128B"),
                2 => (Some((XorSwizzle::B64, 4, 8)), "64B"),
                _ => (Some((XorSwizzle::B32, 2, 8)), "32B"),
            }
        }
        DescFormat::Umma => {
            let version = (bits >> 46) & 7;
            if version != 1 {
                return Err(format!(
                    "descriptor {bits:#018x}: bits 46-48 are {version:#b}, the tcgen05 \
                     descriptor requires 0b001"
                ));
            }
            if (bits >> 52) & 1 != 0 {
                return Err(format!(
                    "descriptor {bits:#018x}: LBO mode 1 (absolute) is not modeled by the decoder"
                ));
            }
            match bits >> 61 {
                0 => (None, "none"),
                1 => (Some((XorSwizzle::B128_ATOM32, 8, 4)), "128B with 32B atoms"),
                2 => (Some((XorSwizzle::B128, 8, 8)), "128B"),
                4 => (Some((XorSwizzle::B64, 4, 8)), "64B"),
                6 => (Some((XorSwizzle::B32, 2, 8)), "32B"),
                t => {
                    return Err(format!(
                        "descriptor {bits:#018x}: layout type {t} is not a tcgen05 layout type"
                    ))
                }
            }
        }
    };
    Ok(DecodedDesc {
        start: field(bits, 0),
        lbo: field(bits, 16),
        sbo: field(bits, 32),
        swizzle: sw,
        layout_name: name,
    })
}

/// The relation `{ [mn, k] -> [byte] }` the descriptor denotes over the block
/// `0 <= mn < mn_extent`, `0 <= k < k_extent` of `bits`-bit elements.
pub fn relation_text(
    d: &DecodedDesc,
    major: Major,
    elem_bits: i64,
    mn_extent: i64,
    k_extent: i64,
) -> Result<String, String> {
    if elem_bits <= 0 || 128 % elem_bits != 0 {
        return Err(format!(
            "{elem_bits}-bit elements do not tile a 16-byte core-matrix row"
        ));
    }
    let t = 128 / elem_bits;
    let mut c = Constraints::new();
    let within_row = |c: &mut Constraints, x: &str| {
        let v = c.var("e");
        // v = floor(x * bits / 8)
        c.push(format!("8*{v} <= {elem_bits}*{x} < 8*{v} + 8"));
        v
    };
    let (lbo, sbo) = (d.lbo, d.sbo);
    let pre = match (major, d.swizzle) {
        (Major::K, None) => {
            let (mq, mr) = c.divmod("mn", 8, "m");
            let (kq, kr) = c.divmod("k", t, "k");
            let e = within_row(&mut c, &kr);
            format!("{mr}*16 + {sbo}*{mq} + {lbo}*{kq} + {e}")
        }
        (Major::K, Some((_, w, _))) => {
            let (mq, mr) = c.divmod("mn", 8, "m");
            let (kq, kr) = c.divmod("k", t, "k");
            let e = within_row(&mut c, &kr);
            format!("{}*{mr} + {sbo}*{mq} + 16*{kq} + {e}", 16 * w)
        }
        (Major::MN, None) => {
            let (u, mr) = c.divmod("mn", t, "m");
            let (kq, kr) = c.divmod("k", 8, "k");
            let e = within_row(&mut c, &mr);
            format!("{sbo}*{u} + 16*{kr} + {lbo}*{kq} + {e}")
        }
        (Major::MN, Some((_, w, r))) => {
            let (u, mr) = c.divmod("mn", t, "m");
            let (uq, ur) = c.divmod(&u, w, "u");
            let (kq, kr) = c.divmod("k", r, "k");
            let e = within_row(&mut c, &mr);
            format!("16*{ur} + {lbo}*{uq} + {}*{kr} + {sbo}*{kq} + {e}", 16 * w)
        }
    };
    let p = c.var("p");
    c.push(format!("{p} = {} + {pre}", d.start));
    let out = match d.swizzle {
        None => p,
        Some((sw, _, _)) => sw.apply(&mut c, &p),
    };
    c.push(format!("a = {out}"));
    let ins = ["mn".to_string(), "k".to_string()];
    Ok(c.map(
        &ins,
        &["a".to_string()],
        &box_bounds(&ins, &[mn_extent, k_extent]),
    ))
}

/// The map of [`relation_text`] as an affine map over F2 on the bits of (mn, k), when it is
/// one: power-of-two extents and element width, and the terms of the addressing formula (the
/// same table, term by term) on pairwise disjoint bits, so that their sum never carries; the
/// XOR swizzle and the byte scaling are linear. None otherwise (then only ISL decides).
pub fn f2_form(
    d: &DecodedDesc,
    major: Major,
    elem_bits: i64,
    mn_extent: i64,
    k_extent: i64,
) -> Option<AffineF2> {
    let map = formula(d, major, elem_bits, mn_extent, k_extent)?.finish()?;
    Some(match d.swizzle {
        None => map,
        Some((sw, _, _)) => map.then(|v| sw.apply_bits(v)),
    })
}

/// The byte of element (mn, k) of the block by the map of [`relation_text`], at one point (the
/// formula's integer sum, carries and all, then the swizzle), for power-of-two extents and
/// element widths; None otherwise or outside the block.
#[allow(clippy::too_many_arguments)]
pub fn address(
    d: &DecodedDesc,
    major: Major,
    elem_bits: i64,
    mn_extent: i64,
    k_extent: i64,
    mn: i64,
    k: i64,
) -> Option<i64> {
    if !(0..mn_extent).contains(&mn) || !(0..k_extent).contains(&k) {
        return None;
    }
    let p = formula(d, major, elem_bits, mn_extent, k_extent)?.eval(&[mn, k])?;
    if !(0..1 << 62).contains(&p) {
        return None;
    }
    Some(match d.swizzle {
        None => p,
        Some((sw, _, _)) => sw.apply_bits(p as u64) as i64,
    })
}

/// The addressing formula of the module comment, term by term, before the swizzle.
fn formula(
    d: &DecodedDesc,
    major: Major,
    elem_bits: i64,
    mn_extent: i64,
    k_extent: i64,
) -> Option<NoCarrySum> {
    let log2 = |x: i64| (x > 0 && x & (x - 1) == 0).then(|| x.trailing_zeros());
    let (a, b) = (log2(mn_extent)?, log2(k_extent)?);
    let eb = log2(elem_bits)?;
    if elem_bits > 128 {
        return None;
    }
    let lt = 7 - eb; // log2 T, T = 128 / bits elements in a 16-byte row
    let mut s = NoCarrySum::new(vec![a, b], d.start);
    // e(x mod T) = floor(x * bits / 8) over the low log2 T bits of input x.
    let within_row = |s: &mut NoCarrySum, x: usize| {
        if eb >= 3 {
            s.field(x, 0, Some(lt), elem_bits / 8);
        } else {
            s.field(x, 3 - eb, Some(lt - (3 - eb)), 1);
        }
    };
    let (mn, k) = (0usize, 1usize);
    let (lbo, sbo) = (d.lbo, d.sbo);
    match (major, d.swizzle) {
        (Major::K, None) => {
            s.field(mn, 0, Some(3), 16);
            s.field(mn, 3, None, sbo);
            s.field(k, lt, None, lbo);
            within_row(&mut s, k);
        }
        (Major::K, Some((_, w, _))) => {
            s.field(mn, 0, Some(3), 16 * w);
            s.field(mn, 3, None, sbo);
            s.field(k, lt, None, 16);
            within_row(&mut s, k);
        }
        (Major::MN, None) => {
            s.field(mn, lt, None, sbo);
            s.field(k, 0, Some(3), 16);
            s.field(k, 3, None, lbo);
            within_row(&mut s, mn);
        }
        (Major::MN, Some((_, w, r))) => {
            let (lw, lr) = (log2(w)?, log2(r)?);
            s.field(mn, lt, Some(lw), 16);
            s.field(mn, lt + lw, None, lbo);
            s.field(k, 0, Some(lr), 16 * w);
            s.field(k, lr, None, sbo);
            within_row(&mut s, mn);
        }
    }
    Some(s)
}
