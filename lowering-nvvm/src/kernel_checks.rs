//! Kernel-wide checks: what the ops of a kernel promise each other, checked by
//! `--layout-lower-tensors` and `--layout-lower-register-tensors` before either rewrites anything
//! (docs/nvvm.md "What the lowering checks in a kernel"). Each rule is about more than one op:
//!
//! - A kernel takes what a launch can pass. An argument of a `gpu.kernel` function whose type
//!   belongs to the `layout` dialect (a layout value, a tensor in memory) is an error at the
//!   kernel: the launch passes pointers and scalars, and the kernel builds its layouts and
//!   tensors from them.
//! - A tensor made from the address of a global of static size (`llvm.mlir.addressof @g`, `@g`
//!   an `llvm.mlir.global` of non-zero size) lies inside that global: the bytes the tensor
//!   reaches from its base, `ceil(cosize(L) * bits(T) / 8)`, are at most the global's size. A
//!   layout whose cosize is not static is not checked. (`shared_alloc` has its own rule, in
//!   cpp/MemoryTensors.cpp.)
//! - An op on register tensors runs on exactly the threads of the warps its layouts span
//!   (32 per warp, the warp count from the algebra's `linear::tensor_encoding`): the threads
//!   that run it are the block's x extent (`known_block_size`), narrowed by each enclosing
//!   `scf.if` on `tid.x < N`. Fewer threads leave warps of the layout uncomputed; more repeat
//!   its warps or address past its tile. A block with a y or z extent other than 1 repeats
//!   every access, since lanes and warps are found from `tid.x` alone.
//! - A `tmem_load`/`tmem_store` moves, per warp of its fragment, the lanes of that warp: every
//!   warp up to the fragment's highest must run it (more may).
//!
//! Where the kernel states nothing (no `known_block_size`, a thread-dependent guard that is not
//! `tid.x < N`, control flow other than `scf.if`/`scf.for`/`scf.execute_region`), nothing is
//! checked. Each check reports every violation (at the kernel, the `make_tensor` or the op) and
//! answers whether there was none.

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

use layout_algebra::Value as AlgebraValue;
use melior::ir::attribute::{DenseI32ArrayAttribute, IntegerAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef, OperationResult};
use melior::ir::r#type::{DimSize, IntegerType, RankedTensorType, ShapedTypeLike};
use melior::ir::{AttributeLike, RegionLike, Type, TypeLike, Value, ValueLike};
use mlir_sys::{MlirOperation, MlirStringRef, MlirType, MlirValue};

use crate::derive;

extern "C" {
    /// The global `ptr` is the address of (`llvm.mlir.addressof`), when it has a static,
    /// non-zero size (cpp/MemoryTensors.cpp, which has MLIR's `DataLayout`): its size and
    /// alignment in bytes, its type and its name; false otherwise.
    fn layout_nvvm_sized_global(
        ptr: MlirValue,
        bytes: *mut i64,
        align: *mut i64,
        ty: *mut MlirType,
        name: *mut MlirStringRef,
    ) -> bool;
}

/// The error `'<name>' op <message>` at `op`, as C++'s `op->emitOpError()` emits it (a type in
/// the message is quoted, `'!layout.layout<...>'`, as a diagnostic prints a type): with the
/// op attached as a note when the context prints ops on diagnostics (the checks' errors have
/// always shown the op they are about).
fn emit_error_at(op: OperationRef<'_, '_>, message: &str) {
    layout_dialect::op_diagnostics::emit_verifier_error(&op, message);
}

/// Kernel arguments of a `layout` type are errors at the kernel, then tensors made from the
/// address of a global of static size lie inside it ([`check_kernel_arguments`],
/// [`check_global_extents`]); true when there is no error.
///
/// # Safety
/// `root` is a live operation, not modified during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_check_kernels(root: MlirOperation) -> bool {
    // SAFETY: the caller's contract: `root` is live for the call, and nothing read from it is
    // kept past it.
    let root = OperationRef::from_raw(root);
    check_kernel_arguments(root) && check_global_extents(root)
}

/// The threads that run register-tensor ops and tmem_load/tmem_store in kernels with
/// `known_block_size` are the ones their layouts need; true when they are.
///
/// # Safety
/// `root` is a live operation, not modified during the call.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_check_block_warps(root: MlirOperation) -> bool {
    // SAFETY: as in `layout_nvvm_check_kernels`.
    check_block_warps(OperationRef::from_raw(root))
}

/// Every op nested in `op`, then `op` itself (MLIR's post-order walk), in the order of the IR.
pub(crate) fn walk_post_order<'c: 'a, 'a>(
    op: OperationRef<'c, 'a>,
    visit: &mut impl FnMut(OperationRef<'c, 'a>),
) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(o) = next {
                walk_post_order(o, visit);
                next = o.next_in_block();
            }
            block = b.next_in_region();
        }
    }
    visit(op);
}

fn name_is(op: OperationRef<'_, '_>, name: &str) -> bool {
    op.name().as_string_ref().as_str() == Ok(name)
}

/// A `gpu.func` marked `gpu.kernel`.
fn is_kernel(op: OperationRef<'_, '_>) -> bool {
    name_is(op, "gpu.func") && op.attribute("gpu.kernel").is_ok_and(|a| a.is_unit())
}

/// The op that defines `v`; none for a block argument.
pub(crate) fn defining_op<'c: 'a, 'a>(v: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(v).ok().map(|r| r.owner())
}

/// Kernel arguments of a `layout` type are errors at the kernel; true when there is none.
pub fn check_kernel_arguments(root: OperationRef<'_, '_>) -> bool {
    let mut ok = true;
    walk_post_order(root, &mut |f| {
        if !is_kernel(f) {
            return;
        }
        let Some(entry) = f.regions().next().and_then(|r| r.first_block()) else {
            return;
        };
        for i in 0..entry.argument_count() {
            let Ok(arg) = entry.argument(i) else {
                continue;
            };
            let t = arg.r#type();
            let tensor = layout_dialect::memory_tensor::memory_tensor(t).is_some();
            let layout = layout_dialect::is_layout_type(t);
            if !tensor && !layout && t.dialect().namespace() != Ok("layout") {
                continue;
            }
            let advice = if tensor {
                "so pass the tensor's pointer and the runtime leaves of its layout and make the \
                 tensor in the kernel (layout.make, layout.make_tensor)"
            } else {
                "so pass the runtime leaves of the layout and build it in the kernel (layout.make)"
            };
            emit_error_at(
                f,
                &format!(
                    "kernel argument #{i} has the layout type '{t}': a kernel takes what a launch \
                     passes (pointers, integers, floats), {advice}"
                ),
            );
            ok = false;
        }
    });
    ok
}

/// A global of static size that a pointer addresses.
pub(crate) struct SizedGlobal<'c> {
    /// Its symbol's name.
    pub(crate) name: String,
    /// Its type.
    pub(crate) ty: Type<'c>,
    /// Its size in bytes (MLIR's DataLayout).
    pub(crate) bytes: i64,
    /// Its alignment in bytes (its `alignment`, else its type's ABI alignment).
    pub(crate) align: i64,
}

/// The global `ptr` is the address of, when it has a static, non-zero size (a
/// `!llvm.array<0 x i8>` is dynamic shared memory, sized at launch: none).
pub(crate) fn sized_global<'c>(ptr: Value<'c, '_>) -> Option<SizedGlobal<'c>> {
    let (mut bytes, mut align) = (0, 0);
    let mut ty = MlirType {
        ptr: std::ptr::null(),
    };
    let mut name = MlirStringRef {
        data: std::ptr::null(),
        length: 0,
    };
    // SAFETY: `ptr` is a live value (melior's `Value` of its context) and the out-parameters
    // point to locals; on success the C++ side writes the global's type (uniqued in the value's
    // context, so it lives for `'c`) and its name (the bytes of the symbol's string attribute,
    // which the context owns), copied here before returning.
    unsafe {
        if !layout_nvvm_sized_global(ptr.to_raw(), &mut bytes, &mut align, &mut ty, &mut name) {
            return None;
        }
        let name = if name.length == 0 || name.data.is_null() {
            String::new()
        } else {
            let b = std::slice::from_raw_parts(name.data as *const u8, name.length);
            String::from_utf8_lossy(b).into_owned()
        };
        Some(SizedGlobal {
            name,
            ty: Type::from_raw(ty),
            bytes,
            align,
        })
    }
}

/// The width of an integer or float type; none for another type.
fn int_or_float_bits(t: Type<'_>) -> Option<i64> {
    if let Ok(i) = IntegerType::try_from(t) {
        Some(i.width() as i64)
    } else if t.is_float() {
        Some(t.float_width() as i64)
    } else {
        None
    }
}

/// The bytes a tensor of `bits`-bit elements laid out by the layout type `layout` reaches from
/// its base, `ceil(cosize * bits / 8)`, with the cosize; none for a layout with a runtime
/// cosize (or without a CuTe layout value) or on overflow.
fn tensor_bytes(layout: Type<'_>, bits: i64) -> Option<(i64, i64)> {
    let value = layout_dialect::type_value(layout)?.ok()?;
    let AlgebraValue::Func(f) = &*value else {
        return None;
    };
    algebra(|| {
        let cosize = f.cosize().ok()?;
        let product = layout_algebra::int::mul(cosize, bits).ok()?;
        let bytes = layout_algebra::int::add(product, 7).ok()? / 8;
        Some((bytes, cosize))
    })
}

/// The algebra's answer; none when it has none or panics (a panic is no answer: the check
/// then checks nothing, as when the answer came through the C API).
pub(crate) fn algebra<T>(f: impl FnOnce() -> Option<T>) -> Option<T> {
    catch_unwind(AssertUnwindSafe(f)).ok().flatten()
}

/// Tensors made from the address of a global of static size lie inside it; true when they do.
pub fn check_global_extents(root: OperationRef<'_, '_>) -> bool {
    let mut ok = true;
    walk_post_order(root, &mut |make| {
        if !name_is(make, "layout.make_tensor") {
            return;
        }
        let Some(g) = make.operands().next().and_then(sized_global) else {
            return;
        };
        let Some(t) = make
            .results()
            .next()
            .and_then(|r| layout_dialect::memory_tensor::memory_tensor(r.r#type()))
        else {
            return;
        };
        let Some(bits) = int_or_float_bits(t.element) else {
            return;
        };
        let Some((bytes, cosize)) = tensor_bytes(t.layout, bits) else {
            return; // a runtime cosize: not seen here
        };
        if bytes <= g.bytes {
            return;
        }
        emit_error_at(
            make,
            &format!(
                "the tensor reaches {bytes} bytes (cosize {cosize} of '{}' times {bits} bits), past \
                 the end of @{}, which holds {} bytes ('{}'): a tensor made from a global lies \
                 inside it",
                t.layout, g.name, g.bytes, g.ty
            ),
        );
        ok = false;
    });
    ok
}

/// The warps the register tensor type `t` spans (a ranked tensor encoded by `#layout.linear`,
/// the warps of its distribution by the algebra), or none.
fn warps_of(t: Type<'_>) -> Option<i64> {
    let r = RankedTensorType::try_from(t).ok()?;
    let encoding = layout_dialect::attr_linear(r.encoding()?)?.ok()?;
    // The extents as C++'s `getShape()` gives them: a dynamic one is MLIR's `kDynamic`
    // (i64::MIN), which the algebra refuses as an extent.
    let shape: Vec<i64> = (0..r.rank())
        .map(|i| match r.dim_size(i) {
            Ok(DimSize::Static(n)) => n as i64,
            _ => i64::MIN,
        })
        .collect();
    let warps = algebra(|| {
        let d = layout_algebra::linear::tensor_encoding::check_tensor_encoding(
            &encoding,
            &shape,
            "the encoding",
        );
        Some(d.ok()?.warps())
    })?;
    (warps >= 1).then_some(warps)
}

/// `v` with integer casts stripped.
fn strip_casts<'c: 'a, 'a>(mut v: Value<'c, 'a>) -> Value<'c, 'a> {
    const CASTS: [&str; 5] = [
        "arith.index_cast",
        "arith.index_castui",
        "arith.extui",
        "arith.extsi",
        "arith.trunci",
    ];
    while let Some(d) = defining_op(v) {
        if !CASTS.iter().any(|c| name_is(d, c)) {
            break;
        }
        let Some(source) = d.operands().next() else {
            break;
        };
        v = source;
    }
    v
}

/// Whether `v` is the thread's x index (`gpu.thread_id x` or NVVM's `tid.x`), up to casts.
fn is_thread_id_x(v: Value<'_, '_>) -> bool {
    let Some(d) = defining_op(strip_casts(v)) else {
        return false;
    };
    if name_is(d, "gpu.thread_id") {
        return d
            .attribute("dimension")
            .is_ok_and(|a| a.to_string() == "#gpu<dim x>");
    }
    name_is(d, "nvvm.read.ptx.sreg.tid.x")
}

/// The ops whose value differs between the threads of a block.
const THREAD_INDICES: [&str; 8] = [
    "gpu.thread_id",
    "gpu.lane_id",
    "gpu.subgroup_id",
    "nvvm.read.ptx.sreg.tid.x",
    "nvvm.read.ptx.sreg.tid.y",
    "nvvm.read.ptx.sreg.tid.z",
    "nvvm.read.ptx.sreg.laneid",
    "nvvm.read.ptx.sreg.warpid",
];

/// Whether `v` may differ between the threads of a block (it is computed from a thread, lane
/// or warp index); true when the search gives up (past 64 ops, or at an op with regions).
fn thread_dependent(v: Value<'_, '_>) -> bool {
    let mut work = vec![v];
    let mut seen = HashSet::new();
    while let Some(v) = work.pop() {
        let Some(d) = defining_op(v) else {
            continue;
        };
        if !seen.insert(d.to_raw().ptr) {
            continue;
        }
        if seen.len() > 64 {
            return true;
        }
        if THREAD_INDICES.iter().any(|n| name_is(d, n)) {
            return true;
        }
        if d.region_count() != 0 {
            return true; // a value of a region op: not followed
        }
        work.extend(d.operands());
    }
    false
}

/// The integer a constant op defines `v` as (`arith.constant`, `llvm.mlir.constant`,
/// `index.constant`), sign-extended; none otherwise.
fn constant_int(v: Value<'_, '_>) -> Option<i64> {
    let d = defining_op(v)?;
    if !["arith.constant", "llvm.mlir.constant", "index.constant"]
        .iter()
        .any(|n| name_is(d, n))
    {
        return None;
    }
    let attr = IntegerAttribute::try_from(d.attribute("value").ok()?).ok()?;
    Some(attr.value())
}

/// `arith.cmpi` predicates (the `predicate` attribute's values).
mod predicate {
    pub const SLT: i64 = 2;
    pub const SLE: i64 = 3;
    pub const SGT: i64 = 4;
    pub const SGE: i64 = 5;
    pub const ULT: i64 = 6;
    pub const ULE: i64 = 7;
    pub const UGT: i64 = 8;
    pub const UGE: i64 = 9;
}

/// The bound N of a condition `tid.x < N` (N a constant; also `tid.x <= N - 1`, `N > tid.x`,
/// and a conjunction with conditions that do not depend on the thread), or none.
fn thread_bound(cond: Value<'_, '_>) -> Option<i64> {
    let d = defining_op(cond)?;
    if name_is(d, "arith.andi") {
        let mut operands = d.operands();
        let (lhs, rhs) = (operands.next()?, operands.next()?);
        return match (thread_bound(lhs), thread_bound(rhs)) {
            (Some(l), Some(r)) => Some(l.min(r)),
            (Some(l), None) if !thread_dependent(rhs) => Some(l),
            (None, Some(r)) if !thread_dependent(lhs) => Some(r),
            _ => None,
        };
    }
    if !name_is(d, "arith.cmpi") {
        return None;
    }
    let p = IntegerAttribute::try_from(d.attribute("predicate").ok()?)
        .ok()?
        .value();
    let mut operands = d.operands();
    let (lhs, rhs) = (operands.next()?, operands.next()?);
    if is_thread_id_x(lhs) {
        if let Some(c) = constant_int(rhs) {
            match p {
                predicate::ULT | predicate::SLT => return Some(c),
                predicate::ULE | predicate::SLE => return Some(c.wrapping_add(1)),
                _ => {}
            }
        }
    }
    if is_thread_id_x(rhs) {
        if let Some(c) = constant_int(lhs) {
            match p {
                predicate::UGT | predicate::SGT => return Some(c),
                predicate::UGE | predicate::SGE => return Some(c.wrapping_add(1)),
                _ => {}
            }
        }
    }
    None
}

/// The threads of `kernel` (block x extent `x`) that run `op`: `x`, narrowed by each
/// enclosing `scf.if` on `tid.x < N`; none when another thread-dependent condition or a branch
/// decides whether `op` runs.
fn threads_running(op: OperationRef<'_, '_>, kernel: OperationRef<'_, '_>, x: i64) -> Option<i64> {
    let mut threads = x;
    let mut child = op;
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if child == kernel {
            break;
        }
        if p == kernel {
            let entry = kernel.regions().next().and_then(|r| r.first_block());
            return (entry.is_some() && child.block() == entry).then_some(threads);
        }
        if name_is(p, "scf.if") {
            let cond = p.operands().next()?;
            if thread_dependent(cond) {
                let then_region = p.regions().next();
                if then_region.is_none()
                    || child.block().and_then(|b| b.parent_region()) != then_region
                {
                    return None;
                }
                let n = thread_bound(cond)?;
                threads = threads.min(n.max(0));
            }
        } else if !name_is(p, "scf.for") && !name_is(p, "scf.execute_region") {
            return None; // a while loop, a switch, ...: not analyzed
        }
        child = p;
        parent = p.parent_operation();
    }
    Some(threads)
}

/// `known_block_size` as MLIR prints it (`array<i32: 128, 1, 1>`).
fn block_text(block: &[i32]) -> String {
    let items: Vec<String> = block.iter().map(|b| b.to_string()).collect();
    format!("array<i32: {}>", items.join(", "))
}

/// The threads of the block that must run a tmem_load/tmem_store (every warp of its fragment:
/// 32 x (its highest warp + 1)); none for another op or when its form cannot be derived.
fn tmem_copy_threads(op: OperationRef<'_, '_>) -> Option<i64> {
    if !name_is(op, "layout.tmem_load") && !name_is(op, "layout.tmem_store") {
        return None;
    }
    let copy = derive::tmem_copy(&crate::pass::attrs(op)).ok()?;
    let warps = copy.warps.iter().map(|w| w.0).max().unwrap_or(0) + 1;
    let threads = 32 * warps;
    (threads > 0).then_some(threads)
}

/// A kernel's `known_block_size` when it has three extents.
fn known_block_size(kernel: OperationRef<'_, '_>) -> Option<Vec<i32>> {
    let a = DenseI32ArrayAttribute::try_from(kernel.attribute("known_block_size").ok()?).ok()?;
    if a.len() != 3 {
        return None;
    }
    (0..3).map(|i| a.element(i).ok()).collect()
}

/// See [`layout_nvvm_check_block_warps`].
pub fn check_block_warps(root: OperationRef<'_, '_>) -> bool {
    let mut ok = true;
    walk_post_order(root, &mut |kernel| {
        if !is_kernel(kernel) {
            return;
        }
        let Some(block) = known_block_size(kernel) else {
            return;
        };
        let x = block[0] as i64;
        let yz = block[1] as i64 * block[2] as i64;
        let block = block_text(&block);
        walk_post_order(kernel, &mut |op| {
            if !op
                .name()
                .as_string_ref()
                .as_str()
                .is_ok_and(|n| n.starts_with("layout."))
            {
                return;
            }
            if let Some(need) = tmem_copy_threads(op) {
                check_tmem_threads(op, kernel, x, &block, need, &mut ok);
                return;
            }
            check_register_warps(op, kernel, x, yz, &block, &mut ok);
        });
    });
    ok
}

/// tcgen05.ld/st: each warp of the fragment reads or writes its lanes, so the warps up to the
/// fragment's highest must run it (`need` threads; more may: a guard outside is the kernel's).
fn check_tmem_threads(
    op: OperationRef<'_, '_>,
    kernel: OperationRef<'_, '_>,
    x: i64,
    block: &str,
    need: i64,
    ok: &mut bool,
) {
    let Some(threads) = threads_running(op, kernel, x) else {
        return;
    };
    if threads >= need {
        return;
    }
    let why = if threads == x {
        format!("known_block_size = {block}")
    } else {
        format!("an enclosing scf.if on tid.x < {threads}")
    };
    emit_error_at(
        op,
        &format!(
            "runs on {threads} threads ({why}), but its fragment is moved by warps 0..{} ({need} \
             threads: tcgen05.ld/st moves the lanes of the warp that issues it): warps {}..{} of \
             the fragment would never move",
            need / 32 - 1,
            threads / 32,
            need / 32 - 1
        ),
    );
    *ok = false;
}

/// An op on register tensors runs on exactly the warps its layouts span (times 32), in a block
/// of one dimension.
fn check_register_warps(
    op: OperationRef<'_, '_>,
    kernel: OperationRef<'_, '_>,
    x: i64,
    yz: i64,
    block: &str,
    ok: &mut bool,
) {
    let operand_types = op.operands().map(|v| v.r#type());
    let result_types = op.results().map(|r| r.r#type());
    let warps = operand_types
        .chain(result_types)
        .filter_map(warps_of)
        .max()
        .unwrap_or(0);
    if warps == 0 {
        return;
    }
    let Some(threads) = threads_running(op, kernel, x) else {
        return;
    };
    if yz != 1 && threads == x {
        emit_error_at(
            op,
            &format!(
                "runs in a block of known_block_size = {block}, but the lowering finds a register \
                 tensor's lanes and warps by tid.x alone: the {yz} threads of each tid.x would \
                 repeat its accesses (a kernel with register tensors has a block of one \
                 dimension)"
            ),
        );
        *ok = false;
        return;
    }
    if threads == 32 * warps {
        return;
    }
    let why = if threads == x {
        format!("known_block_size = {block}")
    } else {
        format!("an enclosing scf.if on tid.x < {threads} of known_block_size = {block}")
    };
    let consequence = if threads < 32 * warps {
        format!(
            " (warps {}..{} of the layout would never be computed)",
            threads / 32,
            warps - 1
        )
    } else {
        format!(
            "; guard it with scf.if on gpu.thread_id x < {} (warps {warps}.. would repeat the \
             layout's warps or address past its tile)",
            32 * warps
        )
    };
    emit_error_at(
        op,
        &format!(
            "runs on {threads} threads ({why}), but its register layouts span {warps} warps ({} \
             threads): the threads that run a register-tensor op are exactly the warps of its \
             layouts{consequence}",
            32 * warps
        ),
    );
    *ok = false;
}
