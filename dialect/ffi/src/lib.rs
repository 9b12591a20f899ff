//! The `extern "C"` functions the C++ hooks of the `layout` dialect call. Source text goes in
//! only where MLIR parses an attribute or type; everywhere else the operands are the parsed
//! values the attributes and types hold ([`stored`]: handles), and a result comes back as a new
//! value (a handle the result type's storage adopts) with its canonical text (the uniquing key)
//! and kind, or as an error with its message (and, for parse errors, the byte offset). Every
//! computation is done by `layout_algebra`. No function here panics across the FFI boundary: a
//! panic in the algebra is caught and reported as an error result.

use std::panic::{catch_unwind, AssertUnwindSafe};

mod abi;
mod attribute_spec;
mod bijective;
mod partition;
pub mod relation;
mod result;
pub mod stored;
mod tile_plan;
mod value_handle;

pub use abi::{
    kind_of, LayoutSlice, LayoutSliceMut, LayoutStr, FLAT_DYNAMIC, KIND_LAYOUT, KIND_LINEAR,
    KIND_SWIZZLE, KIND_TILER, KIND_TUPLE, STATUS_ALGEBRA_ERROR, STATUS_DYNAMIC, STATUS_OK,
    STATUS_PARSE_ERROR,
};
pub use partition::mma_tiling_of;
pub use result::{layout_result_free, LayoutOperand, LayoutResult, Operand};
pub use stored::{text_and_kind, Handle, Stored};
pub use tile_plan::local_tile_of;

use abi::{type_text, utf8, write_all};
use result::{from_error, owned, with_value};
use std::mem::MaybeUninit;

use layout_algebra::{text, Error, Func, IntTuple, Tree, Value};

fn from_result(r: Result<Value, Error>) -> LayoutResult {
    match r {
        Ok(v) => with_value(Stored::Cute(v)),
        Err(e) => from_error(e),
    }
}

fn guarded(f: impl FnOnce() -> Result<Value, Error>) -> LayoutResult {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => from_result(r),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// Parse `text` and return its canonical form, kind and value.
///
/// # C caller's contract
/// `text` must be a valid [`LayoutStr`].
#[no_mangle]
pub extern "C" fn layout_ffi_parse(text: LayoutStr) -> LayoutResult {
    let bytes = text.bytes();
    guarded(|| {
        let v = text::parse(utf8(bytes)?)?;
        // A composed layout with a tuple offset has no attribute or type of the dialect.
        if let Value::OffsetComposed(_) = v {
            return Err(layout_algebra::Error::parse(
                0,
                "a composed layout with a tuple offset 'A o (o0,...) o B' is a value of the layout CLI and batch only; the dialect's layouts take integer offsets",
            ));
        }
        Ok(v)
    })
}

/// The result of the dialect op named `op` (its registered name, `layout.<mnemonic>`) on the
/// operands `args`, then the integer parameters `indices` (mode indices of `get`, `select`, ...)
/// and the element width `bits` (when `has_bits`): what the op's result-type inference (C++
/// `inferInRust`, which has no op yet, only its name and operand types) reads. The op is read
/// by the dialect's tables, never named by the caller:
///
/// - a linear-layout analysis ([`LINEAR_ANALYSES`]): [`call_linear_analysis`];
/// - a linear-layout op ([`LINEAR_OPS`]): [`call_linear`];
/// - otherwise an op of the CuTe algebra, whose mnemonic is its CuTe name
///   (`layout_algebra::ops::OP_NAMES`): [`call`] on the CuTe values; a `*` operand (a value
///   unknown until run time) answers the dynamic status, as does an answer the algebra can only
///   give with runtime leaves, and the result type is then `*`.
///
/// Linear layouts are static: the linear ops have no dynamic status (a `*` or `?` operand is
/// their error). On success the result's value with its canonical text and kind; on failure
/// the status and the message.
///
/// # C caller's contract
/// `op`, `args` and `indices` must be valid (see [`LayoutStr`], [`LayoutSlice`] and
/// [`LayoutOperand`]).
#[no_mangle]
pub extern "C" fn layout_ffi_infer_result(
    op: LayoutStr,
    args: LayoutSlice<LayoutOperand>,
    indices: LayoutSlice<i64>,
    bits: i64,
    has_bits: bool,
) -> LayoutResult {
    let args = operands(args.as_slice());
    let indices = indices.as_slice();
    let name = match utf8(op.bytes()) {
        Ok(name) => name.strip_prefix("layout.").unwrap_or(name),
        Err(e) => return from_error(e),
    };
    let linear = |mut r: LayoutResult| {
        if r.status == STATUS_DYNAMIC {
            r.status = STATUS_ALGEBRA_ERROR;
        }
        r
    };
    if LINEAR_ANALYSES.iter().any(|(n, _, _)| *n == name) {
        return linear(answer(
            || call_linear_analysis(name, &args, has_bits.then_some(bits)),
            with_value,
        ));
    }
    if LINEAR_OPS.iter().any(|(n, _, _)| *n == name) {
        return linear(answer(|| call_linear(name, &args), with_value));
    }
    if args.iter().any(|a| a.text == "*") {
        return owned(STATUS_DYNAMIC, 0, 0, "*".into());
    }
    guarded(|| call(name, &args, indices))
}

/// The algebra op `op` (a CuTe name) applied to the CuTe values of `args`, then the integer
/// parameters `indices` (what [`layout_ffi_infer_result`] answers for the CuTe algebra); an
/// operand that holds no CuTe value
/// is an error that names it.
pub fn call(op: &str, args: &[Operand], indices: &[i64]) -> Result<Value, Error> {
    let mut values = Vec::with_capacity(args.len() + indices.len());
    for (i, a) in args.iter().enumerate() {
        values.push(cute_operand(op, i, a)?.clone());
    }
    values.extend(indices.iter().map(|&i| Value::int(i)));
    layout_algebra::ops::call(op, &values)
}

/// What [`call_bound`] computes: the bound value, or the values of its runtime leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Bound {
    /// The result bound to the values (`bind`): its runtime leaves replaced by integers.
    Value(Value),
    /// The values of the result's runtime leaves in print order (what a `layout.make` of the
    /// result's type takes).
    Leaves(Vec<i64>),
}

/// The algebra op `op` applied to the CuTe values `args` (then the integer parameters
/// `indices`) where the runtime leaves of the operands have the values `values` (operand 0's
/// `?` leaves in print order, then operand 1's, ...).
///
/// The op is computed on the runtime leaves, as CuTe C++ computes with `int` leaves: each `?`
/// leaf is numbered (`$0`, `$1`, ... across the operands in turn), the op's result is a
/// function of those names, and it is then evaluated at `values`: bound (every leaf an
/// integer) or, with `leaves`, as the values its own runtime leaves take. A condition the
/// algebra recorded for runtime leaves (a divisibility, a bound) that the values break is an
/// error naming it, as is a count of values other than the operands' runtime leaves.
pub fn call_bound(
    op: &str,
    args: &[Operand],
    indices: &[i64],
    values: &[i64],
    leaves: bool,
) -> Result<Bound, Error> {
    let mut operands = Vec::with_capacity(args.len() + indices.len());
    let mut first = 0u32;
    for (i, a) in args.iter().enumerate() {
        let v = cute_operand(op, i, a)?;
        let (v, next) = layout_algebra::ops::bind::number_leaves_from(v, first)?;
        first = next;
        operands.push(v);
    }
    if first as usize != values.len() {
        return Err(Error::algebra(format!(
            "{op}: the operands have {first} runtime leaves but {} values were given",
            values.len()
        )));
    }
    operands.extend(indices.iter().map(|&i| Value::int(i)));
    let result = layout_algebra::ops::call(op, &operands)?;
    if leaves {
        return layout_algebra::ops::bind::runtime_leaf_values(&result, values).map(Bound::Leaves);
    }
    layout_algebra::ops::bind::bind(&result, Some(first), values).map(Bound::Value)
}

/// The operands of a C call as Rust [`Operand`]s (texts that are not UTF-8 read as empty).
fn operands<'a>(args: &[LayoutOperand<'a>]) -> Vec<Operand<'a>> {
    args.iter()
        .map(|a| Operand {
            text: std::str::from_utf8(a.text.bytes()).unwrap_or(""),
            kind: a.kind,
            value: a.value,
        })
        .collect()
}

/// Operand `i` of `op` as a CuTe value (an error that names the operand otherwise).
fn cute_operand<'a>(op: &str, i: usize, a: &Operand<'a>) -> Result<&'a Value, Error> {
    match a.value {
        Some(Stored::Cute(v)) => Ok(v),
        Some(Stored::Linear(..)) => Err(Error::algebra(format!(
            "{op}: operand #{i} is a linear layout (!layout.linear<...>); this op takes CuTe values (convert with layout.from_linear)"
        ))),
        Some(Stored::Bijective(_)) => Err(Error::algebra(format!(
            "{op}: operand #{i} is a bijective layout (!layout.bijective<...>); this op takes CuTe values"
        ))),
        None => Err(Error::algebra(format!(
            "{op}: operand #{i} '{}' has no value",
            a.text
        ))),
    }
}

/// `(size(A), cosize(B))` when `A o B` reads A past its domain (`cosize(B) > size(A)`), for
/// static integer layouts (a scaled-basis stride has a coshape, not an index range); None
/// otherwise. The condition of the composition warning and of `--layout-composition-domain`.
pub fn reads_past_domain(
    a: &layout_algebra::Layout,
    b: &layout_algebra::Layout,
) -> Option<(i64, i64)> {
    if !a.is_static() || !b.is_static() || a.stride.has_basis() || b.stride.has_basis() {
        return None;
    }
    let (size_a, cosize_b) = (a.size().ok()?, b.cosize().ok()?);
    (cosize_b > size_a).then_some((size_a, cosize_b))
}

/// The warning for a composition `A o B` that reads A outside its domain: when B's image (the
/// offsets `0 .. cosize(B)`) reaches past `size(A)`; None when there is nothing to report (or
/// when A or B is not a static layout).
///
/// The verifier calls this for every composition, so its cost is that of `size` and `cosize`
/// (linear in the operands' leaves): the index range comes from the algebra alone. The exact set
/// of B's coordinates that read past size(A) is a search (ISL) and therefore an opt-in analysis:
/// the pass `--layout-composition-domain` (crate layout-passes).
pub fn composition_reach(a: &Value, b: &Value) -> Option<String> {
    let (Value::Func(Func::Layout(la)), Value::Func(Func::Layout(lb))) = (a, b) else {
        return None;
    };
    let (size_a, cosize_b) = reads_past_domain(la, lb)?;
    Some({
        format!(
            "composition reads A = {} outside its domain: B = {} reaches indices [{size_a}, {cosize_b}) past size(A) = {size_a} (A is extended along its last mode)",
            text::print(a),
            text::print(b)
        )
    })
}

/// The coordinate of `layout.crd2idx` from `n` index values: one value is a linear index, one
/// per top-level mode a flat coordinate, one per leaf of the shape a hierarchical coordinate
/// with the shape's profile. An error says which counts the layout accepts.
pub fn coordinate_of(layout: Option<&Stored>, coords: &[i64]) -> Result<Value, Error> {
    let n = coords.len();
    {
        let shape = match layout.and_then(Stored::cute) {
            Some(Value::Func(f)) => f.domain_layout()?.shape.clone(),
            Some(v) => {
                return Err(Error::algebra(format!(
                    "crd2idx: expected a layout, found {}",
                    v.kind()
                )))
            }
            None => return Err(Error::algebra("crd2idx: expected a layout")),
        };
        let leaves: Vec<IntTuple> = coords.iter().map(|&c| IntTuple::lit(c)).collect();
        let (rank, count) = (shape.rank(), shape.leaf_count());
        let crd = if n == 1 {
            leaves[0].clone()
        } else if n == rank && !shape.is_leaf() {
            IntTuple::tuple(leaves)
        } else if n == count {
            Tree::unflatten(
                &coords
                    .iter()
                    .map(|&c| layout_algebra::Int::Lit(c))
                    .collect::<Vec<_>>(),
                &shape,
            )
        } else {
            return Err(Error::algebra(format!(
                "crd2idx: a coordinate of shape {} is 1 linear index, {rank} indices (one per mode) or {count} indices (one per leaf), got {n}",
                text::print_int_tuple(&shape)
            )));
        };
        Ok(Value::Tuple(crd))
    }
}

/// The offset the static CuTe layout function `layout` gives the index values `coords` (read
/// as [`coordinate_of`] reads them): None when the offset is not one integer (a scaled-basis
/// stride); else the error (the coordinate count, or the application).
pub fn crd2idx(layout: Option<&Stored>, coords: &[i64]) -> Result<Option<i64>, Error> {
    let crd = coordinate_of(layout, coords)?;
    let l = layout
        .and_then(Stored::cute)
        .ok_or_else(|| Error::algebra("crd2idx: expected a layout"))?;
    match layout_algebra::ops::call("crd2idx", &[crd, l.clone()])? {
        Value::Tuple(Tree::Leaf(layout_algebra::Int::Lit(v))) => Ok(Some(v)),
        _ => Ok(None),
    }
}

/// The offset the static CuTe layout function `layout` gives the index values `coords` (read
/// as [`coordinate_of`] reads them) when it is one integer; `None` otherwise (a panic of the
/// algebra included).
pub fn static_offset(layout: Option<&Stored>, coords: &[i64]) -> Option<i64> {
    catch_unwind(AssertUnwindSafe(|| crd2idx(layout, coords)))
        .ok()?
        .ok()?
}

/// The coordinate of the index `idx` in the static shape of the CuTe layout `layout`
/// (`layout.idx2crd`): its leaves, or None when the layout is not a plain layout with a static
/// shape or the index lies outside it.
pub fn idx2crd(layout: Option<&Stored>, idx: i64) -> Option<Vec<i64>> {
    match layout.and_then(Stored::cute) {
        Some(l @ Value::Func(Func::Layout(_))) => {
            match layout_algebra::ops::call("idx2crd", &[Value::int(idx), l.clone()]) {
                Ok(Value::Tuple(t)) => t.values("idx2crd").ok(),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The number of elements of a CuTe layout function when it is static (the shape of a plain
/// layout static, whatever its strides); `None` otherwise.
pub fn static_size(layout: Option<&Stored>) -> Option<i64> {
    match layout.and_then(Stored::cute) {
        Some(Value::Func(Func::Layout(l))) => match l.size_int() {
            Ok(layout_algebra::Int::Lit(n)) => Some(n),
            _ => None,
        },
        Some(Value::Func(f)) => f.size().ok(),
        _ => None,
    }
}

/// The number of elements of a CuTe layout function, in `*out`, when it is static (the shape
/// of a plain layout static, whatever its strides); false otherwise.
///
/// # C caller's contract
/// `layout` must be null or a live handle and `out` must point to a writable integer.
#[no_mangle]
pub extern "C" fn layout_ffi_static_size(
    layout: Option<&Stored>,
    out: Option<&mut MaybeUninit<i64>>,
) -> bool {
    let size = catch_unwind(AssertUnwindSafe(|| static_size(layout)))
        .ok()
        .flatten();
    match (size, out) {
        (Some(n), Some(out)) => {
            out.write(n);
            true
        }
        _ => false,
    }
}

/// A leaf of a layout's shape or stride ([`leaf`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// A static leaf: its value.
    Static(i64),
    /// The k-th `?` leaf of the layout's text in print order (the k-th operand of
    /// `layout.make`).
    Runtime(usize),
}

/// The leaf of the shape (`stride == false`) or the stride (`stride == true`) of a layout at
/// the mode path `path`; the error when the value is not a layout, the path does not reach a
/// leaf or the stride leaf is a scaled basis.
pub fn leaf(layout: Option<&Stored>, stride: bool, path: &[i64]) -> Result<Leaf, Error> {
    let which = if stride { "stride" } else { "shape" };
    let l = match layout.and_then(Stored::cute) {
        Some(Value::Func(Func::Layout(l))) => l,
        Some(v) => {
            return Err(Error::algebra(format!(
                "{which}_leaf: expected a layout, found {}",
                v.kind()
            )))
        }
        None => return Err(Error::algebra(format!("{which}_leaf: expected a layout"))),
    };
    let before = l.leaf_position(path, &format!("{which}_leaf"))?;
    let shape_leaves = l.shape.leaves();
    let stride_leaves = l.stride.leaves();
    let dyn_shape_before = shape_leaves[..before]
        .iter()
        .filter(|x| !x.is_static())
        .count();
    let dyn_shape = shape_leaves.iter().filter(|x| !x.is_static()).count();
    if !stride {
        return Ok(match &shape_leaves[before] {
            layout_algebra::Int::Lit(v) => Leaf::Static(*v),
            layout_algebra::Int::Dyn(_) => Leaf::Runtime(dyn_shape_before),
        });
    }
    let leaf = &stride_leaves[before];
    if !leaf.is_int() {
        return Err(Error::algebra(format!(
            "stride_leaf: the stride at mode {path:?} is the scaled basis {}, not an integer",
            text::print_stride(leaf)
        )));
    }
    let dyn_stride_before = stride_leaves[..before]
        .iter()
        .filter(|x| !x.coef.is_static())
        .count();
    Ok(match &leaf.coef {
        layout_algebra::Int::Lit(v) => Leaf::Static(*v),
        layout_algebra::Int::Dyn(_) => Leaf::Runtime(dyn_shape + dyn_stride_before),
    })
}

/// Run `f` on operands given as (canonical text, kind), each parsed into its value (none for
/// `*` or a text that does not parse), as the storage of their types would hold them.
#[cfg(test)]
pub(crate) fn with_operands<R>(args: &[(&str, i32)], f: impl FnOnce(&[Operand]) -> R) -> R {
    let values: Vec<Option<Stored>> = args
        .iter()
        .map(|&(t, k)| (t != "*").then(|| Stored::parse(t, k).ok()).flatten())
        .collect();
    let ops: Vec<Operand> = args
        .iter()
        .zip(&values)
        .map(|(&(text, kind), v)| Operand {
            text,
            kind,
            value: v.as_ref(),
        })
        .collect();
    f(&ops)
}

/// A borrowed C string of `t` (tests).
#[cfg(test)]
pub(crate) fn test_str(t: &str) -> LayoutStr<'_> {
    LayoutStr::from(t)
}

/// (status, kind, offset, text) of a result, which is freed (tests).
#[cfg(test)]
pub(crate) fn take_result(mut r: LayoutResult) -> (i32, i32, usize, String) {
    let text = String::from_utf8_lossy(r.text()).into_owned();
    let out = (r.status, r.kind, r.offset, text);
    layout_result_free(Some(&mut r));
    assert!(r.text().is_empty() && r.value().is_none());
    out
}

/// C operands of (canonical text, kind) pairs, each with its parsed value (none for `*` or a
/// text that does not parse); the texts are borrowed.
#[cfg(test)]
pub(crate) struct TestOperands<'a> {
    args: Vec<(&'a str, i32)>,
    values: Vec<Option<Stored>>,
}

#[cfg(test)]
impl<'a> TestOperands<'a> {
    pub fn new(args: &[(&'a str, i32)]) -> TestOperands<'a> {
        let values = args
            .iter()
            .map(|&(t, kind)| (t != "*").then(|| Stored::parse(t, kind).ok()).flatten())
            .collect();
        TestOperands {
            args: args.to_vec(),
            values,
        }
    }

    /// The operands as C++ passes them.
    pub fn ops(&self) -> Vec<LayoutOperand<'_>> {
        self.args
            .iter()
            .zip(&self.values)
            .map(|(&(t, kind), v)| LayoutOperand {
                text: LayoutStr::from(t),
                kind,
                value: v.as_ref(),
            })
            .collect()
    }

    /// The value of operand `i`.
    pub fn value(&self, i: usize) -> Option<&Stored> {
        self.values[i].as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_str as s;

    use crate::take_result as take;

    #[test]
    fn parse_is_canonical_with_kind() {
        assert_eq!(
            take(layout_ffi_parse(s(" ( _4 , 8 ) : ( 8 , 1 ) "))),
            (STATUS_OK, KIND_LAYOUT, 0, "(4,8):(8,1)".into())
        );
        assert_eq!(take(layout_ffi_parse(s("Sw<3,4,3>"))).1, KIND_SWIZZLE);
        assert_eq!(take(layout_ffi_parse(s("[4:1,_]"))).1, KIND_TILER);
        assert_eq!(take(layout_ffi_parse(s("(_,2)"))).1, KIND_TUPLE);
    }

    #[test]
    fn parse_error_has_offset_and_message() {
        let (status, _, offset, msg) = take(layout_ffi_parse(s("(4,8):(8,x)")));
        assert_eq!((status, offset), (STATUS_PARSE_ERROR, 9));
        assert!(msg.contains("found 'x'"), "{msg}");
        let bad = [0xffu8, b'4'];
        let r = layout_ffi_parse(LayoutStr::new(&bad));
        assert_eq!(take(r).0, STATUS_PARSE_ERROR);
    }

    /// One CuTe operand (kind from its text).
    fn one(t: &str) -> TestOperands<'_> {
        let kind = text::parse(t).map(|v| kind_of(&v)).unwrap_or(KIND_LAYOUT);
        TestOperands::new(&[(t, kind)])
    }

    #[test]
    fn call_bound_binds_the_runtime_leaves_of_every_operand() {
        let call = |op: &str, a: &TestOperands, values: &[i64], leaves: bool| {
            let args: Vec<Operand> = a
                .ops()
                .iter()
                .enumerate()
                .map(|(i, o)| Operand {
                    text: a.args[i].0,
                    kind: o.kind,
                    value: a.value(i),
                })
                .collect();
            call_bound(op, &args, &[], values, leaves).map_err(|e| e.to_string())
        };
        let text = |b: Result<Bound, String>| match b {
            Ok(Bound::Value(v)) => text::print(&v),
            other => panic!("not a bound value: {other:?}"),
        };
        // The leaves of both operands are numbered in turn: $0 $1 of A, then $2 of B.
        let args = TestOperands::new(&[("(?,8):(1,?)", KIND_LAYOUT), ("?:2", KIND_LAYOUT)]);
        assert_eq!(
            text(call("composition", &args, &[4, 4, 8], false)),
            "(2,4):(2,4)"
        );
        // The values of the result's runtime leaves, in print order.
        let tiler =
            TestOperands::new(&[("(?,?):(?,1)", KIND_LAYOUT), ("[128:1,64:1]", KIND_TILER)]);
        assert_eq!(
            call("zipped_divide", &tiler, &[1000, 512, 512], true),
            Ok(Bound::Leaves(vec![8, 8, 512, 65536]))
        );
        let size = TestOperands::new(&[("(?,8):(1,?)", KIND_LAYOUT)]);
        assert_eq!(text(call("size", &size, &[3, 5], false)), "24");
        // A broken recorded condition and a wrong count of values are errors.
        let p = TestOperands::new(&[("?:?", KIND_LAYOUT), ("4:1", KIND_LAYOUT)]);
        let e = call("logical_product", &p, &[1000, 3], true).unwrap_err();
        assert!(e.contains("divisibility"), "{e}");
        let e = call("zipped_divide", &tiler, &[1000], true).unwrap_err();
        assert!(e.contains("3 runtime leaves but 1 values"), "{e}");
    }

    #[test]
    fn call_computes_and_reports() {
        let args = TestOperands::new(&[("(20):(2)", KIND_LAYOUT), ("(5,4):(4,1)", KIND_LAYOUT)]);
        let call = |op: &str, a: &TestOperands, idx: &[i64]| {
            let ops = a.ops();
            let name = format!("layout.{op}");
            take(layout_ffi_infer_result(
                s(&name),
                ops[..].into(),
                idx.into(),
                0,
                false,
            ))
        };
        assert_eq!(call("composition", &args, &[]).3, "(5,4):(8,2)");
        let (status, _, _, msg) = call("no_such_op", &args, &[]);
        assert_eq!(status, STATUS_ALGEBRA_ERROR);
        assert!(msg.contains("no_such_op"), "{msg}");
        // An operand without a value (its text did not parse) is named.
        let (status, _, _, msg) = call("size", &one("(4,8):(8,x)"), &[]);
        assert_eq!(status, STATUS_ALGEBRA_ERROR);
        assert!(msg.contains("operand #0"), "{msg}");
        // A runtime leaf gives a runtime result (its expression is the first `?`).
        let (status, _, _, text) = call("size", &one("(?,8):(1,?)"), &[]);
        assert_eq!((status, text.as_str()), (STATUS_OK, "?"));
        // Integer parameters follow the operands.
        assert_eq!(
            call("get", &one("((2,4),8):((1,16),2)"), &[0]).3,
            "(2,4):(1,16)"
        );
        // The result carries its value: a handle whose text is the result's.
        let ops = args.ops();
        let mut r = layout_ffi_infer_result(
            s("layout.composition"),
            ops[..].into(),
            LayoutSlice::default(),
            0,
            false,
        );
        let v = unsafe { stored::shared(r.handle()) }.unwrap();
        assert_eq!(text::print(v.cute().unwrap()), "(5,4):(8,2)");
        layout_result_free(Some(&mut r));
        assert!(r.value().is_none());
        assert_eq!(std::sync::Arc::strong_count(&v), 1);
    }

    #[test]
    fn coordinates() {
        let l = one("((2,4),8):((1,16),2)");
        let c = |v: &[i64]| coordinate_of(l.value(0), v).map(|c| text::print(&c));
        assert_eq!(c(&[13]).unwrap(), "13");
        assert_eq!(c(&[5, 3]).unwrap(), "(5,3)");
        assert_eq!(c(&[1, 2, 3]).unwrap(), "((1,2),3)");
        assert!(c(&[1, 2, 3, 4]).is_err());
    }

    #[test]
    fn leaf_values_and_ordinals() {
        let l = one("((2,?),?):((1,?),16)");
        let leaf = |stride: bool, p: &[i64]| leaf(l.value(0), stride, p);
        assert_eq!(leaf(false, &[0, 0]), Ok(Leaf::Static(2)));
        assert_eq!(leaf(false, &[0, 1]), Ok(Leaf::Runtime(0)));
        assert_eq!(leaf(false, &[1]), Ok(Leaf::Runtime(1)));
        assert_eq!(leaf(true, &[0, 1]), Ok(Leaf::Runtime(2)));
        assert_eq!(leaf(true, &[1]), Ok(Leaf::Static(16)));
        let msg = leaf(false, &[0]).unwrap_err().to_string();
        assert!(msg.contains("is the tuple (2,?), not a leaf"), "{msg}");
        assert!(leaf(false, &[2])
            .unwrap_err()
            .to_string()
            .contains("out of range"));
    }

    #[test]
    fn composition_reach_names_the_range() {
        let reach = |a: &str, b: &str| {
            let ops = TestOperands::new(&[(a, KIND_LAYOUT), (b, KIND_LAYOUT)]);
            let (Some(a), Some(b)) = (ops.value(0), ops.value(1)) else {
                return String::new();
            };
            composition_reach(a.cute().unwrap(), b.cute().unwrap()).unwrap_or_default()
        };
        assert_eq!(
            reach("6:1", "(4,3):(3,1)"),
            "composition reads A = 6:1 outside its domain: B = (4,3):(3,1) reaches indices [6, 12) past size(A) = 6 (A is extended along its last mode)"
        );
        // The verifier's warning runs no search: the exact set is the opt-in pass's
        // (layout-passes, composition_domain). The reproducer of issue 29, whose exact set kept
        // ISL busy for minutes, answers from the algebra alone.
        let w = reach("((8,4)):((4,1))", "((32,2)):((2,1))");
        assert!(
            w.contains("reaches indices [32, 64) past size(A) = 32"),
            "{w}"
        );
        assert_eq!(reach("(20):(2)", "(5,4):(4,1)"), "");
    }
}

/// The canonical text of a linear layout: Triton's text body `{register = [...], ...}` when the
/// layout has a Triton form (out dims `dim0, dim1, ...`), else the JSON form.
pub fn linear_canonical(l: &layout_algebra::linear::LinearLayout) -> String {
    match layout_algebra::linear::triton_text::print_triton_text(l) {
        Ok(t) => {
            let t = t.trim();
            t.strip_prefix("#ttg.linear<")
                .and_then(|b| b.strip_suffix('>'))
                .unwrap_or(t)
                .to_string()
        }
        Err(_) => layout_algebra::linear::json::layout_to_json(l),
    }
}

/// Parse a linear layout (JSON or Triton text, verified by `LinearLayout::new`) and return its
/// canonical text ([`linear_canonical`]) with kind [`KIND_LINEAR`], and its value.
///
/// # C caller's contract
/// `text` must be a valid [`LayoutStr`].
#[no_mangle]
pub extern "C" fn layout_ffi_parse_linear(text: LayoutStr) -> LayoutResult {
    let bytes = text.bytes();
    let r = catch_unwind(AssertUnwindSafe(|| -> Result<Stored, Error> {
        let l = layout_algebra::linear::parse_linear(utf8(bytes)?)?;
        let canonical = linear_canonical(&l);
        Ok(Stored::Linear(l, canonical.into()))
    }));
    match r {
        Ok(Ok(v)) => with_value(v),
        Ok(Err(e)) => from_error(e),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// The linear-layout ops of the dialect: (op name without `layout.`, algebra op of
/// `layout_algebra::linear`, operand kinds in order). `KIND_LAYOUT` accepts a CuTe layout,
/// swizzle or composed layout.
const LINEAR_OPS: &[(&str, &str, &[i32])] = &[
    ("to_linear", "linear_from_cute", &[KIND_LAYOUT]),
    ("from_linear", "linear_to_cute", &[KIND_LINEAR]),
    (
        "linear_compose",
        "linear_compose",
        &[KIND_LINEAR, KIND_LINEAR],
    ),
    ("linear_invert", "linear_invert", &[KIND_LINEAR]),
    (
        "linear_invert_and_compose",
        "linear_invert_and_compose",
        &[KIND_LINEAR, KIND_LINEAR],
    ),
    (
        "linear_product",
        "linear_product",
        &[KIND_LINEAR, KIND_LINEAR],
    ),
];

fn kind_noun(kind: i32) -> &'static str {
    match kind {
        KIND_LAYOUT => "a CuTe layout (!layout.layout<...>)",
        KIND_LINEAR => "a linear layout (!layout.linear<...>)",
        _ => "a layout-dialect value",
    }
}

/// The result of the linear-layout op `op` (a dialect op name, see [`LINEAR_OPS`]) on the
/// operands `args`: the result value, or the algebra's message. Linear layouts are static: a
/// `*` or `?` operand is an error.
pub fn call_linear(op: &str, args: &[Operand]) -> Result<Stored, Error> {
    let Some(&(_, algebra_op, kinds)) = LINEAR_OPS.iter().find(|(name, _, _)| *name == op) else {
        return Err(Error::algebra(format!(
            "{op}: not a linear-layout op of the dialect"
        )));
    };
    if args.len() != kinds.len() {
        return Err(Error::algebra(format!(
            "{op}: expected {} operand{}, got {}",
            kinds.len(),
            if kinds.len() == 1 { "" } else { "s" },
            args.len()
        )));
    }
    let mut values = Vec::with_capacity(args.len());
    for (i, (a, &want)) in args.iter().zip(kinds).enumerate() {
        let (t, kind) = (a.text, a.kind);
        let fits = kind == want || (want == KIND_LAYOUT && kind == KIND_SWIZZLE);
        if !fits {
            return Err(Error::algebra(format!(
                "{op}: operand #{i} must be {}, got {}",
                kind_noun(want),
                type_text(t, kind)
            )));
        }
        if kind == KIND_LINEAR {
            // The algebra's linear-layout entry points take linear operands as their text.
            let Some(Stored::Linear(_, canonical)) = a.value else {
                return Err(Error::algebra(format!(
                    "{op}: operand #{i} is not a valid linear layout"
                )));
            };
            values.push(Value::Json(canonical.to_string()));
            continue;
        }
        if t == "*" || t.contains('?') {
            return Err(Error::algebra(format!(
                "{op}: operand #{i} {} is not static: a linear layout has no runtime leaves",
                type_text(t, kind)
            )));
        }
        values.push(cute_operand(op, i, a)?.clone());
    }
    let r = layout_algebra::linear::call(algebra_op, &values)
        .unwrap_or_else(|| Err(Error::algebra(format!("{algebra_op}: unknown algebra op"))))
        .map_err(|e| match e {
            Error::Dynamic(m) => Error::algebra(format!("{op}: {m}")),
            Error::Parse { message, .. } => Error::algebra(format!("{op}: {message}")),
            e => e,
        })?;
    match r {
        Value::Json(s) => {
            let l = layout_algebra::linear::parse_linear(&s)?;
            let canonical = linear_canonical(&l);
            Ok(Stored::Linear(l, canonical.into()))
        }
        v @ Value::Func(_) => Ok(Stored::Cute(v)),
        v => Err(Error::algebra(format!(
            "{op}: the algebra returned {}, not a layout-dialect value",
            v.kind()
        ))),
    }
}

/// Operand kind of an analysis op: a linear layout or a CuTe layout (converted with
/// `from_cute`'s defaults, in dims `dim0, dim1, ...`, out dim `offset`).
const KIND_LINEAR_OR_LAYOUT: i32 = -1;

/// The linear-layout analyses of the dialect: (op name without `layout.`, accepted operand
/// lists, whether the op takes the element width `bits`). The batch operation has the op's
/// name.
const LINEAR_ANALYSES: &[(&str, &[&[i32]], bool)] = &[
    ("linear_vector_width", &[&[KIND_LINEAR]], false),
    (
        "linear_bank_conflicts",
        &[&[KIND_LINEAR, KIND_LINEAR_OR_LAYOUT], &[KIND_LINEAR]],
        true,
    ),
    (
        "linear_choose_swizzle",
        &[&[KIND_LINEAR, KIND_LINEAR_OR_LAYOUT]],
        true,
    ),
    (
        "linear_optimal_swizzling",
        &[&[KIND_LINEAR, KIND_LINEAR]],
        true,
    ),
];

fn analysis_kind_noun(kind: i32) -> &'static str {
    match kind {
        KIND_LINEAR_OR_LAYOUT => {
            "a linear layout (!layout.linear<...>) or a CuTe layout (!layout.layout<...>)"
        }
        k => kind_noun(k),
    }
}

/// The result of the linear-layout analysis `op` (see [`LINEAR_ANALYSES`]) on the operands
/// `args` and the element width `bits` (for the ops that take one):
///
/// - `linear_vector_width(L)`, `linear_bank_conflicts(R, S)` / `(C)`: the integer, as decimal
///   text with kind [`KIND_TUPLE`];
/// - `linear_choose_swizzle(R, S)`: the shared layout S with the chosen swizzle applied to its
///   offsets, in S's kind: `Sw<B,M,S> o 0 o S` (the algebra's composition) for a CuTe S, the
///   swizzled linear layout for a linear S;
/// - `linear_optimal_swizzling(src, dst)`: the shared layout (`offset -> tensor`, a linear
///   layout) through which `src` writes and `dst` reads.
///
/// Every refusal of the algebra is an error carrying its message.
pub fn call_linear_analysis(
    op: &str,
    args: &[Operand],
    bits: Option<i64>,
) -> Result<Stored, Error> {
    use layout_algebra::linear::{from_cute, swizzle_choice, LinearLayout};
    let Some(&(_, forms, takes_bits)) = LINEAR_ANALYSES.iter().find(|(name, _, _)| *name == op)
    else {
        return Err(Error::algebra(format!(
            "{op}: not a linear-layout analysis of the dialect"
        )));
    };
    let bits = match (takes_bits, bits) {
        (true, Some(b)) => Some(b),
        (true, None) => {
            return Err(Error::algebra(format!(
                "{op}: expected the element width attribute 'bits'"
            )))
        }
        (false, Some(_)) => {
            return Err(Error::algebra(format!(
                "{op}: takes no element width 'bits'"
            )))
        }
        (false, None) => None,
    };
    let Some(kinds) = forms.iter().find(|k| k.len() == args.len()) else {
        let mut counts: Vec<usize> = forms.iter().map(|k| k.len()).collect();
        counts.sort_unstable();
        let words: Vec<String> = counts.iter().map(usize::to_string).collect();
        return Err(Error::algebra(format!(
            "{op}: expected {} operand{}, got {}",
            words.join(" or "),
            if counts == [1] { "" } else { "s" },
            args.len()
        )));
    };
    // Operands as algebra values (linear layouts as text, CuTe layouts parsed) and as linear
    // layouts (CuTe layouts converted with from_cute's default names).
    let mut values = Vec::with_capacity(args.len() + 1);
    let mut linear: Vec<LinearLayout> = Vec::with_capacity(args.len());
    let mut cute: Vec<Option<Func>> = Vec::with_capacity(args.len());
    for (i, (a, &want)) in args.iter().zip(kinds.iter()).enumerate() {
        let (t, kind) = (a.text, a.kind);
        let fits = kind == want
            || (want == KIND_LINEAR_OR_LAYOUT
                && matches!(kind, KIND_LINEAR | KIND_LAYOUT | KIND_SWIZZLE));
        if !fits {
            return Err(Error::algebra(format!(
                "{op}: operand #{i} must be {}, got {}",
                analysis_kind_noun(want),
                type_text(t, kind)
            )));
        }
        if kind == KIND_LINEAR {
            let Some(Stored::Linear(l, canonical)) = a.value else {
                return Err(Error::algebra(format!(
                    "{op}: operand #{i} is not a valid linear layout"
                )));
            };
            values.push(Value::Json(canonical.to_string()));
            linear.push(l.clone());
            cute.push(None);
            continue;
        }
        if t == "*" || t.contains('?') {
            return Err(Error::algebra(format!(
                "{op}: operand #{i} {} is not static: a linear layout has no runtime leaves",
                type_text(t, kind)
            )));
        }
        let v = cute_operand(op, i, a)?.clone();
        let Value::Func(f) = &v else {
            return Err(Error::algebra(format!(
                "{op}: operand #{i} must be {}, got {}",
                analysis_kind_noun(want),
                type_text(t, kind)
            )));
        };
        let names = from_cute::default_in_names(f)
            .map_err(|e| Error::algebra(format!("{op}: operand #{i}: {e}")))?;
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        linear.push(
            from_cute::from_cute(f, &refs, "offset")
                .map_err(|e| Error::algebra(format!("{op}: operand #{i}: {e}")))?,
        );
        cute.push(Some(f.clone()));
        values.push(v);
    }
    if op == "linear_choose_swizzle" {
        // The algebra's messages name their operation (bank_conflicts, compose, ...).
        let ch = swizzle_choice::choose_cute_swizzle(&linear[0], &linear[1], bits.unwrap_or(0))?;
        return match &cute[1] {
            Some(s) => {
                let sw = Func::Swizzle(ch.swizzle);
                let f = layout_algebra::ops::composed::compose(&sw, s)?;
                Ok(Stored::Cute(Value::Func(f)))
            }
            None => {
                let canonical = linear_canonical(&ch.smem);
                Ok(Stored::Linear(ch.smem, canonical.into()))
            }
        };
    }
    if op == "linear_optimal_swizzling" {
        let ch = swizzle_choice::optimal_swizzling(&linear[0], &linear[1], bits.unwrap_or(0))?;
        let canonical = linear_canonical(&ch.smem);
        return Ok(Stored::Linear(ch.smem, canonical.into()));
    }
    if let Some(b) = bits {
        values.push(Value::int(b));
    }
    let r = layout_algebra::linear::call(op, &values)
        .unwrap_or_else(|| Err(Error::algebra(format!("{op}: unknown algebra op"))))
        .map_err(|e| match e {
            Error::Dynamic(m) => Error::algebra(format!("{op}: {m}")),
            Error::Parse { message, .. } => Error::algebra(format!("{op}: {message}")),
            e => e,
        })?;
    match r {
        Value::Tuple(Tree::Leaf(layout_algebra::Int::Lit(x))) => Ok(Stored::Cute(Value::int(x))),
        v => Err(Error::algebra(format!(
            "{op}: the algebra returned {}, not an integer",
            v.kind()
        ))),
    }
}

/// The error result of `e` for a C caller (its message; a parse error's offset).
pub fn error_result(e: Error) -> LayoutResult {
    from_error(e)
}

/// `layout.smem_layout`: the shared-memory layout of an `mn` x `k` WGMMA operand tile of
/// `elem` in `stages` stages (`layout_algebra::hw::smem_select::smem_layout`), as a value for
/// the C++ of the dialect (its inference); the algebra's message on refusal.
pub fn smem_layout_result(
    elem: layout_algebra::hw::Elem,
    major: layout_algebra::hw::Major,
    mn: i64,
    k: i64,
    stages: i64,
) -> LayoutResult {
    let r =
        catch_unwind(|| layout_algebra::hw::smem_select::smem_layout(elem, major, mn, k, stages));
    match r {
        Ok(Ok(s)) => with_value(Stored::Cute(Value::Func(s.layout))),
        Ok(Err(e)) => from_error(e),
        Err(_) => from_error(Error::algebra("smem_layout: internal error (panic)")),
    }
}

/// The plan of reducing the register tensor of extents `shape` encoded by `src` along `dim`
/// (`linear::reduce_plan`), whose result encoding `dst` must be the source's slice along `dim`:
/// the plan, or the error that names the rule (the verifier's and the lowering's).
pub fn reduce_plan_into(
    src: &layout_algebra::linear::LinearLayout,
    dst: &layout_algebra::linear::LinearLayout,
    shape: &[i64],
    dim: usize,
) -> Result<layout_algebra::linear::reduce_plan::ReducePlan, Error> {
    let p = layout_algebra::linear::reduce_plan::reduce_plan(src, shape, dim)?;
    if *dst != p.result {
        return Err(Error::algebra(format!(
            "reduce: the result encoding must be the source's slice along dimension {dim}, #layout.linear<{}> (Triton's #ttg.slice<{{dim = {dim}, parent = ...}}>), found #layout.linear<{}>",
            linear_canonical(&p.result),
            linear_canonical(dst)
        )));
    }
    Ok(p)
}

/// Run a check that answers a message (empty when the input is fine): status OK with its
/// text, an algebra error with the error's message, a panic as an internal error.
fn checked_text(f: impl FnOnce() -> Result<String, Error>) -> LayoutResult {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(t)) => owned(STATUS_OK, 0, 0, t),
        Ok(Err(e)) => owned(STATUS_ALGEBRA_ERROR, 0, 0, e.to_string()),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// `f`'s answer as a result: `ok` of its value, or its error (dynamic or algebra); a panic is
/// an internal error.
pub(crate) fn answer<T>(
    f: impl FnOnce() -> Result<T, Error>,
    ok: impl FnOnce(T) -> LayoutResult,
) -> LayoutResult {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => ok(v),
        Ok(Err(e @ Error::Dynamic(_))) => owned(STATUS_DYNAMIC, 0, 0, e.to_string()),
        Ok(Err(e)) => owned(STATUS_ALGEBRA_ERROR, 0, 0, e.to_string()),
        Err(_) => owned(
            STATUS_ALGEBRA_ERROR,
            0,
            0,
            "internal error: the layout algebra panicked".into(),
        ),
    }
}

/// The check of `layout.linear_apply`: one index operand per input dimension of the linear
/// layout `layout`; the diagnostic (which names both numbers and the input dimensions, or says
/// that the value is not a linear layout) otherwise.
pub fn linear_apply_check(layout: Option<&Stored>, n: usize) -> Result<(), String> {
    let Some(Stored::Linear(l, _)) = layout else {
        return Err("expects a linear layout".into());
    };
    let dims = l.ins().len();
    if n == dims {
        return Ok(());
    }
    let names = if dims == 0 {
        String::new()
    } else {
        format!(" ({})", l.in_names().join(", "))
    };
    Err(format!(
        "expects one index operand per input dimension of the linear layout: {dims} input dimension{}{names}, got {n} operand{}",
        if dims == 1 { "" } else { "s" },
        if n == 1 { "" } else { "s" },
    ))
}

/// A register tensor of extents `shape` encoded by `encoding`: `out[0]` = registers per thread
/// (`2^|register bases|`), `out[1]` = warps; status OK with an empty text, else the reason it is
/// not a register tensor (`linear::tensor_encoding`).
///
/// # C caller's contract
/// `encoding` must be null or a live handle; `shape` must be a valid [`LayoutSlice`] and `out`
/// null or 2 writable integers.
#[no_mangle]
pub extern "C" fn layout_ffi_register_tensor(
    encoding: Option<&Stored>,
    shape: LayoutSlice<i64>,
    out: Option<&mut [MaybeUninit<i64>; 2]>,
) -> LayoutResult {
    let shape = shape.as_slice().to_vec();
    let encoding = stored::linear_of(encoding);
    let mut answer = (0, 0);
    let r = checked_text(|| {
        let l = encoding?;
        let d = layout_algebra::linear::tensor_encoding::check_tensor_encoding(
            &l,
            &shape,
            "the encoding",
        )?;
        answer = (1i64 << d.reg.len(), d.warps());
        Ok(String::new())
    });
    if let Some(out) = out {
        write_all(out, &[answer.0, answer.1]);
    }
    r
}

/// A shared-memory layout of a tile of `rank` dimensions as the linear layout from `dim0, ...`
/// to `offset`: a linear layout as it is, a CuTe layout (swizzled or not) converted when it is
/// linear over F2; an error naming `op` otherwise.
pub fn shared_layout(
    smem: Option<&stored::Stored>,
    rank: usize,
    op: &str,
) -> Result<layout_algebra::linear::layout::LinearLayout, Error> {
    match smem {
        Some(stored::Stored::Linear(s, _)) => Ok(s.clone()),
        Some(stored::Stored::Cute(Value::Func(f))) => {
            let names: Vec<String> = (0..rank).map(|d| format!("dim{d}")).collect();
            let refs: Vec<&str> = names.iter().map(|n| n.as_str()).collect();
            layout_algebra::linear::from_cute::from_cute(f, &refs, "offset")
                .map_err(|e| Error::algebra(format!("{op}: the shared layout is not linear: {e}")))
        }
        _ => Err(Error::algebra(format!(
            "{op}: the shared layout must be a CuTe layout (#layout.layout<...>) or a linear layout (#layout.linear<...>)"
        ))),
    }
}

#[cfg(test)]
mod linear_tests {
    use super::*;

    use crate::test_str as s;

    fn take(r: LayoutResult) -> (i32, i32, String) {
        let (status, kind, _, text) = crate::take_result(r);
        (status, kind, text)
    }

    fn call(op: &str, args: &[(&str, i32)]) -> (i32, i32, String) {
        let ops = TestOperands::new(args);
        let ops = ops.ops();
        let name = format!("layout.{op}");
        take(layout_ffi_infer_result(
            s(&name),
            ops[..].into(),
            LayoutSlice::default(),
            0,
            false,
        ))
    }

    const SW128: &str = "Sw<3,4,3> o 0 o (8,64):(64,1)";
    const SW128_LINEAR: &str = r#"{"in_dims":[{"name":"dim0","size":8,"bases":[[64],[144],[288]]},{"name":"dim1","size":64,"bases":[[1],[2],[4],[8],[16],[32]]}],"out_dims":[{"name":"offset","size":512}]}"#;

    #[test]
    fn to_linear_and_back_round_trips() {
        let (status, kind, lin) = call("to_linear", &[(SW128, KIND_LAYOUT)]);
        assert_eq!(
            (status, kind, lin.as_str()),
            (STATUS_OK, KIND_LINEAR, SW128_LINEAR)
        );
        assert_eq!(
            call("from_linear", &[(&lin, KIND_LINEAR)]),
            (STATUS_OK, KIND_LAYOUT, SW128.to_string())
        );
        // A swizzle alone converts; its kind is accepted where a layout is.
        assert_eq!(
            call("to_linear", &[("Sw<1,0,1>", KIND_SWIZZLE)]).0,
            STATUS_OK
        );
    }

    #[test]
    fn results_in_triton_form_when_one_exists() {
        let a = "{register = [[0, 1]], lane = [[1, 0]]}";
        let b = "{register = [[1, 0]], warp = [[0, 1]]}";
        assert_eq!(
            call("linear_product", &[(a, KIND_LINEAR), (b, KIND_LINEAR)]).2,
            "{register = [[0, 1], [2, 0]], lane = [[1, 0]], warp = [[0, 2]]}"
        );
    }

    #[test]
    fn errors_name_the_cause() {
        let (status, _, m) = call("to_linear", &[("(3,4):(4,1)", KIND_LAYOUT)]);
        assert_eq!(status, STATUS_ALGEBRA_ERROR);
        assert!(m.contains("size 3, which is not a power of two"), "{m}");
        let (_, _, m) = call("to_linear", &[("(?,4):(1,8)", KIND_LAYOUT)]);
        assert!(
            m.contains("!layout.layout<(?,4):(1,8)> is not static"),
            "{m}"
        );
        let (_, _, m) = call("to_linear", &[("*", KIND_LAYOUT)]);
        assert!(m.contains("!layout.layout<*> is not static"), "{m}");
        let (_, _, m) = call("from_linear", &[("{register = [[1], [1]]}", KIND_LINEAR)]);
        assert!(
            m.contains("no swizzle Sw<B,M,S> separates the images"),
            "{m}"
        );
        let (_, _, m) = call("from_linear", &[("Sw<3,4,3>", KIND_SWIZZLE)]);
        assert!(
            m.contains("must be a linear layout (!layout.linear<...>), got !layout.swizzle<3,4,3>"),
            "{m}"
        );
        let (_, _, m) = call("linear_compose", &[(SW128_LINEAR, KIND_LINEAR)]);
        assert!(m.contains("expected 2 operands, got 1"), "{m}");
        // An op outside the table is the op's own error (the C entry reads the family from the
        // tables, so it never routes one here).
        let m = call_linear("linear_nothing", &[])
            .err()
            .unwrap()
            .to_string();
        assert!(m.contains("not a linear-layout op"), "{m}");
    }

    fn analysis(op: &str, args: &[(&str, i32)], bits: Option<i64>) -> (i32, i32, String) {
        let ops = TestOperands::new(args);
        let ops = ops.ops();
        let name = format!("layout.{op}");
        take(layout_ffi_infer_result(
            s(&name),
            ops[..].into(),
            LayoutSlice::default(),
            bits.unwrap_or(0),
            bits.is_some(),
        ))
    }

    /// Issue 32: a Triton encoding with its shape is a linear layout in the dialect too
    /// (`#layout.linear<tensor<...>>`): stored as the `#ttg.linear` body of its layout, with
    /// the vector width along the fastest (last) tensor dimension.
    #[test]
    fn typed_encodings_parse_and_fold() {
        let t = "tensor<16x64xf16, #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>>";
        let (status, kind, text) = take(layout_ffi_parse_linear(s(t)));
        assert_eq!((status, kind), (STATUS_OK, KIND_LINEAR), "{text}");
        assert_eq!(
            text,
            "{register = [[0, 1], [0, 2], [0, 4]], lane = [[0, 8], [0, 16], [0, 32], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []}"
        );
        assert_eq!(
            analysis("linear_vector_width", &[(&text, KIND_LINEAR)], None),
            (STATUS_OK, KIND_TUPLE, "8".to_string())
        );
        let smem = "!ttg.memdesc<8x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, #ttg.shared_memory, mutable>";
        let (status, _, text) = take(layout_ffi_parse_linear(s(smem)));
        assert_eq!(status, STATUS_OK, "{text}");
        assert!(text.starts_with("{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32]]"), "{text}");
        // Errors keep their byte offset into the attribute body.
        let mut r = layout_ffi_parse_linear(s("tensor<48x64xf16, #ttg.blocked<{}>>"));
        assert_eq!((r.status, r.offset), (STATUS_PARSE_ERROR, 7));
        layout_result_free(Some(&mut r));
    }

    /// Lane i reads row i of a row-major 32x32 tile (one element per lane).
    const COLUMN_READ: &str = "{register = [], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}";

    #[test]
    fn analyses_fold_to_the_algebra_answers() {
        let ok = |r: (i32, i32, String)| {
            assert_eq!(r.0, STATUS_OK, "{}", r.2);
            (r.1, r.2)
        };
        let sm = ("(32,32):(32,1)", KIND_LAYOUT);
        let col = (COLUMN_READ, KIND_LINEAR);
        assert_eq!(
            ok(analysis("linear_bank_conflicts", &[col, sm], Some(32))),
            (KIND_TUPLE, "31".to_string())
        );
        let row = "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}";
        assert_eq!(
            ok(analysis(
                "linear_bank_conflicts",
                &[(row, KIND_LINEAR), sm],
                Some(32)
            ))
            .1,
            "0"
        );
        let map = r#"{"in_dims":[{"name":"register","bases":[[1]]},{"name":"lane","bases":[[64],[128],[256],[512],[1024]]}],"out_dims":[{"name":"offset","size":2048}]}"#;
        assert_eq!(
            ok(analysis(
                "linear_bank_conflicts",
                &[(map, KIND_LINEAR)],
                Some(16)
            ))
            .1,
            "31"
        );
        assert_eq!(
            ok(analysis(
                "linear_vector_width",
                &[(
                    "{register = [[0, 1], [0, 2]], lane = [[1, 0]]}",
                    KIND_LINEAR
                )],
                None
            ))
            .1,
            "4"
        );
        // Registers along dim0, the slow dimension of the row-major tensor: 1 (issue 32).
        assert_eq!(
            ok(analysis(
                "linear_vector_width",
                &[(
                    "{register = [[1, 0], [2, 0]], lane = [[0, 1]]}",
                    KIND_LINEAR
                )],
                None
            ))
            .1,
            "1"
        );
        // The swizzled layout has the shared layout's kind, and no conflicts left.
        let (kind, sw) = ok(analysis("linear_choose_swizzle", &[col, sm], Some(32)));
        assert_eq!(
            (kind, sw.as_str()),
            (KIND_LAYOUT, "Sw<5,0,5> o 0 o (32,32):(32,1)")
        );
        assert_eq!(
            ok(analysis(
                "linear_bank_conflicts",
                &[col, (&sw, kind)],
                Some(32)
            ))
            .1,
            "0"
        );
        let triton = "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}";
        assert_eq!(
            ok(analysis("linear_choose_swizzle", &[col, (triton, KIND_LINEAR)], Some(32))),
            (
                KIND_LINEAR,
                "{offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}".to_string()
            )
        );
    }

    #[test]
    fn optimal_swizzling_serves_both_layouts() {
        let src = "{register = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]]}";
        let dst = "{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]]}";
        let (status, kind, smem) = analysis(
            "linear_optimal_swizzling",
            &[(src, KIND_LINEAR), (dst, KIND_LINEAR)],
            Some(32),
        );
        assert_eq!((status, kind), (STATUS_OK, KIND_LINEAR), "{smem}");
        assert_eq!(
            smem,
            "{offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [1, 1], [2, 2], [4, 4], [8, 8], [16, 16]]}"
        );
        for r in [src, dst] {
            let (_, _, c) = analysis(
                "linear_bank_conflicts",
                &[(r, KIND_LINEAR), (&smem, KIND_LINEAR)],
                Some(32),
            );
            assert_eq!(c, "0");
        }
        let (status, _, m) = analysis(
            "linear_optimal_swizzling",
            &[(src, KIND_LINEAR), ("(32,32):(32,1)", KIND_LAYOUT)],
            Some(32),
        );
        assert_eq!(status, STATUS_ALGEBRA_ERROR);
        assert_eq!(m, "linear_optimal_swizzling: operand #1 must be a linear layout (!layout.linear<...>), got !layout.layout<(32,32):(32,1)>");
    }

    #[test]
    fn analysis_errors_name_the_cause() {
        let err = |r: (i32, i32, String)| {
            assert_eq!(r.0, STATUS_ALGEBRA_ERROR, "{}", r.2);
            r.2
        };
        let sm = ("(32,32):(32,1)", KIND_LAYOUT);
        let col = (COLUMN_READ, KIND_LINEAR);
        assert_eq!(
            err(analysis("linear_bank_conflicts", &[col, sm], Some(12))),
            "bank_conflicts: element bitwidth 12 is not a power of two in [1, 1024]"
        );
        assert_eq!(
            err(analysis("linear_bank_conflicts", &[col, sm], None)),
            "linear_bank_conflicts: expected the element width attribute 'bits'"
        );
        assert_eq!(
            err(analysis("linear_vector_width", &[col], Some(16))),
            "linear_vector_width: takes no element width 'bits'"
        );
        assert_eq!(
            err(analysis("linear_bank_conflicts", &[col, sm, sm], Some(16))),
            "linear_bank_conflicts: expected 1 or 2 operands, got 3"
        );
        assert_eq!(
            err(analysis("linear_vector_width", &[], None)),
            "linear_vector_width: expected 1 operand, got 0"
        );
        assert_eq!(
            err(analysis("linear_vector_width", &[sm], None)),
            "linear_vector_width: operand #0 must be a linear layout (!layout.linear<...>), got !layout.layout<(32,32):(32,1)>"
        );
        assert_eq!(
            err(analysis("linear_choose_swizzle", &[col, ("(4,8)", KIND_TUPLE)], Some(16))),
            "linear_choose_swizzle: operand #1 must be a linear layout (!layout.linear<...>) or a CuTe layout (!layout.layout<...>), got !layout.tuple<(4,8)>"
        );
        assert_eq!(
            err(analysis("linear_choose_swizzle", &[col, ("(?,32):(32,1)", KIND_LAYOUT)], Some(16))),
            "linear_choose_swizzle: operand #1 !layout.layout<(?,32):(32,1)> is not static: a linear layout has no runtime leaves"
        );
        let m = crate::with_operands(&[col], |ops| {
            call_linear_analysis("linear_rank", ops, None)
                .err()
                .unwrap()
                .to_string()
        });
        assert!(m.contains("not a linear-layout analysis"), "{m}");
    }

    #[test]
    fn apply_check_counts_input_dims() {
        let l = "{register = [[1], [2]], lane = [[4]]}";
        let ops = TestOperands::new(&[(l, KIND_LINEAR)]);
        assert_eq!(linear_apply_check(ops.value(0), 2), Ok(()));
        assert_eq!(
            linear_apply_check(ops.value(0), 1).unwrap_err(),
            "expects one index operand per input dimension of the linear layout: 2 input dimensions (register, lane), got 1 operand"
        );
        let ops = TestOperands::new(&[("(4,8)", KIND_TUPLE)]);
        assert!(linear_apply_check(ops.value(0), 1).is_err());
    }
}
