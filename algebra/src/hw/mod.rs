//! Hardware descriptors derived from layouts: WGMMA shared-memory matrix descriptors, TMA
//! tensor-map parameters, ldmatrix/stmatrix lane addresses. Every hardware rule is checked.
//!
//! Operations (through `ops::call`, hence `layout batch`):
//!
//! - `wgmma_desc(elem, major, smem[, byte_address])` -> `"0x%016x"` (see [`wgmma_desc()`]).
//! - `wgmma_k_block(elem, tile, k)` -> the operand block k (one instruction's K) of a tile,
//!   `Sw o off o L` (see [`wgmma_k_block()`]); its descriptor gives the per-k advance.
//! - `tma_desc(elem, gmem, smem)` -> JSON object of `cuTensorMapEncodeTiled` arguments
//!   (see [`tma_desc()`]).
//! - `ldmatrix(elem, smem, fragment)` / `stmatrix(...)` -> JSON object with the instruction and
//!   the 32 lane byte offsets (see [`matrix_copy`]).
//! - `fragment_store(elem, fragment, rows)` -> JSON object with the store plan of a register
//!   fragment into a row-major tensor (see [`fragment_store()`]).
//! - `smem_layout(elem, major, MN, K[, stages])` -> JSON object with the shared-memory layout
//!   of a WGMMA operand or epilogue tile: the widest swizzle atom tiled to the stages, with its
//!   certificate (see [`smem_select::smem_layout`]).
//! - `tmem_load(tmem, columns[, budget])` -> JSON object with the `tcgen05.ld` shape and
//!   `.num` reading an epilogue subtile of a TMEM accumulator and the fragment it gives
//!   (see [`tmem_select::tmem_load`]).
//!
//! Name arguments (`f16`, `K`, `MN`) arrive as [`Value::Json`] text (a JSON string `"f16"` or
//! the bare word); see [`name_arg`].

pub mod elem;
pub mod fragment_store;
pub mod json;
pub mod ldmatrix;
pub mod ldmatrix_sm100;
pub mod mma_atoms;
pub mod mma_sync;
pub mod shared_placement;
pub mod smem;
pub mod smem_capacity;
pub mod smem_select;
pub mod swizzle_modes;
pub mod tma_desc;
pub mod tma_encodable;
pub mod tma_limits;
pub mod tmem;
pub mod tmem_select;
pub mod umma_desc;
pub mod umma_instr_desc;
pub mod wgmma_a_operand;
pub mod wgmma_accumulator;
pub mod wgmma_addr;
pub mod wgmma_desc;
pub mod wgmma_fields;
pub mod wgmma_kblock;

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::tuple::Tree;
use crate::value::Value;

pub use elem::Elem;
pub use fragment_store::{fragment_store, FragmentStore};
pub use ldmatrix::{matrix_copy, MatrixCopy, MatrixOp};
pub use ldmatrix_sm100::MatrixForm;
pub use swizzle_modes::{ByteSwizzle, TmaSwizzle, WgmmaLayoutType};
pub use tma_desc::{tma_desc, TmaDesc, TmaRuntime};
pub use tmem::{tmem_alloc_columns, tmem_columns_needed, tmem_copy, TmemCopy, TmemShape};
pub use umma_desc::{
    check_umma_storage, umma_address, umma_desc, umma_desc_k, UmmaDesc, UmmaLayoutType,
};
pub use umma_instr_desc::{umma_instr_desc, Accum, BlockScale, MmaFlags, MmaKind, UmmaInstrDesc};
pub use wgmma_addr::wgmma_address;
pub use wgmma_desc::{check_wgmma_operand, wgmma_desc, Major, WgmmaDesc};
pub use wgmma_kblock::{k_per_instruction, wgmma_desc_k, wgmma_k_block};

/// Operations of this module reachable through `ops::call`.
pub const OP_NAMES: &[&str] = &[
    "wgmma_desc",
    "wgmma_k_block",
    "tma_desc",
    "ldmatrix",
    "stmatrix",
    "umma_desc",
    "umma_instr_desc",
    "tmem_copy",
    "fragment_store",
    "smem_layout",
    "tmem_load",
];

/// Dispatch an operation of this module; `None` when `op` is not one of ours.
pub fn call(op: &str, args: &[Value]) -> Option<Result<Value>> {
    Some(match op {
        "wgmma_desc" => call_wgmma_desc(args),
        "wgmma_k_block" => call_wgmma_k_block(args),
        "tma_desc" => call_tma_desc(args),
        "ldmatrix" => call_matrix(MatrixOp::Ld, args),
        "stmatrix" => call_matrix(MatrixOp::St, args),
        "umma_desc" => call_umma_desc(args),
        "umma_instr_desc" => call_umma_instr_desc(args),
        "tmem_copy" => call_tmem_copy(args),
        "fragment_store" => call_fragment_store(args),
        "smem_layout" => call_smem_layout(args),
        "tmem_load" => call_tmem_load(args),
        _ => return None,
    })
}

fn call_wgmma_desc(args: &[Value]) -> Result<Value> {
    let (elem, major, smem, addr) = smem_desc_args("wgmma_desc", args)?;
    let d = wgmma_desc(elem, major, &smem, addr)?;
    Ok(Value::Json(format!("\"{}\"", d.hex())))
}

fn call_umma_desc(args: &[Value]) -> Result<Value> {
    let (elem, major, smem, addr) = smem_desc_args("umma_desc", args)?;
    let d = umma_desc(elem, major, &smem, addr)?;
    Ok(Value::Json(format!("\"{}\"", d.hex())))
}

fn call_fragment_store(args: &[Value]) -> Result<Value> {
    let op = "fragment_store";
    if args.len() != 3 {
        return Err(arity(op, args.len(), "3 (elem, fragment, tile rows)"));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the stored element type")?)?;
    let frag = layout_arg(op, args, 1, "the fragment (thread, value) layout")?;
    let rows = int_arg(op, args, 2, "the tile rows")?;
    Ok(Value::Json(fragment_store(elem, &frag, rows)?.to_json()))
}

fn call_smem_layout(args: &[Value]) -> Result<Value> {
    let op = "smem_layout";
    if args.len() != 4 && args.len() != 5 {
        return Err(arity(
            op,
            args.len(),
            "4 or 5 (elem, major, MN, K[, stages])",
        ));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the element type")?)?;
    let major = Major::parse(&name_arg(op, args, 1, "the major (K or MN)")?)?;
    let mn = int_arg(op, args, 2, "MN")?;
    let k = int_arg(op, args, 3, "K")?;
    let stages = if args.len() == 5 {
        int_arg(op, args, 4, "the stages")?
    } else {
        1
    };
    Ok(Value::Json(
        smem_select::smem_layout(elem, major, mn, k, stages)?.to_json(),
    ))
}

fn call_tmem_load(args: &[Value]) -> Result<Value> {
    let op = "tmem_load";
    if args.len() != 2 && args.len() != 3 {
        return Err(arity(
            op,
            args.len(),
            "2 or 3 (tmem, columns[, register budget])",
        ));
    }
    let tmem = layout_arg(op, args, 0, "the TMEM layout")?;
    let cols = int_arg(op, args, 1, "the subtile columns")?;
    let budget = if args.len() == 3 {
        int_arg(op, args, 2, "the register budget")?
    } else {
        128
    };
    Ok(Value::Json(
        tmem_select::tmem_load(&tmem, cols, budget)?.to_json(),
    ))
}

fn call_tmem_copy(args: &[Value]) -> Result<Value> {
    let op = "tmem_copy";
    if args.len() != 2 && args.len() != 3 {
        return Err(arity(op, args.len(), "2 or 3 (tmem, fragment[, warp])"));
    }
    let tmem = layout_arg(op, args, 0, "the TMEM layout")?;
    let frag = layout_arg(op, args, 1, "the fragment (thread, value) layout")?;
    let warp = if args.len() == 3 {
        int_arg(op, args, 2, "the warp")?
    } else {
        0
    };
    Ok(Value::Json(tmem_copy(&tmem, &frag, warp)?.to_json()))
}

fn call_umma_instr_desc(args: &[Value]) -> Result<Value> {
    let op = "umma_instr_desc";
    if args.len() < 7 {
        return Err(arity(
            op,
            args.len(),
            "7 or more (a, b, d, M, N, majorA, majorB[, modifier, ...])",
        ));
    }
    let a = Elem::parse(&name_arg(op, args, 0, "the A type")?)?;
    let b = Elem::parse(&name_arg(op, args, 1, "the B type")?)?;
    let d = Accum::parse(&name_arg(op, args, 2, "the accumulator type")?)?;
    let m = int_arg(op, args, 3, "M")?;
    let n = int_arg(op, args, 4, "N")?;
    let major_a = Major::parse(&name_arg(op, args, 5, "the A major (K or MN)")?)?;
    let major_b = Major::parse(&name_arg(op, args, 6, "the B major (K or MN)")?)?;
    let mut flags = MmaFlags::default();
    for i in 7..args.len() {
        flags.set(&name_arg(op, args, i, "a modifier")?)?;
    }
    let d = umma_instr_desc(a, b, d, m, n, major_a, major_b, flags)?;
    Ok(Value::Json(format!("\"{}\"", d.hex())))
}

/// The arguments `(elem, major, smem[, byte_address])` of a shared-memory descriptor op.
fn smem_desc_args(op: &str, args: &[Value]) -> Result<(Elem, Major, Func, i64)> {
    if args.len() != 3 && args.len() != 4 {
        return Err(arity(
            op,
            args.len(),
            "3 or 4 (elem, major, smem[, byte_address])",
        ));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the element type")?)?;
    let major = Major::parse(&name_arg(op, args, 1, "the major (K or MN)")?)?;
    let smem = func_arg(op, args, 2, "the shared-memory layout")?;
    let addr = if args.len() == 4 {
        int_arg(op, args, 3, "the byte address")?
    } else {
        0
    };
    Ok((elem, major, smem, addr))
}

fn call_wgmma_k_block(args: &[Value]) -> Result<Value> {
    let op = "wgmma_k_block";
    if args.len() != 3 {
        return Err(arity(op, args.len(), "3 (elem, tile, k)"));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the element type")?)?;
    let tile = func_arg(op, args, 1, "the shared-memory tile")?;
    let k = int_arg(op, args, 2, "the k block")?;
    Ok(Value::Func(wgmma_k_block(elem, &tile, k)?))
}

fn call_tma_desc(args: &[Value]) -> Result<Value> {
    let op = "tma_desc";
    if args.len() != 3 {
        return Err(arity(op, args.len(), "3 (elem, gmem, smem)"));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the element type")?)?;
    let gmem = layout_arg(op, args, 1, "the global-memory layout")?;
    let smem = func_arg(op, args, 2, "the shared-memory box layout")?;
    Ok(Value::Json(tma_desc(elem, &gmem, &smem)?.to_json()))
}

fn call_matrix(mop: MatrixOp, args: &[Value]) -> Result<Value> {
    let op = mop.name();
    if args.len() != 3 {
        return Err(arity(op, args.len(), "3 (elem, smem, fragment)"));
    }
    let elem = Elem::parse(&name_arg(op, args, 0, "the element type")?)?;
    let smem = func_arg(op, args, 1, "the shared-memory layout")?;
    let frag = layout_arg(op, args, 2, "the fragment (thread, value) layout")?;
    Ok(Value::Json(matrix_copy(mop, elem, &smem, &frag)?.to_json()))
}

fn arity(op: &str, n: usize, want: &str) -> Error {
    Error::algebra(format!("{op} takes {want} arguments, got {n}"))
}

/// Dispatch on raw argument strings (for `layout batch`, like `linear::call_text`): each
/// argument through [`parse_arg`]. `None` when `op` is not one of ours.
pub fn call_text(op: &str, args: &[&str]) -> Option<Result<Value>> {
    Some(call_text_at(op, args)?.map_err(|(e, _)| e))
}

/// Like [`call_text`], with the index of the argument a parse error is in.
pub fn call_text_at(
    op: &str,
    args: &[&str],
) -> Option<std::result::Result<Value, (Error, Option<usize>)>> {
    if !OP_NAMES.contains(&op) {
        return None;
    }
    let mut vals = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        match parse_arg(a) {
            Ok(v) => vals.push(v),
            Err(e) => return Some(Err((e, Some(i)))),
        }
    }
    Some(call(op, &vals)?.map_err(|e| (e, None)))
}

/// Parse one argument text for `ops::call`: a value of the layout syntax, or else a bare
/// name (`f16`, `K`, `MN`: `[A-Za-z_][A-Za-z0-9_]*`) as a [`Value::Json`] holding the word.
/// The parse error of the value is kept for anything that is not a bare name.
pub fn parse_arg(text: &str) -> Result<Value> {
    match crate::text::parse(text) {
        Ok(v) => Ok(v),
        Err(e) => {
            let t = text.trim();
            let mut cs = t.chars();
            let is_name = cs
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && cs.all(|c| c.is_ascii_alphanumeric() || c == '_');
            if is_name {
                Ok(Value::Json(t.to_string()))
            } else {
                Err(e)
            }
        }
    }
}

/// A name argument (`f16`, `K`): a [`Value::Json`] holding a JSON string or a bare word.
pub fn name_arg(op: &str, args: &[Value], i: usize, what: &str) -> Result<String> {
    let bad = |v: &Value| {
        Error::algebra(format!(
            "{op}: argument {i} ({what}) must be a name, found {}",
            v.kind()
        ))
    };
    match &args[i] {
        Value::Json(t) => {
            let t = t.trim();
            let inner = t
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .unwrap_or(t);
            if !inner.is_empty() && inner.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                Ok(inner.to_string())
            } else {
                Err(bad(&args[i]))
            }
        }
        v => Err(bad(v)),
    }
}

fn func_arg(op: &str, args: &[Value], i: usize, what: &str) -> Result<Func> {
    match &args[i] {
        Value::Func(f) => Ok(f.clone()),
        Value::Tuple(t) => Ok(Func::Layout(Layout::compact(t)?)),
        v => Err(Error::algebra(format!(
            "{op}: argument {i} ({what}) must be a layout, found {}",
            v.kind()
        ))),
    }
}

fn layout_arg(op: &str, args: &[Value], i: usize, what: &str) -> Result<Layout> {
    match func_arg(op, args, i, what)? {
        Func::Layout(l) => Ok(l),
        f => Err(Error::algebra(format!(
            "{op}: argument {i} ({what}) must be a shape:stride layout, found {}",
            Value::Func(f).kind()
        ))),
    }
}

fn int_arg(op: &str, args: &[Value], i: usize, what: &str) -> Result<i64> {
    match &args[i] {
        Value::Tuple(Tree::Leaf(Int::Lit(v))) => Ok(*v),
        v => Err(Error::algebra(format!(
            "{op}: argument {i} ({what}) must be an integer, found {}",
            v.kind()
        ))),
    }
}
