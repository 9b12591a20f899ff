//! `layout-lowering-nvvm`: the Hopper and Blackwell data-movement ops of the `layout` dialect
//! and their lowering to NVVM (docs/nvvm.md).
//!
//! - Ops (td/LayoutNvgpuOps.td, joined to the dialect by a registry extension):
//!   `layout.ldmatrix`, `layout.stmatrix`, `layout.wgmma_desc`, `layout.wgmma`,
//!   `layout.fragment_store` ([`fragment_store`]), `layout.tma_desc` (host), `layout.tma_load`,
//!   `layout.tma_store` (device); Blackwell:
//!   `layout.umma_desc`, `layout.tcgen05_mma`, `layout.tmem_load`, `layout.tmem_store`,
//!   `layout.tcgen05_cp` ([`tcgen05`]). Their verifiers
//!   run the hardware rules of `layout_algebra::hw` ([`verify`]).
//! - The pass `layout-lower-to-nvvm` ([`pass`]) and the pipeline `lower-to-nvvm` (the pass, then
//!   the upstream conversions to the LLVM dialect; option `ptx=<file>` emits PTX for sm_90a
//!   through `gpu-module-to-binary{format=isa}` and [`ptx`]).
//! - The ops the lowering creates are made through [`build::Builder`]: the LLVM-dialect ones
//!   with melior's `OperationBuilder` and typed attributes ([`build_llvm`]), the NVVM ones by
//!   their typed C++ builders (cpp/NvvmOpBuilders.cpp, [`build_nvvm`]).

mod algebra_inference;
mod async_copy;
pub mod build;
mod build_arith;
mod build_layout;
pub mod build_llvm;
pub mod build_nvvm;
mod combiner;
pub mod convert;
mod convert_buffer;
mod convert_layout_lowering;
mod copy_lowering;
pub mod derive;
mod elementwise;
pub mod fragment_store;
mod global_access;
mod global_tile;
pub mod kernel_checks;
mod lowering_failure;
mod mbarrier_lowering;
mod memory_tile;
mod mma_async_lowering;
mod mma_tmem_lowering;
mod op_params;
mod operand_major;
mod partition_coordinates;
pub mod pass;
pub mod ptx;
mod register_cast;
pub mod register_ops;
mod register_tensor;
mod register_type_checks;
mod resolved_access;
mod shared_access;
mod shared_alloc_lowering;
mod smem_desc;
pub mod tcgen05;
pub mod tensor_lowering_checks;
pub mod tensor_map_encoder;
mod tensor_map_lowering;
mod tensor_memory_lowering;
mod tensor_patterns;
mod tensor_resolve;
mod tma_copy_lowering;
mod tma_encodable_lowering;
mod tma_steps;
pub mod verify;

pub use pass::create_lower_pass;
pub use ptx::create_write_ptx_pass;

extern "C" {
    fn layout_nvvm_register_passes();
    fn layout_nvvm_register_ops(registry: *mut std::ffi::c_void);
}

/// `layout-lower-to-index` as a raw `MlirPass`, for the `--lower-to-nvvm` pipeline
/// (cpp/LowerToNvvmRegistration.cpp): the index math of the layout ops left in kernels and
/// host code (crd2idx, idx2crd, size, ... with static or runtime leaves) before the upstream
/// conversions.
#[no_mangle]
pub extern "C" fn layout_nvvm_create_lower_to_index_pass() -> mlir_sys::MlirPass {
    layout_lowering::create_lower_to_index_pass().to_raw()
}

#[no_mangle]
pub extern "C" fn layout_nvvm_create_lower_pass() -> mlir_sys::MlirPass {
    create_lower_pass().to_raw()
}

/// # Safety
/// `path` points to `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_create_write_ptx_pass(
    path: *const u8,
    len: usize,
) -> mlir_sys::MlirPass {
    let p = String::from_utf8_lossy(std::slice::from_raw_parts(path, len)).into_owned();
    create_write_ptx_pass(&p).to_raw()
}

/// Register `layout-lower-to-nvvm` and the pipeline `lower-to-nvvm` with MLIR's pass registry.
/// Idempotent.
pub fn register_passes() {
    unsafe { layout_nvvm_register_passes() }
}

/// Add the NVGPU ops to the `layout` dialect in `registry` (a `mlir::DialectRegistry *`), with
/// the LLVM IR translations and the NVVM target the PTX path needs.
///
/// # Safety
/// `registry` must point to a live `mlir::DialectRegistry`.
pub unsafe fn register_ops(registry: *mut std::ffi::c_void) {
    layout_nvvm_register_ops(registry)
}
