//! Everything the text syntax can denote: integers and integer tuples, coordinates with `_`,
//! layouts and layout functions, stride descriptors, by-mode tilers and the wildcard `_`.

use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::offset_composed::OffsetComposed;
use crate::stride::StrideTuple;
use crate::tuple::{IntTuple, Tree};

/// A coordinate leaf: an integer or the slicing wildcard `_`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CrdLeaf {
    Int(Int),
    All,
}

pub type Coord = Tree<CrdLeaf>;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// An integer or integer tuple (also a shape).
    Tuple(IntTuple),
    /// A coordinate that contains at least one `_` (for slice/dice).
    Coord(Coord),
    /// A stride descriptor without shape, e.g. `(1@0, 8@1)`.
    Strides(StrideTuple),
    /// A layout, swizzle or composed layout.
    Func(Func),
    /// A composed layout with a coordinate offset `A o (o0,o1) o B` (offset_composed.rs).
    OffsetComposed(Box<OffsetComposed>),
    /// A by-mode tiler `[t0, t1, ...]`.
    Tiler(Vec<Value>),
    /// The wildcard `_`.
    All,
    /// A list of integers (results only: evaluation tables).
    Ints(Vec<i64>),
    /// A structured result already rendered as JSON text (results only: hardware
    /// descriptors); printed verbatim, embedded as JSON by `layout batch`.
    Json(String),
}

impl Value {
    pub fn layout(l: Layout) -> Value {
        Value::Func(Func::Layout(l))
    }
    pub fn int(v: i64) -> Value {
        Value::Tuple(IntTuple::lit(v))
    }
    /// A short name of the kind of value, for diagnostics.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Tuple(Tree::Leaf(_)) => "an integer",
            Value::Tuple(_) => "an integer tuple",
            Value::Coord(_) => "a coordinate with '_'",
            Value::Strides(_) => "a stride descriptor",
            Value::Func(Func::Layout(_)) => "a layout",
            Value::Func(Func::Swizzle(_)) => "a swizzle",
            Value::Func(Func::Composed(_)) => "a composed layout",
            Value::OffsetComposed(_) => "a composed layout with a tuple offset",
            Value::Tiler(_) => "a tiler",
            Value::All => "'_'",
            Value::Ints(_) => "a list of integers",
            Value::Json(_) => "a JSON result",
        }
    }
}
