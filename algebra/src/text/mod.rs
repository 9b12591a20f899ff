//! The text syntax (CuTe's print syntax): parser and canonical printer.
//! parse(print(x)) == x for every value.

mod parse;
mod print;

pub use parse::{
    parse, parse_func, parse_int_tuple, parse_layout, MAX_BASIS_MODE, MAX_DEPTH, MAX_LEAVES,
};
pub use print::{
    decimal, print, print_func, print_int_tuple, print_layout, print_stride, print_stride_tuple,
};
