//! The data model of an F2 linear layout (Triton's `LinearLayout`): named input dimensions,
//! each with one basis vector per input bit, and named output dimensions with power-of-two
//! sizes, both in minor-to-major order.
//!
//! A basis vector is stored packed into one `u64`: output dimension `j` occupies the bits
//! `[shift(j), shift(j) + log2(size_j))`, the first output dimension the lowest bits. This is
//! exact because every basis component is smaller than its dimension's size, and it makes
//! application an XOR of words and composition a product of bit matrices. The total number of
//! output bits and of input bits is at most 64 (Triton's own bound).

use crate::error::{Error, Result};

/// Largest total number of input bits or output bits of a linear layout.
pub const MAX_BITS: u32 = 64;

/// Largest number of bits of one dimension (its size must fit an i64).
pub const MAX_DIM_BITS: u32 = 62;

/// Check that no dimension of `l` has more than `MAX_DIM_BITS` bits.
pub(crate) fn check_dim_bits(l: &LinearLayout, what: &str) -> Result<()> {
    for d in l.ins() {
        if d.bases.len() as u32 > MAX_DIM_BITS {
            return Err(Error::algebra(format!(
                "{what}: in dimension '{}' would have {} bits; at most {MAX_DIM_BITS} per dimension are supported",
                d.name,
                d.bases.len()
            )));
        }
    }
    for d in l.outs() {
        if d.log2 > MAX_DIM_BITS {
            return Err(Error::algebra(format!(
                "{what}: out dimension '{}' would have {} bits; at most {MAX_DIM_BITS} per dimension are supported",
                d.name, d.log2
            )));
        }
    }
    Ok(())
}

/// An input dimension: its name and the packed image of each of its bits (`bases[k]` is the
/// image of the value `2^k`). Its size is `2^bases.len()`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InDim {
    pub name: String,
    pub bases: Vec<u64>,
}

/// An output dimension of size `2^log2`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OutDim {
    pub name: String,
    pub log2: u32,
}

/// A linear map over F2 from the input dimensions to the output dimensions.
///
/// Equality is Triton's: same in-dimension names, order and bases, same out-dimension names,
/// order and sizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct LinearLayout {
    ins: Vec<InDim>,
    outs: Vec<OutDim>,
}

/// Bit mask of the low `n` bits (`n` <= 64).
#[inline]
pub(crate) fn low_mask(n: u32) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// log2 of a positive power of two, or an error naming `what`.
pub fn log2_exact(size: i64, what: &str) -> Result<u32> {
    if size <= 0 || size & (size - 1) != 0 {
        return Err(Error::algebra(format!(
            "{what} has size {size}, which is not a power of two"
        )));
    }
    Ok(size.trailing_zeros())
}

impl LinearLayout {
    /// The layout with no dimensions.
    pub fn empty() -> LinearLayout {
        LinearLayout::default()
    }

    /// Build from unpacked bases (`ins[d].1[k][j]` = component `j` of the image of bit `k` of
    /// in-dimension `d`) and explicit out-dimension sizes. Checks every invariant: unique
    /// non-empty names, power-of-two sizes, one component per out dimension, components in
    /// `[0, size)`, at most 64 input and 64 output bits.
    pub fn new(
        ins: Vec<(String, Vec<Vec<i64>>)>,
        outs: Vec<(String, i64)>,
    ) -> Result<LinearLayout> {
        let mut out_dims = Vec::with_capacity(outs.len());
        for (name, size) in outs {
            let log2 = log2_exact(size, &format!("out dimension '{name}'"))?;
            out_dims.push(OutDim { name, log2 });
        }
        check_names(out_dims.iter().map(|d| d.name.as_str()), "out")?;
        check_names(ins.iter().map(|d| d.0.as_str()), "in")?;
        let total_out: u32 = out_dims.iter().map(|d| d.log2).sum();
        if total_out > MAX_BITS {
            return Err(Error::algebra(format!(
                "linear layout has {total_out} output bits in total; at most {MAX_BITS} are supported"
            )));
        }
        let mut in_dims = Vec::with_capacity(ins.len());
        let mut total_in = 0usize;
        for (name, vecs) in ins {
            total_in += vecs.len();
            let mut bases = Vec::with_capacity(vecs.len());
            for (k, v) in vecs.iter().enumerate() {
                if v.len() != out_dims.len() {
                    return Err(Error::algebra(format!(
                        "basis {k} of in dimension '{name}' has {} components, but the layout has {} out dimensions",
                        v.len(),
                        out_dims.len()
                    )));
                }
                let mut packed = 0u64;
                let mut shift = 0u32;
                for (x, od) in v.iter().zip(&out_dims) {
                    if *x < 0 || (od.log2 < 63 && *x >= 1i64 << od.log2) {
                        return Err(Error::algebra(format!(
                            "basis {k} of in dimension '{name}' has component {x} for out dimension '{}', outside [0, {})",
                            od.name,
                            1u128 << od.log2
                        )));
                    }
                    // a 0-bit dimension may sit at offset 64 (its component is 0)
                    packed |= (*x as u64).checked_shl(shift).unwrap_or(0);
                    shift += od.log2;
                }
                bases.push(packed);
            }
            in_dims.push(InDim { name, bases });
        }
        if total_in > MAX_BITS as usize {
            return Err(Error::algebra(format!(
                "linear layout has {total_in} input bits in total; at most {MAX_BITS} are supported"
            )));
        }
        let l = LinearLayout {
            ins: in_dims,
            outs: out_dims,
        };
        check_dim_bits(&l, "linear layout")?;
        Ok(l)
    }

    /// Build with out-dimension sizes inferred as Triton does: the smallest power of two
    /// strictly above every component (1 when all components are 0).
    pub fn with_inferred_sizes(
        ins: Vec<(String, Vec<Vec<i64>>)>,
        out_names: Vec<String>,
    ) -> Result<LinearLayout> {
        let mut sizes = vec![1i64; out_names.len()];
        for (name, vecs) in &ins {
            for (k, v) in vecs.iter().enumerate() {
                if v.len() != out_names.len() {
                    return Err(Error::algebra(format!(
                        "basis {k} of in dimension '{name}' has {} components, but the layout has {} out dimensions",
                        v.len(),
                        out_names.len()
                    )));
                }
                for (j, &x) in v.iter().enumerate() {
                    if x < 0 {
                        return Err(Error::algebra(format!(
                            "basis {k} of in dimension '{name}' has the negative component {x}"
                        )));
                    }
                    if x >= 1 << 62 {
                        return Err(Error::overflow(format!(
                            "basis {k} of in dimension '{name}' component {x}"
                        )));
                    }
                    let above = strictly_above(x);
                    sizes[j] = sizes[j].max(above);
                }
            }
        }
        LinearLayout::new(ins, out_names.into_iter().zip(sizes).collect())
    }

    /// Build from packed parts; the caller guarantees the invariants.
    pub(crate) fn from_parts(ins: Vec<InDim>, outs: Vec<OutDim>) -> LinearLayout {
        LinearLayout { ins, outs }
    }

    /// Triton's `identity1D`: `in` of `size` maps to `out` of `size` as the identity.
    pub fn identity1d(size: i64, in_name: &str, out_name: &str) -> Result<LinearLayout> {
        check_1d_names(in_name, out_name)?;
        let n = log2_exact(size, &format!("identity1d dimension '{in_name}'"))?;
        check_bits(n, "identity1d")?;
        Ok(LinearLayout {
            ins: vec![InDim {
                name: in_name.to_string(),
                bases: (0..n).map(|k| 1u64 << k).collect(),
            }],
            outs: vec![OutDim {
                name: out_name.to_string(),
                log2: n,
            }],
        })
    }

    /// Triton's `zeros1D`: every bit of `in` maps to 0 in `out` (of size `out_size`).
    pub fn zeros1d(
        size: i64,
        in_name: &str,
        out_name: &str,
        out_size: i64,
    ) -> Result<LinearLayout> {
        check_1d_names(in_name, out_name)?;
        let n = log2_exact(size, &format!("zeros1d dimension '{in_name}'"))?;
        let m = log2_exact(out_size, &format!("zeros1d out dimension '{out_name}'"))?;
        check_bits(n, "zeros1d")?;
        check_bits(m, "zeros1d")?;
        Ok(LinearLayout {
            ins: vec![InDim {
                name: in_name.to_string(),
                bases: vec![0; n as usize],
            }],
            outs: vec![OutDim {
                name: out_name.to_string(),
                log2: m,
            }],
        })
    }

    /// Triton's `strided1D`: bit `k` of `in` maps to `stride * 2^k` (stride a power of two);
    /// the out size is inferred.
    pub fn strided1d(
        size: i64,
        stride: i64,
        in_name: &str,
        out_name: &str,
    ) -> Result<LinearLayout> {
        check_1d_names(in_name, out_name)?;
        let n = log2_exact(size, &format!("strided1d dimension '{in_name}'"))?;
        let s = log2_exact(stride, "strided1d stride")?;
        if n > 0 && n + s > MAX_DIM_BITS {
            return Err(Error::algebra(format!(
                "strided1d: size {size} times stride {stride} exceeds 2^{MAX_DIM_BITS}"
            )));
        }
        Ok(LinearLayout {
            ins: vec![InDim {
                name: in_name.to_string(),
                bases: (0..n).map(|k| 1u64 << (k + s)).collect(),
            }],
            outs: vec![OutDim {
                name: out_name.to_string(),
                log2: if n == 0 { 0 } else { n + s },
            }],
        })
    }

    pub fn ins(&self) -> &[InDim] {
        &self.ins
    }
    pub fn outs(&self) -> &[OutDim] {
        &self.outs
    }
    pub fn in_names(&self) -> Vec<&str> {
        self.ins.iter().map(|d| d.name.as_str()).collect()
    }
    pub fn out_names(&self) -> Vec<&str> {
        self.outs.iter().map(|d| d.name.as_str()).collect()
    }
    pub fn in_index(&self, name: &str) -> Option<usize> {
        self.ins.iter().position(|d| d.name == name)
    }
    pub fn out_index(&self, name: &str) -> Option<usize> {
        self.outs.iter().position(|d| d.name == name)
    }
    pub fn has_in(&self, name: &str) -> bool {
        self.in_index(name).is_some()
    }
    pub fn has_out(&self, name: &str) -> bool {
        self.out_index(name).is_some()
    }
    /// log2 of the size of in-dimension `i`.
    pub fn in_log2(&self, i: usize) -> u32 {
        self.ins[i].bases.len() as u32
    }
    pub fn in_size(&self, i: usize) -> i64 {
        1i64 << self.in_log2(i)
    }
    pub fn out_size(&self, j: usize) -> i64 {
        1i64 << self.outs[j].log2
    }
    /// Bit offset of out-dimension `j` inside a packed basis.
    pub fn out_shift(&self, j: usize) -> u32 {
        self.outs[..j].iter().map(|d| d.log2).sum()
    }
    pub fn total_in_bits(&self) -> u32 {
        self.ins.iter().map(|d| d.bases.len() as u32).sum()
    }
    pub fn total_out_bits(&self) -> u32 {
        self.outs.iter().map(|d| d.log2).sum()
    }
    /// Component `j` of a packed vector.
    pub fn component(&self, packed: u64, j: usize) -> i64 {
        ((packed >> self.out_shift(j)) & low_mask(self.outs[j].log2)) as i64
    }
    /// Unpack a packed vector into one value per out dimension.
    pub fn unpack(&self, packed: u64) -> Vec<i64> {
        let mut out = Vec::with_capacity(self.outs.len());
        let mut shift = 0;
        for d in &self.outs {
            out.push((packed.checked_shr(shift).unwrap_or(0) & low_mask(d.log2)) as i64);
            shift += d.log2;
        }
        out
    }
    /// Component `j` of the image of bit `k` of in-dimension `i`.
    pub fn basis(&self, i: usize, k: usize, j: usize) -> i64 {
        self.component(self.ins[i].bases[k], j)
    }
    /// The unpacked bases of in-dimension `i`.
    pub fn bases_of(&self, i: usize) -> Vec<Vec<i64>> {
        self.ins[i].bases.iter().map(|&b| self.unpack(b)).collect()
    }
    /// All packed bases, in-dimension by in-dimension (the columns of the layout's matrix).
    pub fn columns(&self) -> impl Iterator<Item = u64> + '_ {
        self.ins.iter().flat_map(|d| d.bases.iter().copied())
    }

    /// Apply to one value per in dimension (`vals[i]` for in-dimension `i`), packed result.
    pub fn apply_packed(&self, vals: &[i64]) -> u64 {
        let mut acc = 0u64;
        for (d, &v) in self.ins.iter().zip(vals) {
            let mut v = v as u64;
            let mut k = 0;
            while v != 0 && k < d.bases.len() {
                if v & 1 != 0 {
                    acc ^= d.bases[k];
                }
                v >>= 1;
                k += 1;
            }
        }
        acc
    }

    /// Triton's `apply`: `point` names every in dimension once (any order); returns one value
    /// per out dimension in out order. Values must lie in `[0, size)`.
    pub fn apply(&self, point: &[(String, i64)]) -> Result<Vec<(String, i64)>> {
        let mut vals = vec![0i64; self.ins.len()];
        let mut seen = vec![false; self.ins.len()];
        for (name, v) in point {
            let i = self.in_index(name).ok_or_else(|| {
                Error::algebra(format!(
                    "apply: '{name}' is not an in dimension of the layout (in dimensions: {})",
                    self.in_names().join(", ")
                ))
            })?;
            if seen[i] {
                return Err(Error::algebra(format!(
                    "apply: in dimension '{name}' is given twice"
                )));
            }
            seen[i] = true;
            if *v < 0 || *v >= self.in_size(i) {
                return Err(Error::algebra(format!(
                    "apply: value {v} of in dimension '{name}' is outside [0, {})",
                    self.in_size(i)
                )));
            }
            vals[i] = *v;
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(Error::algebra(format!(
                "apply: no value for in dimension '{}'",
                self.ins[i].name
            )));
        }
        let packed = self.apply_packed(&vals);
        Ok(self
            .outs
            .iter()
            .map(|d| d.name.clone())
            .zip(self.unpack(packed))
            .collect())
    }

    /// Rank over F2 of the layout's matrix (number of independent basis vectors).
    pub fn rank(&self) -> u32 {
        super::gauss::rank(self.columns())
    }
    /// Every out coordinate is reached.
    pub fn is_surjective(&self) -> bool {
        self.rank() == self.total_out_bits()
    }
    /// Distinct in coordinates map to distinct out coordinates.
    pub fn is_injective(&self) -> bool {
        self.rank() == self.total_in_bits()
    }
    /// Surjective and square (as many in bits as out bits), i.e. bijective.
    pub fn is_invertible(&self) -> bool {
        self.total_in_bits() == self.total_out_bits() && self.is_surjective()
    }
}

/// Smallest power of two strictly above `x >= 0`.
fn strictly_above(x: i64) -> i64 {
    if x == 0 {
        1
    } else {
        1i64 << (64 - (x as u64).leading_zeros())
    }
}

fn check_bits(n: u32, what: &str) -> Result<()> {
    if n > MAX_BITS {
        return Err(Error::algebra(format!(
            "{what}: {n} bits exceed the limit of {MAX_BITS}"
        )));
    }
    Ok(())
}

/// Names are non-empty and unique.
pub(crate) fn check_names<'a>(names: impl Iterator<Item = &'a str>, kind: &str) -> Result<()> {
    // A set, not a list: a layout may name 100k dimensions (each of size 1), and a pairwise
    // check would be quadratic.
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for n in names {
        if n.is_empty() {
            return Err(Error::algebra(format!(
                "an {kind} dimension has an empty name"
            )));
        }
        if !seen.insert(n) {
            return Err(Error::algebra(format!(
                "{kind} dimension '{n}' appears twice"
            )));
        }
    }
    Ok(())
}

/// Move bit fields of `v`: each `(s, m, t)` takes the field `(v >> s) & m` to bit offset `t`.
/// A 0-bit field may sit at offset 64 (after 64 bits of others): shifts by 64 give 0 there.
pub(crate) fn move_fields(moves: &[(u32, u64, u32)], v: u64) -> u64 {
    moves.iter().fold(0u64, |acc, &(s, m, t)| {
        acc | (v.checked_shr(s).unwrap_or(0) & m)
            .checked_shl(t)
            .unwrap_or(0)
    })
}

/// The names of a one-dimensional layout (an in and an out name may be equal).
fn check_1d_names(in_name: &str, out_name: &str) -> Result<()> {
    check_names(std::iter::once(in_name), "in")?;
    check_names(std::iter::once(out_name), "out")
}
