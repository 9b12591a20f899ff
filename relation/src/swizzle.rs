//! CuTe swizzles as relations (the paper's Section 4, with CuTe's bit ranges).
//!
//! `Sw<B,M,S>` XORs the B bits read at r_k = M + max(S,0) + k into the bits written at
//! w_k = M - min(S,0) + k (k < B): f(y) = y ^ ((y & yyy) >> S). As in the paper, the offset
//! is decomposed into bits (the binary coordinate mapping), the written bits are XORed with
//! the read ones (the binary swizzle mapping, XOR as a sum mod 2) and the bits are put back
//! together, all as existentially quantified variables of one relation:
//!
//! ```text
//! { [y] -> [z] : exists (lo, b_a..b_{e-1}, h, x_k, t_k :
//!     y = lo + sum_j 2^j b_j + 2^e h and 0 <= lo < 2^a and 0 <= b_j <= 1 and h >= 0
//!     and x_k = b_{w_k} + b_{r_k} - 2 t_k and 0 <= x_k, t_k <= 1
//!     and z = y + sum_k 2^{w_k} (x_k - b_{w_k})) }
//! ```
//!
//! where [a, e) covers every read and written bit. Alone, a swizzle's domain is the paper's
//! `[0, 2^{B+M+|S|})`; as the outer function of a composed layout, every offset `>= 0`.

use layout_algebra::{Result, Swizzle};

use crate::expr::{pow2, Exists, Sum};

/// The swizzled offset of the expression `y` with its bits as existential variables (the
/// paper's binary swizzle mapping): y = lo + sum_{j in [a, e)} 2^j b_j + 2^e h with
/// 0 <= lo < 2^a, b_j in {0, 1}, h >= 0, where [a, e) covers every read and written bit;
/// each written bit becomes x_k = b_w + b_r - 2 t_k with x_k, t_k in {0, 1} (the XOR), and
/// z = y + sum_k 2^{w_k} (x_k - b_{w_k}). The decomposition also requires y >= 0. ISL decides
/// properties of relations written this way much faster than of nested floors.
pub fn swizzle_apply(y: &str, sw: &Swizzle, ex: &mut Exists) -> Result<String> {
    let (b, m, s) = (sw.b as u32, sw.m as u32, sw.s);
    if b == 0 {
        ex.cons.push(format!("{y} >= 0"));
        return Ok(y.to_string());
    }
    let what = "swizzle relation";
    let r0 = m + s.max(0) as u32;
    let w0 = m + (-s.min(0)) as u32;
    let (a, e) = (r0.min(w0), r0.max(w0) + b);
    let mut parts = Sum::new();
    if a > 0 {
        let lo = ex.fresh("lo");
        ex.cons.push(format!("0 <= {lo} < {}", pow2(a, what)?));
        parts.add(1, &lo);
    }
    let mut bits = Vec::with_capacity((e - a) as usize);
    for j in a..e {
        let v = ex.fresh("b");
        ex.cons.push(format!("0 <= {v} <= 1"));
        parts.add(pow2(j, what)?, &v);
        bits.push(v);
    }
    let h = ex.fresh("h");
    ex.cons.push(format!("{h} >= 0"));
    parts.add(pow2(e, what)?, &h);
    ex.cons.push(format!("{y} = {}", parts.text()));
    let mut z = Sum::new();
    z.add(1, y);
    for k in 0..b {
        let (bw, br) = (&bits[(w0 + k - a) as usize], &bits[(r0 + k - a) as usize]);
        let (x, t) = (ex.fresh("x"), ex.fresh("t"));
        ex.cons.push(format!(
            "{x} = {bw} + {br} - 2{t} and 0 <= {x} <= 1 and 0 <= {t} <= 1"
        ));
        z.add(pow2(w0 + k, what)?, &format!("{x} - {bw}"));
    }
    Ok(z.text())
}

/// Bits a swizzle touches: B + M + |S| (the paper's n).
pub fn swizzle_bits(sw: &Swizzle) -> u32 {
    (sw.b + sw.m + sw.s.abs()) as u32
}
