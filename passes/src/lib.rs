//! `layout-passes`: the verification, proof and analysis passes of the `layout` dialect
//! (docs/passes.md). One file per pass; each registers with MLIR's pass registry through
//! cpp/PassesRegistration.cpp.
//!
//! - `--layout-prove-lowering` ([`prove_lowering`]): lowers every static `layout.crd2idx` /
//!   `layout.idx2crd` with the code of `--lower-to-index`, translates the emitted arith into an
//!   ISL relation ([`arith_relation`]) and proves it equal to the layout's relation
//!   (layout-relation) over the whole domain, or reports a witness coordinate.

pub mod arith_relation;
pub mod prove_lowering;

extern "C" {
    fn layout_passes_register();
}

/// The pass as a raw `MlirPass` (for the C++ registry entry in cpp/).
#[no_mangle]
pub extern "C" fn layout_passes_create_prove_lowering() -> mlir_sys::MlirPass {
    prove_lowering::create_pass().to_raw()
}

/// Register this crate's passes with MLIR's global pass registry. Idempotent.
pub fn register_passes() {
    unsafe { layout_passes_register() }
}
