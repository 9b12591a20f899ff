//! CuTe swizzles as relations (the paper's Section 4, with CuTe's bit ranges).
//!
//! `Sw<B,M,S>` XORs the B bits read at r_k = M + max(S,0) + k into the bits written at
//! w_k = M - min(S,0) + k (k < B): f(y) = y ^ ((y & yyy) >> S). With bit_j(y) =
//! floor(y/2^j) mod 2 and XOR of two bits (a + b) mod 2, changing bit w_k from a to
//! (a + b) mod 2 adds 2^{w_k} ((a + b) mod 2 - a), and since floor(y/2^j) is congruent to its
//! bit mod 2, the relation is
//!
//! ```text
//! { [y] -> [z] : z = y + sum_k 2^{w_k} * ((floor(y/2^{w_k}) + floor(y/2^{r_k})) mod 2
//!                                          - floor(y/2^{w_k}) mod 2) and y >= 0 }
//! ```
//!
//! This is the paper's binary swizzle mapping composed with the bit decomposition and
//! recomposition, written as one quasi-affine expression. Alone, a swizzle's domain is the
//! paper's `[0, 2^{B+M+|S|})`; as the outer function of a composed layout it is `y >= 0`.

use layout_algebra::{Result, Swizzle};

use crate::expr::{floor_div, modulo, pow2, Sum};
use crate::isl::{Ctx, Map};

/// The swizzled offset of `var` (text).
pub fn swizzle_offset(var: &str, sw: &Swizzle) -> Result<String> {
    let (b, m, s) = (sw.b as u32, sw.m as u32, sw.s);
    let r0 = m + s.max(0) as u32;
    let w0 = m + (-s.min(0)) as u32;
    let mut sum = Sum::new();
    sum.add(1, var);
    for k in 0..b {
        let (w, r) = (w0 + k, r0 + k);
        let what = "swizzle relation";
        let fw = floor_div(var, pow2(w, what)?);
        let fr = floor_div(var, pow2(r, what)?);
        let xor = modulo(&format!("{fw} + {fr}"), 2);
        let old = modulo(&fw, 2);
        sum.add(pow2(w, what)?, &format!("{xor} - {old}"));
    }
    Ok(sum.text())
}

/// Bits a swizzle touches: B + M + |S| (the paper's n).
pub fn swizzle_bits(sw: &Swizzle) -> u32 {
    (sw.b + sw.m + sw.s.abs()) as u32
}

/// The swizzle as a relation on offsets: over `[0, 2^{B+M+|S|})` alone, over `y >= 0` as
/// the outer function of a composed layout.
pub fn swizzle_map<'c>(ctx: &'c Ctx, sw: &Swizzle, alone: bool) -> Result<Map<'c>> {
    let dom = if alone {
        format!("0 <= y < {}", pow2(swizzle_bits(sw), "swizzle domain")?)
    } else {
        "y >= 0".to_string()
    };
    let z = swizzle_offset("y", sw)?;
    Map::parse(ctx, &format!("{{ [y] -> [z] : z = {z} and {dom} }}"))
}
