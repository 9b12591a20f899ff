//! The element types of the hardware ops: the one table between MLIR's element types and the
//! hardware's names for them (the names of the algebra's `hw::Elem` and of PTX: `f16`, `e4m3`,
//! `s8`, ...). Every op, verifier and lowering that needs the hardware's name of an element type
//! reads it here (the C++ of the dialect through [`layout_hardware_element_name`]).
//!
//! A type is matched by its kind, never by its printed name:
//!
//! | MLIR type | hardware | | MLIR type | hardware |
//! |---|---|---|---|---|
//! | `f16`, `bf16`, `tf32`, `f32`, `f64` | the same | | `si8`, `ui8`, `si32` | `s8`, `u8`, `s32` |
//! | `f8E4M3FN`, `f8E5M2` | `e4m3`, `e5m2` | | `i1` | `b1` |
//! | `f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN` | `e2m3`, `e3m2`, `e2m1` | | `i8`, `i16`, `i32`, `i64` | the same |
//! | `f8E8M0FNU` | `ue8m0` (a block scale) | | | |
//!
//! The signless integers keep their own names: the moves and conversions take them, the MMAs
//! take the signed or unsigned forms. Any other type has no hardware name.

use melior::ir::r#type::IntegerType;
use melior::ir::{Type, TypeLike};
use mlir_sys::{MlirStringRef, MlirType};

/// The MLIR type of a row of the table (the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    F16,
    BF16,
    TF32,
    F32,
    F64,
    F8E4M3FN,
    F8E5M2,
    F6E2M3FN,
    F6E3M2FN,
    F4E2M1FN,
    F8E8M0FNU,
    /// An integer type of this width and signedness.
    Integer(u32, Signedness),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// The table (the module doc): each type, the hardware's name and its MLIR spelling, in the
/// order diagnostics list them.
const ELEMENT_TYPES: [(Kind, &str, &str); 19] = [
    (Kind::F16, "f16", "f16"),
    (Kind::BF16, "bf16", "bf16"),
    (Kind::TF32, "tf32", "tf32"),
    (Kind::F32, "f32", "f32"),
    (Kind::F64, "f64", "f64"),
    (Kind::F8E4M3FN, "e4m3", "f8E4M3FN"),
    (Kind::F8E5M2, "e5m2", "f8E5M2"),
    (Kind::F6E2M3FN, "e2m3", "f6E2M3FN"),
    (Kind::F6E3M2FN, "e3m2", "f6E3M2FN"),
    (Kind::F4E2M1FN, "e2m1", "f4E2M1FN"),
    (Kind::F8E8M0FNU, "ue8m0", "f8E8M0FNU"),
    (Kind::Integer(8, Signedness::Signed), "s8", "si8"),
    (Kind::Integer(8, Signedness::Unsigned), "u8", "ui8"),
    (Kind::Integer(32, Signedness::Signed), "s32", "si32"),
    (Kind::Integer(1, Signedness::Signless), "b1", "i1"),
    (Kind::Integer(8, Signedness::Signless), "i8", "i8"),
    (Kind::Integer(16, Signedness::Signless), "i16", "i16"),
    (Kind::Integer(32, Signedness::Signless), "i32", "i32"),
    (Kind::Integer(64, Signedness::Signless), "i64", "i64"),
];

/// The kind of `ty` among the table's; None for any other type.
fn kind_of(ty: Type<'_>) -> Option<Kind> {
    if let Ok(i) = IntegerType::try_from(ty) {
        let signedness = if i.is_signed() {
            Signedness::Signed
        } else if i.is_unsigned() {
            Signedness::Unsigned
        } else {
            Signedness::Signless
        };
        return Some(Kind::Integer(i.width(), signedness));
    }
    let t = ty.to_raw();
    // SAFETY: `t` is a live type of its context; each check only reads its kind.
    let float = unsafe {
        [
            (mlir_sys::mlirTypeIsAF16(t), Kind::F16),
            (mlir_sys::mlirTypeIsABF16(t), Kind::BF16),
            (mlir_sys::mlirTypeIsATF32(t), Kind::TF32),
            (mlir_sys::mlirTypeIsAF32(t), Kind::F32),
            (mlir_sys::mlirTypeIsAF64(t), Kind::F64),
            (mlir_sys::mlirTypeIsAFloat8E4M3FN(t), Kind::F8E4M3FN),
            (mlir_sys::mlirTypeIsAFloat8E5M2(t), Kind::F8E5M2),
            (mlir_sys::mlirTypeIsAFloat6E2M3FN(t), Kind::F6E2M3FN),
            (mlir_sys::mlirTypeIsAFloat6E3M2FN(t), Kind::F6E3M2FN),
            (mlir_sys::mlirTypeIsAFloat4E2M1FN(t), Kind::F4E2M1FN),
            (mlir_sys::mlirTypeIsAFloat8E8M0FNU(t), Kind::F8E8M0FNU),
        ]
    };
    float.into_iter().find(|(is, _)| *is).map(|(_, k)| k)
}

/// The hardware's name of the element type `ty` (the module doc); None for a type the hardware
/// ops do not take.
pub fn hardware_element_name(ty: Type<'_>) -> Option<&'static str> {
    let kind = kind_of(ty)?;
    ELEMENT_TYPES
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map(|(_, name, _)| *name)
}

/// The MLIR spelling of the hardware's element name `name` (`e4m3` -> `f8E4M3FN`); None for a
/// name no MLIR type of the table has (`e2m1_unpacksmem`, `ue4m3`).
pub fn mlir_spelling(name: &str) -> Option<&'static str> {
    ELEMENT_TYPES
        .iter()
        .find(|(_, n, _)| *n == name)
        .map(|(_, _, mlir)| *mlir)
}

/// The MLIR element types the hardware ops take, comma-separated in the table's order (for
/// diagnostics).
pub fn hardware_element_types() -> &'static str {
    static LIST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    LIST.get_or_init(|| {
        let spellings: Vec<&str> = ELEMENT_TYPES.iter().map(|(_, _, mlir)| *mlir).collect();
        spellings.join(", ")
    })
}

/// The string `s` for the C ABI (static, so it outlives every caller).
fn static_ref(s: &'static str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr().cast(),
        length: s.len(),
    }
}

/// [`hardware_element_name`] for the C++ of the dialect: the name, or an empty string.
///
/// # Safety
/// `ty` is a live type.
#[no_mangle]
pub unsafe extern "C" fn layout_hardware_element_name(ty: MlirType) -> MlirStringRef {
    static_ref(hardware_element_name(Type::from_raw(ty)).unwrap_or(""))
}

/// The inference of `layout.smem_layout` for the C++ of the dialect: the shared-memory layout of
/// an `mn` x `k` WGMMA operand tile of the element type `elem`, K-major or MN-major
/// (`major_k`), in `stages` stages; the algebra's message on refusal.
///
/// # Safety
/// `elem` is a live type.
#[no_mangle]
pub unsafe extern "C" fn layout_smem_layout(
    elem: MlirType,
    major_k: bool,
    mn: i64,
    k: i64,
    stages: i64,
) -> layout_dialect_ffi::LayoutResult {
    use layout_algebra::hw::{Elem, Major};
    let major = if major_k { Major::K } else { Major::MN };
    // The C++ refuses a type the table does not name (with the table's list) before calling.
    let name = hardware_element_name(Type::from_raw(elem)).unwrap_or("");
    let elem = match Elem::parse(name) {
        Ok(e) => e,
        Err(e) => return layout_dialect_ffi::error_result(e),
    };
    layout_dialect_ffi::smem_layout_result(elem, major, mn, k, stages)
}

/// [`hardware_element_types`] for the C++ of the dialect.
#[no_mangle]
pub extern "C" fn layout_hardware_element_types() -> MlirStringRef {
    static_ref(hardware_element_types())
}
