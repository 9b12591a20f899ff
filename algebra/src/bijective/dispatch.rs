//! The `lego_*` operations by name, for `layout batch`. Arguments are texts: a bijective
//! layout in the syntax of docs/syntax.md, integers, an index expression, a language name.
//!
//! - `lego_apply [L, i0, i1, ...]` (or `[L, "(i0, i1, ...)"]`) -> the offset
//! - `lego_inv [L, x]` -> the logical index, a JSON array
//! - `lego_table [L]` -> apply at every logical index in row-major order (size <= 2^20)
//! - `lego_print [L]` -> the canonical text (sugar expanded), a JSON string
//! - `lego_index [L]` -> `{"apply", "apply_raw", "inv", "inv_raw", "ops"}` index expressions
//! - `lego_simplify [expr, "x:n" | "x:lo..hi", ...]` -> the simplified expression (a JSON
//!   string); each extra argument gives a variable range (`0 <= x < n`, `lo <= x < hi`)
//! - `lego_to_cute [L]` -> the CuTe layout of a strided chain
//! - `lego_from_cute [cute]` -> the chain of a compact bijective CuTe layout (JSON string)
//! - `lego_codegen [L, c|triton|mlir]` -> the source text (JSON string)
//! - `lego_equal [A, B]` -> `{"equal": bool, ...}`; A, B chains, CuTe or linear layouts

use super::chain::Chain;
use super::codegen::{codegen, Lang};
use super::cute::{from_cute, to_cute};
use super::equal::{equal, Equality, Operand};
use super::index_math::IndexMath;
use super::range::Ranges;
use super::simplify::simplify;
use super::syntax::{parse_chain, parse_expr, print_chain};
use super::verify::table;
use crate::error::Error;
use crate::func::Func;
use crate::linear::json::write_str;
use crate::value::Value;

/// Operations of this module.
pub const OP_NAMES: &[&str] = &[
    "lego_apply",
    "lego_inv",
    "lego_table",
    "lego_print",
    "lego_index",
    "lego_simplify",
    "lego_to_cute",
    "lego_from_cute",
    "lego_codegen",
    "lego_equal",
];

type Failure = (Error, Option<usize>);

fn json_str(s: &str) -> Value {
    let mut out = String::new();
    write_str(&mut out, s);
    Value::Json(out)
}

fn ints_json(v: &[i64]) -> String {
    let parts: Vec<String> = v.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(","))
}

fn arity(op: &str, args: usize, want: &str) -> Failure {
    (
        Error::algebra(format!("{op} takes {want} arguments, got {args}")),
        None,
    )
}

fn chain_arg(args: &[&str], k: usize) -> std::result::Result<Chain, Failure> {
    parse_chain(args[k]).map_err(|e| {
        let at = e.offset().map(|_| k);
        (e, at)
    })
}

fn int_arg(op: &str, args: &[&str], k: usize) -> std::result::Result<i64, Failure> {
    let t = args[k].trim();
    t.parse::<i64>().map_err(|_| {
        (
            Error::parse(0, format!("{op}: expected an integer, found '{t}'")),
            Some(k),
        )
    })
}

/// A list of integers: `i0, i1` as separate arguments or one `(i0, i1)`/`[i0, i1]`.
fn index_args(op: &str, args: &[&str], from: usize) -> std::result::Result<Vec<i64>, Failure> {
    if args.len() == from + 1 {
        let t = args[from].trim();
        if let Some(inner) = t
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .or_else(|| t.strip_prefix('[').and_then(|s| s.strip_suffix(']')))
        {
            return inner
                .split(',')
                .map(|p| {
                    p.trim().parse::<i64>().map_err(|_| {
                        (
                            Error::parse(0, format!("{op}: expected integers, found '{t}'")),
                            Some(from),
                        )
                    })
                })
                .collect();
        }
    }
    (from..args.len()).map(|k| int_arg(op, args, k)).collect()
}

/// `x:n` (`0 <= x < n`) or `x:lo..hi` (`lo <= x < hi`).
fn range_arg(args: &[&str], k: usize, r: &mut Ranges) -> std::result::Result<(), Failure> {
    let t = args[k].trim();
    let bad = |m: &str| {
        (
            Error::parse(0, format!("lego_simplify: range '{t}': {m}")),
            Some(k),
        )
    };
    let (name, spec) = t
        .split_once(':')
        .ok_or_else(|| bad("expected 'x:n' or 'x:lo..hi'"))?;
    let name = name.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(bad("expected a variable name before ':'"));
    }
    let num = |s: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| bad("expected integers"))
    };
    let (lo, hi) = match spec.split_once("..") {
        Some((a, b)) => (num(a)?, num(b)?),
        None => (0, num(spec)?),
    };
    if lo >= hi {
        return Err(bad("the range is empty (need lo < hi)"));
    }
    r.insert(name.to_string(), (lo, hi - 1));
    Ok(())
}

fn operand(args: &[&str], k: usize) -> std::result::Result<Operand, Failure> {
    let t = args[k].trim_start();
    if t.starts_with("OrderBy") || t.starts_with("GroupBy") || t.starts_with("TileBy") {
        return chain_arg(args, k).map(Operand::Chain);
    }
    if crate::linear::is_linear_text(t) {
        return crate::linear::parse_linear(args[k])
            .map(Operand::Linear)
            .map_err(|e| {
                let at = e.offset().map(|_| k);
                (e, at)
            });
    }
    match crate::text::parse(args[k]) {
        Ok(Value::Func(Func::Layout(l))) => Ok(Operand::Cute(l)),
        Ok(other) => Err((
            Error::algebra(format!(
                "lego_equal: argument {k} is {}, expected a bijective, CuTe or linear layout",
                other.kind()
            )),
            None,
        )),
        Err(e) => Err((e, Some(k))),
    }
}

/// Dispatch on argument texts; `None` when `op` is not one of ours.
pub fn call_text_at(op: &str, args: &[&str]) -> Option<std::result::Result<Value, Failure>> {
    if !OP_NAMES.contains(&op) {
        return None;
    }
    Some(run(op, args))
}

fn run(op: &str, args: &[&str]) -> std::result::Result<Value, Failure> {
    let n = args.len();
    let plain = |e: Error| (e, None);
    match op {
        "lego_apply" => {
            if n < 2 {
                return Err(arity(op, n, "2 or more (L, index...)"));
            }
            let c = chain_arg(args, 0)?;
            let idx = index_args(op, args, 1)?;
            c.apply(&idx).map(Value::int).map_err(plain)
        }
        "lego_inv" => {
            if n != 2 {
                return Err(arity(op, n, "2 (L, offset)"));
            }
            let c = chain_arg(args, 0)?;
            let x = int_arg(op, args, 1)?;
            c.inv(x).map(|v| Value::Json(ints_json(&v))).map_err(plain)
        }
        "lego_table" => {
            if n != 1 {
                return Err(arity(op, n, "1 (L)"));
            }
            table(&chain_arg(args, 0)?).map(Value::Ints).map_err(plain)
        }
        "lego_print" => {
            if n != 1 {
                return Err(arity(op, n, "1 (L)"));
            }
            Ok(json_str(&print_chain(&chain_arg(args, 0)?)))
        }
        "lego_index" => {
            if n != 1 {
                return Err(arity(op, n, "1 (L)"));
            }
            let m = IndexMath::of(&chain_arg(args, 0)?).map_err(plain)?;
            let mut s = String::from("{\"params\":[");
            for (k, p) in m.params.iter().enumerate() {
                if k > 0 {
                    s.push(',');
                }
                write_str(&mut s, p);
            }
            s.push_str("],\"apply\":");
            write_str(&mut s, &m.apply.to_string());
            s.push_str(",\"apply_raw\":");
            write_str(&mut s, &m.apply_raw.to_string());
            for (key, v) in [(",\"inv\":[", &m.inv), (",\"inv_raw\":[", &m.inv_raw)] {
                s.push_str(key);
                for (k, e) in v.iter().enumerate() {
                    if k > 0 {
                        s.push(',');
                    }
                    write_str(&mut s, &e.to_string());
                }
                s.push(']');
            }
            let (a, ar, i, ir) = m.op_counts();
            s.push_str(&format!(
                ",\"ops\":{{\"apply\":{a},\"apply_raw\":{ar},\"inv\":{i},\"inv_raw\":{ir}}}}}"
            ));
            Ok(Value::Json(s))
        }
        "lego_simplify" => {
            if n < 1 {
                return Err(arity(op, n, "1 or more (expr, ranges...)"));
            }
            let e = parse_expr(args[0]).map_err(|e| (e, Some(0)))?;
            let mut r = Ranges::new();
            for k in 1..n {
                range_arg(args, k, &mut r)?;
            }
            Ok(json_str(&simplify(&e, &r).to_string()))
        }
        "lego_to_cute" => {
            if n != 1 {
                return Err(arity(op, n, "1 (L)"));
            }
            to_cute(&chain_arg(args, 0)?)
                .map(Value::layout)
                .map_err(plain)
        }
        "lego_from_cute" => {
            if n != 1 {
                return Err(arity(op, n, "1 (a CuTe layout)"));
            }
            match crate::text::parse(args[0]) {
                Ok(Value::Func(Func::Layout(l))) => from_cute(&l)
                    .map(|c| json_str(&print_chain(&c)))
                    .map_err(plain),
                Ok(Value::Tuple(t)) => crate::layout::Layout::compact(&t)
                    .and_then(|l| from_cute(&l))
                    .map(|c| json_str(&print_chain(&c)))
                    .map_err(plain),
                Ok(other) => Err(plain(Error::algebra(format!(
                    "lego_from_cute: expected a shape:stride layout, found {}",
                    other.kind()
                )))),
                Err(e) => Err((e, Some(0))),
            }
        }
        "lego_codegen" => {
            if n != 2 && n != 3 {
                return Err(arity(op, n, "2 or 3 (L, lang[, name])"));
            }
            let c = chain_arg(args, 0)?;
            let lang = Lang::parse(args[1]).map_err(|e| (e, None))?;
            let name = if n == 3 { args[2].trim() } else { "lego" };
            codegen(&c, lang, name).map(|s| json_str(&s)).map_err(plain)
        }
        "lego_equal" => {
            if n != 2 {
                return Err(arity(op, n, "2 (A, B)"));
            }
            let (a, b) = (operand(args, 0)?, operand(args, 1)?);
            Ok(Value::Json(match equal(&a, &b).map_err(plain)? {
                Equality::Equal => "{\"equal\":true}".to_string(),
                Equality::Domains(x, y) => format!(
                    "{{\"equal\":false,\"domains\":[{},{}]}}",
                    ints_json(&x),
                    ints_json(&y)
                ),
                Equality::Differ { at, left, right } => format!(
                    "{{\"equal\":false,\"at\":{},\"left\":{left},\"right\":{right}}}",
                    ints_json(&at)
                ),
            }))
        }
        _ => Err(plain(Error::algebra(format!("unknown operation '{op}'")))),
    }
}
