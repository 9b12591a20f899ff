//! composition R = A o B when A or B has runtime leaves: CuTe's composition_impl step for
//! step on C++'s static/runtime arithmetic (crate::int), so the result has the static and
//! runtime leaves C++'s types give and, for any values, the values C++ computes; with the
//! conditions that make it right checked where C++ skips them.
//!
//! A is coalesced to flat modes (s_i:d_i) (coalesce_x, which merges only what C++ can merge
//! statically; its strides may be scaled bases d_i = c_i e_k, as an identity layout's, which
//! the walk scales by B's integers and which continue into the next mode only along the same
//! basis direction; B's strides are integers). Per integer mode s:d of B (B distributes over its modes): a static stride 0
//! gives s:0; an integral A gives s : d·d_A; else, with (q, r) = (s, d), for each mode i of A
//! but the last:
//!   next_shape = ceil_div(s_i, |r|), next_stride = ceil_div(|r|, s_i)·signum(r);
//!   when next_shape or q is a static 1, r = next_stride (the mode is skipped);
//!   else t = min(next_shape, q) elements with stride r·d_i, q = q / t, r = next_stride;
//! and the last mode of A takes q : r·d_last (dropped when q is a static 1, as C++ does).
//! C++ does not coalesce the result.
//!
//! Checks. For static values the step's conditions are C++'s static assertions (stride
//! divisibility: s_i | r or r < s_i; shape divisibility: t | q); they are errors. For runtime
//! values C++ checks nothing, and its conditions are not enough for R(c) = A(B(c)):
//! A = (48,128):(1,48) (48 runtime), B = (32,4):(1,32) passes both and gives R(64) = 48 while
//! A(B(64)) = 64. The walk is exact (ops/composition.rs) when every step that takes t > 1
//! elements has r >= 0 and either r | s_i or t = q (the walk ends in this mode) and t | q, and
//! when the largest digits the leaves of B reach in each mode i of A add up to less than s_i
//! (sum_j (t_ij - 1)·r_ij < s_i: no carry between the digits of A). These are the conditions
//! recorded for runtime values (Layout::with_conditions); when one of them is false for
//! static values while C++'s would pass, the result is refused with it.

use crate::error::{Error, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::coalesce::{coalesce_x, Mode};
use crate::stride::Stride;
use crate::text::print_layout;
use crate::tuple::Tree;

/// The walk's state over one composition: per mode of flat A but the last, the sum of the
/// largest digits the leaves of B reach; and the conditions found so far.
struct Walk {
    digits: Vec<Int>,
    conds: Vec<(Int, String)>,
}

/// A o B with runtime leaves (module comment).
pub fn compose_runtime(a: &Layout, b: &Layout) -> Result<Layout> {
    // A's strides may be scaled bases (an identity layout's e_k: the walk only scales them by
    // B's integers); B's must be integers (its strides index A's domain).
    if b.stride.has_basis() {
        return Err(Error::algebra(format!(
            "composition: {} o {}: B's scaled-basis strides with runtime leaves are not supported (B's strides index A's domain)",
            print_layout(a),
            print_layout(b)
        )));
    }
    let flat = coalesce_x(a)?;
    let mut walk = Walk {
        digits: vec![Int::Lit(0); flat.len().saturating_sub(1)],
        conds: Vec::new(),
    };
    let r = b.map_leaf_modes(&mut |k, s, d| compose_mode(&flat, s, &d.coef, k, &mut walk))?;
    // A scaled basis times a runtime integer has no text (`?@1`): refused, as before A's
    // bases were taken (an identity layout tiled by static tilers keeps static coefficients).
    if r.stride
        .leaves()
        .iter()
        .any(|d| !d.basis.is_empty() && !d.coef.is_static())
    {
        return Err(Error::algebra(format!(
            "composition: {} o {}: A's scaled-basis strides times B's runtime strides are not supported",
            print_layout(a),
            print_layout(b)
        )));
    }
    // S_i = sum_i + (the carry out of mode i - 1 when that mode continues into mode i, d_i =
    // s_{i-1}·d_{i-1}: then the two act as one mode and the carry is harmless); the condition
    // is S_i < s_i unless mode i continues into mode i + 1.
    let mut carry = Int::Lit(0);
    for (i, sum) in walk.digits.iter().enumerate() {
        let (si, di) = (&flat[i].0, &flat[i].1.coef);
        let s_total = sum.add(&carry)?;
        // Mode i continues into mode i + 1 only along the same basis direction.
        let merged = if flat[i + 1].1.basis == flat[i].1.basis {
            flat[i + 1].1.coef.eq_cond(&si.mul(di)?)?
        } else {
            Int::Lit(0)
        };
        carry = merged.mul(&s_total.div(si)?)?;
        let c = s_total.add(&Int::Lit(1))?.le_cond(si)?.or_cond(&merged)?;
        let what = format!(
            "composition {} o {}: the digits B reaches in mode {i} of coalesced A add up past its extent (a carry: R(c) != A(B(c)))",
            print_layout(a),
            print_layout(b)
        );
        walk.conds.push((c, what));
    }
    r.with_conditions(walk.conds, "composition")
}

fn int_layout(shape: Vec<Int>, stride: Vec<Stride>) -> Layout {
    if shape.len() == 1 {
        Layout::raw(
            Tree::Leaf(shape.into_iter().next().unwrap()),
            Tree::Leaf(stride.into_iter().next().unwrap()),
        )
    } else {
        Layout::raw(
            Tree::Node(shape.into_iter().map(Tree::Leaf).collect()),
            Tree::Node(stride.into_iter().map(Tree::Leaf).collect()),
        )
    }
}

/// Flat A composed with the single mode s:d of B (B's leaf number `k`).
fn compose_mode(flat: &[Mode], s: &Int, d: &Int, k: usize, walk: &mut Walk) -> Result<Layout> {
    let plain = |x: &Int| Stride {
        coef: x.clone(),
        basis: Vec::new(),
    };
    if d.is_const(0) {
        return Ok(int_layout(vec![s.clone()], vec![plain(d)]));
    }
    let (last, init) = flat
        .split_last()
        .expect("coalesce_x returns at least one mode");
    if init.is_empty() {
        return Ok(int_layout(vec![s.clone()], vec![last.1.scale_by(d)?]));
    }
    let ctx = |i: usize, cond: &str| {
        format!(
            "composition: mode {k} of B ({}:{}) meets mode {i} of coalesced A (extent {}): {cond}",
            crate::sym::Sym::text(&s.sym()),
            crate::sym::Sym::text(&d.sym()),
            crate::sym::Sym::text(&flat[i].0.sym())
        )
    };
    let zero = Int::Lit(0);
    let one = Int::Lit(1);
    let mut rest_shape = s.clone();
    let mut rest_stride = d.clone();
    let mut shapes = Vec::with_capacity(init.len() + 1);
    let mut strides = Vec::with_capacity(init.len() + 1);
    for (i, (si, di)) in init.iter().enumerate() {
        let ar = rest_stride.abs()?;
        // C++'s stride divisibility condition: s_i | r or r < s_i.
        // For static values it is C++'s static assertion; for runtime values the exactness
        // condition below replaces it (C++'s is neither needed nor enough there).
        let stride_ok = rest_stride
            .rem(si)?
            .eq_cond(&zero)?
            .or_cond(&rest_stride.add(&one)?.le_cond(si)?)?;
        if let Int::Lit(0) = stride_ok {
            return Err(Error::algebra(ctx(
                i,
                "the stride is neither a multiple of the extent nor smaller than it (stride divisibility condition)",
            )));
        }
        let next_shape = si.ceil_div(&ar)?;
        let next_stride = ar.ceil_div(si)?.mul(&rest_stride.signum()?)?;
        // Skipping mode i (one element of it, or |r| >= s_i) is exact when one element is
        // left or s_i | r.
        let single = rest_shape.eq_cond(&one)?;
        let skip_exact = single.or_cond(&rest_stride.rem(si)?.eq_cond(&zero)?)?;
        if next_shape.is_const(1) || rest_shape.is_const(1) {
            walk.conds.push((
                skip_exact,
                ctx(i, "the stride skips this mode without being a multiple of its extent (R(c) != A(B(c)))"),
            ));
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(&rest_shape)?;
        let shape_ok = rest_shape.rem(&new_shape)?.eq_cond(&zero)?;
        if let Int::Lit(0) = shape_ok {
            return Err(Error::algebra(ctx(
                i,
                "the remaining extent is not a multiple of the elements this mode provides (shape divisibility condition)",
            )));
        }
        walk.conds.push((
            shape_ok,
            ctx(i, "the remaining extent is not a multiple of the elements this mode provides (shape divisibility condition)"),
        ));
        // Exactness of the step (module comment): one element left; or |r| >= s_i (a skip at
        // run time) and s_i | r; or |r| < s_i, r >= 0 and (r | s_i or t = q).
        let inside = Int::Lit(2).le_cond(&next_shape)?;
        let take_exact = zero.le_cond(&rest_stride)?.mul(
            &si.rem(&ar)?
                .eq_cond(&zero)?
                .or_cond(&new_shape.eq_cond(&rest_shape)?)?,
        )?;
        let exact = single.or_cond(
            &inside
                .mul(&take_exact)?
                .or_cond(&one.add(&inside.mul(&Int::Lit(-1))?)?.mul(&skip_exact)?)?,
        )?;
        walk.conds.push((
            exact,
            ctx(i, "the elements taken from this mode are not evenly spaced within it (R(c) != A(B(c)))"),
        ));
        walk.digits[i] = walk.digits[i].add(&new_shape.add(&Int::Lit(-1))?.mul(&ar)?)?;
        shapes.push(new_shape.clone());
        strides.push(di.scale_by(&rest_stride)?);
        rest_shape = rest_shape.div(&new_shape)?;
        rest_stride = next_stride;
    }
    if shapes.is_empty() {
        return Ok(int_layout(
            vec![rest_shape],
            vec![last.1.scale_by(&rest_stride)?],
        ));
    }
    if !rest_shape.is_const(1) {
        shapes.push(rest_shape);
        strides.push(last.1.scale_by(&rest_stride)?);
    }
    Ok(int_layout(shapes, strides))
}
