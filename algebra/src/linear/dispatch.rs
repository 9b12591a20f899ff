//! The linear-layout operations by name, for `ops::call`, `layout eval` and `layout batch`.
//!
//! Arguments: a linear layout is given in any of its text forms (`text_forms`: JSON
//! `{"in_dims": [...], "out_dims": [...]}`, Triton's `#ttg.linear<{register = [[0, 1]],
//! ...}>`, or an encoding with its shape, `tensor<64x64xf16, #ttg.blocked<{...}>>`), carried
//! as raw text (`Value::Json`); a CuTe layout value is accepted too and converted with
//! `from_cute`'s default names. Names are bare words or JSON strings, name lists JSON arrays,
//! integers plain. Results: linear layouts as canonical JSON text, booleans and objects as
//! JSON, counts as integers, CuTe layouts as values.

use super::bank_conflicts::{access, access_of_map, count, totals, Access};
use super::json::{layout_to_json, parse_json, write_str, Json};
use super::layout::LinearLayout;
use super::text_forms::{is_linear_text, parse_linear};
use super::triton_text::print_triton_text;
use super::{
    compose, convert_plan, divide, encoding_text, encodings, from_cute, invert, product, queries,
    reshape, swizzle_choice, to_cute,
};
use crate::error::{Error, Result};
use crate::func::Func;
use crate::tuple::Tree;
use crate::value::Value;

/// Operations of this module reachable through `ops::call`.
pub const OP_NAMES: &[&str] = &[
    "linear_print",
    "linear_to_triton",
    "linear_identity",
    "linear_zeros",
    "linear_strided",
    "linear_apply",
    "linear_compose",
    "linear_invert",
    "linear_pseudoinvert",
    "linear_invert_and_compose",
    "linear_product",
    "linear_divide_left",
    "linear_divide_right",
    "linear_quotient",
    "linear_sublayout",
    "linear_transpose_ins",
    "linear_transpose_outs",
    "linear_reshape_ins",
    "linear_reshape_outs",
    "linear_flatten_ins",
    "linear_flatten_outs",
    "linear_concat_ins",
    "linear_concat_outs",
    "linear_column_action",
    "linear_is_surjective",
    "linear_is_injective",
    "linear_is_invertible",
    "linear_rank",
    "linear_vector_width",
    "linear_free_variable_masks",
    "linear_from_cute",
    "linear_to_cute",
    "linear_encoding",
    "linear_bank_conflicts",
    "linear_smem_access",
    "linear_optimal_swizzling",
    "linear_choose_swizzle",
    "convert_plan",
];

/// Like `call_text`, with the index of the argument a parse error is in.
pub fn call_text_at(
    op: &str,
    args: &[&str],
) -> Option<std::result::Result<Value, (Error, Option<usize>)>> {
    let r = call_text(op, args)?;
    Some(r.map_err(|e| {
        let at = if e.offset().is_some() {
            args.iter().position(|a| {
                let same = |r: Option<Error>| r.as_ref() == Some(&e);
                if is_linear_text(a) {
                    same(parse_linear(a).err())
                        || encoding_text::is_encoding_text(a)
                            && same(encoding_text::parse_encoding_text(a).err())
                } else {
                    same(crate::text::parse(a).err())
                }
            })
        } else {
            None
        };
        (e, at)
    }))
}

/// Dispatch on raw argument strings (for `layout batch`): arguments that look like a linear
/// layout, a JSON value or a name are passed as raw text, the others parsed as CuTe values.
pub fn call_text(op: &str, args: &[&str]) -> Option<Result<Value>> {
    if !OP_NAMES.contains(&op) {
        return None;
    }
    let mut vals = Vec::with_capacity(args.len());
    for a in args {
        let t = a.trim_start();
        let raw = is_linear_text(t) || matches!(t.as_bytes().first(), Some(b'[' | b'"'));
        // Text that starts like a CuTe value (not a bare name such as `register` or `f16`)
        // keeps its parse error.
        let cute = t.starts_with("Sw<")
            || matches!(
                t.as_bytes().first(),
                Some(b'(' | b'-' | b'?' | b'_' | b'0'..=b'9')
            );
        match (raw, crate::text::parse(a)) {
            (false, Ok(v)) => vals.push(v),
            (false, Err(e)) if cute => return Some(Err(e)),
            _ => vals.push(Value::Json(a.to_string())),
        }
    }
    call(op, &vals)
}

struct Args<'a> {
    op: &'a str,
    args: &'a [Value],
}

impl Args<'_> {
    fn arity(&self, lo: usize, hi: usize) -> Result<()> {
        let n = self.args.len();
        if n < lo || n > hi {
            let want = if lo == hi {
                format!("{lo}")
            } else {
                format!("{lo} to {hi}")
            };
            return Err(Error::algebra(format!(
                "{}: expected {want} arguments, got {n}",
                self.op
            )));
        }
        Ok(())
    }
    /// A list of extents: JSON `[16, 32]`, or the layout syntax's `[16,32]` or `(16,32)`.
    fn extents(&self, i: usize) -> Result<Vec<i64>> {
        let bad = || self.expected(i, "a list of extents, e.g. [16, 32]");
        match &self.args[i] {
            Value::Tuple(Tree::Node(items)) => items
                .iter()
                .map(|t| match t {
                    Tree::Leaf(crate::int::Int::Lit(x)) => Ok(*x),
                    _ => Err(bad()),
                })
                .collect(),
            Value::Json(_) | Value::Tiler(_) => self
                .json(i)
                .map_err(|_| bad())?
                .as_arr()
                .ok_or_else(bad)?
                .iter()
                .map(|x| x.as_int().ok_or_else(bad))
                .collect(),
            _ => Err(bad()),
        }
    }
    fn raw(&self, i: usize) -> Option<&str> {
        match &self.args[i] {
            Value::Json(s) => Some(s.as_str()),
            _ => None,
        }
    }
    fn ll(&self, i: usize) -> Result<LinearLayout> {
        match &self.args[i] {
            Value::Json(s) => parse_linear(s),
            Value::Func(f) => {
                let names = from_cute::default_in_names(f)?;
                let refs: Vec<&str> = names.iter().map(String::as_str).collect();
                from_cute::from_cute(f, &refs, "offset")
            }
            v => Err(Error::algebra(format!(
                "{}: argument {} must be a linear layout, got {}",
                self.op,
                i + 1,
                v.kind()
            ))),
        }
    }
    /// (register layout, shared layout, bitwidth) or (register -> offset map, bitwidth).
    fn access(&self) -> Result<Access> {
        if self.args.len() == 3 {
            access(&self.ll(0)?, &self.ll(1)?, self.int(2)?)
        } else {
            access_of_map(&self.ll(0)?, self.int(1)?)
        }
    }
    fn int(&self, i: usize) -> Result<i64> {
        match &self.args[i] {
            Value::Tuple(Tree::Leaf(x)) => x.get(self.op),
            Value::Json(s) => s
                .trim()
                .parse::<i64>()
                .map_err(|_| self.expected(i, "an integer")),
            _ => Err(self.expected(i, "an integer")),
        }
    }
    fn expected(&self, i: usize, what: &str) -> Error {
        Error::algebra(format!("{}: argument {} must be {what}", self.op, i + 1))
    }
    /// JSON text; an integer list of the layout syntax (`[1,0]`, a by-mode tiler of
    /// integers) stands for the JSON list of those integers.
    fn json(&self, i: usize) -> Result<Json> {
        if let Value::Tiler(items) = &self.args[i] {
            return items
                .iter()
                .map(|v| match v {
                    Value::Tuple(Tree::Leaf(crate::int::Int::Lit(x))) => Ok(Json::Int(*x)),
                    _ => Err(self.expected(i, "JSON text")),
                })
                .collect::<Result<_>>()
                .map(Json::Arr);
        }
        let s = self.raw(i).ok_or_else(|| self.expected(i, "JSON text"))?;
        parse_json(s)
    }
    fn name(&self, i: usize) -> Result<String> {
        let s = self
            .raw(i)
            .ok_or_else(|| self.expected(i, "a dimension name"))?
            .trim();
        if s.starts_with('"') {
            return match parse_json(s)? {
                Json::Str(n) => Ok(n),
                _ => Err(self.expected(i, "a dimension name")),
            };
        }
        if s.is_empty()
            || !s
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
        {
            return Err(self.expected(i, "a dimension name (a word or a JSON string)"));
        }
        Ok(s.to_string())
    }
    fn names(&self, i: usize) -> Result<Vec<String>> {
        if let Some(s) = self.raw(i) {
            if !s.trim_start().starts_with('[') {
                return Ok(vec![self.name(i)?]);
            }
        }
        let j = self.json(i)?;
        let arr = j
            .as_arr()
            .ok_or_else(|| self.expected(i, "a JSON list of names"))?;
        arr.iter()
            .map(|x| {
                x.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| self.expected(i, "a JSON list of names"))
            })
            .collect()
    }
    fn pairs(&self, i: usize) -> Result<Vec<(String, i64)>> {
        let j = self.json(i)?;
        let bad = || self.expected(i, "a JSON list of [name, size] pairs");
        j.as_arr()
            .ok_or_else(bad)?
            .iter()
            .map(|p| {
                let p = p.as_arr().ok_or_else(bad)?;
                match p {
                    [n, s] => Ok((
                        n.as_str().ok_or_else(bad)?.to_string(),
                        s.as_int().ok_or_else(bad)?,
                    )),
                    _ => Err(bad()),
                }
            })
            .collect()
    }
}

fn lay(l: LinearLayout) -> Value {
    Value::Json(layout_to_json(&l))
}

fn boolean(b: bool) -> Value {
    Value::Json(if b { "true" } else { "false" }.to_string())
}

fn object(kv: &[(String, i64)]) -> Value {
    let mut s = String::from("{");
    for (i, (k, v)) in kv.iter().enumerate() {
        if i > 0 {
            s.push(',');
        }
        write_str(&mut s, k);
        s.push(':');
        s.push_str(&v.to_string());
    }
    s.push('}');
    Value::Json(s)
}

fn refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Dispatch an operation of this module; `None` when `op` is not one of ours.
pub fn call(op: &str, args: &[Value]) -> Option<Result<Value>> {
    if !OP_NAMES.contains(&op) {
        return None;
    }
    Some(run(&Args { op, args }))
}

fn run(a: &Args<'_>) -> Result<Value> {
    let op = a.op;
    match op {
        "linear_print" => {
            a.arity(1, 1)?;
            Ok(lay(a.ll(0)?))
        }
        "linear_to_triton" => {
            a.arity(1, 1)?;
            let mut s = String::new();
            write_str(&mut s, &print_triton_text(&a.ll(0)?)?);
            Ok(Value::Json(s))
        }
        "linear_identity" => {
            a.arity(3, 3)?;
            Ok(lay(LinearLayout::identity1d(
                a.int(0)?,
                &a.name(1)?,
                &a.name(2)?,
            )?))
        }
        "linear_zeros" => {
            a.arity(3, 4)?;
            let out_size = if a.args.len() == 4 { a.int(3)? } else { 1 };
            Ok(lay(LinearLayout::zeros1d(
                a.int(0)?,
                &a.name(1)?,
                &a.name(2)?,
                out_size,
            )?))
        }
        "linear_strided" => {
            a.arity(4, 4)?;
            Ok(lay(LinearLayout::strided1d(
                a.int(0)?,
                a.int(1)?,
                &a.name(2)?,
                &a.name(3)?,
            )?))
        }
        "linear_apply" => {
            a.arity(2, 2)?;
            let l = a.ll(0)?;
            let j = a.json(1)?;
            let Json::Obj(kv) = j else {
                return Err(a.expected(1, "a JSON object {\"in_dim\": value, ...}"));
            };
            let point = kv
                .into_iter()
                .map(|(k, v)| {
                    Ok((
                        k,
                        v.as_int().ok_or_else(|| a.expected(1, "integer values"))?,
                    ))
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(object(&l.apply(&point)?))
        }
        "linear_compose" => {
            a.arity(2, 2)?;
            Ok(lay(compose::compose(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_invert" => {
            a.arity(1, 1)?;
            Ok(lay(invert::invert(&a.ll(0)?)?))
        }
        "linear_pseudoinvert" => {
            a.arity(1, 1)?;
            Ok(lay(invert::pseudoinvert(&a.ll(0)?)?))
        }
        "linear_invert_and_compose" => {
            a.arity(2, 2)?;
            Ok(lay(invert::invert_and_compose(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_product" => {
            a.arity(2, 2)?;
            Ok(lay(product::product(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_divide_left" => {
            a.arity(2, 2)?;
            Ok(lay(divide::divide_left(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_divide_right" => {
            a.arity(2, 2)?;
            Ok(lay(divide::divide_right(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_quotient" => {
            a.arity(2, 2)?;
            Ok(lay(divide::quotient(&a.ll(0)?, &refs(&a.names(1)?))?))
        }
        "linear_sublayout" => {
            a.arity(3, 3)?;
            Ok(lay(reshape::sublayout(
                &a.ll(0)?,
                &refs(&a.names(1)?),
                &refs(&a.names(2)?),
            )?))
        }
        "linear_transpose_ins" => {
            a.arity(2, 2)?;
            Ok(lay(reshape::transpose_ins(&a.ll(0)?, &refs(&a.names(1)?))?))
        }
        "linear_transpose_outs" => {
            a.arity(2, 2)?;
            Ok(lay(reshape::transpose_outs(
                &a.ll(0)?,
                &refs(&a.names(1)?),
            )?))
        }
        "linear_reshape_ins" => {
            a.arity(2, 2)?;
            Ok(lay(reshape::reshape_ins(&a.ll(0)?, &a.pairs(1)?)?))
        }
        "linear_reshape_outs" => {
            a.arity(2, 2)?;
            Ok(lay(reshape::reshape_outs(&a.ll(0)?, &a.pairs(1)?)?))
        }
        "linear_flatten_ins" => {
            a.arity(1, 1)?;
            Ok(lay(reshape::flatten_ins(&a.ll(0)?)?))
        }
        "linear_flatten_outs" => {
            a.arity(1, 1)?;
            Ok(lay(reshape::flatten_outs(&a.ll(0)?)?))
        }
        "linear_concat_ins" => {
            a.arity(2, 2)?;
            Ok(lay(product::concat_ins(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_concat_outs" => {
            a.arity(2, 2)?;
            Ok(lay(product::concat_outs(&a.ll(0)?, &a.ll(1)?)?))
        }
        "linear_column_action" => {
            a.arity(3, 3)?;
            let j = a.json(2)?;
            let action = j
                .as_arr()
                .ok_or_else(|| a.expected(2, "a JSON list of basis indices"))?
                .iter()
                .map(|x| {
                    x.as_int()
                        .ok_or_else(|| a.expected(2, "a JSON list of basis indices"))
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(lay(reshape::column_action(
                &a.ll(0)?,
                &a.name(1)?,
                &action,
            )?))
        }
        "linear_is_surjective" => {
            a.arity(1, 1)?;
            Ok(boolean(a.ll(0)?.is_surjective()))
        }
        "linear_is_injective" => {
            a.arity(1, 1)?;
            Ok(boolean(a.ll(0)?.is_injective()))
        }
        "linear_is_invertible" => {
            a.arity(1, 1)?;
            Ok(boolean(a.ll(0)?.is_invertible()))
        }
        "linear_rank" => {
            a.arity(1, 1)?;
            Ok(Value::int(a.ll(0)?.rank() as i64))
        }
        "linear_vector_width" => {
            a.arity(1, 1)?;
            Ok(Value::int(queries::vector_width(&a.ll(0)?)?))
        }
        "linear_free_variable_masks" => {
            a.arity(1, 1)?;
            Ok(object(&queries::free_variable_masks(&a.ll(0)?)))
        }
        "linear_from_cute" => {
            a.arity(1, 3)?;
            let f: &Func = match &a.args[0] {
                Value::Func(f) => f,
                v => {
                    return Err(Error::algebra(format!(
                        "{op}: argument 1 must be a CuTe layout, got {}",
                        v.kind()
                    )))
                }
            };
            let names = if a.args.len() >= 2 {
                a.names(1)?
            } else {
                from_cute::default_in_names(f)?
            };
            let out = if a.args.len() == 3 {
                a.name(2)?
            } else {
                "offset".to_string()
            };
            Ok(lay(from_cute::from_cute(f, &refs(&names), &out)?))
        }
        "linear_to_cute" => {
            a.arity(1, 1)?;
            Ok(Value::Func(to_cute::to_cute(&a.ll(0)?)?))
        }
        "linear_encoding" => {
            a.arity(2, 2)?;
            let enc = match a.raw(0) {
                Some(s) if encoding_text::is_encoding_text(s) => {
                    encoding_text::parse_encoding_text(s)?
                }
                _ => a.json(0)?,
            };
            Ok(lay(encodings::to_linear_layout(&enc, &a.extents(1)?)?))
        }
        "linear_bank_conflicts" => {
            a.arity(2, 3)?;
            Ok(Value::int(count(&a.access()?)))
        }
        "linear_smem_access" => {
            a.arity(2, 3)?;
            let acc = a.access()?;
            let c = count(&acc);
            let (instructions, phases, wavefronts, extra) = totals(&acc);
            Ok(object(&[
                ("vector".into(), acc.vector()),
                ("bytes".into(), acc.bytes()),
                ("lanes_per_phase".into(), acc.lanes_per_phase()),
                ("conflicts".into(), c),
                ("wavefronts_per_phase".into(), c + 1),
                ("instructions".into(), instructions),
                ("phases".into(), phases),
                ("wavefronts_per_instruction".into(), wavefronts),
                ("extra_wavefronts".into(), extra),
            ]))
        }
        "linear_optimal_swizzling" => {
            a.arity(3, 3)?;
            let ch = swizzle_choice::optimal_swizzling(&a.ll(0)?, &a.ll(1)?, a.int(2)?)?;
            Ok(Value::Json(format!(
                "{{\"smem\":{},\"vector\":{},\"write_conflicts\":{},\"read_conflicts\":{}}}",
                layout_to_json(&ch.smem),
                ch.vector,
                ch.write_conflicts,
                ch.read_conflicts
            )))
        }
        "linear_choose_swizzle" => {
            a.arity(3, 3)?;
            let ch = swizzle_choice::choose_cute_swizzle(&a.ll(0)?, &a.ll(1)?, a.int(2)?)?;
            let mut sw = String::new();
            write_str(
                &mut sw,
                &format!("Sw<{},{},{}>", ch.swizzle.b, ch.swizzle.m, ch.swizzle.s),
            );
            Ok(Value::Json(format!(
                "{{\"swizzle\":{sw},\"vector\":{},\"conflicts\":{},\"smem\":{}}}",
                ch.vector,
                ch.conflicts,
                layout_to_json(&ch.smem)
            )))
        }
        "convert_plan" => {
            a.arity(3, 4)?;
            let budget = if a.args.len() == 4 {
                a.int(3)?
            } else {
                convert_plan::DEFAULT_SMEM_BUDGET
            };
            let plan = convert_plan::convert_plan(&a.ll(0)?, &a.ll(1)?, a.int(2)?, budget)?;
            Ok(Value::Json(convert_plan::plan_to_json(&plan)))
        }
        _ => unreachable!("op listed in OP_NAMES"),
    }
}
