//! A byte swizzle as ISL constraints, written from the hardware's definition: the swizzle
//! modes of the shared-memory descriptors and of TMA XOR address bits. With `b` bits, base
//! `m` and shift `s` (CuTe's `Sw<b,m,s>` on bytes), bit `m + i` of the address (i < b) becomes
//! `bit(m+i) xor bit(m+s+i)`:
//!
//! | mode | b | m | s | bits flipped | by bits |
//! |------|---|---|---|--------------|---------|
//! | 128B | 3 | 4 | 3 | 4..6 (16-byte chunk) | 7..9 (128-byte row mod 8) |
//! | 64B  | 2 | 4 | 3 | 4..5 | 7..8 |
//! | 32B  | 1 | 4 | 3 | 4 | 7 |
//! | 128B with 32B atoms (UMMA) | 2 | 5 | 2 | 5..6 (32-byte chunk) | 7..8 |
//!
//! The address is split into bits with existential 0/1 variables; the XOR of two bits `x, y`
//! is the `t` in `{0, 1}` with `x + y = t + 2c`, `c` in `{0, 1}` (linear, exact).

use crate::isl_text::Constraints;

/// A byte swizzle: `b` bits XORed at `m` by the bits at `m + s`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XorSwizzle {
    pub b: u32,
    pub m: u32,
    pub s: u32,
}

impl XorSwizzle {
    pub const B128: XorSwizzle = XorSwizzle { b: 3, m: 4, s: 3 };
    pub const B64: XorSwizzle = XorSwizzle { b: 2, m: 4, s: 3 };
    pub const B32: XorSwizzle = XorSwizzle { b: 1, m: 4, s: 3 };
    pub const B128_ATOM32: XorSwizzle = XorSwizzle { b: 2, m: 5, s: 2 };

    /// The swizzle of a non-negative address as a word operation: bit `m + i` (i < b) XORed
    /// with bit `m + s + i`. Linear over F2 (the map of [`XorSwizzle::apply`], exactly).
    pub fn apply_bits(self, p: u64) -> u64 {
        let mask = ((1u64 << self.b) - 1) << self.m;
        p ^ ((p >> self.s) & mask)
    }

    /// Constrain a new variable to the swizzled value of the non-negative address `p`; returns
    /// its name.
    pub fn apply(self, c: &mut Constraints, p: &str) -> String {
        let (b, m, s) = (self.b, self.m, self.s);
        // p = hi * 2^(m+s+b) + sum_i y_i 2^(m+s+i) + mid * 2^(m+b) + sum_i z_i 2^(m+i) + lo
        let hi = c.var("swhi");
        let lo = c.var("swlo");
        let mid = c.var("swmid");
        c.push(format!("{hi} >= 0"));
        c.range(&lo, 1 << m);
        c.range(&mid, 1 << (s - b));
        let mut parts = vec![
            format!("{}*{hi}", 1i64 << (m + s + b)),
            format!("{}*{mid}", 1i64 << (m + b)),
            lo.clone(),
        ];
        let mut out_parts = parts.clone();
        for i in 0..b {
            let (y, z, t, k) = (c.var("swy"), c.var("swz"), c.var("swt"), c.var("swc"));
            for v in [&y, &z, &t, &k] {
                c.range(v, 2);
            }
            c.push(format!("{z} + {y} = {t} + 2*{k}"));
            parts.push(format!("{}*{y}", 1i64 << (m + s + i)));
            parts.push(format!("{}*{z}", 1i64 << (m + i)));
            out_parts.push(format!("{}*{y}", 1i64 << (m + s + i)));
            out_parts.push(format!("{}*{t}", 1i64 << (m + i)));
        }
        c.push(format!("{p} = {}", parts.join(" + ")));
        let out = c.var("swout");
        c.push(format!("{out} = {}", out_parts.join(" + ")));
        out
    }
}
