//! Hardware descriptors derived from layouts: WGMMA shared-memory matrix descriptors, TMA
//! tensor-map parameters, ldmatrix/stmatrix lane addresses. Every hardware rule is checked.

use crate::error::Result;
use crate::value::Value;

/// Operations of this module reachable through `ops::call`.
pub const OP_NAMES: &[&str] = &[];

/// Dispatch an operation of this module; `None` when `op` is not one of ours.
pub fn call(_op: &str, _args: &[Value]) -> Option<Result<Value>> {
    None
}
