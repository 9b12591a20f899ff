//! `layout-capi`: the C API of the `layout` dialect's passes, pipelines and hardware ops, the
//! Rust half of `liblayout-c.so` (docs/embedding.md).
//!
//! The dialect registration (`mlirGetDialectHandle__layout__`) and the attribute/type accessors
//! are C++ in `dialect/cpp/CAPI.cpp`; this crate adds what lives in the Rust crates:
//!
//! - `mlirLayoutRegisterAllPasses`: every pass and named pipeline with MLIR's global registry
//!   (`layout-canonicalize`, `layout-lower-to-index`, `lower-to-index`,
//!   `layout-lower-to-nvvm`, `lower-to-nvvm{ptx= chip= features=}`, and the proof passes of
//!   `layout-passes`: `layout-prove-descriptors`), so that textual pipelines
//!   (`mlirParsePassPipeline`, `mlir-opt --pass-pipeline=`) find them;
//! - `mlirLayoutCreate*Pass`: the passes as `MlirPass` objects for `mlirPassManagerAddOwnedPass`;
//! - `mlirLayoutRegisterDialects`: the dialect and its Hopper ops (`layout.ldmatrix`,
//!   `layout.wgmma`, `layout.tma_*`, ...) with the LLVM IR translations the PTX path needs.
//!
//! The declarations are `capi/include/layout-c/Passes.h`. cmake/ links this crate as a static
//! library, built with `MLIR_SYS_LINK_SHARED=1` so that it carries no copy of MLIR: every MLIR
//! symbol it uses comes from Debian's shared `libMLIR.so` or from the C API archives
//! (`libMLIRCAPI*.a`) linked once into `liblayout-c.so`.

use mlir_sys::{MlirDialectRegistry, MlirPass};

/// Register every pass and pipeline of the dialect with MLIR's global pass registry.
/// Idempotent.
#[no_mangle]
pub extern "C" fn mlirLayoutRegisterAllPasses() {
    layout_dialect::register_passes();
    layout_lowering::register_passes();
    layout_lowering_nvvm::register_passes();
    layout_passes::register_passes();
}

/// A new `layout-lower-to-index` pass (op-agnostic: lowers everything nested in the op it runs
/// on), owned by the caller.
#[no_mangle]
pub extern "C" fn mlirLayoutCreateLowerToIndexPass() -> MlirPass {
    layout_lowering::create_lower_to_index_pass().to_raw()
}

/// A new `layout-lower-to-nvvm` pass (the layout part of `lower-to-nvvm`; runs on a module),
/// owned by the caller.
#[no_mangle]
pub extern "C" fn mlirLayoutCreateLowerToNvvmPass() -> MlirPass {
    layout_lowering_nvvm::create_lower_pass().to_raw()
}

/// Insert the `layout` dialect with its Hopper ops into `registry`, together with the LLVM IR
/// translations and the NVVM target that `lower-to-nvvm{ptx=...}` needs.
///
/// # Safety
/// `registry` is a live registry (`mlirDialectRegistryCreate`).
#[no_mangle]
pub unsafe extern "C" fn mlirLayoutRegisterDialects(registry: MlirDialectRegistry) {
    let handle = layout_dialect::dialect_handle().to_raw();
    mlir_sys::mlirDialectHandleInsertDialect(handle, registry);
    layout_lowering_nvvm::register_ops(registry.ptr);
}
