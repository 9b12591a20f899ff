//! The pass `layout-lower-to-nvvm`: rewrites layout.ldmatrix/stmatrix/wgmma_desc/wgmma/
//! tma_desc/tma_load/tma_store into NVVM and LLVM-dialect ops. Every number the hardware sees
//! comes from `derive` (the algebra); what is static is emitted as a constant.

use layout_dialect::op_diagnostics::{emit_op_error, op_name};

use layout_algebra::hw::{Major, MatrixOp};
use melior::ir::attribute::{DenseI32ArrayAttribute, StringAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::RegionLike;
use melior::ir::{TypeLike, ValueLike};
use melior::pass::Pass;
use melior::{Context, RewriterBase};
use mlir_sys::*;

use crate::build::{Builder, PatternRewriter, Val};
use crate::build_llvm::Binary;
use crate::build_nvvm::Sync;
use crate::derive::{self, Attrs, DescKind};
use crate::register_ops;
use crate::smem_desc::emit_smem_desc;
use crate::tensor_patterns;

pub use crate::op_params::{attrs, string_bytes};

pub const ARGUMENT: &str = "layout-lower-to-nvvm";

extern "C" {
    fn layout_nvvm_create_hardware_lowering_pass() -> MlirPass;
}

/// A new `layout-lower-to-nvvm` pass: MLIR's dialect conversion with the hardware ops illegal
/// and one conversion pattern per op (cpp/HardwareOpLowering.cpp), each of which calls
/// [`layout_nvvm_lower_op`].
pub fn create_lower_pass() -> Pass {
    // SAFETY: the C++ function returns a new pass that nothing else owns; `Pass` takes it.
    unsafe { Pass::from_raw(layout_nvvm_create_hardware_lowering_pass()) }
}

fn emit_error(op: OperationRef<'_, '_>, message: &str) {
    emit_op_error(&op, &format!("cannot be lowered to NVVM: {message}"));
}

/// Lower one op of the kind numbered `kind` (the body of its pattern): a hardware op
/// ([`HardwareOp`], cpp/HardwareOpLowering.cpp), from [`register_ops::FIRST_KIND`] on a
/// register-tensor op ([`register_ops`], cpp/RegisterTensors.cpp), from
/// [`tensor_patterns::FIRST_KIND`] on a memory-tensor op ([`tensor_patterns`], the greedy
/// patterns of cpp/MemoryTensors.cpp). The ops it becomes are created and the op replaced
/// through `rewriter`; `operands` are the op's operands as the conversion remaps them (the
/// adaptor's), `results` its results' converted types (register-tensor ops; none for hardware
/// and memory-tensor ops), `sm` the target SM. False, with the reason emitted at the op, when it cannot be lowered (or, for a
/// register-tensor op, is not its pattern's).
///
/// # Safety
/// `op` is a live op of the kind, `rewriter` the pattern's rewriter, `operands` points to `n`
/// live values and `results` to `n_results` live types (either may be null when its count is
/// 0); all of them stay alive during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_lower_op(
    op: MlirOperation,
    kind: i32,
    rewriter: MlirRewriterBase,
    operands: *const MlirValue,
    n: usize,
    results: *const MlirType,
    n_results: usize,
    sm: i64,
) -> bool {
    // SAFETY: the handles are live for this call (the caller's contract), and every typed
    // handle made here is bound to it: `'c` is a borrow of the locals `typed` and `context`
    // (melior's `ContextRef::to_ref` points into `context`, which outlives every use);
    // `Value` is `#[repr(transparent)]` over `MlirValue`, so the `n` operands read as values;
    // the `n_results` types are read and each wrapped; `typed` is made from `rewriter`, as
    // `PatternRewriter::new` requires.
    let (typed, context);
    let (ctx, op, all, types, rewriter) = unsafe {
        typed = RewriterBase::from_raw(rewriter);
        let op = OperationRef::from_raw(op);
        context = op.context();
        let all: &[Val] = if n == 0 {
            &[]
        } else {
            std::slice::from_raw_parts(operands as *const Val, n)
        };
        let types: Vec<Type> = if n_results == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(results, n_results)
                .iter()
                .map(|&t| Type::from_raw(t))
                .collect()
        };
        (
            context.to_ref(),
            op,
            all,
            types,
            PatternRewriter::new(&typed, rewriter),
        )
    };
    if kind >= tensor_patterns::FIRST_KIND {
        let b = Builder::before(ctx, op, rewriter);
        return tensor_patterns::lower(&b, op, kind, sm);
    }
    if kind >= register_ops::FIRST_KIND {
        let b = Builder::before(ctx, op, rewriter);
        return register_ops::lower(&b, op, kind, all, &types, sm);
    }
    lower_op_checked(ctx, op, kind, rewriter, all, sm)
}

/// [`layout_nvvm_lower_op`] on typed handles.
fn lower_op_checked<'c>(
    ctx: &'c Context,
    op: OperationRef<'c, 'c>,
    kind: i32,
    rewriter: PatternRewriter<'c>,
    all: &[Val<'c>],
    sm: i64,
) -> bool {
    // The data operands: every operand but the layouts given as operands (read by `attrs`).
    let data: Vec<Val<'c>> = all
        .iter()
        .copied()
        .filter(|v| !layout_dialect::is_layout_type(v.r#type()))
        .collect();
    let Some(kind) = HardwareOp::from_number(kind) else {
        emit_error(op, &format!("internal: no hardware op numbered {kind}"));
        return false;
    };
    let b = Builder::before(ctx, op, rewriter);
    match lower_op(&b, op, kind, &data, sm) {
        Ok(()) => true,
        Err(e) => {
            emit_error(op, &e);
            false
        }
    }
}

/// The hardware ops the pass lowers, numbered in the order cpp/HardwareOpLowering.cpp adds
/// their conversion patterns (each pattern passes its op's kind, so nothing here matches names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HardwareOp {
    Ldmatrix,
    Stmatrix,
    LaneOffset,
    WgmmaDesc,
    Wgmma,
    FragmentStore,
    Convert,
    TmaDesc,
    TmaLoad,
    TmaStore,
    UmmaDesc,
    Tcgen05Mma,
    TmemLoad,
    TmemStore,
    Tcgen05Cp,
}

impl HardwareOp {
    const ALL: [HardwareOp; 15] = [
        HardwareOp::Ldmatrix,
        HardwareOp::Stmatrix,
        HardwareOp::LaneOffset,
        HardwareOp::WgmmaDesc,
        HardwareOp::Wgmma,
        HardwareOp::FragmentStore,
        HardwareOp::Convert,
        HardwareOp::TmaDesc,
        HardwareOp::TmaLoad,
        HardwareOp::TmaStore,
        HardwareOp::UmmaDesc,
        HardwareOp::Tcgen05Mma,
        HardwareOp::TmemLoad,
        HardwareOp::TmemStore,
        HardwareOp::Tcgen05Cp,
    ];

    fn from_number(k: i32) -> Option<HardwareOp> {
        HardwareOp::ALL.get(usize::try_from(k).ok()?).copied()
    }
}

fn lower_op<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: HardwareOp,
    ops: &[Val<'c>],
    sm: i64,
) -> Result<(), String> {
    let a = attrs(op);
    match kind {
        HardwareOp::Ldmatrix => lower_matrix(b, op, MatrixOp::Ld, &a, ops, sm),
        HardwareOp::Stmatrix => lower_matrix(b, op, MatrixOp::St, &a, ops, sm),
        HardwareOp::LaneOffset => {
            let m = derive::matrix(derive::matrix_instr(&a)?, &a)?;
            let off = emit_lane_offset(b, ops[0], &lane_formula(&m.lane_offsets))?;
            b.replace(op, &[off]);
            Ok(())
        }
        HardwareOp::WgmmaDesc => lower_smem_desc(b, op, DescKind::Wgmma, &a, ops),
        HardwareOp::UmmaDesc => lower_smem_desc(b, op, DescKind::Umma, &a, ops),
        HardwareOp::Tcgen05Mma => crate::tcgen05::lower_mma(b, op, &a, ops),
        HardwareOp::TmemLoad => crate::tcgen05::lower_tmem_copy(b, op, false, &a, ops),
        HardwareOp::TmemStore => crate::tcgen05::lower_tmem_copy(b, op, true, &a, ops),
        HardwareOp::Tcgen05Cp => crate::tcgen05::lower_cp(b, op, &a, ops),
        HardwareOp::Wgmma => lower_wgmma(b, op, &a, ops),
        HardwareOp::FragmentStore => crate::fragment_store::lower(b, op, &a, ops),
        HardwareOp::Convert => crate::convert::lower(b, op, &a, ops, sm),
        HardwareOp::TmaLoad => lower_tma_load(b, op, &a, ops),
        HardwareOp::TmaStore => lower_tma_store(b, op, &a, ops),
        HardwareOp::TmaDesc => lower_tma_desc(b, op, &a, ops),
    }
}

/// How a lane's byte offset is computed from the lane id.
#[derive(Debug, PartialEq)]
pub enum LaneFormula {
    /// c0 + sum over lane bits i of bit_i * c_i
    Add(i64, Vec<i64>),
    /// c0 ^ xor over lane bits i of bit_i * c_i
    Xor(i64, Vec<i64>),
    /// a constant table indexed by the lane
    Table(Vec<i64>),
}

/// The cheapest exact formula for a 32-entry lane table.
pub fn lane_formula(offs: &[i64]) -> LaneFormula {
    let c0 = offs[0];
    let add: Vec<i64> = (0..5).map(|i| offs[1 << i] - c0).collect();
    if (0..32).all(|l| {
        offs[l]
            == c0
                + (0..5)
                    .filter(|i| l >> i & 1 == 1)
                    .map(|i| add[i])
                    .sum::<i64>()
    }) {
        return LaneFormula::Add(c0, add);
    }
    let xor: Vec<i64> = (0..5).map(|i| offs[1 << i] ^ c0).collect();
    if (0..32).all(|l| {
        offs[l]
            == (0..5)
                .filter(|i| l >> i & 1 == 1)
                .fold(c0, |acc, i| acc ^ xor[i])
    }) {
        return LaneFormula::Xor(c0, xor);
    }
    LaneFormula::Table(offs.to_vec())
}

/// The lane's byte offset as i32 IR: bit i of the lane moved to the position of c_i when c_i
/// is a power of two, else multiplied.
fn emit_lane_offset<'c>(
    b: &Builder<'c>,
    lane: Val<'c>,
    f: &LaneFormula,
) -> Result<Val<'c>, String> {
    let (c0, cs, comb) = match f {
        LaneFormula::Add(c0, cs) => (*c0, cs, Binary::Add),
        LaneFormula::Xor(c0, cs) => (*c0, cs, Binary::Xor),
        LaneFormula::Table(t) => return b.table_lookup(t, lane),
    };
    let mut acc: Option<Val<'c>> = None;
    for (i, &c) in cs.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let bit = b.c32(1 << i);
        let masked = b.and(lane, bit);
        let term = if c > 0 && c & (c - 1) == 0 {
            let p = c.trailing_zeros() as i64;
            if p > i as i64 {
                let s = b.c32(p - i as i64);
                b.shl(masked, s)
            } else if p < i as i64 {
                let s = b.c32(i as i64 - p);
                b.lshr(masked, s)
            } else {
                masked
            }
        } else {
            let bit01 = if i == 0 {
                masked
            } else {
                let s = b.c32(i as i64);
                b.lshr(masked, s)
            };
            let cv = b.c32(c);
            b.mul(bit01, cv)
        };
        acc = Some(match acc {
            None => term,
            Some(x) => b.binary(comb, x, term),
        });
    }
    let mut v = match acc {
        Some(v) => v,
        None => return Ok(b.c32(c0)),
    };
    if c0 != 0 {
        let c = b.c32(c0);
        v = b.binary(comb, v, c);
    }
    Ok(v)
}

/// ldmatrix / stmatrix; `sm` the target's SM (0: not known, e.g. the pass alone), which must
/// have the form: LLVM's NVPTX backend cannot select an sm_100 form for an older target.
fn lower_matrix<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    mop: MatrixOp,
    a: &Attrs,
    ops: &[Val<'c>],
    sm: i64,
) -> Result<(), String> {
    let m = derive::matrix(mop, a)?;
    let need = m.form.min_sm(mop);
    if sm != 0 && sm < need as i64 {
        return Err(format!(
            "{}.{}{}.{} needs sm_{need} or later; the target is sm_{sm} (--lower-to-nvvm's chip)",
            mop.name(),
            m.form.shape(),
            if m.trans { ".trans" } else { "" },
            m.form.elt()
        ));
    }
    let lane = b.lane_id();
    let off = emit_lane_offset(b, lane, &lane_formula(&m.lane_offsets))?;
    let addr = b.byte_offset(ops[0], off, b.ptr(3));
    match mop {
        MatrixOp::Ld => {
            let rt = if m.regs() == 1 {
                b.i32()
            } else {
                b.structure(&vec![b.i32(); m.regs() as usize])
            };
            let r = b.ldmatrix(addr, m.num as u32, m.trans, m.form, rt);
            b.replace(op, &[r]);
        }
        MatrixOp::St => {
            b.stmatrix(addr, &ops[1..], m.trans, m.form);
            b.replace(op, &[]);
        }
    }
    Ok(())
}

/// Which optional operands a `*_desc` op has: (runtime base pointer, runtime k).
///
/// Read from the op's `operandSegmentSizes` (a `DenseI32ArrayAttr` with one size per operand
/// group: `base`, then `kIndex`).
pub fn smem_desc_operands(op: OperationRef<'_, '_>) -> (bool, bool) {
    let Ok(segs) = op.attribute("operandSegmentSizes") else {
        return (false, false);
    };
    let Ok(segs) = DenseI32ArrayAttribute::try_from(segs) else {
        return (false, false);
    };
    match (segs.element(0), segs.element(1)) {
        (Ok(base), Ok(k)) => (base == 1, k == 1),
        _ => (false, false),
    }
}

fn lower_smem_desc<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    kind: DescKind,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let (has_base, has_k) = smem_desc_operands(op);
    let d = derive::smem_desc(kind, a, has_k)?;
    let base = has_base.then(|| ops[0]);
    let k = has_k.then(|| ops[if has_base { 1 } else { 0 }]);
    let desc = emit_smem_desc(b, &d, base, k)?;
    b.replace(op, &[desc]);
    Ok(())
}

fn lower_wgmma<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let w = derive::wgmma(a)?;
    // `async`: the mma alone; the kernel fences, commits and waits (several in flight).
    let asynchronous = a.contains_key("async");
    if !asynchronous {
        b.sync(Sync::WgmmaFence);
    }
    let a_is_desc = ops[0].r#type().is_integer();
    let r = if a_is_desc {
        wgmma_descriptors(b, &w, ops)?
    } else {
        wgmma_registers_a(b, &w, ops)?
    };
    if !asynchronous {
        b.sync(Sync::WgmmaCommitGroup);
        b.sync(Sync::WgmmaWaitGroup0);
    }
    b.replace(op, &[r]);
    Ok(())
}

/// wgmma with both operands as shared-memory descriptors: NVVM's `wgmma.mma_async` (layout
/// row for a K-major A, col for a K-major B).
fn wgmma_descriptors<'c>(
    b: &Builder<'c>,
    w: &derive::Wgmma,
    ops: &[Val<'c>],
) -> Result<Val<'c>, String> {
    b.wgmma_mma_async(
        ops[2],
        ops[0],
        ops[1],
        (w.n, w.k),
        (w.elem_a, w.elem_b),
        w.major_a != Major::K,
        w.major_b == Major::K,
    )
}

/// wgmma with A in registers (the `.f32.<A>.<B>` form with `{a0..a3}`): NVVM's
/// `wgmma.mma_async` takes descriptors only, so this one is inline PTX; the accumulator is tied
/// in and out ("=f" outputs, "0".."N/2-1" inputs).
fn wgmma_registers_a<'c>(
    b: &Builder<'c>,
    w: &derive::Wgmma,
    ops: &[Val<'c>],
) -> Result<Val<'c>, String> {
    let nd = (w.n / 2) as usize;
    let regs = ops[0];
    let mut ins = Vec::new();
    for i in 0..4 {
        ins.push(b.extract_value(regs, i)?);
    }
    ins.push(ops[1]);
    ins.push(b.c32(1));
    for i in 0..nd {
        ins.push(b.extract_value(ops[2], i)?);
    }
    let d = (0..nd)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let a = (nd..nd + 4)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sixteen_bit = matches!(w.elem_b.name(), "f16" | "bf16");
    let imm = if sixteen_bit {
        format!("1, 1, {}", if w.major_b == Major::K { 0 } else { 1 })
    } else {
        "1, 1".to_string()
    };
    let asm = format!(
        "{{\n.reg .pred p;\nsetp.ne.b32 p, ${}, 0;\nwgmma.mma_async.sync.aligned.m64n{}k{}.f32.{}.{} {{{d}}}, {{{a}}}, ${}, p, {imm};\n}}",
        nd + 5,
        w.n,
        w.k,
        w.elem_a.name(),
        w.elem_b.name(),
        nd + 4
    );
    let mut cons: Vec<String> = vec!["=f".into(); nd];
    cons.extend(["r", "r", "r", "r", "l", "r"].iter().map(|s| s.to_string()));
    cons.extend((0..nd).map(|i| i.to_string()));
    let acc_ty = ops[2].r#type();
    Ok(b.inline_asm_value(acc_ty, &ins, &asm, &cons.join(",")))
}

/// The coordinates of one box: the op's coordinates plus the box's static TMA offset.
fn box_coords<'c>(b: &Builder<'c>, coords: &[Val<'c>], rel: &[i64]) -> Vec<Val<'c>> {
    coords
        .iter()
        .zip(rel.iter().chain(std::iter::repeat(&0)))
        .map(|(&c, &r)| {
            if r == 0 {
                c
            } else {
                let rc = b.c32(r);
                b.add(c, rc)
            }
        })
        .collect()
}

fn lower_tma_load<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let t = derive::tma(a)?;
    let (dst, map, mbar, coords) = (ops[0], ops[1], ops[2], &ops[3..]);
    let ctas = derive::tma_multicast(a)?;
    let bytes = b.c32(derive::tma_tile_bytes(&t) * ctas);
    b.mbarrier_arrive_expect_tx(mbar, bytes);
    let mask = (ctas > 1).then(|| b.const_int((1i64 << ctas) - 1, b.int(16)));
    for (smem_off, rel) in &t.boxes {
        let d = b.const_byte_offset(dst, *smem_off, b.ptr(3));
        let d7 = b.addrspacecast(d, b.ptr(7));
        let cs = box_coords(b, coords, rel);
        b.tma_load(d7, map, &cs, mbar, mask);
    }
    b.replace(op, &[]);
    Ok(())
}

fn lower_tma_store<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let t = derive::tma(a)?;
    let (map, src, coords) = (ops[0], ops[1], &ops[2..]);
    b.sync(Sync::FenceProxyAsyncSharedCta);
    for (smem_off, rel) in &t.boxes {
        let s = b.const_byte_offset(src, *smem_off, b.ptr(3));
        let cs = box_coords(b, coords, rel);
        b.tma_store(map, s, &cs);
    }
    b.sync(Sync::BulkCommitGroup);
    b.sync(Sync::BulkWaitGroupRead0);
    b.replace(op, &[]);
    Ok(())
}

pub const ENCODE_FN: &str = "cuTensorMapEncodeTiled";

/// The type of [`ENCODE_FN`]: `!llvm.func<i32 (ptr, i32, i32, ptr, ptr, ptr, ptr, ptr, i32,
/// i32, i32, i32)>`.
fn encode_type<'c>(b: &Builder<'c>) -> Type<'c> {
    let (p, i) = (b.ptr(0), b.i32());
    b.function(i, &[p, i, i, p, p, p, p, p, i, i, i, i])
}

/// Declare `cuTensorMapEncodeTiled` in the symbol table above `op` unless present.
fn declare_encode<'c>(b: &Builder<'c>, op: OperationRef<'c, 'c>) -> Result<(), String> {
    let mut table_op = op.parent_operation();
    while let Some(t) = table_op {
        let n = op_name(&t);
        if n == "builtin.module" || n == "gpu.module" {
            break;
        }
        table_op = t.parent_operation();
    }
    let table_op = table_op.ok_or("tma_desc must be inside a module")?;
    // The symbol table's lookup: a symbol (`sym_name`) of an op of the table's body.
    let body = table_op
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or("tma_desc must be inside a module with a body")?;
    let found = std::iter::successors(body.first_operation(), |o| o.next_in_block()).any(|o| {
        o.attribute("sym_name")
            .ok()
            .and_then(|a| StringAttribute::try_from(a).ok())
            .is_some_and(|s| s.value() == ENCODE_FN)
    });
    if found {
        return Ok(());
    }
    let b = Builder::at_start(b.context(), op, body, b.rewriter());
    b.func_declaration(ENCODE_FN, encode_type(&b));
    Ok(())
}

/// An i64 array on the stack holding `vals`; returns its pointer.
fn stack_array<'c>(b: &Builder<'c>, vals: &[Val<'c>], elem: Type<'c>) -> Val<'c> {
    let n = b.c32(vals.len().max(1) as i64);
    let p = b.alloca(elem, n);
    for (i, v) in vals.iter().enumerate() {
        let e = b.element_ptr(p, elem, i);
        b.store(*v, e, 0);
    }
    p
}

fn lower_tma_desc<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let t = derive::tma(a)?;
    declare_encode(b, op)?;
    let (map, global) = (ops[0], ops[1]);
    let mut dynamic = ops[2..].iter();
    let mut ints = |xs: &[Option<i64>]| -> Result<Vec<Val<'c>>, String> {
        xs.iter()
            .map(|x| match x {
                Some(v) => Ok(b.c64(*v)),
                None => dynamic
                    .next()
                    .copied()
                    .ok_or_else(|| "missing dynamic operand".to_string()),
            })
            .collect()
    };
    let dims = ints(&t.global_dim)?;
    let strides = ints(&t.global_strides)?;
    let boxd: Vec<Val<'c>> = t.box_dim.iter().map(|v| b.c32(*v)).collect();
    let es: Vec<Val<'c>> = t.element_strides.iter().map(|v| b.c32(*v)).collect();
    let pd = stack_array(b, &dims, b.i64());
    let ps = stack_array(b, &strides, b.i64());
    let pb = stack_array(b, &boxd, b.i32());
    let pe = stack_array(b, &es, b.i32());
    let c = |v: i64| b.c32(v);
    let args = vec![
        map,
        c(t.data_type.0),
        c(t.rank() as i64),
        global,
        pd,
        ps,
        pb,
        pe,
        c(t.interleave),
        c(t.swizzle.value()),
        c(t.l2_promotion),
        c(t.oob_fill),
    ];
    let r = b.call(b.i32(), ENCODE_FN, &args);
    b.replace(op, &[r]);
    Ok(())
}
