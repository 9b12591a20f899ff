//! The `layout` MLIR dialect on MLIR 22.
//!
//! The dialect is defined in ODS (`td/`), its parse/print, verify and fold hooks are thin C++
//! (`cpp/`) that call the Rust algebra through [`ffi`]. This crate registers the dialect with a
//! melior [`Context`](melior::Context):
//!
//! ```
//! use melior::{
//!     ir::{operation::OperationLike, Module},
//!     pass::PassManager,
//!     Context,
//! };
//!
//! // A context owned by the embedding compiler.
//! let context = Context::new();
//! layout_dialect::register(&context);
//! let mut module = Module::parse(&context, r#"
//!   func.func @f() -> !layout.layout<(5,4):(8,2)> {
//!     %a = layout.const #layout.layout<(20):(2)>
//!     %b = layout.const #layout.layout<(5,4):(4,1)>
//!     %c = layout.composition %a, %b : !layout.layout<(20):(2)>, !layout.layout<(5,4):(4,1)>
//!     return %c : !layout.layout<(5,4):(8,2)>
//!   }"#).unwrap();
//! assert!(module.as_operation().verify());
//!
//! // Run the dialect's canonicalization pass (upstream `canonicalize` runs the same folders).
//! let pm = PassManager::new(&context);
//! pm.add_pass(layout_dialect::create_canonicalize_pass());
//! pm.run(&mut module).unwrap();
//! let text = module.as_operation().to_string();
//! assert!(text.contains("layout.const #layout.layout<(5,4):(8,2)>"), "{text}");
//! assert!(!text.contains("layout.composition"), "{text}");
//! ```

pub use layout_dialect_ffi as ffi;

pub mod application_ops;
pub mod barrier_ops;
pub mod bijective_ops;
pub mod canonical_patterns;
pub mod composition_reach;
pub mod element_types;
pub mod index_ops;
pub mod ir;
pub mod kernel_ops;
pub mod layout_modes;
pub mod leaf_ops;
pub mod memory_access;
pub mod memory_tensor;
pub mod mma_ops;
pub mod op_access;
pub mod op_diagnostics;
pub mod op_folder;
pub mod op_rejection;
pub mod op_verifier;
pub mod register_tensor_ops;
pub mod register_tile;
pub mod relation_ops;
pub mod tensor_memory_ops;
pub mod tensor_op_verifier;
pub mod tensor_partitions;
pub mod tensor_views;
pub mod tma_ops;
pub mod value_constructors;

use layout_algebra::Error;
pub use layout_dialect_ffi::reads_past_domain;
pub use layout_dialect_ffi::stored::CuteRef;
use melior::dialect::DialectHandle;
use melior::ir::{Attribute, AttributeLike, Type, TypeLike};
use melior::{Context, StringRef};

extern "C" {
    fn mlirGetDialectHandle__layout__() -> mlir_sys::MlirDialectHandle;
    fn mlirAttributeIsALayoutValue(attr: mlir_sys::MlirAttribute) -> bool;
    fn mlirLayoutValueAttrGetText(attr: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
    fn mlirLayoutValueAttrGetNote(attr: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
    fn mlirTypeIsALayoutValue(ty: mlir_sys::MlirType) -> bool;
    fn mlirLayoutValueTypeGetText(ty: mlir_sys::MlirType) -> mlir_sys::MlirStringRef;
    fn mlirLayoutValueTypeGetKind(ty: mlir_sys::MlirType) -> u32;
    fn mlirLayoutValueAttrGetKind(attr: mlir_sys::MlirAttribute) -> u32;
    fn mlirLayoutCreateCanonicalizePass() -> mlir_sys::MlirPass;
    // Handles (`layout_dialect_ffi::Handle`) behind an opaque pointer type.
    fn mlirLayoutValueAttrGetValue(attr: mlir_sys::MlirAttribute) -> *const std::ffi::c_void;
    fn mlirLayoutValueTypeGetValue(ty: mlir_sys::MlirType) -> *const std::ffi::c_void;
    fn mlirLayoutValueTypeGetWithValue(
        ctx: mlir_sys::MlirContext,
        text: mlir_sys::MlirStringRef,
        kind: u32,
        value: *const std::ffi::c_void,
    ) -> mlir_sys::MlirType;
    fn mlirLayoutValueTypeGetValueAttr(ty: mlir_sys::MlirType) -> mlir_sys::MlirAttribute;
    fn mlirLayoutRegisterPasses();
}

/// A new `layout-canonicalize` pass: the dialect's folders and its filter_zeros/coalesce
/// canonicalizations, applied greedily.
pub fn create_canonicalize_pass() -> melior::pass::Pass {
    unsafe { melior::pass::Pass::from_raw(mlirLayoutCreateCanonicalizePass()) }
}

/// Register the passes of the dialect with MLIR's global registry, so that textual pipelines
/// (`builtin.module(layout-canonicalize)`) find them.
pub fn register_passes() {
    unsafe { mlirLayoutRegisterPasses() }
}

/// The dialect handle of `layout` (from the C API `mlirGetDialectHandle__layout__`).
pub fn dialect_handle() -> DialectHandle {
    unsafe { DialectHandle::from_raw(mlirGetDialectHandle__layout__()) }
}

/// The text stored in a context-owned string (valid as long as the context).
///
/// # Safety
/// `s` must point to `length` readable bytes that live for `'c`.
unsafe fn stored_text<'c>(s: mlir_sys::MlirStringRef) -> &'c str {
    let bytes: &'c [u8] = if s.length == 0 {
        &[]
    } else {
        std::slice::from_raw_parts(s.data as *const u8, s.length)
    };
    // The storage holds text the parse hook accepted (UTF-8); an invalid byte cannot occur.
    std::str::from_utf8(bytes).unwrap_or("")
}

/// The canonical text a `!layout.<kind><...>` type stores (`(4,8):(1,4)`, `Sw<3,4,3>`, `*`),
/// read from the type's storage (no printing); `None` for a type of another dialect.
pub fn type_text<'c>(ty: Type<'c>) -> Option<&'c str> {
    // SAFETY: `ty` is a live type, checked to be a layout-dialect value type first; its storage
    // owns the text for the context's lifetime `'c`.
    is_value_type(ty).then(|| unsafe { stored_text(mlirLayoutValueTypeGetText(ty.to_raw())) })
}

/// The canonical text a `#layout.<kind><...>` attribute stores; `None` for another attribute.
pub fn attr_text<'c>(attr: Attribute<'c>) -> Option<&'c str> {
    attr_text_and_note(attr).map(|(text, _)| text)
}

/// The text a `#layout.<kind><...>` attribute stores and the note its storage recorded when it
/// parsed the text (Layout/ValueStorage.h): empty when the text is the canonical text of its
/// value (or `*`), else the parse error (no value) or the canonical text (a value whose text
/// is not canonical). `None` for another attribute.
pub fn attr_text_and_note<'c>(attr: Attribute<'c>) -> Option<(&'c str, &'c str)> {
    // SAFETY: `attr` is a live attribute, checked to be a layout-dialect value attribute first;
    // its storage owns the text and the note for the context's lifetime `'c`.
    is_value_attr(attr).then(|| unsafe {
        (
            stored_text(mlirLayoutValueAttrGetText(attr.to_raw())),
            stored_text(mlirLayoutValueAttrGetNote(attr.to_raw())),
        )
    })
}

/// Whether `ty` is a layout-dialect value type (`!layout.layout<...>`, `!layout.swizzle<...>`,
/// ...).
pub fn is_layout_type(ty: Type) -> bool {
    is_value_type(ty)
}

/// Whether `ty` is a layout-dialect value type (the body of [`is_layout_type`]).
fn is_value_type(ty: Type) -> bool {
    // SAFETY: `ty` is a live type (melior's `Type` of its context).
    unsafe { mlirTypeIsALayoutValue(ty.to_raw()) }
}

/// Whether `attr` is a layout-dialect value attribute.
fn is_value_attr(attr: Attribute) -> bool {
    // SAFETY: `attr` is a live attribute (melior's `Attribute` of its context).
    unsafe { mlirAttributeIsALayoutValue(attr.to_raw()) }
}

/// The handle of the value a layout-dialect type's storage holds (null for `*`); None for a
/// type of another dialect.
fn type_handle(ty: Type) -> Option<layout_dialect_ffi::Handle> {
    // SAFETY: `ty` is a live type, checked to be a layout-dialect value type first.
    is_value_type(ty).then(|| unsafe { mlirLayoutValueTypeGetValue(ty.to_raw()) }.cast())
}

/// The handle of the value a layout-dialect attribute's storage holds (see [`type_handle`]).
fn attr_handle(attr: Attribute) -> Option<layout_dialect_ffi::Handle> {
    // SAFETY: `attr` is a live attribute, checked to be a layout-dialect value attribute first.
    is_value_attr(attr).then(|| unsafe { mlirLayoutValueAttrGetValue(attr.to_raw()) }.cast())
}

/// The value a layout-dialect type holds (None inside for `*`), borrowed for the context's
/// lifetime `'c`; None for a type of another dialect.
pub(crate) fn type_stored<'c>(ty: Type<'c>) -> Option<Option<&'c layout_dialect_ffi::Stored>> {
    // SAFETY: the handle of the storage of a type of a context that lives for `'c`: the storage
    // holds one reference to the value (or null) until the context destroys it.
    type_handle(ty).map(|h| unsafe { layout_dialect_ffi::stored::borrowed(h) })
}

/// The value a layout-dialect attribute holds (see [`type_stored`]).
pub(crate) fn attr_stored<'c>(
    attr: Attribute<'c>,
) -> Option<Option<&'c layout_dialect_ffi::Stored>> {
    // SAFETY: as [`type_stored`], for the storage of an attribute.
    attr_handle(attr).map(|h| unsafe { layout_dialect_ffi::stored::borrowed(h) })
}

/// A value type of the dialect as an operand of the algebra's calls: its canonical text, its
/// kind and the value it holds (none for `*`); None for a type of another dialect.
pub fn type_operand<'c>(ty: Type<'c>) -> Option<layout_dialect_ffi::Operand<'c>> {
    Some(layout_dialect_ffi::Operand {
        text: type_text(ty)?,
        kind: type_kind(ty)? as i32,
        value: type_stored(ty).flatten(),
    })
}

/// The kind number of a value type of the dialect (`ValueKind` of LayoutDialect.h: 0 layout,
/// 1 swizzle, 2 tiler, 3 tuple, 4 linear, 5 bijective); None for a type of another dialect.
pub fn type_kind(ty: Type) -> Option<u32> {
    // SAFETY: `ty` is a live type, checked to be a layout-dialect value type first.
    is_value_type(ty).then(|| unsafe { mlirLayoutValueTypeGetKind(ty.to_raw()) })
}

/// The mnemonic of a layout-dialect type's kind (`layout`, `swizzle`, `tiler`, `tuple`,
/// `linear`, `bijective`); `None` for a type of another dialect.
pub fn type_mnemonic(ty: Type) -> Option<&'static str> {
    type_kind(ty).map(mnemonic)
}

/// The mnemonic of the kind numbered `kind` (the dialect's `ValueKind`).
fn mnemonic(kind: u32) -> &'static str {
    match kind {
        0 => "layout",
        1 => "swizzle",
        2 => "tiler",
        3 => "tuple",
        4 => "linear",
        _ => "bijective",
    }
}

/// Whether a layout-dialect type is static: a linear or bijective layout, or a CuTe value
/// without runtime leaves (no `?`; not `*`), as `ValueType::isStatic` answers from the stored
/// canonical text. False for a type of another dialect.
pub fn type_is_static(ty: Type) -> bool {
    match type_mnemonic(ty) {
        None => false,
        Some("linear" | "bijective") => true,
        Some(_) => type_text(ty).is_some_and(|t| t != "*" && !t.contains('?')),
    }
}

pub use element_types::hardware_element_types;

/// The mnemonic of a layout-dialect attribute's kind (as [`type_mnemonic`]); `None` for an
/// attribute of another dialect.
pub fn attr_mnemonic(attr: Attribute) -> Option<&'static str> {
    // SAFETY: `attr` is a live attribute, checked to be a layout-dialect value attribute first.
    is_value_attr(attr).then(|| mnemonic(unsafe { mlirLayoutValueAttrGetKind(attr.to_raw()) }))
}

/// The shared CuTe value behind a storage's handle.
fn cute_ref(h: layout_dialect_ffi::Handle) -> Result<CuteRef, Error> {
    // SAFETY: `h` comes from [`type_handle`] or [`attr_handle`]: null or the live handle the
    // storage holds (see [`type_stored`]); `CuteRef` takes its own reference.
    unsafe { CuteRef::new(h) }
}

/// The parsed algebra value a layout-dialect type holds, shared (the type's storage parsed it
/// once, or adopted the value the algebra computed). `None` for a type of another dialect; an
/// error for a type without a CuTe value (`*`, linear and bijective layouts).
pub fn type_value(ty: Type) -> Option<Result<CuteRef, Error>> {
    type_handle(ty).map(cute_ref)
}

/// The layout-dialect type of a value the algebra computed (`!layout.layout<...>` for a
/// layout, ...): its canonical text and kind are the uniquing key, and a new type's storage
/// adopts the value itself (no printing to text and parsing back).
pub fn value_type(context: &Context, value: layout_dialect_ffi::Stored) -> Type<'_> {
    let (text, kind) = layout_dialect_ffi::stored::text_and_kind(&value);
    let value = std::sync::Arc::new(value);
    let text = StringRef::new(&text);
    // SAFETY: `context` is a live context; `text` and the handle (one reference held by
    // `value`) outlive the call, and the storage takes a reference of its own when it adopts
    // the handle. The returned type is uniqued in `context`, so it lives as long.
    unsafe {
        Type::from_raw(mlirLayoutValueTypeGetWithValue(
            context.to_raw(),
            text.to_raw(),
            kind as u32,
            std::sync::Arc::as_ptr(&value).cast(),
        ))
    }
}

/// The attribute of a layout-dialect type (`#layout.layout<...>` of `!layout.layout<...>`:
/// the same text, kind and value); `None` for a type of another dialect.
pub fn type_attr(ty: Type<'_>) -> Option<Attribute<'_>> {
    // SAFETY: `ty` is a live type, checked to be a layout-dialect value type first; the
    // attribute is uniqued in the type's context.
    is_value_type(ty)
        .then(|| unsafe { Attribute::from_raw(mlirLayoutValueTypeGetValueAttr(ty.to_raw())) })
}

/// The parsed algebra value of a layout-dialect attribute (see [`type_value`]).
pub fn attr_value(attr: Attribute) -> Option<Result<CuteRef, Error>> {
    attr_handle(attr).map(cute_ref)
}

/// The linear layout of a `#layout.linear<...>` attribute; `None` for an attribute of another
/// dialect, an error for a layout-dialect value that is not a linear layout.
pub fn attr_linear(attr: Attribute) -> Option<Result<layout_algebra::linear::LinearLayout, Error>> {
    attr_stored(attr).map(layout_dialect_ffi::stored::linear_of)
}

/// The linear layout of a `!layout.linear<...>` type (see [`attr_linear`]).
pub fn type_linear(ty: Type) -> Option<Result<layout_algebra::linear::LinearLayout, Error>> {
    type_stored(ty).map(layout_dialect_ffi::stored::linear_of)
}

/// The bijective (LEGO) chain of a `#layout.bijective<...>` attribute; `None` for an attribute
/// of another dialect, an error for a layout-dialect value that is not a bijective layout.
pub fn attr_bijective(attr: Attribute) -> Option<Result<layout_algebra::bijective::Chain, Error>> {
    attr_stored(attr).map(|v| match v {
        Some(layout_dialect_ffi::stored::Stored::Bijective(c)) => Ok(c.clone()),
        _ => Err(Error::algebra(
            "not a bijective layout (#layout.bijective<...>)",
        )),
    })
}

/// Register and load the `layout` dialect and every upstream dialect into `context`.
pub fn register(context: &Context) {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    dialect_handle().insert_dialect(&registry);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
}
