//! Test functions of the linear-layout lowering: the and/shift/mul/xor index math of
//! `layout_lowering::linear::apply_ops` wrapped in a function with the harness signature.

use layout_algebra::linear::LinearLayout;
use layout_lowering::linear::apply_ops;

/// `func.func @name` with [`crate::harness::ARITY`] index arguments applying `l` to the first
/// `l.ins().len()` of them (the harness signature).
pub fn apply_func_ir(name: &str, l: &LinearLayout) -> String {
    let args: Vec<String> = (0..crate::harness::ARITY)
        .map(|i| format!("%a{i}: index"))
        .collect();
    let inputs: Vec<String> = (0..l.ins().len()).map(|i| format!("%a{i}")).collect();
    let (ops, r) = apply_ops(l, &inputs, "t");
    format!(
        "  func.func @{name}({}) -> index {{\n{ops}    return {r} : index\n  }}\n",
        args.join(", ")
    )
}
