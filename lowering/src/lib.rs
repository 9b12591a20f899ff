//! `layout-lowering`: the `layout` dialect lowered to index math.
//!
//! The pass `layout-lower-to-index` (see [`pass`]) rewrites `layout.crd2idx` and
//! `layout.idx2crd` into `arith` ops for static layouts, dynamic layouts built by `layout.make`
//! from index values, swizzles and composed layouts, with a linear index or one coordinate per
//! mode. The structure of a layout comes from the algebra (`layout_algebra`), coalescing
//! included; this crate only turns that structure into IR (docs/lowering.md).
//!
//! The test harness (JIT evaluation, corpora, the op-count tool) lives in the crate
//! `layout-lowering-harness` (lowering/harness), outside what liblayout-c.so links.

pub mod bijective;
pub mod bitfield;
pub mod emit;
pub use layout_algebra::fast_hash;
pub mod linear;
pub mod lower;
pub mod overflow;
pub mod pass;
pub mod runtime_leaves;
pub mod symbolic;
pub mod template;

pub use pass::create_lower_to_index_pass;

extern "C" {
    fn layout_lowering_register_passes();
}

/// The pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_lowering_create_lower_to_index_pass() -> mlir_sys::MlirPass {
    create_lower_to_index_pass().to_raw()
}

/// Register `layout-lower-to-index` and the pipeline `lower-to-index`
/// (layout-lower-to-index alone: its output needs no canonicalize/cse) with MLIR's global pass registry, so that
/// `layout-opt --layout-lower-to-index` / `--lower-to-index` and textual pipelines find them.
/// Idempotent.
pub fn register_passes() {
    unsafe { layout_lowering_register_passes() }
}
