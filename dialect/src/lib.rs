//! The `layout` MLIR dialect on MLIR 22.
//!
//! The dialect is defined in ODS (`td/`), its parse/print, verify and fold hooks are thin C++
//! (`cpp/`) that call the Rust algebra through [`ffi`]. This crate registers the dialect with a
//! melior [`Context`](melior::Context):
//!
//! ```
//! use melior::{ir::{operation::OperationLike, Module}, Context};
//!
//! let context = Context::new();
//! layout_dialect::register(&context);
//! let module = Module::parse(&context, r#"
//!   func.func @f() -> !layout.layout<(4,8):(8,1)> {
//!     %l = layout.const #layout.layout<(4,8):(8,1)>
//!     return %l : !layout.layout<(4,8):(8,1)>
//!   }"#).unwrap();
//! assert!(module.as_operation().verify());
//! ```

pub mod ffi;

use melior::dialect::DialectHandle;
use melior::Context;

extern "C" {
    fn mlirGetDialectHandle__layout__() -> mlir_sys::MlirDialectHandle;
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
