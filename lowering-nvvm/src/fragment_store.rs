//! Lowering of `layout.fragment_store`: each register of an f32 accumulator fragment converted
//! and stored, predicated, into a row-major global tensor, by the plan of
//! `layout_algebra::hw::fragment_store`.
//!
//! The thread's tile offset `(m_T, n_T)` is emitted once from the thread mode's leaves,
//! `F_T(t) = sum_i ((t / p_i) mod s_i) * d_i`, `m_T = F_T mod rows`, `n_T = F_T div rows`;
//! each store group adds its constant `(m_V, n_V)`. A group of `w > 1` registers is one
//! `st.v*.b32` when its row is inside `M`, its last column inside `N` and its address a
//! multiple of its width; otherwise each register is stored alone under its own bounds
//! predicate. Predicates are PTX predicates on the stores (inline PTX), so no branch is
//! emitted: the same code serves full tiles and the ragged edge of a tensor.

use melior::ir::operation::OperationRef;
use melior::ir::ValueLike;

use layout_dialect::op_diagnostics::{emit_op_diagnostic, Severity};

use crate::build::{Builder, Val};
use crate::build_llvm::Predicate;
use crate::derive::{self, Attrs};

/// `.global` for a pointer in address space 1 (`!llvm.ptr<1>`), else the generic form.
fn global_space<'c>(b: &Builder<'c>, base: Val<'c>) -> &'static str {
    if base.r#type() == b.ptr(1) {
        ".global"
    } else {
        ""
    }
}

/// The instruction of a store of `words` 32-bit words (`st.b32`, `st.v2.b32`, `st.v4.b32`).
fn word_store(space: &str, words: i64) -> String {
    if words == 1 {
        format!("st{space}.b32")
    } else {
        format!("st{space}.v{words}.b32")
    }
}

/// What the lowering chose and why each wider store was rejected (issued as a remark).
pub fn remark(
    plan: &layout_algebra::hw::FragmentStore,
    elem: &str,
    bytes: i64,
    space: &str,
) -> String {
    let mut by_width: Vec<(usize, usize)> = Vec::new();
    for g in &plan.groups {
        match by_width.iter_mut().find(|(w, _)| *w == g.len()) {
            Some((_, n)) => *n += 1,
            None => by_width.push((g.len(), 1)),
        }
    }
    by_width.sort_by(|a, b| b.0.cmp(&a.0));
    let single = if bytes == 4 {
        format!("st{space}.b32")
    } else {
        format!("st{space}.b16")
    };
    let chosen: Vec<String> = by_width
        .iter()
        .map(|&(w, n)| {
            let ins = if w == 1 {
                single.clone()
            } else {
                word_store(space, w as i64 * bytes / 4)
            };
            format!("{n} x {ins} ({w} x {elem})")
        })
        .collect();
    let mut text = format!(
        "stores the {} registers of each thread as {}, each where its address is aligned and it lies inside the tensor, else one {single} per register",
        plan.values.len(),
        chosen.join(" + ")
    );
    for (w, why) in &plan.rejected {
        text.push_str(&format!(
            "; {w} x {elem} ({}) rejected: {why}",
            word_store(space, (*w as i64 * bytes / 4).max(1))
        ));
    }
    text
}

pub fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
) -> Result<(), String> {
    let plan = derive::fragment_store(a)?;
    let elem = a.get("elem").ok_or("missing attribute 'elem'")?.to_string();
    let bytes: i64 = if elem == "f32" { 4 } else { 2 };
    emit_op_diagnostic(
        &op,
        Severity::Remark,
        &remark(&plan, &elem, bytes, global_space(b, ops[1])),
    );
    let (acc, base, row, col, thread, m_bound, n_bound, ld) = (
        ops[0], ops[1], ops[2], ops[3], ops[4], ops[5], ops[6], ops[7],
    );
    let space = global_space(b, base);
    let c32 = |v: i64| b.c32(v);
    let c64 = |v: i64| b.c64(v);

    // F_T(t), then the thread's row and column in the tile.
    let mut ft: Option<Val<'c>> = None;
    let mut prefix = 1i64;
    for &(s, d) in &plan.thread_leaves {
        if s > 1 && d != 0 {
            let mut x = thread;
            if prefix > 1 {
                x = b.udiv(x, c32(prefix));
            }
            x = b.urem(x, c32(s));
            if d != 1 {
                x = b.mul(x, c32(d));
            }
            ft = Some(match ft {
                None => x,
                Some(acc) => b.add(acc, x),
            });
        }
        prefix *= s;
    }
    let ft = match ft {
        Some(v) => v,
        None => c32(0),
    };
    let rows = c32(plan.rows);
    let mt = b.urem(ft, rows);
    let nt = b.udiv(ft, rows);
    let r0 = b.add(row, mt);
    let c0 = b.add(col, nt);
    let base64 = b.ptrtoint(base);
    let ld64 = b.zext(ld, b.i64());
    let bytes64 = c64(bytes);
    let ult = |x: Val<'c>, y: Val<'c>| b.icmp(Predicate::Ult, x, y);
    let add_const = |x: Val<'c>, k: i64| -> Val<'c> {
        if k == 0 {
            x
        } else {
            b.add(x, c32(k))
        }
    };
    let reg = |v: usize| b.extract_value(acc, v);
    // A predicated `st[.global].<ty>` of `data` (constraint letters `cons`) at `addr`.
    let store = |addr: Val<'c>, pred: Val<'c>, data: &[Val<'c>], ty: &str, cons: &str| {
        let p32 = b.zext(pred, b.i32());
        let n = data.len();
        let regs = (1..=n)
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let (vec, regs) = if n == 1 {
            (String::new(), regs)
        } else {
            (format!(".v{n}"), format!("{{{regs}}}"))
        };
        let asm = format!(
            "{{ .reg .pred p; setp.ne.b32 p, ${}, 0; @p st{space}{vec}.{ty} [$0], {regs}; }}",
            n + 1
        );
        let mut cs = vec!["l".to_string()];
        cs.extend((0..n).map(|_| cons.to_string()));
        cs.push("r".into());
        cs.push("~{memory}".into());
        let mut ins = vec![addr];
        ins.extend_from_slice(data);
        ins.push(p32);
        b.inline_asm(&ins, &asm, &cs.join(","));
    };
    let half = b.element(if elem == "bf16" { "bf16" } else { "f16" })?;
    // One register converted to a b16 (i16) or b32 (i32) store operand.
    let scalar = |v: usize| -> Result<Val<'c>, String> {
        let x = reg(v)?;
        Ok(if bytes == 4 {
            b.bitcast(x, b.i32())
        } else {
            let h = b.fptrunc(x, half);
            b.bitcast(h, b.int(16))
        })
    };
    for group in &plan.groups {
        let (mv, nv) = plan.values[group[0]];
        let w = group.len() as i64;
        let rr = add_const(r0, mv);
        let cc = add_const(c0, nv);
        let row_ok = ult(rr, m_bound);
        let rr64 = b.zext(rr, b.i64());
        let cc64 = b.zext(cc, b.i64());
        let line = b.mul(rr64, ld64);
        let off = b.add(line, cc64);
        let off = b.mul(off, bytes64);
        let addr = b.add(base64, off);
        let col_ok = |j: i64| -> Val<'c> { ult(add_const(cc, j), n_bound) };
        if w == 1 {
            let ok = b.and(row_ok, col_ok(0));
            let (ty, cons) = if bytes == 4 {
                ("b32", "r")
            } else {
                ("b16", "h")
            };
            store(addr, ok, &[scalar(group[0])?], ty, cons);
            continue;
        }
        // The vector: w registers as w*bytes/4 words.
        let mut words = Vec::new();
        if bytes == 4 {
            for &v in group {
                words.push(b.bitcast(reg(v)?, b.i32()));
            }
        } else {
            let f32x2 = b.vector(2, b.f32());
            for pair in group.chunks(2) {
                let u = b.poison(f32x2);
                let u = b.insert_element(u, reg(pair[0])?, c32(0));
                let u = b.insert_element(u, reg(pair[1])?, c32(1));
                let h = b.fptrunc(u, b.vector(2, half));
                words.push(b.bitcast(h, b.i32()));
            }
        }
        let mask = c64(w * bytes - 1);
        let low = b.and(addr, mask);
        let aligned = b.icmp(Predicate::Eq, low, c64(0));
        let inside = b.and(row_ok, col_ok(w - 1));
        let vec_ok = b.and(inside, aligned);
        store(addr, vec_ok, &words, "b32", "r");
        let one = b.const_true();
        let not_vec = b.xor(vec_ok, one);
        let alone = b.and(row_ok, not_vec);
        let (ty, cons) = if bytes == 4 {
            ("b32", "r")
        } else {
            ("b16", "h")
        };
        for (j, &v) in group.iter().enumerate() {
            let j = j as i64;
            let ok = b.and(alone, col_ok(j));
            let a_j = if j == 0 {
                addr
            } else {
                b.add(addr, c64(j * bytes))
            };
            store(a_j, ok, &[scalar(v)?], ty, cons);
        }
    }
    b.replace(op, &[]);
    Ok(())
}
