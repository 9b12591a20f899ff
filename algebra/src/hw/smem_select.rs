//! The shared-memory layout of a WGMMA operand (or an epilogue tile): the widest legal
//! swizzle atom tiled to the tile and its pipeline stages, as CUTLASS's `ss_smem_selector`
//! and `tile_to_shape(atom, (MN, K, stages))` choose it.
//!
//! ## The atoms (elements of `b` bits; a row is 128, 64, 32 or 16 bytes)
//!
//! A row of `R` bytes holds `W = R * 8 / b` elements; eight rows form the atom, with the
//! swizzle `Sw<log2(R/16), log2(128/b), 3>` on element offsets (`Sw<3,4,3>` on bytes for 128-byte
//! rows; none for 16-byte rows, the interleaved form):
//!
//! * K-major (K contiguous): `Sw o 0 o (8, W):(W, 1)` over (MN, K);
//! * MN-major (MN contiguous): `Sw o 0 o (W, 8):(1, W)`.
//!
//! The widest row whose element count divides the contiguous extent (K for K-major, MN for
//! MN-major) is chosen; each wider one is reported with the reason it does not fit. The atom
//! is tiled over `(MN, K, stages)` K-mode first for a K-major operand and MN-mode first
//! otherwise (CUTLASS's `Step<_1,_2,_3>` / `Step<_2,_1,_3>`).
//!
//! ## Certificate
//!
//! The result is checked, not trusted: the layout is a bijection onto `MN * K * stages`
//! elements (cosize = size), a stage starts on a swizzle-atom boundary (its byte size is a
//! multiple of the atom's 8 rows), and the first instruction's K block of stage 0 has a WGMMA
//! descriptor (`wgmma_k_block` + `wgmma_desc`, which checks the canonical form by evaluation);
//! the descriptor is part of the answer. The stages must fit the 227 KiB of an sm_90 CTA.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::wgmma_desc::{wgmma_desc, Major};
use crate::hw::wgmma_kblock::{k_per_instruction, wgmma_k_block};
use crate::ops::tile_to_shape::tile_to_shape;
use crate::text::{parse, print_func, print_int_tuple, print_layout, print_stride_tuple};
use crate::value::Value;

/// Shared memory of an sm_90 CTA (bytes).
pub const SMEM_BYTES: i64 = 232_448;

/// What the selector chose and why.
#[derive(Debug, Clone)]
pub struct SmemSelection {
    pub swizzle_bytes: i64,
    pub atom: Func,
    pub layout: Func,
    pub stage_bytes: i64,
    pub bytes: i64,
    /// Each wider row with the reason it was not chosen.
    pub rejected: Vec<(i64, String)>,
    /// The WGMMA descriptor of stage 0's first K block, and the K blocks per stage.
    pub descriptor: String,
    pub k_blocks: i64,
}

fn err(msg: String) -> Error {
    Error::algebra(format!("smem_layout: {msg}"))
}

fn func_of(text: &str) -> Result<Func> {
    match parse(text)? {
        Value::Func(f) => Ok(f),
        v => Err(err(format!("internal: {text} is a {}", v.kind()))),
    }
}

/// Choose the layout of an `mn` x `k` operand tile in `stages` stages.
pub fn smem_layout(
    elem: Elem,
    major: Major,
    mn: i64,
    k: i64,
    stages: i64,
) -> Result<SmemSelection> {
    if elem.bits() < 8 {
        return Err(err(format!(
            "{} elements are {} bits; the WGMMA operand atoms are for 8-, 16- and 32-bit elements",
            elem.name(),
            elem.bits()
        )));
    }
    for (v, what) in [(mn, "MN"), (k, "K"), (stages, "stages")] {
        if v <= 0 {
            return Err(err(format!("{what} must be positive, got {v}")));
        }
    }
    for (v, what) in [(mn, "MN"), (k, "K")] {
        if v % 8 != 0 {
            return Err(err(format!(
                "{what} = {v} is not a multiple of 8 (an atom has 8 rows along the other mode)"
            )));
        }
    }
    let kk = k_per_instruction(elem);
    if k % kk != 0 {
        return Err(err(format!(
            "K = {k} is not a multiple of one WGMMA instruction's K ({kk} {} elements, 32 bytes)",
            elem.name()
        )));
    }
    let elems = mn
        .checked_mul(k)
        .and_then(|x| x.checked_mul(stages))
        .filter(|&x| x <= SMEM_BYTES * 8)
        .ok_or_else(|| {
            err(format!(
                "{mn} x {k} x {stages} elements do not fit shared memory"
            ))
        })?;
    let bytes = elem.bytes(elems, "smem_layout")?;
    if bytes > SMEM_BYTES {
        return Err(err(format!(
            "{stages} stages of {mn} x {k} {} are {bytes} bytes, more than the {SMEM_BYTES} bytes of shared memory of an sm_90 CTA",
            elem.name()
        )));
    }
    let (extent, name) = match major {
        Major::K => (k, "K"),
        Major::MN => (mn, "MN"),
    };
    let mut rejected = Vec::new();
    let mut chosen = None;
    for row in [128i64, 64, 32, 16] {
        let w = row * 8 / elem.bits();
        if extent % w == 0 {
            chosen = Some((row, w));
            break;
        }
        rejected.push((
            row,
            format!("a {row}-byte row holds {w} elements and the {name} extent {extent} is not a multiple of {w}"),
        ));
    }
    let (row, w) = chosen.ok_or_else(|| {
        err(format!(
            "the {name} extent {extent} is not a multiple of the {} elements of a 16-byte row",
            16 * 8 / elem.bits()
        ))
    })?;
    let b = (row / 16).trailing_zeros();
    let m = elem.log2_per_16_bytes();
    let swizzle = if b == 0 {
        String::new()
    } else {
        format!("Sw<{b},{m},3> o 0 o ")
    };
    let (atom_layout, order) = match major {
        Major::K => (format!("(8,{w}):({w},1)"), "(0,1,2)"),
        Major::MN => (format!("({w},8):(1,{w})"), "(1,0,2)"),
    };
    let atom = func_of(&format!("{swizzle}{atom_layout}"))?;
    let inner = match func_of(&atom_layout)? {
        Func::Layout(l) => l,
        _ => return Err(err("internal: the atom's layout".into())),
    };
    let target = match parse(&format!("({mn},{k},{stages})"))? {
        Value::Tuple(t) => t,
        _ => return Err(err("internal: the target shape".into())),
    };
    let order = match parse(order)? {
        Value::Tuple(t) => t,
        _ => return Err(err("internal: the order".into())),
    };
    let tiled = tile_to_shape(&inner, &target, Some(&order))?;
    // Certificate: a bijection, stage bases on atom boundaries, and a descriptor.
    let (size, cosize) = (tiled.size()?, tiled.cosize()?);
    if size != elems || cosize != elems {
        return Err(err(format!(
            "internal: the tiled layout has size {size} and cosize {cosize}, not {elems}"
        )));
    }
    let stage_bytes = bytes / stages;
    if stage_bytes % (8 * row) != 0 {
        return Err(err(format!(
            "a stage of {stage_bytes} bytes does not start every stage on a {}-byte swizzle atom",
            8 * row
        )));
    }
    let layout = func_of(&format!("{swizzle}{}", print_layout(&tiled)))?;
    let stage0 = tiled.modes()[..2].to_vec();
    let tile_text = format!(
        "{swizzle}({},{}):({},{})",
        print_int_tuple(&stage0[0].shape),
        print_int_tuple(&stage0[1].shape),
        print_stride_tuple(&stage0[0].stride),
        print_stride_tuple(&stage0[1].stride),
    );
    let tile = func_of(&tile_text)?;
    let block = wgmma_k_block(elem, &tile, 0)?;
    let descriptor = wgmma_desc(elem, major, &block, 0)?.hex();
    Ok(SmemSelection {
        swizzle_bytes: if b == 0 { 0 } else { row },
        atom,
        layout,
        stage_bytes,
        bytes,
        rejected,
        descriptor,
        k_blocks: k / kk,
    })
}

impl SmemSelection {
    pub fn to_json(&self) -> String {
        let q = |s: &str| format!("\"{s}\"");
        let rejected: Vec<String> = self
            .rejected
            .iter()
            .map(|(row, why)| format!("{{\"row_bytes\":{row},\"why\":{}}}", q(why)))
            .collect();
        format!(
            "{{\"swizzle_bytes\":{},\"atom\":{},\"layout\":{},\"stage_bytes\":{},\"bytes\":{},\"rejected\":[{}],\"certificate\":{{\"bijective\":true,\"stage_aligned\":true,\"descriptor\":{},\"k_blocks\":{}}}}}",
            self.swizzle_bytes,
            q(&print_func(&self.atom)),
            q(&print_func(&self.layout)),
            self.stage_bytes,
            self.bytes,
            rejected.join(","),
            q(&self.descriptor),
            self.k_blocks
        )
    }
}
