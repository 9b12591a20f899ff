//! Tensors in memory (`!layout.tensor<T, space, L>`) read from Rust: the element type `T`, the
//! memory `space` the tensor lives in and its layout type `L`, taken from the type's ODS
//! parameters through the dialect's C API (no printing, no parsing); the type of given
//! parameters; and the check the kernel ops make of an operand or result that must be a tensor
//! in a given memory ([`tensor_in`]).

use melior::ir::{Type, TypeLike};
use melior::Context;

extern "C" {
    fn mlirTypeIsALayoutMemoryTensor(ty: mlir_sys::MlirType) -> bool;
    fn mlirLayoutMemoryTensorTypeGetElementType(ty: mlir_sys::MlirType) -> mlir_sys::MlirType;
    fn mlirLayoutMemoryTensorTypeGetSpace(ty: mlir_sys::MlirType) -> u32;
    fn mlirLayoutMemoryTensorTypeGetLayout(ty: mlir_sys::MlirType) -> mlir_sys::MlirType;
    fn mlirLayoutMemoryTensorTypeGet(
        ctx: mlir_sys::MlirContext,
        element: mlir_sys::MlirType,
        space: u32,
        layout: mlir_sys::MlirType,
    ) -> mlir_sys::MlirType;
}

/// The memory a tensor lives in (the dialect's `MemorySpace`, in its numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemorySpace {
    /// Global memory (LLVM address space 1, or the generic 0).
    Global,
    /// A CTA's shared memory (address space 3).
    Shared,
    /// Blackwell tensor memory (address space 6).
    Tmem,
    /// Global memory addressed through a TMA tensor map.
    Tma,
}

impl MemorySpace {
    /// The space as the type spells it (`global`, `shared`, `tmem`, `tma`).
    pub fn name(self) -> &'static str {
        match self {
            MemorySpace::Global => "global",
            MemorySpace::Shared => "shared",
            MemorySpace::Tmem => "tmem",
            MemorySpace::Tma => "tma",
        }
    }

    /// The LLVM address space of a pointer into the space: 1 global, 3 shared, 6 tmem, and 0
    /// (generic) for tma, whose tensor's pointer is its tensor map.
    pub fn address_space(self) -> u32 {
        match self {
            MemorySpace::Global => 1,
            MemorySpace::Shared => 3,
            MemorySpace::Tmem => 6,
            MemorySpace::Tma => 0,
        }
    }
}

/// The parameters of a `!layout.tensor<T, space, L>` type.
#[derive(Clone, Copy, Debug)]
pub struct MemoryTensor<'c> {
    /// The element type `T`.
    pub element: Type<'c>,
    /// The memory the tensor lives in.
    pub space: MemorySpace,
    /// The layout type `L` (a layout-dialect value type).
    pub layout: Type<'c>,
}

/// The parameters of `ty` when it is a tensor in memory; `None` for any other type.
pub fn memory_tensor(ty: Type<'_>) -> Option<MemoryTensor<'_>> {
    // SAFETY: `ty` is a live type of its context; the getters are called only after the check
    // that it is a `MemoryTensorType`, and the types they return are uniqued in the same context.
    unsafe {
        if !mlirTypeIsALayoutMemoryTensor(ty.to_raw()) {
            return None;
        }
        let space = match mlirLayoutMemoryTensorTypeGetSpace(ty.to_raw()) {
            0 => MemorySpace::Global,
            1 => MemorySpace::Shared,
            2 => MemorySpace::Tmem,
            _ => MemorySpace::Tma,
        };
        Some(MemoryTensor {
            element: Type::from_raw(mlirLayoutMemoryTensorTypeGetElementType(ty.to_raw())),
            space,
            layout: Type::from_raw(mlirLayoutMemoryTensorTypeGetLayout(ty.to_raw())),
        })
    }
}

/// The type `!layout.tensor<T, space, L>` of `element` T, `space` and `layout` L; `None` when
/// `layout` is not a layout-dialect value type.
pub fn memory_tensor_type<'c>(
    context: &'c Context,
    element: Type<'c>,
    space: MemorySpace,
    layout: Type<'c>,
) -> Option<Type<'c>> {
    if !crate::is_layout_type(layout) {
        return None;
    }
    let space = match space {
        MemorySpace::Global => 0,
        MemorySpace::Shared => 1,
        MemorySpace::Tmem => 2,
        MemorySpace::Tma => 3,
    };
    // SAFETY: `element` and `layout` are live types of `context`, `layout` checked to be a
    // layout-dialect value type and `space` one of the dialect's memory spaces; the new type
    // is uniqued in the same context.
    Some(unsafe {
        Type::from_raw(mlirLayoutMemoryTensorTypeGet(
            context.to_raw(),
            element.to_raw(),
            space,
            layout.to_raw(),
        ))
    })
}

/// The tensor `ty` when it is a tensor in `space` holding `element` (any when `None`) whose
/// layout is static if it lays out shared memory; else the error naming `what` (`A
/// operand`, ...) and the first rule `ty` breaks.
pub fn tensor_in<'c>(
    what: &str,
    ty: Type<'c>,
    space: MemorySpace,
    element: Option<Type<'c>>,
) -> Result<MemoryTensor<'c>, String> {
    let t = memory_tensor(ty)
        .filter(|t| t.space == space)
        .ok_or_else(|| {
            format!(
                "the {what} must be a tensor in {} memory, found '{ty}'",
                space.name()
            )
        })?;
    if let Some(element) = element.filter(|&e| e != t.element) {
        return Err(format!(
            "the {what} must hold '{element}', found '{}'",
            t.element
        ));
    }
    if space == MemorySpace::Shared && !crate::type_is_static(t.layout) {
        return Err(format!(
            "the {what}'s layout must be static (it lays out shared memory), found '{}'",
            t.layout
        ));
    }
    Ok(t)
}
