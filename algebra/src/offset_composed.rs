//! Composed layouts with a coordinate (tuple) offset, `A o O o B` (CuTe's ComposedLayout with
//! a tuple offset, as `domain_offset` and CuTe IR's `(4,5):(1,4) o (0,0) o (2,3):(1@0,1@1)`
//! make them): x -> A(O + B(x)), where
//! - B(x) is a coordinate of A's domain: the coordinate vector when B has scaled-basis strides,
//!   else the integer index B(x), read as the coordinate idx2crd(B(x), shape(A)) (CuTe IR
//!   defines this sum only for B(x) = 0, where both readings agree);
//! - O + v adds the two coordinates mode by mode (a mode missing from the shorter one is 0);
//! - A is evaluated at the coordinate (crd2idx; a coordinate past an extent is read linearly,
//!   as CuTe does): an integer for integer strides, a coordinate vector for scaled bases.
//!
//! The domain is B's. Both A and B are shape:stride layouts; such a value is a result of the
//! text syntax only (the operations that take a layout function refuse it with its kind).

use crate::error::{Error, Result};
use crate::int;
use crate::layout::{print_layout, Layout};
use crate::scaled_basis;
use crate::tuple::{idx2crd, print_int_tuple, IntTuple, Tree};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OffsetComposed {
    pub outer: Layout,
    pub offset: IntTuple,
    pub inner: Layout,
}

/// O + v, mode by mode; a leaf added to a tuple is an error unless it is 0 (then the other
/// operand is the sum).
fn add(o: &IntTuple, v: &IntTuple) -> Result<IntTuple> {
    match (o, v) {
        (Tree::Leaf(a), Tree::Leaf(b)) => {
            Ok(IntTuple::lit(int::add(a.get("offset")?, b.get("offset")?)?))
        }
        (Tree::Node(xs), Tree::Node(ys)) => {
            let n = xs.len().max(ys.len());
            let zero = IntTuple::lit(0);
            (0..n)
                .map(|i| add(xs.get(i).unwrap_or(&zero), ys.get(i).unwrap_or(&zero)))
                .collect::<Result<Vec<_>>>()
                .map(Tree::Node)
        }
        (Tree::Leaf(z), t) | (t, Tree::Leaf(z)) if z.get("offset")? == 0 => Ok(t.clone()),
        _ => Err(Error::algebra(format!(
            "offset: the coordinates {} and {} do not have the same profile",
            print_int_tuple(o),
            print_int_tuple(v)
        ))),
    }
}

impl OffsetComposed {
    pub fn new(outer: Layout, offset: IntTuple, inner: Layout) -> Result<OffsetComposed> {
        if !offset.is_static() {
            return Err(Error::algebra(format!(
                "the offset {} of a composed layout must be static",
                print_int_tuple(&offset)
            )));
        }
        Ok(OffsetComposed {
            outer,
            offset,
            inner,
        })
    }
    pub fn size(&self) -> Result<i64> {
        self.inner.size()
    }
    /// The coordinate O + B(x) of the outer layout's domain.
    fn outer_coord(&self, x: i64) -> Result<IntTuple> {
        let v = if self.inner.stride.has_basis() {
            scaled_basis::eval(&self.inner, x)?
        } else {
            idx2crd(self.inner.eval(x)?, &self.outer.shape)?
        };
        add(&self.offset, &v)
    }
    /// The value at x: an integer, or a coordinate vector when A has scaled-basis strides.
    pub fn apply(&self, x: i64) -> Result<IntTuple> {
        let n = self.size()?;
        if !(0..n).contains(&x) {
            return Err(Error::algebra(format!(
                "index {x} is outside the domain [0, {n}) of {}",
                self.print()
            )));
        }
        let c = self.outer_coord(x)?;
        if !c.congruent(&self.outer.shape) && !self.outer.shape.is_leaf() {
            return Err(Error::algebra(format!(
                "the coordinate {} (offset {} plus the inner layout's value at {x}) is not congruent to the shape {} of the outer layout {}",
                print_int_tuple(&c),
                print_int_tuple(&self.offset),
                print_int_tuple(&self.outer.shape),
                print_layout(&self.outer)
            )));
        }
        if self.outer.stride.has_basis() {
            scaled_basis::crd2idx(&c, &self.outer)
        } else {
            Ok(IntTuple::lit(self.outer.eval_crd(&c)?))
        }
    }
    pub fn print(&self) -> String {
        format!(
            "{} o {} o {}",
            print_layout(&self.outer),
            print_int_tuple(&self.offset),
            print_layout(&self.inner)
        )
    }
}
