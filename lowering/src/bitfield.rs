//! Bit fields of an index: the terms of a layout applied to a linear index that are masks and
//! shifts of one value, merged so that each distinct shift costs one mask.
//!
//! With a power-of-two divisor 2^p (the product of the extents before the leaf, relative to
//! the value `base` being split), a power-of-two extent 2^q and a power-of-two stride 2^r, the
//! term of a leaf is ((base >> p) & (2^q - 1)) << r: the bits [p, p+q) of `base`, moved by
//! r - p. The top field (the last leaf, or any leaf whose quotient stays below its extent on
//! the value range, any extent) is the bits [p, bitlen(hi)) of `base`. Fields of the same base
//! and the same shift d = r - p have disjoint source bits, so their sum is
//! (base & M) shifted by d, where M is the union of their masks: one `andi` and at most one
//! shift for the whole group. The `andi` is left out when M covers every bit of the range of
//! `base` (those below -d included, which a right shift drops anyway). Stride-0 leaves emit
//! nothing and identity leaves (stride = divisor) have d = 0, so the fields around them merge:
//! `(4,2,8):(1,0,8)` is `i & 59`, and `(i >> k) << k` is `i & ~(2^k - 1)`.
//!
//! A group costs at most 2 ops and each field alone would cost at least as much as its share,
//! so grouping never emits more ops than lowering each leaf by itself.

use crate::emit::{power_of_two, Emitter, Sym};
use crate::symbolic::Leaf;

const I64_MAX: i128 = i64::MAX as i128;

/// Number of bits of a non-negative range bound (0 for 0).
fn bitlen(hi: i128) -> u32 {
    128 - (hi.max(0) as u128).leading_zeros()
}

/// The mask of the bits [lo, hi) (hi <= 63 gives a non-negative mask; hi >= 63 covers the
/// sign bit too, i.e. ~(2^lo - 1)).
fn bits(lo: u32, hi: u32) -> i64 {
    let below = (1i64 << lo.min(62)) - 1;
    if hi >= 63 {
        !below
    } else {
        ((1i64 << hi) - 1) & !below
    }
}

/// A field of `base`: source mask and shift.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub mask: i64,
    pub shift: i32,
}

/// The field of a leaf with extent `s` and stride `d`, split from `base` with the divisor
/// 2^p; `last`: the leaf takes no mod. None when the term is not a bit field of `base`.
pub fn field(base: Sym, p: u32, s: Leaf, d: Leaf, last: bool) -> Option<Field> {
    if base.konst.is_some() || !base.nonneg() || base.val.is_none() {
        return None;
    }
    let r = power_of_two(d.lit()?)?;
    let quotient_hi = base.hi >> p;
    if quotient_hi == 0 {
        return None;
    }
    let top = last || s.lit().is_some_and(|s| quotient_hi < s as i128);
    let width = bitlen(base.hi);
    let mask = if top {
        bits(p, width)
    } else {
        let q = power_of_two(s.lit()?)?;
        if p + q > 62 {
            return None;
        }
        bits(p, p + q)
    };
    let shift = r as i32 - p as i32;
    // The largest value of the field must not overflow when moved up.
    let field_hi = if mask >= 0 {
        (mask as i128).min(base.hi)
    } else {
        base.hi
    };
    if shift > 0 && (shift >= 63 || field_hi << shift > I64_MAX) {
        return None;
    }
    Some(Field { mask, shift })
}

/// The terms of one group: (base & mask) shifted by `shift`.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    pub base: Sym,
    pub mask: i64,
    pub shift: i32,
    /// Fields merged into the group.
    pub fields: usize,
}

impl Group {
    /// Whether `f` of `base` joins this group.
    pub fn takes(&self, base: &Sym, f: &Field) -> bool {
        self.shift == f.shift
            && self.base.val.map(|v| v.ptr) == base.val.map(|v| v.ptr)
            && self.base.lo == base.lo
            && self.base.hi == base.hi
    }

    /// Whether the `andi` can be left out: the mask keeps every bit of the range that the
    /// shift does not drop.
    fn mask_needed(&self) -> bool {
        let all = bits(0, bitlen(self.base.hi));
        let dropped = if self.shift < 0 {
            bits(0, (-self.shift) as u32)
        } else {
            0
        };
        all & !self.mask & !dropped != 0
    }

    /// Ops of [`Group::emit`].
    pub fn cost(&self) -> u32 {
        self.mask_needed() as u32 + (self.shift != 0) as u32
    }

    /// Emit the group. A right shift goes first, then the mask moved with it (so that
    /// `base >> k` is shared with other terms that divide by 2^k); a left shift goes after the
    /// mask when the mask starts at bit 0 (sharing `base & (2^q - 1)`), before it otherwise
    /// (when the shifted value provably fits).
    pub fn emit(&self, e: &mut Emitter) -> Sym {
        let needed = self.mask_needed();
        let k = self.shift.unsigned_abs();
        if self.shift < 0 {
            let v = e.shr(self.base, k);
            return if needed {
                e.and_const(v, self.mask >> k)
            } else {
                v
            };
        }
        let shift_first = self.shift > 0
            && needed
            && self.mask & 1 == 0
            && self.mask > 0
            && (self.base.hi << k) <= I64_MAX
            && ((self.mask as i128) << k) <= I64_MAX;
        if shift_first {
            let v = e.shl(self.base, k);
            return e.and_const(v, self.mask << k);
        }
        let v = if needed {
            e.and_const(self.base, self.mask)
        } else {
            self.base
        };
        if k > 0 {
            e.shl(v, k)
        } else {
            v
        }
    }
}
