//! The text syntax (CuTe's print syntax): parser and canonical printer.
//! parse(print(x)) == x for every value.

mod parse;
mod print;

pub use crate::func::print_func;
pub use crate::int::decimal;
pub use crate::layout::print_layout;
pub use crate::stride::{print_stride, print_stride_tuple};
pub use crate::tuple::print_int_tuple;
pub use parse::{
    parse, parse_func, parse_int_tuple, parse_layout, parse_numbered, MAX_BASIS_MODE, MAX_DEPTH,
    MAX_LEAVES,
};
pub use print::print;
