//! The 32-bit instruction descriptor of `tcgen05.mma` (dense and sparse, without block
//! scaling), bit-exact with CuTe's `UMMA::make_instr_desc`, with the PTX ISA's rules on
//! kinds, types, shapes and modifiers checked.
//!
//! | bits  | field | value |
//! |-------|-------|-------|
//! | 0-1   | sparsity selector | 0 |
//! | 2     | sparsity | 1 = sparse |
//! | 3     | saturate | 1 = saturate (`.kind::i8` only) |
//! | 4-5   | D format | 0 f16, 1 f32, 2 s32 |
//! | 7-9   | A format | kind f16/tf32: f16 0, bf16 1, tf32 2; kind f8f6f4: e4m3 0, e5m2 1, e2m3 3, e3m2 4, e2m1 5; kind i8: u8 0, s8 1 |
//! | 10-12 | B format | as A |
//! | 13, 14 | negate A, negate B | not for `.kind::i8` |
//! | 15, 16 | A major, B major | 0 K, 1 MN (MN only for 8-, 16- and 32-bit types) |
//! | 17-22 | N >> 3 | |
//! | 24-28 | M >> 4 | |
//! | 30-31 | maximum shift (`.ws` only) | 0 |
//!
//! Shapes (PTX ISA, tcgen05.mma): M = 64 or 128 (`cta_group::1`), 128 or 256 (`cta_group::2`);
//! N a multiple of 8 in [8, 256] for M = 64 and a multiple of 16 in [16, 256] for M = 128 and
//! 256; `.kind::i8` N is 8 or a multiple of 16 (M = 64), a multiple of 16 otherwise.

use crate::error::{Error, Result};
use crate::hw::elem::Elem;
use crate::hw::wgmma_desc::Major;

const OP: &str = "umma_instr_desc";

/// The `.kind` of a `tcgen05.mma`, fixed by the operand types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MmaKind {
    F16,
    Tf32,
    F8f6f4,
    I8,
}

impl MmaKind {
    /// The PTX qualifier, `kind::f16` etc.
    pub fn qualifier(self) -> &'static str {
        match self {
            MmaKind::F16 => "kind::f16",
            MmaKind::Tf32 => "kind::tf32",
            MmaKind::F8f6f4 => "kind::f8f6f4",
            MmaKind::I8 => "kind::i8",
        }
    }
    /// K of one instruction in elements (32 bytes of the 8/16/32-bit storage; dense).
    pub fn k(self) -> i64 {
        match self {
            MmaKind::F16 => 16,
            MmaKind::Tf32 => 8,
            MmaKind::F8f6f4 | MmaKind::I8 => 32,
        }
    }
    fn of(elem: Elem) -> Result<MmaKind> {
        Ok(match elem {
            Elem::F16 | Elem::Bf16 => MmaKind::F16,
            Elem::Tf32 => MmaKind::Tf32,
            Elem::E4m3 | Elem::E5m2 | Elem::E2m3 | Elem::E3m2 | Elem::E2m1 => MmaKind::F8f6f4,
            Elem::S8 | Elem::U8 => MmaKind::I8,
            Elem::F32 | Elem::B1 => {
                return Err(Error::algebra(format!(
                    "{OP}: {} is not a tcgen05.mma operand type (A/B types: f16, bf16, tf32, \
                     e4m3, e5m2, e2m3, e3m2, e2m1, s8, u8)",
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

/// The modifiers of an instruction descriptor (all off by default).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct MmaFlags {
    pub negate_a: bool,
    pub negate_b: bool,
    pub saturate: bool,
    pub sparse: bool,
}

impl MmaFlags {
    /// Set one flag by name: `negA`, `negB`, `sat`, `sparse`.
    pub fn set(&mut self, name: &str) -> Result<()> {
        match name {
            "negA" => self.negate_a = true,
            "negB" => self.negate_b = true,
            "sat" => self.saturate = true,
            "sparse" => self.sparse = true,
            _ => {
                return Err(Error::algebra(format!(
                    "{OP}: unknown modifier '{name}' (expected negA, negB, sat or sparse)"
                )))
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
    pub flags: MmaFlags,
}

impl UmmaInstrDesc {
    /// The 32-bit descriptor.
    pub fn encode(&self) -> u32 {
        let major = |m: Major| if m == Major::MN { 1u32 } else { 0 };
        let f = &self.flags;
        ((f.sparse as u32) << 2)
            | ((f.saturate as u32) << 3)
            | (self.d.field() << 4)
            | (format(self.a) << 7)
            | (format(self.b) << 10)
            | ((f.negate_a as u32) << 13)
            | ((f.negate_b as u32) << 14)
            | (major(self.major_a) << 15)
            | (major(self.major_b) << 16)
            | (((self.n >> 3) as u32) << 17)
            | (((self.m >> 4) as u32) << 24)
    }
    /// `0x%08x`.
    pub fn hex(&self) -> String {
        format!("0x{:08x}", self.encode())
    }
}

/// The A/B format field of an operand type (its kind fixes the table).
fn format(e: Elem) -> u32 {
    match e {
        Elem::F16 | Elem::E4m3 | Elem::U8 => 0,
        Elem::Bf16 | Elem::E5m2 | Elem::S8 => 1,
        Elem::Tf32 => 2,
        Elem::E2m3 => 3,
        Elem::E3m2 => 4,
        Elem::E2m1 => 5,
        Elem::F32 | Elem::B1 => 0, // rejected by MmaKind::of
    }
}

/// Derive and check the instruction descriptor of `tcgen05.mma` with A, B of types `a`, `b`,
/// accumulator `d`, shape M x N, the operand majors and the modifiers.
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
    let kind = MmaKind::of(a)?;
    let kind_b = MmaKind::of(b)?;
    if kind != kind_b {
        return Err(Error::algebra(format!(
            "{OP}: A ({}) and B ({}) belong to different tcgen05.mma kinds ({} and {})",
            a.name(),
            b.name(),
            kind.qualifier(),
            kind_b.qualifier()
        )));
    }
    if kind == MmaKind::F16 && a != b {
        return Err(Error::algebra(format!(
            "{OP}: kind::f16 takes A and B of the same type (f16 x f16 or bf16 x bf16), found \
             {} x {}",
            a.name(),
            b.name()
        )));
    }
    let d_ok = match kind {
        MmaKind::F16 if a == Elem::Bf16 => d == Accum::F32,
        MmaKind::F16 | MmaKind::F8f6f4 => d != Accum::S32,
        MmaKind::Tf32 => d == Accum::F32,
        MmaKind::I8 => d == Accum::S32,
    };
    if !d_ok {
        let want = match kind {
            MmaKind::F16 if a == Elem::Bf16 => "f32",
            MmaKind::F16 | MmaKind::F8f6f4 => "f16 or f32",
            MmaKind::Tf32 => "f32",
            MmaKind::I8 => "s32",
        };
        return Err(Error::algebra(format!(
            "{OP}: {} with {} inputs accumulates in {want}, not {}",
            kind.qualifier(),
            a.name(),
            d.name()
        )));
    }
    check_shape(kind, m, n)?;
    for (name, e, mj) in [("A", a, major_a), ("B", b, major_b)] {
        if mj == Major::MN && matches!(e, Elem::E2m3 | Elem::E3m2 | Elem::E2m1) {
            return Err(Error::algebra(format!(
                "{OP}: {name} ({}) must be K-major: MN-major operands exist only for 8-, 16- and \
                 32-bit types (not for the 6- and 4-bit types)",
                e.name()
            )));
        }
    }
    if kind == MmaKind::I8 && (flags.negate_a || flags.negate_b) {
        return Err(Error::algebra(format!(
            "{OP}: negate (negA/negB) is not available for kind::i8"
        )));
    }
    if kind != MmaKind::I8 && flags.saturate {
        return Err(Error::algebra(format!(
            "{OP}: saturate (sat) exists only for kind::i8, not {}",
            kind.qualifier()
        )));
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

/// The M x N rule of the PTX ISA (see the module comment).
fn check_shape(kind: MmaKind, m: i64, n: i64) -> Result<()> {
    if !matches!(m, 64 | 128 | 256) {
        return Err(Error::algebra(format!(
            "{OP}: M = {m} is not a tcgen05.mma shape (M is 64 or 128 with cta_group::1, 128 or \
             256 with cta_group::2)"
        )));
    }
    let (step, lo) = if m == 64 { (8, 8) } else { (16, 16) };
    let ok = if kind == MmaKind::I8 && m == 64 {
        n == 8 || (n % 16 == 0 && (16..=256).contains(&n))
    } else {
        n % step == 0 && (lo..=256).contains(&n)
    };
    if !ok {
        let rule = if kind == MmaKind::I8 && m == 64 {
            "8 or a multiple of 16 in [16, 256] (kind::i8)".to_string()
        } else {
            format!("a multiple of {step} in [{lo}, 256]")
        };
        return Err(Error::algebra(format!(
            "{OP}: N = {n} is not a tcgen05.mma shape for M = {m}: N must be {rule}"
        )));
    }
    Ok(())
}
