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
    /// Validate B >= 0, M >= 0, |S| >= B (the read and written bit ranges must not overlap
    /// unless B = 0) and that every touched bit fits in an i64 offset.
    pub fn new(b: i64, m: i64, s: i64) -> Result<Swizzle> {
        if b < 0 || m < 0 {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: B and M must be non-negative"
            )));
        }
        if b > 0 && s.abs() < b {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: |S| = {} is smaller than B = {b}, so the read and written bits overlap",
                s.abs()
            )));
        }
        if b + m + s.abs() > 62 {
            return Err(Error::algebra(format!(
                "Sw<{b},{m},{s}>: bit range B + M + |S| exceeds 62 bits"
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
