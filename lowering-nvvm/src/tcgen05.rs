//! Lowering of the Blackwell ops to the upstream NVVM tcgen05 ops (MLIR 22 has all of them:
//! `nvvm.tcgen05.mma`, `.ld`, `.st`, `.wait`, `.cp`, so no inline PTX here). TMEM addresses
//! are i32 values (`lane << 16 | column`), converted to `!llvm.ptr<6>` for the NVVM ops.

use layout_algebra::hw::TmemShape;
use melior::ir::operation::OperationRef;

use crate::build::{Builder, Val};
use crate::build_nvvm::Sync;
use crate::derive::{self, Attrs};

/// An i32 TMEM address as the NVVM ops' `!llvm.ptr<6>`.
fn tmem_ptr<'c>(b: &Builder<'c>, addr: Val<'c>) -> Val<'c> {
    b.inttoptr(addr, b.ptr(6))
}

/// `layout.tcgen05_mma` -> `nvvm.tcgen05.mma` with the derived instruction descriptor.
pub fn lower_mma<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let d = derive::tcgen05_mma(a)?;
    let cta2 = a.get("ctaGroup").map(|s| s.as_str()) == Some("2");
    let dp = tmem_ptr(b, ops[0]);
    let idesc = b.c32(d.encode() as i32 as i64);
    b.tcgen05_mma(d.kind, cta2, dp, ops[1], ops[2], idesc, ops[3])?;
    b.replace(op, &[]);
    Ok(())
}

/// `layout.tmem_load` / `layout.tmem_store` -> `nvvm.tcgen05.ld` / `.st` at the warp's base
/// address ([`warp_base_offset`]), then `nvvm.tcgen05.wait <load|store>`.
pub fn lower_tmem_copy<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    store: bool,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let c = derive::tmem_copy(a)?;
    let bases: Vec<i64> = (0..c.warps.len()).map(|i| c.base_address(i)).collect();
    let off = warp_base_offset(b, &bases)?;
    let addr = match off {
        None => ops[0],
        Some(off) => b.add(ops[0], off),
    };
    let p = tmem_ptr(b, addr);
    // The immediate offset of the second half of a 16x32bx2 access.
    let imm = (c.shape == TmemShape::S16x32bx2).then(|| b.c64(c.imm));
    if store {
        b.tcgen05_st(c.shape, p, ops[1], imm);
        b.sync(Sync::Tcgen05WaitStore);
        b.replace(op, &[]);
    } else {
        let ty = if c.regs == 1 {
            b.i32()
        } else {
            b.vector(c.regs as usize, b.i32())
        };
        let r = b.tcgen05_ld(ty, c.shape, p, imm);
        b.sync(Sync::Tcgen05WaitLoad);
        let r = after_wait(b, r, c.regs);
        b.replace(op, &[r]);
    }
    Ok(())
}

/// The registers of a `tcgen05.ld` hold its values only once `tcgen05.wait::ld` has returned,
/// but nothing orders a plain use of them (a register move, a conversion) after the wait: LLVM
/// may schedule it before. Each register is therefore passed through an empty volatile asm
/// (`"=r,0"`) after the wait, and the uses read that.
fn after_wait<'c>(b: &Builder<'c>, r: Val<'c>, regs: i64) -> Val<'c> {
    if regs == 1 {
        return b.inline_asm_value(b.i32(), &[r], "", "=r,0");
    }
    let mut v = b.poison(b.vector(regs as usize, b.i32()));
    for i in 0..regs {
        let at = b.c32(i);
        let e = b.extract_element(r, at);
        let e = b.inline_asm_value(b.i32(), &[e], "", "=r,0");
        v = b.insert_element(v, e, at);
    }
    v
}

/// `layout.tcgen05_cp` -> the source descriptor (start address from the pointer) and
/// `nvvm.tcgen05.cp` (shape 128x256b).
pub fn lower_cp<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let d = derive::tcgen05_cp(a)?;
    let desc = crate::smem_desc::emit_smem_desc(b, &d, Some(ops[1]), None)?;
    let p = tmem_ptr(b, ops[0]);
    b.tcgen05_cp(p, desc);
    b.replace(op, &[]);
    Ok(())
}

/// The TMEM address offset of the executing warp's base: `None` for one warp at offset 0, a
/// constant for one warp, for a warpgroup `base0 + w * step` (`w = (tid.x / 32) % 4`) when the
/// four bases are evenly spaced, else an element of a constant vector.
fn warp_base_offset<'c>(b: &Builder<'c>, bases: &[i64]) -> Result<Option<Val<'c>>, String> {
    if let [only] = bases {
        return Ok((*only != 0).then(|| b.c32(*only)));
    }
    let tid = b.thread_id_x();
    let five = b.c32(5);
    let three = b.c32(3);
    let w = b.lshr(tid, five);
    let w = b.and(w, three);
    let step = bases[1] - bases[0];
    if bases
        .iter()
        .enumerate()
        .all(|(i, &x)| x == bases[0] + i as i64 * step)
    {
        let s = b.c32(step);
        let ws = b.mul(w, s);
        if bases[0] == 0 {
            return Ok(Some(ws));
        }
        let c0 = b.c32(bases[0]);
        return Ok(Some(b.add(ws, c0)));
    }
    Ok(Some(b.table_lookup(bases, w)?))
}
