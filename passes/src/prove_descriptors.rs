//! The pass `layout-prove-descriptors`: every shared-memory matrix descriptor (WGMMA, UMMA),
//! TMA box and ldmatrix/stmatrix lane-address table that `--lower-to-nvvm` derives is decoded
//! back into the addresses it denotes and proven equal, as an ISL relation over the whole
//! tile, to the tile layout it was derived from. A difference is an error naming a witness
//! coordinate and both addresses.
//!
//! Where it runs: on the `layout` ops, before `--lower-to-nvvm` (which replaces them), with
//! the very derivation the lowering uses (`layout_lowering_nvvm::derive`): what is proven is
//! the number the lowering emits. The two sides are built apart:
//!
//! - hardware side: the derived bits or driver arguments, read by the decoders of this crate
//!   (written from the PTX ISA / CUDA driver documentation, not from the encoders);
//! - layout side: the op's tile layout as a relation from `layout-relation`
//!   ([`crate::tile_relation`]).
//!
//! | op | relation compared |
//! |----|-------------------|
//! | `layout.wgmma_desc`, `layout.umma_desc` | `[mn, k] -> [byte]` over the k-th instruction block (every block from k when k is a runtime value) |
//! | `layout.tcgen05_cp` | `[mn, k] -> [byte]`, the 128 x 32-byte block |
//! | `layout.tma_desc`, `tma_load`, `tma_store` | `[smem byte] -> [gmem byte]` of the whole tile |
//! | `layout.ldmatrix`, `stmatrix`, `lane_offset` | `[thread, value] -> [smem byte]` |
//! | `layout.fragment_store` | `[thread, register] -> [row, column]` of the tile |
//! | `layout.tmem_load`, `tmem_store` | `[thread, register] -> [TMEM address]` |
//! | `layout.shared_load`, `shared_store` | `[thread, register] -> [smem offset]`, point by point |
//! | `layout.async_copy` | `[thread, copy, element] -> ([tile coordinate], [smem offset])`, point by point |
//! | `layout.global_load`, `global_store` | `[thread, register] -> [tile coordinate]`, point by point |
//!
//! How each obligation is discharged (docs/passes.md): by F2 linear algebra where both maps are
//! affine over F2 on a power-of-two box (descriptor blocks: [`smem_desc_decode::f2_form`]
//! against [`crate::tile_relation::tile_block_f2`]; the TMA swizzle), point by point where the
//! domain is static, finite and small (descriptor blocks F2 did not prove, TMA boxes and
//! swizzles, lane tables, register-tensor plans), once per statement (a [`Prover`] remembers
//! what it proved), and by ISL otherwise. F2 only ever proves; a point-by-point check that
//! finds a difference names the witness ISL names (the least differing point, both sides being
//! functions on one finite domain), or hands the statement to ISL (lane tables). On success
//! the pass emits one remark on the root op: the obligations, by method, and the time.
//! [`ISL_ONLY_ENV`] turns the fast paths off (a cross-check, and the baseline timing).
//!
//! Testing hook: a string attribute `layout.prove_fault` on an op perturbs the derived value
//! before decoding (`sbo+128`, `lbo-16`, `start+16`, `layout=1`; `lane5+16`; `box0-8`,
//! `stride1+16`, `swizzle=2`; `row3+8`, `col3+1` for register 3 of a fragment store; `lane1+1`,
//! `col0+2` for the base of warp 1 / 0 of a tcgen05.ld/st; `lane2+8`, `warp0+8`, `access1+8`,
//! `rows3+8`, `instr1+8` for a register tensor's shared access plan; `lane1+8`, `copy0+8` for a
//! cp.async plan), standing
//! for a faulty encoder, so that the tests can check
//! that a wrong descriptor is caught with its witness.

use std::cell::RefCell;
use std::collections::HashSet;
use std::time::Instant;

use layout_dialect::op_diagnostics::{emit_op_diagnostic, emit_op_error, op_name, Severity};

use layout_algebra::hw::{self, Major};
use layout_algebra::linear::LinearLayout;
use layout_algebra::{text, Func};
use layout_dialect::ir::nested_ops;
use layout_lowering_nvvm::derive::{self, func, Attrs, DescKind};
use layout_lowering_nvvm::pass::{attrs, smem_desc_operands, string_bytes};
use layout_relation::isl::DEFAULT_MAX_OPERATIONS;
use layout_relation::props;
use layout_relation::{Ctx, Map, Space};
use melior::ir::attribute::{IntegerAttribute, TypeAttribute};
use melior::ir::operation::{OperationLike, OperationRef, WalkOrder};
use melior::ir::r#type::{DimSize, IntegerType, RankedTensorType, TypeId};
use melior::ir::{ShapedTypeLike, Type, TypeLike, Value, ValueLike};
use melior::pass::{create_external, ExternalPass, Pass, RunExternalPass};
use melior::ContextRef;

use crate::global_access_decode;
use crate::matrix_lanes_decode;
use crate::shared_access_decode::{self, Placement};
use crate::smem_desc_decode::{self, DescFormat};
use crate::tile_relation::{
    k_block, mode_size, tile_block_byte, tile_block_f2, tile_bytes, tile_identity,
};
use crate::tma_box_decode::{self, GlobalStride, TmaArgs};
use crate::xor_swizzle::XorSwizzle;

pub const ARGUMENT: &str = "layout-prove-descriptors";

/// The discardable attribute of the testing hook.
pub const FAULT_ATTR: &str = "layout.prove_fault";

/// One run of the pass: the ISL context, the obligations already proven (by their full
/// statement: a second op with the same derived value and layouts is the same proof), and how
/// each obligation was discharged, for the summary remark.
pub struct Prover<'c> {
    pub ctx: &'c Ctx,
    proven: RefCell<HashSet<String>>,
    tally: RefCell<Tally>,
    /// Every obligation by ISL, none reused ([`ISL_ONLY_ENV`]).
    isl_only: bool,
}

/// When this environment variable is set, the pass proves every obligation by ISL alone, as
/// before the F2 and point-by-point fast paths and the reuse of proven statements: a
/// cross-check of the fast paths and the baseline of their timing.
pub const ISL_ONLY_ENV: &str = "LAYOUT_PROVE_ISL_ONLY";

/// How many obligations each method discharged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Proven by F2 linear algebra (affine maps over F2 compared column by column).
    pub f2: usize,
    /// Proven by ISL (the relations compared symbolically).
    pub isl: usize,
    /// Proven point by point over a finite domain.
    pub points: usize,
    /// Statements proven earlier in the same run, not proven again.
    pub reused: usize,
}

impl Tally {
    pub fn total(&self) -> usize {
        self.f2 + self.isl + self.points + self.reused
    }
}

impl<'c> Prover<'c> {
    pub fn new(ctx: &'c Ctx) -> Prover<'c> {
        Prover {
            ctx,
            proven: RefCell::new(HashSet::new()),
            tally: RefCell::new(Tally::default()),
            isl_only: std::env::var_os(ISL_ONLY_ENV).is_some(),
        }
    }
    pub fn tally(&self) -> Tally {
        *self.tally.borrow()
    }
    fn count(&self, f: impl FnOnce(&mut Tally)) {
        f(&mut self.tally.borrow_mut())
    }
    /// Prove the obligation stated by `key` with `prove` unless it was proven before.
    fn once(&self, key: String, prove: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
        if self.isl_only {
            return prove();
        }
        if self.proven.borrow().contains(&key) {
            self.count(|t| t.reused += 1);
            return Ok(());
        }
        prove()?;
        self.proven.borrow_mut().insert(key);
        Ok(())
    }
    /// Count a point-by-point proof that held.
    fn points(&self, r: Result<(), String>) -> Result<(), String> {
        if r.is_ok() {
            self.count(|t| t.points += 1);
        }
        r
    }
    /// Count an ISL verdict that held.
    fn isl(&self, r: Result<(), String>) -> Result<(), String> {
        if r.is_ok() {
            self.count(|t| t.isl += 1);
        }
        r
    }
}

#[repr(align(8))]
struct PassId;
static PROVE_ID: PassId = PassId;

#[derive(Clone, Debug, Default)]
struct ProveDescriptors;

impl<'c> RunExternalPass<'c> for ProveDescriptors {
    fn initialize(&mut self, _context: ContextRef<'c>) {}
    fn run(&mut self, operation: OperationRef<'c, '_>, pass: ExternalPass<'_>) {
        if !prove_under(operation) {
            pass.signal_failure();
        }
    }
}

/// A new `layout-prove-descriptors` pass (any op; it walks the ops nested under it).
pub fn create_pass() -> Pass {
    create_external(
        ProveDescriptors,
        TypeId::create(&PROVE_ID),
        "LayoutProveDescriptors",
        ARGUMENT,
        "Prove every WGMMA/UMMA descriptor, TMA box and ldmatrix/stmatrix lane table that \
         --lower-to-nvvm derives equal to its tile layout (ISL), with a witness on failure",
        "",
        &[],
    )
}

const OPS: &[&str] = &[
    "layout.wgmma_desc",
    "layout.umma_desc",
    "layout.tcgen05_cp",
    "layout.tma_desc",
    "layout.tma_load",
    "layout.tma_store",
    "layout.ldmatrix",
    "layout.stmatrix",
    "layout.lane_offset",
    "layout.fragment_store",
    "layout.tmem_load",
    "layout.tmem_store",
    "layout.shared_load",
    "layout.shared_store",
    "layout.async_copy",
    "layout.global_load",
    "layout.global_store",
];

/// Prove every target op under `root`; false when one failed (each failure is reported).
pub fn prove_under(root: OperationRef<'_, '_>) -> bool {
    let targets: Vec<_> = nested_ops(root, WalkOrder::PreOrder)
        .into_iter()
        .filter(|op| OPS.contains(&op.name().as_string_ref().as_str().unwrap_or("")))
        .collect();
    let ctx = match Ctx::new(DEFAULT_MAX_OPERATIONS) {
        Ok(c) => c,
        Err(e) => {
            emit_op_error(&root, &format!("cannot start ISL: {e}"));
            return false;
        }
    };
    let started = Instant::now();
    let pv = Prover::new(&ctx);
    let mut ok = true;
    for &op in &targets {
        if let Err(e) = prove_op(&pv, op) {
            emit_op_error(&op, &e);
            ok = false;
        }
    }
    let t = pv.tally();
    if ok && t.total() > 0 {
        emit_op_diagnostic(
            &root,
            Severity::Remark,
            &format!(
                "proved {} obligations of {} ops ({} by F2 linear algebra, {} by ISL, {} point by point, {} reused) in {:.2} s",
                t.total(),
                targets.len(),
                t.f2,
                t.isl,
                t.points,
                t.reused,
                started.elapsed().as_secs_f64()
            ),
        );
    }
    ok
}

fn fault_of(op: OperationRef<'_, '_>) -> Option<String> {
    let bytes = string_bytes(op.attribute(FAULT_ATTR).ok()?)?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// An injected fault: field name, then `+n`, `-n` (add) or `=n` (set).
struct Fault {
    field: String,
    set: bool,
    value: i64,
}

impl Fault {
    fn parse(t: &str) -> Result<Fault, String> {
        let at = t
            .find(['+', '-', '='])
            .ok_or_else(|| format!("{FAULT_ATTR} \"{t}\": expected <field>+n, -n or =n"))?;
        let n: i64 = t[at + 1..]
            .parse()
            .map_err(|_| format!("{FAULT_ATTR} \"{t}\": '{}' is not an integer", &t[at + 1..]))?;
        let (set, value) = match &t[at..=at] {
            "=" => (true, n),
            "-" => (false, -n),
            _ => (false, n),
        };
        Ok(Fault {
            field: t[..at].to_string(),
            set,
            value,
        })
    }
    fn apply(&self, x: i64) -> i64 {
        if self.set {
            self.value
        } else {
            x.saturating_add(self.value)
        }
    }
    /// The index of a field `name<i>` (e.g. `lane5`).
    fn indexed(&self, name: &str) -> Option<usize> {
        self.field.strip_prefix(name)?.parse().ok()
    }
    fn unknown(&self, what: &str) -> String {
        format!("{FAULT_ATTR}: unknown field '{}' for {what}", self.field)
    }
}

fn prove_op(pv: &Prover, op: OperationRef<'_, '_>) -> Result<(), String> {
    let name = op_name(&op);
    let a = attrs(op);
    let fault = fault_of(op).map(|t| Fault::parse(&t)).transpose()?;
    match name.as_str() {
        "layout.wgmma_desc" => prove_smem_desc(pv, op, DescKind::Wgmma, &a, fault.as_ref()),
        "layout.umma_desc" => prove_smem_desc(pv, op, DescKind::Umma, &a, fault.as_ref()),
        "layout.tcgen05_cp" => {
            let d = derive::tcgen05_cp(&a)?;
            let tile = func(&a, "tile")?;
            let e = elem(&a)?;
            let bits = fault_bits(DescKind::Umma, d.bits, fault.as_ref())?;
            prove_block(pv, DescKind::Umma, e, Major::K, &tile, 0, 0, bits)
        }
        "layout.tma_desc" | "layout.tma_load" | "layout.tma_store" => {
            prove_tma(pv, &a, fault.as_ref())
        }
        "layout.fragment_store" => prove_fragment_store(pv, &a, fault.as_ref()),
        "layout.tmem_load" | "layout.tmem_store" => {
            prove_tmem_copy(pv, &a, name == "layout.tmem_store", fault.as_ref())
        }
        "layout.async_copy" => pv.points(prove_async_copy(op, &a, fault.as_ref())),
        "layout.global_load" | "layout.global_store" => pv.points(prove_global_access(
            op,
            name == "layout.global_store",
            fault.as_ref(),
        )),
        "layout.shared_load" | "layout.shared_store" => pv.points(prove_shared_access(
            op,
            name == "layout.shared_store",
            &a,
            fault.as_ref(),
        )),
        _ => prove_lanes(pv, &name, &a, fault.as_ref()),
    }
}

fn elem(a: &Attrs) -> Result<hw::Elem, String> {
    hw::Elem::parse(a.get("elem").map(|s| s.as_str()).unwrap_or("")).map_err(|e| e.to_string())
}

/// Apply a descriptor fault to the 64 bits.
fn fault_bits(kind: DescKind, bits: u64, f: Option<&Fault>) -> Result<u64, String> {
    let Some(f) = f else { return Ok(bits) };
    let field = |at: u32, bits: u64| -> u64 {
        let bytes = (((bits >> at) & 0x3fff) << 4) as i64;
        let v = ((f.apply(bytes) as u64) >> 4) & 0x3fff;
        (bits & !(0x3fff << at)) | (v << at)
    };
    Ok(match (f.field.as_str(), kind) {
        ("start", _) => field(0, bits),
        ("lbo", _) => field(16, bits),
        ("sbo", _) => field(32, bits),
        ("layout", DescKind::Wgmma) => {
            (bits & !(3 << 62)) | ((f.apply((bits >> 62) as i64) as u64 & 3) << 62)
        }
        ("layout", DescKind::Umma) => {
            (bits & !(7 << 61)) | ((f.apply((bits >> 61) as i64) as u64 & 7) << 61)
        }
        _ => return Err(f.unknown("a descriptor (start, lbo, sbo, layout)")),
    })
}

fn prove_smem_desc(
    pv: &Prover,
    op: OperationRef<'_, '_>,
    kind: DescKind,
    a: &Attrs,
    fault: Option<&Fault>,
) -> Result<(), String> {
    let (_, runtime_k) = smem_desc_operands(op);
    let d = derive::smem_desc(kind, a, runtime_k)?;
    let e = elem(a)?;
    let major = Major::parse(a.get("major").map(|s| s.as_str()).unwrap_or(""))
        .map_err(|x| x.to_string())?;
    let tile = func(a, "tile")?;
    let address: i64 = a.get("address").map_or(Ok(0), |t| {
        t.parse()
            .map_err(|_| format!("'address' must be an integer, found {t}"))
    })?;
    let k: i64 = a.get("k").map_or(Ok(0), |t| {
        t.parse()
            .map_err(|_| format!("'k' must be an integer, found {t}"))
    })?;
    let kn = hw::k_per_instruction(e);
    let blocks = if runtime_k {
        // The lowering emits block k + j as `hi | ((start + j*advance) >> 4) & 0x3fff`.
        (mode_size(&tile, 1)? / kn - k).max(1)
    } else {
        1
    };
    for j in 0..blocks {
        let start = d.start + j * d.advance;
        let bits = (d.bits & !0x3fff) | (((start as u64) >> 4) & 0x3fff);
        let bits = fault_bits(kind, bits, fault)?;
        prove_block(pv, kind, e, major, &tile, address, k + j, bits)?;
    }
    Ok(())
}

/// Prove the descriptor `bits` of block `k` of `tile` at `address`.
#[allow(clippy::too_many_arguments)]
fn prove_block(
    pv: &Prover,
    kind: DescKind,
    e: hw::Elem,
    major: Major,
    tile: &Func,
    address: i64,
    k: i64,
    bits: u64,
) -> Result<(), String> {
    let ctx = pv.ctx;
    let format = match kind {
        DescKind::Wgmma => DescFormat::Wgmma,
        DescKind::Umma => DescFormat::Umma,
    };
    let dd = smem_desc_decode::decode(format, bits)?;
    let kn = hw::k_per_instruction(e);
    let mn = mode_size(tile, 0)?;
    let decoded = smem_desc_decode::relation_text(&dd, major, e.bits(), mn, kn)
        .map_err(|x| format!("descriptor {bits:#018x}: {x}"))?;
    let key = format!(
        "desc {kind:?} {e:?} {major:?} {} @{address} k{k} {bits:#x}",
        text::print_func(tile)
    );
    pv.once(key, || {
        // F2 first: both maps affine over F2 on the block's bits and equal column by column
        // is a proof; anything else (a map that is not linear, a difference) is decided point
        // by point, or by ISL where the points cannot be evaluated.
        let hw = smem_desc_decode::f2_form(&dd, major, e.bits(), mn, kn);
        let lay = tile_block_f2(tile, e.bits(), address, mn, k * kn, kn);
        if !pv.isl_only && hw.is_some() && hw == lay {
            pv.count(|t| t.f2 += 1);
            return Ok(());
        }
        // Then point by point over the block (at most a few thousand points): a proof, or the
        // least differing (mn, k), the witness ISL names.
        if !pv.isl_only {
            match block_by_points(&dd, major, e.bits(), tile, address, mn, k, kn) {
                Some(None) => {
                    pv.count(|t| t.points += 1);
                    return Ok(());
                }
                Some(Some((w, l, r))) => {
                    return Err(block_message(
                        bits,
                        k,
                        &dd,
                        tile,
                        &props::show_point(&w),
                        &l.to_string(),
                        &r.to_string(),
                    ))
                }
                None => {}
            }
        }
        pv.isl(block_by_isl(
            ctx, &decoded, tile, address, mn, k, kn, e, bits, &dd,
        ))
    })
}

/// The ISL half of [`prove_block`]: the decoded relation against the tile's k-th block.
#[allow(clippy::too_many_arguments)]
fn block_by_isl(
    ctx: &Ctx,
    decoded: &str,
    tile: &Func,
    address: i64,
    mn: i64,
    k: i64,
    kn: i64,
    e: hw::Elem,
    bits: u64,
    dd: &smem_desc_decode::DecodedDesc,
) -> Result<(), String> {
    let decoded = Map::parse(ctx, decoded).map_err(|x| x.to_string())?;
    let source = tile_bytes(ctx, tile, Space::Modes, e.bits(), address)?;
    let source = k_block(source, mn, k * kn, kn)?;
    let source_domain = k_block(tile_identity(ctx, tile, Space::Modes)?, mn, k * kn, kn)?
        .domain()
        .map_err(|x| x.to_string())?;
    verdict(&decoded, &source, Some(source_domain), |w, l, r| {
        block_message(bits, k, dd, tile, w, l, r)
    })
}

fn block_message(
    bits: u64,
    k: i64,
    dd: &smem_desc_decode::DecodedDesc,
    tile: &Func,
    w: &str,
    l: &str,
    r: &str,
) -> String {
    format!(
        "descriptor {bits:#018x} (k block {k}: start {}, LBO {}, SBO {}, layout type {}) \
         does not address its tile {}: at (mn, k) = {w} the descriptor gives byte {l}, the \
         tile layout byte {r}",
        dd.start,
        dd.lbo,
        dd.sbo,
        dd.layout_name,
        text::print_func(tile)
    )
}

/// The descriptor block point by point: the decoder's formula
/// ([`smem_desc_decode::address`]) against the tile ([`tile_block_byte`]) at every (mn, k) of
/// the block, mn first then k (lexicographic order). Both are functions on the same box (the
/// block lies inside the tile), so `Some(None)` (equal everywhere) is the ISL verdict's proof
/// and `Some(Some((w, by descriptor, by tile)))` its witness, the least differing point. None
/// when a point cannot be evaluated (ISL decides).
#[allow(clippy::too_many_arguments)]
fn block_by_points(
    dd: &smem_desc_decode::DecodedDesc,
    major: Major,
    elem_bits: i64,
    tile: &Func,
    address: i64,
    mn: i64,
    k: i64,
    kn: i64,
) -> Option<Option<(Vec<i64>, i64, i64)>> {
    const MAX_POINTS: i64 = 1 << 20;
    if mn.checked_mul(kn)? > MAX_POINTS {
        return None;
    }
    for x in 0..mn {
        for y in 0..kn {
            let by_desc = smem_desc_decode::address(dd, major, elem_bits, mn, kn, x, y)?;
            let by_tile = tile_block_byte(tile, elem_bits, address, mn, k * kn, kn, x, y)?;
            if by_desc != by_tile {
                return Some(Some((vec![x, y], by_desc, by_tile)));
            }
        }
    }
    Some(None)
}

/// Decide `decoded = source` over the whole domain, symbolically; on a difference,
/// `message(witness, decoded there, source there)`.
///
/// The proof is two ISL problems, neither of which complements a relation with existential
/// variables (the bit decompositions of swizzles, the quotients of the decoders), which is
/// what makes ISL's own map equality exceed its operation bound on swizzled tiles:
///
/// 1. the domains are equal (`dom D = dom S`, sets);
/// 2. no coordinate has two different images: the set
///    `{ x : exists y1, y2 : x -> y1 in D and x -> y2 in S and y1 != y2 }`
///    (the domain of the range product `D x S` restricted to `y1 != y2`) is empty, one
///    integer feasibility problem.
///
/// Together they hold iff `D = S` and both are functions on that domain (if `D` gave two
/// images at some x, one of them would differ from `S`'s): a decoded descriptor that is not a
/// function is a wrong descriptor, so this is the statement to prove. The witness is the least
/// such x (or the least coordinate of one domain only) and a pair of different images there.
///
/// `source_domain`, when given, is the source's domain known by construction: a layout's
/// relation is total on its coordinate box (`layout-relation` refuses a swizzle that would read
/// a negative offset), and so is its composition with the byte map; this saves projecting the
/// swizzle's bit variables out of the source. The decoded side's domain is always computed.
fn verdict(
    decoded: &Map,
    source: &Map,
    source_domain: Option<layout_relation::Set>,
    message: impl Fn(&str, &str, &str) -> String,
) -> Result<(), String> {
    let err = |e: layout_algebra::Error| format!("proof failed: {e}");
    let ctx = decoded.ctx();
    let (n_in, n_out) = (
        decoded.in_dim().map_err(err)?,
        decoded.out_dim().map_err(err)?,
    );
    let d_dom = decoded.domain().map_err(err)?;
    let s_dom = match source_domain {
        Some(d) => d,
        None => source.domain().map_err(err)?,
    };
    if !d_dom.is_equal(&s_dom).map_err(err)? {
        for (only, other, side) in [(&d_dom, &s_dom, "decoded"), (&s_dom, &d_dom, "layout")] {
            let extra = only.clone().subtract(other.clone()).map_err(err)?;
            if let Some(p) = extra.lexmin_point().map_err(err)? {
                return Err(format!(
                    "proof failed: coordinate {} is in the domain of the {side} relation only \
                     (the {} relation does not cover it)",
                    props::show_point(&p),
                    if side == "decoded" {
                        "layout"
                    } else {
                        "decoded"
                    }
                ));
            }
        }
        return Err("proof failed: the domains differ, but ISL found no witness".into());
    }
    let a = crate::isl_text::names("ya", n_out);
    let b = crate::isl_text::names("yb", n_out);
    let ne: Vec<String> = a
        .iter()
        .zip(&b)
        .map(|(x, y)| format!("{x} < {y} or {x} > {y}"))
        .collect();
    let differ = layout_relation::Set::parse(
        ctx,
        &format!(
            "{{ [[{}] -> [{}]] : {} }}",
            a.join(", "),
            b.join(", "),
            if ne.is_empty() {
                "false".to_string()
            } else {
                ne.join(" or ")
            }
        ),
    )
    .map_err(err)?;
    let pairs = decoded
        .clone()
        .range_product(source.clone())
        .and_then(|m| m.intersect_range(differ))
        .map_err(err)?;
    let differing = pairs.domain().map_err(err)?;
    // Emptiness first (one feasibility problem); the least witness only when there is one.
    if differing.is_empty().map_err(err)? {
        return Ok(());
    }
    let w = differing
        .lexmin_point()
        .map_err(err)?
        .ok_or("proof failed: internal: a non-empty difference without a least point")?;
    // The two images at the witness: a small problem, the coordinate being fixed.
    let at = props::point_set(ctx, &w).map_err(err)?;
    let p = pairs
        .intersect_domain(at)
        .and_then(|m| m.wrapped())
        .and_then(|s| s.lexmin_point())
        .map_err(err)?
        .ok_or("proof failed: internal: a witness without images")?;
    let (l, r) = (&p[n_in..n_in + n_out], &p[n_in + n_out..]);
    Err(message(
        &props::show_point(&w),
        &props::show_point(l),
        &props::show_point(r),
    ))
}

/// TMA: the swizzle is proven apart, then the boxes before it. With `sw_hw` the decoded
/// swizzle mode on bytes and `sw` the tile's swizzle on elements, both are bijections applied
/// last, so the box map equals the layouts' map iff `sw_hw(e*o) = e*sw(o)` on every element
/// offset o the tile uses and the unswizzled maps are equal. (Comparing the swizzled maps
/// directly would invert an XOR relation: far more work for ISL.)
fn prove_tma(pv: &Prover, a: &Attrs, fault: Option<&Fault>) -> Result<(), String> {
    let ctx = pv.ctx;
    let t = derive::tma(a)?;
    let (mut box_dim, mut strides, mut swizzle) = (
        t.box_dim.clone(),
        t.global_strides.clone(),
        t.swizzle.value(),
    );
    if let Some(f) = fault {
        if let Some(d) = f.indexed("box").filter(|&d| d < box_dim.len()) {
            box_dim[d] = f.apply(box_dim[d]);
        } else if let Some(d) = f
            .indexed("stride")
            .filter(|&d| d >= 1 && d <= strides.len())
        {
            strides[d - 1] = strides[d - 1].map(|s| f.apply(s));
        } else if f.field == "swizzle" {
            swizzle = f.apply(swizzle);
        } else {
            return Err(f.unknown("a TMA box (box<d>, stride<d>, swizzle)"));
        }
    }
    let smem = func(a, "smem")?;
    let gmem = func(a, "gmem")?;
    let bits = t.elem.bits();
    let (sw, off, inner) = match &smem {
        Func::Composed(c) => match (&c.outer, &c.inner) {
            (Func::Swizzle(sw), Func::Layout(l)) => (Some(sw.clone()), c.offset, l.clone()),
            _ => return Err("cannot prove the TMA box: the tile must be L or Sw o off o L".into()),
        },
        Func::Layout(l) => (None, 0, l.clone()),
        Func::Swizzle(_) => {
            return Err("cannot prove the TMA box: a swizzle alone has no shape".into())
        }
    };
    // A bound on the element offsets the tile uses (before the swizzle), for the F2 check.
    let offset_bound = inner.int_leaves("TMA tile").ok().and_then(|leaves| {
        leaves.iter().try_fold(off as i128, |b, &(n, d)| {
            Some(b + (n as i128 - 1) * (d as i128).abs())
        })
    });
    let unswizzled = Func::Layout(inner);
    let off_bits = off.checked_mul(bits).ok_or("tile offset overflows")?;
    if off_bits % 8 != 0 {
        return Err(format!("the tile offset {off} is not a whole byte"));
    }
    // 1. The swizzle: decoded mode on bytes against the tile's on elements.
    let s_pre = tile_bytes(ctx, &unswizzled, Space::Modes, bits, off_bits / 8)?;
    let hw_sw = match swizzle {
        0 => None,
        1 => Some(XorSwizzle::B32),
        2 => Some(XorSwizzle::B64),
        3 => Some(XorSwizzle::B128),
        v => {
            return Err(format!(
                "cannot prove the TMA box: CUtensorMapSwizzle {v} is not decoded (0..3)"
            ))
        }
    };
    if hw_sw.is_some() || sw.is_some() {
        if bits < 8 {
            return Err("cannot prove a swizzled TMA box of sub-byte elements".into());
        }
        let bytes = bits / 8;
        let by_points = || swizzle_by_points(hw_sw, sw.as_ref(), bytes, off, &unswizzled);
        if !pv.isl_only && off >= 0 && swizzles_agree_f2(hw_sw, sw.as_ref(), bytes, offset_bound) {
            pv.count(|t| t.f2 += 1);
        } else if let Some(differs) = by_points().filter(|_| !pv.isl_only) {
            if let Some((o, l, r)) = differs {
                return Err(swizzle_message(
                    swizzle,
                    sw.as_ref(),
                    &o.to_string(),
                    &l.to_string(),
                    &r.to_string(),
                ));
            }
            pv.count(|t| t.points += 1);
        } else {
            pv.isl(tma_swizzle_by_isl(ctx, &s_pre, hw_sw, &sw, bytes, swizzle))?;
        }
    }
    tma_boxes(pv, &t, &s_pre, &smem, &gmem, &box_dim, &strides)
}

/// Whether the TMA swizzle `hw` on bytes equals the tile's swizzle `sw` on elements of `bytes`
/// bytes, `hw(bytes * o) = bytes * sw(o)`, at every element offset `0 <= o <= bound`, by F2
/// linear algebra: both sides are linear over F2 in the bits of o (XORs of bits, and a shift by
/// log2 bytes, `bytes` a power of two), so they agree on `[0, 2^n)` iff they agree at every
/// unit bit `o = 2^k`, k < n. False means "not proven" (ISL decides on the offsets the tile
/// uses).
fn swizzles_agree_f2(
    hw: Option<XorSwizzle>,
    sw: Option<&layout_algebra::Swizzle>,
    bytes: i64,
    bound: Option<i128>,
) -> bool {
    const N: u32 = 40;
    if bytes <= 0 || bytes & (bytes - 1) != 0 || bound.is_none_or(|b| b >= 1i128 << N) {
        return false;
    }
    let lb = bytes.trailing_zeros();
    (0..N).all(|k| {
        let o = 1u64 << k;
        let p = o << lb;
        let by_hw = hw.map_or(p, |x| x.apply_bits(p));
        let by_tile = (sw.map_or(o as i64, |x| x.apply(o as i64)) as u64) << lb;
        by_hw == by_tile
    })
}

/// The ISL half of the TMA swizzle check: on the element offsets the tile uses.
fn tma_swizzle_by_isl(
    ctx: &Ctx,
    s_pre: &Map,
    hw_sw: Option<XorSwizzle>,
    sw: &Option<layout_algebra::Swizzle>,
    bytes: i64,
    swizzle: i64,
) -> Result<(), String> {
    let err = |x: layout_algebra::Error| x.to_string();
    {
        let mut c = crate::isl_text::Constraints::new();
        let p = c.var("p");
        c.push(format!("{p} = {bytes}*o"));
        let out = match hw_sw {
            Some(x) => x.apply(&mut c, &p),
            None => p,
        };
        c.push(format!("y = {out}"));
        let hw = Map::parse(
            ctx,
            &c.map(
                &["o".to_string()],
                &["y".to_string()],
                &["o >= 0".to_string()],
            ),
        )
        .map_err(err)?;
        let lay = match &sw {
            Some(x) => {
                // The swizzle over every offset >= 0, its bits as 0/1 variables.
                let mut ex = layout_relation::expr::Exists::default();
                let z = layout_relation::swizzle::swizzle_apply("y", x, &mut ex).map_err(err)?;
                let body = ex.wrap(&format!("z = {z}"));
                Map::parse(ctx, &format!("{{ [y] -> [z] : {body} }}")).map_err(err)?
            }
            None => Map::parse(ctx, "{ [y] -> [y] : y >= 0 }").map_err(err)?,
        };
        let lay = lay
            .apply_range(Map::parse(ctx, &format!("{{ [z] -> [{bytes}*z] }}")).map_err(err)?)
            .map_err(err)?;
        let used = s_pre
            .range()
            .and_then(|r| {
                r.apply(Map::parse(
                    ctx,
                    &format!("{{ [y] -> [o] : y = {bytes}*o }}"),
                )?)
            })
            .map_err(err)?;
        // Both swizzles act on every offset >= 0: the layout side's domain is `used` there.
        let lay_domain = used
            .clone()
            .intersect(layout_relation::Set::parse(ctx, "{ [o] : o >= 0 }").map_err(err)?)
            .map_err(err)?;
        let (hw, lay) = (
            hw.intersect_domain(used.clone()).map_err(err)?,
            lay.intersect_domain(used).map_err(err)?,
        );
        verdict(&hw, &lay, Some(lay_domain), |w, l, r| {
            swizzle_message(swizzle, sw.as_ref(), w, l, r)
        })
    }
}

fn swizzle_message(
    swizzle: i64,
    sw: Option<&layout_algebra::Swizzle>,
    w: &str,
    l: &str,
    r: &str,
) -> String {
    format!(
        "TMA swizzle mode {swizzle} is not the tile's swizzle {}: element offset {w} goes \
         to byte {l} by the TMA, {r} by the layout",
        sw.map_or("(none)".into(), |x| text::print_func(&Func::Swizzle(*x)))
    )
}

/// The TMA swizzle check point by point, for when the two swizzles differ somewhere (F2 did
/// not prove them equal everywhere): the element offsets the tile uses, `off + L(c)` over its
/// static, finite domain, least first. `Some(None)` when `hw(bytes * o) = bytes * sw(o)` at
/// each (the ISL verdict on `used` holds); `Some(Some((o, by TMA, by layout)))` at the least
/// offset where they differ, the witness the ISL verdict names (the least point of the
/// differing set, both sides being functions on the same domain); None when the offsets are
/// not enumerable (ISL decides).
fn swizzle_by_points(
    hw: Option<XorSwizzle>,
    sw: Option<&layout_algebra::Swizzle>,
    bytes: i64,
    off: i64,
    unswizzled: &Func,
) -> Option<Option<(i64, i64, i64)>> {
    let n = unswizzled.size().ok()?;
    if n > 1 << 22 {
        return None;
    }
    let mut used = Vec::with_capacity(n as usize);
    for i in 0..n {
        let o = unswizzled.apply(i).ok()?.checked_add(off)?;
        if o < 0 {
            return None;
        }
        used.push(o);
    }
    used.sort_unstable();
    used.dedup();
    for o in used {
        let p = o.checked_mul(bytes)?;
        if p >= 1 << 62 {
            return None;
        }
        let by_hw = hw.map_or(p as u64, |x| x.apply_bits(p as u64)) as i64;
        let by_tile = sw.map_or(o, |x| x.apply(o)).checked_mul(bytes)?;
        if by_hw != by_tile {
            return Some(Some((o, by_hw, by_tile)));
        }
    }
    Some(None)
}

/// The boxes (the second step of [`prove_tma`]), before the swizzle. A global layout with runtime leaves is related by its
/// linear form in the runtime strides (relation/src/runtime_layout.rs): both sides map to
/// [static byte part, multiple of each runtime stride]; runtime extents bound nothing here
/// (the box's coordinates come from the tile; TMA fills or drops what lies outside).
fn tma_boxes(
    pv: &Prover,
    t: &layout_algebra::hw::TmaDesc,
    s_pre: &Map,
    smem: &Func,
    gmem: &Func,
    box_dim: &[i64],
    strides: &[Option<i64>],
) -> Result<(), String> {
    let ctx = pv.ctx;
    let err = |x: layout_algebra::Error| x.to_string();
    let bits = t.elem.bits();
    let (g, global_strides, runtime_strides) = match gmem {
        Func::Layout(gl) if gl.has_runtime_leaf() => {
            use layout_relation::runtime_layout::{input_index, modes_linear_form};
            let k = gl.shape.leaves().iter().filter(|x| !x.is_static()).count()
                + gl.stride
                    .leaves()
                    .iter()
                    .filter(|d| !d.coef.is_static())
                    .count();
            let form = modes_linear_form(gl, false, k, &input_index)
                .map_err(|x| format!("cannot prove the TMA box: the global layout: {x}"))?;
            if bits % 8 != 0 {
                return Err("cannot prove the TMA box: a global layout with runtime leaves of sub-byte elements".into());
            }
            let us: Vec<String> = (0..k).map(|j| format!("u{j}")).collect();
            let mut outs = vec!["b".to_string()];
            outs.extend(us.iter().cloned());
            let mut ins = vec!["g".to_string()];
            ins.extend(us.iter().cloned());
            let to_bytes = Map::parse(
                ctx,
                &format!(
                    "{{ [{}] -> [{}] : b = {}*g }}",
                    ins.join(", "),
                    outs.join(", "),
                    bits / 8
                ),
            )
            .map_err(err)?;
            let g = Map::parse(ctx, &form.text)
                .and_then(|m| m.apply_range(to_bytes))
                .map_err(err)?;
            let strides = tma_strides(t, gl, strides, &form.stride_leaves)?;
            (g, strides, k)
        }
        _ => {
            let g = tile_bytes(ctx, gmem, Space::Modes, bits, 0)
                .map_err(|x| format!("cannot prove the TMA box: the global layout: {x}"))?;
            let strides = strides
                .iter()
                .enumerate()
                .map(|(d, s)| {
                    s.map(GlobalStride::Bytes).ok_or_else(|| {
                        format!("cannot prove the TMA box: the global stride of dimension {} is a runtime value", d + 1)
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            (g, strides, 0)
        }
    };
    let args = TmaArgs {
        elem_bits: bits,
        box_dim,
        global_strides: &global_strides,
        runtime_strides,
        element_strides: &t.element_strides,
        swizzle: 0,
        boxes: &t.boxes,
    };
    let decoded = tma_box_decode::relation_text(&args)
        .map_err(|x| format!("cannot prove the TMA box: {x}"))?;
    let message = |w: &str, l: &str, r: &str| {
        format!(
            "TMA box {box_dim:?} (global strides {}) does not move the tile {} of {}: \
             shared-memory byte {w} (before the swizzle) receives global byte {l} by the box, \
             {r} by the layouts",
            show_strides(strides),
            text::print_func(smem),
            text::print_func(gmem)
        )
    };
    if !pv.isl_only {
        if let Some(tables) = boxes_by_points(&args, smem, gmem) {
            tables_verdict(&tables.0, &tables.1, message)?;
            pv.count(|t| t.points += 1);
            return Ok(());
        }
    }
    let decoded = Map::parse(ctx, &decoded).map_err(err)?;
    let (sr, gr) = (s_pre.in_dim().map_err(err)?, g.in_dim().map_err(err)?);
    if sr > gr {
        return Err(format!(
            "the shared-memory tile has {sr} modes, the global tensor {gr}"
        ));
    }
    // smem mode i covers the first coordinates of gmem mode i; further gmem modes stay at 0.
    let cs = crate::isl_text::names("c", sr);
    let mut outs = cs.clone();
    outs.extend(std::iter::repeat("0".to_string()).take(gr - sr));
    let embed = Map::parse(
        ctx,
        &format!("{{ [{}] -> [{}] }}", cs.join(", "), outs.join(", ")),
    )
    .map_err(err)?;
    let source = s_pre
        .clone()
        .reverse()
        .and_then(|m| m.apply_range(embed))
        .and_then(|m| m.apply_range(g))
        .map_err(err)?;
    pv.isl(verdict(&decoded, &source, None, message))
}

/// A finite function: point -> image (one image per point).
type Table = std::collections::BTreeMap<i64, Vec<i64>>;

/// [`verdict`] for two finite functions given as tables, with the same statement and the same
/// witness: first the domains (the least point of the decoded table's domain only, then of the
/// layouts'), then the least point with two different images.
fn tables_verdict(
    decoded: &Table,
    source: &Table,
    message: impl Fn(&str, &str, &str) -> String,
) -> Result<(), String> {
    for (only, other, side) in [(decoded, source, "decoded"), (source, decoded, "layout")] {
        if let Some(p) = only.keys().find(|p| !other.contains_key(p)) {
            return Err(format!(
                "proof failed: coordinate {} is in the domain of the {side} relation only \
                 (the {} relation does not cover it)",
                props::show_point(&[*p]),
                if side == "decoded" {
                    "layout"
                } else {
                    "decoded"
                }
            ));
        }
    }
    for (p, l) in decoded {
        let r = &source[p];
        if l != r {
            return Err(message(
                &props::show_point(&[*p]),
                &props::show_point(l),
                &props::show_point(r),
            ));
        }
    }
    Ok(())
}

/// The TMA boxes proven point by point, without ISL: the tile is static and finite, so the
/// relation `[smem byte] -> [global byte, u_0, ..]` of each side is a finite table, and two
/// finite relations that are functions are equal iff their tables are. The layouts' side
/// enumerates every coordinate of the (unswizzled) tile: its byte `e*(off + L(c))` and the
/// global layout at the embedded coordinate ([`eval_modes_linear_form`], the relation of
/// `modes_linear_form` at one point: a runtime stride stays a symbolic multiple `u_j`); the
/// decoded side enumerates every element of every box, as [`tma_box_decode::relation_text`]
/// reads the arguments. Returns the two tables (decoded, layouts), each a function, for
/// [`tables_verdict`]; None where a table cannot be built (a coordinate outside the global
/// relation's domain, an element reached twice with two values, sub-byte elements, a
/// composed global layout): then ISL decides.
fn boxes_by_points(args: &TmaArgs, smem: &Func, gmem: &Func) -> Option<(Table, Table)> {
    use layout_relation::runtime_layout::{eval_modes_linear_form, input_index};
    use std::collections::btree_map::Entry;
    const MAX_POINTS: i64 = 1 << 22;
    let bits = args.elem_bits;
    if bits <= 0 || bits % 8 != 0 || args.swizzle != 0 {
        return None;
    }
    let bytes = bits / 8;
    let (off, inner) = match smem {
        Func::Composed(c) => match &c.inner {
            Func::Layout(l) => (c.offset, l),
            _ => return None,
        },
        Func::Layout(l) => (0, l),
        Func::Swizzle(_) => return None,
    };
    let Func::Layout(gl) = gmem else {
        return None;
    };
    let (modes, gr) = (inner.modes(), gl.modes().len());
    let sizes = modes
        .iter()
        .map(|m| m.size().ok())
        .collect::<Option<Vec<i64>>>()?;
    let Ok(total) = inner.size() else {
        return None;
    };
    if sizes.len() > gr || total > MAX_POINTS {
        return None;
    }
    let put = |t: &mut Table, s: i64, v: Vec<i64>| match t.entry(s) {
        Entry::Occupied(e) => *e.get() == v,
        Entry::Vacant(e) => {
            e.insert(v);
            true
        }
    };
    // The layouts' side.
    let tile = Func::Layout(inner.clone());
    let mut lay = Table::new();
    let mut c = vec![0i64; gr];
    for i in 0..total {
        let mut r = i;
        for (m, &n) in sizes.iter().enumerate() {
            c[m] = r % n;
            r /= n;
        }
        let s = tile.apply(i).ok()?.checked_add(off)?.checked_mul(bytes)?;
        let Ok(Some((g, u))) = eval_modes_linear_form(gl, args.runtime_strides, &input_index, &c)
        else {
            return None;
        };
        let g = g.checked_mul(bytes)?;
        let mut v = vec![g];
        v.extend(u);
        if !put(&mut lay, s, v) {
            return None;
        }
    }
    // The decoded side.
    let r = args.box_dim.len();
    let per_box = args
        .box_dim
        .iter()
        .try_fold(1i64, |a, &n| (n > 0).then(|| a.checked_mul(n)).flatten())?;
    if per_box.saturating_mul(args.boxes.len() as i64) > MAX_POINTS {
        return None;
    }
    let mut hw = Table::new();
    let mut b = vec![0i64; r];
    for (boff, at) in args.boxes {
        if at.len() != r {
            return None;
        }
        for dense in 0..per_box {
            let mut x = dense;
            for (d, &n) in args.box_dim.iter().enumerate() {
                b[d] = x % n;
                x /= n;
            }
            let entry = (|| {
                let mut u = vec![0i64; args.runtime_strides];
                let mut g = at[0].checked_add(b[0])?.checked_mul(bytes)?;
                for d in 1..r {
                    let x = at[d].checked_add(b[d])?;
                    match args.global_strides[d - 1] {
                        GlobalStride::Bytes(st) => g = g.checked_add(st.checked_mul(x)?)?,
                        GlobalStride::Runtime(j) => {
                            let uj = u.get_mut(j)?;
                            *uj = uj.checked_add(x)?;
                        }
                    }
                }
                let mut v = vec![g];
                v.extend(u);
                Some((boff.checked_add(bytes.checked_mul(dense)?)?, v))
            })();
            let (s, v) = entry?;
            if !put(&mut hw, s, v) {
                return None;
            }
        }
    }
    Some((hw, lay))
}

/// The global stride of each TMA dimension >= 1: static bytes, or the runtime stride of the
/// gmem leaf the derivation's `tma_basis` names for that dimension (its index among
/// `stride_leaves`, the runtime-stride leaves of the global layout).
fn tma_strides(
    t: &layout_algebra::hw::TmaDesc,
    gmem: &layout_algebra::Layout,
    strides: &[Option<i64>],
    stride_leaves: &[(usize, usize)],
) -> Result<Vec<GlobalStride>, String> {
    let dims = t.tma_basis.modes();
    strides
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let d = i + 1;
            if let Some(b) = s {
                return Ok(GlobalStride::Bytes(*b));
            }
            let leaves = dims.get(d).map(|m| m.leaf_modes()).unwrap_or_default();
            let [(_, basis)] = leaves.as_slice() else {
                return Err(format!(
                    "cannot prove the TMA box: TMA dimension {d} has a runtime stride and walks {} global leaves (a merged dimension with a runtime stride)",
                    leaves.len()
                ));
            };
            let path: Vec<i64> = basis.basis.iter().map(|&x| x as i64).collect();
            let leaf = gmem
                .leaf_position(&path, "tma_basis")
                .map_err(|x| format!("cannot prove the TMA box: {x}"))?;
            stride_leaves
                .iter()
                .find(|&&(l, _)| l == leaf)
                .map(|&(_, r)| GlobalStride::Runtime(r))
                .ok_or_else(|| {
                    format!(
                        "cannot prove the TMA box: TMA dimension {d} has a runtime stride but walks global leaf {leaf}, whose stride is static"
                    )
                })
        })
        .collect()
}

/// fragment_store: the (row, column) the lowering stores register v of thread t at, from the
/// plan (the thread's part from the thread mode's leaves, `m_T = F_T mod rows`,
/// `n_T = floor(F_T / rows)`; register j of a store group at the group's first offset plus j
/// columns), against the fragment layout followed by the column-major split of the tile index.
fn prove_fragment_store(pv: &Prover, a: &Attrs, fault: Option<&Fault>) -> Result<(), String> {
    let ctx = pv.ctx;
    let plan = derive::fragment_store(a)?;
    let frag = func(a, "fragment")?;
    let err = |e: layout_algebra::Error| e.to_string();
    let mut offsets: Vec<(i64, i64)> = vec![(0, 0); plan.values.len()];
    for g in &plan.groups {
        let (m, n) = plan.values[g[0]];
        for (j, &v) in g.iter().enumerate() {
            offsets[v] = (m, n + j as i64);
        }
    }
    if let Some(f) = fault {
        let at = |name: &str| f.indexed(name).filter(|&v| v < offsets.len());
        if let Some(v) = at("row") {
            offsets[v].0 = f.apply(offsets[v].0);
        } else if let Some(v) = at("col") {
            offsets[v].1 = f.apply(offsets[v].1);
        } else {
            return Err(f.unknown("a fragment store (row<v>, col<v>)"));
        }
    }
    let ft = layout_relation::cute::flat_offset("t", &plan.thread_leaves).map_err(err)?;
    let rows = plan.rows;
    let cases: Vec<String> = offsets
        .iter()
        .enumerate()
        .map(|(v, (m, n))| format!("(v = {v} and mv = {m} and nv = {n})"))
        .collect();
    let decoded = Map::parse(
        ctx,
        &format!(
            "{{ [t, v] -> [m, n] : 0 <= t < {} and exists (ft, mv, nv : ft = {ft} and m = (ft mod {rows}) + mv and n = floor(ft/{rows}) + nv and ({})) }}",
            plan.threads,
            cases.join(" or ")
        ),
    )
    .map_err(err)?;
    let split = Map::parse(
        ctx,
        &format!("{{ [i] -> [m, n] : m = i mod {rows} and n = floor(i/{rows}) }}"),
    )
    .map_err(err)?;
    let source = layout_relation::AnyLayout::Func(frag.clone())
        .relation(ctx, Space::Modes)
        .and_then(|r| r.apply_range(split))
        .map_err(err)?;
    pv.isl(verdict(&decoded, &source, None, |w, l, r| {
        format!(
            "fragment_store of {} ({rows}-row tile): (thread, register) = {w} is stored at (row, column) {l} by the lowering, {r} by the fragment layout",
            text::print_func(&frag)
        )
    }))
}

/// The register tensor a `layout.shared_load` produces or a `layout.shared_store` consumes.
fn register_tensor(
    op: OperationRef<'_, '_>,
    store: bool,
) -> Result<(Vec<i64>, i64, LinearLayout), String> {
    let v: Value = if store {
        op.operand(0).map_err(|e| e.to_string())?
    } else {
        op.result(0).map_err(|e| e.to_string())?.into()
    };
    tensor_of_type(v.r#type())
}

/// A register tensor type's extents, element bits and encoding (`#layout.linear`).
fn tensor_of_type(ty: Type<'_>) -> Result<(Vec<i64>, i64, LinearLayout), String> {
    let Ok(ranked) = RankedTensorType::try_from(ty) else {
        return Err("the register tensor must be a ranked tensor".into());
    };
    let layout = match ranked.encoding().and_then(layout_dialect::attr_linear) {
        Some(Ok(l)) => l,
        Some(Err(e)) => return Err(format!("the register tensor's encoding: {e}")),
        None => return Err("the register tensor has no #layout.linear encoding".into()),
    };
    // A dynamic extent as MLIR stores it (`ShapedType::kDynamic`).
    let shape = (0..ranked.rank())
        .map(|i| match ranked.dim_size(i) {
            Ok(DimSize::Static(n)) => n as i64,
            _ => i64::MIN,
        })
        .collect();
    let elem = ranked.element();
    let bits = if let Ok(int) = IntegerType::try_from(elem) {
        int.width() as i64
    } else if elem.is_float() {
        elem.float_width() as i64
    } else {
        return Err("the register tensor's elements must be integers or floats".into());
    };
    Ok((shape, bits, layout))
}

/// The tile coordinate of register `r` of thread `t` (lane `t % 32`, warp `t / 32`) of a
/// register tensor laid out by `enc`.
fn register_coordinate(enc: &LinearLayout, t: usize, r: usize) -> Vec<i64> {
    let vals: Vec<i64> = enc
        .in_names()
        .iter()
        .map(|&n| match n {
            "register" => r as i64,
            "lane" => (t % 32) as i64,
            "warp" => (t / 32) as i64,
            _ => 0,
        })
        .collect();
    enc.unpack(enc.apply_packed(&vals))
}

/// The `align` (bytes) of a register tensor's global access or cp.async.
fn align_of(op: OperationRef<'_, '_>) -> Result<i64, String> {
    op.attribute("align")
        .ok()
        .and_then(|a| IntegerAttribute::try_from(a).ok())
        .map(|a| a.value())
        .ok_or_else(|| "missing attribute 'align'".into())
}

/// The shared layout of a register tensor's shared-memory op: its `smem` attribute, or the
/// layout operand that stands for it (the last operand).
fn shared_layout_of(op: OperationRef<'_, '_>, a: &Attrs) -> Result<Func, String> {
    match func(a, "smem") {
        Ok(f) => Ok(f),
        Err(missing) => {
            let last = op
                .operand(op.operand_count().wrapping_sub(1))
                .map_err(|e| e.to_string())?;
            match layout_dialect::type_value(last.r#type()) {
                Some(Ok(v)) => match &*v {
                    layout_algebra::Value::Func(f) => Ok(f.clone()),
                    v => Err(format!(
                        "the shared layout must be a layout, found {}",
                        v.kind()
                    )),
                },
                Some(Err(e)) => Err(format!("the shared layout: {e}")),
                None => Err(missing),
            }
        }
    }
}

/// The shared offset of every element of a tile of extents `shape` under `smem` (a CuTe layout
/// of the tile's colexicographic index), by tile coordinate.
fn shared_offset(smem: &Func, shape: &[i64], coord: &[i64]) -> Result<i64, String> {
    let (mut flat, mut scale) = (0i64, 1i64);
    for (d, &n) in shape.iter().enumerate() {
        flat += coord[d] * scale;
        scale *= n;
    }
    smem.apply(flat).map_err(|e| e.to_string())
}

/// `smem` as the linear layout `dim0, .. -> offset` the planners take.
fn shared_linear(smem: &Func, rank: usize) -> Result<LinearLayout, String> {
    let dims: Vec<String> = (0..rank).map(|d| format!("dim{d}")).collect();
    let names: Vec<&str> = dims.iter().map(|d| d.as_str()).collect();
    layout_algebra::linear::from_cute::from_cute(smem, &names, "offset")
        .map_err(|e| format!("the shared layout is not linear: {e}"))
}

/// `layout.global_load` / `global_store` (a register tensor from / to a row-major tensor in
/// global memory): the plan the register lowering emits (`linear::global_access` at the op's
/// `align`) decoded by [`global_access_decode`] into the tile coordinate every register of
/// every thread is loaded from or stored to, against the tensor's encoding at that register:
/// every register loaded (a load), every element held stored (a store). The plan is the same
/// for a partial tile (its accesses are then predicated on the bounds). Faults: `lane<i>`,
/// `warp<i>` (dimension 0 of a thread bit's coordinate), `access<a>` (dimension 0 of an
/// access's).
fn prove_global_access(
    op: OperationRef<'_, '_>,
    store: bool,
    fault: Option<&Fault>,
) -> Result<(), String> {
    use layout_algebra::linear::global_access::global_access;
    let (shape, bits, enc) = register_tensor(op, store)?;
    let align = align_of(op)?;
    let mut plan = global_access(&enc, &shape, bits, align).map_err(|e| e.to_string())?;
    if let Some(f) = fault {
        let hit = match (f.indexed("lane"), f.indexed("warp"), f.indexed("access")) {
            (Some(i), _, _) if i < plan.lane.len() => Some(&mut plan.lane[i][0]),
            (_, Some(i), _) if i < plan.warp.len() => Some(&mut plan.warp[i][0]),
            (_, _, Some(i)) if i < plan.accesses.len() => Some(&mut plan.accesses[i].coord[0]),
            _ => None,
        };
        match hit {
            Some(x) => *x = f.apply(*x),
            None => return Err(f.unknown("a global access plan (lane<i>, warp<i>, access<a>)")),
        }
    }
    let size = |name: &str| enc.in_index(name).map_or(1, |i| enc.in_size(i) as usize);
    let (registers, threads) = (size("register"), size("lane") * size("warp"));
    let coordinate = |t: usize, r: usize| register_coordinate(&enc, t, r);
    let instr = plan.instruction(if store { "st" } else { "ld" });
    let tensor = shape
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join("x");
    let mut seen = vec![vec![false; registers]; threads];
    let mut stored = std::collections::HashSet::new();
    for m in global_access_decode::moved(&plan, threads, shape.len(), store) {
        if m.register >= registers {
            return Err(format!(
                "{instr}: thread {} is given register {}, but the tensor has {registers} per thread",
                m.thread, m.register
            ));
        }
        let want = coordinate(m.thread, m.register);
        if m.coord != want {
            return Err(format!(
                "{instr} of the {tensor} register tensor: register {} of thread {} (lane {}, warp {}) is {} tile coordinate {:?} by the lowering, {:?} by the layout",
                m.register,
                m.thread,
                m.thread % 32,
                m.thread / 32,
                if store { "stored to" } else { "loaded from" },
                m.coord,
                want
            ));
        }
        seen[m.thread][m.register] = true;
        stored.insert(m.coord);
    }
    for t in 0..threads {
        for r in 0..registers {
            if !store && !seen[t][r] {
                return Err(format!(
                    "{instr}: register {r} of thread {t} is never loaded"
                ));
            }
            if store && !stored.contains(&coordinate(t, r)) {
                return Err(format!(
                    "{instr}: the element of register {r} of thread {t} (tile coordinate {:?}) is never stored",
                    coordinate(t, r)
                ));
            }
        }
    }
    Ok(())
}

/// `layout.async_copy` (a tile from global to shared memory by cp.async, after
/// `--layout-lower-tensors`): the plan the register lowering emits (`linear::async_copy`)
/// decoded by [`global_access_decode`] into the tile coordinate each thread's copies read and the
/// shared offset they write, against the shared layout at that coordinate, for every element
/// of every copy of every thread; every element of the tile must be copied. Faults:
/// `lane<i>`, `warp<i>` (the threads' shared offsets), `copy<a>` (a copy's shared offset).
fn prove_async_copy(
    op: OperationRef<'_, '_>,
    a: &Attrs,
    fault: Option<&Fault>,
) -> Result<(), String> {
    use layout_algebra::linear::async_copy::async_copy;
    let tile = op
        .attribute("tile")
        .ok()
        .and_then(|t| TypeAttribute::try_from(t).ok())
        .ok_or("missing attribute 'tile'")?
        .value();
    let align = align_of(op)?;
    let (shape, bits, enc) = tensor_of_type(tile)?;
    let smem = shared_layout_of(op, a)?;
    let mut plan = async_copy(
        &enc,
        &shape,
        bits,
        align,
        &shared_linear(&smem, shape.len())?,
    )
    .map_err(|e| e.to_string())?;
    if let Some(f) = fault {
        let mut hit = false;
        for (name, v) in [
            ("lane", &mut plan.smem_lane),
            ("warp", &mut plan.smem_warp),
            ("copy", &mut plan.smem_access),
        ] {
            if let Some(i) = f.indexed(name).filter(|&i| i < v.len()) {
                v[i] = f.apply(v[i]);
                hit = true;
            }
        }
        if !hit {
            return Err(f.unknown("a cp.async plan (lane<i>, warp<i>, copy<a>)"));
        }
    }
    let size = |name: &str| enc.in_index(name).map_or(1, |i| enc.in_size(i) as usize);
    let threads = size("lane") * size("warp");
    let total: i64 = shape.iter().product();
    let mut covered = vec![false; total as usize];
    for c in global_access_decode::copied(&plan, threads, shape.len()) {
        if c.coord.iter().zip(&shape).any(|(&x, &n)| x < 0 || x >= n) {
            return Err(format!(
                "cp.async of the {} tile: copy {} of thread {} reads tile coordinate {:?}, outside the tile",
                shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("x"),
                c.copy,
                c.thread,
                c.coord
            ));
        }
        let want = shared_offset(&smem, &shape, &c.coord)?;
        if c.offset != want {
            return Err(format!(
                "{} of the {} tile into the shared tile {}: copy {} of thread {} (lane {}, warp {}) writes tile coordinate {:?} to shared offset {} (byte {}) by the lowering, {} (byte {}) by the layout",
                plan.summary().split(" per thread").next().unwrap_or("cp.async"),
                shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("x"),
                text::print_func(&smem),
                c.copy,
                c.thread,
                c.thread % 32,
                c.thread / 32,
                c.coord,
                c.offset,
                c.offset * bits / 8,
                want,
                want * bits / 8
            ));
        }
        let (mut flat, mut scale) = (0usize, 1usize);
        for (d, &n) in shape.iter().enumerate() {
            flat += c.coord[d] as usize * scale;
            scale *= n as usize;
        }
        covered[flat] = true;
    }
    if let Some(i) = covered.iter().position(|&c| !c) {
        return Err(format!(
            "cp.async: tile element {i} (colexicographic) is never copied"
        ));
    }
    Ok(())
}

/// `layout.shared_load` / `shared_store` (after `--layout-lower-tensors`): the plan the
/// register lowering emits for the register tensor and the shared tile
/// (`linear::shared_access`: its vector accesses, and its `ldmatrix`/`stmatrix` form when a
/// target may take it: both are proven), decoded by [`shared_access_decode`] into the shared
/// offset of every register of every thread, against the layouts: the tensor's encoding gives
/// register r of (lane, warp) its tile coordinate, the shared layout that coordinate's offset.
/// The tile is static and finite, so the two are compared at every (thread, register): each
/// placement at the layouts' offset, every register loaded (a load), every element of the tile
/// stored (a store). Faults: `lane<i>`, `warp<i>` (the thread offsets), `access<a>` (a vector
/// access), `rows<i>` (a lane's row constant), `instr<k>` (a matrix instruction).
fn prove_shared_access(
    op: OperationRef<'_, '_>,
    store: bool,
    a: &Attrs,
    fault: Option<&Fault>,
) -> Result<(), String> {
    use layout_algebra::linear::shared_access::shared_access;
    let (shape, bits, enc) = register_tensor(op, store)?;
    let smem = shared_layout_of(op, a)?;
    let err = |e: layout_algebra::Error| e.to_string();
    // The most permissive target: the vector plan and the matrix form are both proven.
    let mut plan = shared_access(
        &enc,
        &shape,
        bits,
        &shared_linear(&smem, shape.len())?,
        store,
        90,
    )
    .map_err(err)?;
    if let Some(f) = fault {
        let mut hit = false;
        let mut bump = |v: &mut Vec<i64>, name: &str| {
            if let Some(i) = f.indexed(name).filter(|&i| i < v.len()) {
                v[i] = f.apply(v[i]);
                hit = true;
            }
        };
        bump(&mut plan.lane, "lane");
        bump(&mut plan.warp, "warp");
        if let Some(m) = plan.matrix.as_mut() {
            bump(&mut m.lane_rows, "rows");
            if let Some(k) = f.indexed("instr").filter(|&k| k < m.instructions.len()) {
                m.instructions[k].0 = f.apply(m.instructions[k].0);
                hit = true;
            }
        }
        if let Some(i) = f.indexed("access").filter(|&i| i < plan.accesses.len()) {
            plan.accesses[i].offset = f.apply(plan.accesses[i].offset);
            hit = true;
        }
        if !hit {
            return Err(
                f.unknown("a shared access plan (lane<i>, warp<i>, access<a>, rows<i>, instr<k>)")
            );
        }
    }
    let size = |name: &str| enc.in_index(name).map_or(1, |i| enc.in_size(i) as usize);
    let (registers, threads) = (size("register"), size("lane") * size("warp"));
    // The layouts' side: register r of thread t -> tile coordinate -> shared offset.
    let coordinate = |t: usize, r: usize| register_coordinate(&enc, t, r);
    let mut expected = vec![vec![0i64; registers]; threads];
    for (t, row) in expected.iter_mut().enumerate() {
        for (r, x) in row.iter_mut().enumerate() {
            *x = shared_offset(&smem, &shape, &coordinate(t, r))?;
        }
    }
    let bytes = bits / 8;
    let check = |placed: &[Placement], instr: &str| -> Result<(), String> {
        let mut seen = vec![vec![false; registers]; threads];
        let mut written = std::collections::HashSet::new();
        for p in placed {
            if p.register >= registers {
                return Err(format!(
                    "{instr}: thread {} is given register {}, but the tensor has {registers} per thread",
                    p.thread, p.register
                ));
            }
            let want = expected[p.thread][p.register];
            if p.offset != want {
                return Err(format!(
                    "{instr} of the {} register tensor {} the shared tile {}: register {} of thread {} (lane {}, warp {}), tile coordinate {:?}, is at shared offset {} (byte {}) by the lowering, {} (byte {}) by the layouts",
                    shape.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("x"),
                    if store { "into" } else { "from" },
                    text::print_func(&smem),
                    p.register,
                    p.thread,
                    p.thread % 32,
                    p.thread / 32,
                    coordinate(p.thread, p.register),
                    p.offset,
                    p.offset * bytes,
                    want,
                    want * bytes
                ));
            }
            seen[p.thread][p.register] = true;
            written.insert(p.offset);
        }
        for t in 0..threads {
            for r in 0..registers {
                if !store && !seen[t][r] {
                    return Err(format!(
                        "{instr}: register {r} of thread {t} is never loaded"
                    ));
                }
                if store && !written.contains(&expected[t][r]) {
                    return Err(format!(
                        "{instr}: the element of register {r} of thread {t} (shared offset {}) is never stored",
                        expected[t][r]
                    ));
                }
            }
        }
        Ok(())
    };
    let kind = if store { "st" } else { "ld" };
    check(
        &shared_access_decode::vector_placements(&plan, threads, store),
        &plan.instruction(kind),
    )?;
    if let (Some(placed), Some(m)) = (
        shared_access_decode::matrix_placements(&plan, threads),
        plan.matrix.as_ref(),
    ) {
        check(&placed, &m.instruction())?;
    }
    Ok(())
}

/// The TMEM cell `(lane, column)` of register `r` of lane `l` in one warp's `tcgen05.ld/st` of
/// `shape` (PTX ISA, "Matrix fragments for tcgen05.ld / tcgen05.st": the b32 forms), as ISL
/// expressions in `l` and `r`, relative to the warp's base address; `imm` is the 16x32bx2 half
/// offset in columns. Written from the ISA's figures, not from `hw::tmem`.
fn tmem_cell(shape: &str, imm: i64) -> Result<(String, String), String> {
    Ok(match shape {
        "32x32b" => ("l".into(), "r".into()),
        "16x64b" => (
            "floor(l/4) + 8*(l mod 2)".into(),
            "(floor(l/2) mod 2) + 2*r".into(),
        ),
        "16x128b" => (
            "floor(l/4) + 8*(r mod 2)".into(),
            "(l mod 4) + 4*floor(r/2)".into(),
        ),
        "16x256b" => (
            "floor(l/4) + 8*(floor(r/2) mod 2)".into(),
            "(r mod 2) + 2*(l mod 4) + 8*floor(r/4)".into(),
        ),
        "16x32bx2" => ("l mod 16".into(), format!("r + {imm}*floor(l/16)")),
        other => return Err(format!("cannot prove a tcgen05 copy of shape {other}")),
    })
}

/// `layout.tmem_load` / `tmem_store`: the derived shape, `.num` and warp bases decoded into the
/// TMEM address (`lane << 16 | column`) of every (thread, register), `thread = 32 w + l` run by
/// warp w of the fragment, against the TMEM layout at the fragment's tile index:
/// `[t, v] -> [address]`. Faults: `lane<w>+d`, `col<w>+d` move warp w's base.
fn prove_tmem_copy(
    pv: &Prover,
    a: &Attrs,
    store: bool,
    fault: Option<&Fault>,
) -> Result<(), String> {
    let ctx = pv.ctx;
    let c = derive::tmem_copy(a)?;
    let tmem = derive::tmem_layout(a)?;
    let frag = derive::tmem_fragment(a)?;
    let err = |e: layout_algebra::Error| e.to_string();
    let mut bases: Vec<(i64, i64)> = c.warps.iter().map(|&(_, l, col)| (l, col)).collect();
    if let Some(f) = fault {
        if let Some(w) = f.indexed("lane").filter(|&w| w < bases.len()) {
            bases[w].0 = f.apply(bases[w].0);
        } else if let Some(w) = f.indexed("col").filter(|&w| w < bases.len()) {
            bases[w].1 = f.apply(bases[w].1);
        } else {
            return Err(f.unknown("a tcgen05 copy (lane<w>, col<w>)"));
        }
    }
    let (lane, col) = tmem_cell(c.shape.name(), c.imm)?;
    let cases: Vec<String> = bases
        .iter()
        .enumerate()
        .map(|(w, (l0, c0))| format!("(w = {w} and lane0 = {l0} and col0 = {c0})"))
        .collect();
    let decoded = Map::parse(
        ctx,
        &format!(
            "{{ [t, r] -> [x] : 0 <= t < {} and 0 <= r < {} and exists (w, l, lane0, col0 :              t = 32 w + l and 0 <= l < 32 and ({}) and x = 65536 * (lane0 + {lane}) + col0 + {col}) }}",
            32 * bases.len(),
            c.regs,
            cases.join(" or ")
        ),
    )
    .map_err(err)?;
    let tile = layout_relation::AnyLayout::Func(Func::Layout(tmem.clone()))
        .relation(ctx, Space::Flat)
        .map_err(err)?;
    let source = layout_relation::AnyLayout::Func(Func::Layout(frag.clone()))
        .relation(ctx, Space::Modes)
        .and_then(|r| r.apply_range(tile))
        .map_err(err)?;
    pv.isl(verdict(&decoded, &source, None, |w, l, r| {
        format!(
            "{} of the fragment {} from the TMEM layout {}: (thread, register) = {w} is at TMEM address {l} by the instruction, {r} by the layouts",
            c.instr(store),
            text::print_layout(&frag),
            text::print_layout(&tmem)
        )
    }))
}

fn show_strides(s: &[Option<i64>]) -> String {
    let v: Vec<String> = s
        .iter()
        .map(|x| x.map_or("?".into(), |v| v.to_string()))
        .collect();
    format!("[{}]", v.join(", "))
}

fn prove_lanes(pv: &Prover, name: &str, a: &Attrs, fault: Option<&Fault>) -> Result<(), String> {
    let ctx = pv.ctx;
    let mop = match name {
        "layout.ldmatrix" => hw::MatrixOp::Ld,
        "layout.stmatrix" => hw::MatrixOp::St,
        _ => derive::matrix_instr(a)?,
    };
    let m = derive::matrix(mop, a)?;
    if m.form != hw::MatrixForm::M8n8B16 {
        return Err(format!(
            "cannot prove {}: only the m8n8 lane tables are decoded",
            m.instr()
        ));
    }
    let mut table = m.lane_offsets.clone();
    if let Some(f) = fault {
        match f.indexed("lane").filter(|&l| l < table.len()) {
            Some(l) => table[l] = f.apply(table[l]),
            None => return Err(f.unknown("a lane table (lane<l>)")),
        }
    }
    let e = elem(a)?;
    let frag = func(a, "fragment")?;
    let frag_l = frag
        .as_layout()
        .ok_or("the fragment must be a shape:stride layout")?;
    let values = frag_l
        .mode(1)
        .and_then(|x| x.size())
        .map_err(|x| x.to_string())?;
    let pieces = matrix_lanes_decode::relation_pieces(&table, m.num, m.trans, e.bits() / 8, values)
        .map_err(|x| format!("cannot prove {}: {x}", m.instr()))?;
    let smem = func(a, "smem")?;
    if !pv.isl_only {
        match lanes_by_points(&table, m.trans, e.bits(), values, frag_l, &smem) {
            Some(None) => {
                pv.count(|t| t.points += 1);
                return Ok(());
            }
            Some(Some(LaneWitness::Outside(w))) => {
                return Err(format!(
                    "proof failed: coordinate {} is in the domain of the decoded relation only \
                     (the layout relation does not cover it)",
                    props::show_point(&w)
                ))
            }
            Some(Some(LaneWitness::Differs(w, l, r))) => {
                return Err(lanes_message(
                    &m,
                    &table,
                    &frag,
                    &smem,
                    &props::show_point(&w),
                    &l.to_string(),
                    &r.to_string(),
                ))
            }
            None => {}
        }
    }
    let frag_rel = layout_relation::AnyLayout::Func(frag.clone())
        .relation(ctx, Space::Modes)
        .map_err(|x| x.to_string())?;
    // The (thread, value) pairs whose offset lies in the tile: the source's domain, computed
    // before the swizzle's bit variables enter.
    let frag_domain = frag_rel
        .clone()
        .apply_range(tile_identity(ctx, &smem, Space::Flat)?)
        .and_then(|m| m.domain())
        .map_err(|x| x.to_string())?;
    let source = frag_rel
        .apply_range(tile_bytes(ctx, &smem, Space::Flat, e.bits(), 0)?)
        .map_err(|x| x.to_string())?;
    // Piece by piece: each lane's piece against the source on that piece's domain; then the
    // pieces must cover the whole (thread, value) domain.
    let mut covered: Option<layout_relation::Set> = None;
    for (_, piece) in &pieces {
        let decoded = Map::parse(ctx, piece).map_err(|x| x.to_string())?;
        let dom = decoded.domain().map_err(|x| x.to_string())?;
        let src = source
            .clone()
            .intersect_domain(dom.clone())
            .map_err(|x| x.to_string())?;
        let src_domain = frag_domain
            .clone()
            .intersect(dom.clone())
            .map_err(|x| x.to_string())?;
        pv.isl(check_lanes(
            &decoded, &src, src_domain, &m, &table, &frag, &smem,
        ))?;
        covered = Some(match covered {
            None => dom,
            Some(c) => c.union(dom).map_err(|x| x.to_string())?,
        });
    }
    let all = layout_relation::Set::parse(
        ctx,
        &format!("{{ [t, v] : 0 <= t < 32 and 0 <= v < {values} }}"),
    )
    .map_err(|x| x.to_string())?;
    let missed = match covered {
        None => all,
        Some(c) => all.subtract(c).map_err(|x| x.to_string())?,
    };
    if let Some(w) = missed.lexmin_point().map_err(|x| x.to_string())? {
        return Err(format!(
            "{} lane addresses {table:?} do not move the fragment {} of {}: (thread, value) = \
             {} is read by no lane",
            m.instr(),
            text::print_func(&frag),
            text::print_func(&smem),
            props::show_point(&w)
        ));
    }
    pv.isl(Ok(()))
}

/// Where a lane table first fails, as the ISL verdicts of its pieces (lane by lane) name it.
enum LaneWitness {
    /// A (thread, value) whose fragment index lies outside the shared layout's domain.
    Outside(Vec<i64>),
    /// A (thread, value) and its byte by the table and by the layouts.
    Differs(Vec<i64>, i64, i64),
}

/// The lane table point by point, without ISL: the domain is the 32 threads times the
/// fragment's values, so the relation `[thread, value] -> [smem byte]` of each side is a small
/// finite table. The decoded side is [`matrix_lanes_decode::address`] (the formulas of
/// `relation_pieces`, whose checks have passed: every (thread, value) falls in exactly one lane's
/// piece, so the pieces cover the domain); the layouts' side is the fragment at the flat index
/// of (thread, value) (its modes of 32 threads and `values` values) followed by the shared
/// layout, whose domain `[0, size)` bounds the source's. `Some(None)`: every point in both
/// domains with equal bytes, so every piece's ISL verdict and the coverage check hold.
/// `Some(Some(w))`: the witness of the first piece (in lane order) whose verdict fails, its
/// least point outside the layouts' domain, else its least point with two different bytes,
/// as `verdict` names them. None when a point cannot be evaluated (ISL decides).
fn lanes_by_points(
    table: &[i64],
    trans: bool,
    bits: i64,
    values: i64,
    frag: &layout_algebra::Layout,
    smem: &Func,
) -> Option<Option<LaneWitness>> {
    if bits <= 0 || bits % 8 != 0 || frag.rank() != 2 {
        return None;
    }
    let eb = bits / 8;
    let size = |i: usize| frag.mode(i).and_then(|x| x.size()).ok();
    let (threads, vals, n) = (size(0)?, size(1)?, smem.size().ok()?);
    if threads != 32 || vals != values {
        return None;
    }
    let f = Func::Layout(frag.clone());
    // Per lane: its least point outside the layouts' domain, and its least differing point.
    let mut outside: Vec<Option<Vec<i64>>> = vec![None; table.len()];
    let mut differs: Vec<Option<(Vec<i64>, i64, i64)>> = vec![None; table.len()];
    for t in 0..32 {
        for v in 0..values {
            let (lane, _) = matrix_lanes_decode::lane_and_offset(trans, eb, t, v);
            let lane = usize::try_from(lane).ok().filter(|&l| l < table.len())?;
            let by_table = matrix_lanes_decode::address(table, trans, eb, t, v)?;
            let idx = f.apply(t + 32 * v).ok()?;
            if idx < 0 || idx >= n {
                outside[lane].get_or_insert_with(|| vec![t, v]);
                continue;
            }
            let by_layouts = smem.apply(idx).ok().filter(|&x| x >= 0)?.checked_mul(eb)?;
            if by_table != by_layouts && differs[lane].is_none() {
                differs[lane] = Some((vec![t, v], by_table, by_layouts));
            }
        }
    }
    for (o, d) in outside.into_iter().zip(differs) {
        if let Some(w) = o {
            return Some(Some(LaneWitness::Outside(w)));
        }
        if let Some((w, l, r)) = d {
            return Some(Some(LaneWitness::Differs(w, l, r)));
        }
    }
    Some(None)
}

fn check_lanes(
    decoded: &Map,
    source: &Map,
    source_domain: layout_relation::Set,
    m: &hw::MatrixCopy,
    table: &[i64],
    frag: &Func,
    smem: &Func,
) -> Result<(), String> {
    verdict(decoded, source, Some(source_domain), |w, l, r| {
        lanes_message(m, table, frag, smem, w, l, r)
    })
}

fn lanes_message(
    m: &hw::MatrixCopy,
    table: &[i64],
    frag: &Func,
    smem: &Func,
    w: &str,
    l: &str,
    r: &str,
) -> String {
    format!(
        "{} lane addresses {table:?} do not move the fragment {} of {}: at (thread, value) \
         = {w} the instruction uses byte {l}, the layouts byte {r}",
        m.instr(),
        text::print_func(frag),
        text::print_func(smem)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wgmma_bits(layout: u64, start: i64, lbo: i64, sbo: i64) -> u64 {
        let f = |v: i64| ((v as u64) >> 4) & 0x3fff;
        layout << 62 | f(sbo) << 32 | f(lbo) << 16 | f(start)
    }

    /// For each descriptor: F2 proves it only if ISL does (the fast path never accepts what
    /// ISL refutes), and the count of those F2 proves.
    fn f2_sound(tile: &str, major: Major, elem: &str, k: i64, descs: &[u64]) -> usize {
        let ctx = Ctx::new(DEFAULT_MAX_OPERATIONS).unwrap();
        let tile = text::parse_func(tile).unwrap();
        let e = hw::Elem::parse(elem).unwrap();
        let kn = hw::k_per_instruction(e);
        let mn = mode_size(&tile, 0).unwrap();
        let mut proven = 0;
        for &b in descs {
            let dd = smem_desc_decode::decode(DescFormat::Wgmma, b).unwrap();
            let rel = smem_desc_decode::relation_text(&dd, major, e.bits(), mn, kn).unwrap();
            let hw_f2 = smem_desc_decode::f2_form(&dd, major, e.bits(), mn, kn);
            let lay_f2 = tile_block_f2(&tile, e.bits(), 0, mn, k * kn, kn);
            let by_f2 = hw_f2.is_some() && hw_f2 == lay_f2;
            let by_isl = block_by_isl(&ctx, &rel, &tile, 0, mn, k, kn, e, b, &dd);
            assert!(
                !by_f2 || by_isl.is_ok(),
                "F2 proved {b:#018x} on {}, ISL refutes: {by_isl:?}",
                text::print_func(&tile)
            );
            // Point by point: the same verdict as ISL, and the same witness.
            let by_points = block_by_points(&dd, major, e.bits(), &tile, 0, mn, k, kn)
                .expect("a static block is enumerable")
                .map(|(w, l, r)| {
                    block_message(
                        b,
                        k,
                        &dd,
                        &tile,
                        &props::show_point(&w),
                        &l.to_string(),
                        &r.to_string(),
                    )
                });
            assert_eq!(by_points, by_isl.clone().err(), "{b:#018x}");
            proven += by_f2 as usize;
        }
        proven
    }

    #[test]
    fn f2_descriptor_proofs_agree_with_isl() {
        // Small tiles keep ISL's witness searches short. K-major, 128B swizzle, f16: start 0,
        // SBO 1024 is right; an SBO off by 128 is not linear over F2, a doubled SBO and a
        // moved start are linear but wrong, and the 64B layout type is another swizzle.
        let tile = "Sw<3,3,3> o 0 o (16,64):(64,1)";
        let right = wgmma_bits(1, 0, 16, 1024);
        let descs = [
            right,
            wgmma_bits(1, 0, 16, 1152),
            wgmma_bits(1, 0, 16, 2048),
            wgmma_bits(1, 16, 16, 1024),
            wgmma_bits(2, 0, 16, 1024),
        ];
        assert_eq!(f2_sound(tile, Major::K, "f16", 0, &descs), 1);
        // k block 1: the start advanced by 32 bytes (16 elements); 48 is wrong.
        assert_eq!(
            f2_sound(
                tile,
                Major::K,
                "f16",
                1,
                &[wgmma_bits(1, 32, 16, 1024), wgmma_bits(1, 48, 16, 1024)]
            ),
            1
        );
        // Without swizzle: 8x8 core matrices, SBO 128 between row groups, LBO 256 along k.
        let plain = "(16,(8,2)):(8,(1,128))";
        let descs = [
            wgmma_bits(0, 0, 256, 128),
            wgmma_bits(0, 0, 272, 128),
            wgmma_bits(0, 0, 256, 256),
        ];
        assert_eq!(f2_sound(plain, Major::K, "f16", 0, &descs), 1);
    }

    #[test]
    fn f2_form_of_the_decoder_is_its_relation() {
        // The decoder's F2 form evaluated at every point of the block against its ISL relation.
        let ctx = Ctx::new(DEFAULT_MAX_OPERATIONS).unwrap();
        let mut cases = Vec::new();
        for (major, bits, e) in [
            (Major::K, wgmma_bits(1, 0, 16, 1024), 16),
            (Major::MN, wgmma_bits(2, 1024, 1024, 512), 16),
            (Major::K, wgmma_bits(0, 0, 2048, 128), 8),
            (Major::MN, wgmma_bits(3, 0, 2048, 256), 32),
        ] {
            cases.push((DescFormat::Wgmma, major, bits, e));
        }
        // UMMA: 128B with 32-byte atoms (layout type 1 at bit 61, version bits 46-48 = 1).
        let umma = |layout: u64, start: i64, lbo: i64, sbo: i64| {
            let f = |v: i64| ((v as u64) >> 4) & 0x3fff;
            layout << 61 | 1 << 46 | f(sbo) << 32 | f(lbo) << 16 | f(start)
        };
        cases.push((DescFormat::Umma, Major::K, umma(1, 0, 16, 1024), 16));
        cases.push((DescFormat::Umma, Major::MN, umma(2, 0, 4096, 1024), 16));
        for (format, major, bits, e) in cases {
            let dd = smem_desc_decode::decode(format, bits).unwrap();
            let (mn, kn) = (16, 256 / e);
            let f2 = smem_desc_decode::f2_form(&dd, major, e, mn, kn).expect("linear");
            let rel = Map::parse(
                &ctx,
                &smem_desc_decode::relation_text(&dd, major, e, mn, kn).unwrap(),
            )
            .unwrap();
            for x in 0..mn {
                for y in 0..kn {
                    let want = props::image_point(&rel, &[x, y]).unwrap();
                    assert_eq!(
                        vec![f2.eval(&[x, y]) as i64],
                        want,
                        "{bits:#x} at ({x}, {y})"
                    );
                }
            }
        }
    }

    #[test]
    fn f2_swizzle_check() {
        let sw = layout_algebra::Swizzle { b: 3, m: 3, s: 3 };
        // 128B on bytes is Sw<3,3,3> on 2-byte elements, not on 4-byte ones.
        assert!(swizzles_agree_f2(
            Some(XorSwizzle::B128),
            Some(&sw),
            2,
            Some(8191)
        ));
        assert!(!swizzles_agree_f2(
            Some(XorSwizzle::B128),
            Some(&sw),
            4,
            Some(8191)
        ));
        assert!(!swizzles_agree_f2(
            Some(XorSwizzle::B64),
            Some(&sw),
            2,
            Some(8191)
        ));
        assert!(!swizzles_agree_f2(None, Some(&sw), 2, Some(8191)));
        assert!(!swizzles_agree_f2(
            Some(XorSwizzle::B128),
            Some(&sw),
            2,
            None
        ));
    }
}
