//! Application of a linear layout (F2-linear map, `layout_algebra::linear`) as index math.
//!
//! `L(x) = XOR over in dims i and bits k of x_i with bit k set, of basis(i, k)`. The result is
//! the *flattened* offset: the out dims packed minor-to-major, out dim j at bit
//! `out_shift(j)` (the algebra's `apply_packed`). Each term is emitted select-free as
//! `((x_i >> k) & 1) * packed_basis(i, k)` and the terms are combined with `arith.xori`; terms
//! with a zero basis are skipped and bit 0 needs no shift. The bases are read from the algebra
//! (`basis`, `out_shift`), never re-derived here.
//!
//! This is the building block the `layout.linear_apply` lowering uses (docs/linear.md); the
//! evaluation test (lowering/harness/tests/eval.rs) JIT-compiles it and compares with `apply_packed` on every
//! input point of the Triton reference layouts.

use layout_algebra::linear::LinearLayout;

/// The packed image of bit `k` of in dim `i`: the out-dim components of its basis placed at
/// their out shifts.
pub fn packed_basis(l: &LinearLayout, i: usize, k: usize) -> i64 {
    (0..l.outs().len()).fold(0i64, |acc, j| acc | (l.basis(i, k, j) << l.out_shift(j)))
}

/// The arith ops applying `l` to the index values `inputs` (one per in dim, in order), as
/// MLIR text; fresh SSA names start with `prefix`. Returns the ops and the name of the
/// flattened result.
pub fn apply_ops(l: &LinearLayout, inputs: &[String], prefix: &str) -> (String, String) {
    let mut ops = String::new();
    let mut n = 0usize;
    let mut fresh = |ops: &mut String, rhs: String| {
        let name = format!("%{prefix}{n}");
        n += 1;
        ops.push_str(&format!("    {name} = {rhs}\n"));
        name
    };
    let one = fresh(&mut ops, "arith.constant 1 : index".into());
    let mut acc: Option<String> = None;
    for (i, d) in l.ins().iter().enumerate() {
        let x = &inputs[i];
        for k in 0..d.bases.len() {
            let b = packed_basis(l, i, k);
            if b == 0 {
                continue;
            }
            let shifted = if k == 0 {
                x.clone()
            } else {
                let kc = fresh(&mut ops, format!("arith.constant {k} : index"));
                fresh(&mut ops, format!("arith.shrui {x}, {kc} : index"))
            };
            let bit = fresh(&mut ops, format!("arith.andi {shifted}, {one} : index"));
            let bc = fresh(&mut ops, format!("arith.constant {b} : index"));
            let term = fresh(&mut ops, format!("arith.muli {bit}, {bc} : index"));
            acc = Some(match acc {
                None => term,
                Some(a) => fresh(&mut ops, format!("arith.xori {a}, {term} : index")),
            });
        }
    }
    let result = match acc {
        Some(a) => a,
        None => fresh(&mut ops, "arith.constant 0 : index".into()),
    };
    (ops, result)
}

/// The same index math through the [`crate::emit::Emitter`] (used by the lowering of
/// `layout.linear_apply`): `inputs[i]` is the value of in dim `i`, assumed in
/// `[0, in_size(i))`. Returns the flattened offset.
pub fn apply(
    e: &mut crate::emit::Emitter<'_>,
    l: &LinearLayout,
    inputs: &[crate::emit::Sym],
) -> Result<crate::emit::Sym, String> {
    use crate::emit::Sym;
    if inputs.len() != l.ins().len() {
        return Err(format!(
            "linear_apply: {} inputs for a linear layout with {} input dimensions",
            inputs.len(),
            l.ins().len()
        ));
    }
    let mut acc = Sym::constant(0);
    for (i, d) in l.ins().iter().enumerate() {
        for k in 0..d.bases.len() {
            let b = packed_basis(l, i, k);
            if b == 0 {
                continue;
            }
            let bit = e.shr(inputs[i], k as u32);
            let bit = e.and_const(bit, 1);
            let term = e.mul_const(bit, b);
            acc = e.xor(acc, term);
        }
    }
    Ok(acc)
}
