//! CuTe's XOR swizzle Sw<B,M,S>: the B bits at [M + max(S,0), ...) are XORed into the B bits
//! at [M - min(S,0), ...):  f(x) = x ^ ((x & yyy) >> S)  with yyy = (2^B - 1) << (M + max(S,0))
//! (a negative S shifts left). f is an involution on non-negative offsets.

use crate::error::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Swizzle {
    pub b: i32,
    pub m: i32,
    pub s: i32,
}

impl Swizzle {
    /// Largest B + M + |S|: the highest touched bit, B + M + |S| - 1, must stay below the
    /// sign bit of an i64 offset.
    pub const MAX_BITS: i64 = 63;

    /// Validate B >= 0, M >= 0, |S| >= B (the read and written bit ranges must not overlap
    /// unless B = 0) and that every touched bit fits in an i64 offset: B + M + |S| <= 63.
    /// Each parameter is range-checked on its own first, so no arithmetic here can overflow
    /// and the fields hold exactly the given values.
    pub fn new(b: i64, m: i64, s: i64) -> Result<Swizzle> {
        if b < 0 || m < 0 {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: B and M must be non-negative"
            )));
        }
        let max = Self::MAX_BITS;
        for (name, v) in [
            ("B", b.unsigned_abs()),
            ("M", m.unsigned_abs()),
            ("|S|", s.unsigned_abs()),
        ] {
            if v > max as u64 {
                return Err(Error::algebra(format!(
                    "Sw<{b},{m},{s}>: {name} = {v} is out of range (B + M + |S| must be at most {max})"
                )));
            }
        }
        let abs_s = s.abs(); // |s| <= 63 here
        if b > 0 && abs_s < b {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: |S| = {abs_s} is smaller than B = {b}, so the read and written bits overlap"
            )));
        }
        if b + m + abs_s > max {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: B + M + |S| = {} exceeds {max} (the bits touched must fit in an i64 offset)",
                b + m + abs_s
            )));
        }
        Ok(Swizzle {
            b: b as i32,
            m: m as i32,
            s: s as i32,
        })
    }
    /// Bits that are read (shifted into the written range).
    pub fn yyy_mask(&self) -> i64 {
        ((1i64 << self.b) - 1) << (self.m + self.s.max(0))
    }
    /// Bits that are written (XORed).
    pub fn zzz_mask(&self) -> i64 {
        ((1i64 << self.b) - 1) << (self.m - self.s.min(0))
    }
    pub fn apply(&self, x: i64) -> i64 {
        let y = x & self.yyy_mask();
        let moved = if self.s >= 0 {
            y >> self.s
        } else {
            y << (-self.s)
        };
        x ^ moved
    }
    pub fn is_identity(&self) -> bool {
        self.b == 0
    }
}
