//! The verifiers of the hardware ops (td/LayoutNvgpuOps.td; each C++ `verify()` of
//! cpp/LayoutNvgpuOps.cpp calls [`layout_nvvm_verify_op`]). An op is checked in this order,
//! and its first failure is its error:
//!
//! 1. its pointer operands are `!llvm.ptr` in the memory the op addresses (shared: 3);
//! 2. each layout parameter comes from its attribute or its operand, not both nor neither, and
//!    an operand's layout is static (a layout with runtime leaves has no hardware parameters);
//! 3. each element-type attribute names a type the hardware has (the dialect's table);
//! 4. the hardware rules of `layout_algebra::hw` on the op's parameters ([`check`], through
//!    `derive`), which give the numbers the operand and result types must agree with (registers
//!    per thread, accumulator fields, TMA rank, dynamic extents);
//! 5. the operand and result types against those numbers.
//!
//! The same rules answer the lowerings' questions about an op they are about to create:
//! the tensor-memory copy form of a layout pair ([`crate::tensor_memory_lowering`], through
//! [`checked`]) and the shared bytes of a register conversion ([`convert_shared_bytes`]).

use layout_algebra::hw::MatrixOp;
use layout_dialect::op_access::result_type as result;
use layout_dialect::op_diagnostics::{emit_verifier_error, op_name};
use melior::ir::attribute::{Attribute, IntegerAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, Type};
use melior::ir::{TypeLike, ValueLike};
use mlir_sys::MlirOperation;

use crate::derive::{self, Attrs};
use crate::op_params::{attrs, hardware_name, layout_operands};
use layout_dialect::ir::{operand_group as group, pointer_space, ranked_shape};

/// The checks of one op; the numbers the C++ verifier compares operand/result types with:
/// ldmatrix/stmatrix [registers per thread (= matrices for m8n8)]; wgmma [accumulator count];
/// fragment_store [registers per thread]; convert [source and destination registers per
/// thread, shared bytes]; tma_load/tma_store [rank];
/// tma_desc [rank, dynamic operand count]; tmem_load/tmem_store [registers per thread, the
/// shape's position in `hw::ALL_TMEM_SHAPES`, `.num`, the threads of the block that must run
/// it: 32 x (its highest warp + 1)].
pub fn check(op: &str, a: &Attrs) -> Result<Vec<i64>, String> {
    match op {
        "layout.ldmatrix" => Ok(vec![derive::matrix(MatrixOp::Ld, a)?.regs()]),
        "layout.stmatrix" => Ok(vec![derive::matrix(MatrixOp::St, a)?.regs()]),
        "layout.lane_offset" => Ok(vec![derive::matrix(derive::matrix_instr(a)?, a)?.regs()]),
        "layout.wgmma_desc" => {
            derive::wgmma_desc(a, a.contains_key("%k"))?;
            Ok(vec![])
        }
        "layout.wgmma" => Ok(vec![derive::wgmma(a)?.n / 2]),
        "layout.fragment_store" => Ok(vec![derive::fragment_store(a)?.values.len() as i64]),
        "layout.tma_desc" => {
            let t = derive::tma(a)?;
            Ok(vec![t.rank() as i64, derive::tma_dynamic_count(&t) as i64])
        }
        "layout.umma_desc" => {
            derive::smem_desc(derive::DescKind::Umma, a, a.contains_key("%k"))?;
            Ok(vec![])
        }
        "layout.tcgen05_mma" => {
            derive::tcgen05_mma(a)?;
            Ok(vec![])
        }
        "layout.tmem_load" | "layout.tmem_store" => {
            let c = derive::tmem_copy(a)?;
            let shape = layout_algebra::hw::tmem::ALL_TMEM_SHAPES
                .iter()
                .position(|&s| s == c.shape)
                .unwrap_or(0) as i64;
            // The threads that run it: every warp of the fragment (warp ids from 0).
            let warps = c.warps.iter().map(|w| w.0).max().unwrap_or(0) + 1;
            Ok(vec![c.regs, shape, c.num, 32 * warps])
        }
        "layout.tcgen05_cp" => {
            derive::tcgen05_cp(a)?;
            Ok(vec![])
        }
        "layout.convert" => {
            let p = derive::convert(a)?;
            let smem = p.shared.as_ref().map_or(0, |s| s.smem_bytes(p.elem_bits));
            Ok(vec![1i64 << p.src.reg.len(), 1i64 << p.dst.reg.len(), smem])
        }
        "layout.tma_load" | "layout.tma_store" => {
            derive::tma_multicast(a)?;
            let t = derive::tma(a)?;
            Ok(vec![t.rank() as i64])
        }
        _ => Err(format!("unknown op {op}")),
    }
}

/// Verify the hardware op `op` (its C++ `verify()`): true when it is valid, else false with
/// its error emitted at it.
///
/// # Safety
/// `op` is a live hardware op of the `layout` dialect.
#[no_mangle]
pub unsafe extern "C" fn layout_nvvm_verify_op(op: MlirOperation) -> bool {
    // SAFETY: `op` is live for the call (the caller's contract).
    let op = OperationRef::from_raw(op);
    match verify(op) {
        Ok(()) => true,
        Err(message) => {
            emit_verifier_error(&op, &message);
            false
        }
    }
}

/// The checks of the module doc on `op`; the error's message.
fn verify(op: OperationRef<'_, '_>) -> Result<(), String> {
    let name = op_name(&op);
    match name.as_str() {
        "layout.ldmatrix" => {
            expect_ptr(operand(op, 0, 0)?, 3, "the base")?;
            let info = hardware_checks(op, &name)?;
            expect_regs(result(op)?, info[0], "the result", None)
        }
        "layout.stmatrix" => {
            expect_ptr(operand(op, 0, 0)?, 3, "the base")?;
            let info = hardware_checks(op, &name)?;
            let values = group(op, 1)?.len() as i64;
            if values != info[0] {
                return Err(format!(
                    "takes one i32 per matrix: the derived form has {} matrices, found {values} values",
                    info[0]
                ));
            }
            Ok(())
        }
        "layout.lane_offset" | "layout.tcgen05_mma" => hardware_checks(op, &name).map(|_| ()),
        "layout.wgmma_desc" | "layout.umma_desc" => {
            if let Some(base) = group(op, 0)?.first() {
                expect_ptr(base.r#type(), 3, "the base")?;
            }
            hardware_checks(op, &name).map(|_| ())
        }
        "layout.wgmma" => verify_wgmma(op, &name),
        "layout.fragment_store" => {
            let info = hardware_checks(op, &name)?;
            let base = operand(op, 1, 1)?;
            if !matches!(pointer_space(base), Some(0 | 1)) {
                return Err(format!(
                    "the base must be !llvm.ptr or !llvm.ptr<1> (global memory), found '{base}'"
                ));
            }
            let acc = operand(op, 0, 0)?;
            if !is_struct_of(acc, info[0], |t| t.is_f32()) {
                return Err(format!(
                    "the fragment has {n} registers per thread: the values must be !llvm.struct of {n} f32, found '{acc}'",
                    n = info[0]
                ));
            }
            Ok(())
        }
        "layout.convert" => {
            let info = hardware_checks(op, &name)?;
            let elem = type_attribute(op, "elem")?;
            expect_elems(operand(op, 0, 0)?, info[0], elem, "the source")?;
            expect_elems(result(op)?, info[1], elem, "the result")?;
            // src, the optional smem buffer, thread.
            let smem = (op.operand_count() == 3)
                .then(|| op.operands().nth(1))
                .flatten();
            if info[2] > 0 && smem.is_none() {
                return Err(format!(
                    "the conversion goes through shared memory ({} bytes): give the buffer as smem(%buf : !llvm.ptr<3>)",
                    info[2]
                ));
            }
            if let Some(buffer) = smem {
                expect_ptr(buffer.r#type(), 3, "the shared buffer")?;
            }
            Ok(())
        }
        "layout.tma_desc" => {
            expect_ptr(operand(op, 0, 0)?, 0, "the tensor map")?;
            expect_ptr(operand(op, 1, 1)?, 0, "the global address")?;
            let info = hardware_checks(op, &name)?;
            let dynamic = group(op, 2)?.len() as i64;
            if dynamic != info[1] {
                return Err(format!(
                    "needs one i64 operand per dynamic globalDim/globalStrides entry: {} expected, found {dynamic}",
                    info[1]
                ));
            }
            Ok(())
        }
        "layout.tma_load" => {
            expect_ptr(operand(op, 0, 0)?, 3, "the destination")?;
            expect_ptr(operand(op, 1, 1)?, 0, "the tensor map")?;
            expect_ptr(operand(op, 2, 2)?, 3, "the mbarrier")?;
            let info = hardware_checks(op, &name)?;
            expect_coords(group(op, 3)?.len() as i64, info[0])
        }
        "layout.tma_store" => {
            expect_ptr(operand(op, 0, 0)?, 0, "the tensor map")?;
            expect_ptr(operand(op, 1, 1)?, 3, "the source")?;
            let info = hardware_checks(op, &name)?;
            expect_coords(group(op, 2)?.len() as i64, info[0])
        }
        "layout.tmem_load" => {
            let info = hardware_checks(op, &name)?;
            expect_tmem_regs(result(op)?, info[0], "the result")
        }
        "layout.tmem_store" => {
            let info = hardware_checks(op, &name)?;
            expect_tmem_regs(operand(op, 1, 1)?, info[0], "the stored values")
        }
        "layout.tcgen05_cp" => {
            expect_ptr(operand(op, 1, 1)?, 3, "the shared-memory source")?;
            hardware_checks(op, &name).map(|_| ())
        }
        _ => Err(format!("internal: {name} is not a hardware op")),
    }
}

/// layout.wgmma: A from registers is one warp's K-major fragment (4 i32); the accumulator is
/// the f32 struct of m64nN (N/2 registers per thread), and the result has its type.
fn verify_wgmma(op: OperationRef<'_, '_>, name: &str) -> Result<(), String> {
    let info = hardware_checks(op, name)?;
    let a = operand(op, 0, 0)?;
    if !is_integer(a, 64) {
        expect_regs(
            a,
            4,
            "A from registers",
            Some("the m64 x 32-byte A fragment of one warp"),
        )?;
        let major = attribute(op, "majorA")?;
        if hardware_name(major).as_deref() != Some("K") {
            return Err(format!(
                "A from registers is K-major (the register fragment has no transpose), found majorA = {major}"
            ));
        }
    }
    let acc = operand(op, 2, 2)?;
    if !is_struct_of(acc, info[0], |t| t.is_f32()) {
        let n = IntegerAttribute::try_from(attribute(op, "n")?)
            .map_err(|_| "internal: 'n' is not an integer".to_string())?
            .value();
        return Err(format!(
            "the accumulator of m64n{n} with f32 D is {c} f32 per thread (!llvm.struct of {c} f32), found '{acc}'",
            c = info[0]
        ));
    }
    if result(op)? != acc {
        return Err(format!(
            "result type must equal the accumulator type '{acc}'"
        ));
    }
    Ok(())
}

/// Steps 2 to 4 of the module doc: the numbers [`check`] gives for the op's parameters.
fn hardware_checks(op: OperationRef<'_, '_>, name: &str) -> Result<Vec<i64>, String> {
    for (key, operand) in layout_operands(op) {
        let attribute = op.attribute(&key).is_ok();
        match operand {
            Some(_) if attribute => {
                return Err(format!(
                    "takes the layout '{key}' as an attribute or as an operand, not both"
                ))
            }
            None if !attribute => {
                return Err(format!(
                    "requires the layout '{key}': an attribute {key} = #layout.layout<...> or an operand {key}(%l : !layout.layout<...>)"
                ))
            }
            Some(v) if !layout_dialect::type_is_static(v.r#type()) => {
                return Err(format!(
                    "the layout operand '{key}' must be a static layout, found '{}' (a layout with runtime leaves has no hardware parameters to derive)",
                    v.r#type()
                ))
            }
            _ => {}
        }
    }
    // Element types in the order of the op's attribute dictionary (sorted by name).
    for key in ["elem", "elemA", "elemB", "elemD"] {
        let Ok(attr) = op.attribute(key) else {
            continue;
        };
        if let Ok(t) = TypeAttribute::try_from(attr) {
            if hardware_name(attr).is_none() {
                return Err(format!(
                    "'{key}' must be one of the element types {}; found {}",
                    layout_dialect::hardware_element_types(),
                    t.value()
                ));
            }
        }
    }
    let mut a = attrs(op);
    let dynamic_k =
        matches!(name, "layout.wgmma_desc" | "layout.umma_desc") && !group(op, 1)?.is_empty();
    if dynamic_k {
        a.insert("%k", "1");
    }
    // Padded: every op's numbers are read by position, at most 4 of them.
    let mut info = checked(name, &a)?;
    info.resize(info.len().max(4), 0);
    Ok(info)
}

/// [`check`], with a panic of the rules reported as an internal error (the callers are C++
/// verifiers and lowerings, which a panic must not cross).
pub(crate) fn checked(name: &str, a: &Attrs) -> Result<Vec<i64>, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(name, a)))
        .unwrap_or_else(|_| Err("internal error (panic) in the hardware checks".to_string()))
}

/// The type of operand `i` of an op (`g`, its ODS group of one, for an op with segments; the
/// position alone for one without).
fn operand<'c>(op: OperationRef<'c, '_>, g: usize, i: usize) -> Result<Type<'c>, String> {
    let v = if op.has_attribute("operandSegmentSizes") {
        group(op, g)?.first().copied()
    } else {
        op.operands().nth(i)
    };
    v.map(|v| v.r#type())
        .ok_or_else(|| format!("internal: no operand {i}"))
}

/// The attribute `key` the ODS makes required.
fn attribute<'c>(op: OperationRef<'c, '_>, key: &str) -> Result<Attribute<'c>, String> {
    op.attribute(key)
        .map_err(|_| format!("internal: no attribute '{key}'"))
}

/// The type of the `TypeAttr` `key`.
fn type_attribute<'c>(op: OperationRef<'c, '_>, key: &str) -> Result<Type<'c>, String> {
    TypeAttribute::try_from(attribute(op, key)?)
        .map(|t| t.value())
        .map_err(|_| format!("internal: '{key}' is not a type"))
}

/// Whether `t` is the signless integer of `bits` bits.
fn is_integer(t: Type<'_>, bits: u32) -> bool {
    IntegerType::try_from(t).is_ok_and(|i| i.is_signless() && i.width() == bits)
}

/// Whether `t` is an LLVM struct of `n` fields, each satisfying `field`.
fn is_struct_of(t: Type<'_>, n: i64, field: impl Fn(Type<'_>) -> bool) -> bool {
    crate::build_llvm::struct_body(t)
        .is_some_and(|body| body.len() as i64 == n && body.into_iter().all(field))
}

/// `t` is `!llvm.ptr<space>` (`what` names the operand in the error).
fn expect_ptr(t: Type<'_>, space: u32, what: &str) -> Result<(), String> {
    if pointer_space(t) == Some(space) {
        return Ok(());
    }
    let suffix = if space == 0 {
        String::new()
    } else {
        format!("<{space}>")
    };
    let memory = if space == 3 {
        "shared memory"
    } else {
        "generic"
    };
    Err(format!(
        "{what} must be !llvm.ptr{suffix} ({memory}), found '{t}'"
    ))
}

/// `t` is `n` i32 registers: i32 for one, else `!llvm.struct` of `n` i32 (`why` says why `n`;
/// by default, the matrices of the derived form).
fn expect_regs(t: Type<'_>, n: i64, what: &str, why: Option<&str>) -> Result<(), String> {
    if (n == 1 && is_integer(t, 32)) || (n > 1 && is_struct_of(t, n, |e| is_integer(e, 32))) {
        return Ok(());
    }
    let expected = if n == 1 {
        "i32".to_string()
    } else {
        format!("!llvm.struct of {n} i32")
    };
    let why = match why {
        Some(w) => w.to_string(),
        None => format!(
            "the derived form has {n} {}",
            if n == 1 { "matrix" } else { "matrices" }
        ),
    };
    Err(format!("{what} must be {expected} ({why}), found '{t}'"))
}

/// `t` is `!llvm.struct` of `n` fields of the element type `elem`.
fn expect_elems(t: Type<'_>, n: i64, elem: Type<'_>, what: &str) -> Result<(), String> {
    if is_struct_of(t, n, |e| e == elem) {
        return Ok(());
    }
    Err(format!(
        "{what} must be !llvm.struct of {n} {elem} (one field per register of the layout), found '{t}'"
    ))
}

/// One i32 coordinate per TMA dimension.
fn expect_coords(coords: i64, rank: i64) -> Result<(), String> {
    if coords == rank {
        return Ok(());
    }
    Err(format!(
        "takes one i32 coordinate per TMA dimension: rank {rank}, found {coords}"
    ))
}

/// `t` is the `n` 32-bit registers of tcgen05.ld/st: i32 for one, else `vector<n x i32>`.
fn expect_tmem_regs(t: Type<'_>, n: i64, what: &str) -> Result<(), String> {
    let vector_of_n = || {
        t.is_vector() && ranked_shape(t).is_some_and(|(e, dims)| dims == [n] && is_integer(e, 32))
    };
    if (n == 1 && is_integer(t, 32)) || (n > 1 && vector_of_n()) {
        return Ok(());
    }
    let expected = if n == 1 {
        "i32".to_string()
    } else {
        format!("vector<{n}xi32>")
    };
    Err(format!(
        "{what} must be {expected} (the derived tcgen05 shape moves {n} 32-bit registers per thread), found '{t}'"
    ))
}

/// The shared-memory bytes the conversion of registers of element type `elem` from the
/// register layout `from` to `to` (`#layout.linear` attributes) goes through, within `budget`
/// bytes on `sm`; the error of the op that converts when there is no plan.
pub(crate) fn convert_shared_bytes(
    elem: Type<'_>,
    from: Attribute<'_>,
    to: Attribute<'_>,
    budget: i64,
    sm: i64,
) -> Result<i64, String> {
    let Some(name) = hardware_name(TypeAttribute::new(elem).into()) else {
        return Err(format!(
            "cannot convert elements of type {elem} (one of {})",
            layout_dialect::hardware_element_types()
        ));
    };
    let mut a = Attrs::new();
    a.insert("elem", name);
    for (key, attr) in [("from", from), ("to", to)] {
        if let Some(Ok(l)) = layout_dialect::attr_linear(attr) {
            a.insert_linear(key, l);
        } else if let Some(v) = layout_dialect::attr_value(attr) {
            a.insert_layout(key, v.map_err(|e| e.to_string()));
        }
    }
    a.insert("smemBudget", budget.to_string());
    a.insert("sm", sm.to_string());
    let info = checked("layout.convert", &a)?;
    Ok(info.get(2).copied().unwrap_or(0))
}
