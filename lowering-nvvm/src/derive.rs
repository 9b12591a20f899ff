//! What the ops' attributes derive, through `layout_algebra::hw`: shared by the verifiers
//! (src/verify.rs) and the lowering (src/pass.rs), so both see the same numbers and messages.

use std::collections::HashMap;

use layout_algebra::hw::{self, Elem, Major, MatrixCopy, MatrixOp, TmaDesc, TmemCopy};
use layout_algebra::linear::convert_plan::{
    convert_plan_for, ConvertPlan, DEFAULT_SM, DEFAULT_SMEM_BUDGET,
};
use layout_algebra::linear::LinearLayout;
use layout_algebra::{Func, Layout, Value};
use layout_dialect::CuteRef;

/// An op's parameters: string attributes by value and integers in decimal, and its layouts
/// (attributes, or operands of layout type) as the parsed values their attributes and types
/// hold (nothing is parsed here).
#[derive(Clone, Debug, Default)]
pub struct Attrs {
    texts: HashMap<String, String>,
    layouts: HashMap<String, Result<CuteRef, String>>,
    linears: HashMap<String, LinearLayout>,
}

impl Attrs {
    pub fn new() -> Attrs {
        Attrs::default()
    }

    /// A string or integer parameter, as text.
    pub fn insert(&mut self, key: impl Into<String>, text: impl Into<String>) {
        self.texts.insert(key.into(), text.into());
    }

    /// A layout parameter: its value, or why the attribute or type holds no CuTe value.
    pub fn insert_layout(&mut self, key: impl Into<String>, value: Result<CuteRef, String>) {
        self.layouts.insert(key.into(), value);
    }

    /// A linear-layout parameter (`#layout.linear<...>`).
    pub fn insert_linear(&mut self, key: impl Into<String>, value: LinearLayout) {
        self.linears.insert(key.into(), value);
    }

    /// The text of a string or integer parameter.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.texts.get(key)
    }

    /// Whether the op has the parameter `key` (of any kind).
    pub fn contains_key(&self, key: &str) -> bool {
        self.texts.contains_key(key)
            || self.layouts.contains_key(key)
            || self.linears.contains_key(key)
    }
}

fn get<'a>(a: &'a Attrs, key: &str) -> Result<&'a str, String> {
    a.get(key)
        .map(|s| s.as_str())
        .ok_or_else(|| format!("missing attribute '{key}'"))
}

pub use layout_dialect::element_types::hardware_element_name;

/// The MLIR spelling of an element name of the algebra (the name itself when it has no other).
pub fn mlir_element_type(name: &str) -> &str {
    layout_dialect::element_types::mlir_spelling(name).unwrap_or(name)
}

/// The element type of the hardware instructions an attribute names; an error in MLIR's
/// spelling (`elem = i8` names no MMA/copy element: `si8` or `ui8`).
fn elem(a: &Attrs, key: &str) -> Result<Elem, String> {
    let name = get(a, key)?;
    Elem::parse(name).map_err(|_| {
        // The hardware types an MLIR type names (e2m1_unpacksmem and ue4m3 have none).
        let known: Vec<&str> = layout_algebra::hw::elem::ALL_ELEMS
            .iter()
            .filter_map(|e| layout_dialect::element_types::mlir_spelling(e.name()))
            .collect();
        format!(
            "'{key}' must be one of {} for these instructions, found {}",
            known.join(", "),
            mlir_element_type(name)
        )
    })
}

fn major(a: &Attrs, key: &str) -> Result<Major, String> {
    Major::parse(get(a, key)?).map_err(|e| format!("'{key}': {e}"))
}

fn int(a: &Attrs, key: &str, default: i64) -> Result<i64, String> {
    match a.get(key) {
        None => Ok(default),
        Some(t) => t
            .parse()
            .map_err(|_| format!("'{key}' must be an integer, found {t}")),
    }
}

/// The layout parameter `key` (a layout, swizzle or composed layout).
pub fn func(a: &Attrs, key: &str) -> Result<Func, String> {
    match a.layouts.get(key) {
        None => Err(format!("missing attribute '{key}'")),
        Some(Err(e)) => Err(format!("'{key}': {e}")),
        Some(Ok(v)) => match &**v {
            Value::Func(f) => Ok(f.clone()),
            v => Err(format!("'{key}' must be a layout, found {}", v.kind())),
        },
    }
}

fn layout(a: &Attrs, key: &str) -> Result<Layout, String> {
    match func(a, key)? {
        Func::Layout(l) => Ok(l),
        _ => Err(format!(
            "'{key}' must be a shape:stride layout (no swizzle)"
        )),
    }
}

/// ldmatrix/stmatrix: the instruction form and the 32 lane byte offsets.
pub fn matrix(op: MatrixOp, a: &Attrs) -> Result<MatrixCopy, String> {
    hw::matrix_copy(
        op,
        elem(a, "elem")?,
        &func(a, "smem")?,
        &layout(a, "fragment")?,
    )
    .map_err(|e| e.to_string())
}

/// `instr = "ldmatrix" | "stmatrix"` of layout.lane_offset.
pub fn matrix_instr(a: &Attrs) -> Result<MatrixOp, String> {
    match get(a, "instr")? {
        "ldmatrix" => Ok(MatrixOp::Ld),
        "stmatrix" => Ok(MatrixOp::St),
        other => Err(format!(
            "instr must be \"ldmatrix\" or \"stmatrix\", found \"{other}\""
        )),
    }
}

/// A shared-memory matrix descriptor of block `k` of a tile: its 64 bits, the start address
/// in bytes and the per-k advance of the start address in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmemDesc {
    pub bits: u64,
    pub start: i64,
    pub advance: i64,
}

/// Which descriptor a `*_desc` op builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DescKind {
    Wgmma,
    Umma,
}

fn desc_of_block(
    kind: DescKind,
    e: Elem,
    m: Major,
    tile: &Func,
    address: i64,
    k: i64,
) -> Result<SmemDesc, String> {
    let r = match kind {
        DescKind::Wgmma => hw::wgmma_desc_k(e, m, tile, address, k)
            .map(|(d, adv)| (d.encode(), d.start_address, adv)),
        DescKind::Umma => hw::umma_desc_k(e, m, tile, address, k)
            .map(|(d, adv)| (d.encode(), d.start_address, adv)),
    };
    let (bits, start, advance) = r.map_err(|e| e.to_string())?;
    Ok(SmemDesc {
        bits,
        start,
        advance,
    })
}

/// The WGMMA descriptor of block `k` at the static `address`.
pub fn wgmma_desc(a: &Attrs, dynamic_k: bool) -> Result<SmemDesc, String> {
    smem_desc(DescKind::Wgmma, a, dynamic_k)
}

/// The descriptor of block `k` at the static `address`, the per-k advance in bytes; with a
/// runtime k, checked against the descriptor of every later block.
pub fn smem_desc(kind: DescKind, a: &Attrs, dynamic_k: bool) -> Result<SmemDesc, String> {
    let (e, m) = (elem(a, "elem")?, major(a, "major")?);
    let k = int(a, "k", 0)?;
    if k < 0 {
        return Err(format!("k must be >= 0, found {k}"));
    }
    let tile = func(a, "tile")?;
    let address = int(a, "address", 0)?;
    let d = desc_of_block(kind, e, m, &tile, address, k)?;
    let adv = d.advance;
    if dynamic_k && adv == 0 {
        return Err(format!(
            "a runtime k needs a tile with more than one operand block after block {k} (no per-k advance)"
        ));
    }
    if dynamic_k {
        // The lowering computes block k + j as `hi | ((start + j * adv) >> 4) & 0x3fff`: check
        // that against the algebra's own descriptor of every block the tile has.
        let hi = d.bits & !0x3fff;
        for j in 1.. {
            let Ok(dj) = desc_of_block(kind, e, m, &tile, address, k + j) else {
                break;
            };
            let formula = hi | (((d.start + j * adv) as u64 >> 4) & 0x3fff);
            if dj.bits != formula {
                return Err(format!(
                    "block {} is not block {k} advanced by {j} x {adv} bytes ({:#018x} vs {:#018x}): no runtime k for this tile",
                    k + j,
                    dj.bits,
                    formula
                ));
            }
        }
    }
    Ok(d)
}

/// One wgmma instruction: m64 n k, the operand types; returns the f32 accumulator count.
pub struct Wgmma {
    pub elem_a: Elem,
    pub elem_b: Elem,
    pub major_a: Major,
    pub major_b: Major,
    pub n: i64,
    pub k: i64,
}

pub fn wgmma(a: &Attrs) -> Result<Wgmma, String> {
    let (ea, eb) = (elem(a, "elemA")?, elem(a, "elemB")?);
    let (ma, mb) = (major(a, "majorA")?, major(a, "majorB")?);
    hw::check_wgmma_operand(ea, ma).map_err(|e| format!("operand A: {e}"))?;
    hw::check_wgmma_operand(eb, mb).map_err(|e| format!("operand B: {e}"))?;
    let same_kind = |x: Elem| match x.name() {
        "f16" | "bf16" | "tf32" => x.name().to_string(),
        "e4m3" | "e5m2" => "fp8".into(),
        "s8" | "u8" => "int8".into(),
        other => other.into(),
    };
    let fp8 = same_kind(ea) == "fp8" && same_kind(eb) == "fp8";
    if ea != eb && !fp8 && !(same_kind(ea) == "int8" && same_kind(eb) == "int8") {
        return Err(format!("A is {} and B is {}: wgmma takes equal A/B types (or two fp8 / two 8-bit integer types)", ea.name(), eb.name()));
    }
    let d = get(a, "elemD")?;
    if d != "f32" {
        return Err(format!(
            "elemD must be f32 (this lowering supports f32 accumulators), found {d}"
        ));
    }
    if matches!(ea.name(), "s8" | "u8" | "b1") {
        return Err(format!(
            "{} operands accumulate in s32: not supported by this lowering (f32 accumulators)",
            ea.name()
        ));
    }
    let n = int(a, "n", 0)?;
    if !(8..=256).contains(&n) || n % 8 != 0 {
        return Err(format!(
            "n must be a multiple of 8 in [8, 256] (m64nNk), found {n}"
        ));
    }
    Ok(Wgmma {
        elem_a: ea,
        elem_b: eb,
        major_a: ma,
        major_b: mb,
        n,
        k: hw::k_per_instruction(ea),
    })
}

/// fragment_store: the store plan of the fragment (thread offsets, register offsets, vectors).
pub fn fragment_store(a: &Attrs) -> Result<hw::FragmentStore, String> {
    let rows = int(a, "tileRows", 0)?;
    hw::fragment_store(elem(a, "elem")?, &layout(a, "fragment")?, rows).map_err(|e| e.to_string())
}

/// TMA: the cuTensorMapEncodeTiled arguments, boxes and byte counts.
pub fn tma(a: &Attrs) -> Result<TmaDesc, String> {
    hw::tma_desc(elem(a, "elem")?, &layout(a, "gmem")?, &func(a, "smem")?)
        .map_err(|e| e.to_string())
}

/// Number of runtime operands a tma_desc needs (dynamic globalDim, then globalStrides).
pub fn tma_dynamic_count(t: &TmaDesc) -> usize {
    t.global_dim
        .iter()
        .chain(t.global_strides.iter())
        .filter(|d| d.is_none())
        .count()
}

/// The CTAs a TMA load multicasts to (`multicast = n`, 2 to 16 of a cluster; 1 without).
pub fn tma_multicast(a: &Attrs) -> Result<i64, String> {
    let n = int(a, "multicast", 1)?;
    if a.contains_key("multicast") && !(2..=16).contains(&n) {
        return Err(format!(
            "a TMA load multicasts to 2 to 16 CTAs of a cluster, found multicast = {n}"
        ));
    }
    Ok(n)
}

/// Total bytes one tile moves (the mbarrier transaction count).
pub fn tma_tile_bytes(t: &TmaDesc) -> i64 {
    t.box_bytes * t.boxes.len() as i64
}

/// tcgen05.mma: the checked instruction descriptor.
pub fn tcgen05_mma(a: &Attrs) -> Result<hw::UmmaInstrDesc, String> {
    let (ea, eb) = (elem(a, "elemA")?, elem(a, "elemB")?);
    let d = hw::Accum::parse(get(a, "elemD")?).map_err(|e| e.to_string())?;
    let (ma, mb) = (major(a, "majorA")?, major(a, "majorB")?);
    let (m, n) = (int(a, "m", 0)?, int(a, "n", 0)?);
    let cta = int(a, "ctaGroup", 1)?;
    let flags = hw::MmaFlags {
        negate_a: a.contains_key("negA"),
        negate_b: a.contains_key("negB"),
        cta_group: if cta == 2 { 2 } else { 1 },
        ..Default::default()
    };
    match (cta, m) {
        (1, 64 | 128) | (2, 128 | 256) => {}
        (1 | 2, _) => {
            return Err(format!(
                "M = {m} is not a shape of cta_group::{cta} (cta_group::1: M = 64 or 128; \
                 cta_group::2: M = 128 or 256)"
            ))
        }
        _ => return Err(format!("ctaGroup must be 1 or 2, found {cta}")),
    }
    for (name, e) in [("A", ea), ("B", eb)] {
        hw::check_umma_storage(e).map_err(|x| format!("operand {name}: {x}"))?;
    }
    hw::umma_instr_desc(ea, eb, d, m, n, ma, mb, flags).map_err(|e| e.to_string())
}

/// tcgen05.ld/st: the shape, `.num`, registers and per-warp base addresses.
pub fn tmem_copy(a: &Attrs) -> Result<TmemCopy, String> {
    hw::tmem_copy(&tmem_layout(a)?, &tmem_fragment(a)?, int(a, "warp", 0)?)
        .map_err(|e| e.to_string())
}

/// The TMEM layout (tile index -> address) of tmem_load/tmem_store.
pub fn tmem_layout(a: &Attrs) -> Result<Layout, String> {
    layout(a, "tmem")
}

/// The (thread, value) -> tile index fragment of tmem_load/tmem_store: the `fragment` layout,
/// or a register tensor's encoding (`#layout.linear`), whose thread-value layout
/// (`linear::to_cute::thread_value`) it then is.
pub fn tmem_fragment(a: &Attrs) -> Result<Layout, String> {
    match a.linears.get("fragment") {
        Some(l) => layout_algebra::linear::to_cute::thread_value(l).map_err(|e| e.to_string()),
        None => layout(a, "fragment"),
    }
}

/// tcgen05.cp (128x256b): the source descriptor of a 128-row x 32-byte K-major tile.
pub fn tcgen05_cp(a: &Attrs) -> Result<SmemDesc, String> {
    let e = elem(a, "elem")?;
    let tile = func(a, "tile")?;
    let d = desc_of_block(DescKind::Umma, e, Major::K, &tile, 0, 0)?;
    let inner = match &tile {
        Func::Composed(c) => &c.inner,
        f => f,
    };
    let (rows, k_total) = match inner {
        Func::Layout(l) if l.rank() == 2 => (
            l.mode(0)
                .and_then(|m| m.size())
                .map_err(|x| x.to_string())?,
            l.mode(1)
                .and_then(|m| m.size())
                .map_err(|x| x.to_string())?,
        ),
        _ => (0, 0),
    };
    if rows != 128 || k_total != hw::k_per_instruction(e) {
        return Err(format!(
            "tcgen05.cp moves a 128-row x 32-byte tile here (shape 128x256b): the tile is {rows} \
             rows x {k_total} {} elements",
            e.name()
        ));
    }
    Ok(d)
}

/// The element type of `layout.convert` and its width in bits.
pub fn convert_elem(a: &Attrs) -> Result<(String, u32), String> {
    let e = get(a, "elem")?;
    let bits = match e {
        "i8" => 8,
        "f16" | "bf16" | "i16" => 16,
        "f32" | "i32" => 32,
        "f64" | "i64" => 64,
        _ => {
            return Err(format!(
                "'elem' must be i8, i16, f16, bf16, f32, i32, f64 or i64, found {}",
                mlir_element_type(e)
            ))
        }
    };
    Ok((e.to_string(), bits))
}

fn linear<'a>(a: &'a Attrs, key: &str) -> Result<&'a LinearLayout, String> {
    match a.linears.get(key) {
        Some(l) => Ok(l),
        None if a.layouts.contains_key(key) => Err(format!(
            "'{key}' must be a linear layout (#layout.linear<...>)"
        )),
        None => Err(format!("missing attribute '{key}'")),
    }
}

/// layout.convert: the conversion plan of `from` -> `to` (`convert_plan_for` the target `sm`,
/// sm_90 when absent).
pub fn convert(a: &Attrs) -> Result<ConvertPlan, String> {
    convert_for(a, 0)
}

/// [`convert`] for the chip the lowering targets (`chip`, 0 when not known): the op's `sm`,
/// else the chip's, else sm_90. A plan for a later SM than the chip is an error: its
/// instructions (`stmatrix` from sm_90) may not exist on the chip, where LLVM's NVPTX backend
/// cannot select them.
pub fn convert_for(a: &Attrs, chip: i64) -> Result<ConvertPlan, String> {
    let (_, bits) = convert_elem(a)?;
    let budget = int(a, "smemBudget", DEFAULT_SMEM_BUDGET)?;
    let sm = int(a, "sm", if chip > 0 { chip } else { DEFAULT_SM as i64 })?;
    if chip > 0 && sm > chip {
        return Err(format!(
            "the conversion is planned for sm_{sm} (its 'sm' attribute), but the target is \
             sm_{chip} (--lower-to-nvvm's chip): plan it for the target"
        ));
    }
    convert_plan_for(
        linear(a, "from")?,
        linear(a, "to")?,
        bits as i64,
        budget,
        sm,
    )
    .map_err(|e| e.to_string())
}
