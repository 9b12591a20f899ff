//! Canonical printing: no `_` static marks, no spaces, `s:d` for leaves, `(..)` for tuples.

use std::fmt::Write;

use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::stride::{Stride, StrideTuple};
use crate::tuple::{IntTuple, Tree};
use crate::value::{CrdLeaf, Value};

fn tree<T, F: Fn(&mut String, &T)>(out: &mut String, t: &Tree<T>, leaf: &F) {
    match t {
        Tree::Leaf(x) => leaf(out, x),
        Tree::Node(v) => {
            out.push('(');
            for (i, c) in v.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                tree(out, c, leaf);
            }
            out.push(')');
        }
    }
}

fn int(out: &mut String, x: &Int) {
    match x {
        Int::Lit(v) => push_i64(out, *v),
        Int::Dyn => out.push('?'),
    }
}

/// Decimal text of `v`, written at the end of `buf` (20 bytes hold every i64 with its sign);
/// returns the written part. No formatting machinery: printing is on the batch path.
pub fn decimal(v: i64, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    let mut u = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (u % 10) as u8;
        u /= 10;
        if u == 0 {
            break;
        }
    }
    if v < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    &buf[i..]
}

fn push_i64(out: &mut String, v: i64) {
    decimal(v, &mut [0; 20])
        .iter()
        .for_each(|&c| out.push(char::from(c)));
}

fn stride(out: &mut String, d: &Stride) {
    int(out, &d.coef);
    for m in d.basis.iter().rev() {
        write!(out, "@{m}").unwrap();
    }
}

pub fn print_int_tuple(t: &IntTuple) -> String {
    let mut s = String::new();
    tree(&mut s, t, &int);
    s
}
pub fn print_stride(d: &Stride) -> String {
    let mut s = String::new();
    stride(&mut s, d);
    s
}
pub fn print_stride_tuple(t: &StrideTuple) -> String {
    let mut s = String::new();
    tree(&mut s, t, &stride);
    s
}
pub fn print_layout(l: &Layout) -> String {
    let mut s = String::with_capacity(32);
    tree(&mut s, &l.shape, &int);
    s.push(':');
    tree(&mut s, &l.stride, &stride);
    s
}
pub fn print_func(f: &Func) -> String {
    match f {
        Func::Layout(l) => print_layout(l),
        Func::Swizzle(sw) => format!("Sw<{},{},{}>", sw.b, sw.m, sw.s),
        Func::Composed(c) => format!(
            "{} o {} o {}",
            print_func(&c.outer),
            c.offset,
            print_func(&c.inner)
        ),
    }
}
pub fn print(v: &Value) -> String {
    match v {
        Value::Tuple(t) => print_int_tuple(t),
        Value::Coord(c) => {
            let mut s = String::new();
            tree(&mut s, c, &|o: &mut String, x: &CrdLeaf| match x {
                CrdLeaf::Int(i) => int(o, i),
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
