//! `layout-passes`: the verification, proof and analysis passes of the `layout` dialect
//! (docs/passes.md). One file per pass; each registers with MLIR's pass registry through
//! cpp/PassesRegistration.cpp.
//!
//! - `--layout-prove-descriptors` ([`prove_descriptors`]): decodes every shared-memory matrix
//!   descriptor, TMA box and ldmatrix/stmatrix lane-address table that `--lower-to-nvvm` derives
//!   back into the addresses it denotes, and proves them equal to the source tile layout: by F2
//!   linear algebra, point by point over finite tiles, or through ISL (docs/relations.md), with
//!   a summary remark of what was proven and how long it took. Its decoders follow the PTX ISA, written apart from the encoders
//!   of `layout_algebra::hw`: [`smem_desc_decode`], [`tma_box_decode`], [`matrix_lanes_decode`],
//!   [`shared_access_decode`] (a register tensor's shared load/store plan, checked point by point),
//!   [`global_access_decode`] (global loads/stores and cp.async tile copies, likewise);
//!   [`xor_swizzle`] and [`isl_text`] are their shared pieces, [`tile_relation`] the source side.
//! - `--layout-composition-domain` ([`composition_domain`]): the exact set of coordinates at
//!   which a composition reads A past size(A), an analysis users opt into (the verifier names
//!   only the index range).
//! - `--layout-prove-lowering` ([`prove_lowering`]): lowers every static `layout.crd2idx` /
//!   `layout.idx2crd` with the code of `--lower-to-index`, translates the emitted arith into an
//!   ISL relation ([`arith_relation`]) and proves it equal to the layout's relation
//!   (layout-relation) over the whole domain, or reports a witness coordinate.
//! - `--layout-assign-layouts` ([`assign_layouts`]): chooses the layouts of the
//!   layout-polymorphic register tensors of each function so that the `layout.convert_layout`
//!   ops they need cost least (`layout_algebra::linear::layout_assignment`, exact over the
//!   candidate layouts), and inserts them with a remark naming each one's plan and cost.

pub mod arith_relation;
pub mod assign_layouts;
pub mod composition_domain;
pub mod global_access_decode;
pub mod isl_text;
pub mod matrix_lanes_decode;
pub mod prove_descriptors;
pub mod prove_lowering;
pub mod shared_access_decode;
pub mod smem_desc_decode;
pub mod tile_relation;
pub mod tma_box_decode;
pub mod xor_swizzle;

extern "C" {
    fn layout_passes_register();
}

// The system ISL (libisl-dev), named here as well as in layout-relation: this puts `-lisl`
// before the LLVM libraries of mlir-sys on the link line of every binary that links the
// passes. LLVM ships Polly's private copy of ISL (libPollyISL.a, an older ISL on IMath with
// assertions), which mlir-sys links; without this, the linker resolved layout-relation's ISL
// calls against that copy, which is orders of magnitude slower on the proofs' relations.
#[link(name = "isl")]
extern "C" {
    fn isl_version() -> *const std::os::raw::c_char;
}

/// The version string of the ISL the passes run on (`isl-0.27` for the system library).
pub fn isl_version_string() -> String {
    // SAFETY: isl_version returns a static NUL-terminated string.
    unsafe { std::ffi::CStr::from_ptr(isl_version()) }
        .to_string_lossy()
        .into_owned()
}

/// The pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_passes_create_prove_descriptors() -> mlir_sys::MlirPass {
    prove_descriptors::create_pass().to_raw()
}

/// The prove-lowering pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_passes_create_prove_lowering() -> mlir_sys::MlirPass {
    prove_lowering::create_pass().to_raw()
}

/// The composition-domain pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_passes_create_composition_domain() -> mlir_sys::MlirPass {
    composition_domain::create_pass().to_raw()
}

/// The layout-assignment pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_passes_create_assign_layouts() -> mlir_sys::MlirPass {
    assign_layouts::create_pass().to_raw()
}

/// Register this crate's passes with MLIR's global pass registry. Idempotent.
pub fn register_passes() {
    unsafe { layout_passes_register() }
}
