//! The relation operations by name, for `layout eval` and `layout batch` (the CLI routes
//! these names here; the algebra knows nothing of ISL).
//!
//! Every request runs in its own ISL context under [`Budget::DEFAULT`] (20 million ISL
//! operations and 20 s of wall time; past either, an error that names the request and the
//! bound). Where ISL's general procedure is slow, an exact cheaper form answers: `gaps` of a
//! small layout from its table, `complement_fill` on bitmaps, `is_injective`/`is_bijective` of
//! linear layouts over F2, `out_of_domain` without a complement ([`out_of_domain_natural`]
//! gives it over B's natural coordinates).
//!
//! Arguments are texts: layouts of any kind (see [`AnyLayout`]), ISL maps, coordinate-space
//! names, shapes and integers. Results are ISL text, CuTe layouts, or JSON objects:
//!
//! | op | args | result |
//! |---|---|---|
//! | `relation` | L [, flat \| coord \| modes] | ISL map |
//! | `equal` | L1, L2 [, space] | `{"equal": true}` or `{"equal": false, "witness", "left", "right", "reason"}` |
//! | `is_injective` | L | `{"holds": bool, "witness": [...], ...}` |
//! | `is_bijective` | L | `{"holds": bool, "witness": [...], ...}` |
//! | `image` | L | ISL set |
//! | `gaps` | L | ISL set |
//! | `from_relation` | MAP [, SHAPE] | CuTe layout |
//! | `relation_compose` | A, B | ISL map of A o B (B first) |
//! | `out_of_domain` | A, B | ISL set: coordinates of B where B(c) is outside [0, size(A)) |
//! | `relation_inverse` | L | ISL map (the reverse relation) |
//! | `complement_fill` | L, D | CuTe layout (the paper's complement) |
//! | `complement_check` | A, M | `{"holds": bool, "complement": R, ...}` (CuTe's complement, its contract proved by ISL) |
//! | `lego_is_bijective` | CHAIN | `{"holds": bool, "witness": [...], "piece", "kind", ...}` (GenP pieces proved by ISL, any size) |

use layout_algebra::hw::json::J;
use layout_algebra::{text, Error, Func, Result, Value};

use crate::complement_check::ComplementFailure;
use crate::isl::{Budget, Ctx, Map, Set};
use crate::kinds::{AnyLayout, Space};
use crate::lego_check::GenPFailure;
use crate::props::{self, Equality, Failure};

/// The operation names of this module.
pub const OP_NAMES: &[&str] = &[
    "relation",
    "equal",
    "is_injective",
    "is_bijective",
    "image",
    "gaps",
    "from_relation",
    "relation_compose",
    "out_of_domain",
    "relation_inverse",
    "complement_fill",
    "lego_is_bijective",
    "complement_check",
];

/// A result: text (ISL notation or a layout) or a JSON object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Text(String),
    Json(String),
}

impl Answer {
    /// As a value of the algebra's result type (text as a JSON string, for `layout batch`).
    pub fn into_value(self) -> Value {
        match self {
            Answer::Json(j) => Value::Json(j),
            Answer::Text(t) => Value::Json(J::Str(t).render()),
        }
    }
    /// As plain text (for `layout eval`).
    pub fn into_text(self) -> String {
        match self {
            Answer::Json(j) | Answer::Text(j) => j,
        }
    }
}

/// An error and the index of the argument it is about (for parse errors with offsets).
pub type CallError = (Error, Option<usize>);

/// Run `op` on argument texts; None when `op` is not a relation operation. The request runs
/// in its own ISL context under [`Budget::DEFAULT`] (20 million ISL operations and 20 s of
/// wall time): past either bound it fails with an error that names the request and the bound.
pub fn call_text<S: AsRef<str>>(
    op: &str,
    args: &[S],
) -> Option<std::result::Result<Answer, CallError>> {
    call_text_with_budget(op, args, Budget::DEFAULT)
}

/// [`call_text`] under the given budget.
pub fn call_text_with_budget<S: AsRef<str>>(
    op: &str,
    args: &[S],
    budget: Budget,
) -> Option<std::result::Result<Answer, CallError>> {
    if !OP_NAMES.contains(&op) {
        return None;
    }
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    Some(run(op, &args, budget))
}

/// `op(arg, ...)`, shortened past 200 characters, to name a request in budget errors.
fn request_label(op: &str, args: &[&str]) -> String {
    let mut l = format!("{op}({})", args.join(", "));
    if l.len() > 200 {
        let mut cut = 200;
        while !l.is_char_boundary(cut) {
            cut -= 1;
        }
        l.truncate(cut);
        l.push_str("...");
    }
    l
}

fn arity(op: &str, args: &[&str], lo: usize, hi: usize) -> std::result::Result<(), CallError> {
    if args.len() < lo || args.len() > hi {
        let want = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo} to {hi}")
        };
        return Err((
            Error::algebra(format!(
                "{op}: expected {want} arguments, found {}",
                args.len()
            )),
            None,
        ));
    }
    Ok(())
}

fn layout_arg(args: &[&str], i: usize) -> std::result::Result<AnyLayout, CallError> {
    AnyLayout::parse(args[i]).map_err(|e| (e, Some(i)))
}

fn space_arg(args: &[&str], i: usize) -> std::result::Result<Space, CallError> {
    match args.get(i) {
        None => Ok(Space::Flat),
        Some(t) => Space::parse(t).map_err(|e| (e, Some(i))),
    }
}

fn no_arg(e: Error) -> CallError {
    (e, None)
}

fn run(op: &str, args: &[&str], budget: Budget) -> std::result::Result<Answer, CallError> {
    let ctx = Ctx::with_budget(budget).map_err(no_arg)?;
    ctx.set_label(request_label(op, args));
    match op {
        "relation" => {
            arity(op, args, 1, 2)?;
            let l = layout_arg(args, 0)?;
            let space = space_arg(args, 1)?;
            let rel = l.relation(&ctx, space).map_err(no_arg)?;
            Ok(Answer::Text(text_of(&rel).map_err(no_arg)?))
        }
        "equal" => {
            arity(op, args, 2, 3)?;
            let (a, b) = (layout_arg(args, 0)?, layout_arg(args, 1)?);
            let space = space_arg(args, 2)?;
            equal_json(&ctx, &a, &b, space).map_err(no_arg)
        }
        "is_injective" | "is_bijective" => {
            arity(op, args, 1, 1)?;
            let l = layout_arg(args, 0)?;
            holds_json(&ctx, &l, op == "is_bijective").map_err(no_arg)
        }
        "image" | "gaps" | "relation_inverse" => {
            arity(op, args, 1, 1)?;
            let l = layout_arg(args, 0)?;
            if op == "gaps" {
                if let Some(t) = gaps_by_table(&ctx, &l).map_err(no_arg)? {
                    return Ok(Answer::Text(t));
                }
            }
            let rel = l.relation(&ctx, Space::Flat).map_err(no_arg)?;
            let t = match op {
                "image" => rel.range().and_then(|s| s.coalesce()?.to_text()),
                "gaps" => props::gaps(&rel).and_then(|s| s.to_text()),
                _ => rel.reverse().and_then(|m| text_of(&m)),
            };
            t.map(Answer::Text).map_err(no_arg)
        }
        "from_relation" => {
            arity(op, args, 1, 2)?;
            let rel = Map::parse(&ctx, args[0]).map_err(|e| (e, Some(0)))?;
            let shape = match args.get(1) {
                None => None,
                Some(t) => match text::parse(t).map_err(|e| (e, Some(1)))? {
                    Value::Tuple(s) => Some(s),
                    other => {
                        return Err((
                            Error::algebra(format!(
                                "from_relation: the shape must be an integer tuple, found {}",
                                other.kind()
                            )),
                            Some(1),
                        ))
                    }
                },
            };
            let l = crate::reconstruct::from_relation(&rel, shape.as_ref()).map_err(no_arg)?;
            Ok(Answer::Text(text::print_layout(&l)))
        }
        "relation_compose" | "out_of_domain" => {
            arity(op, args, 2, 2)?;
            let (a, b) = (layout_arg(args, 0)?, layout_arg(args, 1)?);
            let t = if op == "relation_compose" {
                let ra = a.relation(&ctx, Space::Flat).map_err(no_arg)?;
                let rb = b.relation(&ctx, Space::Flat).map_err(no_arg)?;
                rb.apply_range(ra).and_then(|m| text_of(&m))
            } else {
                out_of_domain_flat(&ctx, &a, &b).and_then(|s| s.to_text())
            };
            t.map(Answer::Text).map_err(no_arg)
        }
        "complement_fill" => {
            arity(op, args, 2, 2)?;
            let h = match layout_arg(args, 0)? {
                AnyLayout::Func(Func::Layout(l)) => l,
                _ => {
                    return Err((
                        Error::algebra("complement_fill: expected a shape:stride layout"),
                        Some(0),
                    ))
                }
            };
            let d = args[1].trim().parse::<i64>().map_err(|_| {
                (
                    Error::algebra(format!(
                        "complement_fill: the target size must be an integer, found '{}'",
                        args[1]
                    )),
                    Some(1),
                )
            })?;
            let l = crate::complement_fill::complement_fill(&ctx, &h, d).map_err(no_arg)?;
            Ok(Answer::Text(text::print_layout(&l)))
        }
        "complement_check" => {
            arity(op, args, 2, 2)?;
            complement_check_json(&ctx, args)
        }
        "lego_is_bijective" => {
            arity(op, args, 1, 1)?;
            lego_bijective_json(&ctx, args[0])
        }
        _ => unreachable!("checked against OP_NAMES"),
    }
}

/// A relation in ISL notation, simplified.
fn text_of(rel: &Map<'_>) -> Result<String> {
    rel.clone().coalesce()?.to_text()
}

/// The coordinates of `b` whose offset is outside the domain of `a`, for a relation `b` that
/// is a function (every layout's relation is): the domain of `b` restricted to offsets in the
/// complement of `a`'s domain. No complement of `b`'s image is taken: the old form, the domain
/// of `b` minus that of `b ; a`, subtracted a set with existential variables (the floors of
/// both layouts), which kept ISL pivoting on huge numbers for minutes
/// (`((8,4)):((4,1))`, `((32,2)):((2,1))`). For relations that are not functions, see
/// [`out_of_domain_general`].
pub fn out_of_domain<'c>(a: &Map<'c>, b: &Map<'c>) -> Result<Set<'c>> {
    outside_of(&a.domain()?, b)
}

/// The coordinates of `b` none of whose offsets is in the domain of `a` (any relation `b`).
pub fn out_of_domain_general<'c>(a: &Map<'c>, b: &Map<'c>) -> Result<Set<'c>> {
    let inside = b.clone().apply_range(a.clone())?.domain()?;
    b.domain()?.subtract(inside)?.coalesce()
}

/// The domain of the function `b` restricted to offsets outside `dom`.
fn outside_of<'c>(dom: &Set<'c>, b: &Map<'c>) -> Result<Set<'c>> {
    let n = b.out_dim()?;
    let universe = Set::parse(
        b.ctx(),
        &format!("{{ [{}] }}", crate::expr::vars("o", n).join(", ")),
    )?;
    let beyond = universe.subtract(dom.clone())?;
    b.clone().intersect_range(beyond)?.domain()?.coalesce()
}

/// The coordinates of the layout `b`, over its natural coordinates (`Space::Coord`: one
/// variable per leaf of a CuTe layout, `c0` fastest), whose offset is outside the domain of
/// the layout `a` (`[0, size(a))` for a CuTe, swizzled or composed layout): a readable set,
/// e.g. `{ [c0, c1] : 16 <= c0 <= 31 and 0 <= c1 <= 1 }` for A = `((8,4)):((4,1))`,
/// B = `((32,2)):((2,1))`. For a CuTe layout `b` this is a plain affine set (no floor, no
/// existential variable), which ISL decides at once. An ISL map `b` that is not a function
/// gets the coordinates none of whose offsets is inside.
pub fn out_of_domain_natural<'c>(ctx: &'c Ctx, a: &AnyLayout, b: &AnyLayout) -> Result<Set<'c>> {
    out_of_domain_in(ctx, a, b, Space::Coord)
}

/// As [`out_of_domain_natural`], over `b`'s flat (colexicographic) coordinate, as the
/// `out_of_domain` operation prints it.
pub fn out_of_domain_flat<'c>(ctx: &'c Ctx, a: &AnyLayout, b: &AnyLayout) -> Result<Set<'c>> {
    out_of_domain_in(ctx, a, b, Space::Flat)
}

fn out_of_domain_in<'c>(
    ctx: &'c Ctx,
    a: &AnyLayout,
    b: &AnyLayout,
    space: Space,
) -> Result<Set<'c>> {
    let rb = b.relation(ctx, space)?;
    if !b.is_function() {
        return out_of_domain_general(&a.relation(ctx, Space::Flat)?, &rb);
    }
    // The domain of `a` from its bounds (no projection of its relation).
    outside_of(&a.domain(ctx, Space::Flat)?, &rb)
}

/// Largest domain `gaps_by_table` evaluates.
const GAPS_TABLE_LIMIT: i64 = 1 << 20;
/// Most intervals `gaps_by_table` writes out.
const GAPS_MAX_RUNS: usize = 256;

/// The gaps of a CuTe, swizzled or composed layout of at most 2^20 points from its table of
/// values (the algebra's evaluation, which agrees with the relation at every point: see
/// tests/against_algebra.rs), as a union of at most 256 intervals; None past either bound
/// (then ISL computes them). A swizzle's relation has a variable per bit, and ISL's
/// lexicographic optimum of its range pivots on huge numbers (`gaps(Sw<4,5,-4>)` ran for
/// minutes); its table of 8192 values takes microseconds.
fn gaps_by_table(ctx: &Ctx, l: &AnyLayout) -> Result<Option<String>> {
    let AnyLayout::Func(f) = l else {
        return Ok(None);
    };
    // Let the relation's own checks (static leaves, swizzles of negative offsets) refuse.
    l.relation(ctx, Space::Flat)?;
    let mut t = match f {
        // A bare swizzle's domain is [0, 2^(B+M+|S|)).
        Func::Swizzle(sw) => {
            let bits = crate::swizzle::swizzle_bits(sw);
            if bits > 20 {
                return Ok(None);
            }
            (0..1i64 << bits).map(|x| sw.apply(x)).collect()
        }
        _ => {
            if f.size().map_or(true, |n| n > GAPS_TABLE_LIMIT) {
                return Ok(None);
            }
            let Ok(t) = f.table(GAPS_TABLE_LIMIT) else {
                return Ok(None);
            };
            t
        }
    };
    t.sort_unstable();
    t.dedup();
    let mut runs = Vec::new();
    for w in t.windows(2) {
        if w[1] - w[0] > 1 {
            if runs.len() == GAPS_MAX_RUNS {
                return Ok(None);
            }
            runs.push((w[0] + 1, w[1] - 1));
        }
    }
    let body: Vec<String> = runs
        .iter()
        .map(|&(lo, hi)| {
            if lo == hi {
                format!("o = {lo}")
            } else {
                format!("{lo} <= o <= {hi}")
            }
        })
        .collect();
    let text = if body.is_empty() {
        "{ [o] : false }".to_string()
    } else {
        format!("{{ [o] : {} }}", body.join(" or "))
    };
    Set::parse(ctx, &text)?.coalesce()?.to_text().map(Some)
}

fn point_json(p: &[i64]) -> J {
    match p {
        [x] => J::Int(*x),
        _ => J::ints(p),
    }
}

fn maybe_point(p: Option<Vec<i64>>) -> J {
    p.map_or(J::Str("none".into()), |v| point_json(&v))
}

fn equal_json(ctx: &Ctx, a: &AnyLayout, b: &AnyLayout, space: Space) -> Result<Answer> {
    // Proven over F2 when both are exactly linear with the same columns; ISL otherwise (and
    // for the witness of a difference).
    if space == Space::Flat && crate::f2_decide::f2_proves_equal(a, b) {
        return Ok(Answer::Json(
            J::Obj(vec![("equal", J::Bool(true))]).render(),
        ));
    }
    let (ra, rb) = (a.relation(ctx, space)?, b.relation(ctx, space)?);
    let (da, db) = (a.domain(ctx, space)?, b.domain(ctx, space)?);
    Ok(Answer::Json(
        match props::equal(&ra, &da, &rb, &db, a.is_function() && b.is_function())? {
            Equality::Equal => J::Obj(vec![("equal", J::Bool(true))]).render(),
            Equality::Unequal {
                witness,
                left,
                right,
                reason,
            } => J::Obj(vec![
                ("equal", J::Bool(false)),
                ("witness", point_json(&witness)),
                ("left", maybe_point(left)),
                ("right", maybe_point(right)),
                ("reason", J::Str(reason)),
            ])
            .render(),
        },
    ))
}

fn holds_json(ctx: &Ctx, l: &AnyLayout, bijective: bool) -> Result<Answer> {
    // Decided over F2, exactly and at once, when the layout is linear (a proof, or for a
    // linear layout the witness too); ISL otherwise.
    let failure = match crate::f2_decide::f2_decision(l, bijective)? {
        Some(answer) => answer,
        None => isl_holds(ctx, l, bijective)?,
    };
    Ok(Answer::Json(match failure {
        None => J::Obj(vec![("holds", J::Bool(true)), ("witness", J::Arr(vec![]))]).render(),
        Some(f) => {
            let reason = J::Str(f.reason());
            let mut kv = vec![("holds", J::Bool(false))];
            failure_fields(f, &mut kv);
            kv.push(("reason", reason));
            J::Obj(kv).render()
        }
    }))
}

/// Injectivity or bijectivity onto the layout's codomain, decided by ISL.
pub fn isl_holds(ctx: &Ctx, l: &AnyLayout, bijective: bool) -> Result<Option<Failure>> {
    let rel = l.relation(ctx, Space::Flat)?;
    if bijective {
        props::bijectivity(
            &rel,
            &l.codomain(ctx, &rel)?,
            l.same_size(),
            l.is_function(),
        )
    } else {
        props::injectivity(&rel)
    }
}

/// The kind, witness and offsets of a failure, as JSON fields.
fn failure_fields(f: Failure, kv: &mut Vec<(&'static str, J)>) {
    match f {
        Failure::Collision {
            first,
            second,
            offset,
        } => {
            kv.push(("kind", J::str("collision")));
            kv.push((
                "witness",
                J::Arr(vec![point_json(&first), point_json(&second)]),
            ));
            kv.push(("offset", point_json(&offset)));
        }
        Failure::TwoValues {
            coord,
            first,
            second,
        } => {
            kv.push(("kind", J::str("not_a_function")));
            kv.push(("witness", J::Arr(vec![point_json(&coord)])));
            kv.push((
                "offsets",
                J::Arr(vec![point_json(&first), point_json(&second)]),
            ));
        }
        Failure::Missed { offset } => {
            kv.push(("kind", J::str("missed")));
            kv.push(("witness", J::Arr(vec![point_json(&offset)])));
        }
        Failure::Outside { coord, offset } => {
            kv.push(("kind", J::str("outside")));
            kv.push(("witness", J::Arr(vec![point_json(&coord)])));
            kv.push(("offset", point_json(&offset)));
        }
    }
}

/// `complement_check A M`: R = complement(A, M) by the algebra, its post-conditions proved
/// ([`crate::complement_check`]).
fn complement_check_json(ctx: &Ctx, args: &[&str]) -> std::result::Result<Answer, CallError> {
    let a = match layout_arg(args, 0)? {
        AnyLayout::Func(Func::Layout(l)) => l,
        _ => {
            return Err((
                Error::algebra("complement_check: A must be a shape:stride layout"),
                Some(0),
            ))
        }
    };
    let m = match text::parse(args[1]).map_err(|e| (e, Some(1)))? {
        Value::Tuple(t) => t,
        other => {
            return Err((
                Error::algebra(format!(
                    "complement_check: the cotarget must be an integer or a shape, found {}",
                    other.kind()
                )),
                Some(1),
            ))
        }
    };
    let check = crate::complement_check::complement_check(ctx, &a, &m).map_err(no_arg)?;
    let r = J::Str(text::print_layout(&check.complement));
    Ok(Answer::Json(match check.failure {
        None => J::Obj(vec![("holds", J::Bool(true)), ("complement", r)]).render(),
        Some(f) => {
            let reason = J::Str(f.reason());
            let mut kv = vec![("holds", J::Bool(false)), ("complement", r)];
            match f {
                ComplementFailure::NotInjective {
                    first,
                    second,
                    offset,
                } => {
                    kv.push(("condition", J::str("injective")));
                    kv.push(("witness", J::Arr(vec![J::ints(&first), J::ints(&second)])));
                    kv.push(("offset", J::Int(offset)));
                }
                ComplementFailure::NotOrdered { at, before, here } => {
                    kv.push(("condition", J::str("ordered")));
                    kv.push(("witness", J::Arr(vec![J::Int(at)])));
                    kv.push(("values", J::ints(&[before, here])));
                }
                ComplementFailure::TooSmall { .. } => {
                    kv.push(("condition", J::str("size")));
                    kv.push(("witness", J::Arr(vec![])));
                }
            }
            kv.push(("reason", reason));
            J::Obj(kv).render()
        }
    }))
}

/// `lego_is_bijective`: the chain read without the algebra's exhaustive GenP check, its GenP
/// pieces proved with ISL ([`crate::lego_check`]).
fn lego_bijective_json(ctx: &Ctx, text: &str) -> std::result::Result<Answer, CallError> {
    let c = layout_algebra::bijective::syntax::parse_chain_unverified(text)
        .map_err(|e| (e, Some(0)))?;
    let verdict = crate::lego_check::chain_bijectivity(ctx, &c).map_err(no_arg)?;
    Ok(Answer::Json(match verdict {
        None => J::Obj(vec![("holds", J::Bool(true)), ("witness", J::Arr(vec![]))]).render(),
        Some(fail) => {
            let reason = J::Str(fail.reason());
            let mut kv = vec![("holds", J::Bool(false)), ("piece", J::Str(fail.piece))];
            match fail.failure {
                GenPFailure::NotBijective(f) => failure_fields(f, &mut kv),
                GenPFailure::WrongInverse {
                    offset,
                    finv,
                    inverse,
                } => {
                    kv.push(("kind", J::str("wrong_inverse")));
                    kv.push(("witness", J::Arr(vec![J::Int(offset)])));
                    kv.push(("finv", maybe_point(finv)));
                    kv.push(("inverse", maybe_point(inverse)));
                }
            }
            kv.push(("reason", reason));
            J::Obj(kv).render()
        }
    }))
}
