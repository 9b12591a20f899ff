//! The relation operations of `layout-relation` (layouts as ISL integer set relations:
//! `relation`, `equal`, `is_injective`, `is_bijective`, `image`, `gaps`, `from_relation`, ...)
//! in `layout eval` and `layout batch`. They sit above the algebra, which knows nothing of ISL;
//! their arguments are passed on as text (a nested call's value as its printed text). An
//! error is a message and where it is; `batch` and the expression evaluator (registry.rs)
//! make their own errors of it.

use layout_algebra::Value;
use layout_relation::ops::call_text;

/// A batch request to a relation operation; None for other operations. An error carries the
/// (argument index, byte offset inside it) of a parse error.
#[allow(clippy::type_complexity)]
pub fn batch<S: AsRef<str>>(
    op: &str,
    args: &[S],
) -> Option<Result<Value, (String, Option<(usize, usize)>)>> {
    let r = call_text(op, args)?;
    Some(
        r.map(|a| a.into_value())
            .map_err(|(e, arg)| (e.to_string(), arg.zip(e.offset()))),
    )
}

/// `layout eval` of a call at `at` to a relation operation (results as plain text), on the
/// texts of its arguments as `layout batch` reads them (`expression::arg_texts`);
/// `value_at[i]` is where argument `i` starts when it is a value text (None for a nested
/// call). An error carries its offset in the whole expression: a parse error inside a value
/// argument points into it, any other error at the call.
pub fn eval_call<S: AsRef<str>>(
    name: &str,
    at: usize,
    texts: &[S],
    value_at: &[Option<usize>],
) -> Result<Value, (String, Option<usize>)> {
    let r = call_text(name, texts).expect("a relation operation");
    r.map(|a| Value::Json(a.into_text())).map_err(|(e, arg)| {
        match (
            e.offset(),
            arg.and_then(|i| value_at.get(i).copied().flatten()),
        ) {
            (Some(_), Some(arg_at)) => {
                let e = e.shifted(arg_at);
                (e.to_string(), e.offset())
            }
            _ => (e.to_string(), Some(at)),
        }
    })
}
