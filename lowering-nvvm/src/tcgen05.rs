//! Lowering of the Blackwell ops to the upstream NVVM tcgen05 ops (MLIR 22 has all of them:
//! `nvvm.tcgen05.mma`, `.ld`, `.st`, `.wait`, `.cp`, so no inline PTX here). TMEM addresses
//! are i32 values (`lane << 16 | column`), converted to `!llvm.ptr<6>` for the NVVM ops.

use layout_algebra::hw::{MmaKind, TmemShape};
use mlir_sys::*;

use crate::build::Builder;
use crate::derive::{self, Attrs};

/// An i32 TMEM address as the NVVM ops' `!llvm.ptr<6>`.
fn tmem_ptr(b: &Builder, addr: MlirValue) -> Result<MlirValue, String> {
    b.val("llvm.inttoptr", &[addr], &[], "!llvm.ptr<6>")
}

/// `layout.tcgen05_mma` -> `nvvm.tcgen05.mma` with the derived instruction descriptor.
pub fn lower_mma(
    b: &Builder,
    op: MlirOperation,
    a: &Attrs,
    ops: &[MlirValue],
) -> Result<(), String> {
    let d = derive::tcgen05_mma(a)?;
    let kind = match d.kind {
        MmaKind::F16 => "f16",
        MmaKind::Tf32 => "tf32",
        MmaKind::F8f6f4 => "f8f6f4",
        MmaKind::I8 => "i8",
    };
    let cta = if a.get("ctaGroup").map(|s| s.as_str()) == Some("2") {
        "cta_2"
    } else {
        "cta_1"
    };
    let dp = tmem_ptr(b, ops[0])?;
    let idesc = b.const_int(d.encode() as i32 as i64, "i32")?;
    b.op(
        "nvvm.tcgen05.mma",
        &[dp, ops[1], ops[2], idesc, ops[3]],
        &[
            ("kind", format!("#nvvm.tcgen05_mma_kind<{kind}>")),
            ("ctaGroup", format!("#nvvm.cta_group<{cta}>")),
            (
                "operandSegmentSizes",
                "array<i32: 1, 1, 1, 1, 1, 0, 0>".into(),
            ),
        ],
        &[],
    )?;
    b.replace(op, &[]);
    Ok(())
}

fn shape_attr(s: TmemShape) -> String {
    format!("#nvvm.tcgen05_ldst_shape<shape_{}>", s.name())
}

/// `layout.tmem_load` / `layout.tmem_store` -> `nvvm.tcgen05.ld` / `.st` at the warp's base
/// address ([`warp_base_offset`]), then `nvvm.tcgen05.wait <load|store>`.
pub fn lower_tmem_copy(
    b: &Builder,
    op: MlirOperation,
    store: bool,
    a: &Attrs,
    ops: &[MlirValue],
) -> Result<(), String> {
    let c = derive::tmem_copy(a)?;
    let bases: Vec<i64> = (0..c.warps.len()).map(|i| c.base_address(i)).collect();
    let off = warp_base_offset(b, &bases)?;
    let addr = match off {
        None => ops[0],
        Some(off) => b.binop("llvm.add", ops[0], off, "i32")?,
    };
    let p = tmem_ptr(b, addr)?;
    let mut operands = vec![p];
    if store {
        operands.push(ops[1]);
    }
    if c.shape == TmemShape::S16x32bx2 {
        operands.push(b.const_int(c.imm, "i64")?);
    }
    let attrs = [("shape", shape_attr(c.shape))];
    let ty = if c.regs == 1 {
        "i32".to_string()
    } else {
        format!("vector<{}xi32>", c.regs)
    };
    if store {
        b.op("nvvm.tcgen05.st", &operands, &attrs, &[])?;
        b.op(
            "nvvm.tcgen05.wait",
            &[],
            &[("kind", "#nvvm.tcgen05_wait<store>".into())],
            &[],
        )?;
        b.replace(op, &[]);
    } else {
        let r = b.val("nvvm.tcgen05.ld", &operands, &attrs, &ty)?;
        b.op(
            "nvvm.tcgen05.wait",
            &[],
            &[("kind", "#nvvm.tcgen05_wait<load>".into())],
            &[],
        )?;
        b.replace(op, &[r]);
    }
    Ok(())
}

/// `layout.tcgen05_cp` -> the source descriptor (start address from the pointer) and
/// `nvvm.tcgen05.cp` (shape 128x256b).
pub fn lower_cp(
    b: &Builder,
    op: MlirOperation,
    a: &Attrs,
    ops: &[MlirValue],
) -> Result<(), String> {
    let d = derive::tcgen05_cp(a)?;
    let desc = crate::pass::emit_smem_desc(b, &d, Some(ops[1]), None)?;
    let p = tmem_ptr(b, ops[0])?;
    b.op(
        "nvvm.tcgen05.cp",
        &[p, desc],
        &[("shape", "#nvvm.tcgen05_cp_shape<shape_128x256b>".into())],
        &[],
    )?;
    b.replace(op, &[]);
    Ok(())
}

/// The TMEM address offset of the executing warp's base: `None` for one warp at offset 0, a
/// constant for one warp, for a warpgroup `base0 + w * step` (`w = (tid.x / 32) % 4`) when the
/// four bases are evenly spaced, else an element of a constant vector.
fn warp_base_offset(b: &Builder, bases: &[i64]) -> Result<Option<MlirValue>, String> {
    if let [only] = bases {
        return Ok(if *only == 0 {
            None
        } else {
            Some(b.const_int(*only, "i32")?)
        });
    }
    let tid = b.val("nvvm.read.ptx.sreg.tid.x", &[], &[], "i32")?;
    let five = b.const_int(5, "i32")?;
    let three = b.const_int(3, "i32")?;
    let w = b.binop("llvm.lshr", tid, five, "i32")?;
    let w = b.binop("llvm.and", w, three, "i32")?;
    let step = bases[1] - bases[0];
    if bases
        .iter()
        .enumerate()
        .all(|(i, &x)| x == bases[0] + i as i64 * step)
    {
        let s = b.const_int(step, "i32")?;
        let ws = b.binop("llvm.mul", w, s, "i32")?;
        if bases[0] == 0 {
            return Ok(Some(ws));
        }
        let c0 = b.const_int(bases[0], "i32")?;
        return Ok(Some(b.binop("llvm.add", ws, c0, "i32")?));
    }
    Ok(Some(b.table_lookup(bases, w)?))
}
