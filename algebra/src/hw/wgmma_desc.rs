//! WGMMA shared-memory matrix descriptors, derived from the operand's layout the way CuTe's
//! `make_gmma_desc` derives them, with every canonical-form rule checked.
//!
//! Descriptor bits: start address (0-13, bytes >> 4), leading byte offset LBO (16-29, >> 4),
//! stride byte offset SBO (32-45, >> 4), base offset (49-51), layout type (62-63:
//! 0 interleave, 1 128B, 2 64B, 3 32B).
//!
//! Method. The operand is one WGMMA block, a rank-2 layout (MN, K) in elements, with the
//! swizzle on element offsets. It is recast to 16-byte units (T = 16 bytes / element size
//! elements per unit; the T elements of a unit must be contiguous), and matched against the
//! canonical forms below (CuTe's, in units of 16 bytes; W = swizzle width / 16 = 1, 2, 4, 8):
//!
//! ```text
//! K-major   interleave  ((8,m),2):((1,SBO),LBO)
//!           32B/64B/128B ((8,m),2):((W,SBO),1)      LBO field = 1 (CuTe)
//! MN-major  interleave  ((1,n),(8,k)):((X,SBO),(1,LBO))
//!           32B/64B/128B ((W,n),(8,k)):((1,LBO),(W,SBO))
//! ```
//!
//! K spans 32 bytes (2 units) for K-major and 32 bytes of K (256 / bits elements) for MN-major:
//! one instruction's K. A mode of extent 1 (m, n or k = 1) has stride 0, as in CuTe.
//!
//! Addresses follow CuTe's shared-memory pointers: the swizzle acts on absolute byte addresses,
//! the descriptor start is `byte_address + bytes(off)`, and the base offset is 0 (CuTe's
//! `make_gmma_desc` always writes 0).

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::smem::Smem;
use crate::hw::swizzle_modes::ByteSwizzle;
use crate::hw::wgmma_addr::wgmma_address;
pub use crate::hw::wgmma_fields::{Major, WgmmaDesc, FIELD_MAX_BYTES};
use crate::int;
use crate::layout::Layout;
use crate::ops::coalesce::coalesce;

/// The instruction-level rules on an operand's element type and major (for the wgmma op
/// verifier; `wgmma_desc` itself encodes any block, as CuTe's `make_gmma_desc` does):
/// MN-major (transposed) shared-memory operands exist only for f16/bf16, and f32 is not a
/// wgmma input type (tf32 is).
pub fn check_wgmma_operand(elem: Elem, major: Major) -> Result<()> {
    if elem == Elem::F32 {
        return Err(Error::algebra(
            "wgmma: f32 is not a wgmma operand type (use tf32 for 32-bit inputs)",
        ));
    }
    if major == Major::MN && !matches!(elem, Elem::F16 | Elem::Bf16) {
        return Err(Error::algebra(format!(
            "wgmma: {} operands must be K-major in shared memory (MN-major, i.e. transposed, \
             operands exist only for f16 and bf16)",
            elem.name()
        )));
    }
    Ok(())
}

/// The descriptor of the WGMMA operand block `smem` (layout (MN, K) in elements, swizzle
/// included) at shared-memory byte address `byte_address`.
pub fn wgmma_desc(elem: Elem, major: Major, smem: &Func, byte_address: i64) -> Result<WgmmaDesc> {
    let op = "wgmma_desc";
    let s = Smem::split(smem, elem, op)?;
    let atom = Atom::of(s.swizzle, op);
    let (lbo, sbo) = canonical_offsets(atom, elem, major, &s.layout)?;
    let start = start_address(op, elem, s.offset, byte_address)?;
    let d = WgmmaDesc {
        start_address: start,
        leading_byte_offset: lbo,
        stride_byte_offset: sbo,
        base_offset: 0,
        layout_type: s.swizzle.into(),
    };
    check_by_evaluation(&d, elem, major, &s, byte_address)?;
    Ok(d)
}

/// The swizzle atom a canonical form is matched against (shared by the WGMMA and the UMMA
/// descriptors): `w` 16-byte units per atom row (1 without a swizzle), `k_rows` K-rows per
/// core-matrix group of an MN-major operand (8; 4 for UMMA's 128B swizzle with 32B atoms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Atom {
    pub op: &'static str,
    pub name: &'static str,
    pub swizzled: bool,
    pub w: i64,
    pub k_rows: i64,
    /// Accept a tile whose K extent is a multiple of one instruction's K (CuTe's
    /// `make_umma_desc`: the descriptor of its first K block); else exactly one block.
    pub whole_k: bool,
}

impl Atom {
    /// The atom of a Hopper swizzle mode.
    pub fn of(sw: ByteSwizzle, op: &'static str) -> Atom {
        Atom {
            op,
            name: sw.name(),
            swizzled: sw != ByteSwizzle::None,
            w: sw.span_bytes() / 16,
            k_rows: 8,
            whole_k: false,
        }
    }
}

/// The descriptor start address: `byte_address + bytes(offset)`, checked to be 16-byte aligned
/// and to fit the 14-bit field.
pub(crate) fn start_address(
    op: &'static str,
    elem: Elem,
    offset: i64,
    byte_address: i64,
) -> Result<i64> {
    if byte_address < 0 {
        return Err(Error::algebra(format!(
            "{op}: the byte address {byte_address} is negative"
        )));
    }
    let off_bytes = elem.bytes(offset, &format!("{op}: the layout offset"))?;
    let start = int::add(byte_address, off_bytes)?;
    if start < 0 || start % 16 != 0 {
        return Err(Error::algebra(format!(
            "{op}: misaligned base: the block starts at byte {start} (byte address \
             {byte_address} + offset {offset} elements = {off_bytes} bytes), which is not a \
             multiple of 16 bytes"
        )));
    }
    if start > FIELD_MAX_BYTES {
        return Err(Error::algebra(format!(
            "{op}: the start address {start} does not fit the 14-bit field (shared-memory \
             addresses up to {FIELD_MAX_BYTES} bytes)"
        )));
    }
    Ok(start)
}

/// LBO and SBO in bytes of the operand block `l` ((MN, K) in elements) matched against the
/// canonical form of `atom` and `major` (the table of the module comment).
pub(crate) fn canonical_offsets(
    atom: Atom,
    elem: Elem,
    major: Major,
    l: &Layout,
) -> Result<(i64, i64)> {
    let op = atom.op;
    if l.rank() != 2 || l.shape.is_leaf() {
        return Err(Error::algebra(format!(
            "{op}: the operand layout must have rank 2 (MN, K), found {} of rank {}",
            crate::text::print_layout(l),
            if l.shape.is_leaf() { 1 } else { l.rank() }
        )));
    }
    let mn = mode_leaves(op, l, 0)?;
    let k = mode_leaves(op, l, 1)?;
    let t = elem.per_16_bytes();
    let w = atom.w;
    let ctx = Ctx { elem, major, atom };

    let (lbo_units, sbo_units) = match major {
        Major::K => {
            let k_units = recast_contiguous(&k, t, &ctx, "K", 1)?;
            let mn_units = recast_other(&mn, t, &ctx, "MN", 0)?;
            let k_size = size_of(&k)?;
            if atom.whole_k && (k_size == 0 || k_size % (2 * t) != 0) {
                return Err(Error::algebra(format!(
                    "{op}: K-major tile must span a multiple of 32 bytes along K (2 core-matrix \
                     columns of 16 bytes = {} {} elements, one instruction's K; the descriptor \
                     describes the first 32 bytes), but mode 1 (K) has {k_size} elements",
                    2 * t,
                    elem.name()
                )));
            }
            if !atom.whole_k && k_size != 2 * t {
                return Err(Error::algebra(format!(
                    "{op}: K-major block must span 32 bytes along K (2 core-matrix columns of 16 \
                     bytes = {} {} elements, one instruction's K), but mode 1 (K) has {k_size} \
                     elements; pass one K block (slice the tile per k)",
                    2 * t,
                    elem.name()
                )));
            }
            let mn_size = size_of(&mn_units)?;
            if mn_size % 8 != 0 {
                return Err(Error::algebra(format!(
                    "{op}: not an 8-row core-matrix arrangement: the MN extent {} is not a \
                     multiple of 8 rows",
                    mn_size
                )));
            }
            let (s00, rest) = prefix(&mn_units, 8).ok_or_else(|| {
                not_core(
                    &ctx,
                    "the 8 rows of a core matrix along MN (mode 0)",
                    &mn,
                    t,
                    false,
                )
            })?;
            check_row_pitch(&ctx, "rows", 8, s00)?;
            let (_, sbo) = single(&rest).ok_or_else(|| {
                uneven(
                    &ctx,
                    "the 8-row core-matrix groups along MN",
                    "stride byte offset",
                    &rest,
                )
            })?;
            // The two 16-byte columns of the first K block, then (a whole tile) the other K
            // blocks as one mode (CuTe's canonical profile ((8,m),(2,k))).
            let (kd, k_rest) = prefix(&k_units, 2)
                .filter(|(_, rest)| single(rest).is_some())
                .ok_or_else(|| {
                    uneven(
                        &ctx,
                        "the 16-byte core-matrix columns along K",
                        "leading byte offset",
                        &k_units,
                    )
                })?;
            debug_assert!(atom.whole_k || k_rest.is_empty());
            let lbo = if !atom.swizzled {
                kd
            } else {
                if kd != 1 {
                    return Err(Error::algebra(format!(
                        "{op}: {}: the two 16-byte halves of the 32-byte K block must be adjacent \
                         (16 bytes apart) inside a swizzle atom row, found {} bytes apart",
                        ctx.what(),
                        kd.saturating_mul(16)
                    )));
                }
                1
            };
            (lbo, sbo)
        }
        Major::MN => {
            let mn_units = recast_contiguous(&mn, t, &ctx, "MN", 0)?;
            let k_units = recast_other(&k, t, &ctx, "K", 1)?;
            let k_size = size_of(&k)?;
            let want_k = 256 / elem.bits();
            if atom.whole_k && (k_size == 0 || k_size % want_k != 0) {
                return Err(Error::algebra(format!(
                    "{op}: MN-major tile must span a multiple of one instruction's K = 32 bytes \
                     of K = {want_k} {} elements (the descriptor describes the first), but mode \
                     1 (K) has {k_size} elements",
                    elem.name()
                )));
            }
            if !atom.whole_k && k_size != want_k {
                return Err(Error::algebra(format!(
                    "{op}: MN-major block must span one instruction's K = 32 bytes of K = \
                     {want_k} {} elements, but mode 1 (K) has {k_size} elements; pass one K \
                     block (slice the tile per k)",
                    elem.name()
                )));
            }
            let mn_size = size_of(&mn_units)?;
            if mn_size % w != 0 {
                return Err(Error::algebra(format!(
                    "{op}: {}: the MN extent ({} bytes) is not a multiple of the swizzle atom \
                     width {} bytes",
                    ctx.what(),
                    mn_size.saturating_mul(16),
                    w * 16
                )));
            }
            let (s00, mn_rest) = prefix(&mn_units, w).ok_or_else(|| {
                not_core(&ctx, "one swizzle atom row along MN (mode 0)", &mn, t, true)
            })?;
            if atom.swizzled && s00 != 1 {
                return Err(Error::algebra(format!(
                    "{op}: {}: the {w} 16-byte chunks of a swizzle atom row ({} bytes) must be \
                     contiguous along MN, found them {} bytes apart",
                    ctx.what(),
                    w * 16,
                    s00.saturating_mul(16)
                )));
            }
            let (s10, k_rest) = prefix(&k_units, atom.k_rows).ok_or_else(|| {
                not_core(&ctx, "the K-rows of a core matrix (mode 1)", &k, t, false)
            })?;
            check_row_pitch(&ctx, "K-rows", atom.k_rows, s10)?;
            let (_, d01) = single(&mn_rest).ok_or_else(|| {
                let f = if !atom.swizzled {
                    "stride byte offset"
                } else {
                    "leading byte offset"
                };
                uneven(&ctx, "the core-matrix columns along MN", f, &mn_rest)
            })?;
            let (_, d11) = single(&k_rest).ok_or_else(|| {
                let f = if !atom.swizzled {
                    "leading byte offset"
                } else {
                    "stride byte offset"
                };
                uneven(&ctx, "the 8-row core-matrix groups along K", f, &k_rest)
            })?;
            if !atom.swizzled {
                (d11, d01)
            } else {
                (d01, d11)
            }
        }
    };

    let lbo = int::mul(lbo_units, 16)?;
    let sbo = int::mul(sbo_units, 16)?;
    check_field(op, "leading byte offset", lbo)?;
    check_field(op, "stride byte offset", sbo)?;
    Ok((lbo, sbo))
}

/// Post-condition: the addresses the descriptor denotes are the layout's, element by element
/// (the first 256 MN rows; b1 shares bytes and is checked through its 16-byte units only).
fn check_by_evaluation(
    d: &WgmmaDesc,
    elem: Elem,
    major: Major,
    s: &Smem,
    byte_address: i64,
) -> Result<()> {
    if elem.bits() < 8 {
        return Ok(());
    }
    let bytes = elem.bits() / 8;
    let l = &s.layout;
    let (mn_n, k_n) = (l.mode(0)?.size()?, l.mode(1)?.size()?);
    let base = int::add(byte_address, int::mul(s.offset, bytes)?)?;
    let m0 = l.mode(0)?.int_leaves("wgmma_desc")?;
    let m1 = l.mode(1)?.int_leaves("wgmma_desc")?;
    for mn in 0..mn_n.min(256) {
        let a = crate::layout::eval_leaves(&m0, mn)?;
        for k in 0..k_n {
            let lk = int::add(a, crate::layout::eval_leaves(&m1, k)?)?;
            let at = int::add(base, int::mul(lk, bytes)?)?;
            let want = if at < 0 {
                at
            } else {
                s.swizzle.on_bytes().apply(at)
            };
            let got = wgmma_address(d, elem, major, mn, k)?;
            if got != want {
                return Err(Error::algebra(format!(
                    "wgmma_desc: internal check failed: descriptor {} puts element ({mn},{k}) at \
                     byte {got}, the layout at byte {want} (please report this input)",
                    d.hex()
                )));
            }
        }
    }
    Ok(())
}

struct Ctx {
    elem: Elem,
    major: Major,
    atom: Atom,
}

impl Ctx {
    fn what(&self) -> String {
        let sw = if self.atom.swizzled {
            format!("{} swizzle", self.atom.name)
        } else {
            "no swizzle (interleave)".to_string()
        };
        format!("{}-major {} with {sw}", self.major.name(), self.elem.name())
    }
}

fn check_field(op: &str, name: &str, bytes: i64) -> Result<()> {
    if bytes < 0 {
        return Err(Error::algebra(format!(
            "{op}: the {name} {bytes} bytes is negative (descriptor offsets are unsigned)"
        )));
    }
    if bytes > FIELD_MAX_BYTES {
        return Err(Error::algebra(format!(
            "{op}: the {name} {bytes} bytes does not fit the 14-bit field (at most \
             {FIELD_MAX_BYTES} bytes)"
        )));
    }
    Ok(())
}

/// Coalesced static (extent, stride) leaves of mode `i`, without extent-1 leaves.
fn mode_leaves(op: &str, l: &Layout, i: usize) -> Result<Vec<(i64, i64)>> {
    let m = coalesce(&l.mode(i)?)?;
    Ok(m.int_leaves(op)?
        .into_iter()
        .filter(|&(e, _)| e != 1)
        .collect())
}

fn size_of(leaves: &[(i64, i64)]) -> Result<i64> {
    leaves.iter().try_fold(1i64, |p, &(e, _)| int::mul(p, e))
}

/// Split off the first `n` elements of a (coalesced) mode as one stride: `(stride, rest)`.
/// A prefix of 1 has stride 0. `None` when the first `n` elements are not one stride.
fn prefix(leaves: &[(i64, i64)], n: i64) -> Option<(i64, Vec<(i64, i64)>)> {
    if n == 1 {
        return Some((0, leaves.to_vec()));
    }
    let (&(e, d), tail) = leaves.split_first()?;
    if e % n != 0 {
        return None;
    }
    let mut rest = Vec::with_capacity(leaves.len());
    if e / n > 1 {
        rest.push((e / n, d.checked_mul(n)?));
    }
    rest.extend_from_slice(tail);
    Some((d, rest))
}

/// The remaining leaves as one mode `(extent, stride)`; an empty rest is `(1, 0)`.
fn single(leaves: &[(i64, i64)]) -> Option<(i64, i64)> {
    match leaves {
        [] => Some((1, 0)),
        [x] => Some(*x),
        _ => None,
    }
}

/// Recast the contiguous mode to 16-byte units: its first T elements must be T:1.
fn recast_contiguous(
    leaves: &[(i64, i64)],
    t: i64,
    ctx: &Ctx,
    name: &str,
    idx: usize,
) -> Result<Vec<(i64, i64)>> {
    let bad = || {
        Error::algebra(format!(
            "{}: {}: the {t} elements of a 16-byte core-matrix row must be contiguous \
             along {name} (mode {idx} must start with {t}:1), found mode {idx} = {}",
            ctx.atom.op,
            ctx.what(),
            show(leaves)
        ))
    };
    match prefix(leaves, t) {
        Some((1, rest)) => to_units(&rest, t, ctx, name, idx),
        _ => Err(bad()),
    }
}

/// Recast a mode whose strides step over whole 16-byte units.
fn recast_other(
    leaves: &[(i64, i64)],
    t: i64,
    ctx: &Ctx,
    name: &str,
    idx: usize,
) -> Result<Vec<(i64, i64)>> {
    to_units(leaves, t, ctx, name, idx)
}

fn to_units(
    leaves: &[(i64, i64)],
    t: i64,
    ctx: &Ctx,
    name: &str,
    idx: usize,
) -> Result<Vec<(i64, i64)>> {
    leaves
        .iter()
        .map(|&(e, d)| {
            if d % t != 0 {
                Err(Error::algebra(format!(
                    "{}: {}: mode {idx} ({name}) steps by {d} elements = {} bits, not a \
                     multiple of 16 bytes (core-matrix rows are 16-byte aligned)",
                    ctx.atom.op,
                    ctx.what(),
                    d.saturating_mul(ctx.elem.bits())
                )))
            } else {
                Ok((e, d / t))
            }
        })
        .collect()
}

fn not_core(ctx: &Ctx, what: &str, leaves: &[(i64, i64)], _t: i64, _mn: bool) -> Error {
    Error::algebra(format!(
        "{}: {}: not an 8-row core-matrix arrangement: {what} are not evenly spaced \
         (one stride), found {}",
        ctx.atom.op,
        ctx.what(),
        show(leaves)
    ))
}

fn uneven(ctx: &Ctx, what: &str, field: &str, units: &[(i64, i64)]) -> Error {
    let bytes: Vec<(i64, i64)> = units
        .iter()
        .map(|&(e, d)| (e, d.saturating_mul(16)))
        .collect();
    Error::algebra(format!(
        "{}: {}: {what} must be evenly spaced (the descriptor has one {field}), found \
         extents:byte strides {}",
        ctx.atom.op,
        ctx.what(),
        show(&bytes)
    ))
}

fn show(leaves: &[(i64, i64)]) -> String {
    if leaves.is_empty() {
        return "1:0".to_string();
    }
    let s: Vec<String> = leaves.iter().map(|(e, _)| e.to_string()).collect();
    let d: Vec<String> = leaves.iter().map(|(_, d)| d.to_string()).collect();
    if leaves.len() == 1 {
        format!("{}:{}", s[0], d[0])
    } else {
        format!("({}):({})", s.join(","), d.join(","))
    }
}

/// The `n` rows of a core matrix must be `w` 16-byte units apart: the swizzle atom width, or
/// one row (16 bytes) without a swizzle. `found` is the pitch in 16-byte units.
fn check_row_pitch(ctx: &Ctx, rows: &str, n: i64, found: i64) -> Result<()> {
    let w = ctx.atom.w;
    if found == w {
        return Ok(());
    }
    let why = if ctx.atom.swizzled {
        format!("the {} swizzle atom width", ctx.atom.name)
    } else {
        "core matrices are 8 contiguous 16-byte rows".to_string()
    };
    Err(Error::algebra(format!(
        "{}: {}: the {n} {rows} of a core matrix must be {} bytes apart ({why}), found {} bytes",
        ctx.atom.op,
        ctx.what(),
        w * 16,
        found.saturating_mul(16)
    )))
}
