//! How to convert a register tensor from one layout to another, and what it costs: Triton's
//! `convert_layout`, CuTe's `copy` between two fragments, planned on linear layouts.
//!
//! `S` and `D` are register layouts of one CTA over the same tensor (`distributed`): thread
//! `(t, w)` holds `S(t, w) + span(S.reg)` before and must hold `D(t, w) + span(D.reg)` after.
//! The cheapest path that can do it is taken:
//!
//! 1. **registers** when every thread already holds its elements in the same registers of
//!    every thread: `D.lane = S.lane`, `D.warp = S.warp` and `span(D.reg) ⊆ span(S.reg)`.
//!    Destination register bit `j` is the source register `S.reg^-1(D.reg[j])`
//!    (`register_map`); no instruction moves data (lower bound 0).
//! 2. **shuffle** when the data stays in its warp and a shuffle schedule exists
//!    (`convert_shuffle`: one `shfl.sync.idx.b32` per destination word and round, selects
//!    where a sender or a receiver picks its register by lane) and costs no more than the
//!    shared-memory plan: shuffles plus a quarter of the selects against its wavefronts (both
//!    use the shared-memory crossbar, one warp-wide access per cycle). Lower bound: a shuffle
//!    brings a lane 32 bits; the largest number of words a lane lacks.
//! 3. **shared** otherwise: `convert_shared` chooses the shared layout and the store and load
//!    instructions together to minimise wavefronts, then instructions, then shared memory
//!    (within the budget), and `convert_certificate` re-verifies the plan by enumeration. The
//!    barrier between the stores and the loads (and between tiles) is `bar.warp.sync` when each
//!    warp moves only its own elements (the data stays in the warp and warps hold disjoint
//!    elements), else `bar.sync`.

use super::convert_certificate::{verify, Certificate};
use super::convert_shared::{instruction_name, instruction_width, plan_shared, SharedPlan};
use super::convert_shuffle::{self, ShufflePlan};
use super::distributed::Distributed;
use super::gauss::{in_span, rank, Echelon};
use super::layout::LinearLayout;
use super::reshape::transpose_outs;
use crate::error::{Error, Result};

/// sm_90's largest shared memory of a CTA (227 KiB), the default budget.
pub const DEFAULT_SMEM_BUDGET: i64 = 232_448;

/// Largest register bits of a thread (1024 elements) and warp bits of a CTA (32 warps).
const MAX_REG_BITS: usize = 10;
const MAX_WARP_BITS: usize = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    Registers,
    Shuffle,
    Shared,
}

impl Path {
    pub fn name(self) -> &'static str {
        match self {
            Path::Registers => "registers",
            Path::Shuffle => "shuffle",
            Path::Shared => "shared",
        }
    }
    /// What the cost and the lower bound count.
    pub fn measure(self) -> &'static str {
        match self {
            Path::Registers => "none",
            Path::Shuffle => "shuffles",
            Path::Shared => "wavefronts",
        }
    }
}

/// One instruction of a plan: its PTX name, bits per thread, count per thread, and
/// shared-memory wavefronts per warp-wide instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instruction {
    pub name: String,
    pub width: i64,
    pub count: i64,
    pub wavefronts: i64,
}

/// A conversion plan.
#[derive(Debug, Clone)]
pub struct ConvertPlan {
    pub path: Path,
    /// The two layouts as F2 vectors (the destination's tensor dimensions in the source's
    /// order).
    pub src: Distributed,
    pub dst: Distributed,
    pub warps: i64,
    pub elem_bits: u32,
    pub instructions: Vec<Instruction>,
    /// Registers path: the source register of each destination register bit.
    pub register_map: Vec<u64>,
    pub shared: Option<SharedPlan>,
    pub shuffle: Option<ShufflePlan>,
    pub certificate: Option<Certificate>,
    /// Per warp, in the path's measure (`Path::measure`).
    pub cost: i64,
    pub lower_bound: i64,
}

fn err(msg: String) -> Error {
    Error::algebra(format!("convert_plan: {msg}"))
}

/// The target `convert_plan` plans for: sm_90 (every instruction it chooses among).
pub const DEFAULT_SM: u32 = 90;

/// Plan the conversion of `bits`-bit elements from `src` to `dst` within `budget` bytes of
/// shared memory, for sm_90.
pub fn convert_plan(
    src: &LinearLayout,
    dst: &LinearLayout,
    bits: i64,
    budget: i64,
) -> Result<ConvertPlan> {
    convert_plan_for(src, dst, bits, budget, DEFAULT_SM as i64)
}

/// [`convert_plan`] for the target `sm` (70 and up): `stmatrix` only from sm_90, `ldmatrix`
/// from sm_75.
pub fn convert_plan_for(
    src: &LinearLayout,
    dst: &LinearLayout,
    bits: i64,
    budget: i64,
    sm: i64,
) -> Result<ConvertPlan> {
    if !(70..=1000).contains(&sm) {
        return Err(err(format!(
            "the target must be an SM number from 70 (sm_70), got {sm}"
        )));
    }
    let sm = sm as u32;
    if ![8, 16, 32, 64].contains(&bits) {
        return Err(err(format!(
            "element bits must be 8, 16, 32 or 64, got {bits}"
        )));
    }
    if budget <= 0 {
        return Err(err(format!(
            "the shared-memory budget must be positive, got {budget}"
        )));
    }
    let bits = bits as u32;
    let dst = transpose_outs(dst, &src.out_names()).map_err(|_| {
        err(format!(
            "source and destination must have the same tensor dimensions; source has [{}], destination [{}]",
            src.out_names().join(", "),
            dst.out_names().join(", ")
        ))
    })?;
    if dst.outs() != src.outs() {
        let sizes = |l: &LinearLayout| {
            (0..l.outs().len())
                .map(|j| format!("{}={}", l.outs()[j].name, l.out_size(j)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Err(err(format!(
            "source and destination tensors differ in size: [{}] vs [{}]",
            sizes(src),
            sizes(&dst)
        )));
    }
    let s = Distributed::from_layout(src, "source")?;
    let d = Distributed::from_layout(&dst, "destination")?;
    for (l, side) in [(&s, "source"), (&d, "destination")] {
        if l.reg.len() > MAX_REG_BITS {
            return Err(err(format!(
                "the {side} layout has 2^{} registers per thread; at most 2^{MAX_REG_BITS} are planned",
                l.reg.len()
            )));
        }
        if l.warp.len() > MAX_WARP_BITS {
            return Err(err(format!(
                "the {side} layout has 2^{} warps; a CTA has at most 32",
                l.warp.len()
            )));
        }
    }
    if s.warp.len() != d.warp.len() {
        return Err(err(format!(
            "source has {} warps and destination {}; a conversion keeps the CTA",
            s.warps(),
            d.warps()
        )));
    }
    let base = ConvertPlan {
        path: Path::Registers,
        src: s.clone(),
        dst: d.clone(),
        warps: s.warps(),
        elem_bits: bits,
        instructions: Vec::new(),
        register_map: Vec::new(),
        shared: None,
        shuffle: None,
        certificate: None,
        cost: 0,
        lower_bound: 0,
    };
    if s.lane == d.lane && s.warp == d.warp && d.reg.iter().all(|&v| in_span(&s.reg, v)) {
        let mut e = Echelon::new();
        for (i, &v) in s.reg.iter().enumerate() {
            e.insert(i as u32, v);
        }
        let register_map = d.reg.iter().map(|&v| e.solve(v).unwrap_or(0)).collect();
        return Ok(ConvertPlan {
            register_map,
            ..base
        });
    }
    let outs = src.outs();
    let n: u32 = outs.iter().map(|o| o.log2).sum();
    let shared = plan_shared(&s, &d, bits, outs, budget, sm);
    if let Some(sp) = convert_shuffle::plan(&s, &d, bits) {
        // Shuffles and shared wavefronts both go through the SM's shared-memory crossbar, one
        // warp-wide access per cycle; four selects are counted as one such slot.
        let cost = sp.shuffles + (sp.selects + 3) / 4;
        if shared.as_ref().map_or(true, |sh| cost <= sh.wavefronts()) {
            let mut instructions = Vec::new();
            if sp.shuffles > 0 {
                instructions.push(Instruction {
                    name: "shfl.sync.idx.b32".into(),
                    width: 32,
                    count: sp.shuffles,
                    wavefronts: 0,
                });
            }
            if sp.selects > 0 {
                instructions.push(Instruction {
                    name: "selp.b32".into(),
                    width: 32,
                    count: sp.selects,
                    wavefronts: 0,
                });
            }
            return Ok(ConvertPlan {
                path: Path::Shuffle,
                instructions,
                cost: sp.shuffles,
                lower_bound: convert_shuffle::lower_bound(&s, &d, bits),
                shuffle: Some(sp),
                ..base
            });
        }
    }
    let shared = shared?;
    let certificate = verify(&s, &d, bits, n, &shared)?;
    let tiles = shared.tiles();
    // Each warp stores and loads only its own elements when the data stays in its warp and
    // warps hold disjoint elements: a warp barrier orders the accesses.
    let within: Vec<u64> = s.reg.iter().chain(&s.lane).copied().collect();
    let warp_local = s.warp == d.warp
        && d.reg.iter().chain(&d.lane).all(|&v| in_span(&within, v))
        && rank(within.iter().chain(&s.warp).copied())
            == rank(within.iter().copied()) + s.warp.len() as u32;
    let barrier = if warp_local {
        "bar.warp.sync"
    } else {
        "bar.sync"
    };
    let instructions = vec![
        Instruction {
            name: instruction_name(shared.write.kind, true, bits),
            width: instruction_width(shared.write.kind, bits),
            count: shared.write_instructions,
            wavefronts: shared.write_wavefronts_per_instruction,
        },
        Instruction {
            name: barrier.into(),
            width: 0,
            count: 2 * tiles - 1,
            wavefronts: 0,
        },
        Instruction {
            name: instruction_name(shared.read.kind, false, bits),
            width: instruction_width(shared.read.kind, bits),
            count: shared.read_instructions,
            wavefronts: shared.read_wavefronts_per_instruction,
        },
    ];
    Ok(ConvertPlan {
        path: Path::Shared,
        instructions,
        cost: shared.wavefronts(),
        lower_bound: shared.bound(),
        shared: Some(shared),
        certificate: Some(certificate),
        ..base
    })
}

/// The plan as JSON: `path`, `warps`, `elem_bits`, `instructions` (`name`, `width` bits per
/// thread, `count` per thread, `wavefronts` per warp-wide instruction), `smem` (`offset ->
/// tensor`, or null), `smem_bytes`, `tiles`, `measure`, `cost` and `lower_bound` (per warp, in
/// that measure), `gap`, and per path `register_map` or `certificate`.
pub fn plan_to_json(p: &ConvertPlan) -> String {
    use super::json::{layout_to_json, write_str};
    let mut s = String::from("{\"path\":");
    write_str(&mut s, p.path.name());
    s.push_str(&format!(
        ",\"warps\":{},\"elem_bits\":{}",
        p.warps, p.elem_bits
    ));
    s.push_str(",\"instructions\":[");
    for (i, ins) in p.instructions.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str("{\"name\":");
        write_str(&mut s, &ins.name);
        s.push_str(&format!(
            ",\"width\":{},\"count\":{},\"wavefronts\":{}}}",
            ins.width, ins.count, ins.wavefronts
        ));
    }
    s.push(']');
    match &p.shared {
        Some(sh) => s.push_str(&format!(
            ",\"smem\":{},\"smem_bytes\":{},\"tiles\":{}",
            layout_to_json(&sh.smem),
            sh.smem_bytes(p.elem_bits),
            sh.tiles()
        )),
        None => s.push_str(",\"smem\":null,\"smem_bytes\":0,\"tiles\":1"),
    }
    s.push_str(",\"measure\":");
    write_str(&mut s, p.path.measure());
    s.push_str(&format!(
        ",\"cost\":{},\"lower_bound\":{},\"gap\":{}",
        p.cost,
        p.lower_bound,
        p.cost - p.lower_bound
    ));
    if p.path == Path::Registers {
        let m: Vec<String> = p.register_map.iter().map(|r| r.to_string()).collect();
        s.push_str(&format!(",\"register_map\":[{}]", m.join(",")));
    }
    if let (Some(sh), Some(c)) = (&p.shared, &p.certificate) {
        s.push_str(&format!(
            ",\"instruction_count\":{},\"instruction_lower_bound\":{},\"certificate\":{{\"verified\":true,\"write_wavefronts\":{},\"read_wavefronts\":{},\"write_lower_bound\":{},\"read_lower_bound\":{}}}",
            sh.instructions(),
            sh.instruction_bound(),
            c.write_wavefronts,
            c.read_wavefronts,
            sh.write_bound,
            sh.read_bound
        ));
    }
    s.push('}');
    s
}
