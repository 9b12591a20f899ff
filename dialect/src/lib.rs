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

use melior::dialect::DialectHandle;
use melior::Context;

extern "C" {
    fn mlirGetDialectHandle__layout__() -> mlir_sys::MlirDialectHandle;
    fn mlirLayoutCreateCanonicalizePass() -> mlir_sys::MlirPass;
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

/// Register and load the `layout` dialect and every upstream dialect into `context`.
pub fn register(context: &Context) {
    let registry = melior::dialect::DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    dialect_handle().insert_dialect(&registry);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
}
