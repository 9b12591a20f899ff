//! The combiners of `layout.reduce` (src/register_ops.rs) and the scalar float max/min of an
//! elementwise op (src/elementwise.rs): an `arith` op kind (`addf`, `maxnumf`, `xori`, ...) as
//! the LLVM op or intrinsic it means on two values of one type (maxnumf: `llvm.intr.maxnum`,
//! which NVPTX emits as max.f32, no libdevice call).

use crate::build::{Builder, Val};

/// `x` combined with `y` by layout.reduce's combiner `kind` (verified), as the LLVM op or
/// intrinsic the arith op `kind` means; also the scalar op of an elementwise float max/min
/// (src/elementwise.rs).
pub(crate) fn combine<'c>(
    b: &Builder<'c>,
    kind: &str,
    x: Val<'c>,
    y: Val<'c>,
) -> Result<Val<'c>, String> {
    let name = match kind {
        "addf" => "llvm.fadd",
        "mulf" => "llvm.fmul",
        "maxnumf" => "llvm.intr.maxnum",
        "minnumf" => "llvm.intr.minnum",
        "maximumf" => "llvm.intr.maximum",
        "minimumf" => "llvm.intr.minimum",
        "addi" => "llvm.add",
        "muli" => "llvm.mul",
        "maxsi" => "llvm.intr.smax",
        "minsi" => "llvm.intr.smin",
        "maxui" => "llvm.intr.umax",
        "minui" => "llvm.intr.umin",
        "andi" => "llvm.and",
        "ori" => "llvm.or",
        "xori" => "llvm.xor",
        _ => return Err(format!("internal: no combiner {kind}")),
    };
    Ok(b.same_type_op(name, x, y))
}
