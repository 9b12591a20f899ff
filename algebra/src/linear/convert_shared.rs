//! A layout conversion through shared memory, with the shared layout and the instructions
//! chosen together: the writes by the source layout `S`, a barrier, the reads by the
//! destination layout `D`.
//!
//! ## The model (per warp; all warps are XOR-translates of warp 0 and cost the same)
//!
//! The shared layout is a bijection `M : offset -> tensor` (F2-linear; offset bits in
//! elements). Offsets are written `[chain | fill | bank | segment]`:
//!
//! * the **chain** holds the vectors an instruction needs at the lowest offsets. A vector
//!   access `st/ld.shared.v` of `2^a` elements needs `a` register vectors of its side there
//!   (any vectors of `span(reg)`: registers are renamed freely); `ldmatrix`/`stmatrix`
//!   (m8n8, b16 rows of 16 bytes) need, non-transposed, the `log2(32/bits)` in-register
//!   vectors then lane bits 0 and 1 (the four threads of a row), and transposed (b16 only)
//!   lane bits 2, 3, 4 (the eight threads of a column). The two sides' chains must agree
//!   where both constrain a position;
//! * every other vector an access enumerates (lanes, warps, matrices, instructions) must
//!   have no offset bit inside that access's own chain prefix (aligned vectors and 16-byte
//!   rows). The offsets above the chain are a complement `C` of the chain chosen to contain
//!   them, and a candidate that cannot be aligned is dropped;
//! * a **phase** is what one wavefront can serve: 32, 16 or 8 lanes of a vector access of at
//!   most 4, 8 or 16 bytes, one 8x8 matrix of `ldmatrix`/`stmatrix`. Its words form the span
//!   of the access's own words and its phase vectors' word offsets, and its wavefronts are
//!   `2^(dim - rank of the bank bits)` (`bank_conflicts`). The segment bits (above the
//!   128-byte bank window) are chosen outside both sides' phase spans, one by one, so both
//!   phases are conflict-free whenever their spans fit the window.
//!
//! ## Lower bounds (proven, per warp)
//!
//! A wavefront serves at most 32 distinct 4-byte words, so moving the `E` distinct elements a
//! warp holds (`2^rank(reg + lane)`) takes at least `ceil(E * bits / 1024)` wavefronts; an
//! instruction moves at most 16 bytes per lane, so a lane's `2^rank(reg)` elements take at
//! least `ceil(2^rank(reg) * bits / 128)` instructions (and `ceil(E * bits / 4096)`), each at
//! least one wavefront. Every pair of instruction choices is built and costed; the plan with the
//! fewest wavefronts, then the fewest instructions, is kept, and its gap to the bounds is
//! reported (`convert_certificate` re-derives the counts by enumerating every lane's
//! addresses).
//!
//! ## Tiling
//!
//! When the tensor does not fit the shared-memory budget, `k` vectors common to both register
//! spans become outer iterations: each moves the elements with those register bits fixed, and
//! the shared layout covers the rest (`2^(n-k)` elements).

use super::distributed::{combine, Distributed, LANE_BITS};
use super::gauss::{basis_of, in_span, intersection, rank, Echelon};
use super::layout::{low_mask, InDim, LinearLayout, OutDim};
use super::swizzle_choice::{outside_both, unit_first_pool, word_fill};
use crate::error::{Error, Result};

/// How one side moves its elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessKind {
    /// `st.shared`/`ld.shared` of `2^a` consecutive elements per lane.
    Vector { a: u32 },
    /// `stmatrix`/`ldmatrix` `.m8n8.x{x}` (b16 rows), transposed or not.
    Matrix { x: u32, trans: bool },
}

/// One side's access: the kind and the register vectors it enumerates (tensor elements).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideAccess {
    pub kind: AccessKind,
    /// Vector: the `a` in-lane vectors (offset bits `0..a`). Matrix: the in-register
    /// vectors (non-transposed, offset bits `0..`) or the register-half row vector
    /// (transposed).
    pub vector: Vec<u64>,
    /// Matrix: the register vectors selecting matrices `0..x`.
    pub matrices: Vec<u64>,
    /// Register vectors enumerating the instructions of one tile.
    pub iterations: Vec<u64>,
}

impl SideAccess {
    /// The register vectors whose offsets must keep the access aligned: matrices, iterations
    /// and, transposed, the register-half row vector (the in-lane vector of a vector access
    /// and the in-register vectors of a matrix are the chain itself).
    pub fn row_registers(&self) -> Vec<u64> {
        let mut regs: Vec<u64> = self
            .matrices
            .iter()
            .chain(&self.iterations)
            .copied()
            .collect();
        if let AccessKind::Matrix { trans: true, .. } = self.kind {
            regs.extend(self.vector.iter().copied());
        }
        regs
    }
}

/// A shared-memory plan and its costs (per warp; instruction counts per thread).
#[derive(Debug, Clone)]
pub struct SharedPlan {
    /// `offset -> tensor` over the tile's offsets.
    pub smem: LinearLayout,
    /// Register vectors common to both sides enumerated as outer tiles (empty: one tile).
    pub outer: Vec<u64>,
    pub write: SideAccess,
    pub read: SideAccess,
    pub write_wavefronts: i64,
    pub read_wavefronts: i64,
    pub write_instructions: i64,
    pub read_instructions: i64,
    /// Wavefronts per write/read instruction.
    pub write_wavefronts_per_instruction: i64,
    pub read_wavefronts_per_instruction: i64,
    pub write_bound: i64,
    pub read_bound: i64,
    pub write_instruction_bound: i64,
    pub read_instruction_bound: i64,
}

impl SharedPlan {
    pub fn wavefronts(&self) -> i64 {
        self.write_wavefronts + self.read_wavefronts
    }
    pub fn instructions(&self) -> i64 {
        self.write_instructions + self.read_instructions
    }
    pub fn bound(&self) -> i64 {
        self.write_bound + self.read_bound
    }
    pub fn instruction_bound(&self) -> i64 {
        self.write_instruction_bound + self.read_instruction_bound
    }
    pub fn tiles(&self) -> i64 {
        1i64 << self.outer.len()
    }
    pub fn smem_bytes(&self, bits: u32) -> i64 {
        (1i64 << self.smem.total_in_bits()) * bits as i64 / 8
    }
}

/// The PTX name of a side's instruction.
pub fn instruction_name(kind: AccessKind, write: bool, bits: u32) -> String {
    match kind {
        AccessKind::Vector { a } => {
            let w = (1u32 << a) * bits;
            let op = if write { "st" } else { "ld" };
            if w <= 32 || (bits == 64 && w == 64) {
                format!("{op}.shared.b{w}")
            } else if bits <= 32 {
                format!("{op}.shared.v{}.b32", w / 32)
            } else {
                format!("{op}.shared.v{}.b64", w / 64)
            }
        }
        AccessKind::Matrix { x, trans } => format!(
            "{}.sync.aligned.m8n8.x{x}{}.shared.b16",
            if write { "stmatrix" } else { "ldmatrix" },
            if trans { ".trans" } else { "" }
        ),
    }
}

/// Bits of a thread's data per instruction.
pub fn instruction_width(kind: AccessKind, bits: u32) -> i64 {
    match kind {
        AccessKind::Vector { a } => (1i64 << a) * bits as i64,
        AccessKind::Matrix { x, .. } => 32 * x as i64,
    }
}

/// A chain position: a fixed vector (a lane bit) or any vector of the side's register span.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Fixed(u64),
    Reg,
}

/// A side's candidate before the chain is merged.
#[derive(Clone)]
struct Option_ {
    kind: AccessKind,
    chain: Vec<Slot>,
}

fn log2(x: u32) -> u32 {
    x.trailing_zeros()
}

/// The first SM with `stmatrix` (sm_90) and with `ldmatrix` (sm_75).
pub const STMATRIX_SM: u32 = 90;
pub const LDMATRIX_SM: u32 = 75;

/// The instruction candidates of a side (the stores when `write`), widest first: the matrix
/// instructions only where the target `sm` has them.
fn options(side: &Distributed, bits: u32, write: bool, sm: u32) -> Vec<Option_> {
    let r = rank(side.reg.iter().copied());
    let mut out = Vec::new();
    let lanes_ok = |idx: &[usize]| idx.iter().all(|&i| side.lane[i] != 0);
    let matrix = sm >= if write { STMATRIX_SM } else { LDMATRIX_SM };
    if matrix && bits <= 32 && lanes_ok(&[0, 1, 2, 3, 4]) {
        let lp = log2(32 / bits);
        for x in [4u32, 2, 1] {
            if r >= lp + log2(x) {
                let mut chain = vec![Slot::Reg; lp as usize];
                chain.push(Slot::Fixed(side.lane[0]));
                chain.push(Slot::Fixed(side.lane[1]));
                out.push(Option_ {
                    kind: AccessKind::Matrix { x, trans: false },
                    chain,
                });
            }
            if bits == 16 && r > log2(x) {
                out.push(Option_ {
                    kind: AccessKind::Matrix { x, trans: true },
                    chain: (2..LANE_BITS).map(|i| Slot::Fixed(side.lane[i])).collect(),
                });
            }
        }
    }
    let amax = log2(128 / bits).min(r);
    for a in (0..=amax).rev() {
        out.push(Option_ {
            kind: AccessKind::Vector { a },
            chain: vec![Slot::Reg; a as usize],
        });
    }
    out
}

/// The vector of `pool` (a basis) outside `span(excluded)`, if any.
fn pick(pool: &[u64], excluded: &[u64]) -> Option<u64> {
    pool.iter().copied().find(|&v| !in_span(excluded, v))
}

/// Lanes per phase of a vector access of `bytes` bytes per lane.
fn lanes_per_phase(bytes: i64) -> u32 {
    match bytes {
        b if b <= 4 => 5,
        8 => 4,
        _ => 3,
    }
}

/// The word of an element offset (element offsets in `bits`-bit elements).
pub fn word_of(off: u64, bits: u32) -> u64 {
    if bits >= 32 {
        off << log2(bits / 32)
    } else {
        off >> log2(32 / bits)
    }
}

/// Wavefronts of one phase: its words are the span of the lane's own `lane_bytes` bytes
/// (aligned) and of the phase vectors' words; a bank serves one word per wavefront.
pub fn phase_wavefronts(offsets: &[u64], lane_bytes: i64, bits: u32) -> i64 {
    let words_per_lane = (lane_bytes / 4).max(1) as u64;
    let mut gens: Vec<u64> = (0..words_per_lane.trailing_zeros())
        .map(|t| 1u64 << t)
        .collect();
    gens.extend(offsets.iter().map(|&o| word_of(o, bits)));
    let dim = rank(gens.iter().copied());
    let banks = rank(gens.iter().map(|&w| w & 31));
    1i64 << (dim - banks)
}

/// Offsets (and tile coordinates) of tensor vectors in the basis `M ∪ outer`.
pub struct Coordinates {
    e: Echelon,
    n_off: u32,
    bases: Vec<u64>,
}

impl Coordinates {
    pub fn new(smem_bases: &[u64], outer: &[u64]) -> Coordinates {
        let mut e = Echelon::new();
        for (i, &v) in smem_bases.iter().chain(outer).enumerate() {
            e.insert(i as u32, v);
        }
        Coordinates {
            e,
            n_off: smem_bases.len() as u32,
            bases: smem_bases.to_vec(),
        }
    }
    pub fn offset_bits(&self) -> u32 {
        self.n_off
    }
    /// (offset, outer tile) of `v`.
    pub fn of(&self, v: u64) -> (u64, u64) {
        let c = self.e.solve(v).unwrap_or(0);
        (c & low_mask(self.n_off), c >> self.n_off)
    }
}

/// Everything a candidate pair needs.
struct Problem<'a> {
    s: &'a Distributed,
    d: &'a Distributed,
    bits: u32,
    n: u32,
    outer: Vec<u64>,
}

/// The side-specific parts of a built candidate.
struct Built {
    access: SideAccess,
    /// Chain prefix length the side's alignment needs.
    prefix: usize,
    /// The first `reg_prefix` chain positions are the side's own register vectors: a
    /// register vector may be re-based by them (the same registers of one instruction).
    reg_prefix: usize,
    /// Lanes and warps: they must be aligned (no offset bit below `prefix`).
    others: Vec<u64>,
    /// Register vectors enumerated by the side (aligned after re-basing).
    regs: Vec<u64>,
    /// Phase vectors.
    phase: Vec<u64>,
    /// The side's own chain vectors (the in-lane words of a phase).
    own: Vec<u64>,
}

fn build_side(p: &Problem<'_>, side: &Distributed, opt: &Option_, chain: &[u64]) -> Option<Built> {
    let reg_basis = basis_of(&side.reg);
    let mut taken: Vec<u64> = chain.iter().chain(&p.outer).copied().collect();
    let mut access = SideAccess {
        kind: opt.kind,
        vector: Vec::new(),
        matrices: Vec::new(),
        iterations: Vec::new(),
    };
    let prefix = opt.chain.len();
    let mut phase = Vec::new();
    let mut lanes_in_chain = Vec::new();
    match opt.kind {
        AccessKind::Vector { a } => {
            access.vector = chain[..a as usize].to_vec();
            let bytes = (1i64 << a) * p.bits as i64 / 8;
            phase.extend(side.lane[..lanes_per_phase(bytes) as usize].iter().copied());
        }
        AccessKind::Matrix { x, trans } => {
            if trans {
                let half = pick(&reg_basis, &taken)?;
                taken.push(half);
                access.vector = vec![half];
                phase.extend([half, side.lane[0], side.lane[1]]);
                lanes_in_chain.extend([2usize, 3, 4]);
            } else {
                let lp = log2(32 / p.bits) as usize;
                access.vector = chain[..lp].to_vec();
                phase.extend(side.lane[2..].iter().copied());
                lanes_in_chain.extend([0usize, 1]);
            }
            for _ in 0..log2(x) {
                let m = pick(&reg_basis, &taken)?;
                taken.push(m);
                access.matrices.push(m);
            }
        }
    }
    // The side's registers not yet enumerated: a completion of its register-vector span.
    let mut own_regs: Vec<u64> = access
        .vector
        .iter()
        .chain(&access.matrices)
        .chain(&p.outer)
        .copied()
        .collect();
    if rank(own_regs.iter().copied()) as usize != own_regs.len() {
        return None;
    }
    let completion: Vec<u64> = chain[prefix.min(chain.len())..]
        .iter()
        .copied()
        .filter(|&v| in_span(&reg_basis, v))
        .chain(reg_basis.iter().copied())
        .collect();
    for &v in &completion {
        if !in_span(&own_regs, v) {
            own_regs.push(v);
            access.iterations.push(v);
        }
    }
    let others: Vec<u64> = (0..LANE_BITS)
        .filter(|i| !lanes_in_chain.contains(i))
        .map(|i| side.lane[i])
        .chain(side.warp.iter().copied())
        .filter(|&v| v != 0)
        .collect();
    let regs = access.row_registers();
    let own = chain[..prefix].to_vec();
    let reg_prefix = match opt.kind {
        AccessKind::Vector { a } => a as usize,
        AccessKind::Matrix { trans: false, .. } => log2(32 / p.bits) as usize,
        AccessKind::Matrix { trans: true, .. } => 0,
    };
    Some(Built {
        regs,
        reg_prefix,
        access,
        prefix,
        others,
        phase,
        own,
    })
}

/// Merge two chains position by position (`None` when they disagree).
fn merge_chains(p: &Problem<'_>, w: &Option_, r: &Option_) -> Option<Vec<u64>> {
    let len = w.chain.len().max(r.chain.len());
    let fixed: Vec<u64> = w
        .chain
        .iter()
        .chain(&r.chain)
        .filter_map(|s| match s {
            Slot::Fixed(v) => Some(*v),
            Slot::Reg => None,
        })
        .collect();
    let sreg = basis_of(&p.s.reg);
    let dreg = basis_of(&p.d.reg);
    let both = intersection(&sreg, &dreg);
    let mut chain: Vec<u64> = Vec::with_capacity(len);
    for i in 0..len {
        let ws = w.chain.get(i).copied();
        let rs = r.chain.get(i).copied();
        let v = match (ws, rs) {
            (Some(Slot::Fixed(a)), Some(Slot::Fixed(b))) => (a == b).then_some(a)?,
            (Some(Slot::Fixed(a)), Some(Slot::Reg)) => in_span(&dreg, a).then_some(a)?,
            (Some(Slot::Reg), Some(Slot::Fixed(b))) => in_span(&sreg, b).then_some(b)?,
            (Some(Slot::Fixed(a)), None) | (None, Some(Slot::Fixed(a))) => a,
            (Some(Slot::Reg), rest) | (rest, Some(Slot::Reg)) => {
                let pool = match rest {
                    Some(Slot::Reg) => &both,
                    _ if ws == Some(Slot::Reg) => &sreg,
                    _ => &dreg,
                };
                let excluded: Vec<u64> = chain
                    .iter()
                    .chain(&fixed)
                    .chain(&p.outer)
                    .copied()
                    .collect();
                pick(pool, &excluded)?
            }
            (None, None) => unreachable!("position below the longer chain"),
        };
        let mut prev: Vec<u64> = chain.clone();
        prev.extend(&p.outer);
        if v == 0 || in_span(&prev, v) {
            return None;
        }
        chain.push(v);
    }
    Some(chain)
}

/// Build the shared layout for a merged chain: a complement `C` holding the aligned
/// vectors (`first` side's first), then `[fill | bank | segment]` inside `C`.
fn layout_for(
    p: &Problem<'_>,
    chain: &[u64],
    w: &Built,
    r: &Built,
    write_first: bool,
) -> Option<Vec<u64>> {
    let n_off = p.n as usize - p.outer.len();
    let mut fixed: Vec<u64> = chain.iter().chain(&p.outer).copied().collect();
    let mut cbasis: Vec<u64> = Vec::new();
    let (a, b) = if write_first { (w, r) } else { (r, w) };
    let units = (0..p.n).map(|i| 1u64 << i);
    let first = a
        .others
        .iter()
        .chain(&b.others)
        .chain(&a.regs)
        .chain(&b.regs);
    for v in first.copied().chain(units) {
        if fixed.len() == p.n as usize {
            break;
        }
        if !in_span(&fixed, v) {
            fixed.push(v);
            cbasis.push(v);
        }
    }
    let pool = unit_first_pool(p.n, &cbasis);
    let fill = word_fill(&pool, chain.len(), p.bits as i64);
    let window = log2(1024 / p.bits) as usize;
    let mut wa: Vec<u64> = w.own.iter().chain(&fill).chain(&w.phase).copied().collect();
    let mut rb: Vec<u64> = r.own.iter().chain(&fill).chain(&r.phase).copied().collect();
    wa.retain(|&v| v != 0);
    rb.retain(|&v| v != 0);
    let high = window
        .max(rank(wa.iter().copied()) as usize)
        .max(rank(rb.iter().copied()) as usize);
    let s = n_off.saturating_sub(high);
    let mut seg: Vec<u64> = Vec::new();
    for _ in 0..s {
        let Some(x) = outside_both(&wa, &rb, &pool) else {
            break;
        };
        seg.push(x);
        wa.push(x);
        rb.push(x);
    }
    let mut used: Vec<u64> = chain
        .iter()
        .chain(&fill)
        .chain(&seg)
        .chain(&p.outer)
        .copied()
        .collect();
    let mut bank = Vec::new();
    for &u in &pool {
        if used.len() == p.n as usize {
            break;
        }
        if !in_span(&used, u) {
            used.push(u);
            bank.push(u);
        }
    }
    let bases: Vec<u64> = chain
        .iter()
        .chain(&fill)
        .chain(&bank)
        .chain(&seg)
        .copied()
        .collect();
    (bases.len() == n_off).then_some(bases)
}

/// Re-base a side's register vectors by its own in-register chain vectors and the outer tile
/// vectors (the same registers, enumerated differently) so that their offsets are aligned and
/// inside the tile.
fn normalize(c: &Coordinates, side: &Built, outer: &[u64], v: u64) -> u64 {
    let (off, tile) = c.of(v);
    v ^ combine(&c.bases[..side.reg_prefix], off) ^ combine(outer, tile)
}

/// Costs of a side under the chosen offsets: the re-based access, instructions per thread
/// and wavefronts per instruction; `None` when an enumerated vector is misaligned or crosses
/// tiles.
fn side_cost(p: &Problem<'_>, c: &Coordinates, side: &Built) -> Option<(SideAccess, i64, i64)> {
    let mut access = side.access.clone();
    for v in access
        .iterations
        .iter_mut()
        .chain(access.matrices.iter_mut())
    {
        *v = normalize(c, side, &p.outer, *v);
    }
    if let AccessKind::Matrix { trans: true, .. } = access.kind {
        access.vector[0] = normalize(c, side, &p.outer, access.vector[0]);
    }
    let regs = access.row_registers();
    let mask = low_mask(side.prefix as u32);
    for &v in &side.others {
        let (off, tile) = c.of(v);
        if off & mask != 0 || tile != 0 {
            return None;
        }
    }
    for &v in &regs {
        let (off, tile) = c.of(v);
        if off & mask != 0 || tile != 0 {
            return None;
        }
    }
    for &v in side.own.iter().chain(&side.phase) {
        if c.of(v).1 != 0 {
            return None;
        }
    }
    let mut phase = side.phase.clone();
    if let AccessKind::Matrix { trans: true, .. } = access.kind {
        phase[0] = access.vector[0];
    }
    let offs: Vec<u64> = phase.iter().map(|&v| c.of(v).0).collect();
    let instructions = 1i64 << (access.iterations.len() + p.outer.len());
    let per = match access.kind {
        AccessKind::Vector { a } => {
            let bytes = ((1i64 << a) * p.bits as i64 / 8).max(1);
            let phases = 1i64 << (LANE_BITS as u32 - lanes_per_phase(bytes));
            phases * phase_wavefronts(&offs, bytes, p.bits)
        }
        AccessKind::Matrix { x, .. } => x as i64 * phase_wavefronts(&offs, 16, p.bits),
    };
    Some((access, instructions, per))
}

/// `ceil(a / b)` for positive `b`.
fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

/// Choose the shared layout and both instructions; `budget` bounds the tile's bytes; `sm` is
/// the target (which matrix instructions exist).
pub fn plan_shared(
    s: &Distributed,
    d: &Distributed,
    bits: u32,
    outs: &[OutDim],
    budget: i64,
    sm: u32,
) -> Result<SharedPlan> {
    let n: u32 = outs.iter().map(|o| o.log2).sum();
    let bytes = |k: u32| (1i64 << (n - k)) * bits as i64 / 8;
    let mut k = 0u32;
    while bytes(k) > budget {
        k += 1;
        if k > n {
            break;
        }
    }
    let none = || Error::algebra("convert_plan: no shared-memory access pattern fits both layouts");
    let untiled = search(s, d, bits, outs, Vec::new(), sm);
    if k == 0 {
        return untiled.ok_or_else(none);
    }
    // Tile vectors: register vectors of both sides, independent of every lane and warp
    // vector (a thread's elements of one tile are then one coset of its registers); first
    // those both sides of the untiled plan enumerate as instructions (tiling them keeps the
    // instructions and wavefronts), then any other common register vector.
    let common = intersection(&basis_of(&s.reg), &basis_of(&d.reg));
    let prefer = untiled
        .map(|p| intersection(&p.write.iterations, &p.read.iterations))
        .unwrap_or_default();
    let mut outer: Vec<u64> = Vec::new();
    let mut spanned: Vec<u64> = s
        .lane
        .iter()
        .chain(&s.warp)
        .chain(&d.lane)
        .chain(&d.warp)
        .copied()
        .collect();
    for &v in prefer.iter().chain(common.iter().rev()) {
        if outer.len() < k as usize && !in_span(&spanned, v) {
            outer.push(v);
            spanned.push(v);
        }
    }
    if outer.len() < k as usize {
        return Err(Error::algebra(format!(
            "convert_plan: the conversion needs {} bytes of shared memory, more than the budget of {budget}; tiling it needs {k} register bits common to both layouts (and independent of their lanes and warps), and they have {}",
            bytes(0),
            outer.len()
        )));
    }
    search(s, d, bits, outs, outer, sm).ok_or_else(none)
}

/// The cheapest plan whose tiles are enumerated by `outer` (fewest wavefronts, then
/// instructions), if any candidate pair fits.
fn search(
    s: &Distributed,
    d: &Distributed,
    bits: u32,
    outs: &[OutDim],
    outer: Vec<u64>,
    sm: u32,
) -> Option<SharedPlan> {
    let n: u32 = outs.iter().map(|o| o.log2).sum();
    let p = Problem {
        s,
        d,
        bits,
        n,
        outer,
    };
    // Bounds per side: a wavefront serves at most 128 distinct bytes of the warp, and an
    // instruction at most 16 bytes of each lane, so each of a lane's 2^rank(reg) elements is
    // moved by one of at least ceil(2^rank(reg) * bits / 128) instructions, each taking at
    // least one wavefront.
    let bound = |l: &Distributed| {
        let per_lane = (1i64 << rank(l.reg.iter().copied())) * bits as i64;
        let instr = ceil_div(per_lane, 128).max(ceil_div(l.warp_elements() * bits as i64, 4096));
        (
            ceil_div(l.warp_elements() * bits as i64, 1024).max(instr),
            instr,
        )
    };
    let (write_bound, write_ibound) = bound(s);
    let (read_bound, read_ibound) = bound(d);
    let mut best: Option<SharedPlan> = None;
    for wo in options(s, bits, true, sm) {
        for ro in options(d, bits, false, sm) {
            let Some(chain) = merge_chains(&p, &wo, &ro) else {
                continue;
            };
            let (Some(wb), Some(rb)) = (
                build_side(&p, s, &wo, &chain),
                build_side(&p, d, &ro, &chain),
            ) else {
                continue;
            };
            for write_first in [true, false] {
                let Some(bases) = layout_for(&p, &chain, &wb, &rb, write_first) else {
                    continue;
                };
                let c = Coordinates::new(&bases, &p.outer);
                let (Some((wa, wi, wper)), Some((ra, ri, rper))) =
                    (side_cost(&p, &c, &wb), side_cost(&p, &c, &rb))
                else {
                    continue;
                };
                let cand = SharedPlan {
                    smem: LinearLayout::empty(),
                    outer: p.outer.clone(),
                    write: wa,
                    read: ra,
                    write_wavefronts: wi * wper,
                    read_wavefronts: ri * rper,
                    write_instructions: wi,
                    read_instructions: ri,
                    write_wavefronts_per_instruction: wper,
                    read_wavefronts_per_instruction: rper,
                    write_bound,
                    read_bound,
                    write_instruction_bound: write_ibound,
                    read_instruction_bound: read_ibound,
                };
                let better = match &best {
                    None => true,
                    Some(b) => {
                        (cand.wavefronts(), cand.instructions())
                            < (b.wavefronts(), b.instructions())
                    }
                };
                if better {
                    best = Some(SharedPlan {
                        smem: LinearLayout::from_parts(
                            vec![InDim {
                                name: "offset".into(),
                                bases,
                            }],
                            outs.to_vec(),
                        ),
                        ..cand
                    });
                }
                break;
            }
        }
    }
    best
}
