//! A thin, safe layer over the system ISL: a context that owns `isl_ctx` (errors become
//! [`Error`]s, work is bounded), and owned maps and sets whose `Drop` frees what ISL allocated
//! and whose `Clone` is `isl_*_copy`. Every object borrows its context, so none outlives it.

mod ctx;
mod ffi;
mod map;
mod set;

pub use ctx::{Ctx, DEFAULT_MAX_OPERATIONS};
pub use map::Map;
pub use set::Set;
