//! `layout-lowering-harness`: what tests and benchmarks of the lowering need and the lowering
//! itself does not, kept out of the crates that liblayout-c.so links.
//!
//! - [`harness`] builds test modules from layout texts, runs the pipeline to the LLVM dialect
//!   and JIT-compiles them with MLIR's execution engine: the evaluation test (tests/eval.rs)
//!   and the op-count benchmark (`lowering-op-count`, bench/op_count.sh) share it;
//! - [`bitfield_corpus`]: the layouts whose lowering uses the bit-field rules;
//! - [`linear_apply`]: test functions applying a linear layout.

pub mod bitfield_corpus;
pub mod harness;
pub mod linear_apply;
