//! Name -> operation dispatch over parsed [`Value`]s.

use crate::error::{Error, Result};
use crate::value::Value;

/// Every operation name `call` accepts.
pub const OP_NAMES: &[&str] = &["print"];

/// Apply the operation `op` to `args`.
pub fn call(op: &str, args: &[Value]) -> Result<Value> {
    match op {
        "print" => one(op, args).cloned(),
        _ => Err(Error::algebra(format!("unknown operation '{op}'"))),
    }
}

fn one<'a>(op: &str, args: &'a [Value]) -> Result<&'a Value> {
    match args {
        [a] => Ok(a),
        _ => Err(Error::algebra(format!("{op} takes 1 argument, got {}", args.len()))),
    }
}
