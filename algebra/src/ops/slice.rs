//! Slicing with a coordinate that contains `_`: slice keeps the modes at `_` (concatenated at
//! the level where they occur), dice keeps the others; the offset of the slice is L(c) with
//! every `_` read as 0. As in CuTe (underscore.hpp), a whole-layout coordinate keeps the layout
//! as it is: slice(_, L) = L, dice(n, L) = L for an integer n.

use crate::error::{Error, Result};
use crate::int::Int;
use crate::layout::Layout;
use crate::stride::StrideTuple;
use crate::tuple::{IntTuple, Tree};
use crate::value::{Coord, CrdLeaf};

fn gather(
    c: &Coord,
    s: &IntTuple,
    d: &StrideTuple,
    keep_all: bool,
    out: &mut Vec<Layout>,
) -> Result<()> {
    match c {
        Tree::Leaf(CrdLeaf::All) => {
            if keep_all {
                out.push(Layout::raw(s.clone(), d.clone()));
            }
            Ok(())
        }
        Tree::Leaf(CrdLeaf::Int(_)) => {
            if !keep_all {
                out.push(Layout::raw(s.clone(), d.clone()));
            }
            Ok(())
        }
        Tree::Node(cs) => match (s, d) {
            (Tree::Node(ss), Tree::Node(ds)) if ss.len() == cs.len() => {
                for ((ci, si), di) in cs.iter().zip(ss).zip(ds) {
                    gather(ci, si, di, keep_all, out)?;
                }
                Ok(())
            }
            _ => Err(Error::algebra(format!(
                "slice: coordinate {} is not congruent to shape {}",
                crate::text::print(&crate::value::Value::Coord(c.clone())),
                crate::text::print_int_tuple(s)
            ))),
        },
    }
}

fn pieces(c: &Coord, l: &Layout, keep_all: bool) -> Result<Layout> {
    // CuTe's entry points: slice(_, L) = L and dice(n, L) = L for an integer n (the whole
    // layout, not wrapped); slice(n, L) and dice(_, L) are empty.
    if let Tree::Leaf(leaf) = c {
        return Ok(if keep_all == (*leaf == CrdLeaf::All) {
            l.clone()
        } else {
            Layout::from_modes(vec![])
        });
    }
    let mut out = Vec::new();
    gather(c, &l.shape, &l.stride, keep_all, &mut out)?;
    Ok(Layout::from_modes(out))
}

/// The sub-layout at the `_` positions of c.
pub fn slice(c: &Coord, l: &Layout) -> Result<Layout> {
    pieces(c, l, true)
}

/// The sub-layout at the integer positions of c (the complement of slice).
pub fn dice(c: &Coord, l: &Layout) -> Result<Layout> {
    pieces(c, l, false)
}

/// L(c) with `_` read as 0.
pub fn slice_offset(c: &Coord, l: &Layout) -> Result<i64> {
    let zeroed: IntTuple = c.map(&mut |x| match x {
        CrdLeaf::Int(i) => i.clone(),
        CrdLeaf::All => Int::Lit(0),
    });
    l.eval_crd(&zeroed)
}

/// Check that every coordinate leaf lies inside its extent (the last mode may absorb more).
pub fn check_coord_in_domain(crd: &IntTuple, shape: &IntTuple) -> Result<()> {
    match (crd, shape) {
        (Tree::Leaf(c), s) => {
            let c = c.get("crd2idx")?;
            let n = s.product()?;
            if c < 0 || c >= n {
                return Err(Error::algebra(format!(
                    "crd2idx: coordinate {c} is outside [0, {n})"
                )));
            }
            Ok(())
        }
        (Tree::Node(cs), Tree::Node(ss)) if cs.len() == ss.len() => cs
            .iter()
            .zip(ss)
            .try_for_each(|(c, s)| check_coord_in_domain(c, s)),
        _ => Err(Error::algebra(format!(
            "crd2idx: coordinate {} is not congruent to shape {}",
            crate::text::print_int_tuple(crd),
            crate::text::print_int_tuple(shape)
        ))),
    }
}

/// Linear index -> hierarchical coordinate of a shape (index must be in [0, size)).
pub fn idx2crd(idx: i64, shape: &IntTuple) -> Result<IntTuple> {
    let n = shape.product()?;
    if idx < 0 || idx >= n {
        return Err(Error::algebra(format!(
            "idx2crd: index {idx} is outside [0, {n})"
        )));
    }
    crate::tuple::idx2crd(idx, shape)
}

/// Hierarchical coordinate -> linear index of a shape.
pub fn crd2lin(crd: &IntTuple, shape: &IntTuple) -> Result<i64> {
    check_coord_in_domain(crd, shape)?;
    crate::tuple::crd2lin(crd, shape)
}
