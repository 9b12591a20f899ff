//! Lowering of `layout.convert`: the plan of `layout_algebra::linear::convert_plan` emitted as
//! register moves, warp shuffles, or shared-memory stores, a barrier and loads.
//!
//! Register `r` of a thread is struct field `r`; the tensor element it holds is
//! `S(lane, warp) + combine(S.reg, r)`. Every offset is F2-linear in the hardware bits, so a
//! thread's part is emitted once as the XOR, over the bits `i` of its index that are set, of a
//! constant per bit (`((t >> i) & 1) * c_i`), and each instruction XORs its own constant:
//!
//! * registers: destination register `r` is source register `combine(register_map, r)`;
//! * shuffle: the rounds of `convert_shuffle`'s plan: per round each sender selects its
//!   register by lane, one `shfl.sync.idx.b32` per word (none where every lane reads itself),
//!   then each receiver selects, per destination word, the round that filled it;
//! * shared: per tile, each store instruction of the source side (`st.shared` of a vector, or
//!   `stmatrix`, whose lane `t` gives the address of row `t % 8` of matrix `t / 8`), a
//!   barrier, each load of the destination side, and a barrier between tiles; addresses are
//!   `smem + bytes * offset(element)` with the plan's shared layout.

use std::collections::HashMap;

use melior::ir::operation::OperationRef;
use melior::ir::r#type::Type;

use layout_algebra::hw::MatrixForm;
use layout_algebra::linear::convert_plan::{ConvertPlan, Path};
use layout_algebra::linear::convert_shared::{AccessKind, Coordinates, SharedPlan, SideAccess};
use layout_algebra::linear::convert_shuffle::ShufflePlan;
use layout_algebra::linear::distributed::{combine, Distributed, LANE_BITS};
use layout_algebra::linear::gauss::Echelon;
use layout_dialect::op_diagnostics::{emit_op_diagnostic, Severity};

use crate::build::{Builder, Val};
use crate::build_llvm::Predicate;
use crate::build_nvvm::Sync;
use crate::derive::{self, Attrs};

/// The register of `l` holding the register part `v` (a vector of `span(l.reg)`).
struct Registers {
    e: Echelon,
}

impl Registers {
    fn new(l: &Distributed) -> Registers {
        let mut e = Echelon::new();
        for (i, &v) in l.reg.iter().enumerate() {
            e.insert(i as u32, v);
        }
        Registers { e }
    }
    fn index(&self, v: u64) -> Result<usize, String> {
        self.e
            .solve(v)
            .map(|c| c as usize)
            .ok_or_else(|| format!("internal: element part {v:#x} is in no register"))
    }
}

/// What the remark says: the path, the instructions and the cost against the bound.
pub fn remark(p: &ConvertPlan) -> String {
    let mut s = format!("convert: path {}", p.path.name());
    for i in &p.instructions {
        s.push_str(&format!("; {} x {}", i.count, i.name));
        if i.wavefronts > 0 {
            s.push_str(&format!(" ({} wavefronts each)", i.wavefronts));
        }
    }
    if let Some(sh) = &p.shared {
        s.push_str(&format!(
            "; {} bytes of shared memory in {} tile(s)",
            sh.smem_bytes(p.elem_bits),
            sh.tiles()
        ));
    }
    s.push_str(&format!(
        "; {} {} per warp, lower bound {}",
        p.cost,
        p.path.measure(),
        p.lower_bound
    ));
    s
}

/// Emission helpers over one builder.
struct Emit<'a, 'c> {
    b: &'a Builder<'c>,
    /// The element type, and whether it is an integer.
    elem: Type<'c>,
    int: bool,
    bits: u32,
}

impl<'a, 'c> Emit<'a, 'c> {
    fn c32(&self, v: i64) -> Val<'c> {
        self.b.c32(v)
    }

    /// `XOR_i ((x >> shift_i) & 1) * c_i` over the nonzero `c_i` (`c_i` for bit `i` of x).
    fn xor_bits(&self, x: Val<'c>, consts: &[u64]) -> Val<'c> {
        let mut acc: Option<Val<'c>> = None;
        for (i, &c) in consts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let mut bit = x;
            if i > 0 {
                bit = self.b.lshr(bit, self.c32(i as i64));
            }
            bit = self.b.and(bit, self.c32(1));
            let term = self.b.mul(bit, self.c32(c as i64));
            acc = Some(match acc {
                None => term,
                Some(a) => self.b.xor(a, term),
            });
        }
        match acc {
            Some(a) => a,
            None => self.c32(0),
        }
    }

    fn xor_const(&self, x: Val<'c>, c: u64) -> Val<'c> {
        if c == 0 {
            x
        } else {
            self.b.xor(x, self.c32(c as i64))
        }
    }

    fn field(&self, s: Val<'c>, i: usize) -> Result<Val<'c>, String> {
        self.b.extract_value(s, i)
    }

    /// `values` (of the element type) as one value of `bits * len` bits: the element itself,
    /// else a vector of them.
    fn pack(&self, values: &[Val<'c>]) -> Val<'c> {
        if values.len() == 1 {
            return values[0];
        }
        let vt = self.b.vector(values.len(), self.elem);
        let mut v = self.b.poison(vt);
        for (k, &x) in values.iter().enumerate() {
            v = self.b.insert_element(v, x, self.c32(k as i64));
        }
        v
    }

    /// The inverse of [`pack`] for a value of `n` elements.
    fn unpack(&self, v: Val<'c>, n: usize) -> Vec<Val<'c>> {
        if n == 1 {
            return vec![v];
        }
        (0..n)
            .map(|k| self.b.extract_element(v, self.c32(k as i64)))
            .collect()
    }

    /// A packed value of 32 bits as i32, and back.
    fn to_i32(&self, v: Val<'c>) -> Val<'c> {
        if self.bits == 32 && self.int {
            return v;
        }
        self.b.bitcast(v, self.b.i32())
    }
    fn from_i32(&self, v: Val<'c>, n: usize) -> Val<'c> {
        if n == 1 {
            if self.int && self.bits == 32 {
                return v;
            }
            return self.b.bitcast(v, self.elem);
        }
        self.b.bitcast(v, self.b.vector(n, self.elem))
    }
    /// An element of fewer than 32 bits as its integer of the same width, and back.
    fn as_int(&self, v: Val<'c>) -> Val<'c> {
        if self.int {
            return v;
        }
        self.b.bitcast(v, self.b.int(self.bits))
    }
    fn from_int(&self, v: Val<'c>) -> Val<'c> {
        if self.int {
            return v;
        }
        self.b.bitcast(v, self.elem)
    }

    fn build_struct(&self, values: &[Val<'c>]) -> Val<'c> {
        let t = self.b.structure(&vec![self.elem; values.len()]);
        let mut s = self.b.poison(t);
        for (i, &v) in values.iter().enumerate() {
            s = self.b.insert_value(s, v, i);
        }
        s
    }
}

pub fn lower<'c>(
    b: &Builder<'c>,
    op: OperationRef<'c, 'c>,
    a: &Attrs,
    ops: &[Val<'c>],
    sm: i64,
) -> Result<(), String> {
    let plan = derive::convert_for(a, sm)?;
    let (elem, bits) = derive::convert_elem(a)?;
    emit_op_diagnostic(&op, Severity::Remark, &remark(&plan));
    let (src, smem, thread) = match ops {
        [s, m, t] => (*s, Some(*m), *t),
        [s, t] => (*s, None, *t),
        _ => return Err("internal: layout.convert has 2 or 3 data operands".into()),
    };
    let e = Emit {
        b,
        elem: b.element(&elem)?,
        int: elem.starts_with('i'),
        bits,
    };
    let (s, d) = (&plan.src, &plan.dst);
    let nsrc = 1usize << s.reg.len();
    let ndst = 1usize << d.reg.len();
    let regs = (0..nsrc)
        .map(|i| e.field(src, i))
        .collect::<Result<Vec<Val<'c>>, String>>()?;
    let out: Vec<Val<'c>> = match plan.path {
        Path::Registers => (0..ndst)
            .map(|r| regs[combine(&plan.register_map, r as u64) as usize])
            .collect(),
        Path::Shuffle => {
            let sp = plan
                .shuffle
                .as_ref()
                .ok_or("internal: shuffle plan missing")?;
            shuffle(&e, sp, d, &regs, thread)?
        }
        Path::Shared => {
            let sh = plan
                .shared
                .as_ref()
                .ok_or("internal: shared plan missing")?;
            let smem = smem.ok_or("the conversion goes through shared memory: give smem(%buf)")?;
            shared(&e, &plan, sh, &regs, smem, thread)?
        }
    };
    let result = e.build_struct(&out);
    b.replace(op, &[result]);
    Ok(())
}

/// Warp shuffles by the plan of `convert_shuffle`: per round, each sender picks its register
/// by lane (`H`), each receiver reads lane `C(k) ^ F(l)`; then each receiver picks, per
/// destination word, the round that filled it (`M`).
fn shuffle<'c>(
    e: &Emit<'_, 'c>,
    sp: &ShufflePlan,
    d: &Distributed,
    regs: &[Val<'c>],
    thread: Val<'c>,
) -> Result<Vec<Val<'c>>, String> {
    let b = e.b;
    let lane = b.and(thread, e.c32(31));
    let bit: Vec<Val<'c>> = (0..LANE_BITS)
        .map(|i| {
            let x = b.lshr(lane, e.c32(i as i64));
            let x = b.and(x, e.c32(1));
            b.icmp(Predicate::Ne, x, e.c32(0))
        })
        .collect();
    // `value(base ^ consts(lane))`: a select tree over the lane bits whose constant is not 0.
    fn choose<'c>(
        b: &Builder<'c>,
        bit: &[Val<'c>],
        consts: &[u64],
        base: u64,
        i: usize,
        value: &mut dyn FnMut(u64) -> Result<Val<'c>, String>,
    ) -> Result<Val<'c>, String> {
        if i == consts.len() {
            return value(base);
        }
        if consts[i] == 0 {
            return choose(b, bit, consts, base, i + 1, value);
        }
        let set = choose(b, bit, consts, base ^ consts[i], i + 1, value)?;
        let clear = choose(b, bit, consts, base, i + 1, value)?;
        Ok(b.select(bit[i], set, clear))
    }
    // The plan's register indices relabel the layouts' (`src_order`, `dst_order`).
    let regs: Vec<Val<'c>> = (0..regs.len() as u64)
        .map(|i| regs[sp.src_register(i) as usize])
        .collect();
    let group = 1usize << sp.pack;
    let wide = e.bits == 64;
    // A sender's word of registers `r .. r + group`.
    let mut word = |r: u64| -> Result<Val<'c>, String> {
        let data: Vec<Val<'c>> = (0..group).map(|q| regs[r as usize | q]).collect();
        Ok(if wide {
            data[0]
        } else if e.bits == 32 || group > 1 {
            e.to_i32(e.pack(&data))
        } else {
            let x = e.as_int(data[0]);
            b.zext(x, b.i32())
        })
    };
    let minus1 = e.c32(-1);
    let clamp = e.c32(31);
    let from_lane = e.xor_bits(lane, &sp.f);
    let shfl = |w: Val<'c>, src: Val<'c>| -> Val<'c> {
        let one = |x: Val<'c>| b.shfl_idx(minus1, x, src, clamp);
        if !wide {
            return one(w);
        }
        let v = b.bitcast(w, b.vector(2, b.i32()));
        let moved: Vec<Val<'c>> = e.unpack_i32x2(v).into_iter().map(one).collect();
        let v2 = e.pack_i32x2(&moved);
        b.bitcast(v2, e.elem)
    };
    let mut got: std::collections::HashMap<u64, Val<'c>> = std::collections::HashMap::new();
    for round in &sp.rounds {
        let w = choose(b, &bit, &sp.h, round.reg_const, 0, &mut word)?;
        let v = if round.local {
            w
        } else {
            shfl(w, e.xor_const(from_lane, round.lane_const))
        };
        got.insert(round.k, v);
    }
    let mut out = Vec::with_capacity(1 << d.reg.len());
    let mut take = |k: u64| -> Result<Val<'c>, String> {
        got.get(&k)
            .copied()
            .ok_or_else(|| format!("internal: no shuffle round {k}"))
    };
    for r in (0..1u64 << d.reg.len()).step_by(group) {
        let w = choose(b, &bit, &sp.m, r, 0, &mut take)?;
        let vals = if wide {
            vec![w]
        } else if e.bits == 32 || group > 1 {
            e.unpack(e.from_i32(w, group), group)
        } else {
            let x = b.trunc(w, b.int(e.bits));
            vec![e.from_int(x)]
        };
        out.extend(vals);
    }
    let mut by_layout = out.clone();
    for (i, v) in out.into_iter().enumerate() {
        by_layout[sp.dst_register(i as u64) as usize] = v;
    }
    Ok(by_layout)
}

impl<'a, 'c> Emit<'a, 'c> {
    fn unpack_i32x2(&self, v: Val<'c>) -> Vec<Val<'c>> {
        (0..2)
            .map(|k| self.b.extract_element(v, self.c32(k)))
            .collect()
    }
    fn pack_i32x2(&self, w: &[Val<'c>]) -> Val<'c> {
        let i32x2 = self.b.vector(2, self.b.i32());
        let mut v = self.b.poison(i32x2);
        for (k, &x) in w.iter().enumerate() {
            v = self.b.insert_element(v, x, self.c32(k as i64));
        }
        v
    }
}

/// The per-bit offset constants of a side's addresses: for a vector access the offsets of the
/// thread's lane and warp vectors; for a matrix access, lane `t` gives the address of row
/// `t % 8` of matrix `t / 8`, so lane bits 0-2 take the row vectors' offsets and bits 3-4 the
/// matrix vectors' (the warp bits as before).
fn address_bits(l: &Distributed, a: &SideAccess, c: &Coordinates) -> Vec<u64> {
    let off = |v: u64| c.of(v).0;
    let lanes: Vec<u64> = match a.kind {
        AccessKind::Vector { .. } => l.lane.iter().map(|&v| off(v)).collect(),
        AccessKind::Matrix { trans, .. } => {
            let rows = if trans {
                [a.vector[0], l.lane[0], l.lane[1]]
            } else {
                [l.lane[2], l.lane[3], l.lane[4]]
            };
            let mut m = rows.iter().map(|&v| off(v)).collect::<Vec<_>>();
            m.extend((0..2).map(|k| a.matrices.get(k).map_or(0, |&v| off(v))));
            m
        }
    };
    let mut bits = lanes;
    bits.extend(l.warp.iter().map(|&v| off(v)));
    debug_assert_eq!(bits.len(), LANE_BITS + l.warp.len());
    bits
}

/// The element parts one instruction of a side moves, in data order, for instruction base
/// `inst` (a register-span vector): per 32-bit register (matrix) or per vector (one entry).
fn instruction_elements(a: &SideAccess, bits: u32, inst: u64) -> Vec<Vec<u64>> {
    match a.kind {
        AccessKind::Vector { a: va } => vec![(0..1u64 << va)
            .map(|k| inst ^ combine(&a.vector, k))
            .collect()],
        AccessKind::Matrix { x, trans } => {
            let p = if trans { 2 } else { (32 / bits) as u64 };
            (0..x as u64)
                .map(|j| {
                    let sel = inst ^ combine(&a.matrices, j);
                    (0..p).map(|q| sel ^ combine(&a.vector, q)).collect()
                })
                .collect()
        }
    }
}

/// Stores, barrier, loads (per tile) through the plan's shared layout.
fn shared<'c>(
    e: &Emit<'_, 'c>,
    plan: &ConvertPlan,
    sh: &SharedPlan,
    regs: &[Val<'c>],
    smem: Val<'c>,
    thread: Val<'c>,
) -> Result<Vec<Val<'c>>, String> {
    let b = e.b;
    let (s, d) = (&plan.src, &plan.dst);
    let c = Coordinates::new(&sh.smem.ins()[0].bases, &sh.outer);
    let bytes = (e.bits / 8) as i64;
    let shift = e.c32(bytes.trailing_zeros() as i64);
    let sreg = Registers::new(s);
    let warp_local = plan.instructions.iter().any(|i| i.name == "bar.warp.sync");
    let barrier = || {
        if warp_local {
            b.warp_sync(e.c32(-1));
        } else {
            b.sync(Sync::Barrier0);
        }
    };
    let w_base = e.xor_bits(thread, &address_bits(s, &sh.write, &c));
    let r_base = e.xor_bits(thread, &address_bits(d, &sh.read, &c));
    let address = |base: Val<'c>, k: u64| -> Val<'c> {
        let off = e.xor_const(base, k);
        let byte = b.shl(off, shift);
        b.byte_offset(smem, byte, b.ptr(3))
    };
    let mut loaded: HashMap<u64, Val<'c>> = HashMap::new();
    for o in 0..1u64 << sh.outer.len() {
        if o > 0 {
            barrier();
        }
        let tile = combine(&sh.outer, o);
        for it in 0..1u64 << sh.write.iterations.len() {
            let inst = tile ^ combine(&sh.write.iterations, it);
            let parts = instruction_elements(&sh.write, e.bits, inst);
            match sh.write.kind {
                AccessKind::Vector { a } => {
                    let vals: Vec<Val<'c>> = parts[0]
                        .iter()
                        .map(|&v| sreg.index(v).map(|i| regs[i]))
                        .collect::<Result<_, _>>()?;
                    let ptr = address(w_base, c.of(inst).0);
                    b.store(e.pack(&vals), ptr, (bytes << a) as u32);
                }
                AccessKind::Matrix { trans, .. } => {
                    let ptr = address(w_base, c.of(inst).0);
                    let mut words = Vec::new();
                    for reg in &parts {
                        let vals: Vec<Val<'c>> = reg
                            .iter()
                            .map(|&v| sreg.index(v).map(|i| regs[i]))
                            .collect::<Result<_, _>>()?;
                        words.push(e.to_i32(e.pack(&vals)));
                    }
                    b.stmatrix(ptr, &words, trans, MatrixForm::M8n8B16);
                }
            }
        }
        barrier();
        for it in 0..1u64 << sh.read.iterations.len() {
            let inst = tile ^ combine(&sh.read.iterations, it);
            let parts = instruction_elements(&sh.read, e.bits, inst);
            match sh.read.kind {
                AccessKind::Vector { a } => {
                    let n = 1usize << a;
                    let t = if n == 1 { e.elem } else { b.vector(n, e.elem) };
                    let ptr = address(r_base, c.of(inst).0);
                    let v = b.load(t, ptr, (bytes << a) as u32);
                    for (k, x) in e.unpack(v, n).into_iter().enumerate() {
                        loaded.insert(parts[0][k], x);
                    }
                }
                AccessKind::Matrix { x, trans } => {
                    let ptr = address(r_base, c.of(inst).0);
                    let rt = if x == 1 {
                        b.i32()
                    } else {
                        b.structure(&vec![b.i32(); x as usize])
                    };
                    let r = b.ldmatrix(ptr, x as u32, trans, MatrixForm::M8n8B16, rt);
                    for (j, reg) in parts.iter().enumerate() {
                        let w = if x == 1 { r } else { b.extract_value(r, j)? };
                        let vals = e.unpack(e.from_i32(w, reg.len()), reg.len());
                        for (q, v) in vals.into_iter().enumerate() {
                            loaded.insert(reg[q], v);
                        }
                    }
                }
            }
        }
    }
    (0..1u64 << d.reg.len())
        .map(|r| {
            let v = combine(&d.reg, r);
            loaded
                .get(&v)
                .copied()
                .ok_or_else(|| format!("internal: destination register {r} was not loaded"))
        })
        .collect()
}
