//! Decoding the `cuTensorMapEncodeTiled` arguments of a TMA copy back into the map from the
//! shared-memory bytes it fills to the global bytes they come from, written from the CUDA
//! driver's documentation of tiled tensor maps and apart from `layout_algebra::hw::tma_desc`.
//!
//! A box of extents `B_0..B_{r-1}` (dimension 0 innermost) is stored densely in shared memory:
//! box element (b_0, .., b_{r-1}) lands at element `b_0 + B_0*(b_1 + B_1*(b_2 + ..))` after
//! the box's shared-memory byte offset, then the swizzle mode (`CUtensorMapSwizzle` 1/2/3 =
//! 32B/64B/128B: the XOR of address bits 4.. by bits 7..) acts on the address. It comes from
//! global byte `e*(x_0 + b_0) + sum_{d>=1} globalStrides[d-1]*(x_d + b_d)` where x is the box's
//! TMA coordinate relative to the tile and e the element size. The tile's boxes form a union.
//! A runtime global stride `globalStrides[d-1] = e*S_j` (S_j a runtime stride of the global
//! layout, in elements) cannot multiply a coordinate in a quasi-affine relation: the global
//! offset is then the linear form `g + sum_j e*S_j*u_j` and the relation maps to
//! `[g, u_0, ..]` with `u_j = x_d + b_d` (relation/src/runtime_layout.rs builds the layouts'
//! side the same way). Only element strides of 1 (dense boxes) are decoded. The shared
//! memory tile is taken at an address aligned to the swizzle's repeat (TMA's swizzle acts on
//! absolute addresses; the tile base is a runtime pointer).

use crate::isl_text::{names, Constraints};
use crate::xor_swizzle::XorSwizzle;

/// A global stride of a TMA dimension >= 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GlobalStride {
    /// Static, in bytes.
    Bytes(i64),
    /// `e * S_j`: the j-th runtime stride of the global layout (output `u_j`).
    Runtime(usize),
}

/// The arguments the decoder reads.
pub struct TmaArgs<'a> {
    pub elem_bits: i64,
    pub box_dim: &'a [i64],
    /// Strides of dimensions 1..
    pub global_strides: &'a [GlobalStride],
    /// Number of runtime strides `S_j` (outputs `u_0..`).
    pub runtime_strides: usize,
    pub element_strides: &'a [i64],
    /// `CUtensorMapSwizzle` value.
    pub swizzle: i64,
    /// (shared-memory byte offset, TMA coordinate relative to the tile) per box.
    pub boxes: &'a [(i64, Vec<i64>)],
}

/// `{ [s] -> [g, u_0, ..] }`: shared-memory byte of the tile -> global byte relative to the tile
/// origin (its static part g and the multiples u_j of each runtime stride e*S_j).
pub fn relation_text(t: &TmaArgs) -> Result<String, String> {
    let r = t.box_dim.len();
    if t.global_strides.len() + 1 != r || t.element_strides.len() != r {
        return Err(format!(
            "rank {r} with {} global strides and {} element strides",
            t.global_strides.len(),
            t.element_strides.len()
        ));
    }
    if let Some(d) = t.element_strides.iter().position(|&s| s != 1) {
        return Err(format!(
            "element stride {} in dimension {d}: only dense boxes (element strides 1) are decoded",
            t.element_strides[d]
        ));
    }
    if let Some(j) = t.global_strides.iter().find_map(|g| match g {
        GlobalStride::Runtime(j) if *j >= t.runtime_strides => Some(*j),
        _ => None,
    }) {
        return Err(format!("runtime stride {j} of {} named", t.runtime_strides));
    }
    if t.runtime_strides > 0 && t.elem_bits % 8 != 0 {
        return Err("runtime global strides of sub-byte elements are not decoded".into());
    }
    let swizzle = match t.swizzle {
        0 => None,
        1 => Some(XorSwizzle::B32),
        2 => Some(XorSwizzle::B64),
        3 => Some(XorSwizzle::B128),
        v => return Err(format!("CUtensorMapSwizzle {v} is not decoded (0..3)")),
    };
    let bits = t.elem_bits;
    let mut alts = Vec::with_capacity(t.boxes.len());
    for (off, at) in t.boxes {
        if at.len() != r {
            return Err(format!(
                "a box coordinate of rank {}, expected {r}",
                at.len()
            ));
        }
        let mut c = Constraints::new();
        let b: Vec<String> = names("b", r).iter().map(|h| c.var(h)).collect();
        for (v, n) in b.iter().zip(t.box_dim) {
            c.range(v, *n);
        }
        // dense element offset, Horner form
        let mut dense = b[r - 1].clone();
        for d in (0..r - 1).rev() {
            dense = format!("{} + {}*({dense})", b[d], t.box_dim[d]);
        }
        let e = c.var("sb");
        c.push(format!("8*{e} <= {bits}*({dense}) < 8*{e} + 8"));
        let p = c.var("p");
        c.push(format!("{p} = {off} + {e}"));
        let sw = match swizzle {
            None => p,
            Some(x) => x.apply(&mut c, &p),
        };
        c.push(format!("s = {sw}"));
        let g0 = c.var("g");
        c.push(format!(
            "8*{g0} <= {bits}*({} + {}) < 8*{g0} + 8",
            at[0], b[0]
        ));
        let mut g = vec![g0];
        let mut u = vec![Vec::new(); t.runtime_strides];
        for d in 1..r {
            match t.global_strides[d - 1] {
                GlobalStride::Bytes(s) => g.push(format!("{s}*({} + {})", at[d], b[d])),
                GlobalStride::Runtime(j) => u[j].push(format!("({} + {})", at[d], b[d])),
            }
        }
        c.push(format!("g = {}", g.join(" + ")));
        let mut outs = vec!["g".to_string()];
        for (j, terms) in u.iter().enumerate() {
            let name = format!("u{j}");
            let sum = if terms.is_empty() {
                "0".to_string()
            } else {
                terms.join(" + ")
            };
            c.push(format!("{name} = {sum}"));
            outs.push(name);
        }
        let m = c.map(&["s".to_string()], &outs, &[]);
        alts.push(m);
    }
    if alts.is_empty() {
        return Err("no boxes".into());
    }
    // ISL reads a union of maps as `{ A; B }`.
    let bodies: Vec<&str> = alts
        .iter()
        .map(|m| m.trim_start_matches('{').trim_end_matches('}').trim())
        .collect();
    Ok(format!("{{ {} }}", bodies.join("; ")))
}
