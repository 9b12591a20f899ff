//! The relation operations of `layout-relation` (layouts as ISL integer set relations:
//! `relation`, `equal`, `is_injective`, `is_bijective`, `image`, `gaps`, `from_relation`, ...)
//! in `layout eval` and `layout batch`. They sit above the algebra, which knows nothing of ISL;
//! their arguments are passed on as text (a nested call's value as its printed text).

use layout_algebra::Value;
use layout_relation::ops::call_text;

use crate::batch::Failure;
use crate::expr::{arg_texts, Expr, ExprError};

/// A batch request to a relation operation; None for other operations.
pub fn batch<S: AsRef<str>>(op: &str, args: &[S]) -> Option<Result<Value, Failure>> {
    let r = call_text(op, args)?;
    Some(r.map(|a| a.into_value()).map_err(|(e, arg)| Failure {
        at: arg.zip(e.offset()),
        message: e.to_string(),
    }))
}

/// `layout eval` of a call to a relation operation (results as plain text). Arguments are
/// read as `layout batch` reads them: a LEGO chain is text, a nested operation's value its
/// text (`crate::expr::arg_texts`).
pub fn eval_call(name: &str, at: usize, args: &[Expr<'_>]) -> Result<Value, ExprError> {
    let texts = arg_texts(args)?;
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
