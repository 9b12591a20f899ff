//! The 32-bit instruction descriptor of `tcgen05.mma`, in both of its forms, bit-exact with
//! CuTe's `UMMA::make_instr_desc` / `make_runtime_instr_desc` (plain kinds) and
//! `make_instr_desc_block_scaled` / `make_runtime_instr_desc_block_scaled` (block-scaled kinds),
//! with the PTX ISA's rules on kinds, types, shapes and modifiers checked.
//!
//! ## The plain form (`kind::f16`, `kind::tf32`, `kind::f8f6f4`, `kind::i8`)
//!
//! | bits  | field | value |
//! |-------|-------|-------|
//! | 0-1   | sparsity selector | 0-3, sparse only (the runtime form's `sparse_id2`) |
//! | 2     | sparsity | 1 = sparse |
//! | 3     | saturate | 1 = saturate (`kind::i8` only) |
//! | 4-5   | D format | f16 0, f32 1, s32 2 |
//! | 7-9   | A format | f16/tf32 kinds: f16 0, bf16 1, tf32 2; f8f6f4: e4m3 0, e5m2 1, e2m3 3, e3m2 4, e2m1_unpacksmem 5; i8: u8 0, s8 1 |
//! | 10-12 | B format | as A |
//! | 13, 14 | negate A, negate B | not for `kind::i8` |
//! | 15, 16 | A major, B major | 0 K, 1 MN (MN only for 8-, 16- and 32-bit types) |
//! | 17-22 | N >> 3 | |
//! | 24-28 | M >> 4 | |
//! | 30-31 | maximum shift of `.ws` | 0 none, 1 8, 2 16, 3 32 |
//!
//! ## The block-scaled form (`kind::mxf8f6f4`, `kind::mxf4`, `kind::mxf4nvf4`)
//!
//! | bits  | field | value |
//! |-------|-------|-------|
//! | 0-1   | reserved | 0 |
//! | 2     | sparsity | 1 = sparse |
//! | 4-5   | B scale-factor id | the byte (mxf8f6f4: 0-3) or half word (block32 e2m1: 0, 2) of the TMEM word; block16: 0 |
//! | 7-9, 10-12 | A, B format | mxf8f6f4: as f8f6f4; mxf4/mxf4nvf4: e2m1 (packed) 1 |
//! | 13, 14 | negate A, negate B | |
//! | 15, 16 | A major, B major | MN only for the 8-bit types (never for mxf4/mxf4nvf4) |
//! | 17-22 | N >> 3 | |
//! | 23    | scale-factor type | ue4m3 0, ue8m0 1 |
//! | 24-28 | M >> 4 | (M is 128 or 256: the ISA's "M >> 7 in bits 27-28" is the same bits) |
//! | 29-30 | A scale-factor id | as the B id |
//! | 31    | K of mxf4/mxf4nvf4 | 0 (K = 64 dense, 128 sparse; the sm_103a K = 96 is not produced) |
//!
//! The runtime forms are the descriptor in the upper 32 bits of a 64-bit value; the
//! block-scaled runtime form takes the scale-factor ids from bits 30-31 of the TMEM addresses.
//!
//! ## Shapes (PTX ISA, `tcgen05.mma` matrix shapes)
//!
//! The descriptor does not hold the CTA group; it is `cta_group::2` for M = 256 and
//! `cta_group::1` otherwise unless given.
//! - f16, tf32, f8f6f4: `cta_group::1` M = 64 or 128 and N a multiple of 8 in [8, 256];
//!   `cta_group::2` M = 128 or 256 and N a multiple of 16 in [16, 256].
//! - i8: `cta_group::1` M = 64 or 128 and N in {8, 16, 24, 32} or a multiple of 16 in
//!   (32, 256]; `cta_group::2` M = 128 or 256 and N a multiple of 32 in [32, 256].
//! - `.ws` (plain kinds, `cta_group::1` only): M = 32, 64 or 128; N = 64, 128 or 256 (sparse:
//!   64 or 128).
//! - mxf8f6f4, mxf4, mxf4nvf4: `cta_group::1` M = 128 and N a multiple of 8 in [8, 256];
//!   `cta_group::2` M = 128 or 256 (sparse: 256) and N a multiple of 16 in [16, 256].
//!
//! Scale factors (PTX ISA, valid combinations of scale vector size with types and kinds):
//! mxf8f6f4 takes ue8m0 per 32 elements (`block32`); e2m1 x e2m1 takes ue8m0 per 32
//! (`kind::mxf4`) or per 16, or ue4m3 per 16 (`kind::mxf4nvf4`, `block16`). D is f32.

use crate::error::{Error, Result};
use crate::hw::elem::Elem;
use crate::hw::wgmma_desc::Major;

const OP: &str = "umma_instr_desc";

/// The `.kind` of a `tcgen05.mma`, fixed by the operand types (and, for the block-scaled
/// kinds, the scale factors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MmaKind {
    F16,
    Tf32,
    F8f6f4,
    I8,
    Mxf8f6f4,
    Mxf4,
    Mxf4nvf4,
}

impl MmaKind {
    /// The PTX qualifier, `kind::f16` etc.
    pub fn qualifier(self) -> &'static str {
        match self {
            MmaKind::F16 => "kind::f16",
            MmaKind::Tf32 => "kind::tf32",
            MmaKind::F8f6f4 => "kind::f8f6f4",
            MmaKind::I8 => "kind::i8",
            MmaKind::Mxf8f6f4 => "kind::mxf8f6f4",
            MmaKind::Mxf4 => "kind::mxf4",
            MmaKind::Mxf4nvf4 => "kind::mxf4nvf4",
        }
    }
    /// K of one dense instruction in elements.
    pub fn k(self) -> i64 {
        match self {
            MmaKind::F16 => 16,
            MmaKind::Tf32 => 8,
            MmaKind::F8f6f4 | MmaKind::I8 | MmaKind::Mxf8f6f4 => 32,
            MmaKind::Mxf4 | MmaKind::Mxf4nvf4 => 64,
        }
    }
    /// Whether the kind is block-scaled (the second descriptor form).
    pub fn block_scaled(self) -> bool {
        matches!(self, MmaKind::Mxf8f6f4 | MmaKind::Mxf4 | MmaKind::Mxf4nvf4)
    }
    /// The plain kind of an operand type (the block-scaled kinds follow in `block_kind`).
    fn of(elem: Elem) -> Result<MmaKind> {
        Ok(match elem {
            Elem::F16 | Elem::Bf16 => MmaKind::F16,
            Elem::Tf32 => MmaKind::Tf32,
            Elem::E4m3 | Elem::E5m2 | Elem::E2m3 | Elem::E3m2 | Elem::E2m1Unpacksmem => {
                MmaKind::F8f6f4
            }
            Elem::S8 | Elem::U8 => MmaKind::I8,
            // packed e2m1 is read only by the block-scaled 4-bit kinds
            Elem::E2m1 => MmaKind::Mxf4,
            Elem::F32 | Elem::B1 | Elem::Ue8m0 | Elem::Ue4m3 => {
                return Err(Error::algebra(format!(
                    "{OP}: {} is not a tcgen05.mma operand type (A/B types: f16, bf16, tf32, \
                     e4m3, e5m2, e2m3, e3m2, e2m1_unpacksmem, s8, u8; block-scaled: e2m1)",
                    elem.name()
                )))
            }
        })
    }
}

/// The accumulator (D) type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Accum {
    F16,
    F32,
    S32,
}

impl Accum {
    pub fn parse(name: &str) -> Result<Accum> {
        match name {
            "f16" => Ok(Accum::F16),
            "f32" => Ok(Accum::F32),
            "s32" => Ok(Accum::S32),
            _ => Err(Error::algebra(format!(
                "{OP}: unknown accumulator type '{name}' (expected f16, f32 or s32)"
            ))),
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Accum::F16 => "f16",
            Accum::F32 => "f32",
            Accum::S32 => "s32",
        }
    }
    fn field(self) -> u32 {
        match self {
            Accum::F16 => 0,
            Accum::F32 => 1,
            Accum::S32 => 2,
        }
    }
}

/// Block scaling: the scale-factor type (`ue8m0` or `ue4m3`), the scale vector size (16 or
/// 32 elements per factor; 0 = the type's usual one: 32 for ue8m0, 16 for ue4m3) and the A and
/// B scale-factor ids (the sub-column of the TMEM word the factors are read from).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BlockScale {
    pub sf: Elem,
    pub vec_size: i64,
    pub sfa_id: u32,
    pub sfb_id: u32,
}

impl BlockScale {
    /// `ue8m0` or `ue4m3` with the usual vector size and ids 0.
    pub fn new(sf: Elem) -> BlockScale {
        BlockScale {
            sf,
            vec_size: 0,
            sfa_id: 0,
            sfb_id: 0,
        }
    }
}

/// The modifiers of an instruction descriptor (all off by default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MmaFlags {
    pub negate_a: bool,
    pub negate_b: bool,
    pub saturate: bool,
    pub sparse: bool,
    /// The sparsity selector (bits 0-1 of the runtime form; sparse only).
    pub sparse_id2: u32,
    /// 1 or 2; 0 = from M (2 for M = 256, else 1).
    pub cta_group: u32,
    /// `tcgen05.mma.ws`.
    pub ws: bool,
    /// The `.ws` maximum B-reuse shift in columns: 0, 8, 16 or 32.
    pub max_shift: u32,
    /// Block scaling (the block-scaled kinds); `None` for the plain kinds.
    pub block_scale: Option<BlockScale>,
    /// The runtime form: the descriptor in the upper half of a 64-bit value.
    pub runtime: bool,
}

impl MmaFlags {
    /// Set one modifier by name: `negA`, `negB`, `sat`, `sparse`, `sel0`-`sel3` (sparsity
    /// selector), `cta1`, `cta2`, `ws`, `maxshift8`/`16`/`32`, the scale-factor type `ue8m0` or
    /// `ue4m3` (block scaling), `block16`/`block32` (scale vector size), `sfa0`-`sfa3`,
    /// `sfb0`-`sfb3` (scale-factor ids), `runtime` (the 64-bit runtime form).
    pub fn set(&mut self, name: &str) -> Result<()> {
        let digit = |prefix: &str| {
            name.strip_prefix(prefix)
                .filter(|d| d.len() == 1)
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|&d| d < 4)
        };
        let scale = |f: &mut MmaFlags| *f.block_scale.get_or_insert(BlockScale::new(Elem::Ue8m0));
        match name {
            "negA" => self.negate_a = true,
            "negB" => self.negate_b = true,
            "sat" => self.saturate = true,
            "sparse" => self.sparse = true,
            "cta1" => self.cta_group = 1,
            "cta2" => self.cta_group = 2,
            "ws" => self.ws = true,
            "maxshift8" => self.max_shift = 8,
            "maxshift16" => self.max_shift = 16,
            "maxshift32" => self.max_shift = 32,
            "runtime" => self.runtime = true,
            "ue8m0" | "ue4m3" => {
                let mut s = scale(self);
                s.sf = Elem::parse(name)?;
                self.block_scale = Some(s);
            }
            "block16" | "block32" => {
                let mut s = scale(self);
                s.vec_size = if name == "block16" { 16 } else { 32 };
                self.block_scale = Some(s);
            }
            _ => {
                if let Some(d) = digit("sel") {
                    self.sparse_id2 = d;
                } else if let Some(d) = digit("sfa") {
                    let mut s = scale(self);
                    s.sfa_id = d;
                    self.block_scale = Some(s);
                } else if let Some(d) = digit("sfb") {
                    let mut s = scale(self);
                    s.sfb_id = d;
                    self.block_scale = Some(s);
                } else {
                    return Err(Error::algebra(format!(
                        "{OP}: unknown modifier '{name}' (expected negA, negB, sat, sparse, \
                         sel0-sel3, cta1, cta2, ws, maxshift8/16/32, ue8m0, ue4m3, block16, \
                         block32, sfa0-sfa3, sfb0-sfb3 or runtime)"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// A checked `tcgen05.mma` configuration and its descriptor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UmmaInstrDesc {
    pub kind: MmaKind,
    pub a: Elem,
    pub b: Elem,
    pub d: Accum,
    pub m: i64,
    pub n: i64,
    pub major_a: Major,
    pub major_b: Major,
    /// The flags, with `cta_group` resolved (1 or 2) and, with block scaling, the vector size.
    pub flags: MmaFlags,
}

impl UmmaInstrDesc {
    /// The 32-bit descriptor.
    pub fn encode(&self) -> u32 {
        let major = |m: Major| if m == Major::MN { 1u32 } else { 0 };
        let f = &self.flags;
        let common = ((f.sparse as u32) << 2)
            | (format(self.a) << 7)
            | (format(self.b) << 10)
            | ((f.negate_a as u32) << 13)
            | ((f.negate_b as u32) << 14)
            | (major(self.major_a) << 15)
            | (major(self.major_b) << 16)
            | (((self.n >> 3) as u32) << 17)
            | (((self.m >> 4) as u32) << 24);
        match f.block_scale {
            None => {
                let shift = match f.max_shift {
                    8 => 1,
                    16 => 2,
                    32 => 3,
                    _ => 0,
                };
                common
                    | f.sparse_id2
                    | ((f.saturate as u32) << 3)
                    | (self.d.field() << 4)
                    | (shift << 30)
            }
            Some(s) => {
                let ue8m0 = (s.sf == Elem::Ue8m0) as u32;
                common | (s.sfb_id << 4) | (ue8m0 << 23) | (s.sfa_id << 29)
            }
        }
    }
    /// The runtime form: the descriptor in bits 32-63 (bits 0-31, the sparse metadata's TMEM
    /// address, are the instruction's other operand and 0 here).
    pub fn runtime(&self) -> u64 {
        (self.encode() as u64) << 32
    }
    /// `0x%08x`, or `0x%016x` of the runtime form when it was asked for.
    pub fn hex(&self) -> String {
        if self.flags.runtime {
            format!("0x{:016x}", self.runtime())
        } else {
            format!("0x{:08x}", self.encode())
        }
    }
}

/// The A/B format field of an operand type (its kind fixes the table).
fn format(e: Elem) -> u32 {
    match e {
        Elem::F16 | Elem::E4m3 | Elem::U8 => 0,
        Elem::Bf16 | Elem::E5m2 | Elem::S8 | Elem::E2m1 => 1,
        Elem::Tf32 => 2,
        Elem::E2m3 => 3,
        Elem::E3m2 => 4,
        Elem::E2m1Unpacksmem => 5,
        Elem::F32 | Elem::B1 | Elem::Ue8m0 | Elem::Ue4m3 => 0, // rejected by MmaKind::of
    }
}

fn err<T>(msg: String) -> Result<T> {
    Err(Error::algebra(format!("{OP}: {msg}")))
}

/// Derive and check the instruction descriptor of `tcgen05.mma` with A, B of types `a`, `b`,
/// accumulator `d`, shape M x N, the operand majors and the modifiers (block scaling among
/// them).
#[allow(clippy::too_many_arguments)]
pub fn umma_instr_desc(
    a: Elem,
    b: Elem,
    d: Accum,
    m: i64,
    n: i64,
    major_a: Major,
    major_b: Major,
    flags: MmaFlags,
) -> Result<UmmaInstrDesc> {
    let mut flags = flags;
    let kind = match flags.block_scale {
        None => plain_kind(a, b, d)?,
        Some(ref mut s) => block_kind(a, b, d, s)?,
    };
    flags.cta_group = match flags.cta_group {
        0 if m == 256 => 2,
        0 => 1,
        c @ (1 | 2) => c,
        c => return err(format!("cta_group must be 1 or 2, found {c}")),
    };
    check_modifiers(kind, &flags)?;
    check_shape(kind, &flags, m, n)?;
    for (name, e, mj) in [("A", a, major_a), ("B", b, major_b)] {
        if mj != Major::MN {
            continue;
        }
        if matches!(
            e,
            Elem::E2m3 | Elem::E3m2 | Elem::E2m1 | Elem::E2m1Unpacksmem
        ) {
            return err(format!(
                "{name} ({}) must be K-major: MN-major operands exist only for 8-, 16- and \
                 32-bit types (not for the 6- and 4-bit types)",
                e.name()
            ));
        }
    }
    Ok(UmmaInstrDesc {
        kind,
        a,
        b,
        d,
        m,
        n,
        major_a,
        major_b,
        flags,
    })
}

/// The kind of A x B -> D without block scaling, and the type rules of the plain kinds.
fn plain_kind(a: Elem, b: Elem, d: Accum) -> Result<MmaKind> {
    let kind = MmaKind::of(a)?;
    let kind_b = MmaKind::of(b)?;
    for (name, k) in [("A", kind), ("B", kind_b)] {
        if k == MmaKind::Mxf4 {
            return err(format!(
                "{name} (e2m1, packed 4-bit) is an operand of the block-scaled kind::mxf4 and \
                 kind::mxf4nvf4 only: give a scale-factor type (ue8m0 or ue4m3), or use \
                 e2m1_unpacksmem (4-bit values in 8-bit slots) for kind::f8f6f4"
            ));
        }
    }
    if kind != kind_b {
        return err(format!(
            "A ({}) and B ({}) belong to different tcgen05.mma kinds ({} and {})",
            a.name(),
            b.name(),
            kind.qualifier(),
            kind_b.qualifier()
        ));
    }
    if kind == MmaKind::F16 && a != b {
        return err(format!(
            "kind::f16 takes A and B of the same type (f16 x f16 or bf16 x bf16), found {} x {}",
            a.name(),
            b.name()
        ));
    }
    let want = match kind {
        MmaKind::F16 if a == Elem::Bf16 => "f32",
        MmaKind::F16 | MmaKind::F8f6f4 => "f16 or f32",
        MmaKind::I8 => "s32",
        _ => "f32",
    };
    let ok = match want {
        "f16 or f32" => d != Accum::S32,
        w => d.name() == w,
    };
    if !ok {
        return err(format!(
            "{} with {} inputs accumulates in {want}, not {}",
            kind.qualifier(),
            a.name(),
            d.name()
        ));
    }
    Ok(kind)
}

/// The block-scaled kind of A x B -> D with scale factors `s`, the rules on types, scale type,
/// vector size and scale-factor ids; fills in the usual vector size.
fn block_kind(a: Elem, b: Elem, d: Accum, s: &mut BlockScale) -> Result<MmaKind> {
    if !matches!(s.sf, Elem::Ue8m0 | Elem::Ue4m3) {
        return err(format!(
            "the scale-factor type must be ue8m0 or ue4m3, found {}",
            s.sf.name()
        ));
    }
    let f8f6f4 = |e: Elem| MmaKind::of(e).ok() == Some(MmaKind::F8f6f4);
    let family = if a == Elem::E2m1 && b == Elem::E2m1 {
        MmaKind::Mxf4
    } else if f8f6f4(a) && f8f6f4(b) {
        MmaKind::Mxf8f6f4
    } else {
        MmaKind::of(a)?;
        MmaKind::of(b)?;
        return err(format!(
            "block scaling ({}) takes A x B of e4m3, e5m2, e2m3, e3m2, e2m1_unpacksmem \
             (kind::mxf8f6f4) or e2m1 x e2m1 (packed, kind::mxf4 / kind::mxf4nvf4), found {} x {}",
            s.sf.name(),
            a.name(),
            b.name()
        ));
    };
    if d != Accum::F32 {
        return err(format!(
            "the block-scaled kinds accumulate in f32, not {}",
            d.name()
        ));
    }
    if s.vec_size == 0 {
        s.vec_size = if s.sf == Elem::Ue4m3 { 16 } else { 32 };
    }
    let kind = match (family, s.sf, s.vec_size) {
        (MmaKind::Mxf8f6f4, Elem::Ue8m0, 32) => MmaKind::Mxf8f6f4,
        (MmaKind::Mxf8f6f4, _, _) => {
            return err(format!(
                "kind::mxf8f6f4 ({} x {}) scales with ue8m0 per 32 elements (block32), not {} \
                 per {}",
                a.name(),
                b.name(),
                s.sf.name(),
                s.vec_size
            ))
        }
        (_, Elem::Ue8m0, 32) => MmaKind::Mxf4,
        (_, _, 16) => MmaKind::Mxf4nvf4,
        _ => {
            return err(format!(
                "e2m1 x e2m1 scales with ue8m0 per 32 elements (kind::mxf4, block32) or ue8m0 or \
                 ue4m3 per 16 (kind::mxf4nvf4, block16), not {} per {}",
                s.sf.name(),
                s.vec_size
            ))
        }
    };
    let (ids, rule): (&[u32], &str) = match (kind, s.vec_size) {
        (MmaKind::Mxf8f6f4, _) => (&[0, 1, 2, 3], "0-3 (a byte of the TMEM word)"),
        (_, 32) => (&[0, 2], "0 or 2 (a half word of the TMEM word)"),
        _ => (&[0], "0 (block16 reads the whole TMEM word)"),
    };
    for (name, id) in [("A", s.sfa_id), ("B", s.sfb_id)] {
        if !ids.contains(&id) {
            return err(format!(
                "the {name} scale-factor id is {id}, but {} with {} per {} takes {rule}",
                kind.qualifier(),
                s.sf.name(),
                s.vec_size
            ));
        }
    }
    Ok(kind)
}

/// Saturate, negate, sparsity selector, `.ws` and max shift against the kind.
fn check_modifiers(kind: MmaKind, f: &MmaFlags) -> Result<()> {
    if kind == MmaKind::I8 && (f.negate_a || f.negate_b) {
        return err("negate (negA/negB) is not available for kind::i8".into());
    }
    if kind != MmaKind::I8 && f.saturate {
        return err(format!(
            "saturate (sat) exists only for kind::i8, not {}",
            kind.qualifier()
        ));
    }
    if f.sparse_id2 > 3 {
        return err(format!(
            "the sparsity selector is 0-3, found {}",
            f.sparse_id2
        ));
    }
    if f.sparse_id2 != 0 && !f.sparse {
        return err(format!(
            "a sparsity selector (sel{}) needs a sparse MMA (sparse)",
            f.sparse_id2
        ));
    }
    if f.sparse_id2 != 0 && kind.block_scaled() {
        return err(format!(
            "{} has no sparsity selector (bits 0-1 of its descriptor are reserved)",
            kind.qualifier()
        ));
    }
    if !matches!(f.max_shift, 0 | 8 | 16 | 32) {
        return err(format!(
            "the .ws maximum shift is 8, 16 or 32 columns, found {}",
            f.max_shift
        ));
    }
    if f.max_shift != 0 && !f.ws {
        return err(format!(
            "a maximum shift (maxshift{}) is a field of tcgen05.mma.ws only (give ws)",
            f.max_shift
        ));
    }
    if f.ws && kind.block_scaled() {
        return err(format!("{} has no .ws form", kind.qualifier()));
    }
    if f.ws && f.cta_group != 1 {
        return err("tcgen05.mma.ws exists only with cta_group::1".into());
    }
    Ok(())
}

/// The M x N rule of the PTX ISA (see the module comment).
fn check_shape(kind: MmaKind, f: &MmaFlags, m: i64, n: i64) -> Result<()> {
    let cta = f.cta_group;
    let sparse = if f.sparse { ", sparse" } else { "" };
    let ms: &[i64] = if f.ws {
        &[32, 64, 128]
    } else if kind.block_scaled() {
        match (cta, f.sparse) {
            (1, _) => &[128],
            (_, true) => &[256],
            _ => &[128, 256],
        }
    } else if cta == 1 {
        &[64, 128]
    } else {
        &[128, 256]
    };
    let ws = if f.ws { ".ws " } else { "" };
    let list = |v: &[i64]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !ms.contains(&m) {
        return err(format!(
            "M = {m} is not a tcgen05.mma{} shape of {} with cta_group::{cta}{sparse}: M is {}",
            if f.ws { ".ws" } else { "" },
            kind.qualifier(),
            list(ms)
        ));
    }
    let (ok, rule) = if f.ws {
        let ns: &[i64] = if f.sparse {
            &[64, 128]
        } else {
            &[64, 128, 256]
        };
        (ns.contains(&n), list(ns))
    } else if kind == MmaKind::I8 && cta == 1 {
        (
            matches!(n, 8 | 16 | 24 | 32) || (n % 16 == 0 && n > 32 && n <= 256),
            "8, 16, 24, 32 or a multiple of 16 in (32, 256]".to_string(),
        )
    } else {
        let step = match (kind, cta) {
            (MmaKind::I8, _) => 32,
            (_, 1) => 8,
            _ => 16,
        };
        (
            n % step == 0 && (step..=256).contains(&n),
            format!("a multiple of {step} in [{step}, 256]"),
        )
    };
    if !ok {
        return err(format!(
            "N = {n} is not a tcgen05.mma {ws}shape for M = {m} (cta_group::{cta}, {}{sparse}): N \
             must be {rule}",
            kind.qualifier()
        ));
    }
    Ok(())
}
