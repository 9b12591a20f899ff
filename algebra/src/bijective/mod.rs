//! LEGO bijective layouts: chains of GroupBy/OrderBy/RegP/GenP (Tavakkoli, Oancea, Hall,
//! "LEGO: Layout Expression for Generating One-to-one Mapping"), their index expressions, the
//! simplifier, code generation and conversion to and from CuTe layouts. See docs/bijective.md.
//!
//! - [`chain`]: the pieces and the semantics (`apply`: logical index -> physical offset, `inv`).
//! - [`syntax`]: the text syntax (parse, canonical print).
//! - [`verify`]: bijectivity (GenP exhaustively), the full table.
//! - [`expr`]: the index-expression IR; [`range`]: range analysis; [`simplify`]: the rules.
//! - [`codegen`]: C, Triton and MLIR printers of the simplified apply and inv.
//! - [`cute`]: to and from CuTe shape:stride layouts; [`equal`]: equality by evaluation.
//! - [`dispatch`]: the `lego_*` operations of `layout batch`.

pub mod chain;
pub mod codegen;
pub mod cute;
pub mod dispatch;
pub mod equal;
pub mod expr;
pub mod index_math;
pub mod range;
pub mod simplify;
pub mod syntax;
pub mod verify;

pub use chain::{Chain, GenP, OrderBy, Piece};
pub use dispatch::{call_text_at, OP_NAMES};
pub use expr::{CmpOp, Expr};
pub use syntax::{parse_chain, parse_expr, print_chain};
