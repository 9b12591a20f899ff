//! Expressions over the operations: a value of the layout syntax, or a call
//! `name(arg, arg, ...)` whose arguments are expressions again, and their evaluation with
//! the runtime leaves `?` numbered across the whole expression. This is what `layout eval`
//! evaluates, what the first argument of `bind` in `layout batch` is, and what the Python
//! package's `evaluate` and `bind` of an expression text read.
//!
//!   e := v | name(e, ..., e)        v: a value text of the layout syntax (crate::text), a
//!                                   linear layout, JSON or a bare name (ops::parse_arg)
//!
//! Values contain commas inside `()`, `[]` and `<>`, so a call's arguments are split only at
//! the commas of bracket depth 0 (braces enclose JSON and ISL text, skipped whole). A call
//! name is `[A-Za-z_][A-Za-z0-9_]*` with at least one letter, immediately followed by `(`; so
//! `_8`, `_` and `Sw<3,4,3>` are values. Every position is a byte offset into the whole
//! expression, so that an error inside an argument points into the text the user typed.
//!
//! Runtime leaves: the k-th `?` of the expression's value texts, left to right, is `$k`
//! (crate::sym), so in `crd2idx(?, (8,?):(?,1))` the coordinate is `$0` and the layout
//! `(8,$1):($2,1)`; a runtime result is an expression over them, and
//!
//!   bind(e, v_0, ..., v_{n-1}) = e with $k := v_k      (n = the number of `?` in e)
//!
//! (crate::ops::bind). Which names are operations, and how a call reads its arguments, is the
//! caller's registry ([`Registry`]): the algebra's operations take values; operations that
//! read texts (the bijective layouts' chains, the relation operations above this crate) take
//! their arguments' texts, and their nested calls are evaluated on their own (numbered from 0).

use crate::{ops, Error, Value};

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
    pub fn at(offset: usize, message: impl Into<String>) -> ExprError {
        ExprError {
            message: message.into(),
            offset: Some(offset),
        }
    }

    /// An error of the algebra in a value text that starts at byte `at`: a parse error's
    /// offset moves into the whole expression.
    fn shifted(err: Error, at: usize) -> ExprError {
        let err = err.shifted(at);
        ExprError {
            message: err.to_string(),
            offset: err.offset(),
        }
    }
}

/// How a call `name(...)` reads its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallKind {
    /// An operation of this crate on values (crate::ops::call); its arguments' runtime leaves
    /// continue the expression's numbering.
    Values,
    /// An operation of this crate on texts (crate::ops::call_text_at: the bijective layouts).
    Texts,
    /// An operation above this crate on texts, answered by [`Registry::call_external`].
    External,
}

/// The operations an expression may call: which names are operations and how each reads its
/// arguments, the operations above this crate, and the messages for names that are not
/// operations (a front end names its own help).
pub trait Registry {
    /// How a call of `name` is evaluated; None when `name` is no operation.
    fn kind(&self, name: &str) -> Option<CallKind>;

    /// A call at byte `at` of an [`CallKind::External`] operation on its arguments' texts
    /// ([`arg_texts`]); `value_at[i]` is where argument `i` starts when it is a value text
    /// (None for a nested call), for a parse error inside it to point into the expression.
    fn call_external(
        &self,
        name: &str,
        at: usize,
        texts: &[String],
        value_at: &[Option<usize>],
    ) -> Result<Value, ExprError>;

    /// Where a front end lists the operations (`layout help` lists the operations), for the
    /// message of a call of a name that is no operation.
    fn list_hint(&self) -> Option<String> {
        None
    }

    /// Where a front end explains the operation `name`, for the message of an operation's
    /// name given as a whole expression.
    fn help_hint(&self, _name: &str) -> Option<String> {
        None
    }
}

/// `message`, followed by ` (hint)` when there is a hint.
fn hinted(message: String, hint: Option<String>) -> String {
    match hint {
        Some(h) => format!("{message} ({h})"),
        None => message,
    }
}

/// The message for a call of a name that is no operation.
pub fn unknown_op(name: &str, reg: &dyn Registry) -> String {
    hinted(format!("unknown operation '{name}'"), reg.list_hint())
}

/// The message for a bare word (or JSON string) given as a whole expression: a value is a
/// layout, shape or linear layout, or a call.
pub fn bare_word(word: &str, reg: &dyn Registry) -> String {
    if ops::is_op(word) {
        hinted(
            format!("'{word}' is an operation: call it with its arguments, {word}(...)"),
            reg.help_hint(word),
        )
    } else {
        format!(
            "'{word}' is not a value: expected a layout, shape or linear layout, or a call NAME(...); bare words (f16, K) are arguments of a call only"
        )
    }
}

/// The operations of this crate alone: the bijective layouts' operations read texts, every
/// other operation of crate::ops takes values; there is no external operation.
pub struct AlgebraOps;

impl Registry for AlgebraOps {
    fn kind(&self, name: &str) -> Option<CallKind> {
        if crate::bijective::OP_NAMES.contains(&name) {
            Some(CallKind::Texts)
        } else {
            ops::is_op(name).then_some(CallKind::Values)
        }
    }

    fn call_external(
        &self,
        name: &str,
        at: usize,
        _texts: &[String],
        _value_at: &[Option<usize>],
    ) -> Result<Value, ExprError> {
        Err(ExprError::at(at, unknown_op(name, self)))
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

/// Parse the whole string as an expression (`reg` says which names read their arguments as
/// texts: in their arguments, a call of a name that is no operation is text).
pub fn parse_expr<'a>(src: &'a str, reg: &dyn Registry) -> Result<Expr<'a>, ExprError> {
    parse_range(src, 0, src.len(), 0, reg)
}

fn parse_range<'a>(
    src: &'a str,
    start: usize,
    end: usize,
    depth: usize,
    reg: &dyn Registry,
) -> Result<Expr<'a>, ExprError> {
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
        let reads_text = reg.kind(name).is_some_and(|k| k != CallKind::Values);
        if reads_text && call_open(s, first, b).is_some_and(|o| reg.kind(&src[first..o]).is_none())
        {
            args.push(Expr::Value {
                text: &src[a..b],
                at: a,
            });
            continue;
        }
        args.push(parse_range(src, a, b, depth + 1, reg)?);
    }
    Ok(Expr::Call {
        name,
        at: pos,
        args,
    })
}

/// The argument texts of a call of an operation that reads texts: value arguments as they
/// were written, call arguments as the text of their value (a JSON string result, e.g.
/// `lego_from_cute`'s chain, stands for its text; other JSON as it is; values in canonical
/// text).
pub fn arg_texts(args: &[Expr<'_>], reg: &dyn Registry) -> Result<Vec<String>, ExprError> {
    let mut texts = Vec::with_capacity(args.len());
    for a in args {
        texts.push(match a {
            Expr::Value { text, .. } => (*text).to_string(),
            Expr::Call { .. } => match eval(a, reg)? {
                Value::Json(raw) if raw.starts_with('"') => {
                    match crate::linear::json::parse_json(&raw) {
                        Ok(crate::linear::json::Json::Str(t)) => t,
                        _ => raw,
                    }
                }
                Value::Json(raw) => raw,
                v => crate::text::print(&v),
            },
        });
    }
    Ok(texts)
}

/// A call of an operation that reads texts (see [`arg_texts`]): of this crate, or external.
fn eval_text_call(
    kind: CallKind,
    name: &str,
    at: usize,
    args: &[Expr<'_>],
    reg: &dyn Registry,
) -> Result<Value, ExprError> {
    let texts = arg_texts(args, reg)?;
    if kind == CallKind::External {
        let value_at: Vec<Option<usize>> = args
            .iter()
            .map(|a| match a {
                Expr::Value { at, .. } => Some(*at),
                Expr::Call { .. } => None,
            })
            .collect();
        return reg.call_external(name, at, &texts, &value_at);
    }
    ops::call_text_at(name, &texts).map_err(|(err, arg)| {
        match (arg, arg.and_then(|i| args.get(i))) {
            (Some(_), Some(Expr::Value { at: arg_at, .. })) if err.offset().is_some() => {
                ExprError::shifted(err, *arg_at)
            }
            _ => ExprError::at(at, err.to_string()),
        }
    })
}

/// Evaluate a parsed expression, its runtime leaves numbered from `$0` (module doc).
pub fn eval(e: &Expr<'_>, reg: &dyn Registry) -> Result<Value, ExprError> {
    eval_numbered(e, &mut 0, reg)
}

/// Evaluate with the runtime leaves `?` of the value texts numbered from `*vars` on, left to
/// right (what `bind` gives values to).
fn eval_numbered(e: &Expr<'_>, vars: &mut u32, reg: &dyn Registry) -> Result<Value, ExprError> {
    match e {
        Expr::Value { text, at } => {
            ops::parse_arg_numbered(text, vars).map_err(|err| ExprError::shifted(err, *at))
        }
        Expr::Call { name, at, args } if *name == "bind" => eval_bind(*at, args, reg),
        Expr::Call { name, at, args } => {
            match reg.kind(name) {
                None => return Err(ExprError::at(*at, unknown_op(name, reg))),
                Some(CallKind::Values) => {}
                Some(kind) => return eval_text_call(kind, name, *at, args, reg),
            }
            let vals = args
                .iter()
                .map(|a| eval_numbered(a, vars, reg))
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

/// `bind` on texts (`layout batch`, Python): the first text is EXPR, the others the values
/// (expressions of integers).
pub fn eval_bind_texts<S: AsRef<str>>(args: &[S], reg: &dyn Registry) -> Result<Value, ExprError> {
    let mut exprs = Vec::with_capacity(args.len());
    for a in args {
        exprs.push(parse_expr(a.as_ref(), reg)?);
    }
    eval_bind(0, &exprs, reg)
}

/// `bind(EXPR, v0, v1, ...)`: EXPR with its runtime leaves numbered from 0, bound to the
/// values (crate::ops::bind).
fn eval_bind(at: usize, args: &[Expr<'_>], reg: &dyn Registry) -> Result<Value, ExprError> {
    let Some((expr, rest)) = args.split_first() else {
        return Err(ExprError::at(at, "bind: expected bind(EXPR, v0, v1, ...)"));
    };
    let mut leaves = 0u32;
    let v = eval_numbered(expr, &mut leaves, reg)?;
    let mut values = Vec::with_capacity(rest.len());
    for (i, a) in rest.iter().enumerate() {
        match eval(a, reg)? {
            Value::Tuple(crate::Tree::Leaf(crate::Int::Lit(x))) => values.push(x),
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
pub fn eval_str(src: &str, reg: &dyn Registry) -> Result<Value, ExprError> {
    let e = parse_expr(src, reg)?;
    match (&e, eval(&e, reg)?) {
        (Expr::Value { text, at }, Value::Json(raw)) => {
            let lead = text.len() - text.trim_start().len();
            let at = at + lead;
            if crate::linear::is_linear_text(&raw) {
                ops::call("linear_print", &[Value::Json(raw)]).map_err(|err| {
                    let err = err.shifted(at);
                    ExprError {
                        message: err.to_string(),
                        offset: err.offset().or(Some(at)),
                    }
                })
            } else {
                Err(ExprError::at(at, bare_word(&raw, reg)))
            }
        }
        (_, v) => Ok(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text;

    fn parse_expr(src: &str) -> Result<Expr<'_>, ExprError> {
        super::parse_expr(src, &AlgebraOps)
    }

    fn eval_str(src: &str) -> Result<Value, ExprError> {
        super::eval_str(src, &AlgebraOps)
    }

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
        assert_eq!(e, ExprError::at(6, unknown_op("nosuchop", &AlgebraOps)));
    }

    #[test]
    fn lego_operations_read_their_layout_text() {
        let fig9 = "OrderBy(RegP([2,3,2,3],[1,3,2,4])).GroupBy([6,6])";
        let v = eval_str(&format!("lego_apply({fig9}, 4, 2)")).unwrap();
        assert_eq!(text::print(&v), "23");
        // A nested operation's value is passed as its canonical text.
        let v = eval_str("lego_to_cute(lego_from_cute(coalesce((2,3):(1,2))))").unwrap();
        assert_eq!(text::print(&v), "6:1");
        // A parse error inside the layout text points into the expression.
        let e = eval_str("lego_print(OrderBy(Rowx([2,3])).GroupBy([2,3]))").unwrap_err();
        assert_eq!(e.offset, Some(19), "{e:?}");
    }

    /// The `?` of the whole expression are `$0, $1, ...` left to right, and bind gives the
    /// static answer of the bound inputs.
    #[test]
    fn runtime_leaves_are_numbered_across_the_expression() {
        let v = eval_str("crd2idx(?, (8,?):(?,1))").unwrap();
        assert_eq!(text::print(&v), "?");
        for (c, n, d) in [(10i64, 3i64, 2i64), (0, 1, 7), (23, 3, 1)] {
            let texts = [
                "crd2idx(?, (8,?):(?,1))".to_string(),
                c.to_string(),
                n.to_string(),
                d.to_string(),
            ];
            let bound = eval_bind_texts(&texts, &AlgebraOps).unwrap();
            let direct = eval_str(&format!("crd2idx({c}, (8,{n}):({d},1))")).unwrap();
            assert_eq!(bound, direct, "{texts:?}");
        }
        let v = eval_bind_texts(&["idx2crd(?, (?,?))", "7", "3", "4"], &AlgebraOps).unwrap();
        assert_eq!(text::print(&v), "(1,2)");
        // An index outside the shape breaks the recorded domain condition.
        let e = eval_bind_texts(&["idx2crd(?, (?,?))", "12", "3", "4"], &AlgebraOps).unwrap_err();
        assert!(e.message.contains("idx2crd"), "{}", e.message);
        let e = eval_bind_texts(&["crd2idx(?, (8,?):(?,1))", "1"], &AlgebraOps).unwrap_err();
        assert!(e.message.contains("3 runtime leaves"), "{}", e.message);
    }
}
