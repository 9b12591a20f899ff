//! Canonical printing: no `_` static marks, no spaces, `s:d` for leaves, `(..)` for tuples.
//! The printers of the core types live with the types (`print_int_tuple` in tuple.rs,
//! `print_stride` in stride.rs, `print_layout` in layout.rs, `print_func` in func.rs): their
//! error messages print values; this file prints every [`Value`].

use crate::func::print_func;
use crate::int::push_int;
use crate::stride::print_stride_tuple;
use crate::tuple::{print_int_tuple, push_tree};
use crate::value::{CrdLeaf, Value};

pub fn print(v: &Value) -> String {
    match v {
        Value::Tuple(t) => print_int_tuple(t),
        Value::Coord(c) => {
            let mut s = String::new();
            push_tree(&mut s, c, &|o: &mut String, x: &CrdLeaf| match x {
                CrdLeaf::Int(i) => push_int(o, i),
                CrdLeaf::All => o.push('_'),
            });
            s
        }
        Value::Strides(t) => print_stride_tuple(t),
        Value::Func(f) => print_func(f),
        Value::OffsetComposed(c) => c.print(),
        Value::Tiler(items) => {
            let parts: Vec<String> = items.iter().map(print).collect();
            format!("[{}]", parts.join(","))
        }
        Value::All => "_".to_string(),
        Value::Json(j) => j.clone(),
        Value::Ints(v) => {
            let parts: Vec<String> = v.iter().map(|x| x.to_string()).collect();
            format!("[{}]", parts.join(","))
        }
    }
}
