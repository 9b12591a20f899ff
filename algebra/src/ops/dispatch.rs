//! Name -> operation dispatch over parsed [`Value`]s. Argument conversion errors name the
//! operation, the argument and what was expected.

use crate::error::{Error, Result};
use crate::func::Func;
use crate::int::Int;
use crate::layout::Layout;
use crate::ops::{
    ceil_div, coalesce, common, complement, composed, composition, divide, domain_distribute,
    filter, index_runtime, inverse, modes, nullspace, ordered, product, recast, shape_arith, slice,
    tile_to_shape, tiled_copy, tiled_mma, tiler,
};
use crate::tuple::{IntTuple, Tree};
use crate::value::{Coord, CrdLeaf, Value};
use std::borrow::Cow;

/// Largest evaluation table `eval` returns.
pub const EVAL_LIMIT: i64 = 1 << 20;

/// Every operation name `call` accepts.
pub const OP_NAMES: &[&str] = &[
    "print",
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
    "coalesce",
    "filter_zeros",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "slice",
    "dice",
    "crd2idx",
    "idx2crd",
    "crd2crd",
    "eval",
    "select",
    "take",
    "group_modes",
    "flatten",
    "append",
    "prepend",
    "get",
    "make_layout",
    "bind",
    "swizzle",
    "nullspace",
    "domain_distribute",
    "max_common_vector",
    "max_common_layout",
    "max_alignment",
    "upcast",
    "downcast",
    "recast",
    "tile_to_shape",
    "tidfrg",
    "thrfrg",
    "make_ordered_layout",
    "make_layout_like",
    "make_identity_layout",
    "ceil_div",
    "shape_div",
];

/// Apply the operation `op` to `args`. The result is one the text syntax can express
/// (ops/printable.rs), or an error.
pub fn call(op: &str, args: &[Value]) -> Result<Value> {
    let r = carry_conditions(op, args, call_unchecked(op, args)?)?;
    result_contracts(op, r)
}

/// The conditions recorded on the runtime leaves of the layout operands (crate::sym's
/// `check`) stay with a layout result that has runtime leaves: those its leaves do not carry
/// already go into its first runtime leaf (`Layout::with_conditions`), so an op that drops
/// the leaf holding a condition (`get`, `select`, `take`, `slice`, ...) keeps the condition,
/// and `bind` and the lowering still check it. A result without runtime leaves does not
/// depend on the runtime values and carries none.
fn carry_conditions(op: &str, args: &[Value], r: Value) -> Result<Value> {
    let Value::Func(Func::Layout(l)) = &r else {
        return Ok(r);
    };
    if op == "bind" || !l.has_runtime_leaf() {
        return Ok(r);
    }
    let mut conds: Vec<(Int, String)> = Vec::new();
    for a in args {
        if let Value::Func(Func::Layout(x)) = a {
            if x.has_runtime_leaf() {
                for c in x.conditions() {
                    if !conds.contains(&c) {
                        conds.push(c);
                    }
                }
            }
        }
    }
    if conds.is_empty() {
        return Ok(r);
    }
    let have = l.conditions();
    let missing: Vec<(Int, String)> = conds.into_iter().filter(|c| !have.contains(c)).collect();
    if missing.is_empty() {
        return Ok(r);
    }
    match r {
        Value::Func(Func::Layout(l)) => {
            Ok(Value::Func(Func::Layout(l.with_conditions(missing, op)?)))
        }
        other => Ok(other),
    }
}

/// The contracts of every result: it prints as text the parser accepts, and its sizes and
/// cosizes are within i64.
fn result_contracts(op: &str, v: Value) -> Result<Value> {
    let r = crate::ops::printable::check(op, v)?;
    crate::ops::contract_bounds::check(op, r)
}

fn call_unchecked(op: &str, args: &[Value]) -> Result<Value> {
    let a = Args { op, args };
    match op {
        // Swizzles and composed layouts (ops/composed.rs).
        "composition" if args.iter().any(composed::is_swizzled) => {
            a.arity(2)?;
            Ok(Value::Func(composed::composition(
                &*func(op, &args[0])?,
                &args[1],
            )?))
        }
        "right_inverse" | "left_inverse" if args.iter().any(composed::is_swizzled) => {
            let f = func(op, a.one()?)?;
            Ok(Value::Func(if op == "right_inverse" {
                composed::right_inverse(&f)?
            } else {
                composed::left_inverse(&f)?
            }))
        }
        "slice" if args.iter().any(composed::is_swizzled) => {
            a.arity(2)?;
            let (c, f) = match (&args[0], &args[1]) {
                (Value::Func(f), c) | (c, Value::Func(f)) => (c, f),
                _ => return Err(Error::algebra("slice: expected a coordinate and a layout")),
            };
            let c = match c {
                Value::Coord(c) => c.clone(),
                Value::All => Tree::Leaf(CrdLeaf::All),
                Value::Tuple(t) => t.map(&mut |x| CrdLeaf::Int(x.clone())),
                other => {
                    return Err(Error::algebra(format!(
                        "slice: expected a coordinate, found {}",
                        other.kind()
                    )))
                }
            };
            Ok(Value::Func(composed::slice_composed(&c, f)?))
        }
        // CuTe: dice(n, F) = F for an integer n; other coordinates have no dice of a composed
        // layout (C++ does not compile them).
        "dice" if args.iter().any(composed::is_swizzled) => {
            a.arity(2)?;
            match (&args[0], &args[1]) {
                (Value::Tuple(Tree::Leaf(_)), f) | (f, Value::Tuple(Tree::Leaf(_)))
                    if composed::is_swizzled(f) =>
                {
                    Ok(f.clone())
                }
                _ => Err(Error::algebra(
                    "dice: a swizzled or composed layout is diced only by an integer (which keeps it whole, as CuTe); dice its inner layout instead",
                )),
            }
        }
        "crd2idx" if args.len() == 2 && composed::is_swizzled(&args[1]) => Ok(Value::int(
            composed::crd2idx_composed(&a.tuple(0)?, &*func(op, &args[1])?)?,
        )),
        op if (composed::LIFTED_OPS.contains(&op) || composed::DOMAIN_QUERIES.contains(&op))
            && args.first().is_some_and(composed::is_swizzled) =>
        {
            composed::lift_call(op, args, &call)
        }
        op if composed::LIFTED_OPS.contains(&op)
            && matches!(args.first(), Some(Value::OffsetComposed(_))) =>
        {
            crate::ops::offset_composed_ops::lift(op, args, &call)
        }
        "size" | "crd2idx" | "eval" | "shape" | "rank" | "depth"
            if args.iter().any(|v| matches!(v, Value::OffsetComposed(_))) =>
        {
            crate::ops::offset_composed_ops::call(op, args)
        }
        "swizzle" => {
            a.arity(2)?;
            match &args[0] {
                Value::Func(Func::Swizzle(s)) => {
                    Ok(Value::int(composed::swizzle_offset(s, a.int(1)?)?))
                }
                other => Err(Error::algebra(format!(
                    "swizzle: argument 0 must be a swizzle Sw<B,M,S>, found {}",
                    other.kind()
                ))),
            }
        }
        "nullspace" => lay(nullspace::nullspace(&*a.layout(0)?)),
        "domain_distribute" => {
            a.arity(2)?;
            let shape = match &args[0] {
                Value::Tuple(t) => t.clone(),
                v => a.layout_of(v)?.into_owned().shape,
            };
            lay(domain_distribute::domain_distribute(&shape, a.int(1)?))
        }
        "max_common_vector" => {
            a.arity(2)?;
            Ok(Value::int(common::max_common_vector(
                &*func(op, &args[0])?,
                &*func(op, &args[1])?,
            )?))
        }
        "max_common_layout" => {
            a.arity(2)?;
            lay(common::max_common_layout(
                &*func(op, &args[0])?,
                &*func(op, &args[1])?,
            ))
        }
        "max_alignment" => Ok(Value::int(recast::max_alignment(&*func(op, a.one()?)?)?)),
        "upcast" | "downcast" => {
            a.arity(2)?;
            let f = func(op, &args[0])?;
            let n = a.int(1)?;
            Ok(Value::Func(if op == "upcast" {
                recast::upcast(&f, n)?
            } else {
                recast::downcast(&f, n)?
            }))
        }
        "recast" => {
            a.arity(3)?;
            Ok(Value::Func(recast::recast(
                &*func(op, &args[0])?,
                a.int(1)?,
                a.int(2)?,
            )?))
        }
        "tile_to_shape" => {
            let order = match args.len() {
                2 => None,
                3 => Some(a.tuple(2)?),
                n => return Err(a.bad_arity(n, "2 or 3")),
            };
            lay(tile_to_shape::tile_to_shape(
                &*a.layout(0)?,
                &a.tuple(1)?,
                order.as_ref(),
            ))
        }
        "tidfrg" => {
            a.arity(4)?;
            lay(tiled_copy::tidfrg(
                &*a.layout(0)?,
                &*a.layout(1)?,
                &*a.layout(2)?,
                a.int(3)?,
                op,
            ))
        }
        "thrfrg" => {
            let perm = match args.len() {
                4 => None,
                5 => Some(&args[4]),
                n => return Err(a.bad_arity(n, "4 or 5")),
            };
            let pair = |i: usize| -> Result<[i64; 2]> {
                match a.tuple(i)?.values(op)?.as_slice() {
                    [x, y] => Ok([*x, *y]),
                    _ => Err(Error::algebra(format!(
                        "{op}: argument {i} must be a pair of static extents (m, n)"
                    ))),
                }
            };
            lay(tiled_mma::thrfrg(
                &*a.layout(0)?,
                &*a.layout(1)?,
                pair(2)?,
                pair(3)?,
                perm,
                op,
            ))
        }
        "make_ordered_layout" => {
            a.arity(2)?;
            lay(ordered::make_ordered_layout(&a.tuple(0)?, &a.tuple(1)?))
        }
        "make_layout_like" => lay(ordered::make_layout_like(&*a.layout(0)?)),
        "make_identity_layout" => lay(ordered::make_identity_layout(&a.tuple(0)?)),
        "ceil_div" | "shape_div" => {
            a.arity(2)?;
            let x = a.tuple(0)?;
            Ok(Value::Tuple(if op == "ceil_div" {
                ceil_div::ceil_div(&x, &args[1])?
            } else {
                shape_arith::shape_div(&x, &a.tuple(1)?)?
            }))
        }
        "print" => Ok(a.one()?.clone()),
        "bind" => {
            if args.is_empty() {
                return Err(a.bad_arity(0, "1 or more"));
            }
            let values = (1..args.len())
                .map(|i| a.int(i))
                .collect::<Result<Vec<_>>>()?;
            crate::ops::bind::bind(&args[0], None, &values)
        }
        "size" => Ok(Value::Tuple(Tree::Leaf(match a.one()? {
            Value::Tuple(t) => t.product_int()?,
            v => match &*func(op, v)? {
                Func::Layout(l) if l.has_runtime_leaf() => l.size_int()?,
                f => Int::Lit(f.size()?),
            },
        }))),
        "cosize" => Ok(Value::Tuple(Tree::Leaf(match &*func(op, a.one()?)? {
            Func::Layout(l) if l.has_runtime_leaf() => l.cosize_int()?,
            f => Int::Lit(f.cosize()?),
        }))),
        "rank" => Ok(Value::int(match a.one()? {
            Value::Tuple(t) => t.rank() as i64,
            v => a.layout_of(v)?.rank() as i64,
        })),
        "depth" => Ok(Value::int(match a.one()? {
            Value::Tuple(t) => t.depth() as i64,
            v => a.layout_of(v)?.depth() as i64,
        })),
        "shape" => Ok(Value::Tuple(a.layout(0)?.into_owned().shape)),
        "stride" => Ok(Value::Strides(a.layout(0)?.into_owned().stride)),
        "coalesce" => lay(match args.len() {
            1 => coalesce::coalesce(&*a.layout(0)?),
            _ => coalesce::coalesce_profile(&*a.layout(0)?, &a.tuple(1)?),
        }),
        "filter_zeros" => lay(Ok(filter::filter_zeros(&*a.layout(0)?))),
        "filter" => lay(match args.len() {
            1 => filter::filter(&*a.layout(0)?),
            _ => filter::filter_profile(&*a.layout(0)?, &a.tuple(1)?),
        }),
        "composition" => {
            a.arity(2)?;
            lay(composition::compose_tiler(&*a.layout(0)?, &args[1]))
        }
        "complement" => lay(match args.len() {
            1 => complement::complement_default(&*a.layout(0)?),
            _ => {
                a.arity(2)?;
                // CuTe reads the cotarget as shape(M): a layout stands for its shape.
                let cotarget = match &args[1] {
                    Value::Func(crate::func::Func::Layout(m)) => m.shape.clone(),
                    _ => a.tuple(1)?,
                };
                complement::complement(&*a.layout(0)?, &cotarget)
            }
        }),
        "right_inverse" => lay(inverse::right_inverse(&*a.layout(0)?)),
        "left_inverse" => lay(inverse::left_inverse(&*a.layout(0)?)),
        "logical_divide" => lay(divide::logical_divide(&*a.layout(0)?, a.arg2()?)),
        "zipped_divide" => lay(divide::zipped_divide(&*a.layout(0)?, a.arg2()?)),
        "tiled_divide" => lay(divide::tiled_divide(&*a.layout(0)?, a.arg2()?)),
        "flat_divide" => lay(divide::flat_divide(&*a.layout(0)?, a.arg2()?)),
        "logical_product" => lay(product::logical_product(&*a.layout(0)?, a.arg2()?)),
        "zipped_product" => lay(product::zipped_product(&*a.layout(0)?, a.arg2()?)),
        "tiled_product" => lay(product::tiled_product(&*a.layout(0)?, a.arg2()?)),
        "flat_product" => lay(product::flat_product(&*a.layout(0)?, a.arg2()?)),
        "blocked_product" => lay(product::blocked_product(&*a.layout(0)?, a.arg2()?)),
        "raked_product" => lay(product::raked_product(&*a.layout(0)?, a.arg2()?)),
        "slice" | "dice" => {
            a.arity(2)?;
            // On a shape (CuTe's slice/dice of an integer tuple): the shape of the same slice
            // of its compact layout, `slice((_,1,_), (2,3,4))` = `(2,4)`.
            if let (Value::Coord(_) | Value::All, Value::Tuple(shape)) = (&args[0], &args[1]) {
                let c = match &args[0] {
                    Value::Coord(c) => c.clone(),
                    _ => Tree::Leaf(CrdLeaf::All),
                };
                let l = Layout::compact(shape)?;
                let r = if op == "slice" {
                    slice::slice(&c, &l)?
                } else {
                    slice::dice(&c, &l)?
                };
                return Ok(Value::Tuple(r.shape));
            }
            let (c, l) = a.coord_and_layout()?;
            lay(if op == "slice" {
                slice::slice(&c, &l)
            } else {
                slice::dice(&c, &l)
            })
        }
        "crd2idx" => {
            // [crd, layout] (either order) or [crd, shape, stride]; the coordinate may be linear.
            let (crd, l) = match (args.len(), args.first()) {
                (2, Some(Value::Func(_))) => (a.tuple(1)?, a.layout(0)?),
                (2, _) => (a.tuple(0)?, a.layout(1)?),
                (3, _) => (
                    a.tuple(0)?,
                    Cow::Owned(Layout::new(a.tuple(1)?, a.strides(2)?)?),
                ),
                (n, _) => return Err(a.bad_arity(n, "2 or 3")),
            };
            if !l.stride.has_basis() && !(crd.is_static() && l.is_static()) {
                // Runtime leaves: the offset as an expression of them (index_runtime).
                return Ok(Value::Tuple(Tree::Leaf(index_runtime::crd2idx(
                    &crd, &l.shape, &l.stride,
                )?)));
            }
            slice::check_coord_in_domain(&crd, &l.shape)?;
            if l.stride.has_basis() {
                return Ok(Value::Tuple(crate::ops::basis::crd2idx(&crd, &l)?));
            }
            Ok(Value::int(l.eval_crd(&crd)?))
        }
        "idx2crd" => {
            a.arity(2)?;
            let shape = match &args[1] {
                Value::Tuple(t) => t.clone(),
                v => a.layout_of(v)?.into_owned().shape,
            };
            match a.get(0)? {
                Value::Tuple(Tree::Leaf(Int::Lit(x))) if shape.is_static() => {
                    Ok(Value::Tuple(slice::idx2crd(*x, &shape)?))
                }
                // A runtime index or extents: the coordinate as expressions (index_runtime).
                Value::Tuple(Tree::Leaf(x)) => Ok(Value::Tuple(index_runtime::idx2crd(x, &shape)?)),
                other => Err(Error::algebra(format!(
                    "idx2crd: argument 0 must be an index (an integer, static or '?'), found {}",
                    other.kind()
                ))),
            }
        }
        "crd2crd" => {
            a.arity(3)?;
            let (crd, from, to) = (a.tuple(0)?, a.tuple(1)?, a.tuple(2)?);
            if !(crd.is_static() && from.is_static() && to.is_static()) {
                // Runtime leaves: the colexicographic index of crd in `from` (crd2idx with
                // compact strides), then its coordinate in `to`, as expressions.
                let strides = crate::layout::compact_strides(&from, 1)?;
                let lin = index_runtime::crd2idx(&crd, &from, &strides)?;
                return Ok(Value::Tuple(index_runtime::idx2crd(&lin, &to)?));
            }
            let lin = slice::crd2lin(&crd, &from)?;
            Ok(Value::Tuple(slice::idx2crd(lin, &to)?))
        }
        "eval" => {
            let f = func(op, a.one()?)?;
            Ok(Value::Ints(f.table(EVAL_LIMIT)?))
        }
        "select" => {
            let idx = (1..args.len())
                .map(|i| a.int(i))
                .collect::<Result<Vec<_>>>()?;
            match args.first() {
                Some(Value::Tiler(items)) => tiler::select(items, &idx),
                Some(Value::Tuple(t)) => modes::select_tuple(t, &idx).map(Value::Tuple),
                Some(Value::Strides(t)) => modes::select_tuple(t, &idx).map(Value::Strides),
                _ => lay(modes::select(&*a.layout(0)?, &idx)),
            }
        }
        "take" => {
            a.arity(3)?;
            lay(modes::take(&*a.layout(0)?, a.int(1)?, a.int(2)?))
        }
        "group_modes" => {
            a.arity(3)?;
            lay(modes::group_modes(&*a.layout(0)?, a.int(1)?, a.int(2)?))
        }
        "flatten" => Ok(match a.one()? {
            Value::Tuple(t) => Value::Tuple(t.flatten()),
            Value::Tiler(items) => tiler::flatten(items),
            v => Value::layout(a.layout_of(v)?.flatten()),
        }),
        "append" => {
            a.arity(2)?;
            lay(Ok(modes::append(&*a.layout(0)?, &*a.layout(1)?)))
        }
        "prepend" => {
            a.arity(2)?;
            lay(Ok(modes::prepend(&*a.layout(0)?, &*a.layout(1)?)))
        }
        "get" => {
            let path = (1..args.len())
                .map(|i| a.int(i))
                .collect::<Result<Vec<_>>>()?;
            match args.first() {
                Some(Value::Tiler(items)) => tiler::get(items, &path),
                Some(Value::Tuple(t)) => modes::get_tuple(t, &path).map(Value::Tuple),
                _ => lay(modes::get(&*a.layout(0)?, &path)),
            }
        }
        "make_layout" => lay(match args.len() {
            1 => Layout::compact(&a.tuple(0)?),
            2 => Layout::new(a.tuple(0)?, a.strides(1)?),
            n => return Err(a.bad_arity(n, "1 or 2")),
        }),
        _ => {
            for ext in EXTENSIONS {
                if let Some(r) = ext(op, args) {
                    return r;
                }
            }
            Err(Error::algebra(format!("unknown operation '{op}'")))
        }
    }
}

/// Apply `op` to argument texts: linear-layout and hardware operations read their own
/// argument forms (Triton's `#ttg.linear<...>`/JSON, names like `f16`), the others the layout
/// syntax. A parse error comes with the index of the argument it is in. Results meet the
/// contracts of [`call`]'s (printable, size and cosize within i64), whichever module answers.
pub fn call_text_at<S: AsRef<str>>(
    op: &str,
    args: &[S],
) -> std::result::Result<Value, (Error, Option<usize>)> {
    static CORE: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    if !CORE
        .get_or_init(|| OP_NAMES.iter().copied().collect())
        .contains(op)
    {
        let texts: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
        let r = crate::linear::call_text_at(op, &texts)
            .or_else(|| crate::hw::call_text_at(op, &texts))
            .or_else(|| crate::bijective::call_text_at(op, &texts));
        if let Some(r) = r {
            return r.and_then(|v| result_contracts(op, v).map_err(|e| (e, None)));
        }
    }
    let mut vals = Vec::with_capacity(args.len());
    for (i, a) in args.iter().enumerate() {
        vals.push(crate::text::parse(a.as_ref()).map_err(|e| (e, Some(i)))?);
    }
    call(op, &vals).map_err(|e| (e, None))
}

/// One argument text as a value (for calls built from text, like `layout eval`): the layout
/// syntax; else a linear layout or JSON (`#ttg.linear<...>`, `tensor<64x64xf16, #ttg...>`,
/// `{...}`, `["a","b"]`) or a bare name (`f16`, `K`), passed on as [`Value::Json`]. Anything
/// else keeps the layout parser's error.
pub fn parse_arg(text: &str) -> Result<Value> {
    parse_arg_numbered(text, &mut 0)
}

/// [`parse_arg`] with the runtime leaves `?` numbered from `*vars` on (crate::sym); `*vars`
/// moves past them.
pub fn parse_arg_numbered(text: &str, vars: &mut u32) -> Result<Value> {
    crate::text::parse_numbered(text, vars).or_else(|e| {
        let t = text.trim();
        let json_list = || t.starts_with('[') && crate::linear::json::parse_json(t).is_ok();
        if crate::linear::is_linear_text(t) || t.starts_with('"') || json_list() {
            Ok(Value::Json(t.to_string()))
        } else {
            crate::hw::parse_arg(text).map_err(|_| e)
        }
    })
}

type Extension = fn(&str, &[Value]) -> Option<Result<Value>>;

/// Modules with their own operation tables (tried in order after the core operations).
const EXTENSIONS: &[Extension] = &[crate::linear::call, crate::hw::call];

/// Whether `name` is an operation (core or extension); the set is built once.
pub fn is_op(name: &str) -> bool {
    static ALL: std::sync::OnceLock<NameSet> = std::sync::OnceLock::new();
    ALL.get_or_init(|| all_op_names().into_iter().collect())
        .contains(name)
}

/// A set of operation names, hashed by FNV-1a (short keys, two lookups per request).
type NameSet = std::collections::HashSet<&'static str, std::hash::BuildHasherDefault<Fnv1a>>;

#[derive(Default)]
struct Fnv1a(u64);

impl std::hash::Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Every operation name: the core ones and those of the extension modules.
pub fn all_op_names() -> Vec<&'static str> {
    OP_NAMES
        .iter()
        .chain(crate::linear::OP_NAMES)
        .chain(crate::hw::OP_NAMES)
        .chain(crate::bijective::OP_NAMES)
        .copied()
        .collect()
}

fn lay(r: Result<Layout>) -> Result<Value> {
    r.map(Value::layout)
}

/// A layout function from a value (an integer tuple is its compact layout).
pub(crate) fn func<'v>(op: &str, v: &'v Value) -> Result<Cow<'v, Func>> {
    match v {
        Value::Func(f) => Ok(Cow::Borrowed(f)),
        Value::Tuple(t) => Ok(Cow::Owned(Func::Layout(Layout::compact(t)?))),
        other => Err(Error::algebra(format!(
            "{op}: expected a layout, found {}",
            other.kind()
        ))),
    }
}

pub(crate) struct Args<'a> {
    pub op: &'a str,
    pub args: &'a [Value],
}

impl<'a> Args<'a> {
    pub fn bad_arity(&self, n: usize, want: &str) -> Error {
        Error::algebra(format!("{} takes {want} arguments, got {n}", self.op))
    }
    pub fn arity(&self, n: usize) -> Result<()> {
        if self.args.len() != n {
            return Err(self.bad_arity(self.args.len(), &n.to_string()));
        }
        Ok(())
    }
    pub fn one(&self) -> Result<&'a Value> {
        self.arity(1)?;
        Ok(&self.args[0])
    }
    pub fn arg2(&self) -> Result<&'a Value> {
        self.arity(2)?;
        Ok(&self.args[1])
    }
    fn get(&self, i: usize) -> Result<&'a Value> {
        self.args
            .get(i)
            .ok_or_else(|| self.bad_arity(self.args.len(), &format!("at least {}", i + 1)))
    }
    pub fn layout_of<'v>(&self, v: &'v Value) -> Result<Cow<'v, Layout>> {
        match func(self.op, v)? {
            Cow::Borrowed(Func::Layout(l)) => Ok(Cow::Borrowed(l)),
            Cow::Owned(Func::Layout(l)) => Ok(Cow::Owned(l)),
            other => Err(Error::algebra(format!(
                "{}: expected a shape:stride layout, found {}",
                self.op,
                Value::Func(other.into_owned()).kind()
            ))),
        }
    }
    pub fn layout(&self, i: usize) -> Result<Cow<'a, Layout>> {
        self.layout_of(self.get(i)?)
    }
    pub fn tuple(&self, i: usize) -> Result<IntTuple> {
        match self.get(i)? {
            Value::Tuple(t) => Ok(t.clone()),
            other => Err(Error::algebra(format!(
                "{}: argument {i} must be an integer or integer tuple, found {}",
                self.op,
                other.kind()
            ))),
        }
    }
    pub fn int(&self, i: usize) -> Result<i64> {
        match self.get(i)? {
            Value::Tuple(Tree::Leaf(Int::Lit(v))) => Ok(*v),
            Value::Tuple(Tree::Leaf(Int::Dyn(_))) => Err(Error::algebra(format!(
                "{}: argument {i} must be a static integer, found a runtime integer '?'",
                self.op
            ))),
            other => Err(Error::algebra(format!(
                "{}: argument {i} must be an integer, found {}",
                self.op,
                other.kind()
            ))),
        }
    }
    pub fn strides(&self, i: usize) -> Result<crate::stride::StrideTuple> {
        match self.get(i)? {
            Value::Strides(s) => Ok(s.clone()),
            Value::Tuple(t) => Ok(t.map(&mut |x| crate::stride::Stride {
                coef: x.clone(),
                basis: Vec::new(),
            })),
            other => Err(Error::algebra(format!(
                "{}: argument {i} must be a stride tuple, found {}",
                self.op,
                other.kind()
            ))),
        }
    }
    /// (coordinate, layout) in either argument order (CuTe writes slice(crd, layout)).
    pub fn coord_and_layout(&self) -> Result<(Coord, Layout)> {
        let as_coord = |v: &Value| -> Option<Coord> {
            match v {
                Value::Coord(c) => Some(c.clone()),
                Value::All => Some(Tree::Leaf(CrdLeaf::All)),
                Value::Tuple(t) => Some(t.map(&mut |x| CrdLeaf::Int(x.clone()))),
                _ => None,
            }
        };
        match (&self.args[0], &self.args[1]) {
            (c, l @ Value::Func(_)) => Ok((
                as_coord(c).ok_or_else(|| self.coord_err())?,
                self.layout_of(l)?.into_owned(),
            )),
            (l @ Value::Func(_), c) => Ok((
                as_coord(c).ok_or_else(|| self.coord_err())?,
                self.layout_of(l)?.into_owned(),
            )),
            _ => Err(Error::algebra(format!(
                "{}: expected a coordinate and a layout",
                self.op
            ))),
        }
    }
    fn coord_err(&self) -> Error {
        Error::algebra(format!(
            "{}: expected a coordinate (integers and '_')",
            self.op
        ))
    }
}
