//! A thin, safe layer over the system ISL: a context that owns `isl_ctx` (errors become
//! [`Error`]s, work is bounded by a [`Budget`] of operations and wall time), and owned maps and sets whose `Drop` frees what ISL allocated
//! and whose `Clone` is `isl_*_copy`. Every object borrows its context, so none outlives it.

mod ctx;
mod ffi;
mod map;
mod set;

pub use ctx::{Budget, Ctx, Exhausted, DEFAULT_MAX_OPERATIONS, DEFAULT_TIME_LIMIT};
pub use map::Map;
pub use set::Set;
