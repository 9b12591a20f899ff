//! Test and benchmark support: layout cases as IR, the lowering pipeline down to the LLVM
//! dialect, JIT compilation with MLIR's execution engine, and op counts.
//!
//! Every generated function has [`ARITY`] `index` arguments: the coordinates first (one linear
//! index, or one index per top-level mode), then the runtime values of the `?` leaves in print
//! order; unused arguments are ignored. That gives every function one C signature.

use std::collections::HashMap;

use layout_algebra::ops::coalesce::coalesce;
use layout_algebra::tuple::{idx2crd, IntTuple, Tree};
use layout_algebra::{text, Func, Int, Layout};
use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
use melior::ir::{BlockLike, Module};
use melior::pass::PassManager;
use melior::{Context, ExecutionEngine};

/// Index arguments of every generated function.
pub const ARITY: usize = 12;

/// Largest domain checked exhaustively; larger ones are sampled.
pub const EXHAUSTIVE_LIMIT: i64 = 1 << 16;

/// A layout to lower: its type text (with `?` leaves) and the values of those leaves.
#[derive(Clone, Debug)]
pub struct Case {
    pub label: String,
    /// CuTe text of the layout type; `?` leaves are bound at run time.
    pub text: String,
    /// The runtime values of the `?` leaves, in print order.
    pub leaves: Vec<i64>,
    /// The same layout with every leaf static: the reference.
    pub func: Func,
}

impl Case {
    pub fn fixed(label: impl Into<String>, text: &str) -> Result<Case, String> {
        let func = parse_func(text)?;
        Ok(Case {
            label: label.into(),
            text: text::print_func(&func),
            leaves: Vec::new(),
            func,
        })
    }
}

pub fn parse_func(t: &str) -> Result<Func, String> {
    match text::parse(t) {
        Ok(layout_algebra::Value::Func(f)) => Ok(f),
        Ok(v) => Err(format!("{t}: not a layout ({})", v.kind())),
        Err(e) => Err(format!("{t}: {e}")),
    }
}

/// What a generated function computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// crd2idx with a linear index.
    Linear,
    /// crd2idx with one coordinate per top-level mode.
    PerMode,
    /// crd2idx with one coordinate per leaf of the shape (a hierarchical coordinate).
    PerLeaf,
    /// idx2crd, result number k.
    Coord(usize),
    /// layout.size (one point).
    Size,
    /// crd2idx with a linear index on `layout.get` mode k (a traced dynamic value).
    Mode(usize),
}

/// The `?` version of a static layout: the leaves selected by `dyn_shape`/`dyn_stride` (flat
/// leaf indices) become `?`; returns the text and the runtime values in print order.
pub fn dynamic_variant(l: &Layout, dyn_shape: &[bool], dyn_stride: &[bool]) -> (String, Vec<i64>) {
    let mut values = Vec::new();
    let mut k = 0usize;
    let shape = l.shape.map(&mut |s| {
        let d = dyn_shape.get(k).copied().unwrap_or(false);
        k += 1;
        if d {
            if let Int::Lit(v) = s {
                values.push(*v);
            }
            Int::var(0)
        } else {
            s.clone()
        }
    });
    let mut k = 0usize;
    let stride = l.stride.map(&mut |d| {
        let dy = dyn_stride.get(k).copied().unwrap_or(false) && d.basis.is_empty();
        k += 1;
        let mut d = d.clone();
        if dy {
            if let Int::Lit(v) = d.coef {
                values.push(v);
            }
            d.coef = Int::var(0);
        }
        d
    });
    let t = text::print_layout(&Layout { shape, stride });
    (t, values)
}

/// `!layout.layout<...>` or `!layout.swizzle<B,M,S>`.
pub fn type_of(text: &str) -> String {
    if text.starts_with("Sw<") && !text.contains(" o ") {
        format!("!layout.swizzle<{}>", &text[3..text.len() - 1])
    } else {
        format!("!layout.layout<{text}>")
    }
}

/// Number of coordinate arguments of a query on `case`.
pub fn coordinate_count(case: &Case, q: Query) -> usize {
    match q {
        Query::PerMode => case.func.domain_layout().map(|l| l.rank()).unwrap_or(1),
        Query::PerLeaf => leaf_count(case),
        _ => 1,
    }
}

/// The result count of idx2crd on `case` (the leaves of its domain shape).
pub fn leaf_count(case: &Case) -> usize {
    case.func
        .domain_layout()
        .map(|l| l.shape.leaf_count())
        .unwrap_or(0)
}

/// The text of `func.func @name` computing `q` on `case`.
pub fn func_ir(name: &str, case: &Case, q: Query) -> String {
    let args: Vec<String> = (0..ARITY).map(|i| format!("%a{i}: index")).collect();
    let nc = coordinate_count(case, q);
    let ty = type_of(&case.text);
    let def = if case.leaves.is_empty() {
        format!("%l = layout.const #{}", &ty[1..])
    } else {
        let ls: Vec<String> = (0..case.leaves.len())
            .map(|j| format!("%a{}", nc + j))
            .collect();
        format!("%l = layout.make {} : {ty}", ls.join(", "))
    };
    let body = match q {
        Query::Linear => format!("%r = layout.crd2idx %l[%a0] : {ty}\n    return %r : index"),
        Query::PerMode | Query::PerLeaf => {
            let cs: Vec<String> = (0..nc).map(|i| format!("%a{i}")).collect();
            format!(
                "%r = layout.crd2idx %l[{}] : {ty}\n    return %r : index",
                cs.join(", ")
            )
        }
        Query::Size => format!("%r = layout.size %l : {ty}\n    return %r : index"),
        Query::Mode(k) => {
            let v = text::parse(&case.text).expect("case text parses");
            let g = layout_algebra::ops::call("get", &[v, layout_algebra::Value::int(k as i64)])
                .expect("get");
            let gty = type_of(&text::print(&g));
            format!(
                "%g = layout.get %l modes [{k}] : {ty}\n    %r = layout.crd2idx %g[%a0] : {gty}\n    return %r : index"
            )
        }
        Query::Coord(k) => {
            let n = leaf_count(case);
            let results = vec!["index"; n].join(", ");
            if n == 1 {
                format!("%r = layout.idx2crd %l[%a0] : {ty} -> index\n    return %r : index")
            } else {
                format!("%r:{n} = layout.idx2crd %l[%a0] : {ty} -> {results}\n    return %r#{k} : index")
            }
        }
    };
    format!(
        "  func.func @{name}({}) -> index {{\n    {def}\n    {body}\n  }}\n",
        args.join(", ")
    )
}

/// A context with the layout dialect, every upstream dialect and the LLVM translations.
pub fn context() -> Context {
    let ctx = Context::new();
    layout_dialect::register(&ctx);
    melior::utility::register_all_llvm_translations(&ctx);
    ctx
}

/// Parse a module of functions.
pub fn module<'c>(ctx: &'c Context, funcs: &[String]) -> Result<Module<'c>, String> {
    let text = format!("module {{\n{}}}\n", funcs.concat());
    Module::parse(ctx, &text)
        .ok_or_else(|| format!("module does not parse:\n{}", &text[..text.len().min(4000)]))
}

/// The `lower-to-index` pipeline: layout-lower-to-index, then upstream canonicalize and cse.
pub fn lower(ctx: &Context, m: &mut Module) -> Result<(), String> {
    let pm = PassManager::new(ctx);
    pm.add_pass(layout_lowering::create_lower_to_index_pass());
    pm.add_pass(melior::pass::transform::create_canonicalizer());
    pm.add_pass(melior::pass::transform::create_cse());
    pm.run(m).map_err(|e| format!("lower-to-index failed: {e}"))
}

/// The upstream conversion to the LLVM dialect.
pub fn to_llvm(ctx: &Context, m: &mut Module) -> Result<(), String> {
    let pm = PassManager::new(ctx);
    pm.add_pass(melior::pass::conversion::create_arith_to_llvm());
    // The asserts of runtime-leaf conditions (cf.assert).
    pm.add_pass(melior::pass::conversion::create_control_flow_to_llvm());
    pm.add_pass(melior::pass::conversion::create_func_to_llvm());
    pm.add_pass(melior::pass::conversion::create_reconcile_unrealized_casts());
    pm.run(m)
        .map_err(|e| format!("conversion to LLVM failed: {e}"))?;
    if !m.as_operation().verify() {
        return Err("the LLVM-dialect module does not verify".into());
    }
    Ok(())
}

/// Op counts per function: (arith ops other than arith.constant, arith.constant, other ops
/// except the return and the asserts of runtime-leaf conditions).
pub fn op_counts(m: &Module) -> HashMap<String, (usize, usize, usize)> {
    let mut out = HashMap::new();
    let body = m.body();
    let mut op = body.first_operation();
    while let Some(f) = op {
        if let Ok(name) = f.attribute("sym_name") {
            let name = name.to_string().trim_matches('"').to_string();
            let (mut arith, mut consts, mut other) = (0, 0, 0);
            f.walk(WalkOrder::PreOrder, |o| {
                let n = o.name();
                let n = n.as_string_ref().as_str().unwrap_or("").to_string();
                if n == "arith.constant" {
                    consts += 1;
                } else if n.starts_with("arith.") {
                    arith += 1;
                } else if n != "func.func" && n != "func.return" && n != "cf.assert" {
                    other += 1;
                }
                WalkResult::Advance
            });
            out.insert(name, (arith, consts, other));
        }
        op = f.next_in_block();
    }
    out
}

/// Print a module's function (for failure messages).
pub fn func_text(m: &Module, name: &str) -> String {
    let body = m.body();
    let mut op = body.first_operation();
    while let Some(f) = op {
        if let Ok(n) = f.attribute("sym_name") {
            if n.to_string().trim_matches('"') == name {
                return f.to_string();
            }
        }
        op = f.next_in_block();
    }
    String::new()
}

type Fn12 = extern "C" fn(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> i64;

/// A JIT-compiled module.
pub struct Jit {
    engine: ExecutionEngine,
}

impl Jit {
    pub fn new(m: &Module) -> Jit {
        Jit {
            engine: ExecutionEngine::new(m, 2, &[], false, false),
        }
    }
    /// The compiled function `name` (valid while `self` lives).
    pub fn get(&self, name: &str) -> Result<Compiled<'_>, String> {
        let p = self.engine.lookup(name);
        if p.is_null() {
            return Err(format!("JIT: no symbol {name}"));
        }
        let f: Fn12 = unsafe { std::mem::transmute::<*mut (), Fn12>(p) };
        Ok(Compiled {
            f,
            _jit: std::marker::PhantomData,
        })
    }
    /// Call `name` with `args` (padded with zeros to [`ARITY`]).
    pub fn call(&self, name: &str, args: &[i64]) -> Result<i64, String> {
        Ok(self.get(name)?.call(args))
    }
}

/// A function of a [`Jit`].
#[derive(Clone, Copy)]
pub struct Compiled<'a> {
    f: Fn12,
    _jit: std::marker::PhantomData<&'a Jit>,
}

impl Compiled<'_> {
    /// Call with `args` (padded with zeros to [`ARITY`]).
    pub fn call(&self, args: &[i64]) -> i64 {
        let mut a = [0i64; ARITY];
        a[..args.len()].copy_from_slice(args);
        (self.f)(
            a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11],
        )
    }
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next() % n
        }
    }
}

/// The points checked for a domain of `size`: all of them up to [`EXHAUSTIVE_LIMIT`], else
/// the first and last 1024 and 8192 random ones.
pub fn points(size: i64, rng: &mut Rng) -> Vec<i64> {
    if size <= EXHAUSTIVE_LIMIT {
        return (0..size).collect();
    }
    let mut v: Vec<i64> = (0..1024).chain(size - 1024..size).collect();
    v.extend((0..8192).map(|_| rng.below(size as u64) as i64));
    v
}

/// Domain size used for a query (a lone swizzle has none: its first 4096 offsets).
pub fn domain_size(f: &Func) -> i64 {
    f.size().unwrap_or(4096)
}

/// Arguments (coordinates) and expected value of query `q` at point `i` of the domain.
pub fn reference(f: &Func, q: Query, i: i64) -> Result<(Vec<i64>, i64), String> {
    let err = |e: layout_algebra::Error| e.to_string();
    match q {
        Query::Linear => Ok((vec![i], f.apply(i).map_err(err)?)),
        Query::PerMode => {
            let l = f.domain_layout().map_err(err)?;
            let sizes: Vec<IntTuple> = l
                .modes()
                .iter()
                .map(|m| m.size().map(IntTuple::lit))
                .collect::<Result<_, _>>()
                .map_err(err)?;
            let crd = idx2crd(i, &Tree::Node(sizes)).map_err(err)?;
            let args = crd.values("coordinate").map_err(err)?;
            let expect = match f {
                Func::Layout(l) => l.eval_crd(&crd).map_err(err)?,
                _ => f.apply(i).map_err(err)?,
            };
            Ok((args, expect))
        }
        // crd2idx(idx2crd(i, shape)) = L(i): the hierarchical coordinate of i, flattened.
        Query::PerLeaf => Ok((coordinates(f, i)?, f.apply(i).map_err(err)?)),
        Query::Size => Ok((vec![0], f.size().map_err(err)?)),
        Query::Mode(k) => {
            let l = f.domain_layout().map_err(err)?;
            Ok((vec![i], l.mode(k).map_err(err)?.eval(i).map_err(err)?))
        }
        Query::Coord(k) => {
            let l = f.domain_layout().map_err(err)?;
            let crd = idx2crd(i, &l.shape).map_err(err)?;
            let leaves = crd.values("coordinate").map_err(err)?;
            Ok((vec![i], *leaves.get(k).ok_or("coordinate out of range")?))
        }
    }
}

/// idx2crd(i, shape of the domain layout), flattened.
pub fn coordinates(f: &Func, i: i64) -> Result<Vec<i64>, String> {
    let l = f.domain_layout().map_err(|e| e.to_string())?;
    let crd = idx2crd(i, &l.shape).map_err(|e| e.to_string())?;
    crd.values("coordinate").map_err(|e| e.to_string())
}

/// The op bound of a function applied to a linear index: 4 per non-trivial mode of the
/// coalesced layout (extent > 1, stride != 0: a div, a mod, a mul and an add at most),
/// 3 per non-identity swizzle (and, shift, xor), 1 for a non-zero offset of a composition.
pub fn op_bound(f: &Func) -> Result<(usize, usize), String> {
    match f {
        Func::Layout(l) => {
            let c = coalesce(l).map_err(|e| e.to_string())?;
            let n = c
                .leaf_modes()
                .iter()
                .filter(|(s, d)| *s != Int::Lit(1) && !d.is_zero())
                .count();
            Ok((n, 4 * n))
        }
        Func::Swizzle(s) => Ok((0, if s.is_identity() { 0 } else { 3 })),
        Func::Composed(c) => {
            let (a, x) = op_bound(&c.outer)?;
            let (b, y) = op_bound(&c.inner)?;
            Ok((a + b, x + y + (c.offset != 0) as usize))
        }
    }
}

/// The 2000 layouts of the oracle corpus (`A` of every row of cute_pycute_seed1.jsonl).
pub fn oracle_layouts(path: &std::path::Path) -> Result<Vec<(String, String)>, String> {
    let data = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for line in data.lines() {
        // Rows look like {"id":N,"gen":{...},"A":"<text>",...}; the meta row has no "A".
        let Some(p) = line.find("\"A\":\"") else {
            continue;
        };
        let rest = &line[p + 5..];
        let Some(end) = rest.find('"') else { continue };
        let id = line
            .find("\"id\":")
            .map(|q| {
                line[q + 5..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect::<String>()
            })
            .unwrap_or_default();
        out.push((format!("oracle#{id}"), rest[..end].to_string()));
    }
    Ok(out)
}

/// The default location of the oracle corpus, from the repository root.
pub fn oracle_path() -> std::path::PathBuf {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    std::env::var("ORACLE_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| root.join("tests/data/oracle"))
        .join("cute_pycute_seed1.jsonl")
}
