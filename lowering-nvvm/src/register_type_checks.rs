//! The checks of `--layout-lower-register-tensors` on the register tensors of a module and the
//! ops on them, before it rewrites anything (src/convert_buffer.rs runs them after
//! src/kernel_checks.rs's block warps). In MLIR's post-order walk, each op's operand types,
//! result types and the argument types of the blocks of its regions:
//!
//! - A register tensor type (a ranked tensor encoded by a `#layout.linear`) is one: its
//!   encoding fits its shape (`linear::tensor_encoding`), else an error with the algebra's
//!   reason.
//! - `layout.async_copy`, `layout.global_load`, `layout.global_store`, `layout.shared_load` and
//!   `layout.shared_store` take no tensor in memory: `--layout-lower-tensors` resolves it to a
//!   pointer first.
//! - Registers of an element LLVM has no type for (f8) are its bytes (held as the integer of its
//!   width): an `arith`/`math` op computes on no such register tensor, except `arith.bitcast`
//!   (which moves it), `arith.constant` and `arith.truncf` from f32 to f8E4M3FN / f8E5M2
//!   (`cvt.rn.satfinite`, src/elementwise.rs). One error per op.
//!
//! When any of these fails, nothing else is checked. Then every `arith.constant` register
//! tensor is a splat (dense and splat): each thread holds other elements, so another constant
//! has no per-thread value. Each check reports every violation, at its op, and the answer is
//! whether there was none.

use layout_algebra::linear::tensor_encoding::check_tensor_encoding;
use layout_dialect::memory_tensor::memory_tensor;
use layout_dialect::op_diagnostics::{emit_verifier_error, op_name};
use layout_dialect::register_tile::Tile;
use melior::ir::attribute::DenseElementsAttribute;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{RegionLike, ValueLike};

use crate::elementwise::f32_to_fp8;
use crate::kernel_checks::walk_post_order;
use crate::register_tensor::{held_as_integer, register_encoding};

/// The ops that read a tensor in memory through a pointer.
const MEMORY_READERS: [&str; 5] = [
    "layout.async_copy",
    "layout.global_load",
    "layout.global_store",
    "layout.shared_load",
    "layout.shared_store",
];

/// The register tensors of the module under `root` and the ops on them pass the checks (see
/// the module note); true when they do (each error reported).
pub fn check_register_tensors(root: OperationRef<'_, '_>) -> bool {
    let mut ok = true;
    walk_post_order(root, &mut |op| {
        let name = op_name(&op);
        let reads_memory = MEMORY_READERS.contains(&name.as_str());
        for v in op.operands() {
            let t = v.r#type();
            check_register_tensor(op, t, &mut ok);
            if reads_memory && memory_tensor(t).is_some() {
                emit_verifier_error(&op, &format!("reads the tensor in memory '{t}' unresolved: --layout-lower-tensors (the first pass of --lower-to-nvvm) resolves it to a pointer first"));
                ok = false;
            }
        }
        for r in op.results() {
            check_register_tensor(op, r.r#type(), &mut ok);
        }
        check_byte_registers(op, &name, &mut ok);
        for region in op.regions() {
            let mut block = region.first_block();
            while let Some(b) = block {
                for i in 0..b.argument_count() {
                    if let Ok(arg) = b.argument(i) {
                        check_register_tensor(op, arg.r#type(), &mut ok);
                    }
                }
                block = b.next_in_region();
            }
        }
    });
    if !ok {
        return false;
    }
    walk_post_order(root, &mut |op| {
        if op_name(&op) != "arith.constant" {
            return;
        }
        let register = op
            .results()
            .next()
            .is_some_and(|r| register_encoding(r.r#type()).is_some());
        let splat = op
            .attribute("value")
            .ok()
            .and_then(|a| DenseElementsAttribute::try_from(a).ok())
            .is_some_and(|d| d.is_splat());
        if register && !splat {
            emit_verifier_error(&op, "a constant register tensor must be a splat: each thread holds other elements, so a non-splat constant has no per-thread value");
            ok = false;
        }
    });
    ok
}

/// A register tensor type `t` of `op` is one: its encoding fits its shape.
fn check_register_tensor(op: OperationRef<'_, '_>, t: Type<'_>, ok: &mut bool) {
    let (Some(l), Some(tile)) = (register_encoding(t), Tile::of(t)) else {
        return;
    };
    if let Err(e) = check_tensor_encoding(&l, &tile.shape, "the encoding") {
        emit_verifier_error(
            &op,
            &format!("has a register tensor '{t}' that is not one: {e}"),
        );
        *ok = false;
    }
}

/// An `arith`/`math` op `op` named `name` computes on no register tensor of an element LLVM
/// has no type for, unless it moves or makes them (see the module note).
fn check_byte_registers(op: OperationRef<'_, '_>, name: &str, ok: &mut bool) {
    let dialect = name.split('.').next().unwrap_or("");
    if !matches!(dialect, "arith" | "math") || matches!(name, "arith.bitcast" | "arith.constant") {
        return;
    }
    let operand_types: Vec<Type<'_>> = op.operands().map(|v| v.r#type()).collect();
    let result_types: Vec<Type<'_>> = op.results().map(|v| v.r#type()).collect();
    if f32_to_fp8(name, &operand_types, &result_types).is_some() {
        return;
    }
    for &t in operand_types.iter().chain(&result_types) {
        let Some(tile) = register_encoding(t).and_then(|_| Tile::of(t)) else {
            continue;
        };
        let elem = tile.elem;
        let Some(bits) = held_as_integer(elem) else {
            continue;
        };
        emit_verifier_error(&op, &format!("computes on registers of '{elem}', which LLVM has no type for: a register tensor of '{elem}' is held as 'i{bits}' and only moved (loads, stores, layout.convert_layout, arith.bitcast to 'i{bits}') or made by arith.truncf from f32 (f8E4M3FN, f8E5M2)"));
        *ok = false;
        break;
    }
}
