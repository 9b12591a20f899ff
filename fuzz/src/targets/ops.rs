//! Targets `ops` and `linear`: every operation `layout batch` answers, called in process
//! through the same entry point (`ops::call_text_at`) with arguments shaped for the operation
//! (and sometimes not). Oracles: every result re-parses to itself, and the laws of
//! `oracle::laws` hold (composition point by point, inverses, coalesce, size, eval). The
//! `linear` target also checks that linear-layout arguments print back to what they parse to.

use crate::driver::{Finding, Target};
use crate::gen::{self, Shape, SMALL};
use crate::mutate::mutate;
use crate::oracle;
use crate::rng::Rng;
use crate::targets::{read_request, request_line, Corpus};
use layout_algebra::linear::json::layout_to_json;
use layout_algebra::linear::parse_linear;
use layout_algebra::ops;
use layout_algebra::text::parse;

/// The kind of an argument slot.
#[derive(Clone, Copy)]
enum K {
    /// any value of the layout syntax
    V,
    /// a layout function
    F,
    /// a plain layout
    L,
    /// a power-of-two layout (for the linear conversions)
    P,
    /// an integer tuple
    T,
    /// a small integer
    I,
    /// a layout or a tiler
    LT,
    /// a coordinate (with `_`)
    C,
    /// a linear layout
    Lin,
    /// a name or a JSON list of names
    N,
    /// an element type, major-ness or matrix count
    H,
    /// a Triton encoding and its shape
    Enc,
    EncShape,
}

fn signature(op: &str) -> &'static [K] {
    use K::*;
    match op {
        "print" => &[V],
        "size" | "cosize" | "rank" | "depth" | "shape" | "stride" | "coalesce" | "filter_zeros"
        | "filter" | "right_inverse" | "left_inverse" | "flatten" | "nullspace"
        | "max_alignment" | "make_layout_like" => &[F],
        "composition" => &[F, LT],
        "complement" => &[L, I],
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product" => &[L, LT],
        "blocked_product" | "raked_product" | "append" | "prepend" | "make_layout"
        | "max_common_vector" | "max_common_layout" => &[L, L],
        "slice" | "dice" => &[C, F],
        "crd2idx" => &[T, F],
        "idx2crd" => &[I, T],
        "crd2crd" => &[T, T, T],
        "eval" => &[F],
        "select" | "tile_to_shape" => &[L, T],
        "take" | "group_modes" => &[L, I, I],
        "get" | "upcast" | "downcast" => &[L, I],
        "recast" => &[L, I, I],
        "tidfrg" => &[F, L, L, I],
        "thrfrg" => &[F, L, T, T],
        "swizzle" => &[I, I, I],
        "domain_distribute" | "make_ordered_layout" | "ceil_div" | "shape_div" => &[T, T],
        "make_identity_layout" => &[T],
        "linear_identity" | "linear_zeros" => &[I, N, N],
        "linear_strided" => &[I, I, N, N],
        "linear_apply" => &[Lin, N],
        "linear_compose"
        | "linear_product"
        | "linear_divide_left"
        | "linear_divide_right"
        | "linear_invert_and_compose"
        | "linear_concat_ins"
        | "linear_concat_outs" => &[Lin, Lin],
        "linear_quotient"
        | "linear_transpose_ins"
        | "linear_transpose_outs"
        | "linear_flatten_ins"
        | "linear_flatten_outs" => &[Lin, N],
        "linear_sublayout" => &[Lin, N, N],
        "linear_reshape_ins" | "linear_reshape_outs" => &[Lin, N],
        "linear_column_action" => &[Lin, N, N],
        "linear_from_cute" => &[P],
        "linear_encoding" => &[Enc, EncShape],
        "linear_bank_conflicts"
        | "linear_smem_access"
        | "linear_choose_swizzle"
        | "linear_optimal_swizzling"
        | "convert_plan" => &[Lin, Lin, I],
        op if op.starts_with("linear_") => &[Lin],
        "wgmma_desc" => &[H, H, F, I],
        "wgmma_k_block" => &[H, F, I],
        "tma_desc" => &[H, L, F],
        "ldmatrix" | "stmatrix" => &[H, F, F],
        "fragment_store" => &[H, L, I],
        "smem_layout" => &[H, H, I, I, I],
        "tmem_load" => &[L, I, I],
        _ => &[V, V],
    }
}

/// A power-of-two layout: what the linear conversions accept.
fn pow2_layout(r: &mut Rng) -> String {
    let n = r.range(1, 4);
    let mut acc = 1i64;
    let (mut sh, mut st) = (Vec::new(), Vec::new());
    for _ in 0..n {
        let s = 1i64 << r.below(4);
        sh.push(s.to_string());
        st.push(if r.one_in(6) { 0 } else { acc }.to_string());
        acc *= s;
    }
    let l = format!("({}):({})", sh.join(","), st.join(","));
    if r.one_in(3) {
        format!(
            "Sw<{},{},{}> o 0 o {l}",
            r.range(0, 2),
            r.range(0, 2),
            r.range(2, 3)
        )
    } else {
        l
    }
}

fn arg(r: &mut Rng, k: K) -> String {
    let s: Shape = SMALL;
    if r.one_in(12) {
        return gen::any_arg(r);
    }
    match k {
        K::V => gen::value(r),
        K::F => gen::func(r, s),
        K::L => gen::layout(r, s),
        K::P => {
            if r.one_in(40) {
                // many leaves (cost bound of linear_from_cute)
                let n = r.range(40, 200) as usize;
                format!(
                    "({}):({})",
                    vec!["2"; n].join(","),
                    (0..n)
                        .map(|i| (1i64 << (i % 62)).to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                )
            } else {
                pow2_layout(r)
            }
        }
        K::T => gen::int_tuple(r, s),
        K::I => {
            if r.one_in(10) {
                r.pick(gen::EXTREMES).to_string()
            } else {
                r.range(-1, 16).to_string()
            }
        }
        K::LT => {
            if r.one_in(2) {
                gen::tiler(r, s)
            } else if r.one_in(8) {
                gen::deep(r)
            } else {
                gen::layout(r, s)
            }
        }
        K::C => gen::coord(r, s),
        K::Lin => match r.below(6) {
            0 => gen::linear_triton(r),
            1 => pow2_layout(r),
            2 => gen::typed_encoding(r),
            _ => gen::linear_json(r),
        },
        K::N => match r.below(3) {
            0 => r.pick(gen::NAMES).to_string(),
            1 => format!("[\"{}\",\"{}\"]", r.pick(gen::NAMES), r.pick(gen::NAMES)),
            _ => format!("{{\"{}\":{}}}", r.pick(gen::NAMES), 1 << r.below(4)),
        },
        K::H => r.pick(gen::HW_NAMES).to_string(),
        K::Enc => gen::encoding(r),
        K::EncShape => gen::enc_shape(r),
    }
}

/// `ops` (every operation) or `linear` (the linear-layout ones).
pub struct Ops {
    name: &'static str,
    names: Vec<&'static str>,
    corpus: Corpus,
    id: u64,
}

impl Ops {
    pub fn all() -> Ops {
        Ops::with("ops", ops::all_op_names())
    }
    pub fn linear() -> Ops {
        Ops::with("linear", layout_algebra::linear::OP_NAMES.to_vec())
    }
    fn with(name: &'static str, names: Vec<&'static str>) -> Ops {
        Ops {
            name,
            names,
            corpus: Corpus::new(1024),
            id: 0,
        }
    }
}

/// Arguments for `op`: its signature, sometimes with an argument more or less.
pub fn args_for(r: &mut Rng, op: &str) -> Vec<String> {
    let sig = signature(op);
    let mut args: Vec<String> = sig.iter().map(|&k| arg(r, k)).collect();
    match r.below(20) {
        0 => {
            args.pop();
        }
        1 => args.push(arg(r, K::V)),
        _ => {}
    }
    args
}

impl Target for Ops {
    fn name(&self) -> &'static str {
        self.name
    }
    fn input(&mut self, r: &mut Rng) -> String {
        self.id += 1;
        if r.below(3) == 0 {
            if let Some((op, mut args)) = self.corpus.pick(r).and_then(|s| read_request(s)) {
                if !args.is_empty() {
                    let i = r.below(args.len());
                    args[i] = mutate(r, &args[i]);
                }
                return request_line(self.id, &op, &args);
            }
        }
        let op = *r.pick(&self.names);
        let args = args_for(r, op);
        request_line(self.id, op, &args)
    }
    fn run(&mut self, input: &str) -> Result<u64, Finding> {
        let Some((op, args)) = read_request(input) else {
            return Ok(1);
        };
        if self.name == "linear" {
            for a in &args {
                if let Ok(l) = parse_linear(a) {
                    let j = layout_to_json(&l);
                    match parse_linear(&j) {
                        Ok(back) if back == l => {}
                        Ok(_) => return Err(Finding::new("oracle", format!("linear layout {a} prints as {j}, which parses to a different layout"))),
                        Err(e) => return Err(Finding::new("oracle", format!("linear layout {a} prints as {j}, which does not parse: {e}"))),
                    }
                }
            }
        }
        match ops::call_text_at(&op, &args) {
            Err((e, at)) => {
                if let (Some(o), Some(i)) = (e.offset(), at) {
                    if i >= args.len() || o > args[i].len() {
                        return Err(Finding::new(
                            "oracle",
                            format!(
                                "parse error at byte {o} of argument {i}, which is shorter: {e}"
                            ),
                        ));
                    }
                }
                Ok(1)
            }
            Ok(v) => {
                oracle::reparses(&v).map_err(|m| Finding::new("oracle", format!("{op}: {m}")))?;
                let vals: Vec<_> = args.iter().filter_map(|a| parse(a).ok()).collect();
                if vals.len() == args.len() {
                    oracle::laws(&op, &vals, &v).map_err(|m| Finding::new("oracle", m))?;
                }
                if self.corpus.len() < 1024 || self.id % 8 == 0 {
                    let mut r = Rng::new(self.id);
                    self.corpus.add(&mut r, input.to_string());
                }
                Ok(1)
            }
        }
    }
}
