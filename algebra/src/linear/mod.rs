//! Linear layouts over F2 (Triton's LinearLayout): named input and output dimensions, one
//! basis vector per input bit; conversions to and from CuTe layouts; bank-conflict analysis.

use crate::error::Result;
use crate::value::Value;

/// Operations of this module reachable through `ops::call`.
pub const OP_NAMES: &[&str] = &[];

/// Dispatch an operation of this module; `None` when `op` is not one of ours.
pub fn call(_op: &str, _args: &[Value]) -> Option<Result<Value>> {
    None
}
