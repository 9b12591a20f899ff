//! Helpers shared by the hardware-descriptor tests (`hw.rs`, `umma.rs`, `ldmatrix_sm100.rs`).

use layout_algebra::ops::call;
use layout_algebra::text::parse;
use layout_algebra::Value;

/// Run an operation through `ops::call` as `layout batch` does: a bare word (an element type
/// such as `f16` or `e2m1`, a major `K`/`MN`, a flag) is passed as a name value, everything
/// else is parsed as a value of the layout syntax. A JSON result is returned as its text, any
/// other value printed canonically, an error as its message.
pub fn run(op: &str, args: &[&str]) -> Result<String, String> {
    let vals: Vec<Value> = args
        .iter()
        .map(|a| {
            if !a.is_empty()
                && a.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && a.chars().next().unwrap().is_ascii_alphabetic()
            {
                Value::Json(a.to_string())
            } else {
                parse(a).unwrap_or_else(|e| panic!("test input {a} does not parse: {e}"))
            }
        })
        .collect();
    match call(op, &vals) {
        Ok(Value::Json(j)) => Ok(j),
        Ok(v) => Ok(layout_algebra::text::print(&v)),
        Err(e) => Err(e.to_string()),
    }
}
