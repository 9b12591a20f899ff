//! Affine maps over F2 on a box of power-of-two extents: the exact, ISL-free form of the address
//! maps whose integer sums never carry.
//!
//! A map `f` from the box `[0, 2^a_0) x [0, 2^a_1) x ..` to the non-negative integers is affine
//! over F2 when `f(x) = f(0) XOR (XOR of col_j over the set bits j of x)`, the bits of `x`
//! numbered from the first input's lowest bit. Two affine maps on the same box are equal at
//! every point iff their constants and columns are equal (evaluate at 0, then at each unit bit),
//! so equality is decided by comparing at most 64 + 1 words, exactly.
//!
//! [`NoCarrySum`] builds such a map from an integer formula `start + sum coef * field(x_i)`,
//! where `field` is a bit field of one input: when every product `coef << j` (one per bit j
//! of a field) and `start` occupy pairwise disjoint bits, the sum never carries, so it equals
//! the XOR of the terms, and the formula is affine over F2 on the box. Otherwise the builder
//! answers "not proven linear" and the caller decides by other means (ISL). A bit-level linear
//! map applied to the values ([`AffineF2::then`]: an XOR swizzle, a shift by a power of two)
//! keeps the map affine.

/// An affine map over F2 on a box of power-of-two extents (see the module comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineF2 {
    /// log2 of each input's extent.
    pub in_bits: Vec<u32>,
    /// The image of every input bit (first input's bits first, lowest bit first), XORed.
    pub columns: Vec<u64>,
    /// The image of the origin.
    pub constant: u64,
}

impl AffineF2 {
    /// Total number of input bits.
    pub fn total_in_bits(&self) -> u32 {
        self.in_bits.iter().sum()
    }

    /// The value at the point `x` (one coordinate per input, each inside its extent).
    pub fn eval(&self, x: &[i64]) -> u64 {
        let mut acc = self.constant;
        let mut j = 0usize;
        for (&v, &n) in x.iter().zip(&self.in_bits) {
            for k in 0..n {
                if v >> k & 1 == 1 {
                    acc ^= self.columns[j + k as usize];
                }
            }
            j += n as usize;
        }
        acc
    }

    /// `g o self` for a map `g` that is linear over F2 on the values (`g(a ^ b) = g(a) ^ g(b)`,
    /// `g(0) = 0`): an XOR swizzle, a multiplication or floor division by a power of two. The
    /// caller vouches for the linearity of `g`.
    pub fn then(&self, g: impl Fn(u64) -> u64) -> AffineF2 {
        AffineF2 {
            in_bits: self.in_bits.clone(),
            columns: self.columns.iter().map(|&c| g(c)).collect(),
            constant: g(self.constant),
        }
    }
}

/// `v * 2^k` (k >= 0) or `floor(v / 2^-k)` (k < 0) over F2 (None on overflow): multiplying a
/// non-negative value by a power of two shifts its bits, a floor division drops the low ones;
/// both are linear over F2.
pub fn shift(v: u64, k: i32) -> Option<u64> {
    if k >= 0 {
        let k = k as u32;
        (k < 63 && v.leading_zeros() > k).then_some(v << k)
    } else {
        Some(v >> ((-k) as u32).min(63))
    }
}

/// Builder of an integer formula `start + sum coef * field` that stays exact over F2 only
/// while no two terms share a bit (see the module comment).
#[derive(Clone, Debug)]
pub struct NoCarrySum {
    /// The integer formula: start, then (input, lo, width, coef) per term.
    start: i64,
    terms: Vec<(usize, u32, Option<u32>, i64)>,
    map: AffineF2,
    /// Union of the bits of `start` and of every term so far.
    support: u64,
    /// False once two terms shared a bit (the sum may carry).
    exact: bool,
}

impl NoCarrySum {
    /// The sum `start` over the box of the given log2 extents. A negative start is not exact.
    pub fn new(in_bits: Vec<u32>, start: i64) -> NoCarrySum {
        let n = in_bits.iter().sum::<u32>() as usize;
        NoCarrySum {
            start,
            terms: Vec::new(),
            map: AffineF2 {
                in_bits,
                columns: vec![0; n],
                constant: start.max(0) as u64,
            },
            support: start.max(0) as u64,
            exact: start >= 0 && n <= 64,
        }
    }

    /// Add `coef * floor(x_i / 2^lo) mod 2^width` (`width` None: the whole quotient, every bit
    /// of x_i from `lo` up). Bits past the input's extent are zero on the box.
    pub fn field(&mut self, input: usize, lo: u32, width: Option<u32>, coef: i64) {
        self.terms.push((input, lo, width, coef));
        let Some(&n) = self.map.in_bits.get(input) else {
            self.exact = false;
            return;
        };
        if coef < 0 {
            self.exact = false;
            return;
        }
        let first: u32 = self.map.in_bits[..input].iter().sum();
        let top = width.map_or(n, |w| (lo + w).min(n));
        for k in lo..top {
            let Some(g) = shift(coef as u64, (k - lo) as i32) else {
                self.exact = false;
                return;
            };
            if g & self.support != 0 {
                self.exact = false;
            }
            self.support |= g;
            self.map.columns[(first + k) as usize] ^= g;
        }
    }

    /// The affine map, when no two terms shared a bit.
    pub fn finish(self) -> Option<AffineF2> {
        self.exact.then_some(self.map)
    }

    /// The integer formula at the point `x` (inside the box), carries and all: exact whether
    /// or not the sum is affine over F2. None on overflow or a malformed term.
    pub fn eval(&self, x: &[i64]) -> Option<i64> {
        let mut acc = self.start;
        for &(input, lo, width, coef) in &self.terms {
            let v = *x.get(input)?;
            if v < 0 || lo >= 63 {
                return None;
            }
            let mut f = v >> lo;
            if let Some(w) = width {
                f &= (1i64 << w.min(62)) - 1;
            }
            acc = acc.checked_add(coef.checked_mul(f)?)?;
        }
        Some(acc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(in_bits: &[u32], f: impl Fn(&[i64]) -> i64, m: &AffineF2) -> bool {
        let (a, b) = (1i64 << in_bits[0], 1i64 << in_bits[1]);
        (0..a).all(|x| (0..b).all(|y| f(&[x, y]) as u64 == m.eval(&[x, y])))
    }

    #[test]
    fn disjoint_terms_are_exact() {
        // 8192 + 16*(x mod 8) + 1024*floor(x/8) + 2*y on [0,64) x [0,8)
        let mut s = NoCarrySum::new(vec![6, 3], 8192);
        s.field(0, 0, Some(3), 16);
        s.field(0, 3, None, 1024);
        s.field(1, 0, None, 2);
        let m = s.finish().expect("no carry");
        assert!(brute(
            &[6, 3],
            |p| 8192 + 16 * (p[0] % 8) + 1024 * (p[0] / 8) + 2 * p[1],
            &m
        ));
    }

    #[test]
    fn overlapping_terms_are_refused() {
        // SBO 1152 = 1024 + 128 (an SBO off by 128): its first generator shares bit 7 with
        // the term 128*y.
        let mut s = NoCarrySum::new(vec![6, 3], 0);
        s.field(0, 0, Some(3), 16);
        s.field(0, 3, None, 1152);
        s.field(1, 0, None, 128);
        assert!(s.finish().is_none());
        // a coefficient that carries on its own: 3*x
        let mut s = NoCarrySum::new(vec![2, 0], 0);
        s.field(0, 0, None, 3);
        assert!(s.finish().is_none());
        // a start that shares a bit with a term
        let mut s = NoCarrySum::new(vec![3, 0], 16);
        s.field(0, 0, None, 16);
        assert!(s.finish().is_none());
    }

    #[test]
    fn swizzle_after_sum_is_exact() {
        let sw = |v: u64| v ^ ((v >> 3) & 0x70);
        let mut s = NoCarrySum::new(vec![3, 3], 0);
        s.field(0, 0, None, 128);
        s.field(1, 0, None, 16);
        let m = s.finish().unwrap().then(sw);
        assert!(brute(
            &[3, 3],
            |p| sw((128 * p[0] + 16 * p[1]) as u64) as i64,
            &m
        ));
    }

    #[test]
    fn integer_formula_keeps_its_carries() {
        let mut s = NoCarrySum::new(vec![6, 3], 0);
        s.field(0, 0, Some(3), 16);
        s.field(0, 3, None, 1152);
        s.field(1, 0, None, 128);
        for (x, y) in [(0, 0), (9, 1), (63, 7)] {
            assert_eq!(
                s.eval(&[x, y]),
                Some(16 * (x % 8) + 1152 * (x / 8) + 128 * y)
            );
        }
    }

    #[test]
    fn shifts() {
        assert_eq!(shift(3, 2), Some(12));
        assert_eq!(shift(12, -3), Some(1));
        assert_eq!(shift(1 << 62, 2), None);
    }
}
