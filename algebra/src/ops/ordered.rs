//! Compact layouts in a chosen mode order, and the identity layout.
//!
//! make_ordered_layout(S, O): O assigns an order to each mode of S (O is congruent to S, or an
//!   order leaf covers a whole sub-shape). The mode with the smallest order gets the stride 1, the
//!   next starts at the size of the ones before it, and so on; a sub-shape under one order leaf is
//!   column-major inside. Dynamic orders `?` count as larger than every static one and are
//!   ordered left to right (CuTe's compact_order). Static size-1 modes get stride 0.
//!   Post-condition: R is compact: a bijection from its domain onto [0, size(S)), with
//!   stride(mode a) < stride(mode b) whenever order(a) < order(b) (modes of size > 1).
//!   Two modes of size > 1 with the same order are an error (they would overlap).
//! make_layout_like(L): the compact layout of shape(L) whose modes follow the order of L's
//!   strides; stride-0 modes stay stride 0 (CuTe). Post-conditions: same shape, the same
//!   zero-stride modes, the other modes a bijection onto [0, size(filter_zeros(L))).
//! make_identity_layout(S): shape S with the basis strides 1@0, 1@1, ... (nested modes get
//!   nested bases, 1@j@i for mode (i, j)); an integer shape n gives n:1. R(c) = c.

use crate::error::{Error, Result};
use crate::int::{self, Int};
use crate::layout::Layout;
use crate::stride::{Stride, StrideTuple};
use crate::text::{print_int_tuple, print_layout};
use crate::tuple::{IntTuple, Tree};

const CHECK_ALL: i64 = 1 << 16;

/// Pair each order leaf with the sub-shape it covers (in leaf order).
fn pair_up(shape: &IntTuple, order: &IntTuple, out: &mut Vec<(IntTuple, Int)>) -> Result<()> {
    match (shape, order) {
        (s, Tree::Leaf(o)) => {
            out.push((s.clone(), o.clone()));
            Ok(())
        }
        (Tree::Node(ss), Tree::Node(os)) if ss.len() == os.len() => {
            for (s, o) in ss.iter().zip(os) {
                pair_up(s, o, out)?;
            }
            Ok(())
        }
        _ => Err(Error::algebra(format!(
            "make_ordered_layout: the order {} does not match the shape {} (it must be congruent, or an order leaf covers a whole sub-shape)",
            print_int_tuple(order),
            print_int_tuple(shape)
        ))),
    }
}

/// Product of a (sub-)shape as an Int (dynamic if any leaf is).
fn size_of(s: &IntTuple) -> Result<Int> {
    let mut p = Int::Lit(1);
    for x in s.leaves() {
        p = p.mul(&x)?;
    }
    Ok(p)
}

/// Column-major strides of a sub-shape from `start` (static size-1 leaves get 0).
pub(crate) fn compact_from(s: &IntTuple, start: Int) -> Result<StrideTuple> {
    let mut cur = start;
    s.try_map(&mut |x| {
        if *x == Int::Lit(1) {
            return Ok(Stride::int(0));
        }
        let d = cur.clone();
        cur = cur.mul(x)?;
        Ok(Stride {
            coef: d,
            basis: Vec::new(),
        })
    })
}

pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    crate::tuple::check_shape(shape)?;
    let mut pairs = Vec::new();
    pair_up(shape, order, &mut pairs)?;
    // Dynamic orders: after every static one, left to right.
    let max_static = pairs
        .iter()
        .filter_map(|(_, o)| match o {
            Int::Lit(v) => Some(*v),
            Int::Dyn(_) => None,
        })
        .max()
        .unwrap_or(0);
    let keys: Vec<(i64, usize)> = pairs
        .iter()
        .enumerate()
        .map(|(i, (_, o))| match o {
            Int::Lit(v) => Ok((*v, i)),
            Int::Dyn(_) => Ok((int::add(int::add(max_static, 1)?, i as i64)?, i)),
        })
        .collect::<Result<_>>()?;
    let sizes: Vec<Int> = pairs
        .iter()
        .map(|(s, _)| size_of(s))
        .collect::<Result<_>>()?;
    let mut sorted = keys.clone();
    sorted.sort();
    // Ties between modes of size > 1 would overlap.
    for w in sorted.windows(2) {
        let (a, b) = (w[0], w[1]);
        if a.0 == b.0 && sizes[a.1] != Int::Lit(1) && sizes[b.1] != Int::Lit(1) {
            return Err(Error::algebra(format!(
                "make_ordered_layout: modes {} and {} of the shape {} have the same order {}; the layout would not be compact",
                a.1,
                b.1,
                print_int_tuple(shape),
                a.0
            )));
        }
    }
    let mut starts = vec![Int::Lit(1); pairs.len()];
    let mut cur = Int::Lit(1);
    for &(_, i) in &sorted {
        starts[i] = cur.clone();
        cur = cur.mul(&sizes[i])?;
    }
    let mut strides = pairs
        .iter()
        .zip(&starts)
        .map(|((s, _), st)| compact_from(s, st.clone()))
        .collect::<Result<Vec<_>>>()?
        .into_iter();
    let stride = rebuild(shape, order, &mut strides)?;
    let r = Layout::new(shape.clone(), stride)?;
    check_compact(&r, "make_ordered_layout")?;
    Ok(r)
}

/// Put the per-order-leaf stride trees back into the structure of the shape.
fn rebuild(
    shape: &IntTuple,
    order: &IntTuple,
    parts: &mut dyn Iterator<Item = StrideTuple>,
) -> Result<StrideTuple> {
    match (shape, order) {
        (_, Tree::Leaf(_)) => parts
            .next()
            .ok_or_else(|| Error::algebra("make_ordered_layout: internal error")),
        (Tree::Node(ss), Tree::Node(os)) => Ok(Tree::Node(
            ss.iter()
                .zip(os)
                .map(|(s, o)| rebuild(s, o, parts))
                .collect::<Result<_>>()?,
        )),
        _ => Err(Error::algebra("make_ordered_layout: internal error")),
    }
}

/// Check that the nonzero-stride part of a static layout is a bijection onto [0, n).
fn check_compact(l: &Layout, op: &str) -> Result<()> {
    if !l.is_static() {
        return Ok(());
    }
    let f = crate::ops::filter::filter_zeros(l);
    let n = f.size()?;
    if n > CHECK_ALL {
        return Ok(());
    }
    let mut seen = vec![false; n as usize];
    for i in 0..n {
        let x = f.eval(i)?;
        if x < 0 || x >= n || seen[x as usize] {
            return Err(Error::algebra(format!(
                "{op}: internal check failed: {} is not compact (offset {x} at i = {i})",
                print_layout(l)
            )));
        }
        seen[x as usize] = true;
    }
    Ok(())
}

pub fn make_layout_like(l: &Layout) -> Result<Layout> {
    let filtered = crate::ops::filter::filter_zeros(l);
    let order: IntTuple = l.stride.try_map(&mut |d| {
        if !d.is_int() {
            return Err(Error::algebra(format!(
                "make_layout_like: {} has a scaled-basis stride; the order needs integer strides",
                print_layout(l)
            )));
        }
        Ok(d.coef.clone())
    })?;
    let ordered = make_ordered_layout(&filtered.shape, &order)?;
    // Keep the shape of L; zero strides stay zero.
    let stride = zip_strides(&l.stride, &ordered.stride);
    let r = Layout::new(l.shape.clone(), stride)?;
    check_compact(&r, "make_layout_like")?;
    Ok(r)
}

fn zip_strides(orig: &StrideTuple, new: &StrideTuple) -> StrideTuple {
    match (orig, new) {
        (Tree::Leaf(d), Tree::Leaf(n)) => Tree::Leaf(if d.is_zero() {
            Stride::int(0)
        } else {
            n.clone()
        }),
        (Tree::Node(a), Tree::Node(b)) => {
            Tree::Node(a.iter().zip(b).map(|(x, y)| zip_strides(x, y)).collect())
        }
        (_, n) => n.clone(),
    }
}

pub fn make_identity_layout(shape: &IntTuple) -> Result<Layout> {
    crate::tuple::check_shape(shape)?;
    fn basis(s: &IntTuple, path: &mut Vec<u32>) -> StrideTuple {
        match s {
            Tree::Leaf(_) => Tree::Leaf(Stride {
                coef: Int::Lit(1),
                basis: path.clone(),
            }),
            Tree::Node(v) => Tree::Node(
                v.iter()
                    .enumerate()
                    .map(|(i, m)| {
                        path.push(i as u32);
                        let r = basis(m, path);
                        path.pop();
                        r
                    })
                    .collect(),
            ),
        }
    }
    Layout::new(shape.clone(), basis(shape, &mut Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{parse_int_tuple, parse_layout};

    fn t(s: &str) -> IntTuple {
        parse_int_tuple(s).unwrap()
    }
    fn mol(s: &str, o: &str) -> std::result::Result<String, String> {
        make_ordered_layout(&t(s), &t(o))
            .map(|l| print_layout(&l))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn ordered_layouts() {
        // CuTe's doc examples.
        assert_eq!(
            mol("(2,2,2,2)", "(0,2,3,1)").unwrap(),
            "(2,2,2,2):(1,4,8,2)"
        );
        assert_eq!(
            mol("(2,3,4,5)", "(2,?,?,50)").unwrap(),
            "(2,3,4,5):(1,10,30,2)"
        );
        assert_eq!(mol("(4,8)", "(1,0)").unwrap(), "(4,8):(8,1)");
        assert_eq!(mol("(4,8)", "(0,1)").unwrap(), "(4,8):(1,4)");
        // An order leaf covering a sub-shape: column-major inside.
        assert_eq!(mol("((2,3),4)", "(1,0)").unwrap(), "((2,3),4):((4,8),1)");
        assert_eq!(mol("(2,1,4)", "(2,1,0)").unwrap(), "(2,1,4):(4,0,1)");
        assert_eq!(mol("(4,?)", "(1,0)").unwrap(), "(4,?):(?,1)");
        assert!(mol("(4,8)", "(0,0)").unwrap_err().contains("same order"));
        assert!(mol("(4,8)", "(0,1,2)").is_err());
        assert!(mol("4", "(0,1)").is_err());
    }

    #[test]
    fn layout_like() {
        let like = |s: &str| print_layout(&make_layout_like(&parse_layout(s).unwrap()).unwrap());
        // CuTe's doc examples.
        assert_eq!(like("(2,2,2,2):(0,2,4,1)"), "(2,2,2,2):(0,2,4,1)");
        assert_eq!(like("(2,3,4,5):(0,?,1,0)"), "(2,3,4,5):(0,4,1,0)");
        assert_eq!(like("(4,8):(100,3)"), "(4,8):(8,1)");
        assert_eq!(like("((2,2),3):((7,1),20)"), "((2,2),3):((2,1),4)");
        assert!(make_layout_like(&parse_layout("(2,2):(1,1)").unwrap()).is_err());
    }

    #[test]
    fn identity_layouts() {
        let id = |s: &str| print_layout(&make_identity_layout(&t(s)).unwrap());
        assert_eq!(id("(4,8)"), "(4,8):(1@0,1@1)");
        assert_eq!(id("((2,3),4)"), "((2,3),4):((1@0@0,1@1@0),1@1)");
        assert_eq!(id("8"), "8:1");
        assert!(make_identity_layout(&t("(0,2)")).is_err());
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    fn shape_and_order() -> impl Strategy<Value = (Vec<i64>, Vec<i64>)> {
        proptest::collection::vec(1i64..=6, 1..=4).prop_flat_map(|s| {
            let n = s.len();
            (
                Just(s),
                Just((0..n as i64).collect::<Vec<_>>()).prop_shuffle(),
            )
        })
    }

    proptest! {
        #[test]
        fn ordered_layouts_are_compact_and_ordered((s, o) in shape_and_order()) {
            let shape = Tree::Node(s.iter().map(|&x| IntTuple::lit(x)).collect());
            let order = Tree::Node(o.iter().map(|&x| IntTuple::lit(x)).collect());
            let l = make_ordered_layout(&shape, &order).unwrap();
            let n = l.size().unwrap();
            let mut t = l.table(1 << 16).unwrap();
            t.sort();
            prop_assert_eq!(t, (0..n).collect::<Vec<_>>());
            let d = l.stride.values("test").unwrap();
            for i in 0..s.len() {
                for j in 0..s.len() {
                    if o[i] < o[j] && s[i] > 1 && s[j] > 1 {
                        prop_assert!(d[i] < d[j]);
                    }
                }
            }
            // make_layout_like of the result gives it back.
            prop_assert_eq!(make_layout_like(&l).unwrap(), l);
        }
    }
}
