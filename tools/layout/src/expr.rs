//! Expressions of `layout eval` and `layout show`: a value of the layout syntax, or a call
//! `name(arg, arg, ...)` whose arguments are expressions again.
//!
//! Values contain commas inside `()`, `[]` and `<>`, so a call's arguments are split only at
//! the commas of bracket depth 0. A call name is `[A-Za-z_][A-Za-z0-9_]*` with at least one
//! letter, immediately followed by `(`; so `_8`, `_` and `Sw<3,4,3>` are values. Every
//! position is a byte offset into the whole expression, so that an error inside an argument
//! points into the text the user typed.

use layout_algebra::{ops, Error, Value};

use crate::op_help::{self, Family};

/// Deepest nesting of calls accepted (the value parser has its own limit).
pub const MAX_CALL_DEPTH: usize = 64;

/// A parsed expression; `at` is the byte offset of the value text or of the call name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr<'a> {
    Value {
        text: &'a str,
        at: usize,
    },
    Call {
        name: &'a str,
        at: usize,
        args: Vec<Expr<'a>>,
    },
}

/// An error of evaluating an expression: the message and, when known, the byte offset in the
/// whole expression to point at (a parse error's byte, or the name of the call that failed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    pub message: String,
    pub offset: Option<usize>,
}

impl ExprError {
    fn at(offset: usize, message: impl Into<String>) -> ExprError {
        ExprError {
            message: message.into(),
            offset: Some(offset),
        }
    }
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r')
}

fn skip_ws(s: &[u8], mut pos: usize, end: usize) -> usize {
    while pos < end && is_ws(s[pos]) {
        pos += 1;
    }
    pos
}

/// If a call name starts at `pos`, the offset of its `(`.
fn call_open(s: &[u8], pos: usize, end: usize) -> Option<usize> {
    let mut i = pos;
    let mut letter = false;
    while i < end && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
        if i == pos && s[i].is_ascii_digit() {
            return None;
        }
        letter |= s[i].is_ascii_alphabetic();
        i += 1;
    }
    (letter && i < end && s[i] == b'(').then_some(i)
}

/// Parse the whole string as an expression.
pub fn parse_expr(src: &str) -> Result<Expr<'_>, ExprError> {
    parse_range(src, 0, src.len(), 0)
}

fn parse_range(src: &str, start: usize, end: usize, depth: usize) -> Result<Expr<'_>, ExprError> {
    let s = src.as_bytes();
    let pos = skip_ws(s, start, end);
    let Some(open) = call_open(s, pos, end) else {
        return Ok(Expr::Value {
            text: &src[start..end],
            at: start,
        });
    };
    let name = &src[pos..open];
    if depth >= MAX_CALL_DEPTH {
        return Err(ExprError::at(
            pos,
            format!("calls nested deeper than {MAX_CALL_DEPTH} levels"),
        ));
    }
    // Find the argument ranges and the matching ')'.
    let mut ranges = Vec::new();
    let mut level = 1usize;
    let mut arg_start = open + 1;
    let mut close = None;
    let mut i = open + 1;
    while i < end {
        match s[i] {
            // Braces enclose JSON and ISL text (`{ [c] -> [o] : c < 4 }`), whose `<`, `>` and
            // `->` are not brackets: skip to the matching brace.
            b'{' => {
                let mut braces = 0usize;
                while i < end {
                    match s[i] {
                        b'{' => braces += 1,
                        b'}' => {
                            braces -= 1;
                            if braces == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'<' => level += 1,
            b')' | b']' | b'>' | b'}' => {
                level -= 1;
                if level == 0 {
                    if s[i] != b')' {
                        return Err(ExprError::at(
                            i,
                            format!(
                                "expected ')' closing the call to {name}, found '{}'",
                                s[i] as char
                            ),
                        ));
                    }
                    ranges.push((arg_start, i));
                    close = Some(i);
                    break;
                }
            }
            b',' if level == 1 => {
                ranges.push((arg_start, i));
                arg_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let Some(close) = close else {
        return Err(ExprError::at(
            end,
            format!("expected ')' closing the call to {name}, found end of input"),
        ));
    };
    let after = skip_ws(s, close + 1, end);
    if after < end {
        return Err(ExprError::at(
            after,
            format!("unexpected text after the call to {name}"),
        ));
    }
    // `f()` has no arguments; an empty argument anywhere else is an error.
    if ranges.len() == 1 && skip_ws(s, ranges[0].0, ranges[0].1) == ranges[0].1 {
        ranges.clear();
    }
    let mut args = Vec::with_capacity(ranges.len());
    for (a, b) in ranges {
        let first = skip_ws(s, a, b);
        if first == b {
            return Err(ExprError::at(
                first,
                format!("expected an argument of {name}"),
            ));
        }
        // A bijective (LEGO) layout is written with calls of its own (`TileBy(...)`,
        // `OrderBy(...)`): in the arguments of a `lego_*` operation, a call of a name that is
        // not an operation is that layout's text, read by the operation itself.
        if is_text_op(name) && call_open(s, first, b).is_some_and(|o| !is_op(&src[first..o])) {
            args.push(Expr::Value {
                text: &src[a..b],
                at: a,
            });
            continue;
        }
        args.push(parse_range(src, a, b, depth + 1)?);
    }
    Ok(Expr::Call {
        name,
        at: pos,
        args,
    })
}

fn is_op(name: &str) -> bool {
    op_help::lookup(name).is_some()
}

/// Operations that read their arguments as texts (the bijective layouts' syntax is not a
/// value of the layout syntax; the relation operations read layouts of every kind).
fn is_text_op(name: &str) -> bool {
    op_help::family(name).is_some_and(Family::reads_text)
}

/// The argument texts of a text operation's call: value arguments as they were written, call
/// arguments as the text of their value (a JSON string result, e.g. `lego_from_cute`'s
/// chain, stands for its text; other JSON as it is; values in canonical text).
pub fn arg_texts(args: &[Expr<'_>]) -> Result<Vec<String>, ExprError> {
    let mut texts = Vec::with_capacity(args.len());
    for a in args {
        texts.push(match a {
            Expr::Value { text, .. } => (*text).to_string(),
            Expr::Call { .. } => match eval(a)? {
                Value::Json(raw) if raw.starts_with('"') => {
                    serde_json::from_str::<String>(&raw).unwrap_or(raw)
                }
                Value::Json(raw) => raw,
                v => layout_algebra::text::print(&v),
            },
        });
    }
    Ok(texts)
}

/// A relation operation's call (see [`arg_texts`]; crate::relation_ops).
fn eval_relation_call(name: &str, at: usize, args: &[Expr<'_>]) -> Result<Value, ExprError> {
    let texts = arg_texts(args)?;
    let value_at: Vec<Option<usize>> = args
        .iter()
        .map(|a| match a {
            Expr::Value { at, .. } => Some(*at),
            Expr::Call { .. } => None,
        })
        .collect();
    crate::relation_ops::eval_call(name, at, &texts, &value_at)
        .map_err(|(message, offset)| ExprError { message, offset })
}

/// A text operation's call (see [`arg_texts`]).
fn eval_text_call(name: &str, at: usize, args: &[Expr<'_>]) -> Result<Value, ExprError> {
    let texts = arg_texts(args)?;
    ops::call_text_at(name, &texts).map_err(|(err, arg)| {
        match (arg, arg.and_then(|i| args.get(i))) {
            (Some(_), Some(Expr::Value { at: arg_at, .. })) if err.offset().is_some() => {
                let err = err.shifted(*arg_at);
                ExprError {
                    message: err.to_string(),
                    offset: err.offset(),
                }
            }
            _ => ExprError::at(at, err.to_string()),
        }
    })
}

/// Evaluate a parsed expression.
pub fn eval(e: &Expr<'_>) -> Result<Value, ExprError> {
    eval_numbered(e, &mut 0)
}

/// Evaluate with the runtime leaves `?` of the value texts numbered from `*vars` on, left to
/// right (what `bind` gives values to).
fn eval_numbered(e: &Expr<'_>, vars: &mut u32) -> Result<Value, ExprError> {
    match e {
        Expr::Value { text, at } => ops::parse_arg_numbered(text, vars).map_err(|err| {
            let err = err.shifted(*at);
            ExprError {
                message: err.to_string(),
                offset: err.offset(),
            }
        }),
        Expr::Call { name, at, args } if *name == "bind" => eval_bind(*at, args),
        Expr::Call { name, at, args } => {
            match op_help::family(name) {
                None => return Err(ExprError::at(*at, unknown_op(name))),
                Some(Family::Relation) => return eval_relation_call(name, *at, args),
                Some(Family::Lego) => return eval_text_call(name, *at, args),
                Some(_) => {}
            }
            let vals = args
                .iter()
                .map(|a| eval_numbered(a, vars))
                .collect::<Result<Vec<_>, _>>()?;
            // The algebra never panics by contract; should it, report it like an error.
            let r = std::panic::catch_unwind(|| ops::call(name, &vals)).unwrap_or_else(|_| {
                Err(Error::algebra(format!(
                    "internal error: {name} panicked (please report this input)"
                )))
            });
            r.map_err(|err| ExprError::at(*at, err.to_string()))
        }
    }
}

/// `bind` of `layout batch`: the first argument is the text of EXPR, the others values.
pub fn eval_bind_texts(args: &[&str]) -> Result<Value, ExprError> {
    let mut exprs = Vec::with_capacity(args.len());
    for a in args {
        exprs.push(parse_expr(a)?);
    }
    eval_bind(0, &exprs)
}

/// `bind(EXPR, v0, v1, ...)`: EXPR with its runtime leaves numbered from 0, bound to the
/// values (layout_algebra::ops::bind).
fn eval_bind(at: usize, args: &[Expr<'_>]) -> Result<Value, ExprError> {
    let Some((expr, rest)) = args.split_first() else {
        return Err(ExprError::at(at, "bind: expected bind(EXPR, v0, v1, ...)"));
    };
    let mut leaves = 0u32;
    let v = eval_numbered(expr, &mut leaves)?;
    let mut values = Vec::with_capacity(rest.len());
    for (i, a) in rest.iter().enumerate() {
        match eval(a)? {
            Value::Tuple(layout_algebra::Tree::Leaf(layout_algebra::Int::Lit(x))) => values.push(x),
            other => {
                return Err(ExprError::at(
                    at,
                    format!("bind: value {i} must be an integer, found {}", other.kind()),
                ))
            }
        }
    }
    ops::bind::bind(&v, Some(leaves), &values).map_err(|err| ExprError::at(at, err.to_string()))
}

/// Parse and evaluate. A whole expression that is a value must be a value of the layout
/// syntax or a linear layout (checked and printed canonically by `linear_print`): bare words
/// and other JSON (`f16`, `K`, `"x"`) are arguments only, so alone they are an error rather
/// than an echo.
pub fn eval_str(src: &str) -> Result<Value, ExprError> {
    let e = parse_expr(src)?;
    match (&e, eval(&e)?) {
        (Expr::Value { text, at }, Value::Json(raw)) => {
            let lead = text.len() - text.trim_start().len();
            let at = at + lead;
            if layout_algebra::linear::is_linear_text(&raw) {
                ops::call("linear_print", &[Value::Json(raw)]).map_err(|err| {
                    let err = err.shifted(at);
                    ExprError {
                        message: err.to_string(),
                        offset: err.offset().or(Some(at)),
                    }
                })
            } else {
                Err(ExprError::at(at, bare_word(&raw)))
            }
        }
        (_, v) => Ok(v),
    }
}

/// The message for a bare word (or JSON string) given as a whole expression.
pub fn bare_word(word: &str) -> String {
    if ops::is_op(word) {
        format!("'{word}' is an operation: call it with its arguments, {word}(...) (`layout help {word}`)")
    } else {
        format!(
            "'{word}' is not a value: expected a layout, shape or linear layout, or a call NAME(...); bare words (f16, K) are arguments of a call only"
        )
    }
}

/// The message for an operation name that `ops::call` does not know.
pub fn unknown_op(name: &str) -> String {
    format!("unknown operation '{name}' (`layout help` lists the operations)")
}

/// The expression on one line and a caret under the byte `offset` (for error reports).
/// Control characters are shown as spaces so that the caret column stays right.
pub fn caret(src: &str, offset: usize) -> String {
    let mut off = offset.min(src.len());
    while !src.is_char_boundary(off) {
        off -= 1;
    }
    let line: String = src
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let col = src[..off].chars().count();
    format!("  {line}\n  {}^", " ".repeat(col))
}

#[cfg(test)]
mod tests {
    use super::*;
    use layout_algebra::text;

    fn v(text: &str, at: usize) -> Expr<'_> {
        Expr::Value { text, at }
    }

    #[test]
    fn plain_values_are_not_calls() {
        for s in [
            "8:1",
            "_8",
            "_",
            "(_8,_4):(_1,_8)",
            "Sw<3,4,3>",
            "Sw<3,4,3> o 0 o (8,64):(64,1)",
            "[_,4:1]",
            "?",
        ] {
            assert_eq!(parse_expr(s), Ok(v(s, 0)), "{s}");
        }
        // '_' followed by digits and '(' has no letter: a value (the parser rejects it).
        assert_eq!(parse_expr("_8(2)"), Ok(v("_8(2)", 0)));
        // A space between the name and '(' makes it not a call.
        assert_eq!(parse_expr("size (2)"), Ok(v("size (2)", 0)));
    }

    #[test]
    fn splits_only_at_depth_zero_commas() {
        let s = "composition((20):(2), (5,4):(4,1))";
        assert_eq!(
            parse_expr(s),
            Ok(Expr::Call {
                name: "composition",
                at: 0,
                args: vec![v("(20):(2)", 12), v(" (5,4):(4,1)", 21)]
            })
        );
        let s = "logical_divide(Sw<3,4,3> o 0 o (8,64):(64,1), [4:1,_])";
        assert_eq!(
            parse_expr(s),
            Ok(Expr::Call {
                name: "logical_divide",
                at: 0,
                args: vec![v("Sw<3,4,3> o 0 o (8,64):(64,1)", 15), v(" [4:1,_]", 45)]
            })
        );
    }

    #[test]
    fn nested_calls_keep_offsets() {
        let s = " size( coalesce((2,4):(1,2)) , 2 ) ";
        assert_eq!(
            parse_expr(s),
            Ok(Expr::Call {
                name: "size",
                at: 1,
                args: vec![
                    Expr::Call {
                        name: "coalesce",
                        at: 7,
                        args: vec![v("(2,4):(1,2)", 16)]
                    },
                    v(" 2 ", 30)
                ]
            })
        );
        assert_eq!(
            parse_expr("f_2()"),
            Ok(Expr::Call {
                name: "f_2",
                at: 0,
                args: vec![]
            })
        );
        assert_eq!(
            parse_expr("_f( )"),
            Ok(Expr::Call {
                name: "_f",
                at: 0,
                args: vec![]
            })
        );
    }

    #[test]
    fn structural_errors_point_at_the_byte() {
        let e = parse_expr("size(8:1").unwrap_err();
        assert_eq!(
            e,
            ExprError::at(
                8,
                "expected ')' closing the call to size, found end of input"
            )
        );
        let e = parse_expr("size(8:1))").unwrap_err();
        assert_eq!(
            e,
            ExprError::at(9, "unexpected text after the call to size")
        );
        let e = parse_expr("size(8:1] ").unwrap_err();
        assert_eq!(
            e,
            ExprError::at(8, "expected ')' closing the call to size, found ']'")
        );
        let e = parse_expr("f(8:1, )").unwrap_err();
        assert_eq!(e, ExprError::at(7, "expected an argument of f"));
        let e = parse_expr("f(,1)").unwrap_err();
        assert_eq!(e, ExprError::at(2, "expected an argument of f"));
        let deep = format!(
            "{}1{}",
            "f(".repeat(MAX_CALL_DEPTH + 1),
            ")".repeat(MAX_CALL_DEPTH + 1)
        );
        let e = parse_expr(&deep).unwrap_err();
        assert_eq!(e.offset, Some(2 * MAX_CALL_DEPTH));
    }

    #[test]
    fn value_parse_errors_are_shifted_into_the_expression() {
        let e = eval_str("print((2,3):(1,2,))").unwrap_err();
        let inner = text::parse("(2,3):(1,2,)").unwrap_err().offset().unwrap();
        assert_eq!(e.offset, Some(6 + inner));
        assert!(
            e.message
                .starts_with(&format!("parse error at byte {}:", 6 + inner)),
            "{}",
            e.message
        );
    }

    #[test]
    fn unknown_operation_points_at_the_name() {
        let e = eval_str("print(nosuchop(1))").unwrap_err();
        assert_eq!(e, ExprError::at(6, unknown_op("nosuchop")));
    }

    #[test]
    fn lego_operations_read_their_layout_text() {
        let fig9 = "OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])";
        let v = eval_str(&format!("lego_apply({fig9}, 4, 2)")).unwrap();
        assert_eq!(layout_algebra::text::print(&v), "23");
        // A nested operation's value is passed as its canonical text.
        let v = eval_str("lego_to_cute(lego_from_cute(coalesce((2,3):(1,2))))").unwrap();
        assert_eq!(layout_algebra::text::print(&v), "6:1");
        // A parse error inside the layout text points into the expression.
        let e = eval_str("lego_print(OrderBy(Rowx([2,3])).GroupBy([2,3]))").unwrap_err();
        assert_eq!(e.offset, Some(19), "{e:?}");
    }

    #[test]
    fn caret_line() {
        assert_eq!(caret("size(8:1", 8), "  size(8:1\n          ^");
        assert_eq!(caret("a\tb", 2), "  a b\n    ^");
        assert_eq!(caret("é(x", 2), "  é(x\n   ^");
    }
}
