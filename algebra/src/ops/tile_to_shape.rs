//! tile_to_shape(L, S[, O]): repeat the block L until it covers the target shape S (CuTe).
//! With R = rank(S) (rank(L) <= R), L padded to rank R with 1:0 modes, the block shape
//! b_i = size(mode i of L) and the target t_i = size(mode i of S), each b_i must divide t_i;
//! the blocks are laid out by make_ordered_layout((t_i / b_i), O) (O defaults to
//! column-major: mode 0 first) and
//!   R = blocked_product(L, that layout)   (no coalesce, as CuTe since CUTLASS v3.8:
//!   tile_to_shape((128,128):(128,1), (1024,512)) = ((128,8),(128,4)):((128,16384),(1,131072))).
//! Post-conditions: size(mode i of R) = t_i for every i, size(R) = size(S), and R restricted to
//! the first block (coordinates below b_i in every mode) is L.

use crate::error::{Error, Result};
use crate::int;
use crate::layout::Layout;
use crate::ops::ordered::make_ordered_layout;
use crate::ops::product::{blocked_product, pad_rank};
use crate::text::{print_int_tuple, print_layout};
use crate::tuple::{IntTuple, Tree};
use crate::value::Value;

fn modes_of_shape(s: &IntTuple) -> Vec<IntTuple> {
    match s {
        Tree::Leaf(_) => vec![s.clone()],
        Tree::Node(v) => v.clone(),
    }
}

pub fn tile_to_shape(
    block: &Layout,
    target: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<Layout> {
    crate::tuple::check_shape(target)?;
    let target_modes = modes_of_shape(target);
    let r = target_modes.len();
    let block_rank = if block.shape.is_leaf() {
        1
    } else {
        block.rank()
    };
    if block_rank > r {
        return Err(Error::algebra(format!(
            "tile_to_shape: the block {} has rank {block_rank}, more than the rank {r} of the target shape {}",
            print_layout(block),
            print_int_tuple(target)
        )));
    }
    let padded = pad_rank(block, r);
    if block.has_runtime_leaf() || !target.is_static() {
        return tile_to_shape_runtime(block, &padded, target, &target_modes, order);
    }
    let mut product = Vec::with_capacity(r);
    for (i, (bm, tm)) in padded.modes().iter().zip(&target_modes).enumerate() {
        let (b, t) = (bm.size()?, tm.product()?);
        if t % b != 0 {
            return Err(Error::algebra(format!(
                "tile_to_shape: mode {i}: the block size {b} does not divide the target size {t} (block {} into shape {})",
                print_layout(block),
                print_int_tuple(target)
            )));
        }
        product.push(IntTuple::lit(int::div(t, b)?));
    }
    // CuTe's product_each(shape(S)) is a tuple even for an integral S.
    let product_shape = Tree::Node(product);
    let tiles = make_ordered_layout(&product_shape, &order_of(order, r)?)?;
    let out = blocked_product(&padded, &Value::layout(tiles))?;
    check(block, &padded, target, &target_modes, &out)?;
    Ok(out)
}

fn order_of(order: Option<&IntTuple>, r: usize) -> Result<IntTuple> {
    let order = match order {
        Some(o @ Tree::Node(_)) => o.clone(),
        Some(o) => Tree::Node(vec![o.clone()]),
        None => Tree::Node((0..r as i64).map(IntTuple::lit).collect()),
    };
    check_order(&order, r)?;
    Ok(order)
}

/// tile_to_shape with runtime leaves: C++'s steps on runtime values (the tile counts are
/// ceil_div(t_i, b_i)); where C++ rounds a non-dividing runtime target up, the condition
/// b_i | t_i is recorded (Layout::with_conditions).
fn tile_to_shape_runtime(
    block: &Layout,
    padded: &Layout,
    target: &IntTuple,
    target_modes: &[IntTuple],
    order: Option<&IntTuple>,
) -> Result<Layout> {
    let mut product = Vec::with_capacity(target_modes.len());
    let mut conds = Vec::new();
    for (i, (bm, tm)) in padded.modes().iter().zip(target_modes).enumerate() {
        let (b, t) = (bm.size_int()?, tm.product_int()?);
        conds.push((
            t.rem(&b)?.eq_cond(&crate::int::Int::Lit(0))?,
            format!(
                "tile_to_shape: mode {i}: the block size does not divide the target size (block {} into shape {})",
                print_layout(block),
                print_int_tuple(target)
            ),
        ));
        product.push(Tree::Leaf(t.ceil_div(&b)?));
    }
    let product_shape = Tree::Node(product);
    let tiles = make_ordered_layout(&product_shape, &order_of(order, target_modes.len())?)?;
    blocked_product(padded, &Value::layout(tiles))?.with_conditions(conds, "tile_to_shape")
}

fn check(
    block: &Layout,
    padded: &Layout,
    target: &IntTuple,
    target_modes: &[IntTuple],
    out: &Layout,
) -> Result<()> {
    let out_modes = if out.shape.is_leaf() {
        vec![out.clone()]
    } else {
        out.modes()
    };
    let fail = |what: String| {
        Err(Error::algebra(format!(
            "tile_to_shape: internal check failed for block {} and shape {}: {what}",
            print_layout(block),
            print_int_tuple(target)
        )))
    };
    if out_modes.len() != target_modes.len() {
        return fail(format!(
            "rank {} instead of {}",
            out_modes.len(),
            target_modes.len()
        ));
    }
    for (i, (o, t)) in out_modes.iter().zip(target_modes).enumerate() {
        if o.size()? != t.product()? {
            return fail(format!(
                "mode {i} has size {} instead of {}",
                o.size()?,
                t.product()?
            ));
        }
    }
    if !padded.is_static() || padded.stride.has_basis() || padded.size()? > 1 << 16 {
        return Ok(());
    }
    // The first block: coordinate c_i < b_i in every mode gives L(c).
    let pm = padded.modes();
    let bsizes: Vec<i64> = pm.iter().map(|m| m.size()).collect::<Result<_>>()?;
    let n = padded.size()?;
    for idx in 0..n {
        let mut rest = idx;
        let mut want = 0i64;
        let mut got = 0i64;
        for (i, m) in pm.iter().enumerate() {
            let c = rest % bsizes[i];
            rest /= bsizes[i];
            want = int::add(want, m.eval(c)?)?;
            got = int::add(got, out_modes[i].eval(c)?)?;
        }
        if want != got {
            return fail(format!(
                "the first block differs from the block at index {idx}"
            ));
        }
    }
    Ok(())
}

/// The order of tile_to_shape ranks the modes of the tile grid: it must be a permutation of
/// 0..r (static), as CuTe IR requires (C++ sorts any keys, so `(1,2)` and `(0,5)` would pass
/// there; they are almost always a typo for a permutation, and `(0,0)` overlaps the tiles).
fn check_order(order: &IntTuple, r: usize) -> Result<()> {
    let flat: Vec<int::Int> = order.leaves();
    let mut seen = vec![false; r];
    let bad = |why: String| {
        Err(Error::algebra(format!(
            "tile_to_shape: the order {} must be a permutation of 0..{}: {why}",
            print_int_tuple(order),
            r.saturating_sub(1)
        )))
    };
    if flat.len() != r {
        return bad(format!("it has {} entries for {r} modes", flat.len()));
    }
    for v in flat {
        match v {
            int::Int::Lit(k) if k >= 0 && (k as usize) < r => {
                if std::mem::replace(&mut seen[k as usize], true) {
                    return bad(format!("{k} appears twice"));
                }
            }
            int::Int::Lit(k) => return bad(format!("{k} is out of range")),
            int::Int::Dyn(_) => return bad("a dynamic entry '?'".to_string()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn tiles_cover_the_target(
            (s0, s1) in (1i64..=4, 1i64..=4),
            (m0, m1) in (1i64..=3, 1i64..=3),
            row_major in any::<bool>(),
            order_swap in any::<bool>(),
        ) {
            let block = if row_major {
                Layout::flat(&[s0, s1], &[s1, 1])
            } else {
                Layout::flat(&[s0, s1], &[1, s0])
            };
            let target = IntTuple::tuple(vec![IntTuple::lit(s0 * m0), IntTuple::lit(s1 * m1)]);
            let order = IntTuple::tuple(if order_swap {
                vec![IntTuple::lit(1), IntTuple::lit(0)]
            } else {
                vec![IntTuple::lit(0), IntTuple::lit(1)]
            });
            let r = tile_to_shape(&block, &target, Some(&order)).unwrap();
            prop_assert_eq!(r.mode(0).unwrap().size().unwrap(), s0 * m0);
            prop_assert_eq!(r.mode(1).unwrap().size().unwrap(), s1 * m1);
            // Compact blocks tile into a compact whole: every offset once.
            let n = r.size().unwrap();
            let mut t = r.table(1 << 16).unwrap();
            t.sort();
            prop_assert_eq!(t, (0..n).collect::<Vec<_>>());
            // The first block is the block.
            for i in 0..s0 {
                for j in 0..s1 {
                    let crd = IntTuple::tuple(vec![IntTuple::lit(i), IntTuple::lit(j)]);
                    prop_assert_eq!(r.eval_crd(&crd).unwrap(), block.eval_crd(&crd).unwrap());
                }
            }
        }
    }
}
