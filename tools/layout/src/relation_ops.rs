//! The relation operations of `layout-relation` (layouts as ISL integer set relations:
//! `relation`, `equal`, `is_injective`, `is_bijective`, `image`, `gaps`, `from_relation`, ...)
//! in `layout eval` and `layout batch`. They sit above the algebra, which knows nothing of ISL;
//! their arguments are passed on as text (a nested call's value as its printed text).

use layout_algebra::{text, Value};
use layout_relation::ops::{call_text, OP_NAMES};

use crate::batch::Failure;
use crate::expr::{eval, Expr, ExprError};

/// Whether `name` is a relation operation.
pub fn is_op(name: &str) -> bool {
    OP_NAMES.contains(&name)
}

/// A batch request to a relation operation; None for other operations.
pub fn batch<S: AsRef<str>>(op: &str, args: &[S]) -> Option<Result<Value, Failure>> {
    let r = call_text(op, args)?;
    Some(r.map(|a| a.into_value()).map_err(|(e, arg)| Failure {
        at: arg.zip(e.offset()),
        message: e.to_string(),
    }))
}

/// `layout eval` of a call to a relation operation (results as plain text).
pub fn eval_call(name: &str, at: usize, args: &[Expr<'_>]) -> Result<Value, ExprError> {
    let mut texts = Vec::with_capacity(args.len());
    for a in args {
        texts.push(match a {
            Expr::Value { text, .. } => text.to_string(),
            call => match eval(call)? {
                Value::Json(j) => j,
                v => text::print(&v),
            },
        });
    }
    let r = call_text(name, &texts).expect("a relation operation");
    r.map(|a| Value::Json(a.into_text())).map_err(|(e, arg)| {
        // A parse error inside an argument points into the whole expression.
        match (e.offset(), arg.and_then(|i| args.get(i))) {
            (Some(_), Some(Expr::Value { at: arg_at, .. })) => {
                let e = e.shifted(*arg_at);
                ExprError {
                    message: e.to_string(),
                    offset: e.offset(),
                }
            }
            _ => ExprError {
                message: e.to_string(),
                offset: Some(at),
            },
        }
    })
}
