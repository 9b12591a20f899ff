//! Element types of the Hopper and Blackwell data-movement and MMA instructions, with their
//! storage widths and the CUDA driver's `CUtensorMapDataType` for each.
//!
//! The Blackwell narrow floats: `e2m1` is the packed 4-bit type (two per byte, CuTe's
//! `float_e2m1_t`, the operand of `tcgen05.mma .kind::mxf4` and `.kind::mxf4nvf4`); `e2m3` and
//! `e3m2` are the 6-bit types as `tcgen05.mma .kind::f8f6f4` reads them from shared memory: 16
//! values in each 16-byte unit (TMA's `16U6_ALIGN16B`), i.e. one 8-bit slot per value for all
//! address arithmetic (CuTe's `float_e2m3_unpacksmem_t` / `float_e3m2_unpacksmem_t`; the names
//! `e2m3_unpacksmem` and `e3m2_unpacksmem` parse to them). `e2m1_unpacksmem` is the 4-bit type
//! in that unpacked form (CuTe's `float_e2m1_unpacksmem_t`, TMA's `16U4_ALIGN16B`: one 8-bit
//! slot per value), the 4-bit operand of `.kind::f8f6f4` / `.kind::mxf8f6f4`.
//!
//! `ue8m0` and `ue4m3` are the unsigned 8-bit scale-factor types of the block-scaled MMA kinds
//! (CuTe's `float_ue8m0_t`, `float_ue4m3_t`); they are no A/B operand types.

use crate::error::{Error, Result};
use crate::int;

/// An element type as named in the operations (`f16`, `bf16`, `tf32`, `f32`, `e4m3`, `e5m2`,
/// `s8`, `u8`, `b1`; Blackwell: `e2m1`, `e2m3`, `e3m2`, `e2m1_unpacksmem`, and the scale-factor
/// types `ue8m0`, `ue4m3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Elem {
    F16,
    Bf16,
    Tf32,
    F32,
    E4m3,
    E5m2,
    S8,
    U8,
    B1,
    E2m1,
    E2m3,
    E3m2,
    E2m1Unpacksmem,
    Ue8m0,
    Ue4m3,
}

/// Every element type, in the order of the names accepted by [`Elem::parse`].
pub const ALL_ELEMS: &[Elem] = &[
    Elem::F16,
    Elem::Bf16,
    Elem::Tf32,
    Elem::F32,
    Elem::E4m3,
    Elem::E5m2,
    Elem::S8,
    Elem::U8,
    Elem::B1,
    Elem::E2m1,
    Elem::E2m3,
    Elem::E3m2,
    Elem::E2m1Unpacksmem,
    Elem::Ue8m0,
    Elem::Ue4m3,
];

/// Other names of element types: CuTe's unpacked-smem spellings of the 6-bit types, which are
/// what `e2m3` and `e3m2` denote here.
const ALIASES: &[(&str, Elem)] = &[
    ("e2m3_unpacksmem", Elem::E2m3),
    ("e3m2_unpacksmem", Elem::E3m2),
];

impl Elem {
    /// The element type of a name (or of one of its aliases, `e2m3_unpacksmem` and
    /// `e3m2_unpacksmem`); an unknown name is an error that lists the known ones.
    pub fn parse(name: &str) -> Result<Elem> {
        ALL_ELEMS
            .iter()
            .copied()
            .find(|e| e.name() == name)
            .or_else(|| ALIASES.iter().find(|(n, _)| *n == name).map(|(_, e)| *e))
            .ok_or_else(|| {
                let names: Vec<&str> = ALL_ELEMS.iter().map(|e| e.name()).collect();
                Error::algebra(format!(
                    "unknown element type '{name}' (expected one of {})",
                    names.join(", ")
                ))
            })
    }
    pub fn name(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
            Elem::Tf32 => "tf32",
            Elem::F32 => "f32",
            Elem::E4m3 => "e4m3",
            Elem::E5m2 => "e5m2",
            Elem::S8 => "s8",
            Elem::U8 => "u8",
            Elem::B1 => "b1",
            Elem::E2m1 => "e2m1",
            Elem::E2m3 => "e2m3",
            Elem::E3m2 => "e3m2",
            Elem::E2m1Unpacksmem => "e2m1_unpacksmem",
            Elem::Ue8m0 => "ue8m0",
            Elem::Ue4m3 => "ue4m3",
        }
    }
    /// Storage size in bits (tf32 is stored in 32 bits, the 6-bit types and e2m1_unpacksmem in
    /// 8-bit slots, e2m1 packed in 4 bits).
    pub fn bits(self) -> i64 {
        match self {
            Elem::F16 | Elem::Bf16 => 16,
            Elem::Tf32 | Elem::F32 => 32,
            Elem::E4m3
            | Elem::E5m2
            | Elem::S8
            | Elem::U8
            | Elem::E2m3
            | Elem::E3m2
            | Elem::E2m1Unpacksmem
            | Elem::Ue8m0
            | Elem::Ue4m3 => 8,
            Elem::E2m1 => 4,
            Elem::B1 => 1,
        }
    }
    /// Elements per 16-byte unit (CuTe's `T = sizeof(uint128_t) / sizeof(value_type)`).
    pub fn per_16_bytes(self) -> i64 {
        128 / self.bits()
    }
    /// log2 of [`Elem::per_16_bytes`]: the `M` of a swizzle on elements whose byte form is
    /// `Sw<B,4,3>` (`4 - log2(bytes per element)`).
    pub fn log2_per_16_bytes(self) -> i64 {
        self.per_16_bytes().trailing_zeros() as i64
    }
    /// The size in bytes of `n` elements; an error when that is not a whole number of bytes.
    pub fn bytes(self, n: i64, what: &str) -> Result<i64> {
        let bits = int::mul(n, self.bits())?;
        if bits % 8 != 0 {
            return Err(Error::algebra(format!(
                "{what}: {n} {} elements are {bits} bits, not a whole number of bytes",
                self.name()
            )));
        }
        Ok(bits / 8)
    }
    /// `CUtensorMapDataType` (value and enumerator name) the way CuTe's TMA picks it: 8-bit
    /// types (also e4m3/e5m2/s8 and the scale factors ue8m0/ue4m3) travel as UINT8. `b1` has
    /// no TMA type.
    pub fn tma_data_type(self) -> Result<(i64, &'static str)> {
        Ok(match self {
            Elem::E4m3 | Elem::E5m2 | Elem::S8 | Elem::U8 | Elem::Ue8m0 | Elem::Ue4m3 => {
                (0, "CU_TENSOR_MAP_DATA_TYPE_UINT8")
            }
            Elem::F16 => (6, "CU_TENSOR_MAP_DATA_TYPE_FLOAT16"),
            Elem::F32 => (7, "CU_TENSOR_MAP_DATA_TYPE_FLOAT32"),
            Elem::Bf16 => (9, "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16"),
            Elem::Tf32 => (11, "CU_TENSOR_MAP_DATA_TYPE_TFLOAT32"),
            Elem::B1 => {
                return Err(Error::algebra(
                    "tma_desc: b1 has no CUtensorMapDataType (TMA moves whole bytes: \
                     describe packed b1 data as u8)",
                ))
            }
            Elem::E2m1 | Elem::E2m3 | Elem::E3m2 | Elem::E2m1Unpacksmem => {
                return Err(Error::algebra(format!(
                    "tma_desc: {} is not handled by tma_desc (its TMA forms are the unpacking \
                     types 16U4/16U6; describe the bytes as u8)",
                    self.name()
                )))
            }
        })
    }
}
