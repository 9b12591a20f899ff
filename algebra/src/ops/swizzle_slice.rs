//! slice(c, Sw o off o L) as CuTe C++ computes it (swizzle_layout.hpp, slice_and_offset of a
//! ComposedLayout<Swizzle<B,M,S>,Offset,Layout>), for a coordinate c with both `_` and integer
//! leaves. `slice` returns the layout part; CuTe hands the rest of the offset to the pointer.
//!
//! With Z the B-bit field the swizzle writes and Y the field it reads (bits M.. and M+|S|..):
//!   L_s = slice(c, L), L_d = dice(c, L), c_d = dice(c, c) (the fixed coordinates);
//!   zy  = the Z/Y bits of L_d(c_d), anti = its other bits (both through CuTe's projection
//!         layouts composed with L_d);
//!   off' = off XOR zy.
//! If the bits L_s reaches (its Z/Y projection at its last index) contain a read bit together
//! with the written bit it pairs with, the slice stays swizzled: R = Sw o off' o L_s (pointer
//! offset anti). Otherwise it decays to a plain layout: R = P o L_s, where P is the layout of
//! x -> Sw(off' + x) - Sw(off') on the bits L_s reaches (its Z-field strides are ±Z·2^i, its
//! Y-field strides Y±Z·2^i, signs from the bits of off'), pointer offset Sw(off') + anti.
//! Example: slice((3,_), Sw<3,4,3> o 0 o (8,64):(64,1)) = ((16,2,2)):((1,-16,32)).
//!
//! Post-condition, checked by evaluation on the whole slice (a sample past 2^16 points):
//! R(j) + pointer offset = (Sw o off o L)(c with its `_` filled by j). When CuTe's rule does
//! not give that (a composition it relies on is refused, or the bits carry), the caller keeps
//! the exact form Sw o (off + L(c|_=0)) o L_s instead.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int;
use crate::layout::Layout;
use crate::ops::composition::compose;
use crate::ops::slice::{dice, slice};
use crate::swizzle::Swizzle;
use crate::tuple::{IntTuple, Tree};
use crate::value::{Coord, CrdLeaf};

/// Whether CuTe's rule applies: a swizzle that is not the identity and a coordinate with both
/// `_` and integer leaves (an all-`_` coordinate keeps the layout, an all-integer one has no
/// CuTe slice).
pub(crate) fn applies(crd: &Coord, sw: &Swizzle) -> bool {
    let (mut any_all, mut any_int) = (false, false);
    crd.for_each_leaf(&mut |x| match x {
        CrdLeaf::All => any_all = true,
        CrdLeaf::Int(_) => any_int = true,
    });
    any_all && any_int && !sw.is_identity()
}

/// Whether a coordinate has no `_` (CuTe's swizzled slice does not compile for it).
pub(crate) fn selects_nothing(crd: &Coord) -> bool {
    let mut any_all = false;
    crd.for_each_leaf(&mut |x| any_all |= *x == CrdLeaf::All);
    !any_all
}

/// (R, pointer offset) by CuTe's rule (unchecked: the caller checks by evaluation).
pub(crate) fn decay(crd: &Coord, sw: &Swizzle, offset: i64, l: &Layout) -> Result<(Func, i64)> {
    let (b, m, s) = (sw.b as i64, sw.m as i64, (sw.s as i64).abs());
    let p2 = |e: i64| -> Result<i64> {
        if !(0..62).contains(&e) {
            return Err(Error::algebra("slice: swizzle field past 2^62"));
        }
        Ok(1i64 << e)
    };
    // sw = (2^M, 2^B, 2^(|S|-B), 2^B, 1) with compact strides, and its two projections.
    let shape = [p2(m)?, p2(b)?, p2(s - b)?, p2(b)?, 1];
    let top = p2(m + b + s)?;
    let anti_zy = Layout::flat(&shape, &[1, 0, p2(m + b)?, 0, top]);
    let only_zy = Layout::flat(&shape, &[0, p2(m)?, 0, p2(m + s)?, 0]);

    let sliced = slice(crd, l)?;
    let diced = dice(crd, l)?;
    let diced_crd = dice_coord(crd)?;
    let zy = compose(&only_zy, &diced)?.eval_crd(&diced_crd)?;
    let anti = compose(&anti_zy, &diced)?.eval_crd(&diced_crd)?;
    let off_zy = offset ^ zy;

    let sliced_zy = compose(&only_zy, &sliced)?;
    let active = sliced_zy.eval(int::sub(sliced_zy.size()?, 1)?)?;
    if active & !sw.apply(active) != 0 {
        // A read bit and the written bit it pairs with are both reached: not reducible.
        let r = Func::composed(Func::Swizzle(*sw), off_zy, Func::Layout(sliced));
        return Ok((r, anti));
    }
    let zbit = sw.zzz_mask() & sw.zzz_mask().wrapping_neg();
    let ybit = sw.yyy_mask() & sw.yyy_mask().wrapping_neg();
    let strides = |z_first: bool| -> Vec<i64> {
        (0..b)
            .map(|i| {
                if z_first {
                    // The Z field: +-Z·2^i, negative where off' has the paired Y bit.
                    if off_zy & (ybit << i) == 0 {
                        zbit << i
                    } else {
                        -(zbit << i)
                    }
                } else if off_zy & (zbit << i) == 0 {
                    // The Y field: setting y bit i also flips z bit i.
                    (ybit + zbit) << i
                } else {
                    (ybit - zbit) << i
                }
            })
            .collect()
    };
    let (lo, hi) = (strides(zbit < ybit), strides(zbit > ybit));
    let field = |v: Vec<i64>| -> (IntTuple, crate::stride::StrideTuple) {
        (
            Tree::Node(v.iter().map(|_| IntTuple::lit(2)).collect()),
            crate::stride::StrideTuple::ints(&v),
        )
    };
    let ((lo_s, lo_d), (hi_s, hi_d)) = (field(lo), field(hi));
    let swizzle_layout = Layout::new(
        Tree::Node(vec![
            IntTuple::lit(p2(m)?),
            lo_s,
            IntTuple::lit(p2(s - b)?),
            hi_s,
            IntTuple::lit(1),
        ]),
        Tree::Node(vec![
            crate::stride::StrideTuple::int(1),
            lo_d,
            crate::stride::StrideTuple::int(p2(m + b)?),
            hi_d,
            crate::stride::StrideTuple::int(top),
        ]),
    )?;
    let r = compose(&swizzle_layout, &sliced)?;
    Ok((Func::Layout(r), int::add(sw.apply(off_zy), anti)?))
}

/// dice(c, c): the integer leaves of a coordinate, as CuTe's dice keeps them.
fn dice_coord(crd: &Coord) -> Result<IntTuple> {
    fn go(c: &Coord, out: &mut Vec<IntTuple>) {
        match c {
            Tree::Leaf(CrdLeaf::Int(i)) => out.push(Tree::Leaf(i.clone())),
            Tree::Leaf(CrdLeaf::All) => {}
            Tree::Node(v) => v.iter().for_each(|x| go(x, out)),
        }
    }
    let mut out = Vec::new();
    go(crd, &mut out);
    Ok(Tree::Node(out))
}
