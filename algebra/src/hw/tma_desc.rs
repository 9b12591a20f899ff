//! TMA tensor-map parameters (`cuTensorMapEncodeTiled` arguments) derived from a global
//! tensor layout and a shared-memory box layout, the way CuTe's `make_tma_copy` derives them,
//! with the driver's rules checked.
//!
//! Method (CuTe's `construct_tma_gbasis`, computed by evaluation):
//!
//! 1. The tile is the smem shape laid over the leading gmem modes: smem mode i covers the first
//!    `size(smem mode i)` coordinates of gmem mode i (split over that mode's leaves).
//! 2. Invert the smem layout (it must be a bijection onto `[0, size)`: TMA fills boxes
//!    densely) to get, for each smem position p, the gmem leaf coordinate it holds.
//! 3. Read the box off that map: box dimension m advances one gmem leaf by 1 per step
//!    (CuTe's `sidx2gmode`), up to the first smem step that is not a unit step of a new gmem
//!    leaf (CuTe truncates there; the tile is then moved by several boxes, listed in `boxes`).
//! 4. Merge consecutive box dimensions whose gmem strides are static and contiguous while the
//!    merged extent stays <= 256 (CuTe's `coalesce_256`); a merged dimension's global extent
//!    and stride follow CuTe's gcd recurrence. Dynamic (`?`) strides never merge, as in CuTe.
//! 5. Gmem leaves the tile does not cover (extent not 1, stride not 0) are appended as
//!    dimensions of box extent 1.
//!
//! Driver rules checked (`hw::tma_limits`): rank 1..5; dim 0 contiguous (static stride 1); global strides
//! positive multiples of 16 bytes and < 2^40; global extents in [1, 2^32]; box extents in
//! [1, 256]; inner box bytes a multiple of 16 without swizzle, and equal to the swizzle span
//! with a swizzle (the driver itself requires <= span; a narrower box would not fill the
//! swizzle atom rows the smem layout describes). The smem box offset must be a multiple of
//! 128 bytes.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::hw::elem::Elem;
use crate::hw::json::J;
use crate::hw::smem::Smem;
use crate::hw::swizzle_modes::{ByteSwizzle, TmaSwizzle};
use crate::hw::tma_limits::{
    BOX_EXTENT_MAX, GLOBAL_EXTENT_MAX, GLOBAL_STRIDE_ALIGN_BYTES, GLOBAL_STRIDE_LIMIT_BYTES,
    MAX_RANK,
};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::stride::{Stride, StrideTuple};
use crate::tuple::{IntTuple, Tree};

/// Largest smem tile (in elements) this function inverts (shared memory holds at most 228 KiB).
pub const TILE_LIMIT: i64 = 1 << 18;

/// `CU_TENSOR_MAP_L2_PROMOTION_L2_128B`, CuTe's choice.
pub const L2_PROMOTION_128B: i64 = 2;

/// The `cuTensorMapEncodeTiled` arguments and the coordinate maps of one TMA box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TmaDesc {
    pub elem: Elem,
    /// `CUtensorMapDataType` value and enumerator name.
    pub data_type: (i64, &'static str),
    /// Extents in elements, innermost first (`None`: dynamic).
    pub global_dim: Vec<Option<i64>>,
    /// Strides in bytes of dims 1.. (`None`: dynamic).
    pub global_strides: Vec<Option<i64>>,
    pub box_dim: Vec<i64>,
    pub element_strides: Vec<i64>,
    /// `CU_TENSOR_MAP_INTERLEAVE_NONE`.
    pub interleave: i64,
    pub swizzle: TmaSwizzle,
    pub l2_promotion: i64,
    /// `CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE`.
    pub oob_fill: i64,
    /// Bytes one TMA of this box moves (the mbarrier transaction count of one box).
    pub box_bytes: i64,
    /// The boxes that move the whole smem tile: (smem byte offset of the box, TMA coordinate
    /// of its first element relative to the tile's, innermost first). One box unless the
    /// smem layout steps through a gmem mode with a non-unit step (then CuTe issues several).
    pub boxes: Vec<(i64, Vec<i64>)>,
    /// TMA box dimension -> gmem mode (CuTe's `tma_gbasis`): box extents, unit basis strides
    /// naming the gmem leaf (`1@k@i`: leaf k of mode i; `1@i` for a leaf mode i).
    pub tma_basis: Layout,
    /// smem coordinate -> TMA coordinate (basis strides `c@m`: c steps of TMA dim m); `None`
    /// when some smem mode steps along several TMA dims at once.
    pub smem_to_tma: Option<Layout>,
    /// gmem coordinate -> TMA coordinate (CuTe's TMA tensor strides).
    pub gmem_to_tma: Layout,
    /// The same per gmem leaf (in order): `Some((m, c))` when a step of the leaf is `c` steps
    /// of TMA dimension `m`, `None` for a leaf the tensor map does not address (extent 1 or
    /// stride 0). The coordinates of a tile's origin are read off these.
    pub gmem_leaf_to_tma: Vec<Option<(usize, i64)>>,
    /// Per TMA dimension, the paths (mode indices, outermost first) of the gmem leaves it
    /// covers: one leaf, or several merged (step 4). A dynamic extent or stride of the
    /// dimension is read off its leaf ([`TmaDesc::runtime_operands`]).
    pub dim_leaves: Vec<Vec<Vec<u32>>>,
}

/// A runtime argument of `cuTensorMapEncodeTiled`: the extent (elements) or the stride (bytes)
/// of one gmem leaf, named by its path of mode indices (outermost first; empty for a gmem
/// layout that is a single leaf).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TmaRuntime {
    Extent(Vec<u32>),
    StrideBytes(Vec<u32>),
}

impl TmaDesc {
    pub fn rank(&self) -> usize {
        self.box_dim.len()
    }

    /// The arguments of the tensor map that are known only at run time, in the order the
    /// hardware op `layout.tma_desc` takes them: the dynamic global extents (TMA dims innermost
    /// first), then the dynamic global strides (dims 1.., bytes). Each is the extent or stride
    /// of the one gmem leaf its TMA dimension covers; a dimension that merges several leaves
    /// (static strides, step 4) and has a dynamic extent has no single leaf to read: error.
    pub fn runtime_operands(&self) -> Result<Vec<TmaRuntime>> {
        let leaf =
            |m: usize, what: &str| -> Result<Vec<u32>> {
                match self.dim_leaves[m].as_slice() {
                    [one] => Ok(one.clone()),
                    many => Err(Error::algebra(format!(
                    "tma_desc: the {what} of TMA dim {m} is dynamic, but the dim merges the gmem \
                     leaves {} (contiguous static strides): its {what} is not one leaf's; give \
                     those leaves static extents",
                    many.iter().map(|p| path_name(p)).collect::<Vec<_>>().join(", ")
                ))),
                }
            };
        let mut out = Vec::new();
        for (m, d) in self.global_dim.iter().enumerate() {
            if d.is_none() {
                out.push(TmaRuntime::Extent(leaf(m, "extent")?));
            }
        }
        for (i, s) in self.global_strides.iter().enumerate() {
            if s.is_none() {
                out.push(TmaRuntime::StrideBytes(leaf(i + 1, "stride")?));
            }
        }
        Ok(out)
    }
    /// The JSON object (keys as the driver names the arguments).
    pub fn to_json(&self) -> String {
        let maybe = |v: &[Option<i64>]| J::Arr(v.iter().map(|&x| J::MaybeInt(x)).collect());
        J::Obj(vec![
            ("dataType", J::Int(self.data_type.0)),
            ("dataTypeName", J::str(self.data_type.1)),
            ("rank", J::Int(self.rank() as i64)),
            ("globalDim", maybe(&self.global_dim)),
            ("globalStrides", maybe(&self.global_strides)),
            ("boxDim", J::ints(&self.box_dim)),
            ("elementStrides", J::ints(&self.element_strides)),
            ("interleave", J::Int(self.interleave)),
            ("swizzle", J::Int(self.swizzle.value())),
            ("swizzleName", J::str(self.swizzle.enumerator())),
            ("l2Promotion", J::Int(self.l2_promotion)),
            ("oobFill", J::Int(self.oob_fill)),
            ("boxBytes", J::Int(self.box_bytes)),
            (
                "boxes",
                J::Arr(
                    self.boxes
                        .iter()
                        .map(|(off, c)| {
                            J::Obj(vec![("smemOffset", J::Int(*off)), ("tmaCoord", J::ints(c))])
                        })
                        .collect(),
                ),
            ),
            (
                "tmaBasis",
                J::str(crate::text::print_layout(&self.tma_basis)),
            ),
            (
                "smemToTma",
                match &self.smem_to_tma {
                    Some(l) => J::str(crate::text::print_layout(l)),
                    None => J::Str(String::new()),
                },
            ),
            (
                "gmemToTma",
                J::str(crate::text::print_layout(&self.gmem_to_tma)),
            ),
        ])
        .render()
    }
}

/// A gmem leaf: its path of mode indices (outermost first), extent and stride in elements.
#[derive(Debug, Clone)]
struct GLeaf {
    path: Vec<u32>,
    extent: Int,
    stride: Int,
}

/// The TMA parameters for copying the box `smem` (swizzle included) of the global tensor
/// `gmem` (elements; dynamic extents and strides allowed).
pub fn tma_desc(elem: Elem, gmem: &Layout, smem: &Func) -> Result<TmaDesc> {
    let op = "tma_desc";
    let data_type = elem.tma_data_type()?;
    let s = Smem::split(smem, elem, op)?;
    let sl = &s.layout;
    if !sl.is_static() {
        return Err(Error::dynamic("tma_desc: the smem box layout"));
    }
    let off_bytes = elem.bytes(s.offset, "tma_desc: the smem offset")?;
    if off_bytes % 128 != 0 {
        return Err(Error::algebra(format!(
            "{op}: the smem box starts at byte {off_bytes} (offset {} elements), not a multiple \
             of 128 bytes (TMA shared-memory addresses are 128-byte aligned)",
            s.offset
        )));
    }

    // gmem leaves, grouped by top-level mode.
    let gmodes = top_modes(gmem);
    let single_mode = gmem.shape.is_leaf();
    let mut gleaves: Vec<Vec<GLeaf>> = Vec::new();
    for (i, m) in gmodes.iter().enumerate() {
        let mut v = Vec::new();
        let mut path = if single_mode { vec![] } else { vec![i as u32] };
        collect_leaves(&m.shape, &m.stride, &mut path, &mut v)?;
        gleaves.push(v);
    }
    let flat: Vec<GLeaf> = gleaves.iter().flatten().cloned().collect();
    let nl = flat.len();
    let first_leaf: Vec<usize> = gleaves
        .iter()
        .scan(0usize, |acc, v| {
            let f = *acc;
            *acc += v.len();
            Some(f)
        })
        .collect();

    // smem modes laid over the gmem modes.
    let smodes = top_modes(sl);
    if smodes.len() > gmodes.len() {
        return Err(Error::algebra(format!(
            "{op}: the smem box has {} modes but the gmem tensor only {}",
            smodes.len(),
            gmodes.len()
        )));
    }
    let tile: Vec<i64> = smodes.iter().map(|m| m.size()).collect::<Result<_>>()?;
    let n = sl.size()?;
    if n > TILE_LIMIT {
        return Err(Error::algebra(format!(
            "{op}: the smem tile has {n} elements, more than the {TILE_LIMIT} this function \
             inverts"
        )));
    }

    // Invert the smem layout: position -> gmem leaf coordinates.
    let mut at: Vec<Option<Vec<i64>>> = vec![None; n as usize];
    let mut tile_crd: Vec<Vec<i64>> = Vec::with_capacity(n as usize);
    for x in 0..n {
        let p = sl.eval(x)?;
        if p < 0 || p >= n {
            return Err(Error::algebra(format!(
                "{op}: the smem box layout {} is not compact: coordinate {x} is at position {p}, \
                 outside [0, {n}) (TMA fills the box densely)",
                crate::text::print_layout(sl)
            )));
        }
        if at[p as usize].is_some() {
            return Err(Error::algebra(format!(
                "{op}: the smem box layout {} is not a bijection: position {p} holds two \
                 coordinates (TMA fills the box densely)",
                crate::text::print_layout(sl)
            )));
        }
        let mut crd = vec![0i64; nl];
        let mut rest = x;
        for (i, &t) in tile.iter().enumerate() {
            let xi = rest % t;
            rest /= t;
            split_into_leaves(xi, &gleaves[i], &mut crd, first_leaf[i])?;
        }
        at[p as usize] = Some(crd.clone());
        tile_crd.push(crd);
    }
    let g: Vec<Vec<i64>> = at.into_iter().map(|c| c.unwrap_or_default()).collect();

    // Box dimensions: each advances one gmem leaf by 1 (CuTe's sidx2gmode, truncated at the
    // first smem step that is not a unit step of a new gmem leaf).
    let mut dims: Vec<(i64, usize)> = Vec::new(); // (extent, leaf)
    let mut s_blk = 1i64;
    while s_blk < n {
        let d = &g[s_blk as usize];
        let nz: Vec<usize> = (0..nl).filter(|&j| d[j] != 0).collect();
        let j = match nz.as_slice() {
            [j] if d[*j] == 1 && !dims.iter().any(|&(_, k)| k == *j) => *j,
            _ if dims.is_empty() => {
                return Err(Error::algebra(format!(
                    "{op}: no TMA box: smem position 1 holds gmem coordinate {} (per gmem leaf), \
                     but a box's innermost dimension must advance one gmem mode by 1 (the smem \
                     layout's contiguous direction must be a gmem mode)",
                    show_crd(d)
                )))
            }
            _ => break,
        };
        let mut b = 1i64;
        while int::mul(b + 1, s_blk)? <= n {
            let q = (b * s_blk) as usize;
            let ok = (0..nl).all(|k| g[q][k] == if k == j { b } else { 0 });
            if !ok {
                break;
            }
            b += 1;
        }
        dims.push((b, j));
        s_blk = int::mul(s_blk, b)?;
    }
    if dims.is_empty() {
        return Err(Error::algebra(format!(
            "{op}: the smem box has a single element: a TMA box needs an innermost dimension \
             along a gmem mode"
        )));
    }
    let boxn = s_blk;
    if n % boxn != 0 {
        return Err(Error::algebra(format!(
            "{op}: the smem tile of {n} elements is not a whole number of TMA boxes of {boxn} \
             elements ({})",
            show_dims(&dims, &flat)
        )));
    }
    // Verify the whole map: box q holds its origin plus the box pattern.
    let mut origins: Vec<Vec<i64>> = Vec::new();
    for (p, crd) in g.iter().enumerate() {
        let p = p as i64;
        let q = (p / boxn) as usize;
        if p % boxn == 0 {
            origins.push(crd.clone());
        }
        let mut want = origins[q].clone();
        let mut rest = p % boxn;
        for &(b, j) in &dims {
            want[j] += rest % b;
            rest /= b;
        }
        if &want != crd {
            return Err(Error::algebra(format!(
                "{op}: the smem tile is not moved by TMA boxes {}: smem position {p} (box {q}) \
                 holds gmem coordinate {} (per gmem leaf), but the box would put {} there",
                show_dims(&dims, &flat),
                show_crd(crd),
                show_crd(&want)
            )));
        }
    }

    // Merge (CuTe's coalesce_256 over static gmem strides): the merged mode keeps its first
    // stride; merge when shape * first stride == next stride and the product stays <= 256.
    let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
    for &(b, j) in &dims {
        if let Some((gb, gj)) = groups.last_mut() {
            let first = gj[0];
            let merge = match (&flat[first].stride, &flat[j].stride) {
                (Int::Lit(d0), Int::Lit(d1)) => {
                    gb.checked_mul(*d0) == Some(*d1)
                        && gb.checked_mul(b).is_some_and(|x| x <= BOX_EXTENT_MAX)
                }
                _ => false,
            };
            if merge {
                *gb *= b;
                gj.push(j);
                continue;
            }
        }
        groups.push((b, vec![j]));
    }
    // Remaining gmem leaves (not static extent 1, not static stride 0) as box-1 dims.
    for (j, l) in flat.iter().enumerate() {
        if dims.iter().any(|&(_, k)| k == j) {
            continue;
        }
        if l.extent == Int::Lit(1) || l.stride == Int::Lit(0) {
            continue;
        }
        groups.push((1, vec![j]));
    }
    let rank = groups.len();
    if rank > MAX_RANK {
        return Err(Error::algebra(format!(
            "{op}: the TMA needs rank {rank} ({}), more than the 5 dimensions \
             cuTensorMapEncodeTiled supports",
            groups
                .iter()
                .map(|(b, js)| format!(
                    "box {b} along gmem mode {}",
                    js.iter()
                        .map(|&j| path_name(&flat[j].path))
                        .collect::<Vec<_>>()
                        .join("+")
                ))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }

    // Global extents and strides (elements), CuTe's recurrence for merged dims.
    let mut gdim: Vec<Option<i64>> = Vec::new();
    let mut gstride: Vec<Option<i64>> = Vec::new();
    for (_, js) in &groups {
        if let [j] = js.as_slice() {
            gdim.push(lit(&flat[*j].extent));
            gstride.push(lit(&flat[*j].stride));
            continue;
        }
        let mut shape: Option<i64> = Some(1);
        let mut stride = 0i64;
        for &j in js {
            let dj = lit(&flat[j].stride).unwrap_or(0);
            let old = stride;
            stride = int::gcd(stride, dj);
            shape = match (shape, lit(&flat[j].extent)) {
                (Some(sh), Some(ej)) if stride != 0 => Some(int::add(
                    int::add(
                        int::mul(sh - 1, old / stride)?,
                        int::mul(ej - 1, dj / stride)?,
                    )?,
                    1,
                )?),
                (_, e) if stride == 0 => e,
                _ => None,
            };
        }
        gdim.push(shape);
        gstride.push(Some(stride));
    }

    // Driver rules.
    match gstride[0] {
        Some(1) => {}
        Some(d) => {
            return Err(Error::algebra(format!(
                "{op}: TMA dim 0 must be contiguous (stride 1), but the smem box's innermost \
                 dimension runs along gmem mode {} with stride {d} elements (the smem and gmem \
                 majors differ)",
                path_name(&flat[groups[0].1[0]].path)
            )))
        }
        None => {
            return Err(Error::algebra(format!(
                "{op}: TMA dim 0 must be contiguous (stride 1), but the smem box's innermost \
                 dimension runs along gmem mode {} whose stride is dynamic ('?'); give it the \
                 static stride 1",
                path_name(&flat[groups[0].1[0]].path)
            )))
        }
    }
    let mut gstride_bytes: Vec<Option<i64>> = Vec::new();
    for (i, d) in gstride.iter().enumerate().skip(1) {
        let Some(d) = *d else {
            gstride_bytes.push(None);
            continue;
        };
        let b = elem.bytes(d, "tma_desc: a global stride")?;
        if b <= 0 || b % GLOBAL_STRIDE_ALIGN_BYTES != 0 {
            return Err(Error::algebra(format!(
                "{op}: the global stride of dim {i} is {d} elements = {b} bytes, not a positive \
                 multiple of 16 bytes (cuTensorMapEncodeTiled)"
            )));
        }
        if b >= GLOBAL_STRIDE_LIMIT_BYTES {
            return Err(Error::algebra(format!(
                "{op}: the global stride of dim {i} is {b} bytes, not below 2^40 \
                 (cuTensorMapEncodeTiled)"
            )));
        }
        gstride_bytes.push(Some(b));
    }
    for (i, e) in gdim.iter().enumerate() {
        if let Some(e) = *e {
            if !(1..=GLOBAL_EXTENT_MAX).contains(&e) {
                return Err(Error::algebra(format!(
                    "{op}: the global extent of dim {i} is {e}, outside [1, 2^32] \
                     (cuTensorMapEncodeTiled)"
                )));
            }
        }
    }
    let box_dim: Vec<i64> = groups.iter().map(|(b, _)| *b).collect();
    for (i, &b) in box_dim.iter().enumerate() {
        if !(1..=BOX_EXTENT_MAX).contains(&b) {
            return Err(Error::algebra(format!(
                "{op}: box dim {i} is {b} elements, outside [1, 256] (cuTensorMapEncodeTiled); \
                 split the smem tile into several TMA boxes"
            )));
        }
    }
    let inner_bytes = elem.bytes(box_dim[0], "tma_desc: the inner box dimension")?;
    if s.swizzle == ByteSwizzle::None {
        if inner_bytes % 16 != 0 {
            return Err(Error::algebra(format!(
                "{op}: the inner box dimension is {} elements = {inner_bytes} bytes, not a \
                 multiple of 16 bytes (cuTensorMapEncodeTiled without interleave)",
                box_dim[0]
            )));
        }
    } else if inner_bytes != s.swizzle.span_bytes() {
        return Err(Error::algebra(format!(
            "{op}: with the {} swizzle the inner box dimension must be exactly the swizzle span \
             of {} bytes ({} {} elements), found {} elements = {inner_bytes} bytes{}",
            s.swizzle.name(),
            s.swizzle.span_bytes(),
            s.swizzle.span_bytes() * 8 / elem.bits(),
            elem.name(),
            box_dim[0],
            if inner_bytes > s.swizzle.span_bytes() {
                " (the driver rejects an inner box wider than the span)"
            } else {
                " (a narrower box would not fill the swizzle atom rows the smem layout describes)"
            }
        )));
    }

    // Coordinate maps.
    let tma_basis = {
        let mut shapes = Vec::new();
        let mut strides = Vec::new();
        for (b, js) in &groups {
            if js.len() == 1 {
                shapes.push(IntTuple::lit(*b));
                strides.push(Tree::Leaf(basis(1, &flat[js[0]].path)));
            } else {
                let exts: Vec<IntTuple> = js
                    .iter()
                    .map(|&j| IntTuple::lit(dims.iter().find(|d| d.1 == j).map_or(1, |d| d.0)))
                    .collect();
                shapes.push(Tree::Node(exts));
                strides.push(Tree::Node(
                    js.iter()
                        .map(|&j| Tree::Leaf(basis(1, &flat[j].path)))
                        .collect(),
                ));
            }
        }
        if shapes.len() == 1 && shapes[0].is_leaf() {
            Layout::new(Tree::unwrap_one(shapes), Tree::unwrap_one(strides))?
        } else {
            Layout::new(Tree::Node(shapes), Tree::Node(strides))?
        }
    };
    // gmem leaf j -> (TMA dim, coefficient): 1 for a dim of its own, stride / gcd stride in a
    // merged dim (CuTe's TMA tensor strides); None when the leaf takes no part.
    let leaf_tma: Vec<Option<(usize, i64)>> = (0..nl)
        .map(|j| {
            let m = groups.iter().position(|(_, js)| js.contains(&j))?;
            if groups[m].1.len() == 1 {
                return Some((m, 1));
            }
            let g = gstride[m].unwrap_or(1).max(1);
            Some((m, lit(&flat[j].stride).unwrap_or(0) / g))
        })
        .collect();
    let tma_of = |crd: &[i64]| -> Vec<i64> {
        let mut out = vec![0i64; rank];
        for (j, &c) in crd.iter().enumerate() {
            if let Some((m, k)) = leaf_tma[j] {
                out[m] = out[m].saturating_add(c.saturating_mul(k));
            }
        }
        out
    };
    let gmem_to_tma = {
        let mut k = 0usize;
        let stride: StrideTuple = gmem.stride.try_map(&mut |_| {
            let j = k;
            k += 1;
            Ok(match leaf_tma.get(j).copied().flatten() {
                None => Stride::int(0),
                Some((m, c)) => basis(c, &[m as u32]),
            })
        })?;
        Layout::new(gmem.shape.clone(), stride)?
    };
    let smem_to_tma = smem_to_tma_layout(sl, &tile_crd, rank, &tma_of)?;
    let box_bytes = elem.bytes(boxn, "tma_desc: the box")?;
    let boxes = origins
        .iter()
        .enumerate()
        .map(|(q, o)| {
            let off = int::add(off_bytes, int::mul(q as i64, box_bytes)?)?;
            Ok((off, tma_of(o)))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(TmaDesc {
        elem,
        data_type,
        global_dim: gdim,
        global_strides: gstride_bytes,
        element_strides: vec![1; rank],
        box_dim,
        interleave: 0,
        swizzle: s.swizzle.into(),
        l2_promotion: L2_PROMOTION_128B,
        oob_fill: 0,
        box_bytes,
        boxes,
        tma_basis,
        smem_to_tma,
        gmem_to_tma,
        gmem_leaf_to_tma: leaf_tma,
        dim_leaves: groups
            .iter()
            .map(|(_, js)| js.iter().map(|&j| flat[j].path.clone()).collect())
            .collect(),
    })
}

fn lit(i: &Int) -> Option<i64> {
    match i {
        Int::Lit(v) => Some(*v),
        Int::Dyn(_) => None,
    }
}

fn basis(coef: i64, path: &[u32]) -> Stride {
    Stride {
        coef: Int::Lit(coef),
        basis: path.to_vec(),
    }
}

fn path_name(path: &[u32]) -> String {
    if path.is_empty() {
        return "0".to_string();
    }
    path.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(".")
}

fn show_crd(c: &[i64]) -> String {
    format!(
        "({})",
        c.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    )
}

fn show_dims(dims: &[(i64, usize)], flat: &[GLeaf]) -> String {
    format!(
        "[{}]",
        dims.iter()
            .map(|(b, j)| format!("{b} along gmem mode {}", path_name(&flat[*j].path)))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Top-level modes (a leaf shape is one mode).
fn top_modes(l: &Layout) -> Vec<Layout> {
    if l.shape.is_leaf() {
        vec![l.clone()]
    } else {
        l.modes()
    }
}

fn collect_leaves(
    shape: &IntTuple,
    stride: &StrideTuple,
    path: &mut Vec<u32>,
    out: &mut Vec<GLeaf>,
) -> Result<()> {
    match (shape, stride) {
        (Tree::Leaf(e), Tree::Leaf(d)) => {
            if !d.is_int() {
                return Err(Error::algebra(format!(
                    "tma_desc: the gmem layout has the scaled-basis stride {}; give integer \
                     strides in elements",
                    crate::text::print_stride(d)
                )));
            }
            out.push(GLeaf {
                path: path.clone(),
                extent: e.clone(),
                stride: d.coef.clone(),
            });
            Ok(())
        }
        (Tree::Node(ss), Tree::Node(ds)) => {
            for (k, (s, d)) in ss.iter().zip(ds).enumerate() {
                path.push(k as u32);
                collect_leaves(s, d, path, out)?;
                path.pop();
            }
            Ok(())
        }
        _ => Err(Error::algebra(
            "tma_desc: the gmem shape and stride are not congruent",
        )),
    }
}

/// Split the index `x` of a gmem mode over its leaves (colexicographic; the last leaf absorbs
/// the rest) into `crd[first..]`.
fn split_into_leaves(x: i64, leaves: &[GLeaf], crd: &mut [i64], first: usize) -> Result<()> {
    let mut rest = x;
    for (k, l) in leaves.iter().enumerate() {
        if k + 1 == leaves.len() {
            crd[first + k] = rest;
            return Ok(());
        }
        let e = match l.extent {
            Int::Lit(e) => e,
            Int::Dyn(_) if rest == 0 => {
                crd[first + k] = 0;
                continue;
            }
            Int::Dyn(_) => {
                return Err(Error::dynamic(format!(
                    "tma_desc: splitting the tile over gmem mode {} (an inner leaf of extent '?')",
                    path_name(&l.path)
                )))
            }
        };
        crd[first + k] = rest % e;
        rest /= e;
    }
    Ok(())
}

/// smem coordinate -> TMA coordinate as a layout with basis strides, when every smem leaf
/// steps along one TMA dim; checked over the whole tile.
fn smem_to_tma_layout(
    sl: &Layout,
    tile_crd: &[Vec<i64>],
    rank: usize,
    tma_of: &dyn Fn(&[i64]) -> Vec<i64>,
) -> Result<Option<Layout>> {
    let exts = sl.shape.values("tma_desc")?;
    let mut steps: Vec<Vec<i64>> = Vec::new();
    let mut strides = Vec::new();
    let mut colex = 1i64;
    for &e in &exts {
        let step = if e > 1 {
            match tile_crd.get(colex as usize) {
                Some(c) => tma_of(c),
                None => return Ok(None),
            }
        } else {
            vec![0; rank]
        };
        let nz: Vec<usize> = (0..step.len()).filter(|&m| step[m] != 0).collect();
        strides.push(match nz.as_slice() {
            [] => Stride::int(0),
            [m] => basis(step[*m], &[*m as u32]),
            _ => return Ok(None),
        });
        steps.push(step);
        colex = int::mul(colex, e)?;
    }
    for (x, c) in tile_crd.iter().enumerate() {
        let mut want = vec![0i64; rank];
        let mut rest = x as i64;
        for (k, &e) in exts.iter().enumerate() {
            let ck = rest % e;
            rest /= e;
            for (w, s) in want.iter_mut().zip(&steps[k]) {
                *w = w.saturating_add(ck.saturating_mul(*s));
            }
        }
        if want != tma_of(c) {
            return Ok(None);
        }
    }
    let st = StrideTuple::unflatten(&strides, &sl.shape);
    Ok(Some(Layout::new(sl.shape.clone(), st)?))
}
