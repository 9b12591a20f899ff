//! The operations of `layout eval` as the algebra's expression evaluator
//! (layout_algebra::expression) calls them: the registry (op_help.rs) says which names are
//! operations and how each reads its arguments (the CuTe, linear and hardware operations take
//! values, the LEGO operations texts), and the relation operations above the algebra are
//! answered by relation_ops.rs. The Python package includes this file (with op_help.rs and
//! relation_ops.rs), so that its `evaluate` and `bind` of an expression text answer as the CLI.

use layout_algebra::expression::{self, CallKind, ExprError, Registry};
use layout_algebra::Value;

use crate::op_help::{self, Family};

/// The registry of `layout help` as the expression evaluator's [`Registry`].
pub struct Ops;

impl Registry for Ops {
    fn kind(&self, name: &str) -> Option<CallKind> {
        op_help::family(name).and_then(|f| match f {
            Family::Cute | Family::Linear | Family::Hardware => Some(CallKind::Values),
            Family::Lego => Some(CallKind::Texts),
            Family::Relation => Some(CallKind::External),
            // An op of the dialect that exists only in IR is no call of an expression.
            Family::Kernel => None,
        })
    }

    fn call_external(
        &self,
        name: &str,
        at: usize,
        texts: &[String],
        value_at: &[Option<usize>],
    ) -> Result<Value, ExprError> {
        crate::relation_ops::eval_call(name, at, texts, value_at)
            .map_err(|(message, offset)| ExprError { message, offset })
    }

    fn list_hint(&self) -> Option<String> {
        Some("`layout help` lists the operations".into())
    }

    fn help_hint(&self, name: &str) -> Option<String> {
        Some(format!("`layout help {name}`"))
    }
}

/// The message for an operation name that the registry does not know, or knows as an op of
/// the dialect that exists only in IR.
pub fn unknown_op(name: &str) -> String {
    if op_help::family(name) == Some(Family::Kernel) {
        return format!(
            "'{name}' is an op of the dialect that exists only in IR (layout.{name}): it is not \
             evaluated; `layout help {name}` states its contract"
        );
    }
    expression::unknown_op(name, &Ops)
}
