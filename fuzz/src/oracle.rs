//! Post-condition oracles: what every successful result must satisfy.
//!
//! - Every result re-parses to itself: parse(print(r)) == r for values of the layout syntax,
//!   parse_linear(r) printing back to r for linear layouts, valid JSON for the other JSON
//!   results.
//! - Operation laws, checked point by point on the first `POINTS` indices of the domain:
//!   composition R(c) == A(B(c)) and size(R) == size(B); coalesce and flatten keep the
//!   function and the size; right_inverse L(R(i)) == i; left_inverse L(R(L(i))) == L(i);
//!   size(L) is the product of the shape; eval(L) is L's table.

use layout_algebra::linear::json::layout_to_json;
use layout_algebra::linear::parse_linear;
use layout_algebra::text::{parse, print};
use layout_algebra::{Func, Value};

/// Points checked per law (the domain may be larger).
pub const POINTS: i64 = 2048;

/// A broken post-condition, described.
pub type Violation = String;

/// The result re-parses to itself.
pub fn reparses(r: &Value) -> Result<(), Violation> {
    match r {
        Value::Ints(_) => Ok(()),
        Value::Json(j) => {
            let t = j.trim_start();
            if t.starts_with("{\"in_dims\"") {
                let l = parse_linear(j)
                    .map_err(|e| format!("linear result does not re-parse: {e}: {j}"))?;
                let again = layout_to_json(&l);
                if again != *j {
                    return Err(format!(
                        "linear result prints differently after re-parsing: {j} -> {again}"
                    ));
                }
                Ok(())
            } else {
                serde_json::from_str::<serde_json::Value>(j)
                    .map(|_| ())
                    .map_err(|e| format!("JSON result is not JSON ({e}): {j}"))
            }
        }
        v => {
            // Compared as text: a stride tuple of plain integers prints like an integer tuple
            // and re-parses as one (the same text, the same meaning to every consumer).
            let text = print(v);
            match parse(&text) {
                Ok(back) if print(&back) == text => Ok(()),
                Ok(back) => Err(format!(
                    "result {text} re-parses to a different value ({})",
                    print(&back)
                )),
                Err(e) => Err(format!("result {text} does not re-parse: {e}")),
            }
        }
    }
}

fn as_func(v: &Value) -> Option<Func> {
    match v {
        Value::Func(f) => Some(f.clone()),
        _ => None,
    }
}

fn points(f: &Func) -> i64 {
    f.size().unwrap_or(0).clamp(0, POINTS)
}

/// f and g agree on the first points of f's domain (where both evaluate).
fn same_function(f: &Func, g: &Func, what: &str) -> Result<(), Violation> {
    for i in 0..points(f) {
        if let (Ok(a), Ok(b)) = (f.apply(i), g.apply(i)) {
            if a != b {
                return Err(format!("{what}: differs at {i}: {a} vs {b}"));
            }
        }
    }
    Ok(())
}

/// The laws of `op` for arguments `args` (already parsed) and its result `r`.
pub fn laws(op: &str, args: &[Value], r: &Value) -> Result<(), Violation> {
    let fa: Vec<Option<Func>> = args.iter().map(as_func).collect();
    let fr = as_func(r);
    match (op, fa.as_slice(), &fr) {
        ("composition", [Some(a), Some(b)], Some(rf)) => {
            if let (Ok(nb), Ok(nr)) = (b.size(), rf.size()) {
                if nb != nr {
                    return Err(format!("composition: size(R) = {nr} but size(B) = {nb}"));
                }
            }
            for c in 0..points(b) {
                let Ok(bc) = b.apply(c) else { continue };
                let want = a.apply(bc);
                let got = rf.apply(c);
                match (want, got) {
                    (Ok(w), Ok(g)) if w != g => {
                        return Err(format!("composition: R({c}) = {g} but A(B({c})) = {w}"))
                    }
                    // Only an overflow of A(B(c)) (not a dynamic leaf or a scaled basis,
                    // which evaluation alone does not take) means R computed a wrapped value.
                    (Err(e @ layout_algebra::Error::Overflow(_)), Ok(g)) => {
                        return Err(format!(
                            "composition: R({c}) = {g} but A(B({c})) = A({bc}) fails: {e}"
                        ))
                    }
                    _ => {}
                }
            }
            Ok(())
        }
        ("coalesce" | "flatten", [Some(l)], Some(rf)) => {
            if let (Ok(a), Ok(b)) = (l.size(), rf.size()) {
                if a != b {
                    return Err(format!("{op}: size changed from {a} to {b}"));
                }
            }
            same_function(l, rf, op)
        }
        ("right_inverse", [Some(l)], Some(rf)) => {
            for i in 0..points(rf) {
                if let Ok(ri) = rf.apply(i) {
                    match l.apply(ri) {
                        Ok(back) if back != i => {
                            return Err(format!("right_inverse: L(R({i})) = {back}"))
                        }
                        _ => {}
                    }
                }
            }
            Ok(())
        }
        ("left_inverse", [Some(l)], Some(rf)) => {
            for i in 0..points(l) {
                let Ok(li) = l.apply(i) else { continue };
                let back = rf.apply(li).and_then(|x| l.apply(x));
                match back {
                    Ok(b) if b != li => {
                        return Err(format!(
                            "left_inverse: L(R(L({i}))) = {b} but L({i}) = {li}"
                        ))
                    }
                    Err(e) => {
                        return Err(format!(
                            "left_inverse: L(R(L({i}))) cannot be evaluated ({e}), L({i}) = {li}"
                        ))
                    }
                    _ => {}
                }
            }
            Ok(())
        }
        ("size", [Some(l)], _) => match (l.size(), r) {
            (Ok(n), Value::Tuple(t)) if t.leaves() != vec![layout_algebra::Int::Lit(n)] => {
                Err(format!("size: {} but the shape's product is {n}", print(r)))
            }
            _ => Ok(()),
        },
        ("eval", [Some(l)], _) => match (l.table(1 << 16), r) {
            (Ok(t), Value::Ints(v)) if t != *v => Err("eval: differs from the table".into()),
            _ => Ok(()),
        },
        _ => {
            // Every layout-function result evaluates without panicking on its first points.
            if let Some(f) = fr {
                for i in 0..points(&f).min(64) {
                    let _ = f.apply(i);
                }
            }
            Ok(())
        }
    }
}
